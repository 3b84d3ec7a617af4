/**
 * The package as a site installs it: every `exports` entry resolves to a file that
 * `npm run build` wrote, with its types; importing a class defines nothing and importing
 * `/define` defines its tag; the stand-in entry runs in Node; `npm pack` ships dist/ and
 * nothing private. Of the packed tarball itself: every file that any shipped file names
 * (an import, a source map, a package.json field, the manifest) is in it; `sideEffects`
 * names exactly the shipped files that register something; `dependencies` are exactly the
 * packages the shipped JavaScript imports.
 *
 * Imports go through the package's own name ("hub-kit/…"), so Node resolves them with
 * package.json `exports`, exactly as in a site's project.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { CLASSES, ELEMENTS, root } from '../../../scripts/entries.js';
import { unpackPacked, type Unpacked } from '../../support/packed.js';

interface Pkg {
  name: string;
  main: string;
  module: string;
  types: string;
  unpkg: string;
  jsdelivr: string;
  customElements: string;
  bin: Record<string, string>;
  sideEffects: string[];
  files: string[];
  dependencies: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  repository: { type: string; url: string };
  homepage: string;
  bugs: { url: string };
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Pkg;
const distReady = existsSync(join(root, 'dist', 'components', 'index.js'));
const needsBuild = 'run `npm run build` first (`npm test` does)';

test('every element has its three entries: class, define, and types', () => {
  for (const name of ELEMENTS) {
    assert.ok(existsSync(join(root, 'components', name, `${name}.ts`)), `<${name}> has not landed: components/${name}/${name}.ts is missing`);
    assert.ok(pkg.exports[`./${name}`], `exports has no "./${name}"`);
    assert.ok(pkg.exports[`./${name}/define`], `exports has no "./${name}/define"`);
  }
  for (const entry of ['.', './client', './stand-in', './hub-kit.js']) assert.ok(pkg.exports[entry], `exports has no "${entry}"`);
});

test('every export target and its types exist after the build', () => {
  assert.ok(distReady, needsBuild);
  const locales = readdirSync(join(root, 'dist', 'components', 'shared', 'locales')).filter((f) => f.endsWith('.js'));
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const conditions = typeof target === 'string' ? { default: target } : target;
    for (const [condition, file] of Object.entries(conditions)) {
      const files = file.includes('*') ? locales.map((l) => file.replace('*', l.replace(/\.js$/, ''))) : [file];
      if (file.includes('*')) assert.ok(files.length > 0, `${subpath}: no file matches ${file}`);
      for (const one of files) assert.ok(existsSync(join(root, one)), `${subpath} (${condition}): ${one} does not exist`);
    }
    if (typeof target !== 'string' && subpath !== './package.json') {
      assert.ok(target.types, `${subpath} has no types`);
    }
  }
  assert.ok(existsSync(join(root, pkg.types)), `types: ${pkg.types} does not exist`);
  assert.ok(existsSync(join(root, pkg.customElements)), `customElements: ${pkg.customElements} does not exist`);
});

test('define entries declare the tag name map, so `document.createElement` is typed', () => {
  assert.ok(distReady, needsBuild);
  for (const name of ELEMENTS) {
    const target = pkg.exports[`./${name}/define`] as Record<string, string>;
    const types = readFileSync(join(root, target.types!), 'utf8');
    const linked = /from '([^']+)'/.exec(types)?.[1];
    assert.ok(linked, `${target.types} links to no class declarations`);
    const classTypes = readFileSync(join(root, target.types!, '..', linked.replace(/\.js$/, '.d.ts')), 'utf8');
    assert.match(classTypes, /interface HTMLElementTagNameMap/, `${name}: no HTMLElementTagNameMap`);
    assert.match(classTypes, new RegExp(`'${name}'|"${name}"`), `${name}: tag not in its tag name map`);
  }
});

test('importing the classes defines nothing; importing /define registers the tag', async () => {
  assert.ok(distReady, needsBuild);
  // Lit's Node build installs a customElements shim, as it does for server rendering.
  const main = (await import('hub-kit')) as Record<string, unknown>;
  for (const name of ELEMENTS) {
    const own = (await import(`hub-kit/${name}`)) as Record<string, unknown>;
    const ctor = own[CLASSES[name]] as { define?: unknown } | undefined;
    assert.equal(typeof ctor, 'function', `hub-kit/${name} does not export ${CLASSES[name]}`);
    assert.equal(main[CLASSES[name]], ctor, `hub-kit and hub-kit/${name} export different ${CLASSES[name]} classes`);
    assert.equal(typeof ctor!.define, 'function', `${CLASSES[name]} has no static define()`);
  }
  // docs/elements/signup-form.md tells sites to import it from `hub-kit`.
  assert.equal(typeof main['registerStrings'], 'function', 'hub-kit does not export registerStrings');
  const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
  assert.ok(registry, 'no customElements after importing lit in Node');
  for (const name of ELEMENTS) assert.equal(registry.get(name), undefined, `importing classes defined <${name}>`);
  for (const name of ELEMENTS) {
    await import(`hub-kit/${name}/define`);
    assert.equal(registry.get(name), main[CLASSES[name]], `hub-kit/${name}/define did not register <${name}>`);
  }
});

test('hub-kit/client exports the keyless client and its errors', async () => {
  assert.ok(distReady, needsBuild);
  const client = (await import('hub-kit/client')) as Record<string, unknown>;
  for (const name of ['HubClient', 'createClient', 'sharedClient', 'cachedGet', 'RateLimitedError', 'ValidationError', 'NetworkError', 'TimeoutError', 'HttpError', 'UnexpectedResponseError']) {
    assert.equal(typeof client[name], 'function', `hub-kit/client does not export ${name}`);
  }
});

test('hub-kit/search builds an engine that finds an entry by a typo, as docs/search.md shows', async () => {
  assert.ok(distReady, needsBuild);
  const { buildEngineSync, highlight } = (await import('hub-kit/search')) as typeof import('../../../src/search/index.js');
  const engine = buildEngineSync([
    { id: 'a', type: 'post', title: 'Getting started with TypeScript', url: '/a' },
    { id: 'b', type: 'post', title: 'Baking bread', url: '/b' },
  ] as Parameters<typeof buildEngineSync>[0]);
  const { hits } = engine.search('typescirpt', { limit: 5 });
  assert.equal(hits[0]?.entry.id, 'a');
  assert.ok(highlight(hits[0].entry.title, hits[0].terms).some((segment) => segment.mark), 'nothing highlighted');
});

test("the script tag's files ship with the notices of the packages minified into them", () => {
  assert.ok(distReady, needsBuild);
  const notices = join(root, 'dist', 'hub-kit', 'LICENSES.txt');
  assert.ok(existsSync(notices), 'dist/hub-kit/LICENSES.txt is missing: Lit, zod and idb-keyval are bundled without their licences');
  const text = readFileSync(notices, 'utf8');
  // The browser's runtime dependencies: everything the bundles hold that is not hub-kit's own.
  for (const name of ['lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'zod', 'idb-keyval']) {
    const section = text.split(/^-{72}$/m).find((part) => part.trimStart().startsWith(`${name} `));
    assert.ok(section, `LICENSES.txt has no notice for ${name}`);
    assert.match(section, /Copyright/i, `the notice for ${name} holds no copyright line`);
  }
});

test('hub-kit/stand-in answers the seeded demo tenant in Node', async () => {
  assert.ok(distReady, needsBuild);
  const { createStandIn } = (await import('hub-kit/stand-in')) as typeof import('../../../src/stand-in/index.js');
  const standIn = createStandIn();
  const response = await standIn.fetch(new Request('http://127.0.0.1/api/v1/tenants/demo/bio'));
  assert.equal(response.status, 200);
  const body = (await response.json()) as { data?: { name?: string } };
  assert.ok(body.data?.name, 'the seeded bio has no name');
});

test('npm pack ships dist, typings and docs, and no sources, tests or maps', () => {
  assert.ok(distReady, needsBuild);
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const files = (JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((f) => f.path);
  for (const required of ['package.json', 'README.md', 'dist/hub-kit.js', 'dist/components/index.js', 'dist/custom-elements.json', 'dist/stand-in.js', 'types/jsx.d.ts', 'types/vue.d.ts']) {
    assert.ok(files.includes(required), `the package does not ship ${required}`);
  }
  for (const file of files) {
    assert.ok(!/^(src|test|components|demo|scripts|examples)\//.test(file), `the package ships ${file}`);
    assert.ok(!file.endsWith('.map'), `the package ships ${file}`);
  }
});

test('the JSX and Vue typings type-check the examples, refusing what they must', () => {
  assert.ok(distReady, needsBuild);
  // examples/*/typings-check.* hold `@ts-expect-error` lines: a typing that lets a wrong
  // value through fails this as surely as one that refuses a right one.
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'examples')], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    assert.fail(`tsc -p examples:\n${(error as { stdout?: string }).stdout ?? error}`);
  }
});

