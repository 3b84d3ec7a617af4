/**
 * The submission controller on a small host of its own (a form and a status line), against
 * the real stand-in: what counts as an intent, when fields are cleared, what comes back
 * from the outbox, and the words each answer gets. The forms' own suites test the same
 * through `<signup-form>` and `<contact-form>`; this one pins the rules down one by one.
 */
import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { FieldErrorsController } from '../../../components/controllers/field-errors.js';
import { SubmissionController, type FormSuccessDetail, type Target } from '../../../components/controllers/submission.js';
import { FORM_EN as EN } from '../../../components/shared/strings.js';
import { sharedTransport } from '../../../src/api/transport.js';
import { setOffline } from '../helpers/network.js';
import { newSandbox, type Sandbox } from '../helpers/sandbox.js';
import { staysAt, until as untilShared, wait } from '../helpers/dom.js';

let baseUrl = '';
let endpoint: Target = { endpoint: 'contact', params: { tenant: 'demo' } };

class SubmissionHost extends LitElement {
  readonly fields = new FieldErrorsController(this, (name) => `submission-host-${name}`);
  readonly events: Array<{ type: string; detail: unknown }> = [];
  readonly submission = new SubmissionController(this, {
    target: () => ({ ...endpoint, client: sharedTransport(baseUrl) }),
    body: (data) => ({
      email: String(data.get('email') ?? ''),
      message: String(data.get('message') ?? ''),
      website: String(data.get('website') ?? ''),
    }),
    words: () => EN,
    successText: (response) => response.message || EN.messageSent,
    fire: (what, detail) => {
      this.events.push({ type: what, detail });
      return true;
    },
    markFields: (errors, focus) => this.fields.show(errors, focus),
    landed: () => 'sent',
  });
  protected override render() {
    return html`<slot></slot><p part="status">${this.submission.text}</p>`;
  }
}
customElements.define('submission-host', SubmissionHost);

