/**
 * The stand-in against every row of the spec's public Limits table and its three rules.
 * Most requests go straight to `standIn.fetch` with a chosen socket address (fast, exact);
 * the last suite goes over real HTTP with X-Forwarded-For and --trust-proxy (one or N proxies).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMAIL_LIMIT, GROUP_LIMITS } from '../../../../src/limits/rules.js';
import { createStandIn } from '../../../../src/stand-in/handler.js';
import { serve } from '../../../../src/stand-in/node.js';

const START = Date.parse('2026-02-01T10:00:00Z');
const ORIGIN = 'http://stand-in.test';

interface CallOptions {
  ip?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

// Control endpoints answer callers on this machine only; the API sees a visitor from elsewhere.
const defaultIp = (path: string) => (path.includes('/__stand-in/') ? '127.0.0.1' : '198.51.100.1');

function harness() {
  const standIn = createStandIn({ now: () => START });
  let emails = 0;
  const call = (method: string, path: string, { ip = defaultIp(path), body, headers = {} }: CallOptions = {}) =>
    standIn.fetch(
      new Request(ORIGIN + path, {
        method,
        headers: body === undefined ? headers : { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      { remoteAddress: ip },
    );
  return {
    call,
    /** A new address every time, so only the counter under test fills up. */
    freshEmail: () => `person${++emails}@example.com`,
    async advance(seconds: number) {
      const response = await call('POST', '/__stand-in/clock', { body: { advance: seconds } });
      assert.equal(response.status, 200);
    },
  };
}

async function assertLimited(response: Response, retryAfter: number, endsAtMs: number) {
  assert.equal(response.status, 429);
  assert.equal(await response.text(), '{"message":"Too Many Attempts."}');
  assert.equal(response.headers.get('Retry-After'), String(retryAfter));
  assert.equal(response.headers.get('X-RateLimit-Reset'), String(Math.ceil(endsAtMs / 1000)));
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
}

interface Row {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  perIp: number;
  perEmail?: number;
  contact?: boolean;
}

// The spec's table, written out again on purpose: if rules.ts drifts, these tests say so.
const TABLE: Row[] = [
  { name: 'POST /api/subscribe/{identifier}', method: 'POST', path: '/api/subscribe/demo-form', perIp: 10, perEmail: 10 },
  { name: 'POST /api/v1/tenants/{slug}/subscribe', method: 'POST', path: '/api/v1/tenants/demo/subscribe', perIp: 10, perEmail: 10 },
  {
    name: 'POST /api/v1/tenants/{slug}/magic-links/{identifier}',
    method: 'POST',
    path: '/api/v1/tenants/demo/magic-links/demo-guide',
    perIp: 10,
    perEmail: 10,
  },
  { name: 'POST /api/v1/tenants/{slug}/contact', method: 'POST', path: '/api/v1/tenants/demo/contact', perIp: 5, perEmail: 10, contact: true },
  { name: 'GET /api/v1/tenants/{slug}/bio', method: 'GET', path: '/api/v1/tenants/demo/bio', perIp: 60 },
  { name: 'GET /api/v1/tenants/{slug}/resolve/{path}', method: 'GET', path: '/api/v1/tenants/demo/resolve/old/welcome', perIp: 60 },
  { name: 'GET /api/v1/tenants/{slug}/search-index', method: 'GET', path: '/api/v1/tenants/demo/search-index', perIp: 60 },
  { name: 'GET /api/v1/tenants/{slug}/presence', method: 'GET', path: '/api/v1/tenants/demo/presence', perIp: 60 },
];

const bodyFor = (row: Row, email: string) =>
  row.method === 'GET' ? undefined : row.contact ? { email, message: 'Hello', website: '' } : { email, website: '' };

describe('the limit numbers', () => {
  it('are the spec table’s numbers', () => {
    assert.deepEqual(GROUP_LIMITS.signup, { max: 10, windowSeconds: 60 });
    assert.deepEqual(GROUP_LIMITS.contact, { max: 5, windowSeconds: 60 });
    assert.deepEqual(GROUP_LIMITS.bio, { max: 60, windowSeconds: 60 });
    assert.deepEqual(GROUP_LIMITS['search-index'], { max: 60, windowSeconds: 60 });
    assert.deepEqual(GROUP_LIMITS.presence, { max: 60, windowSeconds: 60 });
    assert.deepEqual(EMAIL_LIMIT, { max: 10, windowSeconds: 600 });
  });
});

