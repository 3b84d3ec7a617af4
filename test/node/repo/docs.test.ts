/**
 * The documentation matches the code: custom-elements.json (from the JSDoc) describes
 * every element, the README's API tables are the ones generated from it, and every
 * command, link and snippet the README offers exists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENTS, root } from '../../../scripts/entries.js';
import { apiBlock, END, readManifest, START, type Manifest } from '../../../scripts/readme-api.js';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const manifestFile = join(root, 'dist', 'custom-elements.json');

function manifest(): Manifest {
  assert.ok(existsSync(manifestFile), 'dist/custom-elements.json is missing: run `npm run build` first (`npm test` does)');
  return readManifest();
}

test('custom-elements.json describes every element from its JSDoc', () => {
  const declarations = manifest().modules.flatMap((m) => m.declarations ?? []);
  for (const tag of ELEMENTS) {
    const d = declarations.find((x) => x.tagName === tag);
    assert.ok(d, `<${tag}> is not in custom-elements.json`);
    assert.ok(d.summary, `<${tag}> has no @summary`);
    assert.ok(d.attributes?.length, `<${tag}> has no attributes`);
    assert.ok(d.events?.length, `<${tag}> has no @fires`);
    assert.ok(d.cssParts?.length, `<${tag}> has no @csspart`);
    assert.ok(d.cssProperties?.length, `<${tag}> has no @cssprop`);
    for (const event of d.events ?? []) {
      assert.ok(event.name.startsWith(`${tag}-`), `<${tag}> fires "${event.name}", not named after the element`);
      assert.ok(event.description, `<${tag}>: ${event.name} has no description`);
    }
    for (const prop of d.cssProperties ?? []) assert.match(prop.name, /^--hub-/, `<${tag}>: ${prop.name} is not a --hub-* property`);
  }
});

test('the README API tables are generated from custom-elements.json', () => {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  assert.ok(start >= 0 && end > start, `README.md has no ${START} … ${END} block`);
  const current = readme.slice(start, end + END.length);
  assert.equal(current, apiBlock(manifest()), 'the README API tables are out of date: run `npm run build && npm run docs`');
});

test('the README has a snippet for every element, with the stylesheet that holds its place, and the bench block', () => {
  for (const tag of ELEMENTS) {
    assert.match(
      readme,
      new RegExp('```html\\n<link rel="stylesheet" href="[^"]+hub-kit\\.css">\\n<script type="module" src="[^"]+hub-kit\\.js"></script>\\n<' + tag + '[ >]'),
      `no snippet with hub-kit.css and hub-kit.js for <${tag}>`,
    );
  }
  assert.ok(readme.includes('<!-- bench:start -->') && readme.includes('<!-- bench:end -->'), 'the bench markers are gone');
  for (const heading of ['Quick start', 'npm', 'Static site generators', 'API', 'Browser support', 'Content Security Policy', 'Privacy', 'Size', 'Working on hub-kit', 'Tests']) {
    assert.match(readme, new RegExp(`^##+ .*${heading}`, 'm'), `README has no "${heading}" section`);
  }
});

test("the README's sections for a site come first, and ask nothing that fails in a project that installed the package", () => {
  const contributing = readme.indexOf('\n## Working on hub-kit');
  assert.ok(contributing > 0, 'README has no "## Working on hub-kit" section');
  // What a reader sees: HTML comments (the generated API block's note) are not shown.
  const forSites = readme.slice(0, contributing).replace(/<!--[\s\S]*?-->/g, '');
  for (const heading of ['Quick start', 'On any website', 'In an app: npm', 'Static site generators']) {
    assert.ok(forSites.includes(`\n## ${heading}`), `"${heading}" is not among the README's first sections`);
  }
  assert.ok(forSites.indexOf('\n## Quick start') < forSites.indexOf('\n## '.concat('On any website')), 'the README does not open with its quick start');
  // An installed project has no script of hub-kit's: `npm start` there says "Missing script".
  const repositoryOnly = [...forSites.matchAll(/\bnpm (?:start|test|ci|run [\w:-]+)\b/g)].map((m) => m[0]);
  assert.deepEqual(repositoryOnly, [], 'the sections for a site name commands that only work in a clone of the repository');
  const cli = readFileSync(join(root, 'bin', 'hub-kit.ts'), 'utf8');
  for (const [, command] of forSites.matchAll(/npx hub-kit ([\w-]+)/g)) {
    assert.match(cli, new RegExp(`'?${command}'?: \\{ summary`), `the README runs \`npx hub-kit ${command}\`, which the command does not have`);
  }
});

test('every npm script the README names exists', () => {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const named = new Set([...readme.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]!));
  named.add('start');
  named.add('test');
  for (const name of named) assert.ok(scripts[name], `README mentions \`npm run ${name}\`, which package.json does not define`);
});

test('every local link in the README and the docs it owns points at a file', () => {
  for (const file of ['README.md', 'docs/csp.md', 'docs/ssr.md', 'docs/frameworks.md']) {
    assert.ok(existsSync(join(root, file)), `${file} is missing`);
    const text = readFileSync(join(root, file), 'utf8');
    const base = join(root, file, '..');
    for (const [, target] of text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)) {
      assert.ok(existsSync(join(base, target!)), `${file} links to ${target}, which does not exist`);
    }
  }
  for (const tag of ELEMENTS) assert.ok(existsSync(join(root, 'docs/elements', `${tag}.md`)), `docs/elements/${tag}.md is missing`);
});
