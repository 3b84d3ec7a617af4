/**
 * The forms on a page that a site's own service worker controls, a network-first one
 * (pages/sw/network-first.js: every request to the network, a cached copy of a GET only when
 * the network fails): the built dist/hub-kit.js in a frame of that site, the service on
 * another origin. A submission goes through the worker and out once, and the visitor reads
 * what the service answered.
 */
import { expect } from 'chai';
import type { HubFormElement } from '../../../components/shared/hub-form.js';
import { until } from '../helpers/dom.js';
import { arm, browserName, fill, newBase, remoteStandIn, uniqueEmail, untilSeen } from '../helpers/forms.js';
import { arrivedAt } from '../helpers/sandbox.js';
import { loaded, type SiteWindow } from '../helpers/site-page.js';

const remote = remoteStandIn(`forms-service-worker-${browserName()}`);

describe('the forms on a page a network-first service worker controls', () => {
  let origin = '';
  let frame: HTMLIFrameElement;
  let win: SiteWindow & { controlled: Promise<boolean> };

  before(async () => {
    ({ url: origin } = (await remote('start'))!);
    frame = document.createElement('iframe');
    frame.src = '/test/browser/bundle/pages/sw/index.html';
    const done = loaded(frame);
    document.body.append(frame);
    await done;
    win = frame.contentWindow as typeof win;
    await win.controlled;
  });
  after(async () => {
    await (await win.navigator.serviceWorker.getRegistration())?.unregister();
    frame.remove();
  });

  async function mount(tag: string, attrs: Record<string, string>): Promise<HubFormElement> {
    const el = win.document.createElement(tag) as HubFormElement;
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    win.document.body.append(el);
    await win.customElements.whenDefined(tag);
    await el.updateComplete;
    return el;
  }

  it('a signup goes out once, through the worker, and the visitor reads the success', async () => {
    expect(win.navigator.serviceWorker.controller, 'a worker controls the page').not.to.equal(null);
    const base = newBase(origin);
    const el = await mount('signup-form', { tenant: 'demo', 'base-url': base });
    fill(el.formElement!, { email: uniqueEmail() });
    el.formElement!.requestSubmit();
    await untilSeen(el, /check your inbox to confirm/i);
    expect(await arrivedAt(base, '/subscribe', 'POST')).to.equal(1);
    el.remove();
  });

  it('a refusal comes through the worker too: the reason beside its field, the entry in the fields', async () => {
    const base = newBase(origin);
    await arm(base, { path: '/contact', method: 'POST', status: 422, body: { message: 'The message may not contain links.', errors: { message: ['The message may not contain links.'] } } });
    const el = await mount('contact-form', { tenant: 'demo', 'base-url': base });
    fill(el.formElement!, { email: uniqueEmail(), message: 'See https://example.com' });
    el.formElement!.requestSubmit();
    await untilSeen(el, /may not contain links/i);
    const message = el.formElement!.elements.namedItem('message') as HTMLTextAreaElement;
    await until(() => message.getAttribute('aria-invalid') === 'true', 'the error beside the field');
    expect(message.value).to.equal('See https://example.com');
    expect(await arrivedAt(base, '/contact', 'POST')).to.equal(1);
    el.remove();
  });
});
