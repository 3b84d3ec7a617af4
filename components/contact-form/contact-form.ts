import type { PropertyDeclarations, TemplateResult } from 'lit';
import type { PostEndpoint } from '../../src/api/transport.js';
import type { ContactBody } from '../../src/api/schema.js';
import { defineElement } from '../shared/define.js';
import type { EventsOf } from '../shared/emit.js';
import { HubFormElement, text, type FormEvents, type Target } from '../shared/hub-form.js';
import { contactFields } from '../shared/form-markup.js';
import type { FormStrings } from '../shared/strings.js';
import { contactFormStyles } from './contact-form.styles.js';

/**
 * @summary A contact form (name, email, message) that works without JavaScript, sends one
 * message per intent and keeps a message written offline until it is delivered.
 *
 * Posts to /api/v1/tenants/{tenant}/contact. Renders a real light-DOM `<form>`, or adopts
 * the one written inside it.
 *
 * @attr tenant - The creator's workspace slug.
 * @attr base-url - Where the service lives; defaults to the page's origin.
 * @attr success-message - Shown after success instead of the default.
 * @attr redirect - An http(s) URL to go to after success.
 * @attr submit-label - The button's text.
 * @attr name-label - The name field's label.
 * @attr email-label - The email field's label.
 * @attr message-label - The message field's label.
 * @attr strings - JSON overrides for any built-in string.
 * @attr busy - Reflected while a message is being sent.
 *
 * @prop {Partial<FormStrings>} strings - Overrides for any built-in string.
 * @prop {FormState} state - Read-only: idle, invalid, busy, success, queued, unconfirmed, rate-limited or error.
 * @prop {HTMLFormElement | null} formElement - The form in use.
 *
 * @fires {CustomEvent<FormSubmitDetail>} contact-form-submit - Cancelable; before anything is sent.
 * @fires {CustomEvent<FormSuccessDetail>} contact-form-success - The service accepted the message.
 * @fires {CustomEvent<FormErrorDetail>} contact-form-error - Rejected, rate limited or failed.
 * @fires {CustomEvent<FormQueuedDetail>} contact-form-queued - Kept in the outbox while offline.
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
 * @cssstate idle - New, or a wait has ended. `contact-form:state(idle)`.
 * @cssstate invalid - Fields fail the checks, or the service answered 422. `contact-form:state(invalid)`.
 * @cssstate busy - A submission is in flight. `contact-form:state(busy)`.
 * @cssstate success - The service took it. `contact-form:state(success)`.
 * @cssstate queued - Offline: kept in the outbox. `contact-form:state(queued)`.
 * @cssstate unconfirmed - No answer could be read: it may have arrived. `contact-form:state(unconfirmed)`.
 * @cssstate rate-limited - Counting down to the end of a wait. `contact-form:state(rate-limited)`.
 * @cssstate error - Refused, not set up, or a failure of the service. `contact-form:state(error)`.
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
export class ContactForm extends HubFormElement {
  static override styles = contactFormStyles;

  /** Registers the element; safe to call twice. */
  static define(tag = 'contact-form', registry: CustomElementRegistry = customElements): void {
    defineElement(tag, this, registry);
  }

  static override properties: PropertyDeclarations = { messageLabel: { attribute: 'message-label' } };

  messageLabel: string | null = null;

  protected readonly kind = 'contact-form';
  protected readonly endpoints: readonly PostEndpoint[] = ['contact'];
  protected readonly landed = 'sent';
  protected readonly needs = 'a tenant attribute';

  protected configuredTarget(): Target | undefined {
    return this.tenant ? { endpoint: 'contact', params: { tenant: this.tenant } } : undefined;
  }

  protected fieldsTemplate(s: FormStrings): TemplateResult {
    return contactFields(this, s, (name) => this.fieldId(name));
  }

  protected payload(data: FormData): ContactBody {
    return { ...this.commonPayload(data), message: text(data, 'message').trim() };
  }

  protected submitText(s: FormStrings): string {
    return s.sendMessage;
  }

  protected successText(s: FormStrings): string {
    return s.messageSent;
  }
}

declare module '../shared/emit.js' {
  interface HubEvents {
    /** `contact-form-submit`, `-success`, `-error` and `-queued`, with their details. */
    'contact-form': FormEvents;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'contact-form': ContactForm;
  }
  interface GlobalEventHandlersEventMap extends EventsOf<'contact-form'> {}
}
