/**
 * The answers every endpoint group gives: JSON and HTML bodies, the CORS every answer
 * carries, the service's stock messages, and the small page a form posted without
 * JavaScript comes back to.
 */
import { page } from './html.js';
import { httpUrl } from './request.js';
import type { Answer, Context } from './state.js';

export const TOO_MANY = 'Too Many Attempts.';
export const NOT_FOUND = 'Not found.';

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

/** The ETag of a body: the same body, the same tag, so `If-None-Match` can answer 304. */
export async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = Array.from(new Uint8Array(digest).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/** A small page with a way back to the page the form was on, when the browser said which. */
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
