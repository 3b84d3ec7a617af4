/**
 * docs/frameworks.md's Vue 3 with Vite recipe, followed from the packed package in a new
 * folder: Vue, Vite and @vitejs/plugin-vue from the npm registry, the stand-in from
 * `npx hub-kit stand-in`, `vite build`, and `dist/` served as a static host would
 * (test/support/framework-suite.ts). In every browser (HUB_BROWSERS): loads without a
 * console error, and a signup whose success event reaches the app's state; without
 * JavaScript the app, rendered in the browser, shows nothing.
 *
 * The bytes the kit adds: the app against the same app built without the kit's imports.
 *
 *   node --import tsx --test test/e2e/framework-vue.test.ts     (after `npm run build`)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameworkSuite } from '../support/framework-suite.js';
import { serveStatic } from '../support/site-checks.js';

frameworkSuite({
  name: 'Vue 3 with Vite',
  heading: 'Vue 3 with Vite',
  slug: 'vue',
  async serve({ project, env }) {
    // The same app without the kit's imports (the tags stay, inert), built beside it.
    const main = join(project.dir, 'src', 'main.js');
    const source = readFileSync(main, 'utf8');
    writeFileSync(main, source.split('\n').filter((line) => !line.includes("'hub-kit")).join('\n'));
    try {
      project.sh('npx', ['vite', 'build', '--outDir', 'dist-plain'], env);
    } finally {
      writeFileSync(main, source);
    }
    const site = await serveStatic(join(project.dir, 'dist'));
    const plain = await serveStatic(join(project.dir, 'dist-plain'));
    return {
      url: `${site.origin}/`,
      controlUrl: `${plain.origin}/`,
      close: () => {
        site.close();
        plain.close();
      },
    };
  },
  // Mounted: Vue's root holds the element.
  hydrated: () => Boolean(document.querySelector('#app signup-form')),
  appText: (email) => `Thanks, ${email} is on the list.`,
  formWithoutJavaScript: false,
});
