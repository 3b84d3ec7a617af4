/**
 * Model-based: random sequences of what happens around the forms of a page, run against the
 * built dist/hub-kit.js in a page of the site (a frame of this page) and the real stand-in on
 * another origin, with fast-check's commands. Each sequence is one form element's: a
 * `<contact-form>`, or a `<signup-form>` that subscribes, sends a magic link or posts to the
 * form action URL (`form="…"`), alone or inside a `<dialog>`.
 *
 * What happens (the vocabulary): a visitor types and submits (a click or Enter, repeated
 * clicks or a held key; an address pasted with invisible characters, or not an address at
 * all), types again while a send is in flight, in the first form or a second one of the same
 * target; the service answers the next POST 201, 202, 204, a 2xx whose body is HTML, cut off
 * or stalls after the headers, 400, 403, 404, 409, 413, 422, 429 with or without headers,
 * 500, 502, 503, 504, holds it, answers it without CORS headers, takes two seconds, or the
 * connection is cut; the browser goes offline and online; the service goes away and comes
 * back (refused connections); the system clock jumps an hour back or forward; the page's
 * policy stops letting it reach the service; an app swaps its route (the form replaced mid-
 * send) or adds a second form; the dialog closes and opens; the visitor follows a link or
 * reloads (a new page of the site, the same forms); time passes; held answers are let go.
 * Blocked storage needs a browser set up for it (forms-blocked-storage.test.ts); a second
 * tab, Back with the back/forward cache and a closed tab need real tabs
 * (test/e2e/submissions-model.test.ts).
 *
 * The oracle is the visitor and the wire, never the kit's own state. After every step:
 * - at the service, counted where requests arrive (held ones too; a connection the network
 *   cut before the service saw it is no arrival): a contact message or a magic link at most
 *   once per intent, a signup at most twice; never a 429 of the service's own limits; no
 *   minute, by arrival, over the form's budget; no address with characters the visitor could
 *   not see, and none that was not an address;
 * - on the page: each success the visitor begins to read (any of the success texts, the
 *   faults' own included) follows a good answer the page itself read (its fetch resolved
 *   with a 2xx, or a signup's 409: recorded beside the page's fetch, which still does the
 *   work); no wait longer than the spec's longest window is shown; "could not confirm" is
 *   never said of a send made after the page's policy blocked the service (it was not sent);
 *   text typed during a send stays in the fields.
 * At the end, online, the service back and every held answer let go, once nothing is in
 * flight: nothing typed is lost: each intent the visitor did not type over (or leave unsent
 * with the page) arrived with a good answer, is back in the fields of a form of its target
 * (the test empties each form to let what waits come back), or waits in the outbox to be sent.
 *
 * CI runs HUB_MODEL_RUNS sequences per form and browser (default 12, ten steps each at most);
 * `npm run soak` many more. A failure prints fast-check's shrunk counterexample with its seed,
 * path and the commands' replayPath; HUB_MODEL_SEED, HUB_MODEL_PATH and HUB_MODEL_REPLAY
 * replay it. A sequence found this way becomes a fixed test (submissions-events.test.ts).
 */
import { expect } from 'chai';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import fc from 'fast-check';
import type { HubFormElement } from '../../../components/shared/hub-form.js';
import { setOffline } from '../helpers/network.js';
import { until } from '../helpers/dom.js';
import {
  ANSWERS,
  ATTRIBUTES,
  LONGEST_WAIT_S,
  POST_PATH,
  TAG,
  brokenPromises,
  delivered,
  faultFor,
  isSuccess,
  shownWait,
  unreadSuccesses,
  type Answer,
  type Kind,
  type Logged,
} from '../../fixtures/submission-model.js';
import { adopt, loaded, pageHtml, type SiteWindow } from '../helpers/site-page.js';
import { browserName, newBase, outboxEntry, remoteStandIn, seen, wait, type StoredEntry } from '../helpers/forms.js';

const remote = remoteStandIn(`submissions-model-${browserName()}`);

const UNCONFIRMED = /could not confirm that this arrived/i;

interface Intent {
  email: string;
  /** The form took it to send (it fired its `…-submit`): the kit has it from then on. */
  taken: boolean;
  /** The visitor typed over it, or left it in the fields with the page: their doing, not the kit's. */
  excused: boolean;
}

