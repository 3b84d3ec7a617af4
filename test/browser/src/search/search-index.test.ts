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
import { getIndexBody, MissingIndexError, searchIndexFor, type IndexRef } from '../../../../src/search/search-index.js';
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
