/**
 * Model-based, in real tabs: random sequences around a form of the built dist/hub-kit.js on
 * one origin, the stand-in service on another (a contact form, a signup form, or a signup
 * form for a magic link), with what only real tabs have: a reload, a navigation to another
 * page of the site, a tab closed (and the site opened again), a second tab with the same
 * form. The service answers the next POST 201, 409, 422, 429, 500, 201 without CORS headers
 * (stored, but unreadable), or holds it (stored, no answer yet) so that a page can be left
 * while its send is in flight; the browser goes offline and online; time passes.
 *
 * After every step, from the stand-in's log and what the visitor reads in the tab in front:
 * a contact message or a magic link arrives at most once per intent, a signup at most
 * twice; "sent" is read only after a 2xx (or a signup's 409, already subscribed); the
 * per-visitor budget holds. At the end, every intent the visitor did not type over was
 * delivered or is back in the form's fields.
 *
 * CI runs a few sequences per browser (HUB_MODEL_RUNS, default 2); `npm run soak` more. A
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
import { brokenPromises, delivered, POST_PATH, SUCCESS, TAG, type Kind, type Logged } from '../fixtures/submission-model.js';

const RUNS = Number(process.env.HUB_MODEL_RUNS ?? 2);
const SEED = process.env.HUB_MODEL_SEED ? Number(process.env.HUB_MODEL_SEED) : undefined;
const PATH = process.env.HUB_MODEL_PATH;
const REPLAY = process.env.HUB_MODEL_REPLAY;

type Answer = 201 | 409 | 422 | 429 | 500 | 'hold' | 'no-cors';

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
  successes: number;
  lastText: string;
}

const control = async <T>(base: string, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> => {
  const response = await fetch(`${base}/__stand-in/${path}`, method === 'GET' ? {} : { method, body: JSON.stringify(body ?? {}) });
  assert.ok(response.ok, `${path}: ${response.status}`);
  return (await response.json()) as T;
};
const posts = async (r: Real) =>
  (await control<{ requests: Logged[] }>(r.base, 'log')).requests.filter((q) => q.method === 'POST' && q.path.includes(POST_PATH[r.kind]));
const front = (r: Real) => r.tabs.at(-1)!;
const url = (r: Real, where = '/contact') => site.url(where, { base: r.base, kind: r.kind });
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
  const text = await status(front(r), TAG[r.kind]).catch(() => r.lastText);
  if (SUCCESS.test(text) && !SUCCESS.test(r.lastText)) r.successes++;
  r.lastText = text;
  const answered = arrived.filter((q) => delivered(r.kind, q)).length;
  assert.ok(r.successes <= answered, `the visitor read a success ${r.successes} times after ${answered} good answers`);
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
    const before = await fieldValue(front(r), tag);
    for (const i of r.intents) if (i.email === before) i.overwritten = true;
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
        for (let i = 0; i < times; i++) setTimeout(() => button.click(), i * 60);
      },
      tag,
      { email, message: `Message ${n}` },
      clicks,
    );
    await wait(300 + clicks * 60);
  });

function fault(kind: Kind, answer: Answer): Record<string, unknown> {
  const rule = { path: POST_PATH[kind], method: 'POST' };
  switch (answer) {
    case 'hold':
      return { ...rule, hold: true, store: true };
    case 'no-cors':
      // Stored, but the browser hides the answer: an unknown outcome to the page.
      return { ...rule, status: 201, cors: false, store: true };
    case 409:
      // For a signup, the service's "already subscribed"; for a contact message or a magic link, a refusal.
      return kind === 'signup' ? { ...rule, status: 409, body: { message: 'You are already subscribed.' }, store: true } : { ...rule, status: 409, body: { message: 'This was received before.' } };
    case 422:
      return { ...rule, status: 422, body: { message: 'The email is invalid.', errors: { email: ['The email is invalid.'] } } };
    case 429:
      return { ...rule, status: 429, headers: { 'Retry-After': '2' } };
    default:
      return { ...rule, status: answer, store: answer === 201 };
  }
}

const answer = (status: Answer) =>
  command(`ServiceAnswersNext(${status})`, async (_m, r) => {
    await control(r.base, 'faults', fault(r.kind, status));
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
    // What the fields hold goes with the page: the visitor's doing. (What the kit keeps, in
    // the outbox, must not.)
    const inFields = await fieldValue(front(r), tag);
    for (const i of r.intents) if (i.email === inFields) i.overwritten = true;
    if (how === 'CloseTab') {
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
  fc.constantFrom<Answer>(201, 409, 422, 429, 500, 'hold', 'no-cors').map(answer),
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
  const arrivedWell = new Set((await posts(r)).filter((q) => delivered(r.kind, q)).map((q) => q.email));
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
  for (const i of r.intents) {
    if (!i.overwritten) assert.ok(arrivedWell.has(i.email) || inFields.has(i.email), `${i.email} was neither delivered nor given back to the visitor`);
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
        fc.asyncProperty(fc.constantFrom<Kind>('contact', 'signup', 'magic'), fc.commands(commands, { maxCommands: 8, ...(REPLAY ? { replayPath: REPLAY } : {}) }), async (kind, cmds) => {
          sequences++;
          kinds[kind] = (kinds[kind] ?? 0) + 1;
          const base = `${service.url}/__sandbox/model-${browserName}-${Date.now()}-${sequences}`;
          const real: Real = { kind, base, browser, tabs: [await browser.newPage()], intents: [], successes: 0, lastText: '' };
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
