import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { ResultsController } from '../../../components/controllers/results.js';

/** An "engine" that is a list of words: a query finds the words that start with it. */
type Words = string[];

/** Lists the words its query finds, at most two; counts what it asked of its engine. */
class ResultsHost extends LitElement {
  query = '';
  engine: Words | undefined;
  searches = 0;
  wanted = 0;
  changes = 0;
  results = new ResultsController(this, {
    query: () => this.query,
    engine: () => this.engine,
    rows: (engine: Words, query: string) => {
      this.searches++;
      const found = engine.filter((word) => word.startsWith(query.trim()));
      return { rows: found.slice(0, 2), total: found.length };
    },
    wanted: () => this.wanted++,
    changed: () => this.changes++,
  });
  announced: string[][] = [];
  override updated() {
    if (this.results.unannounced()) this.announced.push([...this.results.rows]);
  }
  override render() {
    return html`<ul>${this.results.rows.map((row) => html`<li>${row}</li>`)}</ul><p>${this.results.total}</p>`;
  }
}
customElements.define('results-host', ResultsHost);

/** The same, with an engine that answers later (as one in a worker does), each answer when the test lets it. */
class LaterHost extends LitElement {
  query = '';
  engine: Words | undefined = ['pod', 'podcast', 'podcasting', 'post'];
  /** Answers waiting, by query: call one to let its answer come. */
  pending = new Map<string, () => void>();
  results = new ResultsController(this, {
    query: () => this.query,
    engine: () => this.engine,
    rows: (engine: Words, query: string) =>
      new Promise<{ rows: string[]; total: number }>((resolve) => {
        const found = engine.filter((word) => word.startsWith(query.trim()));
        this.pending.set(query, () => resolve({ rows: found.slice(0, 2), total: found.length }));
      }),
    wanted: () => {},
  });
  override render() {
    return html`<ul>${this.results.rows.map((row) => html`<li>${row}</li>`)}</ul>`;
  }
}
customElements.define('results-later-host', LaterHost);

describe('ResultsController', () => {
  let host: ResultsHost;
  async function shown(): Promise<{ rows: string[]; total: string }> {
    await host.updateComplete;
    const root = host.shadowRoot!;
    return { rows: [...root.querySelectorAll('li')].map((li) => li.textContent!), total: root.querySelector('p')!.textContent! };
  }
  function type(query: string): void {
    host.query = query;
    host.results.search();
  }

  beforeEach(async () => {
    host = document.createElement('results-host') as ResultsHost;
    host.engine = ['pod', 'podcast', 'podcasting', 'post'];
    document.body.append(host);
    await host.updateComplete;
  });
  afterEach(() => host.remove());

  it('shows the rows of a query and how many matched in all', async () => {
    type('pod');
    expect(await shown()).to.deep.equal({ rows: ['pod', 'podcast'], total: '3' });
    expect(host.results.searched).to.equal('pod');
  });

  it('searches a query once, and again only when asked to', async () => {
    type('po');
    type('po');
    expect(host.searches).to.equal(1);
    host.results.search(true);
    expect(host.searches).to.equal(2);
    expect(host.changes).to.equal(2);
  });

  it('shows nothing for a blank query, without searching', async () => {
    type('pod');
    await shown();
    type('  ');
    expect(await shown()).to.deep.equal({ rows: [], total: '0' });
    expect(host.searches).to.equal(1);
    expect(host.results.searched).to.equal('');
  });

  it('says once that results are new, after they are rendered', async () => {
    type('podc');
    await host.updateComplete;
    host.requestUpdate();
    await host.updateComplete;
    type('   ');
    await host.updateComplete;
    expect(host.announced).to.deep.equal([['podcast', 'podcasting']]);
  });

  it('asks the host for an engine when a query comes first, and searches once it has one', async () => {
    host.engine = undefined;
    type('');
    expect(host.wanted, 'not for a blank query').to.equal(0);
    type('post');
    expect(host.wanted).to.equal(1);
    expect(await shown()).to.deep.equal({ rows: [], total: '0' });
    host.engine = ['post'];
    host.results.search(true);
    expect(await shown()).to.deep.equal({ rows: ['post'], total: '1' });
  });

  describe('when the engine answers later', () => {
    it('never goes back to an older query: an answer a newer query overtook is not shown', async () => {
      const later = document.createElement('results-later-host') as LaterHost;
      document.body.append(later);
      try {
        await later.updateComplete;
        later.query = 'po';
        later.results.search();
        later.query = 'podc';
        later.results.search();
        // The newer query's answer comes first, then the older one's.
        later.pending.get('podc')!();
        await new Promise((resolve) => setTimeout(resolve));
        later.pending.get('po')!();
        await new Promise((resolve) => setTimeout(resolve));
        await later.updateComplete;
        const rows = [...later.shadowRoot!.querySelectorAll('li')].map((li) => li.textContent);
        expect(rows).to.deep.equal(['podcast', 'podcasting']);
        expect(later.results.searched).to.equal('podc');
      } finally {
        later.remove();
      }
    });
  });
});
