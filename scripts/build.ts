/**
 * `npm run build` after `vite build` has written dist/hub-kit.js and dist/hub-kit/ (the script
 * tag's loader and the files it fetches; vite.config.ts):
 *
 * - the npm entry points: every module of components/ and src/ compiled one to one into
 *   dist/components and dist/src, beside its `.d.ts`. One file per module (rather than
 *   bundled chunks) keeps one copy of the core for every entry a page imports (one client
 *   per service, one budget, one cache), lets a site's bundler drop what it does not use,
 *   and leaves lit, zod and idb-keyval as imports for it to dedupe;
 * - `hub-kit/stand-in` for Node, bundled on its own with its seed data, and the `hub-kit`
 *   command (dist/bin/hub-kit.js);
 * - the forms' stylesheet, dist/hub-forms.css, and dist/hub-kit.css: the same rules and
 *   those that hold each element's place before upgrade;
 * - dist/custom-elements.json, from the classes' JSDoc.
 *
 * No source maps: the npm entries are readable ES2022, one file per module, and the package
 * does not ship maps, so a `sourceMappingURL` would name a file that is not there.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { BEFORE_UPGRADE_CSS, LIGHT_FORM_CSS } from '../components/shared/light-form.styles.js';
import { minifyTemplates } from './css-text.js';
import { RESERVE_SPACE_CSS } from './reserve-space.js';
import { ELEMENTS, root } from './entries.js';

const dist = join(root, 'dist');
const SCRIPT_TAG = join('components', 'script-tag');

function step(label: string): void {
  process.stdout.write(`build: ${label}\n`);
}

/** The modules that make up the npm entries: sources, not tests, the stand-in or the script tag's files. */
function modules(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(join('src', 'stand-in')) && !file.startsWith(SCRIPT_TAG));
}

const missing = ELEMENTS.filter((name) => !existsSync(join(root, 'components', name, 'define.ts')));
if (missing.length) {
  // The build still succeeds so that the rest can be used; test/node/repo/package.test.ts fails
  // until every element exists.
  console.warn(`build: not built yet, no source: ${missing.join(', ')}`);
}

/** The elements' stylesheets ship minified, as in dist/hub-kit.js (see css-text.ts). */
const minifiedStyles: Plugin = {
  name: 'minified-styles',
  setup(build) {
    build.onLoad({ filter: /[\\/]components[\\/].*\.ts$/ }, async (args) => ({
      contents: await minifyTemplates(readFileSync(args.path, 'utf8')),
      loader: 'ts',
    }));
    // The search worker is named by its source's file on the dev servers, by its built one here.
    build.onLoad({ filter: /[\\/]src[\\/]search[\\/]start-worker\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace("'./worker.ts'", "'./worker.js'"),
      loader: 'ts',
    }));
  },
};

step('npm entries');
rmSync(join(dist, 'components'), { recursive: true, force: true });
rmSync(join(dist, 'src'), { recursive: true, force: true });
await build({
  entryPoints: [...modules('components'), ...modules('src')].map((file) => join(root, file)),
  outbase: root,
  outdir: dist,
  bundle: false,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  tsconfig: join(root, 'tsconfig.json'),
  plugins: [minifiedStyles],
  logLevel: 'warning',
});

const standIn = join(root, 'src/stand-in/index.ts');
const STAND_IN_RUN_DIRECTLY = `
if (process.argv[1] && (await import('node:fs')).realpathSync(process.argv[1]) === import.meta.filename) {
  console.error('hub-kit/stand-in is a module to import (createStandIn, serve, toNodeHandler). To run the stand-in service: npx hub-kit stand-in --port 8787');
  process.exitCode = 2;
}`;

/** A bundle for Node: its own code in one file, the packages left as imports. */
const nodeBundle = (options: BuildOptions) =>
  build({
    outdir: dist,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    ...options,
  });

if (existsSync(standIn)) {
  step('stand-in for Node');
  await nodeBundle({
    entryPoints: { 'stand-in': standIn },
    // Run as a script (`node node_modules/hub-kit/dist/stand-in.js`) it would define its
    // exports and exit without a word; say how to run the service instead.
    footer: { js: STAND_IN_RUN_DIRECTLY },
  });
} else {
  console.warn('build: not built yet, no source: src/stand-in/index.ts');
}

step('the hub-kit command');
await nodeBundle({ entryPoints: { 'bin/hub-kit': join(root, 'bin/hub-kit.ts') }, banner: { js: '#!/usr/bin/env node' } });
chmodSync(join(dist, 'bin/hub-kit.js'), 0o755);

// The forms' light-DOM rules as a plain stylesheet, for pages that want the styled look
// before the script loads or without any script.
// Written from the very sheet the elements adopt, so the two cannot drift apart, and the
// rules that matter only before upgrade.
writeFileSync(
  join(dist, 'hub-forms.css'),
  '/* hub-kit: the <signup-form> and <contact-form> forms, before upgrade and without JavaScript. */\n' +
    LIGHT_FORM_CSS +
    BEFORE_UPGRADE_CSS,
);

// Everything a page links for all four elements: the forms' sheet and the rules that hold
// each element's place until it upgrades (reserve-space.ts).
writeFileSync(
  join(dist, 'hub-kit.css'),
  '/* hub-kit: the forms before upgrade and without JavaScript, and the space each element takes before upgrade. */\n' +
    LIGHT_FORM_CSS +
    BEFORE_UPGRADE_CSS +
    RESERVE_SPACE_CSS,
);

step('type declarations');
// Emitted without checking them (`--noCheck`): `npm run typecheck` checks these sources with
// the rest, and `npm test` runs it beside the tests, so checking them here too would only
// hold every stage back by seconds of the same work.
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'scripts/tsconfig.types.json'), '--noCheck'], {
  stdio: 'inherit',
});
// A define entry has no exports of its own, so its declaration file would not pull in the
// class's `HTMLElementTagNameMap` and event map; pointing it at the class makes it do so.
for (const name of ELEMENTS) {
  const file = join(dist, 'components', name, 'define.d.ts');
  if (existsSync(file)) writeFileSync(file, `export {};\nimport type {} from './${name}.js';\n`);
}

// The loader's declarations (load, observe, the tag map) beside it, as dist/hub-kit.d.ts;
// the script tag's other modules have no npm entry and no declarations.
const loaderTypes = readFileSync(join(dist, SCRIPT_TAG, 'hub-kit.d.ts'), 'utf8');
writeFileSync(join(dist, 'hub-kit.d.ts'), loaderTypes.replaceAll("from '../", "from './components/"));
rmSync(join(dist, SCRIPT_TAG), { recursive: true, force: true });

step('custom-elements.json');
execFileSync(
  process.execPath,
  [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--config', join(root, 'custom-elements-manifest.config.mjs')],
  { stdio: ['ignore', 'ignore', 'inherit'], cwd: root },
);
step('done');
