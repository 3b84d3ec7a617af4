/**
 * The script tag's files carry their own copies of Lit, zod and idb-keyval, minified with
 * every comment removed, and those licences (BSD-3-Clause, MIT, Apache-2.0) ask that a copy
 * handed on in binary form keep their copyright notice and terms. A page fetches those files
 * as they are, so the notices travel beside them rather than inside them (where every
 * visitor would download them): `dist/hub-kit/LICENSES.txt`, written from the licence file of
 * each package whose modules went into a chunk. npm entries bundle nothing; a site's bundler
 * takes those packages, with their licences, from node_modules.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

export const NOTICES_FILE = 'hub-kit/LICENSES.txt';

/** The package directory a module id lies in, or undefined for the project's own modules. */
export function packageDir(id: string): string | undefined {
  const path = id.replace(/^\0/, '').split('?')[0]!;
  const at = path.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return undefined;
  const rest = path.slice(at + sep.length + 'node_modules'.length + sep.length).split(sep);
  const depth = rest[0]!.startsWith('@') ? 2 : 1;
  return join(path.slice(0, at + sep.length + 'node_modules'.length), ...rest.slice(0, depth));
}

function noticeOf(dir: string): string {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const file = readdirSync(dir).find((name) => /^licen[cs]e(\.(md|txt))?$/i.test(name));
  if (!file) throw new Error(`${manifest.name} has no licence file to ship beside the script tag's files; add its notice by hand in scripts/notices.ts.`);
  const text = readFileSync(join(dir, file), 'utf8').trim();
  return `${manifest.name} ${manifest.version} (${manifest.license ?? 'see below'})\n\n${text}\n`;
}

/** Emits the notices of every third-party package the build's chunks contain. */
export function thirdPartyNotices(): Plugin {
  return {
    name: 'hub-kit-third-party-notices',
    apply: 'build',
    generateBundle(_options, bundle) {
      const dirs = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of (file as Rolldown.OutputChunk).moduleIds) {
          const dir = packageDir(id);
          if (dir && existsSync(join(dir, 'package.json'))) dirs.add(dir);
        }
      }
      const sorted = [...dirs].sort((a, b) => a.localeCompare(b));
      const heading =
        'The files of this folder and hub-kit.js beside it contain the following packages, minified.\n' +
        'Their copyright notices and licence terms follow.\n';
      const body = sorted.map((dir) => `${'-'.repeat(72)}\n${noticeOf(dir)}`).join('\n');
      this.emitFile({ type: 'asset', fileName: NOTICES_FILE, source: `${heading}\n${body}` });
    },
  };
}
