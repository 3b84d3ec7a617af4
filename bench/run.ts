/**
 * `npm run bench`: every engine in one headless Chromium page, on the generated corpus at
 * 1k, 10k and 50k entries and on the three real-text corpora. Timings and memory are medians
 * of RUNS runs; relevance is the same in every run (same seed, same queries). Pagefind's
 * index is built once per corpus in Node, by its binary (bench/pagefind.ts), and searched
 * in the page. Prints the table and writes it to bench/results/bench.md; `npm run bench --
 * readme` puts it in the README.
 *
 * BENCH_SEED=n picks another seed, BENCH_SIZES=1000 a quicker run of one generated size,
 * BENCH_CORPORA=generated,web-features,docs,posts fewer corpora, BENCH_RUNS=1 a single run,
 * BENCH_KEYS=1 every keystroke's time, not only their p95.
 * `npm run bench -- seeds` runs relevance with five seeds (bench/seeds.ts); `npm run bench
 * -- readme` copies the results into the README.
 */
import http from 'node:http';
import os from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { DEFAULT_SEED, KINDS, KIND_NAMES, docsCorpus, generatedCorpus, postsCorpus, realCorpus, type Corpus } from './corpus.js';
import type { Relevance } from './engines.js';
import { closePagefind, pagefindBundle, serveBundle, type Bundle } from './pagefind.js';
import { RESULTS, behind, f2, fuseRuns, median, ms, overallHit1, pct, root } from './report.js';

const SEED = Number(process.env.BENCH_SEED ?? DEFAULT_SEED);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CORPORA = (process.env.BENCH_CORPORA ?? 'generated,web-features,docs,posts').split(',');
const KEYSTROKE_QUERIES = 4;
/**
 * Milliseconds between two keys: a fast typist's (120 words a minute, against about 40 for
 * most people), what the keystroke target is held to; and a rush no person types (480 words
 * a minute), reported beside it, where each key comes before the worker has guessed ahead.
 */
const TYPED_MS = 100;
const RUSHED_MS = 25;
const TARGETS = { buildMs10k: 200, keystroke10k: 16, keystroke50k: 50, hit1: 0.95, content: 0.9, shortSlip: 0.85 };

