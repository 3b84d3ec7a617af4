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
 */
import { ENDPOINTS, type Endpoint, type EndpointName } from '../api/endpoints.js';
import { EMAIL_LIMIT, GROUP_LIMITS, normalizeEmail } from '../limits/rules.js';
import { escapeHtml, page } from './html.js';
import { FixedWindowLimiter, type Counter } from './limiter.js';
import seedJson from './seed-data.json' with { type: 'json' };
import type { PathData, PresenceData, SeedData, TenantData } from './types.js';

export type { FormData, PathData, PresenceData, ResourceData, SeedData, TenantData } from './types.js';

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

export type Outcome = 'saved' | 'spam' | 'rate-limited' | 'invalid' | 'not-found' | 'ok' | 'not-modified' | 'fault';

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  outcome: Outcome;
  visitor: string;
  at: string;
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

export interface FaultRule {
  /** Substring of the request path (within the instance) that the fault applies to. */
  path: string;
  /** Only this method; any method but OPTIONS when missing, so preflights still pass. */
  method?: string;
  /** The answer's status. Without it the request is only delayed, then handled normally. */
  status?: number;
  /** How many matching requests get the fault. Default 1. */
  times?: number;
  delayMs?: number;
  headers?: Record<string, string>;
  /** Sent as is when a string, as JSON otherwise. */
  body?: unknown;
}

const DEFAULT_SEED = seedJson as unknown as SeedData;
const MAX_SANDBOXES = 500;
const MAX_LOG = 500;
const MAX_API_BODY = 256 * 1024;
const SANDBOX = /^\/__sandbox\/([A-Za-z0-9_-]{1,64})(\/.*)?$/;

const SUCCESS: Record<'signup' | 'magicLink' | 'contact', string> = {
  signup: 'Check your inbox to confirm.',
  magicLink: 'Check your inbox for the link.',
  contact: 'Thanks, your message was sent.',
};
const TOO_MANY = 'Too Many Attempts.';
const NOT_FOUND = 'Not found.';

// ---------------------------------------------------------------------------------------
// Tenants and instances

interface Tenant {
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

class Instance {
  offsetMs = 0;
  readonly limiter = new FixedWindowLimiter();
  tenants = new Map<string, Tenant>();
  /** Form identifiers are unique across tenants: the form action URL names no tenant. */
  forms = new Map<string, string>();
  records: Records = { subscribers: [], contacts: [], magic_links: [] };
  log: LoggedRequest[] = [];
  faults: Array<FaultRule & { times: number }> = [];

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
    for (const tenant of this.seed.tenants) this.putTenant(structuredClone(tenant));
  }

  putTenant(data: TenantData): void {
    const previous = this.tenants.get(data.slug);
    if (previous) for (const id of formIds(previous.data)) this.forms.delete(id);
    this.tenants.set(data.slug, toTenant(data, this.now()));
    for (const id of formIds(data)) this.forms.set(id, data.slug);
  }

  takeFault(method: string, path: string): (FaultRule & { times: number }) | undefined {
    const index = this.faults.findIndex(
      (f) => path.includes(f.path) && (f.method ? f.method.toUpperCase() === method : method !== 'OPTIONS'),
    );
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  record(entry: LoggedRequest): void {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }
}

// ---------------------------------------------------------------------------------------
// Small helpers

const iso = (ms: number) => new Date(ms).toISOString();

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

function html(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // The pages hold nothing active; say so, so a browser refuses anything injected.
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'",
      ...headers,
    },
  });
}

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, X-RateLimit-Reset, ETag, Last-Modified',
};

const PREFLIGHT: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, If-None-Match, If-Modified-Since',
  'Access-Control-Max-Age': '86400',
};

