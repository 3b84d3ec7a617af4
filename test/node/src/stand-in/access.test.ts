/**
 * Who reaches the stand-in's control endpoints, over real HTTP: callers on this machine
 * only, never a visitor forwarded by a trusted proxy from elsewhere, and nobody with the
 * control endpoints off. The seeded avatars stay public, and the API is unaffected.
 */
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { describe, it } from 'node:test';
import { serve } from '../../../../src/stand-in/node.js';

const CONTROL = ['/__stand-in/log', '/__stand-in/records', '/__sandbox/abc/__stand-in/records'];

/** An address of this machine that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) if (!address.internal && address.family === 'IPv4') return address.address;
  }
  return undefined;
}

describe('control endpoints answer this machine only', () => {
  it('a caller on loopback reads and arms them', async (t) => {
    const served = await serve({ port: 0 });
    t.after(() => served.close());
    for (const path of CONTROL) assert.equal((await fetch(served.url + path)).status, 200, path);
    const armed = await fetch(`${served.url}/__stand-in/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/bio', status: 500 }),
    });
    assert.equal(armed.status, 201);
  });

  it('a caller from another address is refused, the API and avatars still answer it', async (t) => {
    const address = outsideAddress();
    if (!address) return t.skip('this machine has no address but loopback');
    const served = await serve({ port: 0, host: '0.0.0.0' });
    t.after(() => served.close());
    const base = `http://${address}:${served.port}`;
    for (const path of CONTROL) {
      const response = await fetch(base + path);
      assert.equal(response.status, 403, path);
      assert.deepEqual(await response.json(), { message: 'The stand-in answers control requests from this machine only.' });
    }
    const reset = await fetch(`${base}/__stand-in/reset`, { method: 'POST' });
    assert.equal(reset.status, 403);
    assert.equal((await fetch(`${base}/api/v1/tenants/demo/bio`)).status, 200);
    assert.equal((await fetch(`${base}/__stand-in/avatars/demo.svg`)).status, 200);
  });

  it('behind a trusted proxy, a forwarded visitor from elsewhere is refused, whatever it writes in X-Forwarded-For', async (t) => {
    const served = await serve({ port: 0, trustProxy: true });
    t.after(() => served.close());
    const get = (path: string, forwarded: string) => fetch(served.url + path, { headers: { 'X-Forwarded-For': forwarded } });
    for (const path of CONTROL) {
      assert.equal((await get(path, '203.0.113.5')).status, 403, `${path} from a forwarded visitor`);
      // The visitor wrote 127.0.0.1 itself; the proxy appended the address it really came from.
      assert.equal((await get(path, '127.0.0.1, 203.0.113.5')).status, 403, `${path} with a spoofed loopback entry`);
      assert.equal((await get(path, '::1, ::ffff:127.0.0.1, 203.0.113.5')).status, 403, `${path} with spoofed entries`);
      // A client on the proxy's own machine (here, this one) is a loopback caller.
      assert.equal((await get(path, '127.0.0.1')).status, 200, `${path} forwarded from loopback`);
    }
    const armed = await fetch(`${served.url}/__stand-in/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '127.0.0.1, 198.51.100.9' },
      body: JSON.stringify({ path: '/bio', status: 500 }),
    });
    assert.equal(armed.status, 403);
    assert.equal((await get('/api/v1/tenants/demo/bio', '203.0.113.5')).status, 200, 'no fault was armed');
  });

  it('behind two trusted proxies, every hop up to the visitor must be this machine', async (t) => {
    const served = await serve({ port: 0, trustProxy: 2 });
    t.after(() => served.close());
    const get = (forwarded: string) => fetch(`${served.url}/__stand-in/log`, { headers: { 'X-Forwarded-For': forwarded } });
    assert.equal((await get('127.0.0.1, 127.0.0.1')).status, 200);
    assert.equal((await get('203.0.113.5, 127.0.0.1')).status, 403);
    assert.equal((await get('127.0.0.1, 10.0.0.3')).status, 403, 'a proxy elsewhere');
    assert.equal((await get('127.0.0.1, 203.0.113.5, 127.0.0.1')).status, 403);
  });

  it('with control off, nobody reaches them, not even loopback; the API and avatars answer', async (t) => {
    const served = await serve({ port: 0, control: 'off' });
    t.after(() => served.close());
    for (const path of CONTROL) {
      const response = await fetch(served.url + path);
      assert.equal(response.status, 404, path);
      assert.deepEqual(await response.json(), { message: 'Not found.' });
    }
    assert.equal((await fetch(`${served.url}/__stand-in/reset`, { method: 'POST' })).status, 404);
    assert.equal((await fetch(`${served.url}/api/v1/tenants/demo/bio`)).status, 200);
    assert.equal((await fetch(`${served.url}/__stand-in/avatars/demo.svg`)).status, 200);
  });
});
