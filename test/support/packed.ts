/**
 * The package as a person gets it: `npm pack`, installed into a new folder outside the
 * repository, so a test runs `npx hub-kit` exactly as a creator would (with run() from
 * process.ts), or unpacked, to read what the tarball holds.
 *
 * The tarball is made once per test run: `npm test` packs it after the build and names it in
 * HUB_PACKED, which every suite's tests share (scripts/test.ts); a test file run on its own
 * packs it once for its process. Installing takes seconds, so a test file does it once (in
 * `before`) and shares the folder across its tests.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const QUIET = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** Packs the repository (after `npm run build`) into `dir`; returns the tarball's path. */
export function pack(dir: string): string {
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: QUIET,
    }),
  ) as [{ filename: string }];
  return join(dir, filename);
}

let ours: string | undefined;

/**
 * The packed package, for this test run: HUB_PACKED's when set (npm test made it once), else
 * one packed for this process. Callers copy it where they want it and never change it.
 */
export function packed(): string {
  const shared = process.env.HUB_PACKED;
  if (shared && existsSync(shared)) return shared;
  if (!ours) {
    const dir = mkdtempSync(join(tmpdir(), 'hub-kit-pack-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    ours = pack(dir);
  }
  return ours;
}

/** A copy of the packed package in `dir` (a project's own folder, as if downloaded there). */
export function packedInto(dir: string): string {
  const tarball = join(dir, basename(packed()));
  copyFileSync(packed(), tarball);
  return tarball;
}

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
  execFileSync('tar', ['-xzf', packed(), '-C', work]);
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
  const tarball = packedInto(dir);
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  execFileSync('npm', ['install', '--prefer-offline', '--no-package-lock', tarball], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: QUIET,
    timeout: 300_000,
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