interface Model {
  offline: boolean;
  down: boolean;
  blocked: boolean;
  forms: number;
  intents: number;
}

interface Real {
  kind: Kind;
  base: string;
  frame: HTMLIFrameElement;
  win: SiteWindow;
  /** The page's body markup, written again for every new page of the site. */
  markup: string;
  inDialog: boolean;
  blocked: boolean;
  intents: Intent[];
  /** Addresses typed that were no address: none may arrive. */
  invalid: string[];
  /** Text typed into a form (by its index) while a send was in flight: it must stay. */
  drafts: Map<number, string>;
  /** When the page's fetch resolved with a good answer to a POST of this sandbox (epoch ms, the pages' clocks). */
  reads: number[];
  /** When a form began to show each success (epoch ms). */
  successes: number[];
  /** Every wait the visitor was shown, in seconds. */
  waits: number[];
  /** When the page's policy began to block the service (epoch ms), if it did. */
  blockedAt?: number;
  /** When each form last took an entry to send. */
  taken: WeakMap<HubFormElement, number>;
  /** "Could not confirm" said of a send the page's policy blocked: it was not sent, and must say so. */
  misread: string[];
  clockOffset: number;
  stop(): void;
}

const forms = (r: Real) => [...r.frame.contentDocument!.querySelectorAll<HubFormElement>(TAG[r.kind])];
const field = (el: HubFormElement, name: string) => el.formElement?.elements.namedItem(name) as HTMLInputElement | null;
const clock = () => performance.timeOrigin + performance.now();

