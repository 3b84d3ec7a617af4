/**
 * Pagefind's side of the bench, in Node: its indexing runs in its own binary (the
 * `pagefind` package's Node API), which writes a bundle of files that its search script
 * loads over HTTP, in the browser as on a static site. `npm run bench` serves the bundles
 * to the page; the seeds run serves them on the loopback and runs the same search script
 * in Node.
 *
 * Its best documented configuration for a site whose pages are in several languages and
 * searched from one box: every entry is a page (`addHTMLFile`) with its title as the `<h1>`
 * (Pagefind weighs headings above text, and its title metadata again), tags and excerpt as
 * paragraphs, its content as the body; and `forceLanguage`, which builds one index for the
 * whole site instead of one per language that only its own language's pages would search.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as pagefind from 'pagefind';
import type { SearchEntry } from '../src/api/schema.js';

export type Bundle = Map<string, Uint8Array>;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An entry as a static site generator would render its page. */
export function page(entry: SearchEntry): string {
  return [
    '<!doctype html><html><head><title>',
    escape(entry.title),
    '</title></head><body><main><h1>',
    escape(entry.title),
    '</h1>',
    entry.tags?.length ? `<p>${escape(entry.tags.join(', '))}</p>` : '',
    entry.excerpt ? `<p>${escape(entry.excerpt)}</p>` : '',
    entry.content ? `<div>${escape(entry.content)}</div>` : '',
    '</main></body></html>',
  ].join('');
}

/** Where the entry numbered `n` is found: Pagefind answers with URLs. */
export const pageUrl = (n: number) => `/e/${n}/`;

/** Indexes `entries` with Pagefind's binary; the bundle's files by path, and the time it took. */
export async function pagefindBundle(entries: readonly SearchEntry[]): Promise<{ files: Bundle; ms: number }> {
  const start = performance.now();
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  // The binary takes pages as messages; a few hundred in flight keep it busy.
  for (let i = 0; i < entries.length; i += 256) {
    const added = await Promise.all(entries.slice(i, i + 256).map((entry, j) => index.addHTMLFile({ url: pageUrl(i + j), content: page(entry) })));
    const failed = added.find((a) => a.errors.length);
    if (failed) throw new Error(`Pagefind: ${failed.errors.join('; ')}`);
  }
  const { files } = await index.getFiles();
  await index.deleteIndex();
  return { files: new Map(files.map((f) => [f.path, f.content])), ms: performance.now() - start };
}

/** Stops Pagefind's binary. */
export const closePagefind = () => pagefind.close();

/** Answers `GET {prefix}{name}/{path}` from the bundles, or returns false. */
export function serveBundle(bundles: ReadonlyMap<string, Bundle>, url: string, res: http.ServerResponse, prefix = '/pagefind/'): boolean {
  if (!url.startsWith(prefix)) return false;
  const [name, ...rest] = url.slice(prefix.length).split('?')[0]!.split('/');
  const body = bundles.get(name!)?.get(rest.join('/'));
  if (!body) return false;
  res.writeHead(200, { 'Content-Type': rest.join('/').endsWith('.js') ? 'text/javascript' : 'application/octet-stream', 'Cache-Control': 'no-store' });
  res.end(body);
  return true;
}

/** Serves bundles on the loopback, for Pagefind's search script run in Node. */
export async function bundleServer(): Promise<{ bundles: Map<string, Bundle>; base: (name: string) => string; close: () => void }> {
  const bundles = new Map<string, Bundle>();
  const server = http.createServer((req, res) => {
    if (!serveBundle(bundles, req.url ?? '/', res)) res.writeHead(404).end();
  });
  // Node's fetch keeps connections for reuse; a server that drops idle ones after its
  // default 5 s can drop one just as a request goes out on it (ECONNRESET). Keep them.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.close();
    server.closeAllConnections();
  };
  return { bundles, base: (name) => `${origin}/pagefind/${name}/`, close };
}
