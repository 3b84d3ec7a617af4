/**
 * What every endpoint group shares: JSON and HTML answers, CORS, request bodies, and the
 * small pieces of HTTP the stand-in speaks.
 */
import { page } from './html.js';
import type { Answer, Context } from './state.js';

export const TOO_MANY = 'Too Many Attempts.';
export const NOT_FOUND = 'Not found.';
const MAX_API_BODY = 256 * 1024;

export const iso = (ms: number) => new Date(ms).toISOString();

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function html(status: number, body: string, headers: Record<string, string> = {}): Response {
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

export const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  // Date too: a client corrects the reset time for clock skew with it.
  'Access-Control-Expose-Headers': 'Retry-After, X-RateLimit-Reset, ETag, Last-Modified, Date',
};

export const PREFLIGHT: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, If-None-Match, If-Modified-Since',
  'Access-Control-Max-Age': '86400',
};

/**
 * Every answer can be read cross-origin. A fault may override a header, or name it in
 * `without` to leave it out, to test how a client copes with CORS that hides things.
 */
export function withCors(response: Response, without: readonly string[] = []): Response {
  const skip = new Set(without.map((name) => name.toLowerCase()));
  const defaults = { ...CORS, 'X-Content-Type-Options': 'nosniff' };
  for (const [name, value] of Object.entries(defaults)) {
    if (!skip.has(name.toLowerCase()) && !response.headers.has(name)) response.headers.set(name, value);
  }
  for (const name of skip) response.headers.delete(name);
  return response;
}

/** The `email` a POST's body names (JSON or form), for the log; undefined when it names none. */
export async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const read = await readInput(request);
    const email = read === 'too-large' ? undefined : read.values.email;
    return typeof email === 'string' && email !== '' ? email.slice(0, 320) : undefined;
  } catch {
    return undefined;
  }
}

export async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = Array.from(new Uint8Array(digest).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

export function wantsJson(request: Request): boolean {
  return /\bjson\b|\+json/i.test(request.headers.get('Accept') ?? '');
}

export function httpUrl(value: string | null): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export type Input = { kind: 'json' | 'form' | 'other'; values: Record<string, unknown> };

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

export async function readInput(request: Request): Promise<Input | 'too-large'> {
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

export function pageFor(ctx: Context, title: string, message: string, errors?: string[]): string {
  const back = httpUrl(ctx.request.headers.get('Referer'))?.href;
  return page({ title, message, errors, back });
}

export function notFound(ctx: Context, asPage: boolean): Answer {
  const response = asPage
    ? html(404, pageFor(ctx, 'Not found', 'This form or page does not exist, or no longer does.'))
    : json(404, { message: NOT_FOUND });
  return { response, outcome: 'not-found' };
}