const control = async <T>(base: string, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> => {
  const response = await fetch(`${base}/__stand-in/${path}`, method === 'GET' ? { cache: 'no-store' } : { method, body: JSON.stringify(body ?? {}) });
  expect(response.ok, `${path}: ${response.status}`).to.equal(true);
  return (await response.json()) as T;
};

/** The POSTs of this sequence's kind, answered or in flight, where they arrived. */
async function arrivals(r: Real): Promise<Logged[]> {
  const { requests, inFlight } = await control<{ requests: Logged[]; inFlight: Logged[] }>(r.base, 'log');
  return [...requests, ...inFlight.map((q) => ({ ...q, status: 0, outcome: 'in-flight', at: q.arrived }))].filter(
    (q) => q.method === 'POST' && q.path.includes(POST_PATH[r.kind]),
  );
}

/**
 * Put in the page before the kit: records when the page's own fetch resolved with a good
 * answer to a POST, and passes every call through unchanged.
 */
const RECORDER = (kind: Kind) => `<script>
  window.__reads = [];
  const pageFetch = window.fetch;
  window.fetch = function (input, init) {
    const answer = pageFetch.apply(this, arguments);
    answer.then((response) => {
      const good = (response.status >= 200 && response.status < 300) || (response.status === 409 && ${kind === 'signup' || kind === 'action'});
      if ((init && init.method) === 'POST' && good) window.__reads.push({ url: response.url, at: performance.timeOrigin + performance.now() });
    }, () => {});
    return answer;
  };
</script>`;

/** What the status lines say and what the page read, every 20 ms, from page to page. */
function watch(r: Real): () => void {
  const last = new Map<HubFormElement, string>();
  let harvested = 0;
  let win: SiteWindow | undefined;
  const tick = () => {
    // A frame being removed still says pagehide.
    if (!r.frame.contentDocument) return;
    // Read before the texts: a success shown is read after the answer that caused it.
    const reads = (r.win as unknown as { __reads?: Array<{ url: string; at: number }> }).__reads ?? [];
    if (r.win !== win) [win, harvested] = [r.win, 0];
    for (const read of reads.slice(harvested)) if (read.url.startsWith(r.base)) r.reads.push(read.at);
    harvested = reads.length;
    // What a page read just before it was left counts too.
    r.win.addEventListener('pagehide', tick, { once: true });
    for (const el of forms(r)) {
      // What it said last, hidden or not: a success shown again as its dialog opens is no new one.
      const text = seen(el);
      if (text && text !== (last.get(el) ?? '')) {
        if (isSuccess(text) && !isSuccess(last.get(el) ?? '')) r.successes.push(clock());
        if (UNCONFIRMED.test(text) && r.blockedAt && (r.taken.get(el) ?? 0) > r.blockedAt) r.misread.push(text);
        const waited = shownWait(text);
        if (waited !== undefined) r.waits.push(waited);
        last.set(el, text);
      }
    }
  };
  const timer = setInterval(tick, 20);
  return () => clearInterval(timer);
}

/** Invariants that hold after every step. */
async function check(r: Real, m: Model): Promise<void> {
  // The service is down: what arrived is read once it is back.
  if (!m.down) {
    const arrived = await arrivals(r);
    const broken = brokenPromises(r.kind, arrived, r.intents);
    expect(broken, broken.join('; ')).to.deep.equal([]);
    const strays = arrived.filter((q) => r.invalid.includes(q.email ?? ''));
    expect(strays, 'an address that was not one arrived').to.deep.equal([]);
  }
  const unread = unreadSuccesses(r.successes, r.reads);
  expect(unread, unread.join('; ')).to.deep.equal([]);
  expect(r.misread, 'a send the page’s policy blocked, said to be unconfirmed').to.deep.equal([]);
  expect(Math.max(0, ...r.waits), `a wait longer than the longest window: ${r.waits.join(', ')} s`).to.be.at.most(LONGEST_WAIT_S);
  const all = forms(r);
  for (const [i, draft] of r.drafts) {
    const email = all[i] ? field(all[i], 'email')?.value : draft;
    expect(email, 'text typed during a send').to.equal(draft);
  }
}

type Cmd = fc.AsyncCommand<Model, Real>;
const command = (name: string, run: (m: Model, r: Real) => Promise<void>, when: (m: Readonly<Model>) => boolean = () => true): Cmd => ({
  check: when,
  run: async (m, r) => {
    await run(m, r);
    await check(r, m);
  },
  toString: () => name,
});

/**
 * What the fields of `el` hold now goes: excused, unless it is in flight (the form took it
 * and is still sending it: the kit has it).
 */
function letGo(r: Real, el: HubFormElement | undefined): void {
  const typed = el && field(el, 'email')?.value?.replace(/\p{Cf}/gu, '');
  for (const intent of r.intents) if (typed && intent.email === typed && !(intent.taken && el.busy)) intent.excused = true;
}

type Address = 'plain' | 'invisible' | 'invalid';

const intent = (via: 'click' | 'enter', repeats: number, which: number, address: Address) =>
  command(`Intent(${via}${repeats ? ` ×${repeats + 1}` : ''}, form ${which}, ${address})`, async (m, r) => {
    const el = forms(r)[which % forms(r).length];
    // A form in a closed dialog is out of the visitor's reach.
    if (!el?.formElement || el.closest('dialog:not([open])')) return;
    const n = ++m.intents;
    letGo(r, el);
    r.drafts.delete(which % forms(r).length);
    const visible = `i${n}.${crypto.getRandomValues(new Uint32Array(1))[0]}@example.com`;
    let typed = visible;
    if (address === 'invalid') r.invalid.push((typed = `not-an-address-${n}`));
    else {
      if (address === 'invisible') typed = `\u200b${visible.replace('@', '\u00ad@')}\ufeff`;
      r.intents.push({ email: visible, taken: false, excused: false });
    }
    const mine = address === 'invalid' ? undefined : r.intents.at(-1);
    const took = () => {
      r.taken.set(el, clock());
      if (mine) mine.taken = true;
    };
    el.addEventListener(`${TAG[r.kind]}-submit`, took);
    field(el, 'email')!.value = typed;
    const message = field(el, 'message');
    if (message) message.value = `Message ${n}`;
    field(el, 'email')!.dispatchEvent(new Event('input', { bubbles: true }));
    const button = el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    if (via === 'click') {
      button.click();
      for (let i = 0; i < repeats; i++) {
        await wait(60);
        button.click();
      }
    } else {
      field(el, 'email')!.focus();
      if (repeats && browserName() !== 'webkit') await executeServerCommand('hold-key', { key: 'Enter', repeats: repeats * 4, intervalMs: 40 });
      else for (let i = 0; i <= repeats; i++) await sendKeys({ press: 'Enter' });
    }
    el.removeEventListener(`${TAG[r.kind]}-submit`, took);
    await wait(150);
  });

const typeDuringSend = (which: number) =>
  command(`TypeDuringSend(form ${which})`, async (_m, r) => {
    const index = which % forms(r).length;
    const el = forms(r)[index];
    if (!el?.busy) return;
    letGo(r, el);
    const draft = `draft.${crypto.getRandomValues(new Uint32Array(1))[0]}@example.com`;
    field(el, 'email')!.value = draft;
    field(el, 'email')!.dispatchEvent(new Event('input', { bubbles: true }));
    r.drafts.set(index, draft);
  });

const answer = (a: Answer) =>
  command(`ServiceAnswersNext(${a})`, async (_m, r) => {
    await control(r.base, 'faults', faultFor(r.kind, a));
  }, (m) => !m.down);

const network = (offline: boolean) =>
  command(offline ? 'Offline' : 'Online', async (m, r) => {
    m.offline = offline;
    setOffline(offline, r.win);
    await wait(100);
  }, (m) => m.offline !== offline);

const service = (down: boolean) =>
  command(down ? 'ServiceGoesAway' : 'ServiceComesBack', async (m) => {
    m.down = down;
    await remote(down ? 'stop' : 'start');
    await wait(100);
  }, (m) => m.down !== down);

/** What a change of the system clock looks like to a page: Date.now() jumps, performance.now() runs on. */
function setClock(r: Real): void {
  const realNow = Date.now;
  const offset = r.clockOffset;
  r.win.Date.now = offset ? () => realNow.call(Date) + offset : realNow;
}
const clockJump = (hours: number) =>
  command(`ClockJumps(${hours > 0 ? '+' : ''}${hours} h)`, async (_m, r) => {
    r.clockOffset += hours * 3600_000;
    setClock(r);
    // A second of it, so that a countdown running shows its next second.
    await wait(1100);
  });

const pause = (ms: number) => command(`Wait(${ms})`, async () => void (await wait(ms)));

const release = command('ReleaseHeldAnswers', async (_m, r) => {
  await control(r.base, 'faults/release', {});
  await wait(200);
}, (m) => !m.down);

const replaceForm = (which: number) =>
  command(`AppReplacesForm(${which})`, async (m, r) => {
    const index = which % m.forms;
    const old = forms(r)[index];
    if (!old) return;
    letGo(r, old);
    r.drafts.delete(index);
    const made = old.cloneNode(false) as HubFormElement;
    old.replaceWith(made);
    await r.win.customElements.whenDefined(TAG[r.kind]);
    await made.updateComplete;
  });

const addForm = command('AppAddsSecondForm', async (m, r) => {
  m.forms++;
  const made = forms(r)[0]!.cloneNode(false) as HubFormElement;
  r.frame.contentDocument!.body.append(made);
  await made.updateComplete;
}, (m) => m.forms < 2);

const dialog = (open: boolean) =>
  command(open ? 'DialogOpens' : 'DialogCloses', async (_m, r) => {
    const box = r.frame.contentDocument!.querySelector('dialog');
    if (!box) return;
    if (open) box.show();
    else box.close();
  });

const policyBlocks = command('PagePolicyBlocksService', async (m, r) => {
  m.blocked = r.blocked = true;
  r.blockedAt = clock();
  const meta = r.frame.contentDocument!.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `connect-src ${location.origin}`;
  r.frame.contentDocument!.head.append(meta);
}, (m) => !m.blocked);

/** A new page of the site with the same forms: a link followed, or a reload. */
const leave = (how: 'FollowLink' | 'Reload') =>
  command(how, async (m, r) => {
    const left = forms(r);
    for (const el of left) letGo(r, el);
    // And again as the page goes: an answer that came while the next page loaded (a loaded
    // machine) left its form not sending, with what it gave back in the fields; the visitor
    // leaves that with the page.
    r.win.addEventListener('pagehide', () => left.forEach((el) => letGo(r, el)), { once: true });
    r.drafts.clear();
    m.forms = forms(r).length;
    r.markup = r.frame.contentDocument!.body.innerHTML;
    const next = loaded(r.frame);
    r.frame.srcdoc = page(r);
    await next;
    ({ win: r.win } = await adopt(r.frame, TAG[r.kind]));
    setClock(r);
    if (m.offline) setOffline(true, r.win);
  });

/** Intents and answers most often, so that each sequence has something to send and something to meet. */
const commands = [
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom('click' as const, 'enter' as const), fc.nat({ max: 3 }), fc.nat({ max: 1 }), fc.constantFrom<Address>('plain', 'plain', 'plain', 'invisible', 'invalid'))
        .map(([via, repeats, which, address]) => intent(via, repeats, which, address)),
    },
    { weight: 5, arbitrary: fc.constantFrom(...ANSWERS).map(answer) },
    { weight: 2, arbitrary: fc.integer({ min: 100, max: 1500 }).map(pause) },
    { weight: 1, arbitrary: fc.nat({ max: 1 }).map(typeDuringSend) },
    { weight: 2, arbitrary: fc.boolean().map(network) },
    { weight: 1, arbitrary: fc.boolean().map(service) },
    { weight: 2, arbitrary: fc.constantFrom(-1, 1).map(clockJump) },
    { weight: 1, arbitrary: fc.constant(release) },
    { weight: 1, arbitrary: fc.nat({ max: 1 }).map(replaceForm) },
    { weight: 1, arbitrary: fc.constant(addForm) },
    { weight: 1, arbitrary: fc.boolean().map(dialog) },
    { weight: 1, arbitrary: fc.constantFrom<'FollowLink' | 'Reload'>('FollowLink', 'Reload').map(leave) },
    // Once blocked, a page stays so: seldom, so that most sequences send.
    { weight: 1, arbitrary: fc.constant(policyBlocks) },
  ),
];

