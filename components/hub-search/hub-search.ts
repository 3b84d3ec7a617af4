import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { SearchEntry } from '../../src/api/schema.js';
import { ConfigError, HttpError, RateLimitedError, logOnce } from '../../src/api/errors.js';
import { getSearchIndex } from '../../src/api/calls.js';
import { cachedCall } from '../../src/cache/freshness.js';
import { buildEngine, type Hit, type SearchEngine } from '../../src/search/engine.js';
import { highlight, type Segment } from '../../src/search/highlight.js';
import { clientFor } from '../shared/client.js';
import { defineElement } from '../shared/define.js';
import { emit } from '../shared/emit.js';
import { safeUrl, WEB_SCHEMES } from '../../src/url/safe-url.js';
import { tokens } from '../shared/tokens.styles.js';
import { styles } from './hub-search.styles.js';

export type HubSearchState = 'idle' | 'loading' | 'results' | 'empty' | 'error';

export interface HubSearchResultsDetail {
  query: string;
  /** Every matching entry. */
  total: number;
  /** The entries shown, at most `limit`. */
  entries: SearchEntry[];
}

export interface HubSearchSelectDetail {
  query: string;
  entry: SearchEntry;
  /** The filtered link that will be followed. */
  url: string;
}

export interface HubSearchReadyDetail {
  /** Entries in the index. */
  size: number;
  /** True when searching a saved copy the service could not confirm. */
  offline: boolean;
}

export interface HubSearchErrorDetail {
  error: Error;
}

interface Row extends Hit {
  /** Undefined when the entry's URL is not http(s): shown, but never a link. */
  url: string | undefined;
}

const RECENT_PREFIX = 'hub-kit:recent-searches:';
/** Characters of an excerpt shown: a longer one is cut around its first match. */
const EXCERPT_WINDOW = 180;

/**
 * Engines built per index array: two elements on a page get the same array from the cache,
 * so they share one build instead of indexing the same entries twice.
 */
const engines = new WeakMap<readonly SearchEntry[], Promise<SearchEngine>>();

function engineFor(entries: readonly SearchEntry[]): Promise<SearchEngine> {
  let engine = engines.get(entries);
  if (!engine) {
    engines.set(entries, (engine = buildEngine(entries)));
    engine.catch(() => engines.delete(entries));
  }
  return engine;
}

/** A field that takes typing ("/" there is text), contenteditable included (:read-write). */
function isEditable(target: EventTarget | undefined): boolean {
  return target instanceof Element && target.matches('input,textarea,select,:read-write');
}

