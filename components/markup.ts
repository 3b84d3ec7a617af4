/**
 * `hub-kit/markup`: the form a `<signup-form>` or `<contact-form>` would write into itself,
 * as an HTML string, for a server or a static site generator to put inside the element.
 *
 *   `<signup-form>${signupFormHtml({ form: 'your-form', baseUrl: 'https://your-hub.example' })}</signup-form>`
 *
 * The page then has a form that posts to the service without JavaScript, and the element
 * adopts it as it is: no child is added or changed, so a framework that hydrates the page
 * finds what it rendered. It is the element's own template (components/shared/form-markup.ts)
 * written out as text, plus a note that thanks a visitor without JavaScript once the service
 * has sent them back (docs/frameworks.md, "Without JavaScript").
 *
 * Pure: no DOM, no request, nothing registered. It runs in Node, in a React server
 * component and in a browser alike; every value is escaped, so data never becomes markup.
 */
import { nothing, type TemplateResult } from 'lit';
import { normalizeBaseUrl } from '../src/api/base-url.js';
import { ENDPOINTS } from '../src/api/endpoints.js';
import { ConfigError } from '../src/api/errors.js';
import { contactFields, fieldId, formTemplate, signupFields, type ContactFields, type SignupFields } from './shared/form-markup.js';
import { FORM_EN, wordsIn, type FormStrings } from './shared/strings.js';

export interface FormMarkupOptions {
  /**
   * Where the service lives, as the element's `base-url`: an https URL (http on localhost),
   * or a path on the page's own origin (`/hub`). Without it the form posts to the page's
   * origin, as the element does.
   */
  baseUrl?: string;
  /** What the ids of the fields start with (`newsletter` gives `newsletter-email`): unique on the page. Default: the tag. */
  id?: string;
  /** The page's language, for the built-in words (English, or a locale registered in this process). */
  lang?: string;
  /** Overrides for any built-in string, as the element's `strings`. */
  strings?: Partial<FormStrings>;
  submitLabel?: string | null;
  /** The text of the note shown without JavaScript after the service sent the visitor back. */
  successMessage?: string | null;
  /**
   * The id of that note, which the form's action ends with as a fragment: `hub-kit-subscribed`
   * (signups) or `hub-kit-sent` (contact) unless given; `false` writes neither. Give each form
   * on a page its own.
   */
  landed?: string | false;
}

export interface SignupFormMarkup extends FormMarkupOptions, SignupFields {
  /** A form identifier: posts to the form action URL, /api/subscribe/{form}. */
  form?: string;
  /** The workspace slug: posts to its subscribe endpoint (or, with `resource`, its magic link). */
  tenant?: string;
  resource?: string;
}

export interface ContactFormMarkup extends FormMarkupOptions, ContactFields {
  tenant: string;
}

/** The base of the action: a path of the page's origin as it is, anything else checked as the client checks it. */
const baseOf = (baseUrl = ''): string =>
  !baseUrl || /^\/(?!\/)/.test(baseUrl) ? baseUrl.replace(/\/+$/, '') : normalizeBaseUrl(baseUrl);

/** `&`, `<`, `>` and `"` as references: enough for text and for a double-quoted attribute. */
const escape = (value: unknown): string =>
  String(value).replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as Record<string, string>)[c]};`);

/**
 * A Lit template as HTML text, for the bindings these templates use: text and templates
 * (or lists of them) between tags, and plain `name=${value}` attributes (`nothing` drops
 * the attribute, as Lit does). Anything else is refused, so a change to the templates that
 * this cannot write fails loudly.
 */
export function templateHtml(value: unknown): string {
  if (value === nothing || value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(templateHtml).join('');
  if (typeof value !== 'object' || !('_$litType$' in value)) return escape(value);
  const { strings, values } = value as TemplateResult;
  let out = strings[0]!;
  values.forEach((part, i) => {
    const attribute = /\s([^\s"'>/=]+)=$/.exec(out);
    if (attribute) {
      if (/^[.?@]/.test(attribute[1]!)) throw new Error(`hub-kit: cannot write the binding ${attribute[1]} as HTML`);
      out = part === nothing || part === null || part === undefined ? out.slice(0, attribute.index) : `${out}"${escape(part)}"`;
    } else {
      out += templateHtml(part);
    }
    out += strings[i + 1];
  });
  return out;
}

function markup(
  o: FormMarkupOptions,
  tag: string,
  action: string,
  fields: (s: FormStrings, idFor: (name: string) => string) => TemplateResult,
  submit: (s: FormStrings) => string,
  success: (s: FormStrings) => string,
  landed: string,
): string {
  const s = { ...wordsIn(o.lang ?? '', FORM_EN), ...o.strings };
  const idFor = (name: string) => fieldId(o.id ?? tag, name);
  const id = o.landed === undefined ? landed : o.landed;
  const form = templateHtml(formTemplate(id ? `${action}#${id}` : action, fields(s, idFor), idFor, s, o.submitLabel || submit(s)));
  // Shown by hub-kit.css only as the target of the address, before the element upgrades.
  return id ? `${form}<p class="hub-landed" id="${escape(id)}" hidden>${escape(o.successMessage || success(s))}</p>` : form;
}

/** The children of a `<signup-form>`: its form, and the note a visitor without JavaScript lands on. */
export function signupFormHtml(o: SignupFormMarkup): string {
  const { form, tenant, resource } = o;
  const path = form
    ? ENDPOINTS.formSignup.path({ form })
    : tenant
      ? resource
        ? ENDPOINTS.magicLink.path({ tenant, resource })
        : ENDPOINTS.subscribe.path({ tenant })
      : undefined;
  if (!path) throw new ConfigError('hub-kit: signupFormHtml needs a tenant or a form.');
  return markup(
    o,
    'signup-form',
    baseOf(o.baseUrl) + path,
    (s, idFor) => signupFields(o, s, idFor),
    // As the element words it: by `resource`, whichever endpoint it posts to.
    (s) => (resource ? s.sendResource : s.subscribe),
    (s) => (resource ? s.resourceSent : s.subscribed),
    'hub-kit-subscribed',
  );
}

/** The children of a `<contact-form>`: its form, and the note a visitor without JavaScript lands on. */
export function contactFormHtml(o: ContactFormMarkup): string {
  const path = ENDPOINTS.contact.path({ tenant: o.tenant });
  return markup(
    o,
    'contact-form',
    baseOf(o.baseUrl) + path,
    (s, idFor) => contactFields(o, s, idFor),
    (s) => s.sendMessage,
    (s) => s.messageSent,
    'hub-kit-sent',
  );
}
