/**
 * The bench's corpora, each with its queries (made by ./queries.ts).
 *
 * Three corpora: one generated from a seed at 1k, 10k and 50k entries (mostly English, with
 * French typed with or without accents, and Chinese and Japanese, which the kit promises to
 * search); one of real short text: the web platform features of the `web-features` package
 * (names and descriptions) with the CSS properties, HTML elements, HTTP headers, APIs and so
 * on that they list, titled as MDN titles them ("padding-top", "<dialog>", ":hover"); and one
 * of real long-form prose in five languages: Electron's documentation as the
 * `electron-i18n` package ships it translated (English, French, Spanish, German and
 * Portuguese), each page an entry with its title, an excerpt, two tags and its whole text
 * as `content`.
 *
 * Queries are made by ./queries.ts, with its own idea of a word (letters and digits,
 * lower-cased): never with hub-kit's tokenizer, so the engine under test does not decide
 * what its own queries look like. Every engine gets the same queries.
 */
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Faker, base, en, fr, ja, zh_CN } from '@faker-js/faker';
import type { SearchEntry } from '../src/api/schema.js';
import type { Kind, Query } from './kinds.js';
import { PER_KIND, deaccent, makeQueries, random, words } from './queries.js';

export { KINDS, KIND_NAMES, type Kind, type Query } from './kinds.js';
export { makeQueries, PER_KIND } from './queries.js';

export interface Corpus {
  name: string;
  entries: SearchEntry[];
  queries: Record<Kind, Query[]>;
}

export const DEFAULT_SEED = 20260101;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---- the generated corpus ------------------------------------------------------------

