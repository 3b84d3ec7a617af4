/**
 * The static site example (examples/static-site), as `npm run build:examples` built it:
 *
 * - without JavaScript (a frame that may submit forms but runs no script), the page shows
 *   the server-rendered elements and its forms post to the service;
 * - with JavaScript, the elements hydrate: they keep the server-rendered nodes and work.
 *
 * The build gave the page a stand-in sandbox of its own (its `base-url`); the test reads
 * it from the page.
 */
import { expect } from 'chai';
import { axe, until } from '../helpers/dom.js';

const PAGE = '/examples/.build/static-site/index.html';

type FrameWindow = Window & typeof globalThis & { ssrNameNode?: Element | null };

async function open(sandboxed: boolean): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.title = 'static site';
  if (sandboxed) frame.setAttribute('sandbox', 'allow-forms allow-same-origin');
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = PAGE;
  document.body.append(frame);
  await loaded;
  return frame;
}

/** The page's service: the `base-url` the build wrote (on the card), read against the page. */
function serviceOf(doc: Document): string {
  const base = doc.querySelector('bio-card')!.getAttribute('base-url');
  expect(base, 'the page has no base-url').to.be.a('string');
  return new URL(base!, location.origin).href.replace(/\/+$/, '');
}

async function records(service: string): Promise<{ subscribers: { email: string }[]; contacts: { email: string; message?: string }[] }> {
  return (await fetch(`${service}/__stand-in/records`, { cache: 'no-store' })).json();
}

