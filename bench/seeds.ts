/**
 * `npm run bench -- seeds`: relevance only, in Node, with five seeds (BENCH_SEEDS=a,b,… for
 * others), on the real-text corpus and the generated one at 1k and 10k entries. A seed
 * changes the generated entries and which titles and edits every query is made from, so a
 * rule that only suited one fixed set of queries would show here. Timings are left to the
 * browser run; 50k is left out to keep this within minutes on two cores.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { KINDS, KIND_NAMES, generatedCorpus, realCorpus, type Corpus } from './corpus.js';
import { ENGINES, evaluate, type Relevance } from './engines.js';
import { RESULTS, behind, f2, overallHit1 } from './report.js';

/** Five seeds other than the browser run's default, so this checks queries the rules were not looked at against. */
const SEEDS = (process.env.BENCH_SEEDS ?? '101,202,303,404,505').split(',').map(Number);
const SIZES = (process.env.BENCH_SEED_SIZES ?? '1000,10000').split(',').map(Number);
/** As in the browser run: Fuse.js scans every entry per query. */
const FUSE_MAX_ENTRIES = 5000;

type Scores = Map<string, Relevance>;

const corpora: Array<[label: string, make: (seed: number) => Corpus]> = [
  ['web-features', (seed) => realCorpus(seed)],
  ...SIZES.map((size) => [`generated, ${size.toLocaleString('en')}`, (seed: number) => generatedCorpus(size, seed)] as [string, (seed: number) => Corpus]),
];

const started = performance.now();
const all = new Map<string, Map<number, Scores>>();
for (const [label, make] of corpora) {
  const bySeed = new Map<number, Scores>();
  for (const seed of SEEDS) {
    const corpus = make(seed);
    const scores: Scores = new Map();
    for (const [name, build] of Object.entries(ENGINES)) {
      if (name === 'Fuse.js' && corpus.entries.length > FUSE_MAX_ENTRIES) continue;
      const search = await build(corpus.entries);
      scores.set(name, (await evaluate(search, corpus.queries)).relevance);
    }
    bySeed.set(seed, scores);
    const hub = scores.get('hub-kit')!;
    console.log(`${label}, seed ${seed}: hub-kit hit@1 ${f2(overallHit1(hub))}, ${KINDS.map((k) => `${k} ${f2(hub[k].hit1)}/${f2(hub[k].hit3)}`).join(', ')}`);
  }
  all.set(label, bySeed);
}

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
