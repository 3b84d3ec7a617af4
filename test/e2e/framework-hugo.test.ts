/**
 * docs/frameworks.md's Hugo recipe, followed from the packed package in a new folder: the
 * kit's files copied from the installed package into `static/`, the recipe's partial,
 * shortcode and post, Hugo from the machine (Debian's `hugo`, which .ci/run installs), the
 * stand-in from `npx hub-kit stand-in`, then `hugo`; `public/` served as a static host would
 * (test/support/framework-suite.ts). In Chromium: loads without a console error and a signup
 * with JavaScript; without it, the shortcode's form posts to the service and comes back to
 * the note that says it worked.
 *
 * And why the recipe is a shortcode: the README's snippet pasted into a post is dropped by
 * Hugo's Markdown renderer ("<!-- raw HTML omitted -->").
 *
 *   node --import tsx --test test/e2e/framework-hugo.test.ts     (after `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameworkSuite } from '../support/framework-suite.js';
import { serveStatic } from '../support/site-checks.js';

const PLAIN = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>My blog</title></head><body><main><h1>My blog</h1></main></body></html>\n';

/** Every HTML file Hugo wrote below `dir`. */
const pages = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));

frameworkSuite({
  name: 'Hugo',
  heading: 'Hugo',
  slug: 'hugo',
  browsers: ['chromium'],
  controlFiles: new Map([['static/plain.html', PLAIN]]),
  async serve({ project, standIn }) {
    // hugo.toml names the stand-in's usual address; this one listens where it could.
    for (const file of pages(join(project.dir, 'public'))) {
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('http://127.0.0.1:8787', standIn));
    }
    const server = await serveStatic(join(project.dir, 'public'));
    return { url: `${server.origin}/`, controlUrl: `${server.origin}/plain.html`, close: server.close };
  },
  formWithoutJavaScript: true,
  more(context) {
    test('the built page holds the shortcode\'s form, which posts to the service, its note, and the referrer policy', () => {
      const { project, standIn } = context();
      const html = readFileSync(join(project.dir, 'public', 'index.html'), 'utf8');
      const found = /<signup-form>\s*(<form[^>]*>)[\s\S]*?<\/form>\s*<p class="hub-landed" id="hub-kit-subscribed" hidden>[^<]+<\/p>\s*<\/signup-form>/.exec(html);
      assert.ok(found, 'the built page has no <form> and note inside <signup-form>');
      assert.match(found[1]!, /method="post"/);
      assert.ok(found[1]!.includes(`action="${standIn}/api/subscribe/demo-form#hub-kit-subscribed"`), found[1]);
      assert.match(found[0], /name="website"/, 'the form has no spam trap');
      assert.match(html, /<meta name="referrer" content="no-referrer-when-downgrade">/);
      assert.match(html, /<script type="module" src="\/hub-kit\/hub-kit\.js"><\/script>/);
    });

    test('the README\'s snippet pasted into a post is dropped by Hugo\'s Markdown, which is why the recipe is a shortcode', () => {
      const { project } = context();
      const post = join(project.dir, 'content', 'pasted.md');
      writeFileSync(post, '---\ntitle: Pasted\n---\n\n<signup-form base-url="https://hub.example.com" form="YOUR-FORM-ID"></signup-form>\n');
      const out = join(project.dir, 'pasted-site');
      try {
        project.sh('hugo', ['--destination', out]);
        const html = readFileSync(join(out, 'pasted', 'index.html'), 'utf8');
        assert.match(html, /<!-- raw HTML omitted -->/);
        assert.doesNotMatch(html, /<signup-form/);
      } finally {
        rmSync(post);
        rmSync(out, { recursive: true, force: true });
      }
    });
  },
});
