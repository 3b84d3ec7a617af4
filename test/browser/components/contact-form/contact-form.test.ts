import { expect } from 'chai';
import '../../../../components/contact-form/define.js';
import type { ContactForm } from '../../../../components/contact-form/contact-form.js';
import type { FormErrorDetail, FormSubmitDetail, FormSuccessDetail } from '../../../../components/shared/hub-form.js';
import { HttpError, RateLimitedError } from '../../../../src/api/errors.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';
import { expectAccessible, fill, mount, next, staysAt, uniqueEmail, untilState } from '../../helpers/forms.js';

const status = (el: ContactForm) => el.shadowRoot!.querySelector('[part="status"]') as HTMLElement;
const field = (el: ContactForm, name: string) => el.formElement!.elements.namedItem(name) as HTMLInputElement;
const button = (el: ContactForm) => el.querySelector('button[type="submit"]') as HTMLButtonElement;

describe('<contact-form>', () => {
  let sandbox: Sandbox;
  let el: ContactForm;
  const make = async (attrs: Record<string, string> = {}) =>
    (el = await mount<ContactForm>('contact-form', { tenant: 'demo', 'base-url': sandbox.baseUrl, ...attrs }));

  beforeEach(() => {
    sandbox = newSandbox();
  });
  afterEach(() => el?.remove());

  it('is accessible', async () => {
    await make();
    await expectAccessible(el);
  });

  describe('defaults', () => {
    it('renders name, email, message, the trap and a button in a form posting to /contact', async () => {
      await make();
      const form = el.formElement!;
      expect(form.parentElement).to.equal(el);
      expect(form.action).to.equal(`${sandbox.baseUrl}/api/v1/tenants/demo/contact`);
      expect(form.method).to.equal('post');
      expect(field(el, 'name').labels![0]!.textContent!.trim()).to.equal('Name');
      expect(field(el, 'email').required).to.equal(true);
      const message = form.elements.namedItem('message') as HTMLTextAreaElement;
      expect(message.tagName).to.equal('TEXTAREA');
      expect(message.required).to.equal(true);
      expect(message.labels![0]!.textContent!.trim()).to.equal('Message');
      const trap = field(el, 'website');
      expect(trap.parentElement!.hidden).to.equal(true);
      expect(trap.parentElement!.getAttribute('aria-hidden')).to.equal('true');
      expect(trap.tabIndex).to.equal(-1);
      expect(button(el).textContent!.trim()).to.equal('Send message');
    });
  });

  describe('when a message is sent', () => {
    it('sends name, email, message and the trap once and shows success', async () => {
      await make({ 'message-label': 'Your message' });
      expect((el.formElement!.elements.namedItem('message') as HTMLTextAreaElement).labels![0]!.textContent!.trim()).to.equal(
        'Your message',
      );
      const email = uniqueEmail();
      fill(el.formElement!, { name: 'Ada', email, message: 'Hello there' });
      const submitted = next<FormSubmitDetail>(el, 'contact-form-submit');
      const succeeded = next<FormSuccessDetail>(el, 'contact-form-success');
      button(el).click();
      button(el).click();
      expect((await submitted).detail.data).to.deep.equal({ name: 'Ada', email, message: 'Hello there', website: '' });
      expect((await succeeded).detail.queued).to.equal(false);
      await untilState(el, 'success');
      await expectAccessible(el);
      const { contacts } = await sandbox.records();
      expect(contacts).to.have.length(1);
      expect(contacts[0]).to.include({ name: 'Ada', email, message: 'Hello there' });
      expect(await sandbox.requests('/contact', 'POST')).to.have.length(1);
    });
  });

  describe('when the message is missing', () => {
    it('sends nothing and ties the error to the message field', async () => {
      await make();
      fill(el.formElement!, { email: uniqueEmail(), message: '   ' });
      el.formElement!.requestSubmit();
      await untilState(el, 'invalid');
      const message = el.formElement!.elements.namedItem('message') as HTMLTextAreaElement;
      expect(message.getAttribute('aria-invalid')).to.equal('true');
      expect(document.getElementById(message.getAttribute('aria-describedby')!)!.textContent).to.equal(
        'Please write a message.',
      );
      expect(field(el, 'email').hasAttribute('aria-invalid')).to.equal(false);
      await expectAccessible(el);
      expect(await sandbox.requests('/contact')).to.have.length(0);
    });
  });

  describe('when busy', () => {
    it('is accessible and marks the button', async () => {
      await make();
      await sandbox.fault({ path: '/contact', method: 'POST', delayMs: 1000, times: 1 });
      fill(el.formElement!, { email: uniqueEmail(), message: 'Hi' });
      el.formElement!.requestSubmit();
      await el.updateComplete;
      expect(el.busy).to.equal(true);
      expect(button(el).getAttribute('aria-disabled')).to.equal('true');
      await expectAccessible(el);
      await untilState(el, 'success', 'error');
    });
  });

  describe('when the service fails', () => {
    it('fires contact-form-error and is accessible', async () => {
      await make();
      await sandbox.fault({ path: '/contact', method: 'POST', status: 404, times: 1, body: { message: 'Not found.' } });
      fill(el.formElement!, { email: uniqueEmail(), message: 'Hi' });
      const failed = next<FormErrorDetail>(el, 'contact-form-error');
      el.formElement!.requestSubmit();
      expect((await failed).detail.error).to.be.instanceOf(HttpError);
      await untilState(el, 'error');
      await expectAccessible(el);
    });
  });

  describe('when rate limited', () => {
    it('stops at the contact allowance (5 a minute) without sending the sixth, and is accessible', async () => {
      await make();
      for (let i = 0; i < 5; i++) {
        fill(el.formElement!, { email: uniqueEmail(), message: `Message ${i}` });
        const done = next(el, 'contact-form-success');
        el.formElement!.requestSubmit();
        await done;
      }
      fill(el.formElement!, { email: uniqueEmail(), message: 'One too many' });
      const failed = next<FormErrorDetail>(el, 'contact-form-error');
      el.formElement!.requestSubmit();
      const error = (await failed).detail.error as RateLimitedError;
      expect(error).to.be.instanceOf(RateLimitedError);
      expect(error.sent).to.equal(false);
      await untilState(el, 'rate-limited');
      expect(status(el).textContent).to.match(/try again in \d+ seconds/);
      await expectAccessible(el);
      el.formElement!.requestSubmit();
      await staysAt(async () => (await sandbox.requests('/contact', 'POST')).length, 5, 'contact POSTs');
    });
  });

  describe('when a listener cancels contact-form-submit', () => {
    it('sends nothing', async () => {
      await make();
      el.addEventListener('contact-form-submit', (e) => e.preventDefault());
      fill(el.formElement!, { email: uniqueEmail(), message: 'Hi' });
      const cancelled = next(el, 'contact-form-submit');
      el.formElement!.requestSubmit();
      await cancelled;
      await staysAt(async () => (await sandbox.requests('/contact')).length, 0, 'contact requests');
      expect(el.state).to.equal('idle');
    });
  });
});
