import type { Mutation } from './types.js';

/** The search engine's rules for short posts (docs/search.md), and what `<hub-search>` shows for an untitled entry. */
export default [
  {
    promise: 'a short post is found by a word past its excerpt, as by a word in it',
    file: 'src/search/engine.ts',
    find: ' && lengths[doc * 4 + 3]! > LONG',
    replace: '',
    tests: ['test/node/src/search/search.test.ts'],
    grep: 'only in a short content',
  },
  {
    promise: 'a 4-letter word typed with a letter changed or dropped still finds its posts',
    file: 'src/search/engine.ts',
    find: "if (/^\\D{4}$/.test(term)) yield* walkInSteps(sorted, has, term, 1, false, (word, cost) => word.length > 3 && offer(word, TYPO_WEIGHT, cost));",
    replace: '',
    tests: ['test/node/src/search/search.test.ts'],
    grep: '4-letter word forgives one slip',
  },
  {
    promise: 'a slip in a 4-letter word never makes it a 3-letter word ("form" is not "for")',
    file: 'src/search/engine.ts',
    find: 'word.length > 3 && offer(word, TYPO_WEIGHT, cost)',
    replace: 'offer(word, TYPO_WEIGHT, cost)',
    tests: ['test/node/src/search/search.test.ts'],
    grep: '4-letter word forgives one slip',
  },
  {
    promise: 'a plural is formed the English way: "bates" does not find "BAT"',
    file: 'src/search/fuzzy.ts',
    find: 'if (/(s|x|z|ch|sh)es$/.test(term))',
    replace: "if (term.endsWith('es'))",
    tests: ['test/node/src/search/search.test.ts'],
    grep: 'other number is formed the English way',
  },
  {
    promise: 'a word as typed comes before its other number in a title: an untitled post is not ranked below titled ones for lack of a title',
    file: 'src/search/engine.ts',
    find: 'forms[doc]! -= +(termForm[doc] === 2) << 6;',
    replace: '',
    tests: ['test/node/src/search/search.test.ts'],
    grep: 'word found as typed comes before its other number',
  },
  {
    promise: 'a remembered phrase finds the post that has it, before posts with the same words apart',
    file: 'src/search/engine.ts',
    find: 'for (; pairs; pairs &= pairs - 1) forms[doc]!++;',
    replace: '',
    tests: ['test/node/src/search/search.test.ts'],
    grep: 'side by side',
  },
  {
    promise: 'an untitled post is listed with a readable line: its excerpt in the title\'s place',
    file: 'components/hub-search/result.ts',
    find: "highlight(title || excerpt || '', terms)",
    replace: 'highlight(title, terms)',
    tests: ['test/browser/components/hub-search/hub-search-content.test.ts'],
    grep: 'untitled',
  },
] satisfies Mutation[];