/** A page of the site: the recorder, the kit, the page's policy once it blocks the service, the forms. */
const page = (r: Pick<Real, 'kind' | 'markup' | 'blocked'>) =>
  pageHtml(r.markup, `${RECORDER(r.kind)}${r.blocked ? `<meta http-equiv="Content-Security-Policy" content="connect-src ${location.origin}">` : ''}`);

async function setUp(kind: Kind, inDialog: boolean, origin: string): Promise<Real> {
  const base = newBase(origin);
  const attributes = Object.entries({ ...ATTRIBUTES[kind], 'base-url': base })
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  const element = `<${TAG[kind]}${attributes}></${TAG[kind]}>`;
  const markup = inDialog ? `<dialog open>${element}</dialog>` : element;
  const frame = document.createElement('iframe');
  frame.title = 'a page of the site';
  const r = { kind, base, frame, markup, inDialog, blocked: false, intents: [], invalid: [], drafts: new Map(), reads: [], successes: [], waits: [], clockOffset: 0, taken: new WeakMap(), misread: [] } as unknown as Real;
  frame.srcdoc = page(r);
  const done = loaded(frame);
  document.body.append(frame);
  await done;
  ({ win: r.win } = await adopt(frame, TAG[kind]));
  r.stop = watch(r);
  return r;
}

