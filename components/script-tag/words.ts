import { registerStrings } from '../shared/registry.js';

/**
 * Registers the words of a locale file of the script tag for `lang`. The build ships them
 * without their keys (`positionalWords` in vite.config.ts): the values alone, in the order of
 * the keys of the element file's English table, every key given a word, which is read back here. On the dev server a
 * locale file is its source, an object, and is registered as it is.
 */
export function registerWords(english: object, lang: string, words: unknown): void {
  const keys = Object.keys(english);
  registerStrings(lang, Array.isArray(words) ? Object.fromEntries(words.map((word: unknown, i) => [keys[i], word])) : (words as object));
}
