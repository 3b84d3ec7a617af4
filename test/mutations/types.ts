/**
 * A planted fault: one guarantee's guard, broken on purpose, and the tests that must then
 * fail. `npm run mutate` applies each row of the tables beside this file in turn, runs its
 * tests, expects them red, and restores the file (scripts/mutate.ts); docs/guarantees.md is
 * the same tables, in words.
 */
export interface Mutation {
  /** The guarantee, in a user's words. */
  promise: string;
  /** The file the fault is planted in, from the repository's root. */
  file: string;
  /** Exact text that occurs exactly once in the file… */
  find: string;
  /** …and what it becomes. */
  replace: string;
  /** The test files that must go red: test/node/… and test/e2e/… run in Node, the rest in browsers. */
  tests: string[];
  /** For browser tests: HUB_BROWSERS for the run (default chromium). */
  browsers?: string;
  /**
   * Only the tests whose name matches: Node runs only those (--test-name-pattern), and so does
   * the browser runner (HUB_TEST_GREP, against the full title: suites' and test's); the row is
   * red when one of them failed.
   */
  grep?: string;
  /** The tests read dist/: build with the fault before running them. */
  build?: boolean;
}
