/**
 * The package as a person gets it: `npm pack`, installed into a new folder outside the
 * repository, so a test runs `npx hub-kit` exactly as a creator would. Packing and installing
 * take seconds, so a test file does it once (in `before`) and shares the folder across its
 * tests; commands run in their own process group, so that stopping one stops what npx started.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export interface Unpacked {
  /** The unpacked tarball's `package/` folder. */
  dir: string;
  /** Every file in it, relative to `dir`, with `/` separators. */
  files: string[];
  remove(): void;
}

/** The tarball `npm pack` makes, unpacked into a new folder: what a registry would publish. */
export function unpackPacked(prefix = 'hub-kit-unpacked-'): Unpacked {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  ) as [{ filename: string }];
  execFileSync('tar', ['-xzf', join(work, filename), '-C', work]);
  const dir = join(work, 'package');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
  return { dir, files, remove: () => rmSync(work, { recursive: true, force: true }) };
}

export interface Installed {
  /** A project folder with the packed hub-kit installed. */
  dir: string;
  remove(): void;
}

export function installPacked(prefix = 'hub-kit-packed-'): Installed {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const quiet = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: quiet }),
  ) as [{ filename: string }];
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  execFileSync('npm', ['install', '--prefer-offline', '--no-package-lock', join(dir, packed[0].filename)], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: quiet,
    timeout: 300_000,
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Run {
  child: ChildProcess;
  /** stdout and stderr as they arrived, interleaved. */
  output(): string;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  /** Resolves when the output has a line matching `pattern`; rejects if the process ends first or after `timeoutMs`. */
  line(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Ends the process group. */
  stop(signal?: NodeJS.Signals): void;
}

/** A command in `cwd` (`npx hub-kit …`, or `bash -c …` for a pipe), in its own process group. */
export function run(command: string, args: string[], cwd: string, env: Record<string, string | undefined> = {}): Run {
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  let ended = false;
  const exited = once(child, 'close').then(([code]) => {
    ended = true;
    return code as number | null;
  });
  return {
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async line(pattern, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = output.split('\n').find((l) => pattern.test(l));
        if (found !== undefined) return found;
        if (ended) throw new Error(`ended without a line matching ${pattern}:\n${output}`);
        if (Date.now() > until) throw new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop(signal = 'SIGTERM') {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // Already gone.
        }
      }
    },
  };
}
