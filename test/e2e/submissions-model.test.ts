/**
 * Model-based, in real tabs: random sequences around a form of the built dist/hub-kit.js on
 * one origin, the stand-in service on another (a contact form, a signup form that subscribes,
 * sends a magic link or posts to the form action URL), with what only real tabs have: a
 * reload, a navigation to another page of the site, a tab closed (and the site opened again),
 * a second tab with the same form. The service answers the next POST as any of the faults
 * of test/fixtures/submission-model.ts (2xx with odd or stalled bodies, 4xx, 429 with and
 * without headers, 5xx, a cut connection, a hold so that a page can be left while its send
 * is in flight, an answer without CORS headers…); the browser goes offline and online; time
 * passes.
 *
 * After every step, from what arrived at the stand-in (counted where it arrived) and what the
 * visitor reads in the tab in front: a contact message or a magic link reaches the service
 * at most once per intent, a signup at most twice; each success the visitor reads follows a
 * good answer a page itself read (recorded beside the pages' fetch); the per-visitor budget
 * holds by arrival. At the end, every intent the visitor did not type over (or leave unsent
 * in the fields of a page they left) was delivered, is back in the form's fields, or waits in
 * the outbox to be sent; an intent in flight when its page was left is not excused.
 *
 * CI runs 8 sequences per browser (HUB_MODEL_RUNS), of all four kinds; `npm run soak` more. A
 * failure prints fast-check's shrunk counterexample, seed, path and the commands' replayPath
 * (HUB_MODEL_SEED, HUB_MODEL_PATH and HUB_MODEL_REPLAY replay it).
 *
 *   node --import tsx --test test/e2e/submissions-model.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { serve, type Served } from '../../src/stand-in/node.js';
import { wantedBrowsers, launch, type HarnessBrowser, type HarnessPage } from '../support/browser-harness.js';
import { startSite, type Site } from '../support/site.js';
import { wait } from '../support/until.js';
import { ANSWERS, brokenPromises, delivered, faultFor, isSuccess, POST_PATH, TAG, type Answer, type Kind, type Logged } from '../fixtures/submission-model.js';

const RUNS = Number(process.env.HUB_MODEL_RUNS ?? 8);
const SEED = process.env.HUB_MODEL_SEED ? Number(process.env.HUB_MODEL_SEED) : undefined;
const PATH = process.env.HUB_MODEL_PATH;
const REPLAY = process.env.HUB_MODEL_REPLAY;

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

interface Intent {
  email: string;
  overwritten: boolean;
}

/** What a page of the site read: good answers to its POSTs (epoch ms), gathered from each tab before it goes. */
interface Reads {
  times: number[];
  /** How many of each open tab's own list were gathered. */
  seen: Map<HarnessPage, number>;
}
interface Model {
  offline: boolean;
  tabs: number;
  intents: number;
}
interface Real {
  kind: Kind;
  base: string;
  browser: HarnessBrowser;
  tabs: HarnessPage[];
  intents: Intent[];
  /**
   * For each success the tab in front began to show, how many good answers the pages had
   * read when it was seen. Counted, not timed: the pages' clocks and this process's are not
   * one clock (a success seen 0.3 s after its answer once looked earlier than it).
   */
  successes: number[];
  lastText: string;
  reads: Reads;
}

