import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { HubClient } from '../../../../src/api/hub-client.js';
import { NetworkError } from '../../../../src/api/errors.js';
import { sharedClient } from '../../../../src/api/registry.js';
import { cachedGet, FRESHNESS_MS } from '../../../../src/cache/freshness.js';
import { cacheBackend, cacheKey, swr } from '../../../../src/cache/swr.js';
import { newContext as openContext } from '../../helpers/context.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';

type CacheModules = typeof import('../../../../src/cache/freshness.js') &
  typeof import('../../../../src/cache/swr.js') &
  typeof import('../../../../src/api/registry.js');

const MODULES = ['/src/cache/freshness.ts', '/src/cache/swr.ts', '/src/api/registry.ts'];
const newContext = (before = '') => openContext<CacheModules>(MODULES, before);

/** A tenant of this sandbox alone, so its data can change under the test's control. */
function tenant(slug: string, name: string, updatedAt: string) {
  return { slug, updated_at: updatedAt, bio: { name, links: [{ title: 'Home', url: 'https://example.com/' }] } };
}

const gets = async (sandbox: Sandbox, path: string) => sandbox.requests(path, 'GET');
const later = (ms: number) => () => Date.now() + ms;

/**
 * WebKitWebDriver runs WebKit in an ephemeral session, which keeps no HTTP cache: there the
 * browser has no copy to revalidate and its one request is answered 200, not 304. Chromium and
 * Firefox keep one under test, as every browser does for a visitor.
 */
const httpCache = !/AppleWebKit/.test(navigator.userAgent) || /Chrome/.test(navigator.userAgent);
const revalidation = httpCache ? 304 : 200;

