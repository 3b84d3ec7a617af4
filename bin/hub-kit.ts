/**
 * The `hub-kit` command. Each subcommand is a module of bin/commands/ exporting `usage` and
 * `run(argv)`, which resolves to the exit code: 0 done, 1 failed, 2 bad usage or input. A
 * UsageError prints its message and the subcommand's usage and exits 2; an InputError (a
 * file the command will not misread) prints one line and exits 2; a CommandError prints one
 * line and exits 1. A closed stdout (`| head -1`) ends the command quietly with 0.
 */
import pkg from '../package.json' with { type: 'json' };
import { endQuietlyOnClosedPipe } from './output.js';
import { CommandError, InputError, UsageError } from './usage.js';

interface Command {
  usage: string;
  run(argv: readonly string[]): Promise<number>;
}

/** Subcommands, loaded only when called, so `hub-kit stand-in` does not load the others. */
const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  'stand-in': { summary: 'run a local stand-in of the service', load: () => import('./commands/stand-in.js') },
  subscribers: { summary: 'export or import the subscribers of the key\'s workspace', load: () => import('./commands/subscribers/index.js') },
  posts: { summary: 'list the posts, or watch for new ones', load: () => import('./commands/posts.js') },
};

const usage = `Usage: hub-kit <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, { summary }]) => `  ${name.padEnd(14)}${summary}`)
  .join('\n')}

Run "hub-kit <command> --help" for a command's options. Commands that use the
authenticated API read the key from HUB_API_KEY.`;

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? console.error : console.log)(usage);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    console.log(pkg.version);
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    console.error(`hub-kit: unknown command "${name}".\n\n${usage}`);
    return 2;
  }
  const command = await entry.load();
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`hub-kit ${name}: ${error.message}\n\n${command.usage}`);
      return 2;
    }
    if (error instanceof InputError) {
      console.error(`hub-kit ${name}: ${error.message}`);
      return 2;
    }
    if (error instanceof CommandError) {
      console.error(`hub-kit ${name}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

endQuietlyOnClosedPipe();
process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`hub-kit: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
