/**
 * Every relative link in the packed README and docs resolves inside the tarball: `npm pack`,
 * unpack, and follow each Markdown link (inline and reference-style, outside code) of
 * every .md file the package ships to a file of the package, and each #fragment to a heading
 * of the page it names. A reader of node_modules/hub-kit never meets a dead link.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root } from '../../scripts/entries.js';
import { unpackPacked } from '../support/packed.js';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    out.add(
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return out;
}

/** The text outside fenced code blocks and code spans, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function links(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  ];
}

test('every relative link in the packed README and docs resolves inside the tarball', (t) => {
  assert.ok(existsSync(join(root, 'dist', 'hub-kit.js')), 'run `npm run build` first (`npm test` does)');
  const packed = unpackPacked('hub-kit-links-');
  t.after(() => packed.remove());
  const pkg = packed.dir;

  const pages = packed.files.filter((file) => file.endsWith('.md')).map((file) => join(pkg, file));
  assert.ok(pages.some((page) => page.endsWith(join('package', 'README.md'))), 'the package has no README.md');
  assert.ok(pages.length > 5, `only ${pages.length} Markdown files in the package`);

  const broken: string[] = [];
  let checked = 0;
  for (const page of pages) {
    const markdown = readFileSync(page, 'utf8');
    for (const link of links(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:, …: not a file of the package
      checked++;
      const [path, fragment] = link.split('#') as [string, string | undefined];
      const target = path ? join(dirname(page), decodeURIComponent(path)) : page;
      const where = `${relative(pkg, page)} -> ${link}`;
      if (!target.startsWith(pkg + '/') && target !== pkg) {
        broken.push(`${where} (outside the package)`);
      } else if (!existsSync(target)) {
        broken.push(`${where} (no such file in the package)`);
      } else if (fragment && statSync(target).isFile() && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(fragment)) {
        broken.push(`${where} (no heading #${fragment})`);
      }
    }
  }
  assert.ok(checked > 10, `only ${checked} relative links found: the scan is not reading the docs`);
  assert.deepEqual(broken, [], `broken links in the package:\n${broken.join('\n')}`);
});
