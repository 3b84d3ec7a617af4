/**
 * `hub-kit/server` against the stand-in over HTTP: options, key states and typed errors,
 * paging, upserts, pacing (7,000 rows with zero 429s, on the stand-in's clock), a budget
 * shared by instances, 429s the service sends anyway, `posts.changes`, and the key kept out
 * of every message and serialization.
 */
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { describe, it, type TestContext } from 'node:test';
import { serve } from '../../../../src/stand-in/node.js';
import {
  ConfigError,
  HttpError,
  HubApi,
  NetworkError,
  UnauthenticatedError,
  UnexpectedResponseError,
  ValidationError,
  type ConsentCheck,
  type HubApiOptions,
} from '../../../../src/server/index.js';
import { standInClock } from '../../../../src/stand-in/clock.js';
import { standInControl } from '../../../support/stand-in-control.js';

async function setup(t: TestContext, options: Partial<HubApiOptions> = {}) {
  const served = await serve({ port: 0 });
  t.after(() => served.close());
  const clock = standInClock(served.url);
  const api = new HubApi({ baseUrl: served.url, apiKey: 'hk_test_valid', clock, ...options });
  const log = async () =>
    ((await (await fetch(`${served.url}/__stand-in/log`)).json()) as { requests: Array<{ method: string; path: string; status: number }> }).requests;
  const control = (path: string, body: unknown) =>
    fetch(`${served.url}/__stand-in/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { served, api, clock, log, control, url: served.url };
}

const people = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ email: `Person${from + i}@Example.com`, name: `Person ${from + i}` }));

describe('options', () => {
  it('sends the key over https only, http only to this machine', () => {
    for (const baseUrl of ['http://example.com', 'http://192.168.1.10', 'http://128.0.0.1', 'ftp://example.com', 'not a url', '', 'https://user:pw@example.com', 'https://example.com/?a=1', 'https://example.com/#a']) {
      assert.throws(() => new HubApi({ baseUrl, apiKey: 'k_1' }), ConfigError, baseUrl);
    }
    for (const baseUrl of ['https://example.com', 'http://127.0.0.1:8787', 'http://127.0.0.2:3', 'http://localhost:1', 'http://[::1]:2', 'https://example.com/__sandbox/x/']) {
      assert.equal(new HubApi({ baseUrl, apiKey: 'k_1' }).baseUrl, baseUrl.replace(/\/$/, ''));
    }
    assert.throws(() => new HubApi({ baseUrl: 'https://example.com', apiKey: '' }), ConfigError);
    assert.throws(() => new HubApi({ baseUrl: 'https://example.com', apiKey: 'two words' }), ConfigError);
  });

  it('never shows the key: toString, JSON.stringify, inspect', () => {
    const api = new HubApi({ baseUrl: 'https://example.com', apiKey: 'hk_live_secret_value' });
    for (const text of [String(api), `${api}`, JSON.stringify(api), inspect(api, { showHidden: true, depth: 5 }), JSON.stringify({ api })]) {
      assert.ok(!text.includes('hk_live_secret_value'), text);
    }
    assert.deepEqual(JSON.parse(JSON.stringify(api)), { baseUrl: 'https://example.com', postsPath: '/api/v1/posts' });
  });
});

describe('keys', () => {
  it('a valid key reads; an expired, deleted or missing one throws UnauthenticatedError with the 401 body and what to do', async (t) => {
    const { api, url } = await setup(t);
    assert.equal((await api.subscribers.list()).data.length, 15);
    for (const apiKey of ['hk_test_expired', 'hk_test_deleted', 'hk_test_unknown']) {
      const other = new HubApi({ baseUrl: url, apiKey });
      const error = await other.subscribers.list().catch((e: unknown) => e);
      assert.ok(error instanceof UnauthenticatedError, apiKey);
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 401);
      assert.deepEqual(error.body, { message: 'Unauthenticated.' });
      assert.match(error.message, /missing, expired or deleted/);
      assert.match(error.message, /Settings → API keys/);
      const shown = `${error.message}\n${error.stack}\n${inspect(error, { depth: 5 })}\n${JSON.stringify(error)}`;
      assert.ok(!shown.includes(apiKey), `the key is in the error: ${shown}`);
      await assert.rejects(other.posts.list(), UnauthenticatedError);
      await assert.rejects(other.subscribers.upsert([{ email: 'a@example.com' }]), UnauthenticatedError);
    }
  });

  it('a network failure names the service, never the key', async (t) => {
    const { served } = await setup(t);
    const url = served.url;
    await served.close();
    const api = new HubApi({ baseUrl: url, apiKey: 'hk_test_valid', retries: 1, clock: { now: Date.now, sleep: async () => {} } });
    const error = await api.subscribers.list().catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError);
    assert.ok(!inspect(error, { depth: 10 }).includes('hk_test_valid'));
  });
});

describe('subscribers.list and .all', () => {
  it('one page with its meta: 15 by default, at most 100', async (t) => {
    const { api } = await setup(t);
    const page = await api.subscribers.list();
    assert.equal(page.data.length, 15);
    assert.equal(page.meta?.per_page, 15);
    assert.match(page.next ?? '', /page=2/);
    const big = await api.subscribers.list({ perPage: 500, page: 2 });
    assert.equal(big.data.length, 100);
    assert.equal(big.meta?.current_page, 2);
  });

  it('all() pages to the end, 100 at a time, every subscriber once', async (t) => {
    const { api, log } = await setup(t);
    const total = (await api.subscribers.list()).meta!.total!;
    const emails: string[] = [];
    for await (const subscriber of api.subscribers.all()) emails.push(subscriber.email);
    assert.equal(emails.length, total);
    assert.equal(new Set(emails).size, total);
    const pages = (await log()).filter((r) => r.path.includes('per_page=100'));
    assert.equal(pages.length, Math.ceil(total / 100));
  });

  it('follows a next link only to its own origin and path: never another host, port or scheme, and the key never arrives there', async (t) => {
    const { control, url } = await setup(t);
    // A second service on another port of the same host, logging what reaches it.
    const other = await serve({ port: 0 });
    t.after(() => other.close());
    const otherPort = new URL(other.url).port;
    const { port } = new URL(url);
    const links = [
      'https://elsewhere.example/api/v1/subscribers?page=2',
      `${other.url}/api/v1/subscribers?page=2`,
      `http://localhost:${otherPort}/api/v1/subscribers?page=2`,
      `http://localhost:${port}/api/v1/subscribers?page=2`,
      `https://127.0.0.1:${port}/api/v1/subscribers?page=2`,
    ];
    for (const next of links) {
      await control('faults', { path: '/api/v1/subscribers', status: 200, body: { data: [{ id: 'sub_1', email: 'a@example.com' }], links: { next } } });
      const api = new HubApi({ baseUrl: url, apiKey: 'hk_test_valid', retries: 0 });
      await assert.rejects(
        async () => {
          for await (const _ of api.subscribers.all()) void _;
        },
        (error: unknown) => error instanceof UnexpectedResponseError && /leaves .* the key is not sent there/.test(error.message),
        next,
      );
    }
    assert.deepEqual(await standInControl(other.url).log(), [], 'a request reached the other port');
  });

  it('never follows a next link from https down to plain http on the same host and port', async (t) => {
    const { url } = await setup(t);
    // The service as https://hub.test: each request is carried to the stand-in, over loopback,
    // and every URL the client asks for is written down before it is.
    const asked: string[] = [];
    const carry: typeof fetch = (input, init) => {
      const href = input instanceof Request ? input.url : String(input);
      asked.push(href);
      const target = new URL(href);
      return fetch(`${url}${target.pathname}${target.search}`, init);
    };
    const { control } = standInControl(url);
    for (const next of ['http://hub.test/api/v1/subscribers?page=2', 'http://hub.test:443/api/v1/subscribers?page=2', 'https://hub.test:8443/api/v1/subscribers?page=2']) {
      asked.length = 0;
      await control('faults', { path: '/api/v1/subscribers', status: 200, body: { data: [{ id: 'sub_1', email: 'a@example.com' }], links: { next } } });
      const api = new HubApi({ baseUrl: 'https://hub.test', apiKey: 'hk_test_valid', retries: 0, fetch: carry });
      await assert.rejects(async () => {
        for await (const _ of api.subscribers.all()) void _;
      }, UnexpectedResponseError);
      assert.deepEqual(asked.map((href) => new URL(href).origin), ['https://hub.test'], next);
    }
  });
});

