/**
 * hub-kit's relevance in Node, kind by kind, and the queries it misses: what to read before
 * changing a rule. `tsx bench/misses.ts docs,posts,generated:50000 [kind,…] [seed,…]`
 * prints hit@1 / hit@3 per kind and, for the kinds named, each query missed at 1 with the
 * rank of its entry and the titles ranked above it.
 */
import { KINDS, docsCorpus, generatedCorpus, postsCorpus, realCorpus, type Corpus } from './corpus.js';
import { buildEngineSync } from '../src/search/engine.js';

const [which = 'docs', kinds = '', seeds = '20260101'] = process.argv.slice(2);
const make: Record<string, (seed: number, size: number) => Corpus> = {
  docs: (seed) => docsCorpus(seed),
  posts: (seed) => postsCorpus(seed),
  'web-features': (seed) => realCorpus(seed),
  generated: (seed, size) => generatedCorpus(size, seed),
};
for (const name of which.split(',')) {
  const [key, size] = name.split(':');
  for (const seed of seeds.split(',').map(Number)) {
    const corpus = make[key!]!(seed, Number(size ?? 1000));
    const engine = buildEngineSync(corpus.entries);
    const cells: string[] = [];
    const notes: string[] = [];
    let all = 0;
    let right = 0;
    for (const kind of KINDS) {
      let hit1 = 0;
      let hit3 = 0;
      for (const { q, targets } of corpus.queries[kind]) {
        const hits = engine.search(q, { limit: 10 }).hits;
        const ids = hits.map((h) => h.entry.id);
        if (!targets.length) {
          hit1 += +!ids.length;
          hit3 += +!ids.length;
          if (ids.length && kinds.includes(kind)) notes.push(`  ${kind} "${q}" answered: ${hits.slice(0, 3).map((h) => h.entry.title).join(' | ')}`);
          continue;
        }
        all++;
        const rank = ids.findIndex((id) => targets.includes(id));
        if (rank === 0) hit1++, right++;
        if (rank >= 0 && rank < 3) hit3++;
        if (rank !== 0 && kinds.split(',').includes(kind)) {
          const target = corpus.entries.find((e) => e.id === targets[0])!;
          notes.push(`  ${kind} "${q}" rank ${rank} want "${target.title}" [${target.content?.length ?? 0}] got: ${hits.slice(0, 3).map((h) => `"${h.entry.title}"`).join(' | ')}`);
        }
      }
      const n = corpus.queries[kind].length || 1;
      cells.push(`${kind} ${(hit1 / n).toFixed(2)}/${(hit3 / n).toFixed(2)}`);
    }
    console.log(`${corpus.name}, seed ${seed}: overall ${(right / all).toFixed(3)}; ${cells.join(', ')}`);
    for (const note of notes) console.log(note);
  }
}
