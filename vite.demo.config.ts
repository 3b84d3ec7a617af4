/**
 * `npm run build:demo`: the demo creator site as a site is deployed, built into dist-demo/
 * (its three pages, the script-tag bundle and the kit's stylesheet, minified), and
 * `vite preview --config vite.demo.config.ts` serves it with the stand-in on the same
 * origin. `npm run lighthouse` audits this build, not the dev server.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import base from './vite.config.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  ...base,
  // robots.txt, as a deployed site has one.
  publicDir: here('./demo/public'),
  build: {
    outDir: here('./dist-demo'),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    rolldownOptions: {
      input: {
        index: here('./demo/index.html'),
        app: here('./demo/app.html'),
        hub: here('./demo/hub/index.html'),
      },
    },
  },
});
