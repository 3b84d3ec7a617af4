/// <reference types="mocha" />
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { HubClient } from '../../../../src/api/hub-client.js';
import {
  ConfigError,
  HttpError,
  NetworkError,
  OfflineError,
  RateLimitedError,
  RedirectError,
  TimeoutError,
  UnconfirmedError,
  UnexpectedResponseError,
  ValidationError,
} from '../../../../src/api/errors.js';
import { budgetFor, type Budget } from '../../../../src/limits/budget.js';
import { until, wait } from '../../helpers/dom.js';
import { setOffline } from '../../helpers/network.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';

/** Awaits a call that must fail, and returns what it threw. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

/**
 * The real budget, counting what is taken from it: the client takes one unit per attempt,
 * so this counts attempts even when no request reaches a server.
 */
function countingBudget(scope: string): Budget & { takes: number } {
  const real = budgetFor(scope);
  const counting = {
    takes: 0,
    take: (...args: Parameters<Budget['take']>) => {
      counting.takes++;
      return real.take(...args);
    },
    check: real.check,
    close: real.close,
    subscribe: real.subscribe,
  };
  return counting;
}

/**
 * A budget that allows everything, so that a test can make the stand-in itself answer 429.
 * It closes nothing either: the point is to see what the service answers.
 */
const unlimited: Budget = {
  take: async () => ({ ok: true }),
  check: async () => ({ ok: true }),
  close: async (_group, until) => until ?? Date.now(),
  subscribe: () => () => {},
};

const randomName = () => Math.random().toString(36).slice(2, 10);

/** The stand-in on another loopback origin, through the test runner's server command. */
async function remoteStandIn(name: string, action: 'start' | 'stop'): Promise<string> {
  const result = (await executeServerCommand('remote-stand-in', { action, name })) as { url: string };
  return result.url;
}

/** Polls `check` until it holds; then `quiet` ms more, to catch anything late. */
async function settle(check: () => Promise<boolean>, what: string, quiet = 0): Promise<void> {
  await until(check, what);
  await wait(quiet);
}