/** Every answer can be read cross-origin; a fault may override a header to test CORS failures. */
function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (!response.headers.has('X-Content-Type-Options')) response.headers.set('X-Content-Type-Options', 'nosniff');
  return response;
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = Array.from(new Uint8Array(digest).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/** FNV-1a: a cheap, stable number from a string, for the presence simulation. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function visitorOf(request: Request, info: ConnectionInfo | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const first = request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim();
    if (first) return first;
  }
  return info?.remoteAddress || 'unknown';
}

function wantsJson(request: Request): boolean {
  return /\bjson\b|\+json/i.test(request.headers.get('Accept') ?? '');
}

function httpUrl(value: string | null): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------
// Routing

interface Route {
  name: EndpointName;
  endpoint: Endpoint;
  tenant?: string;
  form?: string;
  resource?: string;
  path?: string;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function matchRoute(path: string): Route | undefined {
  const route = (name: EndpointName, extra: Omit<Route, 'name' | 'endpoint'>): Route => ({
    name,
    endpoint: ENDPOINTS[name] as Endpoint,
    ...extra,
  });
  let m = /^\/api\/subscribe\/([^/]+)$/.exec(path);
  if (m) {
    const form = decode(m[1]!);
    return form === undefined ? undefined : route('formSignup', { form });
  }
  m = /^\/api\/v1\/tenants\/([^/]+)\/(.+)$/.exec(path);
  if (!m) return undefined;
  const tenant = decode(m[1]!);
  const rest = m[2]!;
  if (tenant === undefined) return undefined;
  switch (rest) {
    case 'subscribe':
      return route('subscribe', { tenant });
    case 'contact':
      return route('contact', { tenant });
    case 'bio':
      return route('bio', { tenant });
    case 'search-index':
      return route('searchIndex', { tenant });
    case 'presence':
      return route('presence', { tenant });
  }
  m = /^magic-links\/([^/]+)$/.exec(rest);
  if (m) {
    const resource = decode(m[1]!);
    return resource === undefined ? undefined : route('magicLink', { tenant, resource });
  }
  m = /^resolve\/(.+)$/.exec(rest);
  if (m) {
    const parts = m[1]!.split('/').filter(Boolean).map(decode);
    if (!parts.length || parts.some((p) => p === undefined)) return undefined;
    return route('resolve', { tenant, path: parts.join('/') });
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Request bodies and validation

type Input = { kind: 'json' | 'form' | 'other'; values: Record<string, unknown> };

function formValues(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const [key, raw] of entries) {
    if (typeof raw !== 'string') continue;
    // PHP reads `fields[source]=footer` as a nested map; `fields[tags][]` as a list.
    const nested = /^fields\[([^\]]+)\](\[\])?$/.exec(key);
    if (nested) {
      const name = nested[1]!;
      fields[name] = nested[2] && fields[name] ? `${fields[name]}, ${raw}` : raw;
    } else {
      values[key] = raw;
    }
  }
  if (Object.keys(fields).length) values.fields = fields;
  return values;
}

async function readInput(request: Request): Promise<Input | 'too-large'> {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_API_BODY) return 'too-large';
  if (type.startsWith('multipart/form-data')) {
    try {
      return { kind: 'form', values: formValues((await request.formData()).entries()) };
    } catch {
      return { kind: 'form', values: {} };
    }
  }
  const text = await request.text();
  if (text.length > MAX_API_BODY) return 'too-large';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { kind: 'form', values: formValues(new URLSearchParams(text).entries()) };
  }
  if (type.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return { kind: 'json', values: parsed as Record<string, unknown> };
      }
    } catch {
      // A body that is not JSON is read as no input at all, as the PHP framework does.
    }
    return { kind: 'json', values: {} };
  }
  return { kind: 'other', values: {} };
}

// Plausible, not RFC-complete: one @, no spaces or angle brackets, a dotted domain.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?:[^\s@<>()[\]\\,;:".]+\.)+[^\s@<>()[\]\\,;:".\d][^\s@<>()[\]\\,;:".]*$/u;

type FieldErrors = Record<string, string[]>;

function checkString(
  errors: FieldErrors,
  values: Record<string, unknown>,
  field: string,
  { required = false, max, notString }: { required?: boolean; max: number; notString?: string },
): string | undefined {
  const value = values[field];
  const add = (message: string) => (errors[field] ??= []).push(message);
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) add(`The ${field} field is required.`);
    return undefined;
  }
  if (typeof value !== 'string') {
    add(notString ?? `The ${field} field must be a string.`);
    return undefined;
  }
  if (value.length > max) add(`The ${field} field must not be greater than ${max} characters.`);
  return value.trim();
}

function fieldsOf(errors: FieldErrors, value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.fields = ['The fields field must be an array.'];
    return undefined;
  }
  const fields: Record<string, string> = {};
  for (const [key, raw] of Object.entries(value).slice(0, 50)) {
    if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') {
      fields[key] = String(raw).slice(0, 1000);
    } else if (Array.isArray(raw)) {
      fields[key] = raw.filter((x) => typeof x === 'string').join(', ').slice(0, 1000);
    }
  }
  return Object.keys(fields).length ? fields : undefined;
}

interface Submission {
  email: string;
  name?: string;
  message?: string;
  fields?: Record<string, string>;
}

type Checked = { ok: true; submission: Submission } | { ok: false; errors: FieldErrors };

function validate(values: Record<string, unknown>, contact: boolean): Checked {
  const errors: FieldErrors = {};
  const invalidEmail = 'The email field must be a valid email address.';
  const email = checkString(errors, values, 'email', { required: true, max: 255, notString: invalidEmail });
  if (email !== undefined && !errors.email && !EMAIL.test(email)) {
    errors.email = [invalidEmail];
  }
  const name = checkString(errors, values, 'name', { max: 255 });
  const message = contact ? checkString(errors, values, 'message', { required: true, max: 5000 }) : undefined;
  const fields = contact ? undefined : fieldsOf(errors, values.fields);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, submission: { email: email!, name, message, fields } };
}

/** The PHP framework's summary: the first error, and how many more there are. */
function summary(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  return more > 0 ? `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})` : all[0]!;
}

// ---------------------------------------------------------------------------------------
// Payloads

/**
 * Seeded payloads carry root-relative URLs so they work on any host: the stand-in's own
 * assets (`/__stand-in/…`) get the instance's base, site pages (`/hub/…`) the origin.
 * Anything else (absolute, protocol-relative, hostile) is passed through untouched.
 */
function absolute(value: unknown, origin: string, prefix: string): unknown {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return value;
  return value.startsWith('/__stand-in/') ? origin + prefix + value : origin + value;
}

function withAbsoluteUrl(item: unknown, key: string, origin: string, prefix: string): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item) || !(key in item)) return item;
  const record = item as Record<string, unknown>;
  return { ...record, [key]: absolute(record[key], origin, prefix) };
}

