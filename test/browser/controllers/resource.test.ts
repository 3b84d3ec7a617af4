/**
 * ResourceController against the real cache and the stand-in service: every read goes
 * through `cachedCall`, IndexedDB and HTTP, as the elements' reads do. Each test has a
 * sandbox of its own, so its cache keys and its service are its own too.
 */
import { expect } from 'chai';
import { LitElement } from 'lit';
import { getBio } from '../../../src/api/calls.js';
import type { Bio } from '../../../src/api/schema.js';
import { sharedTransport } from '../../../src/api/transport.js';
import { cachedCall } from '../../../src/cache/freshness.js';
import { ResourceController } from '../../../components/controllers/resource.js';
import { staysAt, until } from '../helpers/dom.js';
import { newSandbox, type Sandbox } from '../helpers/sandbox.js';

const MINUTE = 60_000;

/** Reads a tenant's profile through the cache, recording what it is asked to show. */
class ResourceHost extends LitElement {
  baseUrl = '';
  tenant = 'demo';
  /** How far ahead of the real clock the cache reads freshness. */
  ahead = 0;
  shown: Array<{ name: string; source: string; fresh: boolean }> = [];
  failed: Error[] = [];
  resource = new ResourceController<Bio>(this, {
    read: (retry) =>
      cachedCall(sharedTransport(this.baseUrl), 'bio', getBio, { tenant: this.tenant }, { retry, now: () => Date.now() + this.ahead }),
    show: ({ data, source, fresh }) => void this.shown.push({ name: data.name, source, fresh }),
    fail: (error) => void this.failed.push(error),
  });
}
customElements.define('resource-host', ResourceHost);

describe('ResourceController', () => {
  let sandbox: Sandbox;
  let host: ResourceHost;
  const bioRequests = async () => (await sandbox.requests('/bio', 'GET')).length;

  beforeEach(() => {
    sandbox = newSandbox();
    host = document.createElement('resource-host') as ResourceHost;
    host.baseUrl = sandbox.baseUrl;
    document.body.append(host);
  });
  afterEach(() => host.remove());

  it('shows the first answer, and is pending until then', async () => {
    const run = host.resource.run();
    expect(host.resource.pending).to.equal(true);
    await run;
    expect(host.resource.pending).to.equal(false);
    expect(host.shown).to.deep.equal([{ name: 'Abdullah Metz', source: 'network', fresh: true }]);
    expect(host.resource.value?.name).to.equal('Abdullah Metz');
    expect(host.resource.error).to.equal(undefined);
    expect(host.resource.offline).to.equal(false);
  });

  it('does not show again data that has not changed', async () => {
    await host.resource.run();
    await host.resource.run();
    expect(host.shown).to.have.length(1);
    expect(await bioRequests()).to.equal(1);
  });

  describe('when a run starts before the last one answered', () => {
    it('aborts the last one: an answer for the source it had is never shown', async () => {
      await sandbox.fault({ path: '/bio', delayMs: 800, times: 1 });
      const first = host.resource.run();
      host.tenant = 'hostile';
      const second = host.resource.run();
      await Promise.all([first, second]);
      expect(host.shown).to.have.length(1);
      expect(host.shown[0]!.name).to.contain('Mallory');
      expect(host.resource.value?.name).to.contain('Mallory');
      expect(host.resource.pending).to.equal(false);
    });
  });

  describe('when the host leaves the page mid-read', () => {
    it('aborts the run: nothing is shown, nothing stays pending, and a later run shows', async () => {
      await sandbox.fault({ path: '/bio', delayMs: 500, times: 1 });
      const run = host.resource.run();
      host.remove();
      await run;
      expect(host.shown).to.deep.equal([]);
      expect(host.resource.pending).to.equal(false);
      document.body.append(host);
      await host.resource.run();
      expect(host.shown.map((s) => s.source)).to.deep.equal(['cache']);
    });
  });

  describe('when nothing is cached and the read fails', () => {
    it('is the error until an answer comes, which clears it', async () => {
      host.tenant = 'nobody-here';
      await host.resource.run();
      expect(host.failed).to.have.length(1);
      expect(host.resource.error).to.equal(host.failed[0]);
      expect(host.resource.pending).to.equal(false);
      host.tenant = 'demo';
      const run = host.resource.run();
      expect(host.resource.error, 'kept while the next run is under way').to.equal(host.failed[0]);
      await run;
      expect(host.resource.error).to.equal(undefined);
      expect(host.shown).to.have.length(1);
    });
  });

  describe('when the copy in the cache is stale', () => {
    beforeEach(async () => {
      await host.resource.run();
      host.ahead = 10 * MINUTE;
    });

    it('keeps it shown while the service confirms it, and is not offline', async () => {
      await host.resource.run();
      expect(host.resource.offline).to.equal(false);
      await until(async () => (await bioRequests()) === 2, 'the revalidation');
      // Confirmed: a read now finds the copy fresh, so the check ends online.
      await staysAt(async () => Number(host.resource.offline), 0, 'offline', 500);
      expect(host.shown, 'nothing changed, so nothing is shown again').to.have.length(1);
    });

    it('is offline when the service cannot confirm it, and asks again when the browser comes back online', async () => {
      await sandbox.fault({ path: '/bio', status: 500, times: 1 });
      await host.resource.run();
      await until(() => host.resource.offline, 'the unconfirmed state');
      expect(host.shown, 'the copy shown stays').to.have.length(1);
      expect(await bioRequests()).to.equal(2);
      // The failed check backs off; the browser's "online" asks past it.
      dispatchEvent(new Event('online'));
      await until(async () => (await bioRequests()) === 3, 'the request "online" makes');
      await staysAt(async () => Number(host.resource.offline), 0, 'offline', 500);
    });

    it('shows what the check brings when the data changed', async () => {
      await sandbox.addTenant({ slug: 'demo', bio: { name: 'Renamed' } });
      await host.resource.run();
      await until(() => host.shown.length === 2, 'the changed profile');
      expect(host.shown[1]).to.deep.equal({ name: 'Renamed', source: 'network', fresh: true });
      expect(host.resource.offline).to.equal(false);
    });
  });

  describe('load()', () => {
    it('shares the run in flight, and runs none once data is shown', async () => {
      await sandbox.fault({ path: '/bio', delayMs: 300, times: 1 });
      const first = host.resource.load();
      expect(host.resource.load()).to.equal(first);
      await first;
      await host.resource.load();
      expect(host.shown).to.have.length(1);
      expect(await bioRequests()).to.equal(1);
    });
  });

  describe('reset()', () => {
    it('forgets the data, the failure and the run in flight', async () => {
      await sandbox.fault({ path: '/bio', delayMs: 300, times: 1 });
      const run = host.resource.run();
      host.resource.reset();
      expect(host.resource.pending).to.equal(false);
      await run;
      expect(host.shown).to.deep.equal([]);
      expect(host.resource.value).to.equal(undefined);
    });
  });
});
