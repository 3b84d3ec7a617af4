import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ConfigError, logOnce } from '../../src/api/errors.js';
import { cachedCall } from '../../src/cache/freshness.js';
import { cacheKey } from '../../src/cache/swr.js';
import { getIndexBody, MissingIndexError, searchIndexFor, searchWorker, type IndexBody, type SearchIndexHandle } from '../../src/search/search-index.js';
import { onConnect } from '../../src/lifecycle/on-connect.js';
import { DialogController } from '../controllers/dialog.js';
import { HotkeyController } from '../controllers/hotkey.js';
import { ListboxController } from '../controllers/listbox.js';
import { RecentsController } from '../controllers/recents.js';
import { ResourceController } from '../controllers/resource.js';
import { ResultsController } from '../controllers/results.js';
import { rowsFor } from '../../src/search/rows.js';
import { transportFor } from '../shared/transport-for.js';
import { defineElement } from '../shared/define.js';
import { emit } from '../shared/emit.js';
import { errorText, fill, langOf, onStringsChange, plural, SEARCH_EN, stringsFor, type SearchStrings, type Words } from '../shared/strings.js';
import { tokens } from '../shared/tokens.styles.js';
import { styles } from './hub-search.styles.js';
import { ICON, option, resultBody, shortcut, type Row } from './result.js';

export type HubSearchState = 'idle' | 'loading' | 'results' | 'empty' | 'error';
export type { HubSearchErrorDetail, HubSearchReadyDetail, HubSearchResultsDetail, HubSearchSelectDetail } from './events.js';

/**
 * @summary Instant search over a creator's Hub, as you type, cached across visits and
 * usable offline once loaded.
 *
 * An ARIA 1.2 combobox whose listbox of results sits in the same shadow root. Each result
 * is a link (`<a href role="option">`) showing the title, type, date and an excerpt with the
 * matched words highlighted. The index is fetched once per five minutes through the kit's
 * cache and searched in the browser.
 *
 * @attr tenant - The Hub's slug (required).
 * @attr base-url - Where the service lives; default the page's origin.
 * @attr placeholder - Placeholder of the search box. Default: the `search` string ("Search" in English).
 * @attr label - Accessible name of the search box. Default: the `search` string.
 * @attr limit - Most results shown. Default 8.
 * @attr types - Only these entry types, comma or space separated (e.g. "post, episode").
 * @attr mode - "inline" (default): the box is on the page; "dialog": a button (and the
 *   shortcut) opens the search in a modal dialog.
 * @attr recent - How many recent searches to keep on this device (localStorage); 0 keeps none. Default 5.
 * @attr preload - Load the index when the element connects instead of on first use.
 * @attr no-shortcut - Do not answer Ctrl/Cmd+K and "/".
 * @attr busy - Reflected while the index loads or builds.
 * @attr open - Reflected while the results panel (or the dialog) is open.
 * @attr offline - Reflected while searching a saved copy the service could not confirm.
 *
 * @prop {HubSearchState} state - idle, loading, results, empty or error (read-only).
 * @prop {string} value - The query.
 *
 * @fires hub-search-ready - The index is built and searchable. detail: { size, offline }
 * @fires hub-search-results - Results for a query are rendered. detail: { query, total, entries } (entries without their content)
 * @fires hub-search-select - Cancelable, before a result is followed. detail: { query, entry, url } (the entry without its content)
 * @fires hub-search-error - The index could not be loaded. detail: { error }
 *
 * @slot trigger-label - Text of the dialog mode's button. Default: the `search` string.
 *
 * @csspart base - The wrapper around everything.
 * @csspart label - The (visually hidden) label.
 * @csspart combobox - The box around the input.
 * @csspart input - The search input.
 * @csspart shortcut - The keyboard shortcut hint.
 * @csspart panel - The panel below the box: messages and results.
 * @csspart message - Loading, no-results, error and offline messages.
 * @csspart retry - The retry button of the error state.
 * @csspart listbox - The list of results or recent searches.
 * @csspart option - One result or recent search.
 * @csspart title - A result's title.
 * @csspart meta - A result's type and date.
 * @csspart excerpt - A result's excerpt.
 * @csspart mark - A highlighted word.
 * @csspart trigger - The dialog mode's button.
 * @csspart dialog - The dialog of dialog mode.
 *
 * @cssprop --hub-bg - Background.
 * @cssprop --hub-fg - Text colour.
 * @cssprop --hub-muted - Secondary text: meta, placeholder, messages.
 * @cssprop --hub-border - Borders of the box and panel.
 * @cssprop --hub-accent - Highlighted words and the active result's background.
 * @cssprop --hub-accent-fg - Text on the active result.
 * @cssprop --hub-error - Error message colour.
 * @cssprop --hub-focus - Focus ring.
 * @cssprop --hub-radius - Corner radius.
 */
