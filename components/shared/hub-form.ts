/**
 * The form controller behind `<signup-form>` and `<contact-form>`: one implementation of
 * progressive enhancement, validation, one-request-per-intent, rate-limit countdowns, the
 * outbox and the events. Each element only says which endpoint it posts to, which fields
 * it renders and how a FormData becomes a request body.
 *
 * The `<form>` itself is light DOM: a page without JavaScript (or before the script has
 * loaded) posts it to the service as a plain HTML form, a password manager sees real
 * inputs, and field errors can be tied to their inputs with `aria-describedby`, which
 * cannot point across a shadow boundary. The shadow root holds the status line, the
 * announcer (a polite live region) and the styles.
 */
import { LitElement, html, nothing, render as renderTemplate, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { post } from '../../src/api/calls.js';
import type { PostEndpoint, Transport } from '../../src/api/transport.js';
import type { EndpointParams } from '../../src/api/endpoints.js';
import { ConfigError, HttpError, OfflineError, RateLimitedError, UnconfirmedError, ValidationError, logOnce } from '../../src/api/errors.js';
import type { ContactBody, SignupBody, SubmitResponse } from '../../src/api/schema.js';
import { claim, enqueue, outboxEvents, type DeliveredDetail, type FailedDetail, type OutboxEntry } from '../../src/outbox/outbox.js';
import { clientFor } from './client.js';
import { emit, type DetailOf } from './emit.js';
import { adoptLightFormStyles } from './light-form.styles.js';
import { safeUrl, WEB_SCHEMES } from '../../src/url/safe-url.js';
import { ensureTrap, trapTemplate, TRAP_NAME } from './spam-trap.js';
import { onStringsChange, stringsFor, waitText, type FormStrings } from './strings.js';

export type FormState = 'idle' | 'invalid' | 'busy' | 'success' | 'queued' | 'unconfirmed' | 'rate-limited' | 'error';

/** Where a form posts: an endpoint of the client and its path parameters. */
export type Target = { [N in PostEndpoint]: { endpoint: N; params: EndpointParams[N] } }[PostEndpoint];

export type FormBody = SignupBody | ContactBody;

export interface FormSubmitDetail {
  /** The body about to be sent. A listener may change it (add a field, say) before it leaves. */
  data: FormBody;
  endpoint: PostEndpoint;
  /** The absolute endpoint URL. */
  url: string;
}
export interface FormSuccessDetail {
  data: FormBody;
  /** The service's answer; `message` is shown when present. */
  response: SubmitResponse;
  /** True when it was delivered later from the outbox. */
  queued: boolean;
}
export interface FormErrorDetail {
  data: FormBody | undefined;
  /** A RateLimitedError, ValidationError, HttpError, ConfigError… from src/api/errors. */
  error: Error;
}
export interface FormQueuedDetail {
  data: FormBody;
  entry: OutboxEntry;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
// Of a form's controls, only these carry a value a visitor types or picks (not buttons, fieldsets or outputs).
const isField = (el: unknown): el is Field => el instanceof Element && el.matches('input,select,textarea');

/** Sets an ARIA state to "true", or removes it. */
const flag = (el: Element, name: string, on: boolean): void => {
  if (on) el.setAttribute(name, 'true');
  else el.removeAttribute(name);
};

// Deliberately loose: the service has the final word (422); this catches typos only.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The action URL paths of the service, for a form an author pasted without attributes:
 * /api/subscribe/{form}, or /api/v1/tenants/{tenant}/ then subscribe, contact or
 * magic-links/{resource}, after any path prefix of the base URL.
 */
const ACTION_PATH = /^(.*)\/api\/(?:subscribe\/([^/]+)|v1\/tenants\/([^/]+)\/(?:(subscribe|contact)|magic-links\/([^/]+)))\/*$/;

function targetFromAction(action: string): { baseUrl: string; target: Target } | undefined {
  let url: URL;
  try {
    url = new URL(action);
  } catch {
    return undefined;
  }
  const match = ACTION_PATH.exec(url.pathname);
  if (!match) return undefined;
  const [, prefix = '', form, tenant, endpoint, resource] = match.map((part) => part && decodeURIComponent(part));
  const target = form
    ? { endpoint: 'formSignup', params: { form } }
    : resource
      ? { endpoint: 'magicLink', params: { tenant, resource } }
      : { endpoint, params: { tenant } };
  return { baseUrl: url.origin + prefix, target: target as Target };
}

/** A text field of the submission, as sent: a file or a missing field is an empty string. */
export const text = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** `strings='{"subscribe":"Join"}'`: a bad value is ignored rather than breaking the page. */
const stringsConverter = {
  fromAttribute(value: string | null): Partial<FormStrings> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value ?? '');
    } catch {
      // Not JSON: ignored, below.
    }
    return parsed && typeof parsed === 'object' ? parsed : {};
  },
};

