/**
 * docs/frameworks.md's plain HTML page, followed from the packed package in a new folder:
 * `hub-kit.js` and `hub-kit.css` copied from the installed package beside the page, the
 * stand-in from `npx hub-kit stand-in`, the folder served as a static host would
 * (test/support/framework-suite.ts). In every browser (HUB_BROWSERS): loads without a
 * console error and a signup with JavaScript; without it, the form written in the page
 * posts to the service and comes back with ?hub-kit=subscribed.
 *
 * The bytes the kit adds: the page against the same page without its link and script tags.
 *
 *   node --import tsx --test test/e2e/framework-html.test.ts     (after `npm run build`)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameworkSuite } from '../support/framework-suite.js';
import { serveStatic } from '../support/site-checks.js';

frameworkSuite({
  name: 'Plain HTML',
  heading: 'A plain HTML page',
  slug: 'html',
  async serve({ project, standIn }) {
    const page = join(project.dir, 'site', 'index.html');
    // The page names the stand-in's usual address; this one listens where it could.
    const html = readFileSync(page, 'utf8').replaceAll('http://127.0.0.1:8787', standIn);
    writeFileSync(page, html);
    // The same page without the kit's tags, as the control.
    writeFileSync(join(project.dir, 'site', 'plain.html'), html.split('\n').filter((line) => !line.includes('/hub-kit/')).join('\n'));
    const server = await serveStatic(join(project.dir, 'site'));
    return { url: `${server.origin}/`, controlUrl: `${server.origin}/plain.html`, close: server.close };
  },
  formWithoutJavaScript: true,
});