describe('cache', () => {
  let sandbox: Sandbox;
  let client: HubClient;

  beforeEach(() => {
    sandbox = newSandbox();
    client = sharedClient(sandbox.baseUrl);
  });

  it('keys by base URL, tenant and endpoint, and path for resolve', () => {
    expect(cacheKey('https://a.example', 'demo', 'bio')).to.not.equal(cacheKey('https://b.example', 'demo', 'bio'));
    expect(cacheKey('https://a.example', 'demo', 'bio')).to.not.equal(cacheKey('https://a.example', 'other', 'bio'));
    expect(cacheKey('https://a.example', 'demo', 'resolve', 'a')).to.not.equal(
      cacheKey('https://a.example', 'demo', 'resolve', 'b'),
    );
  });

  it('has the freshness the spec gives', () => {
    expect(FRESHNESS_MS.searchIndex).to.equal(5 * 60_000);
    expect(FRESHNESS_MS.presence).to.equal(30_000);
    expect(FRESHNESS_MS.bio).to.equal(5 * 60_000);
  });

  it('keeps its copies in IndexedDB where the browser allows it', async () => {
    expect(await cacheBackend()).to.equal('indexeddb');
  });

  it('fetches what it does not have, then serves it without a request while fresh', async () => {
    const first = await cachedGet(client, 'bio', { tenant: 'demo' });
    expect(first.source).to.equal('network');
    expect(first.fresh).to.equal(true);
    expect(first.data.name).to.be.a('string').and.not.empty;

    const second = await cachedGet(client, 'bio', { tenant: 'demo' });
    expect(second.source).to.equal('cache');
    expect(second.fresh).to.equal(true);
    expect(second.data).to.deep.equal(first.data);
    expect(await second.revalidated).to.equal(undefined);
    expect(await gets(sandbox, '/bio')).to.have.length(1);
  });

  it('keeps endpoints and resolve paths apart', async () => {
    await cachedGet(client, 'bio', { tenant: 'demo' });
    const index = await cachedGet(client, 'searchIndex', { tenant: 'demo' });
    expect(index.source).to.equal('network');
    const guide = await cachedGet(client, 'resolve', { tenant: 'demo', path: 'resources/demo-guide' });
    const moved = await cachedGet(client, 'resolve', { tenant: 'demo', path: 'old/welcome' });
    expect(moved.source).to.equal('network');
    expect(moved.data).to.not.deep.equal(guide.data);
    const again = await cachedGet(client, 'resolve', { tenant: 'demo', path: 'resources/demo-guide' });
    expect(again.source).to.equal('cache');
    expect(await gets(sandbox, '/resolve/')).to.have.length(2);
  });

  it('serves a new browsing context from IndexedDB without a request', async () => {
    const first = await cachedGet(client, 'bio', { tenant: 'demo' });
    const context = await newContext();
    try {
      const again = await context.hub.cachedGet(context.hub.sharedClient(sandbox.baseUrl), 'bio', { tenant: 'demo' });
      expect(again.source).to.equal('cache');
      expect(again.fresh).to.equal(true);
      expect(again.data).to.deep.equal(first.data);
      expect(await gets(sandbox, '/bio')).to.have.length(1);
    } finally {
      context.remove();
    }
  });

  it('shares one request between two callers asking at once', async () => {
    const [a, b] = await Promise.all([
      cachedGet(client, 'searchIndex', { tenant: 'demo' }),
      cachedGet(client, 'searchIndex', { tenant: 'demo' }),
    ]);
    expect(a.data).to.deep.equal(b.data);
    expect(a.data.length).to.be.greaterThan(100);
    expect(await gets(sandbox, '/search-index')).to.have.length(1);
  });

  it('throws the client error when nothing is cached and the service fails', async () => {
    await sandbox.fault({ path: '/bio', status: 404, times: 1, body: { message: 'Not found.' } });
    const error = await cachedGet(client, 'bio', { tenant: 'demo' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as { status?: number }).status).to.equal(404);
    // Backing off: asked again at once, the same error comes back without a request…
    expect(await cachedGet(client, 'bio', { tenant: 'demo' }).catch((e: unknown) => e)).to.equal(error);
    expect(await gets(sandbox, '/bio')).to.have.length(1);
    // …but a visitor's "Try again" asks.
    const next = await cachedGet(client, 'bio', { tenant: 'demo' }, { retry: true });
    expect(next.source).to.equal('network');
    expect(await gets(sandbox, '/bio')).to.have.length(2);
  });

  it('backs off after each failed load: 10 s, 20 s, 40 s at the jitter\'s top, whoever asks in between', async () => {
    await sandbox.fault({ path: '/search-index', status: 500, times: 4 });
    const start = Date.now();
    let at = 0;
    const now = () => start + at;
    const asks: number[] = [];
    // A read every second for 75 seconds of the cache's clock, as keystrokes and timers would.
    for (at = 0; at <= 75_000; at += 1000) {
      await cachedGet(client, 'searchIndex', { tenant: 'demo' }, { now, random: () => 1 }).catch(() => undefined);
      const count = (await gets(sandbox, '/search-index')).length;
      if (count > asks.length) asks.push(at / 1000);
    }
    expect(asks).to.deep.equal([0, 10, 30, 70]);
    // The fourth wait is 80 s. Then the service answers, which ends the backoff.
    at = 151_000;
    expect((await cachedGet(client, 'searchIndex', { tenant: 'demo' }, { now })).source).to.equal('network');
    at = 152_000;
    expect((await cachedGet(client, 'searchIndex', { tenant: 'demo' }, { now })).source).to.equal('cache');
    expect((await gets(sandbox, '/search-index')).map((r) => r.status)).to.deep.equal([500, 500, 500, 500, 200]);
  });

  it('revalidates a stale copy from another origin with one request: no preflight', async () => {
    const name = `cache-cors-${sandbox.id}`;
    const { url } = (await executeServerCommand('remote-stand-in', { action: 'start', name })) as { url: string };
    const base = `${url}/__sandbox/${sandbox.id}`;
    const remote = new HubClient({ baseUrl: base });
    try {
      await cachedGet(remote, 'bio', { tenant: 'demo' });
      const stale = await cachedGet(remote, 'bio', { tenant: 'demo' }, { now: later(FRESHNESS_MS.bio + 60_000) });
      expect(stale.fresh).to.equal(false);
      expect(await stale.revalidated).to.equal(undefined);
      const log = (await (await fetch(`${base}/__stand-in/log`)).json()) as { requests: Array<{ method: string; path: string; status: number }> };
      const bio = log.requests.filter((r) => r.path.endsWith('/bio'));
      // The first read, then the browser's own conditional GET, which the service answers 304.
      expect(bio.map((r) => `${r.method} ${r.status}`)).to.deep.equal(['GET 200', `GET ${revalidation}`]);
    } finally {
      await executeServerCommand('remote-stand-in', { action: 'stop', name });
    }
  });

  describe('when the copy is past its freshness', () => {
    it('serves it at once and revalidates through the HTTP cache; a 304 renews it', async () => {
      const first = await cachedGet(client, 'bio', { tenant: 'demo' });
      const now = later(FRESHNESS_MS.bio + 60_000);
      const stale = await cachedGet(client, 'bio', { tenant: 'demo' }, { now });
      expect(stale.source).to.equal('cache');
      expect(stale.fresh).to.equal(false);
      expect(stale.data).to.deep.equal(first.data);
      expect(await stale.revalidated).to.equal(undefined);

      const requests = await gets(sandbox, '/bio');
      expect(requests.map((r) => r.status)).to.deep.equal([200, revalidation]);

      // Renewed: fresh again at that later moment, with no further request.
      const renewed = await cachedGet(client, 'bio', { tenant: 'demo' }, { now });
      expect(renewed.fresh).to.equal(true);
      expect(renewed.source).to.equal('cache');
      expect(await gets(sandbox, '/bio')).to.have.length(2);
    });

    it('replaces it when the service has new data', async () => {
      const slug = `t${sandbox.id.slice(0, 8)}`;
      await sandbox.addTenant(tenant(slug, 'Before', '2026-01-01T00:00:00Z'));
      const first = await cachedGet(client, 'bio', { tenant: slug });
      expect(first.data.name).to.equal('Before');

      await sandbox.addTenant(tenant(slug, 'After', '2026-02-01T00:00:00Z'));
      const now = later(FRESHNESS_MS.bio + 60_000);
      const stale = await cachedGet(client, 'bio', { tenant: slug }, { now });
      expect(stale.data.name).to.equal('Before');
      const updated = await stale.revalidated;
      expect(updated?.data.name).to.equal('After');
      expect(updated?.source).to.equal('network');

      const next = await cachedGet(client, 'bio', { tenant: slug }, { now });
      expect(next.data.name).to.equal('After');
      expect(next.source).to.equal('cache');
      expect((await gets(sandbox, '/bio')).map((r) => r.status)).to.deep.equal([200, 200]);
    });

    it('keeps serving the stale copy when the service answers 5xx', async () => {
      const first = await cachedGet(client, 'bio', { tenant: 'demo' });
      await sandbox.fault({ path: '/bio', status: 503, times: 10 });
      const now = later(FRESHNESS_MS.bio + 60_000);
      const stale = await cachedGet(client, 'bio', { tenant: 'demo' }, { now });
      expect(stale.data).to.deep.equal(first.data);
      expect(await stale.revalidated).to.equal(undefined);
      const again = await cachedGet(client, 'bio', { tenant: 'demo' }, { now });
      expect(again.data).to.deep.equal(first.data);
      expect(again.fresh).to.equal(false);
      expect((await gets(sandbox, '/bio')).some((r) => r.status === 503)).to.equal(true);
    });

    it('keeps serving the stale copy when the service cannot be reached', async () => {
      const name = `cache-${sandbox.id}`;
      const { url } = (await executeServerCommand('remote-stand-in', { action: 'start', name })) as { url: string };
      const remote = new HubClient({ baseUrl: `${url}/__sandbox/${sandbox.id}`, attempts: 1 });
      try {
        const first = await cachedGet(remote, 'presence', { tenant: 'demo' });
        await executeServerCommand('remote-stand-in', { action: 'stop', name });

        const stale = await cachedGet(remote, 'presence', { tenant: 'demo' }, { now: later(60_000) });
        expect(stale.source).to.equal('cache');
        expect(stale.data).to.deep.equal(first.data);
        expect(await stale.revalidated).to.equal(undefined);

        // The same service, with nothing cached, fails as a network error.
        const error = await cachedGet(remote, 'bio', { tenant: 'demo' }, { retry: true }).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(NetworkError);
      } finally {
        await executeServerCommand('remote-stand-in', { action: 'stop', name });
      }
    });
  });

  describe('when IndexedDB is unavailable', () => {
    it('works from memory where indexedDB is missing', async () => {
      const context = await newContext(
        "Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });",
      );
      try {
        expect(await context.hub.cacheBackend()).to.equal('memory');
        const client = context.hub.sharedClient(sandbox.baseUrl);
        const first = await context.hub.cachedGet(client, 'bio', { tenant: 'demo' });
        expect(first.source).to.equal('network');
        const second = await context.hub.cachedGet(client, 'bio', { tenant: 'demo' });
        expect(second.source).to.equal('cache');
        expect(await gets(sandbox, '/bio')).to.have.length(1);
      } finally {
        context.remove();
      }
      // Nothing reached IndexedDB: this context has to ask.
      const fresh = await cachedGet(client, 'bio', { tenant: 'demo' });
      expect(fresh.source).to.equal('network');
    });

    it('works from memory where opening the database fails', async () => {
      // Opening a database below its version fails asynchronously, as open() does in
      // browsers that refuse storage: the context's open() is sent to one at version 2.
      const blocker = `hub-kit-test-${sandbox.id}`;
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(blocker, 2);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      });
      const context = await newContext(
        `const open = IDBFactory.prototype.open;
         IDBFactory.prototype.open = function () { return open.call(this, ${JSON.stringify(blocker)}, 1); };`,
      );
      try {
        expect(await context.hub.cacheBackend()).to.equal('memory');
        const client = context.hub.sharedClient(sandbox.baseUrl);
        await context.hub.cachedGet(client, 'bio', { tenant: 'demo' });
        const second = await context.hub.cachedGet(client, 'bio', { tenant: 'demo' });
        expect(second.source).to.equal('cache');
        expect(await gets(sandbox, '/bio')).to.have.length(1);
      } finally {
        context.remove();
        indexedDB.deleteDatabase(blocker);
      }
    });
  });

  describe('swr', () => {
    /** A load answering new data `{ n }` each time, and how many times it was called. */
    function counting() {
      let n = 0;
      const load = async () => ({ status: 'modified' as const, data: { n: ++n }, validators: {} });
      return { load, calls: () => n };
    }

    it('does not load again what another caller loaded while this one read IndexedDB', async () => {
      // The first load settles within microtasks, before the second caller's IndexedDB read
      // answers: that caller must take the first one's copy, not ask again.
      const key = `swr-race-${sandbox.id}`;
      const { load, calls } = counting();
      const [a, b] = await Promise.all([swr(key, load, { maxAgeMs: 60_000 }), swr(key, load, { maxAgeMs: 60_000 })]);
      expect(calls()).to.equal(1);
      expect(b.data).to.deep.equal(a.data);
    });

    it('does not revalidate a fresh copy and throws a first load error', async () => {
      const key = `swr-test-${sandbox.id}`;
      const { load, calls } = counting();
      const first = await swr(key, load, { maxAgeMs: 60_000 });
      const second = await swr(key, load, { maxAgeMs: 60_000 });
      expect(first.data).to.deep.equal({ n: 1 });
      expect(second.data).to.deep.equal({ n: 1 });
      expect(calls()).to.equal(1);

      const failing = await swr(`${key}-x`, async () => Promise.reject(new Error('boom')), { maxAgeMs: 1 }).catch(
        (e: Error) => e,
      );
      expect((failing as Error).message).to.equal('boom');
    });

    it('answers a 200 with the same data as unchanged', async () => {
      const key = `swr-same-${sandbox.id}`;
      const load = async () => ({ status: 'modified' as const, data: { same: true }, validators: {} });
      await swr(key, load, { maxAgeMs: 1000 });
      const stale = await swr(key, load, { maxAgeMs: 1000, now: later(5000) });
      expect(stale.fresh).to.equal(false);
      expect(await stale.revalidated).to.equal(undefined);
    });

    it('tells bytes apart by their bytes (a search index kept as its body), changed or not', async () => {
      const key = `swr-bytes-${sandbox.id}`;
      const bytes = (text: string) => new TextEncoder().encode(text).buffer;
      let body = '{"data":[{"id":"1","title":"One","url":"/1"}]}';
      const load = async () => ({ status: 'modified' as const, data: bytes(body), validators: {} });
      await swr(key, load, { maxAgeMs: 1000 });
      // The same bytes again: unchanged.
      const same = await swr(key, load, { maxAgeMs: 1000, now: later(5000) });
      expect(await same.revalidated).to.equal(undefined);
      // As many bytes, one of them changed: new data.
      body = body.replace('One', 'Two');
      const changed = await swr(key, load, { maxAgeMs: 1000, now: later(10_000) });
      const renewed = await changed.revalidated;
      expect(renewed, 'changed bytes were taken for the same').not.to.equal(undefined);
      expect(new TextDecoder().decode(renewed!.data as ArrayBuffer)).to.contain('Two');
    });
  });
});