let instances = 0;

type Resolved = Target & { client: Transport; url: string };

export abstract class HubFormElement extends LitElement {
  // Declared statically rather than with decorators: the decorator helpers and one call per
  // field cost more bytes in every bundle than this one object.
  static override properties: PropertyDeclarations = {
    baseUrl: { attribute: 'base-url' },
    tenant: {},
    successMessage: { attribute: 'success-message' },
    redirect: {},
    submitLabel: { attribute: 'submit-label' },
    emailLabel: { attribute: 'email-label' },
    nameLabel: { attribute: 'name-label' },
    strings: { converter: stringsConverter },
    busy: { type: Boolean, reflect: true },
    state: { reflect: true },
    // attribute: false is implied by state, but the custom-elements.json analyzer reads only this.
    statusText: { state: true, attribute: false },
    announcement: { state: true, attribute: false },
  };

  /** Where the service lives. Defaults to the page's origin. */
  baseUrl: string | null = null;
  /** The creator's workspace slug. */
  tenant: string | null = null;
  /** Shown after a successful submission, instead of the service's or the built-in message. */
  successMessage: string | null = null;
  /** An http(s) URL to go to after a successful submission. */
  redirect: string | null = null;
  submitLabel: string | null = null;
  emailLabel: string | null = null;
  nameLabel: string | null = null;
  /** Overrides for any built-in string (see FormStrings); as an attribute, JSON. */
  strings: Partial<FormStrings> = {};
  /** True while a submission is in flight. */
  busy = false;
  /** idle, invalid, busy, success, queued, unconfirmed, rate-limited or error. Read-only. */
  state: FormState = 'idle';

  /** The visible status line. */
  protected statusText = '';
  /** What the live region says; changed only when there is something new to announce. */
  protected announcement = '';

  /** The form in use: the author's, or the one this element rendered. */
  formElement: HTMLFormElement | null = null;

  protected abstract readonly kind: 'signup-form' | 'contact-form';
  /** Endpoints this element may post to, when reading an author's form action. */
  protected abstract readonly endpoints: readonly PostEndpoint[];
  /** The target given by attributes, if they give one. */
  protected abstract configuredTarget(): Target | undefined;
  /** The inputs of the generated form, between its start tag and the spam trap. */
  protected abstract fieldsTemplate(s: FormStrings): TemplateResult;
  protected abstract payload(data: FormData): FormBody;
  protected abstract submitText(s: FormStrings): string;
  protected abstract successText(s: FormStrings): string;

  readonly #uid = `hub-${++instances}`;
  #generated = false;
  #lang = '';
  #marked = new Set<Field>();
  #queued = new Set<string>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #resetAt = 0;
  /** Removes every listener added on connecting. */
  #connection: AbortController | undefined;

  /** A stable id for a field of this element's generated form. */
  protected fieldId(name: string): string {
    return `${this.#uid}-${name.replace(/\W+/g, '-')}`;
  }

