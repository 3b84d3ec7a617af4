export { buildEngine, buildEngineSync, maxTypos, BOOST } from './engine.js';
export type { SearchEngine, Hit, Results, QueryOptions, BuildOptions, SearchEntry } from './engine.js';
export { highlight, type Segment } from './highlight.js';
export { fold, tokenize, bigrams, isCjk } from './text.js';
