/**
 * docs/frameworks.md's Angular recipe, followed from the packed package in a new folder:
 * Angular 21 from the npm registry, the stand-in from `npx hub-kit stand-in`, `ng build`
 * (with `strictTemplates`, which type-checks the template's event bindings), and
 * `dist/browser/` served as a static host would (test/support/framework-suite.ts). In
 * Chromium: loads without a console error, then a signup that shows the element's success
 * text and the app's own line, set from the element's event; without JavaScript the app
 * shows nothing, as an app that needs it.
 *
 * And the type check: a handler that reads a field the event's detail does not have fails
 * `ng build` with Angular's own error.
 *
 *   node --import tsx --test test/e2e/framework-angular.test.ts     (after `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameworkSuite } from '../support/framework-suite.js';
import { serveStatic } from '../support/site-checks.js';

const PLAIN = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>My newsletter</title></head><body><main><h1>My newsletter</h1></main></body></html>\n';

frameworkSuite({
  name: 'Angular',
  heading: 'Angular',
  slug: 'angular',
  browsers: ['chromium'],
  async serve({ project, env, standIn }) {
    assert.equal(env['NG_CLI_ANALYTICS'], 'false', 'the recipe leaves Angular CLI analytics on');
    const out = join(project.dir, 'dist', 'browser');
    // The app names the stand-in's usual address; this one listens where it could.
    for (const file of readdirSync(out).filter((name) => name.endsWith('.js'))) {
      writeFileSync(join(out, file), readFileSync(join(out, file), 'utf8').replaceAll('http://127.0.0.1:8787', standIn));
    }
    // No Angular page without the kit to compare with: a plain page, and the figure is Angular's and the kit's together.
    writeFileSync(join(out, 'plain.html'), PLAIN);
    const server = await serveStatic(out);
    return { url: `${server.origin}/`, controlUrl: `${server.origin}/plain.html`, close: server.close };
  },
  appText: (email) => `Thanks, ${email} is on the list.`,
  formWithoutJavaScript: false,
  more(context) {
    test('strictTemplates types the event: a handler reading a field the detail lacks fails ng build', () => {
      const { project } = context();
      const app = join(project.dir, 'src', 'app.ts');
      const source = readFileSync(app, 'utf8');
      writeFileSync(app, source.replace('(signup-form-success)="onSuccess($event)"', '(signup-form-success)="subscribed.set($event.detail.nothing)"'));
      const started = Date.now();
      try {
        let out = '';
        try {
          out = project.sh('npx', ['ng', 'build', '--output-path', 'dist-check'], { NG_CLI_ANALYTICS: 'false' });
        } catch (error) {
          out = (error as Error).message;
        }
        console.log(`Angular: the type check of a wrong handler took ${((Date.now() - started) / 1000).toFixed(1)} s`);
        assert.match(out, /Property 'nothing' does not exist on type 'FormSuccessDetail'/, out.slice(-3000));
      } finally {
        writeFileSync(app, source);
      }
    });
  },
});
