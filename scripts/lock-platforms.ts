/**
 * `npm run lock:platforms`: puts back into package-lock.json the entries that `npm install`
 * left out: above all the per-platform packages that rollup, esbuild, lightningcss,
 * rolldown and others ship their binaries in (one package per operating system, CPU and
 * libc), and what those packages depend on.
 *
 * Why it exists: npm writes a lock entry for an optional dependency only if it could read
 * the package, and a registry mirror that answers 404 for other platforms' files (ours
 * does) leaves them out. `npm ci` then fails on every machine, CI included: "Missing:
 * @rollup/rollup-darwin-arm64@4.68.7 from lock file". The entries are rebuilt from the
 * registry's metadata of the exact version the parent names (`npm view`, so the registry,
 * proxy and credentials are npm's own): version, integrity, os, cpu, libc, engines and the
 * rest npm itself records, `resolved` only if the lock file's other entries carry it
 * (npm's `omit-lockfile-registry-resolved` leaves it out), and the dependency flags of the
 * package that needs it.
 *
 * Idempotent: with nothing missing it asks the registry nothing and leaves the file as it
 * is. Run it after every `npm install` that rewrote the lock file; `--check` only lists
 * what is missing and exits 1 if anything is. test/node/repo/lockfile.test.ts fails while an
 * entry is missing, offline.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  link?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface Lock {
  name: string;
  version: string;
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

export const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));

/** The folder whose node_modules holds `path`'s package: `node_modules/a/node_modules/@s/b` -> `node_modules/a`. */
function parentOf(path: string): string | undefined {
  if (path === '') return undefined;
  const at = path.lastIndexOf('node_modules/');
  return at <= 0 ? '' : path.slice(0, at - 1);
}

/** Where Node finds `name` from the package at `from`: the nearest node_modules up the tree that has it. */
export function resolveFrom(lock: Lock, from: string, name: string): string | undefined {
  for (let dir: string | undefined = from; dir !== undefined; dir = parentOf(dir)) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
  }
  return undefined;
}

/**
 * Whether `version` is in `range`, for the ranges lock files hold: exact versions, `^`, `~`,
 * `x` wildcards, `*`, comparators (`>=1.2.3 <2`) and `||`. Anything else counts as satisfied:
 * npm itself is the judge of those (`npm ci` fails on a wrong one).
 */
export function satisfies(version: string, range: string): boolean {
  const parse = (v: string) => /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(-[\w.-]+)?$/.exec(v.trim());
  const own = parse(version);
  if (!own || own.slice(1, 4).some((n) => n !== undefined && !/^\d+$/.test(n))) return true;
  const [major, minor, patch] = own.slice(1, 4).map(Number) as [number, number, number];
  const compare = (m: number, n: number, p: number) => major - m || minor - n || patch - p;
  const one = (part: string): boolean => {
    const comparators = part.trim().split(/\s+/).filter(Boolean);
    if (!comparators.length || comparators.includes('*')) return true;
    return comparators.every((comparator) => {
      const [, op = '', rest = ''] = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(comparator)!;
      const m = parse(rest);
      if (!m) return true;
      const wild = (n: string | undefined) => n === undefined || n === 'x' || n === '*';
      const [a, b, c] = [Number(m[1]), wild(m[2]) ? 0 : Number(m[2]), wild(m[3]) ? 0 : Number(m[3])];
      const atLeast = compare(a, b, c) >= 0;
      switch (op) {
        case '^':
          return atLeast && (a > 0 ? major === a : b > 0 || wild(m[2]) ? major === 0 && minor === b : major === 0 && minor === 0 && patch === c);
        case '~':
          return atLeast && major === a && (wild(m[2]) || minor === b);
        case '>=':
          return atLeast;
        case '>':
          return compare(a, b, c) > 0;
        case '<=':
          return compare(a, b, c) <= 0;
        case '<':
          return compare(a, b, c) < 0;
        default:
          if (wild(m[2])) return major === a;
          if (wild(m[3])) return major === a && minor === b;
          return compare(a, b, c) === 0;
      }
    });
  };
  // `>= 1.2.3 < 2` is `>=1.2.3 <2`; `1.2.3 - 2.3.4` is `>=1.2.3 <=2.3.4`.
  const normal = (part: string) =>
    part.replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').replace(/^\s*(\S+)\s+-\s+(\S+)\s*$/, '>=$1 <=$2');
  return range.split('||').map(normal).some(one);
}

