import { LitElement, html, isServer, noChange, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ConfigError, HttpError, NetworkError, RateLimitedError, TimeoutError, logOnce } from '../../src/api/errors.js';
import type { Bio as BioData, Presence as PresenceData } from '../../src/api/schema.js';
import { getBio, getPresence, type Getter } from '../../src/api/calls.js';
import type { SwrResult } from '../../src/cache/swr.js';
import { cachedCall } from '../../src/cache/freshness.js';
import { initials, parseBio, parsePresence, profileLinks, type ShownLink } from '../../src/bio/profile.js';
import { safeUrl } from '../../src/url/safe-url.js';
import { onConnect } from '../../src/lifecycle/on-connect.js';
import { PollController } from '../controllers/poll.js';
import { ResourceController } from '../controllers/resource.js';
import { transportFor } from '../shared/transport-for.js';
import { defineElement } from '../shared/define.js';
import { emit } from '../shared/emit.js';
import { CARD_EN, errorText, fill, langOf, onStringsChange, plural, stringsFor, type CardStrings, type Words } from '../shared/strings.js';
import { styles } from './bio-card.styles.js';

export { parseBio };

/** The presence budget is 60 a minute: one refresh a second is the most it could ever take. */
const MIN_PRESENCE_INTERVAL_S = 1;
/** Links shown before "Show more": a screenful, and a dozen tab stops, whatever the profile holds. */
const SHOWN_LINKS = 12;

export type BioCardVariant = 'full' | 'compact';
export type BioCardState = 'loading' | 'ready' | 'error';

export type { BioCardErrorDetail, BioCardLoadDetail, BioCardPresenceDetail } from './events.js';

const isUnreachable = (error: unknown) => error instanceof NetworkError || error instanceof TimeoutError;
const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * A creator's public profile: avatar, name, handle, bio, links and social profiles, with a
 * live badge and an online count from the service's presence data.
 *
 * Everything in the payload is untrusted: text is rendered as text, only http, https and
 * mailto URLs become links, and the avatar is shown only from http(s).
 *
 * The card reserves its size before the data arrives (a skeleton in the same box), so the
 * page does not move. Given its data (the `data` property or attribute), it renders on the
 * server with declarative shadow DOM and hydrates without fetching the profile again.
 *
 * @summary A creator's profile card with links and live presence.
 *
 * @attr tenant - The creator's public slug (`/api/v1/tenants/{tenant}/…`).
 * @attr base-url - Where the service lives. Defaults to the page's origin.
 * @attr variant - `full` (default) or `compact`.
 * @attr data - The profile as JSON, for server rendering; no profile request is made.
 * @attr no-presence - Do not ask for presence (no live badge, no online count).
 * @attr presence-interval - Seconds between presence refreshes while the page is visible. Default 30.
 * @attr heading-level - Level of the name's heading, 1–6. Default 2.
 * @attr busy - Reflected: the profile is loading.
 * @attr offline - Reflected: the service cannot be reached; the card shows its saved copy.
 *
 * @prop {Bio | undefined} data - The profile. Set it to render without fetching.
 * @prop {Presence | undefined} presence - The latest presence data.
 * @prop {'loading' | 'ready' | 'error'} state - Read-only: what the card shows.
 * @prop {Error | undefined} error - Read-only: why the card shows its error state.
 *
 * @fires {CustomEvent<BioCardLoadDetail>} bio-card-load - The profile is shown (again, when it changed).
 * @fires {CustomEvent<BioCardErrorDetail>} bio-card-error - No profile could be loaded, not even a saved one.
 * @fires {CustomEvent<BioCardPresenceDetail>} bio-card-presence - New presence data arrived.
 *
 * @slot footer - Content under the links in the full variant, e.g. a signup form.
 *
 * @csspart card - The card's box.
 * @csspart avatar - The avatar image, or the initials standing in for it.
 * @csspart name - The creator's name.
 * @csspart handle - The @handle.
 * @csspart bio - The bio text.
 * @csspart presence - The line holding the live badge and the online count.
 * @csspart live - The live badge.
 * @csspart online - The online count.
 * @csspart links - The list of links.
 * @csspart link - One link.
 * @csspart socials - The list of social profiles.
 * @csspart social - One social profile.
 * @csspart skeleton - The placeholder shown while loading.
 * @csspart error - The error state.
 * @csspart retry - The error state's "Try again" button.
 * @csspart more - The "Show more links" button, when the profile has more than twelve.
 * @csspart note - The line saying a saved copy is shown.
 *
 * @cssprop --hub-bio-card-block-size - The reserved height: 33rem full, 4.75rem compact; `auto` to follow the content.
 * @cssprop --hub-bio-card-max-inline-size - The widest the card gets. Default 26rem (24rem compact).
 * @cssprop --hub-bg - Card background.
 * @cssprop --hub-fg - Text colour.
 * @cssprop --hub-muted - Secondary text.
 * @cssprop --hub-border - Borders.
 * @cssprop --hub-accent - Link buttons.
 * @cssprop --hub-accent-fg - Text on link buttons.
 * @cssprop --hub-surface - Skeleton, avatar and social chips.
 * @cssprop --hub-error - The live badge.
 * @cssprop --hub-focus - Focus ring.
 * @cssprop --hub-radius - Corner radius.
 * @cssprop --hub-gap - Spacing.
 */