describe('subscribers.upsert', () => {
  it('250, then the same 250: created 250, then updated 250, in 3 requests each', async (t) => {
    const { api } = await setup(t);
    assert.deepEqual(await api.subscribers.upsert(people(250)), { created: 250, updated: 0, invalid: [], keptUnsubscribed: 0, requests: 3 });
    assert.deepEqual(await api.subscribers.upsert(people(250)), { created: 0, updated: 250, invalid: [], keptUnsubscribed: 0, requests: 3 });
  });

  it('reports bad and duplicate rows by index, sends none of them, and carries on', async (t) => {
    const { api, log } = await setup(t);
    async function* rows() {
      yield { email: 'good1@example.com' };
      yield { email: 'not an address' };
      yield { name: 'no email' };
      yield { email: ' GOOD1@example.com ' };
      yield 'a string';
      yield { email: 'good2@example.com', fields: { plan: 'paid', score: 3, list: ['x'] } };
      yield { email: 'good3@example.com', fields: { plan: 'paid' } };
    }
    const progress: number[] = [];
    const result = await api.subscribers.upsert(rows(), { onProgress: (p) => progress.push(p.resumeAt) });
    assert.deepEqual(
      result.invalid.map((r) => [r.index, r.reason, ...(r.duplicateOf === undefined ? [] : [r.duplicateOf])]),
      [
        [1, 'the email is not a valid address'],
        [2, 'the email is missing'],
        [3, 'a duplicate of an earlier row, which is sent instead', 0],
        [4, 'not a subscriber (an object with an email)'],
        [5, 'the field "list" is not text'],
      ],
    );
    assert.equal(result.created, 2);
    assert.equal(result.requests, 1);
    assert.deepEqual(progress, [7]);
    assert.equal((await log()).filter((r) => r.method === 'POST').length, 1);
  });

  it('carries status and created_at, and never re-subscribes someone who unsubscribed unless told to', async (t) => {
    const { api } = await setup(t);
    const everyone = async () => {
      const all = new Map<string, { status?: string; created_at?: string }>();
      for await (const s of api.subscribers.all()) all.set(s.email.toLowerCase(), s);
      return all;
    };
    const gone = [...(await everyone()).entries()].filter(([, s]) => s.status === 'unsubscribed').map(([email]) => email);
    assert.ok(gone.length >= 3, 'the demo workspace has unsubscribed people');
    const kept: number[] = [];
    const checks: ConsentCheck[] = [];
    const result = await api.subscribers.upsert(
      [
        ...gone.slice(0, 3).map((email) => ({ email, status: 'subscribed' })),
        { email: 'joined-2020@example.com', status: 'unsubscribed', created_at: '2020-02-03T04:05:06Z' },
        { email: 'brand-new@example.com', status: 'subscribed' },
      ],
      { onKeptUnsubscribed: (row) => kept.push(row.index), onConsentCheck: (check) => checks.push(check) },
    );
    assert.equal(result.keptUnsubscribed, 3);
    assert.deepEqual(kept, [0, 1, 2]);
    // The workspace's list is read once, and told as it goes: after every hundred and at the end.
    assert.deepEqual(checks.map((c) => [c.read, c.done]), [[100, false], [200, false], [300, false], [320, true]]);
    assert.equal(checks.at(-1)?.unsubscribed, gone.length);
    assert.equal(result.created, 2);
    let after = await everyone();
    for (const email of gone.slice(0, 3)) assert.equal(after.get(email)?.status, 'unsubscribed', email);
    assert.equal(after.get('joined-2020@example.com')?.status, 'unsubscribed');
    assert.equal(after.get('joined-2020@example.com')?.created_at, '2020-02-03T04:05:06.000Z');
    assert.equal(after.get('brand-new@example.com')?.status, 'subscribed');

    const again = await api.subscribers.upsert([{ email: gone[0]!, status: 'subscribed' }], { resubscribe: true });
    assert.equal(again.keptUnsubscribed, 0);
    after = await everyone();
    assert.equal(after.get(gone[0]!)?.status, 'subscribed', 'resubscribe: true, as the person asked');
  });

  it('checks status and created_at before sending', async (t) => {
    const { api } = await setup(t);
    const result = await api.subscribers.upsert([
      { email: 'a@example.com', status: 'active' },
      { email: 'b@example.com', created_at: '03/04/2024' },
    ]);
    assert.deepEqual(
      result.invalid.map((r) => r.reason),
      ['the status is neither "subscribed" nor "unsubscribed"', 'the join date (created_at) is not an ISO 8601 date'],
    );
    assert.equal(result.requests, 0);
  });

  it('a row the service refuses is reported, and the rest of its request is sent again', async (t) => {
    const { api, control } = await setup(t);
    await control('faults', {
      path: '/subscribers/bulk',
      status: 422,
      body: { message: 'The subscribers.1.email field is taken.', errors: { 'subscribers.1.email': ['The subscribers.1.email field is taken.'] } },
    });
    const result = await api.subscribers.upsert(people(3));
    assert.deepEqual(result.invalid, [{ index: 1, email: 'Person1@Example.com', reason: 'refused by the service: The subscribers.1.email field is taken.' }]);
    assert.equal(result.created, 2);
  });

  it('7,000 rows: 70 requests, paced to 60 a minute, with zero 429s (on the stand-in clock)', async (t) => {
    const { api, log, clock } = await setup(t);
    const started = performance.now();
    const result = await api.subscribers.upsert(people(7000));
    const took = performance.now() - started;
    assert.equal(result.created, 7000);
    assert.equal(result.requests, 70);
    const statuses = (await log()).filter((r) => r.path.includes('/bulk')).map((r) => r.status);
    assert.equal(statuses.length, 70);
    assert.deepEqual(statuses.filter((s) => s !== 200), [], 'no 429');
    // 60 in the first minute, then a wait for the window, then the last 10. The window opened
    // with the first request, in real time as well as on the stand-in's clock: the wait is
    // the minute less the real time the first 60 took (seconds on a loaded machine).
    assert.equal(clock.slept.length, 1);
    assert.ok(clock.slept[0]! > 59_000 - took && clock.slept[0]! <= 61_000, `waited ${clock.slept[0]} ms, ${took.toFixed(0)} ms of real time in all`);
    console.log(`7,000 rows: 70 requests, ${(clock.offsetMs() / 1000).toFixed(1)} s of pacing on the stand-in clock, ${(took / 1000).toFixed(1)} s of real time`);
  });
});

