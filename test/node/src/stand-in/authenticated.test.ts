/**
 * The stand-in's authenticated API over HTTP: key states and the 401 body, the shared
 * 60-a-minute limit and its headers, paging, bulk upserts and their 422s, posts with
 * `since` at a configurable path, and form signups showing up as subscribers.
 */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { serve, type ServeOptions } from '../../../../src/stand-in/node.js';
import { createStandIn } from '../../../../src/stand-in/handler.js';

interface Page<T> {
  data: T[];
  meta: { current_page: number; per_page: number; last_page: number; total: number };
  links: { next: string | null; prev: string | null };
}
interface Subscriber {
  id: string;
  email: string;
  name: string | null;
  status: string;
  fields: Record<string, string>;
}
interface Post {
  id: string;
  title: string;
  url: string | null;
  published_at: string;
  updated_at: string;
}

async function service(t: TestContext, options: ServeOptions = {}) {
  const served = await serve({ port: 0, ...options });
  t.after(() => served.close());
  const api = (path: string, key: string | undefined = 'hk_test_valid', init: RequestInit = {}) =>
    fetch(served.url + path, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...(key === undefined ? {} : { Authorization: `Bearer ${key}` }),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${served.url}/__stand-in/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const upsert = (subscribers: unknown, key = 'hk_test_valid') =>
    api('/api/v1/subscribers/bulk', key, { method: 'POST', body: JSON.stringify({ subscribers }) });
  const all = async (key = 'hk_test_valid'): Promise<Subscriber[]> => {
    const out: Subscriber[] = [];
    let next: string | null = `${served.url}/api/v1/subscribers?per_page=100`;
    while (next) {
      const page = (await (await api(next.slice(served.url.length), key)).json()) as Page<Subscriber>;
      out.push(...page.data);
      next = page.links.next;
    }
    return out;
  };
  return { ...served, api, control, upsert, all };
}

const UNAUTHENTICATED = '{"message":"Unauthenticated."}';

describe('keys', () => {
  it('hk_test_valid is let in; a missing, malformed, unknown, expired or deleted key gets 401 Unauthenticated.', async (t) => {
    const s = await service(t);
    const ok = await s.api('/api/v1/subscribers');
    assert.equal(ok.status, 200);
    for (const [label, headers] of [
      ['no key', {}],
      ['expired', { Authorization: 'Bearer hk_test_expired' }],
      ['deleted', { Authorization: 'Bearer hk_test_deleted' }],
      ['unknown', { Authorization: 'Bearer hk_test_nobody' }],
      ['not Bearer', { Authorization: 'Basic aGtfdGVzdF92YWxpZDo=' }],
      ['empty Bearer', { Authorization: 'Bearer ' }],
      ['two tokens', { Authorization: 'Bearer hk_test_valid hk_test_valid' }],
    ] as const) {
      for (const path of ['/api/v1/subscribers', '/api/v1/posts']) {
        const response = await fetch(s.url + path, { headers });
        assert.equal(response.status, 401, `${label} ${path}`);
        assert.equal(await response.text(), UNAUTHENTICATED, label);
        assert.equal(response.headers.get('X-RateLimit-Remaining'), null, 'a 401 is not an authenticated answer');
      }
    }
    const bulk = await s.upsert([{ email: 'a@example.com' }], 'hk_test_expired');
    assert.equal(bulk.status, 401);
  });

  it('control endpoints create a key, expire it and delete it; a key with an expiry runs out on the clock', async (t) => {
    const s = await service(t);
    const created = await s.control('keys', { name: 'CRM sync', expires_in_days: 30 });
    assert.equal(created.status, 201);
    const key = created.body.key as string;
    assert.match(key, /^hk_test_[0-9a-f]{32}$/);
    assert.equal(created.body.state, 'valid');
    assert.equal((await s.api('/api/v1/subscribers', key)).status, 200);
    await s.control('clock', { advance: 31 * 86_400 });
    assert.equal((await s.api('/api/v1/subscribers', key)).status, 401, 'expired after 30 days');
    assert.equal((await s.api('/api/v1/subscribers')).status, 200, 'hk_test_valid has no expiry');

    const second = (await s.control('keys', { key: 'hk_test_second_key' })).body.key as string;
    assert.equal(second, 'hk_test_second_key');
    assert.equal((await s.api('/api/v1/subscribers', second)).status, 200);
    assert.equal((await s.control('keys/expire', { key: second })).body.state, 'expired');
    assert.equal((await s.api('/api/v1/subscribers', second)).status, 401);
    const third = (await s.control('keys', {})).body.key as string;
    assert.equal((await s.control('keys/delete', { key: third })).body.state, 'deleted');
    assert.equal((await s.api('/api/v1/subscribers', third)).status, 401);
    assert.equal((await s.control('keys/delete', { key: 'hk_test_nobody' })).status, 404);

    const listed = (await s.control('keys')).body.keys as Array<{ key: string; state: string; last_used_at: string | null }>;
    assert.deepEqual(
      listed.slice(0, 3).map((k) => [k.key, k.state]),
      [['hk_test_…alid', 'valid'], ['hk_test_…ired', 'expired'], ['hk_test_…eted', 'deleted']],
    );
    assert.ok(listed[0]!.last_used_at, 'last used is kept');
    assert.ok(!JSON.stringify(listed).includes(key), 'the list shows keys masked');
  });
});

describe('limits: 60 a minute per key, shared by every authenticated route', () => {
  it('counts down on every route, refuses the 61st with the spec headers, and opens a new window a minute later', async (t) => {
    const s = await service(t);
    const routes = [
      () => s.api('/api/v1/subscribers'),
      () => s.api('/api/v1/posts?since=2026-01-01T00:00:00Z'),
      () => s.upsert([{ email: 'counted@example.com' }]),
    ];
    for (let i = 0; i < 60; i++) {
      const response = await routes[i % 3]!();
      assert.equal(response.status, 200, `request ${i + 1}`);
      assert.equal(response.headers.get('X-RateLimit-Limit'), '60');
      assert.equal(response.headers.get('X-RateLimit-Remaining'), String(59 - i));
    }
    for (const route of routes) {
      const limited = await route();
      assert.equal(limited.status, 429);
      assert.equal(await limited.text(), '{"message":"Too Many Attempts."}');
      assert.equal(limited.headers.get('X-RateLimit-Limit'), '60');
      assert.equal(limited.headers.get('X-RateLimit-Remaining'), '0');
      const retryAfter = Number(limited.headers.get('Retry-After'));
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      const reset = Number(limited.headers.get('X-RateLimit-Reset'));
      assert.ok(Math.abs(reset - (Date.now() / 1000 + retryAfter)) <= 2, 'X-RateLimit-Reset is when a retry is possible');
    }
    // Another key, 401s and the public endpoints have allowances of their own.
    const other = (await s.control('keys', {})).body.key as string;
    assert.equal((await s.api('/api/v1/subscribers', other)).headers.get('X-RateLimit-Remaining'), '59');
    assert.equal((await s.api('/api/v1/tenants/demo/bio', undefined)).status, 200);

    await s.control('clock', { advance: 60 });
    const again = await s.api('/api/v1/subscribers');
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('X-RateLimit-Remaining'), '59');
  });

  it('a 401 spends nothing', async (t) => {
    const s = await service(t);
    for (let i = 0; i < 70; i++) await s.api('/api/v1/subscribers', 'hk_test_expired');
    assert.equal((await s.api('/api/v1/subscribers')).headers.get('X-RateLimit-Remaining'), '59');
  });
});

