/**
 * What one stand-in instance holds (the root, or one sandbox): tenants, records, limits,
 * log, faults and its own clock offset; and the per-request context every endpoint group gets.
 */
import { seedKeys, type ApiKey } from './keys.js';
import { FixedWindowLimiter } from './limiter.js';
import type { ArmedFault, SeedData, TenantData } from './types.js';
import { Workspace } from './workspace.js';

/** `fault`: a fault answered in the service's place; `dropped`: a fault closed the connection. */
export type Outcome =
  | 'saved'
  | 'spam'
  | 'rate-limited'
  | 'invalid'
  | 'not-found'
  | 'ok'
  | 'not-modified'
  | 'fault'
  | 'dropped'
  | 'unauthenticated';

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  outcome: Outcome;
  visitor: string;
  /** When it was answered (a held or delayed request, later than it arrived). */
  at: string;
  /** When it arrived, before any fault held or delayed it: when the service's limits count it. */
  arrived: string;
  /**
   * For a submission: its spam-trap field `website` as received, `missing`, `empty` or
   * `filled`, so a test can see that a client sends the trap.
   */
  trap?: 'missing' | 'empty' | 'filled';
  /** For a POST whose body names one, the `email` as received: which submission this was. */
  email?: string;
}

export interface SubscriberRecord {
  tenant: string;
  email: string;
  /** The form identifier, when the signup came through the form action URL. */
  form?: string;
  name?: string;
  fields?: Record<string, string>;
  via: 'formSignup' | 'subscribe';
  at: string;
  updated_at: string;
}

export interface MagicLinkRecord {
  tenant: string;
  resource: string;
  email: string;
  name?: string;
  fields?: Record<string, string>;
  at: string;
  updated_at: string;
}

export interface ContactRecord {
  tenant: string;
  email: string;
  name?: string;
  message: string;
  at: string;
}

export interface Records {
  subscribers: SubscriberRecord[];
  contacts: ContactRecord[];
  magic_links: MagicLinkRecord[];
}

const MAX_LOG = 500;

export interface Tenant {
  data: TenantData;
  updatedAt: number;
  resources: Map<string, string | undefined>;
}

function toTenant(data: TenantData, now: number): Tenant {
  const parsed = data.updated_at ? Date.parse(data.updated_at) : NaN;
  const resources = new Map<string, string | undefined>();
  for (const r of data.resources ?? []) {
    if (typeof r === 'string') resources.set(r, undefined);
    else if (r && typeof r.id === 'string') resources.set(r.id, r.title);
  }
  return { data, updatedAt: Number.isNaN(parsed) ? now : parsed, resources };
}

function formIds(data: TenantData): string[] {
  return (data.forms ?? [])
    .map((f) => (typeof f === 'string' ? f : f?.id))
    .filter((id): id is string => typeof id === 'string');
}

export class Instance {
  offsetMs = 0;
  readonly limiter = new FixedWindowLimiter();
  tenants = new Map<string, Tenant>();
  /** Form identifiers are unique across tenants: the form action URL names no tenant. */
  forms = new Map<string, string>();
  records: Records = { subscribers: [], contacts: [], magic_links: [] };
  log: LoggedRequest[] = [];
  /** Requests that arrived and are not answered yet (a fault holds or delays them), as the log will name them. */
  inFlight = new Set<Pick<LoggedRequest, 'method' | 'path' | 'arrived' | 'email'>>();
  faults: ArmedFault[] = [];
  /** Requests a `hold` fault holds now, and what lets them go. */
  held = 0;
  holds = new AbortController();
  /** One workspace per tenant, by slug: what the authenticated API serves. */
  workspaces = new Map<string, Workspace>();
  keys = new Map<string, ApiKey>();

  constructor(
    private readonly baseNow: () => number,
    private readonly seed: SeedData,
  ) {
    this.reset();
  }

  now(): number {
    return this.baseNow() + this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
    this.limiter.clear();
    this.tenants = new Map();
    this.forms = new Map();
    this.records = { subscribers: [], contacts: [], magic_links: [] };
    this.log = [];
    this.faults = [];
    this.release();
    this.workspaces = new Map();
    this.keys = new Map();
    for (const tenant of this.seed.tenants) this.putTenant(structuredClone(tenant));
    const owner = this.tenants.has('demo') ? 'demo' : this.seed.tenants[0]?.slug;
    if (owner !== undefined) for (const key of seedKeys(owner, this.now())) this.keys.set(key.key, key);
  }

  putTenant(data: TenantData): void {
    const previous = this.tenants.get(data.slug);
    if (previous) for (const id of formIds(previous.data)) this.forms.delete(id);
    this.tenants.set(data.slug, toTenant(data, this.now()));
    for (const id of formIds(data)) this.forms.set(id, data.slug);
    this.workspaces.set(data.slug, new Workspace(data, this.now()));
  }

  /** Lets every held request go on; answers how many there were. */
  release(): number {
    const released = this.held;
    this.holds?.abort();
    this.holds = new AbortController();
    return released;
  }

  record(entry: LoggedRequest): void {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }
}

export interface Context {
  request: Request;
  instance: Instance;
  /** The request's path within its instance. */
  path: string;
  method: string;
  origin: string;
  /** `/__sandbox/<id>` or empty. */
  prefix: string;
  visitor: string;
  /** Where the authenticated posts list is (StandInOptions.postsPath). */
  postsPath: string;
}

export interface Answer {
  response: Response;
  outcome: Outcome;
  /** For a submission, what its spam trap held (LoggedRequest.trap). */
  trap?: LoggedRequest['trap'];
  /** Headers the stand-in would add that this answer must not carry (a fault's `null` headers). */
  without?: string[];
}