export class BioCard extends LitElement {
  static override styles = styles;

  /** Registers the tag; safe to call twice, and with another tag name. */
  static define(tag = 'bio-card', registry: CustomElementRegistry = customElements): void {
    defineElement(tag, this, registry);
  }

  /**
   * The clock the cache reads freshness with. Not public API: tests move it forward to
   * make cached presence stale without waiting half a minute.
   * @internal
   */
  static clock: () => number = Date.now;

  // Declared statically rather than with decorators: the decorator helpers and one call per
  // field cost more bytes in every bundle than this one object.
  static override properties: PropertyDeclarations = {
    tenant: {},
    baseUrl: { attribute: 'base-url' },
    variant: {},
    data: { converter: { fromAttribute: parseBio } },
    presence: { attribute: false },
    noPresence: { type: Boolean, attribute: 'no-presence' },
    presenceInterval: { type: Number, attribute: 'presence-interval' },
    headingLevel: { type: Number, attribute: 'heading-level' },
    busy: { type: Boolean, reflect: true },
    offline: { type: Boolean, reflect: true },
    // `attribute: false` is what state implies, but the manifest analyzer reads only this.
    _bio: { state: true, attribute: false },
    _error: { state: true, attribute: false },
    _avatarFailed: { state: true, attribute: false },
    _allLinks: { state: true, attribute: false },
  };

  tenant = '';
  baseUrl: string | undefined;
  variant: BioCardVariant = 'full';
  data: BioData | undefined;
  presence: PresenceData | undefined;
  noPresence = false;
  presenceInterval = 30;
  headingLevel = 2;
  /** Reflected state flag: loading the profile. */
  busy = false;
  /** Reflected state flag: the service cannot be reached. */
  offline = false;

  private _bio: BioData | undefined;
  private _error: Error | undefined;
  private _avatarFailed = false;
  private _allLinks = false;
  /** Set while the visitor's own "Try again" starts its loads: they go through a backoff. */
  #retrying = false;
  /** The links of the profile shown, filtered once per profile rather than once per render. */
  #links: { bio: BioData; links: ShownLink[]; socials: ShownLink[] } | undefined;
  /** What the profile's parts were last rendered from; see #renderBio. */
  #shown: unknown[] = [];
  /** The words of the card's language, as the last render read them. */
  #s = CARD_EN as Words<CardStrings>;

