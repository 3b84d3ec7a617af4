/**
 * A command a Node test starts and reads, the one way every test does it: the output is
 * kept as it arrives, and a test waits for the line it needs (`await run.line(/listening/)`),
 * never for the first chunk or a fixed time: a process may print its lines in several
 * writes, a moment apart, most of all on a loaded machine. `exited` resolves once the
 * process has ended and its output is read to the end ('close', not 'exit', which can come
 * before the last chunk). The command runs in its own process group, so that stop() also
 * stops what it started (npx runs the real command as a child of its own).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface Run {
  child: ChildProcess;
  /** stdout and stderr as they arrived, interleaved. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** The exit code, once the process has ended and all of its output has been read. */
  exited: Promise<number | null>;
  /**
   * The first complete line (or the last line, once the process has ended) matching
   * `pattern`; rejects, with the output so far, if the process ends first or after `timeoutMs`.
   */
  line(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** The first `count` lines matching `pattern`, once there are that many (as `line`). */
  lines(pattern: RegExp, count: number, timeoutMs?: number): Promise<string[]>;
  /** Ends the process group. */
  stop(signal?: NodeJS.Signals): void;
}

export interface RunOptions {
  cwd?: string;
  /** Added to this process's environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
}

/** Starts `command` (`npx hub-kit …`, `node …`, or `bash -c …` for a pipe) in its own process group. */
export function run(command: string, args: string[], options: RunOptions = {}): Run {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(command, args, { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  let stdout = '';
  let stderr = '';
  const waiting = new Set<() => void>();
  const changed = () => waiting.forEach((wake) => wake());
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
    changed();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
    changed();
  });
  let ended = false;
  const exited = once(child, 'close').then(([code]) => {
    ended = true;
    changed();
    return code as number | null;
  });
  // A test that never awaits `exited` must not see an unhandled rejection from a spawn error.
  exited.catch(() => {});

  const lines = (pattern: RegExp, count: number, timeoutMs = 60_000) =>
    new Promise<string[]>((resolve, reject) => {
      const what = count === 1 ? `a line matching ${pattern}` : `${count} lines matching ${pattern}`;
      const check = () => {
        // Only whole lines, unless nothing more can come: half a line may still be arriving.
        const all = output.split('\n');
        const found = (ended ? all : all.slice(0, -1)).filter((l) => pattern.test(l));
        if (found.length >= count) return done(() => resolve(found.slice(0, count)));
        if (ended) return done(() => reject(new Error(`ended without ${what}:\n${output}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${what} within ${timeoutMs} ms:\n${output}`))), timeoutMs);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiting.delete(check);
        settle();
      };
      waiting.add(check);
      check();
    });

  return {
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    line: async (pattern, timeoutMs) => (await lines(pattern, 1, timeoutMs))[0]!,
    lines,
    stop(signal = 'SIGTERM') {
      if (child.pid && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // Already gone.
        }
      }
    },
  };
}