const control = async <T>(base: string, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> => {
  const response = await fetch(`${base}/__stand-in/${path}`, method === 'GET' ? {} : { method, body: JSON.stringify(body ?? {}) });
  assert.ok(response.ok, `${path}: ${response.status}`);
  return (await response.json()) as T;
};
/** The POSTs of this sequence's kind, answered or in flight, where they arrived. */
const posts = async (r: Real): Promise<Logged[]> => {
  const { requests, inFlight } = await control<{ requests: Logged[]; inFlight: Logged[] }>(r.base, 'log');
  return [...requests, ...inFlight.map((q) => ({ ...q, status: 0, outcome: 'in-flight', at: q.arrived }))].filter(
    (q) => q.method === 'POST' && q.path.includes(POST_PATH[r.kind]),
  );
};
const front = (r: Real) => r.tabs.at(-1)!;
const url = (r: Real, where = '/contact') => site.url(where, { base: r.base, kind: r.kind, record: true });

/** Gathers what `tab` read since the last time (its list starts again with each new document). */
async function gather(r: Real, tab: HarnessPage): Promise<void> {
  const list = await tab.evaluate(() => (window as unknown as { __reads?: number[] }).__reads ?? []).catch(() => undefined);
  // A tab that could not be asked (closed, or between documents) is asked again next time.
  if (!list) return;
  const seen = r.reads.seen.get(tab) ?? 0;
  // A shorter list is a new document's.
  r.reads.times.push(...list.slice(list.length < seen ? 0 : seen));
  r.reads.seen.set(tab, list.length);
}
const ready = (tab: HarnessPage, tag: string) => tab.waitFor((t: string) => !!document.querySelector(`${t} form`), [tag], { what: 'the form' });
const setOffline = (tab: HarnessPage, offline: boolean) =>
  tab.evaluate((off: boolean) => {
    if (off) Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    else delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event(off ? 'offline' : 'online'));
  }, offline);
const status = (tab: HarnessPage, tag: string) =>
  tab.evaluate((t: string) => {
    const box = document.querySelector(t)?.shadowRoot?.querySelector<HTMLElement>('[part="status"]');
    return box && !box.hidden ? (box.textContent ?? '').replace(/\s+/g, ' ').trim() : '';
  }, tag);
const fieldValue = (tab: HarnessPage, tag: string) =>
  tab.evaluate((t: string) => (document.querySelector(`${t} form`) as HTMLFormElement | null)?.elements.namedItem('email') && ((document.querySelector(`${t} form`) as HTMLFormElement).elements.namedItem('email') as HTMLInputElement).value, tag);

async function check(r: Real): Promise<void> {
  const arrived = await posts(r);
  assert.deepEqual(brokenPromises(r.kind, arrived, r.intents), []);
  // What the visitor reads, then what the pages had read by then: an answer that caused the
  // success was read before it was shown, so it is among them.
  const text = await status(front(r), TAG[r.kind]).catch(() => r.lastText);
  for (const tab of r.tabs) await gather(r, tab);
  if (isSuccess(text) && !isSuccess(r.lastText)) r.successes.push(r.reads.times.length);
  r.lastText = text;
  const unread = r.successes.flatMap((read, i) => (read > i ? [] : [`success number ${i + 1} was shown when the pages had read ${read} good answers`]));
  assert.deepEqual(unread, []);
}

type Cmd = fc.AsyncCommand<Model, Real>;
const command = (name: string, run: (m: Model, r: Real) => Promise<void>, when: (m: Readonly<Model>) => boolean = () => true): Cmd => ({
  check: when,
  run: async (m, r) => {
    await run(m, r);
    await check(r);
  },
  toString: () => name,
});

const intent = (clicks: number) =>
  command(`Intent(click ×${clicks})`, async (m, r) => {
    const tag = TAG[r.kind];
    const n = ++m.intents;
    await typedOver(r);
    const email = `t${n}.${Math.random().toString(36).slice(2, 9)}@example.com`;
    r.intents.push({ email, overwritten: false });
    await front(r).evaluate(
      (t: string, values: Record<string, string>, times: number) => {
        const form = document.querySelector(`${t} form`) as HTMLFormElement;
        for (const [name, value] of Object.entries(values)) {
          const field = form.elements.namedItem(name) as HTMLInputElement | null;
          if (field) field.value = value;
        }
        const button = form.querySelector('button') as HTMLButtonElement;
        // Whether the form took it to send (its `…-submit`): from then on the kit has it.
        const page = window as unknown as { __taken?: string[] };
        page.__taken ??= [];
        document.querySelector(t)!.addEventListener(`${t}-submit`, () => page.__taken!.push(values.email!), { once: true });
        for (let i = 0; i < times; i++) setTimeout(() => button.click(), i * 60);
      },
      tag,
      { email, message: `Message ${n}` },
      clicks,
    );
    await wait(300 + clicks * 60);
  });