  /** The built-in strings for the element's language, overlaid by `strings`. */
  get resolvedStrings(): FormStrings {
    return { ...stringsFor(this.#lang), ...this.strings };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#connection = new AbortController();
    const options = { signal: this.#connection.signal };
    const update = () => this.requestUpdate();
    onStringsChange(update, options);
    outboxEvents.addEventListener('delivered', this.#onOutbox, options);
    outboxEvents.addEventListener('failed', this.#onOutbox, options);
    outboxEvents.addEventListener('unconfirmed', this.#onOutbox, options);
    // Parsed before its children (a classic script in <head>): wait for the author's form.
    if (this.ownerDocument.readyState === 'loading') {
      this.ownerDocument.addEventListener('DOMContentLoaded', update, { ...options, once: true });
    }
    if (this.state === 'rate-limited') this.#countdown();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#connection?.abort();
    clearInterval(this.#timer);
  }

  protected override render(): TemplateResult {
    // Line breaks only inside tags and expressions: text between the tags ships as written.
    return html`<slot></slot><div
        part="status"
        class="status"
        data-state=${this.state}
        ?hidden=${!this.statusText}
      ><slot name=${this.state}>${this.statusText || nothing}</slot></div
      ><div class="announcer" role="status" aria-live="polite" aria-atomic="true">${this.announcement || nothing}</div>`;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.ownerDocument.readyState === 'loading') return;
    this.#lang = this.closest('[lang]')?.getAttribute('lang') ?? '';
    if (!this.formElement) this.#setUp();
    else if (this.#generated) this.#renderLight();
    const form = this.formElement;
    if (!form) return;
    // aria-disabled, not disabled: the button keeps focus and stays discoverable.
    const button = form.querySelector('button[type="submit"], button:not([type]), input[type="submit"]');
    if (button) flag(button, 'aria-disabled', this.busy || this.state === 'rate-limited');
    flag(form, 'aria-busy', this.busy);
  }

  /** The endpoint in use and its client; throws ConfigError when neither attributes nor the form's action say. */
  #resolve(): Resolved {
    let baseUrl = this.baseUrl;
    let target = this.configuredTarget();
    if (!target) {
      const form = this.formElement;
      const found = form?.getAttribute('action') ? targetFromAction(form.action) : undefined;
      if (!found || !this.endpoints.includes(found.target.endpoint)) {
        throw new ConfigError(`hub-kit: <${this.localName}> needs a tenant attribute${this.kind === 'signup-form' ? ' or a form attribute' : ''}.`);
      }
      baseUrl ??= found.baseUrl;
      target = found.target;
    }
    const client = clientFor(baseUrl);
    return { ...target, client, url: client.url(target.endpoint, target.params as never) } as Resolved;
  }

  #actionUrl(): string | undefined {
    try {
      return this.#resolve().url;
    } catch (error) {
      logOnce(error as Error);
      return undefined;
    }
  }

  #renderLight(): void {
    const s = this.resolvedStrings;
    renderTemplate(
      html`<form class="hub-form" method="post" action=${this.#actionUrl() ?? nothing}>${
        this.fieldsTemplate(s)
      }${
        trapTemplate(this.fieldId(TRAP_NAME), s.trapLabel)
      }<button type="submit" class="hub-submit">${this.submitLabel || this.submitText(s)}</button></form>`,
      this,
    );
  }

  #setUp(): void {
    if (!this.querySelector('form')) {
      this.#generated = true;
      this.#renderLight();
    }
    const form = (this.formElement = this.querySelector('form'));
    if (!form) return;
    adoptLightFormStyles(this.getRootNode());
    // From here on the element validates, with messages tied to each field.
    form.noValidate = true;
    ensureTrap(form, this.fieldId(TRAP_NAME), this.resolvedStrings.trapLabel);
    // Called even when the form has its action: it starts the outbox for this service,
    // though nothing may be submitted on this page.
    const action = this.#actionUrl();
    if (action && !form.getAttribute('action')) form.action = action;
    form.addEventListener('submit', this.#onSubmit);
    this.#landed();
    void this.#reclaim();
  }

  /**
   * Without JavaScript the service answers a post by sending the visitor back with a marker
   * in the URL (`?hub-kit=subscribed`, `sent` or `error`); the page it lands on says what
   * happened, once: the marker is taken out of the address.
   */
  #landed(): void {
    const url = new URL(this.ownerDocument.location.href);
    const mark = url.searchParams.get('hub-kit');
    const s = this.resolvedStrings;
    if (mark !== 'error' && mark !== (this.kind === 'signup-form' ? 'subscribed' : 'sent')) return;
    url.searchParams.delete('hub-kit');
    history.replaceState(history.state, '', url);
    if (mark === 'error') this.#show('error', s.error);
    else this.#show('success', this.successMessage || this.successText(s));
  }

  /**
   * A submission of this target whose outcome stayed unknown (on this page, or one the
   * visitor left): taken from the outbox and offered back to the visitor.
   */
  async #reclaim(): Promise<void> {
    let target: Resolved;
    try {
      target = this.#resolve();
    } catch {
      return;
    }
    const key = JSON.stringify(target.params);
    const entry = await claim(
      (e) => e.baseUrl === target.client.baseUrl && e.endpoint === target.endpoint && JSON.stringify(e.params) === key,
    );
    if (!entry) return;
    // The entry goes back into the fields it came from, so the visitor sees what it was.
    const controls = this.formElement!.elements;
    for (const [name, value] of Object.entries(entry.body)) {
      const field = controls.namedItem(name);
      if (isField(field) && field.type !== 'hidden' && name !== TRAP_NAME) field.value = String(value);
    }
    this.#show('unconfirmed', this.resolvedStrings.unconfirmed);
  }

  #emit<W extends 'submit' | 'success' | 'error' | 'queued'>(
    what: W,
    detail: DetailOf<`signup-form-${W}`>,
    cancelable = false,
  ): boolean {
    // Both forms declare the same detail types for their events.
    return emit(this, `${this.kind}-${what}` as `signup-form-${W}`, detail, cancelable);
  }

  /** Shows a status and announces it; the same text twice is announced twice. */
  #show(state: FormState, message: string, announce = message): void {
    this.state = state;
    this.statusText = message;
    const slotted = this.querySelector(`:scope > [slot="${state}"]`)?.textContent?.trim();
    this.announcement = '';
    void this.updateComplete.then(() => {
      this.announcement = slotted || announce;
    });
  }

