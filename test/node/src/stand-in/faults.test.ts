/**
 * The stand-in's fault mode over real HTTP: each messy-service case of docs/stand-in.md
 * (redirects, hangs, dropped connections, mangled 2xx bodies, odd 429s, 500s on reads), what
 * the client receives, and what the service stored.
 */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { serve, type Served } from '../../../../src/stand-in/node.js';
import type { Records } from '../../../../src/stand-in/handler.js';
import { until } from '../../../support/until.js';

async function standIn(t: TestContext): Promise<Served & { arm(rule: unknown): Promise<Response>; records(): Promise<Records>; log(): Promise<Array<Record<string, unknown>>> }> {
  const served = await serve({ port: 0 });
  t.after(() => served.close());
  return {
    ...served,
    arm: (rule) =>
      fetch(`${served.url}/__stand-in/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rule) }),
    records: async () => (await (await fetch(`${served.url}/__stand-in/records`)).json()) as Records,
    log: async () => ((await (await fetch(`${served.url}/__stand-in/log`)).json()) as { requests: Array<Record<string, unknown>> }).requests,
  };
}

const signup = (base: string, email = 'ada@example.com', init: RequestInit = {}) =>
  fetch(`${base}/api/v1/tenants/demo/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, website: '' }),
    ...init,
  });

/** A contact message that gives up after `ms` (a client with a timeout, or one that goes away). */
const contactFor = (base: string, ms: number, email = 'ada@example.com', message = 'Hello') =>
  fetch(`${base}/api/v1/tenants/demo/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, message }),
    signal: AbortSignal.timeout(ms),
  });

/**
 * A contact message whose client gives up once the stand-in has it, as one with a timeout
 * would (a TimeoutError): on a loaded machine a fixed 300 ms once ended it before it arrived.
 */
async function contactGivenUp(base: string): Promise<Response> {
  const away = new AbortController();
  const sent = fetch(`${base}/api/v1/tenants/demo/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.com', message: 'Hello' }),
    signal: away.signal,
  });
  const inFlight = async () => ((await (await fetch(`${base}/__stand-in/log`)).json()) as { inFlight: unknown[] }).inFlight.length;
  await until(async () => (await inFlight()) > 0, 'the request to arrive', { intervalMs: 20 });
  away.abort(new DOMException('The client gave up.', 'TimeoutError'));
  return sent;
}

describe('redirects', () => {
  for (const status of [301, 302, 307, 308]) {
    it(`${status} to http:// and to another origin, with nothing stored`, async (t) => {
      const s = await standIn(t);
      assert.equal((await s.arm([
        { path: '/subscribe', method: 'POST', status, redirect: 'http://insecure.example/thanks' },
        { path: '/subscribe', method: 'POST', status, redirect: 'https://elsewhere.example/api/v1/tenants/demo/subscribe' },
      ])).status, 201);
      const first = await signup(s.url, 'ada@example.com', { redirect: 'manual' });
      assert.equal(first.status, status);
      assert.equal(first.headers.get('Location'), 'http://insecure.example/thanks');
      const second = await signup(s.url, 'ada@example.com', { redirect: 'manual' });
      assert.equal(second.status, status);
      assert.equal(second.headers.get('Location'), 'https://elsewhere.example/api/v1/tenants/demo/subscribe');
      assert.deepEqual((await s.records()).subscribers, []);
      assert.deepEqual((await s.log()).map((r) => r.outcome), ['fault', 'fault']);
    });
  }

  it('a redirect alone is a 302; with store the service saved it first', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/subscribe', redirect: '/elsewhere', store: true });
    const response = await signup(s.url, 'ada@example.com', { redirect: 'manual' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('Location'), '/elsewhere');
    assert.deepEqual((await s.records()).subscribers.map((r) => r.email), ['ada@example.com']);
  });

  it('a client that follows a 307 posts the body again to the http:// origin it names', async (t) => {
    const s = await standIn(t);
    const other = await standIn(t);
    await s.arm({ path: '/subscribe', status: 307, redirect: `${other.url}/api/v1/tenants/demo/subscribe` });
    assert.equal((await signup(s.url, 'leak@example.com')).status, 201);
    assert.deepEqual((await s.records()).subscribers, []);
    assert.deepEqual((await other.records()).subscribers.map((r) => r.email), ['leak@example.com']);
  });
});