export class HubSearch extends LitElement {
  static override styles = [tokens, styles];

  static define(tag = 'hub-search', registry: CustomElementRegistry = customElements): void {
    defineElement(tag, this, registry);
  }

  // Declared statically rather than with decorators: the decorator helpers and one call per
  // field cost more bytes in every bundle than this one object.
  static override properties: PropertyDeclarations = {
    tenant: {},
    baseUrl: { attribute: 'base-url' },
    placeholder: {},
    label: {},
    limit: { type: Number },
    types: {},
    mode: {},
    recent: { type: Number },
    preload: { type: Boolean },
    noShortcut: { type: Boolean, attribute: 'no-shortcut' },
    busy: { type: Boolean, reflect: true },
    open: { type: Boolean, reflect: true },
    offline: { type: Boolean, reflect: true },
    // `attribute: false` is what state implies, but custom-elements.json reads only this.
    _value: { state: true, attribute: false },
    _engine: { state: true, attribute: false },
  };

  tenant = '';
  baseUrl: string | undefined;
  placeholder: string | undefined;
  label: string | undefined;
  limit = 8;
  types = '';
  mode: 'inline' | 'dialog' = 'inline';
  recent = 5;
  preload = false;
  noShortcut = false;
  busy = false;
  open = false;
  offline = false;

  private _value = '';
  private _engine: SearchIndexHandle | undefined;

  private get _input(): HTMLInputElement {
    return this.renderRoot?.querySelector('input') as HTMLInputElement;
  }

  #baseUrl: string | undefined;
  /** The index's reading, past the cache: for when the worker no longer keeps the bytes the cache names. */
  #readAgain: (() => Promise<IndexBody>) | undefined;

