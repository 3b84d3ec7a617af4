/**
 * docs/frameworks.md's Nuxt recipe, followed from the packed package in a new folder: Nuxt
 * and Vue from the npm registry (Nuxt 4.4.5, the newest Nuxt 4 that runs on Node 20), the
 * stand-in from `npx hub-kit stand-in`, `nuxt build`, then `nuxt preview`, which renders
 * each page on the server (test/support/framework-suite.ts). In Chromium: loads without a
 * console error, then a signup that shows the element's success text and the page's own
 * line; without JavaScript, the server-rendered form posts to the service and comes back to
 * the note that says it worked. And the card shows the profile the page gave it with
 * `.data`, which Vue sets when it hydrates (a `:data` binding it would drop).
 *
 *   node --import tsx --test test/e2e/framework-nuxt.test.ts     (after `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../support/browser-paths.js';
import { launch } from '../support/browser-harness.js';
import { frameworkSuite } from '../support/framework-suite.js';
import { shownGivenProfile } from '../support/site-checks.js';

frameworkSuite({
  name: 'Nuxt',
  heading: 'Nuxt',
  slug: 'nuxt',
  browsers: ['chromium'],
  // A page of the same app without the kit.
  controlFiles: new Map([['app/pages/plain.vue', '<template>\n  <main><h1>My newsletter</h1></main>\n</template>\n']]),
  async serve({ project, env }, serveLine) {
    assert.equal(serveLine, 'npx nuxt preview', 'the recipe does not serve the site with `npx nuxt preview`');
    assert.equal(env['NUXT_TELEMETRY_DISABLED'], '1', 'the recipe leaves Nuxt telemetry on');
    const port = await freePort();
    // Nitro's server reads where to listen from PORT and HOST.
    const server = project.start('npx', ['nuxt', 'preview'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    await server.line(/Listening on|localhost:|127\.0\.0\.1:/, 60_000);
    const origin = `http://127.0.0.1:${port}`;
    // nuxt.config's stylesheet is on both pages: hub-kit.css counts as itself.
    const css = gzipSync(readFileSync(join(project.dir, 'node_modules/hub-kit/dist/hub-kit.css')), { level: 9 }).length;
    return { url: `${origin}/`, controlUrl: `${origin}/plain`, shared: { what: "hub-kit.css in nuxt.config's stylesheet", bytes: css } };
  },
  appText: (email) => `Thanks, ${email} is on the list.`,
  formWithoutJavaScript: true,
  serverRendersForm: true,
  more(context) {
    test('chromium: the card shows the profile .data gave it and no presence, once hydrated', async () => {
      const { served, standIn } = context();
      const browser = await launch('chromium');
      try {
        const page = await browser.newPage();
        await page.goto(served.url);
        const shown = await shownGivenProfile(page, standIn);
        console.log(`Nuxt, chromium: the card reads "${shown}"`);
        assert.match(shown, /Ada Lovelace/);
        assert.doesNotMatch(shown, /online|Live/);
      } finally {
        await browser.close();
      }
    });
  },
});
