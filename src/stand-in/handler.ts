/**
 * The stand-in service: the eight public endpoints of the service's spec and its three
 * authenticated ones, their limits, the spam trap, API keys and the error shapes, as one
 * web-standard fetch handler (Request -> Response).
 * It keeps everything in memory and needs nothing but the platform, so Node, Vite's dev
 * server, the test runner and any runtime with `fetch` types can host it.
 *
 * Paths it answers, relative to an instance's root (see docs/stand-in.md):
 * - `/api/...`: the public endpoints, limited exactly as the spec's Limits table says, and the
 *   authenticated ones (subscribers, bulk upsert, posts), 60 requests a minute per key.
 * - `/__stand-in/...`: control endpoints for tests (records, log, clock, faults, tenants,
 *   keys, posts, reset) and the seeded avatars. They never count against a limit.
 * - `/__sandbox/<id>/...`: the same, in an isolated instance with its own state and clock.
 *
 * This file routes a request to its instance and endpoint group; the groups live beside it:
 * public.ts (the spec's public endpoints), authenticated.ts (API keys), control.ts
 * (`/__stand-in/`), faults.ts, with state.ts (an instance), workspace.ts and keys.ts,
 * request.ts (reading a request), responses.ts (answers and CORS), validate.ts and payloads.ts
 * shared between them.
 */
import { control } from './control.js';
import { API_ROOT, AUTHENTICATED_PATHS, isPath } from '../api/endpoints.js';
import { authenticatedApi, matchAuthenticated } from './authenticated.js';
import { applyFault, takeFault } from './faults.js';
import { emailOf } from './request.js';
import { NOT_FOUND, PREFLIGHT, json, withCors } from './responses.js';
import { publicApi } from './public.js';
import seedJson from './seed-data.json' with { type: 'json' };
import workspacesJson from './seed-workspaces.json' with { type: 'json' };
import { Instance, type Answer, type Context } from './state.js';
import { iso } from './time.js';
import type { SeedData, SubscriberData } from './types.js';

export type { FaultRule, FormData, PathData, PresenceData, ResourceData, SeedData, TenantData } from './types.js';
export type { ContactRecord, LoggedRequest, MagicLinkRecord, Outcome, Records, SubscriberRecord } from './state.js';

export interface StandInOptions {
  /** Milliseconds since the epoch; each instance adds its own offset (POST /__stand-in/clock). */
  now?: () => number;
  /**
   * Read the visitor from `X-Forwarded-For`, behind proxies you run. `true` trusts one proxy:
   * the rightmost entry, the one that proxy wrote, is the visitor. A number N trusts N proxies
   * in a row: the Nth entry from the right. Entries further left were written by the visitor
   * and are never believed. Default: the socket address is the visitor.
   */
  trustProxy?: boolean | number;
  /**
   * Who reaches the control endpoints (`/__stand-in/…` but the avatars): `'loopback'` (the
   * default) answers callers on this machine only; `'off'` answers 404 to everyone.
   */
  control?: 'loopback' | 'off';
  /** Tenants to start from instead of the committed seed. */
  seed?: SeedData;
  /**
   * The path of the authenticated posts list, which the spec does not give. Default
   * `/api/v1/posts`; it must start with `/api/`.
   */
  postsPath?: string;
}

/** What the host knows about the connection, as Deno.serve passes it. */
export interface ConnectionInfo {
  /** The peer of the connection: the socket's address, never one read from a header. */
  remoteAddress?: string;
  /** A host adapter's own trustProxy setting (toNodeHandler's); wins over the handler's. */
  trustProxy?: boolean | number;
}

export interface StandIn {
  /**
   * Answers one request. `info` says who is calling; a call without it comes from this
   * process (a test calling the handler directly), and may use the control endpoints.
   */
  fetch(request: Request, info?: ConnectionInfo): Promise<Response>;
  /** Back to the seed: every instance, sandboxes included, is dropped. */
  reset(): void;
}

/** The committed tenants, with the subscribers of their workspaces (a file of its own, generated alike). */
const DEFAULT_SEED: SeedData = {
  tenants: (seedJson as unknown as SeedData).tenants.map((tenant) => {
    const subscribers = (workspacesJson as { subscribers: Record<string, SubscriberData[]> }).subscribers[tenant.slug];
    return subscribers ? { ...tenant, subscribers } : tenant;
  }),
};
const MAX_SANDBOXES = 500;
const SANDBOX = /^\/__sandbox\/([A-Za-z0-9_-]{1,64})(\/.*)?$/;

/** How many proxies to trust: `true` is one; anything but a whole number of 1 or more is none. */
export function proxyHops(trustProxy: boolean | number | undefined): number {
  if (trustProxy === true) return 1;
  return typeof trustProxy === 'number' && Number.isInteger(trustProxy) && trustProxy > 0 ? trustProxy : 0;
}

/**
 * The addresses a request came through, nearest first: the socket, then each trusted
 * proxy's record of who called it. The last one is the visitor. With N proxies trusted it
 * takes at most N entries from the right of `X-Forwarded-For`, as each proxy appends the
 * address it saw; a visitor can write anything further left.
 */
