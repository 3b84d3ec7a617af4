/**
 * The script tag under a strict Content Security Policy:
 *
 *   script-src 'self'; style-src 'self'; require-trusted-types-for 'script'
 *
 * under nonce-based ones (with and without 'strict-dynamic') with a Trusted Types
 * allow-list, and loaded from another origin, as from a CDN, allowed by its folder. Each
 * page sets its policy in a `<meta http-equiv>` (csp-pages/) or a header
 * (script-tag-plugin.mjs), records every `securitypolicyviolation`, and loads
 * dist/hub-kit.js, the loader, which fetches the elements' files with `import()`. The test puts
 * elements on it, uses each against a stand-in sandbox, and expects them rendered, styled
 * and working with no violation at all: once with all four at once (the one file of all)
 * and once element by element (the per-element files and the core).
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { browserName, until } from '../helpers/dom.js';
import { newSandbox, type Sandbox } from '../helpers/sandbox.js';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}
type FrameWindow = Window & typeof globalThis & { cspViolations: Violation[]; pageErrors: string[]; otherAppPolicy?: unknown; trustedTypes?: unknown };
type Lit = HTMLElement & { updateComplete: Promise<boolean> };

async function openFrame(set: (frame: HTMLIFrameElement) => void): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.title = 'page under test';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  set(frame);
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  await until(() => Array.isArray(win.cspViolations), 'the violation recorder');
  return win;
}

const openPage = (path: string) => openFrame((frame) => (frame.src = new URL(path, import.meta.url).href));

/** A page whose policy, a header, has these script sources (script-tag-plugin.mjs). */
const openPolicyPage = (scriptSrc: string, options: { src?: string; nonce?: string; 'worker-src'?: string } = {}) =>
  openFrame((frame) => {
    const query = new URLSearchParams({ 'script-src': scriptSrc, ...options });
    frame.src = `/__csp-page?${query}`;
  });

/** The loader defines a tag once one is on the page; then the element renders. */
async function upgraded(win: FrameWindow, el: Lit): Promise<void> {
  await Promise.race([
    win.customElements.whenDefined(el.localName),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`<${el.localName}> never defined`)), 10_000)),
  ]);
  await el.updateComplete;
}

/**
 * The page's violations, less the test server's own: it injects a script of its own
 * (`__web-dev-server__web-socket.js`) into every HTML page, without the page's nonce.
 */
const violations = (win: FrameWindow) => win.cspViolations.filter((v) => !v.blocked.includes('/__web-dev-server'));

function add(win: FrameWindow, tag: string, attrs: Record<string, string>): Lit {
  const el = win.document.createElement(tag) as Lit;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  win.document.querySelector('main')!.append(el);
  return el;
}

function nextEvent(target: EventTarget, type: string): Promise<CustomEvent> {
  return new Promise((resolve) => target.addEventListener(type, (e) => resolve(e as CustomEvent), { once: true }));
}

/**
 * Puts all four elements on the page, at once (one batch: the loader fetches the one file of
 * all) or one by one (each its own file and the core), and uses each one.
 */
async function exercise(win: FrameWindow, sandbox: Sandbox, order: 'at once' | 'one by one' = 'at once'): Promise<string> {
  const base = { 'base-url': sandbox.baseUrl };
  const elements: Array<[string, Record<string, string>]> = [
    ['signup-form', { ...base, form: 'demo-form' }],
    ['contact-form', { ...base, tenant: 'demo' }],
    ['hub-search', { ...base, tenant: 'demo', label: 'Search the hub' }],
    ['bio-card', { ...base, tenant: 'demo', 'no-presence': '' }],
  ];
  const added: Lit[] = [];
  for (const [tag, attrs] of elements) {
    const el = add(win, tag, attrs);
    added.push(el);
    if (order === 'one by one') await upgraded(win, el);
  }
  await Promise.all(added.map((el) => upgraded(win, el)));
  const [signup, contact, search, card] = added as [Lit, Lit, Lit, Lit];

  // The profile card fetches, then renders what it got as text.
  const bio = (await (await fetch(`${sandbox.baseUrl}/api/v1/tenants/demo/bio`)).json()) as { data: { name: string } };
  await until(() => (card.shadowRoot?.textContent ?? '').includes(bio.data.name), 'the bio card to show the name');

  // A signup, through the light-DOM form.
  const email = `csp.${Math.random().toString(36).slice(2, 9)}@example.com`;
  const form = signup.querySelector('form')!;
  expect(form, 'signup-form rendered no form').to.be.instanceOf(win.HTMLFormElement);
  (form.elements.namedItem('email') as HTMLInputElement).value = email;
  const signedUp = nextEvent(signup, 'signup-form-success');
  form.requestSubmit();
  await signedUp;

  // A contact message.
  const contactForm = contact.querySelector('form')!;
  (contactForm.elements.namedItem('email') as HTMLInputElement).value = email;
  (contactForm.elements.namedItem('message') as HTMLTextAreaElement).value = 'Written under a strict policy.';
  const name = contactForm.elements.namedItem('name') as HTMLInputElement | null;
  if (name) name.value = 'Ada';
  const sent = nextEvent(contact, 'contact-form-success');
  contactForm.requestSubmit();
  await sent;

  // A search, typed into the combobox.
  const box = search.shadowRoot!.querySelector('[role="combobox"]') as HTMLInputElement;
  expect(box, 'hub-search rendered no combobox').to.be.instanceOf(win.HTMLInputElement);
  const results = nextEvent(search, 'hub-search-results');
  box.focus();
  box.value = 'the';
  box.dispatchEvent(new win.InputEvent('input', { bubbles: true, composed: true, data: 'the', inputType: 'insertText' }));
  const { detail } = await results;
  expect(detail.total, 'no search results').to.be.greaterThan(0);
  await search.updateComplete;
  expect(search.shadowRoot!.querySelectorAll('[role="option"]').length).to.be.greaterThan(0);

  const { subscribers, contacts } = await sandbox.records();
  expect(subscribers.map((s) => s.email)).to.include(email);
  expect(contacts.map((c) => c.email)).to.include(email);

  // Styles arrived: constructable stylesheets are not inline styles and pass style-src 'self'.
  for (const el of [signup, contact, search, card]) {
    expect(win.getComputedStyle(el).display, `<${el.localName}> is unstyled`).not.to.equal('inline');
  }

  // What arrived and what the visitor read, for the test's diagnostic line.
  const posts = async (part: string) => (await sandbox.requests(part, 'POST')).length;
  const said = (el: Lit) => el.shadowRoot?.querySelector('[part="status"]')?.textContent?.trim();
  return `signup: ${await posts('/subscribe')} POST, "${said(signup)}"; contact: ${await posts('/contact')} POST, "${said(contact)}"`;
}

