/**
 * `npm run soak`: the model-based tests with many more sequences than CI runs: the browser
 * suite (test/browser/bundle/submissions-model.test.ts) in every browser HUB_BROWSERS names, then the
 * real-tabs suite (test/e2e/submissions-model.test.ts).
 *
 *   npm run soak                     # 100 sequences per form and browser, 33 per browser in tabs
 *   HUB_MODEL_RUNS=500 npm run soak  # more
 *   HUB_MODEL_SEED=-993780482 HUB_MODEL_PATH="0:6:4:6" HUB_MODEL_REPLAY="GBN:F" npm run soak
 *                                    # replay a failure: its seed, path and replayPath, as printed
 *
 * A failing sequence prints fast-check's shrunk counterexample, its seed and replay path.
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, HUB_MODEL_RUNS: process.env.HUB_MODEL_RUNS ?? '100' };
const run = (args: string[], extra: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit', env: { ...env, ...extra } }).status ?? 1;

const browser = run(['./node_modules/@web/test-runner/dist/bin.js', '--files', 'test/browser/bundle/submissions-model.test.ts']);
const tabs = run(['--test', 'test/e2e/submissions-model.test.ts'], {
  HUB_MODEL_RUNS: process.env.HUB_MODEL_TAB_RUNS ?? String(Math.max(1, Math.round(Number(env.HUB_MODEL_RUNS) / 3))),
});
process.exitCode = browser || tabs;
