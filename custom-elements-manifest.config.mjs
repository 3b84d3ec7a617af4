/**
 * custom-elements.json, from the elements' JSDoc (`@summary`, `@attr`, `@fires`, `@slot`,
 * `@csspart`, `@cssprop`) and their Lit decorators. `npm run build` writes it to dist/;
 * package.json `customElements` points there, and the README's API tables are generated
 * from it (`npm run docs`).
 */
import { basename, dirname, posix } from 'node:path';

/**
 * The elements register through `static define(tag = '<name>')` rather than a decorator
 * or a top-level `customElements.define`, so the analyzer cannot see their tags. Each
 * element's folder is named after its default tag; this plugin records it, declares the
 * definition as the module's export, and drops events the analyzer guessed from a
 * generic `dispatchEvent(new CustomEvent(type, …))` helper (only `<tag>-…` events exist).
 */
function hubKitTags() {
  return {
    name: 'hub-kit-tags',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        const folder = basename(dirname(mod.path));
        if (basename(mod.path) !== `${folder}.ts`) continue;
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class' || !declaration.superclass) continue;
          const isElement =
            declaration.customElement ||
            declaration.attributes?.length ||
            declaration.superclass.name === 'LitElement' ||
            declaration.superclass.name === 'HubFormElement';
          if (!isElement) continue;
          declaration.customElement = true;
          declaration.tagName = folder;
          if (declaration.events) {
            declaration.events = declaration.events.filter((event) => event.name?.startsWith(`${folder}-`));
          }
          mod.exports ??= [];
          if (!mod.exports.some((e) => e.kind === 'custom-element-definition')) {
            mod.exports.push({
              kind: 'custom-element-definition',
              name: folder,
              declaration: { name: declaration.name, module: mod.path },
            });
          }
        }
      }
    },
  };
}

/**
 * The analyzer reads the sources; a package's manifest should name the modules it ships,
 * from the package's root. A re-export (`export type { … } from './events.js'`) comes out
 * relative to its module: it is resolved against that module first. Runs last, after
 * inheritance has been resolved against the source paths.
 */
function distPaths() {
  const toDist = (path) => {
    const match = /^\/?((?:components|src)\/.+)\.(?:ts|js)$/.exec(path);
    return match ? `dist/${match[1]}.js` : path;
  };
  const visit = (node, from) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, from));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'path' || key === 'module') && typeof value === 'string') {
        node[key] = toDist(value.startsWith('.') ? posix.join(posix.dirname(from), value) : value);
      } else visit(value, from);
    }
  };
  return {
    name: 'hub-kit-dist-paths',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) visit(mod, mod.path);
    },
  };
}

export default {
  globs: ['components/*/*.ts'],
  exclude: ['components/script-tag/*.ts', 'components/shared/*.styles.ts', 'components/*/*.styles.ts', 'components/*/define.ts', 'components/*.ts'],
  outdir: 'dist',
  litelement: true,
  dependencies: false,
  packagejson: false,
  plugins: [hubKitTags(), distPaths()],
};
