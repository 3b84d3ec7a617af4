/**
 * `hub-kit subscribers export|import` and `hub-kit posts list|watch` against the stand-in:
 * exit codes and one-line messages, the key absent from every output, CSV and JSON Lines
 * both ways, 7,000 rows paced with zero 429s (on the stand-in's clock), an import killed
 * part way and resumed without resending an acknowledged chunk, rejected rows, and a watch
 * that outlives an outage.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, type TestContext } from 'node:test';
import { serve } from '../../../src/stand-in/node.js';
import { run as runCommand, type Run } from '../../support/process.js';
import { standInControl } from '../../support/stand-in-control.js';
import { until } from '../../support/until.js';

const CLI = fileURLToPath(new URL('../../../bin/hub-kit.ts', import.meta.url));
// A key only these tests know, so any output that holds it is caught.
const KEY = 'hk_test_cli_0123456789abcdef';

const start = (args: string[], env: Record<string, string | undefined> = {}): Run =>
  runCommand(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { HUB_API_KEY: KEY, HUB_BASE_URL: undefined, HUB_KIT_STAND_IN_CLOCK: undefined, ...env },
  });


async function setup(t: TestContext) {
  const served = await serve({ port: 0 });
  t.after(() => served.close());
  const dir = mkdtempSync(join(tmpdir(), 'hub-kit-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { control, log } = standInControl(served.url);
  await control('keys', { key: KEY });
  const cli = (args: string[], env: Record<string, string | undefined> = {}) => start([...args, '--base-url', served.url], env);
  /** Every file the command left behind, to check the key is in none. */
  const files = () => readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8')).join('\n');
  return { url: served.url, dir, control, log, cli, files };
}

function csv(path: string, rows: number, bad: number[] = []) {
  const lines = ['email,name,source'];
  for (let i = 0; i < rows; i++) lines.push(bad.includes(i) ? `broken-${i},Broken ${i},test` : `reader${i}@example.com,Reader ${i},test`);
  writeFileSync(path, `${lines.join('\n')}\n`);
}

describe('exit codes and messages', () => {
  it('2 for bad usage: no key, a key flag, no base URL, http to another machine, an unknown action, a bad --since', async (t) => {
    const { url } = await setup(t);
    const cases: Array<[string[], Record<string, string | undefined>, RegExp]> = [
      [['posts', 'list', '--base-url', url], { HUB_API_KEY: undefined }, /HUB_API_KEY is not set/],
      [['posts', 'list', '--base-url', url, '--api-key', KEY], {}, /read only from HUB_API_KEY/],
      [['subscribers', 'export', '--base-url', url, `--key=${KEY}`], {}, /read only from HUB_API_KEY/],
      [['posts', 'list'], {}, /--base-url/],
      [['posts', 'list', '--base-url', 'http://example.com'], {}, /only over https/],
      [['subscribers', 'sync', '--base-url', url], {}, /Unknown action "sync"/],
      [['posts', 'list', '--since', 'yesterday', '--base-url', url], {}, /--since must be an ISO 8601 moment/],
      [['subscribers', 'import', '--base-url', url], {}, /import needs a FILE/],
    ];
    for (const [args, env, message] of cases) {
      const run = start(args, env);
      assert.equal(await run.exited, 2, args.join(' '));
      assert.match(run.output(), message);
      assert.ok(!run.output().includes(KEY), `the key is in the output of ${args.join(' ')}`);
    }
  });

  it('1 with what to do for a refused key, and 0 for a listing; the key is in no output', async (t) => {
    const { cli } = await setup(t);
    for (const key of ['hk_test_expired', 'hk_test_deleted']) {
      const refused = cli(['subscribers', 'export'], { HUB_API_KEY: key });
      assert.equal(await refused.exited, 1);
      const lines = refused.output().trim().split('\n');
      assert.equal(lines.length, 1, refused.output());
      assert.match(lines[0]!, /refused HUB_API_KEY \(401\).*missing, expired or deleted.*Settings → API keys/);
      assert.ok(!refused.output().includes(key));
    }
    const list = cli(['posts', 'list', '--json']);
    assert.equal(await list.exited, 0, list.output());
    const posts = JSON.parse(list.stdout()) as Array<{ id: string }>;
    assert.ok(posts.length >= 200);
    assert.ok(!list.output().includes(KEY));
  });

  it('1 when the service cannot be reached, after five retries with a growing backoff', async (t) => {
    const closed = await serve({ port: 0 });
    await closed.close();
    // The waits move the clock of a stand-in of the test's own, not real time.
    const clock = await serve({ port: 0 });
    t.after(() => clock.close());
    const run = start(['posts', 'list', '--base-url', closed.url], { HUB_KIT_STAND_IN_CLOCK: clock.url });
    assert.equal(await run.exited, 1);
    // Five retries with backoff of 0.5–1, 1–2, 2–4, 4–8 and 8–16 s: 15.5 to 31 s in all, then one line.
    const { offset_seconds: waited } = (await standInControl(clock.url).control('clock')) as { offset_seconds: number };
    assert.ok(waited >= 15.5 && waited <= 31, `waited ${waited} s before giving up`);
    // The flag that was set, not the variable that was not.
    assert.match(run.output(), /could not be reached at http:\/\/127\.0\.0\.1:\d+\. Check --base-url and your connection\./);
  });
});

