/**
 * `npm run mutate`: every guarantee's guard, broken on purpose, one at a time, and the tests
 * that must then go red. The faults are the rows of test/mutations/<area>.ts (the shape is in
 * test/mutations/types.ts); docs/guarantees.md is the same rows in words, with the result of
 * the last full run.
 *
 * For each row: the file's text `find` (which must occur exactly once) becomes `replace`, the
 * row's tests run (Node tests with `node --test`, browser tests with web-test-runner in the
 * row's browsers), and the file is put back, whatever happens (an interrupted run restores
 * it too). A row whose tests stay green is a guarantee nothing guards: the run says so and
 * exits 1. Each distinct set of tests is first run once without any fault (a test that is red
 * anyway proves nothing); `--no-baseline` skips that.
 *
 *   npm run mutate                      every row
 *   npm run mutate -- --only loopback   rows whose promise or file contains the words
 *   npm run mutate -- --list            the rows, without running anything
 *   npm run mutate -- --doc             also write this run's results into docs/guarantees.md
 *   npm run mutate -- --list --doc      the rows into docs/guarantees.md, running nothing
 *
 * Rows with `build: true` read dist/: the fault is built first (`npm run build`), and dist/
 * is built again without it at the end.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Mutation } from '../test/mutations/types.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const TABLES = join(root, 'test', 'mutations');
const DOC = join(root, 'docs', 'guarantees.md');

export interface Row extends Mutation {
  /** The table it comes from: `forms` for test/mutations/forms.ts. */
  area: string;
}

/** Every row of every table, in the order of the tables' names and then their own. */
export async function rows(): Promise<Row[]> {
  const areas = readdirSync(TABLES)
    .filter((name) => name.endsWith('.ts') && name !== 'types.ts')
    .map((name) => name.slice(0, -3))
    .sort();
  const all: Row[] = [];
  for (const area of areas) {
    const table = (await import(pathToFileURL(join(TABLES, `${area}.ts`)).href)) as { default: Mutation[] };
    all.push(...table.default.map((row) => ({ ...row, area })));
  }
  return all;
}

/** Where `find` is in the row's file; throws, naming the row, unless it is there exactly once. */
export function locate(row: Mutation, text = readFileSync(join(root, row.file), 'utf8')): number {
  const at = text.indexOf(row.find);
  if (at < 0) throw new Error(`"${row.promise}": its text is no longer in ${row.file}: ${JSON.stringify(row.find)}`);
  if (text.indexOf(row.find, at + 1) >= 0) throw new Error(`"${row.promise}": its text occurs more than once in ${row.file}`);
  return at;
}

const isNodeTest = (file: string) => file.startsWith('test/node/') || file.startsWith('test/e2e/');

/** The command that runs a row's tests. */
function command(row: Mutation): { args: string[]; env: Record<string, string> } {
  const node = row.tests.filter(isNodeTest);
  const browser = row.tests.filter((file) => !isNodeTest(file));
  if (node.length && browser.length) throw new Error(`"${row.promise}": Node and browser tests in one row; make two rows`);
  if (node.length) {
    return { args: ['--import', 'tsx', '--test', ...(row.grep ? ['--test-name-pattern', row.grep] : []), ...node], env: {} };
  }
  // A grep runs only the tests it names (HUB_TEST_GREP); the runner counts those it left out
  // as failed, so the verdict is read from test/support/grep-reporter.mjs's lines (`ended`).
  // A file of a group (web-test-runner.config.mjs) runs
  // in its group's browsers, set as it needs them (dark, or blocking site data): its group
  // is run, not the file in plain browsers.
  const GROUPS: Array<[RegExp, string]> = [
    [/-blocked-storage\.test\.ts$/, 'blocked-storage'],
    [/-dark\.test\.ts$/, 'dark-system'],
  ];
  const groups = new Set(browser.flatMap((file) => GROUPS.filter(([suffix]) => suffix.test(file)).map(([, group]) => group)));
  if (groups.size && (groups.size > 1 || browser.some((file) => !GROUPS.some(([suffix]) => suffix.test(file))))) {
    throw new Error(`"${row.promise}": files of a group and other files in one row; make a row for each`);
  }
  const chosen = groups.size ? ['--group', [...groups][0]!] : browser.flatMap((file) => ['--files', file]);
  return {
    args: ['--import', 'tsx', './node_modules/@web/test-runner/dist/bin.js', ...chosen],
    env: { HUB_BROWSERS: row.browsers ?? 'chromium', ...(row.grep ? { HUB_TEST_GREP: row.grep } : {}) },
  };
}

