/**
 * The control endpoints under `/__stand-in/`: what a test reads (records, log, clock, keys)
 * and how it bends an instance (faults, clock, tenants, keys, posts, reset), and the seeded
 * avatars.
 */
import { parseFaults } from './faults.js';
import { decode } from './request.js';
import { NOT_FOUND, json } from './responses.js';
import { DAY, keyState, maskKey, newKeyValue, type ApiKey } from './keys.js';
import { avatarSvg } from './payloads.js';
import type { Context, Instance } from './state.js';
import { iso } from './time.js';
import type { TenantData } from './types.js';

export async function control(ctx: Context): Promise<Response> {
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
        return json(200, { requests: instance.log, inFlight: [...instance.inFlight] });
      case 'clock':
        return json(200, { now: iso(instance.now()), offset_seconds: instance.offsetMs / 1000 });
      case 'faults':
        return json(200, { faults: instance.faults, held: instance.held });
      case 'keys':
        return json(200, { keys: [...instance.keys.values()].map((key) => describeKey(key, instance.now(), true)) });
    }
  }

  if (method === 'DELETE' && name === 'faults') {
    instance.faults = [];
    return json(200, { message: 'Faults cleared.', pending: 0 });
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
      case 'faults/release':
        return json(200, { message: 'Released.', released: instance.release() });
      case 'faults': {
        const faults = parseFaults(body);
        if (typeof faults === 'string') return json(400, { message: faults });
        instance.faults.push(...faults);
        return json(201, { message: faults.length === 1 ? 'Fault armed.' : 'Faults armed.', pending: instance.faults.length });
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
      case 'keys':
        return createKey(instance, object);
      case 'keys/expire':
      case 'keys/delete': {
        const key = typeof object?.key === 'string' ? instance.keys.get(object.key) : undefined;
        if (!key) return json(404, { message: 'No such key: send {"key": "<the full key>"}.' });
        if (name === 'keys/delete') key.deleted = true;
        else if (keyState(key, instance.now()) === 'valid') key.expiresAt = instance.now();
        return json(200, describeKey(key, instance.now(), true));
      }
      case 'posts':
        return putPost(instance, object);
    }
  }

  const known = ['records', 'log', 'clock', 'faults', 'faults/release', 'tenants', 'reset', 'keys', 'keys/expire', 'keys/delete', 'posts'];
  if (known.includes(name)) return json(405, { message: `The ${method} method is not supported here.` });
  return json(404, { message: NOT_FOUND });
}

/** A key as the dashboard lists it: the value masked, unless it was just created. */
function describeKey(key: ApiKey, now: number, masked: boolean) {
  return {
    name: key.name,
    key: masked ? maskKey(key.key) : key.key,
    tenant: key.tenant,
    state: keyState(key, now),
    created_at: iso(key.createdAt),
    last_used_at: key.lastUsedAt === undefined ? null : iso(key.lastUsedAt),
    expires_at: key.expiresAt === null ? null : iso(key.expiresAt),
  };
}

/** `{tenant?, name?, key?, expires_in_days?, expires_at?}`; no expiry unless one is given. */
function createKey(instance: Instance, object: Record<string, unknown> | undefined): Response {
  const { tenant = instance.tenants.has('demo') ? 'demo' : undefined, name = 'Test key', key, expires_in_days, expires_at } = object ?? {};
  if (typeof tenant !== 'string' || !instance.tenants.has(tenant)) return json(400, { message: 'A key needs the "tenant" of an existing tenant.' });
  if (typeof name !== 'string' || name.trim() === '') return json(400, { message: '"name" must be a string.' });
  if (key !== undefined && (typeof key !== 'string' || !/^hk_[A-Za-z0-9_]{8,200}$/.test(key))) {
    return json(400, { message: '"key" must look like hk_ and at least 8 letters, digits or "_".' });
  }
  if (typeof key === 'string' && instance.keys.has(key)) return json(409, { message: 'That key exists already.' });
  const now = instance.now();
  let expiresAt: number | null = null;
  if (expires_in_days !== undefined && expires_in_days !== null) {
    if (typeof expires_in_days !== 'number' || !(expires_in_days > 0)) return json(400, { message: '"expires_in_days" must be a number above 0.' });
    expiresAt = now + expires_in_days * DAY;
  } else if (expires_at !== undefined && expires_at !== null) {
    expiresAt = typeof expires_at === 'string' ? Date.parse(expires_at) : NaN;
    if (Number.isNaN(expiresAt)) return json(400, { message: '"expires_at" must be an ISO 8601 date.' });
  }
  const record: ApiKey = { key: (key as string | undefined) ?? newKeyValue(), name, tenant, createdAt: now, expiresAt, deleted: false };
  instance.keys.set(record.key, record);
  // Like the dashboard, the only time the full value is shown.
  return json(201, describeKey(record, now, false));
}

/** `{tenant?, id?, title, slug?, url?, excerpt?, published_at?}`: publishes a post, or updates one by id. */
function putPost(instance: Instance, object: Record<string, unknown> | undefined): Response {
  const { tenant = 'demo', id, title, slug, url, excerpt, published_at } = object ?? {};
  const workspace = typeof tenant === 'string' ? instance.workspaces.get(tenant) : undefined;
  if (!workspace) return json(400, { message: 'A post needs the "tenant" of an existing tenant.' });
  if (id !== undefined && typeof id !== 'string') return json(400, { message: '"id" must be a string.' });
  const existing = typeof id === 'string' ? workspace.posts.get(id) : undefined;
  if (!existing && (typeof title !== 'string' || title.trim() === '')) return json(400, { message: 'A new post needs a "title".' });
  for (const [field, value] of Object.entries({ title, slug, url, excerpt, published_at })) {
    if (value !== undefined && typeof value !== 'string') return json(400, { message: `"${field}" must be a string.` });
  }
  const at = iso(instance.now());
  const postId = (id as string | undefined) ?? `post_${instance.now().toString(36)}_${workspace.posts.size + 1}`;
  const postTitle = (title as string | undefined) ?? existing!.title;
  const postSlug =
    (slug as string | undefined) ??
    existing?.slug ??
    (postTitle.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || postId);
  const post = workspace.putPost(
    {
      id: postId,
      title: postTitle,
      slug: postSlug,
      url: (url as string | undefined) ?? existing?.url ?? `/hub/posts/${postSlug}`,
      ...((excerpt ?? existing?.excerpt) !== undefined ? { excerpt: (excerpt ?? existing?.excerpt) as string } : {}),
      published_at: (published_at as string | undefined) ?? existing?.published_at ?? at,
      updated_at: at,
    },
    at,
  );
  return json(existing ? 200 : 201, { data: post });
}
