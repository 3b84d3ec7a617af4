/**
 * Model-based: random sequences of what happens around a form, run against the built
 * dist/hub-kit.js on this page and the real stand-in on another origin, with fast-check's
 * commands. A visitor types and submits (a click or Enter, repeated clicks or a held key);
 * the service answers the next POST 2xx, 400, 409, 422, 429, 500, holds it, or answers it
 * without CORS headers; the browser goes offline and online; time passes. Reload,
 * navigation, a closed tab and a second tab need real tabs: test/e2e/submissions-model.test.ts.
 *
 * After every step, from the stand-in's own log and records and from what the visitor reads:
 * - a contact message or magic link arrives at most once per intent, a signup at most twice;
 * - the status line says "sent" only after a 2xx (or a 409 for a signup);
 * - the per-visitor budget of the form's group is never exceeded.
 * At the end, once the browser is online and every held answer was let go: nothing typed is
 * lost before a success: each intent the visitor did not type over arrived with a 2xx, or
 * is in the form's fields (the test empties the form to let each waiting entry come back).
 *
 * CI runs a few sequences per form and browser; `npm run soak` many more (HUB_MODEL_RUNS).
 * A failure prints fast-check's shrunk counterexample with its seed, path and the commands'
 * replayPath; HUB_MODEL_SEED, HUB_MODEL_PATH and HUB_MODEL_REPLAY replay it.
 */
import { expect } from 'chai';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import fc from 'fast-check';
import type { HubFormElement } from '../../../components/shared/hub-form.js';
import type { Fault } from '../helpers/sandbox.js';
import { setOffline } from '../helpers/network.js';
import { brokenPromises, delivered, POST_PATH, SUCCESS, TAG, type Kind, type Logged } from '../../fixtures/submission-model.js';
import { bundlePage } from '../helpers/bundle.js';
import { browserName, newBase, remoteStandIn, seen, wait } from '../helpers/forms.js';

const remote = remoteStandIn(`submissions-model-${browserName()}`);

type Answer = '201' | '400' | '409' | '422' | '429' | '500' | 'hold' | 'no-cors';

interface Intent {
  email: string;
  message: string;
  /** The visitor typed a new intent over it while it was still in the fields. */
  overwritten: boolean;
}

interface Model {
  offline: boolean;
  intents: number;
}

interface Real {
  kind: Kind;
  base: string;
  el: HubFormElement;
  intents: Intent[];
  /** Every text the status line showed, in order. */
  shown: string[];
  stop(): void;
}