function bioPayload(bio: unknown, origin: string, prefix: string): unknown {
  if (!bio || typeof bio !== 'object' || Array.isArray(bio)) return bio;
  const out = withAbsoluteUrl(bio, 'avatar_url', origin, prefix) as Record<string, unknown>;
  for (const key of ['links', 'socials']) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((item) => withAbsoluteUrl(item, 'url', origin, prefix));
  }
  return out;
}

function indexPayload(entries: unknown[] | undefined, origin: string, prefix: string): unknown[] {
  return (entries ?? []).map((entry) => withAbsoluteUrl(entry, 'url', origin, prefix));
}

function resolvePath(tenant: TenantData, path: string): PathData | undefined {
  const key = path.replace(/^\/+|\/+$/g, '');
  const explicit = tenant.paths?.[key];
  if (explicit) return explicit;
  const url = `/hub/${key.replace(/^hub\//, '')}`;
  for (const entry of tenant.search_index ?? []) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (e.url === url && typeof e.type === 'string') {
      return { type: e.type, url, ...(typeof e.title === 'string' ? { title: e.title } : {}) };
    }
  }
  return undefined;
}

/** Presence from the instance's clock: the same moment always gives the same answer. */
function presencePayload(slug: string, spec: PresenceData | undefined, now: number): { body: unknown; at: number } {
  if (spec?.data) {
    const at = typeof spec.data.updated_at === 'string' ? Date.parse(spec.data.updated_at) : NaN;
    return { body: spec.data, at: Number.isNaN(at) ? 0 : at };
  }
  const step = Math.max(1, spec?.step ?? 30) * 1000;
  const every = Math.max(1, spec?.live_every ?? 3600) * 1000;
  const liveFor = Math.max(0, spec?.live_for ?? 900) * 1000;
  const peak = Math.max(1, spec?.peak ?? 40);
  const at = Math.floor(now / step) * step;
  const live = at % every < liveFor;
  const r = hash32(`${slug}:${at}`) / 0xffffffff;
  const online = live ? Math.round(peak / 2 + (r * peak) / 2) : Math.round(r * peak * 0.3);
  return { body: { live, online, updated_at: iso(at) }, at };
}

function avatarSvg(name: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => Array.from(word)[0]!.toUpperCase())
      .join('') || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeHtml(name)}">