describe('pacing', () => {
  it('two HubApi instances with the same key share one budget: 130 requests, no 429', async (t) => {
    const { url, clock, log } = await setup(t);
    const a = new HubApi({ baseUrl: url, apiKey: 'hk_test_valid', clock });
    const b = new HubApi({ baseUrl: url, apiKey: 'hk_test_valid', clock });
    await Promise.all(Array.from({ length: 130 }, (_, i) => (i % 2 ? a : b).subscribers.list({ perPage: 1 })));
    const statuses = (await log()).map((r) => r.status);
    assert.equal(statuses.length, 130);
    assert.deepEqual(statuses.filter((s) => s !== 200), []);
    assert.equal(clock.slept.length, 2, 'two waits for a new window');
  });

  it('a 429 the service sends anyway is waited out for as long as Retry-After says (seconds or an HTTP date), no more, then retried', async (t) => {
    const { api, control, clock } = await setup(t);
    // The stand-in's clock runs on in real time as well: a wait is what was said, less the
    // real time that passed between the answer and the wait (tenths of a second on a loaded
    // machine), never more. `since` is that real time, from before each step.
    let started = performance.now();
    const since = () => performance.now() - started;
    // X-RateLimit-Reset says five minutes, Retry-After half a minute: Retry-After wins.
    const reset = String(Math.floor(clock.now() / 1000) + 300);
    await control('faults', { path: '/api/v1/subscribers', status: 429, headers: { 'Retry-After': '30', 'X-RateLimit-Reset': reset } });
    assert.equal((await api.subscribers.list()).data.length, 15);
    assert.ok(clock.slept[0]! >= 30_000 - since() && clock.slept[0]! <= 30_000, `waited ${clock.slept[0]} ms for Retry-After: 30, ${since().toFixed(0)} ms of real time in all`);
    await control('faults', { path: '/api/v1/subscribers', status: 429, headers: { 'Retry-After': '0', 'X-RateLimit-Reset': reset } });
    // "0" is no wait at all: the minute a 429 waits when nothing says how long, not Reset's five.
    await api.subscribers.list();
    assert.ok(clock.slept[1]! <= 60_000, `waited ${clock.slept[1]} ms for Retry-After: 0`);
    // An HTTP date is read against the answer's Date, which has whole seconds: within a second of 90 s.
    started = performance.now();
    await control('faults', { path: '/api/v1/subscribers', status: 429, headers: { 'Retry-After': new Date(clock.now() + 90_000).toUTCString(), 'X-RateLimit-Reset': reset } });
    assert.equal((await api.subscribers.list()).data.length, 15);
    assert.ok(clock.slept[2]! >= 89_000 - 100 - since() && clock.slept[2]! <= 91_000, `waited ${clock.slept[2]} ms for an HTTP date 90 s ahead, ${since().toFixed(0)} ms of real time`);
    // Without Retry-After, X-RateLimit-Reset: until then.
    started = performance.now();
    const soon = String(Math.floor(clock.now() / 1000) + 45);
    await control('faults', { path: '/api/v1/subscribers', status: 429, headers: { 'X-RateLimit-Reset': soon } });
    await api.subscribers.list();
    assert.ok(clock.slept[3]! >= 44_000 - 100 - since() && clock.slept[3]! <= 46_000, `waited ${clock.slept[3]} ms for X-RateLimit-Reset 45 s ahead, ${since().toFixed(0)} ms of real time`);
  });

  it('repeated 429s wait longer each time', async (t) => {
    const { api, control, clock } = await setup(t);
    await control('faults', { path: '/api/v1/subscribers', status: 429, headers: { 'Retry-After': '1' }, times: 4 });
    await api.subscribers.list();
    assert.equal(clock.slept.length, 4);
    // Retry-After, then Retry-After plus a backoff of 0.5–1, 1–2 and 2–4 s (less the few ms a request takes).
    const floors = [1000, 1500, 2000, 3000];
    const ceilings = [1000, 2000, 3000, 5000];
    clock.slept.forEach((ms, i) => assert.ok(ms >= floors[i]! - 100 && ms <= ceilings[i]!, `wait ${i + 1} was ${ms} ms`));
  });

  it('a 500 or a dropped connection on a read is retried', async (t) => {
    const { api, control } = await setup(t);
    await control('faults', [
      { path: '/api/v1/subscribers', status: 500 },
      { path: '/api/v1/subscribers', drop: true },
    ]);
    assert.equal((await api.subscribers.list()).data.length, 15);
  });

  it('a 422 is a ValidationError with field errors, not retried', async (t) => {
    const { api } = await setup(t);
    const error = await api.posts.list({ since: 'yesterday' }).catch((e: unknown) => e);
    assert.ok(error instanceof ValidationError);
    assert.deepEqual(error.fieldErrors, { since: ['The since field must be a valid date.'] });
  });
});