const control = async <T>(base: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}/__stand-in/${path}`, body === undefined ? { cache: 'no-store' } : { method: 'POST', body: JSON.stringify(body) });
  expect(response.ok, `${path}: ${response.status}`).to.equal(true);
  return (await response.json()) as T;
};
const posts = async (r: Real) =>
  (await control<{ requests: Logged[] }>(r.base, 'log')).requests.filter((q) => q.method === 'POST' && q.path.includes(POST_PATH[r.kind]));

const field = (r: Real, name: string) => r.el.formElement!.elements.namedItem(name) as HTMLInputElement | null;

function fault(kind: Kind, answer: Answer): Fault {
  const rule: Fault = { path: POST_PATH[kind], method: 'POST' };
  switch (answer) {
    case '201':
      return { ...rule, status: 201, body: { message: 'Stored.' }, store: true };
    case '400':
      return { ...rule, status: 400, body: { message: 'Please use another address.' } };
    case '409':
      // For a signup, the service's "already subscribed"; for a contact message or a magic link, a refusal.
      return kind === 'signup'
        ? { ...rule, status: 409, body: { message: 'You are already subscribed.' }, store: true }
        : { ...rule, status: 409, body: { message: 'This was received before.' } };
    case '422':
      return { ...rule, status: 422, body: { message: 'The email is invalid.', errors: { email: ['The email is invalid.'] } } };
    case '429':
      return { ...rule, status: 429, headers: { 'Retry-After': '2' } };
    case '500':
      return { ...rule, status: 500 };
    case 'hold':
      return { ...rule, hold: true, store: true };
    case 'no-cors':
      return { ...rule, status: 201, cors: false, store: true };
  }
}

/** Invariants that hold after every step. */
async function check(r: Real): Promise<void> {
  const arrived = await posts(r);
  expect(brokenPromises(r.kind, arrived, r.intents)).to.deep.equal([]);
  // "Sent" only after a 2xx: never more successes shown than answers that were one.
  const successes = r.shown.filter((text, i) => SUCCESS.test(text) && !SUCCESS.test(r.shown[i - 1] ?? '')).length;
  const good = arrived.filter((q) => delivered(r.kind, q)).length;
  expect(successes, `the visitor read a success ${successes} times after ${good} good answers: ${JSON.stringify(r.shown)}`).to.be.at.most(good);
}

class IntentCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly via: 'click' | 'enter',
    readonly repeats: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const n = ++m.intents;
    // What the fields hold now is typed over: the visitor's doing, not lost by the kit.
    const before = field(r, 'email')?.value;
    for (const intent of r.intents) if (intent.email === before) intent.overwritten = true;
    const intent: Intent = { email: `i${n}.${crypto.getRandomValues(new Uint32Array(1))[0]}@example.com`, message: `Message ${n}`, overwritten: false };
    r.intents.push(intent);
    field(r, 'email')!.value = intent.email;
    const message = field(r, 'message');
    if (message) message.value = intent.message;
    field(r, 'email')!.dispatchEvent(new Event('input', { bubbles: true }));
    const button = r.el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    if (this.via === 'click') {
      button.click();
      for (let i = 0; i < this.repeats; i++) {
        await wait(60);
        button.click();
      }
    } else {
      field(r, 'email')!.focus();
      if (this.repeats && browserName() !== 'webkit') await executeServerCommand('hold-key', { key: 'Enter', repeats: this.repeats * 4, intervalMs: 40 });
      else for (let i = 0; i <= this.repeats; i++) await sendKeys({ press: 'Enter' });
    }
    await wait(150);
    await check(r);
  }
  toString = () => `Intent(${this.via}${this.repeats ? ` ×${this.repeats + 1}` : ''})`;
}

class AnswerCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly answer: Answer) {}
  check = () => true;
  async run(_m: Model, r: Real): Promise<void> {
    await control(r.base, 'faults', fault(r.kind, this.answer));
  }
  toString = () => `ServiceAnswersNext(${this.answer})`;
}

class NetworkCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly offline: boolean) {}
  check = (m: Readonly<Model>) => m.offline !== this.offline;
  async run(m: Model, r: Real): Promise<void> {
    m.offline = this.offline;
    setOffline(this.offline);
    await wait(100);
    await check(r);
  }
  toString = () => (this.offline ? 'Offline' : 'Online');
}

class WaitCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: Model, r: Real): Promise<void> {
    await wait(this.ms);
    await check(r);
  }
  toString = () => `Wait(${this.ms})`;
}

class ReleaseCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real): Promise<void> {
    await control(r.base, 'faults/release', {});
    await wait(200);
    await check(r);
  }
  toString = () => 'ReleaseHeldAnswers';
}

const commands = [
  fc.tuple(fc.constantFrom('click' as const, 'enter' as const), fc.nat({ max: 3 })).map(([via, repeats]) => new IntentCommand(via, repeats)),
  fc.constantFrom<Answer>('201', '400', '409', '422', '429', '500', 'hold', 'no-cors').map((answer) => new AnswerCommand(answer)),
  fc.boolean().map((offline) => new NetworkCommand(offline)),
  fc.integer({ min: 100, max: 1500 }).map((ms) => new WaitCommand(ms)),
  fc.constant(new ReleaseCommand()),
];

async function setUp(kind: Kind, origin: string): Promise<Real> {
  const base = newBase(origin);
  const el = document.createElement(TAG[kind]) as HubFormElement;
  el.setAttribute('tenant', 'demo');
  el.setAttribute('base-url', base);
  if (kind === 'magic') el.setAttribute('resource', 'demo-guide');
  document.body.append(el);
  // The loader defines the tag once it sees it on the page, a moment later.
  await customElements.whenDefined(TAG[kind]);
  await el.updateComplete;
  const shown: string[] = [];
  const timer = setInterval(() => {
    const text = seen(el);
    if (text !== shown.at(-1)) shown.push(text);
  }, 20);
  return { kind, base, el, intents: [], shown, stop: () => clearInterval(timer) };
}

/** Online, every held answer let go, and the outbox and the form quiet: then nothing typed is lost. */
async function settle(r: Real): Promise<void> {
  setOffline(false);
  await fetch(`${r.base}/__stand-in/faults`, { method: 'DELETE' });
  await control(r.base, 'faults/release', {});
  // Long enough for a timed-out send (10 s), the outbox's first retry (5 s) and a 429's wait.
  const end = Date.now() + 20_000;
  let last = '';
  let quietSince = Date.now();
  while (Date.now() < end && Date.now() - quietSince < 2500) {
    await wait(200);
    const now = JSON.stringify([r.el.state, (await posts(r)).length, field(r, 'email')?.value]);
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
  await check(r);
  const arrived = await posts(r);
  const good = new Set(arrived.filter((q) => delivered(r.kind, q)).map((q) => q.email));
  // The visitor empties the form, once per entry that may be waiting, to take each one back.
  const inFields = new Set<string>();
  for (let i = 0; i <= r.intents.length; i++) {
    const email = field(r, 'email')!.value;
    if (email) inFields.add(email);
    field(r, 'email')!.value = '';
    const message = field(r, 'message');
    if (message) message.value = '';
    field(r, 'email')!.dispatchEvent(new Event('input', { bubbles: true }));
    await wait(300);
    if (!field(r, 'email')!.value) break;
  }
  for (const intent of r.intents) {
    if (intent.overwritten) continue;
    expect(good.has(intent.email) || inFields.has(intent.email), `${intent.email} was neither delivered nor given back to the visitor`).to.equal(true);
  }
}

describe('submissions from dist/hub-kit.js, model-based', function () {
  this.timeout(0);
  // Both forms' files fetched first; setUp waits for the loader to define each tag.
  const page = bundlePage(remote, { preload: ['signup-form', 'contact-form'] });
  let options: { runs?: number; seed?: number; path?: string; replay?: string };

  before(async () => {
    options = (await executeServerCommand<{ runs?: number; seed?: number; path?: string; replay?: string }, undefined>('model-options')) ?? {};
  });

  for (const kind of ['contact', 'signup', 'magic'] as const) {
    it(`<${TAG[kind]}>${kind === 'magic' ? ' for a magic link' : ''}: every sequence keeps the promises`, async () => {
      const runs = options.runs ?? 3;
      let sequences = 0;
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 10, ...(options.replay ? { replayPath: options.replay } : {}) }), async (cmds) => {
          sequences++;
          const real = await setUp(kind, page.origin());
          try {
            await fc.asyncModelRun(() => ({ model: { offline: false, intents: 0 }, real }), cmds);
            await settle(real);
          } finally {
            real.stop();
            real.el.remove();
            setOffline(false);
          }
        }),
        { numRuns: runs, ...(options.seed !== undefined ? { seed: options.seed } : {}), ...(options.path ? { path: options.path } : {}), endOnFailure: false, includeErrorInReport: true },
      );
      console.log(`# model: ${browserName()} <${TAG[kind]}>${kind === 'magic' ? ' (magic link)' : ''}: ${sequences} sequences`);
    });
  }
});
