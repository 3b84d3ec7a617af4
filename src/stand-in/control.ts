/**
 * The control endpoints under `/__stand-in/`: what a test reads (records, log, clock) and
 * how it bends an instance (faults, clock, tenants, reset), and the seeded avatars.
 */
import { parseFaults } from './faults.js';
import { NOT_FOUND, decode, iso, json } from './http.js';
import { avatarSvg } from './payloads.js';
import type { Context } from './state.js';
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
        return json(200, { requests: instance.log });
      case 'clock':
        return json(200, { now: iso(instance.now()), offset_seconds: instance.offsetMs / 1000 });
      case 'faults':
        return json(200, { faults: instance.faults });
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
    }
  }

  const known = ['records', 'log', 'clock', 'faults', 'tenants', 'reset'];
  if (known.includes(name)) return json(405, { message: `The ${method} method is not supported here.` });
  return json(404, { message: NOT_FOUND });
}
