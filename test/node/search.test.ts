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
  assert.equal(ids('understanding gen')[0], 'ts');
  assert.deepEqual(ids('understanding'), ['ts']);
  assert.deepEqual(ids('typescr', { typing: false }), []);
});

test('longer words forgive a typo, short ones do not', () => {
  assert.equal(ids('typscript generics')[0], 'ts');
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

// ---- ranking rules, each with a case that fails without it ---------------------------

const post = (id: string, title: string, excerpt = '', tags: string[] = []) => ({ id, type: 'post', title, url: `https://x.test/${id}`, excerpt, tags });
const rank = (list: ReturnType<typeof post>[], q: string, options = {}) =>
  buildEngineSync(list).search(q, options).hits.map((h) => h.entry.id);

test('a title equal to the query comes first, before a fuller match of the same words', () => {
  const list = [
    post('templates', 'Grid templates', 'grid templates, grid templates and more grid templates', ['grid', 'templates']),
    post('template', 'Grid template', 'rows'),
    post('areas', 'grid-template-areas', 'named grid areas'),
  ];
  assert.equal(rank(list, 'grid template')[0], 'template');
  assert.equal(rank(list, 'grid-template-areas')[0], 'areas');
  const css = [
    post('padding', 'padding', 'padding-top, padding-right, padding-bottom and padding-left at once'),
    post('top', 'padding-top', 'the padding at the top'),
    post('scroll', 'scroll-padding-top', 'padding at the top of a scroll container'),
  ];
  assert.equal(rank(css, 'padding')[0], 'padding');
  assert.equal(rank(css, 'padding-top')[0], 'top');
  // The same words and length, one a plural form: only being the title decides.
  const number = [post('singular', 'Grid template', 'grid template, grid template', ['grid template']), post('plural', 'Grid templates')];
  assert.equal(rank(number, 'grid templates')[0], 'plural');
});

test('fewer typos rank first, before a title named whole', () => {
  const list = [post('color', 'Color', 'hue and shade'), post('colour', 'Colour in print and on the web', 'ink')];
  assert.equal(rank(list, 'colour')[0], 'colour');
});

test('a typo inside the word being typed is forgiven: "habbit" finds habits', () => {
  const list = [post('habits', 'Writing habits, one a week'), post('rabbit', 'A rabbit in the garden'), post('other', 'Podcasting')];
  assert.equal(rank(list, 'habbit')[0], 'habits');
  assert.equal(rank(list, 'habbi')[0], 'habits');
  assert.equal(rank(list, 'writng hab')[0], 'habits');
  // Not while the word is still short: four letters forgive nothing.
  assert.deepEqual(rank(list, 'hbbi'), []);
});

test('a swap of two neighbouring letters is one typo', () => {
  const list = [post('habits', 'Writing habits'), post('other', 'Podcasting')];
  assert.deepEqual(rank(list, 'hbait'), ['habits']);
  assert.deepEqual(rank(list, 'writign', { typing: false }), ['habits']);
});

test('a typo on the first letter costs two', () => {
  const list = [post('habits', 'Writing habits'), post('rabbit', 'A rabbit')];
  // One edit from "habit", but on its first letter: beyond a 5-letter word's one typo.
  assert.deepEqual(rank(list, 'rabit'), ['rabbit']);
  assert.deepEqual(rank(list, 'ahbit'), []);
  // Nine letters and more forgive two, so a first-letter typo alone passes.
  assert.deepEqual(rank([post('p', 'Podcasting guide')], 'rodcasting'), ['p']);
});

test('singular finds plural and plural singular', () => {
  const list = [post('colors', 'System colors'), post('story', 'A short story')];
  assert.deepEqual(rank(list, 'system color', { typing: false }), ['colors']);
  assert.deepEqual(rank(list, 'stories', { typing: false }), ['story']);
});

test('an extra word the entry lacks does not empty the list, and a whole title named comes first', () => {
  const list = [
    post('top', 'padding-top', 'the padding at the top'),
    post('scroll', 'scroll-padding-top', 'padding at the top of a scroll container, in any color'),
    post('habit', 'Habit tracker'),
  ];
  assert.equal(rank(list, 'habit tracker tutorial')[0], 'habit');
  assert.equal(rank(list, 'padding-top color')[0], 'top');
});

test('words in the title in the order typed rank first, a title that starts with them above all', () => {
  const list = [
    post('end-end', 'corner-end-end-shape', 'corner shape'),
    post('end-start', 'corner-end-start-shape', 'corner shape'),
    post('start-end', 'corner-start-end-shape', 'corner shape'),
  ];
  assert.equal(rank(list, 'corner-end-s')[0], 'end-start');
  assert.equal(rank(list, 'corner-start-e')[0], 'start-end');
  const system = [
    post('fonts', 'System fonts', 'colors and fonts of the system'),
    post('os', 'Operating system color schemes', 'system colors'),
    post('colors', 'System colors'),
  ];
  assert.equal(rank(system, 'system c')[0], 'colors');
  assert.equal(rank(system, 'colors system')[0], 'colors');
});

test('query words in the title count above query words anywhere', () => {
  const list = [
    post('tips', 'Tips', 'email deliverability tips, with a checklist', ['email', 'deliverability']),
    post('guide', 'Email deliverability for beginners', 'what lands in the inbox'),
  ];
  assert.equal(rank(list, 'email deliverability tips')[0], 'guide');
});

test('between titles that match alike, the one with fewer letters left untyped comes first', () => {
  const list = [
    post('sync', 'WebGLSync', 'a WebGL sync object', ['WebGL']),
    post('query', 'WebGLQuery', 'a WebGL query object', ['WebGL']),
    post('webgl', 'WebGL', 'three-dimensional graphics'),
  ];
  assert.equal(rank(list, 'weblg')[0], 'webgl');
  assert.equal(rank(list, 'webg')[0], 'webgl');
});

test('between titles named alike, the one the query starts with comes first', () => {
  // "zebra" is in many excerpts, so BM25 alone would put the rarer "Kettle" first.
  const list = [
    post('zebra', 'Zebra', 'striped'),
    post('kettle', 'Kettle', 'boils water'),
    ...Array.from({ length: 8 }, (_, i) => post(`note${i}`, `Note ${i}`, 'a zebra crossing')),
  ];
  assert.equal(rank(list, 'zebra kettle')[0], 'zebra');
  assert.equal(rank(list, 'kettle zebra')[0], 'kettle');
});

test('a trailing initial stands for a word not typed yet, and a space ends the word being typed', () => {
  const list = [
    post('clip', 'background-clip', 'clips the background'),
    post('border', 'background-clip: border-area', 'clips the background to the border'),
    post('managed', 'ManagedMediaSource', 'a media source', ['Managed media source']),
    post('feature', 'Managed media source', 'media the browser manages'),
  ];
  assert.equal(rank(list, 'background clip b')[0], 'border');
  const words = [post('break', 'word-break', 'breaks words'), post('break-word', 'word-break: break-word', 'breaks words')];
  assert.equal(rank(words, 'word break b')[0], 'break-word');
  assert.equal(rank(list, 'managed m')[0], 'feature');
  assert.deepEqual(rank(list, 'managed '), ['feature', 'managed']);
  assert.equal(rank(list, 'managed')[0], 'managed');
});
