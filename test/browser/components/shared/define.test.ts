/**
 * Registration, as pages really load the kit: a class import that must define nothing,
 * two copies of the script tag's loader and an npm entry on one page, `define()` called
 * again, and a site that renames the tags. The tests share one page and run in order.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { newSandbox } from '../../helpers/sandbox.js';
import { expectAccessible, until } from '../../helpers/dom.js';

const TAGS = ['signup-form', 'contact-form', 'hub-search', 'bio-card'] as const;

type Element = HTMLElement & { updateComplete: Promise<boolean> };
type ElementClass = CustomElementConstructor & { define(tag?: string, registry?: CustomElementRegistry): void };

// Absolute URLs: a query string makes a second, independent copy of the same file.
const at = (path: string) => new URL(path, location.origin).href;
const load = (path: string) => import(/* @vite-ignore */ at(path)) as Promise<Record<string, ElementClass>>;

// This page loads hundreds of modules; the default 250 resource timing entries would not
// hold the script tag's files, which a test counts.
performance.setResourceTimingBufferSize(5000);

const pageErrors: string[] = [];
window.addEventListener('error', (event) => pageErrors.push(String(event.message)));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(String(event.reason)));


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

  it('two copies of dist/hub-kit.js and an npm define entry on one page: one definition each, no file fetched twice', async () => {
    // <bio-card> was registered from the npm entry above; the loaders must leave it alone.
    const npmBioCard = customElements.get('bio-card');
    // The second copy from another origin, as a CDN serves it: files of its own, at other URLs.
    const { origin: cdn } = await executeServerCommand<{ origin: string }, undefined>('script-tag-origin');
    const first = await load('/dist/hub-kit.js');
    const second = await load(`${cdn}/second-copy/hub-kit.js`);
    expect(second.load).to.be.a('function');
    expect(second.load).not.to.equal(first.load);
    const sandbox = newSandbox();
    for (const tag of TAGS) {
      const el = document.createElement(tag);
      el.setAttribute('base-url', sandbox.baseUrl);
      el.setAttribute('tenant', 'demo');
      if (tag === 'bio-card') el.setAttribute('no-presence', '');
      document.body.append(el);
    }
    await Promise.all(TAGS.map((tag) => customElements.whenDefined(tag)));
    for (const tag of TAGS) expect(document.querySelector(tag)!.shadowRoot, `<${tag}> did not upgrade`).to.be.instanceOf(ShadowRoot);
    expect(customElements.get('bio-card')).to.equal(npmBioCard);
    const fetched = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/dist/hub-kit/'));
    expect(fetched.length, 'the loaders fetched nothing').to.be.greaterThan(0);
    expect(fetched, 'a file was fetched twice').to.deep.equal([...new Set(fetched)]);
    expect(fetched.filter((path) => /\/(bio-card|all)-/.test(path)), 'a loader fetched <bio-card>, already defined').to.deep.equal([]);
    const fromSecond = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(cdn));
    expect(fromSecond, 'the second copy fetched what the first was fetching').to.deep.equal([`${cdn}/second-copy/hub-kit.js`]);
    expect(pageErrors).to.deep.equal([]);
  });

  it("the bundle's load() gives a class for a tag of one's own, and it talks to a service on another origin", async () => {
    // A stand-in of its own on its own port: CORS, as a creator's site embedding the kit has it.
    const { url } = await executeServerCommand<{ url: string }, { action: string; name: string }>('remote-stand-in', {
      action: 'start',
      name: `define-${Math.random().toString(36).slice(2, 10)}`,
    });
    expect(new URL(url).origin).not.to.equal(location.origin);
    const { load: loadClass } = (await load('/dist/hub-kit.js')) as unknown as {
      load: (tag: string) => Promise<ElementClass>;
    };
    const before = customElements.get('bio-card');
    const BioCard = await loadClass('bio-card');
    BioCard.define('bundle-bio-card');
    expect(customElements.get('bio-card'), 'load() defined the default tag').to.equal(before);
    const card = document.createElement('bundle-bio-card') as Element;
    expect(card).to.be.instanceOf(BioCard);
    card.setAttribute('base-url', url);
    card.setAttribute('tenant', 'demo');
    card.setAttribute('no-presence', '');
    document.body.append(card);
    const bio = (await (await fetch(`${url}/api/v1/tenants/demo/bio`)).json()) as { data: { name: string } };
    await until(() => (card.shadowRoot?.textContent ?? '').includes(bio.data.name), 'the card to load from the other origin');
    await expectAccessible(card);
    let refused: unknown;
    await loadClass('bio-cards').catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(TypeError);
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
