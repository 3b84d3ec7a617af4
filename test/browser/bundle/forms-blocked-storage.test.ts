/**
 * The forms in a browser that blocks cookies and site data, set by the browser's own setting
 * (test/support/browsers.mjs: Chromium's "Block all cookies", Firefox's cookie behaviour 2,
 * WebKitGTK with local storage and its databases off), with dist/hub-kit.js on this page and
 * the service on another origin. Runs in the `blocked-storage` group:
 *
 *   npm run test:browser -- --group blocked-storage
 *
 * What the visitor gets: a form that sends online (budgets and outbox in memory), and an
 * entry made offline that stays in the fields, with a request to keep the page open, until it
 * is sent, once.
 */
import { expect } from 'chai';
import type { ContactForm } from '../../../components/contact-form/contact-form.js';
import type { SignupForm } from '../../../components/signup-form/signup-form.js';
import { bundlePage } from '../helpers/bundle.js';
import { setOffline } from '../helpers/network.js';
import { browserName, fill, posts, records, remoteStandIn, seen, uniqueEmail, untilSeen } from '../helpers/forms.js';

const remote = remoteStandIn(`blocked-storage-${browserName()}`);

const KEEP_OPEN = /you seem to be offline\. keep this page open until this is sent/i;

/** What the page may keep, tried the way the kit tries it: each is refused here. */
async function siteData(): Promise<{ localStorage: string; indexedDB: string }> {
  let local = 'works';
  try {
    localStorage.setItem('hub-kit:probe', '1');
  } catch (error) {
    local = String(error);
  }
  const idb = await new Promise<string>((resolve) => {
    try {
      const request = indexedDB.open('hub-kit-probe');
      request.onsuccess = () => resolve('works');
      request.onerror = () => resolve(String(request.error));
    } catch (error) {
      resolve(String(error));
    }
  });
  return { localStorage: local, indexedDB: idb };
}

describe('the forms where the browser blocks site data', () => {
  const { base, form } = bundlePage(remote, { preload: ['signup-form', 'contact-form'] });

  it('is a browser that refuses this page localStorage and IndexedDB', async () => {
    const refused = await siteData();
    console.log(`# ${browserName()} with site data blocked: ${JSON.stringify(refused)}`);
    expect(refused.localStorage).not.to.equal('works');
    expect(refused.indexedDB).not.to.equal('works');
  });

  it('sends a signup and a contact message online, once each, and says so', async () => {
    const sandbox = base();
    const signup = await form<SignupForm>('signup-form', { tenant: 'demo', 'base-url': sandbox });
    const contact = await form<ContactForm>('contact-form', { tenant: 'demo', 'base-url': sandbox });
    const email = uniqueEmail();
    fill(signup.formElement!, { email });
    signup.formElement!.requestSubmit();
    await untilSeen(signup, /check your inbox to confirm/i);
    fill(contact.formElement!, { email, message: 'Storage is blocked here' });
    contact.formElement!.requestSubmit();
    await untilSeen(contact, /your message was sent/i);
    expect((await posts(sandbox, '/subscribe')).map((q) => q.status)).to.deep.equal([201]);
    expect((await posts(sandbox, '/contact')).map((q) => q.status)).to.deep.equal([201]);
  });

  it('keeps an entry made offline in its fields, asks to keep the page open, and sends it once when back online', async () => {
    const sandbox = base();
    const el = await form<ContactForm>('contact-form', { tenant: 'demo', 'base-url': sandbox });
    await remote('stop');
    setOffline(true);
    const email = uniqueEmail();
    fill(el.formElement!, { email, message: 'Written offline' });
    el.formElement!.requestSubmit();
    await untilSeen(el, KEEP_OPEN);
    const field = (name: string) => (el.formElement!.elements.namedItem(name) as HTMLInputElement).value;
    expect([field('email'), field('message')]).to.deep.equal([email, 'Written offline']);
    await remote('start');
    setOffline(false);
    await untilSeen(el, /your message was sent/i);
    // Sent: the fields, which still held it, are cleared, as after any success.
    expect([field('email'), field('message')]).to.deep.equal(['', '']);
    expect((await records(sandbox)).contacts.map((c) => c.email)).to.deep.equal([email]);
    expect(await posts(sandbox, '/contact')).to.have.length(1);
    expect(seen(el)).to.match(/your message was sent/i);
  });
});
