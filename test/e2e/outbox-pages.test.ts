/**
 * What outlives a page, in real tabs of each browser: pages of the built dist/hub-kit.js on
 * one origin, the stand-in service on another.
 *
 * - Leaving a page while its outbox sends: a message queued offline is being sent (the
 *   service has stored it and holds the answer) when the visitor reloads, goes to another
 *   page of the site, or closes the tab and opens the site again. The entry was claimed
 *   (marked in flight) before its POST left, so the next page knows its outcome is unknown:
 *   a contact message is never sent again by itself, the visitor finds it back in the form
 *   with "could not confirm", and a signup is sent at most once more.
 * - Leaving a page during a signup's one re-send (its first send was stored, but answered
 *   by a gateway's 502): the re-send was counted in the store before it left, so the next
 *   page does not send a third time.
 * - A queued submission delivered by a page without a form (a profile card only): the next
 *   page with that form says it was sent.
 * - A 429 whose X-RateLimit-Reset is in milliseconds, a day away, without Retry-After: the
 *   lock survives a reload, no longer than the documented cap, and reads in minutes.
 *
 * Each case prints a row: what arrived and what the visitor read.
 *
 *   node --import tsx --test test/e2e/outbox-pages.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, type Served } from '../../src/stand-in/node.js';
import { wantedBrowsers, launch, type HarnessBrowser, type HarnessPage } from '../support/browser-harness.js';
import { until, wait } from '../support/until.js';
import { startSite, type PageKind, type Site } from '../support/site.js';

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

interface Log {
  requests: Array<{ method: string; path: string; status: number }>;
}
const control = async <T>(base: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}/__stand-in/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  assert.ok(response.ok, `${path}: ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as T;
};
const posts = async (base: string, part: string) =>
  (await control<Log>(base, 'log')).requests.filter((r) => r.method === 'POST' && r.path.includes(part)).length;
const stored = async (base: string) => {
  const records = await control<{ contacts: unknown[]; subscribers: unknown[] }>(base, 'records');
  return records.contacts.length + records.subscribers.length;
};

/** The browser's own online signals, as the kit reads them (the harness cannot cut the network). */
const setOffline = (tab: HarnessPage, offline: boolean) =>
  tab.evaluate((off: boolean) => {
    if (off) Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    else delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event(off ? 'offline' : 'online'));
  }, offline);

const formReady = (tab: HarnessPage, tag: string) =>
  tab.waitFor((t: string) => !!document.querySelector(`${t} form`), [tag], { what: `the ${tag}` });

/** What the visitor reads in the form: its status line and the fields' values. */
const shown = (tab: HarnessPage, tag: string) => tab.visibleText(tag);

/** Waits for the form's status line to say how something ended (not "Sending…"), then returns all the form shows. */
const told = (tab: HarnessPage, tag: string, timeout = 30_000) =>
  tab
    .waitFor(
      (t: string) => {
        const box = document.querySelector(t)?.shadowRoot?.querySelector<HTMLElement>('[part="status"]');
        const text = box && !box.hidden ? box.textContent!.trim() : '';
        return /^(Sending|Still trying)/.test(text) ? '' : text;
      },
      [tag],
      { what: 'the page to say how it ended', timeout },
    )
    // Said nothing: recorded as it is, and the assertions fail.
    .catch(() => undefined)
    .then(() => shown(tab, tag));

/** Fills the form's fields and submits it, as the visitor would. */
const submit = (tab: HarnessPage, tag: string, values: Record<string, string>) =>
  tab.evaluate(
    (t: string, v: Record<string, string>) => {
      const form = document.querySelector(`${t} form`) as HTMLFormElement;
      for (const [name, value] of Object.entries(v)) {
        const field = form.elements.namedItem(name) as HTMLInputElement | null;
        if (field) field.value = value;
      }
      form.requestSubmit();
    },
    tag,
    values,
  );

/** Queues a submission while the page is offline; resolves once the form says so. */
async function queueOffline(tab: HarnessPage, tag: string, values: Record<string, string>): Promise<void> {
  await setOffline(tab, true);
  await submit(tab, tag, values);
  await tab.waitFor((t: string) => /offline/i.test(document.querySelector(t)?.shadowRoot?.textContent ?? ''), [tag], { what: 'the queued notice' });
}

/** How long the suite waits for what a page does: up to 20 s, polled every 100 ms. */
const PAGE_WAIT = { timeoutMs: 20_000, intervalMs: 100 };