describe('GET /api/v1/subscribers', () => {
  it('serves 15 by default, at most 100, with meta and links', async (t) => {
    const s = await service(t);
    const first = (await (await s.api('/api/v1/subscribers')).json()) as Page<Subscriber>;
    assert.equal(first.data.length, 15);
    assert.equal(first.meta.per_page, 15);
    assert.equal(first.meta.current_page, 1);
    assert.ok(first.meta.total >= 300, `a few hundred seeded subscribers, not ${first.meta.total}`);
    assert.equal(first.meta.last_page, Math.ceil(first.meta.total / 15));
    assert.equal(first.links.prev, null);
    assert.equal(first.links.next, `${s.url}/api/v1/subscribers?page=2&per_page=15`);
    for (const item of first.data) {
      assert.match(item.id, /^sub_\d+$/);
      assert.match(item.email, /@/);
    }
    const capped = (await (await s.api('/api/v1/subscribers?per_page=500')).json()) as Page<Subscriber>;
    assert.equal(capped.data.length, 100);
    assert.equal(capped.meta.per_page, 100);
    for (const odd of ['0', '-3', 'ten', '']) {
      const page = (await (await s.api(`/api/v1/subscribers?per_page=${odd}`)).json()) as Page<Subscriber>;
      assert.equal(page.meta.per_page, 15, `per_page=${odd}`);
    }
  });

  it('pages to the end: every subscriber once, links.next null on the last page, nothing past it', async (t) => {
    const s = await service(t);
    const everyone = await s.all();
    const total = ((await (await s.api('/api/v1/subscribers')).json()) as Page<Subscriber>).meta.total;
    assert.equal(everyone.length, total);
    assert.equal(new Set(everyone.map((x) => x.id)).size, total);
    const lastPage = Math.ceil(total / 100);
    const last = (await (await s.api(`/api/v1/subscribers?per_page=100&page=${lastPage}`)).json()) as Page<Subscriber>;
    assert.equal(last.links.next, null);
    assert.equal(last.data.length, total - (lastPage - 1) * 100);
    const past = (await (await s.api(`/api/v1/subscribers?per_page=100&page=${lastPage + 1}`)).json()) as Page<Subscriber>;
    assert.deepEqual(past.data, []);
    assert.equal(past.links.next, null);
  });
});