describe('submission controller', () => {
  let sandbox: Sandbox;
  let host: SubmissionHost;
  let form: HTMLFormElement;
  const status = () => host.shadowRoot!.querySelector('[part="status"]')!.textContent!.trim();
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const posts = async () => (await sandbox.requests('/contact', 'POST')).length;
  const until = (check: () => boolean, what: string, ms = 15_000) =>
    untilShared(check, () => `${what}; the status reads "${status()}"`, ms);
  const type = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) {
      field(name).value = value;
      field(name).dispatchEvent(new Event('input', { bubbles: true }));
    }
  };

  beforeEach(async () => {
    sandbox = newSandbox();
    baseUrl = sandbox.baseUrl;
    endpoint = { endpoint: 'contact', params: { tenant: 'demo' } };
    host = document.createElement('submission-host') as SubmissionHost;
    form = document.createElement('form');
    for (const name of ['email', 'message', 'website']) {
      const input = document.createElement(name === 'message' ? 'textarea' : 'input') as HTMLInputElement;
      input.name = name;
      if (name !== 'website') input.required = true;
      form.append(input);
    }
    form.append(Object.assign(document.createElement('button'), { type: 'submit', textContent: 'Send' }));
    host.append(form);
    document.body.append(host);
    await host.updateComplete;
    host.submission.attach(form);
  });
  afterEach(() => {
    setOffline(false);
    host.remove();
  });

  describe('intents', () => {
    it('one POST per intent: a submit while a send is in flight sends nothing', async () => {
      // Every POST is answered after 800 ms: a second one would leave with the first.
      await sandbox.fault({ path: '/contact', method: 'POST', delayMs: 800, times: 3 });
      type({ email: 'a@example.com', message: 'Once' });
      form.requestSubmit();
      form.requestSubmit();
      await until(() => host.submission.state === 'success', 'the success');
      // Counted where requests arrive, held ones too, once a request sent after the answer was read has arrived.
      expect(await sandbox.arrived('/contact', 'POST')).to.equal(1);
    });

    it('after a success, a submit of the emptied form sends nothing and the success stays on screen', async () => {
      type({ email: 'a@example.com', message: 'Hello' });
      form.requestSubmit();
      await until(() => status() === 'Thanks, your message was sent.', 'the success');
      expect([field('email').value, field('message').value]).to.deep.equal(['', '']);
      form.requestSubmit();
      await staysAt(async () => (status() === 'Thanks, your message was sent.' ? await posts() : -1), 1, 'the success and one POST', 1000);
      expect(field('email').hasAttribute('aria-invalid')).to.equal(false);
    });

    it('after a refusal, the same data is not sent again; changed, it is', async () => {
      await sandbox.fault({ path: '/contact', method: 'POST', status: 403, body: { message: 'Messages are closed today.' }, times: 3 });
      type({ email: 'a@example.com', message: 'Hello' });
      form.requestSubmit();
      await until(() => status() === 'Messages are closed today.', 'the refusal');
      form.requestSubmit();
      await wait(1200);
      form.requestSubmit();
      await staysAt(posts, 1, 'POSTs of the unchanged refused data', 800);
      expect(status()).to.equal('Messages are closed today.');
      type({ message: 'Hello again' });
      form.requestSubmit();
      await until(() => host.submission.busy === false && host.events.filter((e) => e.type === 'error').length === 2, 'the second answer');
      expect(await posts()).to.equal(2);
    });

    it('after an answer that may change (a 500), a second click within a second is the same intent; later it is a new one', async () => {
      await sandbox.fault({ path: '/contact', method: 'POST', status: 500, times: 3 });
      type({ email: 'a@example.com', message: 'Hello' });
      form.requestSubmit();
      await until(() => status() === EN.error, 'the error');
      form.requestSubmit();
      await staysAt(posts, 1, 'POSTs within the second', 500);
      await wait(600);
      form.requestSubmit();
      await until(() => host.events.filter((e) => e.type === 'error').length === 2, 'the second error');
      expect(await posts()).to.equal(2);
    });

    it('takes a held key’s repeated Enter for no intent', () => {
      const repeat = new KeyboardEvent('keydown', { key: 'Enter', repeat: true, bubbles: true, cancelable: true });
      const first = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
      const inTextarea = new KeyboardEvent('keydown', { key: 'Enter', repeat: true, bubbles: true, cancelable: true });
      field('email').dispatchEvent(first);
      field('email').dispatchEvent(repeat);
      field('message').dispatchEvent(inTextarea);
      expect([first.defaultPrevented, repeat.defaultPrevented, inTextarea.defaultPrevented]).to.deep.equal([false, true, false]);
    });

    it('keeps text typed while the send was in flight', async () => {
      await sandbox.fault({ path: '/contact', method: 'POST', delayMs: 800 });
      type({ email: 'a@example.com', message: 'First' });
      form.requestSubmit();
      await until(() => host.submission.busy, 'the send');
      type({ message: 'Second, typed meanwhile' });
      await until(() => host.submission.state === 'success', 'the success');
      expect(field('message').value).to.equal('Second, typed meanwhile');
    });
  });

  describe('answers', () => {
    it('a 409 of a signup is a success that says the visitor is already subscribed', async () => {
      endpoint = { endpoint: 'subscribe', params: { tenant: 'demo' } };
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 409, body: '' });
      type({ email: 'again@example.com', message: 'x' });
      form.requestSubmit();
      await until(() => status() === EN.alreadySubscribed, 'the already-subscribed line');
      expect(host.submission.state).to.equal('success');
      const success = host.events.find((e) => e.type === 'success')!.detail as FormSuccessDetail;
      expect(success.already).to.equal(true);
    });

    it('a 4xx without a reason gets its own line; a 413 asks for something shorter', async () => {
      await sandbox.fault({ path: '/contact', method: 'POST', status: 413, body: '' });
      type({ email: 'a@example.com', message: 'Very long' });
      form.requestSubmit();
      await until(() => status() === EN.tooLarge, 'the too-large line');
      expect(host.submission.state).to.equal('error');
    });

    it('a long wait reads in minutes, not seconds', async () => {
      await sandbox.fault({ path: '/contact', method: 'POST', status: 429, headers: { 'Retry-After': '598' } });
      type({ email: 'a@example.com', message: 'Hello' });
      form.requestSubmit();
      await until(() => /about 10 minutes/.test(status()), 'the wait in minutes');
      expect(status()).to.equal('Too many attempts. You can try again in about 10 minutes.');
    });
  });

  describe('the outbox', () => {
    it('a queued message the service refuses comes back into the emptied form, with the reason beside its field', async () => {
      setOffline(true);
      type({ email: 'offline@example.com', message: 'Written offline' });
      form.requestSubmit();
      await until(() => status() === EN.queued, 'the queued line');
      expect(field('message').value).to.equal('');
      await sandbox.fault({
        path: '/contact',
        method: 'POST',
        status: 422,
        body: { message: 'The message may not contain links.', errors: { message: ['The message may not contain links.'] } },
      });
      setOffline(false);
      await until(() => field('message').value === 'Written offline', 'the fields to come back');
      expect(field('email').value).to.equal('offline@example.com');
      expect(field('message').getAttribute('aria-invalid')).to.equal('true');
      expect(document.getElementById(field('message').getAttribute('aria-describedby')!)!.textContent).to.equal('The message may not contain links.');
      expect(host.submission.state).to.equal('invalid');
    });

    it('gives nothing back into a form that holds what the visitor typed', async () => {
      setOffline(true);
      type({ email: 'offline@example.com', message: 'Written offline' });
      form.requestSubmit();
      await until(() => status() === EN.queued, 'the queued line');
      type({ email: 'new@example.com', message: 'Typed after' });
      await sandbox.fault({ path: '/contact', method: 'POST', status: 403, body: { message: 'No.' } });
      setOffline(false);
      for (let i = 0; (await posts()) === 0; i++) {
        if (i > 300) throw new Error('the outbox never sent the queued message');
        await wait(50);
      }
      await staysAt(async () => (field('message').value === 'Typed after' ? 1 : 0), 1, 'the visitor’s own text', 1500);
      // Emptied, the form takes the refused message back.
      type({ email: '', message: '' });
      await until(() => field('message').value === 'Written offline', 'the refused message');
      expect(status()).to.equal('No.');
    });
  });
});