function generatedEntries(size: number, seed: number): SearchEntry[] {
  const make = (locale: typeof en[]) => new Faker({ locale: [...locale, base] });
  const english = make([en]);
  const french = make([fr, en]);
  const japanese = make([ja, en]);
  const chinese = make([zh_CN, en]);
  for (const f of [english, french, japanese, chinese]) f.seed(seed + size);
  const faker = english;
  const title = (i: number): string => {
    const roll = faker.number.float();
    if (roll < 0.05) return `${french.location.city()} : ${french.word.adjective()} ${french.word.noun()}`;
    if (roll < 0.08) {
      return i % 2 ? `${chinese.location.city()}${chinese.company.name()}` : japanese.lorem.sentence().replace(/\s+/g, '');
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
  };
  const out: SearchEntry[] = [];
  for (let i = 0; i < size; i++) {
    out.push({
      id: `e${i}`,
      type: faker.helpers.arrayElement(['post', 'page', 'episode', 'resource', 'video']),
      title: title(i),
      url: `https://example.com/p/${i}`,
      excerpt: `${faker.hacker.phrase()} ${faker.word.words(14)}`,
      tags: faker.helpers.multiple(() => faker.word.noun(), { count: { min: 1, max: 3 } }),
      published_at: faker.date.past({ years: 5, refDate: '2026-01-01T00:00:00Z' }).toISOString(),
    });
  }
  return out;
}

// ---- the real corpus -----------------------------------------------------------------

interface WebFeature {
  kind: string;
  name: string;
  description: string;
  group?: string[];
  compat_features?: string[];
}

/** How MDN titles a reference page, by the compat key's area. */
const REFERENCE: Record<string, [label: string, title: (name: string) => string]> = {
  'css.properties': ['CSS property', (n) => n],
  'css.types': ['CSS type', (n) => `<${n}>`],
  'css.selectors': ['CSS selector', (n) => `:${n}`],
  'css.at-rules': ['CSS at-rule', (n) => `@${n}`],
  'html.elements': ['HTML element', (n) => `<${n}>`],
  'html.global_attributes': ['HTML attribute', (n) => n],
  'http.headers': ['HTTP header', (n) => n],
  'javascript.builtins': ['JavaScript built-in', (n) => n],
  'svg.elements': ['SVG element', (n) => `<${n}>`],
  api: ['Web API', (n) => n],
};

let real: SearchEntry[] | undefined;

/** The web platform's features and the reference pages they list: a few thousand real titles and descriptions. */
export function realEntries(): SearchEntry[] {
  if (real) return real;
  const path = createRequire(import.meta.url).resolve('web-features/data.json');
  const data = JSON.parse(readFileSync(path, 'utf8')) as { features: Record<string, WebFeature>; groups: Record<string, { name: string }> };
  const out: SearchEntry[] = [];
  const pages = new Map<string, SearchEntry>();
  for (const [key, feature] of Object.entries(data.features)) {
    if (feature.kind !== 'feature') continue;
    const groups = (feature.group ?? []).map((g) => data.groups[g]?.name ?? g);
    out.push({ id: `feature:${key}`, type: 'feature', title: feature.name, url: `https://example.com/features/${key}`, excerpt: feature.description, tags: groups });
    for (const compat of feature.compat_features ?? []) {
      const parts = compat.split('.');
      const area = parts[0] === 'api' ? 'api' : parts.slice(0, 2).join('.');
      const name = parts[0] === 'api' ? parts[1] : parts[2];
      const reference = REFERENCE[area];
      if (!reference || !name) continue;
      const id = `${area}.${name}`;
      if (pages.has(id)) continue;
      const [label, title] = reference;
      const page: SearchEntry = { id, type: 'reference', title: title(name), url: `https://example.com/reference/${id}`, excerpt: feature.description, tags: [label, feature.name] };
      pages.set(id, page);
      out.push(page);
    }
  }
  return (real = out);
}

// ---- the long-form corpus -------------------------------------------------------------

interface ElectronDoc {
  title: string;
  description: string;
  categoryFancy?: string;
  html: string;
}

/** The five languages of the docs corpus, by the package's locale, with the name a tag gives them. */
const LOCALES: Record<string, string> = { 'en-US': 'English', 'fr-FR': 'Français', 'es-ES': 'Español', 'de-DE': 'Deutsch', 'pt-BR': 'Português' };
/** Excerpts as a Hub sends them: a paragraph's first sentences, up to this many characters. */
const EXCERPT_CHARS = 280;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** HTML to plain text: code blocks dropped (a post's prose is what a reader remembers), tags removed, entities decoded. */
function plainText(html: string): string {
  return html
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, code: string) =>
      code[0] === '#' ? String.fromCodePoint(parseInt(code.slice(code[1] === 'x' ? 2 : 1), code[1] === 'x' ? 16 : 10)) : (ENTITIES[code] ?? whole),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts `text` to at most `max` characters at a word boundary. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = text.lastIndexOf(' ', max);
  return `${text.slice(0, end > 0 ? end : max)} …`;
}

let docs: SearchEntry[] | undefined;

/** Electron's documentation in five languages: about a thousand pages of real prose, each with its whole text. */
export function docsEntries(): SearchEntry[] {
  if (docs) return docs;
  const path = createRequire(import.meta.url).resolve('electron-i18n/dist/docs.json');
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, ElectronDoc>>;
  const out: SearchEntry[] = [];
  for (const [locale, language] of Object.entries(LOCALES)) {
    for (const [href, doc] of Object.entries(data[locale] ?? {})) {
      const title = plainText(doc.title);
      // The page's text without its <h1>, which is the title.
      const html = doc.html.replace(/^\s*<h1[\s\S]*?<\/h1>/, '');
      const content = plainText(html);
      const first = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1];
      // Its description, else its first paragraph, else its first words (a page of lists).
      const excerpt = cut(plainText(doc.description || first || '') || content, EXCERPT_CHARS);
      if (!title || !content) continue;
      out.push({
        id: `${locale}:${href}`,
        type: 'doc',
        title,
        url: `https://example.com/${locale}${href}`,
        excerpt,
        tags: [doc.categoryFancy ?? 'Docs', language],
        content,
      });
    }
  }
  return (docs = out);
}

// ---- the short-post corpus -----------------------------------------------------------

/**
 * Where Debian's fortune packages put their cookies: `fortunes` (English, BSD licence),
 * `fortunes-de` (German), `fortunes-it` (Italian) and `fortunes-es` (Spanish), collections of
 * quotations, sayings and jokes that their copyright files declare free to redistribute (GPL,
 * BSD, or "consider this package public domain"). The bench reads them where they are
 * installed and ships none of their text.
 */
export const FORTUNES = '/usr/share/games/fortunes';
export const FORTUNE_PACKAGES = 'fortunes fortunes-de fortunes-it fortunes-es';
/** Posts taken per language, and the share of them without a title. */
const POSTS: Record<string, number> = { en: 4000, de: 3000, it: 2000, es: 2000 };
const UNTITLED = 0.1;
/** A post is short: its text at most this many characters. */
const POST_CHARS = 200;
/** Excerpts as a site with short posts sends them: the first 160 characters of the text. */
const POST_EXCERPT = 160;
/** Files that are pictures drawn in letters, or a collection's earlier copy, not posts. */
const NOT_POSTS = /^(ascii-?art|banner|translate-me|varios\.fortunes-pre)$/;

let posts: SearchEntry[] | undefined;

