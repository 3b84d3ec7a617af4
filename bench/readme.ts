/**
 * `npm run bench -- readme`: puts the last bench results (bench/results/bench.md, and
 * seeds.md when there is one) into README.md between the bench markers. Run it when the
 * numbers change; `npm run bench` itself never edits the README.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { RESULTS, root } from './report.js';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
const bench = `${RESULTS}bench.md`;
if (!existsSync(bench)) throw new Error('No bench/results/bench.md yet: run `npm run bench` first.');
const seeds = `${RESULTS}seeds.md`;
const block = [readFileSync(bench, 'utf8').trim(), ...(existsSync(seeds) ? ['', '**Five seeds** (`npm run bench -- seeds`)', '', readFileSync(seeds, 'utf8').trim()] : [])].join('\n');
const path = `${root}README.md`;
const text = readFileSync(path, 'utf8');
const i = text.indexOf(START);
const j = text.indexOf(END);
if (i < 0 || j < i) throw new Error('README.md has no bench markers.');
writeFileSync(path, `${text.slice(0, i + START.length)}\n${block}\n${text.slice(j)}`);
console.log('README.md: bench table updated from bench/results');
