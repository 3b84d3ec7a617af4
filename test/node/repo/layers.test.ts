/**
 * The layers of docs/design.md, enforced: every import of src/, components/ and bin/ is read
 * with the TypeScript compiler (`import`, `import type`, `export … from`, `import()`, an
 * `import('…')` type and a `declare module '…'` augmentation alike), and
 *
 * - src/ imports nothing from components/, bin/ or lit;
 * - a controller (components/controllers/) imports only src/ and lit;
 * - an element (components/<element>/) never imports another, and components/shared/, which
 *   the elements build on, imports none; the entry points (components/index.ts and the
 *   script tag's components/script-tag/) gather the elements and may;
 * - bin/ imports nothing from components/;
 * - no import cycle, type-only imports included: a cycle of types is still two modules that
 *   cannot be understood, moved or tested one without the other;
 * - every relative import names a file that exists, so no edge goes unread.
 *
 * The second test runs the same reading on a small tree that breaks each rule, so a rule
 * that stopped seeing its violations would fail here too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { root } from '../../../scripts/entries.js';

const DESIGN = 'docs/design.md#layers';
const SCANNED = ['src', 'components', 'bin'];

interface Edge {
  from: string;
  /** The file imported, relative to the root with forward slashes; undefined for a package. */
  to: string | undefined;
  /** The specifier as written. */
  spec: string;
  typeOnly: boolean;
}

const posix = (path: string) => path.split(sep).join('/');

function sourceFiles(base: string): string[] {
  return SCANNED.filter((dir) => existsSync(join(base, dir)))
    .flatMap((dir) => readdirSync(join(base, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.m?tsx?$/.test(entry.name))
      .map((entry) => posix(relative(base, join(entry.parentPath, entry.name)))))
    .sort();
}

/** The file a relative specifier names, as a bundler and tsc read it (`./a.js` is a.ts). */
function resolveSpec(base: string, from: string, spec: string): string | undefined {
  const target = resolve(base, dirname(from), spec);
  const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.mjs$/, '.mts'), target, `${target}.ts`, join(target, 'index.ts')];
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile());
  return found && posix(relative(base, found));
}