type Leave = 'reload' | 'navigate' | 'close';
type Kind = 'contact' | 'signup';
const TAG: Record<Kind, string> = { contact: 'contact-form', signup: 'signup-form' };
const POST_PATH: Record<Kind, string> = { contact: '/contact', signup: '/subscribe' };
const rows: string[] = [];
const row = (...cells: Array<string | number>) => rows.push(cells.join(' | '));

for (const browserName of wantedBrowsers()) {
  describe(`pages of ${browserName}`, () => {
    let browser: HarnessBrowser;
    before(async () => {
      browser = await launch(browserName);
    });
    after(async () => {
      console.log(`${browserName}: browserName | case | POSTs that arrived | what the visitor read`);
      for (const line of rows.filter((r) => r.startsWith(browserName))) console.log(line);
      await browser.close();
    });

    /** A page of the site for this sandbox: a form of `kind`, or a page without one. */
    const at = (base: string, kind: PageKind, where = '/contact') => site.url(where, { base, kind });

    /** Leaves the page in front as the visitor would; resolves with the tab of the next page, loaded. */
    async function leave(tab: HarnessPage, how: Leave, base: string, kind: Kind): Promise<HarnessPage> {
      if (how === 'reload') await tab.goto(at(base, kind));
      else if (how === 'navigate') await tab.goto(at(base, kind, '/about'));
      else {
        await tab.close();
        tab = await browser.newPage();
        await tab.goto(at(base, kind));
      }
      await formReady(tab, TAG[kind]);
      return tab;
    }

    describe('leaving a page while its outbox sends', () => {
      const cases: Array<[Leave, Kind]> = [
        ['reload', 'contact'],
        ['navigate', 'contact'],
        ['close', 'contact'],
        ['reload', 'signup'],
        ['navigate', 'signup'],
        ['close', 'signup'],
      ];
      for (const [how, kind] of cases) {
        test(`${kind}, then ${how}: ${kind === 'contact' ? 'it arrives once, and the next page says how it ended, or gives it back unconfirmed' : 'it is sent at most twice, and the next page says how it ended'}`, { timeout: 120_000 }, async () => {
          const base = `${service.url}/__sandbox/pages-${browserName}-${how}-${kind}-${Date.now()}`;
          const tag = TAG[kind];
          const path = POST_PATH[kind];
          let tab = await browser.newPage();
          await tab.goto(at(base, kind));
          await formReady(tab, tag);
          const email = `${how}.${browserName}@example.com`;
          const message = `Written offline before a ${how}`;
          await queueOffline(tab, tag, { email, message });

          // The service stores the flush's POST and holds its answer (the first such POST only).
          await control(base, 'faults', { path, method: 'POST', store: true, hold: true });
          await setOffline(tab, false);
          await until(async () => (await stored(base)) > 0, 'the flush to arrive', PAGE_WAIT);

          tab = await leave(tab, how, base, kind);
          // The service answers the held POST now, if its page is still there to hear it (a
          // browser may let a page that is being left finish its fetch); then the next page says
          // how it ended.
          await wait(1000);
          await control(base, 'faults/release', {});
          const text = await told(tab, tag);
          await wait(2000);
          const arrived = await posts(base, path);
          row(browserName, `${kind} queued offline, page left (${how}) while its flush's POST was held`, `${arrived} POSTs`, `"${text}"`);
          await tab.close();

          if (kind === 'contact') {
            assert.equal(arrived, 1, 'the contact message arrived more than once');
            // Given back, unconfirmed; or told it was sent, when the page left was let finish.
            if (!/message (was|has been) sent/i.test(text)) {
              assert.match(text, /could not confirm that this arrived/i);
              assert.ok(text.includes(message), `the message is not back in the form: "${text}"`);
            }
          } else {
            assert.ok(arrived <= 2, `the signup arrived ${arrived} times`);
            assert.match(text, /check your inbox|could not confirm/i);
          }
        });
      }
    });

    describe('leaving a page during a signup’s one re-send', () => {
      for (const how of ['reload', 'navigate', 'close'] as const) {
        test(`then ${how}: the signup arrives at most twice, and the next page says how it ended`, { timeout: 120_000 }, async () => {
          const base = `${service.url}/__sandbox/resend-${browserName}-${how}-${Date.now()}`;
          const tag = TAG.signup;
          let tab = await browser.newPage();
          await tab.goto(at(base, 'signup'));
          await formReady(tab, tag);
          const email = `resend.${how}.${browserName}@example.com`;
          await queueOffline(tab, tag, { email });
          // The flush's first POST is stored, but a gateway answers 502: its outcome is unknown
          // to the page. The one re-send a signup allows is stored and held.
          await control(base, 'faults', [
            { path: '/subscribe', method: 'POST', store: true, status: 502 },
            { path: '/subscribe', method: 'POST', store: true, hold: true },
          ]);
          await setOffline(tab, false);
          await until(async () => (await control<{ held: number }>(base, 'faults')).held === 1, 'the re-send to arrive', PAGE_WAIT);

          tab = await leave(tab, how, base, 'signup');
          await wait(1000);
          await control(base, 'faults/release', {});
          const text = await told(tab, tag);
          await wait(2000);
          const arrived = await posts(base, '/subscribe');
          row(browserName, `signup queued offline, flush answered 502 after storing, page left (${how}) during the re-send`, `${arrived} POSTs`, `"${text}"`);
          await tab.close();

          assert.ok(arrived <= 2, `the signup arrived ${arrived} times`);
          assert.match(text, /check your inbox|could not confirm/i);
          if (/could not confirm/i.test(text)) assert.ok(text.includes(email), `the address is not back in the form: "${text}"`);
        });
      }
    });

    describe('a queued submission delivered by a page without its form', () => {
      for (const kind of ['signup', 'contact'] as const) {
        test(`${kind}: the next page with the form says it was sent`, { timeout: 120_000 }, async () => {
          const base = `${service.url}/__sandbox/elsewhere-${browserName}-${kind}-${Date.now()}`;
          const tag = TAG[kind];
          const tab = await browser.newPage();
          await tab.goto(at(base, kind));
          await formReady(tab, tag);
          await queueOffline(tab, tag, { email: `elsewhere.${kind}.${browserName}@example.com`, message: 'Written offline, sent from another page' });
          // A page of the site with only a profile card, online: its outbox sends the entry.
          await tab.goto(at(base, 'bio', '/about'));
          await tab.waitFor(() => !!document.querySelector('bio-card')?.shadowRoot?.textContent?.trim(), [], { what: 'the profile card' });
          await until(async () => (await stored(base)) > 0, 'the page without the form to send it', PAGE_WAIT);
          await wait(500);
          await tab.goto(at(base, kind, '/contact'));
          await formReady(tab, tag);
          const text = await told(tab, tag);
          const arrived = await posts(base, POST_PATH[kind]);
          row(browserName, `${kind} queued offline, sent by a page with only <bio-card>, then the form's page`, `${arrived} POSTs`, `"${text}"`);
          await tab.close();

          assert.equal(arrived, 1);
          assert.match(text, kind === 'signup' ? /check your inbox/i : /message (was|has been) sent/i);
        });
      }
    });

    test('a 429 with X-RateLimit-Reset in milliseconds, a day away, and no Retry-After: after a reload the wait is at most the cap, in minutes', { timeout: 120_000 }, async () => {
      const base = `${service.url}/__sandbox/lock-${browserName}-${Date.now()}`;
      const tag = TAG.contact;
      const tab = await browser.newPage();
      await tab.goto(at(base, 'contact'));
      await formReady(tab, tag);
      await control(base, 'faults', { path: '/contact', method: 'POST', status: 429, reset: 86_400, resetUnit: 'milliseconds' });
      await submit(tab, tag, { email: `lock.${browserName}@example.com`, message: 'Hello' });
      const first = await tab.waitFor((t: string) => /try again in[^.]*/i.exec(document.querySelector(t)?.shadowRoot?.textContent ?? '')?.[0], [tag], { what: 'the wait' });
      await tab.goto(at(base, 'contact'));
      await formReady(tab, tag);
      await submit(tab, tag, { email: `lock.${browserName}.again@example.com`, message: 'Hello again' });
      const text = await told(tab, tag);
      const arrived = await posts(base, '/contact');
      row(browserName, 'contact: 429, X-RateLimit-Reset in ms a day away, no Retry-After, then a reload and a new submit', `${arrived} POSTs`, `before the reload "${first}"; after "${text}"`);
      await tab.close();

      assert.equal(arrived, 1, 'the lock did not hold after the reload');
      const minutes = /try again in about (\d+) minutes?/i.exec(text);
      assert.ok(minutes, `the wait does not read in minutes: "${text}"`);
      assert.ok(Number(minutes[1]) <= 10, `the wait is longer than the 10-minute cap: "${text}"`);
    });
  });
}