/** Whether a stored entry still waits to be sent (not for the visitor). */
const toSend = (entry: StoredEntry | undefined) => !!entry && !entry.delivered && !entry.unconfirmed && !entry.refused;

/** Online, the service back, nothing held, nothing in flight: then nothing typed is lost. */
async function settle(r: Real, m: Model): Promise<void> {
  setOffline(false, r.win);
  m.offline = false;
  await remote('start');
  m.down = false;
  r.clockOffset = 0;
  setClock(r);
  r.frame.contentDocument!.querySelector('dialog')?.show();
  await control(r.base, 'faults', undefined, 'DELETE');
  await control(r.base, 'faults/release', {});
  // Quiet, by what can be seen: no form sending, nothing held or in flight at the service,
  // nothing in the outbox still to send (or waiting out a long 429: it is kept, not lost).
  const quiet = async () => {
    const { inFlight } = await control<{ inFlight: unknown[] }>(r.base, 'log');
    if (forms(r).some((el) => el.busy) || inFlight.length) return false;
    for (const intent of r.intents) if (toSend(await outboxEntry(intent.email))) return false;
    return true;
  };
  // Bounds generous for a loaded machine: each wait ends as soon as what it waits for holds.
  await until(quiet, 'the page and the service to be quiet', 60_000).catch(() => undefined);
  await check(r, m);

  const arrived = await arrivals(r);
  const good = new Set(arrived.filter((q) => delivered(r.kind, q) && q.outcome !== 'dropped').map((q) => q.email));
  // What waits for the visitor comes back into an empty form of its target by itself (a send
  // given back on the next page, a queued entry refused once online): on a loaded machine that
  // may come after the page is quiet, so wait for it before reading the fields.
  await until(
    async () => !(await waitsForVisitor(r)) || forms(r).some((el) => !!field(el, 'email')?.value),
    'what waits for the visitor to come back into a form',
    60_000,
  ).catch(() => undefined);
  // The visitor empties each form, once per entry that may wait for it, to take each back.
  const inFields = new Set<string>();
  for (const el of forms(r)) {
    for (let i = 0; i <= r.intents.length; i++) {
      const email = field(el, 'email')?.value;
      if (!email) break;
      inFields.add(email.replace(/\p{Cf}/gu, ''));
      for (const name of ['email', 'message']) if (field(el, name)) field(el, name)!.value = '';
      field(el, 'email')!.dispatchEvent(new Event('input', { bubbles: true }));
      // What waits for this form comes back into it now; until nothing of it waits.
      await until(async () => !!field(el, 'email')?.value || !(await waitsForVisitor(r)), 'what waits to come back', 60_000).catch(() => undefined);
    }
  }
  for (const intent of r.intents) {
    if (intent.excused || good.has(intent.email) || inFields.has(intent.email)) continue;
    const kept = await outboxEntry(intent.email);
    // Or back in a form's fields by now: on a loaded machine (WebKit, a load average of 37)
    // a store slow to answer gave it back after the visitor had looked.
    const back = forms(r).some((el) => field(el, 'email')?.value?.replace(/\p{Cf}/gu, '') === intent.email);
    expect(toSend(kept) || back, `${intent.email} was neither delivered, nor given back to the visitor, nor kept to be sent: ${JSON.stringify(kept)}`).to.equal(true);
  }
}

