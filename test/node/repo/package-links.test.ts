/**
 * Every relative link in the packed README and docs resolves inside the tarball: `npm pack`,
 * unpack, and follow each Markdown link (inline and reference-style, outside code) of
 * every .md file the package ships to a file of the package, and each #fragment to a heading
 * of the page it names. A reader of node_modules/hub-kit never meets a dead link, and every
 * file of the repository the docs name (an example, a test) links to it in the one
 * repository package.json names, where it exists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root } from '../../../scripts/entries.js';
import { unpackPacked } from '../../support/packed.js';

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

test('every repository file the packed docs name links to it in the hub-kit repository, and exists', (t) => {
  assert.ok(existsSync(join(root, 'dist', 'hub-kit.js')), 'run `npm run build` first (`npm test` does)');
  const { repository } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository: { url: string } };
  const repo = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const kind = (path: string) => {
    const clean = path.replace(/\/$/, '');
    if (tracked.includes(clean)) return 'blob';
    return tracked.some((file) => file.startsWith(`${clean}/`)) ? 'tree' : undefined;
  };
  const packed = unpackPacked('hub-kit-repo-links-');
  t.after(() => packed.remove());
  const inPackage = (path: string) => packed.files.some((file) => file === path || file.startsWith(`${path.replace(/\/$/, '')}/`));

  const wrong: string[] = [];
  let named = 0;
  for (const page of packed.files.filter((file) => file.endsWith('.md'))) {
    const text = readFileSync(join(packed.dir, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    for (const m of text.matchAll(/`([^`\s*]+)`/g)) {
      const path = m[1]!;
      // A path has a folder or an extension; a bare word (`types`, `bin`) is a name.
      if (!/[/.]/.test(path)) continue;
      // "`tsconfig.json`:" above a code block is a file of the reader's project (a recipe's).
      const lineStart = text.lastIndexOf('\n', m.index!) + 1;
      const lineEnd = text.indexOf('\n', m.index!);
      if (lineStart === m.index && /:\s*$/.test(text.slice(m.index, lineEnd < 0 ? undefined : lineEnd))) continue;
      const where = kind(path);
      if (!where || inPackage(path)) continue; // not a file of the repository, or one the reader has
      named++;
      const url = `${repo}/${where}/main/${path.replace(/\/$/, '')}`;
      const after = text.slice(m.index! + m[0].length);
      const linked = text[m.index! - 1] === '[' && (after.startsWith(`](${url})`) || after.startsWith(`](${url}#`));
      if (!linked) wrong.push(`${page}: \`${path}\` is not a link; write [\`${path}\`](${url})`);
    }
    for (const [, path] of text.matchAll(new RegExp(`${repo.replace(/[.]/g, '\\.')}/(?:blob|tree)/main/([^)#\\s]+)`, 'g'))) {
      if (!kind(path!)) wrong.push(`${page}: links to ${path}, which the repository does not have`);
    }
  }
  assert.ok(named > 20, `only ${named} repository files named: the scan is not reading the docs`);
  assert.deepEqual(wrong, [], wrong.join('\n'));
});
