import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../components/signup-form/define.js';
import type { SignupForm } from '../../../../components/signup-form/signup-form.js';
import type { FormSubmitDetail, FormSuccessDetail, FormErrorDetail } from '../../../../components/shared/hub-form.js';
import { ValidationError } from '../../../../src/api/errors.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';
import {
  announced,
  expectAccessible,
  field as input,
  fill,
  mount,
  next,
  staysAt,
  statusBox as status,
  submitButton as button,
  uniqueEmail,
  untilState,
} from '../../helpers/forms.js';
import { describeHubForm } from '../shared/hub-form.behaviour.js';

describe('<signup-form>', () => {
  let sandbox: Sandbox;
  let el: SignupForm;

  const make = async (attrs: Record<string, string> = {}) =>
    (el = await mount<SignupForm>('signup-form', { tenant: 'demo', 'base-url': sandbox.baseUrl, ...attrs }));

  beforeEach(() => {
    sandbox = newSandbox();
  });
  afterEach(() => el?.remove());

  it('is accessible', async () => {
    await make({ 'name-field': '', consent: 'I agree to receive the newsletter.' });
    await expectAccessible(el);
  });

  // The form, its trap and endpoint, busy, failures, rate limits and a cancelling listener:
  // describeHubForm below, shared with <contact-form>.
  describe('defaults', () => {
    it('asks for an email, labelled, and no name', async () => {
      await make();
      expect(input(el, 'email').labels![0]!.textContent!.trim()).to.equal('Email');
      expect(el.formElement!.elements.namedItem('name')).to.equal(null);
    });

    it('posts to the form action URL with form=, and to magic-links with resource=', async () => {
      await make({ form: 'demo-form', tenant: '' });
      expect(el.formElement!.action).to.equal(`${sandbox.baseUrl}/api/subscribe/demo-form`);
      el.remove();
      await make({ resource: 'demo-guide' });
      expect(el.formElement!.action).to.equal(`${sandbox.baseUrl}/api/v1/tenants/demo/magic-links/demo-guide`);
      expect(button(el).textContent!.trim()).to.equal('Send it to me');
      fill(el.formElement!, { email: uniqueEmail() });
      el.formElement!.requestSubmit();
      await next(el, 'signup-form-success');
      expect((await sandbox.records()).magic_links).to.have.length(1);
    });
  });

  describe('when the visitor submits a valid signup', () => {
    it('sends it once, with the trap, name and fields, and shows success', async () => {
      await make({ 'name-field': '', source: 'footer', tags: 'news' });
      const email = uniqueEmail();
      fill(el.formElement!, { email, name: 'Ada' });
      const submitted = next<FormSubmitDetail>(el, 'signup-form-submit');
      const succeeded = next<FormSuccessDetail>(el, 'signup-form-success');
      el.formElement!.requestSubmit();
      const submit = await submitted;
      expect(submit.bubbles && submit.composed && submit.cancelable).to.equal(true);
      expect(submit.detail.data).to.deep.equal({ email, name: 'Ada', website: '', fields: { source: 'footer', tags: 'news' } });
      expect(submit.detail.endpoint).to.equal('subscribe');
      const success = await succeeded;
      expect(success.detail.queued).to.equal(false);
      await untilState(el, 'success');
      expect(status(el).textContent!.trim()).to.not.equal('');
      expect(await announced(el)).to.equal(status(el).textContent!.trim());
      expect(input(el, 'email').value, 'form reset').to.equal('');
      const { subscribers } = await sandbox.records();
      expect(subscribers).to.have.length(1);
      expect(subscribers[0]!.email).to.equal(email);
      expect(subscribers[0]!.name).to.equal('Ada');
      await expectAccessible(el);
    });

    it('sends one request for a double click and for repeated Enter', async () => {
      await make();
      // Long enough that the request is still in flight after four slow WebDriver key presses
      // on a loaded machine: the busy state is asserted while it is.
      await sandbox.fault({ path: '/subscribe', method: 'POST', delayMs: 3000, times: 1, status: 201, body: { message: 'ok' } });
      fill(el.formElement!, { email: uniqueEmail() });
      button(el).click();
      button(el).click();
      input(el, 'email').focus();
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Enter' });
      expect(el.busy).to.equal(true);
      await untilState(el, 'success');
      expect(await sandbox.requests('/subscribe', 'POST')).to.have.length(1);
    });

    it('can be completed with the keyboard alone', async () => {
      await make({ consent: 'Yes, email me.' });
      input(el, 'email').focus();
      await sendKeys({ type: uniqueEmail() });
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(input(el, 'fields[consent]'));
      await sendKeys({ type: ' ' });
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement, 'the trap is skipped').to.equal(button(el));
      await sendKeys({ press: 'Enter' });
      await untilState(el, 'success');
      const [record] = (await sandbox.records()).subscribers;
      expect(record).to.exist;
    });

    it('shows the success-message attribute instead of the message of the service', async () => {
      await make({ 'success-message': 'Welcome aboard!' });
      fill(el.formElement!, { email: uniqueEmail() });
      el.formElement!.requestSubmit();
      await untilState(el, 'success');
      expect(status(el).textContent!.trim()).to.equal('Welcome aboard!');
    });

    it('retries transient 503s without the visitor doing anything', async () => {
      await make();
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 503, times: 2 });
      fill(el.formElement!, { email: uniqueEmail() });
      el.formElement!.requestSubmit();
      await untilState(el, 'success', 'error');
      expect(el.state).to.equal('success');
      expect((await sandbox.requests('/subscribe', 'POST')).map((r) => r.status)).to.deep.equal([503, 503, 201]);
      expect((await sandbox.records()).subscribers).to.have.length(1);
    });
  });

  describe('when the input is invalid', () => {
    it('sends nothing, ties errors to fields and is accessible', async () => {
      await make({ consent: 'Yes, email me.' });
      fill(el.formElement!, { email: 'not-an-email' });
      el.formElement!.requestSubmit();
      await untilState(el, 'invalid');
      const email = input(el, 'email');
      expect(email.getAttribute('aria-invalid')).to.equal('true');
      // The invalid field is marked by its border too, in the error colour, not only for screen readers.
      const invalidBorder = getComputedStyle(email).borderTopColor;
      const note = document.getElementById(email.getAttribute('aria-describedby')!.split(' ').pop()!)!;
      expect(note.textContent).to.contain('valid email');
      expect(note.hidden).to.equal(false);
      const consent = input(el, 'fields[consent]');
      expect(consent.getAttribute('aria-invalid')).to.equal('true');
      expect(document.activeElement).to.equal(email);
      await expectAccessible(el);
      await staysAt(async () => (await sandbox.requests('/subscribe')).length, 0, 'signup requests');

      fill(el.formElement!, { email: uniqueEmail(), 'fields[consent]': true });
      el.formElement!.requestSubmit();
      await untilState(el, 'success');
      expect(email.hasAttribute('aria-invalid')).to.equal(false);
      expect(getComputedStyle(email).borderTopColor).to.not.equal(invalidBorder);
      expect(note.hidden).to.equal(true);
      expect((await sandbox.records()).subscribers[0]!['fields']).to.deep.include({ consent: 'Yes, email me.' });
    });

    it('shows a 422 from the service beside its field', async () => {
      await make();
      await sandbox.fault({
        path: '/subscribe',
        method: 'POST',
        status: 422,
        times: 1,
        body: { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } },
      });
      fill(el.formElement!, { email: uniqueEmail() });
      const failed = next<FormErrorDetail>(el, 'signup-form-error');
      el.formElement!.requestSubmit();
      expect((await failed).detail.error).to.be.instanceOf(ValidationError);
      await untilState(el, 'invalid');
      const email = input(el, 'email');
      const note = document.getElementById(email.getAttribute('aria-describedby')!)!;
      expect(note.textContent).to.equal('The email has already been taken.');
      await expectAccessible(el);
    });
  });

  describe('when a listener changes signup-form-submit', () => {
    it('sends the fields the listener added', async () => {
      await make();
      fill(el.formElement!, { email: uniqueEmail() });
      el.addEventListener('signup-form-submit', (e) => {
        (e.detail.data as { fields?: Record<string, string> }).fields = { consent_tool: 'granted' };
      });
      el.formElement!.requestSubmit();
      await untilState(el, 'success');
      expect((await sandbox.records()).subscribers[0]!['fields']).to.deep.equal({ consent_tool: 'granted' });
    });
  });

  describe('when the trap is filled', () => {
    it('still sends it, with the trap, and the service keeps nothing', async () => {
      await make();
      fill(el.formElement!, { email: uniqueEmail('bot'), website: 'https://spam.example' });
      const submitted = next<FormSubmitDetail>(el, 'signup-form-submit');
      el.formElement!.requestSubmit();
      expect((await submitted).detail.data).to.include({ website: 'https://spam.example' });
      await untilState(el, 'success');
      expect((await sandbox.records()).subscribers).to.have.length(0);
    });
  });

  describe('when the author wrote the form', () => {
    it('adopts it, adds the trap, and infers the endpoint from its action', async () => {
      const host = document.createElement('signup-form') as SignupForm;
      const form = document.createElement('form');
      form.action = `${sandbox.baseUrl}/api/subscribe/demo-form`;
      form.method = 'post';
      const label = document.createElement('label');
      label.textContent = 'Your email';
      const email = document.createElement('input');
      email.name = 'email';
      email.type = 'email';
      email.required = true;
      label.append(email);
      const source = document.createElement('input');
      source.type = 'hidden';
      source.name = 'fields[source]';
      source.value = 'sidebar';
      const submit = document.createElement('button');
      submit.textContent = 'Join';
      form.append(label, source, submit);
      host.append(form);
      document.body.append(host);
      el = host;
      await host.updateComplete;
      expect(host.querySelectorAll('form')).to.have.length(1);
      expect(host.formElement).to.equal(form);
      expect(form.classList.contains('hub-form')).to.equal(false);
      expect(input(host, 'website').parentElement!.hidden).to.equal(true);
      await expectAccessible(host);

      email.value = '';
      form.requestSubmit();
      await untilState(host, 'invalid');
      expect(email.getAttribute('aria-invalid')).to.equal('true');
      await expectAccessible(host);

      email.value = uniqueEmail();
      form.requestSubmit();
      await untilState(host, 'success');
      const [record] = (await sandbox.records()).subscribers;
      expect(record!.form).to.equal('demo-form');
      expect(record!['fields']).to.deep.equal({ source: 'sidebar' });
    });
  });

  describe('when strings are overridden', () => {
    it('takes labels from attributes, messages from slots and any string from strings=', async () => {
      el = document.createElement('signup-form') as SignupForm;
      el.setAttribute('tenant', 'demo');
      el.setAttribute('base-url', sandbox.baseUrl);
      el.setAttribute('email-label', 'Your address');
      el.setAttribute('submit-label', 'Join us');
      el.setAttribute('strings', JSON.stringify({ invalid: 'Fix it, please.' }));
      const thanks = document.createElement('p');
      thanks.slot = 'success';
      thanks.hidden = true;
      thanks.textContent = 'You are in!';
      el.append(thanks);
      document.body.append(el);
      await el.updateComplete;
      expect(input(el, 'email').labels![0]!.textContent!.trim()).to.equal('Your address');
      expect(button(el).textContent!.trim()).to.equal('Join us');
      el.formElement!.requestSubmit();
      await untilState(el, 'invalid');
      expect(status(el).textContent!.trim()).to.equal('Fix it, please.');
      fill(el.formElement!, { email: uniqueEmail() });
      el.formElement!.requestSubmit();
      await untilState(el, 'success');
      expect(thanks.assignedSlot).to.not.equal(null);
      expect(thanks.getClientRects().length).to.be.greaterThan(0);
      expect(await announced(el)).to.equal('You are in!');
    });

    it('uses a registered locale for lang="fr" without bundling it by default', async () => {
      const wrapper = document.createElement('div');
      wrapper.lang = 'fr-CA';
      document.body.append(wrapper);
      el = document.createElement('signup-form') as SignupForm;
      el.setAttribute('tenant', 'demo');
      el.setAttribute('base-url', sandbox.baseUrl);
      wrapper.append(el);
      await el.updateComplete;
      expect(button(el).textContent!.trim()).to.equal('Subscribe');
      await import('../../../../components/shared/locales/fr.js');
      await el.updateComplete;
      expect(button(el).textContent!.trim()).to.equal('S’abonner');
      expect(input(el, 'email').labels![0]!.textContent!.trim()).to.equal('E-mail');
      el.formElement!.requestSubmit();
      await untilState(el, 'invalid');
      expect(status(el).textContent!.trim()).to.equal('Veuillez corriger les champs signalés.');
      await expectAccessible(el);
      wrapper.remove();
    });
  });
});

describeHubForm({
  tag: 'signup-form',
  action: '/api/v1/tenants/demo/subscribe',
  path: '/subscribe',
  submitLabel: 'Subscribe',
  entry: () => ({ email: uniqueEmail() }),
  allowance: 10,
});
