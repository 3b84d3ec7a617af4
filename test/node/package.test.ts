/**
 * The package as a site installs it: every `exports` entry resolves to a file that
 * `npm run build` wrote, with its types; `sideEffects` names only what registers
 * something; importing a class defines nothing and importing `/define` defines its tag;
 * the stand-in entry runs in Node; `npm pack` ships dist/ and nothing private.
 *
 * Imports go through the package's own name ("hub-kit/…"), so Node resolves them with
 * package.json `exports`, exactly as in a site's project.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSES, ELEMENTS, root } from '../../scripts/entries.js';

interface Pkg {
  name: string;
  types: string;
  customElements: string;
  sideEffects: string[];
  files: string[];
  exports: Record<string, string | Record<string, string>>;
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

test('sideEffects names only the bundle, the define entries, locales and the stylesheets', () => {
  const allowed = [
    /^\.\/dist\/hub-kit\.js$/,
    /^\.\/dist\/components\/\*\/define\.js$/,
    /^\.\/dist\/components\/shared\/locales\/\*\.js$/,
    /^\.\/dist\/hub-(forms|kit)\.css$/,
    // The sources, for the demo and tests that import them directly.
    /^\.\/components\/(\*\/define|all)\.ts$/,
  ];
  for (const entry of pkg.sideEffects) {
    assert.ok(allowed.some((re) => re.test(entry)), `sideEffects lists ${entry}`);
  }
  assert.ok(pkg.sideEffects.includes('./dist/components/*/define.js'));
  assert.ok(pkg.sideEffects.includes('./dist/hub-kit.js'));
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

test('hub-kit/stand-in answers the seeded demo tenant in Node', async () => {
  assert.ok(distReady, needsBuild);
  const { createStandIn } = (await import('hub-kit/stand-in')) as typeof import('../../src/stand-in/index.js');
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