/** For a browser row with a grep: how many of its chosen tests passed and failed. */
function ended(outcome: Outcome): { passed: number; failed: number } {
  const lines = [...outcome.output.matchAll(/^hub-grep: (passed|failed) /gm)].map(([, how]) => how);
  return { passed: lines.filter((how) => how === 'passed').length, failed: lines.filter((how) => how === 'failed').length };
}

const grepped = (row: Mutation) => Boolean(row.grep) && !row.tests.some(isNodeTest);

/** Whether a run without any fault passed: for a grep, at least one chosen test ran, and all passed. */
function green(row: Mutation, outcome: Outcome): boolean {
  if (!grepped(row)) return outcome.code === 0;
  const { passed, failed } = ended(outcome);
  return passed > 0 && failed === 0;
}

/**
 * Whether a run with the fault caught it: its tests failed, and for a browser row with a
 * grep, one of the tests it chose (a run that ran none of them caught nothing).
 */
function caught(row: Mutation, outcome: Outcome): boolean {
  if (grepped(row)) return ended(outcome).failed > 0;
  return outcome.code !== 0;
}

interface Outcome {
  code: number | null;
  seconds: number;
  output: string;
}

function runNode(args: string[], env: Record<string, string>): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, seconds: (performance.now() - started) / 1000, output }));
  });
}

function build(): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (code) => resolve({ code, seconds: (performance.now() - started) / 1000, output }));
  });
}

/** The file a fault is planted in, and its text as it was, until put back. */
let planted: { path: string; text: string } | undefined;
function restore(): void {
  if (planted) writeFileSync(planted.path, planted.text);
  planted = undefined;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}
process.on('exit', restore);

export interface Result {
  row: Row;
  /** red: the tests failed with the fault, as they must; green: nothing caught it. */
  verdict: 'red' | 'green' | 'broken';
  seconds: number;
  note?: string;
}

