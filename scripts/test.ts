/**
 * `npm test`: every stage of the tests, each to its end, side by side where two cores allow,
 * and a report that names what failed. One red stage never hides another's result.
 *
 * - build (`npm run build`, then the examples' build) and the type check start together;
 * - the Node tests, the end-to-end tests and the browser tests start once the build is done
 *   (they read dist/): the browser tests at once, each browser as two runners with half the
 *   files each (`HUB_SHARDS=1`: one runner a browser), and beside them the Node tests, then
 *   the end-to-end tests (`HUB_TEST_SERIAL=1`: every stage one after another);
 * - each stage's output goes to test-results/<stage>.log; a line says when each stage ends,
 *   and every minute what is still running;
 * - at the end, a table of the stages, their times and results, and for each failed stage
 *   its failed tests (and the end of its log); the exit code is 1 if any stage failed.
 *
 * `HUB_STAGES=node,browser` runs only those (and what they need; `browser` is every browser
 * runner, `browser-webkit` WebKit's).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pack } from '../test/support/packed.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = join(root, 'test-results');
const PROCESS_LOG = join(RESULTS, 'processes.log');

interface Stage {
  name: string;
  what: string;
  /** Commands run one after another; the stage fails at the first that fails. */
  commands: string[][];
  needs: string[];
  /**
   * Runs at this lower priority (`nice -n`), and so do the browsers it starts: the browser
   * runners have time to spare beside the end-to-end tests, the longest stage, which on two
   * busy cores should not wait for them.
   */
  nice?: number;
  /** Added to the environment of its commands. */
  env?: Record<string, string>;
  /** Reads the stage's log for the names of the tests that failed. */
  failures: (log: string) => string[];
}

/** Node's spec reporter lists failed tests after "✖ failing tests:"; the TAP reporter as "not ok". */
const nodeFailures = (log: string): string[] => {
  const at = log.lastIndexOf('✖ failing tests:');
  const section = at >= 0 ? log.slice(at) : log;
  const names = [...section.matchAll(/^\s*(?:✖|not ok \d+ -) (.+?)(?: \(\d[\d.]*m?s\))?$/gm)].map((m) => m[1]!.trim());
  const files = [...section.matchAll(/^test at (\S+?):\d+:\d+$/gm)].map((m) => m[1]!);
  return [...new Set(names.filter((name) => name !== 'failing tests:'))].slice(0, 30).concat(files.length ? [`in ${[...new Set(files)].join(', ')}`] : []);
};

/** web-test-runner names each file before its results, and each failed test with ❌. */
const browserFailures = (log: string): string[] => {
  const found: string[] = [];
  let file = '';
  // The runner draws its progress with terminal codes even into a file: read the text alone.
  for (const line of log.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n')) {
    const path = /^(test\/browser\/\S+\.test\.ts):?$/.exec(line.trim());
    if (path) file = path[1]!;
    if (/^Errors Reported in Tests:/.test(line.trim())) file = '';
    const failed = /❌ (.+)$/.exec(line);
    if (failed) found.push(`${file ? `${file}: ` : ''}${failed[1]!.trim()}`);
    else if (/Uncaught exception|unhandled rejection|could not start a test page|did not start|failed to load/i.test(line)) found.push(`${file ? `${file}: ` : ''}${line.trim()}`);
  }
  return [...new Set(found)].slice(0, 40);
};

const npm = (script: string, ...args: string[]) => ['npm', 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])];

const STAGES: Stage[] = [
  {
    name: 'build',
    what: 'build: dist/ and the examples',
    commands: [npm('build'), npm('build:examples')],
    needs: [],
    failures: (log) => log.split('\n').filter((line) => /error|✘/i.test(line)).slice(0, 20),
  },
  {
    name: 'typecheck',
    what: 'type check',
    commands: [npm('typecheck')],
    // The tests import the package by its own name ('hub-kit/…'), whose types are dist's.
    needs: ['build'],
    failures: (log) => log.split('\n').filter((line) => /error TS\d+/.test(line)).slice(0, 30),
  },
  { name: 'node', what: 'Node tests', commands: [npm('test:node')], needs: ['build'], failures: nodeFailures },
  { name: 'e2e', what: 'end-to-end tests', commands: [npm('test:e2e')], needs: ['build'], failures: nodeFailures },
  ...browserStages(),
];