/**
 * What the front tab's fields hold is typed over or left with the page: the visitor's doing,
 * unless the form took it and is sending it (then the kit has it, and must not lose it).
 */
async function typedOver(r: Real): Promise<void> {
  const tag = TAG[r.kind];
  const [inFields, busy, taken] = await Promise.all([
    fieldValue(front(r), tag),
    front(r).evaluate((t: string) => !!(document.querySelector(t) as (HTMLElement & { busy?: boolean }) | null)?.busy, tag),
    front(r).evaluate(() => (window as unknown as { __taken?: string[] }).__taken ?? []),
  ]);
  const sending = busy && taken.includes(String(inFields));
  if (!sending) for (const i of r.intents) if (i.email === inFields) i.overwritten = true;
}

const answer = (status: Answer) =>
  command(`ServiceAnswersNext(${status})`, async (_m, r) => {
    await control(r.base, 'faults', faultFor(r.kind, status));
  });

const network = (offline: boolean) =>
  command(
    offline ? 'Offline' : 'Online',
    async (m, r) => {
      m.offline = offline;
      for (const tab of r.tabs) await setOffline(tab, offline);
      await wait(150);
    },
    (m) => m.offline !== offline,
  );

/** A new document is online: the offline switch is the page's own. */
const leave = (how: 'Reload' | 'Navigate' | 'CloseTab') =>
  command(how, async (m, r) => {
    const tag = TAG[r.kind];
    // What the fields hold goes with the page: the visitor's doing, unless it is in flight.
    // (What the kit keeps, in the outbox, must not.)
    await typedOver(r);
    await gather(r, front(r));
    if (how === 'CloseTab') {
      r.reads.seen.delete(front(r));
      await r.tabs.pop()!.close();
      const tab = await r.browser.newPage();
      r.tabs.push(tab);
      await tab.goto(url(r));
    } else await front(r).goto(url(r, how === 'Navigate' ? '/another-page' : '/contact'));
    await ready(front(r), tag);
    r.lastText = '';
    if (m.offline) await setOffline(front(r), true);
    await wait(600);
  });

const secondTab = command(
  'SecondTab',
  async (m, r) => {
    const tab = await r.browser.newPage();
    r.tabs.push(tab);
    m.tabs++;
    await tab.goto(url(r));
    await ready(tab, TAG[r.kind]);
    r.lastText = '';
    if (m.offline) await setOffline(tab, true);
    await wait(400);
  },
  (m) => m.tabs < 2,
);

const pause = (ms: number) =>
  command(`Wait(${ms})`, async () => {
    await wait(ms);
  });
const release = command('ReleaseHeldAnswers', async (_m, r) => {
  await control(r.base, 'faults/release', {});
  await wait(300);
});

const commands = [
  fc.integer({ min: 1, max: 3 }).map(intent),
  fc.constantFrom<Answer>(...ANSWERS).map(answer),
  fc.constantFrom<Answer>(...ANSWERS).map(answer),
  fc.boolean().map(network),
  fc.constantFrom<'Reload' | 'Navigate' | 'CloseTab'>('Reload', 'Navigate', 'CloseTab').map(leave),
  fc.constant(secondTab),
  fc.integer({ min: 200, max: 2000 }).map(pause),
  fc.constant(release),
];

