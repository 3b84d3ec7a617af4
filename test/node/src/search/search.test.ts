/**
 * The search engine in Node: matching and ranking rules (docs/search.md), highlighting as
 * data, and a smoke run on a seeded corpus (relevance only: timings belong to
 * `npm run bench`, in a browser).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { WORD, fold } from '../../../../src/search/text.js';
import { buildEngine, buildEngineSync, highlight, tokenize } from '../../../../src/search/index.js';
import { generatedCorpus } from '../../../../bench/corpus.js';
import { rowsFor } from '../../../../src/search/rows.js';

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

test('longer words forgive a typo, words under 4 letters do not', () => {
  assert.equal(ids('typscript generics')[0], 'ts');
  assert.deepEqual(ids('nts'), []);
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
  // (No time allowed per slice: a yield after every entry, and after every step of the end.)
  const chunked = await buildEngine(list, { sliceMs: 0 });
  const whole = buildEngineSync(list);
  for (const { q } of [...queries.exact, ...queries.prefixTypo]) {
    assert.deepEqual(
      chunked.search(q).hits.map((h) => h.entry.id),
      whole.search(q).hits.map((h) => h.entry.id),
    );
  }
});

/** How many other tasks ran while `work` was being done: more than none means it was done in slices. */
async function tasksBeside<T>(work: Promise<T>): Promise<[T, number]> {
  let tasks = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    tasks++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return [await work, tasks];
  } finally {
    done = true;
  }
}

test('a query answered in slices gives the answer of one go, and a broad prefix is read in many slices', async () => {
  const { entries: list, queries } = generatedCorpus(10_000, 3, 10);
  const engine = buildEngineSync(list);
  const answer = (results: { hits: { entry: { id: string } }[]; total: number }) => [results.total, ...results.hits.map((h) => h.entry.id)];
  for (const q of ['a', 'co', 'mo', 'th', 'the s', ...Object.values(queries).flatMap((list) => list.map(({ q }) => q))]) {
    // (No time allowed per slice: a yield after every step.)
    assert.deepEqual(answer(await engine.searchInSlices(q, { limit: 8 }, { sliceMs: 0 })), answer(engine.search(q, { limit: 8 })), q);
  }
  // "co" touches thousands of entries: other tasks run while it is answered.
  const [, tasks] = await tasksBeside(engine.searchInSlices('co', { limit: 8 }, { sliceMs: 0 }));
  assert.ok(tasks >= 3, `${tasks} other tasks ran while "co" was answered in slices`);
});

test('a query\'s slices are counted in the work they do, not only in time: with all the time in the world, "the" still yields', async () => {
  const engine = buildEngineSync(generatedCorpus(10_000, 3, 1).entries);
  const [results, tasks] = await tasksBeside(engine.searchInSlices('the', { limit: 8 }, { sliceMs: Infinity }));
  assert.deepEqual(results.hits.map((h) => h.entry.id), engine.search('the', { limit: 8 }).hits.map((h) => h.entry.id));
  assert.ok(tasks >= 2, `${tasks} other tasks ran while "the" was answered`);
});

test('a query asked while another is still in slices leaves it, and both engines\' arrays stay right', async () => {
  const { entries: list } = generatedCorpus(10_000, 4, 1);
  const engine = buildEngineSync(list);
  const fresh = buildEngineSync(list);
  const ids = (results: { hits: { entry: { id: string } }[]; total: number }) => [results.total, ...results.hits.map((h) => h.entry.id)];
  let left = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.constantFrom('co', 'mo', 'a', 'the', 'th', 'ma', 'sa', 'lo'), { minLength: 2, maxLength: 5 }), fc.boolean(), async (asked, sync) => {
      const first = engine.searchInSlices(asked[0]!, {}, { sliceMs: 0 });
      // One yield in: a broad first query is mid-way when the others come.
      await new Promise((resolve) => setImmediate(resolve));
      const later = asked.slice(1).map((q) => (sync ? Promise.resolve(engine.search(q)) : engine.searchInSlices(q, {}, { sliceMs: 0 })));
      // Left, or answered already, and then rightly.
      const outcome = await first.then(ids, (error: Error) => error.name);
      if (outcome === 'AbortError') left++;
      else assert.deepEqual(outcome, ids(fresh.search(asked[0]!)));
      // Every query but the last was left, or answered rightly.
      for (const [i, answer] of later.slice(0, -1).entries()) {
        const got = await answer.then(ids, (error: Error) => error.name);
        if (got !== 'AbortError') assert.deepEqual(got, ids(fresh.search(asked[i + 1]!)));
      }
      const last = await later.at(-1)!;
      assert.deepEqual(ids(last), ids(fresh.search(asked.at(-1)!)));
      // And the engine answers the first query as a fresh one does, afterwards.
      assert.deepEqual(ids(engine.search(asked[0]!)), ids(fresh.search(asked[0]!)));
    }),
    { numRuns: 30 },
  );
  assert.ok(left > 0, 'no query was ever left mid-way: the test proved nothing');
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
  // A word typed twice: only the title that has it twice is the query, though the shorter
  // one leaves fewer letters untyped.
  const twice = [post('ny', 'New York'), post('nyny', 'New New York')];
  assert.equal(rank(twice, 'new new york')[0], 'nyny');
});