type Search = Lit & { _engine: { where: string }; value: string };

/** A search box on the page, searched: where its index was built is what the test reads. */
async function searched(win: FrameWindow, sandbox = newSandbox()): Promise<Search & { shown: string[] }> {
  const search = add(win, 'hub-search', { 'base-url': sandbox.baseUrl, tenant: 'demo' }) as Search & { shown: string[] };
  await upgraded(win, search);
  const results = nextEvent(search, 'hub-search-results');
  search.value = 'the';
  search.shown = ((await results).detail as { entries: Array<{ id: string }> }).entries.map((entry) => entry.id);
  return search;
}

/** The script files the page fetched, by name without their hash: `hub-kit.js`, `all`, `forms`… */
function scripts(win: FrameWindow): string[] {
  return win.performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => /\/hub-kit(\.js|\/)/.test(path))
    .map((path) => (path.endsWith('/hub-kit.js') ? 'hub-kit.js' : /\/hub-kit\/(\w+(?:-[a-z]+)*)-/.exec(path)![1]!))
    .sort();
}

describe('Content Security Policy', () => {
  afterEach(() => {
    document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  });

  describe("when the page allows only 'self' scripts and styles and requires Trusted Types", () => {
    it('every element renders and works, with no violation', async () => {
      const win = await openPage('./csp-pages/strict.html');
      await exercise(win, newSandbox());
      expect(scripts(win)).to.deep.equal(['all', 'hub-kit.js', 'search']);
      expect(violations(win)).to.deep.equal([]);
    });

    it('element by element, from their own files, with no violation', async () => {
      const win = await openPage('./csp-pages/strict.html');
      await exercise(win, newSandbox(), 'one by one');
      expect(scripts(win)).to.deep.equal(['bio-card', 'core', 'forms', 'hub-kit.js', 'hub-search', 'search', 'shared']);
      expect(violations(win)).to.deep.equal([]);
    });

    it('search runs in its worker, which the policy allows as a script of the page’s origin', async () => {
      const win = await openPage('./csp-pages/strict.html');
      const search = await searched(win);
      expect(search._engine.where).to.equal('worker');
      expect(violations(win)).to.deep.equal([]);
    });
  });

  describe('when the policy forbids workers (worker-src \'none\')', () => {
    it('search builds and runs on the page instead, and the worker refused is the one violation', async () => {
      const win = await openPolicyPage("'self'", { 'worker-src': "'none'" });
      const sandbox = newSandbox();
      const search = await searched(win, sandbox);
      expect(search._engine.where).to.equal('page');
      expect(search.shown, 'results from the index built on the page').not.to.deep.equal([]);
      // The next page reads the index the cache kept (a Blob), and finds the same.
      const next = await searched(await openPolicyPage("'self'", { 'worker-src': "'none'" }), sandbox);
      expect(next._engine.where).to.equal('page');
      expect(next.shown).to.deep.equal(search.shown);
      expect(violations(win).map((v) => [v.directive.split(' ')[0], new URL(v.blocked, location.href).pathname.replace(/-[\w-]{8}\.js$/, '')])).to.deep.equal([
        ['worker-src', '/dist/hub-kit/search'],
      ]);
    });

    it('the page really enforces the policy: an inline style attribute is reported', async () => {
      const win = await openPage('./csp-pages/strict.html');
      win.document.body.setAttribute('style', 'color: red');
      await until(() => win.cspViolations.length > 0, 'a violation report');
      expect(win.cspViolations.map((v) => v.directive)).to.satisfy((list: string[]) =>
        list.some((d) => d.startsWith('style-src')),
      );
    });
  });

  describe('when another Lit app on the page made its "lit-html" policy first (docs/csp.md)', () => {
    it('every element is defined, renders and works, with no violation', async () => {
      const win = await openPage('./csp-pages/another-lit-app.html');
      if (win.trustedTypes) expect(win.otherAppPolicy, 'the other app has its policy').to.have.property('name', 'lit-html');
      const outcome = await exercise(win, newSandbox());
      expect(violations(win)).to.deep.equal([]);
      expect(win.pageErrors).to.deep.equal([]);
      console.log(`# csp: ${browserName()}, another Lit app made "lit-html" first, trusted-types lit-html hub-kit: all four defined; ${outcome}`);
    });
  });

  describe('when the page lists only "lit-html", as the older docs said (no other Lit app)', () => {
    /** The one violation expected: the name "hub-kit", asked for first and refused, before "lit-html". */
    const refusedName = (v: Violation) => v.directive === 'trusted-types' && /hub-kit/.test(v.sample);
    for (const order of ['at once', 'one by one'] as const) {
      it(`${order}: the bundle falls back to a "lit-html" policy, and every element renders and works`, async () => {
        const win = await openPage('./csp-pages/lit-html-only.html');
        const outcome = await exercise(win, newSandbox(), order);
        expect(win.pageErrors).to.deep.equal([]);
        // The policy of the older docs has no worker-src: the worker is refused, and search runs on the page.
        expect(violations(win).filter((v) => !refusedName(v) && !v.directive.startsWith('worker-src'))).to.deep.equal([]);
        const refused = violations(win).filter(refusedName).length;
        console.log(`# csp: ${browserName()}, ${order}, trusted-types lit-html only, Trusted Types ${win.trustedTypes ? 'enforced' : 'not in this browserName'}: all four defined; "hub-kit" refused ${refused} time(s); ${outcome}`);
        // Where the browser enforces Trusted Types, the refusal of "hub-kit" is what made it fall back.
        if (win.trustedTypes) expect(refused).to.be.above(0);
      });
    }
  });

  describe('when an old library added an enumerable property to Object.prototype', () => {
    it('every element is defined, renders and works', async () => {
      const win = await openPage('./csp-pages/old-library.html');
      expect(Object.keys(win.Object.prototype)).to.include('legacyExtend');
      const outcome = await exercise(win, newSandbox());
      console.log(`# csp: ${browserName()}, Object.prototype.legacyExtend enumerable: all four defined; ${outcome}`);
      expect(violations(win)).to.deep.equal([]);
      expect(win.pageErrors).to.deep.equal([]);
      // The page's prototype is as the library left it.
      expect(Object.keys(win.Object.prototype)).to.deep.equal(['legacyExtend']);
    });
  });

  const NONCE = 'aGVsbG8taHViLWtpdA';
  for (const [what, open] of [
    ['a nonce', () => openPage('./csp-pages/nonce.html')],
    ["a nonce and 'strict-dynamic'", () => openPolicyPage(`'nonce-${NONCE}' 'strict-dynamic'`, { nonce: NONCE, 'worker-src': "'self'" })],
  ] as const) {
    describe(`when the page uses ${what} and a Trusted Types allow-list (docs/csp.md)`, () => {
      it('every element renders and works, with no violation', async () => {
        const win = await open();
        await exercise(win, newSandbox());
        expect(scripts(win)).to.deep.equal(['all', 'hub-kit.js', 'search']);
        expect(violations(win)).to.deep.equal([]);
      });

      it('element by element, from their own files, with no violation', async () => {
        const win = await open();
        await exercise(win, newSandbox(), 'one by one');
        expect(scripts(win)).to.include.members(['core', 'forms', 'hub-search', 'bio-card']);
        expect(violations(win)).to.deep.equal([]);
      });
    });
  }

  describe("when hub-kit.js comes from a CDN folder the policy names in script-src", () => {
    it('element by element and all at once, every element renders and works, with no violation', async () => {
      const { origin } = await executeServerCommand<{ origin: string }, undefined>('script-tag-origin');
      for (const order of ['one by one', 'at once'] as const) {
        // Only the package's folder on the CDN: the narrowest source docs/csp.md offers.
        const src = `${origin}/npm/hub-kit@0.1.0/dist/hub-kit.js`;
        // A worker's own file must be of the page's origin: the kit starts it from a one-line
        // module of the page's that imports the CDN's file, which worker-src allows as blob:.
        const win = await openPolicyPage(`'self' ${new URL('./', src).href}`, { src, 'worker-src': `'self' blob:` });
        await exercise(win, newSandbox(), order);
        expect(violations(win), order).to.deep.equal([]);
      }
    });
  });
});