/** Online, nothing held, the outbox quiet: then each intent was delivered or is back in the fields. */
async function settle(r: Real): Promise<void> {
  const tag = TAG[r.kind];
  for (const tab of r.tabs) await setOffline(tab, false);
  await control(r.base, 'faults', undefined, 'DELETE');
  await control(r.base, 'faults/release', {});
  const end = Date.now() + 25_000;
  let last = '';
  let quietSince = Date.now();
  while (Date.now() < end && Date.now() - quietSince < 3000) {
    await wait(300);
    const now = JSON.stringify([(await posts(r)).length, await status(front(r), tag), await fieldValue(front(r), tag)]);
    if (now !== last) [last, quietSince] = [now, Date.now()];
  }
  await check(r);
  const arrivedWell = new Set((await posts(r)).filter((q) => delivered(r.kind, q) && q.outcome !== 'dropped').map((q) => q.email));
  // The visitor empties the form of each tab, once per entry that may wait, to take each back.
  const inFields = new Set<string>();
  for (const tab of r.tabs) {
    for (let i = 0; i <= r.intents.length; i++) {
      const email = await fieldValue(tab, tag);
      if (!email) break;
      inFields.add(email);
      await tab.evaluate((t: string) => {
        const form = document.querySelector(`${t} form`) as HTMLFormElement;
        for (const name of ['email', 'message']) {
          const field = form.elements.namedItem(name) as HTMLInputElement | null;
          if (field) field.value = '';
        }
        form.dispatchEvent(new Event('input', { bubbles: true }));
      }, tag);
      await wait(500);
    }
  }
  // What waits in the outbox to be sent (a long 429's wait, say) is kept, not lost.
  const waiting = new Set(
    (await front(r).evaluate(() => new Promise<string[]>((resolve) => {
      const open = indexedDB.open('hub-kit-outbox');
      open.onupgradeneeded = () => open.transaction!.abort();
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('entries')) return resolve([]);
        const all = db.transaction('entries').objectStore('entries').getAll();
        all.onsuccess = () => resolve((all.result as Array<{ body?: { email?: string }; delivered?: unknown; unconfirmed?: boolean; refused?: unknown }>)
          .filter((e) => !e.delivered && !e.unconfirmed && !e.refused).map((e) => e.body?.email ?? ''));
        all.onerror = () => resolve([]);
      };
    }))),
  );
  for (const i of r.intents) {
    if (!i.overwritten) assert.ok(arrivedWell.has(i.email) || inFields.has(i.email) || waiting.has(i.email), `${i.email} was neither delivered, nor given back to the visitor, nor kept to be sent`);
  }
}

for (const browserName of wantedBrowsers()) {
  describe(`random sequences around a form, in real tabs of ${browserName}`, () => {
    let browser: HarnessBrowser;
    before(async () => {
      browser = await launch(browserName);
    });
    after(() => browser.close());

    test('every sequence keeps the promises', { timeout: RUNS * 120_000 + 60_000 }, async () => {
      let sequences = 0;
      const kinds: Partial<Record<Kind, number>> = {};
      await fc.assert(
        fc.asyncProperty(fc.constantFrom<Kind>('contact', 'signup', 'magic', 'action'), fc.commands(commands, { maxCommands: 8, ...(REPLAY ? { replayPath: REPLAY } : {}) }), async (kind, cmds) => {
          sequences++;
          kinds[kind] = (kinds[kind] ?? 0) + 1;
          const base = `${service.url}/__sandbox/model-${browserName}-${Date.now()}-${sequences}`;
          const real: Real = { kind, base, browser, tabs: [await browser.newPage()], intents: [], successes: [], lastText: '', reads: { times: [], seen: new Map() } };
          try {
            await front(real).goto(url(real));
            await ready(front(real), TAG[kind]);
            await fc.asyncModelRun(() => ({ model: { offline: false, tabs: 1, intents: 0 }, real }), cmds);
            await settle(real);
          } finally {
            for (const tab of real.tabs) await tab.close().catch(() => undefined);
          }
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), ...(PATH ? { path: PATH } : {}), endOnFailure: false, includeErrorInReport: true },
      );
      console.log(`model: ${browserName}, real tabs: ${sequences} sequences (${RUNS} runs), kinds ${JSON.stringify(kinds)}`);
    });
  });
}