describe('posts', () => {
  it('list with since; changes() yields each new or edited post once across polls, and since never goes back', async (t) => {
    const { api, control, clock, log } = await setup(t);
    let newest = '';
    for await (const post of api.posts.all()) newest = post.updated_at!;
    const seen: string[] = [];
    const stop = new AbortController();
    let polls = 0;
    const publish = async () => {
      polls++;
      if (polls === 1) {
        await control('posts', { title: 'First new' });
        await control('posts', { title: 'Second new' });
      } else if (polls === 2) {
        await control('clock', { advance: 1 });
        await control('posts', { id: 'p_1', title: 'An old post, edited' });
      } else if (polls === 4) {
        stop.abort();
      }
    };
    const watching = (async () => {
      for await (const post of api.posts.changes({ since: newest, intervalMs: 60_000, signal: stop.signal })) seen.push(post.title!);
    })();
    // Publish between polls: each sleep of the client is one interval.
    const original = clock.sleep.bind(clock);
    clock.sleep = async (ms, signal) => {
      await publish();
      return original(ms, signal);
    };
    await watching;
    assert.deepEqual(seen, ['First new', 'Second new', 'An old post, edited']);
    const sinces = (await log()).filter((r) => r.path.includes('since=')).map((r) => decodeURIComponent(/since=([^&]+)/.exec(r.path)![1]!));
    const times = sinces.map((s) => Date.parse(s));
    assert.deepEqual(times, [...times].sort((x, y) => x - y), 'since never goes backwards');
  });

  it('changes() backs off after failed polls: one to two intervals, then doubling, half of each wait random', async (t) => {
    const { api, control, clock } = await setup(t);
    await control('faults', { path: '/posts', method: 'GET', status: 500, times: 5 });
    const stop = new AbortController();
    const waits: number[] = [];
    const onError = (_error: unknown, retryInMs: number) => {
      waits.push(retryInMs);
      if (waits.length === 5) stop.abort();
    };
    for await (const post of api.posts.changes({ since: new Date(), intervalMs: 1000, signal: stop.signal, onError })) assert.fail(`a post from a failed poll: ${post.id}`);
    assert.equal(waits.length, 5);
    waits.forEach((wait, i) => assert.ok(wait >= 1000 * 2 ** i && wait <= 2000 * 2 ** i, `wait ${i + 1}: ${wait} ms`));
    // What it said is what it waited.
    assert.deepEqual(clock.slept.slice(-4), waits.slice(0, 4));
    assert.ok(
      waits.some((wait, i) => wait !== 1000 * 2 ** i),
      `every wait is exactly a doubling, with no random part: ${waits}`,
    );
  });
});
