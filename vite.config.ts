/**
 * `npm start`: the demo creator site (demo/) with the stand-in service mounted on the same
 * origin, at http://localhost:5173. The path /hub-kit.js resolves to the bundle's source, so
 * a demo page can use the exact script-tag snippet a creator pastes.
 *
 * `npm run build`: dist/hub-kit.js, the script tag's loader, and beside it dist/hub-kit/, the
 * files it fetches: one per element (the two forms share one), the shared core they import,
 * and one self-contained file of every element (components/script-tag/hub-kit.ts says when
 * each is fetched). The files in hub-kit/ carry a hash of their content in their names, so
 * a loader never meets a cached file of another version.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { minify as terser, type MinifyOptions } from 'terser';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { createStandIn } from './src/stand-in/handler.js';
import { toNodeHandler } from './src/stand-in/node.js';
import { hubRoutes } from './demo/hub-routes.js';
import { minifyTemplates } from './scripts/css-text.js';
import { RESERVE_SPACE_CSS } from './scripts/reserve-space.js';
import { thirdPartyNotices } from './scripts/notices.js';
import { BEFORE_UPGRADE_CSS, LIGHT_FORM_CSS } from './components/shared/light-form.styles.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const BUNDLE_SOURCE = here('./components/script-tag/hub-kit.ts');

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

/** /hub-kit.css, as `npm run build` writes it: the forms' sheets and the space held before upgrade. */
function kitStylesheet(): Plugin {
  const id = '\0hub-kit.css';
  return {
    name: 'hub-kit-stylesheet',
    resolveId: (source) => (source === '/hub-kit.css' ? id : undefined),
    load: (source) => (source === id ? LIGHT_FORM_CSS + BEFORE_UPGRADE_CSS + RESERVE_SPACE_CSS : undefined),
  };
}

/**
 * The script-tag bundle carries its own copy of Lit, and lit-html creates its Trusted Types
 * policy, named "lit-html", as it loads. On a page that already runs another Lit app that
 * name is taken, and under a CSP with a `trusted-types` list a second policy of one name is
 * refused: lit-html's module throws, and no element of the bundle is defined. The bundle's
 * copy therefore asks for a policy named "hub-kit" first (docs/csp.md says to list it),
 * and only if that name is refused for "lit-html": a site that followed the older docs
 * (`trusted-types lit-html`, and no other Lit app) keeps working, with one reported
 * violation for the name it refused. npm builds keep "lit-html" alone: there the site's
 * bundler shares one Lit between its code and the kit's. The lasting fix is lit-html's: a
 * policy name an app can choose, or a fallback when its own is taken.
 */
