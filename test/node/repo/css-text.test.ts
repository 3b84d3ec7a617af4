/**
 * The build's template text minifier (scripts/css-text.ts) on HTML templates: indentation
 * stops shipping, and nothing a page renders or a script runs changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { minifyHtmlTemplates, minifyTemplates } from '../../../scripts/css-text.js';
import { root } from '../../../scripts/entries.js';

test('a run of whitespace holding a line break becomes one space; whitespace within a line stays', () => {
  const source = 'const t = html`<div class="a  b">\n      <span>x</span>  <b>y</b>\n    </div>`;';
  assert.equal(minifyHtmlTemplates(source), 'const t = html`<div class="a  b"> <span>x</span>  <b>y</b> </div>`;');
});

test('expressions are code: strings, other templates and their line breaks are left as written', () => {
  const source = [
    'html`<p>\n  ${cond',
    '    ? "a\\n  b"',
    '    : `plain\n    text`}\n  ${css`a {\n  color: red;\n}`}\n</p>`',
  ].join('\n');
  assert.equal(
    minifyHtmlTemplates(source),
    ['html`<p> ${cond', '    ? "a\\n  b"', '    : `plain\n    text`} ${css`a {\n  color: red;\n}`} </p>`'].join('\n'),
  );
});

test('templates inside expressions are minified too', () => {
  const source = 'html`<ul>\n  ${items.map((i) => html`<li>\n    ${i}\n  </li>`)}\n</ul>`';
  assert.equal(minifyHtmlTemplates(source), 'html`<ul> ${items.map((i) => html`<li> ${i} </li>`)} </ul>`');
});

test('a template with a <pre> or a <textarea> keeps its whitespace', () => {
  for (const source of ['html`<pre>\n  a\n</pre>`', 'html`<textarea>\n  a\n</textarea>`', 'html`<div>\n${x}<PRE>\n</PRE></div>`']) {
    assert.equal(minifyHtmlTemplates(source), source);
  }
});

test('escapes and untagged or other tagged templates are left alone', () => {
  for (const source of ['`\n  a`', 'svg`<g>\n  </g>`', 'String.raw`a\n  b`', 'html`a\\`\n`']) {
    const out = minifyHtmlTemplates(source);
    if (source.startsWith('html')) assert.equal(out, 'html`a\\` `');
    else assert.equal(out, source);
  }
});

test('every element module still compiles, with as many templates and expressions as before', async () => {
  const modules = readdirSync(join(root, 'components'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
  const count = (code: string, pattern: RegExp) => code.match(pattern)?.length ?? 0;
  let changed = 0;
  for (const file of modules) {
    const source = readFileSync(file, 'utf8');
    const out = await minifyTemplates(source);
    if (out !== source) changed++;
    await transform(out, { loader: 'ts' });
    assert.equal(count(out, /\bhtml`/g), count(source, /\bhtml`/g), file);
    assert.equal(count(out, /\$\{/g), count(source, /\$\{/g), file);
  }
  assert.ok(changed > 0, 'no element module has an indented template: the test reads the wrong files');
});
