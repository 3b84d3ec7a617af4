import { expect } from 'chai';
import '../../../../components/contact-form/define.js';
import type { ContactForm } from '../../../../components/contact-form/contact-form.js';
import type { FormSubmitDetail, FormSuccessDetail } from '../../../../components/shared/hub-form.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';
import { expectAccessible, field, fill, mount, next, submitButton as button, uniqueEmail, untilState } from '../../helpers/forms.js';
import { describeHubForm } from '../shared/hub-form.behaviour.js';

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

  // The form, its trap and endpoint, busy, failures, rate limits and a cancelling listener:
  // describeHubForm below, shared with <signup-form>.
  describe('defaults', () => {
    it('asks for a name and a message beside the email, labelled', async () => {
      await make();
      expect(field(el, 'name').labels![0]!.textContent!.trim()).to.equal('Name');
      const message = el.formElement!.elements.namedItem('message') as HTMLTextAreaElement;
      expect(message.tagName).to.equal('TEXTAREA');
      expect(message.required).to.equal(true);
      expect(message.labels![0]!.textContent!.trim()).to.equal('Message');
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
});

describeHubForm({
  tag: 'contact-form',
  action: '/api/v1/tenants/demo/contact',
  path: '/contact',
  submitLabel: 'Send message',
  entry: () => ({ email: uniqueEmail(), message: 'Hi' }),
  allowance: 5,
});
