/**
 * The stand-in on Node: a connect-style middleware (Vite, the test runner's server, plain
 * node:http) and a `serve()` that listens on a port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStandIn, proxyHops, type ConnectionInfo, type StandIn } from './handler.js';

export interface NodeHandlerOptions {
  /**
   * Behind proxies you run: read the visitor (and X-Forwarded-Proto) from what they forward.
   * `true` trusts one proxy, a number N trusts N in a row; see StandInOptions.trustProxy.
   */
  trustProxy?: boolean | number;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

const OURS = /^\/(?:api\/|__stand-in(?:[/?]|$)|__sandbox\/)/;

// Far more than any public endpoint takes; large enough for a test's 50 000-entry tenant.
const MAX_BODY = 64 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * A middleware that answers `/api/…`, `/__stand-in…` and `/__sandbox/…` and passes every
 * other request to `next` (404 when there is none). Mount it without a path prefix: it
 * reads `req.url` as the full path.
 */
export function toNodeHandler(standIn: StandIn, options: NodeHandlerOptions = {}): NodeHandler {
  const trustProxy = options.trustProxy;
  return (req, res, next) => {
    const target = req.url ?? '/';
    if (!OURS.test(target)) {
      if (next) return next();
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'Not found.' }));
      return;
    }
    handle(standIn, trustProxy, req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
        res.end(JSON.stringify({ message: 'Server Error' }));
      } else {
        res.destroy(error instanceof Error ? error : undefined);
      }
    });
  };
}

async function handle(
  standIn: StandIn,
  trustProxy: boolean | number | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const encrypted = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  // The proxy nearest to us writes the last X-Forwarded-Proto entry.
  const forwardedProto = proxyHops(trustProxy) ? String(req.headers['x-forwarded-proto'] ?? '').split(',').at(-1)?.trim() : '';
  const protocol = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : encrypted ? 'https' : 'http';
  const host = req.headers.host ?? `localhost:${req.socket.localPort ?? 80}`;
  const url = `${protocol}://${host}${req.url ?? '/'}`;

  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const read = await readBody(req);
    if (read === 'too-large') {
      res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify({ message: 'Content Too Large' }));
      return;
    }
    body = read;
  }

  // A client that gives up (a timeout in a test) ends a delayed fault early.
  const aborted = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) aborted.abort();
  });

  const request = new Request(url, {
    method,
    headers: toHeaders(req),
    body: body && body.length ? new Uint8Array(body) : undefined,
    signal: aborted.signal,
  });
  const info: ConnectionInfo = {};
  if (req.socket.remoteAddress) info.remoteAddress = req.socket.remoteAddress;
  if (trustProxy !== undefined) info.trustProxy = trustProxy;
  const response = await standIn.fetch(request, info);
  if (res.destroyed) return;
  // A fault that drops the connection: the request was read in full, and no answer comes.
  if (response.type === 'error') {
    res.destroy();
    return;
  }

  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length) headers['set-cookie'] = setCookies;
  res.writeHead(response.status, headers);
  if (method === 'HEAD' || response.body === null) {
    res.end();
    return;
  }
  // Written as it comes: a `stall` fault sends part of a body, then nothing, then cuts it off.
  try {
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
    res.end();
  } catch {
    res.destroy();
  }
}

export interface ServeOptions {
  /** 0 picks a free port. Default 8787. */
  port?: number;
  host?: string;
  /** See StandInOptions.trustProxy. */
  trustProxy?: boolean | number;
  /** See StandInOptions.control; used when no `standIn` is given. */
  control?: 'loopback' | 'off';
  /** Serve this instance, e.g. to share state with a handler mounted elsewhere. */
  standIn?: StandIn;
}

export interface Served {
  /** e.g. `http://127.0.0.1:8787` */
  url: string;
  port: number;
  standIn: StandIn;
  close(): Promise<void>;
}

/** Listens on `host:port` with node:http; rejects with the listen error (EADDRINUSE, …). */
export function serve(options: ServeOptions = {}): Promise<Served> {
  const host = options.host ?? '127.0.0.1';
  const { trustProxy, control } = options;
  const standIn = options.standIn ?? createStandIn({ trustProxy, ...(control ? { control } : {}) });
  // Only a setting given here overrides the one a passed-in stand-in was made with.
  const handler = toNodeHandler(standIn, trustProxy === undefined ? {} : { trustProxy });
  const server = createServer((req, res) => handler(req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        port,
        standIn,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive sockets would hold close() open until they time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}
