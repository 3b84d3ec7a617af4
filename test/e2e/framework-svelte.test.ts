/**
 * docs/frameworks.md's Svelte 5 recipe, followed from the packed package in a new folder:
 * Svelte, svelte-check and TypeScript from the npm registry, the recipe's files, then its
 * `npx svelte-check`: Svelte's own type checker, reading `hub-kit/svelte`.
 *
 * - The recipe's component checks with 0 errors.
 * - A component with what the typings must refuse gets exactly those errors: an unknown
 *   prop, a value of the wrong type (the issue's `<bio-card data={42} nonsense-prop={true}>`
 *   among them), a field the event's detail lacks, an event another element sends.
 * - Every attribute custom-elements.json lists is a prop the typings accept.
 *
 *   node --import tsx --test test/e2e/framework-svelte.test.ts     (after `npm run build`)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newProject, readRecipe, type Project, type Recipe } from '../support/recipe.js';

let project: Project;
let recipe: Recipe;
const timings: string[] = [];

before(async () => {
  const started = Date.now();
  project = newProject('svelte');
  recipe = readRecipe(project.doc, 'Svelte 5');
  await project.install(recipe.setup);
  timings.push(`pack and install ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.writeFiles(recipe.files);
});

after(() => {
  console.log(`Svelte 5: ${timings.join(', ')}`);
  project?.remove();
});

/** svelte-check's errors, as "file line:column message". */
function check(): string[] {
  const started = Date.now();
  let out: string;
  try {
    out = project.sh('npx', ['svelte-check', '--tsconfig', './tsconfig.json', '--output', 'machine']);
  } catch (error) {
    // Exit code 1 when it found errors; the output is in the message.
    out = (error as Error).message;
  }
  timings.push(`svelte-check ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.match(out, /COMPLETED \d+ FILES/, out);
  return [...out.matchAll(/ ERROR "([^"]+)" (\d+:\d+) "([^\n]*)"/g)].map(([, file, at, message]) => `${file} ${at} ${message!.replace(/\\"/g, '"')}`);
}

const WRONG = `<script lang="ts">
  import 'hub-kit/bio-card/define';
</script>

<bio-card data={42} nonsense-prop={true}></bio-card>
<bio-card nonsense-prop={true}></bio-card>
<hub-search limit="many"></hub-search>
<signup-form onsignup-form-success={(event) => event.detail.nothing}></signup-form>
<hub-search onbio-card-load={() => {}}></hub-search>
`;

describe('Svelte 5, from docs/frameworks.md', () => {
  test('the recipe checks with its own command, and no error', () => {
    assert.deepEqual(recipe.build, ['npx svelte-check --tsconfig ./tsconfig.json']);
    // Throws, with svelte-check's output, on any error.
    const started = Date.now();
    const out = project.sh('npx', ['svelte-check', '--tsconfig', './tsconfig.json']);
    timings.push(`svelte-check ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.match(out, /svelte-check found 0 errors/, out);
  });

  test('svelte-check refuses unknown props, wrong types, wrong details and other elements\' events', () => {
    writeFileSync(join(project.dir, 'src', 'Wrong.svelte'), WRONG);
    try {
      const errors = check();
      const at = (line: number, pattern: RegExp) =>
        assert.ok(errors.some((e) => e.startsWith(`src/Wrong.svelte ${line}:`) && pattern.test(e)), `no error ${pattern} on line ${line}:\n${errors.join('\n')}`);
      // TypeScript reports one error per tag: here the wrong type, before the unknown prop.
      at(5, /Type 'number' is not assignable to type 'Bio'/);
      at(6, /'"nonsense-prop"' does not exist in type 'HubKitSvelteProps<"bio-card">'/);
      at(7, /Type 'string' is not assignable to type 'number'/);
      at(8, /Property 'nothing' does not exist on type 'FormSuccessDetail'/);
      at(9, /'"onbio-card-load"' does not exist in type 'HubKitSvelteProps<"hub-search">'/);
      assert.equal(errors.length, 5, errors.join('\n'));
    } finally {
      rmSync(join(project.dir, 'src', 'Wrong.svelte'));
    }
  });

  test('the typings accept every attribute custom-elements.json lists', () => {
    const manifest = JSON.parse(readFileSync(join(project.dir, 'node_modules/hub-kit/dist/custom-elements.json'), 'utf8')) as {
      modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[];
    };
    const lines = ["import type { HubKitSvelteProps } from 'hub-kit/svelte';"];
    for (const d of manifest.modules.flatMap((m) => m.declarations ?? [])) {
      if (!d.tagName) continue;
      const names = JSON.stringify((d.attributes ?? []).map((a) => a.name));
      lines.push(`export const ${d.tagName.replace(/-/g, '_')}: Array<keyof HubKitSvelteProps<'${d.tagName}'>> = ${names};`);
    }
    assert.ok(lines.length > 4, 'custom-elements.json has no tags');
    writeFileSync(join(project.dir, 'src', 'attributes.ts'), `${lines.join('\n')}\n`);
    try {
      assert.deepEqual(check(), []);
    } finally {
      rmSync(join(project.dir, 'src', 'attributes.ts'));
    }
  });
});
