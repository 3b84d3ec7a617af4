/**
 * The locale tables the kit ships (components/shared/locales/): each has exactly the keys of
 * the English table (none missing, none extra, the same kinds of error words), the same
 * placeholders, plural forms its language has, and its language's typography. Importing a
 * locale registers it.
 *
 *   node --import tsx --test test/node/components/shared/locales.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../../../../scripts/entries.js';
import { registry } from '../../../../components/shared/registry.js';
import fc from 'fast-check';
import { CARD_EN, FORM_EN, SEARCH_EN, plural, type HubKitStrings } from '../../../../components/shared/strings.js';

const ENGLISH: HubKitStrings = { ...FORM_EN, ...SEARCH_EN, ...CARD_EN };
const localesDir = join(import.meta.dirname, '../../../../components/shared/locales');

/** Each locale's table, by language, as its module exports it (under the language's name). */
const tables = new Map<string, HubKitStrings>();
for (const lang of LOCALES) {
  const module = (await import(join(localesDir, `${lang}.ts`))) as Record<string, HubKitStrings>;
  tables.set(lang, module[lang]!);
}

/** Every string of a table, under a path: `searchErrors.config`, `moreLinks.one`. */
function strings(table: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [path, text] of strings(value as object, `${prefix}${key}.`)) out.set(path, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const PLURALS = new Set(Object.keys(ENGLISH).filter((key) => 'other' in Object(ENGLISH[key as keyof HubKitStrings])));
const ERRORS = ['searchErrors', 'cardErrors'] as const;

test('the kit ships a locale file for every language scripts/entries.ts names, and no other', () => {
  const files = readdirSync(localesDir).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3));
  assert.deepEqual(files.sort(), [...LOCALES].sort());
});

for (const lang of LOCALES) {
  test(`${lang}: exactly the keys of the English table, none missing, none extra`, () => {
    const table = tables.get(lang)!;
    assert.ok(table, `components/shared/locales/${lang}.ts exports no \`${lang}\` table`);
    assert.deepEqual(Object.keys(table).sort(), Object.keys(ENGLISH).sort());
    for (const key of ERRORS) assert.deepEqual(Object.keys(table[key]).sort(), Object.keys(ENGLISH[key]).sort(), `${lang}.${key}`);
  });

  test(`${lang}: the plural forms of its language, and the placeholders of the English`, () => {
    const table = tables.get(lang)!;
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
    for (const key of PLURALS) {
      const forms = table[key as keyof HubKitStrings] as unknown as Record<string, string>;
      assert.equal(typeof forms.other, 'string', `${lang}.${key} has no "other" form`);
      for (const form of Object.keys(forms)) assert.ok(categories.includes(form), `${lang}.${key}.${form}: ${lang} has no such plural form`);
      // A language with a form for one (every one shipped) says it for one item, unless the words do not change.
      const english = ENGLISH[key as keyof HubKitStrings] as unknown as Record<string, string>;
      if (english.one) assert.ok(forms.one, `${lang}.${key} has no "one" form`);
    }
    const english = strings(ENGLISH);
    for (const [path, text] of strings(table)) {
      // The English of a plural form other than "one" and "other" is its "other".
      const source = english.get(path) ?? english.get(path.replace(/\.\w+$/, '.other'))!;
      assert.ok(source !== undefined, `${lang}: ${path} has no English`);
      assert.deepEqual(placeholders(text), placeholders(source), `${lang}.${path}: "${text}" has other placeholders than "${source}"`);
    }
  });

  test(`${lang}: importing the module registers the table`, () => {
    assert.deepEqual(registry().locales.get(lang), tables.get(lang));
  });
}

/** Typographic rules each language's strings follow, as a native speaker's UI text does. */
const TYPOGRAPHY: Record<string, Array<[RegExp, string]>> = {
  // A no-break space (U+00A0) before ":" and inside « », a narrow one (U+202F) before ! ? ;.
  fr: [
    [/[^\u00a0]:/, 'a colon without a no-break space before it'],
    [/[^\u202f][!?;]/, '"!", "?" or ";" without a narrow no-break space before it'],
    [/«(?!\u00a0)|(?<!\u00a0)»/, '« » without no-break spaces inside'],
    [/[“”"]/, 'quotation marks other than « »'],
  ],
  // „…“ quotation marks.
  de: [[/[”"«»]|„(?![^“]*“)|(?<!„[^“]*)“/, 'quotation marks other than „…“']],
  // Opening ¡ and ¿ for every ! and ?; « » quotation marks.
  es: [[/[“”"]/, 'quotation marks other than « »']],
};

for (const lang of LOCALES) {
  test(`${lang}: its language's typography (apostrophes, ellipses, quotation marks, spaces)`, () => {
    for (const [path, text] of strings(tables.get(lang)!)) {
      assert.doesNotMatch(text, /'/, `${lang}.${path}: a straight apostrophe in "${text}" (’)`);
      assert.doesNotMatch(text, /\.\.\./, `${lang}.${path}: three dots in "${text}" (…)`);
      assert.doesNotMatch(text, / {2}|^ | $/, `${lang}.${path}: stray spaces in "${text}"`);
      for (const [rule, what] of TYPOGRAPHY[lang] ?? []) assert.doesNotMatch(text, rule, `${lang}.${path}: ${what} in "${text}"`);
      if (lang === 'es') {
        const count = (re: RegExp) => text.match(re)?.length ?? 0;
        assert.equal(count(/¡/g), count(/!/g), `es.${path}: every "!" needs its "¡" in "${text}"`);
        assert.equal(count(/¿/g), count(/\?/g), `es.${path}: every "?" needs its "¿" in "${text}"`);
      }
    }
  });
}

test('the English table: typographic apostrophes and ellipses, and the placeholders the elements fill', () => {
  for (const [path, text] of strings(ENGLISH)) {
    assert.doesNotMatch(text, /'|\.\.\./, `${path}: "${text}"`);
  }
  assert.deepEqual(placeholders(ENGLISH.searchNoResults), ['query']);
  assert.deepEqual(placeholders(ENGLISH.about), ['name']);
  for (const key of PLURALS) {
    for (const text of Object.values(ENGLISH[key as keyof HubKitStrings] as unknown as Record<string, string>)) {
      assert.deepEqual(placeholders(text), ['count'], `${key}: "${text}"`);
    }
  }
});

test('a count is written in the digits toLocaleString gives, in the kit\'s languages and others, without asking it where the kit knows them', () => {
  const words = { one: '{count}', other: '{count}' };
  fc.assert(
    fc.property(fc.oneof(fc.nat(2_000_000_000), fc.integer({ min: 990, max: 12_000 }), fc.integer({ min: -5000, max: 5000 })), fc.constantFrom('en', 'de', 'es', 'fr', 'EN', 'fr-CA', 'de-CH', 'en-IN', 'es-MX', 'ar-EG', 'hi'), (count, lang) => {
      assert.equal(plural(words, count, lang), count.toLocaleString(lang), `${count} in ${lang}`);
    }),
    { numRuns: 2000 },
  );
});
