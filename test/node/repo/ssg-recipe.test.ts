/**
 * docs/ssg.md's recipe, as written: its build-posts.mjs block runs against the stand-in with
 * a key of its own, through the package's own `hub-kit/server` entry. The built page lists
 * every post, the key is in no built file and no output, the script's own check fails a
 * build whose output holds the key, and `hub-kit posts list --since` sees new posts.
 *
 * This is a plain Node build; the Eleventy example wires the same steps into Eleventy.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { root } from '../../../scripts/entries.js';
import { serve } from '../../../src/stand-in/node.js';

const run = promisify(execFile);
const needsBuild = 'run `npm run build` first (`npm test` does)';

function recipe(): string {
  const doc = readFileSync(join(root, 'docs', 'ssg.md'), 'utf8');
  const match = /<!-- recipe: build-posts\.mjs -->\n```js\n([\s\S]*?)\n```/.exec(doc);
  assert.ok(match, 'docs/ssg.md has no build-posts.mjs block');
  return `${match[1]}\n`;
}

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('docs/ssg.md: posts pulled at build time', () => {
  it('builds the posts page, and the key is in no built file or output', async (t) => {
    assert.ok(existsSync(join(root, 'dist', 'src', 'server', 'index.js')), needsBuild);
    const served = await serve({ port: 0 });
    t.after(() => served.close());
    const key = `hk_test_ssg_${crypto.randomUUID().replace(/-/g, '')}`;
    const created = await fetch(`${served.url}/__stand-in/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key, name: 'Site build' }),
    });
    assert.equal(created.status, 201);

    // Inside the package, so that `hub-kit/server` resolves to this build as it would from node_modules.
    const work = join(root, 'dist', 'ssg-recipe');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    t.after(() => rmSync(work, { recursive: true, force: true }));
    writeFileSync(join(work, 'build-posts.mjs'), recipe());
    const env = { ...process.env, HUB_API_KEY: key, HUB_BASE_URL: served.url };
    const site = join(work, '_site');

    const build = await run(process.execPath, ['build-posts.mjs', site], { cwd: work, env });
    const listed = await fetch(`${served.url}/api/v1/posts`, { headers: { Authorization: `Bearer ${key}` } });
    const total = ((await listed.json()) as { meta: { total: number } }).meta.total;
    assert.match(build.stdout, new RegExp(`build-posts: ${total} posts`));
    const page = readFileSync(join(site, 'posts.html'), 'utf8');
    assert.equal(page.match(/<li>/g)?.length, total, 'every post is listed');
    assert.match(page, /<a href="http:\/\/127\.0\.0\.1:\d+\/hub\/posts\/[^"]+">[^<]+<\/a>/);
    for (const file of builtFiles(site)) assert.ok(!readFileSync(file).includes(key), `${file} holds the key`);
    assert.ok(!`${build.stdout}${build.stderr}`.includes(key));

    // The check is real: a built file that holds the key fails the build, without printing it.
    writeFileSync(join(site, 'leak.js'), `const config = ${JSON.stringify({ key })};\n`);
    const failed = await run(process.execPath, ['build-posts.mjs', site], { cwd: work, env }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    assert.ok(failed, 'a build whose output holds the key passed');
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /leak\.js contains the value of HUB_API_KEY/);
    assert.ok(!`${failed.stdout}${failed.stderr}`.includes(key));
    rmSync(join(site, 'leak.js'));

    // The rebuild check: nothing newer than the newest post built, until one is published.
    const { newest } = JSON.parse(readFileSync(join(site, 'posts.json'), 'utf8')) as { newest: string };
    const cli = join(root, 'dist', 'bin', 'hub-kit.js');
    const none = await run(process.execPath, [cli, 'posts', 'list', '--since', newest, '--json'], { env });
    assert.equal(none.stdout.trim(), '[]');
    await fetch(`${served.url}/__stand-in/posts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'Rebuild me' }) });
    const some = await run(process.execPath, [cli, 'posts', 'list', '--since', newest, '--json'], { env });
    assert.deepEqual((JSON.parse(some.stdout) as Array<{ title: string }>).map((p) => p.title), ['Rebuild me']);
    assert.ok(!`${none.stdout}${none.stderr}${some.stdout}${some.stderr}`.includes(key));
  });
});