/** Opens the sandbox's rate windows, whatever earlier runs of this build spent. */
async function freshWindows(service: string): Promise<void> {
  await fetch(`${service}/__stand-in/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance: 3600 }),
  });
}

const uniqueEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('static site example', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((frame) => frame.remove()));

  it('is accessible, server-rendered and before any script', async () => {
    // axe runs in this page, so the built markup is parsed here, declarative shadow roots
    // included; no element is defined on this page, which leaves them as a page without
    // JavaScript has them.
    const html = await (await fetch(PAGE, { cache: 'no-store' })).text();
    const body = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
    const host = document.createElement('div');
    document.body.append(host);
    (host as HTMLElement & { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(body);
    try {
      expect(host.querySelector('bio-card')!.shadowRoot, 'no declarative shadow root').to.not.equal(null);
      const result = await axe.run(host, { resultTypes: ['violations'] });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).to.deep.equal([]);
    } finally {
      host.remove();
    }
  });

  describe('when the page runs no JavaScript', () => {
    it('shows the card and the forms from their declarative shadow roots, and a link for the search', async () => {
      const frame = await open(true);
      const doc = frame.contentDocument!;
      expect(doc.documentElement.dataset.hydrated, 'the frame ran a script').to.equal(undefined);
      for (const tag of ['signup-form', 'contact-form', 'hub-search', 'bio-card']) {
        expect(frame.contentWindow!.customElements.get(tag), `<${tag}> was defined: a script ran`).to.equal(undefined);
      }
      for (const tag of ['signup-form', 'contact-form', 'bio-card']) {
        expect(doc.querySelector(tag)!.shadowRoot, `<${tag}> has no declarative shadow root`).to.not.equal(null);
      }
      const card = doc.querySelector('bio-card')!.shadowRoot!;
      expect(card.querySelector('[part="name"]')?.textContent?.trim()).to.be.a('string').and.not.equal('');
      // Not server-rendered: without its script it could not search, so it shows its link.
      const search = doc.querySelector('hub-search')!;
      expect(search.shadowRoot).to.equal(null);
      const link = search.querySelector('a')!;
      expect(link.getClientRects().length, 'the link is not shown').to.be.greaterThan(0);
      expect(link.textContent).to.equal('Search the notes on the Hub');
      expect(doc.querySelector('.hub-landed')!.getClientRects().length, 'a note shows before any post').to.equal(0);
    });

    it('the signup form posts to the service as a plain HTML form', async () => {
      const frame = await open(true);
      const doc = frame.contentDocument!;
      const service = serviceOf(doc);
      await freshWindows(service);
      const email = uniqueEmail('nojs');
      const form = doc.querySelector('signup-form form') as HTMLFormElement;
      (form.elements.namedItem('email') as HTMLInputElement).value = email;
      const navigated = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      form.requestSubmit();
      await navigated;
      const { subscribers } = await records(service);
      expect(subscribers.map((s) => s.email)).to.include(email);
      // Back on the page, at the note the fragment of the form's action names.
      const back = frame.contentWindow!.location;
      expect(back.pathname + back.search + back.hash).to.equal(`${PAGE}?hub-kit=subscribed#hub-kit-subscribed`);
      const note = frame.contentDocument!.getElementById('hub-kit-subscribed')!;
      expect(note.getClientRects().length, 'the note is not shown').to.be.greaterThan(0);
      expect(note.textContent).to.equal('Thanks! Please check your inbox to confirm.');
    });

    it('the contact form posts to the service as a plain HTML form', async () => {
      const frame = await open(true);
      const doc = frame.contentDocument!;
      const service = serviceOf(doc);
      await freshWindows(service);
      const email = uniqueEmail('nojs-contact');
      const form = doc.querySelector('contact-form form') as HTMLFormElement;
      (form.elements.namedItem('email') as HTMLInputElement).value = email;
      (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Sent from a page without scripts.';
      const navigated = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      form.requestSubmit();
      await navigated;
      const { contacts } = await records(service);
      expect(contacts.find((c) => c.email === email)?.message).to.equal('Sent from a page without scripts.');
    });
  });

  describe('when the page runs its script', () => {
    it('the elements hydrate, keeping the server-rendered nodes', async () => {
      const frame = await open(false);
      const win = frame.contentWindow as FrameWindow;
      const doc = frame.contentDocument!;
      await until(() => doc.documentElement.dataset.hydrated === 'true', 'hydration');
      const card = doc.querySelector('bio-card') as HTMLElement & { updateComplete: Promise<boolean> };
      await card.updateComplete;
      expect(win.ssrNameNode, 'no server-rendered name node').to.be.instanceOf(win.Element);
      expect(card.shadowRoot!.querySelector('[part="name"]')).to.equal(win.ssrNameNode);
      // Hydrated with the profile in its `data` attribute: no request for it.
      const log = (await (await fetch(`${serviceOf(doc)}/__stand-in/log`)).json()) as { requests: { path: string }[] };
      expect(log.requests.filter((r) => r.path.endsWith('/bio'))).to.have.length(0);
      // The forms adopted as the server wrote them: not a node, not an attribute changed.
      const served = new DOMParser().parseFromString(await (await fetch(PAGE, { cache: 'no-store' })).text(), 'text/html');
      for (const tag of ['signup-form', 'contact-form']) {
        const el = doc.querySelector(tag) as HTMLElement & { formElement?: HTMLFormElement; updateComplete: Promise<boolean> };
        await el.updateComplete;
        expect(el.formElement, `<${tag}> did not adopt its form`).to.equal(el.querySelector('form'));
        expect(el.formElement!.outerHTML).to.equal(served.querySelector(`${tag} > form`)!.outerHTML);
      }
      // The search box upgraded in the browser: its link gone, one search box.
      const search = doc.querySelector('hub-search') as HTMLElement & { updateComplete: Promise<boolean> };
      await search.updateComplete;
      expect(search.querySelector('a')!.getClientRects().length, 'the link is still shown').to.equal(0);
      expect(search.shadowRoot!.querySelectorAll('input')).to.have.length(1);
    });

    it('the hydrated signup form signs up without leaving the page', async () => {
      const frame = await open(false);
      const doc = frame.contentDocument!;
      await until(() => doc.documentElement.dataset.hydrated === 'true', 'hydration');
      const service = serviceOf(doc);
      await freshWindows(service);
      const signup = doc.querySelector('signup-form')!;
      const email = uniqueEmail('hydrated');
      const form = signup.querySelector('form') as HTMLFormElement;
      (form.elements.namedItem('email') as HTMLInputElement).value = email;
      let navigated = false;
      frame.addEventListener('load', () => (navigated = true), { once: true });
      const success = new Promise((resolve) => signup.addEventListener('signup-form-success', resolve, { once: true }));
      form.requestSubmit();
      await success;
      expect(navigated, 'the page navigated: the form was not handled by the element').to.equal(false);
      const { subscribers } = await records(service);
      expect(subscribers.map((s) => s.email)).to.include(email);
    });
  });
});
