/**
 * docs/frameworks.md's SvelteKit recipe, followed from the packed package in a new folder:
 * SvelteKit, Svelte and Vite from the npm registry, the stand-in from `npx hub-kit stand-in`,
 * `vite build`, then `vite preview`, which renders each page on the server
 * (test/support/framework-suite.ts). In Chromium:
 *
 * - JavaScript on: loads without a console error, then a signup shows the element's success
 *   text and the page's own line, set from the element's event;
 * - JavaScript off: the server-rendered form posts to the service and comes back to the note;
 * - the card shows the profile the page gave it and no presence, although the server wrote
 *   `data="[object Object]"` and hydration sets `data` and `noPresence` after the card has
 *   connected and started its reads.
 *
 *   node --import tsx --test test/e2e/framework-sveltekit.test.ts     (after `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort } from '../support/browser-paths.js';
import { launch } from '../support/browser-harness.js';
import { frameworkSuite } from '../support/framework-suite.js';
import { shownGivenProfile } from '../support/site-checks.js';

frameworkSuite({
  name: 'SvelteKit',
  heading: 'SvelteKit',
  slug: 'sveltekit',
  browsers: ['chromium'],
  controlFiles: new Map([['src/routes/plain/+page.svelte', '<svelte:head><title>My newsletter</title></svelte:head>\n\n<main><h1>My newsletter</h1></main>\n']]),
  async serve({ project, env }, serveLine) {
    assert.equal(serveLine, 'npx vite preview', 'the recipe does not serve the site with `npx vite preview`');
    const port = await freePort();
    const server = project.start('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], env);
    await server.line(/Local:/);
    const origin = `http://127.0.0.1:${port}`;
    return { url: `${origin}/`, controlUrl: `${origin}/plain` };
  },
  appText: (email) => `Thanks, ${email} is on the list.`,
  formWithoutJavaScript: true,
  serverRendersForm: true,
  more(context) {
    test('the server writes the card\'s data as an attribute: data="[object Object]"', async () => {
      const html = await (await fetch(context().served.url)).text();
      assert.match(html, /<bio-card[^>]*data="\[object Object\]"/);
    });

    test('chromium: the card shows the profile it was given and no presence, once hydrated', async () => {
      const { served, standIn } = context();
      const browser = await launch('chromium');
      try {
        const page = await browser.newPage();
        await page.goto(served.url);
        const shown = await shownGivenProfile(page, standIn);
        console.log(`SvelteKit, chromium: the card reads "${shown}"`);
        assert.match(shown, /Ada Lovelace/);
        assert.doesNotMatch(shown, /online|Live/);
      } finally {
        await browser.close();
      }
    });
  },
});
