/**
 * docs/frameworks.md's Next.js (App Router) recipe, followed from the packed package in a
 * new folder (test/support/recipe.ts): Next.js and React from the npm registry, the
 * stand-in from `npx hub-kit stand-in`, `next build`, then `next start`. In every engine
 * (HUB_BROWSERS):
 *
 * - JavaScript on: five loads (the first with a cold cache) with no console error, React
 *   error #418 (a hydration mismatch) above all, each waiting until React has hydrated the
 *   element; then a signup shows the element's success text and the app's own line, which
 *   its success event set.
 * - JavaScript off: the prerendered page has the form, which posts to the service and comes
 *   back to the page with ?hub-kit=subscribed.
 *
 * The bytes the kit adds: the page against a page of the same build without the kit.
 *
 *   node --import tsx --test test/e2e/framework-next.test.ts     (after `npm run build`)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort } from '../support/engine-paths.js';
import { engines, launch } from '../support/engines.js';
import { newProject, readRecipe, type Project } from '../support/recipe.js';
import type { Run } from '../support/packed.js';
import { added, pageWeight, signupWithJavaScript, signupWithoutJavaScript } from '../support/site-checks.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let project: Project;
let server: Run;
let origin: string;
let standIn: string;
const timings: string[] = [];

async function timed<T>(what: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  timings.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

before(async () => {
  assert.ok(existsSync(join(repo, 'dist', 'hub-kit.js')), 'run `npm run build` first (`npm test` does)');
  project = await timed('pack', () => newProject('next'));
  const recipe = readRecipe(project.doc, 'Next.js (App Router)');
  await timed('install', () => project.follow(recipe.setup));
  project.writeFiles(recipe.files);
  // Not the recipe's: the same layout with no kit on the page, to weigh what the kit adds.
  project.writeFiles(new Map([['app/plain/page.jsx', 'export default function Plain() {\n  return <main><h1>My newsletter</h1></main>;\n}\n']]));
  const { env, serveLine } = await timed('build', () => project.follow(recipe.build, /^npx next start$/));
  assert.equal(serveLine, 'npx next start', 'the recipe does not serve the site with `npx next start`');
  assert.equal(env['NEXT_TELEMETRY_DISABLED'], '1', 'the recipe leaves Next.js telemetry on');
  standIn = project.standIn().url;
  const port = await freePort();
  server = project.start('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], env);
  await server.line(/Ready in/);
  origin = `http://127.0.0.1:${port}`;
});

after(() => {
  console.log(`Next.js: ${timings.join(', ')}`);
  project?.remove();
});

describe('Next.js (App Router), from the recipe', () => {
  test('the page is prerendered with the form, which posts to the service', () => {
    const html = readFileSync(join(project.dir, '.next', 'server', 'app', 'index.html'), 'utf8');
    const form = /<signup-form[^>]*>(<form[^>]*>)[\s\S]*?<\/form><\/signup-form>/.exec(html);
    assert.ok(form, 'the prerendered page has no <form> inside <signup-form>');
    assert.match(form[1]!, /method="post"/);
    assert.ok(form[1]!.includes(`action="${standIn}/api/subscribe/demo-form"`), form[1]);
    assert.match(form[0], /type="email"[^>]*name="email"/);
    assert.match(form[0], /name="website"/, 'the prerendered form has no spam trap');
  });

  test('the kit adds this much to the page', async () => {
    const browser = await launch(engines()[0]!);
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/plain`);
      const without = await pageWeight(page);
      await page.goto(`${origin}/`);
      await page.waitFor(() => Boolean(customElements.get('signup-form')), [], { what: 'the element' });
      const withKit = await pageWeight(page);
      // The layout's stylesheet is on both pages: hub-kit.css counts as itself.
      const css = gzipSync(readFileSync(join(project.dir, 'node_modules/hub-kit/dist/hub-kit.css')), { level: 9 }).length;
      console.log(`Next.js: the kit adds ${added(withKit, without)}, and hub-kit.css ${(css / 1024).toFixed(1)} KiB in the layout's stylesheet (page ${(withKit.total / 1024).toFixed(1)} KiB)`);
      assert.ok(withKit.total > without.total);
    } finally {
      await browser.close();
    }
  });

  for (const engine of engines()) {
    test(`${engine}: five loads without a console error, then a signup`, async () => {
      const { errors } = await signupWithJavaScript(engine, {
        url: `${origin}/`,
        standIn,
        loads: 5,
        label: 'next',
        // React marks what it has hydrated with its own keys.
        hydrated: () => Object.keys(document.querySelector('signup-form')!).some((key) => key.startsWith('__reactProps')),
        appText: (email) => `Thanks, ${email} is on the list.`,
      });
      console.log(`Next.js, ${engine}: ${errors.length} console errors`);
      assert.deepEqual(errors, []);
    });

    test(`${engine}: JavaScript off, the prerendered form posts and comes back`, async () => {
      const result = await signupWithoutJavaScript(engine, `${origin}/`, standIn, 'next');
      assert.match(result.before, /Email.*Subscribe/);
      assert.equal(new URL(result.landed!).origin, origin);
      console.log(`Next.js, ${engine}, JavaScript off: back at ${new URL(result.landed!).pathname}${new URL(result.landed!).search}, reading "${result.after}"`);
    });
  }
});