for (const row of TABLE) {
  describe(row.name, () => {
    it(`allows ${row.perIp} per minute per visitor IP, then answers 429 until the minute is over`, async () => {
      const h = harness();
      for (let i = 0; i < row.perIp; i++) {
        const response = await h.call(row.method, row.path, { body: bodyFor(row, h.freshEmail()) });
        assert.equal(response.status, row.method === 'GET' ? 200 : 201, `request ${i + 1}`);
      }
      await assertLimited(await h.call(row.method, row.path, { body: bodyFor(row, h.freshEmail()) }), 60, START + 60_000);
      // Another visitor is not affected.
      const other = await h.call(row.method, row.path, { ip: '198.51.100.2', body: bodyFor(row, h.freshEmail()) });
      assert.ok(other.ok);

      await h.advance(59);
      await assertLimited(await h.call(row.method, row.path, { body: bodyFor(row, h.freshEmail()) }), 1, START + 60_000);
      await h.advance(1);
      for (let i = 0; i < row.perIp; i++) {
        const response = await h.call(row.method, row.path, { body: bodyFor(row, h.freshEmail()) });
        assert.ok(response.ok, `request ${i + 1} of the new window`);
      }
      assert.equal((await h.call(row.method, row.path, { body: bodyFor(row, h.freshEmail()) })).status, 429);
    });

    if (row.perEmail) {
      it(`allows ${row.perEmail} per 10 minutes per email address, from any number of IPs`, async () => {
        const h = harness();
        const email = 'same@example.com';
        for (let i = 0; i < row.perEmail!; i++) {
          const response = await h.call(row.method, row.path, { ip: `203.0.113.${i + 1}`, body: bodyFor(row, email) });
          assert.equal(response.status, 201, `request ${i + 1}`);
        }
        // A fresh IP, same address, written differently: the address is what counts.
        await assertLimited(
          await h.call(row.method, row.path, { ip: '203.0.113.200', body: bodyFor(row, '  SAME@Example.com ') }),
          600,
          START + 600_000,
        );
        // Another address from that IP is fine.
        assert.equal((await h.call(row.method, row.path, { ip: '203.0.113.200', body: bodyFor(row, 'other@example.com') })).status, 201);

        await h.advance(599);
        assert.equal((await h.call(row.method, row.path, { ip: '203.0.113.201', body: bodyFor(row, email) })).status, 429);
        await h.advance(1);
        assert.equal((await h.call(row.method, row.path, { ip: '203.0.113.202', body: bodyFor(row, email) })).status, 201);
      });
    } else {
      it('has no per-email limit', async () => {
        const h = harness();
        for (let i = 0; i < 70; i++) {
          // Even with an email in the query, reads are counted per IP only.
          const response = await h.call(row.method, `${row.path}?email=same@example.com`, { ip: `203.0.113.${i + 1}` });
          assert.equal(response.status, 200);
        }
      });
    }
  });
}

describe('rule 2: the three signup endpoints share one per-IP allowance', () => {
  it('counts form action, subscribe and magic-links together', async () => {
    const h = harness();
    const signups = [TABLE[0]!, TABLE[1]!, TABLE[2]!];
    for (let i = 0; i < 10; i++) {
      const row = signups[i % 3]!;
      assert.equal((await h.call('POST', row.path, { body: bodyFor(row, h.freshEmail()) })).status, 201);
    }
    for (const row of signups) {
      await assertLimited(await h.call('POST', row.path, { body: bodyFor(row, h.freshEmail()) }), 60, START + 60_000);
    }
  });

  it('counts one email address across the three endpoints too', async () => {
    const h = harness();
    const signups = [TABLE[0]!, TABLE[1]!, TABLE[2]!];
    for (let i = 0; i < 10; i++) {
      const row = signups[i % 3]!;
      assert.equal((await h.call('POST', row.path, { ip: `203.0.113.${i + 1}`, body: bodyFor(row, 'x@example.com') })).status, 201);
    }
    for (const row of signups) {
      assert.equal((await h.call('POST', row.path, { ip: '203.0.113.99', body: bodyFor(row, 'x@example.com') })).status, 429);
    }
  });
});

