import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { NetworkError, RateLimitedError, TimeoutError, HttpError } from '../../src/api/errors.js';
import { Bio, Presence, unwrap } from '../../src/api/schema.js';
import type { Bio as BioData, Presence as PresenceData } from '../../src/api/schema.js';
import { getBio, getPresence } from '../../src/api/calls.js';
import type { Transport } from '../../src/api/transport.js';
import { cacheKey, type SwrResult } from '../../src/cache/swr.js';
import { cachedCall } from '../../src/cache/freshness.js';
import { clientFor } from '../shared/client.js';
import { defineElement } from '../shared/define.js';
import { LINK_SCHEMES, WEB_SCHEMES, displayHost, safeUrl } from '../shared/safe-url.js';
import { styles } from './bio-card.styles.js';

/** The presence budget is 60 a minute: one refresh a second is the most it could ever take. */
const MIN_PRESENCE_INTERVAL_S = 1;

export type BioCardVariant = 'full' | 'compact';
export type BioCardState = 'loading' | 'ready' | 'error';

export interface BioCardLoadDetail {
  bio: BioData;
  /** `data` when the page supplied it (server rendering), otherwise where the cache found it. */
  source: 'data' | 'network' | 'cache';
  fresh: boolean;
}
export interface BioCardErrorDetail {
  error: Error;
}
export interface BioCardPresenceDetail {
  presence: PresenceData;
}

const SOCIAL_NAMES: Record<string, string> = {
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  github: 'GitHub',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
  threads: 'Threads',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  twitter: 'X',
  x: 'X',
  youtube: 'YouTube',
};

/** Reads untrusted JSON into a Bio; anything that does not fit the schema is no data at all. */
export function parseBio(value: unknown): BioData | undefined {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (raw === null || raw === undefined) return undefined;
  const parsed = Bio.safeParse(unwrap(raw));
  return parsed.success ? parsed.data : undefined;
}

