/**
 * Routing for the demo's Hub, in the dev server and the preview of the built demo: every path under /hub is the one Hub page, which
 * asks the service what the path is (the resolve recipe). A static host does the same
 * with a rewrite rule (`/hub/* -> /hub/index.html`).
 */
import type { Plugin } from 'vite';

export function hubRoutes(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const url = req.url ?? '';
    const path = url.split('?')[0] ?? '';
    // Files the Hub page loads itself (its script, its styles) are served as they are.
    if (/^\/hub(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path)) {
      req.url = '/hub/index.html' + url.slice(path.length);
    }
    next();
  };
  return {
    name: 'hub-kit-demo-hub-routes',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    // The built demo (`npm run build:demo`, served by `vite preview`) routes the same way.
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}
