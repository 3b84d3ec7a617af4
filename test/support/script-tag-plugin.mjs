/**
 * The script tag from another origin, for the browser tests:
 *
 * - `executeServerCommand('script-tag-origin')` -> `{ origin }`: the script tag's files
 *   (script-tag.ts) on another origin, as a CDN serves them. Any path ending in a kit file
 *   serves it: `${origin}/copy-2/hub-kit.js`.
 * - `/__csp-cdn-page?src=<url of hub-kit.js>`, in the test server: a page that loads the kit
 *   from that URL under a Content-Security-Policy header that allows only the folder it is
 *   in (the narrowest source docs/csp.md offers for a CDN), as a site that uses a CDN
 *   writes it (test/browser/csp.test.ts).
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

export function cspCdnPageMiddleware() {
  return async (ctx, next) => {
    if (ctx.path !== '/__csp-cdn-page') return next();
    const src = new URL(String(ctx.query.src));
    const attr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const folder = new URL('./', src).href;
    ctx.set('Content-Security-Policy', `script-src 'self' ${folder}; style-src 'self'; require-trusted-types-for 'script'`);
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>hub-kit from a CDN under a Content Security Policy</title>
<script src="/test/browser/csp-pages/record-violations.js"></script>
<script type="module" src="${attr(src.href)}"></script></head><body><main></main></body></html>`;
  };
}