// One magnifier, for the search box and dialog mode's button: a ring and a handle, drawn as
// strokes, which take far fewer bytes than the outline of their shape.
const ICON = html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor"
  stroke-width="2"><circle cx="10" cy="10" r="7"/><path d="m15 15 6 6"/></svg>`;

function marked(segments: Segment[]): Array<TemplateResult | string> {
  return segments.map((s) => (s.mark ? html`<mark part="mark">${s.text}</mark>` : s.text));
}

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
 * @attr placeholder - Placeholder of the search box. Default "Search".
 * @attr label - Accessible name of the search box. Default "Search".
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
 * @fires hub-search-results - Results for a query are rendered. detail: { query, total, entries }
 * @fires hub-search-select - Cancelable, before a result is followed. detail: { query, entry, url }
 * @fires hub-search-error - The index could not be loaded. detail: { error }
 *
 * @slot trigger-label - Text of the dialog mode's button. Default "Search".
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
    _rows: { state: true, attribute: false },
    _total: { state: true, attribute: false },
    _active: { state: true, attribute: false },
    _error: { state: true, attribute: false },
    _engine: { state: true, attribute: false },
    _recent: { state: true, attribute: false },
    _announcement: { state: true, attribute: false },
  };

  tenant = '';
  baseUrl: string | undefined;
  placeholder = 'Search';
  label = 'Search';
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
  private _rows: Row[] = [];
  private _total = 0;
  private _active = -1;
  private _error: Error | undefined;
  private _engine: SearchEngine | undefined;
  private _recent: string[] = [];
  private _announcement = '';

  private get _input(): HTMLInputElement {
    return this.renderRoot?.querySelector('input') as HTMLInputElement;
  }

  private get _dialog(): HTMLDialogElement | null {
    return this.renderRoot?.querySelector('dialog');
  }

  #loading: Promise<void> | undefined;
  #baseUrl: string | undefined;
  #composing = false;
  #searchedQuery: string | undefined;
  #generation = 0;
  #resultsPending = false;
  #shortcut = 'Ctrl K';

  /** idle, loading, results, empty or error. */
  get state(): HubSearchState {
    if (this._error && !this._engine) return 'error';
    if (!this._engine) return this.busy ? 'loading' : 'idle';
    if (!this._value.trim()) return 'idle';
    return this._total > 0 ? 'results' : 'empty';
  }

  get value(): string {
    return this._value;
  }

  set value(value: string) {
    this._value = String(value ?? '');
    this.#search();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listen('addEventListener');
    // Before the first render, which connecting schedules; the server renders "Ctrl K".
    // navigator.platform is deprecated but still everywhere, and says "Mac", "iPhone" or "iPad".
    this.#shortcut = /mac|iphone|ipad/i.test(navigator.platform) ? '⌘ K' : 'Ctrl K';
    this._recent = this.#readRecent();
    if (this.preload) void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#listen('removeEventListener');
  }

  /** The page-wide listeners: the shortcut, a click outside, and the network coming back. */
  #listen(method: 'addEventListener' | 'removeEventListener'): void {
    document[method]('keydown', this.#onDocumentKeydown as EventListener);
    document[method]('pointerdown', this.#onDocumentPointerdown as EventListener);
    window[method]('online', this.#onOnline);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A different index: forget the old one and load again when it is wanted.
    // (Not on the first update: a focus() before it has already started the right load.)
    if (this.hasUpdated && (changed.has('tenant') || changed.has('baseUrl'))) {
      const wanted = this.preload || this.open || !!this.#loading || !!this._engine;
      this.#generation++;
      this.#loading = undefined;
      this._engine = undefined;
      this._error = undefined;
      this.busy = false;
      this.offline = false;
      if (this.isConnected && wanted) void this.load();
    }
    // Where there is no storage (a server render), reading finds none.
    if (changed.has('tenant')) this._recent = this.#readRecent();
    // The same query, asked again with the new filter.
    if (changed.has('types') || changed.has('limit')) this.#search(true);
  }

  protected override updated(changed: PropertyValues): void {
    if (this.#resultsPending) {
      this.#resultsPending = false;
      emit(this, 'hub-search-results', {
        query: this._value,
        total: this._total,
        entries: this._rows.map((row) => row.entry),
      });
    }
    if (changed.has('_active') && this._active >= 0) {
      this.renderRoot.querySelector(`#option-${this._active}`)?.scrollIntoView({ block: 'nearest' });
    }
  }

  /** Focuses the search box (opening the dialog in dialog mode) and starts loading the index. */
  override focus(options?: FocusOptions): void {
    // Only dialog mode renders a dialog.
    if (this._dialog?.open === false) {
      this._dialog.showModal();
      this.open = true;
    }
    this._input?.focus(options);
    void this.load();
  }

  /** Closes the results panel, and the dialog in dialog mode. */
  close(): void {
    this.open = false;
    this._active = -1;
    this._dialog?.close();
  }

  /**
   * Loads the index (once; later calls share the first). Resolves when it is searchable or
   * has failed; a failure is shown as the error state, never thrown.
   */
  load(): Promise<void> {
    return this._engine ? Promise.resolve() : (this.#loading ??= this.#load(this.#generation));
  }

  /**
   * Asks for the index again: after an error, or to leave "offline" once the service is
   * back. Within freshness it sends nothing; after a failure it asks even while the
   * index backs off, as a person asked for it.
   */
  refresh(): Promise<void> {
    if (!this._engine) {
      this.#loading = undefined;
      this._error = undefined;
      return (this.#loading = this.#load(this.#generation, true));
    }
    return this.#revalidate(this.#generation, true, undefined, true);
  }

  async #load(generation: number, retry?: boolean): Promise<void> {
    this.busy = true;
    this._error = undefined;
    this._announcement = 'Loading search…';
    try {
      if (!this.tenant) throw new ConfigError('hub-kit: <hub-search> needs a tenant attribute.');
      const result = await this.#fetch(retry);
      if (generation !== this.#generation) return;
      await this.#use(result.data, generation);
      if (generation !== this.#generation) return;
      const offlineNow = result.source === 'cache' && !result.fresh && navigator.onLine === false;
      this.offline = offlineNow;
      emit(this, 'hub-search-ready', { size: result.data.length, offline: offlineNow });
      if (!result.fresh) void this.#revalidate(generation, true, result.revalidated);
    } catch (error) {
      if (generation !== this.#generation) return;
      this._error = error instanceof Error ? error : new Error(String(error));
      // Keystrokes after a failure load again through the cache, which backs off: they send nothing.
      this.#loading = undefined;
      logOnce(this._error);
      this._announcement = this.#errorText(this._error);
      emit(this, 'hub-search-error', { error: this._error });
    } finally {
      if (generation === this.#generation) this.busy = false;
    }
  }

  #fetch(retry?: boolean) {
    const client = clientFor(this.baseUrl);
    // Relative result URLs are read against the service that sent the index.
    this.#baseUrl = client.baseUrl;
    return cachedCall(client, 'searchIndex', getSearchIndex, { tenant: this.tenant }, { retry });
  }

  async #use(entries: readonly SearchEntry[], generation: number): Promise<void> {
    const engine = await engineFor(entries);
    if (generation !== this.#generation) return;
    this._engine = engine;
    this._announcement = '';
    this.#search(true);
  }

  /**
   * The cache answers a stale copy at once and checks it in the background (`revalidated`,
   * when the caller has it already). A changed index replaces the one in use; "unchanged or
   * unreachable" is told apart by reading again: a confirmed copy is fresh now, an
   * unconfirmed one is still stale, which means offline.
   */
  async #revalidate(
    generation: number,
    recheck: boolean,
    revalidated?: Promise<{ data: SearchEntry[] } | undefined>,
    retry?: boolean,
  ): Promise<void> {
    try {
      if (!revalidated) {
        if (!this.tenant) return;
        const result = await this.#fetch(retry);
        if (generation !== this.#generation) return;
        if (result.fresh) {
          if (result.source === 'network') await this.#use(result.data, generation);
          this.offline = false;
          return;
        }
        this.offline = navigator.onLine === false;
        revalidated = result.revalidated;
      }
      const renewed = await revalidated;
      if (generation !== this.#generation) return;
      if (renewed) {
        await this.#use(renewed.data, generation);
        this.offline = false;
      } else if (recheck) await this.#revalidate(generation, false);
      else this.offline = true;
    } catch {
      // Nothing cached and nothing reachable: the copy in hand stays the answer.
      if (generation === this.#generation) this.offline = true;
    }
  }

  /** Searches the value, unless it is the query searched last and not `again`. */
  #search(again?: boolean): void {
    const engine = this._engine;
    const query = this._value;
    if (!engine) {
      if (query.trim()) void this.load();
      return;
    }
    if (query === this.#searchedQuery && !again) return;
    this.#searchedQuery = query;
    this._active = -1;
    if (!query.trim()) {
      this._rows = [];
      this._total = 0;
      this._announcement = '';
      return;
    }
    const { hits, total } = engine.search(query, { limit: this.limit, types: this.types?.match(/[^\s,]+/g) ?? [] });
    this._rows = hits.map((hit) => ({ ...hit, url: safeUrl(hit.entry.url, WEB_SCHEMES, this.#baseUrl) }));
    this._total = total;
    this._announcement = total ? `${total} result${total === 1 ? '' : 's'}` : `No results for ${query.trim()}`;
    this.#resultsPending = true;
  }

  // ---- recent searches -------------------------------------------------------------

  #readRecent(): string[] {
    if (this.recent <= 0 || !this.tenant) return [];
    try {
      const parsed = JSON.parse(localStorage.getItem(RECENT_PREFIX + this.tenant) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter((q): q is string => typeof q === 'string').slice(0, this.recent) : [];
    } catch {
      // Storage refused (privacy settings, sandboxed frame): recent searches are a nicety.
      return [];
    }
  }

  /** Keeps the list, or forgets it when it is empty. */
  #saveRecent(list: string[]): void {
    this._recent = list;
    try {
      localStorage[list.length ? 'setItem' : 'removeItem'](RECENT_PREFIX + this.tenant, JSON.stringify(list));
    } catch {
      /* see #readRecent */
    }
  }

  #clearRecent(): void {
    this.#saveRecent([]);
    this._input?.focus();
  }

  // ---- events ------------------------------------------------------------------------


  #onDocumentKeydown = (event: KeyboardEvent): void => {
    if (this.noShortcut || event.defaultPrevented || event.isComposing || event.altKey) return;
    if (
      event.metaKey || event.ctrlKey
        ? event.key.toLowerCase() !== 'k'
        : event.key !== '/' || isEditable(event.composedPath()[0])
    )
      return;
    // The first element on the page to hear the shortcut takes it; the others see it handled.
    event.preventDefault();
    this.focus();
    this.open = true;
  };

  #onDocumentPointerdown = (event: PointerEvent): void => {
    if (this.mode === 'inline' && this.open && !event.composedPath().includes(this)) this.close();
  };

  #onOnline = (): void => {
    if (this.offline || this._error) void this.refresh();
  };

  #onFocus(): void {
    this.open = true;
    void this.load();
  }

  #onInput(event: InputEvent): void {
    this._value = this._input.value;
    this.open = true;
    // Mid-composition text is not what the visitor means yet; compositionend searches.
    if (this.#composing || event.isComposing) return;
    this.#search();
  }

  #onCompositionEnd(): void {
    this.#composing = false;
    this._value = this._input.value;
    this.#search();
  }

  /** What the listbox offers: the results of a query, or the recent searches before one. */
  #options(): readonly unknown[] {
    return this._value.trim() ? this._rows : this._recent;
  }

  #onKeydown(event: KeyboardEvent): void {
    // Enter or an arrow that confirms an IME candidate belongs to the IME (keyCode 229 in
    // WebKit, which reports isComposing false on that keydown).
    if (event.isComposing || this.#composing || event.keyCode === 229) return;
    const count = this.#options().length;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      this.open = true;
      const step = key === 'ArrowDown' ? 1 : -1;
      // From no choice, down goes to the first option and up to the last.
      if (count) this._active = ((this._active < 0 && step < 0 ? 0 : this._active) + step + count) % count;
    } else if (key === 'Enter') {
      // Enter without a choice follows the first result, as most site searches do.
      if (this._active < 0) {
        if (this._value.trim()) this.#choose(0);
      } else {
        event.preventDefault();
        this.#choose(this._active);
      }
    } else if (key === 'Escape') {
      // In dialog mode the dialog would close itself too; doing it here keeps the focus
      // return in one place. (The input follows the value when it renders.)
      if (this.mode === 'dialog' || (this.open && (count || this.state !== 'idle'))) this.close();
      else if (this._value) this.value = '';
      else return;
      event.preventDefault();
    }
  }

  /** Enter on option `index` (no `click`), or a click on it. */
  #choose(index: number, click?: MouseEvent): void {
    const row = this._rows[index];
    if (!this._value.trim()) {
      click?.preventDefault();
      const query = this._recent[index];
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
    const query = this._value.trim();
    if (this.recent > 0 && this.tenant) {
      this.#saveRecent([query, ...this._recent.filter((q) => q !== query)].slice(0, this.recent));
    }
    return emit(this, 'hub-search-select', { query: this._value, entry: row.entry, url: row.url! }, true);
  }

  #onOptionClick(event: MouseEvent): void {
    // The option's id is "option-" and its index.
    this.#choose(+(event.currentTarget as Element).id.slice(7), event);
  }

  #onDialogClose(): void {
    this.close();
    this.renderRoot.querySelector<HTMLButtonElement>('.trigger')?.focus();
  }

  // ---- rendering ---------------------------------------------------------------------

  #errorText(error: Error): string {
    // The details went to the console; the visitor learns what it means for them.
    if (error instanceof ConfigError) return 'Search is not set up correctly on this page.';
    if (error instanceof RateLimitedError) return `Search is busy. Try again in ${error.retryAfter} s.`;
    if (error instanceof HttpError && error.status === 404) return 'This search could not be found.';
    return 'Search could not be loaded.';
  }

  #date(value: string | null | undefined): TemplateResult | typeof nothing {
    const date = new Date(value!);
    return value && !isNaN(+date)
      ? html`<time datetime=${value}>${date.toLocaleDateString(undefined, { dateStyle: 'medium' })}</time>`
      : nothing;
  }

  // Templates are written with their attributes on one line: their whitespace ships as is.
  #renderRow(row: Row, index: number): TemplateResult {
    const { entry } = row;
    const excerpt = entry.excerpt;
    const body = html`<span part="title" class="title">${marked(highlight(entry.title, row.terms))}</span
      ><span part="meta" class="meta">${entry.type ? html`<span class="type">${entry.type}</span>` : nothing}${
        entry.type && entry.published_at ? ' · ' : ''
      }${this.#date(entry.published_at)}</span
      >${excerpt ? html`<span part="excerpt" class="excerpt">${marked(highlight(excerpt, row.terms, EXCERPT_WINDOW))}</span>` : nothing}`;
    return row.url
      ? html`<a id="option-${index}" part="option" class="option" role="option" tabindex="-1" href=${row.url}
          aria-selected=${index === this._active} @click=${this.#onOptionClick}>${body}</a>`
      : this.#option(index, body, true);
  }

  /** An option that is not a link: a recent search, or a result whose URL was refused. */
  #option(index: number, content: unknown, disabled?: boolean): TemplateResult {
    return html`<div id="option-${index}" part="option" class="option" role="option"
      aria-disabled=${disabled ? 'true' : nothing} aria-selected=${index === this._active}
      @click=${this.#onOptionClick}>${content}</div>`;
  }

  #shortcutHint(): TemplateResult | typeof nothing {
    return this.noShortcut ? nothing : html`<kbd part="shortcut" aria-hidden="true">${this.#shortcut}</kbd>`;
  }

  #renderCombobox(): TemplateResult {
    const state = this.state;
    const query = this._value.trim();
    const showRecent = !query && this._recent.length > 0 && state !== 'loading' && state !== 'error';
    const showList = (state === 'results' && this._rows.length > 0) || showRecent;
    // Expanded exactly while the listbox shows.
    const expanded = this.open && showList;
    const message = (text: unknown, extra = '') => html`<p part="message" class="message ${extra}">${text}</p>`;
    return html`<label part="label" class="sr-only" for="input">${this.label}</label>
      <div part="combobox" class="box">
        ${ICON}
        <input id="input" part="input" role="combobox" autocomplete="off" autocapitalize="off"
          spellcheck="false" enterkeyhint="search" aria-autocomplete="list" aria-controls="listbox"
          aria-expanded=${expanded} aria-busy=${this.busy} aria-activedescendant=${
            expanded && this._active >= 0 && this._active < this.#options().length ? `option-${this._active}` : nothing
          }
          placeholder=${this.placeholder} .value=${this._value} @focus=${this.#onFocus} @input=${this.#onInput}
          @keydown=${this.#onKeydown} @compositionstart=${() => (this.#composing = true)}
          @compositionend=${this.#onCompositionEnd} />
        ${this.mode === 'dialog' ? nothing : this.#shortcutHint()}
      </div>
      <div part="panel" class="panel" ?hidden=${!(this.open && (showList || state !== 'idle' || this.offline))}>
        ${this.offline
          ? message(navigator.onLine ? 'The service cannot be reached: searching a saved copy.' : 'Offline: searching a saved copy.', 'offline')
          : nothing}
        ${state === 'loading' && (query || this.open)
          ? message('Loading search…')
          : state === 'error'
            ? message(
                html`${this.#errorText(this._error!)}
                  <button part="retry" type="button" @click=${this.refresh}>Try again</button>`,
                'error',
              )
            : state === 'empty'
              ? message(`No results for “${query}”.`)
              : nothing}
        ${showRecent
          ? html`<p class="heading">
              <span>Recent searches</span><button type="button" @click=${this.#clearRecent}>Clear</button>
            </p>`
          : nothing}
        <div id="listbox" part="listbox" role="listbox" aria-label=${showRecent ? 'Recent searches' : 'Results'}
          ?hidden=${!showList}>${showRecent
            ? this._recent.map((q, i) => this.#option(i, q))
            : this._rows.map((row, i) => this.#renderRow(row, i))}</div>
      </div>
      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">${this._announcement}</div>`;
  }

  protected override render(): TemplateResult {
    return html`<div part="base">
      ${this.mode === 'dialog'
        ? html`<button part="trigger" class="trigger" type="button" aria-haspopup="dialog" @click=${() => this.focus()}>
              ${ICON}<slot name="trigger-label">Search</slot>${this.#shortcutHint()}
            </button>
            <dialog part="dialog" aria-label=${this.label} @close=${this.#onDialogClose}>
              ${this.#renderCombobox()}
              <div class="close"><button class="trigger" type="button" @click=${this.close}>Close</button></div>
            </dialog>`
        : this.#renderCombobox()}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'hub-search': HubSearch;
  }
  interface GlobalEventHandlersEventMap {
    'hub-search-ready': CustomEvent<HubSearchReadyDetail>;
    'hub-search-results': CustomEvent<HubSearchResultsDetail>;
    'hub-search-select': CustomEvent<HubSearchSelectDetail>;
    'hub-search-error': CustomEvent<HubSearchErrorDetail>;
  }
}
