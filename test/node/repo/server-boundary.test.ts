/**
 * `hub-kit/server` stays on the server: no browser entry of the package carries it (the
 * script-tag bundle, each define entry, the main entry, hub-kit/client), and the code keeps
 * the line docs/design.md draws between them: nothing in src/ or components/ imports
 * src/server, and src/server imports nothing of src/ but what every client shares: the
 * schema and error modules, the endpoint table, the base-URL rule and the timing module
 * (src/timing: Retry-After, backoff, sleep).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { ELEMENTS, root } from '../../../scripts/entries.js';

const needsBuild = 'run `npm run build` first (`npm test` does)';
// Strings only the server code holds: how it sends the key, and the header it paces by.
const SERVER_MARKERS = ['Bearer ', 'X-RateLimit-Remaining'];

/** The files of the package that a browser entry pulls in, bundled as a site's bundler would. */
async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(root, 'dist', 'boundary'),
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).map((input) => relative(root, join(root, input)));
}

test('no browser entry carries hub-kit/server', async () => {
  const entries = [
    ...ELEMENTS.map((name) => join(root, 'dist', 'components', name, 'define.js')),
    join(root, 'dist', 'components', 'index.js'),
    join(root, 'dist', 'src', 'client.js'),
  ];
  for (const entry of entries) {
    assert.ok(existsSync(entry), `${relative(root, entry)} is missing: ${needsBuild}`);
    const inputs = await inputsOf(entry);
    assert.ok(inputs.length > 1, `${entry} bundled nothing`);
    const server = inputs.filter((input) => /(^|\/)(dist\/)?src\/server\//.test(input));
    assert.deepEqual(server, [], `${relative(root, entry)} pulls in ${server.join(', ')}`);
  }
  const bundle = join(root, 'dist', 'hub-kit.js');
  assert.ok(existsSync(bundle), `dist/hub-kit.js is missing: ${needsBuild}`);
  const text = readFileSync(bundle, 'utf8');
  for (const marker of SERVER_MARKERS) assert.ok(!text.includes(marker), `dist/hub-kit.js holds "${marker}"`);
  const serverText = ['hub-api.js', 'pacing.js'].map((file) => readFileSync(join(root, 'dist', 'src', 'server', file), 'utf8')).join('\n');
  for (const marker of SERVER_MARKERS) assert.ok(serverText.includes(marker), `the marker "${marker}" is not in the server code, so it proves nothing`);
});

test('the authenticated API\u2019s schemas, kept in the one schema module, are dropped from every browser bundle', async () => {
  // A field only those schemas read.
  const marker = 'last_page';
  assert.ok(readFileSync(join(root, 'dist', 'src', 'api', 'schema.js'), 'utf8').includes(marker), 'the marker proves nothing');
  for (const name of ELEMENTS) {
    const result = await build({
      entryPoints: [join(root, 'dist', 'components', name, 'define.js')],
      bundle: true,
      minify: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      outdir: join(root, 'dist', 'boundary'),
      logLevel: 'silent',
    });
    const code = result.outputFiles.map((file) => file.text).join('');
    assert.ok(!code.includes(marker), `${name}/define carries the authenticated API's schemas`);
  }
  assert.ok(!readFileSync(join(root, 'dist', 'hub-kit.js'), 'utf8').includes(marker), 'dist/hub-kit.js carries them');
});

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The modules of src/api that hub-kit/server shares with the browser client (docs/design.md#layers). */
const SHARED_WITH_SERVER = ['../api/schema.js', '../api/errors.js', '../api/endpoints.js', '../api/base-url.js'];

const importsOf = (file: string) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);

test('src/ and components/ import nothing of src/server; src/server imports only the schema, errors, endpoint table, base-URL rule and timing of src/', () => {
  for (const file of [...sources('src'), ...sources('components')].filter((f) => !f.startsWith(join('src', 'server')))) {
    for (const spec of importsOf(file)) {
      assert.ok(!/(^|\/)server(\/|\.js$|$)/.test(spec) || !spec.startsWith('.'), `${file} imports ${spec}`);
    }
  }
  for (const file of sources(join('src', 'server'))) {
    for (const spec of importsOf(file).filter((s) => s.startsWith('..'))) {
      assert.ok(SHARED_WITH_SERVER.includes(spec) || spec.startsWith('../timing/'), `${file} imports ${spec} (docs/design.md#layers)`);
    }
  }
});