test('the JSX and Vue typings know every attribute in custom-elements.json', () => {
  assert.ok(distReady, needsBuild);
  const manifest = JSON.parse(readFileSync(join(root, pkg.customElements), 'utf8')) as {
    modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[];
  };
  const lines = [
    "import type { HubKitJsxProps } from '../../../types/jsx.js';",
    "import type { HubKitVueProps } from '../../../types/vue.js';",
  ];
  for (const d of manifest.modules.flatMap((m) => m.declarations ?? [])) {
    if (!d.tagName) continue;
    const names = JSON.stringify((d.attributes ?? []).map((a) => a.name));
    const id = d.tagName.replace(/-/g, '_');
    lines.push(`export const ${id}_jsx: Array<keyof HubKitJsxProps<'${d.tagName}'>> = ${names};`);
    lines.push(`export const ${id}_vue: Array<keyof HubKitVueProps<'${d.tagName}'>> = ${names};`);
  }
  const dir = join(root, 'examples', '.build', 'typings');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'attributes.ts'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: '../../tsconfig.json', include: ['attributes.ts'] }, null, 2),
  );
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    assert.fail(`attributes the typings do not know (types/elements.d.ts):\n${(error as { stdout?: string }).stdout ?? error}`);
  }
});

/** A package.json path pattern (`./dist/components/*\/define.js`) as a test of a packed path. */
function pattern(glob: string): RegExp {
  const body = glob
    .replace(/^\.\//, '')
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '(?:.*/)?')
    .replace(/\*/g, '[^/]*');
  return new RegExp(`^${body}$`);
}

