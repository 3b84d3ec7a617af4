/**
 * What the page-cost bench reads from Chromium (bench/page-cost.ts): the renderer's main
 * thread in a trace (its tasks: wall time and thread CPU time), and the requests of a
 * load from the DevTools protocol (bytes, how they chain).
 *
 * Wall time at 4x CPU and thread CPU time tell different things. Chromium's 4x throttle
 * makes the page's thread busy-wait after each slice of work, so at 4x a task's wall time
 * and its CPU time both include those waits, and on a loaded machine the wall time also
 * includes the time the thread waited for a core. A task's thread CPU time (`tdur`) in an
 * unthrottled load is the work itself: judged against 12.5 ms, it says whether the task
 * would stay under 50 ms on a phone four times slower.
 */
import type { CDPSession } from 'puppeteer-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** A task of the renderer's main thread: when it started (µs, trace clock), its wall and CPU ms. */
export interface Task {
  start: number;
  wallMs: number;
  cpuMs: number;
  /** It ran script (a timer, an event, a module, a callback): the page woke up for it. */
  script: boolean;
}

const SCRIPT = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'FireIdleCallback', 'EventDispatch', 'RunMicrotasks', 'v8.run']);

/**
 * The main thread of the renderer that shows `url`: a trace is of the whole browser (other
 * tabs, a spare renderer), so the process is the one the browser committed the page's
 * frame to.
 */
function mainThread(events: TraceEvent[], url: string): [number, number] | undefined {
  let pid: number | undefined;
  for (const e of events) {
    const data = e.args?.data as { url?: string; processId?: number; frames?: Array<{ url: string; processId: number }> } | undefined;
    if (e.name === 'FrameCommittedInBrowser' && data?.url?.startsWith(url)) pid = data.processId;
    if (e.name === 'TracingStartedInBrowser' && pid === undefined) pid = data?.frames?.find((f) => f.url.startsWith(url))?.processId;
  }
  const thread = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid);
  return thread && [thread.pid, thread.tid];
}

/** The tasks of the main thread that shows `url`, between `from` and `to` (µs, trace clock; all when absent). */
export function tasks(events: TraceEvent[], url: string, from = -Infinity, to = Infinity): Task[] {
  const main = mainThread(events, url);
  if (!main) throw new Error(`no renderer in the trace shows ${url}`);
  const [pid, tid] = main;
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const out: Task[] = [];
  let current: Task | undefined;
  let end = -Infinity;
  for (const event of mine) {
    if (event.name === 'RunTask') {
      end = event.ts + (event.dur ?? 0);
      current = event.ts >= from && event.ts <= to ? { start: event.ts, wallMs: (event.dur ?? 0) / 1000, cpuMs: (event.tdur ?? event.dur ?? 0) / 1000, script: false } : undefined;
      if (current) out.push(current);
    } else if (current && event.ts < end && SCRIPT.has(event.name)) {
      current.script = true;
    }
  }
  return out;
}

/** Total blocking time: what each task took past 50 ms, added up (of wall time, at the throttle it ran under). */
export const blockingMs = (list: Task[]) => list.reduce((sum, task) => sum + Math.max(0, task.wallMs - 50), 0);

/** The trace clock (µs) of a `performance.mark(name)` the page made, or undefined. */
export function markTime(events: TraceEvent[], name: string): number | undefined {
  return events.find((e) => e.name === name && e.cat.includes('blink.user_timing'))?.ts;
}

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.compile',
];

/** Records a trace while `during` runs, and returns its events. */
export async function traced(cdp: CDPSession, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: TraceEvent[] }) => void events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
  try {
    await during();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/** One request of a load, as the DevTools protocol saw it. */
export interface Request {
  id: string;
  url: string;
  /** The URL of the script or document whose code asked for it, when known. */
  initiator: string | undefined;
  sentAt: number;
  respondedAt?: number;
  finishedAt?: number;
  /** Bytes on the wire: headers and the (compressed) body. */
  bytes: number;
  type?: string;
}

interface Initiator {
  type: string;
  url?: string;
  stack?: { callFrames: Array<{ url: string }>; parent?: Initiator['stack'] };
}

/** The script that asked: the initiator's URL, or the nearest frame of its stack (async parents too). */
function initiatorUrl(initiator: Initiator): string | undefined {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return undefined;
}

/** Records every request of the page from now on (Network must be enabled). */
export function recordRequests(cdp: CDPSession): Map<string, Request> {
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; initiator: Initiator; timestamp: number; type?: string }) => {
    if (e.request.url.startsWith('data:')) return;
    requests.set(e.requestId, { id: e.requestId, url: e.request.url, initiator: initiatorUrl(e.initiator), sentAt: e.timestamp, bytes: 0, type: e.type });
  });
  cdp.on('Network.responseReceived', (e: { requestId: string; timestamp: number; type?: string }) => {
    const request = requests.get(e.requestId);
    if (request) Object.assign(request, { respondedAt: e.timestamp, type: e.type ?? request.type });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const request = requests.get(e.requestId);
    if (request) Object.assign(request, { finishedAt: e.timestamp, bytes: e.encodedDataLength });
  });
  return requests;
}

/**
 * How many round trips in a row the longest chain of requests took after the page's own
 * HTML: a request counts one more than the one whose file asked for it, when that file had
 * to arrive first (a module that imports another, a loader that imports a file). The HTML
 * is 0; the script tag it names, 1; a file that script asks for, 2; a file that one
 * imports and no one asked for earlier, 3.
 */
export function chainDepth(requests: Request[], pageUrl: string): number {
  const byUrl = new Map<string, Request>();
  for (const request of requests) if (!byUrl.has(request.url)) byUrl.set(request.url, request);
  const depth = new Map<string, number>();
  const of = (request: Request, seen = new Set<Request>()): number => {
    if (request.url === pageUrl) return 0;
    const known = depth.get(request.id);
    if (known !== undefined) return known;
    const parent = request.initiator ? byUrl.get(request.initiator) : undefined;
    let d = 1;
    if (parent && !seen.has(parent) && parent.url !== request.url) {
      seen.add(request);
      // Asked for before its asker arrived (a preload the loader made at once): no wait.
      const waited = parent.respondedAt === undefined || request.sentAt >= parent.respondedAt;
      d = of(parent, seen) + (waited ? 1 : 0);
    }
    depth.set(request.id, d);
    return d;
  };
  return Math.max(0, ...requests.map((request) => of(request)));
}
