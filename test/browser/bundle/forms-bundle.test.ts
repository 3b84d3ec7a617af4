/**
 * The forms from the built dist/hub-kit.js, as a creator embeds them, against a service on
 * another origin: upgrade without layout shift, CORS, and offline to online, delivered once.
 */
import { expect } from 'chai';
import type { ContactForm } from '../../../components/contact-form/contact-form.js';
import type { FormQueuedDetail, FormSuccessDetail } from '../../../components/shared/hub-form.js';
import { LIGHT_FORM_CSS } from '../../../components/shared/light-form.styles.js';
import type { SignupForm } from '../../../components/signup-form/signup-form.js';
import {
  browserName,
  expectAccessible,
  fill,
  mount,
  newBase,
  next,
  posts,
  records,
  remoteStandIn,
  uniqueEmail,
  untilState,
  wait,
} from '../helpers/forms.js';
import { setOffline } from '../helpers/network.js';

const remote = remoteStandIn(`forms-bundle-${browserName()}`);

describe('forms from dist/hub-kit.js, against a service on another origin', () => {
  let origin: string;
  let pasted: HTMLElement;
  let beforeUpgrade: DOMRect;

  before(async () => {
    ({ url: origin } = (await remote('start'))!);
    expect(new URL(origin).origin).to.not.equal(location.origin);

    // The creator's page before the script has loaded: the no-JS markup and the plain CSS file.
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/dist/hub-forms.css';
    const css = new Promise((resolve) => link.addEventListener('load', resolve, { once: true }));
    document.head.append(link);
    await css;
    const base = newBase(origin);
    const holder = document.createElement('div');
    holder.className = 'pasted';
    pasted = document.createElement('signup-form');
    pasted.setAttribute('tenant', 'demo');
    pasted.setAttribute('base-url', base);
    // Built by DOM calls from the documented snippet's structure.
    const form = document.createElement('form');
    form.className = 'hub-form';
    form.method = 'post';
    form.action = `${base}/api/v1/tenants/demo/subscribe`;
    const field = document.createElement('div');
    field.className = 'hub-field';
    const label = document.createElement('label');
    label.htmlFor = 'pasted-email';
    label.textContent = 'Email';
    const email = document.createElement('input');
    Object.assign(email, { id: 'pasted-email', type: 'email', name: 'email', autocomplete: 'email', required: true });
    field.append(label, email);
    const trap = document.createElement('div');
    trap.className = 'hub-trap';
    trap.hidden = true;
    const button = document.createElement('button');
    button.type = 'submit';
    button.className = 'hub-submit';
    button.textContent = 'Subscribe';
    form.append(field, trap, button);
    pasted.append(form);
    holder.append(pasted);
    document.body.append(holder);
    beforeUpgrade = pasted.getBoundingClientRect();

    const bundle = '/dist/hub-kit.js';
    await import(/* @vite-ignore */ bundle);
    await customElements.whenDefined('signup-form');
  });

  after(async () => {
    await remote('start');
    document.querySelectorAll('signup-form, contact-form, .pasted').forEach((el) => el.remove());
  });

  it('is accessible', async () => {
    const el = await mount<SignupForm>('signup-form', { tenant: 'demo', 'base-url': newBase(origin), consent: 'Email me' });
    await expectAccessible(el);
    el.remove();
  });

  describe('when it upgrades', () => {
    it('takes exactly the space the markup took before, and the generated form takes the same', async () => {
      const el = pasted as SignupForm;
      await el.updateComplete;
      expect(el.formElement).to.equal(el.querySelector('form'));
      expect(el.querySelectorAll('form')).to.have.length(1);
      const after = el.getBoundingClientRect();
      expect([after.width, after.height]).to.deep.equal([beforeUpgrade.width, beforeUpgrade.height]);

      const generated = await mount<SignupForm>('signup-form', { tenant: 'demo', 'base-url': newBase(origin) });
      expect(generated.getBoundingClientRect().height).to.equal(after.height);
      generated.remove();
    });

    it('ships the same rules in hub-forms.css as it adopts', async () => {
      const file = await (await fetch('/dist/hub-forms.css')).text();
      expect(file).to.contain(LIGHT_FORM_CSS);
    });
  });

  describe('when the service is reachable', () => {
    it('signs up across origins, once', async () => {
      const base = newBase(origin);
      const el = await mount<SignupForm>('signup-form', { form: 'demo-form', 'base-url': base });
      fill(el.formElement!, { email: uniqueEmail() });
      const done = next<FormSuccessDetail>(el, 'signup-form-success');
      el.formElement!.requestSubmit();
      el.formElement!.requestSubmit();
      expect((await done).detail.queued).to.equal(false);
      expect((await records(base)).subscribers).to.have.length(1);
      expect(await posts(base, '/api/subscribe/demo-form')).to.have.length(1);
      el.remove();
    });
  });

  describe('when the browser goes offline and comes back', () => {
    it('queues the message, says so, and delivers it exactly once when back online', async () => {
      const base = newBase(origin);
      const el = await mount<ContactForm>('contact-form', { tenant: 'demo', 'base-url': base });
      await remote('stop');
      setOffline(true);
      const email = uniqueEmail();
      fill(el.formElement!, { email, message: 'Written on a train' });
      const queued = next<FormQueuedDetail>(el, 'contact-form-queued');
      el.formElement!.requestSubmit();
      const { detail } = await queued;
      expect(detail.entry.endpoint).to.equal('contact');
      await untilState(el, 'queued');
      const status = el.shadowRoot!.querySelector('[part="status"]')!;
      expect(status.textContent).to.contain('back online');
      await expectAccessible(el);

      const delivered = next<FormSuccessDetail>(el, 'contact-form-success');
      await remote('start');
      setOffline(false);
      const success = await delivered;
      expect(success.detail.queued).to.equal(true);
      await untilState(el, 'success');

      // Another nudge must not send it again.
      window.dispatchEvent(new Event('online'));
      await wait(1000);
      const { contacts } = await records(base);
      expect(contacts.filter((c) => c.email === email)).to.have.length(1);
      expect((await posts(base, '/contact')).filter((r) => r.status < 300)).to.have.length(1);
      el.remove();
    });
  });
});
