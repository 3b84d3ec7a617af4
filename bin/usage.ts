/**
 * What every subcommand of `hub-kit` shares: how a bad invocation is reported (exit 2 with
 * a one-line message and the usage), and a small flag reader that knows `--flag value`,
 * `--flag=value` and boolean flags, and refuses anything it was not told about.
 */

/** Bad usage: a wrong flag, a missing argument. Exits 2 with the command's usage. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure the person can act on (a port in use, a refused key): exits 1, one line. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/**
 * A file the command cannot read as given (no email column, an encoding it will not guess):
 * exits 2 with the one line, without the usage, since the flags were right.
 */
export class InputError extends Error {
  override name = 'InputError';
}

export interface FlagSpec {
  /** Flags that take a value, e.g. `port`. */
  values?: readonly string[];
  /** Flags that take none, e.g. `dry-run`. */
  booleans?: readonly string[];
  /**
   * Flags that stand alone or take a value after `=` only, e.g. `--trust-proxy` or
   * `--trust-proxy=2`; alone they read as `true`. The next argument is never their value.
   */
  optional?: readonly string[];
  /** Flags that take a value and may be given more than once, e.g. `--map a=email --map b=name`. */
  lists?: readonly string[];
}

export interface ParsedArgs {
  flags: Map<string, string | true>;
  /** The values of each list flag, in the order given. */
  lists: Map<string, string[]>;
  positional: string[];
}

/** Reads `argv` against `spec`; `-h` and `--help` become the boolean flag `help`. */
export function parseFlags(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const values = new Set(spec.values ?? []);
  const booleans = new Set([...(spec.booleans ?? []), 'help']);
  const optional = new Set(spec.optional ?? []);
  const listed = new Set(spec.lists ?? []);
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h') {
      flags.set('help', true);
      continue;
    }
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    if (optional.has(name)) {
      if (inline === '') throw new UsageError(`--${name}= needs a value after "=".`);
      flags.set(name, inline ?? true);
    } else if (booleans.has(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
      flags.set(name, true);
    } else if (values.has(name) || listed.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        throw new UsageError(`--${name} needs a value.`);
      }
      if (listed.has(name)) lists.set(name, [...(lists.get(name) ?? []), value]);
      else flags.set(name, value);
    } else {
      throw new UsageError(`Unknown option "${arg}".`);
    }
  }
  return { flags, lists, positional };
}
