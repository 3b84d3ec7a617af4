/**
 * An isolated stand-in service for one test: its own state, rate limits and clock, so
 * tests running in parallel (and in three browsers at once) never spend each other's
 * allowances. Every helper talks to the real stand-in over HTTP; nothing is mocked.
 *
 *   const sandbox = newSandbox();
 *   const client = new HubClient({ baseUrl: sandbox.baseUrl });
 *   await sandbox.fault({ path: '/bio', status: 503, times: 2 });
 *   expect((await sandbox.log()).filter((r) => r.status === 429)).to.have.length(0);
 */

export interface StandInRecord {
  tenant: string;
  email: string;
  form?: string;
  resource?: string;
  name?: string;
  message?: string;
  [extra: string]: unknown;
}

export interface StandInRecords {
  subscribers: StandInRecord[];
  contacts: StandInRecord[];
  magic_links: StandInRecord[];
}

export type { LoggedRequest, FaultRule as Fault } from '../../../src/stand-in/handler.js';
import type { LoggedRequest, FaultRule as Fault } from '../../../src/stand-in/handler.js';

export interface Sandbox {
  /** Base URL for a HubClient: `${origin}/__sandbox/<id>`. */
  readonly baseUrl: string;
  readonly id: string;
  records(): Promise<StandInRecords>;
  /** Every request this sandbox received, 429s and spam included, oldest first. */
  log(): Promise<LoggedRequest[]>;
  /** Requests whose path contains `pathPart` (and, if given, with that method). */
  requests(pathPart: string, method?: string): Promise<LoggedRequest[]>;
  /**
   * How many requests whose path contains `pathPart` (and, if given, with that method)
   * reached the service, answered or still held: counted where they arrive, after a marker
   * request sent now has been answered, so that whatever the page sent before this moment is in.
   */
  arrived(pathPart: string, method?: string): Promise<number>;
  /** Moves the sandbox's clock forward, so its rate windows can close without waiting. */
  advanceClock(seconds: number): Promise<void>;
  fault(fault: Fault): Promise<void>;
  addTenant(tenant: Record<string, unknown>): Promise<void>;
  reset(): Promise<void>;
}

/**
 * The service's one 429 for the next request to `path` (a POST, unless `method` says
 * otherwise): "Too Many Attempts." with Retry-After `seconds`, and any other header given.
 */
export function tooManyAttempts(path: string, seconds: number, { method = 'POST', headers = {} as Record<string, string> } = {}): Fault {
  return {
    path,
    method,
    status: 429,
    times: 1,
    headers: { 'Retry-After': String(seconds), ...headers },
    body: { message: 'Too Many Attempts.' },
  };
}

function randomId(): string {
  // randomUUID needs a secure context; loopback is one, but do not depend on it.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function control<T>(url: string, init?: { method: 'POST'; body: unknown }): Promise<T> {
  const response = await fetch(url, {
    method: init?.method ?? 'GET',
    headers: init ? { 'Content-Type': 'application/json' } : undefined,
    body: init ? JSON.stringify(init.body) : undefined,
    cache: 'no-store',
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`stand-in control ${init?.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Requests of a stand-in instance at `base` whose path contains `pathPart` (and, if given,
 * with that method), answered or still in flight: counted where they arrive. A marker GET
 * goes first and is answered before the count is read: a request the page sent before it
 * has arrived by then.
 */
export async function arrivedAt(base: string, pathPart: string, method?: string): Promise<number> {
  await fetch(`${base}/api/v1/tenants/demo/bio?marker=${randomId()}`, { cache: 'no-store' });
  const { requests, inFlight } = await control<{ requests: LoggedRequest[]; inFlight: LoggedRequest[] }>(`${base}/__stand-in/log`);
  const counted = (r: LoggedRequest) =>
    r.path.includes(pathPart) && !r.path.includes('/__stand-in/') && !r.path.includes('marker=') && (!method || r.method === method);
  return [...requests, ...inFlight].filter(counted).length;
}

/** A fresh sandbox under the page's origin; `id` may be fixed to share one between contexts. */
export function newSandbox(id: string = randomId()): Sandbox {
  const baseUrl = `${location.origin}/__sandbox/${id}`;
  const at = (path: string) => `${baseUrl}/__stand-in/${path}`;
  const log = async () => (await control<{ requests: LoggedRequest[] }>(at('log'))).requests;
  return {
    baseUrl,
    id,
    records: () => control<StandInRecords>(at('records')),
    log,
    async requests(pathPart, method) {
      return (await log()).filter(
        (r) => r.path.includes(pathPart) && !r.path.includes('/__stand-in/') && (!method || r.method === method),
      );
    },
    arrived: (pathPart, method) => arrivedAt(baseUrl, pathPart, method),
    async advanceClock(seconds) {
      await control(at('clock'), { method: 'POST', body: { advance: seconds } });
    },
    async fault(fault) {
      await control(at('faults'), { method: 'POST', body: fault });
    },
    async addTenant(tenant) {
      await control(at('tenants'), { method: 'POST', body: tenant });
    },
    async reset() {
      await control(at('reset'), { method: 'POST', body: {} });
    },
  };
}
