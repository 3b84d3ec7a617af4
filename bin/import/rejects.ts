/**
 * FILE.rejected.csv: the rows an import could not send, each with its spreadsheet row number
 * and the reason, before the row's own columns, so a person can fix them there and import
 * that file (the two extra columns are ignored then).
 *
 * A run writes its report to FILE.rejected.csv.partial and puts it in place only when it
 * completes: a run that fails (the service unreachable, a bad key) never deletes or truncates
 * the report of an earlier run. An interrupted run that can resume keeps its partial report,
 * and the resumed run appends to it.
 */
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { stringify, type Stringifier } from 'csv-stringify';

export class RejectReport {
  readonly path: string;
  readonly partialPath: string;
  #writer: Stringifier | undefined;
  #done: Promise<void> | undefined;
  #rows = 0;

  constructor(
    file: string,
    private readonly columns: () => string[],
    resuming: boolean,
  ) {
    this.path = `${file}.rejected.csv`;
    this.partialPath = `${this.path}.partial`;
    // A partial report without a run to resume belongs to an import that was abandoned.
    if (!resuming) rmSync(this.partialPath, { force: true });
  }

  /** Rows written by this run. */
  get rows(): number {
    return this.#rows;
  }

  add(row: number, reason: string, cells: readonly string[]): void {
    if (!this.#writer) {
      const header = !existsSync(this.partialPath);
      this.#writer = stringify({ header, columns: ['rejected_row', 'rejected_reason', ...this.columns()] });
      this.#done = pipeline(this.#writer, createWriteStream(this.partialPath, { flags: 'a' }));
    }
    this.#writer.write([String(row), reason, ...cells]);
    this.#rows++;
  }

  async close(): Promise<void> {
    this.#writer?.end();
    await this.#done;
  }

  /**
   * The run completed: its report (this run's rows and those of the runs it resumed) takes
   * the place of the last one. With no rejected row at all, an older report would only
   * mislead, so it goes. Answers whether there is a report.
   */
  async complete(): Promise<boolean> {
    await this.close();
    if (existsSync(this.partialPath)) {
      renameSync(this.partialPath, this.path);
      return true;
    }
    rmSync(this.path, { force: true });
    return false;
  }

  /** The run failed: a report it can resume stays as it is; one of a run that sent nothing goes. */
  async abandon(resumable: boolean): Promise<void> {
    await this.close();
    if (!resumable) rmSync(this.partialPath, { force: true });
  }
}
