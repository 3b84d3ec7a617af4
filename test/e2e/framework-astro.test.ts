/**
 * docs/frameworks.md's Astro recipe, followed from the packed package in a new folder:
 * Astro from the npm registry (Astro 5 on Node before 22.12, as the recipe says), the
 * stand-in from `npx hub-kit stand-in`, `astro build`, and `dist/` served as a static host
 * would (test/support/framework-suite.ts). In every browser (HUB_BROWSERS): loads without a
 * console error and a signup with JavaScript; without it, the form written in the page
 * posts to the service and comes back with ?hub-kit=subscribed.
 *
 * The bytes the kit adds: the page against a page of the same build without the kit.
 *
 *   node --import tsx --test test/e2e/framework-astro.test.ts     (after `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameworkSuite } from '../support/framework-suite.js';
import { serveStatic } from '../support/site-checks.js';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const needsAstro5 = major < 22 || (major === 22 && minor < 12);

frameworkSuite({
  name: 'Astro',
  heading: 'Astro',
  slug: 'astro',
  // "Astro 6 and later need Node 22.12 or later; on Node 20, install astro@5."
  setup: (lines) => lines.map((line) => (needsAstro5 ? line.replace(/^npm install astro /, 'npm install astro@5 ') : line)),
  controlFiles: new Map([['src/pages/plain.astro', '<html lang="en"><head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>My newsletter</title></head><body><main><h1>My newsletter</h1></main></body></html>\n']]),
  async serve({ project, env }) {
    assert.equal(env['ASTRO_TELEMETRY_DISABLED'], '1', 'the recipe leaves Astro telemetry on');
    const server = await serveStatic(join(project.dir, 'dist'));
    return { url: `${server.origin}/`, controlUrl: `${server.origin}/plain/`, close: server.close };
  },
  formWithoutJavaScript: true,
  more(context) {
    test('the built page holds the form, which posts to the service', () => {
      const { project, standIn } = context();
      const html = readFileSync(join(project.dir, 'dist', 'index.html'), 'utf8');
      const form = /<signup-form[^>]*>\s*(<form[^>]*>)[\s\S]*?<\/form>\s*<\/signup-form>/.exec(html);
      assert.ok(form, 'the built page has no <form> inside <signup-form>');
      assert.match(form[1]!, /method="post"/);
      assert.ok(form[1]!.includes(`action="${standIn}/api/subscribe/demo-form"`), form[1]);
      assert.match(form[0], /name="website"/, 'the form has no spam trap');
    });
  },
});
