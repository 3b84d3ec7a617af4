/**
 * The bench's corpora and query sets, generated from a fixed seed so every run measures
 * the same entries and the same queries. Mostly English, with French (accents typed or
 * left out, as visitors do) and Chinese or Japanese entries, because the kit promises
 * those are searchable too.
 */
import { faker, fakerFR, fakerJA, fakerZH_CN } from '@faker-js/faker';
import type { SearchEntry } from '../src/api/schema.js';

export type QuerySet = 'exact' | 'typo' | 'prefix' | 'none';
export const QUERY_SETS: QuerySet[] = ['exact', 'typo', 'prefix', 'none'];

export interface Query {
  q: string;
  /** The entry that should come first; undefined for the no-match set (nothing should come). */
  target?: string;
}

export interface Corpus {
  size: number;
  entries: SearchEntry[];
  queries: Record<QuerySet, Query[]>;
}

const TYPES = ['post', 'page', 'episode', 'resource', 'video'];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const words = (text: string) => text.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
const deaccent = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const isCjkText = (s: string) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(s);

function title(i: number): string {
  const roll = faker.number.float();
  if (roll < 0.05) return `${fakerFR.location.city()} : ${fakerFR.word.adjective()} ${fakerFR.word.noun()}`;
  if (roll < 0.08) {
    return i % 2
      ? `${fakerZH_CN.location.city()}${fakerZH_CN.company.name()}`
      : fakerJA.lorem.sentence().replace(/\s+/g, '');
  }
  switch (faker.number.int(3)) {
    case 0:
      return `${cap(faker.word.adjective())} ${faker.word.noun()} ${faker.word.noun()}`;
    case 1:
      return faker.company.catchPhrase();
    case 2:
      return `How to ${faker.word.verb()} the ${faker.word.adjective()} ${faker.word.noun()}`;
    default:
      return `${faker.person.firstName()} on ${faker.word.noun()} and ${faker.word.noun()}`;
  }
}

function entries(size: number): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (let i = 0; i < size; i++) {
    out.push({
      id: `e${i}`,
      type: faker.helpers.arrayElement(TYPES),
      title: title(i),
      url: `https://example.com/p/${i}`,
      excerpt: `${faker.hacker.phrase()} ${faker.word.words(14)}`,
      tags: faker.helpers.multiple(() => faker.word.noun(), { count: { min: 1, max: 3 } }),
      published_at: faker.date.past({ years: 5, refDate: '2026-01-01T00:00:00Z' }).toISOString(),
    });
  }
  return out;
}

/** The up-to-three longest words of a title, in title order: what someone remembers of it. */
function remembered(text: string): string[] {
  const list = words(text);
  const keep = new Set([...list].sort((a, b) => b.length - a.length).slice(0, 3));
  return list.filter((w) => keep.has(w)).slice(0, 3);
}

function typo(word: string): string {
  // Never the first letter: people rarely get that one wrong, and every engine tested
  // treats a typo anywhere the same way.
  const at = faker.number.int({ min: 1, max: word.length - 2 });
  const letter = faker.string.alpha({ casing: 'lower' });
  switch (faker.number.int(3)) {
    case 0:
      return word.slice(0, at) + letter + word.slice(at + 1); // substitution
    case 1:
      return word.slice(0, at) + word.slice(at + 1); // deletion
    case 2:
      return word.slice(0, at) + letter + word.slice(at); // insertion
    default:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2); // transposition
  }
}

function pseudoWord(): string {
  const syllables = ['zor', 'qua', 'vex', 'blim', 'trok', 'yul', 'fep', 'grax', 'wum', 'ksi', 'jho', 'plov'];
  return faker.helpers.multiple(() => faker.helpers.arrayElement(syllables), { count: 3 }).join('');
}

function queries(list: SearchEntry[], perSet: number): Record<QuerySet, Query[]> {
  const vocabulary = new Set(list.flatMap((e) => words(`${e.title} ${e.tags?.join(' ')} ${e.excerpt}`.toLowerCase())));
  const out: Record<QuerySet, Query[]> = { exact: [], typo: [], prefix: [], none: [] };
  let guard = 0;
  while ((out.exact.length < perSet || out.typo.length < perSet || out.prefix.length < perSet) && guard++ < perSet * 50) {
    const entry = faker.helpers.arrayElement(list);
    const text = entry.title;
    if (isCjkText(text)) {
      const chars = Array.from(text.replace(/[\s\p{P}]/gu, ''));
      if (chars.length < 4 || out.exact.length >= perSet) continue;
      const len = faker.number.int({ min: 2, max: 4 });
      const start = faker.number.int(chars.length - len);
      out.exact.push({ q: chars.slice(start, start + len).join(''), target: entry.id });
      continue;
    }
    let picked = remembered(text).map((w) => w.toLowerCase());
    // Half the accented queries are typed without their accents.
    if (faker.datatype.boolean()) picked = picked.map(deaccent);
    if (picked.length < 2) continue;
    if (out.exact.length < perSet) out.exact.push({ q: picked.join(' '), target: entry.id });
    const long = picked.findIndex((w) => w.length >= 5 && /^[a-z]+$/.test(w));
    if (long >= 0 && out.typo.length < perSet) {
      const q = picked.map((w, i) => (i === long ? typo(w) : w));
      out.typo.push({ q: q.join(' '), target: entry.id });
    }
    const last = picked[picked.length - 1]!;
    if (last.length >= 5 && out.prefix.length < perSet) {
      const cut = last.slice(0, Math.max(3, Math.ceil(last.length / 2)));
      out.prefix.push({ q: [...picked.slice(0, -1), cut].join(' '), target: entry.id });
    }
  }
  while (out.none.length < perSet) {
    const a = pseudoWord();
    const b = pseudoWord();
    if (!vocabulary.has(a) && !vocabulary.has(b)) out.none.push({ q: `${a} ${b}` });
  }
  return out;
}

export function corpus(size: number, perSet = 50, seed = 20260101): Corpus {
  for (const f of [faker, fakerFR, fakerJA, fakerZH_CN]) f.seed(seed + size);
  const list = entries(size);
  return { size, entries: list, queries: queries(list, perSet) };
}
