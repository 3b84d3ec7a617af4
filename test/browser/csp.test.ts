/**
 * The script-tag bundle under a strict Content Security Policy:
 *
 *   script-src 'self'; style-src 'self'; require-trusted-types-for 'script'
 *
 * and under a nonce-based one with a Trusted Types allow-list. Each page (csp-pages/) sets
 * its policy in a `<meta http-equiv>`, records every `securitypolicyviolation`, and loads
 * dist/hub-kit.js; the test puts every element on it, uses each against a stand-in
 * sandbox, and expects them rendered, styled and working with no violation at all.
 */
import { expect } from 'chai';
import { newSandbox, type Sandbox } from './helpers/sandbox.js';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}
type FrameWindow = Window & typeof globalThis & { cspViolations: Violation[]; pageErrors: string[]; otherAppPolicy?: unknown; trustedTypes?: unknown };
type Lit = HTMLElement & { updateComplete: Promise<boolean> };

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function openPage(path: string): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.title = 'page under test';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = new URL(path, import.meta.url).href;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  await until(() => Array.isArray(win.cspViolations), 'the violation recorder');
  await Promise.all(
    ['signup-form', 'contact-form', 'hub-search', 'bio-card'].map((tag) =>
      Promise.race([
        win.customElements.whenDefined(tag),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`<${tag}> never defined on ${path}; the page's errors: ${win.pageErrors.join('; ')}`)), 10_000),
        ),
      ]),
    ),
  );
  return win;
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

/** Puts all four elements on the page and uses each one. */
async function exercise(win: FrameWindow, sandbox: Sandbox): Promise<void> {
  const base = { 'base-url': sandbox.baseUrl };
  const signup = add(win, 'signup-form', { ...base, form: 'demo-form' });
  const contact = add(win, 'contact-form', { ...base, tenant: 'demo' });
  const search = add(win, 'hub-search', { ...base, tenant: 'demo', label: 'Search the hub' });
  const card = add(win, 'bio-card', { ...base, tenant: 'demo', 'no-presence': '' });
  await Promise.all([signup, contact, search, card].map((el) => el.updateComplete));

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
}

describe('Content Security Policy', () => {
  afterEach(() => {
    document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  });

  describe("when the page allows only 'self' scripts and styles and requires Trusted Types", () => {
    it('every element renders and works, with no violation', async () => {
      const win = await openPage('./csp-pages/strict.html');
      await exercise(win, newSandbox());
      expect(violations(win)).to.deep.equal([]);
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
      await exercise(win, newSandbox());
      expect(violations(win)).to.deep.equal([]);
      expect(win.pageErrors).to.deep.equal([]);
    });
  });

  describe('when an old library added an enumerable property to Object.prototype', () => {
    it('every element is defined, renders and works', async () => {
      const win = await openPage('./csp-pages/old-library.html');
      expect(Object.keys(win.Object.prototype)).to.include('legacyExtend');
      await exercise(win, newSandbox());
      expect(violations(win)).to.deep.equal([]);
      expect(win.pageErrors).to.deep.equal([]);
      // The page's prototype is as the library left it.
      expect(Object.keys(win.Object.prototype)).to.deep.equal(['legacyExtend']);
    });
  });

  describe('when the page uses a nonce and a Trusted Types allow-list (docs/csp.md)', () => {
    it('every element renders and works, with no violation', async () => {
      const win = await openPage('./csp-pages/nonce.html');
      await exercise(win, newSandbox());
      expect(violations(win)).to.deep.equal([]);
    });
  });
});
