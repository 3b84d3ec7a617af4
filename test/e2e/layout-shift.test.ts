/**
 * CLS <= 0.01 for a plain page with all four elements and `hub-kit.css`, in Chromium, with
 * and without 4x CPU throttling (scripts/layout-shift.ts measures it; `npm run bench:cls`
 * prints the table with and without the stylesheet). The page without the stylesheet must
 * shift visibly, or the measurement would prove nothing.
 *
 *   node --import tsx --test test/e2e/layout-shift.test.ts
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'puppeteer-core';
import { launchChromium, measure, servePage } from '../../scripts/layout-shift.js';

let served: Awaited<ReturnType<typeof servePage>>;
let browser: Browser;

before(async () => {
  served = await servePage();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await served?.close();
});

for (const throttle of [1, 4]) {
  const label = throttle > 1 ? `${throttle}x CPU throttling` : 'no throttling';
  test(`with hub-kit.css, the elements upgrade with CLS <= 0.01 (${label})`, async () => {
    // Three loads: the score must hold on each, not on average.
    for (let i = 0; i < 3; i++) {
      const { cls } = await measure(browser, served.origin, { stylesheet: true, throttle });
      assert.ok(cls <= 0.01, `CLS ${cls.toFixed(4)} > 0.01 on load ${i + 1}`);
    }
  });
}

test('without the stylesheet the same page shifts (the measurement sees shifts)', async () => {
  const { cls } = await measure(browser, served.origin, { stylesheet: false, throttle: 1 });
  assert.ok(cls > 0.1, `CLS ${cls.toFixed(4)} without hub-kit.css: the page did not shift, so the test cannot tell`);
});
