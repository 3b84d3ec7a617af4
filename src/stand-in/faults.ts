/**
 * Faults stand for what sits in front of the service, or goes wrong inside it: a proxy that
 * redirects or mangles a body, a network that hangs or drops a connection, a 429 from an edge
 * that exposes no headers, an answer a browser may not read, a clock that is off. Armed
 * through `POST /__stand-in/faults`, each rule takes the next matching API requests before
 * routing (docs/stand-in.md has one example per case).
 */
import { sleep } from '../timing/sleep.js';
import { CORS, TOO_MANY } from './responses.js';
import type { Answer, Context } from './state.js';
import type { ArmedFault, FaultRule } from './types.js';

/** What every CORS answer carries, and a `cors: false` fault leaves out. */
const CORS_HEADERS = Object.keys(CORS);

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
 * fault says `store`, after the wait when the fault only delays or holds, and otherwise never.
 */
export async function applyFault(fault: ArmedFault, ctx: Context, handle: () => Promise<Answer>): Promise<Answer> {
  const { instance } = ctx;
  const handled = fault.store ? await handle() : undefined;
  const waitMs = fault.hold ? MAX_DELAY_MS : fault.delayMs;
  if (waitMs) {
    const signals = [ctx.request.signal];
    if (fault.hold) {
      signals.push(instance.holds.signal);
      instance.held++;
    }
    // An early end (the client went away, a release) is no error: the answer follows.
    await sleep(waitMs, AbortSignal.any(signals)).catch(() => undefined);
    if (fault.hold) instance.held--;
  }
  const serverNow = instance.now() + (fault.clockSkew ?? 0) * 1000;
  const without = [
    ...Object.entries(fault.headers ?? {})
      .filter(([, value]) => value === null)
      .map(([name]) => name),
    ...(fault.cors === false ? CORS_HEADERS : []),
  ];
  // A network error, as fetch defines it; the Node adapter destroys the socket for it.
  if (fault.drop) return { response: Response.error(), outcome: handled?.outcome ?? 'dropped', trap: handled?.trap };
  const answer =
    fault.status === undefined
      ? (handled ?? (await handle()))
      : { response: faultResponse(fault), outcome: handled?.outcome ?? ('fault' as const), trap: handled?.trap };
  if (fault.stall) answer.response = stalled(answer.response, ctx);
  const { headers } = answer.response;
  if (fault.clockSkew !== undefined) headers.set('Date', new Date(serverNow).toUTCString());
  if (fault.reset !== undefined) {
    const at = serverNow + fault.reset * 1000;
    headers.set('X-RateLimit-Reset', String(fault.resetUnit === 'milliseconds' ? Math.round(at) : Math.ceil(at / 1000)));
  }
  return { ...answer, without: [...(answer.without ?? []), ...without] };
}

/** `response` with the same status and headers, whose body stops halfway until released, then is cut off. */
function stalled(response: Response, ctx: Context): Response {
  const { instance } = ctx;
  const until = AbortSignal.any([ctx.request.signal, instance.holds.signal]);
  instance.held++;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length > 1) controller.enqueue(bytes.subarray(0, bytes.length >> 1));
      void sleep(MAX_DELAY_MS, until)
        .catch(() => undefined)
        .then(() => {
          instance.held--;
          controller.error(new Error('The answer was cut off.'));
        });
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
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
  const { path, method, times = 1, skip = 0, delayMs, headers, body, redirect, drop, store, hold, cors, reset, resetUnit, clockSkew, stall } = object;
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
  for (const [name, value] of [['drop', drop], ['store', store], ['hold', hold], ['cors', cors], ['stall', stall]] as const) {
    if (value !== undefined && typeof value !== 'boolean') return `"${name}" must be true or false.`;
  }
  for (const [name, value] of [['reset', reset], ['clockSkew', clockSkew]] as const) {
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) return `"${name}" must be a number of seconds.`;
  }
  if (resetUnit !== undefined && resetUnit !== 'seconds' && resetUnit !== 'milliseconds') {
    return '"resetUnit" must be "seconds" or "milliseconds".';
  }
  if (redirect !== undefined) {
    if (typeof redirect !== 'string' || redirect === '') return '"redirect" must be the Location to send, a URL.';
    status ??= 302;
    if (!REDIRECTS.includes(status as number)) return `A redirect's "status" must be one of ${REDIRECTS.join(', ')}.`;
  }
  if (drop && status !== undefined) return 'A fault that drops the connection sends no "status" or "redirect".';
  if (stall && drop) return 'A fault that drops the connection has no body to stall.';
  if (status === undefined && !drop && !delayMs && !hold && !stall && cors !== false && reset === undefined && clockSkew === undefined) {
    return 'A fault needs a "status", a "redirect", "drop": true, a "delayMs", "hold": true, "stall": true, "cors": false, a "reset" or a "clockSkew".';
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
    ...(hold ? { hold: true } : {}),
    ...(stall ? { stall: true } : {}),
    ...(cors === false ? { cors: false } : {}),
    ...(reset !== undefined ? { reset: reset as number } : {}),
    ...(resetUnit !== undefined ? { resetUnit: resetUnit as 'seconds' | 'milliseconds' } : {}),
    ...(clockSkew !== undefined ? { clockSkew: clockSkew as number } : {}),
  };
}