describe('rule 1: each group has its own allowance', () => {
  it('a visitor who used up subscribing can still browse, search, see presence and write', async () => {
    const h = harness();
    for (let i = 0; i < 10; i++) await h.call('POST', TABLE[1]!.path, { body: bodyFor(TABLE[1]!, h.freshEmail()) });
    assert.equal((await h.call('POST', TABLE[1]!.path, { body: bodyFor(TABLE[1]!, h.freshEmail()) })).status, 429);
    for (const row of TABLE.slice(3)) {
      assert.ok((await h.call(row.method, row.path, { body: bodyFor(row, h.freshEmail()) })).ok, row.name);
    }
  });

  it('browsing does not use up subscribing', async () => {
    const h = harness();
    for (let i = 0; i < 60; i++) await h.call('GET', '/api/v1/tenants/demo/bio');
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/bio')).status, 429);
    assert.equal((await h.call('POST', TABLE[1]!.path, { body: bodyFor(TABLE[1]!, h.freshEmail()) })).status, 201);
  });

  it('bio and resolve share one allowance of 60', async () => {
    const h = harness();
    for (let i = 0; i < 30; i++) {
      assert.equal((await h.call('GET', '/api/v1/tenants/demo/bio')).status, 200);
      assert.equal((await h.call('GET', '/api/v1/tenants/demo/resolve/old/welcome')).status, 200);
    }
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/bio')).status, 429);
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/resolve/old/welcome')).status, 429);
  });

  it('search-index and presence have 60 each', async () => {
    const h = harness();
    for (let i = 0; i < 60; i++) assert.equal((await h.call('GET', '/api/v1/tenants/demo/search-index')).status, 200);
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/search-index')).status, 429);
    for (let i = 0; i < 60; i++) assert.equal((await h.call('GET', '/api/v1/tenants/demo/presence')).status, 200);
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/presence')).status, 429);
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/bio')).status, 200);
  });

  it('the per-email count of contact is separate from signups', async () => {
    const h = harness();
    for (let i = 0; i < 10; i++) {
      await h.call('POST', '/api/v1/tenants/demo/subscribe', { ip: `203.0.113.${i + 1}`, body: { email: 'x@example.com' } });
    }
    assert.equal(
      (await h.call('POST', '/api/v1/tenants/demo/subscribe', { ip: '203.0.113.50', body: { email: 'x@example.com' } })).status,
      429,
    );
    const contact = await h.call('POST', '/api/v1/tenants/demo/contact', {
      ip: '203.0.113.51',
      body: { email: 'x@example.com', message: 'Hi' },
    });
    assert.equal(contact.status, 201);
  });
});