/** What a shipped file names: its imports (static, dynamic, type), `new URL(…, import.meta.url)` and its source map. */
function references(text: string): string[] {
  const { importedFiles, referencedFiles } = ts.preProcessFile(text, true, true);
  return [
    ...importedFiles.map((f) => f.fileName),
    ...referencedFiles.map((f) => f.fileName),
    ...[...text.matchAll(/new URL\(\s*["'`]([^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/[#@] sourceMappingURL=(\S+)/g)].map((m) => m[1]!),
  ];
}

const isCode = (file: string) => /\.(m?js|d\.ts)$/.test(file);

describe('the packed tarball', () => {
  let packed: Unpacked;
  before(() => {
    assert.ok(distReady, needsBuild);
    packed = unpackPacked();
  });
  after(() => packed?.remove());

  test('every file a shipped file names is in the package: imports, source maps, package.json fields, the manifest', () => {
    const files = new Set(packed.files);
    const missing: string[] = [];
    const expect = (from: string, target: string) => {
      if (!files.has(target)) missing.push(`${from} -> ${target}`);
    };
    let followed = 0;
    for (const file of packed.files.filter(isCode)) {
      const text = readFileSync(join(packed.dir, file), 'utf8');
      for (const specifier of references(text)) {
        if (!/^\.{1,2}\//.test(specifier) && !/^[\w.-]+\.(js|map)$/.test(specifier)) continue; // a package, or a URL
        followed++;
        const target = posix.normalize(posix.join(posix.dirname(file), specifier));
        // A declaration names `./x.js` and means `./x.d.ts`.
        expect(file, file.endsWith('.d.ts') && target.endsWith('.js') && !files.has(target) ? target.replace(/\.js$/, '.d.ts') : target);
      }
    }
    assert.ok(followed > 100, `only ${followed} references followed: the scan is not reading the package`);

    const manifest = JSON.parse(readFileSync(join(packed.dir, 'package.json'), 'utf8')) as Pkg;
    const field = (name: string, value: string) => expect(`package.json ${name}`, posix.normalize(value));
    for (const name of ['main', 'module', 'types', 'unpkg', 'jsdelivr', 'customElements'] as const) field(name, manifest[name]);
    for (const [command, target] of Object.entries(manifest.bin)) field(`bin.${command}`, target);
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      for (const [condition, value] of Object.entries(typeof target === 'string' ? { default: target } : target)) {
        if (!value.includes('*')) field(`exports["${subpath}"].${condition}`, value);
        else if (!packed.files.some((f) => pattern(value).test(f))) missing.push(`package.json exports["${subpath}"].${condition} -> ${value} (matches nothing)`);
      }
    }

    const elements = JSON.parse(readFileSync(join(packed.dir, manifest.customElements), 'utf8')) as object;
    const paths: string[] = [];
    JSON.stringify(elements, (key, value: unknown) => {
      if ((key === 'path' || key === 'module') && typeof value === 'string') paths.push(value);
      return value;
    });
    assert.ok(paths.length > 4, 'custom-elements.json names no module');
    for (const path of paths) expect(manifest.customElements, posix.normalize(path.replace(/^\//, '')));
    assert.deepEqual(missing, [], `the package names files it does not contain:\n${missing.join('\n')}`);
  });

  test('sideEffects names exactly the shipped files that register something, and the stylesheets', () => {
    // What registers something when imported: each element's define entry, each locale
    // (registerStrings), the script tag's loader (it watches the document), and CSS.
    // The loader's files in dist/hub-kit/ export classes and are imported by the loader
    // alone, for their exports; the npm class modules define nothing (tested above).
    const registering = packed.files.filter(
      (file) =>
        /^dist\/components\/[^/]+\/define\.js$/.test(file) ||
        /^dist\/components\/shared\/locales\/[^/]+\.js$/.test(file) ||
        file === 'dist/hub-kit.js' ||
        /^dist\/[^/]+\.css$/.test(file),
    );
    assert.ok(registering.length >= ELEMENTS.length + 3, `only ${registering.length} files register something`);
    for (const glob of pkg.sideEffects) {
      assert.ok(packed.files.some((file) => pattern(glob).test(file)), `sideEffects lists ${glob}, which the package does not contain`);
    }
    const listed = packed.files.filter((file) => pkg.sideEffects.some((glob) => pattern(glob).test(file)));
    assert.deepEqual(listed, registering, 'sideEffects does not match the files that register something');
    for (const file of packed.files.filter((f) => f.endsWith('.js') && !listed.includes(f) && f.startsWith('dist/components/'))) {
      const text = readFileSync(join(packed.dir, file), 'utf8');
      assert.doesNotMatch(text, /^\w+\.define\(\);?$/m, `${file} registers a tag, but sideEffects does not list it`);
    }
  });

  test('dependencies are exactly the packages the shipped JavaScript imports', () => {
    const builtins = new Set(builtinModules);
    const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    const imported = new Map<string, string>();
    for (const file of packed.files.filter((f) => /\.m?js$/.test(f))) {
      const text = readFileSync(join(packed.dir, file), 'utf8');
      for (const specifier of ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)) {
        if (/^(\.|\/|node:|[a-z]+:)/.test(specifier) || builtins.has(specifier)) continue;
        if (!imported.has(packageOf(specifier))) imported.set(packageOf(specifier), file);
      }
    }
    const declared = Object.keys(pkg.dependencies).sort();
    const used = [...imported.keys()].sort();
    assert.deepEqual(
      used,
      declared,
      `dependencies ${JSON.stringify(declared)}, but the shipped code imports ${used.map((name) => `${name} (${imported.get(name)})`).join(', ')}`,
    );
    // The elements' typings may name only what an installing project gets: dependencies and
    // itself. (types/ holds the framework typings, which name the framework a project has.)
    for (const file of packed.files.filter((f) => f.startsWith('dist/') && f.endsWith('.d.ts'))) {
      for (const specifier of references(readFileSync(join(packed.dir, file), 'utf8'))) {
        if (/^(\.|\/|node:|[a-z]+:)/.test(specifier) || builtins.has(specifier) || /^[\w.-]+\.(js|map)$/.test(specifier)) continue;
        const name = packageOf(specifier);
        assert.ok(name === pkg.name || name in pkg.dependencies, `${file} imports ${specifier}, not a dependency`);
      }
    }
  });

  test('repository, homepage and bugs name one repository', () => {
    const url = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    assert.match(url, /^https:\/\/\S+$/);
    assert.ok(pkg.homepage.startsWith(url), `homepage ${pkg.homepage} is not in ${url}`);
    assert.ok(pkg.bugs.url.startsWith(url), `bugs ${pkg.bugs.url} is not in ${url}`);
  });
});
