/**
 * The package's public entry points, in one place: the build, the size test and the
 * package test all read them from here, so they cannot drift apart.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Every element, by its default tag, which is also its folder and its subpath. */
export const ELEMENTS = ['signup-form', 'contact-form', 'hub-search', 'bio-card'] as const;
export type ElementName = (typeof ELEMENTS)[number];

/** The class each element's module exports. */
export const CLASSES: Record<ElementName, string> = {
  'signup-form': 'SignupForm',
  'contact-form': 'ContactForm',
  'hub-search': 'HubSearch',
  'bio-card': 'BioCard',
};

/** KB gzip, each define entry bundled alone with everything it needs, minified. */
export const BUDGETS_KB: Record<ElementName | 'hub-kit.js', number> = {
  'hub-kit.js': 32,
  'signup-form': 18,
  'contact-form': 18,
  'hub-search': 24,
  'bio-card': 16,
};

const exists = (path: string) => existsSync(join(root, path));

/**
 * esbuild entry points for the browser entries, keyed by their path in dist/ (no
 * extension). Elements whose sources have not landed are left out.
 */
export function browserEntries(): Record<string, string> {
  const entries: Record<string, string> = {
    index: join(root, 'components/index.ts'),
    client: join(root, 'src/client.ts'),
  };
  for (const name of ELEMENTS) {
    if (exists(`components/${name}/${name}.ts`)) entries[name] = join(root, `components/${name}/${name}.ts`);
    if (exists(`components/${name}/define.ts`)) entries[`${name}/define`] = join(root, `components/${name}/define.ts`);
  }
  return entries;
}

/** Message catalogues, when the forms ship any: components/shared/locales/<lang>.ts. */
export function localeEntries(): Record<string, string> {
  const dir = join(root, 'components/shared/locales');
  if (!existsSync(dir)) return {};
  const entries: Record<string, string> = {};
  for (const file of readdirSync(dir)) {
    if (/^[a-z]{2}(-[A-Za-z0-9]+)*\.ts$/.test(file)) entries[`locales/${file.replace(/\.ts$/, '')}`] = join(dir, file);
  }
  return entries;
}
