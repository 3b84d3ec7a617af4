/**
 * A creator's site for tests in real tabs: every page is the built dist/hub-kit.js (with the
 * files of dist/hub-kit/ it fetches) and one form element, served from
 * `http://localhost:<port>` while the stand-in service listens on 127.0.0.1, so the page
 * and the service are of different origins, as on a real site.
 *
 *   const site = await startSite();
 *   await tab.goto(site.url('/contact', { base, kind: 'signup' }));
 *
 * A page's query says which element it holds (`kind`: `contact`, `signup`, `magic`, a
 * signup form for the magic link of the tenant's `demo-guide`, `action`, a signup form that
 * posts to the form action URL of `demo-form`, or `bio`, a page without a form) and where the
 * service is (`base`); the path is its title, so two paths are two pages of the site. With
 * `record: true`, the page also notes when its own fetch resolved with a good answer to a
 * POST (`window.__reads`, epoch milliseconds), passing every call through unchanged.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export type PageKind = 'contact' | 'signup' | 'magic' | 'action' | 'bio';

/** The element of each kind of page, with its attributes but the base URL. */
const ELEMENTS: Record<PageKind, [string, string]> = {
  contact: ['contact-form', 'tenant="demo"'],
  signup: ['signup-form', 'tenant="demo"'],
  magic: ['signup-form', 'tenant="demo" resource="demo-guide"'],
  action: ['signup-form', 'form="demo-form"'],
  bio: ['bio-card', 'tenant="demo" no-presence'],
};

export interface Site {
  url(path: string, query: { base: string; kind?: PageKind; record?: boolean }): string;
  close(): void;
}

export async function startSite(): Promise<Site> {
  const dist = new URL('../../dist/', import.meta.url);
  if (!existsSync(new URL('hub-kit.js', dist))) throw new Error('dist/hub-kit.js is missing: run `npm run build` first');
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    // The loader, and the files of dist/hub-kit/ it fetches beside it.
    if (/^\/hub-kit(\.js|\/[\w.-]+\.js)$/.test(url.pathname)) {
      const file = fileURLToPath(new URL(url.pathname.slice(1), dist));
      if (!existsSync(file)) {
        response.statusCode = 404;
        response.end();
        return;
      }
      response.setHeader('content-type', 'text/javascript');
      response.end(readFileSync(file));
      return;
    }
    const kind = url.searchParams.get('kind') as PageKind;
    const [tag, attributes] = ELEMENTS[kind] ?? ELEMENTS.contact;
    const upsert = kind === 'signup' || kind === 'action';
    const recorder = url.searchParams.has('record')
      ? `<script>window.__reads = []; const pageFetch = window.fetch; window.fetch = function (input, init) {
  const answer = pageFetch.apply(this, arguments);
  answer.then((r) => { if ((init && init.method) === 'POST' && ((r.status >= 200 && r.status < 300) || (r.status === 409 && ${upsert}))) window.__reads.push(performance.timeOrigin + performance.now()); }, () => {});
  return answer;
};</script>`
      : '';
    const title = url.pathname.slice(1) || 'Home';
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>${recorder}
<script type="module" src="/hub-kit.js"></script></head>
<body><main><h1>${title}</h1><${tag} ${attributes} base-url="${url.searchParams.get('base') ?? ''}"></${tag}></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url: (path, { base, kind = 'contact', record = false }) => `${origin}${path}?base=${encodeURIComponent(base)}&kind=${kind}${record ? '&record' : ''}`,
    close: () => server.close(),
  };
}