describe('hangs', () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

  it('a hang longer than the client waits: the client gives up, the stand-in lets go of it and serves on', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/contact', method: 'POST', delayMs: 120_000, status: 504 });
    const before = timers();
    const started = Date.now();
    await assert.rejects(contactGivenUp(s.url), { name: 'TimeoutError' });
    assert.ok(Date.now() - started < 60_000);
    // The two-minute timer is cleared when the client goes away, not left to run out.
    await until(() => timers() <= before, () => `the timer to be cleared; still pending: ${timers()} > ${before}`, { timeoutMs: 5000 });
    assert.equal((await fetch(`${s.url}/api/v1/tenants/demo/bio`)).status, 200);
    assert.deepEqual((await s.records()).contacts, [], 'with a status, the hung request never reached the service');
  });

  it('with store, the service saved it before the hang: the outcome the client cannot know', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/contact', method: 'POST', delayMs: 120_000, store: true });
    await assert.rejects(contactGivenUp(s.url));
    await until(async () => (await s.records()).contacts.length > 0, 'the message to be stored', { timeoutMs: 10_000 }).catch(() => {});
    assert.deepEqual((await s.records()).contacts.map((r) => r.message), ['Hello']);
  });
});

describe('dropped connections', () => {
  it('drop: the body is read, nothing is stored, and the client sees a network error', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/subscribe', method: 'POST', drop: true });
    await assert.rejects(signup(s.url), TypeError);
    assert.deepEqual((await s.records()).subscribers, []);
    assert.deepEqual((await s.log()).map((r) => [r.status, r.outcome]), [[0, 'dropped']]);
    assert.equal((await signup(s.url)).status, 201, 'the next request is served');
  });

  it('drop with store: saved, then the connection is gone', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/subscribe', method: 'POST', drop: true, store: true });
    await assert.rejects(signup(s.url, 'maybe@example.com'), TypeError);
    assert.deepEqual((await s.records()).subscribers.map((r) => r.email), ['maybe@example.com']);
    assert.deepEqual((await s.log()).map((r) => [r.status, r.outcome]), [[0, 'saved']]);
  });
});

describe('2xx with a body that is not what the client expects', () => {
  it('an HTML page, with the submission stored first', async (t) => {
    const s = await standIn(t);
    await s.arm({
      path: '/subscribe',
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: '<!doctype html><title>Thanks</title><p>Thanks!</p>',
      store: true,
    });
    const response = await signup(s.url, 'html@example.com');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('Content-Type'), 'text/html; charset=utf-8');
    assert.match(await response.text(), /<p>Thanks!<\/p>/);
    assert.deepEqual((await s.records()).subscribers.map((r) => r.email), ['html@example.com']);
  });

  it('invalid JSON, without storing', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/subscribe', status: 201, headers: { 'Content-Type': 'application/json' }, body: '{"message": "Chec' });
    const response = await signup(s.url);
    assert.equal(response.status, 201);
    await assert.rejects(response.json(), SyntaxError);
    assert.deepEqual((await s.records()).subscribers, []);
  });
});

describe('429s a browser reads differently', () => {
  it('without exposed headers: Retry-After is sent, but Access-Control-Expose-Headers is not', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/subscribe', status: 429, headers: { 'Retry-After': '30', 'Access-Control-Expose-Headers': null } });
    const response = await signup(s.url);
    assert.equal(response.status, 429);
    assert.deepEqual(await response.json(), { message: 'Too Many Attempts.' });
    assert.equal(response.headers.get('Retry-After'), '30');
    assert.equal(response.headers.get('Access-Control-Expose-Headers'), null);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  });

  it('with Retry-After as an HTTP date', async (t) => {
    const s = await standIn(t);
    const date = new Date(Date.now() + 90_000).toUTCString();
    await s.arm({ path: '/contact', status: 429, headers: { 'Retry-After': date } });
    const response = await fetch(`${s.url}/api/v1/tenants/demo/contact`, { method: 'POST' });
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('Retry-After'), date);
    assert.match(response.headers.get('Access-Control-Expose-Headers') ?? '', /Retry-After/);
  });
});

