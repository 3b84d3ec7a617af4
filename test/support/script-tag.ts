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

export interface ServeOptions {
  host?: 'localhost' | '127.0.0.1';
  /** The HTML of a page at this path, or undefined for none. */
  page?: (url: URL) => string | undefined;
}

/**
 * Serves the kit's files at any path that ends in one of them (`/v/42/hub-kit.js`,
 * `/v/42/hub-kit/core-….js`), so that each page load can have a folder of its own and its
 * requests be told apart; anything else is the test's page, or 404.
 */
export async function serveScriptTag(options: ServeOptions = {}): Promise<ScriptTagServer> {
  const served: Served[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    const kit = /(?:^|\/)(hub-kit(?:\.js|\.css|\/[\w.-]+\.js))$/.exec(url.pathname)?.[1];
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
