/**
 * What outlives a page: a submission queued on a page the visitor then closed is sent by
 * the next page with any hub-kit element, and a spent allowance still holds after a reload.
 * Each "page" is a frame running the built dist/hub-kit.js; this page never loads the kit,
 * so nothing here can deliver or spend on their behalf.
 */
import { expect } from 'chai';
import type { HubFormElement, FormErrorDetail } from '../../../components/shared/hub-form.js';
import type { RateLimitedError } from '../../../src/api/errors.js';
import type { StandInRecords } from '../helpers/sandbox.js';
import { browserName, newBase, next, outboxEntry, posts, records, remoteStandIn, seen, submitAgain, uniqueEmail, untilSeen, untilState, wait } from '../helpers/forms.js';
import { arrivedAt } from '../helpers/sandbox.js';
import { setOffline } from '../helpers/network.js';
import { until } from '../helpers/dom.js';
import { sitePage } from '../helpers/site-page.js';

const remote = remoteStandIn(`forms-next-page-${browserName()}`);

/** A page of the creator's site: the script tag and one element. */
const page = sitePage;

function fillIn(el: HubFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    (el.formElement!.elements.namedItem(name) as HTMLInputElement).value = value;
  }
}

describe('forms across pages (dist/hub-kit.js)', () => {
  let origin: string;
  before(async () => {
    ({ url: origin } = (await remote('start'))!);
  });
  afterEach(async () => {
    await remote('start');
    document.querySelectorAll('iframe').forEach((f) => f.remove());
  });

  describe('when the visitor closes the page while offline', () => {
    it('the next page with any hub-kit element sends the signup, exactly once', async () => {
      const base = newBase(origin);
      const first = await page(`<signup-form tenant="demo" base-url="${base}"></signup-form>`);
      await remote('stop');
      setOffline(true, first.frame.contentWindow!);
      const email = uniqueEmail();
      fillIn(first.el, { email });
      const queued = next(first.el, 'signup-form-queued');
      first.el.formElement!.requestSubmit();
      await queued;
      await untilState(first.el, 'queued');
      first.frame.remove();

      await remote('start');
      // Kept, queued and not in flight: nobody has sent it, and this page cannot.
      const kept = await outboxEntry(email);
      expect(kept && !kept.sending && !kept.delivered, JSON.stringify(kept)).to.equal(true);
      expect(await arrivedAt(base, '/subscribe', 'POST')).to.equal(0);

      await page(`<contact-form tenant="demo" base-url="${base}"></contact-form>`);
      let subscribers: StandInRecords['subscribers'] = [];
      for (let i = 0; i < 100 && subscribers.length === 0; i++) {
        await wait(100);
        ({ subscribers } = await records(base));
      }
      expect(subscribers.map((s) => s.email)).to.deep.equal([email]);
      // Delivered, it waits for a signup form to say so, and is never sent again by itself.
      await until(async () => !!(await outboxEntry(email))?.delivered, 'the entry to be marked delivered');
      expect((await records(base)).subscribers).to.have.length(1);
      expect(await arrivedAt(base, '/subscribe', 'POST')).to.equal(1);
      expect((await posts(base, '/subscribe')).filter((r) => r.status < 300)).to.have.length(1);
    });
  });

  describe('when the visitor lands back from a post made without JavaScript', () => {
    async function land(query: string) {
      const frame = document.createElement('iframe');
      frame.src = `/test/browser/bundle/pages/landing.html${query}`;
      document.body.append(frame);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      const win = frame.contentWindow as Window & typeof globalThis;
      await win.customElements.whenDefined('contact-form');
      const signup = frame.contentDocument!.querySelector('signup-form') as HubFormElement;
      const contact = frame.contentDocument!.querySelector('contact-form') as HubFormElement;
      await signup.updateComplete;
      await contact.updateComplete;
      return { frame, signup, contact };
    }

    it('the signup form says it worked, once, and the marker leaves the address', async () => {
      const { frame, signup, contact } = await land('?ref=news&hub-kit=subscribed#join');
      expect(await untilSeen(signup, /thanks! please check your inbox to confirm/i)).to.be.a('string');
      expect(seen(contact)).to.equal('');
      expect(frame.contentWindow!.location.search).to.equal('?ref=news');
      expect(frame.contentWindow!.location.hash).to.equal('#join');
      // A reload shows nothing: the marker is gone.
      frame.contentWindow!.location.reload();
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      const again = frame.contentDocument!.querySelector('signup-form') as HubFormElement;
      await frame.contentWindow!.customElements.whenDefined('signup-form');
      // It says a marker as it loads, in its first updates: after them, it said nothing.
      await again.updateComplete;
      await again.updateComplete;
      expect(seen(again)).to.equal('');
    });

    it('the contact form answers its own marker, and either form an error marker', async () => {
      const sent = await land('?hub-kit=sent');
      await untilSeen(sent.contact, /your message has been sent/i);
      expect(seen(sent.signup)).to.equal('');
      const failed = await land('?hub-kit=error');
      // The first form on the page takes it.
      await untilSeen(failed.signup, /could not take this right now/i);
      expect(failed.frame.contentWindow!.location.search).to.equal('');
    });
  });

  describe('when the entry a closed page left is sent but never confirmed', () => {
    it('the next page with that form gives it back, in its fields, and sends it again only when asked', async function () {
      this.timeout(40_000);
      const base = newBase(origin);
      const first = await page(`<contact-form tenant="demo" base-url="${base}"></contact-form>`);
      await remote('stop');
      setOffline(true, first.frame.contentWindow!);
      fillIn(first.el, { email: 'kept@example.com', message: 'Written offline' });
      first.el.formElement!.requestSubmit();
      await untilSeen(first.el, /offline/i);
      first.frame.remove();

      // Back online, the next page's outbox sends it; the connection drops before any answer.
      await remote('start');
      await fetch(`${base}/__stand-in/faults`, {
        method: 'POST',
        body: JSON.stringify({ path: '/contact', method: 'POST', store: true, drop: true, times: 2 }),
      });
      const next = await page(`<contact-form tenant="demo" base-url="${base}"></contact-form>`);
      const saw = await untilSeen(next.el, /could not confirm that this arrived/i);
      expect(saw).to.match(/send it again/i);
      const field = (name: string) => (next.el.formElement!.elements.namedItem(name) as HTMLInputElement).value;
      expect([field('email'), field('message')]).to.deep.equal(['kept@example.com', 'Written offline']);
      // Back in the fields, it left the outbox: nothing of the kit sends it again by itself.
      expect(await outboxEntry('kept@example.com')).to.equal(undefined);
      const sentBefore = await arrivedAt(base, '/contact', 'POST');

      // The connection holds now (a browser that retried by itself used the second rule).
      await fetch(`${base}/__stand-in/faults`, { method: 'DELETE' });
      await submitAgain(next.el);
      await untilSeen(next.el, /message was sent/i);
      expect(await arrivedAt(base, '/contact', 'POST')).to.equal(sentBefore + 1);
    });
  });

  describe('when the visitor has spent the allowance and reloads', () => {
    it('the new page still waits, and sends nothing', async () => {
      const base = newBase(origin);
      const first = await page(`<signup-form tenant="demo" base-url="${base}"></signup-form>`);
      for (let i = 0; i < 10; i++) {
        fillIn(first.el, { email: uniqueEmail() });
        const done = next(first.el, 'signup-form-success');
        first.el.formElement!.requestSubmit();
        await done;
      }
      first.frame.remove();

      const second = await page(`<signup-form tenant="demo" base-url="${base}"></signup-form>`);
      fillIn(second.el, { email: uniqueEmail() });
      const failed = next<FormErrorDetail>(second.el, 'signup-form-error');
      second.el.formElement!.requestSubmit();
      const error = (await failed).detail.error as RateLimitedError;
      expect(error.name).to.equal('RateLimitedError');
      expect(error.sent).to.equal(false);
      expect(error.retryAfter).to.be.greaterThan(0);
      await untilState(second.el, 'rate-limited');
      expect(await posts(base, '/subscribe')).to.have.length(10);
    });
  });

  describe('when the page has a strict CSP with Trusted Types', () => {
    it('renders, styles and submits without inline styles, eval or HTML strings', async () => {
      const base = newBase(origin);
      // The page's own origin, spelled out: Firefox does not match 'self' in an about:srcdoc frame.
      const self = location.origin;
      const csp = `<meta http-equiv="Content-Security-Policy" content="script-src ${self}; style-src ${self}; require-trusted-types-for 'script'">`;
      const { frame, el } = await page(`<contact-form tenant="demo" base-url="${base}"></contact-form>`, csp);
      const doc = frame.contentDocument!;
      expect(el.shadowRoot!.querySelector('[role="status"]')).to.not.equal(null);
      expect(doc.querySelector('[style]')).to.equal(null);
      // The light-DOM sheet was adopted: the generated form is a grid, not the browser's default.
      expect(frame.contentWindow!.getComputedStyle(el.formElement!).display).to.equal('grid');
      fillIn(el, { email: 'nope', message: '' });
      el.formElement!.requestSubmit();
      await untilState(el, 'invalid');
      expect(doc.querySelectorAll('.hub-error:not([hidden])')).to.have.length(2);
      fillIn(el, { email: uniqueEmail(), message: 'Under a strict policy' });
      el.formElement!.requestSubmit();
      expect(await untilState(el, 'success', 'error')).to.equal('success');
      expect((await records(base)).contacts).to.have.length(1);
    });
  });

  describe('when redirect= is set', () => {
    it('goes there after a successful signup', async () => {
      const base = newBase(origin);
      const target = `${location.origin}/dist/hub-forms.css?welcome`;
      const { frame, el } = await page(`<signup-form tenant="demo" base-url="${base}" redirect="${target}"></signup-form>`);
      fillIn(el, { email: uniqueEmail() });
      const navigated = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      el.formElement!.requestSubmit();
      await navigated;
      expect(frame.contentWindow!.location.href).to.equal(target);
      expect((await records(base)).subscribers).to.have.length(1);
    });

    it('refuses a javascript: redirect', async () => {
      const base = newBase(origin);
      const { frame, el } = await page(
        `<signup-form tenant="demo" base-url="${base}" redirect="JavaScript:parent.__redirected=1"></signup-form>`,
      );
      fillIn(el, { email: uniqueEmail() });
      el.formElement!.requestSubmit();
      await untilState(el, 'success');
      // A javascript: URL of our own, queued after anything the success could have queued: once it has run, theirs would have.
      frame.contentWindow!.location.href = 'javascript:parent.__after=1';
      await until(() => (window as unknown as { __after?: number }).__after === 1, 'our own javascript: URL to run');
      expect((window as unknown as { __redirected?: number }).__redirected).to.equal(undefined);
      expect(frame.contentWindow!.location.href).to.equal('about:srcdoc');
    });
  });
});
