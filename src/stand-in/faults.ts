/**
 * Faults stand for what sits in front of the service, or goes wrong inside it: a proxy that
 * redirects or mangles a body, a network that hangs or drops a connection, a 429 from an edge
 * that exposes no headers. Armed through `POST /__stand-in/faults`, each rule takes the next
 * matching API requests before routing (docs/stand-in.md has one example per case).
 */
import { TOO_MANY, sleep } from './http.js';
import type { Answer } from './state.js';

export interface FaultRule {
  /** Substring of the request path and query (within the instance) that the fault applies to. */
  path: string;
  /** Only this method; any method but OPTIONS when missing, so preflights still pass. */
  method?: string;
  /**
   * The answer's status. Without it (and without `redirect` or `drop`) the request is only
   * delayed, then handled normally.
   */
  status?: number;
  /** How many matching requests get the fault. Default 1. */
  times?: number;
  /** Let this many matching requests through untouched first, e.g. 4 to fault the 5th. Default 0. */
  skip?: number;
  /** Wait this long before answering (at most 120000); ends early when the client goes away. */
  delayMs?: number;
  /** Headers of the answer. `null` leaves out a header the stand-in would add (CORS, for instance). */
  headers?: Record<string, string | null>;
  /** Sent as is when a string, as JSON otherwise. */
  body?: unknown;
  /** The `Location` of a redirect; the status is then 301, 302 (the default), 303, 307 or 308. */
  redirect?: string;
  /** Destroy the connection instead of answering, after the request (and its body) was read. */
  drop?: boolean;
  /**
   * Let the service handle the request first, as it normally would (a POST is saved, the
   * request counts against its limits and is logged with its real outcome); the fault then
   * replaces the answer, or drops the connection. Without it, the service never sees the request.
   */
  store?: boolean;
}

export type ArmedFault = FaultRule & { times: number; skip: number };

const REDIRECTS = [301, 302, 303, 307, 308];
const MAX_DELAY_MS = 120_000;

/** Removes and returns the first armed fault that matches, counting one of its `times`. */
export function takeFault(faults: ArmedFault[], method: string, path: string): ArmedFault | undefined {
  const index = faults.findIndex(
    (f) => path.includes(f.path) && (f.method ? f.method.toUpperCase() === method : method !== 'OPTIONS'),
  );
  if (index < 0) return undefined;
  const fault = faults[index]!;
  if (fault.skip > 0) {
    fault.skip -= 1;
    return undefined;
  }
  fault.times -= 1;
  if (fault.times <= 0) faults.splice(index, 1);
  return fault;
}

/**
 * Answers a request that a fault took. `handle` is the service itself; it runs first when the
 * fault says `store`, after the delay when the fault only delays, and otherwise never.
 */
export async function applyFault(fault: ArmedFault, signal: AbortSignal, handle: () => Promise<Answer>): Promise<Answer> {
  const handled = fault.store ? await handle() : undefined;
  if (fault.delayMs) await sleep(fault.delayMs, signal);
  // A network error, as fetch defines it; the Node adapter destroys the socket for it.
  if (fault.drop) return { response: Response.error(), outcome: handled?.outcome ?? 'dropped', trap: handled?.trap };
  if (fault.status === undefined) return handled ?? handle();
  const without = Object.entries(fault.headers ?? {})
    .filter(([, value]) => value === null)
    .map(([name]) => name);
  return { response: faultResponse(fault), outcome: handled?.outcome ?? 'fault', without, trap: handled?.trap };
}

function faultResponse(fault: FaultRule): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const [name, value] of Object.entries(fault.headers ?? {})) if (value !== null) headers.set(name, value);
  if (fault.redirect !== undefined && !headers.has('Location')) headers.set('Location', fault.redirect);
  const status = fault.status!;
  let body: string | null;
  if (status === 204 || status === 304) body = null;
  else if (fault.body !== undefined) body = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
  else if (fault.redirect !== undefined) body = null;
  else if (status === 429) body = JSON.stringify({ message: TOO_MANY });
  else body = JSON.stringify({ message: `The service answered ${status}.` });
  if (body !== null && !headers.has('Content-Type')) {
    headers.set('Content-Type', typeof fault.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  }
  return new Response(body, { status, headers });
}

/** One rule, or a list of rules, from a control request's body; a string says what is wrong. */
export function parseFaults(body: unknown): ArmedFault[] | string {
  const rules = Array.isArray(body) ? body : [body];
  if (!rules.length) return 'Send a fault rule, or a list of them.';
  const armed: ArmedFault[] = [];
  for (const [index, rule] of rules.entries()) {
    const parsed = parseFault(rule);
    if (typeof parsed === 'string') return rules.length > 1 ? `Rule ${index}: ${parsed}` : parsed;
    armed.push(parsed);
  }
  return armed;
}

function parseFault(rule: unknown): ArmedFault | string {
  const object = rule && typeof rule === 'object' && !Array.isArray(rule) ? (rule as Record<string, unknown>) : undefined;
  if (!object || typeof object.path !== 'string') return 'A fault needs a "path": a substring of the request path.';
  const { path, method, times = 1, skip = 0, delayMs, headers, body, redirect, drop, store } = object;
  let { status } = object;
  if (method !== undefined && typeof method !== 'string') return '"method" must be a string.';
  if (status !== undefined && (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599)) {
    return '"status" must be an HTTP status from 200 to 599.';
  }
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return '"times" must be a whole number of 1 or more.';
  if (typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0) return '"skip" must be a whole number of 0 or more.';
  if (delayMs !== undefined && (typeof delayMs !== 'number' || !(delayMs >= 0) || delayMs > MAX_DELAY_MS)) {
    return `"delayMs" must be a number of milliseconds up to ${MAX_DELAY_MS}.`;
  }
  for (const [name, value] of [['drop', drop], ['store', store]] as const) {
    if (value !== undefined && typeof value !== 'boolean') return `"${name}" must be true or false.`;
  }
  if (redirect !== undefined) {
    if (typeof redirect !== 'string' || redirect === '') return '"redirect" must be the Location to send, a URL.';
    status ??= 302;
    if (!REDIRECTS.includes(status as number)) return `A redirect's "status" must be one of ${REDIRECTS.join(', ')}.`;
  }
  if (drop && status !== undefined) return 'A fault that drops the connection sends no "status" or "redirect".';
  if (status === undefined && !drop && !delayMs) {
    return 'A fault needs a "status", a "redirect", "drop": true or a "delayMs".';
  }
  if (headers !== undefined && (typeof headers !== 'object' || headers === null || Array.isArray(headers))) {
    return '"headers" must be an object of strings (or null, to leave a header out).';
  }
  const headerMap: Record<string, string | null> = {};
  for (const [key, value] of Object.entries((headers as Record<string, unknown>) ?? {})) {
    headerMap[key] = value === null ? null : String(value);
  }
  return {
    path,
    ...(method ? { method: method.toUpperCase() } : {}),
    ...(status !== undefined ? { status: status as number } : {}),
    times,
    skip,
    ...(delayMs ? { delayMs } : {}),
    headers: headerMap,
    ...(body !== undefined ? { body } : {}),
    ...(redirect !== undefined ? { redirect: redirect as string } : {}),
    ...(drop ? { drop: true } : {}),
    ...(store ? { store: true } : {}),
  };
}
