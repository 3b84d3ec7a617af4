/**
 * A framework recipe of docs/frameworks.md, followed the way a newcomer follows it: the
 * package packed as it would be published, the doc read from that tarball, a new folder
 * outside the repository, the doc's install lines run with the tarball in place of
 * `hub-kit` (everything else comes from the npm registry), the doc's files written, the
 * stand-in started with `npx hub-kit stand-in`, then the doc's build lines run. Every
 * package an install line names but the kit carries its exact version (`unpinned`).
 *
 * A recipe is one `## ` section of the doc: its first shell block sets the project up, its
 * last builds it, and each file is a line "`path`:" followed by a code block (the same
 * shape as docs/ssr.md's Eleventy steps). test/node/repo/frameworks-doc.test.ts checks that the
 * files are those of examples/<name>; the e2e tests follow them.
 *
 * Installs are the slow part, so a test file makes one project in `before` and shares it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedInto } from './packed.js';
import { run, type Run } from './process.js';


export interface Recipe {
  files: Map<string, string>;
  /** The first shell block: create the project and install. */
  setup: string[];
  /** The last shell block: start the stand-in, build (and perhaps serve). */
  build: string[];
}

/** The recipe under `## <heading>` (up to the next `## `). */
export function readRecipe(markdown: string, heading: string): Recipe {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" section`);
  const rest = markdown.slice(start + heading.length + 5);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const files = new Map<string, string>();
  for (const [, path, body] of section.matchAll(/^`([\w./+-]+)`[^\n]*:\n\n```\w*\n([\s\S]*?)```/gm)) {
    files.set(path!, body!);
  }
  const shell = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, body]) =>
    body!.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#')),
  );
  if (shell.length < 2) throw new Error(`"## ${heading}": expected a setup and a build shell block`);
  return { files, setup: shell[0]!, build: shell[shell.length - 1]! };
}

