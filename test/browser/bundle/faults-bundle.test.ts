/**
 * Every promise of the kit against a messy service: the built dist/hub-kit.js on this page,
 * the service on another origin (the remote stand-in), each fault armed in the service the
 * way a real one, a proxy or the network produces it. Each case checks what the service
 * received and what the visitor reads, and prints both in a table at the end: every figure
 * printed is counted in the run, where requests arrive (arrivedAt: a held request too, once
 * a marker request sent after the visitor read the outcome has been answered).
 */
import { expect } from 'chai';
import type { BioCard } from '../../../components/bio-card/bio-card.js';
import type { ContactForm } from '../../../components/contact-form/contact-form.js';
import type { HubFormElement } from '../../../components/shared/hub-form.js';
import type { SignupForm } from '../../../components/signup-form/signup-form.js';
import { bundlePage } from '../helpers/bundle.js';
import { until } from '../helpers/dom.js';
import { setOffline } from '../helpers/network.js';
import { arrivedAt } from '../helpers/sandbox.js';
import {
  arm,
  browserName,
  expectAccessible,
  fill,
  newBase,
  outboxHolds,
  records,
  remoteStandIn,
  seen,
  sends,
  submitAgain,
  uniqueEmail,
  untilSeen,
} from '../helpers/forms.js';

const remote = remoteStandIn(`faults-bundle-${browserName()}`);
const elsewhere = remoteStandIn(`faults-elsewhere-${browserName()}`);

const CONFIG = /not set up correctly, and your entry was not received/i;
const UNCONFIRMED = /could not confirm that this arrived\. You can send it again/i;
const STILL_TRYING = /still trying/i;
const OFFLINE = /you seem to be offline/i;

const results: Array<{ fault: string; received: string; saw: string }> = [];
const report = (fault: string, received: string, saw: string) => results.push({ fault, received, saw });

const log = async (base: string) =>
  ((await (await fetch(`${base}/__stand-in/log`)).json()) as { requests: Array<{ method: string; path: string; status: number; arrived: string }> })
    .requests;

/** Requests (not CORS preflights) whose path contains `part`, as answered so far. */
const sent = async (base: string, part: string) =>
  (await log(base)).filter((r) => r.method !== 'OPTIONS' && r.path.includes(part));

/** POSTs whose path contains `part` that reached the service, counted where they arrive. */
const arrived = (base: string, part: string) => arrivedAt(base, part, 'POST');
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function submit(el: HubFormElement, values: Record<string, string>) {
  fill(el.formElement!, values);
  el.formElement!.requestSubmit();
}

