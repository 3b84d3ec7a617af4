/**
 * docs/frameworks.md's React Router recipe (framework mode), followed from the packed
 * package in a new folder: React Router 7, React and Vite from the npm registry, the stand-in
 * from `npx hub-kit stand-in`, `react-router build`, then `react-router-serve`, which renders
 * each page on the server (test/support/framework-suite.ts). In Chromium: five loads without
 * a console error (React error #418, a hydration mismatch, above all), each waiting until
 * React has hydrated the element, then a signup that shows the element's success text and
 * the page's own line; without JavaScript, the server-rendered form posts to the service and
 * comes back to the note that says it worked.
 *
 *   node --import tsx --test test/e2e/framework-react-router.test.ts     (after `npm run build`)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../support/browser-paths.js';
import { frameworkSuite } from '../support/framework-suite.js';

/** React marks what it has hydrated with keys of its own. */
const hydrated = () => Object.keys(document.querySelector('signup-form')!).some((key) => key.startsWith('__reactProps'));

frameworkSuite({
  name: 'React Router',
  heading: 'React Router (framework mode)',
  slug: 'react-router',
  browsers: ['chromium'],
  serveLine: /^npx react-router-serve /,
  // A route of the same app without the kit (the root's stylesheet is on both).
  controlFiles: new Map([
    ['app/routes.js', "import { index, route } from '@react-router/dev/routes';\n\nexport default [index('routes/home.jsx'), route('plain', 'routes/plain.jsx')];\n"],
    ['app/routes/plain.jsx', 'export default function Plain() {\n  return <main><h1>My newsletter</h1></main>;\n}\n'],
  ]),
  async serve({ project, env }, serveLine) {
    assert.equal(serveLine, 'npx react-router-serve ./build/server/index.js');
    const port = await freePort();
    const server = project.start('npx', ['react-router-serve', './build/server/index.js'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    await server.line(/\[react-router-serve\]|http:\/\//, 60_000);
    const origin = `http://127.0.0.1:${port}`;
    const css = gzipSync(readFileSync(join(project.dir, 'node_modules/hub-kit/dist/hub-kit.css')), { level: 9 }).length;
    return { url: `${origin}/`, controlUrl: `${origin}/plain`, shared: { what: "hub-kit.css in the root's stylesheet", bytes: css } };
  },
  loads: 5,
  hydrated,
  appText: (email) => `Thanks, ${email} is on the list.`,
  formWithoutJavaScript: true,
  serverRendersForm: true,
});
