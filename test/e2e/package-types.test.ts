/**
 * The types the README and the docs name can be imported from the entries they belong to,
 * by a project that installed the packed package: `import type { FormSuccessDetail } from
 * 'hub-kit'` and the like, type-checked by TypeScript in a new folder, under both
 * `moduleResolution: "bundler"` and `"nodenext"`.
 *
 * The table below says which entry exports which name; a test reads every type-like name
 * in backquotes in README.md and docs/ (`FormState`, `CustomEvent<FormSuccessDetail>`) and
 * fails on one the table does not list, so a name the docs start using is checked too.
 *
 *   node --import tsx --test test/e2e/package-types.test.ts     (after `npm run build`)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/entries.js';
import { installPacked, type Installed } from '../support/packed.js';

const ERRORS = ['HubError', 'ConfigError', 'HttpError', 'NetworkError', 'RateLimitedError', 'UnexpectedResponseError', 'ValidationError'];

/** Entry -> the names it exports that the docs use (the README's tables: `hub-kit`, beside the classes). */
const EXPORTS: Record<string, string[]> = {
  'hub-kit': [
    'SignupForm',
    'ContactForm',
    'HubSearch',
    'BioCard',
    'FormStrings',
    'HubKitStrings',
    'SearchStrings',
    'CardStrings',
    'Plural',
    'FormState',
    'FormSubmitDetail',
    'FormSuccessDetail',
    'FormErrorDetail',
    'FormQueuedDetail',
    'BioCardVariant',
    'BioCardState',
    'BioCardLoadDetail',
    'BioCardErrorDetail',
    'BioCardPresenceDetail',
    'HubSearchState',
    'HubSearchReadyDetail',
    'HubSearchResultsDetail',
    'HubSearchSelectDetail',
    'HubSearchErrorDetail',
  ],
  'hub-kit/client': ERRORS,
  'hub-kit/server': ['HubApi', 'UnauthenticatedError', ...ERRORS],
  'hub-kit/stand-in': ['TenantData'],
};

/** The platform's names, which the docs use too. */
const PLATFORM = new Set(['CustomEvent', 'GlobalEventHandlersEventMap', 'MessageChannel', 'Partial']);

function docs(): Array<[string, string]> {
  const files = ['README.md', ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];
  return files.map((file) => [file, readFileSync(join(root, file), 'utf8')]);
}

test('every type the README and the docs name is one the table checks', () => {
  const listed = new Set(Object.values(EXPORTS).flat());
  const unknown: string[] = [];
  for (const [file, text] of docs()) {
    for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
      // `FormState`, or the names in `CustomEvent<FormSuccessDetail>` / `Partial<FormStrings>`.
      const whole = /^(?:[A-Z][a-z]+){2,}$/.test(token!) ? [token!] : /^\w+<(?:[A-Z][a-z]+){2,}>$/.test(token!) ? token!.split(/[<>]/).filter(Boolean) : [];
      for (const name of whole) if (!listed.has(name) && !PLATFORM.has(name)) unknown.push(`${file}: ${name}`);
    }
  }
  assert.deepEqual(unknown, [], 'names the docs use that no entry is checked for (add them to EXPORTS, and export them)');
});

let project: Installed;

before(() => {
  project = installPacked('hub-kit-types-');
  execFileSync('npm', ['install', '--prefer-offline', '--no-package-lock', 'typescript@5'], {
    cwd: project.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
    timeout: 300_000,
  });
  const lines: string[] = [];
  // Each entry's names under aliases of their own: two entries export the same error classes.
  Object.entries(EXPORTS).forEach(([entry, names], i) => {
    lines.push(`import type { ${names.map((n) => `${n} as ${n}_${i}`).join(', ')} } from '${entry}';`);
    const used = names.map((n) => (/Error$|^(SignupForm|ContactForm|HubSearch|BioCard|HubApi)$/.test(n) ? `InstanceType<typeof ${n}_${i}>` : `${n}_${i}`));
    lines.push(`export type Used${i} = [${used.join(', ')}];`);
  });
  lines.push("export const detail = (e: CustomEvent<import('hub-kit').FormSuccessDetail>) => e.detail.data.email;");
  writeFileSync(join(project.dir, 'check.ts'), `${lines.join('\n')}\n`);
});

after(() => project?.remove());

for (const resolution of ['bundler', 'nodenext'] as const) {
  test(`every named type imports from its entry (moduleResolution ${resolution})`, () => {
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: resolution === 'bundler' ? 'ESNext' : 'NodeNext',
        moduleResolution: resolution,
        types: [],
        skipLibCheck: true,
      },
      files: ['check.ts'],
    };
    writeFileSync(join(project.dir, `tsconfig.${resolution}.json`), JSON.stringify(config, null, 2));
    try {
      execFileSync(process.execPath, [join(project.dir, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${resolution}.json`], {
        cwd: project.dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      assert.fail(`tsc:\n${(error as { stdout?: string }).stdout ?? error}`);
    }
  });
}
