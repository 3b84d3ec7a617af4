/**
 * A search box's query and its results: each query is searched once, as it is typed (and
 * again when `search(true)` says the filter changed), into the rows the host makes with
 * its engine. A query that comes before the engine asks the host for one. The host renders
 * the rows and, from its `updated()`, asks `unannounced()` whether they are new: the moment
 * to tell the page, in whatever order it tells it other news.
 *
 * Rows may come at once or later (an engine in a worker): the answer to a query that a
 * newer one has overtaken is dropped, so results never go back to an older query, and
 * until the newer answer comes the rows shown stay those of the last answer.
 *
 * It knows nothing of what an engine or a row is.
 */
import type { ReactiveControllerHost } from 'lit';

type Answer<Row> = { rows: Row[]; total: number; count?: string | undefined };

export interface ResultsOptions<Engine, Row> {
  /** The query as typed. */
  query(): string;
  /** The engine to search; undefined while there is none yet. */
  engine(): Engine | undefined;
  /** The rows to show for a query that is not blank, and how many entries match in all. */
  rows(engine: Engine, query: string): Answer<Row> | Promise<Answer<Row>>;
  /** A query came before the engine: where the host starts loading one. */
  wanted(): void;
  /** New results (or none, for a cleared query) replaced the old ones. */
  changed?(): void;
}

export class ResultsController<Engine, Row> {
  rows: Row[] = [];
  /** Every entry the query matches, before the limit. */
  total = 0;
  /** `total` as the page's language writes it, when the engine wrote it. */
  count: string | undefined;
  /** The query searched last, trimmed; empty when it was blank or nothing was searched. */
  searched = '';
  #last: string | undefined;
  /** How many searches were asked for: the number of the newest. */
  #asked = 0;
  #news = false;
  #host: ReactiveControllerHost;
  #options: ResultsOptions<Engine, Row>;

  constructor(host: ReactiveControllerHost, options: ResultsOptions<Engine, Row>) {
    this.#host = host;
    this.#options = options;
  }

  /** Searches the query, unless it is the one searched last and not `again`. */
  search(again?: boolean): void {
    const options = this.#options;
    const engine = options.engine();
    const query = options.query();
    if (!engine) {
      if (query.trim()) options.wanted();
      return;
    }
    if (query === this.#last && !again) return;
    this.#last = query;
    const asked = ++this.#asked;
    const searched = query.trim();
    const show = (answer: Answer<Row>) => {
      // An answer overtaken by a newer query's is not shown.
      if (asked !== this.#asked) return;
      this.searched = searched;
      ({ rows: this.rows, total: this.total, count: this.count } = answer);
      this.#news = !!searched;
      options.changed?.();
      this.#host.requestUpdate();
    };
    const answer = searched ? options.rows(engine, query) : { rows: [], total: 0 };
    if ('then' in answer) answer.then(show, () => {});
    else show(answer);
  }

  /** True once for each query's new results, from the first call after they came. */
  unannounced(): boolean {
    const news = this.#news;
    this.#news = false;
    return news;
  }
}
