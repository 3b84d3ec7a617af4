/**
 * The README's API reference, generated from dist/custom-elements.json (itself generated
 * from the classes' JSDoc by `npm run build`), between `<!-- api:start -->` and
 * `<!-- api:end -->`.
 *
 *   npm run docs            rewrite the block
 *   npm run docs -- --check exit 1 when the README is out of date (test/node/repo/docs.test.ts)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ELEMENTS, root } from './entries.js';

export const START = '<!-- api:start -->';
export const END = '<!-- api:end -->';

interface Named {
  name: string;
  description?: string;
  summary?: string;
  type?: { text?: string };
  default?: string;
}
interface Member extends Named {
  kind: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
  attribute?: string;
}
interface Attribute extends Named {
  fieldName?: string;
}
interface Declaration extends Named {
  kind: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: Attribute[];
  members?: Member[];
  events?: Named[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}
export interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

/** Table cells hold one line; a `|` would end the cell. */
const cell = (value: string | undefined) =>
  (value ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
const code = (value: string | undefined) => (value ? `\`${cell(value).replace(/`/g, '')}\`` : '');

/** A Markdown table; a column with no value in any row is left out. */
function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const keep = head.map((_, i) => i === 0 || rows.some((row) => row[i]));
  const line = (cells: string[]) => `| ${cells.filter((_, i) => keep[i]).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function section(title: string, body: string): string {
  return body ? `#### ${title}\n\n${body}\n` : '';
}

function element(d: Declaration): string {
  const attributes = d.attributes ?? [];
  const withAttribute = new Set(attributes.map((a) => a.fieldName).filter(Boolean));
  const properties = (d.members ?? []).filter(
    (m) =>
      m.kind === 'field' &&
      !m.static &&
      (m.privacy === undefined || m.privacy === 'public') &&
      !m.name.startsWith('_') &&
      !m.name.startsWith('#') &&
      !withAttribute.has(m.name) &&
      m.description,
  );
  const summary = cell((d.summary ?? d.description ?? '').split(/\n\s*\n/)[0]);
  return [
    `### \`<${d.tagName}>\`\n`,
    summary ? `${summary}\n` : '',
    section(
      'Attributes',
      table(
        ['Attribute', 'Property', 'Type', 'Default', 'Description'],
        attributes.map((a) => [code(a.name), code(a.fieldName), code(a.type?.text), code(a.default), cell(a.description)]),
      ),
    ),
    section(
      'Properties (no attribute)',
      table(
        ['Property', 'Type', 'Default', 'Description'],
        properties.map((p) => [code(p.name), code(p.type?.text), code(p.default), cell(p.description)]),
      ),
    ),
    section(
      'Events',
      table(
        ['Event', 'Type', 'Description'],
        (d.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
      ),
    ),
    section(
      'Slots',
      table(['Slot', 'Description'], (d.slots ?? []).map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)])),
    ),
    section('CSS parts', table(['Part', 'Description'], (d.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]))),
    section(
      'CSS custom properties',
      table(
        ['Property', 'Default', 'Description'],
        (d.cssProperties ?? []).map((p) => [code(p.name), code(p.default), cell(p.description)]),
      ),
    ),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The generated block, markers included, elements in the README's order. */
export function apiBlock(manifest: Manifest): string {
  const declarations = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
  const parts = ELEMENTS.map((tag) => {
    const d = declarations.find((x) => x.tagName === tag);
    return d ? element(d) : `### \`<${tag}>\`\n\nNot in custom-elements.json: the element has not been built.\n`;
  });
  return `${START}\n<!-- Generated from dist/custom-elements.json by \`npm run docs\`; edit the JSDoc, not this block. -->\n\n${parts.join('\n')}${END}`;
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(root, 'dist', 'custom-elements.json'), 'utf8')) as Manifest;
}

/** The README with its API block replaced. */
export function withApi(readme: string, manifest: Manifest): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`);
  return readme.slice(0, start) + apiBlock(manifest) + readme.slice(end + END.length);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = join(root, 'README.md');
  const readme = readFileSync(file, 'utf8');
  const next = withApi(readme, readManifest());
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md: the API tables differ from dist/custom-elements.json; run `npm run build && npm run docs`.');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(file, next);
    console.log('README.md: API tables updated.');
  }
}
