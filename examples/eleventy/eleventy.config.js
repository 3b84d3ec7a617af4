// Eleventy renders the elements into the pages at build time (@lit-labs/eleventy-plugin-lit),
// copies the kit's stylesheet and bundles the script that hydrates them.
import { fileURLToPath } from 'node:url';
import litPlugin from '@lit-labs/eleventy-plugin-lit';
import { build } from 'esbuild';

// The plugin takes file paths: resolve the package's entries to the files they name.
const file = (specifier) => fileURLToPath(import.meta.resolve(specifier));

export default function (eleventyConfig) {
  eleventyConfig.addPlugin(litPlugin, {
    mode: 'worker',
    componentModules: [file('hub-kit/bio-card/define'), file('hub-kit/signup-form/define')],
  });
  eleventyConfig.addPassthroughCopy({ 'node_modules/hub-kit/dist/hub-kit.css': 'hub-kit.css' });
  eleventyConfig.on('eleventy.after', async ({ directories }) => {
    await build({
      entryPoints: ['client.js'],
      bundle: true,
      format: 'esm',
      minify: true,
      outfile: `${directories.output}client.js`,
    });
  });
}

export const config = {
  dir: { input: 'src', output: '_site' },
};
