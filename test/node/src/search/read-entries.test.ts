/**
 * The page's thread reads an index's body a piece at a time (src/search/read-entries.ts):
 * held to `JSON.parse` of the whole body over generated bodies, cut into pieces anywhere
 * (inside a string, an escape, a character of several bytes), well formed or broken.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EntryReader } from '../../../../src/search/read-entries.js';
import { entriesOf } from '../../../../src/search/entries.js';

/** Reads `text` as the page does, `piece` bytes at a time, cutting batches after `batch` characters. */
function readInPieces(text: string, piece: number, batch: number) {
  const bytes = new TextEncoder().encode(text);
  const decoder = new TextDecoder();
  const reader = new EntryReader(batch);
  for (let at = 0; at < bytes.length; at += piece) reader.read(decoder.decode(bytes.subarray(at, at + piece), { stream: true }));
  reader.read(decoder.decode());
  return reader.whole ? entriesOf(bytes.buffer) : reader.end();
}

/** What JSON.parse of the whole body gives: the entries, or the error's kind. */
const outcome = (read: () => unknown) => {
  try {
    return { entries: read() };
  } catch (error) {
    return { error: (error as Error).name };
  }
};

// Strings with what a JSON reader trips on: quotes, backslashes, brackets, commas, colons,
// characters of two to four bytes.
const tricky = fc.array(fc.constantFrom('a', ' ', '"', '\\', '[', ']', '{', '}', ',', ':', 'data', 'é', '東', '😀', '\n', '\\"'), { maxLength: 12 }).map((parts) => parts.join(''));
const entry = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null)),
    title: tricky,
    url: fc.constantFrom('/a', 'https://example.com/b?c=[1]', '/"q"'),
    excerpt: tricky,
    tags: fc.array(tricky, { maxLength: 3 }),
    data: fc.array(fc.integer(), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const entries = fc.array(entry, { maxLength: 30 });
const body = fc.oneof(
  entries,
  fc.record({ meta: fc.oneof(fc.array(fc.integer()), fc.dictionary(fc.constantFrom('data', 'x'), fc.array(fc.integer()))), data: entries }),
  fc.record({ data: entries, next: tricky }),
  fc.record({ data: fc.oneof(tricky, fc.dictionary(fc.constantFrom('data'), entries)) }),
  entries.map((list) => ({ items: list })),
);
const text = fc.tuple(body, fc.constantFrom(undefined, 1, '\t')).map(([value, indent]) => JSON.stringify(value, null, indent));

test('a body read a piece at a time gives the entries JSON.parse of the whole gives, wherever the pieces and batches are cut', () => {
  fc.assert(
    fc.property(text, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 400 }), (json, piece, batch) => {
      assert.deepEqual(readInPieces(json, piece, batch), entriesOf(new TextEncoder().encode(json).buffer));
    }),
    { numRuns: 400 },
  );
});

test('a broken body throws a SyntaxError where JSON.parse of the whole throws, and gives the same entries where it does not', () => {
  const broken = fc.tuple(text, fc.nat(), fc.nat({ max: 3 }), fc.constantFrom('', ',', '"', '\\', ']', '}', '[', '{', ':', 'x')).map(([json, at, cut, put]) => {
    const where = at % (json.length + 1);
    return json.slice(0, where) + put + json.slice(where + cut);
  });
  fc.assert(
    fc.property(broken, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 400 }), (json, piece, batch) => {
      const whole = outcome(() => entriesOf(new TextEncoder().encode(json).buffer));
      assert.deepEqual(outcome(() => readInPieces(json, piece, batch)), whole, json);
    }),
    { numRuns: 2000 },
  );
});

test('a body with two `data` keys gives the last one, as JSON.parse does', () => {
  const json = '{"data":[{"id":"1","title":"one","url":"/1"}],"data":[{"id":"2","title":"two","url":"/2"}]}';
  assert.deepEqual(
    readInPieces(json, 7, 10).map((e) => e.id),
    ['2'],
  );
});

test('a comma with no entry after it is a SyntaxError, after a batch is cut as before one', () => {
  const one = '{"id":"1","title":"one","url":"/1"}';
  for (const json of [`[${one},]`, `[${one}, ]`, `[${one},${one},]`, '[,]', `{"data":[${one},]}`]) {
    for (const batch of [1, 10, 1000]) assert.throws(() => readInPieces(json, 5, batch), SyntaxError, `${json}, batches of ${batch}`);
  }
});
