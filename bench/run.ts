/**
 * `npm run bench`: every engine in one headless Chromium page, on seeded corpora of 1k, 10k
 * and 50k entries; prints the table and writes it into README.md between the bench markers.
 */
import http from 'node:http';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { corpus, QUERY_SETS, type Corpus, type QuerySet } from './corpus.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** BENCH_SIZES=1000 runs a quick smoke of one size; the README table wants all three. */
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
/** Fuse.js scans every entry per query; capped so a run stays within minutes. */
const FUSE_QUERIES: Record<number, number> = { 1000: 20, 10000: 5, 50000: 2 };
const KEYSTROKE_QUERIES = 12;
const TARGETS = { buildMs10k: 200, keystroke10k: 16, keystroke50k: 50 };

type Relevance = Record<QuerySet, { hit1: number; hit10: number; mrr: number; n: number }>;
interface Row {
  engine: string;
  buildMs: number;
  p50: number;
  p95: number;
  memoryMb: number;
  relevance: Relevance;
  keystrokeP95?: number;
}

const pct = (list: number[], p: number) => {
  if (!list.length) return NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(0));
const f2 = (n: number) => n.toFixed(2);

async function main(): Promise<void> {
  const started = performance.now();
  console.log('generating corpora…');
  const corpora = new Map<number, Corpus>(SIZES.map((size) => [size, corpus(size)]));
  const bundle = await build({
    entryPoints: [`${root}bench/page.ts`],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    tsconfig: `${root}tsconfig.json`,
    logLevel: 'silent',
  });
  const pageJs = bundle.outputFiles[0]!.text;
  const json = new Map([...corpora].map(([size, c]) => [size, JSON.stringify({ entries: c.entries, queries: c.queries })]));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/') return send('text/html', '<!doctype html><title>bench</title><script type="module" src="/page.js"></script>');
    if (url.pathname === '/page.js') return send('text/javascript', pageJs);
    let m = /^\/corpus\/(\d+)\.json$/.exec(url.pathname);
    if (m && json.has(Number(m[1]))) return send('application/json', json.get(Number(m[1]))!);
    m = /^\/api\/v1\/tenants\/bench-(\d+)\/search-index$/.exec(url.pathname);
    if (m && corpora.has(Number(m[1]))) return send('application/json', JSON.stringify({ data: corpora.get(Number(m[1]))!.entries }));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = new Map<number, Row[]>();
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    page.on('crash', () => console.error('page crashed'));
    page.on('console', (message) => message.type() === 'error' && console.error('page:', message.text()));
    page.on('framenavigated', (frame) => frame === page.mainFrame() && console.error('navigated to', frame.url()));
    await page.goto(origin);
    await page.waitForFunction(() => 'bench' in globalThis);
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
      return usage.usedSize + (usage.backingStorageSize ?? 0);
    };
    const engines = await page.evaluate(() => (globalThis as any).bench.engines as string[]);

    for (const size of SIZES) {
      console.log(`${size} entries…`);
      await page.evaluate((n) => (globalThis as any).bench.load(n), size);
      const rows: Row[] = [];
      for (const engine of engines) {
        const before = await heap();
        const buildMs = await page.evaluate((name) => (globalThis as any).bench.build(name), engine);
        const after = await heap();
        const max = engine === 'Fuse.js' ? FUSE_QUERIES[size]! : 1000;
        const { times, relevance } = await page.evaluate((m) => (globalThis as any).bench.run(m), max);
        await page.evaluate(() => (globalThis as any).bench.drop());
        rows.push({ engine, buildMs, p50: pct(times, 50), p95: pct(times, 95), memoryMb: (after - before) / 2 ** 20, relevance });
        console.log(`  ${engine}: build ${ms(buildMs)} ms, p95 ${ms(pct(times, 95))} ms`);
      }

      // Keystroke to results on the real element: typed by the browser's input pipeline.
      await page.evaluate(([tenant, base]) => (globalThis as any).bench.mountElement(tenant, base), [`bench-${size}`, origin]);
      const c = corpora.get(size)!;
      const typed = [...c.queries.exact.slice(0, KEYSTROKE_QUERIES / 2), ...c.queries.prefix.slice(0, KEYSTROKE_QUERIES / 2)];
      for (const { q } of typed) {
        await page.evaluate(() => (globalThis as any).bench.clearElement());
        await page.keyboard.type(q, { delay: 25 });
        await page.waitForTimeout(60);
      }
      const keys = await page.evaluate(() => (globalThis as any).bench.keystrokeTimes() as number[]);
      rows[0]!.keystrokeP95 = pct(keys, 95);
      console.log(`  hub-kit keystroke to results: p95 ${ms(pct(keys, 95))} ms over ${keys.length} keystrokes`);
      results.set(size, rows);
    }
  } finally {
    await browser.close();
    server.close();
  }

  const table = render(results, corpora);
  const checks = targets(results);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const block = `${table}\n${checks.join('\n')}\n\n<sub>Run in ${seconds} s, headless Chromium, ${new Date().toISOString().slice(0, 10)}.</sub>\n`;
  console.log(`\n${block}`);
  // A partial run (BENCH_SIZES) is a smoke test: it must not replace the README's table.
  if (SIZES.length === 3) writeReadme(block);
  if (checks.some((line) => line.startsWith('- ✘'))) process.exitCode = 1;
}