function ownTrustedTypesPolicy(): Plugin {
  // `s.createPolicy("lit-html",{createHTML:…})`, as lit-html ships it: the object that
  // makes policies, then the options, which the fallback passes to each attempt.
  const policy = /\b([\w$]+)\.createPolicy\((["'])lit-html\2,/g;
  let scriptTag = false;
  return {
    name: 'hub-kit-trusted-types-policy',
    apply: 'build',
    configResolved(config) {
      scriptTag = Boolean(config.build.lib);
    },
    transform(code, id) {
      if (!/[\\/]lit-html[\\/]lit-html\.js$/.test(id)) return undefined;
      // In the script tag the policy also makes the one script URL the kit needs: its search
      // worker's (searchWorkerFile), or the blob module that imports it where the kit comes
      // from another origin. It trusts only URLs it made itself, through a function that
      // makes that one URL and nothing else, so the policy stays private to lit-html.
      const worker = scriptTag
        ? 'let m=new Set;hubKitPolicyOptions={...hubKitPolicyOptions,createScriptURL:u=>m.has(u)?u:""};'
        : '';
      const expose = scriptTag
        ? 'globalThis[Symbol.for("hub-kit.worker-url")]??=()=>{let u=hubKitWorkerSource(hubKitSearch);m.add(u);return p.createScriptURL(u)};'
        : '';
      const renamed = code.replace(policy, (_, tt: string) => {
        return `(hubKitPolicyOptions=>{let p;${worker}try{p=${tt}.createPolicy("hub-kit",hubKitPolicyOptions)}catch{p=${tt}.createPolicy("lit-html",hubKitPolicyOptions)}${expose}return p})(`;
      });
      if (renamed === code) throw new Error(`${id}: lit-html no longer creates its "lit-html" policy as this build expects; see ownTrustedTypesPolicy.`);
      const imports = "import hubKitSearch from 'virtual:hub-kit/search-file';\nimport { workerSource as hubKitWorkerSource } from 'virtual:hub-kit/worker-source';\n";
      return { code: (scriptTag ? imports : '') + renamed, map: null };
    },
  };
}

/** The bundle carries its stylesheets minified; the dev server serves them as written. */
function minifiedStyles(): Plugin {
  return {
    name: 'hub-kit-minified-styles',
    apply: 'build',
    // Before TypeScript is stripped: that drops the `/* css */` comments marking templates.
    enforce: 'pre',
    async transform(code, id) {
      return id.startsWith(here('./components/')) ? { code: await minifyTemplates(code), map: null } : undefined;
    },
  };
}

/**
 * The forms read no answer with zod (a submission's answer only has to be an object), but
 * the one schema module, src/api/schema.ts, also holds the zod schemas of the profile and
 * the search index, and the endpoint functions of src/api/calls.ts reach them. Both modules
 * are imported by the core every element shares (the transport, the outbox), and a module
 * lives in one file: zod would sit in the core that a page with only a form fetches. In the
 * same way components/shared/strings.ts holds the forms' English beside hub-search's and
 * bio-card's, and would carry the forms' table into their pages.
 *
 * So the modules that only hub-search and bio-card reach get their own copy of these three
 * (`…?parsers`), tree-shaken to what they read, in the files those elements fetch; the core
 * keeps the copy the forms need, without zod. All three are stateless (schemas, functions,
 * tables; the strings' registry lives on the global object): the client, budgets, cache,
 * outbox and error classes stay one copy.
 *
 * The guard in `generateBundle` fails the build if zod finds its way back into a file a
 * page with only a form fetches (a new importer this rule does not know).
 */
function parsersApart(): Plugin {
  const SUFFIX = '?parsers';
  const stateless = /[\\/](?:src[\\/]api[\\/](?:schema|calls)|components[\\/]shared[\\/]strings)\.ts$/;
  const readers = /[\\/](?:components[\\/](?:script-tag[\\/])?(?:hub-search|bio-card)|src[\\/](?:bio|search)|src[\\/]cache[\\/]freshness\.ts)/;
  // The guard reads the script tag's files; a site built from the sources (the demo) mixes
  // its own modules into shared chunks, and what its pages fetch is the site's business.
  let scriptTag = false;
  return {
    name: 'hub-kit-parsers-apart',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      scriptTag = Boolean(config.build.lib);
    },
    async resolveId(source, importer, options) {
      if (!importer || !(importer.endsWith(SUFFIX) || readers.test(importer))) return undefined;
      const resolved = await this.resolve(source, importer.replace(SUFFIX, ''), { ...options, skipSelf: true });
      return resolved && stateless.test(resolved.id) ? resolved.id + SUFFIX : resolved;
    },
    load(id) {
      return id.endsWith(SUFFIX) ? { code: readFileSync(id.slice(0, -SUFFIX.length), 'utf8'), moduleType: 'ts' } : undefined;
    },
    generateBundle(_options, bundle) {
      if (!scriptTag) return;
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const forms = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('forms.ts'));
      if (!forms) return;
      const reached = new Set<Rolldown.OutputChunk>();
      const reach = (chunk: Rolldown.OutputChunk) => {
        if (reached.has(chunk)) return;
        reached.add(chunk);
        for (const name of chunk.imports) reach(bundle[name] as Rolldown.OutputChunk);
      };
      reach(forms);
      for (const chunk of reached) {
        const zod = chunk.moduleIds.find((id) => /[\\/]zod[\\/]v4[\\/]/.test(id));
        if (zod) throw new Error(`${chunk.fileName}, fetched by a page with only a form, holds ${zod}: see parsersApart in vite.config.ts.`);
      }
    },
  };
}

/**
 * A locale file of the script tag (`hub-kit/fr-forms-<hash>.js`) is one element file's
 * words, nothing else: the loader registers them with the registry of the element's own file
 * (components/script-tag/hub-kit.ts). Had it code of its own to share, that would go to a
 * chunk of its own or to the core, and a French page would fetch one file more than its
 * elements need. This guard fails the build if a locale file imports anything.
 */
function wordsOnly(): Plugin {
  const locale = /[\\/]components[\\/]shared[\\/]locales[\\/]parts[\\/][\w-]+\.ts$/;
  let scriptTag = false;
  return {
    name: 'hub-kit-words-only',
    apply: 'build',
    configResolved(config) {
      scriptTag = Boolean(config.build.lib);
    },
    generateBundle(_options, bundle) {
      if (!scriptTag) return;
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && locale.test(file.facadeModuleId ?? '') && (file.imports.length || file.dynamicImports.length)) {
          throw new Error(`${file.fileName}, a locale file, imports ${[...file.imports, ...file.dynamicImports].join(', ')}: see wordsOnly in vite.config.ts.`);
        }
      }
    },
  };
}