<rect width="256" height="256" rx="128" fill="#3b5bdb"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="104" font-weight="600" fill="#ffffff">${escapeHtml(initials)}</text>
</svg>
`;
}

// ---------------------------------------------------------------------------------------
// The handler

interface Context {
  request: Request;
  instance: Instance;
  /** The request's path within its instance. */
  path: string;
  method: string;
  origin: string;
  /** `/__sandbox/<id>` or empty. */
  prefix: string;
  visitor: string;
}

type Answer = { response: Response; outcome: Outcome };

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
  const fault = instance.takeFault(method, ctx.path + new URL(request.url).search);
  if (fault) {
    if (fault.delayMs) await sleep(fault.delayMs, request.signal);
    if (fault.status) return { response: faultResponse(fault), outcome: 'fault' };
  }

  // Preflights are answered for every API path and never counted, like the framework's CORS middleware.
  if (method === 'OPTIONS') return { response: new Response(null, { status: 204, headers: PREFLIGHT }), outcome: 'ok' };

  const route = matchRoute(ctx.path);
  if (!route) return { response: json(404, { message: NOT_FOUND }), outcome: 'not-found' };
  const effective = method === 'HEAD' ? 'GET' : method;
  if (effective !== route.endpoint.method) {
    const allow = route.endpoint.method === 'GET' ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS';
    return {
      response: json(405, { message: `The ${method} method is not supported for this route. Supported methods: ${allow}.` }, { Allow: allow }),
      outcome: 'invalid',
    };
  }

  let input: Input | undefined;
  if (route.endpoint.method === 'POST') {
    const read = await readInput(request);
    if (read === 'too-large') return { response: json(413, { message: 'Content Too Large' }), outcome: 'invalid' };
    input = read;
  }
  // A browser without JavaScript posting a plain form gets pages and redirects, not JSON.
  const asPage = input?.kind === 'form' && !wantsJson(request);

  const group = route.endpoint.group;
  const counters: Counter[] = [{ key: `${group}|ip|${ctx.visitor}`, limit: GROUP_LIMITS[group] }];
  const email = input?.values.email;
  if (route.endpoint.takesEmail && typeof email === 'string' && email.trim() !== '') {
    counters.push({ key: `${group}|email|${normalizeEmail(email)}`, limit: EMAIL_LIMIT });
  }
  const now = instance.now();
  const decision = instance.limiter.hit(counters, now);
  if (!decision.ok) {
    const retryAfter = Math.max(1, Math.ceil((decision.endsAt - now) / 1000));
    const headers = {
      'Retry-After': String(retryAfter),
      'X-RateLimit-Reset': String(Math.ceil(decision.endsAt / 1000)),
    };
    const response = asPage
      ? html(429, pageFor(ctx, 'Too many attempts', `Please wait ${retryAfter} seconds and try again.`), headers)
      : json(429, { message: TOO_MANY }, headers);
    return { response, outcome: 'rate-limited' };
  }

  if (input) return submit(ctx, route, input, asPage);
  return read(ctx, route);
}

function pageFor(ctx: Context, title: string, message: string, errors?: string[]): string {
  const back = httpUrl(ctx.request.headers.get('Referer'))?.href;
  return page({ title, message, errors, back });
}

function notFound(ctx: Context, asPage: boolean): Answer {
  const response = asPage
    ? html(404, pageFor(ctx, 'Not found', 'This form or page does not exist, or no longer does.'))
    : json(404, { message: NOT_FOUND });
  return { response, outcome: 'not-found' };
}

function faultResponse(fault: FaultRule): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store', ...(fault.headers ?? {}) });
  let body: string | null;
  if (fault.status === 204 || fault.status === 304) body = null;
  else if (fault.body === undefined) body = JSON.stringify({ message: `The service answered ${fault.status}.` });
  else body = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
  if (body !== null && !headers.has('Content-Type')) {
    headers.set('Content-Type', typeof fault.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  }
  return new Response(body, { status: fault.status, headers });
}

function submit(ctx: Context, route: Route, input: Input, asPage: boolean): Answer {
  const { instance } = ctx;
  const tenantSlug = route.name === 'formSignup' ? instance.forms.get(route.form!) : route.tenant!;
  const tenant = tenantSlug === undefined ? undefined : instance.tenants.get(tenantSlug);
  if (!tenant) return notFound(ctx, asPage);
  if (route.name === 'magicLink' && !tenant.resources.has(route.resource!)) return notFound(ctx, asPage);

  const contact = route.name === 'contact';
  const kind = contact ? 'contact' : route.name === 'magicLink' ? 'magicLink' : 'signup';
  const succeed = (outcome: Outcome): Answer => {
    const message = SUCCESS[kind];
    if (!asPage) return { response: json(201, { message }), outcome };
    const referer = httpUrl(ctx.request.headers.get('Referer'));
    if (referer) {
      referer.searchParams.set('hub-kit', contact ? 'sent' : 'subscribed');
      return { response: new Response(null, { status: 303, headers: { Location: referer.href, 'Cache-Control': 'no-store' } }), outcome };
    }
    const title = contact ? 'Message sent' : 'Almost done';
    return { response: html(201, page({ title, message })), outcome };
  };

  // The trap comes before validation: a bot learns nothing, not even that its email was bad.
  const trap = input.values.website;
  if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null && trap !== false) {
    return succeed('spam');
  }

  const checked = validate(input.values, contact);
  if (!checked.ok) {
    const { errors } = checked;
    const message = summary(errors);
    const response = asPage
      ? html(422, pageFor(ctx, 'Please check the form', message, Object.values(errors).flat()))
      : json(422, { message, errors });
    return { response, outcome: 'invalid' };
  }
  const { submission } = checked;
  const at = iso(instance.now());
  const key = normalizeEmail(submission.email);
  const slug = tenant.data.slug;
  const optional = <T>(name: string, value: T | undefined) => (value === undefined ? {} : { [name]: value });

  if (route.name === 'contact') {
    instance.records.contacts.push({
      tenant: slug,
      email: submission.email,
      ...optional('name', submission.name),
      message: submission.message!,
      at,
    });
  } else if (route.name === 'magicLink') {
    const existing = instance.records.magic_links.find(
      (r) => r.tenant === slug && r.resource === route.resource && normalizeEmail(r.email) === key,
    );
    if (existing) {
      existing.name = submission.name ?? existing.name;
      if (submission.fields) existing.fields = { ...existing.fields, ...submission.fields };
      existing.updated_at = at;
    } else {
      instance.records.magic_links.push({
        tenant: slug,
        resource: route.resource!,
        email: submission.email,
        ...optional('name', submission.name),
        ...optional('fields', submission.fields),
        at,
        updated_at: at,
      });
    }
  } else {
    const existing = instance.records.subscribers.find((r) => r.tenant === slug && normalizeEmail(r.email) === key);
    if (existing) {
      // An upsert keeps what it knew and takes what is new: a retried POST changes nothing.
      if (route.form) existing.form = route.form;
      existing.name = submission.name ?? existing.name;
      if (submission.fields) existing.fields = { ...existing.fields, ...submission.fields };
      existing.updated_at = at;
    } else {
      instance.records.subscribers.push({
        tenant: slug,
        email: submission.email,
        ...optional('form', route.form),
        ...optional('name', submission.name),
        ...optional('fields', submission.fields),
        via: route.name === 'formSignup' ? 'formSignup' : 'subscribe',
        at,
        updated_at: at,
      });
    }
  }
  return succeed('saved');
}

async function read(ctx: Context, route: Route): Promise<Answer> {
  const tenant = ctx.instance.tenants.get(route.tenant!);
  if (!tenant) return notFound(ctx, false);
  const { origin, prefix } = ctx;
  let data: unknown;
  let modified = tenant.updatedAt;
  switch (route.name) {
    case 'bio':
      if (tenant.data.bio === undefined) return notFound(ctx, false);
      data = bioPayload(tenant.data.bio, origin, prefix);
      break;
    case 'searchIndex':
      data = indexPayload(tenant.data.search_index, origin, prefix);
      break;
    case 'resolve': {
      const target = resolvePath(tenant.data, route.path!);
      if (!target) return notFound(ctx, false);
      data = withAbsoluteUrl(target, 'url', origin, prefix);
      break;
    }
    case 'presence': {
      const presence = presencePayload(tenant.data.slug, tenant.data.presence, ctx.instance.now());
      data = presence.body;
      modified = presence.at;
      break;
    }
    default:
      return notFound(ctx, false);
  }
  return conditional(ctx.request, JSON.stringify({ data }), modified);
}

/** 200 with validators, or 304 when the client's copy is current (If-None-Match wins). */
async function conditional(request: Request, body: string, modifiedMs: number): Promise<Answer> {
  const etag = await etagOf(body);
  const seconds = Math.floor(modifiedMs / 1000);
  const headers = {
    ETag: etag,
    'Last-Modified': new Date(seconds * 1000).toUTCString(),
    // Stored, but checked with the stand-in every time: that is what makes 304s visible.
    'Cache-Control': 'no-cache',
  };
  const ifNoneMatch = request.headers.get('If-None-Match');
  const ifModifiedSince = request.headers.get('If-Modified-Since');
  let fresh = false;
  if (ifNoneMatch !== null) {
    fresh = ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  } else if (ifModifiedSince !== null) {
    const since = Date.parse(ifModifiedSince);
    fresh = !Number.isNaN(since) && seconds * 1000 <= since;
  }
  if (fresh) return { response: new Response(null, { status: 304, headers }), outcome: 'not-modified' };
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } }),
    outcome: 'ok',
  };
}

// ---------------------------------------------------------------------------------------
// Control endpoints

async function control(ctx: Context): Promise<Response> {
  const { instance, method } = ctx;
  const name = ctx.path.slice('/__stand-in/'.length);

  const avatar = /^avatars\/([^/]+)\.svg$/.exec(name);
  if (avatar && (method === 'GET' || method === 'HEAD')) {
    const tenant = instance.tenants.get(decode(avatar[1]!) ?? '');
    const bio = tenant?.data.bio as { name?: unknown } | undefined;
    if (!tenant || typeof bio?.name !== 'string') return json(404, { message: NOT_FOUND });
    return new Response(avatarSvg(bio.name), {
      headers: {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  }

  if (method === 'GET') {
    switch (name) {
      case 'records':
        return json(200, instance.records);
      case 'log':
        return json(200, { requests: instance.log });
      case 'clock':
        return json(200, { now: iso(instance.now()), offset_seconds: instance.offsetMs / 1000 });
    }
  }

  if (method === 'POST') {
    let body: unknown;
    try {
      const text = await ctx.request.text();
      body = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return json(400, { message: 'The body must be JSON.' });
    }
    const object = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    switch (name) {
      case 'reset':
        instance.reset();
        return json(200, { message: 'Reset.' });
      case 'clock': {
        const advance = object?.advance;
        if (typeof advance !== 'number' || !Number.isFinite(advance) || advance < 0) {
          return json(400, { message: 'Send {"advance": seconds}, a number of seconds of zero or more.' });
        }
        instance.offsetMs += advance * 1000;
        return json(200, { now: iso(instance.now()), offset_seconds: instance.offsetMs / 1000 });
      }
      case 'faults': {
        const fault = parseFault(object);
        if (typeof fault === 'string') return json(400, { message: fault });
        instance.faults.push(fault);
        return json(201, { message: 'Fault armed.', pending: instance.faults.length });
      }
      case 'tenants': {
        const slug = object?.slug;
        if (typeof slug !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(slug)) {
          return json(400, { message: 'A tenant needs a "slug" of letters, digits, "-" or "_".' });
        }
        for (const list of ['forms', 'resources', 'search_index'] as const) {
          if (object![list] !== undefined && !Array.isArray(object![list])) {
            return json(400, { message: `"${list}" must be an array.` });
          }
        }
        instance.putTenant(object as unknown as TenantData);
        return json(201, { message: 'Tenant saved.', slug });
      }
    }
  }

  const known = ['records', 'log', 'clock', 'faults', 'tenants', 'reset'];
  if (known.includes(name)) return json(405, { message: `The ${method} method is not supported here.` });
  return json(404, { message: NOT_FOUND });
}

function parseFault(object: Record<string, unknown> | undefined): (FaultRule & { times: number }) | string {
  if (!object || typeof object.path !== 'string') return 'A fault needs a "path": a substring of the request path.';
  const { path, method, status, times = 1, delayMs, headers, body } = object;
  if (method !== undefined && typeof method !== 'string') return '"method" must be a string.';
  if (status !== undefined && (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599)) {
    return '"status" must be an HTTP status from 200 to 599.';
  }
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return '"times" must be a whole number of 1 or more.';
  if (delayMs !== undefined && (typeof delayMs !== 'number' || delayMs < 0 || delayMs > 120_000)) {
    return '"delayMs" must be a number of milliseconds up to 120000.';
  }
  if (status === undefined && !delayMs) return 'A fault needs a "status", a "delayMs", or both.';
  if (headers !== undefined && (typeof headers !== 'object' || headers === null || Array.isArray(headers))) {
    return '"headers" must be an object of strings.';
  }
  const headerMap: Record<string, string> = {};
  for (const [key, value] of Object.entries((headers as Record<string, unknown>) ?? {})) headerMap[key] = String(value);
  return {
    path,
    ...(method ? { method: method.toUpperCase() } : {}),
    ...(status !== undefined ? { status } : {}),
    times,
    ...(delayMs ? { delayMs } : {}),
    headers: headerMap,
    ...(body !== undefined ? { body } : {}),
  };
}
