/**
 * `npm run bench -- seeds`: relevance only, in Node, with five seeds (BENCH_SEEDS=a,b,… for
 * others), on the three real-text corpora and the generated one at 1k and 10k entries. A seed
 * changes the generated entries and which titles and edits every query is made from, so a
 * rule that only suited one fixed set of queries would show here. Timings are left to the
 * browser run; 50k is left out to keep this within minutes on two cores. Pagefind's search
 * script runs in Node here, over bundles its binary indexed and the loopback serves.
 *
 * BENCH_CORPORA=docs,web-features,posts,generated and BENCH_ENGINES=hub-kit,MiniSearch,… narrow
 * a run (the report then covers only those).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { KINDS, KIND_NAMES, docsCorpus, generatedCorpus, postsCorpus, realCorpus, type Corpus } from './corpus.js';
import { ENGINES, evaluate, type Relevance } from './engines.js';
import { bundleServer, closePagefind, pagefindBundle } from './pagefind.js';
import { RESULTS, behind, f2, fuseRuns, overallHit1 } from './report.js';

/** Five seeds other than the browser run's default, so this checks queries the rules were not looked at against. */
const SEEDS = (process.env.BENCH_SEEDS ?? '101,202,303,404,505').split(',').map(Number);
const SIZES = (process.env.BENCH_SEED_SIZES ?? '1000,10000').split(',').map(Number);

type Scores = Map<string, Relevance>;

const WANTED_CORPORA = process.env.BENCH_CORPORA?.split(',');
const WANTED_ENGINES = process.env.BENCH_ENGINES?.split(',');
const corpora = ([
  ['Electron docs', 'docs', (seed) => docsCorpus(seed)],
  ['web-features', 'web-features', (seed) => realCorpus(seed)],
  ['short posts', 'posts', (seed) => postsCorpus(seed)],
  ...SIZES.map((size) => [`generated, ${size.toLocaleString('en')}`, 'generated', (seed: number) => generatedCorpus(size, seed)]),
] as Array<[label: string, key: string, make: (seed: number) => Corpus]>).filter(([, key]) => !WANTED_CORPORA || WANTED_CORPORA.includes(key));
const engines = Object.entries(ENGINES).filter(([name]) => !WANTED_ENGINES || WANTED_ENGINES.includes(name));

const started = performance.now();
const all = new Map<string, Map<number, Scores>>();
const served = await bundleServer();
/** Pagefind bundles by the entries they index: the real corpora's entries are the same for every seed. */
const indexed = new Map<readonly object[], string>();
for (const [label, , make] of corpora) {
  const bySeed = new Map<number, Scores>();
  for (const seed of SEEDS) {
    const corpus = make(seed);
    const scores: Scores = new Map();
    for (const [name, build] of engines) {
      if (name === 'Fuse.js' && !fuseRuns(corpus)) continue;
      let bundle = indexed.get(corpus.entries);
      if (name === 'Pagefind' && !bundle) {
        bundle = `b${indexed.size}`;
        served.bundles.set(bundle, (await pagefindBundle(corpus.entries)).files);
        indexed.set(corpus.entries, bundle);
      }
      const search = await build(corpus.entries, { pagefind: bundle && served.base(bundle) });
      scores.set(name, (await evaluate(search, corpus.queries)).relevance);
    }
    bySeed.set(seed, scores);
    const hub = scores.get('hub-kit')!;
    console.log(`${label}, seed ${seed}: hub-kit hit@1 ${f2(overallHit1(hub))}, ${KINDS.map((k) => `${k} ${f2(hub[k].hit1)}/${f2(hub[k].hit3)}`).join(', ')}`);
  }
  all.set(label, bySeed);
}
served.close();
await closePagefind();

const range = (values: number[]) => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? f2(lo) : `${f2(lo)}–${f2(hi)}`;
};
const lines: string[] = [
  `Relevance with ${SEEDS.length} seeds (${SEEDS.join(', ')}): each cell is the lowest–highest hit@1 / hit@3 over the seeds (for "no match", the share answered with nothing), ${KINDS.map((k) => `${KIND_NAMES[k]}`).join(', ')} with 50 queries each per seed.`,
  '',
];
const misses: string[] = [];
let pairs = 0;
for (const [label, bySeed] of all) {
  const engines = [...bySeed.values().next().value!.keys()];
  lines.push(`**${label}**`, '', `| engine | hit@1 overall | ${KINDS.map((k) => KIND_NAMES[k]).join(' | ')} |`, `|---|---:|${KINDS.map(() => '---').join('|')}|`);
  for (const engine of engines) {
    const list = [...bySeed.values()].map((s) => s.get(engine)!);
    const cells = KINDS.map((k) => (k === 'none' ? range(list.map((r) => r[k].hit1)) : `${range(list.map((r) => r[k].hit1))} / ${range(list.map((r) => r[k].hit3))}`));
    lines.push(`| ${engine} | ${range(list.map(overallHit1))} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  for (const [seed, scores] of bySeed) {
    const hub = scores.get('hub-kit')!;
    for (const [engine, relevance] of scores) {
      if (engine === 'hub-kit') continue;
      pairs += KINDS.length;
      for (const kind of behind(hub, relevance)) {
        misses.push(`${label}, seed ${seed}, ${KIND_NAMES[kind]}: hub-kit ${f2(hub[kind].hit1)} / ${f2(hub[kind].hit3)}, ${engine} ${f2(relevance[kind].hit1)} / ${f2(relevance[kind].hit3)}`);
      }
    }
  }
}
lines.push(
  `hub-kit at or above the peer on both hit@1 and hit@3 in ${pairs - misses.length} of ${pairs} (corpus, seed, peer, kind) comparisons${misses.length ? '; below in:' : '.'}`,
  ...misses.map((m) => `- ${m}`),
  '',
  `<sub>Node ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s.</sub>`,
  '',
);
const text = lines.join('\n');
console.log(`\n${text}`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(`${RESULTS}seeds.md`, text);
console.log('written to bench/results/seeds.md');