  #index = new ResourceController<IndexBody>(this, {
    read: (retry) => {
      if (!this.tenant) throw new ConfigError('hub-kit: <hub-search> needs a tenant attribute.');
      const transport = transportFor(this.baseUrl);
      const params = { tenant: this.tenant };
      // Relative result URLs are read against the service that sent the index.
      this.#baseUrl = transport.baseUrl;
      // The worker starts while the index comes, and takes its body as it arrives (src/search/search-index.ts).
      void searchWorker();
      const get = getIndexBody(cacheKey(transport.baseUrl, params.tenant, 'searchIndex'));
      this.#readAgain = async () => ((await get(transport, params)) as { data: IndexBody }).data;
      return cachedCall<'searchIndex', IndexBody>(transport, 'searchIndex', get, params, { retry });
    },
    show: async ({ data }, signal) => {
      const engine = await searchIndexFor(data, signal).catch(async (error: unknown) => {
        if (!(error instanceof MissingIndexError)) throw error;
        return searchIndexFor(await this.#readAgain!(), signal);
      });
      if (signal.aborted) return;
      this._engine = engine;
      this.#results.search(true);
    },
    fail: (error) => {
      logOnce(error);
      emit(this, 'hub-search', 'error', { error });
    },
  });

  #results = new ResultsController(this, {
    query: () => this._value,
    engine: () => this._engine,
    rows: (engine, query) => rowsFor(engine, query, this.limit, this.types, this.#baseUrl, stringsFor(this, SEARCH_EN).lang),
    wanted: () => void this.load(),
    changed: () => (this.#list.active = -1),
  });

  #list = new ListboxController(this, {
    count: () => this.#options().length,
    arrow: () => (this.open = true),
    // Enter without a choice follows the first result, as most site searches do.
    choose: (index) => (index >= 0 || this._value.trim()) && this.#choose(Math.max(index, 0)),
    escape: () => {
      // In dialog mode the dialog would close itself too; doing it here keeps the focus
      // return in one place. (The input follows the value when it renders.)
      if (this.mode === 'dialog' || (this.open && (this.#options().length || this.state !== 'idle'))) this.close();
      else if (this._value) this.value = '';
      else return false;
      return true;
    },
    composed: () => this.#onInput(),
  });

  // Dialog mode: its button opens it, and gets the focus back when it closes.
  #dialog = new DialogController(this, { dialog: 'dialog', trigger: '.trigger', closed: () => this.close() });

  #recents = new RecentsController(this, { tenant: () => this.tenant, max: () => this.recent });

  #hotkey = new HotkeyController(this, {
    keys: ['mod+k', '/'],
    // Taken, unless the shortcut is off.
    press: () => !this.noShortcut && (this.focus(), (this.open = true)),
  });

  constructor() {
    super();
    onConnect(this, (signal) => {
      onStringsChange(() => this.requestUpdate(), { signal });
      if (this.preload) void this.load();
      // A press outside an inline search closes its panel.
      const outside = (event: Event) => this.mode === 'inline' && this.open && !event.composedPath().includes(this);
      document.addEventListener('pointerdown', (event) => outside(event) && this.close(), { signal });
    });
  }

  /** idle, loading, results, empty or error. */
  get state(): HubSearchState {
    if (!this._engine) return this.#index.pending ? 'loading' : this.#index.error ? 'error' : 'idle';
    if (!this._value.trim()) return 'idle';
    return this.#results.total > 0 ? 'results' : 'empty';
  }

  get value(): string {
    return this._value;
  }

  set value(value: string) {
    this._value = String(value ?? '');
    this.#results.search();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A different index: forget the old one and load again when it is wanted.
    // (Not on the first update: a focus() before it has already started the right load.)
    if (this.hasUpdated && (changed.has('tenant') || changed.has('baseUrl'))) {
      const wanted = this.preload || this.open || this.#index.pending || !!this._engine;
      this.#index.reset();
      this._engine = undefined;
      if (this.isConnected && wanted) void this.load();
    }
    if (changed.has('tenant')) this.#recents.read();
    // The same query, asked again with the new filter.
    if (changed.has('types') || changed.has('limit')) this.#results.search(true);
    this.busy = this.#index.pending && !this._engine;
    this.offline = this.#index.offline;
  }

  protected override updated(changed: PropertyValues): void {
    // Ready once the index is rendered searchable, and `busy` gone with it.
    const engine = this._engine;
    if (engine && changed.has('_engine') && !changed.get('_engine')) {
      emit(this, 'hub-search', 'ready', { size: engine.size, offline: this.offline });
    }
    const { rows, total } = this.#results;
    if (this.#results.unannounced()) emit(this, 'hub-search', 'results', { query: this._value, total, entries: rows.map((row) => row.entry) });
  }

  /** Focuses the search box (opening the dialog in dialog mode) and starts loading the index. */
  override focus(options?: FocusOptions): void {
    // Only dialog mode renders a dialog.
    if (this.#dialog.show()) this.open = true;
    this._input?.focus(options);
    void this.load();
  }

  /** Closes the results panel, and the dialog in dialog mode. */
  close(): void {
    this.open = false;
    this.#list.active = -1;
    this.#dialog.close();
  }

  /**
   * Loads the index (once; later calls share the first). Resolves when it is searchable or
   * has failed; a failure is shown as the error state, never thrown.
   */
  load(): Promise<void> {
    return this.#index.load();
  }

  /**
   * Asks for the index again: after an error, or to leave "offline" once the service is
   * back. Within freshness it sends nothing; after a failure it asks even while the
   * index backs off, as a person asked for it.
   */
  refresh(): Promise<void> {
    return this.#index.run(true);
  }

  #onFocus(): void {
    this.open = true;
    void this.load();
  }

  #clearRecent(): void {
    this.#recents.clear();
    this._input.focus();
  }

  /** Typing, and the end of a composition (no event). */
  #onInput(event?: InputEvent): void {
    this._value = this._input.value;
    this.open = true;
    // Mid-composition text is not what the visitor means yet; compositionend searches.
    if (this.#list.composing || event?.isComposing) return;
    this.#results.search();
  }

  /** What the listbox offers: the results of a query, or the recent searches before one. */
  #options(): readonly unknown[] {
    return this._value.trim() ? this.#results.rows : this.#recents.list;
  }

  /** Enter on option `index` (no `click`), or a click on it. */
  #choose(index: number, click?: MouseEvent): void {
    const row = this.#results.rows[index];
    if (!this._value.trim()) {
      click?.preventDefault();
      const query = this.#recents.list[index];
      if (query !== undefined) {
        this.value = query;
        this._input.focus();
      }
    } else if (click) {
      // A real click (or the synthetic one Enter makes): the link navigates itself.
      if (!row?.url || (click.isTrusted && !this.#select(row))) click.preventDefault();
    } else if (row?.url && this.#select(row)) this.renderRoot.querySelector<HTMLElement>(`#option-${index}`)?.click();
  }

  /** Remembers the query among the recent searches and asks the page whether the result may be followed. */
  #select(row: Row): boolean {
    this.#recents.remember(this._value.trim());
    return emit(this, 'hub-search', 'select', { query: this._value, entry: row.entry, url: row.url! }, true);
  }

  #onOptionClick(event: MouseEvent): void {
    // The option's id is "option-" and its index.
    this.#choose(+(event.currentTarget as Element).id.slice(7), event);
  }

  #renderCombobox(s: Words<SearchStrings>): TemplateResult {
    const state = this.state;
    const error = state === 'error' && errorText(s.searchErrors, this.#index.error);
    const query = this._value.trim();
    const showRecent = !query && this.#recents.list.length > 0 && state !== 'loading' && state !== 'error';
    const { rows, total, searched } = this.#results;
    const active = this.#list.active;
    const showList = (state === 'results' && rows.length > 0) || showRecent;
    // Expanded exactly while the listbox shows.
    const expanded = this.open && showList;
    // `words`: the table's words for the text, whose language it is in (langOf).
    const message = (text: unknown, extra = '', words = text) => html`<p part="message" class="message ${extra}" lang=${langOf(s, words)}>${text}</p>`;
    const label = this.label ?? s.search;
    const noResults = fill(s.searchNoResults, 'query', searched || query);
    return html`<label part="label" class="sr-only" for="input" lang=${langOf(s, label)}>${label}</label>
      <div part="combobox" class="box">
        ${ICON}
        <input id="input" part="input" role="combobox" autocomplete="off" autocapitalize="off"
          spellcheck="false" enterkeyhint="search" aria-autocomplete="list" aria-controls="listbox"
          aria-expanded=${expanded} aria-busy=${this.busy} aria-activedescendant=${(expanded && this.#list.activeId) || nothing}
          placeholder=${this.placeholder ?? s.search} .value=${this._value} @focus=${this.#onFocus} @input=${this.#onInput}
          @keydown=${this.#list} @compositionstart=${this.#list} @compositionend=${this.#list} />
        ${this.mode === 'dialog' || this.noShortcut ? nothing : shortcut(this.#hotkey.mod, s.ctrlKey)}
      </div>
      <div part="panel" class="panel" ?hidden=${!(this.open && (showList || state !== 'idle' || this.offline))}>
        ${this.offline
          ? message(navigator.onLine ? s.searchSavedUnreachable : s.searchSavedOffline, 'offline')
          : nothing}
        ${state === 'loading' && (query || this.open)
          ? message(s.searchLoading)
          : state === 'error'
            ? message(html`${error} <button part="retry" type="button" @click=${this.refresh}>${s.retry}</button>`, 'error', s.searchErrors)
            : state === 'empty'
              ? message(noResults, '', s.searchNoResults)
              : nothing}
        ${showRecent
          ? html`<p class="heading" lang=${langOf(s, s.recentSearches)}>
              <span>${s.recentSearches}</span><button type="button" @click=${this.#clearRecent}>${s.clearRecent}</button>
            </p>`
          : nothing}
        <div id="listbox" part="listbox" role="listbox" aria-label=${showRecent ? s.recentSearches : s.searchResultsLabel}
          ?hidden=${!showList}>${showRecent
            ? this.#recents.list.map((q, i) => option(i, i === active, this.#onOptionClick, q))
            : rows.map((row, i) => option(i, i === active, this.#onOptionClick, resultBody(row, s.lang), row.url, !row.url))}</div>
      </div>
      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true" lang=${langOf(s, s.searchResults)}>${
        state === 'loading' ? s.searchLoading : error || (searched && (total ? plural(s.searchResults, total, s.lang, this.#results.count) : noResults))
      }</div>`;
  }

  protected override render(): TemplateResult {
    const s = stringsFor(this, SEARCH_EN);
    return html`<div part="base">
      ${this.mode === 'dialog'
        ? html`<button part="trigger" class="trigger" type="button" aria-haspopup="dialog" lang=${langOf(s, s.search)} @click=${() => this.focus()}>
              ${ICON}<slot name="trigger-label">${s.search}</slot>${this.noShortcut ? nothing : shortcut(this.#hotkey.mod, s.ctrlKey)}
            </button>
            <dialog part="dialog" aria-label=${this.label ?? s.search} @close=${this.#dialog}>
              ${this.#renderCombobox(s)}
              <div class="close"><button class="trigger" type="button" lang=${langOf(s, s.close)} @click=${this.close}>${s.close}</button></div>
            </dialog>`
        : this.#renderCombobox(s)}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'hub-search': HubSearch;
  }
}