describe('subscribers export and import', () => {
  it('exports CSV with a header and proper quoting, and JSON Lines; importing the export updates everyone', async (t) => {
    const { cli, dir, files } = await setup(t);
    writeFileSync(join(dir, 'tricky.jsonl'), `${JSON.stringify({ email: 'quote@example.com', name: 'Ada "The Count", Lovelace', fields: { note: 'line one\nline two' } })}\n`);
    const tricky = cli(['subscribers', 'import', join(dir, 'tricky.jsonl')]);
    assert.equal(await tricky.exited, 0, tricky.output());

    const out = join(dir, 'backup.csv');
    const exported = cli(['subscribers', 'export', '--out', out]);
    assert.equal(await exported.exited, 0, exported.output());
    assert.match(exported.output(), /Exported 321 subscribers to/);
    const text = readFileSync(out, 'utf8');
    assert.ok(text.startsWith('id,email,name,status,created_at,updated_at,fields\n'));
    assert.ok(text.includes('quote@example.com,"Ada ""The Count"", Lovelace",subscribed,'), 'quotes and commas are quoted');
    assert.ok(text.includes('"{""note"":""line one\\nline two""}"'), 'fields as JSON, quoted');

    const jsonl = cli(['subscribers', 'export', '--format', 'jsonl']);
    assert.equal(await jsonl.exited, 0);
    const lines = jsonl.stdout().trim().split('\n').map((line) => JSON.parse(line) as { email: string });
    assert.equal(lines.length, 321);

    const back = cli(['subscribers', 'import', out]);
    assert.equal(await back.exited, 0, back.output());
    assert.match(back.output(), /321 sent in 4 requests \(0 created, 321 updated\), none rejected/);
    assert.ok(!files().includes(KEY) && !back.output().includes(KEY));
  });

  it('imports 7,000 rows paced at 60 requests a minute with zero 429s, and writes rejected rows with the reason', async (t) => {
    const { cli, dir, log, files } = await setup(t);
    const file = join(dir, 'list.csv');
    csv(file, 7002, [10, 5000]);
    const started = performance.now();
    const run = cli(['subscribers', 'import', file], { HUB_KIT_STAND_IN_CLOCK: '1' });
    assert.equal(await run.exited, 0, run.output());
    const took = performance.now() - started;
    assert.match(run.output(), /7,002 rows read, 7,000 sent in 70 requests \(7,000 created, 0 updated\), 2 rejected/);
    assert.match(run.output(), /ETA/);
    const bulk = (await log()).filter((r) => r.path.endsWith('/bulk'));
    assert.equal(bulk.length, 70);
    assert.deepEqual(bulk.filter((r) => r.status !== 200), [], 'no 429');
    assert.equal(
      readFileSync(`${file}.rejected.csv`, 'utf8'),
      'rejected_row,rejected_reason,email,name,source\n12,the email is not a valid address,broken-10,Broken 10,test\n5002,the email is not a valid address,broken-5000,Broken 5000,test\n',
    );
    assert.ok(!existsSync(`${file}.import-checkpoint.json`), 'the checkpoint goes when the import is done');
    assert.ok(!files().includes(KEY));
    console.log(`7,000-row import: 70 requests, ${(took / 1000).toFixed(1)} s real time (a minute of pacing on the stand-in clock)`);
  });

  it('a killed import resumes where it stopped, and sends no acknowledged chunk again', async (t) => {
    const { cli, control, dir, log, files } = await setup(t);
    const file = join(dir, 'list.csv');
    csv(file, 1000);
    // The fifth request hangs: four are acknowledged when the process is killed.
    await control('faults', { path: '/api/v1/subscribers/bulk', method: 'POST', skip: 4, delayMs: 120_000, status: 504 });
    const first = cli(['subscribers', 'import', file], { HUB_KIT_STAND_IN_CLOCK: '1' });
    const checkpoint = `${file}.import-checkpoint.json`;
    // Killed once four requests are acknowledged and the fifth is written down as in flight,
    // which happens just after (the kill must not fall between the two).
    const stopped = () => JSON.parse(readFileSync(checkpoint, 'utf8')) as { resumeAt: number; inFlight?: { count: number } };
    await until(() => existsSync(checkpoint) && stopped().resumeAt === 400 && stopped().inFlight?.count === 100, 'four acknowledged requests and the fifth in flight', { timeoutMs: 60_000, exited: first.exited });
    first.stop('SIGKILL');
    await first.exited;
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as Record<string, unknown>;
    assert.equal(saved.resumeAt, 400);
    assert.ok(!JSON.stringify(saved).includes(KEY), 'the checkpoint holds no key');

    const second = cli(['subscribers', 'import', file], { HUB_KIT_STAND_IN_CLOCK: '1' });
    assert.equal(await second.exited, 0, second.output());
    // Row 402 as a spreadsheet shows it (the header is row 1), and the request that hung is named.
    assert.match(second.output(), /Resuming the import of list\.csv at row 402: 400 rows were done before\. 100 rows were in flight when it stopped, and are sent again\./);
    assert.match(second.output(), /The 100 rows in flight when the last run stopped were sent again: 100 created, 0 updated\./);
    assert.match(second.output(), /1,000 rows read, 1,000 sent in 10 requests \(1,000 created, 0 updated\)/);
    const bulk = (await log()).filter((r) => r.path.endsWith('/bulk') && r.status === 200);
    assert.equal(bulk.length, 10, 'four before the kill, six after: none sent twice');
    const everyone = cli(['subscribers', 'export', '--format', 'jsonl']);
    await everyone.exited;
    const readers = everyone.stdout().trim().split('\n').filter((line) => line.includes('"reader'));
    assert.equal(readers.length, 1000);
    assert.ok(!files().includes(KEY));
  });

  it('never subscribes again someone who unsubscribed, unless told --resubscribe', async (t) => {
    const { cli, dir } = await setup(t);
    const everyone = async () => {
      const run = cli(['subscribers', 'export', '--format', 'jsonl']);
      assert.equal(await run.exited, 0, run.output());
      return run.stdout().trim().split('\n').map((line) => JSON.parse(line) as { email: string; status: string });
    };
    const gone = (await everyone()).filter((s) => s.status === 'unsubscribed').slice(0, 3);
    assert.equal(gone.length, 3, 'the workspace has people who unsubscribed');
    const file = join(dir, 'list.csv');
    writeFileSync(file, ['email,status', ...gone.map((s) => `${s.email},subscribed`), 'newcomer@example.com,subscribed', ''].join('\n'));
    const statusOf = async () => {
      const now = await everyone();
      return [...gone.map((g) => g.email), 'newcomer@example.com'].map((email) => now.find((s) => s.email === email)?.status);
    };

    const plain = cli(['subscribers', 'import', file]);
    assert.equal(await plain.exited, 0, plain.output());
    assert.match(plain.output(), /3 left unsubscribed/);
    assert.deepEqual(await statusOf(), ['unsubscribed', 'unsubscribed', 'unsubscribed', 'subscribed']);

    const asked = cli(['subscribers', 'import', file, '--resubscribe']);
    assert.equal(await asked.exited, 0, asked.output());
    assert.deepEqual(await statusOf(), ['subscribed', 'subscribed', 'subscribed', 'subscribed']);
  });

  it('--dry-run checks every row and sends nothing', async (t) => {
    const { cli, dir, log } = await setup(t);
    const file = join(dir, 'list.csv');
    csv(file, 250, [3]);
    const run = cli(['subscribers', 'import', file, '--dry-run'], { HUB_API_KEY: undefined });
    assert.equal(await run.exited, 0, run.output());
    assert.match(run.output(), /250 rows read, 249 would be sent in 3 requests .* 1 rejected .* Nothing was sent/);
    assert.deepEqual((await log()).filter((r) => r.method === 'POST'), []);
  });
});