describe('POST /api/v1/subscribers/bulk', () => {
  const people = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ email: `person${from + i}@example.com`, name: `Person ${from + i}` }));

  it('upserting 250 then the same 250 gives created 250, then updated 250', async (t) => {
    const s = await service(t);
    const before = (await s.all()).length;
    const send = async (list: unknown[]) => {
      const totals = { created: 0, updated: 0 };
      for (let i = 0; i < list.length; i += 100) {
        const response = await s.upsert(list.slice(i, i + 100));
        assert.equal(response.status, 200);
        const { data } = (await response.json()) as { data: { created: number; updated: number } };
        totals.created += data.created;
        totals.updated += data.updated;
      }
      return totals;
    };
    assert.deepEqual(await send(people(250)), { created: 250, updated: 0 });
    // The same people, written as another tool exports them: spaces and capitals.
    const again = people(250).map((p) => ({ ...p, email: `  ${p.email.toUpperCase()} `, name: `${p.name} (again)` }));
    assert.deepEqual(await send(again), { created: 0, updated: 250 });
    const after = await s.all();
    assert.equal(after.length, before + 250);
    const one = after.find((x) => x.email === 'person7@example.com');
    assert.equal(one?.name, 'Person 7 (again)', 'updated in place, the first spelling of the address kept');
  });

  it('keeps consent: unsubscribed always applies, subscribed re-subscribes, no status keeps it; created_at only for a new one', async (t) => {
    const s = await service(t);
    const seeded = (await s.all()).find((x) => x.status === 'unsubscribed')!;
    const send = async (items: unknown[]) => assert.equal((await s.upsert(items)).status, 200);
    // No status: an existing subscriber keeps theirs; a new one is subscribed, on the date given.
    await send([{ email: seeded.email, name: 'Renamed' }, { email: 'dated@example.com', created_at: '2021-05-06T07:08:09Z' }]);
    let all = await s.all();
    const byEmail = (email: string) => all.find((x) => x.email.toLowerCase() === email.toLowerCase()) as Subscriber & { created_at: string };
    assert.equal(byEmail(seeded.email).status, 'unsubscribed');
    assert.equal(byEmail(seeded.email).name, 'Renamed');
    assert.equal(byEmail('dated@example.com').status, 'subscribed');
    assert.equal(byEmail('dated@example.com').created_at, '2021-05-06T07:08:09.000Z');
    // created_at is ignored for an existing one; unsubscribed applies; subscribed re-subscribes.
    await send([{ email: 'dated@example.com', status: 'unsubscribed', created_at: '1999-01-01T00:00:00Z' }, { email: 'new-gone@example.com', status: 'unsubscribed' }]);
    all = await s.all();
    assert.equal(byEmail('dated@example.com').status, 'unsubscribed');
    assert.equal(byEmail('dated@example.com').created_at, '2021-05-06T07:08:09.000Z');
    assert.equal(byEmail('new-gone@example.com').status, 'unsubscribed');
    await send([{ email: seeded.email, status: 'subscribed' }]);
    all = await s.all();
    assert.equal(byEmail(seeded.email).status, 'subscribed');
  });

  it('refuses a status other than subscribed or unsubscribed, and a created_at that is not a date, with 422', async (t) => {
    const s = await service(t);
    const before = (await s.all()).length;
    const response = await s.upsert([
      { email: 'ok@example.com' },
      { email: 'a@example.com', status: 'active' },
      { email: 'b@example.com', created_at: 'yesterday' },
    ]);
    assert.equal(response.status, 422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    assert.deepEqual(body.errors, {
      'subscribers.1.status': ['The selected subscribers.1.status is invalid.'],
      'subscribers.2.created_at': ['The subscribers.2.created_at field must be a valid date.'],
    });
    assert.equal((await s.all()).length, before, 'nothing of that request was saved');
  });

  it('refuses more than 100, an empty list, or an invalid item with 422, saving nothing of that request', async (t) => {
    const s = await service(t);
    const before = (await s.all()).length;
    const tooMany = await s.upsert(people(101));
    assert.equal(tooMany.status, 422);
    assert.deepEqual(await tooMany.json(), {
      message: 'The subscribers field must not have more than 100 items.',
      errors: { subscribers: ['The subscribers field must not have more than 100 items.'] },
    });
    const empty = await s.upsert([]);
    assert.equal(empty.status, 422);
    assert.deepEqual(((await empty.json()) as { errors: unknown }).errors, { subscribers: ['The subscribers field is required.'] });

    const list: unknown[] = people(5);
    list[3] = { email: 'not an address' };
    list[4] = { name: 'No email' };
    const invalid = await s.upsert(list);
    assert.equal(invalid.status, 422);
    assert.deepEqual(await invalid.json(), {
      message: 'The subscribers.3.email field must be a valid email address. (and 1 more error)',
      errors: {
        'subscribers.3.email': ['The subscribers.3.email field must be a valid email address.'],
        'subscribers.4.email': ['The subscribers.4.email field is required.'],
      },
    });
    const notJson = await s.api('/api/v1/subscribers/bulk', 'hk_test_valid', { method: 'POST', body: 'email=a@example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    assert.equal(notJson.status, 422);
    assert.equal((await s.all()).length, before, 'nothing saved');
  });

  it('a key writes only its own workspace', async (t) => {
    const s = await service(t);
    const hostile = (await s.control('keys', { tenant: 'hostile' })).body.key as string;
    assert.equal((await s.all(hostile)).length, 0);
    assert.equal((await s.upsert([{ email: 'only-hostile@example.com' }], hostile)).status, 200);
    assert.deepEqual((await s.all(hostile)).map((x) => x.email), ['only-hostile@example.com']);
    assert.ok(!(await s.all()).some((x) => x.email === 'only-hostile@example.com'));
  });
});

describe('a signup through a form or the tenant endpoint shows up as a subscriber', () => {
  it('in the workspace of the tenant it was made to, unconfirmed', async (t) => {
    const s = await service(t);
    const post = (path: string, email: string) =>
      fetch(s.url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email, name: 'Loop', website: '', fields: { source: 'footer' } }),
      });
    assert.equal((await post('/api/subscribe/demo-form', 'form-loop@example.com')).status, 201);
    assert.equal((await post('/api/v1/tenants/demo/subscribe', 'tenant-loop@example.com')).status, 201);
    assert.equal((await post('/api/subscribe/hostile-form', 'hostile-loop@example.com')).status, 201);
    // A spam-trapped signup saves nothing, here too.
    await fetch(`${s.url}/api/v1/tenants/demo/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bot@example.com', website: 'https://spam.example' }),
    });
    const demo = await s.all();
    const tail = demo.slice(-2);
    assert.deepEqual(
      tail.map((x) => [x.email, x.status, x.fields.source]),
      [
        ['form-loop@example.com', 'unconfirmed', 'footer'],
        ['tenant-loop@example.com', 'unconfirmed', 'footer'],
      ],
    );
    assert.ok(!demo.some((x) => x.email === 'hostile-loop@example.com' || x.email === 'bot@example.com'));
    const hostile = (await s.control('keys', { tenant: 'hostile' })).body.key as string;
    assert.deepEqual((await s.all(hostile)).map((x) => x.email), ['hostile-loop@example.com']);
  });
});

describe('posts', () => {
  it('lists the seeded posts oldest change first; since returns only what changed after it', async (t) => {
    const s = await service(t);
    const first = (await (await s.api('/api/v1/posts?per_page=100')).json()) as Page<Post>;
    assert.ok(first.meta.total >= 200, `a few hundred posts, not ${first.meta.total}`);
    const times = first.data.map((p) => Date.parse(p.updated_at));
    assert.deepEqual(times, [...times].sort((a, b) => a - b));
    assert.match(first.data[0]!.url ?? '', new RegExp(`^${s.url}/hub/posts/`));

    const cut = first.data[49]!.updated_at;
    const since = (await (await s.api(`/api/v1/posts?since=${encodeURIComponent(cut)}&per_page=100`)).json()) as Page<Post>;
    assert.ok(since.data.every((p) => Date.parse(p.updated_at) > Date.parse(cut)));
    assert.equal(since.meta.total, first.meta.total - 50);
    assert.match(since.links.next ?? '', /since=/, 'the next page keeps since');

    const lastSeeded = (await (await s.api(`/api/v1/posts?per_page=100&page=${first.meta.last_page}`)).json()) as Page<Post>;
    const newestSeen = lastSeeded.data.at(-1)!.updated_at;
    const none = (await (await s.api(`/api/v1/posts?since=${encodeURIComponent(newestSeen)}`)).json()) as Page<Post>;
    assert.deepEqual(none.data, [], 'nothing after the newest post');

    const published = await s.control('posts', { title: 'Brand new post' });
    assert.equal(published.status, 201);
    const fresh = (await (await s.api(`/api/v1/posts?since=${encodeURIComponent(newestSeen)}`)).json()) as Page<Post>;
    assert.deepEqual(fresh.data.map((p) => p.title), ['Brand new post']);

    const id = (published.body.data as { id: string }).id;
    await s.control('clock', { advance: 5 });
    assert.equal((await s.control('posts', { id, title: 'Brand new post, edited' })).status, 200);
    const changed = (await (await s.api(`/api/v1/posts?since=${encodeURIComponent(fresh.data[0]!.updated_at)}`)).json()) as Page<Post>;
    assert.deepEqual(changed.data.map((p) => [p.id, p.title]), [[id, 'Brand new post, edited']]);
  });

  it('refuses a since that is not a date with 422', async (t) => {
    const s = await service(t);
    const response = await s.api('/api/v1/posts?since=yesterday');
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      message: 'The since field must be a valid date.',
      errors: { since: ['The since field must be a valid date.'] },
    });
  });

  it('lives at the path the stand-in is given', async (t) => {
    const s = await service(t, { standIn: createStandIn({ postsPath: '/api/v1/content/posts' }) });
    assert.equal((await s.api('/api/v1/content/posts')).status, 200);
    assert.equal((await s.api('/api/v1/posts')).status, 404);
    assert.throws(() => createStandIn({ postsPath: 'posts' }), /postsPath/);
  });
});

describe('the key stays out of what the stand-in shows', () => {
  it('the log and records never hold it', async (t) => {
    const s = await service(t);
    await s.api('/api/v1/subscribers');
    await s.upsert([{ email: 'x@example.com' }]);
    const log = JSON.stringify(await s.control('log'));
    assert.match(log, /\/api\/v1\/subscribers\/bulk/);
    assert.ok(!log.includes('hk_test_valid'));
  });
});
