/**
 * The stand-in's endpoints: spam trap, validation, 404s, CORS, plain form posts,
 * upserts, validators and 304s, payload URLs, sandboxes, faults and added tenants.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStandIn, type Records } from '../../../../src/stand-in/handler.js';
import { serve } from '../../../../src/stand-in/node.js';
import { until } from '../../../support/until.js';

const START = Date.parse('2026-02-01T10:00:00Z');
const ORIGIN = 'http://stand-in.test';

interface CallOptions {
  ip?: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

// Control endpoints answer callers on this machine only; the API sees a visitor from elsewhere.
const defaultIp = (path: string) => (path.includes('/__stand-in/') ? '127.0.0.1' : '198.51.100.1');

function harness() {
  const standIn = createStandIn({ now: () => START });
  const call = (method: string, path: string, { ip = defaultIp(path), body, form, headers = {} }: CallOptions = {}) => {
    let init: RequestInit = { method, headers };
    if (body !== undefined) {
      init = {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      };
    } else if (form) {
      init = {
        method,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          ...headers,
        },
        body: new URLSearchParams(form).toString(),
      };
    }
    return standIn.fetch(new Request(ORIGIN + path, init), { remoteAddress: ip });
  };
  const getJson = async <T>(path: string): Promise<T> => (await (await call('GET', path)).json()) as T;
  return {
    standIn,
    call,
    records: () => getJson<Records>('/__stand-in/records'),
    log: async () => (await getJson<{ requests: Array<Record<string, unknown>> }>('/__stand-in/log')).requests,
    control: (path: string, body: unknown) => call('POST', `/__stand-in/${path}`, { body }),
  };
}

const SIGNUPS = [
  { path: '/api/subscribe/demo-form', message: 'Check your inbox to confirm.' },
  { path: '/api/v1/tenants/demo/subscribe', message: 'Check your inbox to confirm.' },
  { path: '/api/v1/tenants/demo/magic-links/demo-guide', message: 'Check your inbox for the link.' },
];
const CONTACT = '/api/v1/tenants/demo/contact';

describe('signups and contact', () => {
  it('save a real submission and answer 201 with the message', async () => {
    const h = harness();
    for (const { path, message } of SIGNUPS) {
      const response = await h.call('POST', path, {
        body: { email: 'ada@example.com', name: 'Ada', website: '', fields: { source: 'footer' } },
      });
      assert.equal(response.status, 201);
      assert.deepEqual(await response.json(), { message });
    }
    const contact = await h.call('POST', CONTACT, { body: { name: 'Ada', email: 'ada@example.com', message: 'Hello', website: '' } });
    assert.equal(contact.status, 201);
    assert.deepEqual(await contact.json(), { message: 'Thanks, your message was sent.' });

    const records = await h.records();
    assert.equal(records.subscribers.length, 1, 'form action and subscribe upsert one subscriber');
    assert.deepEqual(
      { ...records.subscribers[0], at: undefined, updated_at: undefined },
      {
        tenant: 'demo',
        email: 'ada@example.com',
        form: 'demo-form',
        name: 'Ada',
        fields: { source: 'footer' },
        via: 'formSignup',
        at: undefined,
        updated_at: undefined,
      },
    );
    assert.equal(records.subscribers[0]!.at, '2026-02-01T10:00:00.000Z');
    assert.equal(records.magic_links.length, 1);
    assert.equal(records.magic_links[0]!.resource, 'demo-guide');
    assert.equal(records.magic_links[0]!.tenant, 'demo');
    assert.deepEqual(
      records.contacts.map(({ tenant, email, name, message }) => ({ tenant, email, name, message })),
      [{ tenant: 'demo', email: 'ada@example.com', name: 'Ada', message: 'Hello' }],
    );
  });

  it('the spam trap answers like a success and saves nothing', async () => {
    const h = harness();
    for (const { path, message } of SIGNUPS) {
      const response = await h.call('POST', path, { body: { email: 'bot@example.com', website: 'https://spam.example' } });
      assert.equal(response.status, 201);
      assert.deepEqual(await response.json(), { message });
    }
    // Even with an invalid address: a bot learns nothing.
    const invalid = await h.call('POST', SIGNUPS[1]!.path, { body: { email: 'nope', website: 'x' } });
    assert.equal(invalid.status, 201);
    const contact = await h.call('POST', CONTACT, { body: { email: 'bot@example.com', message: 'Buy', website: 'spam' } });
    assert.equal(contact.status, 201);
    assert.deepEqual(await contact.json(), { message: 'Thanks, your message was sent.' });

    assert.deepEqual(await h.records(), { subscribers: [], contacts: [], magic_links: [] });
    const outcomes = (await h.log()).map((r) => r.outcome);
    assert.deepEqual(outcomes, ['spam', 'spam', 'spam', 'spam', 'spam']);
  });

  it('an empty or whitespace website is a person', async () => {
    const h = harness();
    await h.call('POST', SIGNUPS[1]!.path, { body: { email: 'a@example.com', website: '' } });
    await h.call('POST', SIGNUPS[1]!.path, { body: { email: 'b@example.com', website: '  ' } });
    await h.call('POST', SIGNUPS[1]!.path, { body: { email: 'c@example.com' } });
    assert.equal((await h.records()).subscribers.length, 3);
  });

  it('a repeated signup upserts: no duplicate, new details kept', async () => {
    const h = harness();
    const path = SIGNUPS[1]!.path;
    await h.call('POST', path, { body: { email: 'ada@example.com', fields: { source: 'footer' } } });
    await h.call('POST', path, { body: { email: 'ada@example.com', fields: { source: 'footer' } } });
    await h.call('POST', path, { body: { email: ' ADA@example.com', name: 'Ada', fields: { plan: 'free' } } });
    await h.call('POST', '/api/subscribe/demo-form', { body: { email: 'ada@example.com' } });
    const [subscriber, ...rest] = (await h.records()).subscribers;
    assert.equal(rest.length, 0);
    assert.equal(subscriber!.email, 'ada@example.com');
    assert.equal(subscriber!.name, 'Ada');
    assert.equal(subscriber!.form, 'demo-form');
    assert.deepEqual(subscriber!.fields, { source: 'footer', plan: 'free' });
  });

  it('magic links upsert per resource; contacts are appended', async () => {
    const h = harness();
    await h.call('POST', '/api/v1/tenants/demo/magic-links/demo-guide', { body: { email: 'ada@example.com' } });
    await h.call('POST', '/api/v1/tenants/demo/magic-links/demo-guide', { body: { email: 'ada@example.com' } });
    await h.call('POST', '/api/v1/tenants/demo/magic-links/demo-checklist', { body: { email: 'ada@example.com' } });
    await h.call('POST', CONTACT, { body: { email: 'ada@example.com', message: 'One' } });
    await h.call('POST', CONTACT, { body: { email: 'ada@example.com', message: 'One' } });
    const records = await h.records();
    assert.deepEqual(records.magic_links.map((r) => r.resource), ['demo-guide', 'demo-checklist']);
    assert.equal(records.contacts.length, 2);
  });
});

describe('validation (422)', () => {
  it('a missing email', async () => {
    const h = harness();
    const response = await h.call('POST', SIGNUPS[1]!.path, { body: { website: '' } });
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      message: 'The email field is required.',
      errors: { email: ['The email field is required.'] },
    });
  });

  it('an invalid email, on every signup endpoint', async () => {
    const h = harness();
    let visitor = 0;
    for (const { path } of SIGNUPS) {
      for (const email of ['not-an-email', 'a@b', 'a b@example.com', '@example.com', 'a@example.', 42]) {
        // 422s count against the limits too: one visitor each keeps this about validation.
        const response = await h.call('POST', path, { ip: `203.0.113.${++visitor}`, body: { email } });
        assert.equal(response.status, 422, `${path} ${email}`);
        assert.deepEqual(await response.json(), {
          message: 'The email field must be a valid email address.',
          errors: { email: ['The email field must be a valid email address.'] },
        });
      }
    }
    assert.equal((await h.records()).subscribers.length, 0);
  });

  it('contact needs a message; two errors are summed up', async () => {
    const h = harness();
    const missing = await h.call('POST', CONTACT, { body: { email: 'ada@example.com', message: '  ' } });
    assert.equal(missing.status, 422);
    assert.deepEqual(await missing.json(), {
      message: 'The message field is required.',
      errors: { message: ['The message field is required.'] },
    });
    const both = await h.call('POST', CONTACT, { body: {} });
    assert.deepEqual(await both.json(), {
      message: 'The email field is required. (and 1 more error)',
      errors: { email: ['The email field is required.'], message: ['The message field is required.'] },
    });
  });

  it('lengths are capped', async () => {
    const h = harness();
    const name = await h.call('POST', SIGNUPS[1]!.path, { body: { email: 'ada@example.com', name: 'x'.repeat(256) } });
    assert.equal(name.status, 422);
    assert.deepEqual(((await name.json()) as { errors: unknown }).errors, {
      name: ['The name field must not be greater than 255 characters.'],
    });
    const message = await h.call('POST', CONTACT, { body: { email: 'ada@example.com', message: 'x'.repeat(5001) } });
    assert.equal(message.status, 422);
    assert.equal((await h.call('POST', CONTACT, { body: { email: 'ada@example.com', message: 'x'.repeat(5000) } })).status, 201);
  });

  it('a body that is not JSON reads as empty', async () => {
    const h = harness();
    const response = await h.call('POST', SIGNUPS[1]!.path, { body: '{not json' });
    assert.equal(response.status, 422);
    assert.equal(((await response.json()) as { message: string }).message, 'The email field is required.');
  });
});

describe('not found and wrong methods', () => {
  it('404 for an unknown tenant, form, resource, resolve path or API path', async () => {
    const h = harness();
    const cases: Array<[string, string, unknown?]> = [
      ['POST', '/api/subscribe/no-such-form', { email: 'a@example.com' }],
      ['POST', '/api/v1/tenants/nobody/subscribe', { email: 'a@example.com' }],
      ['POST', '/api/v1/tenants/demo/magic-links/no-such-guide', { email: 'a@example.com' }],
      ['POST', '/api/v1/tenants/nobody/contact', { email: 'a@example.com', message: 'Hi' }],
      ['GET', '/api/v1/tenants/nobody/bio'],
      ['GET', '/api/v1/tenants/nobody/search-index'],
      ['GET', '/api/v1/tenants/nobody/presence'],
      ['GET', '/api/v1/tenants/demo/resolve/no/such/path'],
      ['GET', '/api/v1/tenants/demo/unknown'],
      ['GET', '/api/v2/anything'],
      ['GET', '/api/v1/subscribers/sub_1'],
    ];
    for (const [method, path, body] of cases) {
      const response = await h.call(method, path, { body });
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.deepEqual(await response.json(), { message: 'Not found.' });
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    }
    assert.deepEqual(await h.records(), { subscribers: [], contacts: [], magic_links: [] });
  });

  it('405 for a wrong method', async () => {
    const h = harness();
    const get = await h.call('GET', '/api/v1/tenants/demo/subscribe');
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('Allow'), 'POST, OPTIONS');
    const post = await h.call('POST', '/api/v1/tenants/demo/bio', { body: {} });
    assert.equal(post.status, 405);
  });

  it('resolve finds index entries, explicit paths and redirects', async () => {
    const h = harness();
    const index = (await (await h.call('GET', '/api/v1/tenants/demo/search-index')).json()) as {
      data: Array<{ url: string; type: string; title: string }>;
    };
    const entry = index.data.find((e) => e.type === 'page')!;
    const path = new URL(entry.url).pathname.replace('/hub/', '');
    const resolved = await h.call('GET', `/api/v1/tenants/demo/resolve/${path}`);
    assert.equal(resolved.status, 200);
    assert.deepEqual(await resolved.json(), { data: { type: 'page', url: entry.url, title: entry.title } });
    const redirect = (await (await h.call('GET', '/api/v1/tenants/demo/resolve/old/welcome')).json()) as {
      data: { type: string; url: string };
    };
    assert.equal(redirect.data.type, 'redirect');
    assert.match(redirect.data.url, /^http:\/\/stand-in\.test\/hub\/posts\//);
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/resolve/resources/demo-guide')).status, 200);
  });
});

describe('CORS', () => {
  it('answers a preflight for any API and control path', async () => {
    const h = harness();
    for (const path of [CONTACT, '/api/subscribe/demo-form', '/api/v1/tenants/demo/bio', '/api/nothing', '/__stand-in/records']) {
      const response = await h.call('OPTIONS', path, {
        headers: {
          Origin: 'https://creator.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      assert.equal(response.status, 204, path);
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
      assert.equal(response.headers.get('Access-Control-Allow-Methods'), 'GET, POST, DELETE, OPTIONS');
      assert.equal(response.headers.get('Access-Control-Allow-Headers'), 'Content-Type, Accept, If-None-Match, If-Modified-Since');
      assert.ok(Number(response.headers.get('Access-Control-Max-Age')) > 0);
      assert.equal(response.headers.get('Access-Control-Allow-Credentials'), null);
    }
  });

  it('every answer, errors and 429s included, carries the CORS headers', async () => {
    const h = harness();
    const answers = [
      await h.call('GET', '/api/v1/tenants/demo/bio'),
      await h.call('POST', CONTACT, { body: {} }),
      await h.call('GET', '/api/v1/tenants/nobody/bio'),
      await h.call('GET', '/__stand-in/records'),
    ];
    for (let i = 0; i < 6; i++) answers.push(await h.call('POST', CONTACT, { body: { email: `x${i}@example.com`, message: 'Hi' } }));
    assert.equal(answers.at(-1)!.status, 429);
    for (const response of answers) {
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
      assert.equal(response.headers.get('Access-Control-Expose-Headers'), 'Retry-After, X-RateLimit-Reset, ETag, Last-Modified, Date');
      // The instance's clock, which a client reads to correct X-RateLimit-Reset for skew.
      assert.equal(response.headers.get('Date'), new Date(START).toUTCString(), 'a Date header of the stand-in’s clock');
    }
  });
});

describe('plain HTML form posts (no JavaScript)', () => {
  it('a signup redirects 303 back to the Referer with hub-kit=subscribed', async () => {
    const h = harness();
    const response = await h.call('POST', '/api/subscribe/demo-form', {
      form: { email: 'ada@example.com', name: 'Ada', website: '', 'fields[source]': 'footer', 'fields[tags][]': 'a' },
      headers: { Referer: 'https://creator.example/join?ref=nav#form' },
    });
    assert.equal(response.status, 303);
    const location = new URL(response.headers.get('Location')!);
    assert.equal(location.origin + location.pathname, 'https://creator.example/join');
    assert.equal(location.searchParams.get('ref'), 'nav');
    assert.equal(location.searchParams.get('hub-kit'), 'subscribed');
    const [subscriber] = (await h.records()).subscribers;
    assert.deepEqual(subscriber!.fields, { source: 'footer', tags: 'a' });
    assert.equal(subscriber!.name, 'Ada');
  });

  it('contact redirects with hub-kit=sent; spam redirects just the same', async () => {
    const h = harness();
    const sent = await h.call('POST', CONTACT, {
      form: { email: 'ada@example.com', message: 'Hello', website: '' },
      headers: { Referer: 'http://localhost:5173/contact' },
    });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get('Location'), 'http://localhost:5173/contact?hub-kit=sent');
    const spam = await h.call('POST', CONTACT, {
      form: { email: 'bot@example.com', message: 'Buy', website: 'spam.example' },
      headers: { Referer: 'http://localhost:5173/contact' },
    });
    assert.equal(spam.status, 303);
    assert.equal((await h.records()).contacts.length, 1);
  });

  it('without a usable Referer, a small HTML page says it worked', async () => {
    const h = harness();
    const referers: Array<Record<string, string>> = [{}, { Referer: 'javascript:alert(1)' }, { Referer: 'not a url' }];
    for (const headers of referers) {
      const response = await h.call('POST', '/api/subscribe/demo-form', { form: { email: 'ada@example.com', website: '' }, headers });
      assert.equal(response.status, 201);
      assert.match(response.headers.get('Content-Type')!, /^text\/html/);
      const text = await response.text();
      assert.match(text, /Check your inbox to confirm\./);
      assert.doesNotMatch(text, /<script|style=|javascript:/i);
    }
  });

  it('errors are HTML pages with the right status', async () => {
    const h = harness();
    const invalid = await h.call('POST', '/api/subscribe/demo-form', {
      form: { email: '<script>alert(1)</script>' },
      headers: { Referer: 'https://creator.example/?q="><script>' },
    });
    assert.equal(invalid.status, 422);
    const text = await invalid.text();
    assert.match(text, /The email field must be a valid email address\./);
    assert.doesNotMatch(text, /<script/i);
    assert.match(text, /href="https:\/\/creator\.example\/\?q=%22%3E%3Cscript%3E"/);

    const missing = await h.call('POST', '/api/subscribe/nope', { form: { email: 'ada@example.com' } });
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('Content-Type')!, /^text\/html/);

    for (let i = 0; i < 8; i++) await h.call('POST', '/api/subscribe/demo-form', { form: { email: `p${i}@example.com` } });
    const limited = await h.call('POST', '/api/subscribe/demo-form', { form: { email: 'late@example.com' } });
    assert.equal(limited.status, 429);
    assert.match(limited.headers.get('Content-Type')!, /^text\/html/);
    assert.equal(limited.headers.get('Retry-After'), '60');
    assert.ok(limited.headers.get('X-RateLimit-Reset'));
  });

  it('a form post that asks for JSON gets JSON', async () => {
    const h = harness();
    const response = await h.call('POST', SIGNUPS[1]!.path, {
      form: { email: 'ada@example.com' },
      headers: { Accept: 'application/json', Referer: 'https://creator.example/' },
    });
    assert.equal(response.status, 201);
    assert.deepEqual(await response.json(), { message: 'Check your inbox to confirm.' });
  });

  it('multipart form posts work too', async () => {
    const h = harness();
    const body = new FormData();
    body.set('email', 'multi@example.com');
    body.set('fields[source]', 'sidebar');
    const response = await h.standIn.fetch(new Request(`${ORIGIN}/api/subscribe/demo-form`, { method: 'POST', body }));
    assert.equal(response.status, 201);
    assert.deepEqual((await h.records()).subscribers[0]!.fields, { source: 'sidebar' });
  });
});

describe('reads: envelope, validators and 304', () => {
  for (const path of ['/api/v1/tenants/demo/bio', '/api/v1/tenants/demo/search-index', '/api/v1/tenants/demo/presence']) {
    it(`${path} sends a strong ETag and Last-Modified, and answers 304 to either`, async () => {
      const h = harness();
      const first = await h.call('GET', path);
      assert.equal(first.status, 200);
      const body = (await first.json()) as { data: unknown };
      assert.ok(body.data);
      const etag = first.headers.get('ETag')!;
      const lastModified = first.headers.get('Last-Modified')!;
      assert.match(etag, /^"[0-9a-f]{32}"$/);
      assert.ok(!Number.isNaN(Date.parse(lastModified)));

      const byTag = await h.call('GET', path, { headers: { 'If-None-Match': etag } });
      assert.equal(byTag.status, 304);
      assert.equal(await byTag.text(), '');
      assert.equal(byTag.headers.get('ETag'), etag);
      assert.equal(byTag.headers.get('Access-Control-Allow-Origin'), '*');
      assert.equal((await h.call('GET', path, { headers: { 'If-None-Match': `"other", W/${etag}` } })).status, 304);
      assert.equal((await h.call('GET', path, { headers: { 'If-None-Match': '"other"' } })).status, 200);

      assert.equal((await h.call('GET', path, { headers: { 'If-Modified-Since': lastModified } })).status, 304);
      const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
      assert.equal((await h.call('GET', path, { headers: { 'If-Modified-Since': before } })).status, 200);
      // If-None-Match wins over If-Modified-Since.
      assert.equal(
        (await h.call('GET', path, { headers: { 'If-None-Match': '"other"', 'If-Modified-Since': lastModified } })).status,
        200,
      );
      const outcomes = (await h.log()).map((r) => r.outcome);
      assert.ok(outcomes.includes('not-modified'));
    });
  }

  it('presence changes with the stand-in clock and is the same for the same moment', async () => {
    const a = harness();
    const b = harness();
    const read = async (h: ReturnType<typeof harness>) =>
      (await (await h.call('GET', '/api/v1/tenants/demo/presence')).json()) as { data: { live: boolean; online: number; updated_at: string } };
    assert.deepEqual(await read(a), await read(b));
    const seen = new Set<string>();
    let live = 0;
    for (let i = 0; i < 140; i++) {
      const { data } = await read(a);
      assert.equal(typeof data.live, 'boolean');
      assert.ok(Number.isInteger(data.online) && data.online >= 0);
      seen.add(JSON.stringify(data));
      if (data.live) live++;
      await a.control('clock', { advance: 30 });
      if (i % 50 === 49) await a.control('clock', { advance: 60 }); // past the rate window
    }
    assert.ok(seen.size > 100, 'the payload moves on');
    assert.ok(live > 0 && live < 140, 'the creator goes live and offline again');
  });

  it('a changed tenant gets a new ETag', async () => {
    const h = harness();
    const first = await h.call('GET', '/api/v1/tenants/demo/bio');
    await h.control('tenants', { slug: 'demo', bio: { name: 'Someone else' } });
    const second = await h.call('GET', '/api/v1/tenants/demo/bio', { headers: { 'If-None-Match': first.headers.get('ETag')! } });
    assert.equal(second.status, 200);
    assert.deepEqual(await second.json(), { data: { name: 'Someone else' } });
  });
});

describe('payloads', () => {
  it('the demo bio has links, socials and an avatar the stand-in serves', async () => {
    const h = harness();
    const { data } = (await (await h.call('GET', '/__sandbox/bio-test/api/v1/tenants/demo/bio')).json()) as {
      data: { name: string; avatar_url: string; links: Array<{ url: string }>; socials: unknown[] };
    };
    assert.ok(data.name);
    assert.ok(data.links.length >= 5);
    assert.ok(data.socials.length >= 3);
    assert.equal(data.avatar_url, `${ORIGIN}/__sandbox/bio-test/__stand-in/avatars/demo.svg`);
    assert.ok(data.links.some((l) => l.url === `${ORIGIN}/hub`));
    assert.ok(data.links.some((l) => l.url.startsWith('mailto:')));

    const avatar = await h.standIn.fetch(new Request(data.avatar_url));
    assert.equal(avatar.status, 200);
    assert.match(avatar.headers.get('Content-Type')!, /^image\/svg\+xml/);
    const svg = await avatar.text();
    assert.match(svg, /^<svg /);
    assert.doesNotMatch(svg, /<script|on\w+=/i);
  });

  it('the demo search index has a few hundred entries with absolute URLs', async () => {
    const h = harness();
    const { data } = (await (await h.call('GET', '/api/v1/tenants/demo/search-index')).json()) as {
      data: Array<{ id: string; type: string; title: string; url: string; tags: string[]; published_at: string }>;
    };
    assert.ok(data.length >= 250 && data.length <= 400);
    assert.deepEqual(new Set(data.map((e) => e.type)), new Set(['post', 'page', 'resource']));
    for (const entry of data) {
      assert.ok(entry.id && entry.title && entry.url.startsWith(`${ORIGIN}/hub/`));
      assert.ok(!Number.isNaN(Date.parse(entry.published_at)));
    }
    assert.ok(data.some((e) => e.title.includes('Café')));
    assert.ok(data.some((e) => /[\u3040-\u30ff]/.test(e.title)), 'Japanese');
    assert.ok(data.some((e) => /[\u4e00-\u9fff]/.test(e.title) && !/[\u3040-\u30ff]/.test(e.title)), 'Chinese');
  });

  it('hostile payloads pass through untouched', async () => {
    const h = harness();
    const { data: bio } = (await (await h.call('GET', '/api/v1/tenants/hostile/bio')).json()) as {
      data: { name: string; avatar_url: string; links: Array<{ url?: string }> };
    };
    assert.match(bio.name, /<script>/);
    assert.equal(bio.avatar_url, 'javascript:alert("avatar")');
    const urls = bio.links.map((l) => l.url);
    assert.ok(urls.includes(' JaVaScRiPt:alert(2)'));
    assert.ok(urls.includes('//evil.example/steal'), 'protocol-relative URLs are not made absolute');
    assert.ok(urls.some((u) => u?.startsWith('data:text/html')));
    assert.ok(urls.some((u) => u?.startsWith('vbscript:')));
    const { data: index } = (await (await h.call('GET', '/api/v1/tenants/hostile/search-index')).json()) as { data: unknown[] };
    const incomplete = index.filter((e) => {
      const entry = e as Record<string, unknown> | null;
      return !entry || typeof entry !== 'object' || !entry.id || typeof entry.title !== 'string' || typeof entry.url !== 'string';
    });
    assert.ok(incomplete.length >= 3);
    assert.equal((await h.call('GET', '/__stand-in/avatars/hostile.svg')).status, 200);
  });
});

describe('sandboxes', () => {
  it('have their own records, limits, log and clock', async () => {
    const h = harness();
    const a = '/__sandbox/a';
    const b = '/__sandbox/b';
    for (let i = 0; i < 5; i++) await h.call('POST', `${a}${CONTACT}`, { body: { email: `s${i}@example.com`, message: 'Hi' } });
    assert.equal((await h.call('POST', `${a}${CONTACT}`, { body: { email: 'late@example.com', message: 'Hi' } })).status, 429);
    assert.equal((await h.call('POST', `${b}${CONTACT}`, { body: { email: 'late@example.com', message: 'Hi' } })).status, 201);
    assert.equal((await h.call('POST', CONTACT, { body: { email: 'late@example.com', message: 'Hi' } })).status, 201);

    const records = async (prefix: string) => ((await (await h.call('GET', `${prefix}/__stand-in/records`)).json()) as Records).contacts.length;
    assert.equal(await records(a), 5);
    assert.equal(await records(b), 1);
    assert.equal(await records(''), 1);
    const log = (await (await h.call('GET', `${a}/__stand-in/log`)).json()) as { requests: Array<{ path: string }> };
    assert.equal(log.requests.length, 6);
    assert.equal(log.requests[0]!.path, CONTACT);

    await h.call('POST', `${a}/__stand-in/clock`, { body: { advance: 60 } });
    assert.equal((await h.call('POST', `${a}${CONTACT}`, { body: { email: 'later@example.com', message: 'Hi' } })).status, 201);
    const clock = async (prefix: string) => ((await (await h.call('GET', `${prefix}/__stand-in/clock`)).json()) as { now: string }).now;
    assert.equal(await clock(a), '2026-02-01T10:01:00.000Z');
    assert.equal(await clock(b), '2026-02-01T10:00:00.000Z');
  });

  it('refuse a bad id, and the least recently used go past 500', async () => {
    const h = harness();
    assert.equal((await h.call('GET', '/__sandbox/bad%20id/api/v1/tenants/demo/bio')).status, 404);
    assert.equal((await h.call('GET', `/__sandbox/${'x'.repeat(65)}/api/v1/tenants/demo/bio`)).status, 404);
    await h.call('POST', `/__sandbox/old${CONTACT}`, { body: { email: 'a@example.com', message: 'Hi' } });
    await h.call('POST', `/__sandbox/kept${CONTACT}`, { body: { email: 'a@example.com', message: 'Hi' } });
    for (let i = 0; i < 499; i++) {
      await h.call('GET', `/__sandbox/filler-${i}/__stand-in/clock`);
      if (i === 250) await h.call('GET', '/__sandbox/kept/__stand-in/clock');
    }
    const count = async (id: string) =>
      ((await (await h.call('GET', `/__sandbox/${id}/__stand-in/records`)).json()) as Records).contacts.length;
    assert.equal(await count('kept'), 1);
    assert.equal(await count('old'), 0);
  });
});

describe('control endpoints', () => {
  it('faults answer the next n matching requests, then the service is back', async () => {
    const h = harness();
    const armed = await h.control('faults', {
      path: '/bio',
      status: 503,
      times: 2,
      headers: { 'Retry-After': '1' },
      body: { message: 'Down for a moment.' },
    });
    assert.equal(armed.status, 201);
    for (let i = 0; i < 2; i++) {
      const response = await h.call('GET', '/api/v1/tenants/demo/bio');
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('Retry-After'), '1');
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
      assert.deepEqual(await response.json(), { message: 'Down for a moment.' });
    }
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/bio')).status, 200);
    assert.deepEqual(
      (await h.log()).map((r) => r.outcome),
      ['fault', 'fault', 'ok'],
    );
  });

  it('faults can send a bad body, match a method, spare preflights and count against nothing', async () => {
    const h = harness();
    await h.control('faults', { path: '/search-index', status: 200, body: '<html>not json', times: 3 });
    const bad = await h.call('GET', '/api/v1/tenants/demo/search-index');
    assert.equal(bad.status, 200);
    assert.equal(await bad.text(), '<html>not json');
    assert.equal((await h.call('OPTIONS', '/api/v1/tenants/demo/search-index')).status, 204);

    await h.control('faults', { path: '/contact', method: 'post', status: 502, times: 10 });
    assert.equal((await h.call('GET', '/api/v1/tenants/demo/contact')).status, 405, 'other methods pass');
    for (let i = 0; i < 10; i++) {
      assert.equal((await h.call('POST', CONTACT, { body: { email: `f${i}@example.com`, message: 'Hi' } })).status, 502);
    }
    for (let i = 0; i < 5; i++) {
      assert.equal((await h.call('POST', CONTACT, { body: { email: `g${i}@example.com`, message: 'Hi' } })).status, 201);
    }
  });

  it('a delay-only fault delays, then handles the request normally', async () => {
    const h = harness();
    await h.control('faults', { path: '/presence', delayMs: 20 });
    const response = await h.call('GET', '/api/v1/tenants/demo/presence');
    assert.equal(response.status, 200);
    assert.equal((await h.log())[0]!.outcome, 'ok');
  });

  it('bad control bodies get 400', async () => {
    const h = harness();
    assert.equal((await h.control('faults', { status: 500 })).status, 400);
    assert.equal((await h.control('faults', { path: '/bio' })).status, 400);
    assert.equal((await h.control('faults', { path: '/bio', status: 99 })).status, 400);
    assert.equal((await h.control('clock', { advance: -5 })).status, 400);
    assert.equal((await h.control('tenants', { slug: '../x' })).status, 400);
    assert.equal((await h.call('POST', '/__stand-in/clock', { body: 'nope' })).status, 400);
    assert.equal((await h.call('GET', '/__stand-in/nothing')).status, 404);
  });

  it('tenants can be added, with big indexes, forms and resources', async () => {
    const h = harness();
    const search_index = Array.from({ length: 50_000 }, (_, i) => ({
      id: `e${i}`,
      title: `Entry ${i}`,
      url: `/hub/posts/e${i}`,
      type: 'post',
    }));
    const added = await h.control('tenants', {
      slug: 'big',
      bio: { name: 'Big' },
      forms: ['big-form'],
      resources: [{ id: 'big-guide', title: 'Guide' }],
      search_index,
    });
    assert.equal(added.status, 201);
    const { data } = (await (await h.call('GET', '/api/v1/tenants/big/search-index')).json()) as { data: Array<{ url: string }> };
    assert.equal(data.length, 50_000);
    assert.equal(data[49_999]!.url, `${ORIGIN}/hub/posts/e49999`);
    assert.equal((await h.call('POST', '/api/subscribe/big-form', { body: { email: 'a@example.com' } })).status, 201);
    assert.equal((await h.call('POST', '/api/v1/tenants/big/magic-links/big-guide', { body: { email: 'a@example.com' } })).status, 201);
    assert.equal((await h.call('GET', '/api/v1/tenants/big/resolve/posts/e7')).status, 200);
    assert.equal((await h.records()).subscribers[0]!.tenant, 'big');
  });

  it('reset brings back the seed and forgets records, limits, faults and clock', async () => {
    const h = harness();
    for (let i = 0; i < 6; i++) await h.call('POST', CONTACT, { body: { email: `r${i}@example.com`, message: 'Hi' } });
    await h.control('faults', { path: '/bio', status: 500 });
    await h.control('tenants', { slug: 'demo', bio: { name: 'Changed' } });
    await h.control('clock', { advance: 3600 });
    assert.equal((await h.control('reset', {})).status, 200);
    assert.deepEqual(await h.records(), { subscribers: [], contacts: [], magic_links: [] });
    assert.deepEqual(await h.log(), []);
    const bio = await h.call('GET', '/api/v1/tenants/demo/bio');
    assert.equal(bio.status, 200);
    assert.notEqual(((await bio.json()) as { data: { name: string } }).data.name, 'Changed');
    assert.equal((await h.call('POST', CONTACT, { body: { email: 'after@example.com', message: 'Hi' } })).status, 201);
    const clock = (await (await h.call('GET', '/__stand-in/clock')).json()) as { now: string };
    assert.equal(clock.now, '2026-02-01T10:00:00.000Z');
  });

  it('the log keeps the last 500 requests with method, path, status, outcome, visitor, and when each arrived and was answered', async () => {
    const h = harness();
    for (let i = 0; i < 520; i++) await h.call('GET', `/api/nothing/${i}`, { ip: '192.0.2.7' });
    const log = await h.log();
    assert.equal(log.length, 500);
    assert.deepEqual(log.at(-1), {
      method: 'GET',
      path: '/api/nothing/519',
      status: 404,
      outcome: 'not-found',
      visitor: '192.0.2.7',
      at: '2026-02-01T10:00:00.000Z',
      arrived: '2026-02-01T10:00:00.000Z',
    });
  });
});

describe('the Node adapter', () => {
  it('serves over HTTP with the Host header as origin, and leaves other paths alone', async (t) => {
    const served = await serve({ port: 0 });
    t.after(() => served.close());
    const bio = await fetch(`${served.url}/api/v1/tenants/demo/bio`);
    assert.equal(bio.status, 200);
    const { data } = (await bio.json()) as { data: { avatar_url: string } };
    assert.equal(data.avatar_url, `${served.url}/__stand-in/avatars/demo.svg`);

    const post = await fetch(`${served.url}/api/subscribe/demo-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost:5173/' },
      body: 'email=ada%40example.com&website=',
      redirect: 'manual',
    });
    assert.equal(post.status, 303);
    assert.equal(post.headers.get('Location'), 'http://localhost:5173/?hub-kit=subscribed');

    const other = await fetch(`${served.url}/index.html`);
    assert.equal(other.status, 404);
    const head = await fetch(`${served.url}/api/v1/tenants/demo/presence`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.ok(head.headers.get('ETag'));
  });

  it('a delayed fault ends early when the client gives up', async (t) => {
    const served = await serve({ port: 0 });
    t.after(() => served.close());
    await fetch(`${served.url}/__stand-in/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/bio', delayMs: 60_000, status: 504 }),
    });
    // The client goes away once the stand-in has its request (on a loaded machine a fixed
    // 100 ms once ended it before it arrived, and the next request met the delay instead).
    const away = new AbortController();
    const sent = fetch(`${served.url}/api/v1/tenants/demo/bio`, { signal: away.signal });
    const inFlight = async () => ((await (await fetch(`${served.url}/__stand-in/log`)).json()) as { inFlight: unknown[] }).inFlight.length;
    await until(async () => (await inFlight()) > 0, 'the request to arrive', { intervalMs: 20 });
    away.abort();
    await assert.rejects(sent);
    // The server is free again at once: close() in t.after would hang for a minute otherwise.
    assert.equal((await fetch(`${served.url}/api/v1/tenants/demo/bio`)).status, 200);
  });
});