/** Every import of one file, read by the TypeScript parser. */
function importsOf(base: string, file: string): Array<{ spec: string; typeOnly: boolean }> {
  const source = ts.createSourceFile(file, readFileSync(join(base, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ spec: string; typeOnly: boolean }> = [];
  const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      found.push({ spec: node.moduleSpecifier.text, typeOnly: !!clause && (clause.isTypeOnly || (!clause.name && !!named && allTypes(named))) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || (!!named && allTypes(named)) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ spec: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ spec: node.argument.literal.text, typeOnly: true });
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name) && node.name.text.startsWith('.')) {
      // An augmentation (`declare module '../shared/emit.js'`) depends on the module it extends.
      found.push({ spec: node.name.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function edgesOf(base: string): Edge[] {
  return sourceFiles(base).flatMap((from) =>
    importsOf(base, from).map(({ spec, typeOnly }) => ({
      from,
      to: spec.startsWith('.') ? (resolveSpec(base, from, spec) ?? `${posix(join(dirname(from), spec))} (missing)`) : undefined,
      spec,
      typeOnly,
    })),
  );
}

const isLit = (spec: string) => /^(?:lit|@lit\/[^/]+|@lit-labs\/[^/]+)(?:\/|$)/.test(spec);
/** The entry points that gather elements: the package's main entry and the script tag's files. */
const isEntry = (file: string) => file === 'components/index.ts' || file.startsWith('components/script-tag/');
/** `hub-search` for components/hub-search/…; undefined for shared code, controllers, entries and files outside. */
function elementOf(file: string): string | undefined {
  const folder = /^components\/([^/]+)\//.exec(file)?.[1];
  return folder && !['shared', 'controllers', 'script-tag'].includes(folder) ? folder : undefined;
}

const RULES = {
  core: 'src/ imports nothing from components/, bin/ or lit',
  controllers: 'a controller imports only src/ and lit',
  elements: 'an element never imports another element',
  shared: 'components/shared/ imports no element',
  bin: 'bin/ imports nothing from components/',
  resolves: 'every relative import names a file that exists',
  cycles: 'no import cycles, type-only imports included',
} as const;

type Rule = keyof typeof RULES;

function describeEdge(edge: Edge): string {
  return `${edge.from} -> ${edge.to ?? edge.spec}${edge.typeOnly ? ' (type only)' : ''}`;
}

/** Each import that breaks a rule, as [rule, the import]. */
function brokenImports(edges: Edge[]): Array<[Rule, string]> {
  const broken: Array<[Rule, string]> = [];
  for (const edge of edges) {
    const { from, to, spec } = edge;
    const say = (rule: Rule) => broken.push([rule, describeEdge(edge)]);
    if (to?.endsWith('(missing)')) say('resolves');
    if (from.startsWith('src/') && (isLit(spec) || to?.startsWith('components/') || to?.startsWith('bin/'))) say('core');
    if (from.startsWith('components/controllers/') && !(to ? to.startsWith('src/') : isLit(spec))) say('controllers');
    const element = elementOf(from);
    const target = to && elementOf(to);
    if (element && target && target !== element) say('elements');
    if (from.startsWith('components/shared/') && target) say('shared');
    if (from.startsWith('bin/') && to?.startsWith('components/')) say('bin');
  }
  return broken;
}

/** Each cycle of the import graph, as one path round it (`a -> b -> a`), one per strongly connected part. */
function cycles(edges: Edge[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!to || to.endsWith('(missing)')) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.has(node)) parts.push(part);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  // One path round each part, from its first file back to it, by the shortest way.
  return parts.map((part) => {
    const inPart = new Set(part);
    const start = [...part].sort()[0]!;
    const came = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length && !last) {
      const node = queue.shift()!;
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (!inPart.has(next)) continue;
        if (next === start) {
          last = node;
          break;
        }
        if (!came.has(next)) {
          came.set(next, node);
          queue.push(next);
        }
      }
    }
    const path = [start];
    for (let node = last!; node !== start; node = came.get(node)!) path.splice(1, 0, node);
    const typeOnly = path.every((from, i) => edges.filter((e) => e.from === from && e.to === (path[i + 1] ?? start)).every((e) => e.typeOnly));
    return `${[...path, start].join(' -> ')}${typeOnly ? ' (type-only imports)' : ''}`;
  });
}

/** Everything that breaks the layers, as [rule, what breaks it]. */
function layerViolations(base: string): Array<[Rule, string]> {
  const edges = edgesOf(base);
  return [...brokenImports(edges), ...cycles(edges).map((cycle): [Rule, string] => ['cycles', cycle])];
}

function report(violations: Array<[Rule, string]>): string {
  const lines = violations.map(([rule, what]) => `  ${RULES[rule]}: ${what}`);
  return `${violations.length} import(s) break the layers of ${DESIGN}:\n${lines.join('\n')}\nSee ${DESIGN} for the layers, what each may import, and where code of each kind lives.`;
}

test('src/, components/ and bin/ keep their layers, with no import cycles (docs/design.md)', () => {
  const edges = edgesOf(root);
  // The reading found the tree: a typo in the folders would make every rule pass on nothing.
  assert.ok(edges.length > 300, `read only ${edges.length} imports`);
  assert.ok(edges.some((e) => e.from.startsWith('components/controllers/') && e.to?.startsWith('src/')), 'no controller import was read');
  assert.ok(edges.some((e) => e.typeOnly), 'no type-only import was read');
  const violations = layerViolations(root);
  assert.equal(violations.length, 0, report(violations));
});

test('each rule names the import or the cycle that breaks it, however the import is written', (t) => {
  const base = mkdtempSync(join(tmpdir(), 'hub-kit-layers-'));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'src/plain.ts': "import { x } from '../components/card/card.js';\nexport const y = x;",
    'src/types.ts': "import type { LitElement } from 'lit';\nexport type T = LitElement;",
    'src/reexport.ts': "export { run } from '../bin/run.js';",
    'src/dynamic.ts': "export const load = () => import('../components/card/card.js');",
    'src/type-node.ts': "export type E = import('@lit/task').Task;",
    'src/typo.ts': "import './nowhere.js';",
    'src/ping.ts': "import type { Pong } from './pong.js';\nexport type Ping = { pong?: Pong };",
    'src/pong.ts': "import type { Ping } from './ping.js';\nexport type Pong = { ping?: Ping };",
    'components/controllers/a.ts': "import { ReactiveElement } from 'lit';\nimport { b } from './b.js';\nimport { z } from 'zod';\nimport { s } from '../shared/s.js';\nexport const a = [ReactiveElement, b, z, s];",
    'components/controllers/b.ts': "import { y } from '../../src/plain.js';\nexport const b = y;",
    'components/shared/s.ts': "declare module '../card/card.js' {\n  interface Card { extra: string }\n}\nexport const s = 1;",
    'components/card/card.ts': "import { List } from '../list/list.js';\nexport const x = List;\nexport interface Card { name: string }",
    'components/list/list.ts': 'export const List = 1;',
    'components/index.ts': "export { x } from './card/card.js';\nexport { List } from './list/list.js';",
    'bin/run.ts': "import { x } from '../components/card/card.js';\nexport const run = x;",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, file)), { recursive: true });
    writeFileSync(join(base, file), text);
  }
  const found = layerViolations(base).map(([rule, what]) => `${rule}: ${what}`);
  const expected = [
    'resolves: src/typo.ts -> src/nowhere.js (missing)',
    'core: src/plain.ts -> components/card/card.ts',
    'core: src/types.ts -> lit (type only)',
    'core: src/reexport.ts -> bin/run.ts',
    'core: src/dynamic.ts -> components/card/card.ts',
    'core: src/type-node.ts -> @lit/task (type only)',
    'controllers: components/controllers/a.ts -> components/controllers/b.ts',
    'controllers: components/controllers/a.ts -> zod',
    'controllers: components/controllers/a.ts -> components/shared/s.ts',
    'elements: components/card/card.ts -> components/list/list.ts',
    'shared: components/shared/s.ts -> components/card/card.ts (type only)',
    'bin: bin/run.ts -> components/card/card.ts',
    'cycles: src/ping.ts -> src/pong.ts -> src/ping.ts (type-only imports)',
  ];
  assert.deepEqual([...found].sort(), [...expected].sort());
  // The entry point gathers two elements, and a controller imports src/ and lit: neither is named.
  assert.ok(!found.some((line) => line.includes('components/index.ts') || line.includes('controllers/b.ts ->')));
  assert.match(report(layerViolations(base)), /docs\/design\.md#layers/);
});