  #bio = new ResourceController<BioData>(this, {
    read: (retry) => this.#read('bio', getBio, retry),
    show: (result) => this.#showBio(result),
    // A profile already shown stays: a failed refresh is not worth losing it for.
    fail: (error) => void (this._bio || this.#fail(error)),
  });

  #presence = new ResourceController<PresenceData>(this, {
    read: (retry) => this.#read('presence', getPresence, retry),
    show: ({ data }) => {
      const presence = parsePresence(data);
      if (!presence) return;
      this.presence = presence;
      emit(this, 'bio-card', 'presence', { presence });
    },
    // Set up wrong: the profile's read says so, unless the page supplied the profile.
    fail: (error) => void (error instanceof ConfigError && logOnce(error)),
  });

  #poll = new PollController(this, {
    tick: async () => {
      const seconds = Number(this.presenceInterval);
      const wait = Math.max(MIN_PRESENCE_INTERVAL_S, Number.isFinite(seconds) ? seconds : 30) * 1000;
      await this.#presence.run(this.#retrying);
      const error = this.#presence.error;
      // A tenant without presence, or a card set up wrong: stop asking.
      if (isNotFound(error) || error instanceof ConfigError) return false;
      // Spent (or closed by a 429): the next try waits for the window to reopen. A refresh
      // asked for sooner (visible again, back online) is refused by the budget itself,
      // without a request.
      return error instanceof RateLimitedError ? Math.max(wait, error.resetAt.getTime() - Date.now()) : wait;
    },
  });

  constructor() {
    super();
    // A card moved in the DOM keeps what it has, and reads its profile again (through the
    // cache: within freshness that sends nothing). Presence picks up by itself.
    onConnect(this, (signal) => {
      // New words: every part renders again (see #renderBio).
      onStringsChange(() => ((this.#shown = []), this.requestUpdate()), { signal });
      if (this.hasUpdated) this.#sync(true, false);
    });
  }

  get state(): BioCardState {
    if (this._bio) return 'ready';
    return this._error ? 'error' : 'loading';
  }

  get error(): Error | undefined {
    return this._error;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Runs on the server too: the data decides the first render on both sides.
    if (changed.has('data')) {
      const bio = parseBio(this.data);
      if (bio) {
        this._bio = bio;
        this._error = undefined;
      }
    }
    if (changed.has('presence')) this.presence = parsePresence(this.presence);
    // Here rather than in updated(): what starting a load sets (busy) joins this render
    // instead of asking for another right after it. On the server, #sync does nothing.
    const source = changed.has('tenant') || changed.has('baseUrl');
    this.#sync(source || changed.has('data'), source || changed.has('noPresence'));
    this.busy = this.#bio.pending && !this._bio;
    // Out of reach: a read failed for want of the network, or the profile shown is a saved
    // copy the service has not confirmed.
    this.offline = this.#bio.offline || isUnreachable(this.#bio.error) || isUnreachable(this.#presence.error);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('data') && this.data !== undefined && this._bio) {
      emit(this, 'bio-card', 'load', { bio: this._bio, source: 'data', fresh: true });
    }
  }

  /** Loads the profile again, e.g. after an error, now, even while a failed load backs off. */
  retry(): void {
    this._error = undefined;
    this.#sync(true, true, true);
  }

  /** A read through the cache, on the class's clock. */
  #read<N extends 'bio' | 'presence'>(name: N, get: Getter<N>, retry: boolean) {
    const tenant = this.tenant?.trim();
    if (!tenant) throw new ConfigError('hub-kit: <bio-card> needs a tenant attribute.');
    return cachedCall(transportFor(this.baseUrl), name, get, { tenant }, { now: BioCard.clock, retry });
  }

  /**
   * Starts what the attributes ask for: the profile (unless the page supplied it) and the
   * presence loop, each when its source changed, and for `retry` even while a failed load
   * backs off. Never on the server.
   */
  #sync(profile: boolean, presence: boolean, retry = false): void {
    if (isServer) return;
    this.#retrying = retry;
    // Data supplied by the page (server rendering) is the profile: no request for it, and a
    // request started before it was set (a framework sets properties after the element has
    // connected) is dropped, answer and background check alike: the later word wins.
    if (profile) this.data === undefined ? void this.#bio.run(retry) : this.#bio.reset();
    // Presence turned off: no tick, no answer of a read in flight, nothing shown.
    if (presence && this.noPresence) this.#poll.stop(), this.#presence.reset(), (this.presence = undefined);
    else if (presence) this.#poll.start();
    this.#retrying = false;
  }

  #showBio(result: SwrResult<BioData>): void {
    const bio = parseBio(result.data);
    if (!bio) return;
    this._bio = bio;
    this._error = undefined;
    this._avatarFailed = false;
    emit(this, 'bio-card', 'load', { bio, source: result.source, fresh: result.fresh });
  }

  #fail(error: Error): void {
    logOnce(error);
    this._error = error;
    emit(this, 'bio-card', 'error', { error });
  }

  protected override render(): TemplateResult {
    const compact = this.variant === 'compact';
    const cls = compact ? 'card compact' : 'card';
    const bio = this._bio;
    const error = this._error;
    const s = (this.#s = stringsFor(this, CARD_EN));
    if (bio) return this.#renderBio(bio, cls, compact);
    if (error) {
      return html`<div part="card error" class="${cls} error" role="alert" lang=${langOf(s, s.cardFailed)}>
        <div>
          <p class="message">${s.cardFailed}</p>
          <p class="detail">${errorText(s.cardErrors, error)}</p>
        </div>
        ${this.tenant ? html`<button part="retry" type="button" @click=${() => this.retry()}>${s.retry}</button>` : nothing}
      </div>`;
    }
    return html`<div part="card skeleton" class=${cls} aria-busy="true">
      <span class="sr-only" role="status" lang=${langOf(s, s.cardLoading)}>${s.cardLoading}</span>
      <div class="header" aria-hidden="true">
        <span class="avatar bone"></span>
        <div class="who"><span class="bone title"></span><span class="bone line short"></span></div>
      </div>
      ${compact
        ? nothing
        : html`<div class="body" aria-hidden="true">
            <span class="bone line"></span><span class="bone line"></span><span class="bone line short"></span>
            <span class="bone button"></span><span class="bone button"></span><span class="bone button"></span>
          </div>`}
    </div>`;
  }

  #renderPresence(): TemplateResult | typeof nothing {
    const live = this.presence?.live;
    const online = this.presence?.online ?? -1;
    if (!live && online < 0) return nothing;
    const s = this.#s;
    return html`<p part="presence" class="presence" lang=${langOf(s, s.online)}>
      ${live ? html`<span part="live" class="live">${s.live}</span>` : nothing}
      ${online < 0 ? nothing : html`<span part="online">${plural(s.online, Math.floor(online), s.lang)}</span>`}
    </p>`;
  }

  /**
   * The profile. Every part but the presence line is rendered again only when what it shows
   * changed, and is otherwise `noChange`, which Lit skips without looking inside: a presence
   * tick re-renders the badge alone, however many links the profile has. (This is `guard`,
   * for one set of keys, without the directive's bytes.)
   */
  #renderBio(bio: BioData, cls: string, compact: boolean): TemplateResult {
    // (navigator is read only when offline: the server has none.)
    const keys = [bio, compact, this.headingLevel, this._avatarFailed, this._allLinks, this.offline, this.offline && navigator.onLine, this.#s.lang];
    const same = keys.every((key, i) => key === this.#shown[i]);
    this.#shown = keys;
    const text = bio.bio ? html`<p part="bio" class=${compact ? 'summary' : 'bio'} dir="auto">${bio.bio}</p>` : nothing;
    const handle = bio.handle?.trim().replace(/^@+/, '');
    const level = Math.trunc(Number(this.headingLevel));
    return html`<article part="card" class=${cls} aria-label=${bio.name}>
      <div class="header">
        ${same ? noChange : this.#renderAvatar(bio, compact)}
        <div class="who">
          ${same
            ? noChange
            : html`<div part="name" class="name" role="heading" aria-level=${level >= 1 && level <= 6 ? level : 2} dir="auto">${bio.name}</div>
                ${handle ? html`<p part="handle" class="handle" dir="auto">@${handle}</p>` : nothing}
                ${compact ? text : nothing}`}
          ${compact ? nothing : this.#renderPresence()}
        </div>
      </div>
      ${compact ? this.#renderPresence() : same ? noChange : this.#renderBody(bio, text)}
    </article>`;
  }

  #renderBody(bio: BioData, text: unknown): TemplateResult {
    const list = (part: string, items: ShownLink[], rel: string, label?: string, id?: string) =>
      items.length
        ? html`<ul part="${part}s" class="${part}s" id=${id ?? nothing} aria-label=${label ?? nothing}>
            ${items.map((item) => html`<li><a part=${part} class=${part} href=${item.href} rel=${rel} dir="auto">${item.text}</a></li>`)}
          </ul>`
        : nothing;
    const { links, socials } = this.#links?.bio === bio ? this.#links : (this.#links = { bio, ...profileLinks(bio) });
    const more = links.length - SHOWN_LINKS;
    const all = this._allLinks;
    const s = this.#s;
    return html`<div class="body" tabindex="0" role="region" aria-label=${fill(s.about, 'name', bio.name)}>
        ${text}
        ${list('link', links.slice(0, SHOWN_LINKS), 'noopener noreferrer')}
        ${more > 0
          ? html`<button part="more" class="more" type="button" aria-expanded=${all} aria-controls="more-links" lang=${langOf(s, s.moreLinks)}
                @click=${() => (this._allLinks = !all)}>${all ? s.fewerLinks : plural(s.moreLinks, more, s.lang)}</button>
              ${all ? list('link', links.slice(SHOWN_LINKS), 'noopener noreferrer', undefined, 'more-links') : nothing}`
          : nothing}
        ${list('social', socials, 'me noopener noreferrer', s.socialProfiles)}
        <slot name="footer"></slot>
      </div>
      ${this.offline
        ? html`<p part="note" class="note" lang=${langOf(s, s.cardSavedOffline)}>${navigator.onLine ? s.cardSavedUnreachable : s.cardSavedOffline}</p>`
        : nothing}`;
  }

  #renderAvatar(bio: BioData, compact: boolean): TemplateResult {
    // safeUrl's default schemes: an avatar only from http(s).
    const src = this._avatarFailed ? undefined : safeUrl(bio.avatar_url);
    const size = compact ? 48 : 72;
    return src
      ? html`<img part="avatar" class="avatar" src=${src} alt="" width=${size} height=${size} loading="lazy"
          decoding="async" referrerpolicy="no-referrer" @error=${() => (this._avatarFailed = true)} />`
      : html`<span part="avatar" class="avatar" aria-hidden="true">${initials(bio.name)}</span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bio-card': BioCard;
  }
}