/**
 * The browser stages for the browsers HUB_BROWSERS names: each browser in two runners, half
 * of the files each (HUB_SHARD; web-test-runner.config.mjs deals them), so that six pages run
 * at once, each runner one file at a time in a browser of its own, as a run of one has it.
 */
function browserStages(): Stage[] {
  const wanted = (process.env.HUB_BROWSERS || 'chromium,firefox,webkit').split(',').map((name) => name.trim().toLowerCase());
  const shards = Number(process.env.HUB_SHARDS || 2);
  return wanted.flatMap((browser) =>
    Array.from({ length: shards }, (_, n): Stage => {
      const name = `browser-${browser}${shards > 1 ? `-${n + 1}` : ''}`;
      return {
        name,
        what: `browser tests in ${browser}${shards > 1 ? ` (${n + 1}/${shards})` : ''}`,
        commands: [npm('test:browser')],
        needs: ['build'],
        // WebKit's runners are the slowest of the three: they keep their priority.
        ...(browser === 'webkit' ? {} : { nice: 5 }),
        env: { HUB_BROWSERS: browser, HUB_TIMINGS: join(RESULTS, `${name}-times.json`), ...(shards > 1 ? { HUB_SHARD: `${n + 1}/${shards}` } : {}) },
        failures: browserFailures,
      };
    }),
  );
}

interface Outcome {
  stage: Stage;
  passed: boolean;
  seconds: number;
  failed: string[];
  log: string;
  note?: string;
}