const tail = (output: string, lines = 25) => output.trimEnd().split('\n').slice(-lines).join('\n');

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1]!.toLowerCase() : undefined;
  let chosen = (await rows()).filter((row) => !only || `${row.promise} ${row.file} ${row.area}`.toLowerCase().includes(only));
  for (const row of chosen) locate(row);
  if (argv.includes('--list')) {
    for (const row of chosen) console.log(`${row.area}: ${row.promise}\n  ${row.file}\n  ${row.tests.join(' ')}`);
    // The rows into docs/guarantees.md without running them: results of unchanged rows stay.
    if (argv.includes('--doc')) await writeDoc();
    return;
  }
  const started = performance.now();
  const results: Result[] = [];

  // Each distinct set of tests, once without any fault.
  if (!argv.includes('--no-baseline')) {
    const baselines = new Map<string, Outcome>();
    if (chosen.some((row) => row.build)) await build();
    for (const row of chosen) {
      const { args, env } = command(row);
      const key = JSON.stringify([args, env]);
      if (!baselines.has(key)) {
        process.stdout.write(`baseline: ${row.tests.join(' ')}${row.grep ? ` (${row.grep})` : ''} … `);
        const outcome = await runNode(args, env);
        baselines.set(key, outcome);
        const passed = green(row, outcome);
        console.log(passed ? `green, ${outcome.seconds.toFixed(0)} s` : 'RED without any fault');
        if (!passed) console.log(tail(outcome.output));
      }
      if (!green(row, baselines.get(key)!)) results.push({ row, verdict: 'broken', seconds: 0, note: 'red without any fault' });
    }
    chosen = chosen.filter((row) => !results.some((r) => r.row === row));
  }

  let built = false;
  for (const [index, row] of chosen.entries()) {
    const path = join(root, row.file);
    const text = readFileSync(path, 'utf8');
    const at = locate(row, text);
    process.stdout.write(`[${index + 1}/${chosen.length}] ${row.promise} … `);
    planted = { path, text };
    writeFileSync(path, text.slice(0, at) + row.replace + text.slice(at + row.find.length));
    const rowStarted = performance.now();
    try {
      if (row.build) {
        built = true;
        const made = await build();
        if (made.code !== 0) {
          // A fault that does not even build is caught by the type check and the build.
          results.push({ row, verdict: 'red', seconds: made.seconds, note: 'the build fails' });
          console.log('red (the build fails)');
          continue;
        }
      }
      const { args, env } = command(row);
      const outcome = await runNode(args, env);
      const seconds = (performance.now() - rowStarted) / 1000;
      const verdict = caught(row, outcome) ? 'red' : 'green';
      results.push({ row, verdict, seconds });
      console.log(verdict === 'red' ? `red, ${seconds.toFixed(0)} s` : `GREEN: nothing caught it (${seconds.toFixed(0)} s)`);
      if (verdict === 'green') console.log(`  planted in ${row.file}: ${JSON.stringify(row.find)} → ${JSON.stringify(row.replace)}`);
    } finally {
      restore();
    }
  }
  if (built) await build();

  const total = (performance.now() - started) / 1000;
  const red = results.filter((r) => r.verdict === 'red').length;
  const bad = results.filter((r) => r.verdict !== 'red');
  console.log(`\n${red} of ${results.length} planted faults turned their tests red, in ${(total / 60).toFixed(1)} minutes.`);
  for (const r of bad) console.log(`  ${r.verdict === 'green' ? 'not caught' : r.note}: ${r.row.promise} (${r.row.area}, ${r.row.tests.join(' ')})`);
  if (argv.includes('--doc')) await writeDoc({ results, seconds: total, full: !only });
  process.exitCode = bad.length ? 1 : 0;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const code = (text: string) => (text.trim() ? `\`${cell(text.trim().replace(/\s+/g, ' ')).replaceAll('`', "'")}\`` : '(removed)');

const REPOSITORY = 'https://github.com/hub-kit/hub-kit/blob/main';
const link = (file: string) => `[\`${file}\`](${REPOSITORY}/${file})`;

/** A table line without its last cell (the result), as the doc's rows are matched. */
const withoutResult = (line: string) => line.replace(/\| [^|]*\|$/, '|');

/**
 * The table of docs/guarantees.md between its markers, from the rows and a run's results;
 * a row without a result in this run keeps the one `previous` (the doc's table) gave it.
 */
export function table(all: Row[], results?: Result[], previous = new Map<string, string>()): string {
  const lines = ['| area | promise | guarded by the test | planted fault | result |', '|---|---|---|---|---|'];
  for (const row of all) {
    const result = results?.find((r) => r.row.area === row.area && r.row.promise === row.promise);
    const line = `| ${row.area} | ${cell(row.promise)} | ${row.tests.map(link).join(', ')}${row.grep ? ` (${cell(row.grep)})` : ''} | in ${link(row.file)}: ${code(row.find)} → ${code(row.replace)} |`;
    const outcome = result
      ? result.verdict === 'red'
        ? `red (${result.seconds.toFixed(0)} s)`
        : result.verdict === 'green'
          ? '**not caught**'
          : result.note!
      : (previous.get(line) ?? 'not run yet');
    lines.push(`${line} ${outcome} |`);
  }
  return lines.join('\n');
}

export const START = '<!-- guarantees:start -->';
export const END = '<!-- guarantees:end -->';

/** Rewrites the doc's table: with a full run's results, or (without) the rows alone. */
function writeDoc(run?: { results: Result[]; seconds: number; full: boolean }): Promise<void> | void {
  const doc = readFileSync(DOC, 'utf8');
  const old = doc.slice(doc.indexOf(START), doc.indexOf(END));
  const previous = new Map(
    old
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| area'))
      .map((line) => [withoutResult(line).trimEnd(), /\| ([^|]*) \|$/.exec(line)?.[1] ?? ''] as const),
  );
  const summaryLine = old.split('\n').find((line) => line.startsWith('Last full run:')) ?? 'No full run yet.';
  return rows().then((all) => {
    const summary = run?.full
      ? `Last full run: ${new Date().toISOString().slice(0, 10)}, ${run.results.filter((r) => r.verdict === 'red').length} of ${run.results.length} red, ${(run.seconds / 60).toFixed(0)} minutes.`
      : summaryLine;
    const body = `${START}\n${summary}\n\n${table(all, run?.results, previous)}\n${END}`;
    writeFileSync(DOC, doc.slice(0, doc.indexOf(START)) + body + doc.slice(doc.indexOf(END) + END.length));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
