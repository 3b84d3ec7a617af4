/**
 * The element behind `<signup-form>` and `<contact-form>`: their properties, the light-DOM
 * form they render or adopt, and the wiring of two controllers. What happens to a
 * submission is the submission controller's (components/controllers/submission.ts); how a
 * field shows its error is the field-errors controller's. Each form supplies data: where it
 * posts, its fields, how a FormData becomes a request body, its words.
 *
 * The `<form>` itself is light DOM: a page without JavaScript (or before the script has
 * loaded) posts it to the service as a plain HTML form, a password manager sees real
 * inputs, and field errors can be tied to their inputs with `aria-describedby`, which
 * cannot point across a shadow boundary. The shadow root holds the status line, the
 * announcer (a polite live region) and the styles.
 */
import { LitElement, html, nothing, render as renderTemplate, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { matchEndpoint } from '../../src/api/endpoints.js';
import { ConfigError, logOnce } from '../../src/api/errors.js';
import { onConnect } from '../../src/lifecycle/on-connect.js';
import type { SubmitResponse } from '../../src/api/schema.js';
import type { PostEndpoint, Transport } from '../../src/api/transport.js';
import { safeUrl, WEB_SCHEMES } from '../../src/url/safe-url.js';
import { FieldErrorsController, flag } from '../controllers/field-errors.js';
import { SubmissionController, type FormBody, type FormEvents, type SubmissionState, type Target } from '../controllers/submission.js';
import { transportFor } from './transport-for.js';
import { emit } from './emit.js';
import { fieldId, formTemplate } from './form-markup.js';
import { adoptLightFormStyles } from './light-form.styles.js';
import { ensureTrap, trapTemplate, TRAP_NAME } from './spam-trap.js';
import { FORM_EN, langOf, onStringsChange, stringsFor, type FormStrings } from './strings.js';

export type {
  FormBody,
  FormErrorDetail,
  FormEvents,
  FormQueuedDetail,
  FormSubmitDetail,
  FormSuccessDetail,
  Target,
} from '../controllers/submission.js';
export type FormState = SubmissionState;

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
    // A property only: a value, not a flag, so never an attribute (which a framework that
    // hydrates the element would find it had not rendered).
    state: { attribute: false },
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
  /** idle, invalid, busy, success, queued, unconfirmed, rate-limited or error. Read-only, not reflected. */
  state: FormState = 'idle';

  /** The form in use: the author's, or the one this element rendered. */
  formElement: HTMLFormElement | null = null;

  /** The element's name, which its events carry (`signup-form-success`), whatever its tag. */
  protected abstract readonly kind: 'signup-form' | 'contact-form';
  /** Endpoints this element may post to, when reading an author's form action. */
  protected abstract readonly endpoints: readonly PostEndpoint[];
  /** The `?hub-kit=` marker with which the service says a post made without JavaScript worked. */
  protected abstract readonly landed: string;
  /** The attributes that say where it posts, for the set-up error. */
  protected abstract readonly needs: string;
  /** The target given by attributes, if they give one. */
  protected abstract configuredTarget(): Target | undefined;
  /** The inputs of the generated form, between its start tag and the spam trap. */
  protected abstract fieldsTemplate(s: FormStrings): TemplateResult;
  protected abstract payload(data: FormData): FormBody;
  protected abstract submitText(s: FormStrings): string;
  protected abstract successText(s: FormStrings): string;

  readonly #uid = `hub-${++instances}`;
  #internals: ElementInternals | undefined;
  #generated = false;

  readonly #fields = new FieldErrorsController(
    this,
    (name) => this.fieldId(name),
    (message) => langOf(this.resolvedStrings, message),
  );
  readonly #submission = new SubmissionController(this, {
    target: () => this.#target(),
    body: (data) => this.payload(data),
    words: () => this.resolvedStrings,
    successText: (response: SubmitResponse) =>
      this.successMessage || response.message || this.successText(this.resolvedStrings),
    fire: (what, detail, cancelable) => {
      const go = emit(this, this.kind, what, detail, cancelable);
      // A success answered now, not one the outbox delivered later, goes on to `redirect`.
      const sent: FormEvents[keyof FormEvents] = detail;
      const to = what === 'success' && 'queued' in sent && !sent.queued && safeUrl(this.redirect, WEB_SCHEMES, this.ownerDocument.baseURI);
      if (to) this.ownerDocument.defaultView?.location.assign(to);
      return go;
    },
    markFields: (errors, focus) => this.#fields.show(errors, focus),
    landed: () => this.landed,
  });

  /** A stable id for a field of this element's generated form. */
  protected fieldId(name: string): string {
    return fieldId(this.#uid, name);
  }

  /** The built-in strings for the element's language, overlaid by `strings`. */
  get resolvedStrings(): FormStrings {
    return { ...stringsFor(this, FORM_EN), ...this.strings };
  }

  constructor() {
    super();
    onConnect(this, (signal) => {
      const update = () => this.requestUpdate();
      onStringsChange(update, { signal });
      // Parsed before its children (a classic script in <head>): wait for the author's form.
      if (this.ownerDocument.readyState === 'loading') {
        this.ownerDocument.addEventListener('DOMContentLoaded', update, { signal, once: true });
      }
    });
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.state = this.#submission.state;
    this.busy = this.#submission.busy;
  }

  protected override render(): TemplateResult {
    const { text, announcement } = this.#submission;
    const s = this.resolvedStrings;
    // The kit's English on a page in another language says so, and what is announced is in
    // the language of what is shown. A countdown's text changes every second: its words say
    // what language it is in.
    const lang = langOf(s, this.state == 'rate-limited' ? s.rateLimited : text);
    // One line: a template's text, the space inside its tags included, ships as written.
    return html`<slot></slot><div part="status" class="status" data-state=${this.state} lang=${lang} ?hidden=${!text}><slot name=${this.state}>${text || nothing}</slot></div><div class="sr-only" role="status" aria-live="polite" aria-atomic="true" lang=${lang}>${announcement || nothing}</div>`;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // The state as a CSS custom state, `signup-form:state(success)`, so a site can style by
    // state without an attribute (which a framework hydrating the element would find it had
    // not rendered). Where the browser has no CustomStateSet, or the element's internals are
    // taken, nothing: the status line still says it all.
    try {
      const { states } = (this.#internals ??= this.attachInternals());
      states.clear();
      states.add(this.state);
    } catch {}
    if (this.ownerDocument.readyState === 'loading') return;
    if (!this.formElement) this.#setUp();
    else if (this.#generated) this.#renderLight();
    const form = this.formElement;
    if (!form) return;
    // aria-disabled, not disabled: the button keeps focus and stays discoverable.
    const button = form.querySelector('button:not([type]),[type=submit]');
    if (button) flag(button, 'aria-disabled', this.busy || this.state === 'rate-limited');
    flag(form, 'aria-busy', this.busy);
  }

  /**
   * The endpoint in use and its client: from attributes, or read back from the author's
   * form action through the endpoint table. Throws ConfigError when neither says.
   */
  #target(): Target & { client: Transport } {
    let baseUrl = this.baseUrl;
    let target = this.configuredTarget();
    if (!target) {
      const action = this.formElement?.getAttribute('action') ? new URL(this.formElement.action) : undefined;
      const found = action && matchEndpoint(action.pathname, this.endpoints);
      if (!found) throw new ConfigError(`hub-kit: <${this.localName}> needs ${this.needs}.`);
      baseUrl ??= action.origin + found.prefix;
      target = { endpoint: found.name, params: found.params } as Target;
    }
    return { ...target, client: transportFor(baseUrl) };
  }

  #actionUrl(): string | undefined {
    try {
      const { client, endpoint, params } = this.#target();
      return client.url(endpoint, params as never);
    } catch (error) {
      logOnce(error as Error);
      return undefined;
    }
  }

  #renderLight(): void {
    const s = this.resolvedStrings;
    const idFor = (name: string) => this.fieldId(name);
    renderTemplate(formTemplate(this.#actionUrl(), this.fieldsTemplate(s), idFor, s, this.submitLabel || this.submitText(s)), this);
  }

  #setUp(): void {
    if (!this.querySelector('form')) {
      this.#generated = true;
      this.#renderLight();
    }
    const form = (this.formElement = this.querySelector('form'));
    if (!form) return;
    adoptLightFormStyles(this.getRootNode());
    // Adopted as it is, so a framework hydrating the page finds what it rendered: the
    // browser's checks stay on until a submission fails them. The element then cancels the
    // browser's bubbles, turns its checks off and submits again once the browser is done
    // (a submission made while it is checking is ignored), to validate with messages tied
    // to each field, from then on.
    form.addEventListener(
      'invalid',
      (event) => {
        event.preventDefault();
        if (!form.noValidate) setTimeout(() => form.requestSubmit());
        form.noValidate = true;
      },
      true,
    );
    ensureTrap(form, this.fieldId(TRAP_NAME), this.resolvedStrings.trapLabel);
    // Called even when the form has its action: it starts the outbox for this service,
    // though nothing may be submitted on this page.
    const action = this.#actionUrl();
    if (action && !form.getAttribute('action')) form.action = action;
    this.#submission.attach(form);
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
}
