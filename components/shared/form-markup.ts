/**
 * The light-DOM form of `<signup-form>` and `<contact-form>`, as templates of plain data:
 * the element renders them into itself when it has no form of its own, and `hub-kit/markup`
 * (components/markup.ts) writes the very same templates out as HTML for a server or a
 * static site generator, so the page carries the form the element would write.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { trapTemplate, TRAP_NAME } from './spam-trap.js';
import { langOf, type FormStrings } from './strings.js';

/** A field's id, from its name: `hub-1` and `email` give `hub-1-email`. */
export type IdFor = (name: string) => string;

export const fieldId = (prefix: string, name: string): string => `${prefix}-${name.replace(/\W+/g, '-')}`;

/** What a `<signup-form>`'s fields depend on: its attributes, or the helper's options. */
export interface SignupFields {
  nameField?: boolean;
  consent?: string | null;
  source?: string | null;
  tags?: string | null;
  fields?: Record<string, string>;
  emailLabel?: string | null;
  nameLabel?: string | null;
}

/** What a `<contact-form>`'s fields depend on. */
export interface ContactFields {
  emailLabel?: string | null;
  nameLabel?: string | null;
  messageLabel?: string | null;
}

/**
 * A labelled field; `control` renders its input with the given id. A label of the kit's
 * English on a page in another language says so (`langOf`); the site's own label does not.
 */
export function field(id: string, label: string, control: (id: string) => TemplateResult, s: FormStrings, check = false): TemplateResult {
  const lang = langOf(s, label);
  return check
    ? html`<div class="hub-field hub-check">${control(id)}<label for=${id} lang=${lang}>${label}</label></div>`
    : html`<div class="hub-field"><label for=${id} lang=${lang}>${label}</label>${control(id)}</div>`;
}

const email = (o: SignupFields | ContactFields, s: FormStrings, idFor: IdFor) =>
  field(idFor('email'), o.emailLabel || s.emailLabel, (id) => html`<input id=${id} type="email" name="email" autocomplete="email" spellcheck="false" required />`, s);

const name = (o: SignupFields | ContactFields, s: FormStrings, idFor: IdFor) =>
  field(idFor('name'), o.nameLabel || s.nameLabel, (id) => html`<input id=${id} type="text" name="name" autocomplete="name" />`, s);

export function signupFields(o: SignupFields, s: FormStrings, idFor: IdFor): TemplateResult {
  const hidden = { ...o.fields };
  if (o.source) hidden['source'] = o.source;
  if (o.tags) hidden['tags'] = o.tags;
  return html`${o.nameField ? name(o, s, idFor) : nothing}${email(o, s, idFor)}${o.consent
    ? field(
        idFor('fields[consent]'),
        o.consent,
        // The value is the text agreed to, so the record says what the person consented to.
        (id) => html`<input id=${id} type="checkbox" name="fields[consent]" value=${o.consent} required />`,
        s,
        true,
      )
    : nothing}${Object.entries(hidden).map(([key, value]) => html`<input type="hidden" name=${`fields[${key}]`} value=${value} />`)}`;
}

export function contactFields(o: ContactFields, s: FormStrings, idFor: IdFor): TemplateResult {
  return html`${name(o, s, idFor)}${email(o, s, idFor)}${field(
    idFor('message'),
    o.messageLabel || s.messageLabel,
    (id) => html`<textarea id=${id} name="message" rows="6" required></textarea>`,
    s,
  )}`;
}

/** The whole form: its fields, the spam trap and the button. */
export function formTemplate(action: string | undefined, fields: TemplateResult, idFor: IdFor, s: FormStrings, submit: string): TemplateResult {
  return html`<form class="hub-form" method="post" action=${action ?? nothing}>${fields}${trapTemplate(
    idFor(TRAP_NAME),
    s.trapLabel,
  )}<button type="submit" class="hub-submit" lang=${langOf(s, submit)}>${submit}</button></form>`;
}
