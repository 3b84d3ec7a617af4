/**
 * Minifies the CSS text that the elements carry in their JavaScript: `css`-tagged templates
 * and template literals marked with a leading `/* css *\/` comment.
 *
 * esbuild and Rollup minify code but leave the text of a template literal as written, so
 * the indentation, line breaks and spacing of every stylesheet would otherwise reach each
 * page. The sources stay readable; `npm run build` runs this on the modules it writes and
 * on dist/hub-kit.js. Only templates without `${…}` or escapes are touched: their text is
 * exactly the CSS, so minifying it cannot change what an interpolation produces.
 */
import { transform } from 'esbuild';
import ts from 'typescript';

const TEMPLATE = /(\bcss|\/\* css \*\/ *)`([^`$\\]*)`/g;

export async function minifyCssText(css: string): Promise<string> {
  // No target: nothing is lowered or prefixed, only whitespace, comments and zeros go.
  const { code } = await transform(css, { loader: 'css', minify: true, logLevel: 'error' });
  // esbuild keeps a custom property's value and a var() fallback as written, spaces
  // included; the space after the colon or the comma is not part of the value (CSS Syntax
  // trims it as it reads the declaration, and every value we give is a colour or a length).
  return code
    .trim()
    .replace(/(--[\w-]+): /g, '$1:')
    .replace(/(var\(--[\w-]+), /g, '$1,');
}

export async function minifyCssTemplates(source: string): Promise<string> {
  const found = [...source.matchAll(TEMPLATE)];
  if (!found.length) return source;
  const minified = await Promise.all(found.map((match) => minifyCssText(match[2]!)));
  let index = 0;
  return source.replace(TEMPLATE, (whole, tag: string) => {
    const css = minified[index++]!;
    // Text that could end or escape the literal is left as it was written.
    return /[`\\]|\$\{/.test(css) ? whole : `${tag}\`${css}\``;
  });
}

/**
 * The whitespace of the elements' HTML templates (`html`-tagged literals), which bundlers
 * also leave as written: every run of whitespace that holds a line break becomes one space.
 * HTML collapses such a run to one space anyway wherever whitespace is not preformatted, and
 * no template writes whitespace into a `<pre>` or a `<textarea>` (a template that has one is
 * left as written), so the page renders the same; only the indentation stops shipping.
 *
 * The literals are found by TypeScript's parser, so `${…}` expressions, nested templates and
 * strings inside them are read as code and never changed. Server rendering and the browser
 * must use the same templates (Lit checks a digest of them when it hydrates): the package's
 * modules and dist/hub-kit.js are both built through this.
 */
export function minifyHtmlTemplates(source: string): string {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'html') {
      const template = node.template;
      const pieces = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      if (!pieces.some((piece) => /<(pre|textarea)\b/i.test(piece.text))) {
        for (const piece of pieces) {
          // Between "`" or "}" and "${" or "`".
          const start = piece.getStart(file) + 1;
          const end = piece.getEnd() - (ts.isTemplateHead(piece) || ts.isTemplateMiddle(piece) ? 2 : 1);
          const text = source.slice(start, end).replace(/\s*\n\s*/g, ' ');
          if (text !== source.slice(start, end)) edits.push({ start, end, text });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** Both: what the build runs on each element module. */
export async function minifyTemplates(source: string): Promise<string> {
  return minifyHtmlTemplates(await minifyCssTemplates(source));
}