/** The cookies of one file: their text, and their attribution's name when they have one. */
function cookies(path: string): Array<{ text: string; by: string }> {
  return readFileSync(path, 'utf8')
    .split(/\r?\n%\r?\n/)
    .map((cookie) => {
      // Overstruck letters (x backspace x) and other control codes, as some files have.
      const clean = cookie.replace(/.\x08/g, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
      const at = /\n\s*-{2,3}\s*([^\n]+)[\s\S]*$/.exec(clean);
      const text = (at ? clean.slice(0, at.index) : clean).replace(/\s+/g, ' ').trim();
      // The name alone, as a post about it would be titled: "Pierre Abélard (Logica …)" is
      // "Pierre Abélard", "Marco Tulio Cicerón. (106-43 A.C.) Escritor" is "Marco Tulio Cicerón".
      const by = (at?.[1] ?? '').split(/\s*[(,;:"«]|\s-+\s/)[0]!.replace(/[.\s]+$/, '').trim();
      return { text, by: by.length <= 40 ? by : '' };
    })
    .filter((c) => c.text.length >= 20 && c.text.length <= POST_CHARS);
}

/**
 * About 11 000 short posts in four languages, as a creator's site of quotes and notes has
 * them: each a cookie of Debian's fortune packages, its text as the content (at most 200
 * characters) and its first 160 characters as the excerpt, titled with its author's name
 * (so that titles repeat: a hundred quotes of one author) or, for a tenth, untitled (an empty
 * title), tagged with the name of the collection it comes from ("computers", "zitate",
 * "italia", "refranes"). The same posts whatever the seed, as with the other real corpora.
 */
export function postsEntries(): SearchEntry[] {
  if (posts) return posts;
  if (!existsSync(`${FORTUNES}/de`) || !existsSync(`${FORTUNES}/it`) || !existsSync(`${FORTUNES}/es`) || !existsSync(`${FORTUNES}/people`)) {
    throw new Error(`The short-post corpus reads Debian's fortune packages: apt-get install ${FORTUNE_PACKAGES}`);
  }
  const rand = random(29);
  const out: SearchEntry[] = [];
  const seen = new Set<string>();
  for (const [lang, wanted] of Object.entries(POSTS)) {
    const dir = lang === 'en' ? FORTUNES : `${FORTUNES}/${lang}`;
    const titled: SearchEntry[] = [];
    const untitled: SearchEntry[] = [];
    for (const file of readdirSync(dir).sort()) {
      const path = `${dir}/${file}`;
      // English lies beside the other languages' folders and links into them: its own files only.
      if (/\.(dat|u8)$/.test(file) || NOT_POSTS.test(file) || !lstatSync(path).isFile()) continue;
      const tag = file.replace(/\.fortunes$/, '');
      cookies(path).forEach(({ text, by }, n) => {
        if (seen.has(text)) return;
        seen.add(text);
        const entry: SearchEntry = { id: `${lang}:${tag}:${n}`, type: 'post', title: by, url: `https://example.com/${lang}/${tag}/${n}`, excerpt: cut(text, POST_EXCERPT), tags: [tag], content: text };
        (by ? titled : untitled).push(entry);
      });
    }
    const blank = Math.round(wanted * UNTITLED);
    out.push(...sample(titled, wanted - blank), ...sample(untitled, blank));
  }
  // Posts of every language mixed, as a site lists them.
  return (posts = sample(out, out.length));

  /** `count` of `list` at random, by a generator of fixed seed: the same posts on every run. */
  function sample(list: SearchEntry[], count: number) {
    for (let i = 0; i < Math.min(count, list.length); i++) {
      const j = i + Math.floor(rand() * (list.length - i));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list.slice(0, count);
  }
}

export function postsCorpus(seed = DEFAULT_SEED, perKind = PER_KIND): Corpus {
  const entries = postsEntries();
  return { name: `short posts in 4 languages, ${entries.length.toLocaleString('en')} entries`, entries, queries: makeQueries(entries, seed, perKind) };
}

export function generatedCorpus(size: number, seed = DEFAULT_SEED, perKind = PER_KIND): Corpus {
  const entries = generatedEntries(size, seed);
  return { name: `generated, ${size.toLocaleString('en')} entries`, entries, queries: makeQueries(entries, seed, perKind) };
}

export function docsCorpus(seed = DEFAULT_SEED, perKind = PER_KIND): Corpus {
  const entries = docsEntries();
  return {
    name: `Electron docs in 5 languages, ${entries.length.toLocaleString('en')} entries`,
    entries,
    queries: makeQueries(entries, seed, perKind),
  };
}

export function realCorpus(seed = DEFAULT_SEED, perKind = PER_KIND): Corpus {
  const entries = realEntries();
  return {
    name: `web-features, ${entries.length.toLocaleString('en')} entries`,
    entries,
    queries: makeQueries(entries, seed, perKind),
  };
}