test('fewer typos rank first, before a title named whole', () => {
  const list = [post('color', 'Color', 'hue and shade'), post('colour', 'Colour in print and on the web', 'ink')];
  assert.equal(rank(list, 'colour')[0], 'colour');
  // The word as typed, even in the content, before a title one typo away from it.
  const body = [post('color', 'Color', 'hue and shade'), { ...post('inks', 'Inks', 'for print'), content: 'the colour of ink' }];
  assert.equal(rank(body, 'colour')[0], 'inks');
});

test('a field counts for a query word only through its best match', () => {
  // "printer" in a title is one typo from "pointer", found as typed in the excerpt: the
  // entry with "pointer" as typed in its tags comes first, tags being above the excerpt.
  const list = [post('printer', 'Printer setup', 'a pointer'), post('notes', 'Notes', 'misc', ['pointer'])];
  assert.equal(rank(list, 'pointer', { typing: false })[0], 'notes');
  // Nor does such a title name the entry whole.
  const native = [post('theme', 'NativeTheme', 'tema nativo'), post('drag', 'Nativo arquivo', 'arrastar')];
  assert.equal(rank(native, 'nativo')[0], 'drag');
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
  // Only a word ending in y takes -ies: "relp" is not the singular of "relies".
  const relies = [post('relies', 'It relies on you')];
  assert.deepEqual(rank(relies, 'rely', { typing: false }), ['relies']);
  assert.deepEqual(rank(relies, 'relp', { typing: false }), []);
});