  #onSubmit = (event: Event): void => {
    event.preventDefault();
    // One intent, one request: a second click or Enter while busy or waiting sends nothing.
    if (this.busy) return;
    if (this.state === 'rate-limited') this.#show('rate-limited', this.statusText);
    else void this.#submit();
  };

  async #submit(): Promise<void> {
    const form = this.formElement!;
    const s = this.resolvedStrings;
    const errors = this.#validate(form, s);
    this.#markFields(errors);
    if (errors.size) {
      this.#show('invalid', s.invalid, `${s.invalid} ${[...errors.values()].join(' ')}`);
      [...errors.keys()][0]!.focus();
      return;
    }

    let resolved: Resolved;
    let data: FormBody | undefined;
    try {
      resolved = this.#resolve();
      data = this.payload(new FormData(form));
    } catch (error) {
      this.#fail(error as Error, data, s);
      return;
    }
    const { endpoint, params, client, url } = resolved;
    const detail: FormSubmitDetail = { data, endpoint, url };
    if (!this.#emit('submit', detail, true)) return;
    data = detail.data;

    this.busy = true;
    this.#show('busy', s.sending);
    // A slow answer (a hang, a retry after a timeout) is said aloud, not left to a spinner.
    const slow = setTimeout(() => this.#show('busy', s.stillTrying), 8000);
    try {
      this.#succeed(data, await post(client, endpoint, params as never, data), false);
    } catch (error) {
      try {
        // Only what never left the browser is queued: sent again later, it is sent once.
        if (!(error instanceof OfflineError)) throw error;
        const entry = await enqueue({ baseUrl: client.baseUrl, endpoint, params, body: data } as never) as OutboxEntry;
        this.#queued.add(entry.id);
        form.reset();
        this.#show('queued', s.queued);
        this.#emit('queued', { data, entry } satisfies FormQueuedDetail);
      } catch (error) {
        this.#fail(error as Error, data, s);
      }
    } finally {
      clearTimeout(slow);
      this.busy = false;
    }
  }

  #succeed(data: FormBody, response: SubmitResponse, queued: boolean): void {
    this.#markFields(new Map());
    if (!queued) this.formElement?.reset();
    this.#show('success', this.successMessage || response.message || this.successText(this.resolvedStrings));
    this.#emit('success', { data, response, queued } satisfies FormSuccessDetail);
    const target = queued ? undefined : safeUrl(this.redirect, WEB_SCHEMES, this.ownerDocument.baseURI);
    if (target) this.ownerDocument.defaultView?.location.assign(target);
  }

  #fail(error: Error, data: FormBody | undefined, s: FormStrings): void {
    if (error instanceof RateLimitedError) {
      // retryAfter is whole seconds from the moment of the error, at least one.
      this.#resetAt = Date.now() + error.retryAfter * 1000;
      this.#show('rate-limited', waitText(s, error.retryAfter));
      this.#countdown();
    } else if (error instanceof ValidationError) {
      // A 422's `errors` go beside their fields: `email`, or `fields.consent` to `fields[consent]`.
      const fields = new Map<Field, string>();
      const rest = [error.message];
      const controls = this.formElement!.elements;
      for (const [key, messages] of Object.entries(error.fieldErrors)) {
        const message = messages.join(' ');
        const found = controls.namedItem(key) ?? controls.namedItem(key.replace(/^fields\.(.+)$/, 'fields[$1]'));
        const el = found instanceof RadioNodeList ? found[0] : found;
        if (isField(el) && el.type !== 'hidden') fields.set(el, message);
        else rest.push(message);
      }
      this.#markFields(fields);
      this.#show('invalid', rest.filter(Boolean).join(' ') || s.invalid);
      [...fields.keys()][0]?.focus();
    } else if (error instanceof UnconfirmedError) {
      // The fields still hold the entry: sending again is the visitor's choice.
      this.#show('unconfirmed', s.unconfirmed);
    } else {
      logOnce(error);
      // No such form or tenant, a redirect, a bad option: nothing the visitor can fix.
      const config = error instanceof ConfigError || (error instanceof HttpError && (error.status < 400 || error.status === 404));
      this.#show('error', config ? s.config : s.error);
    }
    this.#emit('error', { data, error } satisfies FormErrorDetail);
  }

  /** Counts down to the end of a rate limit, then lets the visitor try again. */
  #countdown(): void {
    clearInterval(this.#timer);
    const step = () => {
      const s = this.resolvedStrings;
      const seconds = Math.ceil((this.#resetAt - Date.now()) / 1000);
      if (seconds > 0) {
        // Visible only: the live region announced the wait once, not every second.
        this.statusText = waitText(s, seconds);
        return;
      }
      clearInterval(this.#timer);
      this.#show('idle', s.ready);
    };
    step();
    if (this.state === 'rate-limited') this.#timer = setInterval(step, 1000);
  }

  /** A submission queued on this page was delivered, or finally refused, by the outbox. */
  #onOutbox = (event: Event): void => {
    const { entry, response, error } = (event as CustomEvent<Partial<DeliveredDetail & FailedDetail>>).detail;
    const mine = this.#queued.delete(entry!.id);
    // Whichever form of its target is on the page gives an unconfirmed entry back.
    if (event.type === 'unconfirmed') void this.#reclaim();
    else if (!mine) return;
    else if (error) this.#fail(error, entry!.body, this.resolvedStrings);
    else this.#succeed(entry!.body, response!, true);
  };

  #validate(form: HTMLFormElement, s: FormStrings): Map<Field, string> {
    const errors = new Map<Field, string>();
    for (const el of form.elements) {
      if (!isField(el) || el.name === TRAP_NAME || el.type === 'hidden' || el.disabled) continue;
      const value = el.value.trim();
      const isEmail = el.type === 'email' || el.name === 'email';
      if (el.type === 'checkbox') {
        if (el.required && !(el as HTMLInputElement).checked) errors.set(el, s.consentRequired);
      } else if (el.required && !value) {
        errors.set(el, isEmail ? s.emailRequired : el.name === 'message' ? s.messageRequired : s.required);
      } else if (value && isEmail && !EMAIL.test(value)) {
        errors.set(el, s.emailInvalid);
      }
    }
    return errors;
  }

  /** Sets or clears aria-invalid and the error text tied to each field by aria-describedby. */
  #markFields(errors: Map<Field, string>): void {
    for (const field of this.#marked) if (!errors.has(field)) this.#note(field, '');
    for (const [field, message] of errors) this.#note(field, message);
    this.#marked = new Set(errors.keys());
  }

  /** Shows `message` in the field's error note, made on first use; an empty message hides it. */
  #note(field: Field, message: string): void {
    const form = this.formElement!;
    if (!field.id) field.id = this.fieldId(field.name || 'field');
    const id = `${field.id}-error`;
    let note = form.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
    flag(field, 'aria-invalid', !!message);
    if (!note) {
      if (!message) return;
      note = this.ownerDocument.createElement('p');
      note.id = id;
      note.className = 'hub-error';
      const wrapper = field.closest('.hub-field');
      if (wrapper && form.contains(wrapper)) wrapper.append(note);
      // A checkbox is usually followed by its label; the note goes after both.
      else (field.nextElementSibling?.tagName === 'LABEL' ? field.nextElementSibling : field).after(note);
    }
    note.textContent = message;
    note.hidden = !message;
    const ids = field.getAttribute('aria-describedby') ?? '';
    if (message && !ids.split(/\s+/).includes(id)) field.setAttribute('aria-describedby', `${ids} ${id}`.trim());
  }

  /** Email, name and the spam trap, as every endpoint takes them. */
  protected commonPayload(data: FormData): { email: string; name?: string; website: string } {
    const name = text(data, 'name').trim();
    return { email: text(data, 'email').trim(), ...(name && { name }), website: text(data, TRAP_NAME) };
  }

  /** `fields[source]=footer` inputs as `{ source: 'footer' }`; repeated keys (tags) joined by commas. */
  protected fieldsPayload(data: FormData, extra: Record<string, string> = {}): Record<string, string> | undefined {
    const fields: Record<string, string> = { ...extra };
    const seen = new Set<string>();
    for (const [key, value] of data) {
      const name = /^fields\[(.+)\]$/.exec(key)?.[1];
      if (!name || typeof value !== 'string') continue;
      fields[name] = seen.has(name) ? `${fields[name]},${value}` : value;
      seen.add(name);
    }
    return Object.keys(fields).length ? fields : undefined;
  }

  /** A labelled field of the generated form; `control` renders its input with the given id. */
  protected field(name: string, label: string, control: (id: string) => TemplateResult, check = false): TemplateResult {
    const id = this.fieldId(name);
    return check
      ? html`<div class="hub-field hub-check">${control(id)}<label for=${id}>${label}</label></div>`
      : html`<div class="hub-field"><label for=${id}>${label}</label>${control(id)}</div>`;
  }

  protected emailInput(s: FormStrings): TemplateResult {
    return this.field(
      'email',
      this.emailLabel || s.emailLabel,
      (id) => html`<input id=${id} type="email" name="email" autocomplete="email" spellcheck="false" required />`,
    );
  }

  protected nameInput(s: FormStrings): TemplateResult {
    return this.field(
      'name',
      this.nameLabel || s.nameLabel,
      (id) => html`<input id=${id} type="text" name="name" autocomplete="name" />`,
    );
  }
}