/** For a plugin's `apply`: only a build of the script tag (library mode), not the dev server or a site built from the sources. */
const scriptTagBuild = (config: { build?: { lib?: unknown } }, { command }: { command: string }) => command === 'build' && Boolean(config.build?.lib);

/** A module's exports, evaluated in Node: `path` bundled with what it imports. */
async function evaluate(path: string): Promise<Record<string, unknown>> {
  const { outputFiles } = await esbuild({ entryPoints: [path], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0]!.text).toString('base64')}`);
}

/**
 * A locale file of the script tag ships its words without their keys: the values alone, in
 * the order of the keys of its element file's English table (components/shared/strings.ts),
 * which the element file reads back (components/script-tag/words.ts). The keys were two
 * fifths of a locale file's bytes: 0.19 KB gzip of a French page with one form. A locale
 * file with a word the English table has not, or without one it has, fails the build.
 */
function positionalWords(): Plugin {
  const part = /[\\/]components[\\/]shared[\\/]locales[\\/]parts[\\/][a-z]+-([\w-]+)\.ts$/;
  let english: Promise<Record<string, unknown>> | undefined;
  return {
    name: 'hub-kit-positional-words',
    apply: scriptTagBuild,
    enforce: 'pre',
    async load(id) {
      const file = part.exec(id)?.[1];
      if (!file) return undefined;
      english ??= evaluate(here('./components/shared/strings.ts'));
      const { FORM_EN, SEARCH_EN, CARD_EN } = await english;
      const table = ({ forms: FORM_EN, 'hub-search': SEARCH_EN, 'bio-card': CARD_EN } as Record<string, object | undefined>)[file];
      const words = (await evaluate(id)).words as Record<string, unknown>;
      const keys = table ? Object.keys(table) : [];
      const odd = [...Object.keys(words).filter((key) => !keys.includes(key)), ...keys.filter((key) => words[key] === undefined)];
      if (!table || odd.length) throw new Error(`${id}: its words and the English ones differ (${odd.join(', ') || file}): see positionalWords in vite.config.ts.`);
      return `export const words = ${JSON.stringify(keys.map((key) => words[key]))};`;
    },
  };
}

/**
 * Minified to the last byte: the budgets are gzip of what a page fetches. Comments go too,
 * pure annotations included: these files are run, never bundled again.
 */
const OUTPUT: Rolldown.OutputOptions = { minify: true, comments: false };

/**
 * The script tag's files, minified once more after Rolldown's own pass: two passes of
 * terser's compressor find what one pass left, 0.15 KB gzip of a page with one form. Only
 * options that keep the code's meaning (none of its `unsafe` ones); names a file exports or
 * imports are kept, as ES modules require. A file's name keeps the hash of what Rolldown
 * wrote, which this pass turns into one content only.
 */
const TERSER: MinifyOptions = { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } };
const secondPass = async (code: string) => (await terser(code, TERSER)).code!;

function terserPass(): Plugin {
  return {
    name: 'hub-kit-terser-pass',
    apply: scriptTagBuild,
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') file.code = await secondPass(file.code);
      }
    },
  };
}

/** The shared files are named for what they hold; the per-element ones for their element. */
function chunkName(chunk: Rolldown.PreRenderedChunk): string {
  if (chunk.isDynamicEntry) return 'hub-kit/[name]-[hash].js';
  return chunk.moduleIds.some((id) => /[\\/]lit-element[\\/]/.test(id)) ? 'hub-kit/core-[hash].js' : 'hub-kit/shared-[hash].js';
}

/** Every element in one file, built apart so that it shares no module with the others. */
async function buildComplete(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [searchWorkerFile(), minifiedStyles(), ownTrustedTypesPolicy()],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      rolldownOptions: { output: { ...OUTPUT, codeSplitting: false } },
      lib: { entry: here('./components/script-tag/all.ts'), formats: ['es'], fileName: () => 'all.js' },
    },
  });
  const [built] = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = built?.output.find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
  if (!chunk) throw new Error('the file of every element was not built');
  return secondPass(chunk.code);
}

/**
 * `virtual:hub-kit/complete`: the URL of that file, relative to the loader's own
 * (import.meta.url), or `null` on the dev server, where the loader fetches sources one by one.
 */
function completeFile(): Plugin {
  const id = '\0hub-kit-complete';
  let serving = false;
  return {
    name: 'hub-kit-complete',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (source) => (source === 'virtual:hub-kit/complete' ? id : undefined),
    async load(source) {
      if (source !== id) return undefined;
      if (serving) return 'export default null;';
      const code = await buildComplete();
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      const ref = this.emitFile({ type: 'asset', fileName: `hub-kit/all-${hash}.js`, source: code });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

/** The script tag's search file (components/script-tag/search.ts), built once, self-contained. */
let searchFile: Promise<{ code: string; fileName: string }> | undefined;
const buildSearchFile = () =>
  (searchFile ??= esbuild({
    entryPoints: [here('./components/script-tag/search.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  }).then(({ outputFiles: [file] }) => ({
    code: file!.text,
    fileName: `search-${createHash('sha256').update(file!.text).digest('base64url').slice(0, 8)}.js`,
  })));

/**
 * `<hub-search>` searches in a worker (src/search/search-index.ts), started by
 * src/search/start-worker.ts as bundlers expect it. The script tag's builds replace that
 * module: the worker is the search file beside the element's file (`hub-kit/search-<hash>.js`,
 * emitted here), started from its URL where the page and the kit share an origin, and
 * through a one-line blob module that imports it where they do not (a CDN): a worker's
 * own file must be of the page's origin. Under Trusted Types the URL comes from the kit's
 * policy (ownTrustedTypesPolicy); elsewhere a refused worker leaves search on the page's
 * own thread, and the same file, imported, is its engine there.
 */
function searchWorkerFile(): Plugin {
  const id = '\0hub-kit-search-file';
  const sourceId = '\0hub-kit-worker-source';
  const starter = here('./src/search/start-worker.ts');
  let scriptTag = false;
  return {
    name: 'hub-kit-search-worker',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      scriptTag = Boolean(config.build.lib);
    },
    load(source) {
      // The URL a worker starts from: the search file where the page shares the kit's origin,
      // else a one-line module of the page's origin that imports it.
      if (source === sourceId) {
        return `export const workerSource = (url) => new URL(url).origin === location.origin ? url : URL.createObjectURL(new Blob(['import ' + JSON.stringify(url)], { type: 'text/javascript' }));`;
      }
      if (scriptTag && source === starter) {
        return `import url from 'virtual:hub-kit/search-file';