describe('dist/hub-kit.js against a messy service on another origin', () => {
  // The loader: each form is defined when form() puts its tag on the page.
  const { base: newSandboxBase, form, removedAfterTest } = bundlePage(remote);
  after(() => {
    console.log(
      `\nFault cases in ${browserName()}:\n` +
        results.map((r) => `- ${r.fault}\n    service received: ${r.received}\n    visitor saw: "${r.saw}"`).join('\n'),
    );
  });

  describe('a redirect on a POST', () => {
    for (const status of [301, 302, 307, 308]) {
      it(`${status} to plain http on another origin: never followed, and the visitor is not told it worked`, async () => {
        const base = newSandboxBase();
        const other = newBase((await elsewhere('start'))!.url);
        const target = `${other}/api/v1/tenants/demo/subscribe`;
        await arm(base, { path: '/subscribe', method: 'POST', redirect: target, status });
        const el = await form<SignupForm>('signup-form', { tenant: 'demo', 'base-url': base });
        const email = uniqueEmail();
        submit(el, { email });
        const saw = await untilSeen(el, CONFIG);
        expect(seen(el)).not.to.match(/thank|check your inbox/i);
        // The body went nowhere: not to the target, and the service did not keep it.
        const atTarget = await log(other);
        expect(atTarget).to.deep.equal([]);
        expect((await records(base)).subscribers).to.have.length(0);
        // A redirect is the answer, read: nothing follows it.
        const posts = await arrived(base, '/subscribe');
        expect(posts).to.equal(1);
        await expectAccessible(el);
        report(`${status} redirect of a signup to ${new URL(target).origin} (http)`, `${plural(posts, 'POST')}, answered with the redirect; the target: ${plural(atTarget.length, 'request')}`, saw);
      });
    }
  });

  describe('a POST that hangs past the timeout', () => {
    it('contact: sent once, "still trying" within 10 s, then "could not confirm" with the message kept to send again', async function () {
      this.timeout(60_000);
      const base = newSandboxBase();
      // The service saves it, then the answer never comes in time.
      await arm(base, { path: '/contact', method: 'POST', store: true, delayMs: 30_000 });
      const el = await form<ContactForm>('contact-form', { tenant: 'demo', 'base-url': base });
      const started = Date.now();
      submit(el, { email: uniqueEmail(), message: 'Are you there?' });
      await untilSeen(el, STILL_TRYING, 10_000);
      expect(Date.now() - started).to.be.below(10_000);
      const saw = await untilSeen(el, UNCONFIRMED, 20_000);
      expect((el.formElement!.elements.namedItem('message') as HTMLTextAreaElement).value).to.equal('Are you there?');
      // "Could not confirm" is said once every attempt is over.
      const posts = await arrived(base, '/contact');
      const saved = (await records(base)).contacts.length;
      expect([posts, saved]).to.deep.equal([1, 1]);
      await expectAccessible(el);
      report('contact POST hangs 30 s (saved, no answer)', `${plural(posts, 'POST')}, saved ${saved}×`, saw);

      // Sending again is the visitor's choice, and then it goes (the fault took one request).
      await submitAgain(el);
      await untilSeen(el, /message has been sent|message was sent/i);
      expect(await arrived(base, '/contact')).to.equal(2);
    });

    it('signup: sent at most twice, "still trying" meanwhile, then "could not confirm"', async function () {
      this.timeout(60_000);
      const base = newSandboxBase();
      await arm(base, { path: '/subscribe', method: 'POST', store: true, delayMs: 30_000, times: 2 });
      const el = await form<SignupForm>('signup-form', { tenant: 'demo', 'base-url': base });
      const email = uniqueEmail();
      submit(el, { email });
      await untilSeen(el, STILL_TRYING, 10_000);
      const saw = await untilSeen(el, UNCONFIRMED, 30_000);
      expect((el.formElement!.elements.namedItem('email') as HTMLInputElement).value).to.equal(email);
      const posts = await arrived(base, '/subscribe');
      const subscribers = (await records(base)).subscribers.length;
      expect([posts, subscribers]).to.deep.equal([2, 1]);
      report('signup POST hangs 30 s (saved, no answer)', `${plural(posts, 'POST')} (one re-send), ${plural(subscribers, 'subscriber')}`, saw);
    });
  });

  describe('a connection dropped after the request was read', () => {
    it('contact: unconfirmed, not queued; the kit sends it once', async () => {
      const base = newSandboxBase();
      // Two rules: a browser that sends the request again by itself meets the same drop.
      await arm(base, { path: '/contact', method: 'POST', store: true, drop: true, times: 2 });
      const el = await form<ContactForm>('contact-form', { tenant: 'demo', 'base-url': base });
      submit(el, { email: uniqueEmail(), message: 'Cut off' });
      const saw = await untilSeen(el, UNCONFIRMED);
      expect(seen(el)).not.to.match(OFFLINE);
      const received = await arrived(base, '/contact');
      // Chromium and Firefox send a request once more, themselves and unseen by scripts, when
      // a reused connection closes before any answer (the connection the CORS preflight
      // opened); WebKit does not. That one is the browser's: the kit's own sends are counted
      // by its budget in client.test.ts ("a connection dropped…: the client sends once").
      expect(received).to.equal(browserName() === 'webkit' ? 1 : 2);
      expect((await records(base)).contacts).to.have.length(received);
      report(
        'contact POST: connection dropped after it was saved',
        `${plural(received, 'POST')}${received > 1 ? ' (the second is the browser’s own retry on a reused connection)' : ''}, saved ${(await records(base)).contacts.length}×`,
        saw,
      );
    });
  });

  describe('a 2xx whose body is not the service’s', () => {
    for (const [kind, body] of [
      ['an HTML page', '<!doctype html><title>Proxy</title><p>OK</p>'],
      ['cut-off JSON', '{"message": "Check your in'],
    ] as const) {
      it(`${kind}: success, sent once`, async () => {
        const base = newSandboxBase();
        await arm(base, { path: '/subscribe', method: 'POST', store: true, status: 200, body, headers: { 'Content-Type': 'text/html' } });
        const el = await form<SignupForm>('signup-form', { tenant: 'demo', 'base-url': base });
        submit(el, { email: uniqueEmail() });
        const saw = await untilSeen(el, /thanks! please check your inbox/i);
        const posts = await arrived(base, '/subscribe');
        const saved = (await records(base)).subscribers.length;
        expect([posts, saved]).to.deep.equal([1, 1]);
        report(`signup answered 200 with ${kind}`, `${plural(posts, 'POST')}, saved ${saved}×`, saw);
      });
    }
  });

  describe('a 429', () => {
    it('with headers the service did not expose: the budget’s own wait of one to two minutes, and nothing sent meanwhile', async () => {
      const base = newSandboxBase();
      await arm(base, {
        path: '/contact',
        method: 'POST',
        status: 429,
        headers: { 'Retry-After': '5', 'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 5), 'Access-Control-Expose-Headers': null },
      });
      const el = await form<ContactForm>('contact-form', { tenant: 'demo', 'base-url': base });
      submit(el, { email: uniqueEmail(), message: 'Hello' });
      // src/timing's backoff: half a two-minute step fixed, half random.
      const saw = await untilSeen(el, /try again in (59|[6-8]\d|90) seconds|try again in about 2 minutes/i);
      // A submit during the wait is no send.
      expect(sends(el, () => el.formElement!.requestSubmit())).to.equal(false);
      const posts = await arrived(base, '/contact');
      expect(posts).to.equal(1);
      report('contact answered 429, Retry-After not exposed to scripts', plural(posts, 'POST'), saw);
    });

    it('with Retry-After as an HTTP date: waits until then', async () => {
      const base = newSandboxBase();
      const date = new Date(Date.now() + 90_000).toUTCString();
      await arm(base, { path: '/subscribe', method: 'POST', status: 429, headers: { 'Retry-After': date } });
      const el = await form<SignupForm>('signup-form', { tenant: 'demo', 'base-url': base });
      submit(el, { email: uniqueEmail() });
      const saw = await untilSeen(el, /try again in (8[6-9]|9[01]) seconds/i);
      const posts = await arrived(base, '/subscribe');
      expect(posts).to.equal(1);
      report('signup answered 429, Retry-After as an HTTP date 90 s ahead', plural(posts, 'POST'), saw);
    });
  });

  describe('a service that cannot be reached', () => {
    it('is an error the visitor can act on, not "offline", and nothing waits in a queue', async () => {
      const base = newSandboxBase();
      const el = await form<ContactForm>('contact-form', { tenant: 'demo', 'base-url': base });
      await remote('stop');
      const email = uniqueEmail();
      submit(el, { email, message: 'Refused' });
      const saw = await untilSeen(el, UNCONFIRMED);
      expect(seen(el)).not.to.match(OFFLINE);
      await remote('start');
      // Nothing of it waits in the outbox: nothing of the kit will send it by itself.
      expect(await outboxHolds(email), 'kept to be sent later').to.equal(false);
      const received = await arrived(base, '/contact');
      expect(received).to.equal(0);
      report('contact POST: connection refused', received ? plural(received, 'POST') : 'nothing', saw);
    });
  });

  describe('the browser offline', () => {
    it('queues the signup, says so, and sends it once when back online', async () => {
      const base = newSandboxBase();
      const el = await form<SignupForm>('signup-form', { tenant: 'demo', 'base-url': base });
      await remote('stop');
      setOffline(true);
      const email = uniqueEmail();
      submit(el, { email });
      const saw = await untilSeen(el, OFFLINE);
      await remote('start');
      setOffline(false);
      await untilSeen(el, /check your inbox to confirm/i);
      // Told, it left the outbox: nothing will send it again.
      expect(await outboxHolds(email)).to.equal(false);
      const received = await arrived(base, '/subscribe');
      expect(received).to.equal(1);
      report('browser offline (navigator.onLine false), then back', `${plural(received, 'POST')}, after coming back`, saw);
    });
  });

  describe('a bad id', () => {
    for (const tenant of ['..', '.']) {
      it(`tenant="${tenant}": a set-up error, shown as such, nothing sent`, async () => {
        const base = newSandboxBase();
        const el = await form<ContactForm>('contact-form', { tenant, 'base-url': base });
        submit(el, { email: uniqueEmail(), message: 'Hello' });
        const saw = await untilSeen(el, CONFIG);
        expect(saw).not.to.match(/try again/i);
        // A set-up error is found before anything leaves: the form never became busy.
        const received = await arrivedAt(base, '/api/');
        expect(received).to.equal(0);
        report(`contact-form with tenant="${tenant}"`, received ? plural(received, 'request') : 'nothing', saw);
      });
    }

    it('base-url="javascript:…": a set-up error, and the console names the URL', async () => {
      const errors: string[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
      try {
        const el = await form<SignupForm>('signup-form', { tenant: 'demo', 'base-url': 'javascript:alert(1)' });
        submit(el, { email: uniqueEmail() });
        const saw = await untilSeen(el, CONFIG);
        report('signup-form with base-url="javascript:alert(1)"', 'nothing (no service to send to)', saw);
      } finally {
        console.error = original;
      }
      expect(errors.join('\n')).to.contain('"javascript:alert(1)"');
      expect(errors.join('\n')).not.to.contain('"null"');
    });
  });

  describe('GET endpoints answering 500', () => {
    it('bio-card shows its error, backs off for five to ten seconds though presence is asked every second, and asks again when the visitor says so', async function () {
      this.timeout(60_000);
      const base = newSandboxBase();
      await arm(base, [
        { path: '/bio', status: 500, times: 100 },
        { path: '/presence', status: 500, times: 100 },
      ]);
      const card = document.createElement('bio-card') as BioCard;
      card.setAttribute('tenant', 'demo');
      card.setAttribute('base-url', base);
      card.setAttribute('presence-interval', '1');
      document.body.append(removedAfterTest(card));
      const shown = () => card.shadowRoot?.querySelector('[part~="error"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      await until(() => shown() !== '', 'the card’s error');
      expect(shown()).to.match(/could not be loaded/i);
      // Presence asked for every second: after its first failure the next request waits out
      // the cache's backoff (half of ten seconds fixed, half random), then goes.
      await until(async () => (await sent(base, '/presence')).length >= 2, 'the second presence request', 30_000);
      const [first, second] = (await sent(base, '/presence')).map((r) => Date.parse(r.arrived));
      const gap = second! - first!;
      expect(gap, 'the wait between the first and the second presence request').to.be.within(5000 - 500, 10_000 + 2000);
      const bio = (await sent(base, '/bio')).length;
      expect(bio).to.equal(1);
      card.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
      await until(async () => (await sent(base, '/bio')).length === 2, 'the bio request the retry button asks for');
      report(
        'bio and presence answering 500, presence asked every second',
        `${plural(bio, 'bio GET')}; the second presence GET ${(gap / 1000).toFixed(1)} s after the first; the retry button: ${plural((await sent(base, '/bio')).length - bio, 'more bio GET')}`,
        shown(),
      );
    });
  });
});
