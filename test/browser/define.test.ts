/**
 * Registration, as pages really load the kit: a class import that must define nothing,
 * two copies of the script-tag bundle on one page, `define()` called again, and a site
 * that renames the tags. The tests share one page and run in order.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { newSandbox } from './helpers/sandbox.js';
import { expectAccessible } from './helpers/dom.js';

const TAGS = ['signup-form', 'contact-form', 'hub-search', 'bio-card'] as const;

type Element = HTMLElement & { updateComplete: Promise<boolean> };
type ElementClass = CustomElementConstructor & { define(tag?: string, registry?: CustomElementRegistry): void };

// Absolute URLs: a query string makes a second, independent copy of the same file.
const at = (path: string) => new URL(path, location.origin).href;
const load = (path: string) => import(/* @vite-ignore */ at(path)) as Promise<Record<string, ElementClass>>;

const pageErrors: string[] = [];
window.addEventListener('error', (event) => pageErrors.push(String(event.message)));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(String(event.reason)));


async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('registration', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('is accessible under a renamed tag', async () => {
    const { BioCard } = await load('/dist/components/bio-card/bio-card.js');
    BioCard!.define('axe-bio-card');
    const card = document.createElement('axe-bio-card') as Element & { data: unknown };
    card.setAttribute('no-presence', '');
    card.data = { name: 'Ada Lovelace', handle: 'ada', bio: 'Notes on engines.', links: [{ title: 'Notes', url: 'https://example.com/' }] };
    document.body.append(card);
    await card.updateComplete;
    await expectAccessible(card);
  });

  it('importing the classes defines none of the default tags', async () => {
    const main = await load('/dist/components/index.js');
    for (const tag of TAGS) {
      const own = await load(`/dist/components/${tag}/${tag}.js`);
      expect(Object.values(own)).to.include(Object.values(main).find((c) => Object.values(own).includes(c)));
      expect(customElements.get(tag), `<${tag}> was defined by importing its class`).to.equal(undefined);
    }
  });

  it('a define entry registers its tag, even when its class already serves a renamed tag', async () => {
    // The first test registered this very class as <axe-bio-card>.
    const main = await load('/dist/components/index.js');
    expect(customElements.get('axe-bio-card')).to.equal(main.BioCard);
    await load('/dist/components/bio-card/define.js');
    const defined = customElements.get('bio-card')!;
    expect(defined.prototype).to.be.instanceOf(main.BioCard!);
    expect(customElements.get('signup-form')).to.equal(undefined);
  });

  it('two copies of dist/hub-kit.js on one page do not throw, and the first definition wins', async () => {
    const first = await load('/dist/hub-kit.js');
    const second = await load('/dist/hub-kit.js?second-copy');
    expect(second.SignupForm).to.be.a('function');
    expect(second.SignupForm).not.to.equal(first.SignupForm);
    for (const tag of TAGS) expect(customElements.get(tag), `<${tag}>`).to.be.a('function');
    expect(customElements.get('signup-form')).to.equal(first.SignupForm);
    expect(pageErrors).to.deep.equal([]);
  });

  it('the bundle talks to a service on another origin', async () => {
    // A stand-in of its own on its own port: CORS, as a creator's site embedding the kit has it.
    const { url } = await executeServerCommand<{ url: string }, { action: string; name: string }>('remote-stand-in', {
      action: 'start',
      name: `define-${Math.random().toString(36).slice(2, 10)}`,
    });
    expect(new URL(url).origin).not.to.equal(location.origin);
    // <bio-card> itself was registered from the npm entry above: use the bundle's class.
    const { BioCard } = await load('/dist/hub-kit.js');
    BioCard!.define('bundle-bio-card');
    const card = document.createElement('bundle-bio-card') as Element;
    expect(card).to.be.instanceOf(BioCard!);
    card.setAttribute('base-url', url);
    card.setAttribute('tenant', 'demo');
    card.setAttribute('no-presence', '');
    document.body.append(card);
    const bio = (await (await fetch(`${url}/api/v1/tenants/demo/bio`)).json()) as { data: { name: string } };
    await until(() => (card.shadowRoot?.textContent ?? '').includes(bio.data.name), 'the card to load from the other origin');
    await expectAccessible(card);
  });

  it('define() called again, with or without a tag already taken, does not throw', async () => {
    const { SignupForm, HubSearch } = await load('/dist/components/index.js');
    const before = customElements.get('signup-form');
    expect(() => SignupForm!.define()).not.to.throw();
    expect(() => SignupForm!.define()).not.to.throw();
    expect(() => HubSearch!.define('hub-search')).not.to.throw();
    expect(customElements.get('signup-form')).to.equal(before);
  });

  describe('when a site renames the tags', () => {
    it('a renamed signup form works: it renders its form and signs up', async () => {
      const sandbox = newSandbox();
      const { SignupForm } = await load('/dist/components/signup-form/signup-form.js');
      SignupForm!.define('newsletter-signup');
      expect(customElements.get('newsletter-signup')).to.equal(SignupForm);

      const el = document.createElement('newsletter-signup') as Element;
      el.setAttribute('form', 'demo-form');
      el.setAttribute('base-url', sandbox.baseUrl);
      document.body.append(el);
      await el.updateComplete;
      const form = el.querySelector('form');
      expect(form, 'no light-DOM form rendered').to.be.instanceOf(HTMLFormElement);
      await expectAccessible(el);

      const email = `renamed.${Math.random().toString(36).slice(2, 9)}@example.com`;
      (form!.elements.namedItem('email') as HTMLInputElement).value = email;
      const success = new Promise<CustomEvent>((resolve) =>
        el.addEventListener('signup-form-success', (e) => resolve(e as CustomEvent), { once: true }),
      );
      form!.requestSubmit();
      const event = await success;
      expect(event.detail).to.be.an('object');
      const { subscribers } = await sandbox.records();
      expect(subscribers.map((s) => s.email)).to.include(email);
    });

    it('a renamed bio card and search box render under their new tags', async () => {
      const sandbox = newSandbox();
      const { BioCard, HubSearch } = await load('/dist/components/index.js');
      BioCard!.define('creator-card');
      HubSearch!.define('site-search');

      const card = document.createElement('creator-card') as Element;
      card.setAttribute('tenant', 'demo');
      card.setAttribute('base-url', sandbox.baseUrl);
      card.setAttribute('no-presence', '');
      const search = document.createElement('site-search') as Element;
      search.setAttribute('tenant', 'demo');
      search.setAttribute('base-url', sandbox.baseUrl);
      document.body.append(card, search);
      await until(() => (card.shadowRoot?.textContent ?? '').trim().length > 0, 'the renamed card to render');
      await until(() => Boolean(search.shadowRoot?.querySelector('[role="combobox"]')), 'the renamed search box');
      await until(() => !card.hasAttribute('busy'), 'the card to load');
      const bio = (await (await fetch(`${sandbox.baseUrl}/api/v1/tenants/demo/bio`)).json()) as { data: { name: string } };
      expect(card.shadowRoot!.textContent).to.contain(bio.data.name);
      await expectAccessible(card);
      await expectAccessible(search);
    });
  });
});
