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
import type { PostEndpoint } from '../../src/api/transport.js';
import type { EndpointParams } from '../../src/api/endpoints.js';
import { ConfigError, NetworkError, RateLimitedError, ValidationError } from '../../src/api/errors.js';
import type { ContactBody, SignupBody, SubmitResponse } from '../../src/api/schema.js';
import { enqueue, outboxEvents, type DeliveredDetail, type FailedDetail, type OutboxEntry } from '../../src/outbox/outbox.js';
import { clientFor } from './client.js';
import { adoptLightFormStyles } from './light-form.styles.js';
import { safeUrl, WEB_SCHEMES } from './safe-url.js';
import { ensureTrap, trapTemplate, TRAP_NAME } from './spam-trap.js';
import { format, onStringsChange, stringsFor, type FormStrings } from './strings.js';

export type FormState = 'idle' | 'invalid' | 'busy' | 'success' | 'queued' | 'rate-limited' | 'error';

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
const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const isField = (el: Element): el is Field => FIELD_TAGS.has(el.tagName);

// Deliberately loose: the service has the final word (422); this catches typos only.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The action URL paths of the service, for a form an author pasted without attributes. */
const ACTION_PATHS: ReadonlyArray<[PostEndpoint, RegExp]> = [
  ['formSignup', /^(.*)\/api\/subscribe\/([^/]+)$/],
  ['magicLink', /^(.*)\/api\/v1\/tenants\/([^/]+)\/magic-links\/([^/]+)$/],
  ['subscribe', /^(.*)\/api\/v1\/tenants\/([^/]+)\/subscribe$/],
  ['contact', /^(.*)\/api\/v1\/tenants\/([^/]+)\/contact$/],
];

function targetFromAction(action: string): { baseUrl: string; target: Target } | undefined {
  let url: URL;
  try {
    url = new URL(action);
  } catch {
    return undefined;
  }
  for (const [endpoint, pattern] of ACTION_PATHS) {
    const match = pattern.exec(url.pathname.replace(/\/+$/, ''));
    if (!match) continue;
    const [, prefix = '', a = '', b = ''] = match.map((part) => decodeURIComponent(part ?? ''));
    const baseUrl = url.origin + prefix;
    if (endpoint === 'formSignup') return { baseUrl, target: { endpoint, params: { form: a } } };
    if (endpoint === 'magicLink') return { baseUrl, target: { endpoint, params: { tenant: a, resource: b } } };
    return { baseUrl, target: { endpoint, params: { tenant: a } } } as { baseUrl: string; target: Target };
  }
  return undefined;
}

const text = (value: FormDataEntryValue | null): string => (typeof value === 'string' ? value : '');

/** `strings='{"subscribe":"Join"}'`: a bad value is ignored rather than breaking the page. */
const stringsConverter = {
  fromAttribute(value: string | null): Partial<FormStrings> {
    if (!value) return {};
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? (parsed as Partial<FormStrings>) : {};
    } catch {
      return {};
    }
  },
};

let instances = 0;

