/**
 * <hub-search> from the built dist/hub-kit.js, as a creator embeds it, against a service on
 * another origin: results over CORS, a failed first load that recovers once the service is
 * back, and a saved index that keeps searching while the service is gone.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { createStore, set } from 'idb-keyval';
import type { HubSearch } from '../../../components/hub-search/hub-search.js';
import { browserName, expectAccessible, mountTag, until, wait } from '../helpers/dom.js';
import { setOffline } from '../helpers/network.js';

const REMOTE = `hub-search-bundle-${browserName()}`;
const remote = (action: 'start' | 'stop') =>
  executeServerCommand<{ url: string }, { action: string; name: string }>('remote-stand-in', { action, name: REMOTE });
const newBase = (origin: string) => `${origin}/__sandbox/${crypto.getRandomValues(new Uint32Array(2)).join('')}`;

const mounted: Element[] = [];
/** Puts a tag on the page and waits for the loader to define it. */
async function mount(attrs: Record<string, string | true>): Promise<HubSearch> {
  const el = mountTag<HubSearch>('hub-search', attrs, mounted);
  await customElements.whenDefined('hub-search');
  return el;
}

async function type(el: HubSearch, text: string): Promise<number> {
  await el.updateComplete;
  const input = el.shadowRoot!.querySelector('input')!;
  input.focus();
  const done = new Promise<number>((resolve) =>
    el.addEventListener('hub-search-results', (e) => resolve(e.detail.total), { once: true }),
  );
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: text, inputType: 'insertText' }));
  const total = await done;
  await el.updateComplete;
  return total;
}

describe('<hub-search> from dist/hub-kit.js, against a service on another origin', () => {
  let origin: string;

  before(async () => {
    ({ url: origin } = (await remote('start'))!);
    expect(new URL(origin).origin).to.not.equal(location.origin);
    const bundle = '/dist/hub-kit.js';
    await import(/* @vite-ignore */ bundle);
    // The loader defines <hub-search> when the first one is put on the page, not before.
    expect(customElements.get('hub-search')).to.equal(undefined);
  });
  afterEach(async () => {
    for (const el of mounted.splice(0)) el.remove();
    await remote('start');
  });

  it('is accessible and searches across origins', async () => {
    const el = await mount({ tenant: 'demo', 'base-url': newBase(origin) });
    await el.updateComplete;
    await expectAccessible(el);
    expect(await type(el, 'podcasting')).to.be.greaterThan(0);
    const links = [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[role="option"]')];
    expect(links.length).to.be.greaterThan(0);
    for (const a of links) expect(a.href).to.match(/^https?:\/\//);
    await expectAccessible(el);
  });

  describe('when the service is unreachable on first use', () => {
    it('shows the error state, then recovers with the retry once the service is back', async () => {
      const base = newBase(origin);
      await remote('stop');
      const el = await mount({ tenant: 'demo', 'base-url': base });
      await el.updateComplete;
      const failed = new Promise((resolve) => el.addEventListener('hub-search-error', resolve, { once: true }));
      el.focus();
      await failed;
      await el.updateComplete;
      expect(el.state).to.equal('error');
      const retry = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!;
      expect(retry.textContent).to.match(/try again/i);
      await expectAccessible(el);

      await remote('start');
      const ready = new Promise((resolve) => el.addEventListener('hub-search-ready', resolve, { once: true }));
      retry.click();
      await ready;
      expect(await type(el, 'podcasting')).to.be.greaterThan(0);
    });
  });

  describe('when the index fails to load', () => {
    it('backs off: keystrokes send nothing more, and "Try again" asks once', async () => {
      const base = newBase(origin);
      await fetch(`${base}/__stand-in/faults`, {
        method: 'POST',
        body: JSON.stringify({ path: '/search-index', status: 500, times: 100 }),
      });
      const el = await mount({ tenant: 'demo', 'base-url': base });
      await el.updateComplete;
      const failed = new Promise((resolve) => el.addEventListener('hub-search-error', resolve, { once: true }));
      el.focus();
      await failed;
      const input = el.shadowRoot!.querySelector('input')!;
      for (const letter of 'podcasting habits') {
        input.value += letter;
        input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: letter, inputType: 'insertText' }));
        await wait(60);
      }
      // What the visitor reads once the keystrokes are handled (a busy machine may show
      // "Loading…" a moment first, while the cache says it is still backing off).
      const panel = el.shadowRoot!.querySelector('[part="panel"]')!;
      await until(() => /search could not be loaded/i.test(panel.textContent!), () => `the error, not "${panel.textContent!.trim()}"`);
      // A window past the client's own retries, for a late request to show.
      await wait(1500);
      const asked = async () =>
        ((await (await fetch(`${base}/__stand-in/log`)).json()) as { requests: Array<{ path: string }> }).requests.filter((r) =>
          r.path.endsWith('/search-index'),
        ).length;
      expect(await asked()).to.equal(1);
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
      await until(() => el.state === 'error' && !el.busy, 'the retry to fail');
      await wait(1500);
      expect(await asked()).to.equal(2);
    });
  });

  describe('with a saved index', () => {
    /** A copy saved ten minutes ago (stale), exactly as the cache stores it. */
    async function saved(base: string) {
      const body = (await (await fetch(`${base}/api/v1/tenants/demo/search-index`)).json()) as { data: unknown[] };
      await set(`hub-kit|${base}|demo|searchIndex`, { data: body.data, storedAt: Date.now() - 10 * 60_000 }, createStore('hub-kit', 'cache'));
    }

    it('searches it while the service cannot be reached, says so, and leaves that state once the service answers', async () => {
      const base = newBase(origin);
      await saved(base);
      await remote('stop');

      const el = await mount({ tenant: 'demo', 'base-url': base, preload: true });
      await until(() => el.offline, 'the unreachable state');
      expect(await type(el, 'podcasting')).to.be.greaterThan(0);
      const panel = el.shadowRoot!.querySelector('[part="panel"]')!.textContent!;
      // The browser is online: it is the service that cannot be reached.
      expect(panel).to.match(/the service cannot be reached: searching a saved copy/i);
      expect(panel).not.to.match(/offline/i);
      await expectAccessible(el);

      await remote('start');
      await el.refresh();
      await until(() => !el.offline, 'back online');
      expect(el.hasAttribute('offline')).to.equal(false);
    });

    it('searches it while the browser is offline, and says so', async () => {
      const base = newBase(origin);
      await saved(base);
      await remote('stop');
      setOffline(true);
      try {
        const el = await mount({ tenant: 'demo', 'base-url': base, preload: true });
        await until(() => el.offline, 'the offline state');
        expect(await type(el, 'podcasting')).to.be.greaterThan(0);
        expect(el.shadowRoot!.querySelector('[part="panel"]')!.textContent).to.match(/offline: searching a saved copy/i);
      } finally {
        setOffline(false);
      }
    });
  });
});
