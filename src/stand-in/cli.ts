/**
 * `npm run stand-in -- --port 8787 [--host 127.0.0.1] [--trust-proxy]`
 *
 * Serves the stand-in until SIGINT or SIGTERM. Exit codes: 0 stopped, 1 could not listen,
 * 2 bad arguments.
 */
import { serve } from './node.js';

const USAGE = `Usage: npm run stand-in -- [--port 8787] [--host 127.0.0.1] [--trust-proxy]

  --port N        port to listen on (0 picks a free one); default 8787
  --host H        address to listen on; default 127.0.0.1 (this machine only)
  --trust-proxy   take the visitor from the first X-Forwarded-For entry, not the socket
  --help          show this text`;

interface Args {
  port: number;
  host: string;
  trustProxy: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): Args | 'help' {
  const args: Args = { port: 8787, host: '127.0.0.1', trustProxy: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value.`);
      return v;
    };
    switch (flag) {
      case '--port': {
        const v = value();
        const port = Number(v);
        if (!/^\d+$/.test(v) || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${v}".`);
        args.port = port;
        break;
      }
      case '--host':
        args.host = value();
        break;
      case '--trust-proxy':
        if (inline !== undefined) throw new UsageError('--trust-proxy takes no value.');
        args.trustProxy = true;
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        throw new UsageError(`Unknown option "${arg}".`);
    }
  }
  return args;
}

async function main(): Promise<void> {
  let args: Args | 'help';
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`hub-kit stand-in: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args === 'help') {
    console.log(USAGE);
    return;
  }

  let served: Awaited<ReturnType<typeof serve>>;
  try {
    served = await serve(args);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${args.host}:${args.port}`;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${args.port} is already in use on ${args.host}. Stop what is using it, or pick another with --port.`
        : code === 'EACCES'
          ? `not allowed to listen on ${where}. Ports below 1024 need extra rights; pick another with --port.`
          : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
            ? `cannot listen on ${args.host}: no such address on this machine.`
            : `cannot listen on ${where}: ${(error as Error).message}`;
    console.error(`hub-kit stand-in: ${reason}`);
    process.exit(1);
  }

  console.log(`hub-kit stand-in listening on ${served.url}`);
  if (args.trustProxy) console.log('Visitors are read from X-Forwarded-For (--trust-proxy).');

  const stop = async () => {
    await served.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