describe('what counts', () => {
  it('refused requests do not count', async () => {
    const h = harness();
    for (let i = 0; i < 5; i++) await h.call('POST', '/api/v1/tenants/demo/contact', { body: { email: h.freshEmail(), message: 'Hi' } });
    for (let i = 0; i < 20; i++) {
      assert.equal((await h.call('POST', '/api/v1/tenants/demo/contact', { body: { email: h.freshEmail(), message: 'Hi' } })).status, 429);
    }
    await h.advance(60);
    for (let i = 0; i < 5; i++) {
      assert.equal((await h.call('POST', '/api/v1/tenants/demo/contact', { body: { email: h.freshEmail(), message: 'Hi' } })).status, 201);
    }
  });

  it('a refused request spends none of its other counters', async () => {
    const h = harness();
    // The visitor's IP is full; its tries with a new address must not spend that address.
    for (let i = 0; i < 10; i++) await h.call('POST', '/api/v1/tenants/demo/subscribe', { body: { email: h.freshEmail() } });
    for (let i = 0; i < 15; i++) {
      assert.equal((await h.call('POST', '/api/v1/tenants/demo/subscribe', { body: { email: 'kept@example.com' } })).status, 429);
    }
    for (let i = 0; i < 10; i++) {
      const response = await h.call('POST', '/api/v1/tenants/demo/subscribe', { ip: `203.0.113.${i + 1}`, body: { email: 'kept@example.com' } });
      assert.equal(response.status, 201);
    }
  });

  it('422s, 404s and spam-trap hits count', async () => {
    const h = harness();
    const path = '/api/v1/tenants/demo/subscribe';
    for (let i = 0; i < 4; i++) assert.equal((await h.call('POST', path, { body: { email: 'not an email' } })).status, 422);
    for (let i = 0; i < 3; i++) {
      assert.equal((await h.call('POST', '/api/v1/tenants/nobody/subscribe', { body: { email: h.freshEmail() } })).status, 404);
    }
    for (let i = 0; i < 3; i++) {
      assert.equal((await h.call('POST', path, { body: { email: h.freshEmail(), website: 'https://spam.example' } })).status, 201);
    }
    await assertLimited(await h.call('POST', path, { body: { email: h.freshEmail() } }), 60, START + 60_000);
  });

  it('CORS preflights do not count', async () => {
    const h = harness();
    for (let i = 0; i < 30; i++) {
      const preflight = await h.call('OPTIONS', '/api/v1/tenants/demo/contact', {
        headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(preflight.status, 204);
    }
    for (let i = 0; i < 5; i++) {
      assert.equal((await h.call('POST', '/api/v1/tenants/demo/contact', { body: { email: h.freshEmail(), message: 'Hi' } })).status, 201);
    }
  });

  it('control endpoints do not count', async () => {
    const h = harness();
    for (let i = 0; i < 80; i++) await h.call('GET', '/__stand-in/log');
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/bio')).status, 200);
  });
});

describe('windows', () => {
  it('a window starts at its first hit, not on a minute boundary', async () => {
    const h = harness();
    await h.advance(45);
    for (let i = 0; i < 5; i++) await h.call('POST', '/api/v1/tenants/demo/contact', { body: { email: h.freshEmail(), message: 'Hi' } });
    await h.advance(30);
    // 75 s after START, but only 30 s into this visitor's window.
    await assertLimited(
      await h.call('POST', '/api/v1/tenants/demo/contact', { body: { email: h.freshEmail(), message: 'Hi' } }),
      30,
      START + 105_000,
    );
  });

  it('when several counters are full, the answer names the latest end', async () => {
    const h = harness();
    const path = '/api/v1/tenants/demo/subscribe';
    for (let i = 0; i < 10; i++) await h.call('POST', path, { ip: `203.0.113.${i + 1}`, body: { email: 'both@example.com' } });
    await h.advance(595);
    for (let i = 0; i < 10; i++) await h.call('POST', path, { body: { email: h.freshEmail() } });
    // Email window ends at +600 s, the IP window at +655 s: the later one decides.
    await assertLimited(await h.call('POST', path, { body: { email: 'both@example.com' } }), 60, START + 655_000);
  });

  it('with the email window later, that one decides', async () => {
    const h = harness();
    const path = '/api/v1/tenants/demo/subscribe';
    for (let i = 0; i < 10; i++) await h.call('POST', path, { ip: `203.0.113.${i + 1}`, body: { email: 'both@example.com' } });
    for (let i = 0; i < 10; i++) await h.call('POST', path, { body: { email: h.freshEmail() } });
    await assertLimited(await h.call('POST', path, { body: { email: 'both@example.com' } }), 600, START + 600_000);
  });
});

describe('over HTTP', () => {
  it('with --trust-proxy, the rightmost X-Forwarded-For entry is the visitor; what the visitor wrote left of it is not', async (t) => {
    const served = await serve({ port: 0, trustProxy: true });
    t.after(() => served.close());
    const post = (forwarded: string, email: string) =>
      fetch(`${served.url}/api/v1/tenants/demo/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': forwarded },
        body: JSON.stringify({ email, message: 'Hello', website: '' }),
      });
    // A visitor sends its own X-Forwarded-For with a new address each time; the proxy appends the real one.
    for (let i = 0; i < 5; i++) assert.equal((await post(`10.9.9.${i}, 192.0.2.1`, `a${i}@example.com`)).status, 201);
    const limited = await post('203.0.113.77, 192.0.2.1', 'a9@example.com');
    assert.equal(limited.status, 429);
    assert.equal(await limited.text(), '{"message":"Too Many Attempts."}');
    assert.match(limited.headers.get('Retry-After') ?? '', /^\d+$/);
    assert.match(limited.headers.get('X-RateLimit-Reset') ?? '', /^\d{10}$/);
    assert.equal((await post('192.0.2.2', 'b@example.com')).status, 201);

    const log = (await (await fetch(`${served.url}/__stand-in/log`)).json()) as { requests: Array<{ visitor: string; status: number }> };
    assert.deepEqual(
      log.requests.map((r) => `${r.visitor} ${r.status}`),
      [...Array(5).fill('192.0.2.1 201'), '192.0.2.1 429', '192.0.2.2 201'],
    );
  });

  it('with --trust-proxy=2, the second entry from the right is the visitor', async (t) => {
    const served = await serve({ port: 0, trustProxy: 2 });
    t.after(() => served.close());
    const get = (forwarded: string) =>
      fetch(`${served.url}/api/v1/tenants/demo/bio`, { headers: { 'X-Forwarded-For': forwarded } });
    assert.equal((await get('198.51.100.50, 192.0.2.10, 10.0.0.2')).status, 200);
    assert.equal((await get('192.0.2.11, 10.0.0.2')).status, 200);
    assert.equal((await get('192.0.2.12')).status, 200, 'fewer entries than proxies: the leftmost is the best there is');
    const log = (await (await fetch(`${served.url}/__stand-in/log`)).json()) as { requests: Array<{ visitor: string }> };
    assert.deepEqual(
      log.requests.map((r) => r.visitor),
      ['192.0.2.10', '192.0.2.11', '192.0.2.12'],
    );
  });

  it('without it, X-Forwarded-For is ignored and the socket is the visitor', async (t) => {
    const served = await serve({ port: 0 });
    t.after(() => served.close());
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${served.url}/api/v1/tenants/demo/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${i + 1}` },
        body: JSON.stringify({ email: `c${i}@example.com`, message: 'Hello' }),
      });
      assert.equal(response.status, 201);
    }
    const limited = await fetch(`${served.url}/api/v1/tenants/demo/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.99' },
      body: JSON.stringify({ email: 'c9@example.com', message: 'Hello' }),
    });
    assert.equal(limited.status, 429);
  });
});
