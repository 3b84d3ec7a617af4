/**
 * `hub-kit stand-in` (and `npm run stand-in`, its alias in this repository): starts, prints its URL, serves, stops on SIGTERM;
 * --trust-proxy[=N] and --no-control; clear errors for a bad flag and a port in use.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { serve } from '../../src/stand-in/node.js';

const CLI = fileURLToPath(new URL('../../bin/hub-kit.ts', import.meta.url));

function start(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'stand-in', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

async function waitFor(test: () => RegExpMatchArray | null, exited: Promise<unknown>): Promise<RegExpMatchArray> {
  let done = false;
  void exited.then(() => (done = true));
  for (;;) {
    const match = test();
    if (match) return match;
    if (done) throw new Error('the stand-in exited before printing its URL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('hub-kit stand-in', () => {
  it('prints its URL, serves, and stops on SIGTERM', async (t) => {
    const run = start(['--port', '0', '--trust-proxy']);
    t.after(() => run.child.kill('SIGKILL'));
    const [line, url] = await waitFor(() => run.output().match(/hub-kit stand-in listening on (http:\/\/127\.0\.0\.1:\d+)/), run.exited);
    assert.ok(line);
    const bio = await fetch(`${url}/api/v1/tenants/demo/bio`, { headers: { 'X-Forwarded-For': '192.0.2.5' } });
    assert.equal(bio.status, 200);
    const log = (await (await fetch(`${url}/__stand-in/log`)).json()) as { requests: Array<{ visitor: string }> };
    assert.equal(log.requests[0]!.visitor, '192.0.2.5');
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0);
  });

  it('--trust-proxy=2 reads the second X-Forwarded-For entry from the right', async (t) => {
    const run = start(['--port', '0', '--trust-proxy=2']);
    t.after(() => run.child.kill('SIGKILL'));
    const [, url] = await waitFor(() => run.output().match(/hub-kit stand-in listening on (http:\/\/127\.0\.0\.1:\d+)/), run.exited);
    assert.match(run.output(), /entry 2 from the right/);
    const bio = await fetch(`${url}/api/v1/tenants/demo/bio`, { headers: { 'X-Forwarded-For': '127.0.0.1, 192.0.2.5, 10.0.0.1' } });
    assert.equal(bio.status, 200);
    const log = (await (await fetch(`${url}/__stand-in/log`)).json()) as { requests: Array<{ visitor: string }> };
    assert.equal(log.requests[0]!.visitor, '192.0.2.5');
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0);
  });

  it('--no-control switches off the control endpoints', async (t) => {
    const run = start(['--port', '0', '--no-control']);
    t.after(() => run.child.kill('SIGKILL'));
    const [, url] = await waitFor(() => run.output().match(/hub-kit stand-in listening on (http:\/\/127\.0\.0\.1:\d+)/), run.exited);
    assert.match(run.output(), /Control endpoints are off/);
    assert.equal((await fetch(`${url}/__stand-in/log`)).status, 404);
    assert.equal((await fetch(`${url}/api/v1/tenants/demo/bio`)).status, 200);
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0);
  });

  it('refuses --trust-proxy with a value that is not a number of proxies', async () => {
    for (const value of ['=x', '=0', '=']) {
      const run = start(['--port', '0', `--trust-proxy${value}`]);
      assert.equal(await run.exited, 2, value);
      assert.match(run.output(), /--trust-proxy/);
    }
  });

  it('refuses an unknown flag with exit code 2 and the usage', async () => {
    const run = start(['--prot', '8787']);
    assert.equal(await run.exited, 2);
    assert.match(run.output(), /Unknown option "--prot"/);
    assert.match(run.output(), /Usage: hub-kit stand-in/);
  });

  it('refuses a bad port', async () => {
    const run = start(['--port', 'eighty']);
    assert.equal(await run.exited, 2);
    assert.match(run.output(), /--port must be a whole number/);
  });

  it('says so when the port is in use', async (t) => {
    const taken = await serve({ port: 0 });
    t.after(() => taken.close());
    const run = start(['--port', String(taken.port)]);
    assert.equal(await run.exited, 1);
    assert.match(run.output(), new RegExp(`port ${taken.port} is already in use`));
  });
});
