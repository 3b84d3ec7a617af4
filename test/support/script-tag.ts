/**
 * The script tag's files served as a site or a CDN serves them: dist/hub-kit.js, dist/hub-kit.css
 * and what the loader fetches from dist/hub-kit/, read from disk on each request, with CORS
 * (module scripts from another origin need it, as every public CDN sends it). Pages come from
 * the test. Every response is recorded with its body, so a test can count what a page fetched.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** The script tag's own files, relative to dist/. */
const KIT_FILE = /^(hub-kit\.(?:js|css)|hub-kit\/[\w.-]+\.js)$/;

export interface Served {
  /** The request's path. */
  path: string;
  type: string;
  body: Buffer;
}

export interface ScriptTagServer {
  /** `http://host:port`, on the host asked for (`localhost` and `127.0.0.1` are two origins). */
  origin: string;
  /** Every response, in the order the requests came. */
  served: Served[];
  close(): Promise<void>;
}

function answerFaulty(fault: Fault, name: string, body: Buffer, response: http.ServerResponse): void {
  fault.log.push(`request ${name}`);
  const headers = { 'content-type': TYPES['.js']!, 'access-control-allow-origin': '*', 'cache-control': 'no-store', 'content-length': String(body.length) };
  const send = () => {
    fault.log.push(`response ${name}`);
    response.writeHead(200, headers);
    response.end(body);
  };
  if (fault.kind !== 'hold') {
    if (fault.dropped || !fault.names.includes(name)) return send();
    fault.dropped = true;
    response.writeHead(200, headers);
    response.write(body.subarray(0, body.length >> 1));
    // Half the file is on its way; then the connection is gone, or goes quiet.
    setTimeout(
      () => {
        fault.log.push(`dropped ${name}`);
        response.socket?.destroy();
      },
      fault.kind === 'drop' ? 50 : 60_000,
    );
    if (fault.kind === 'stall') setTimeout(() => fault.log.push(`stalled ${name}`), 50);
    return;
  }
  if (!fault.names.includes(name)) return send();
  fault.asked.add(name);
  fault.waiting.push(send);
  const release = () => fault.waiting.splice(0).forEach((answer) => answer());
  if (fault.names.every((n) => fault.asked.has(n))) release();
  else setTimeout(release, 10_000);
}

export interface ServeOptions {
  host?: 'localhost' | '127.0.0.1';
  /** The HTML of a page at this path, or undefined for none. */
  page?: (url: URL) => string | undefined;
}

/**
 * A folder that names a way the network misbehaves for the kit's files below it, for the
 * loader's tests (test/browser/bundle/loader.test.ts). `<token>` keeps each page's apart.
 *
 * - `/hold-<names>-<token>/`: the files of the kit's `hub-kit/` folder named in `<names>`
 *   (joined by `+`, e.g. `forms+core`) are answered only once all of them have been asked
 *   for (or after 10 s, so that a page whose loader asks for them one after another still
 *   loads): a page that asks for them at once gets them; one that chains them shows it.
 * - `/drop-<name>-<token>/`: the first request for the file `<name>` gets its headers and
 *   half its body, then the connection is reset, as when a phone loses its network
 *   mid-file; the requests after it are answered.
 * - `/stall-<name>-<token>/`: the same, but the connection stays open and nothing more
 *   comes (for a minute), as when a phone's network stalls between cells.
 *
 * `/log/<token>` answers what happened in that folder, in order: `request <name>`,
 * `response <name>`, `dropped <name>` (a file's name is the part before its hash).
 */
interface Fault {
  kind: 'hold' | 'drop' | 'stall';
  names: string[];
  log: string[];
  /** Hold: the names asked for so far, and the answers waiting for the rest. */
  asked: Set<string>;
  waiting: Array<() => void>;
  dropped: boolean;
}

const FAULT = /(?:^|\/)(hold|drop|stall)-([\w+-]+?)-(t\d+)\//;
const fileName = (kit: string) => /^hub-kit\/(\w+(?:-[a-z]+)*)-[\w-]{8}\.js$/.exec(kit)?.[1];

/**
 * Serves the kit's files at any path that ends in one of them (`/v/42/hub-kit.js`,
 * `/v/42/hub-kit/core-….js`), so that each page load can have a folder of its own and its
 * requests be told apart; anything else is the test's page, or 404. A folder may name a
 * fault (above).
 */
export async function serveScriptTag(options: ServeOptions = {}): Promise<ScriptTagServer> {
  const served: Served[] = [];
  const faults = new Map<string, Fault>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    const logOf = /^\/log\/(t\d+)$/.exec(url.pathname)?.[1];
    if (logOf) {
      response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
      response.end(JSON.stringify(faults.get(logOf)?.log ?? []));
      return;
    }
    const kit = /(?:^|\/)(hub-kit(?:\.js|\.css|\/[\w.-]+\.js))$/.exec(url.pathname)?.[1];
    const faulty = FAULT.exec(url.pathname);
    const name = kit && fileName(kit);
    if (faulty && name && existsSync(join(dist, kit))) {
      const [, kind, names, token] = faulty as unknown as [string, Fault['kind'], string, string];
      let fault = faults.get(token!);
      if (!fault) faults.set(token!, (fault = { kind, names: names.split('+'), log: [], asked: new Set(), waiting: [], dropped: false }));
      return answerFaulty(fault, name, readFileSync(join(dist, kit)), response);
    }
    let body: Buffer | undefined;
    let type = TYPES['.html']!;
    if (kit && KIT_FILE.test(kit) && existsSync(join(dist, kit))) {
      body = readFileSync(join(dist, kit));
      type = TYPES[extname(kit)]!;
    } else {
      const html = options.page?.(url);
      if (html !== undefined) body = Buffer.from(html);
    }
    if (!body) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    served.push({ path: url.pathname, type, body });
    response.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
    response.end(body);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
