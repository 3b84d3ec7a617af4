/**
 * Builds the examples for the browser tests, into examples/.build/ (after `npm run build`,
 * whose dist/ they import as `hub-kit/…`, exactly as a site's project would):
 *
 * - react.js and vue.js: each example app bundled with esbuild, since the browser cannot
 *   load React's and Vue's CommonJS and bundler builds as they are;
 * - static-site/: the static site example, built for a sandbox of the stand-in of its own;
 * - search-worker/: a page with `<hub-search>` from the npm entry, built by Vite, which bundles
 *   the element's search worker as a site's build would.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { root } from './entries.js';

const out = join(root, 'examples', '.build');
const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
} as const;

await build({
  ...common,
  entryPoints: [join(root, 'examples/react/app.tsx')],
  outfile: join(out, 'react.js'),
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
});

await build({
  ...common,
  entryPoints: [join(root, 'examples/vue/app.ts')],
  outfile: join(out, 'vue.js'),
  // The full build: the example's template is compiled in the browser.
  alias: { vue: 'vue/dist/vue.esm-bundler.js' },
  define: {
    'process.env.NODE_ENV': '"production"',
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
});

await viteBuild({
  configFile: false,
  root: join(root, 'examples/search-worker'),
  base: './',
  logLevel: 'warn',
  build: { outDir: join(out, 'search-worker'), emptyOutDir: true, minify: true },
});

// Each build gets a sandbox of the test server's stand-in, so the page's posts never meet
// another test's rate limits; the test reads the sandbox from the page.
const sandbox = `/__sandbox/static-site-${randomUUID().slice(0, 8)}`;
execFileSync(
  process.execPath,
  ['--import', 'tsx', join(root, 'examples/static-site/build.ts'), '--out', join(out, 'static-site'), '--base-url', sandbox],
  { stdio: 'inherit', cwd: root },
);
execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build-ssr-fixture.ts')], {
  stdio: 'inherit',
  cwd: root,
});
console.log('examples: built into examples/.build/');
