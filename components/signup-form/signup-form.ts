import type { PropertyDeclarations, TemplateResult } from 'lit';
import type { PostEndpoint } from '../../src/api/transport.js';
import type { SignupBody } from '../../src/api/schema.js';
import { defineElement } from '../shared/define.js';
import type { EventsOf } from '../shared/emit.js';
import { HubFormElement, type FormEvents, type Target } from '../shared/hub-form.js';
import { signupFields } from '../shared/form-markup.js';
import type { FormStrings } from '../shared/strings.js';
import { signupFormStyles } from './signup-form.styles.js';

/**
 * @summary A newsletter signup that works without JavaScript, never sends one intent twice
 * and keeps a signup made offline until it is delivered.
 *
 * Posts to the form action URL (`form`), the tenant's subscribe endpoint (`tenant`) or the
 * Resources feature (`tenant` + `resource`). Renders a real light-DOM `<form>`, or adopts the
 * one written inside it.
 *
 * @attr tenant - The creator's workspace slug.
 * @attr form - A form identifier: posts to the form action URL /api/subscribe/{form}.
 * @attr resource - With tenant, a resource identifier: "send me the guide".
 * @attr base-url - Where the service lives; defaults to the page's origin.
 * @attr name-field - Adds an optional name field.
 * @attr consent - Adds a required consent checkbox with this text.
 * @attr source - Sent as fields.source.
 * @attr tags - Sent as fields.tags.
 * @attr success-message - Shown after success instead of the default.
 * @attr redirect - An http(s) URL to go to after success.
 * @attr submit-label - The button's text.
 * @attr email-label - The email field's label.
 * @attr name-label - The name field's label.
 * @attr strings - JSON overrides for any built-in string.
 * @attr busy - Reflected while a submission is in flight.
 *
 * @prop {Record<string, string>} fields - Extra fields sent with every signup.
 * @prop {Partial<FormStrings>} strings - Overrides for any built-in string.
 * @prop {FormState} state - Read-only: idle, invalid, busy, success, queued, unconfirmed, rate-limited or error.
 * @prop {HTMLFormElement | null} formElement - The form in use.
 *
 * @fires {CustomEvent<FormSubmitDetail>} signup-form-submit - Cancelable; before anything is sent.
 * @fires {CustomEvent<FormSuccessDetail>} signup-form-success - The service accepted the signup; `detail.already` when it answered 409, already subscribed.
 * @fires {CustomEvent<FormErrorDetail>} signup-form-error - Rejected, rate limited or failed.
 * @fires {CustomEvent<FormQueuedDetail>} signup-form-queued - Kept in the outbox while offline.
 *
 * @slot - The form. Leave empty to have one rendered, or write your own `<form>`.
 * @slot success - Replaces the success message.
 * @slot queued - Replaces the offline message.
 * @slot unconfirmed - Replaces the "could not confirm that this arrived" message.
 * @slot error - Replaces the error message.
 * @slot invalid - Replaces the summary of field errors.
 * @slot rate-limited - Replaces the wait message (and its countdown).
 * @slot busy - Replaces the "Sending…" message.
 *
 * @csspart status - The status line under the form.
 *
 * @cssstate idle - New, or a wait has ended. `signup-form:state(idle)`.
 * @cssstate invalid - Fields fail the checks, or the service answered 422. `signup-form:state(invalid)`.
 * @cssstate busy - A submission is in flight. `signup-form:state(busy)`.
 * @cssstate success - The service took it. `signup-form:state(success)`.
 * @cssstate queued - Offline: kept in the outbox. `signup-form:state(queued)`.
 * @cssstate unconfirmed - No answer could be read: it may have arrived. `signup-form:state(unconfirmed)`.
 * @cssstate rate-limited - Counting down to the end of a wait. `signup-form:state(rate-limited)`.
 * @cssstate error - Refused, not set up, or a failure of the service. `signup-form:state(error)`.
 *
 * @cssprop --hub-accent - Button background.
 * @cssprop --hub-accent-fg - Button text.
 * @cssprop --hub-bg - Form and field background.
 * @cssprop --hub-fg - Text colour.
 * @cssprop --hub-border - Field borders.
 * @cssprop --hub-error - Error text and borders.
 * @cssprop --hub-success - Success accent.
 * @cssprop --hub-surface - Status line background.
 * @cssprop --hub-focus - Focus ring.
 * @cssprop --hub-radius - Corner radius.
 * @cssprop --hub-gap - Space between fields.
 */
export class SignupForm extends HubFormElement {
  static override styles = signupFormStyles;

  /** Registers the element; safe to call twice. */
  static define(tag = 'signup-form', registry: CustomElementRegistry = customElements): void {
    defineElement(tag, this, registry);
  }

  static override properties: PropertyDeclarations = {
    formId: { attribute: 'form' },
    resource: {},
    nameField: { type: Boolean, attribute: 'name-field' },
    consent: {},
    source: {},
    tags: {},
    fields: { attribute: false },
  };

  formId: string | null = null;
  resource: string | null = null;
  nameField = false;
  consent: string | null = null;
  source: string | null = null;
  tags: string | null = null;
  fields: Record<string, string> = {};

  protected readonly kind = 'signup-form';
  protected readonly endpoints: readonly PostEndpoint[] = ['formSignup', 'subscribe', 'magicLink'];
  protected readonly landed = 'subscribed';
  protected readonly needs = 'a tenant attribute or a form attribute';

  protected configuredTarget(): Target | undefined {
    const { formId: form, tenant, resource } = this;
    if (form) return { endpoint: 'formSignup', params: { form } };
    if (tenant) return resource ? { endpoint: 'magicLink', params: { tenant, resource } } : { endpoint: 'subscribe', params: { tenant } };
    return undefined;
  }

  protected fieldsTemplate(s: FormStrings): TemplateResult {
    return signupFields(this, s, (name) => this.fieldId(name));
  }

  protected payload(data: FormData): SignupBody {
    const body: SignupBody = this.commonPayload(data);
    const fields = this.fieldsPayload(data, this.fields);
    if (fields) body.fields = fields;
    return body;
  }

  protected submitText(s: FormStrings): string {
    return this.resource ? s.sendResource : s.subscribe;
  }

  protected successText(s: FormStrings): string {
    return this.resource ? s.resourceSent : s.subscribed;
  }
}

declare module '../shared/emit.js' {
  interface HubEvents {
    /** `signup-form-submit`, `-success`, `-error` and `-queued`, with their details. */
    'signup-form': FormEvents;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'signup-form': SignupForm;
  }
  interface GlobalEventHandlersEventMap extends EventsOf<'signup-form'> {}
}
