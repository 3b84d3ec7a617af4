/**
 * With HUB_TEST_GREP (a regular expression), the browser runner runs only the tests whose full
 * title (suites' titles and the test's, joined by spaces, as mocha's grep reads them) matches
 * it, and this reporter says how each of them ended, one line each:
 *
 *   hub-grep: passed <full title>
 *   hub-grep: failed <full title>
 *
 * The runner itself counts the tests the grep left out as failed (they never ran, so they
 * never passed), which makes its exit code useless for such a run: `npm run mutate` reads
 * these lines instead. A run with no `passed` or `failed` line ran none of the chosen tests.
 */
export function grepReporter(pattern) {
  const chosen = new RegExp(pattern);
  return {
    onTestRunFinished({ sessions }) {
      for (const session of sessions) {
        const walk = (suite, path) => {
          const here = suite.name ? [...path, suite.name] : path;
          for (const test of suite.tests ?? []) {
            const title = [...here, test.name].join(' ');
            if (!chosen.test(title) || test.skipped) continue;
            const where = `${session.browser.name} ${session.testFile.replace(`${process.cwd()}/`, '')}`;
            // A chosen test that did not pass failed: by its own error, or by a hook's.
            console.log(`hub-grep: ${test.passed ? 'passed' : 'failed'} ${title} (${where})`);
          }
          for (const inner of suite.suites ?? []) walk(inner, here);
        };
        if (session.testResults) walk(session.testResults, []);
        else console.log(`hub-grep: failed (no results: the file did not run) (${session.browser.name} ${session.testFile})`);
      }
    },
  };
}