import { workerSource } from 'virtual:hub-kit/worker-source';
const trusted = Symbol.for('hub-kit.worker-url');
export const startWorker = () => new Worker(globalThis[trusted]?.() ?? workerSource(url), { type: 'module', name: 'hub-kit search' });
export const loadInPage = () => import(/* @vite-ignore */ url);`;
      }
      if (source !== id) return undefined;
      return buildSearchFile().then(({ code, fileName }) => {
        // Written once, by the main build; the file of all (buildComplete) only names it.
        if (this.environment.config.build.write !== false) this.emitFile({ type: 'asset', fileName: `hub-kit/${fileName}`, source: code });
        // Every file of the script tag that names it is in hub-kit/ beside it. (A name in a
        // variable: Vite would take a literal in \`new URL()\` for an asset of the source's own.)
        return `const file = ${JSON.stringify(fileName)};\nexport default new URL(file, import.meta.url).href;`;
      });
    },
    resolveId: (source) => (source === 'virtual:hub-kit/search-file' ? id : source === 'virtual:hub-kit/worker-source' ? sourceId : undefined),
  };
}

/**
 * `virtual:hub-kit/files`: each file the loader fetches that imports others, by name
 * (`forms`, `hub-search`, `bio-card`), as its path beside the loader followed by the paths of every file it
 * imports, so that the loader asks for them all at once instead of finding the core only
 * once the forms' file has arrived and named it (a chain of requests, one round trip
 * each). The names and imports are known once the files are written, so the module is a
 * placeholder until then, put in place in the loader's code; `null` on the dev server.
 */
function filesOfElements(): Plugin {
  const id = '\0hub-kit-files';
  const PLACEHOLDER = '__hub_kit_files__';
  let serving = false;
  return {
    name: 'hub-kit-files',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (source) => (source === 'virtual:hub-kit/files' ? id : undefined),
    load: (source) => (source === id ? `export default ${serving ? 'null' : JSON.stringify(PLACEHOLDER)};` : undefined),
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      // The loader's chunk: the script tag's entry, or the chunk that holds it in a site's build (the demo).
      const loader = chunks.find((chunk) => chunk.moduleIds.includes(BUNDLE_SOURCE));
      if (!loader) return;
      const closure = (chunk: Rolldown.OutputChunk, seen = new Set<string>()): Set<string> => {
        for (const name of chunk.imports) if (!seen.has(name)) closure(bundle[name] as Rolldown.OutputChunk, seen.add(name));
        return seen;
      };
      // Paths as the loader reads them: against its own URL, so from its own folder (the
      // script tag's loader is at the top of dist/; a site's chunk may be in assets/ with the rest).
      const beside = (name: string) => {
        const path = posix.relative(posix.dirname(loader.fileName), name);
        return path.startsWith('.') ? path : `./${path}`;
      };
      const files: Record<string, string[]> = {};
      for (const name of loader.dynamicImports) {
        const chunk = bundle[name] as Rolldown.OutputChunk;
        const key = /([\w-]+)\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
        // A file that imports nothing (a locale file's words) is fetched by its import() alone.
        if (key && chunk.imports.length) files[key] = [name, ...closure(chunk)].map(beside);
      }
      const quoted = new RegExp(`(["'\`])${PLACEHOLDER}\\1`);
      if (!quoted.test(loader.code)) throw new Error(`${loader.fileName} does not hold the placeholder of its files: see filesOfElements in vite.config.ts.`);
      loader.code = loader.code.replace(quoted, JSON.stringify(files));
    },
  };
}