describe('answers a browser cannot read, clocks that are off, and answers held back', () => {
  it('cors: false sends the service’s own answer without any CORS header, and the service has it', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/magic-links/demo-guide', method: 'POST', store: true, cors: false });
    const response = await fetch(`${s.url}/api/v1/tenants/demo/magic-links/demo-guide`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'guide@example.com', website: '' }),
    });
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
    assert.equal(response.headers.get('Access-Control-Expose-Headers'), null);
    assert.deepEqual((await s.records()).magic_links.map((r) => r.email), ['guide@example.com']);
    // And with a status of its own: a 409 that the browser would hide too.
    await s.arm({ path: '/subscribe', status: 409, body: { message: 'You are already subscribed.' }, cors: false });
    const conflict = await signup(s.url);
    assert.equal(conflict.status, 409);
    assert.deepEqual(await conflict.json(), { message: 'You are already subscribed.' });
    assert.equal(conflict.headers.get('Access-Control-Allow-Origin'), null);
  });

  it('a 409 and a 400 with a message, as a real service may answer', async (t) => {
    const s = await standIn(t);
    await s.arm([
      { path: '/subscribe', status: 409, body: { message: 'You are already subscribed.' } },
      { path: '/subscribe', status: 400, body: { message: 'Please use your work address.' } },
    ]);
    const conflict = await signup(s.url);
    assert.equal(conflict.status, 409);
    assert.deepEqual(await conflict.json(), { message: 'You are already subscribed.' });
    const bad = await signup(s.url);
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { message: 'Please use your work address.' });
    assert.equal(bad.headers.get('Access-Control-Allow-Origin'), '*');
  });

  it('reset sends X-RateLimit-Reset from the stand-in’s clock, in seconds or in milliseconds', async (t) => {
    const s = await standIn(t);
    await s.arm([
      { path: '/contact', status: 429, reset: 30 },
      { path: '/contact', status: 429, reset: 30, resetUnit: 'milliseconds', headers: { 'Retry-After': '30' } },
    ]);
    const seconds = await fetch(`${s.url}/api/v1/tenants/demo/contact`, { method: 'POST' });
    const reset = Number(seconds.headers.get('X-RateLimit-Reset'));
    assert.ok(Math.abs(reset - (Date.now() / 1000 + 30)) < 2, `${reset} is not 30 s from now, in seconds`);
    const millis = await fetch(`${s.url}/api/v1/tenants/demo/contact`, { method: 'POST' });
    const resetMs = Number(millis.headers.get('X-RateLimit-Reset'));
    assert.ok(Math.abs(resetMs - (Date.now() + 30_000)) < 2000, `${resetMs} is not 30 s from now, in milliseconds`);
    assert.equal(millis.headers.get('Retry-After'), '30');
  });

  it('clockSkew moves the Date header, and the reset with it; every answer has the stand-in’s Date', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/contact', status: 429, reset: 30, clockSkew: 7200 });
    const skewed = await fetch(`${s.url}/api/v1/tenants/demo/contact`, { method: 'POST' });
    const date = Date.parse(skewed.headers.get('Date')!);
    assert.ok(Math.abs(date - (Date.now() + 7200_000)) < 2000, `Date ${skewed.headers.get('Date')} is not 2 h ahead`);
    assert.ok(Math.abs(Number(skewed.headers.get('X-RateLimit-Reset')) * 1000 - (date + 30_000)) < 2000);
    assert.match(skewed.headers.get('Access-Control-Expose-Headers') ?? '', /\bDate\b/);
    // Without a fault, the Date follows the instance's clock, moved with POST /__stand-in/clock.
    await fetch(`${s.url}/__stand-in/clock`, { method: 'POST', body: JSON.stringify({ advance: 3600 }) });
    const moved = Date.parse((await fetch(`${s.url}/api/v1/tenants/demo/bio`)).headers.get('Date')!);
    assert.ok(Math.abs(moved - (Date.now() + 3600_000)) < 2000);
  });

  it('hold keeps a stored POST in flight until a release, and GET faults counts it', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/contact', method: 'POST', store: true, hold: true });
    const answer = fetch(`${s.url}/api/v1/tenants/demo/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'held@example.com', message: 'In flight', website: '' }),
    });
    const held = async () => ((await (await fetch(`${s.url}/__stand-in/faults`)).json()) as { held: number }).held;
    await until(async () => (await held()) > 0, 'the POST to be held', { intervalMs: 20 });
    // Stored, and not answered: the log writes a request when it is answered, and lists it
    // meanwhile as in flight, where it arrived.
    assert.deepEqual((await s.records()).contacts.map((r) => r.email), ['held@example.com']);
    assert.deepEqual(await s.log(), []);
    const { inFlight } = (await (await fetch(`${s.url}/__stand-in/log`)).json()) as { inFlight: Array<{ method: string; email: string }> };
    assert.deepEqual(inFlight.map((r) => [r.method, r.email]), [['POST', 'held@example.com']]);
    const released = await fetch(`${s.url}/__stand-in/faults/release`, { method: 'POST' });
    assert.deepEqual(await released.json(), { message: 'Released.', released: 1 });
    assert.equal((await answer).status, 201);
    assert.equal(await held(), 0);
    assert.deepEqual((await s.log()).map((r) => [r.status, r.email]), [[201, 'held@example.com']]);
  });

  it('stall sends the status, the headers and half the body, then nothing until a release, then cuts it off', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/subscribe', method: 'POST', status: 201, body: { message: 'Check your inbox to confirm.' }, stall: true, store: true });
    const response = await signup(s.url, 'stalled@example.com');
    // The status and headers are here, and the service has the signup.
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    assert.deepEqual((await s.records()).subscribers.map((r) => r.email), ['stalled@example.com']);
    const reader = response.body!.getReader();
    const first = await reader.read();
    assert.equal(new TextDecoder().decode(first.value), '{"message":"Check you');
    const rest = reader.read();
    assert.equal(((await (await fetch(`${s.url}/__stand-in/faults`)).json()) as { held: number }).held, 1);
    const released = await fetch(`${s.url}/__stand-in/faults/release`, { method: 'POST' });
    assert.deepEqual(await released.json(), { message: 'Released.', released: 1 });
    await assert.rejects(rest);
    assert.deepEqual((await s.log()).map((r) => [r.status, r.email]), [[201, 'stalled@example.com']]);
  });

  it('logs when a held request arrived, as well as when it was answered', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/contact', method: 'POST', store: true, delayMs: 1500 });
    await contactFor(s.url, 10_000, 'slow@example.com', 'Slow');
    const [entry] = (await s.log()) as Array<{ at: string; arrived: string }>;
    assert.ok(Date.parse(entry!.at) - Date.parse(entry!.arrived) >= 1400, JSON.stringify(entry));
  });

  it('a held request whose client goes away is let go at once', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/contact', method: 'POST', hold: true, store: true });
    // The client goes away once the stand-in holds its request (on a loaded machine a fixed
    // 300 ms once ended it before it arrived, and there was nothing to let go).
    const away = new AbortController();
    const sent = fetch(`${s.url}/api/v1/tenants/demo/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'gone@example.com', message: 'Bye' }),
      signal: away.signal,
    });
    const held = async () => ((await (await fetch(`${s.url}/__stand-in/faults`)).json()) as { held: number }).held;
    await until(async () => (await held()) > 0, 'the POST to be held', { intervalMs: 20 });
    away.abort();
    await assert.rejects(sent);
    await until(async () => (await s.log()).length > 0, 'the held request to be let go', { intervalMs: 20 });
    assert.deepEqual((await s.records()).contacts.map((r) => r.email), ['gone@example.com']);
  });

  it('logs the email of every POST, whatever answered it', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/subscribe', status: 500 });
    await signup(s.url, 'first@example.com');
    await signup(s.url, 'second@example.com');
    assert.deepEqual((await s.log()).map((r) => [r.status, r.email]), [[500, 'first@example.com'], [201, 'second@example.com']]);
  });
});

