/**
 * `hub-kit stand-in [--port 8787] [--host 127.0.0.1] [--trust-proxy[=N]] [--no-control] [--posts-path P]`
 *
 * Serves the stand-in until SIGINT or SIGTERM. Exit codes: 0 stopped, 1 could not listen,
 * 2 bad arguments.
 */
import { API_ROOT, AUTHENTICATED_PATHS } from '../../src/api/endpoints.js';
import { createStandIn, isPostsPath } from '../../src/stand-in/handler.js';
import { serve } from '../../src/stand-in/node.js';
import { CommandError, UsageError, parseFlags } from '../usage.js';

export const usage = `Usage: hub-kit stand-in [--port 8787] [--host 127.0.0.1] [--trust-proxy[=N]] [--no-control]
                        [--posts-path ${AUTHENTICATED_PATHS.posts}]

Runs a local stand-in of the service, in memory, until stopped: the public endpoints and
the authenticated API, with the test keys hk_test_valid, hk_test_expired and hk_test_deleted.

  --port N          port to listen on (0 picks a free one); default 8787
  --host H          address to listen on; default 127.0.0.1 (this machine only)
  --trust-proxy     behind one proxy you run: the visitor is the rightmost X-Forwarded-For entry
  --trust-proxy=N   behind N proxies in a row: the Nth entry from the right
  --no-control      switch off the control endpoints (/__stand-in/...); otherwise they
                    answer callers on this machine only
  --posts-path P    where the authenticated posts list is; default ${AUTHENTICATED_PATHS.posts}
  --help            show this text`;

function listenError(error: unknown, host: string, port: number): CommandError {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host}:${port}`;
  return new CommandError(
    code === 'EADDRINUSE'
      ? `port ${port} is already in use on ${host}. Stop what is using it, or pick another with --port.`
      : code === 'EACCES'
        ? `not allowed to listen on ${where}. Ports below 1024 need extra rights; pick another with --port.`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot listen on ${host}: no such address on this machine.`
          : `cannot listen on ${where}: ${(error as Error).message}`,
  );
}

export async function run(argv: readonly string[]): Promise<number> {
  const { flags, positional } = parseFlags(argv, { values: ['port', 'host', 'posts-path'], booleans: ['no-control'], optional: ['trust-proxy'] });
  if (flags.has('help')) {
    console.log(usage);
    return 0;
  }
  if (positional.length) throw new UsageError(`Unexpected argument "${positional[0]}".`);
  const portText = String(flags.get('port') ?? '8787');
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${portText}".`);
  }
  const host = String(flags.get('host') ?? '127.0.0.1');
  const trustText = flags.get('trust-proxy');
  if (typeof trustText === 'string' && !/^[1-9]\d{0,1}$/.test(trustText)) {
    throw new UsageError(`--trust-proxy=N takes a number of proxies from 1 to 99, not "${trustText}".`);
  }
  const trustProxy = trustText === undefined ? false : trustText === true ? 1 : Number(trustText);
  const control = flags.has('no-control') ? 'off' : 'loopback';
  const postsPath = String(flags.get('posts-path') ?? AUTHENTICATED_PATHS.posts);
  if (!isPostsPath(postsPath)) throw new UsageError(`--posts-path must be a path under ${API_ROOT}, not "${postsPath}".`);

  let served: Awaited<ReturnType<typeof serve>>;
  try {
    served = await serve({ port, host, trustProxy, control, standIn: createStandIn({ trustProxy, control, postsPath }) });
  } catch (error) {
    throw listenError(error, host, port);
  }
  console.log(`hub-kit stand-in listening on ${served.url}`);
  if (trustProxy) {
    const which = trustProxy === 1 ? 'the rightmost entry' : `entry ${trustProxy} from the right`;
    console.log(`Visitors are read from X-Forwarded-For, ${which} (--trust-proxy).`);
  }
  console.log(`Authenticated API: key hk_test_valid (hk_test_expired and hk_test_deleted answer 401); posts at ${postsPath}`);
  console.log(control === 'off' ? 'Control endpoints are off (--no-control).' : 'Control endpoints answer this machine only.');

  // Serves until a signal; the promise settles only then, so the process stays up.
  return new Promise<number>((resolve) => {
    const stop = () => void served.close().then(() => resolve(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
