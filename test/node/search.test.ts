/**
 * The search engine in Node: matching and ranking rules (docs/search.md), highlighting as
 * data, and a smoke run on a seeded corpus (relevance only: timings belong to
 * `npm run bench`, in a browser).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildEngine, buildEngineSync, highlight, tokenize } from '../../src/search/index.js';
import { generatedCorpus } from '../../bench/corpus.js';

const entries = [
  { id: 'cafe', type: 'post', title: 'Le café du matin', url: 'https://x.test/1', excerpt: 'Crème brûlée', tags: ['food'] },
  { id: 'tokyo', type: 'page', title: '東京の旅行ガイド', url: 'https://x.test/2', excerpt: '京都と大阪も' },
  { id: 'ts', type: 'post', title: 'Understanding TypeScript generics', url: 'https://x.test/3', tags: ['typescript'] },
  { id: 'tagged', type: 'post', title: 'Notes', url: 'https://x.test/4', tags: ['generics'], excerpt: 'misc' },
  { id: 'excerpt', type: 'episode', title: 'Episode 12', url: 'https://x.test/5', excerpt: 'we talk about generics' },
];
const ids = (q: string, options = {}) => buildEngineSync(entries).search(q, options).hits.map((h) => h.entry.id);

test('folds diacritics both ways: cafe finds café, café finds cafe', () => {
  assert.deepEqual(ids('cafe'), ['cafe']);
  assert.deepEqual(ids('CAFÉ'), ['cafe']);
  assert.deepEqual(tokenize('Straße Ørsted'), ['strasse', 'orsted']);
});

test('CJK text is searchable inside a run of characters', () => {
  assert.deepEqual(ids('旅行'), ['tokyo']);
  assert.deepEqual(ids('京都'), ['tokyo']);
  assert.deepEqual(ids('東'), ['tokyo']);
});

test('title counts above tags, tags above the excerpt', () => {
  assert.deepEqual(ids('generics'), ['ts', 'tagged', 'excerpt']);
});

test('the last word is a prefix while typing, not otherwise', () => {
  assert.deepEqual(ids('understanding gen'), ['ts']);
  assert.deepEqual(ids('typescr', { typing: false }), []);
});

test('longer words forgive a typo, short ones do not', () => {
  assert.deepEqual(ids('typscript generics'), ['ts']);
  assert.deepEqual(ids('nots'), []);
});

test('limit, total and types', () => {
  const engine = buildEngineSync(entries);
  const result = engine.search('generics', { limit: 1 });
  assert.equal(result.hits.length, 1);
  assert.equal(result.total, 3);
  assert.deepEqual(engine.search('generics', { types: ['episode'] }).hits.map((h) => h.entry.id), ['excerpt']);
});

test('highlighting is data: marked and plain segments, HTML left as text', () => {
  assert.deepEqual(highlight('<b>Café</b> au lait', ['cafe']), [
    { text: '<b>', mark: false },
    { text: 'Café', mark: true },
    { text: '</b> au lait', mark: false },
  ]);
  assert.deepEqual(highlight('東京の旅行', ['旅行']), [
    { text: '東京の', mark: false },
    { text: '旅行', mark: true },
  ]);
});

test('the chunked build gives the same answers as the one-go build', async () => {
  const { entries: list, queries } = generatedCorpus(1000, 1, 20);
  const chunked = await buildEngine(list, { sliceMs: 1 });
  const whole = buildEngineSync(list);
  for (const { q } of [...queries.exact, ...queries.prefixTypo]) {
    assert.deepEqual(
      chunked.search(q).hits.map((h) => h.entry.id),
      whole.search(q).hits.map((h) => h.entry.id),
    );
  }
});

test('smoke: on a seeded corpus, exact titles come first and nonsense finds nothing', () => {
  const { entries: list, queries } = generatedCorpus(1000, 2, 30);
  const engine = buildEngineSync(list);
  const first = queries.exact.filter(({ q, targets }) => targets.includes(engine.search(q).hits[0]!.entry.id)).length;
  assert.equal(first, queries.exact.length);
  const empty = queries.none.filter(({ q }) => engine.search(q).total === 0).length;
  assert.equal(empty, queries.none.length);
});