describe('500s on reads', () => {
  it('the next n GETs of an endpoint fail, then it is back', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/search-index', method: 'GET', status: 500, times: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${s.url}/api/v1/tenants/demo/search-index`)).status);
    assert.deepEqual(statuses, [500, 500, 500, 200]);
  });
});

describe('arming', () => {
  it('skip lets the first matching requests through, then faults the next', async (t) => {
    const s = await standIn(t);
    await s.arm({ path: '/bio', status: 500, skip: 2, times: 2 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${s.url}/api/v1/tenants/demo/bio`)).status);
    assert.deepEqual(statuses, [200, 200, 500, 500, 200]);
  });

  it('a list is armed in order; GET lists what is pending, DELETE clears it', async (t) => {
    const s = await standIn(t);
    const armed = await s.arm([
      { path: '/bio', status: 503 },
      { path: '/bio', status: 500, times: 2 },
    ]);
    assert.equal(armed.status, 201);
    assert.deepEqual(await armed.json(), { message: 'Faults armed.', pending: 2 });
    assert.equal((await fetch(`${s.url}/api/v1/tenants/demo/bio`)).status, 503);
    const pending = (await (await fetch(`${s.url}/__stand-in/faults`)).json()) as { faults: Array<{ status: number; times: number }> };
    assert.deepEqual(pending.faults.map((f) => [f.status, f.times]), [[500, 2]]);
    assert.equal((await fetch(`${s.url}/__stand-in/faults`, { method: 'DELETE' })).status, 200);
    assert.equal((await fetch(`${s.url}/api/v1/tenants/demo/bio`)).status, 200);
  });

  it('refuses a rule that cannot be meant, and arms nothing of a list with one bad rule', async (t) => {
    const s = await standIn(t);
    for (const rule of [
      { path: '/bio', status: 200, redirect: 'https://example.com/' },
      { path: '/bio', drop: true, status: 500 },
      { path: '/bio', drop: 'yes' },
      { path: '/bio', redirect: '' },
      { path: '/bio', store: true },
      { path: '/bio', delayMs: 500_000 },
      { path: '/bio', hold: 'yes' },
      { path: '/bio', cors: 'no' },
      { path: '/bio', reset: 'soon' },
      { path: '/bio', status: 429, resetUnit: 'minutes' },
      [],
    ]) {
      const response = await s.arm(rule);
      assert.equal(response.status, 400, JSON.stringify(rule));
    }
    const list = await s.arm([{ path: '/bio', status: 500 }, { path: '/bio' }]);
    assert.equal(list.status, 400);
    assert.match(((await list.json()) as { message: string }).message, /^Rule 1: /);
    assert.equal((await fetch(`${s.url}/api/v1/tenants/demo/bio`)).status, 200);
  });
});