export interface Missing {
  /** The package that needs it ('' is the project itself). */
  parent: string;
  name: string;
  spec: string;
  /** An optional dependency of the parent (else a plain one, of a package npm left out too). */
  optional: boolean;
}

/** Whether `from` finds, for `name`, an entry whose version is in `spec`. */
function found(lock: Lock, from: string, name: string, spec: string): boolean {
  const path = resolveFrom(lock, from, name);
  const version = path === undefined ? undefined : lock.packages[path]!.version;
  return version !== undefined && satisfies(version, spec);
}

/**
 * Every dependency of a locked package (plain or optional; peers are the parent's parent's
 * business) that resolves to no entry, or to an entry of a version it does not accept
 * (another copy of the same name, higher up the tree).
 */
export function missingEntries(lock: Lock): Missing[] {
  const missing: Missing[] = [];
  for (const [parent, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    for (const [deps, optional] of [[entry.dependencies, false], [entry.optionalDependencies, true]] as const) {
      for (const [name, spec] of Object.entries(deps ?? {})) {
        if (!found(lock, parent, name, spec)) missing.push({ parent, name, spec, optional });
      }
    }
  }
  return missing;
}

/** Every dependency of every locked package, as `[from, name, spec]`. */
function edges(lock: Lock): Array<[string, string, string]> {
  return Object.entries(lock.packages).flatMap(([from, entry]) =>
    Object.entries({ ...entry.dependencies, ...entry.optionalDependencies }).map(([name, spec]): [string, string, string] => [from, name, spec]),
  );
}

/** A lock entry's fields after version, resolved and integrity, in the order npm writes them. */
const FLAG_FIELDS = ['cpu', 'dev', 'hasInstallScript', 'libc', 'license', 'optional', 'os'];
const MANIFEST_FIELDS = ['dependencies', 'bin', 'engines', 'funding', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta'];

interface Manifest {
  version: string;
  dist: { integrity?: string; tarball?: string };
  [field: string]: unknown;
}

async function view(name: string, spec: string): Promise<Manifest> {
  const run = promisify(execFile);
  const { stdout } = await run('npm', ['view', '--json', `${name}@${spec}`], { maxBuffer: 32 * 1024 * 1024 });
  const found = JSON.parse(stdout) as Manifest | Manifest[];
  // A range may match several versions: npm would install the highest.
  const manifest = Array.isArray(found) ? found.at(-1) : found;
  if (!manifest?.version) throw new Error(`the registry has no ${name}@${spec}`);
  return manifest;
}

const present = (value: unknown) => value !== undefined && value !== false && !(typeof value === 'object' && value !== null && !Object.keys(value).length);

/** npm writes a lock entry's dependency lists sorted by name. */
const sorted = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b, 'en')))
    : value;

/** The lock entry npm would write for this manifest, needed by the package `parent`. */
export function entryFor(manifest: Manifest, parent: LockEntry, optional: boolean, withResolved: boolean): LockEntry {
  const entry: LockEntry = { version: manifest.version };
  if (withResolved && manifest.dist.tarball) entry.resolved = manifest.dist.tarball;
  if (manifest.dist.integrity) entry.integrity = manifest.dist.integrity;
  // Needed only through the parent: its dev flag, and optional if it or the edge is.
  const flags: Record<string, unknown> = {
    ...manifest,
    dev: Boolean(parent.dev || parent.devOptional),
    optional: optional || Boolean(parent.optional),
  };
  for (const field of FLAG_FIELDS) if (present(flags[field])) entry[field] = flags[field];
  for (const field of MANIFEST_FIELDS) if (present(flags[field])) entry[field] = field === 'bin' || field === 'engines' || field === 'funding' ? flags[field] : sorted(flags[field]);
  return entry;
}

