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

const TEMPLATE = /(\bcss|\/\* css \*\/ *)`([^`$\\]*)`/g;

export async function minifyCssText(css: string): Promise<string> {
  // No target: nothing is lowered or prefixed, only whitespace, comments and zeros go.
  const { code } = await transform(css, { loader: 'css', minify: true, logLevel: 'error' });
  return code.trim();
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
