/**
 * `npm start`: the demo creator site (demo/) with the stand-in service mounted on the same
 * origin, at http://localhost:5173. The path /hub-kit.js resolves to the bundle's source, so
 * a demo page can use the exact script-tag snippet a creator pastes.
 *
 * `npm run build`: dist/hub-kit.js, one ES module that registers every element.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { createStandIn } from './src/stand-in/handler.js';
import { toNodeHandler } from './src/stand-in/node.js';
import { hubRoutes } from './demo/hub-routes.js';
import { minifyCssTemplates } from './scripts/css-text.js';
import { RESERVE_SPACE_CSS } from './scripts/reserve-space.js';
import { LIGHT_FORM_CSS } from './components/shared/light-form.styles.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const BUNDLE_SOURCE = here('./components/all.ts');

function standIn(): Plugin {
  return {
    name: 'hub-kit-stand-in',
    configureServer(server) {
      server.middlewares.use(toNodeHandler(createStandIn()));
    },
    configurePreviewServer(server) {
      server.middlewares.use(toNodeHandler(createStandIn()));
    },
  };
}

function scriptTagBundle(): Plugin {
  return {
    name: 'hub-kit-script-tag',
    resolveId(id) {
      return id === '/hub-kit.js' ? BUNDLE_SOURCE : undefined;
    },
  };
}

/** /hub-kit.css, as `npm run build` writes it: the forms' sheet and the space held before upgrade. */
function kitStylesheet(): Plugin {
  const id = '\0hub-kit.css';
  return {
    name: 'hub-kit-stylesheet',
    resolveId: (source) => (source === '/hub-kit.css' ? id : undefined),
    load: (source) => (source === id ? LIGHT_FORM_CSS + RESERVE_SPACE_CSS : undefined),
  };
}

/**
 * The script-tag bundle carries its own copy of Lit, and lit-html creates its Trusted Types
 * policy, named "lit-html", as it loads. On a page that already runs another Lit app that
 * name is taken, and under a CSP with a `trusted-types` list (which docs/csp.md used to
 * recommend) a second policy of one name is refused: lit-html's module throws, and no
 * element of the bundle is defined. The bundle's copy therefore names its policy
 * "hub-kit" (docs/csp.md says to list it). npm builds keep "lit-html": there the site's
 * bundler shares one Lit between its code and the kit's. The lasting fix is lit-html's: a
 * policy name an app can choose, or a fallback when its own is taken.
 */
function ownTrustedTypesPolicy(): Plugin {
  const policy = /(\.createPolicy\()(["'])lit-html\2/g;
  return {
    name: 'hub-kit-trusted-types-policy',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]lit-html[\\/]lit-html\.js$/.test(id)) return undefined;
      const renamed = code.replace(policy, '$1$2hub-kit$2');
      if (renamed === code) throw new Error(`${id}: lit-html no longer creates its "lit-html" policy as this build expects; see ownTrustedTypesPolicy.`);
      return { code: renamed, map: null };
    },
  };
}

/** The bundle carries its stylesheets minified; the dev server serves them as written. */
function minifiedStyles(): Plugin {
  return {
    name: 'hub-kit-minified-styles',
    apply: 'build',
    async transform(code, id) {
      return id.startsWith(here('./components/')) ? { code: await minifyCssTemplates(code), map: null } : undefined;
    },
  };
}

export default defineConfig({
  root: here('./demo'),
  publicDir: false,
  plugins: [standIn(), scriptTagBundle(), kitStylesheet(), hubRoutes(), minifiedStyles(), ownTrustedTypesPolicy()],
  server: {
    port: 5173,
    // The demo imports the kit's sources from outside demo/.
    fs: { allow: [here('.')] },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Library mode keeps whitespace in ES output so that a bundler reading it can still see
    // pure annotations. This file is for script tags, not bundlers (npm entries are built
    // apart), and its size budget is measured on it: minify it fully.
    minify: true,
    // Pure annotations and JSDoc help a bundler that reads the file; a script tag does not
    // (licence comments stay as the minifier keeps them).
    rolldownOptions: { output: { minify: true, comments: { annotation: false, jsdoc: false } } },
    sourcemap: true,
    lib: {
      entry: { 'hub-kit': BUNDLE_SOURCE },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
  },
});