function render(results: Map<number, Row[]>, corpora: Map<number, Corpus>): string {
  const lines: string[] = [];
  lines.push('Each cell of a query set is hit@1 / hit@10 / MRR; for "no match" it is the share of queries answered with nothing. Times in ms, memory in MB of JS heap added by the index.', '');
  for (const [size, rows] of results) {
    const q = corpora.get(size)!.queries;
    lines.push(`**${size.toLocaleString('en')} entries** (queries per set: ${QUERY_SETS.map((s) => `${s} ${q[s].length}`).join(', ')}; Fuse.js ${FUSE_QUERIES[size]})`, '');
    lines.push('| engine | build | query p50 | query p95 | keystroke→results p95 | memory | exact | one typo | prefix | no match |');
    lines.push('|---|---:|---:|---:|---:|---:|---|---|---|---|');
    for (const r of rows) {
      const rel = (s: QuerySet) => (s === 'none' ? f2(r.relevance.none.hit1) : `${f2(r.relevance[s].hit1)} / ${f2(r.relevance[s].hit10)} / ${f2(r.relevance[s].mrr)}`);
      lines.push(
        `| ${r.engine} | ${ms(r.buildMs)} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.keystrokeP95 === undefined ? '–' : ms(r.keystrokeP95)} | ${r.memoryMb.toFixed(1)} | ${rel('exact')} | ${rel('typo')} | ${rel('prefix')} | ${rel('none')} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

function targets(results: Map<number, Row[]>): string[] {
  const out: string[] = ['Targets:'];
  const check = (ok: boolean, text: string) => out.push(`- ${ok ? '✔' : '✘'} ${text}`);
  const hub = (size: number) => results.get(size)!.find((r) => r.engine === 'hub-kit')!;
  const tuned = (size: number) => results.get(size)!.find((r) => r.engine === 'MiniSearch (tuned)')!;
  if (results.has(10_000)) {
    check(hub(10_000).keystrokeP95! <= TARGETS.keystroke10k, `10k keystroke→results p95 ${ms(hub(10_000).keystrokeP95!)} ms ≤ ${TARGETS.keystroke10k} ms`);
    check(hub(10_000).buildMs <= TARGETS.buildMs10k, `10k build ${ms(hub(10_000).buildMs)} ms ≤ ${TARGETS.buildMs10k} ms`);
  }
  if (results.has(50_000)) {
    check(hub(50_000).keystrokeP95! <= TARGETS.keystroke50k, `50k keystroke→results p95 ${ms(hub(50_000).keystrokeP95!)} ms ≤ ${TARGETS.keystroke50k} ms`);
  }
  for (const size of results.keys()) {
    const worse = QUERY_SETS.filter((s) => {
      const a = hub(size).relevance[s];
      const b = tuned(size).relevance[s];
      return a.hit1 < b.hit1 || a.hit10 < b.hit10 || a.mrr < b.mrr - 1e-9;
    });
    check(worse.length === 0, `${size.toLocaleString('en')} entries: relevance ≥ tuned MiniSearch on every query set${worse.length ? ` (below on ${worse.join(', ')})` : ''}`);
  }
  return out;
}

function writeReadme(block: string): void {
  const path = `${root}README.md`;
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const section = `${start}\n${block}${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next = i >= 0 && j > i ? text.slice(0, i) + section + text.slice(j + end.length) : `${text.trimEnd()}\n\n## Search benchmark\n\n${section}\n`;
  writeFileSync(path, next);
}

await main();