describe('posts watch', () => {
  it('prints each new post once, and carries on after the service was down', async (t) => {
    const { cli, control, log } = await setup(t);
    const watch = cli(['posts', 'watch', '--interval', '1']);
    t.after(() => watch.stop('SIGKILL'));
    await watch.line(/Watching for new posts/);
    await control('posts', { title: 'Fresh from the press' });
    await watch.line(/Fresh from the press/);
    await control('faults', { path: '/api/v1/posts', status: 503, times: 2 });
    await watch.lines(/Trying again in/, 2);
    await control('posts', { title: 'After the outage' });
    await watch.line(/After the outage/);
    // Two more polls answered after it, to see nothing printed twice.
    const polls = async () => (await log()).filter((r) => r.method === 'GET' && r.path.split('?')[0] === '/api/v1/posts' && r.status === 200).length;
    const seen = await polls();
    await until(async () => (await polls()) >= seen + 2, 'two more polls', { timeoutMs: 60_000, exited: watch.exited });
    watch.stop('SIGINT');
    assert.equal(await watch.exited, 0);
    const printed = watch.stdout().trim().split('\n');
    assert.equal(printed.length, 2, watch.stdout());
    assert.match(printed[0]!, /Fresh from the press/);
    assert.match(printed[1]!, /After the outage/);
    assert.match(watch.output(), /The service answered 503/);
    assert.ok(!watch.output().includes(KEY));
  });
});