function parsePresence(value: unknown): PresenceData | undefined {
  if (value === null || value === undefined) return undefined;
  const parsed = Presence.safeParse(unwrap(value));
  return parsed.success ? parsed.data : undefined;
}

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return letters.toUpperCase();
}

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

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
  static clock: () => number = () => Date.now();

  // Declared statically rather than with decorators: the decorator helpers and one call per
  // field cost more bytes in every bundle than this one object.
  static override properties: PropertyDeclarations = {
    tenant: { reflect: false },
    baseUrl: { attribute: 'base-url' },
    variant: {},
    data: { attribute: 'data', converter: { fromAttribute: (value: string | null) => parseBio(value) } },
    presence: { attribute: false },
    noPresence: { type: Boolean, attribute: 'no-presence' },
    presenceInterval: { type: Number, attribute: 'presence-interval' },
    headingLevel: { type: Number, attribute: 'heading-level' },
    busy: { type: Boolean, reflect: true },
    offline: { type: Boolean, reflect: true },
    _bio: { state: true, attribute: false },
    _error: { state: true, attribute: false },
    _avatarFailed: { state: true, attribute: false },
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

  #bioRun = 0;
  #bioKey = '';
  #presenceKey = '';
  #presenceRun = 0;
  #presenceTimer: ReturnType<typeof setTimeout> | undefined;
  #presencePausedUntil = 0;
  #connected = false;

  get state(): BioCardState {
    if (this._bio) return 'ready';
    return this._error ? 'error' : 'loading';
  }

  get error(): Error | undefined {
    return this._error;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#connected = true;
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', this.#onVisibility);
      globalThis.addEventListener?.('online', this.#onOnline);
    }
    // A card moved in the DOM keeps what it has; a reconnected one picks up again.
    this.#bioKey = '';
    this.#presenceKey = '';
    if (this.hasUpdated) this.#sync();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#connected = false;
    this.#stopPresence();
    this.#bioRun++;
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', this.#onVisibility);
      globalThis.removeEventListener?.('online', this.#onOnline);
    }
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
    if (changed.has('presence') && this.presence !== undefined) {
      this.presence = parsePresence(this.presence);
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('data') && this.data !== undefined && this._bio) {
      this.#emit<BioCardLoadDetail>('bio-card-load', { bio: this._bio, source: 'data', fresh: true });
    }
    if (changed.has('tenant') || changed.has('baseUrl') || changed.has('data') || changed.has('noPresence')) {
      this.#sync();
    }
  }

  /** Loads the profile again, e.g. after an error. */
  retry(): void {
    this.#bioKey = '';
    this._error = undefined;
    this.#presencePausedUntil = 0;
    this.#sync();
    this.#refreshPresence();
  }

  #client(): Transport | undefined {
    try {
      return clientFor(this.baseUrl);
    } catch (error) {
      this.#fail(error as Error);
      return undefined;
    }
  }

  #sync(): void {
    if (!this.#connected || typeof window === 'undefined') return;
    const tenant = this.tenant?.trim();
    if (!tenant) {
      if (!this._bio) this.#fail(new Error('bio-card: the tenant attribute is required.'));
      this.#stopPresence();
      return;
    }
    const client = this.#client();
    if (!client) return;

    const bioKey = cacheKey(client.baseUrl, tenant, 'bio');
    // Data supplied by the page (server rendering) is the profile: no request for it.
    if (this.data === undefined && bioKey !== this.#bioKey) {
      this.#bioKey = bioKey;
      void this.#loadBio(client, tenant);
    }

    const presenceKey = this.noPresence ? '' : cacheKey(client.baseUrl, tenant, 'presence');
    if (presenceKey !== this.#presenceKey) {
      this.#presenceKey = presenceKey;
      this.#stopPresence();
      if (presenceKey) this.#refreshPresence();
    }
  }

  async #loadBio(client: Transport, tenant: string): Promise<void> {
    const run = ++this.#bioRun;
    this.busy = !this._bio;
    if (!this._bio) this._error = undefined;
    try {
      const result = await cachedCall(client, 'bio', getBio, { tenant }, { now: BioCard.clock });
      if (run !== this.#bioRun) return;
      this.#showBio(result);
      const newer = await result.revalidated.catch(() => undefined);
      if (newer && run === this.#bioRun) this.#showBio(newer);
    } catch (error) {
      if (run !== this.#bioRun) return;
      this.#noteReachability(error);
      // A profile already shown stays: a failed refresh is not worth losing it for.
      if (!this._bio) this.#fail(error as Error);
    } finally {
      if (run === this.#bioRun) this.busy = false;
    }
  }

  #showBio(result: SwrResult<BioData>): void {
    const bio = parseBio(result.data);
    if (!bio) return;
    this._bio = bio;
    this._error = undefined;
    this._avatarFailed = false;
    this.busy = false;
    if (result.source === 'network') this.offline = false;
    this.#emit<BioCardLoadDetail>('bio-card-load', { bio, source: result.source, fresh: result.fresh });
  }

  #fail(error: Error): void {
    this._error = error;
    this.busy = false;
    this.#emit<BioCardErrorDetail>('bio-card-error', { error });
  }

  #noteReachability(error: unknown): void {
    if (error instanceof NetworkError || error instanceof TimeoutError) this.offline = true;
  }

  #stopPresence(): void {
    clearTimeout(this.#presenceTimer);
    this.#presenceTimer = undefined;
    this.#presenceRun++;
  }

  #schedulePresence(delayMs: number): void {
    clearTimeout(this.#presenceTimer);
    if (!this.#connected || !this.#presenceKey || !isVisible()) return;
    this.#presenceTimer = setTimeout(() => this.#refreshPresence(), delayMs);
  }

  #intervalMs(): number {
    const seconds = Number(this.presenceInterval);
    return Math.max(MIN_PRESENCE_INTERVAL_S, Number.isFinite(seconds) ? seconds : 30) * 1000;
  }

  async #refreshPresence(): Promise<void> {
    clearTimeout(this.#presenceTimer);
    const tenant = this.tenant?.trim();
    // A hidden page asks for nothing; visibilitychange starts the loop again.
    if (!this.#connected || !this.#presenceKey || !tenant || !isVisible()) return;
    const wait = this.#presencePausedUntil - Date.now();
    if (wait > 0) return this.#schedulePresence(wait);
    const client = this.#client();
    if (!client) return;
    const run = ++this.#presenceRun;
    try {
      const result = await cachedCall(client, 'presence', getPresence, { tenant }, { now: BioCard.clock });
      if (run !== this.#presenceRun) return;
      this.#showPresence(result.data);
      if (result.source === 'network') this.offline = false;
      const newer = await result.revalidated.catch(() => undefined);
      if (newer && run === this.#presenceRun) this.#showPresence(newer.data);
    } catch (error) {
      if (run !== this.#presenceRun) return;
      if (error instanceof RateLimitedError) {
        // Spent (or closed by a 429): nothing more until the window reopens.
        this.#presencePausedUntil = error.resetAt.getTime();
      } else if (error instanceof HttpError && error.status === 404) {
        // A tenant without presence: stop asking.
        this.#presenceKey = '';
        return;
      }
      this.#noteReachability(error);
    }
    if (run === this.#presenceRun) {
      this.#schedulePresence(Math.max(this.#intervalMs(), this.#presencePausedUntil - Date.now()));
    }
  }

  #showPresence(value: PresenceData): void {
    const presence = parsePresence(value);
    if (!presence) return;
    this.presence = presence;
    this.#emit<BioCardPresenceDetail>('bio-card-presence', { presence });
  }

  #onVisibility = (): void => {
    if (isVisible()) this.#refreshPresence();
    else this.#stopPresence();
  };

  #onOnline = (): void => {
    if (this._error) this.retry();
    else this.#refreshPresence();
  };

  #emit<T extends object>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }

  #level(): number {
    const level = Math.trunc(Number(this.headingLevel));
    return level >= 1 && level <= 6 ? level : 2;
  }

  protected override render(): TemplateResult {
    const compact = this.variant === 'compact';
    const cls = compact ? 'card compact' : 'card';
    if (this._bio) return this.#renderBio(this._bio, cls, compact);
    if (this._error) return this.#renderError(this._error, cls);
    return this.#renderSkeleton(cls, compact);
  }

  #renderSkeleton(cls: string, compact: boolean): TemplateResult {
    return html`<div part="card skeleton" class=${cls} aria-busy="true">
      <span class="visually-hidden" role="status">Loading profile…</span>
      <div class="header" aria-hidden="true">
        <span class="avatar bone"></span>
        <div class="who">
          <span class="bone title"></span>
          <span class="bone line short"></span>
        </div>
      </div>
      ${compact
        ? nothing
        : html`<div class="body" aria-hidden="true">
            <span class="bone line"></span>
            <span class="bone line"></span>
            <span class="bone line short"></span>
            <span class="bone button"></span>
            <span class="bone button"></span>
            <span class="bone button"></span>
          </div>`}
    </div>`;
  }

  #renderError(error: Error, cls: string): TemplateResult {
    const detail =
      error instanceof RateLimitedError
        ? `Too many requests: try again in ${error.retryAfter} s.`
        : error instanceof NetworkError || error instanceof TimeoutError
          ? 'The service cannot be reached right now.'
          : error instanceof HttpError && error.status === 404
            ? 'No profile was found here.'
            : this.tenant
              ? 'Something went wrong.'
              : 'No profile was given.';
    return html`<div part="card error" class="${cls} error" role="alert">
      <div>
        <p class="message">This profile could not be loaded.</p>
        <p class="detail">${detail}</p>
      </div>
      ${this.tenant ? html`<button part="retry" type="button" @click=${() => this.retry()}>Try again</button>` : nothing}
    </div>`;
  }

  #renderAvatar(bio: BioData, compact: boolean): TemplateResult {
    const src = this._avatarFailed ? undefined : safeUrl(bio.avatar_url, WEB_SCHEMES);
    const size = compact ? 48 : 72;
    if (src) {
      return html`<img
        part="avatar"
        class="avatar"
        src=${src}
        alt=""
        width=${size}
        height=${size}
        loading="lazy"
        decoding="async"
        referrerpolicy="no-referrer"
        @error=${() => (this._avatarFailed = true)}
      />`;
    }
    return html`<span part="avatar" class="avatar" aria-hidden="true">${initials(bio.name)}</span>`;
  }

  #renderPresence(): TemplateResult | typeof nothing {
    const presence = this.presence;
    const live = presence?.live === true;
    const online = typeof presence?.online === 'number' && presence.online >= 0 ? Math.floor(presence.online) : undefined;
    if (!live && online === undefined) return nothing;
    return html`<p part="presence" class="presence">
      ${live ? html`<span part="live" class="live">Live</span>` : nothing}
      ${online === undefined
        ? nothing
        : html`<span part="online">${online.toLocaleString('en')} online</span>`}
    </p>`;
  }

  #renderBio(bio: BioData, cls: string, compact: boolean): TemplateResult {
    const handle = bio.handle?.trim().replace(/^@+/, '');
    const links = (bio.links ?? [])
      .map((link) => ({ href: safeUrl(link.url, LINK_SCHEMES), title: link.title?.trim() }))
      .filter((link): link is { href: string; title: string | undefined } => link.href !== undefined);
    const socials = (bio.socials ?? [])
      .map((social) => {
        const href = safeUrl(social.url, LINK_SCHEMES);
        const network = social.network?.trim() ?? '';
        const label = SOCIAL_NAMES[network.toLowerCase()] ?? (network || (href ? displayHost(href) : ''));
        return { href, label };
      })
      .filter((social): social is { href: string; label: string } => social.href !== undefined);

    const header = html`<div class="header">
      ${this.#renderAvatar(bio, compact)}
      <div class="who">
        <div part="name" class="name" role="heading" aria-level=${this.#level()} dir="auto">${bio.name}</div>
        ${handle ? html`<p part="handle" class="handle" dir="auto">@${handle}</p>` : nothing}
        ${compact && bio.bio ? html`<p part="bio" class="summary" dir="auto">${bio.bio}</p>` : nothing}
        ${compact ? nothing : this.#renderPresence()}
      </div>
    </div>`;
    const note = this.offline
      ? html`<p part="note" class="note">Offline: showing the saved profile.</p>`
      : nothing;

    if (compact) {
      return html`<article part="card" class=${cls} aria-label=${bio.name}>${header}${this.#renderPresence()}</article>`;
    }
    return html`<article part="card" class=${cls} aria-label=${bio.name}>
      ${header}
      <div class="body" tabindex="0" role="region" aria-label="About ${bio.name}">
        ${bio.bio ? html`<p part="bio" class="bio" dir="auto">${bio.bio}</p>` : nothing}
        ${links.length
          ? html`<ul part="links" class="links">
              ${links.map(
                (link) =>
                  html`<li>
                    <a part="link" class="link" href=${link.href} rel="noopener noreferrer" dir="auto"
                      >${link.title || displayHost(link.href)}</a
                    >
                  </li>`,
              )}
            </ul>`
          : nothing}
        ${socials.length
          ? html`<ul part="socials" class="socials" aria-label="Social profiles">
              ${socials.map(
                (social) =>
                  html`<li>
                    <a part="social" class="social" href=${social.href} rel="me noopener noreferrer" dir="auto"
                      >${social.label}</a
                    >
                  </li>`,
              )}
            </ul>`
          : nothing}
        <slot name="footer"></slot>
      </div>
      ${note}
    </article>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bio-card': BioCard;
  }
  interface GlobalEventHandlersEventMap {
    'bio-card-load': CustomEvent<BioCardLoadDetail>;
    'bio-card-error': CustomEvent<BioCardErrorDetail>;
    'bio-card-presence': CustomEvent<BioCardPresenceDetail>;
  }
}
