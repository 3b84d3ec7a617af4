/**
 * The pieces a build is made of: the lexicon (one number per word, however the word is
 * read) and the postings (counts per entry and field, laid out word by word), each held to
 * a plain model over generated input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Lexicon } from '../../../../src/search/lexicon.js';
import { CAPS, PostingsBuilder, SHIFTS } from '../../../../src/search/postings.js';
import { finished, sortedInSteps } from '../../../../src/search/steps.js';
import { asciiWords, hashWord, tokenize } from '../../../../src/search/text.js';

test('the lexicon gives one number per word, read from a text or given whole, past every growth of its table', () => {
  // Short words from a small alphabet collide often, and thousands of them grow the table.
  const word = fc.stringMatching(/^[aBz09]{1,4}(?:'[aBz]{1,2})?$/);
  const text = fc.tuple(fc.array(word, { minLength: 1, maxLength: 40 }), fc.constantFrom(' ', ', ', '-')).map(([words, gap]) => words.join(gap));
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 200 }), fc.array(fc.stringMatching(/^[a-z0-9\u00e9\u6771]{1,5}$/), { maxLength: 50 }), (texts, whole) => {
      const lexicon = new Lexicon();
      const model = new Map<string, number>();
      const check = (id: number, expected: string) => {
        assert.equal(lexicon.words[id], expected);
        if (!model.has(expected)) model.set(expected, id);
        assert.equal(id, model.get(expected), `"${expected}" got two numbers`);
      };
      const spans: number[] = [];
      for (const text of texts) {
        // As a build reads it: lower-cased first.
        const t = text.toLowerCase();
        const count = asciiWords(t, spans);
        const expected = tokenize(t);
        assert.equal(count, expected.length);
        for (let w = 0; w < count; w++) check(lexicon.span(t, spans[w * 4]!, spans[w * 4 + 1]!, spans[w * 4 + 2]!, spans[w * 4 + 3]!), expected[w]!);
      }
      // A word given whole (the Unicode rule's) meets the same word read from a text.
      for (const w of whole) check(lexicon.span(w, 0, w.length, hashWord(w), hashWord(w, true)), w);
      assert.equal(lexicon.words.length, model.size);
    }),
    { numRuns: 60 },
  );
  // Enough distinct words to double the table several times.
  const lexicon = new Lexicon();
  const many = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
  const first = many.map((w) => lexicon.span(w, 0, w.length, hashWord(w), hashWord(w, true)));
  assert.deepEqual(first, many.map((_, i) => i));
  assert.deepEqual(many.map((w) => lexicon.span(`x ${w.slice(0, 1)}'${w.slice(1)}`, 2, 3 + w.length, hashWord(w), hashWord(w, true))), first);
});

test('two words whose first hashes are the same still get two numbers', () => {
  // Short words until two share a first hash (a few hundred thousand find a pair).
  const seen = new Map<number, string>();
  let pair: [string, string] | undefined;
  for (let i = 36 ** 3; !pair; i++) {
    const word = i.toString(36);
    const hash = hashWord(word);
    const had = seen.get(hash);
    if (had) pair = [had, word];
    else seen.set(hash, word);
  }
  const lexicon = new Lexicon();
  const ids = pair.map((w) => lexicon.span(w, 0, w.length, hashWord(w), hashWord(w, true)));
  assert.deepEqual(ids, [0, 1], `"${pair[0]}" and "${pair[1]}"`);
  assert.deepEqual(lexicon.words, pair);
  // Read from a text as a build reads it, each is still itself.
  const text = `${pair[1]} ${pair[0]}`;
  const spans: number[] = [];
  assert.equal(asciiWords(text, spans), 2);
  assert.deepEqual([0, 4].map((w) => lexicon.span(text, spans[w]!, spans[w + 1]!, spans[w + 2]!, spans[w + 3]!)), [1, 0]);
});

test('asciiWords hashes each word as hashWord hashes the word it stands for', () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[aBz09' .,-]{0,30}$/), (text) => {
      const spans: number[] = [];
      const count = asciiWords(text.toLowerCase(), spans);
      const words = tokenize(text);
      for (let w = 0; w < count; w++) {
        assert.equal(spans[w * 4 + 2], hashWord(words[w]!));
        assert.equal(spans[w * 4 + 3], hashWord(words[w]!, true));
      }
    }),
    { numRuns: 1000 },
  );
  assert.equal(asciiWords('café', []), -1);
});

test('postings hold, word by word in entry order, how often each entry has the word in each field, up to each cap', () => {
  const add = fc.record({ id: fc.nat(200), field: fc.nat(3), times: fc.integer({ min: 1, max: 20 }) });
  fc.assert(
    fc.property(fc.array(fc.array(add, { maxLength: 30 }), { maxLength: 60 }), (entries) => {
      const builder = new PostingsBuilder(1); // so that the arrays grow, many times
      const model = new Map<number, Map<number, number[]>>();
      let words = 0;
      entries.forEach((adds, doc) => {
        for (const { id: raw, field, times } of adds) {
          // Word numbers come as a lexicon gives them: at most one more than the highest yet.
          const id = Math.min(raw, words);
          words = Math.max(words, id + 1);
          for (let i = 0; i < times; i++) builder.add(id, doc, SHIFTS[field]!, CAPS[field]!);
          const byDoc = model.get(id) ?? new Map<number, number[]>();
          model.set(id, byDoc);
          const counts = byDoc.get(doc) ?? [0, 0, 0, 0];
          byDoc.set(doc, counts);
          counts[field] = Math.min(CAPS[field]!, counts[field]! + times);
        }
      });
      const [docs, counts, starts] = finished(builder.finish(words));
      assert.equal(starts.length, words + 1);
      for (let id = 0; id < words; id++) {
        const expected = [...(model.get(id) ?? new Map<number, number[]>())].sort(([a], [b]) => a - b);
        const got: [number, number[]][] = [];
        for (let p = starts[id]!; p < starts[id + 1]!; p++) got.push([docs[p]!, SHIFTS.map((shift, f) => (counts[p]! >> shift) & CAPS[f]!)]);
        assert.deepEqual(got, expected, `word ${id}`);
      }
    }),
    { numRuns: 300 },
  );
});

test('words sorted in steps are sorted as Array.prototype.sort sorts them, across runs and merges', () => {
  const word = fc.stringMatching(/^[aZ\u00e9\u6771\ud83d\ude00]{0,4}$/);
  fc.assert(
    // Runs of 1 to 8 words, so that a few hundred words make many merges.
    fc.property(fc.array(word, { maxLength: 300 }), fc.integer({ min: 1, max: 8 }), (words, run) => {
      assert.deepEqual(finished(sortedInSteps(words, run)), [...words].sort());
    }),
    { numRuns: 300 },
  );
});
