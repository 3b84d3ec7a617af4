/**
 * A web-test-runner reporter that times each test file in each browser, from the moment
 * its session starts initialising to the moment it finishes, and says so at the end: the
 * slowest files, and each browser's total. With HUB_TIMINGS=path it also writes them there
 * as JSON (the test runner's stage report reads it). Nothing here judges a test: timings
 * are for finding where a run spends its minutes.
 */
import { writeFileSync } from 'node:fs';

export function timingReporter({ slowest = 12 } = {}) {
  const started = new Map();
  const times = [];
  return {
    start({ sessions }) {
      sessions.on('session-status-updated', (session) => {
        if (session.status !== 'SCHEDULED' && !started.has(session.id)) started.set(session.id, performance.now());
        if (session.status === 'FINISHED' && started.has(session.id)) {
          times.push({
            file: session.testFile.replace(`${process.cwd()}/`, ''),
            browser: session.browser.name,
            seconds: (performance.now() - started.get(session.id)) / 1000,
            passed: Boolean(session.passed),
          });
        }
      });
    },
    stop() {
      if (!times.length) return;
      const byBrowser = new Map();
      for (const t of times) byBrowser.set(t.browser, (byBrowser.get(t.browser) ?? 0) + t.seconds);
      const lines = [...times]
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, slowest)
        .map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${t.browser.padEnd(9)} ${t.file}`);
      console.log(
        `\nThe slowest test files:\n${lines.join('\n')}\nEach browser's files, one after another: ${[...byBrowser]
          .map(([browser, s]) => `${browser} ${(s / 60).toFixed(1)} min`)
          .join(', ')}`,
      );
      if (process.env.HUB_TIMINGS) writeFileSync(process.env.HUB_TIMINGS, `${JSON.stringify(times, null, 1)}\n`);
    },
  };
}
