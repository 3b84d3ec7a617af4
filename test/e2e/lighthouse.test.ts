/**
 * The built demo (`npm run build:demo`, served by `vite preview` with the stand-in), as a
 * deployed site: Lighthouse scores 100 in accessibility, best practices and SEO on each of
 * its pages, and each page's layout shift stays within CLS 0.01, with and without 4x CPU
 * throttling (the layout-shift observer of scripts/layout-shift.ts). `npm run lighthouse`
 * prints the full report, performance included.
 *
 *   node --import tsx --test test/e2e/lighthouse.test.ts     (after `npm run build`)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'puppeteer-core';
import { launchChromium, measureUrl } from '../../scripts/layout-shift.js';
import { audit, DEMO_PAGES, serveBuiltDemo } from '../../scripts/lighthouse.js';

let demo: Awaited<ReturnType<typeof serveBuiltDemo>>;

before(async () => {
  demo = await serveBuiltDemo();
});
after(async () => {
  await demo?.close();
});

test('Lighthouse: 100 in accessibility, best practices and SEO on every page of the built demo', async () => {
  const results = await audit(
    DEMO_PAGES.map((path) => demo.origin + path),
    ['accessibility', 'best-practices', 'seo'],
  );
  for (const result of results) {
    const path = new URL(result.url).pathname;
    for (const [category, score] of Object.entries(result.scores)) {
      assert.equal(score, 100, `${path}: ${category} ${score}\n${result.failing.join('\n')}`);
    }
  }
});

test('every page of the built demo upgrades with CLS <= 0.01, with and without CPU throttling', async (t) => {
  const browser: Browser = await launchChromium();
  t.after(() => browser.close());
  for (const path of DEMO_PAGES) {
    for (const throttle of [1, 4]) {
      const { cls } = await measureUrl(browser, demo.origin + path, throttle);
      assert.ok(cls <= 0.01, `${path}: CLS ${cls.toFixed(4)} > 0.01 (CPU throttling ${throttle}x)`);
    }
  }
});