/** Whether an entry of this sequence waits in the outbox for the visitor. */
async function waitsForVisitor(r: Real): Promise<boolean> {
  for (const intent of r.intents) {
    const entry = await outboxEntry(intent.email);
    if (entry && !toSend(entry)) return true;
  }
  return false;
}

describe('submissions from dist/hub-kit.js, model-based', function () {
  this.timeout(0);
  let origin = '';
  let options: { runs?: number; seed?: number; path?: string; replay?: string };

  before(async () => {
    ({ url: origin } = (await remote('start'))!);
    options = (await executeServerCommand<{ runs?: number; seed?: number; path?: string; replay?: string }, undefined>('model-options')) ?? {};
  });

  for (const tag of ['contact-form', 'signup-form'] as const) {
    it(`<${tag}>: every sequence keeps the promises`, async () => {
      const runs = options.runs ?? 12;
      const started = performance.now();
      const seen: Record<string, number> = {};
      const kinds = tag === 'contact-form' ? fc.constant<Kind>('contact') : fc.constantFrom<Kind>('signup', 'magic', 'action');
      await fc.assert(
        fc.asyncProperty(kinds, fc.boolean(), fc.commands(commands, { maxCommands: 10, ...(options.replay ? { replayPath: options.replay } : {}) }), async (kind, inDialog, cmds) => {
          seen[kind] = (seen[kind] ?? 0) + 1;
          const real = await setUp(kind, inDialog, origin);
          const model: Model = { offline: false, down: false, blocked: false, forms: 1, intents: 0 };
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds);
            await settle(real, model);
          } catch (error) {
            // WebKit's stacks leave out the message, and fast-check reports the stack: say it here.
            console.log(`# model: ${browserName()} <${tag}>: ${cmds.toString()}: ${(error as Error).message}`);
            throw error;
          } finally {
            real.stop();
            real.frame.remove();
            await remote('start');
          }
        }),
        { numRuns: runs, ...(options.seed !== undefined ? { seed: options.seed } : {}), ...(options.path ? { path: options.path } : {}), endOnFailure: false, includeErrorInReport: true },
      );
      const total = Object.values(seen).reduce((a, b) => a + b, 0);
      console.log(`# model: ${browserName()} <${tag}>: ${total} sequences ${JSON.stringify(seen)} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    });
  }
});