interface Resolved {
  baseUrl: string | null;
  target: Target;
}

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
  /** idle, invalid, busy, success, queued, rate-limited or error. Read-only. */
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
  #stopStrings: (() => void) | undefined;

  /** A stable id for a field of this element's generated form. */
  protected fieldId(name: string): string {
    return `${this.#uid}-${name}`;
  }

  /** The built-in strings for the element's language, overlaid by `strings`. */
  get resolvedStrings(): FormStrings {
    return { ...stringsFor(this.#lang), ...this.strings };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#stopStrings = onStringsChange(() => this.requestUpdate());
    outboxEvents.addEventListener('delivered', this.#onDelivered);
    outboxEvents.addEventListener('failed', this.#onFailed);
    // Parsed before its children (a classic script in <head>): wait for the author's form.
    if (this.ownerDocument.readyState === 'loading') {
      this.ownerDocument.addEventListener('DOMContentLoaded', () => this.requestUpdate(), { once: true });
    }
    if (this.state === 'rate-limited') this.#countdown();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopStrings?.();
    outboxEvents.removeEventListener('delivered', this.#onDelivered);
    outboxEvents.removeEventListener('failed', this.#onFailed);
    clearInterval(this.#timer);
  }

  protected override render(): TemplateResult {
    return html`<slot></slot>
      <div part="status" class="status" data-state=${this.state} ?hidden=${!this.statusText}>
        <slot name=${this.state}>${this.statusText}</slot>
      </div>
      <div class="announcer" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>`;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.ownerDocument.readyState === 'loading') return;
    this.#lang = this.closest('[lang]')?.getAttribute('lang') ?? '';
    if (!this.formElement) this.#setUp();
    else if (this.#generated) this.#renderLight();
    this.#syncForm();
  }

  /** The endpoint and base URL in use; throws ConfigError when neither attributes nor the form's action say. */
  #resolve(): Resolved {
    const target = this.configuredTarget();
    if (target) return { baseUrl: this.baseUrl, target };
    const action = this.formElement?.getAttribute('action');
    const found = action ? targetFromAction(this.formElement!.action) : undefined;
    if (found && this.endpoints.includes(found.target.endpoint)) {
      return { baseUrl: this.baseUrl ?? found.baseUrl, target: found.target };
    }
    throw new ConfigError(`hub-kit: <${this.localName}> needs a tenant attribute${this.kind === 'signup-form' ? ' or a form attribute' : ''}.`);
  }

  #actionUrl(): string | undefined {
    try {
      const { baseUrl, target } = this.#resolve();
      return clientFor(baseUrl).url(target.endpoint, target.params as never);
    } catch (error) {
      console.error(error);
      return undefined;
    }
  }

  #renderLight(): void {
    const s = this.resolvedStrings;
    const action = this.#actionUrl();
    renderTemplate(
      html`<form class="hub-form" method="post" action=${action ?? nothing}>
        ${this.fieldsTemplate(s)} ${trapTemplate(this.fieldId(TRAP_NAME), s.trapLabel)}
        <button type="submit" class="hub-submit">${this.submitLabel || this.submitText(s)}</button>
      </form>`,
      this,
    );
  }

  #setUp(): void {
    const existing = this.querySelector('form');
    if (existing) {
      this.formElement = existing;
    } else {
      this.#generated = true;
      this.#renderLight();
      this.formElement = this.querySelector('form');
    }
    const form = this.formElement;
    if (!form) return;
    adoptLightFormStyles(this.getRootNode());
    // From here on the element validates, with messages tied to each field.
    form.noValidate = true;
    ensureTrap(form, this.fieldId(TRAP_NAME), this.resolvedStrings.trapLabel);
    if (!form.getAttribute('action')) {
      const action = this.#actionUrl();
      if (action) form.action = action;
    } else {
      // Starts the outbox for this service even when nothing is submitted on this page.
      this.#actionUrl();
    }
    form.addEventListener('submit', this.#onSubmit);
  }

  #syncForm(): void {
    const form = this.formElement;
    if (!form) return;
    const button = form.querySelector('button[type="submit"], button:not([type]), input[type="submit"]');
    // aria-disabled, not disabled: the button keeps focus and stays discoverable.
    if (button) {
      if (this.busy || this.state === 'rate-limited') button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
    }
    if (this.busy) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  }

  #emit(what: 'submit' | 'success' | 'error' | 'queued', detail: object, cancelable = false): boolean {
    return this.dispatchEvent(
      new CustomEvent(`${this.kind}-${what}`, { bubbles: true, composed: true, cancelable, detail }),
    );
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
    if (this.state === 'rate-limited') {
      this.#show('rate-limited', this.statusText);
      return;
    }
    void this.#submit();
  };

  async #submit(): Promise<void> {
    const form = this.formElement!;
    const s = this.resolvedStrings;
    const errors = this.#validate(form, s);
    this.#markFields(errors);
    if (errors.size) {
      this.#show('invalid', s.invalid, `${s.invalid} ${[...errors.values()].join(' ')}`);
      [...errors.keys()][0]?.focus();
      return;
    }

    let resolved: Resolved;
    let client: ReturnType<typeof clientFor>;
    let data: FormBody | undefined;
    try {
      resolved = this.#resolve();
      client = clientFor(resolved.baseUrl);
      data = this.payload(new FormData(form));
    } catch (error) {
      this.#fail(error as Error, data, s);
      return;
    }
    const { endpoint, params } = resolved.target;
    const detail: FormSubmitDetail = { data, endpoint, url: client.url(endpoint, params as never) };
    if (!this.#emit('submit', detail, true)) return;
    data = detail.data;

    this.busy = true;
    this.#show('busy', s.sending);
    try {
      const response = await post(client, endpoint, params as never, data);
      this.#succeed(data, response, false);
    } catch (error) {
      if (error instanceof NetworkError) {
        await this.#queue(client.baseUrl, resolved.target, data, s);
      } else {
        this.#fail(error as Error, data, s);
      }
    } finally {
      this.busy = false;
    }
  }

  async #queue(baseUrl: string, target: Target, data: FormBody, s: FormStrings): Promise<void> {
    let entry: OutboxEntry;
    try {
      entry = await enqueue({ baseUrl, endpoint: target.endpoint, params: target.params, body: data } as never);
    } catch (error) {
      this.#fail(error as Error, data, s);
      return;
    }
    this.#queued.add(entry.id);
    this.formElement?.reset();
    this.#show('queued', s.queued);
    this.#emit('queued', { data, entry } satisfies FormQueuedDetail);
  }

  #succeed(data: FormBody, response: SubmitResponse, queued: boolean): void {
    const s = this.resolvedStrings;
    this.#markFields(new Map());
    if (!queued) this.formElement?.reset();
    this.#show('success', this.successMessage || response.message || this.successText(s));
    this.#emit('success', { data, response, queued } satisfies FormSuccessDetail);
    const target = queued ? undefined : safeUrl(this.redirect, WEB_SCHEMES, this.ownerDocument.baseURI);
    if (target) this.ownerDocument.defaultView?.location.assign(target);
  }

  #fail(error: Error, data: FormBody | undefined, s: FormStrings): void {
    if (error instanceof RateLimitedError) {
      // retryAfter is whole seconds from the moment of the error, at least one.
      this.#resetAt = Date.now() + error.retryAfter * 1000;
      this.#show('rate-limited', format(s.rateLimited, { seconds: error.retryAfter }));
      this.#countdown();
    } else if (error instanceof ValidationError) {
      const { fields, rest } = this.#serverErrors(error.fieldErrors);
      this.#markFields(fields);
      const summary = [error.message, ...rest].filter(Boolean).join(' ');
      this.#show('invalid', summary || s.invalid);
      [...fields.keys()][0]?.focus();
    } else {
      if (error instanceof ConfigError) console.error(error);
      this.#show('error', s.error);
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
        this.statusText = format(s.rateLimited, { seconds });
        return;
      }
      clearInterval(this.#timer);
      this.#show('idle', s.ready);
    };
    step();
    if (this.state === 'rate-limited') this.#timer = setInterval(step, 1000);
  }

  #onDelivered = (event: Event): void => {
    const { entry, response } = (event as CustomEvent<DeliveredDetail>).detail;
    if (this.#queued.delete(entry.id)) this.#succeed(entry.body, response, true);
  };

  #onFailed = (event: Event): void => {
    const { entry, error } = (event as CustomEvent<FailedDetail>).detail;
    if (this.#queued.delete(entry.id)) this.#fail(error, entry.body, this.resolvedStrings);
  };

  #validate(form: HTMLFormElement, s: FormStrings): Map<Field, string> {
    const errors = new Map<Field, string>();
    for (const el of Array.from(form.elements)) {
      if (!isField(el) || el.name === TRAP_NAME || el.type === 'hidden' || el.disabled) continue;
      if (el.type === 'checkbox') {
        if (el.required && !(el as HTMLInputElement).checked) errors.set(el, s.consentRequired);
        continue;
      }
      const value = el.value.trim();
      const isEmail = el.type === 'email' || el.name === 'email';
      if (el.required && !value) {
        errors.set(el, isEmail ? s.emailRequired : el.name === 'message' ? s.messageRequired : s.required);
      } else if (value && isEmail && !EMAIL.test(value)) {
        errors.set(el, s.emailInvalid);
      }
    }
    return errors;
  }

  /** Maps a 422's `errors` to fields: `email`, or `fields.consent` to `fields[consent]`. */
  #serverErrors(fieldErrors: Record<string, string[]>): { fields: Map<Field, string>; rest: string[] } {
    const fields = new Map<Field, string>();
    const rest: string[] = [];
    const form = this.formElement!;
    for (const [key, messages] of Object.entries(fieldErrors)) {
      const message = messages.join(' ');
      const nested = key.replace(/^fields\.(.+)$/, 'fields[$1]');
      const found = form.elements.namedItem(key) ?? form.elements.namedItem(nested);
      const el = found && 'length' in found && !(found instanceof Element) ? found[0] : found;
      if (el instanceof Element && isField(el) && el.type !== 'hidden') fields.set(el, message);
      else rest.push(message);
    }
    return { fields, rest };
  }

  /** Sets or clears aria-invalid and the error text tied to each field by aria-describedby. */
  #markFields(errors: Map<Field, string>): void {
    for (const field of this.#marked) {
      if (errors.has(field)) continue;
      field.removeAttribute('aria-invalid');
      const note = this.#errorNote(field, false);
      if (note) {
        note.hidden = true;
        note.textContent = '';
      }
    }
    for (const [field, message] of errors) {
      const note = this.#errorNote(field, true)!;
      note.textContent = message;
      note.hidden = false;
      field.setAttribute('aria-invalid', 'true');
      const ids = new Set((field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
      ids.add(note.id);
      field.setAttribute('aria-describedby', [...ids].join(' '));
    }
    this.#marked = new Set(errors.keys());
  }

  #errorNote(field: Field, create: boolean): HTMLElement | null {
    if (!field.id) field.id = this.fieldId(field.name.replace(/\W+/g, '-') || 'field');
    const id = `${field.id}-error`;
    const form = this.formElement!;
    const existing = form.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
    if (existing || !create) return existing;
    const note = this.ownerDocument.createElement('p');
    note.id = id;
    note.className = 'hub-error';
    note.hidden = true;
    const wrapper = field.closest('.hub-field');
    if (wrapper && form.contains(wrapper)) wrapper.append(note);
    else {
      // A checkbox is usually followed by its label; the note goes after both.
      const label = field.nextElementSibling?.tagName === 'LABEL' ? field.nextElementSibling : field;
      label.after(note);
    }
    return note;
  }

  /** Email, name and the spam trap, as every endpoint takes them. */
  protected commonPayload(data: FormData): { email: string; name?: string; website: string } {
    const body: { email: string; name?: string; website: string } = {
      email: text(data.get('email')).trim(),
      website: text(data.get(TRAP_NAME)),
    };
    const name = text(data.get('name')).trim();
    if (name) body.name = name;
    return body;
  }

  /** `fields[source]=footer` inputs as `{ source: 'footer' }`; repeated keys (tags) joined by commas. */
  protected fieldsPayload(data: FormData, extra: Record<string, string> = {}): Record<string, string> | undefined {
    const fields: Record<string, string> = { ...extra };
    const seen = new Set<string>();
    for (const [key, value] of data) {
      const match = /^fields\[(.+)\]$/.exec(key);
      if (!match?.[1] || typeof value !== 'string') continue;
      const name = match[1];
      fields[name] = seen.has(name) ? `${fields[name]},${value}` : value;
      seen.add(name);
    }
    return Object.keys(fields).length ? fields : undefined;
  }

  /** A labelled field of the generated form. */
  protected field(name: string, label: string, control: TemplateResult, check = false): TemplateResult {
    const id = this.fieldId(name.replace(/\W+/g, '-'));
    return check
      ? html`<div class="hub-field hub-check">${control}<label for=${id}>${label}</label></div>`
      : html`<div class="hub-field"><label for=${id}>${label}</label>${control}</div>`;
  }

  protected emailInput(s: FormStrings): TemplateResult {
    return this.field(
      'email',
      this.emailLabel || s.emailLabel,
      html`<input id=${this.fieldId('email')} type="email" name="email" autocomplete="email" spellcheck="false" required />`,
    );
  }

  protected nameInput(s: FormStrings): TemplateResult {
    return this.field(
      'name',
      this.nameLabel || s.nameLabel,
      html`<input id=${this.fieldId('name')} type="text" name="name" autocomplete="name" />`,
    );
  }
}
