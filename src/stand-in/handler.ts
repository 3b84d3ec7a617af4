/**
 * The stand-in service: the eight public endpoints of the service's spec, its limits, its
 * spam trap and its error shapes, as one web-standard fetch handler (Request -> Response).
 * It keeps everything in memory and needs nothing but the platform, so Node, Vite's dev
 * server, the test runner and any runtime with `fetch` types can host it.
 *
 * Paths it answers, relative to an instance's root (see docs/stand-in.md):
 * - `/api/...`: the public endpoints, limited exactly as the spec's Limits table says.
 * - `/__stand-in/...`: control endpoints for tests (records, log, clock, faults, tenants,
 *   reset) and the seeded avatars. They never count against a limit.
 * - `/__sandbox/<id>/...`: the same, in an isolated instance with its own state and clock.
 *
 * This file routes a request to its instance and endpoint group; the groups live beside it:
 * public.ts (the spec's public endpoints), control.ts (`/__stand-in/`), faults.ts, with
 * state.ts (an instance), http.ts, validate.ts and payloads.ts shared between them.
 */
import { control } from './control.js';
import { faultResponse, takeFault } from './faults.js';
import { NOT_FOUND, iso, json, PREFLIGHT, sleep, withCors } from './http.js';
import { publicApi } from './public.js';
import seedJson from './seed-data.json' with { type: 'json' };
import { Instance, type Answer, type Context } from './state.js';
import type { SeedData } from './types.js';

export type { FormData, PathData, PresenceData, ResourceData, SeedData, TenantData } from './types.js';
export type { ContactRecord, LoggedRequest, MagicLinkRecord, Outcome, Records, SubscriberRecord } from './state.js';
export type { FaultRule } from './faults.js';

export interface StandInOptions {
  /** Milliseconds since the epoch; each instance adds its own offset (POST /__stand-in/clock). */
  now?: () => number;
  /** Take the visitor from the first X-Forwarded-For entry instead of the socket address. */
  trustProxy?: boolean;
  /** Tenants to start from instead of the committed seed. */
  seed?: SeedData;
}

/** What the host knows about the connection, as Deno.serve passes it. */
export interface ConnectionInfo {
  remoteAddress?: string;
}

export interface StandIn {
  fetch(request: Request, info?: ConnectionInfo): Promise<Response>;
  /** Back to the seed: every instance, sandboxes included, is dropped. */
  reset(): void;
}

const DEFAULT_SEED = seedJson as unknown as SeedData;
const MAX_SANDBOXES = 500;
const SANDBOX = /^\/__sandbox\/([A-Za-z0-9_-]{1,64})(\/.*)?$/;

function visitorOf(request: Request, info: ConnectionInfo | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const first = request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim();
    if (first) return first;
  }
  return info?.remoteAddress || 'unknown';
}

export function createStandIn(options: StandInOptions = {}): StandIn {
  const now = options.now ?? Date.now;
  const seed = options.seed ?? DEFAULT_SEED;
  const trustProxy = options.trustProxy ?? false;
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

  async function handle(request: Request, info?: ConnectionInfo): Promise<Response> {
    const url = new URL(request.url);
    let path = url.pathname;
    let instance = root;
    let prefix = '';
    if (path.startsWith('/__sandbox/')) {
      const m = SANDBOX.exec(path);
      if (!m) return json(404, { message: NOT_FOUND });
      instance = sandbox(m[1]!);
      prefix = `/__sandbox/${m[1]}`;
      path = m[2] ?? '/';
    }
    const ctx: Context = {
      request,
      instance,
      path,
      method: request.method.toUpperCase(),
      origin: url.origin,
      prefix,
      visitor: visitorOf(request, info, trustProxy),
    };

    if (path === '/__stand-in' || path.startsWith('/__stand-in/')) {
      if (ctx.method === 'OPTIONS') return new Response(null, { status: 204, headers: PREFLIGHT });
      return control(ctx);
    }
    if (!path.startsWith('/api/')) return json(404, { message: NOT_FOUND });

    const { response, outcome } = await api(ctx);
    instance.record({
      method: ctx.method,
      path: path + url.search,
      status: response.status,
      outcome,
      visitor: ctx.visitor,
      at: iso(instance.now()),
    });
    return response;
  }

  return {
    async fetch(request, info) {
      let response: Response;
      try {
        response = await handle(request, info);
      } catch (error) {
        console.error('hub-kit stand-in:', error);
        response = json(500, { message: 'Server Error' });
      }
      return withCors(response);
    },
    reset() {
      root = new Instance(now, seed);
      sandboxes.clear();
    },
  };
}

async function api(ctx: Context): Promise<Answer> {
  const { instance, method, request } = ctx;

  // Faults stand for what sits in front of the service (a proxy, the network), so they come
  // before routing and limits, and a faulted request counts against nothing.
  const fault = takeFault(instance.faults, method, ctx.path + new URL(request.url).search);
  if (fault) {
    if (fault.delayMs) await sleep(fault.delayMs, request.signal);
    if (fault.status) return { response: faultResponse(fault), outcome: 'fault' };
  }
  return publicApi(ctx);
}
