/**
 * The spec's public endpoints: the three signups, contact, and the four reads, each limited
 * per visitor (and per email where one is sent) exactly as the spec's Limits table says.
 */
import { ENDPOINTS, matchEndpoint, type Endpoint, type EndpointName } from '../api/endpoints.js';
import { EMAIL_LIMIT, GROUP_LIMITS, normalizeEmail } from '../limits/rules.js';
import { page } from './html.js';
import type { Counter } from './limiter.js';
import { bioPayload, indexPayload, presencePayload, resolvePath, withAbsoluteUrl } from './payloads.js';
import { httpUrl, readInput, wantsJson, type Input } from './request.js';
import { NOT_FOUND, PREFLIGHT, TOO_MANY, etagOf, html, json, notFound, pageFor } from './responses.js';
import type { Answer, Context, Outcome } from './state.js';
import { iso } from './time.js';
import { summary, validate } from './validate.js';

const SUCCESS: Record<'signup' | 'magicLink' | 'contact', string> = {
  signup: 'Check your inbox to confirm.',
  magicLink: 'Check your inbox for the link.',
  contact: 'Thanks, your message was sent.',
};

interface Route {
  name: EndpointName;
  endpoint: Endpoint;
  tenant?: string;
  form?: string;
  resource?: string;
  path?: string;
}

/** The endpoint of a path within an instance, read from the endpoint table's own templates. */
function matchRoute(path: string): Route | undefined {
  const found = matchEndpoint(path);
  if (!found || found.prefix) return undefined;
  const params: Omit<Route, 'name' | 'endpoint'> = { ...found.params };
  // Empty segments of a resolve path are dropped, as the client drops them.
  if (params.path !== undefined) params.path = params.path.split('/').filter(Boolean).join('/');
  if (params.path === '') return undefined;
  return { name: found.name, endpoint: ENDPOINTS[found.name] as Endpoint, ...params };
}

/** A request under `/api/` that no fault took: routed, limited, then answered. */
export async function publicApi(ctx: Context): Promise<Answer> {
  const { instance, method, request } = ctx;

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

  if (input) {
    const website = input.values.website;
    const trap = website === undefined ? 'missing' : isTrapFilled(website) ? 'filled' : 'empty';
    return { ...submit(ctx, route, input, asPage), trap };
  }
  return read(ctx, route);
}

/** The trap caught something: a person leaves it empty (or it is absent). */
function isTrapFilled(trap: unknown): boolean {
  return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null && trap !== false;
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
      // No fragment of its own: the browser then keeps the one of the form's action, which
      // names the note on the page that says it worked (docs/frameworks.md).
      referer.hash = '';
      return { response: new Response(null, { status: 303, headers: { Location: referer.href, 'Cache-Control': 'no-store' } }), outcome };
    }
    const title = contact ? 'Message sent' : 'Almost done';
    return { response: html(201, page({ title, message })), outcome };
  };

  // The trap comes before validation: a bot learns nothing, not even that its email was bad.
  if (isTrapFilled(input.values.website)) return succeed('spam');

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
  /**
   * The record of this email that `matches` says is the same signup, updated, or `created`
   * when there is none. An upsert keeps what it knew and takes what is new: a retried POST
   * changes nothing.
   */
  const upsert = <R extends { email: string; name?: string; fields?: Record<string, string>; updated_at: string }>(
    records: R[],
    matches: (record: R) => boolean,
    created: R,
  ): R => {
    const existing = records.find((record) => matches(record) && normalizeEmail(record.email) === key);
    if (!existing) {
      records.push(created);
      return created;
    }
    existing.name = submission.name ?? existing.name;
    if (submission.fields) existing.fields = { ...existing.fields, ...submission.fields };
    existing.updated_at = at;
    return existing;
  };

  if (route.name === 'contact') {
    instance.records.contacts.push({
      tenant: slug,
      email: submission.email,
      ...optional('name', submission.name),
      message: submission.message!,
      at,
    });
  } else if (route.name === 'magicLink') {
    upsert(instance.records.magic_links, (r) => r.tenant === slug && r.resource === route.resource, {
      tenant: slug,
      resource: route.resource!,
      email: submission.email,
      ...optional('name', submission.name),
      ...optional('fields', submission.fields),
      at,
      updated_at: at,
    });
  } else {
    const record = upsert(instance.records.subscribers, (r) => r.tenant === slug, {
      tenant: slug,
      email: submission.email,
      ...optional('name', submission.name),
      ...optional('fields', submission.fields),
      via: route.name === 'formSignup' ? 'formSignup' : 'subscribe',
      at,
      updated_at: at,
    });
    if (route.form) record.form = route.form;
    // The same person in the workspace's list, where the authenticated API reads it. They
    // still have to confirm (the answer says so), so a new subscriber starts unconfirmed.
    instance.workspaces
      .get(slug)
      ?.upsert({ email: submission.email, name: submission.name, fields: submission.fields, status: 'unconfirmed' }, at);
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