describe('the keyless client', () => {
  let sandbox: Sandbox;
  let client: HubClient;

  beforeEach(() => {
    sandbox = newSandbox();
    client = new HubClient({ baseUrl: sandbox.baseUrl, backoffMs: 10 });
  });

  describe('each endpoint', () => {
    it('formSignup posts to the form action URL and the service keeps the subscriber', async () => {
      const answer = await client.formSignup('demo-form', { email: 'ada@example.com', name: 'Ada' });
      expect(answer.message).to.be.a('string').and.not.equal('');
      const { subscribers } = await sandbox.records();
      expect(subscribers).to.have.length(1);
      expect(subscribers[0]).to.include({ tenant: 'demo', form: 'demo-form', email: 'ada@example.com', name: 'Ada' });
      expect(client.url('formSignup', { form: 'demo-form' })).to.equal(`${sandbox.baseUrl}/api/subscribe/demo-form`);
    });

    it('subscribe sends name and fields, and an empty spam trap', async () => {
      await client.subscribe('demo', { email: 'grace@example.com', name: 'Grace', fields: { source: 'footer' } });
      const { subscribers } = await sandbox.records();
      expect(subscribers).to.have.length(1);
      expect(subscribers[0]).to.include({ tenant: 'demo', email: 'grace@example.com', name: 'Grace' });
      expect(subscribers[0]!.fields).to.deep.equal({ source: 'footer' });
      const [request] = await sandbox.requests('/subscribe', 'POST');
      expect(request!.outcome).to.equal('saved');
      // The trap was in the body, empty, though the caller never mentioned it.
      expect(request!.trap).to.equal('empty');
      await client.contact('demo', { email: 'grace@example.com', message: 'Hi' });
      expect((await sandbox.requests('/contact', 'POST'))[0]!.trap).to.equal('empty');
    });

    it('magicLink asks for a resource', async () => {
      await client.magicLink('demo', 'demo-guide', { email: 'linus@example.com' });
      const { magic_links } = await sandbox.records();
      expect(magic_links).to.have.length(1);
      expect(magic_links[0]).to.include({ tenant: 'demo', resource: 'demo-guide', email: 'linus@example.com' });
    });

    it('contact sends a message', async () => {
      await client.contact('demo', { email: 'ada@example.com', name: 'Ada', message: 'Hello there' });
      const { contacts } = await sandbox.records();
      expect(contacts).to.have.length(1);
      expect(contacts[0]).to.include({ tenant: 'demo', email: 'ada@example.com', message: 'Hello there' });
    });

    it('bio reads the creator\u2019s card', async () => {
      const bio = await client.bio('demo');
      expect(bio.name).to.be.a('string').and.not.equal('');
      expect(bio.links).to.be.an('array').that.is.not.empty;
      for (const link of bio.links!) expect(link.url).to.be.a('string');
    });

    it('resolve reads a path, keeping its slashes', async () => {
      const resolved = await client.resolve('demo', '/resources/demo-guide');
      expect(resolved).to.include({ type: 'resource', title: 'The starter guide' });
      expect(resolved.url).to.match(/^http.*\/hub\/resources\/demo-guide$/);
      const [request] = await sandbox.requests('/resolve/');
      expect(request!.path).to.equal('/api/v1/tenants/demo/resolve/resources/demo-guide');
    });

    it('searchIndex reads every entry', async () => {
      const index = await client.searchIndex('demo');
      expect(index.length).to.be.above(100);
      for (const entry of index) {
        expect(entry.id).to.be.a('string');
        expect(entry.title).to.be.a('string');
        expect(entry.url).to.be.a('string');
      }
      expect(new Set(index.map((e) => e.id)).size).to.equal(index.length);
    });

    it('presence reads who is around', async () => {
      const presence = await client.presence('demo');
      expect(presence).to.be.an('object');
      if (presence.online !== undefined && presence.online !== null) expect(presence.online).to.be.a('number');
      if (presence.live !== undefined && presence.live !== null) expect(presence.live).to.be.a('boolean');
    });

    it('get answers not-modified when the validators still hold', async () => {
      const first = await client.get('bio', { tenant: 'demo' });
      expect(first.status).to.equal('modified');
      if (first.status !== 'modified') return;
      expect(first.validators.etag ?? first.validators.lastModified).to.be.a('string');
      const second = await client.get('bio', { tenant: 'demo' }, { validators: first.validators });
      expect(second).to.deep.equal({ status: 'not-modified' });
      const log = await sandbox.requests('/bio');
      expect(log.map((r) => r.status)).to.deep.equal([200, 304]);
    });

    it('refuses to call without what the endpoint needs, sending nothing', async () => {
      expect(await failure(client.subscribe('demo', { email: '' }))).to.be.instanceOf(ConfigError);
      expect(await failure(client.bio(''))).to.be.instanceOf(ConfigError);
      expect(await failure(client.contact('demo', { email: 'a@example.com', message: ' ' }))).to.be.instanceOf(
        ConfigError,
      );
      expect(await sandbox.requests('/api/')).to.have.length(0);
    });
  });

  describe('reading payloads', () => {
    it('unwraps a data envelope and keeps fields it does not know', async () => {
      const slug = `t-${randomName()}`;
      await sandbox.addTenant({
        slug,
        bio: {
          name: 'Test Person',
          pronouns: 'they/them',
          links: [
            { title: 'Site', url: 'https://site.example/', rel: 'me' },
            { title: 'No address' },
          ],
        },
        presence: { data: { live: true, online: 3, mood: 'busy' } },
      });
      const bio = await client.bio(slug);
      expect(bio.name).to.equal('Test Person');
      expect((bio as Record<string, unknown>).pronouns).to.equal('they/them');
      // A link without a URL is dropped on its own; the card still reads.
      expect(bio.links).to.have.length(1);
      expect(bio.links![0]).to.deep.include({ url: 'https://site.example/', rel: 'me' });
      const presence = await client.presence(slug);
      expect(presence).to.deep.include({ live: true, online: 3, mood: 'busy' });
    });

    it('reads a body without the envelope too', async () => {
      await sandbox.fault({ path: '/bio', method: 'GET', status: 200, body: { name: 'Bare', extra: 1 } });
      const bio = await client.bio('demo');
      expect(bio).to.deep.include({ name: 'Bare', extra: 1 });
    });

    it('skips search-index entries missing id, title or url', async () => {
      const index = await client.searchIndex('hostile');
      expect(index.length).to.be.above(0);
      const titles = index.map((e) => e.title);
      expect(titles).not.to.include('Missing id');
      expect(index.map((e) => e.id)).not.to.include.members(['h_6', 'h_7', 'h_8']);
      for (const entry of index) {
        expect(entry.id).to.be.a('string').and.not.equal('');
        expect(entry.title).to.be.a('string');
        expect(entry.url).to.be.a('string');
      }
    });

    it('drops a badly typed optional field, and keeps its entry', async () => {
      const slug = `t-${randomName()}`;
      await sandbox.addTenant({
        slug,
        search_index: [
          { id: 'a', title: 'Tags as text', url: 'https://site.example/a', tags: 'css, layout', excerpt: 5, type: 'post' },
          { id: 'b', title: 'Tags with a number', url: 'https://site.example/b', tags: ['css', 3], published_at: false },
        ],
        bio: { name: 'Odd Fields', handle: 7, links: 'not a list', socials: [{ network: 9, url: 'https://social.example/@o' }] },
        presence: { data: { live: 'yes', online: 'twelve', updated_at: 5, mood: 'busy' } },
      });
      const index = await client.searchIndex(slug);
      expect(index.map((e) => e.id)).to.deep.equal(['a', 'b']);
      expect(index[0]).to.deep.include({ title: 'Tags as text', type: 'post', tags: undefined, excerpt: undefined });
      expect(index[1]).to.deep.include({ tags: undefined, published_at: undefined });
      const bio = await client.bio(slug);
      expect(bio).to.deep.include({ name: 'Odd Fields', handle: undefined, links: [] });
      expect(bio.socials).to.deep.equal([{ network: undefined, url: 'https://social.example/@o' }]);
      expect(await client.presence(slug)).to.deep.include({ live: undefined, online: undefined, updated_at: undefined, mood: 'busy' });
    });

    it('skips bad entries of a tenant\u2019s own index and keeps the rest', async () => {
      const slug = `t-${randomName()}`;
      await sandbox.addTenant({
        slug,
        search_index: [
          { id: 'a', title: 'Kept', url: 'https://site.example/a', score: 3 },
          { id: 7, title: 'Numeric id', url: 'https://site.example/7' },
          { title: 'No id', url: 'https://site.example/x' },
          { id: 'b', url: 'https://site.example/b' },
          { id: 'c', title: 'No url' },
          42,
        ],
      });
      const index = await client.searchIndex(slug);
      expect(index.map((e) => e.id)).to.deep.equal(['a', '7']);
      expect(index[0]).to.deep.include({ score: 3 });
    });
  });

  describe('errors, each from a real answer', () => {
    it('RateLimitedError from a 429, with retryAfter and resetAt', async () => {
      const loose = new HubClient({ baseUrl: sandbox.baseUrl, budget: unlimited });
      for (let n = 0; n < 5; n++) await loose.contact('demo', { email: `p${n}@example.com`, message: 'Hi' });
      const before = Date.now();
      const error = await failure(loose.contact('demo', { email: 'p5@example.com', message: 'Hi' }));
      expect(error).to.be.instanceOf(RateLimitedError);
      const limited = error as RateLimitedError;
      expect(limited.sent).to.equal(true);
      expect(limited.message).to.equal('Too Many Attempts.');
      // Retry-After and X-RateLimit-Reset are whole seconds, rounded up: at most 61 in all.
      expect(limited.retryAfter).to.be.within(1, 61);
      expect(limited.resetAt.getTime()).to.be.at.least(before);
      expect(limited.resetAt.getTime()).to.be.at.most(Date.now() + 61_000);
      const log = await sandbox.requests('/contact');
      // Sent once: a 429 is not retried.
      expect(log).to.have.length(6);
      expect(log.filter((r) => r.status === 429)).to.have.length(1);
      expect(log[5]!.status).to.equal(429);
    });

    it('a 429 waits Retry-After, whatever X-RateLimit-Reset says; the reset alone is read as Unix seconds', async () => {
      const reset = Math.ceil(Date.now() / 1000) + 40;
      await sandbox.fault({ path: '/presence', status: 429, headers: { 'Retry-After': '5', 'X-RateLimit-Reset': String(reset) } });
      const both = (await failure(client.presence('demo'))) as RateLimitedError;
      expect(both.retryAfter).to.be.within(4, 5);

      // X-RateLimit-Reset alone is read too, not taken for "no headers" (a minute).
      await sandbox.fault({ path: '/bio', status: 429, headers: { 'X-RateLimit-Reset': String(reset - 20) } });
      const alone = (await failure(client.bio('demo'))) as RateLimitedError;
      expect(alone.retryAfter).to.be.within(18, 21);
    });

    it('a 429 whose X-RateLimit-Reset is in milliseconds, or measured on a clock 2 h off, waits what it means', async () => {
      // The stand-in writes the reset from its clock, 2 h ahead of this one, and says so in Date.
      await sandbox.fault({ path: '/presence', status: 429, reset: 30, clockSkew: 7200 });
      const skewed = (await failure(client.presence('demo'))) as RateLimitedError;
      expect(skewed.retryAfter).to.be.within(29, 31);
      await sandbox.fault({ path: '/bio', status: 429, reset: 25, resetUnit: 'milliseconds' });
      const millis = (await failure(client.bio('demo'))) as RateLimitedError;
      expect(millis.retryAfter).to.be.within(24, 26);
    });

    it('a 429 that asks for a day waits the spec’s longest window, ten minutes', async () => {
      await sandbox.fault({ path: '/presence', status: 429, headers: { 'Retry-After': '86400' } });
      const capped = (await failure(client.presence('demo'))) as RateLimitedError;
      expect(capped.retryAfter).to.equal(600);
    });

    it('a 429 closes the group: the next call is refused before it is sent', async () => {
      await sandbox.fault({ path: '/presence', status: 429, headers: { 'Retry-After': '20' }, body: { message: 'Too Many Attempts.' } });
      const first = (await failure(client.presence('demo'))) as RateLimitedError;
      expect(first).to.be.instanceOf(RateLimitedError);
      expect(first.sent).to.equal(true);
      expect(first.retryAfter).to.be.within(19, 20);
      const second = (await failure(client.presence('demo'))) as RateLimitedError;
      expect(second).to.be.instanceOf(RateLimitedError);
      expect(second.sent).to.equal(false);
      expect(await sandbox.requests('/presence')).to.have.length(1);
    });

    it('ValidationError with field errors from a 422', async () => {
      const error = await failure(client.subscribe('demo', { email: 'not-an-email' }));
      expect(error).to.be.instanceOf(ValidationError);
      const invalid = error as ValidationError;
      expect(invalid.status).to.equal(422);
      expect(invalid.message).to.be.a('string').and.not.equal('');
      expect(invalid.fieldErrors.email).to.be.an('array').that.is.not.empty;
      expect((await sandbox.records()).subscribers).to.have.length(0);
    });

    it('NetworkError from a port where nothing listens, for a GET', async () => {
      const name = `client-closed-${randomName()}`;
      const url = await remoteStandIn(name, 'start');
      await remoteStandIn(name, 'stop');
      const budget = countingBudget(`${url}/nothing`);
      const offline = new HubClient({ baseUrl: url, backoffMs: 10, budget });
      const error = await failure(offline.bio('demo'));
      expect(error).to.be.instanceOf(NetworkError);
      // Network errors are retried: three attempts in all, each taking from the budget.
      expect(budget.takes).to.equal(3);
    });

    it('TimeoutError when no answer comes in time', async () => {
      await sandbox.fault({ path: '/presence', delayMs: 3000 });
      const slow = new HubClient({ baseUrl: sandbox.baseUrl, timeoutMs: 300, attempts: 1 });
      const error = await failure(slow.presence('demo'));
      expect(error).to.be.instanceOf(TimeoutError);
      expect((error as TimeoutError).timeoutMs).to.equal(300);
    });

    it('HttpError for an unknown tenant (404) and a server error (500), neither retried', async () => {
      const missing = await failure(client.bio('no-such-tenant'));
      expect(missing).to.be.instanceOf(HttpError);
      expect((missing as HttpError).status).to.equal(404);

      await sandbox.fault({ path: '/search-index', status: 500, times: 3 });
      const broken = await failure(client.searchIndex('demo'));
      expect(broken).to.be.instanceOf(HttpError);
      expect((broken as HttpError).status).to.equal(500);

      expect(await sandbox.requests('/bio')).to.have.length(1);
      expect(await sandbox.requests('/search-index')).to.have.length(1);
    });

    it('UnexpectedResponseError for a body that is not what the endpoint sends', async () => {
      await sandbox.fault({ path: '/bio', status: 200, body: '<html><body>Sign in to the Wi-Fi</body></html>', headers: { 'Content-Type': 'text/html' } });
      const portal = await failure(client.bio('demo'));
      expect(portal).to.be.instanceOf(UnexpectedResponseError);
      expect((portal as UnexpectedResponseError).status).to.equal(200);

      await sandbox.fault({ path: '/resolve/', status: 200, body: { data: { title: 'no type' } } });
      const shapeless = await failure(client.resolve('demo', 'old/welcome'));
      expect(shapeless).to.be.instanceOf(UnexpectedResponseError);
      expect((shapeless as UnexpectedResponseError).body).to.deep.equal({ data: { title: 'no type' } });
    });
  });

  describe('credentials', () => {
    it('neither stores nor sends cookies', async () => {
      const cookie = `hubkit_probe_${randomName()}`;
      const setCookie = { 'Set-Cookie': `${cookie}=1; Path=/; SameSite=Lax` };
      // The probe works: an ordinary same-origin fetch stores the cookie the answer sets.
      await sandbox.fault({ path: '/presence', status: 200, headers: setCookie, body: { data: {} } });
      await fetch(`${sandbox.baseUrl}/api/v1/tenants/demo/presence`);
      expect(document.cookie).to.include(cookie);
      document.cookie = `${cookie}=; Path=/; Max-Age=0`;
      expect(document.cookie).not.to.include(cookie);

      // The client's request is made without credentials, so the same answer sets nothing.
      await sandbox.fault({ path: '/presence', status: 200, headers: setCookie, body: { data: {} } });
      await client.presence('demo');
      expect(document.cookie).not.to.include(cookie);
    });

    it('works from another origin that allows any origin but no credentials or Authorization', async () => {
      // The stand-in answers `Access-Control-Allow-Origin: *` without Allow-Credentials, and
      // its preflight allows no Authorization header: a browser would block the call if the
      // client sent either. Reading Retry-After and ETag also needs the exposed headers.
      const url = await remoteStandIn(`client-cors-${randomName()}`, 'start');
      const remote = newSandbox();
      const base = `${url}/__sandbox/${remote.id}`;
      const cross = new HubClient({ baseUrl: base, backoffMs: 10 });
      expect(new URL(base).origin).not.to.equal(location.origin);
      const bio = await cross.get('bio', { tenant: 'demo' });
      expect(bio.status).to.equal('modified');
      if (bio.status === 'modified') expect(bio.validators.etag).to.be.a('string');
      await cross.subscribe('demo', { email: 'cors@example.com' });
      const log = (await (await fetch(`${base}/__stand-in/log`)).json()) as { requests: Array<{ method: string; path: string; status: number }> };
      const posted = log.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/subscribe'));
      expect(posted).to.have.length(1);
      expect(posted[0]!.status).to.be.within(200, 299);
    });
  });

  describe('the base URL', () => {
    it('must be https, but for this machine: localhost, 127.x.x.x and [::1]', () => {
      for (const bad of ['http://example.com', 'http://192.168.1.10:8080', 'ftp://example.com', 'javascript:alert(1)', 'https://[bad', '']) {
        expect(() => new HubClient({ baseUrl: bad }), bad).to.throw(ConfigError);
      }
      expect(() => new HubClient({ baseUrl: 'http://example.com' })).to.throw(/https/);
      // Named as written: a javascript: URL has the origin "null", which would tell nobody anything.
      expect(() => new HubClient({ baseUrl: 'javascript:alert(1)' })).to.throw(/"javascript:alert\(1\)"/);
      expect(() => new HubClient({ baseUrl: 'https://user:pw@example.com' })).to.throw(ConfigError);
      expect(new HubClient({ baseUrl: 'http://localhost:8787/' }).baseUrl).to.equal('http://localhost:8787');
      expect(new HubClient({ baseUrl: 'http://127.0.0.1:8787' }).baseUrl).to.equal('http://127.0.0.1:8787');
      // All of 127.0.0.0/8 is this machine, as hub-kit/server has it: one rule (src/api/base-url.ts).
      expect(new HubClient({ baseUrl: 'http://127.0.0.2:8787' }).baseUrl).to.equal('http://127.0.0.2:8787');
      expect(new HubClient({ baseUrl: 'https://example.com/hub/?x=1#y' }).baseUrl).to.equal('https://example.com/hub');
      // A relative base URL is read against the page, as a form's action would be.
      expect(new HubClient({ baseUrl: '/svc' }).baseUrl).to.equal(`${location.origin}/svc`);
    });
  });

  describe('retries', () => {
    it('retry 502, 503 and 504 and succeed on the third attempt', async () => {
      await sandbox.fault({ path: '/bio', status: 502 });
      await sandbox.fault({ path: '/bio', status: 503 });
      const bio = await client.bio('demo');
      expect(bio.name).to.be.a('string');
      expect((await sandbox.requests('/bio')).map((r) => r.status)).to.deep.equal([502, 503, 200]);

      await sandbox.fault({ path: '/presence', status: 504 });
      await client.presence('demo');
      expect((await sandbox.requests('/presence')).map((r) => r.status)).to.deep.equal([504, 200]);
    });

    it('stop after 3 attempts in all by default', async () => {
      await sandbox.fault({ path: '/search-index', status: 503, times: 10 });
      const error = await failure(client.searchIndex('demo'));
      expect(error).to.be.instanceOf(HttpError);
      expect((error as HttpError).status).to.equal(503);
      expect(await sandbox.requests('/search-index')).to.have.length(3);
    });

    it('honour Retry-After', async () => {
      await sandbox.fault({ path: '/bio', status: 503, headers: { 'Retry-After': '1' } });
      await client.bio('demo');
      const [first, second] = await sandbox.requests('/bio');
      // The backoff here is 10 ms; only Retry-After explains a second's wait.
      expect(Date.parse(String(second!.at)) - Date.parse(String(first!.at))).to.be.at.least(1000);
    });

    it('give up at once when Retry-After asks for longer than the client will wait', async () => {
      await sandbox.fault({ path: '/bio', status: 503, headers: { 'Retry-After': '120' }, times: 3 });
      const error = await failure(client.bio('demo'));
      expect((error as HttpError).status).to.equal(503);
      expect(await sandbox.requests('/bio')).to.have.length(1);
    });

    it('retry a timeout', async () => {
      const budget = countingBudget(sandbox.baseUrl);
      // The first answer comes after the timeout; the second at once, which on a loaded
      // machine may still take a second or two.
      const patient = new HubClient({ baseUrl: sandbox.baseUrl, timeoutMs: 3000, backoffMs: 10, budget });
      await sandbox.fault({ path: '/presence', delayMs: 10_000 });
      await patient.presence('demo');
      expect(budget.takes).to.equal(2);
    });

    it('never retry 4xx or 429', async () => {
      await sandbox.fault({ path: '/contact', status: 429, headers: { 'Retry-After': '1' } });
      expect(await failure(client.contact('demo', { email: 'a@example.com', message: 'Hi' }))).to.be.instanceOf(
        RateLimitedError,
      );
      expect(await failure(client.subscribe('demo', { email: 'nope' }))).to.be.instanceOf(ValidationError);
      await sandbox.fault({ path: '/presence', status: 400 });
      expect(await failure(client.presence('demo'))).to.be.instanceOf(HttpError);
      expect(await failure(client.resolve('demo', 'no/such/page'))).to.be.instanceOf(HttpError);
      expect(await sandbox.requests('/contact')).to.have.length(1);
      expect(await sandbox.requests('/subscribe')).to.have.length(1);
      expect(await sandbox.requests('/presence')).to.have.length(1);
      expect(await sandbox.requests('/resolve/')).to.have.length(1);
    });
  });

  describe('path segments', () => {
    it('are encoded one by one, and ".", ".." or empty ids are refused before anything is sent', async () => {
      for (const call of [
        () => client.subscribe('..', { email: 'a@example.com' }),
        () => client.subscribe('.', { email: 'a@example.com' }),
        () => client.formSignup('..', { email: 'a@example.com' }),
        () => client.magicLink('demo', '..', { email: 'a@example.com' }),
        () => client.contact('..', { email: 'a@example.com', message: 'Hi' }),
        () => client.bio('..'),
        () => client.resolve('demo', 'posts/../../bio'),
        () => client.searchIndex('.'),
      ]) {
        const error = await failure(call());
        expect(error, String(call)).to.be.instanceOf(ConfigError);
        expect(error.message).to.match(/not a valid identifier/);
      }
      // Slashes and the like inside an id stay inside its segment.
      expect((await failure(client.bio('a/../b'))) as HttpError).to.have.property('status', 404);
      const [asked] = await sandbox.requests('/bio');
      expect(asked!.path).to.contain('/tenants/a%2F..%2Fb/bio');
      expect(await sandbox.requests('/api/')).to.have.length(1);
    });
  });

  describe('against a messy service', () => {
    for (const status of [301, 302, 307, 308]) {
      it(`never follows a ${status} on a POST: the body goes nowhere, and the caller gets a RedirectError`, async () => {
        // The redirect points at another origin, over plain http, where the POST would be
        // stored if it arrived.
        const other = await remoteStandIn(`redirect-${status}-${randomName()}`, 'start');
        const elsewhere = `${other}/__sandbox/${newSandbox().id}`;
        await sandbox.fault({
          path: '/subscribe',
          method: 'POST',
          status,
          headers: { Location: `${elsewhere}/api/v1/tenants/demo/subscribe` },
          body: '',
        });
        const error = await failure(client.subscribe('demo', { email: `moved-${status}@example.com` }));
        expect(error).to.be.instanceOf(RedirectError);
        expect(error).to.be.instanceOf(HttpError);
        const log = (await (await fetch(`${elsewhere}/__stand-in/log`)).json()) as { requests: unknown[] };
        expect(log.requests).to.deep.equal([]);
        // Not sent again either.
        expect(await sandbox.requests('/subscribe')).to.have.length(1);
      });
    }

    it('takes any 2xx as success, whatever its body: an HTML page, cut-off JSON, nothing', async () => {
      for (const body of ['<!doctype html><p>Thanks!</p>', '{"message": "Check your in', '']) {
        await sandbox.fault({ path: '/contact', method: 'POST', status: 200, body, headers: { 'Content-Type': 'text/html' } });
        const answer = await client.contact('demo', { email: 'odd@example.com', message: 'Hello' });
        expect(answer.message).to.equal(undefined);
      }
      expect(await sandbox.requests('/contact')).to.have.length(3);
    });

    it('sends a contact message whose answer never comes once, and says it is unconfirmed', async () => {
      const budget = countingBudget(sandbox.baseUrl);
      const slow = new HubClient({ baseUrl: sandbox.baseUrl, timeoutMs: 300, backoffMs: 10, budget });
      // The service takes its time, then stores the message: the client gave up before.
      await sandbox.fault({ path: '/contact', method: 'POST', delayMs: 1500, times: 5 });
      const error = await failure(slow.contact('demo', { email: 'hang@example.com', message: 'Are you there?' }));
      expect(error).to.be.instanceOf(UnconfirmedError);
      expect((error as UnconfirmedError).cause).to.be.instanceOf(TimeoutError);
      await settle(async () => (await sandbox.records()).contacts.length === 1, 'the stored message', 2000);
      expect(await sandbox.requests('/contact')).to.have.length(1);
      expect(budget.takes).to.equal(1);
    });

    it('sends a signup whose answer never comes at most twice (the service upserts)', async () => {
      const slow = new HubClient({ baseUrl: sandbox.baseUrl, timeoutMs: 300, backoffMs: 10 });
      await sandbox.fault({ path: '/subscribe', method: 'POST', delayMs: 1500, times: 5 });
      const error = await failure(slow.subscribe('demo', { email: 'hang@example.com' }));
      expect(error).to.be.instanceOf(UnconfirmedError);
      await settle(async () => (await sandbox.requests('/subscribe')).length === 2, 'two attempts', 2000);
      expect(await sandbox.requests('/subscribe')).to.have.length(2);
      expect((await sandbox.records()).subscribers.filter((r) => r.email === 'hang@example.com')).to.have.length(1);
    });

    it('treats a refused connection on a POST as unconfirmed, not offline, and sends a contact message once', async () => {
      const name = `client-refused-${randomName()}`;
      const url = await remoteStandIn(name, 'start');
      await remoteStandIn(name, 'stop');
      const budget = countingBudget(`${url}/refused`);
      const refused = new HubClient({ baseUrl: url, backoffMs: 10, budget });
      const error = await failure(refused.contact('demo', { email: 'a@example.com', message: 'Hi' }));
      expect(error).to.be.instanceOf(UnconfirmedError);
      expect(error).not.to.be.instanceOf(NetworkError);
      expect((error as UnconfirmedError).cause).to.be.instanceOf(NetworkError);
      expect(budget.takes).to.equal(1);
      expect(await failure(refused.subscribe('demo', { email: 'a@example.com' }))).to.be.instanceOf(UnconfirmedError);
      expect(budget.takes).to.equal(3);
    });

    it('a connection dropped after the service read the request: the client sends a contact message once', async () => {
      const budget = countingBudget(sandbox.baseUrl);
      const counted = new HubClient({ baseUrl: sandbox.baseUrl, backoffMs: 10, budget });
      await sandbox.fault({ path: '/contact', method: 'POST', store: true, drop: true, times: 2 });
      const error = await failure(counted.contact('demo', { email: 'cut@example.com', message: 'Cut off' }));
      expect(error).to.be.instanceOf(UnconfirmedError);
      expect((error as UnconfirmedError).cause).to.be.instanceOf(NetworkError);
      // One attempt by the client; a second request in the log would be the browser's own
      // retry of a reused connection, which a script neither sees nor starts.
      expect(budget.takes).to.equal(1);
    });

    it('sends a magic link whose answer cannot be read once (it would email the guide twice)', async () => {
      const budget = countingBudget(sandbox.baseUrl);
      const counted = new HubClient({ baseUrl: sandbox.baseUrl, backoffMs: 10, budget });
      for (const rule of [{ status: 502 }, { status: 201, cors: false }] as const) {
        await sandbox.fault({ path: '/magic-links/demo-guide', method: 'POST', store: true, times: 2, ...rule });
        const error = await failure(counted.magicLink('demo', 'demo-guide', { email: 'guide@example.com' }));
        expect(error).to.be.instanceOf(UnconfirmedError);
      }
      expect(budget.takes).to.equal(2);
      await settle(async () => (await sandbox.requests('/magic-links/')).length === 2, 'both answers logged', 2000);
      expect(await sandbox.requests('/magic-links/')).to.have.length(2);
    });

    it('reads a 409 of a signup as "already subscribed", a success; of a contact message, as an HttpError', async () => {
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 409, body: { message: 'You are already subscribed.' } });
      const already = await client.subscribe('demo', { email: 'again@example.com' });
      expect(already).to.deep.include({ message: 'You are already subscribed.', already: true });
      await sandbox.fault({ path: '/api/subscribe/demo-form', method: 'POST', status: 409 });
      expect(await client.formSignup('demo-form', { email: 'again@example.com' })).to.deep.include({ already: true });
      await sandbox.fault({ path: '/contact', method: 'POST', status: 409, body: { message: 'Received already.' } });
      const conflict = await failure(client.contact('demo', { email: 'again@example.com', message: 'Hi' }));
      expect(conflict).to.be.instanceOf(HttpError);
      expect((conflict as HttpError).status).to.equal(409);
      // Sent once each.
      expect(await sandbox.requests('/api/', 'POST')).to.have.length(3);
    });

    it('sends a contact message again after a 503 (nothing taken) but not after a 502 or 504 (perhaps taken)', async () => {
      await sandbox.fault({ path: '/contact', method: 'POST', status: 503 });
      await client.contact('demo', { email: 'a@example.com', message: 'One' });
      expect((await sandbox.requests('/contact')).map((r) => r.status)).to.deep.equal([503, 201]);
      for (const status of [502, 504]) {
        await sandbox.fault({ path: '/contact', method: 'POST', status });
        expect(await failure(client.contact('demo', { email: 'a@example.com', message: String(status) }))).to.be.instanceOf(
          UnconfirmedError,
        );
      }
      expect((await sandbox.requests('/contact')).map((r) => r.status)).to.deep.equal([503, 201, 502, 504]);
    });

    it('sends nothing while the browser is offline', async () => {
      const budget = countingBudget(sandbox.baseUrl);
      const offline = new HubClient({ baseUrl: sandbox.baseUrl, budget });
      setOffline(true);
      try {
        expect(await failure(offline.subscribe('demo', { email: 'a@example.com' }))).to.be.instanceOf(OfflineError);
        expect(await failure(offline.bio('demo'))).to.be.instanceOf(OfflineError);
      } finally {
        setOffline(false);
      }
      expect(budget.takes).to.equal(0);
      expect(await sandbox.requests('/api/')).to.have.length(0);
    });
  });
});
