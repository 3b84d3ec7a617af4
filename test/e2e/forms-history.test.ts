/**
 * What already worked and must stay so, in real tabs of each browser (the built
 * dist/hub-kit.js on a page of the site, the stand-in on another origin):
 *
 * - Back to a page during a 429's countdown (from the back/forward cache where the browser
 *   keeps it, or loaded again where it does not): the wait the visitor reads is still the
 *   one the service asked for, no longer and not gone, and nothing is sent before it ends.
 * - A send with two seconds of latency while the visitor is in another tab: sent once, and
 *   the tab says it worked when the visitor comes back.
 *
 *   node --import tsx --test test/e2e/forms-history.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, type Served } from '../../src/stand-in/node.js';
import { launch, wantedBrowsers, type HarnessBrowser, type HarnessPage } from '../support/browser-harness.js';
import { startSite, type Site } from '../support/site.js';

let service: Served;
let site: Site;

before(async () => {
  service = await serve({ port: 0 });
  site = await startSite();
});
after(async () => {
  site.close();
  await service.close();
});

const arm = async (base: string, rule: Record<string, unknown>) => {
  const response = await fetch(`${base}/__stand-in/faults`, { method: 'POST', body: JSON.stringify(rule) });
  assert.equal(response.status, 201);
};
/** POSTs of the contact endpoint, answered or in flight: counted where they arrive. */
const arrived = async (base: string) => {
  await fetch(`${base}/api/v1/tenants/demo/bio?marker`);
  const { requests, inFlight } = (await (await fetch(`${base}/__stand-in/log`)).json()) as { requests: Array<{ method: string; path: string }>; inFlight: Array<{ method: string; path: string }> };
  return [...requests, ...inFlight].filter((q) => q.method === 'POST' && q.path.includes('/contact')).length;
};
const status = (tab: HarnessPage) =>
  tab.evaluate(() => {
    const box = document.querySelector('contact-form')?.shadowRoot?.querySelector<HTMLElement>('[part="status"]');
    return box && !box.hidden ? (box.textContent ?? '').replace(/\s+/g, ' ').trim() : '';
  });
const seconds = (text: string) => Number(/try again in (\d+) seconds?/.exec(text)?.[1] ?? NaN);

/**
 * Fills the contact form and submits it; resolves whether the form took it (its
 * `contact-form-submit`). With `settled`, a submit it took resolves once the form has an
 * outcome (its `contact-form-success` or `-error`): whatever was sent for it has then arrived.
 */
const submit = (tab: HarnessPage, email: string, settled = false) =>
  tab.evaluate(
    (address: string, waits: boolean) => {
      const el = document.querySelector('contact-form')!;
      const form = el.querySelector('form') as HTMLFormElement;
      (form.elements.namedItem('email') as HTMLInputElement).value = address;
      (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Hello';
      let took = false;
      el.addEventListener('contact-form-submit', () => (took = true), { once: true });
      const outcome = new Promise<void>((resolve) => {
        for (const type of ['contact-form-success', 'contact-form-error']) el.addEventListener(type, () => resolve(), { once: true });
      });
      form.requestSubmit();
      // A form that did not take the submit sends nothing for it: no outcome to wait for.
      return waits && took ? outcome.then(() => took) : took;
    },
    email,
    settled,
  );

for (const browserName of wantedBrowsers()) {
  describe(`forms across history and tabs, in ${browserName}`, () => {
    let browser: HarnessBrowser;
    before(async () => {
      browser = await launch(browserName);
    });
    after(() => browser.close());

    test('back to a page during a countdown: the wait is still the one asked for, and nothing is sent before it ends', { timeout: 120_000 }, async () => {
      const base = `${service.url}/__sandbox/history-${browserName}-${Date.now()}`;
      await arm(base, { path: '/contact', method: 'POST', status: 429, headers: { 'Retry-After': '20' } });
      const tab = await browser.newPage();
      await tab.goto(site.url('/contact', { base }));
      await tab.waitFor(() => !!document.querySelector('contact-form form'), [], { what: 'the form' });
      assert.equal(await submit(tab, 'back@example.com'), true);
      await tab.waitFor(() => /try again in \d+ seconds/.test(document.querySelector('contact-form')?.shadowRoot?.textContent ?? ''), [], { what: 'the countdown' });
      const started = Date.now();
      // A mark that only the same document, kept for Back, still has.
      await tab.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
      await tab.goto(site.url('/another-page', { base }));
      await tab.evaluate(() => history.back());
      await tab.waitFor(() => location.pathname === '/contact' && !!document.querySelector('contact-form form'), [], { what: 'the page again' });
      const fromCache = await tab.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
      // Kept for Back, it shows the countdown at once; loaded again, it shows it on the next submit.
      if (!fromCache) await submit(tab, 'back@example.com', true);
      await tab.waitFor(() => /try again in \d+ seconds/.test(document.querySelector('contact-form')?.shadowRoot?.textContent ?? ''), [], { what: 'the countdown, back' });
      const shown = seconds(await status(tab));
      const left = 20 - (Date.now() - started) / 1000;
      assert.ok(shown <= Math.ceil(left) + 1 && shown >= Math.floor(left) - 3, `${shown} seconds shown with ${left.toFixed(1)} left`);
      await submit(tab, 'back@example.com', true);
      // Counted where requests arrive: the one 429, and nothing sent during the wait.
      assert.equal(await arrived(base), 1, 'a submit during the wait sends nothing');
      console.log(`# ${browserName}: back ${fromCache ? 'from the back/forward cache' : 'by a new load'}, ${shown} s shown with ${left.toFixed(1)} s left`);
      await tab.close();
    });

    test('a send with two seconds of latency while the visitor is in another tab: sent once, and said when they come back', { timeout: 120_000 }, async () => {
      const base = `${service.url}/__sandbox/hidden-${browserName}-${Date.now()}`;
      await arm(base, { path: '/contact', method: 'POST', delayMs: 2000 });
      const tab = await browser.newPage();
      await tab.goto(site.url('/contact', { base }));
      await tab.waitFor(() => !!document.querySelector('contact-form form'), [], { what: 'the form' });
      assert.equal(await submit(tab, 'away@example.com'), true);
      // The visitor opens another tab of the site meanwhile.
      const other = await browser.newPage();
      await other.goto(site.url('/another-page', { base }));
      const visibility = await tab.evaluate(() => document.visibilityState);
      await tab.waitFor(() => /your message was sent/i.test(document.querySelector('contact-form')?.shadowRoot?.textContent ?? ''), [], { what: 'the success', timeout: 30_000 });
      assert.equal(await arrived(base), 1);
      console.log(`# ${browserName}: the first tab was "${visibility}" while it waited`);
      await other.close();
      await tab.close();
    });
  });
}