/**
 * Where npm would put the new entry: as high up the parent's chain of folders as it can go,
 * above the parent and below any other copy of the name, and nowhere it would change what
 * another locked package resolves.
 */
function place(lock: Lock, parent: string, name: string, entry: LockEntry): string {
  const chain: string[] = [];
  for (let dir: string | undefined = parent; dir !== undefined; dir = parentOf(dir)) chain.push(dir);
  const at = (dir: string) => `${dir ? `${dir}/` : ''}node_modules/${name}`;
  // From the parent up to the first folder that already has the name: the free ones.
  const free = chain.slice(0, chain.findIndex((dir) => lock.packages[at(dir)]) + 1 || chain.length).filter((dir) => !lock.packages[at(dir)]);
  const before = edges(lock).filter(([from, dep, spec]) => dep === name && found(lock, from, dep, spec));
  for (const dir of free.reverse()) {
    lock.packages[at(dir)] = entry;
    if (before.every(([from, dep, spec]) => found(lock, from, dep, spec))) return at(dir);
    delete lock.packages[at(dir)];
  }
  throw new Error(`no place in the tree for ${name}@${entry.version}, needed by ${parent || 'the project'}`);
}

/** Adds what is missing, asking the registry; returns the paths added. Runs until nothing is missing. */
export async function restore(lock: Lock, log: (line: string) => void = () => {}): Promise<string[]> {
  const withResolved = Object.values(lock.packages).some((entry) => typeof entry.resolved === 'string');
  const added: string[] = [];
  // A restored package may have dependencies of its own: go round until none is missing.
  for (let missing = missingEntries(lock); missing.length; missing = missingEntries(lock)) {
    const manifests = new Map<string, Promise<Manifest>>();
    const pending = missing.map(async ({ parent, name, spec, optional }) => {
      const key = `${name}@${spec}`;
      if (!manifests.has(key)) manifests.set(key, view(name, spec));
      return { parent, name, optional, manifest: await manifests.get(key)! };
    });
    const before = added.length;
    for (const { parent, name, optional, manifest } of await Promise.all(pending)) {
      if (found(lock, parent, name, manifest.version)) continue; // two parents needed the same one
      const path = place(lock, parent, name, entryFor(manifest, lock.packages[parent]!, optional, withResolved));
      added.push(path);
      const platform = [manifest.os, manifest.cpu, manifest.libc].filter(Boolean).join(' ');
      log(`lock: + ${path}@${manifest.version}${platform ? ` (${platform})` : ''} for ${parent || 'the project'}`);
    }
    if (added.length === before) {
      const list = missing.map((m) => `${m.name}@${m.spec} for ${m.parent || 'the project'}`).join(', ');
      throw new Error(`lock: could not place ${list}; run \`npm install\` and try again`);
    }
  }
  // npm keeps the packages sorted by path.
  const [rootEntry, ...rest] = Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
  lock.packages = Object.fromEntries([rootEntry!, ...rest]);
  return added;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const text = readFileSync(lockPath, 'utf8');
  const lock = JSON.parse(text) as Lock;
  const missing = missingEntries(lock);
  if (check) {
    for (const { parent, name, spec, optional } of missing) {
      console.log(`missing: ${name}@${spec} (${optional ? 'optional ' : ''}dependency of ${parent || 'the project'})`);
    }
    console.log(missing.length ? `lock: ${missing.length} missing; run \`npm run lock:platforms\`` : 'lock: complete');
    process.exitCode = missing.length ? 1 : 0;
    return;
  }
  if (!missing.length) {
    console.log('lock: every dependency has its entry; nothing to do');
    return;
  }
  const added = await restore(lock, console.log);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`lock: added ${added.length} entries to ${join('.', 'package-lock.json')}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
