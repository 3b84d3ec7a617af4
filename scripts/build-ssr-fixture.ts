/**
 * Writes the server-rendered <bio-card> page that test/browser/bio-card-ssr.test.ts
 * hydrates, into examples/.build/, from the same renderer the Node SSR tests use: the page
 * is always the current server output, never a stored copy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import '../components/bio-card/define.js';
import { ssrPage } from '../test/node/ssr-bio-card.page.js';
import { root } from './entries.js';

const out = join(root, 'examples', '.build');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'bio-card-ssr.html'), await ssrPage((template) => collectResult(render(template))));
