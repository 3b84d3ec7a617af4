/**
 * docs/frameworks.md's Astro recipe, followed from the packed package in a new folder:
 * Astro from the npm registry (the version the recipe pins), the stand-in from
 * `npx hub-kit stand-in`, `astro build`, and `dist/` served as a static host would
 * (test/support/framework-suite.ts). In every browser (HUB_BROWSERS): loads without a
 * console error and a signup with JavaScript; without it, the form hub-kit/markup wrote into
 * the page posts to the service and comes back to the note that says it worked.
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

frameworkSuite({
  name: 'Astro',
  heading: 'Astro',
  slug: 'astro',
  controlFiles: new Map([['src/pages/plain.astro', '<html lang="en"><head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>My newsletter</title></head><body><main><h1>My newsletter</h1></main></body></html>\n']]),
  async serve({ project, env }) {
    assert.equal(env['ASTRO_TELEMETRY_DISABLED'], '1', 'the recipe leaves Astro telemetry on');
    const server = await serveStatic(join(project.dir, 'dist'));
    return { url: `${server.origin}/`, controlUrl: `${server.origin}/plain/`, close: server.close };
  },
  formWithoutJavaScript: true,
  more(context) {
    test('the built page holds the form of hub-kit/markup, which posts to the service, and its note', () => {
      const { project, standIn } = context();
      const html = readFileSync(join(project.dir, 'dist', 'index.html'), 'utf8');
      const found = /<signup-form[^>]*>\s*(<form[^>]*>)[\s\S]*?<\/form>(<p class="hub-landed" id="hub-kit-subscribed" hidden>[^<]+<\/p>)\s*<\/signup-form>/.exec(html);
      assert.ok(found, 'the built page has no <form> and note inside <signup-form>');
      assert.match(found[1]!, /method="post"/);
      assert.ok(found[1]!.includes(`action="${standIn}/api/subscribe/demo-form#hub-kit-subscribed"`), found[1]);
      assert.match(found[0], /name="website"/, 'the form has no spam trap');
    });
  },
});
