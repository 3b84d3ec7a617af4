/**
 * `<hub-search>`'s index off the main thread (src/search/search-index.ts, worker.ts): the
 * body read piece by piece into the search worker, the page left holding a reference, the
 * engine's answers coming back from the worker as the engine on the page would give them,
 * with dates and the count already written, and only the newest query waiting sent.
 */
import { expect } from 'chai';
import { getSearchIndex, dataOf } from '../../../../src/api/calls.js';
import { sharedTransport } from '../../../../src/api/transport.js';
import { buildEngineSync } from '../../../../src/search/engine.js';
import { getIndexBody, MissingIndexError, searchIndexFor, searchWorker, type IndexRef } from '../../../../src/search/search-index.js';
import { until } from '../../helpers/dom.js';
import { mountReady } from '../../helpers/search.js';
import { newSandbox } from '../../helpers/sandbox.js';

const QUERIES = ['podcasting', 'email deliverab', 'search engines', 'note-taking', 'quiet case', 'letters'];
const ids = (results: { hits: Array<{ entry: { id: string } }> }) => results.hits.map((hit) => hit.entry.id);

describe('the search index, off the main thread', () => {
  const mounted: Element[] = [];
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
  });

  it('is read into the worker, which answers as the engine on the page would; the page holds a reference', async () => {
    const transport = sharedTransport(newSandbox().baseUrl);
    const { data } = (await getIndexBody(`test|${Math.random()}`)(transport, { tenant: 'demo' })) as { data: IndexRef };
    expect(data.digest, 'the page holds the bytes themselves').to.be.a('string');
    expect(data.size).to.be.greaterThan(10_000);
    const index = await searchIndexFor(data);
    expect(index.where).to.equal('worker');
    const entries = await dataOf(getSearchIndex(transport, { tenant: 'demo' }));
    const engine = buildEngineSync(entries);
    expect(index.size).to.equal(engine.size);
    for (const query of QUERIES) {
      const answer = await index.search(query, { limit: 8 });
      expect(ids(answer), query).to.deep.equal(ids(engine.search(query, { limit: 8 })));
      expect(answer.total, query).to.equal(engine.search(query, { limit: 8 }).total);
    }
  });

  it("writes the hits' dates and the count in the language asked for", async () => {
    const transport = sharedTransport(newSandbox().baseUrl);
    const { data } = (await getIndexBody(`test|${Math.random()}`)(transport, { tenant: 'demo' })) as { data: IndexRef };
    const index = await searchIndexFor(data);
    const answer = await index.search('the', { limit: 8 }, 'fr');
    const dated = answer.hits.find((hit) => hit.entry.published_at)!;
    expect(dated.date).to.equal(new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(new Date(dated.entry.published_at!)));
    expect(answer.count).to.equal(answer.total.toLocaleString('fr'));
  });

  it('sends only the newest query waiting: one overtaken while it waits is dropped', async () => {
    const transport = sharedTransport(newSandbox().baseUrl);
    const { data } = (await getIndexBody(`test|${Math.random()}`)(transport, { tenant: 'demo' })) as { data: IndexRef };
    const index = await searchIndexFor(data);
    const first = index.search('podcasting');
    const overtaken = index.search('letters');
    const newest = index.search('quiet case');
    let dropped: unknown;
    await overtaken.catch((error: unknown) => (dropped = error));
    expect((dropped as DOMException | undefined)?.name).to.equal('AbortError');
    expect((await first).terms).to.deep.equal(['podcasting']);
    expect((await newest).terms).to.deep.equal(['quiet', 'case']);
  });

  it('has the answer one letter on ready: a letter the worker guessed is answered in its keystroke\'s task, as the engine would answer it', async () => {
    const transport = sharedTransport(newSandbox().baseUrl);
    const { data } = (await getIndexBody(`test|${Math.random()}`)(transport, { tenant: 'demo' })) as { data: IndexRef };
    const index = await searchIndexFor(data);
    const engine = buildEngineSync(await dataOf(getSearchIndex(transport, { tenant: 'demo' })));
    // Every guess the worker sends, heard from the start: one may come before its wait begins.
    const guesses = new Set<string>();
    (await searchWorker())!.addEventListener('message', ({ data: message }: MessageEvent) => {
      if (Array.isArray(message) && message[1] === 'guess') guesses.add(message[3] as string);
    });
    // Typed so far, and the letter typed next: a completion the hits go on with, a space, a
    // letter no word goes on with; and a first letter, which the worker answers once the
    // visitor pauses, and the page keeps.
    for (const [typed, next] of [['podcas', 't'], ['email', ' '], ['quiet c', 'q'], ['', 'w']] as const) {
      const key = JSON.stringify([typed + next, { limit: 8 }, 'en']);
      if (typed) await index.search(typed, { limit: 8 }, 'en');
      await until(() => guesses.has(key), `the worker's guess at "${typed + next}"`);
      let answer: Awaited<ReturnType<typeof index.search>> | undefined;
      void index.search(typed + next, { limit: 8 }, 'en').then((given) => (answer = given));
      // Microtasks only: no task, so no message from the worker, comes between.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(answer, `"${typed + next}" answered in its own task`).to.not.equal(undefined);
      const expected = engine.search(typed + next, { limit: 8 });
      expect(ids(answer!), typed + next).to.deep.equal(ids(expected));
      expect(answer!.total).to.equal(expected.total);
      expect(answer!.count).to.equal(expected.total.toLocaleString('en'));
      // Searched, never shown: an entry's content is not sent to the page.
      expect(answer!.hits.every((hit) => hit.entry.content === undefined)).to.equal(true);
    }
  });

  it('a reference to bytes the worker no longer keeps says so, so that the index is read again', async () => {
    let error: unknown;
    await searchIndexFor({ key: `gone|${Math.random()}`, digest: '0123456789abcdef', size: 1 }).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(MissingIndexError);
  });

  it('<hub-search> builds and searches there, and shows what comes back', async () => {
    const el = await mountReady('demo', newSandbox().baseUrl, mounted);
    expect((el as unknown as { _engine: { where: string } })._engine.where).to.equal('worker');
    el.value = 'podcasting';
    await new Promise((resolve) => el.addEventListener('hub-search-results', resolve, { once: true }));
    await el.updateComplete;
    const titles = [...el.shadowRoot!.querySelectorAll('[part="title"]')].map((t) => t.textContent);
    expect(titles[0]?.toLowerCase()).to.contain('podcasting');
    expect(el.shadowRoot!.querySelector('time')?.textContent).to.match(/\d{4}/);
  });
});
