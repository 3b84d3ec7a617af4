/**
 * The script tag from another origin, for the browser tests:
 *
 * - `executeServerCommand('script-tag-origin')` -> `{ origin }`: the script tag's files
 *   (script-tag.ts) on another origin, as a CDN serves them. Any path ending in a kit file
 *   serves it: `${origin}/copy-2/hub-kit.js`.
 * - `/__csp-page?script-src=<sources>&worker-src=<sources>&src=<url of hub-kit.js>&nonce=<nonce>&lang=<lang>`, in
 *   the test server: a page in `lang` (default en) that loads the kit from `src` (default /dist/hub-kit.js) under a
 *   Content-Security-Policy header with those script sources (and worker sources, when given), `style-src 'self'` and
 *   Trusted Types required (with `trusted-types hub-kit` when there is a nonce, which both
 *   script tags carry), for the policies that name a CDN's URL or pair a nonce with
 *   'strict-dynamic' (test/browser/bundle/csp.test.ts).
 */
import { serveScriptTag } from './script-tag.ts';

export function scriptTagOriginPlugin() {
  let server;
  return {
    name: 'script-tag-origin',
    async executeCommand({ command }) {
      if (command !== 'script-tag-origin') return undefined;
      server ??= serveScriptTag();
      return { origin: (await server).origin };
    },
    async serverStop() {
      if (server) await (await server).close();
    },
  };
}

export function cspPageMiddleware() {
  return async (ctx, next) => {
    if (ctx.path !== '/__csp-page') return next();
    const src = new URL(String(ctx.query.src ?? '/dist/hub-kit.js'), 'http://page/');
    const nonce = ctx.query.nonce ? String(ctx.query.nonce) : undefined;
    const attr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const nonceAttr = nonce ? ` nonce="${attr(nonce)}"` : '';
    const policy = [`script-src ${ctx.query['script-src']}`, "style-src 'self'", "require-trusted-types-for 'script'"];
    if (ctx.query['worker-src']) policy.push(`worker-src ${ctx.query['worker-src']}`);
    if (nonce) policy.push('trusted-types hub-kit');
    ctx.set('Content-Security-Policy', policy.join('; '));
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="${attr(String(ctx.query.lang ?? 'en'))}"><head><meta charset="utf-8">
<title>hub-kit under a Content Security Policy</title>
<script${nonceAttr} src="/test/browser/bundle/csp-pages/record-violations.js"></script>
<script type="module"${nonceAttr} src="${attr(src.host === 'page' ? src.pathname : src.href)}"></script></head><body><main></main></body></html>`;
  };
}