interface Row {
  engine: string;
  builds: number[];
  p50s: number[];
  p95s: number[];
  memory: number[];
  relevance: Relevance;
  keystrokes?: number[];
  rushed?: number[];
}
interface Result {
  corpus: Corpus;
  id: string;
  rows: Row[];
  skipped: string[];
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadStart = os.loadavg();
  console.log(`seed ${SEED}, ${RUNS} run(s), load average ${loadStart.map((n) => n.toFixed(2)).join(' ')}`);
  console.log('generating corpora…');
  const corpora = new Map<string, Corpus>([
    ...(CORPORA.includes('generated') ? SIZES.map((size) => [`generated-${size}`, generatedCorpus(size, SEED)] as const) : []),
    ...(CORPORA.includes('web-features') ? [['real', realCorpus(SEED)] as const] : []),
    ...(CORPORA.includes('docs') ? [['docs', docsCorpus(SEED)] as const] : []),
    ...(CORPORA.includes('posts') ? [['posts', postsCorpus(SEED)] as const] : []),
  ]);
  // Pagefind indexes at a site's build, in Node: its build time is that, plus its start in the page.
  const bundles = new Map<string, Bundle>();
  const indexing = new Map<string, number>();
  for (const [id, corpus] of corpora) {
    console.log(`Pagefind indexing ${corpus.name}…`);
    const { files, ms: took } = await pagefindBundle(corpus.entries);
    bundles.set(id, files);
    indexing.set(id, took);
  }
  await closePagefind();
  const bundle = await build({
    entryPoints: [`${root}bench/page.ts`],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    tsconfig: `${root}tsconfig.json`,
    // The package marks only its built define files as having side effects; the page
    // imports the source one, whose registering of <hub-search> must stay.
    ignoreAnnotations: true,
    logLevel: 'silent',
  });
  const pageJs = bundle.outputFiles[0]!.text;
  // The element's search worker, where the page's bundle looks for it (src/search/start-worker.ts
  // names `./worker.ts` beside the module that starts it: here, /page.js).
  const workerJs = (await build({ entryPoints: [`${root}src/search/worker.ts`], bundle: true, minify: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent' })).outputFiles[0]!.text;
  const json = new Map([...corpora].map(([id, c]) => [id, JSON.stringify({ entries: c.entries, queries: c.queries })]));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/') return send('text/html', '<!doctype html><title>bench</title><script type="module" src="/page.js"></script>');
    if (url.pathname === '/page.js') return send('text/javascript', pageJs);
    if (url.pathname === '/worker.ts') return send('text/javascript', workerJs);
    let m = /^\/corpus\/([\w-]+)\.json$/.exec(url.pathname);
    if (m && json.has(m[1]!)) return send('application/json', json.get(m[1]!)!);
    m = /^\/api\/v1\/tenants\/bench-([\w-]+)\/search-index$/.exec(url.pathname);
    if (m && corpora.has(m[1]!)) return send('application/json', JSON.stringify({ data: corpora.get(m[1]!)!.entries }));
    if (serveBundle(bundles, url.pathname, res)) return;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: Result[] = [];
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(0);
    page.on('pageerror', (error) => console.error('page error:', error));
    page.on('crash', () => console.error('page crashed'));
    page.on('console', (message) => message.type() === 'error' && console.error('page:', message.text()));
    await page.goto(origin);
    await page.waitForFunction(() => 'bench' in globalThis);
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
      return usage.usedSize + (usage.backingStorageSize ?? 0);
    };
    const engines = await page.evaluate(() => (globalThis as any).bench.engines as string[]);

    for (const [id, corpus] of corpora) {
      console.log(`${corpus.name}…`);
      await page.evaluate((name) => (globalThis as any).bench.load(name), id);
      const skipped = fuseRuns(corpus) ? [] : ['Fuse.js'];
      const rows: Row[] = engines.filter((e) => !skipped.includes(e)).map((engine) => ({ engine, builds: [], p50s: [], p95s: [], memory: [], relevance: {} as Relevance }));
      for (let run = 0; run < RUNS; run++) {
        for (const row of rows) {
          const before = await heap();
          const built = await page.evaluate((name) => (globalThis as any).bench.build(name), row.engine);
          row.builds.push(built + (row.engine === 'Pagefind' ? indexing.get(id)! : 0));
          const { times, relevance } = await page.evaluate(() => (globalThis as any).bench.run());
          // What the engine holds once it has answered every query: Pagefind loads its index
          // in pieces as queries need them.
          row.memory.push(((await heap()) - before) / 2 ** 20);
          await page.evaluate(() => (globalThis as any).bench.drop());
          row.p50s.push(pct(times, 50));
          row.p95s.push(pct(times, 95));
          row.relevance = relevance;
          console.log(`  run ${run + 1} ${row.engine}: build ${ms(row.builds.at(-1)!)} ms, p95 ${ms(row.p95s.at(-1)!)} ms`);
        }
      }

      // Keystroke to results on the real element, typed by the browser's input pipeline:
      // whole titles, unique prefixes and prefixes with a typo.
      await page.evaluate(([tenant, base]) => (globalThis as any).bench.mountElement(tenant, base), [`bench-${id}`, origin]);
      const typed = (['exact', 'prefix', 'prefixTypo'] as const).flatMap((k) => corpus.queries[k].slice(0, KEYSTROKE_QUERIES));
      const hub = rows.find((r) => r.engine === 'hub-kit')!;
      hub.keystrokes = [];
      hub.rushed = [];
      for (let run = 0; run < RUNS; run++) {
        for (const [delay, into] of [[TYPED_MS, hub.keystrokes], [RUSHED_MS, hub.rushed]] as const) {
          for (const { q } of typed) {
            await page.evaluate(() => (globalThis as any).bench.clearElement());
            await page.keyboard.type(q, { delay });
            await page.waitForTimeout(60);
          }
          const keys = await page.evaluate(() => (globalThis as any).bench.takeKeystrokes() as number[]);
          into.push(pct(keys, 95));
          console.log(`  run ${run + 1} hub-kit keystroke to results, ${delay} ms a key: p95 ${ms(pct(keys, 95))} ms over ${keys.length} keystrokes`);
          if (process.env.BENCH_KEYS) console.log(`  keystrokes: ${keys.map((k) => k.toFixed(1)).sort((a, b) => +a - +b).join(' ')}`);
        }
      }
      results.push({ corpus, id, rows, skipped });
    }
  } finally {
    await browser.close();
    server.close();
  }

  const loadEnd = os.loadavg();
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const checks = targets(results);
  const block = [
    render(results),
    checks.join('\n'),
    '',
    `<sub>Seed ${SEED}; ${RUNS} run(s) in ${seconds} s, headless Chromium, ${new Date().toISOString().slice(0, 10)}; load average ${loadStart[0]!.toFixed(2)} at start, ${loadEnd[0]!.toFixed(2)} at end, on ${os.cpus().length} cores.</sub>`,
    '',
  ].join('\n');
  console.log(`\n${block}`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(`${RESULTS}bench.md`, block);
  writeFileSync(`${RESULTS}bench.json`, JSON.stringify({ seed: SEED, runs: RUNS, load: [loadStart, loadEnd], results: results.map(({ id, corpus, rows, skipped }) => ({ id, name: corpus.name, rows, skipped })) }, null, 1));
  console.log(`written to bench/results/bench.md; \`npm run bench -- readme\` copies it into the README`);
  if (checks.some((line) => line.startsWith('- ✘'))) process.exitCode = 1;
}

function render(results: Result[]): string {
  const lines: string[] = [
    `Seed ${SEED}. Each query kind's cell is hit@1 / hit@3 (the right entry first / in the first three), over the number of queries in its heading; for "no match" it is the share of queries answered with nothing. Build and query times in ms, keystroke→results p95 in ms on the real element (typed at ${TYPED_MS} ms a key, a fast typist's pace / at ${RUSHED_MS} ms, faster than anyone types), memory in MB of JS heap the engine holds once it has answered every query: medians of ${RUNS} runs. Pagefind's build is its binary's indexing in Node (once per corpus) plus its start in the page.`,
    '',
  ];
  for (const { corpus, rows, skipped } of results) {
    lines.push(`**${corpus.name}**${skipped.length ? ` (${skipped.join(', ')} not run at this size: it scans every word of every entry per query)` : ''}`, '');
    lines.push(`| engine | build | query p50 | query p95 | keystroke→results p95 (${TYPED_MS} / ${RUSHED_MS} ms a key) | memory | ${KINDS.map((k) => `${KIND_NAMES[k]} (${corpus.queries[k].length})`).join(' | ')} |`);
    lines.push(`|---|---:|---:|---:|---:|---:|${KINDS.map(() => '---').join('|')}|`);
    for (const r of rows) {
      const cells = KINDS.map((k) => (k === 'none' ? f2(r.relevance[k].hit1) : `${f2(r.relevance[k].hit1)} / ${f2(r.relevance[k].hit3)}`));
      lines.push(`| ${r.engine} | ${ms(median(r.builds))} | ${ms(median(r.p50s))} | ${ms(median(r.p95s))} | ${r.keystrokes ? `${ms(median(r.keystrokes))} / ${ms(median(r.rushed!))}` : '–'} | ${median(r.memory).toFixed(1)} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function targets(results: Result[]): string[] {
  const out: string[] = ['Targets:'];
  const check = (ok: boolean, text: string) => out.push(`- ${ok ? '✔' : '✘'} ${text}`);
  const find = (id: string) => results.find((r) => r.id === id);
  const row = (result: Result, engine: string) => result.rows.find((r) => r.engine === engine);
  const g10 = find('generated-10000');
  const g50 = find('generated-50000');
  if (g10) {
    const hub = row(g10, 'hub-kit')!;
    check(median(hub.keystrokes!) <= TARGETS.keystroke10k, `10k keystroke→results p95, typed at ${TYPED_MS} ms a key, ${ms(median(hub.keystrokes!))} ms ≤ ${TARGETS.keystroke10k} ms (at ${RUSHED_MS} ms a key: ${ms(median(hub.rushed!))} ms)`);
    check(hub.builds.every((b) => b <= TARGETS.buildMs10k), `10k build ≤ ${TARGETS.buildMs10k} ms in every run: ${hub.builds.map(ms).join(', ')} ms`);
  }
  if (g50) {
    const hub = row(g50, 'hub-kit')!;
    check(median(hub.keystrokes!) <= TARGETS.keystroke50k, `50k keystroke→results p95, typed at ${TYPED_MS} ms a key, ${ms(median(hub.keystrokes!))} ms ≤ ${TARGETS.keystroke50k} ms (at ${RUSHED_MS} ms a key: ${ms(median(hub.rushed!))} ms)`);
  }
  for (const result of results) {
    const hub = row(result, 'hub-kit')!;
    const mini = row(result, 'MiniSearch')!;
    check(
      median(hub.builds) <= median(mini.builds) && median(hub.memory) <= median(mini.memory),
      `${result.corpus.name}: build ${ms(median(hub.builds))} ms and memory ${median(hub.memory).toFixed(1)} MB, MiniSearch ${ms(median(mini.builds))} ms and ${median(mini.memory).toFixed(1)} MB`,
    );
    const worse = result.rows
      .filter((r) => r !== hub)
      .map((r) => [r.engine, behind(hub.relevance, r.relevance)] as const)
      .filter(([, kinds]) => kinds.length);
    check(
      worse.length === 0,
      `${result.corpus.name}: hub-kit at or above every engine on hit@1 and hit@3 for every kind${worse.length ? ` (below ${worse.map(([e, k]) => `${e} on ${k.join(', ')}`).join('; ')})` : ''}`,
    );
    const overall = overallHit1(hub.relevance);
    check(overall >= TARGETS.hit1, `${result.corpus.name}: hub-kit hit@1 over every query with an entry to find ${f2(overall)} ≥ ${TARGETS.hit1}`);
    const content = hub.relevance.content.hit1;
    check(content >= TARGETS.content, `${result.corpus.name}: hub-kit content hit@1 ${f2(content)} ≥ ${TARGETS.content}`);
    const slip = hub.relevance.shortSlip.hit1;
    check(slip >= TARGETS.shortSlip, `${result.corpus.name}: hub-kit short word mistyped hit@1 ${f2(slip)} ≥ ${TARGETS.shortSlip}`);
    check(hub.relevance.none.hit1 === 1, `${result.corpus.name}: hub-kit answers every made-up query with nothing (${f2(hub.relevance.none.hit1)})`);
  }
  return out;
}

const command = process.argv[2];
if (command === 'seeds') await import('./seeds.js');
else if (command === 'readme') await import('./readme.js');
else await main();
