/**
 * IndexedDB that stalls instead of failing. WebKit keeps a transaction alive in a page it has
 * suspended or cached for Back, and every later transaction on that store then waits, in
 * every tab, for minutes. The elements must not wait with it: past the store's limit they
 * work from memory, and a write given up on never lands later.
 *
 * The stall is made the way it happens: another connection holds a readwrite transaction on
 * the kit's own stores open, so the kit's transactions queue behind it.
 */
import { expect } from 'chai';
import { createStore, get } from 'idb-keyval';
import type { HubSearch } from '../../../../components/hub-search/hub-search.js';
import type { SignupForm } from '../../../../components/signup-form/signup-form.js';
import '../../../../components/hub-search/define.js';
import '../../../../components/signup-form/define.js';
import { mountTag } from '../../helpers/dom.js';
import { newContext } from '../../helpers/context.js';
import { newSandbox } from '../../helpers/sandbox.js';
import { fill, next, uniqueEmail, untilSeen } from '../../helpers/forms.js';

/** The kit's databases and their one store each. */
const STORES: Array<[string, string]> = [
  ['hub-kit', 'cache'],
  ['hub-kit-budget', 'budgets'],
  ['hub-kit-outbox', 'entries'],
];

/**
 * Holds a readwrite transaction open on each store (it keeps asking, so it never commits)
 * until the returned function releases it. Resolves once the hold is in place.
 */
async function holdStores(stores = STORES): Promise<() => Promise<void>> {
  const releases = await Promise.all(
    stores.map(async ([dbName, storeName]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onupgradeneeded = () => request.result.createObjectStore(storeName);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(storeName, 'readwrite');
      const objects = tx.objectStore(storeName);
      let holding = true;
      await new Promise<void>((started) => {
        const spin = () => {
          started();
          if (holding) objects.get('').onsuccess = spin;
        };
        objects.get('').onsuccess = spin;
      });
      const done = new Promise<void>((resolve) => {
        tx.oncomplete = tx.onabort = tx.onerror = () => resolve();
      });
      return async () => {
        holding = false;
        await done;
        db.close();
      };
    }),
  );
  return async () => {
    await Promise.all(releases.map((release) => release()));
  };
}

describe('when IndexedDB stalls', function () {
  // Each store waits out its limit once (4 s) before it works from memory.
  this.timeout(40_000);
  const mounted: Element[] = [];
  let release: (() => Promise<void>) | undefined;

  afterEach(async () => {
    for (const el of mounted.splice(0)) el.remove();
    await release?.();
    release = undefined;
  });

  it('a write the store gave up on never lands later', async () => {
    const context = await newContext<typeof import('../../../../src/cache/store.js')>(['/src/cache/store.ts']);
    try {
      const store = context.hub.openStore('hub-kit', 'cache');
      const key = `stall-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
      expect(await store.backend()).to.equal('indexeddb');
      release = await holdStores([['hub-kit', 'cache']]);

      const started = performance.now();
      await store.set(key, 'given up');
      expect(performance.now() - started).to.be.at.least(context.hub.WAIT_MS - 50);
      expect(await store.backend()).to.equal('memory');
      expect(await store.get(key)).to.equal('given up');

      await release();
      release = undefined;
      // Queued behind the hold, it would have been written the moment the hold ended.
      expect(await get(key, createStore('hub-kit', 'cache'))).to.equal(undefined);
    } finally {
      context.remove();
    }
  });

  it('the rate budget goes on from what it had counted: a stall does not give a second allowance', async () => {
    const context = await newContext<typeof import('../../../../src/limits/budget.js')>(['/src/limits/budget.ts']);
    try {
      const budget = context.hub.budgetFor(`https://stall-${crypto.getRandomValues(new Uint32Array(2)).join('')}.test`);
      // 8 of the 10 signups a minute, counted in IndexedDB.
      for (let i = 0; i < 8; i++) expect((await budget.take('signup')).ok).to.equal(true);
      release = await holdStores([['hub-kit-budget', 'budgets']]);
      // The first of these waits out the store's limit; from there it counts in memory.
      const decisions = [];
      for (let i = 0; i < 5; i++) decisions.push((await budget.take('signup')).ok);
      expect(decisions).to.deep.equal([true, true, false, false, false]);
    } finally {
      context.remove();
    }
  });

  it('<hub-search> still loads and lists results', async () => {
    release = await holdStores();
    const el = mountTag<HubSearch>('hub-search', { tenant: 'demo', 'base-url': newSandbox().baseUrl }, mounted);
    await el.updateComplete;
    const ready = next(el, 'hub-search-ready');
    el.focus();
    await ready;
    const box = el.shadowRoot!.querySelector('input')!;
    const results = next(el, 'hub-search-results');
    box.value = 'habit';
    box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: 'habit', inputType: 'insertText' }));
    await results;
    await el.updateComplete;
    const titles = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.textContent!);
    expect(titles.join(' ')).to.match(/habit/i);
  });

  it('<signup-form> still signs up once and says so', async () => {
    release = await holdStores();
    const sandbox = newSandbox();
    const el = mountTag<SignupForm>('signup-form', { tenant: 'demo', 'base-url': sandbox.baseUrl }, mounted);
    await el.updateComplete;
    const email = uniqueEmail('stall');
    fill(el.formElement!, { email });
    el.formElement!.requestSubmit();
    await untilSeen(el, /check your inbox/i);
    const { subscribers } = await sandbox.records();
    expect(subscribers.map((s) => s.email)).to.deep.equal([email]);
  });
});
