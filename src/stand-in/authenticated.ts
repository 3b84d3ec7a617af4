/**
 * The authenticated API (docs/stand-in.md, "Authenticated API"): subscribers list, bulk
 * upsert and posts with `since`, behind `Authorization: Bearer <key>`. A key belongs to one
 * tenant, whose workspace it reads and writes. Every key has 60 requests a minute, shared by
 * these routes, and every answer past the key check carries `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining`.
 */
import { AUTHENTICATED_PATHS } from '../api/endpoints.js';
import type { Limit } from '../limits/rules.js';
import { readInput } from './request.js';
import { PREFLIGHT, TOO_MANY, json } from './responses.js';
import { bearerToken, keyState } from './keys.js';
import { absolute } from './payloads.js';
import type { Answer, Context } from './state.js';
import { summary, validate, type FieldErrors } from './validate.js';
import { Workspace, type Post, type Subscriber, type SubscriberInput } from './workspace.js';

export const API_KEY_LIMIT: Limit = { max: 60, windowSeconds: 60 };
const DEFAULT_PER_PAGE = 15;
const MAX_PER_PAGE = 100;
const MAX_BULK = 100;
const UNAUTHENTICATED = 'Unauthenticated.';

type RouteName = 'subscribers' | 'bulk' | 'posts';
const METHOD: Record<RouteName, 'GET' | 'POST'> = { subscribers: 'GET', bulk: 'POST', posts: 'GET' };

export function matchAuthenticated(path: string, postsPath: string): RouteName | undefined {
  if (path === AUTHENTICATED_PATHS.subscribers) return 'subscribers';
  if (path === AUTHENTICATED_PATHS.bulk) return 'bulk';
  if (path === postsPath) return 'posts';
  return undefined;
}

export async function authenticatedApi(ctx: Context, route: RouteName): Promise<Answer> {
  const { instance, method, request } = ctx;
  if (method === 'OPTIONS') return { response: new Response(null, { status: 204, headers: PREFLIGHT }), outcome: 'ok' };
  const expected = METHOD[route];
  if ((method === 'HEAD' ? 'GET' : method) !== expected) {
    const allow = expected === 'GET' ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS';
    return {
      response: json(405, { message: `The ${method} method is not supported for this route. Supported methods: ${allow}.` }, { Allow: allow }),
      outcome: 'invalid',
    };
  }

  // Missing, unknown, expired or deleted: one answer, so it tells nobody which keys exist.
  const now = instance.now();
  const token = bearerToken(request);
  const key = token === undefined ? undefined : instance.keys.get(token);
  if (!key || keyState(key, now) !== 'valid') {
    return { response: json(401, { message: UNAUTHENTICATED }), outcome: 'unauthenticated' };
  }

  const decision = instance.limiter.hit([{ key: `api-key|${key.key}`, limit: API_KEY_LIMIT }], now);
  const rate = {
    'X-RateLimit-Limit': String(API_KEY_LIMIT.max),
    'X-RateLimit-Remaining': String(decision.ok ? decision.remaining : 0),
  };
  if (!decision.ok) {
    const headers = {
      ...rate,
      'Retry-After': String(Math.max(1, Math.ceil((decision.endsAt - now) / 1000))),
      'X-RateLimit-Reset': String(Math.ceil(decision.endsAt / 1000)),
    };
    return { response: json(429, { message: TOO_MANY }, headers), outcome: 'rate-limited' };
  }
  key.lastUsedAt = now;

  let workspace = instance.workspaces.get(key.tenant);
  if (!workspace) instance.workspaces.set(key.tenant, (workspace = new Workspace({ slug: key.tenant }, now)));
  const answer =
    route === 'subscribers' ? subscribers(ctx, workspace) : route === 'posts' ? posts(ctx, workspace) : await bulk(ctx, workspace);
  for (const [name, value] of Object.entries(rate)) answer.response.headers.set(name, value);
  return answer;
}

// ---------------------------------------------------------------------------------------
// Paged lists

function positive(value: string | null): number | undefined {
  return value !== null && /^\d{1,9}$/.test(value.trim()) && Number(value) >= 1 ? Number(value) : undefined;
}

/** One page of `items` with `meta` and `links` (absolute URLs keeping `keep` in the query). */
function paged<T>(ctx: Context, items: T[], render: (item: T) => unknown, keep: Record<string, string> = {}): unknown {
  const query = new URL(ctx.request.url).searchParams;
  // A larger page size is served as the largest, as the spec's maximum says.
  const perPage = Math.min(MAX_PER_PAGE, positive(query.get('per_page')) ?? DEFAULT_PER_PAGE);
  const page = positive(query.get('page')) ?? 1;
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const data = items.slice(start, start + perPage).map(render);
  const base = ctx.origin + ctx.prefix + ctx.path;
  const link = (p: number) => `${base}?${new URLSearchParams({ ...keep, page: String(p), per_page: String(perPage) })}`;
  return {
    data,
    meta: {
      current_page: page,
      per_page: perPage,
      last_page: lastPage,
      total,
      from: data.length ? start + 1 : null,
      to: data.length ? start + data.length : null,
    },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  };
}