/**
 * package.json `sideEffects` describes the package's files (dist/), so a bundler reading the
 * sources would take the modules that register something for dead code: the demo's build
 * imports `components/<element>/define.ts` for what they do, not for what they export.
 */
function sourceSideEffects(): Plugin {
  const registers = /[\\/]components[\\/](?:[^\\/]+[\\/]define|shared[\\/]locales[\\/][^\\/]+)\.ts$/;
  return {
    name: 'hub-kit-source-side-effects',
    transform: (code, id) => (registers.test(id) ? { code, moduleSideEffects: true } : undefined),
  };
}

export default defineConfig({
  root: here('./demo'),
  publicDir: false,
  plugins: [standIn(), scriptTagBundle(), completeFile(), filesOfElements(), searchWorkerFile(), parsersApart(), wordsOnly(), positionalWords(), kitStylesheet(), hubRoutes(), minifiedStyles(), sourceSideEffects(), ownTrustedTypesPolicy(), thirdPartyNotices(), terserPass()],
  // Built files find one another relative to the file that asks (import.meta.url), not to
  // the site's root: the script tag works from any folder and from a CDN path.
  experimental: { renderBuiltUrl: () => ({ relative: true }) },
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
    // pure annotations. These files are for script tags, not bundlers (npm entries are built
    // apart), and their size budgets are measured on them: minify them fully.
    minify: true,
    rolldownOptions: { output: { ...OUTPUT, chunkFileNames: chunkName } },
    // No source maps: the package does not ship them (package.json `files`), and a
    // `sourceMappingURL` naming a file that is not there is a 404 in every visitor's devtools.
    sourcemap: false,
    lib: {
      entry: { 'hub-kit': BUNDLE_SOURCE },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
  },
});
