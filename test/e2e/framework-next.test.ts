/**
 * docs/frameworks.md's Next.js (App Router) recipe, followed from the packed package in a
 * new folder: Next.js and React from the npm registry, the stand-in from
 * `npx hub-kit stand-in`, `next build`, then `next start` (test/support/framework-suite.ts).
 * In every browser (HUB_BROWSERS):
 *
 * - JavaScript on: five loads (the first with a cold cache) with no console error, React
 *   error #418 (a hydration mismatch) above all, each waiting until React has hydrated the
 *   element; then a signup shows the element's success text and the app's own line, which
 *   the element's success event set.
 * - JavaScript off: the prerendered page has the form hub-kit/markup wrote, which posts to
 *   the service and comes back to the page with ?hub-kit=subscribed#hub-kit-subscribed,
 *   where the note says it worked.
 * - A page of the same build with an empty `<signup-form>`, defined in an effect as the doc
 *   says: five loads without #418, then the form the element wrote signs up.
 *
 * The bytes the kit adds: the page against a page of the same build without the kit.
 *
 *   node --import tsx --test test/e2e/framework-next.test.ts     (after `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../support/browser-paths.js';
import { frameworkSuite } from '../support/framework-suite.js';
import { signupWithJavaScript } from '../support/site-checks.js';

const EMPTY_PAGE = `import { EmptyNewsletter } from './empty-newsletter';

export default function Empty() {
  return <main><h1>My newsletter</h1><EmptyNewsletter baseUrl={process.env.HUB_BASE_URL} /></main>;
}
`;
// No form from the server: the element writes its own, once the define import has run in
// an effect, after React has hydrated the page (docs/frameworks.md).
const EMPTY_NEWSLETTER = `'use client';
import { useEffect } from 'react';

export function EmptyNewsletter({ baseUrl }) {
  useEffect(() => {
    import('hub-kit/signup-form/define');
  }, []);
  return <signup-form form="demo-form" base-url={baseUrl} />;
}
`;

/** React marks what it has hydrated with keys of its own. */
const hydrated = () => Object.keys(document.querySelector('signup-form')!).some((key) => key.startsWith('__reactProps'));

frameworkSuite({
  name: 'Next.js',
  heading: 'Next.js (App Router)',
  slug: 'next',
  controlFiles: new Map([
    ['app/plain/page.jsx', 'export default function Plain() {\n  return <main><h1>My newsletter</h1></main>;\n}\n'],
    // An empty <signup-form>, whose form the element writes once React has hydrated the page.
    ['app/empty/page.jsx', EMPTY_PAGE],
    ['app/empty/empty-newsletter.jsx', EMPTY_NEWSLETTER],
  ]),
  async serve({ project, env }, serveLine) {
    assert.equal(serveLine, 'npx next start', 'the recipe does not serve the site with `npx next start`');
    assert.equal(env['NEXT_TELEMETRY_DISABLED'], '1', 'the recipe leaves Next.js telemetry on');
    const port = await freePort();
    const server = project.start('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], env);
    await server.line(/Ready in/);
    const origin = `http://127.0.0.1:${port}`;
    // The layout's stylesheet is on both pages: hub-kit.css counts as itself.
    const css = gzipSync(readFileSync(join(project.dir, 'node_modules/hub-kit/dist/hub-kit.css')), { level: 9 }).length;
    return { url: `${origin}/`, controlUrl: `${origin}/plain`, shared: { what: "hub-kit.css in the layout's stylesheet", bytes: css } };
  },
  loads: 5,
  hydrated,
  appText: (email) => `Thanks, ${email} is on the list.`,
  formWithoutJavaScript: true,
  more(context) {
    test('the page is prerendered with the form of hub-kit/markup, which posts to the service, and its note', () => {
      const { project, standIn } = context();
      const html = readFileSync(join(project.dir, '.next', 'server', 'app', 'index.html'), 'utf8');
      const found = /<signup-form[^>]*>(<form[^>]*>)[\s\S]*?<\/form>(<p class="hub-landed" id="hub-kit-subscribed" hidden(?:="")?>[^<]+<\/p>)<\/signup-form>/.exec(html);
      const at = html.indexOf('<signup-form');
      assert.ok(found, `the prerendered page has no <form> and note inside <signup-form>: ${at < 0 ? 'no <signup-form>' : html.slice(at, at + 2500)}`);
      assert.match(found[1]!, /method="post"/);
      assert.ok(found[1]!.includes(`action="${standIn}/api/subscribe/demo-form#hub-kit-subscribed"`), found[1]);
      assert.match(found[0], /type="email"[^>]*name="email"/);
      assert.match(found[0], /name="website"/, 'the prerendered form has no spam trap');
    });
  },
  // The element leaves what React rendered alone until React has hydrated it: here it has
  // nothing but itself, and writes its form once its define import has run in an effect.
  moreIn(browserName, context) {
    test(`${browserName}: an empty <signup-form>, server-rendered, hydrates without a console error, then writes its form`, async () => {
      const { standIn } = context();
      const { errors } = await signupWithJavaScript(browserName, { url: `${context().served.url}empty`, standIn, loads: 5, hydrated, label: 'next-empty' });
      console.log(`Next.js, ${browserName}, an empty <signup-form>: ${errors.length} console errors over 5 loads, then a signup`);
      assert.deepEqual(errors, []);
    });
  },
});
