/**
 * The package as a person gets it: `npm pack`, installed into a new folder outside the
 * repository, so a test runs `npx hub-kit` exactly as a creator would (with run() from
 * process.ts), or unpacked, to read what the tarball holds. Packing and installing take
 * seconds, so a test file does it once (in `before`) and shares the folder across its tests.
 */
import { execFileSync } from 'node:child_process';
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