function hopsOf(request: Request, info: ConnectionInfo | undefined, hops: number): string[] {
  const chain = [info?.remoteAddress || 'unknown'];
  if (hops > 0) {
    // Several X-Forwarded-For lines arrive joined with ", ", in order.
    const forwarded = (request.headers.get('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    chain.push(...forwarded.reverse().slice(0, hops));
  }
  return chain;
}

/** Where the stand-in can serve the posts list: a path under /api/, with no query, fragment, space or trailing slash. */
export function isPostsPath(path: string): boolean {
  return path.startsWith(API_ROOT) && isPath(path) && !path.endsWith('/');
}

function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === '::1' || /^(?:::ffff:)?127(?:\.\d{1,3}){3}$/.test(bare);
}

export function createStandIn(options: StandInOptions = {}): StandIn {
  const now = options.now ?? Date.now;
  const seed = options.seed ?? DEFAULT_SEED;
  const hops = proxyHops(options.trustProxy);
  const controlAccess = options.control ?? 'loopback';
  const postsPath = options.postsPath ?? AUTHENTICATED_PATHS.posts;
  if (!isPostsPath(postsPath)) throw new TypeError(`postsPath must be a path under ${API_ROOT}, not "${postsPath}".`);
  let root = new Instance(now, seed);
  // Oldest first; a sandbox in use moves to the end, so the least recently used goes first.
  const sandboxes = new Map<string, Instance>();

  function sandbox(id: string): Instance {
    let instance = sandboxes.get(id);
    if (instance) sandboxes.delete(id);
    else instance = new Instance(now, seed);
    sandboxes.set(id, instance);
    while (sandboxes.size > MAX_SANDBOXES) sandboxes.delete(sandboxes.keys().next().value!);
    return instance;
  }

  async function handle(
    request: Request,
    info: ConnectionInfo | undefined,
    using: (instance: Instance) => void,
  ): Promise<{ response: Response; without?: string[] }> {
    const url = new URL(request.url);
    let path = url.pathname;
    let instance = root;
    let prefix = '';
    if (path.startsWith('/__sandbox/')) {
      const m = SANDBOX.exec(path);
      if (!m) return { response: json(404, { message: NOT_FOUND }) };
      instance = sandbox(m[1]!);
      prefix = `/__sandbox/${m[1]}`;
      path = m[2] ?? '/';
    }
    const chain = hopsOf(request, info, info?.trustProxy === undefined ? hops : proxyHops(info.trustProxy));
    using(instance);
    const ctx: Context = {
      request,
      instance,
      path,
      method: request.method.toUpperCase(),
      origin: url.origin,
      prefix,
      visitor: chain.at(-1)!,
      postsPath,
    };

    if (path === '/__stand-in' || path.startsWith('/__stand-in/')) {
      if (ctx.method === 'OPTIONS') return { response: new Response(null, { status: 204, headers: PREFLIGHT }) };
      // The seeded avatars are page content, served to any visitor like the payloads naming them.
      if (!path.startsWith('/__stand-in/avatars/')) {
        if (controlAccess === 'off') return { response: json(404, { message: NOT_FOUND }) };
        // Every address the request came through must be this machine, the visitor included:
        // behind a trusted proxy, a forwarded visitor from elsewhere is refused.
        if (info !== undefined && !chain.every(isLoopback)) {
          return { response: json(403, { message: 'The stand-in answers control requests from this machine only.' }) };
        }
      }
      return { response: await control(ctx) };
    }
    if (!path.startsWith(API_ROOT)) return { response: json(404, { message: NOT_FOUND }) };

    // Read apart from the endpoint, so the log names the submission whatever answered it.
    const email = ctx.method === 'POST' ? await emailOf(request.clone()) : undefined;
    const arrival = { method: ctx.method, path: path + url.search, arrived: iso(instance.now()), ...(email ? { email } : {}) };
    const { arrived } = arrival;
    // Arrived and not answered yet: a held or delayed request, counted where it arrived.
    instance.inFlight.add(arrival);
    let answer: Answer;
    try {
      answer = await api(ctx);
    } finally {
      instance.inFlight.delete(arrival);
    }
    const { response, outcome, without, trap } = answer;
    instance.record({
      method: ctx.method,
      path: path + url.search,
      status: response.status,
      outcome,
      visitor: ctx.visitor,
      at: iso(instance.now()),
      arrived,
      ...(trap ? { trap } : {}),
      ...(email ? { email } : {}),
    });
    return { response, ...(without ? { without } : {}) };
  }

  return {
    async fetch(request, info) {
      let answer: { response: Response; without?: string[] };
      let clock: Instance = root;
      try {
        answer = await handle(request, info, (instance) => (clock = instance));
      } catch (error) {
        console.error('hub-kit stand-in:', error);
        answer = { response: json(500, { message: 'Server Error' }) };
      }
      const { response } = answer;
      // A network error (a dropped connection) has no headers to add to.
      if (response.type === 'error') return response;
      // The instance's own clock, moved by POST /__stand-in/clock, unless a fault set its own.
      if (!response.headers.has('Date')) response.headers.set('Date', new Date(clock.now()).toUTCString());
      return withCors(response, answer.without);
    },
    reset() {
      root = new Instance(now, seed);
      sandboxes.clear();
    },
  };
}

async function api(ctx: Context): Promise<Answer> {
  // Faults stand for what sits in front of the service (a proxy, the network), so they come
  // before routing and limits, and a faulted request counts against nothing unless it says `store`.
  const fault = takeFault(ctx.instance.faults, ctx.method, ctx.path + new URL(ctx.request.url).search);
  const authenticated = matchAuthenticated(ctx.path, ctx.postsPath);
  const service = () => (authenticated ? authenticatedApi(ctx, authenticated) : publicApi(ctx));
  if (fault) return applyFault(fault, ctx, service);
  return service();
}
