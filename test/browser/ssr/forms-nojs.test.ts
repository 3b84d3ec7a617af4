/**
 * Without JavaScript: the markup the elements render, placed in a frame that may submit
 * forms but runs no script (`sandbox` without allow-scripts), posts to the service as a
 * plain HTML form. The parent page drives it, as a visitor's clicks would.
 */
import { expect } from 'chai';
import '../../../components/signup-form/define.js';
import '../../../components/contact-form/define.js';
import type { HubFormElement } from '../../../components/shared/hub-form.js';
import { newSandbox } from '../helpers/sandbox.js';
import { mount, staysAt, uniqueEmail } from '../helpers/forms.js';

declare global {
  interface Window {
    __frameRanScript?: boolean;
  }
}

/** The element's own form as static HTML, as a page without JavaScript would have it. */
async function staticMarkup(tag: string, attrs: Record<string, string>): Promise<string> {
  const el = await mount<HubFormElement>(tag, attrs);
  const clone = el.formElement!.cloneNode(true) as HTMLFormElement;
  el.remove();
  clone.removeAttribute('novalidate');
  return `<${tag}>${clone.outerHTML}</${tag}>`;
}

function loaded(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
}

async function scriptlessFrame(body: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-forms allow-same-origin');
  frame.srcdoc = `<!doctype html><html lang="en"><head><title>No script</title>
    <link rel="stylesheet" href="/dist/hub-forms.css"></head>
    <body><script>parent.__frameRanScript = true;</script>${body}</body></html>`;
  const ready = loaded(frame);
  document.body.append(frame);
  await ready;
  return frame;
}

describe('forms without JavaScript', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('a signup posts as a plain form, with the trap, and comes back with hub-kit=subscribed', async () => {
    const sandbox = newSandbox();
    const markup = await staticMarkup('signup-form', {
      tenant: 'demo',
      'base-url': sandbox.baseUrl,
      'name-field': '',
      source: 'footer',
    });
    const frame = await scriptlessFrame(markup);
    expect(window.__frameRanScript, 'the frame runs no script').to.equal(undefined);
    const doc = frame.contentDocument!;
    expect(doc.querySelector('signup-form')!.shadowRoot).to.equal(null);
    const trap = doc.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.getClientRects().length, 'trap invisible').to.equal(0);
    const form = doc.querySelector('form')!;

    // The browser's own validation stands in for the element's.
    form.requestSubmit();
    // Nothing to wait for: a form the browser holds back leaves no trace but this.
    await staysAt(async () => (await sandbox.records()).subscribers.length, 0, 'subscribers');

    const email = uniqueEmail();
    (form.elements.namedItem('email') as HTMLInputElement).value = email;
    (form.elements.namedItem('name') as HTMLInputElement).value = 'Ada';
    const navigated = loaded(frame);
    form.requestSubmit();
    await navigated;
    expect(new URL(frame.contentWindow!.location.href).searchParams.get('hub-kit')).to.equal('subscribed');
    const { subscribers } = await sandbox.records();
    expect(subscribers).to.have.length(1);
    expect(subscribers[0]).to.include({ email, name: 'Ada' });
    expect(subscribers[0]!['fields']).to.deep.equal({ source: 'footer' });
    const [post] = await sandbox.requests('/subscribe', 'POST');
    expect(post!.status).to.equal(303);
  });

  it('a contact message posts as a plain form and comes back with hub-kit=sent', async () => {
    const sandbox = newSandbox();
    const frame = await scriptlessFrame(await staticMarkup('contact-form', { tenant: 'demo', 'base-url': sandbox.baseUrl }));
    const form = frame.contentDocument!.querySelector('form')!;
    const email = uniqueEmail();
    (form.elements.namedItem('email') as HTMLInputElement).value = email;
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Hello without script';
    const navigated = loaded(frame);
    form.requestSubmit();
    await navigated;
    expect(new URL(frame.contentWindow!.location.href).searchParams.get('hub-kit')).to.equal('sent');
    const { contacts } = await sandbox.records();
    expect(contacts).to.have.length(1);
    expect(contacts[0]).to.include({ email, message: 'Hello without script' });
  });

  it('a bot that fills the trap gets the same answer and nothing is kept', async () => {
    const sandbox = newSandbox();
    const frame = await scriptlessFrame(await staticMarkup('signup-form', { form: 'demo-form', 'base-url': sandbox.baseUrl }));
    const form = frame.contentDocument!.querySelector('form')!;
    (form.elements.namedItem('email') as HTMLInputElement).value = uniqueEmail('bot');
    (form.elements.namedItem('website') as HTMLInputElement).value = 'https://spam.example';
    const navigated = loaded(frame);
    form.requestSubmit();
    await navigated;
    expect(new URL(frame.contentWindow!.location.href).searchParams.get('hub-kit')).to.equal('subscribed');
    expect((await sandbox.records()).subscribers).to.have.length(0);
  });
});
