/**
 * `hub-kit stand-in` (and `npm run stand-in`, its alias in this repository): starts, prints its URL, serves, stops on SIGTERM;
 * --trust-proxy[=N] and --no-control; clear errors for a bad flag and a port in use.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it, type TestContext } from 'node:test';
import { serve } from '../../../src/stand-in/node.js';
import { run } from '../../support/process.js';

const CLI = fileURLToPath(new URL('../../../bin/hub-kit.ts', import.meta.url));
const LISTENING = /hub-kit stand-in listening on (http:\/\/127\.0\.0\.1:\d+)/;

const start = (args: string[]) => run(process.execPath, ['--import', 'tsx', CLI, 'stand-in', ...args]);

/** The URL the stand-in prints once it listens. */
const urlOf = async (stand: ReturnType<typeof start>) => LISTENING.exec(await stand.line(LISTENING))![1]!;

/** Its last line at start-up: after it, the stand-in handles SIGTERM. */
const CONTROL = /^Control endpoints /;

/** The stand-in on a free port with `flags`, and its URL; killed after the test if still running. */
async function listening(t: TestContext, flags: string[]) {
  const stand = start(['--port', '0', ...flags]);
  t.after(() => stand.stop('SIGKILL'));
  return { stand, url: await urlOf(stand) };
}

/** The visitor the stand-in's log names for a bio request sent with this X-Forwarded-For. */
async function visitorFor(url: string, forwardedFor: string): Promise<string> {
  const bio = await fetch(`${url}/api/v1/tenants/demo/bio`, { headers: { 'X-Forwarded-For': forwardedFor } });
  assert.equal(bio.status, 200);
  const log = (await (await fetch(`${url}/__stand-in/log`)).json()) as { requests: Array<{ visitor: string }> };
  return log.requests[0]!.visitor;
}

/** Once start-up is over, SIGTERM ends it with exit code 0. */
async function stopsOnSigterm(stand: ReturnType<typeof start>): Promise<void> {
  await stand.line(CONTROL);
  stand.stop('SIGTERM');
  assert.equal(await stand.exited, 0);
}

describe('hub-kit stand-in', () => {
  it('prints its URL, serves, and stops on SIGTERM', async (t) => {
    const { stand, url } = await listening(t, ['--trust-proxy']);
    assert.equal(await visitorFor(url, '192.0.2.5'), '192.0.2.5');
    await stopsOnSigterm(stand);
  });

  it('--trust-proxy=2 reads the second X-Forwarded-For entry from the right', async (t) => {
    const { stand, url } = await listening(t, ['--trust-proxy=2']);
    await stand.line(/entry 2 from the right/);
    assert.equal(await visitorFor(url, '127.0.0.1, 192.0.2.5, 10.0.0.1'), '192.0.2.5');
    await stopsOnSigterm(stand);
  });

  it('--no-control switches off the control endpoints', async (t) => {
    const { stand, url } = await listening(t, ['--no-control']);
    // Printed after the "listening" line, maybe in a write of its own: wait for it.
    await stand.line(/Control endpoints are off/);
    assert.equal((await fetch(`${url}/__stand-in/log`)).status, 404);
    assert.equal((await fetch(`${url}/api/v1/tenants/demo/bio`)).status, 200);
    await stopsOnSigterm(stand);
  });

  it('refuses --trust-proxy with a value that is not a number of proxies', async () => {
    for (const value of ['=x', '=0', '=']) {
      const stand = start(['--port', '0', `--trust-proxy${value}`]);
      assert.equal(await stand.exited, 2, value);
      assert.match(stand.output(), /--trust-proxy/);
    }
  });

  it('refuses an unknown flag with exit code 2 and the usage', async () => {
    const stand = start(['--prot', '8787']);
    assert.equal(await stand.exited, 2);
    assert.match(stand.output(), /Unknown option "--prot"/);
    assert.match(stand.output(), /Usage: hub-kit stand-in/);
  });

  it('refuses a bad port', async () => {
    const stand = start(['--port', 'eighty']);
    assert.equal(await stand.exited, 2);
    assert.match(stand.output(), /--port must be a whole number/);
  });

  it('says so when the port is in use', async (t) => {
    const taken = await serve({ port: 0 });
    t.after(() => taken.close());
    const stand = start(['--port', String(taken.port)]);
    assert.equal(await stand.exited, 1);
    assert.match(stand.output(), new RegExp(`port ${taken.port} is already in use`));
  });
});
