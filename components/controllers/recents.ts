/**
 * A host's recent searches on this device (src/search/recents.ts), as a list it renders:
 * read again whenever the host connects (another search box of the page, or of another tab,
 * may have saved one while it was away) and whenever the host calls `read()` (its tenant
 * changed); `remember` and `clear` save at once and ask the host to render.
 */
import type { ReactiveControllerHost } from 'lit';
import { readRecents, rememberRecent, saveRecents } from '../../src/search/recents.js';

export interface RecentsOptions {
  /** Whose searches: the tenant. None are kept without one. */
  tenant(): string;
  /** How many are kept; 0 keeps none. */
  max(): number;
}

export class RecentsController {
  /** Newest first. */
  list: string[] = [];
  #host: ReactiveControllerHost;
  #options: RecentsOptions;

  constructor(host: ReactiveControllerHost, options: RecentsOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.read();
    this.#host.requestUpdate();
  }

  /** Reads the list again. Where there is no storage (a server render), it is empty. */
  read(): void {
    this.list = readRecents(this.#options.tenant(), this.#options.max());
  }

  /** Makes `query` the newest, once. */
  remember(query: string): void {
    this.list = rememberRecent(this.#options.tenant(), this.list, query, this.#options.max());
    this.#host.requestUpdate();
  }

  clear(): void {
    this.list = saveRecents(this.#options.tenant(), []);
    this.#host.requestUpdate();
  }
}
