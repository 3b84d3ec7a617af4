/**
 * The planted-fault tables (test/mutations/) stay true to the code and to docs/guarantees.md:
 * every row's text is in its file exactly once, so `npm run mutate` plants what the row says;
 * every test a row names exists; and the page lists every row as the tables have it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { END, START, locate, rows, table } from '../../../scripts/mutate.js';

const root = new URL('../../..', import.meta.url).pathname;

test('every planted fault still finds its text, exactly once, and names tests that exist', async () => {
  const all = await rows();
  assert.ok(all.length > 0);
  for (const row of all) {
    locate(row);
    assert.notEqual(row.find, row.replace, `"${row.promise}" plants nothing`);
    for (const file of row.tests) assert.ok(existsSync(join(root, file)), `"${row.promise}": no ${file}`);
  }
  const promises = all.map((row) => `${row.area}: ${row.promise}`);
  assert.equal(new Set(promises).size, promises.length, 'two rows of one area make the same promise');
});

test('docs/guarantees.md lists every row as the tables have it', async () => {
  const doc = readFileSync(join(root, 'docs', 'guarantees.md'), 'utf8');
  const listed = doc.slice(doc.indexOf(START), doc.indexOf(END));
  // The rows without a run's results: the results column is compared apart.
  const strip = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.replace(/\| [^|]*\|$/, '|'));
  assert.deepEqual(strip(listed), strip(table(await rows())), 'run `npm run mutate -- --doc` after changing test/mutations/');
});
