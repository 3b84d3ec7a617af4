/**
 * Faults stand for what sits in front of the service (a proxy, the network): armed through
 * `POST /__stand-in/faults`, they take the next matching API requests before routing.
 */

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

export type ArmedFault = FaultRule & { times: number };

/** Removes and returns the first armed fault that matches, counting one of its `times`. */
export function takeFault(faults: ArmedFault[], method: string, path: string): ArmedFault | undefined {
  const index = faults.findIndex(
    (f) => path.includes(f.path) && (f.method ? f.method.toUpperCase() === method : method !== 'OPTIONS'),
  );
  if (index < 0) return undefined;
  const fault = faults[index]!;
  fault.times -= 1;
  if (fault.times <= 0) faults.splice(index, 1);
  return fault;
}

export function faultResponse(fault: FaultRule): Response {
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

export function parseFault(object: Record<string, unknown> | undefined): ArmedFault | string {
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