const QUIET = { npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** `name@1.2.3`, `@scope/name@1.2.3`: a package at one exact version. */
const PINNED = /^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/;

/**
 * The packages of an `npm install` line that name no exact version. Every package a recipe
 * installs but the kit itself is pinned, so that a test run (and CI) installs what the last
 * one did: a new release of a framework changes a test run only when a commit says so.
 */
export function unpinned(line: string): string[] {
  const [npm, install, ...args] = line.split(/\s+/);
  if (npm !== 'npm' || install !== 'install') return [];
  return args.filter((arg) => !arg.startsWith('-') && arg !== 'hub-kit' && !PINNED.test(arg));
}

export interface Project {
  /** The new project's folder. */
  dir: string;
  /** The docs/frameworks.md the package ships. */
  doc: string;
  /** Runs a command in the project and returns its output; throws with the output on failure. */
  sh(command: string, args: string[], env?: Record<string, string>): string;
  /**
   * Follows shell lines: `npm install hub-kit …` gets the tarball for `hub-kit`,
   * `npx hub-kit stand-in` starts the stand-in (on a free port; the machine is shared),
   * `export A=1 B=2` sets variables for what follows (a `*HUB_BASE_URL` gets the stand-in's
   * real address). A line matching `serve` is not run but returned, for the caller to start.
   */
  follow(lines: string[], serve?: RegExp): Promise<{ env: Record<string, string>; serveLine?: string }>;
  /**
   * Follows a recipe's setup lines (create the project, install), or, when the same lines
   * ran before in this clone, restores what they installed from test-results/installs/,
   * installs only the packed hub-kit on top and runs the lines that are not npm's (a copy of
   * the kit's files): a second run of a framework's tests does not download the framework
   * again. Says which it did.
   */
  install(lines: string[]): Promise<'installed' | 'restored'>;
  writeFiles(files: Map<string, string>): void;
  /** The stand-in, once a followed line started it. */
  standIn(): { url: string; run: Run };
  /** Starts a long-running command of the project in its own process group. */
  start(command: string, args: string[], env?: Record<string, string>): Run;
  /** Stops what it started and removes the folder. */
  remove(): void;
}

/**
 * Installs of recipes' setup lines, kept in the clone by the lines that made them (and the
 * Node version): a project's package.json, lock file and node_modules without hub-kit itself.
 * Nothing here is shared between clones, so CI installs each framework once per run.
 */
const INSTALLS = fileURLToPath(new URL('../../test-results/installs/', import.meta.url));

function saveInstall(project: string, saved: string): void {
  const temporary = `${saved}.${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) if (existsSync(join(project, file))) copyFileSync(join(project, file), join(temporary, file));
  if (existsSync(join(project, 'node_modules'))) {
    // Hard links: no second copy of the bytes; npm replaces files rather than writing into them.
    execFileSync('cp', ['-al', join(project, 'node_modules'), join(temporary, 'node_modules')]);
    rmSync(join(temporary, 'node_modules', 'hub-kit'), { recursive: true, force: true });
  }
  try {
    renameSync(temporary, saved);
  } catch {
    // Another test file saved the same install first.
    rmSync(temporary, { recursive: true, force: true });
  }
}

function restoreInstall(saved: string, project: string): void {
  for (const file of ['package.json', 'package-lock.json']) if (existsSync(join(saved, file))) copyFileSync(join(saved, file), join(project, file));
  if (existsSync(join(saved, 'node_modules'))) execFileSync('cp', ['-al', join(saved, 'node_modules'), join(project, 'node_modules')]);
}

/** Packs the package into a new folder outside the repository, with an empty project beside it. */
export function newProject(name: string): Project {
  const work = mkdtempSync(join(tmpdir(), `hub-kit-${name}-`));
  const dir = join(work, `my-${name}-site`);
  mkdirSync(dir);
  const tarball = packedInto(work);
  execFileSync('tar', ['-xzf', tarball, '-C', work, 'package/docs/frameworks.md']);
  const doc = readFileSync(join(work, 'package', 'docs', 'frameworks.md'), 'utf8');
  const started: Run[] = [];
  let standIn: { url: string; run: Run } | undefined;

  const sh: Project['sh'] = (command, args, env = {}) => {
    try {
      return execFileSync(command, args, {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, ...QUIET, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 600_000,
      });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
    }
  };

  const start: Project['start'] = (command, args, env = {}) => {
    const child = run(command, args, { cwd: dir, env: { ...QUIET, ...env } });
    started.push(child);
    return child;
  };

  return {
    dir,
    doc,
    sh,
    start,
    async follow(lines, serve) {
      const env: Record<string, string> = {};
      let serveLine: string | undefined;
      for (const line of lines) {
        const [command, ...args] = line.split(/\s+/) as [string, ...string[]];
        if (line.startsWith('npx hub-kit stand-in')) {
          const child = start('npx', ['hub-kit', 'stand-in', '--port', '0']);
          const listening = await child.line(/listening on http:\/\/127\.0\.0\.1:\d+/);
          standIn = { url: /(http:\/\/127\.0\.0\.1:\d+)/.exec(listening)![1]!, run: child };
        } else if (command === 'export') {
          for (const pair of args) {
            const [key, value] = pair.split('=') as [string, string];
            env[key] = key.endsWith('HUB_BASE_URL') && standIn ? standIn.url : value;
          }
        } else if (serve?.test(line)) {
          serveLine = line;
        } else {
          const loose = unpinned(line);
          if (loose.length) throw new Error(`"${line}" installs ${loose.join(', ')} without an exact version: pin it (name@x.y.z)`);
          // The package is not on a registry: the tarball stands in for its name.
          sh(command, command === 'npm' ? args.map((arg) => (arg === 'hub-kit' ? tarball : arg)) : args, env);
        }
      }
      return { env, serveLine };
    },
    async install(lines) {
      for (const line of lines) {
        const loose = unpinned(line);
        if (loose.length) throw new Error(`"${line}" installs ${loose.join(', ')} without an exact version: pin it (name@x.y.z)`);
      }
      const key = createHash('sha256').update(JSON.stringify([process.version, lines])).digest('hex').slice(0, 16);
      const saved = join(INSTALLS, key);
      if (existsSync(join(saved, 'package.json'))) {
        restoreInstall(saved, dir);
        // The package.json and lock name the tarball of the run that saved them: this run's replaces it.
        sh('npm', ['install', tarball]);
        // What the setup does besides npm (copying the kit's files into the site) is done again.
        await this.follow(lines.filter((line) => !/^npm (init|pkg|install)\b/.test(line)));
        return 'restored';
      }
      await this.follow(lines);
      saveInstall(dir, saved);
      return 'installed';
    },
    writeFiles(files) {
      for (const [path, body] of files) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), body);
      }
    },
    standIn() {
      if (!standIn) throw new Error('the recipe never started the stand-in');
      return standIn;
    },
    remove() {
      for (const child of started) child.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