function subscribers(ctx: Context, workspace: Workspace): Answer {
  const render = (s: Subscriber) => ({
    id: s.id,
    email: s.email,
    name: s.name ?? null,
    status: s.status,
    fields: s.fields ?? {},
    created_at: s.created_at,
    updated_at: s.updated_at,
  });
  return { response: json(200, paged(ctx, [...workspace.subscribers.values()], render)), outcome: 'ok' };
}

function posts(ctx: Context, workspace: Workspace): Answer {
  const raw = new URL(ctx.request.url).searchParams.get('since');
  let since: number | undefined;
  if (raw !== null && raw.trim() !== '') {
    since = /^\d{4}-\d{2}-\d{2}/.test(raw.trim()) ? Date.parse(raw.trim()) : NaN;
    if (Number.isNaN(since)) {
      const message = 'The since field must be a valid date.';
      return { response: json(422, { message, errors: { since: [message] } }), outcome: 'invalid' };
    }
  }
  const render = (p: Post) => ({
    id: p.id,
    title: p.title,
    slug: p.slug,
    url: p.url === undefined ? null : absolute(p.url, ctx.origin, ctx.prefix),
    excerpt: p.excerpt ?? null,
    published_at: p.published_at,
    updated_at: p.updated_at,
  });
  const keep: Record<string, string> = raw !== null && since !== undefined ? { since: raw.trim() } : {};
  return { response: json(200, paged(ctx, workspace.postsSince(since), render, keep)), outcome: 'ok' };
}

// ---------------------------------------------------------------------------------------
// Bulk upsert

const STATUSES = new Set(['subscribed', 'unsubscribed']);

/** An item's `status` and `created_at`, both optional, in the framework's rule wording. */
function statusAndDate(
  item: Record<string, unknown>,
  at: string,
): { status?: string; createdAt?: string; errors?: FieldErrors } {
  const errors: FieldErrors = {};
  const { status, created_at: createdAt } = item;
  if (status !== undefined && status !== null && !(typeof status === 'string' && STATUSES.has(status))) {
    errors[`${at}.status`] = [`The selected ${at}.status is invalid.`];
  }
  const ms = typeof createdAt === 'string' && /^\d{4}-\d{2}-\d{2}/.test(createdAt) ? Date.parse(createdAt) : NaN;
  if (createdAt !== undefined && createdAt !== null && Number.isNaN(ms)) {
    errors[`${at}.created_at`] = [`The ${at}.created_at field must be a valid date.`];
  }
  if (Object.keys(errors).length) return { errors };
  return {
    ...(typeof status === 'string' ? { status } : {}),
    ...(Number.isNaN(ms) ? {} : { createdAt: new Date(ms).toISOString() }),
  };
}

async function bulk(ctx: Context, workspace: Workspace): Promise<Answer> {
  const input = await readInput(ctx.request);
  if (input === 'too-large') return { response: json(413, { message: 'Content Too Large' }), outcome: 'invalid' };
  const list = input.values.subscribers;
  const errors: FieldErrors = {};
  const items: SubscriberInput[] = [];
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) {
    errors.subscribers = ['The subscribers field is required.'];
  } else if (!Array.isArray(list)) {
    errors.subscribers = ['The subscribers field must be an array.'];
  } else if (list.length > MAX_BULK) {
    errors.subscribers = [`The subscribers field must not have more than ${MAX_BULK} items.`];
  } else {
    list.forEach((item: unknown, index) => {
      const at = `subscribers.${index}`;
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        errors[at] = [`The ${at} field must be an array.`];
        return;
      }
      // The signup rules, under the item's own name: "The subscribers.3.email field is required."
      const checked = validate(item as Record<string, unknown>, false);
      const extra = statusAndDate(item as Record<string, unknown>, at);
      if (checked.ok && !extra.errors) {
        const { email, name, fields } = checked.submission;
        items.push({ email, name, fields, status: extra.status, created_at: extra.createdAt });
        return;
      }
      if (!checked.ok) {
        for (const [field, messages] of Object.entries(checked.errors)) {
          errors[`${at}.${field}`] = messages.map((m) => m.replace(`The ${field} field`, `The ${at}.${field} field`));
        }
      }
      Object.assign(errors, extra.errors);
    });
  }
  if (Object.keys(errors).length) {
    // Nothing of a request with an invalid item is saved.
    return { response: json(422, { message: summary(errors), errors }), outcome: 'invalid' };
  }
  const at = new Date(ctx.instance.now()).toISOString();
  let created = 0;
  let updated = 0;
  for (const item of items) {
    if (workspace.upsert(item, at) === 'created') created++;
    else updated++;
  }
  return { response: json(200, { data: { created, updated } }), outcome: 'saved' };
}
