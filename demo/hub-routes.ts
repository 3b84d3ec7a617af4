/**
 * Dev-server routing for the demo's Hub: every path under /hub is the one Hub page, which
 * asks the service what the path is (the resolve recipe). A static host does the same
 * with a rewrite rule (`/hub/* -> /hub/index.html`).
 */
import type { Plugin } from 'vite';

export function hubRoutes(): Plugin {
  return {
    name: 'hub-kit-demo-hub-routes',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '';
        const path = url.split('?')[0] ?? '';
        // Files the Hub page loads itself (its script, its styles) are served as they are.
        if (/^\/hub(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path)) {
          req.url = '/hub/index.html' + url.slice(path.length);
        }
        next();
      });
    },
  };
}