const minutes = (seconds: number) => (seconds < 90 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(1)} min`);

function runStage(stage: Stage, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const path = join(RESULTS, `${stage.name}.log`);
  const out = createWriteStream(path);
  const started = performance.now();
  let log = '';
  const runOne = (command: string[]) =>
    new Promise<number | null>((resolve) => {
      out.write(`$ ${command.join(' ')}\n`);
      const [file, ...args] = stage.nice ? ['nice', '-n', String(stage.nice), ...command] : command;
      const child = spawn(file!, args, { cwd: root, env: { ...env, ...stage.env }, stdio: ['ignore', 'pipe', 'pipe'] });
      const keep = (chunk: Buffer) => {
        log += chunk.toString();
        out.write(chunk);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => {
        keep(Buffer.from(`could not start ${command[0]}: ${error.message}\n`));
        resolve(127);
      });
      child.on('close', (code, signal) => {
        if (signal) keep(Buffer.from(`${command.join(' ')} ended by ${signal}\n`));
        resolve(signal ? 128 : code);
      });
    });
  return (async () => {
    let code: number | null = 0;
    for (const command of stage.commands) {
      code = await runOne(command);
      if (code !== 0) break;
    }
    await new Promise((resolve) => out.end(resolve));
    const seconds = (performance.now() - started) / 1000;
    const passed = code === 0;
    const failed = passed ? [] : stage.failures(log);
    return {
      stage,
      passed,
      seconds,
      failed,
      log,
      // (How it ended, always: a runner that stops early names only what it saw.)
      ...(!passed ? { note: failed.length ? `exited ${code}` : `exited ${code} without naming a failed test` } : {}),
    };
  })();
}

/** The package packed once, after the build, for every suite that installs or reads it. */
function sharePacked(env: NodeJS.ProcessEnv): void {
  if (!existsSync(join(root, 'dist', 'hub-kit.js'))) return;
  const dir = join(RESULTS, 'pack');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  env.HUB_PACKED = pack(dir);
  console.log(`  packed once for every suite: test-results/pack/${basename(env.HUB_PACKED)}`);
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const wanted = process.env.HUB_STAGES?.split(',').map((name) => name.trim());
  // A name chooses the stages it begins: "browser" is every browser stage.
  const named = (stage: Stage) => wanted?.some((name) => stage.name === name || stage.name.startsWith(`${name}-`));
  const chosen = STAGES.filter((stage) => !wanted || named(stage) || STAGES.some((s) => named(s) && s.needs.includes(stage.name)));
  for (const name of wanted ?? []) {
    if (!STAGES.some((stage) => stage.name === name || stage.name.startsWith(`${name}-`))) throw new Error(`HUB_STAGES: no stage "${name}" (${STAGES.map((s) => s.name).join(', ')})`);
  }
  const serial = Boolean(process.env.HUB_TEST_SERIAL);
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  const started = performance.now();
  const running = new Map<string, number>();
  const done = new Map<string, Outcome>();
  console.log(`npm test: ${chosen.map((s) => s.name).join(', ')}; each stage's output in test-results/<stage>.log`);

  const heartbeat = setInterval(() => {
    const now = performance.now();
    console.log(`  … ${minutes((now - started) / 1000)}: running ${[...running].map(([name, at]) => `${name} (${minutes((now - at) / 1000)})`).join(', ')}`);
  }, 60_000);

  const start = (stage: Stage) => {
    running.set(stage.name, performance.now());
    console.log(`▶ ${stage.what}`);
    return runStage(stage, env).then((outcome) => {
      running.delete(stage.name);
      done.set(stage.name, outcome);
      console.log(`${outcome.passed ? '✔' : '✘'} ${stage.what}: ${outcome.passed ? 'passed' : 'FAILED'} in ${minutes(outcome.seconds)}`);
      return outcome;
    });
  };

  const byName = (name: string) => chosen.find((stage) => stage.name === name);
  if (serial) {
    for (const stage of chosen) {
      await start(stage);
      if (stage.name === 'build') sharePacked(env);
    }
  } else {
    // The build first (the type check reads dist's types, every suite its files); then the
    // browser tests, and beside them the end-to-end tests (the longest stage, so it starts at
    // once) and the type check followed by the Node tests.
    const build = byName('build');
    if (build) await start(build);
    sharePacked(env);
    const inTurn = (...names: string[]) => async () => {
      for (const name of names) {
        const stage = byName(name);
        if (stage) await start(stage);
      }
    };
    await Promise.all([
      ...chosen.filter((stage) => stage.name.startsWith('browser')).map(start),
      inTurn('e2e')(),
      inTurn('typecheck', 'node')(),
    ]);
  }
  clearInterval(heartbeat);

  const outcomes = chosen.map((stage) => done.get(stage.name)!);
  const failed = outcomes.filter((o) => !o.passed);
  for (const outcome of failed) {
    console.log(`\n──── ${outcome.stage.what} FAILED: the end of test-results/${outcome.stage.name}.log ────`);
    console.log(outcome.log.trimEnd().split('\n').slice(-80).join('\n'));
    if ((outcome.stage.name.startsWith('browser') || outcome.stage.name === 'e2e') && existsSync(PROCESS_LOG)) {
      console.log(`\n──── what the browsers' helper processes said (the end of test-results/processes.log) ────`);
      console.log(readFileSync(PROCESS_LOG, 'utf8').trimEnd().split('\n').slice(-40).join('\n'));
    }
  }
  const total = (performance.now() - started) / 1000;
  console.log(`\nnpm test, ${minutes(total)} in all:`);
  for (const o of outcomes) {
    console.log(`  ${o.passed ? '✔' : '✘'} ${o.stage.name.padEnd(24)} ${minutes(o.seconds).padStart(8)}  ${o.passed ? 'passed' : 'FAILED'}`);
  }
  for (const o of failed) {
    console.log(`\n${o.stage.what} failed (${o.note}${o.failed.length ? '' : '; see the log above'})${o.failed.length ? ':' : ''}`);
    for (const name of o.failed) console.log(`  - ${name}`);
  }
  process.exitCode = failed.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