test('an extra word the entry lacks does not empty the list, and of entries matching as many words the one whose title it names whole comes first', () => {
  const list = [
    post('top', 'padding-top', 'the padding at the top'),
    post('scroll', 'scroll-padding-top', 'padding at the top of a scroll container'),
    post('habit', 'Habit tracker'),
  ];
  assert.equal(rank(list, 'habit tracker tutorial')[0], 'habit');
  assert.equal(rank(list, 'padding-top color')[0], 'top');
  // An entry that has every word, here in its excerpt, comes before both.
  const colored = [...list, post('color', 'Spacing', 'padding at the top, in any color')];
  assert.equal(rank(colored, 'padding-top color')[0], 'color');
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

test('how many query words an entry matches, in any field, counts before which field matched them', () => {
  const list = [
    post('tips', 'Tips', 'with a checklist', ['email', 'deliverability']),
    post('guide', 'Email deliverability for beginners', 'what lands in the inbox'),
  ];
  assert.equal(rank(list, 'email deliverability tips')[0], 'tips');
  // A word of the title one typo away does not outweigh the word typed exactly: the entry
  // that has both query words, as typed, in its excerpt comes first.
  const printer = [
    post('printer', 'Printer configuration', 'queues and drivers'),
    post('link', 'Symbolic links', 'a pointer to another file, followed when the link is opened'),
  ];
  assert.deepEqual(rank(printer, 'pointer opened'), ['link', 'printer']);
});

test('a query word found only in the content, or only through a typo, counts half', () => {
  // "shell" and "utilice" both somewhere in a long text do not outweigh the entry the
  // query names by its title.
  const long = (words: string) => `${Array.from({ length: 200 }, (_, i) => `filler${i}`).join(' ')} ${words}`;
  const content = [
    { ...post('shell', 'Shell', 'open files and links'), content: long('the shell module') },
    { ...post('guide', 'Security guide', 'what to check'), content: long('a shell command, utilice esto') },
  ];
  assert.equal(rank(content, 'shell utilice')[0], 'shell');
  // Two words matched through typos do not outweigh one matched as typed.
  const typos = [post('meta', 'HTMLMetaElement', 'a meta tag'), post('media', 'HTMLMediaElement extensions', 'audio and video')];
  assert.equal(rank(typos, 'htmlmetaelement extend')[0], 'meta');
});

test('an entry with every query word counts the ones in its long content whole, when the query names no title', () => {
  // Two words remembered from a long page, one misspelled: the page with both comes before
  // a page with one of them in its excerpt (half of "sandbx" and half of "renderer" were
  // less than the excerpt's one word).
  const long = (words: string) => `${Array.from({ length: 200 }, (_, i) => `filler${i}`).join(' ')} ${words}`;
  const list = [
    { ...post('guide', 'Security guide', 'what to check'), content: long('run the renderer in a sandbox') },
    post('tips', 'Process tips', 'the renderer and the main process'),
  ];
  assert.equal(rank(list, 'sandbx renderer')[0], 'guide');
});

test('a query with a word found nowhere and the others only through typos finds nothing', () => {
  // "quaksiksi" is two typos from "qualsiasi", as a made-up 9-letter word often is from some
  // word of a large vocabulary; with a second word found nowhere, the query is made up.
  const list = [post('any', 'Qualsiasi cosa', 'una cosa qualsiasi')];
  assert.deepEqual(rank(list, 'quaksiksi jhowumvex'), []);
  // Alone, or beside a word found as typed, the typo'd word still finds it.
  assert.deepEqual(rank(list, 'quaksiksi'), ['any']);
  assert.deepEqual(rank(list, 'quaksiksi cosa jhowumvex'), ['any']);
  // One typo is a slip, not a made-up word: a stray word beside it does not empty the list.
  const habits = [post('habit', 'Writing habits', 'a daily page'), post('other', 'Deadlines', 'on habits and dates')];
  assert.deepEqual(rank(habits, 'habbit tracker'), ['habit', 'other']);
});

test('a word found through a typo counts for no field, but for the title beside a title word found as typed', () => {
  // "sake" is a slip of "stake" and of "safe": the title that holds "safe" says no more
  // about the query than the excerpt that holds "stake".
  const slips = [post('josiah', 'Josiah on safe', 'forage for food'), post('stake', 'Focused editor', 'a stake after the forage')];
  assert.equal(rank(slips, 'sake forage', { typing: false })[0], 'stake');
  // Beside "font" and "synthesis" in the title, "sityle" counts for it as "style".
  const titles = [post('synthesis', 'font-synthesis', 'the font-synthesis shorthand: font synthesis style, the font synthesis of bold and small-caps'), post('style', 'font-synthesis-style', 'oblique faces')];
  assert.equal(rank(titles, 'font-synthesis-sityle', { typing: false })[0], 'style');
  // A query of which no word is found as typed ranks by field as any query does: "habbit"
  // puts the habit title before the habit excerpt.
  const habits = [post('excerpt', 'Deadlines and dates', 'some habits of mine'), post('title', 'Writing habits', 'a daily page')];
  assert.equal(rank(habits, 'habbit')[0], 'title');
  assert.equal(rank(habits, 'habbit', { typing: false })[0], 'title');
});

test('query words side by side as typed in a long content, after the rules before, come first', () => {
  // Both pages say "remote" and "module", the second more often; the first says them side
  // by side, as a phrase remembered from it.
  const long = (words: string) => `${Array.from({ length: 200 }, (_, i) => `filler${i}`).join(' ')} ${words}`;
  const list = [
    { ...post('apart', 'Security', 'what to check'), content: long('a module loaded remote, and a module for remote work') },
    { ...post('phrase', 'Process model', 'how it runs'), content: long('the remote module is gone') },
  ];
  assert.equal(rank(list, 'remote module', { typing: false })[0], 'phrase');
});

test('every query word in the excerpt outweighs one common word in a title; a rare word outweighs a common one, before the field', () => {
  const list = [
    post('browsers', 'Web browsers', 'the ones we use'),
    post('browsers-linux', 'Browsers on Linux', 'firefox and chromium'),
    post('ldap', 'Directory tools', 'jxplorer, a java client for directories, and other browsers'),
  ];
  assert.equal(rank(list, 'jxplorer browsers')[0], 'ldap');
  // With one query word each, the rarer one: "jxplorer" is in one entry, "browsers" in two titles.
  const one = [...list.slice(0, 2), post('ldap', 'Directory tools', 'jxplorer, a java client for directories')];
  assert.equal(rank(one, 'jxplorer browsers')[0], 'ldap');
});

test('between entries the rules leave tied, a word typed as is comes before a completion of it', () => {
  // "apple" is rarer than "app", so BM25 alone would put its entry first.
  const list = [
    post('apple', 'Notes', 'an apple a day'),
    post('app', 'Notes', 'about the app'),
    ...Array.from({ length: 6 }, (_, i) => post(`other${i}`, `Other ${i}`, 'the app')),
  ];
  assert.equal(rank(list, 'notes app')[0], 'app');
  assert.equal(rank(list, 'notes app ')[0], 'app');
});

test('a word being typed after others, four letters or more and in the index as typed, is taken as finished: found as typed comes before a better field', () => {
  // A tag and a word from a post ("short posts" of the bench, seed 404): the word is whole,
  // but it is also the start of another post's title.
  const list = [
    post('bar', 'Pintada en el baño de un bar', 'se va el arte del cocinero', ['pintadas']),
    post('picasso', 'Pablo Picasso', 'un hombre que pinta lo que vende', ['arte']),
  ];
  assert.deepEqual(rank(list, 'arte pinta'), ['picasso', 'bar']);
  // Alone, the word may still be typed: a title that starts with it comes first.
  assert.equal(rank(list, 'pinta')[0], 'bar');
  // Shorter than four letters, it is as often the start of a longer word.
  assert.equal(rank(list, 'arte pin')[0], 'bar');
  // Not in the index as typed: nothing says it is finished.
  assert.equal(rank(list, 'arte pintad')[0], 'bar');
});

test('a query word found as typed counts above its other number, before the title letters left untyped', () => {
  // Both have every word; "Launch handler" has fewer title letters left untyped, but says
  // "open" where the query says "opens".
  const list = [post('launch', 'Launch handler', 'a member that can open the app'), post('protocol', 'Protocol handlers', 'a member handler that opens links')];
  assert.equal(rank(list, 'member handler opens ')[0], 'protocol');
});

test('a 4-letter word forgives one slip of any kind, as a whole word of 4 letters or more', () => {
  const list = [
    post('disk', 'RAID disk arrays', 'mirrors and stripes'),
    post('test', 'How to test', 'unit and end to end'),
    post('raid', 'Raid boss guide', 'a game'),
    post('rain', 'Rain songs', 'when it pours'),
  ];
  // Two neighbours swapped, typed or not, and after another word.
  assert.deepEqual(rank(list, 'dsik'), ['disk']);
  assert.deepEqual(rank(list, 'tset', { typing: false }), ['test']);
  assert.equal(rank(list, 'raid dsik')[0], 'disk');
  // A letter changed, or one dropped from a 5-letter word: the commonest slips on a phone.
  assert.deepEqual(rank(list, 'dosk'), ['disk']);
  assert.deepEqual(rank(list, 'ratn', { typing: false }), ['rain']);
  assert.equal(rank(list, 'wgen songs')[0], 'rain');
  assert.deepEqual(rank(list, 'mirors', { typing: false }), ['disk']);
  // Never the first letter, and never a word shorter than 4 letters: "form" is not "for".
  assert.deepEqual(rank(list, 'idsk'), []);
  assert.deepEqual(rank([post('for', 'Made for you')], 'form', { typing: false }), []);
  // An entry the query's other words support comes first.
  assert.equal(rank(list, 'dosk mirrors')[0], 'disk');
  assert.deepEqual(rank(list, 'tesst', { typing: false }), ['test']);
});

test('a word found only in a short content counts as in the excerpt: a post whose excerpt is its first lines', () => {
  // The excerpt is the start of the content, so "eclisse" is past it by accident; the post
  // that has every word comes before one with two of them in its excerpt.
  const posts = [
    { ...post('eclipse', '', 'Un pensiero sul cielo'), content: 'Un pensiero sul cielo: in caso di eclisse guardate il sole con un vetro scuro.' },
    { ...post('case', 'Note', 'il caso di oggi') },
  ];
  assert.equal(rank(posts, 'caso di ecliss')[0], 'eclipse');
  // The same where no entry has every query word (so the content is not counted whole for
  // that): four words of the post, two of them past its excerpt, before three in an excerpt.
  const partial = [posts[0]!, { ...post('moon', 'Note', 'il caso di oggi: la luna') }];
  assert.equal(rank(partial, 'caso di eclisse vetro luna', { typing: false })[0], 'eclipse');
});

test('the other number is formed the English way: -es only after s, x, z, ch or sh', () => {
  const list = [post('bat', 'BAT', 'a file'), post('gott', 'Gott', 'ein Wort'), post('box', 'Box', 'a crate')];
  assert.deepEqual(rank(list, 'bates', { typing: false }), []);
  assert.deepEqual(rank(list, 'gottes', { typing: false }), []);
  assert.deepEqual(rank(list, 'boxes', { typing: false }), ['box']);
  assert.deepEqual(rank(list, 'bats', { typing: false }), ['bat']);
});

test('a word found as typed comes before its other number, whichever field: an untitled post is not below titled ones for lack of a title', () => {
  const list = [
    post('untitled', '', 'a smile that lasts all day'),
    post('last', 'The last smile', 'an evening'),
    post('lasting', 'Last words', 'a smile'),
  ];
  assert.equal(rank(list, 'smile lasts ')[0], 'untitled');
  assert.equal(rank(list, 'lasts smile', { typing: false })[0], 'untitled');
});

test('the query\'s words side by side, in the order typed, come before the same words apart: a remembered phrase', () => {
  const list = [
    post('apart', 'Goethe', 'Die Natur wirkt nach Gesetzen. Die Kunst nach Regeln, über die sie sich verständigt'),
    post('phrase', 'Danny Kaye', 'Originalität ist die Kunst, sich Bonmots zu merken'),
  ];
  assert.equal(rank(list, 'die kunst sich')[0], 'phrase');
  // In the title too, before the field: the words side by side in an excerpt beat them apart in a title.
  const titles = [post('title', 'Notes on light and the sea', 'misc'), post('excerpt', 'Diary', 'the sea light at dawn')];
  assert.equal(rank(titles, 'sea light', { typing: false })[0], 'excerpt');
});

test('the content is searched, below the excerpt; a `body` is read as content', async () => {
  const { SearchEntry } = await import('../../../../src/api/schema.js');
  const parsed = [
    { id: 'a', title: 'Weekly notes', url: 'https://x.test/a', excerpt: 'what happened', content: 'we carried the server to a new rack' },
    { id: 'b', title: 'Server moves', url: 'https://x.test/b', body: 'a rack of our own' },
    { id: 'c', title: 'Racks', url: 'https://x.test/c', excerpt: 'a rack' },
  ].map((entry) => {
    const result = SearchEntry.safeParse(entry);
    assert.ok(result.success);
    return result.data;
  });
  assert.equal(parsed[1]!.content, 'a rack of our own');
  const engine = buildEngineSync(parsed);
  assert.deepEqual(engine.search('carried').hits.map((h) => h.entry.id), ['a']);
  // A word in the excerpt before the same word in the content.
  const rack = engine.search('rack').hits.map((h) => h.entry.id);
  assert.equal(rack[0], 'c');
  assert.deepEqual(rack.slice(1).sort(), ['a', 'b']);
});

test('a French elided article is a word of its own: "l\u2019application" finds "application"', () => {
  assert.deepEqual(tokenize("Distribution de l'Application"), ['distribution', 'de', 'l', 'application']);
  assert.deepEqual(tokenize('l’été'), ['l', 'ete']);
  assert.deepEqual(tokenize("don't rock'n'roll"), ['dont', 'rocknroll']);
  const list = [post('fr', "Distribution de l'Application", 'empaqueter et publier'), post('other', 'Applications web')];
  assert.equal(rank(list, 'application distribution')[0], 'fr');
});

test('ASCII text is cut into the words the Unicode rule gives, apostrophes and elisions included', () => {
  // The shortcut for ASCII text must never disagree with WORD, which all other text goes by.
  const byWord = (text: string) => [...fold(text).matchAll(WORD)].map(([word]) => word.replace(/['\u2019]/g, ''));
  fc.assert(
    fc.property(fc.stringMatching(/^[aBz09' .,-]{0,24}$/), (text) => {
      assert.deepEqual(tokenize(text), byWord(text));
    }),
    { numRuns: 2000 },
  );
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

test('between titles that match alike, the one with fewer words left untyped comes first', () => {
  // "Grid a b" has fewer letters left untyped, but more words.
  const list = [post('short', 'Grid a b'), post('long', 'Grid alignments')];
  assert.equal(rank(list, 'grid', { typing: false })[0], 'long');
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

test('rows searched on the page\'s own thread give each date as its ISO day, without a date format of the page\'s (its first costs a long task)', async () => {
  const list = [
    { id: 'late', type: 'post', title: 'Late night notes', url: '/late', published_at: '2026-11-28T23:30:00-05:00' },
    { id: 'bad', type: 'post', title: 'Late arrivals', url: '/bad', published_at: 'yesterday' },
    { id: 'none', type: 'post', title: 'Late again', url: '/none' },
  ];
  const engine = buildEngineSync(list);
  const made = Intl.DateTimeFormat;
  let formats = 0;
  Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof made>) {
    formats++;
    return new made(...args);
  } as unknown as typeof made;
  try {
    const { rows } = await rowsFor(engine, 'late', 8, '', 'https://x.test', 'en');
    assert.deepEqual(Object.fromEntries(rows.map((row) => [row.entry.id, row.date])), { late: '2026-11-28', bad: undefined, none: undefined });
    assert.equal(formats, 0);
  } finally {
    Intl.DateTimeFormat = made;
  }
});
