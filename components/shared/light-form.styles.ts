import { unsafeCSS, type CSSResult } from 'lit';

/**
 * Styles for the light-DOM form of `<signup-form>` and `<contact-form>`.
 *
 * The form lives in the light DOM so that it works without JavaScript, which means the
 * element's shadow styles cannot reach its inputs. This sheet is adopted on the document
 * (or the shadow root holding the element) when an element connects. The very same rules
 * ship as `dist/hub-forms.css`, written from this file by the build, for pages that want
 * the styled look before the script has loaded, or with no script at all: with that file
 * linked, upgrading moves nothing.
 *
 * Only forms that carry `class="hub-form"` are styled, so a form an author wrote with
 * their own classes keeps their look.
 *
 * The elements' shadow roots adopt this sheet too, for its colour tokens: `:host` matches
 * only there, and no other rule matches anything inside them. So the status line and the
 * form read one set of `--hub-*` defaults, for light and dark. They are the tokens of the
 * other elements (tokens.styles.ts), under the same names, with the same values, in the same
 * order: a file that carries every element compresses the second copy to almost nothing.
 *
 * What matters only before the elements upgrade (or without JavaScript) is in
 * BEFORE_UPGRADE_CSS, which the two stylesheets carry and no element does.
 */
export const LIGHT_FORM_CSS = /* css */ `.hub-form,
:host {
  --_bg: var(--hub-bg, #fff);
  --_fg: var(--hub-fg, #1b1f24);
  --_muted: var(--hub-muted, #57606a);
  --_border: var(--hub-border, #8c959f);
  --_accent: var(--hub-accent, #0b57d0);
  --_accent-fg: var(--hub-accent-fg, #fff);
  --_error: var(--hub-error, #b3261e);
  --_success: var(--hub-success, #146c2e);
  --_surface: var(--hub-surface, #f6f8fa);
  --_focus: var(--hub-focus, #0b57d0);
  --_radius: var(--hub-radius, 8px);
  --_gap: var(--hub-gap, 0.75rem);
  color: var(--_fg);
  font: inherit;
}
@media (prefers-color-scheme: dark) {
  .hub-form,
  :host {
    --_bg: var(--hub-bg, #16181d);
    --_fg: var(--hub-fg, #e6e8eb);
    --_muted: var(--hub-muted, #a4acb6);
    --_border: var(--hub-border, #6e7681);
    --_accent: var(--hub-accent, #8ab4f8);
    --_accent-fg: var(--hub-accent-fg, #0b1526);
    --_error: var(--hub-error, #f2b8b5);
    --_success: var(--hub-success, #8fd6a1);
    --_surface: var(--hub-surface, #22262d);
    --_focus: var(--hub-focus, #8ab4f8);
  }
}
.hub-form {
  display: grid;
  gap: var(--_gap);
  margin: 0;
  background: var(--_bg);
}
.hub-form .hub-field {
  display: grid;
  gap: 0.25rem;
}
.hub-form .hub-field > label {
  font-weight: 600;
}
.hub-form .hub-check {
  display: flex;
  gap: 0.5rem;
  align-items: baseline;
}
.hub-form .hub-check > label {
  font-weight: normal;
}
.hub-form input:not([type='checkbox']),
.hub-form textarea,
.hub-form .hub-submit {
  box-sizing: border-box;
  width: 100%;
  margin: 0;
  padding: 0.5rem 0.75rem;
  font: inherit;
  line-height: 1.4;
  color: var(--_fg);
  background: var(--_bg);
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
}
.hub-form textarea {
  min-height: 8rem;
  resize: vertical;
}
.hub-form :is(input, textarea)[aria-invalid='true'] {
  border-color: var(--_error);
  border-inline-start-width: 4px;
}
.hub-form .hub-error {
  margin: 0;
  font-size: 0.875em;
  color: var(--_error);
}
.hub-form .hub-submit {
  justify-self: start;
  width: auto;
  padding-inline: 1.25rem;
  font-weight: 600;
  color: var(--_accent-fg);
  background: var(--_accent);
  border-color: transparent;
  cursor: pointer;
}
.hub-form .hub-submit[aria-disabled='true'] {
  color: var(--_bg);
  background: var(--_muted);
  cursor: not-allowed;
  opacity: 0.6;
}
.hub-form[aria-busy='true'] .hub-submit {
  cursor: progress;
}
.hub-form :focus-visible {
  outline: 2px solid var(--_focus);
  outline-offset: 2px;
}
.hub-form [lang] {
  unicode-bidi: plaintext;
}
.hub-form .hub-trap,
.hub-form [hidden] {
  display: none !important;
}
`;

/**
 * The rules of `hub-forms.css` and `hub-kit.css` for the forms before they upgrade, which
 * no element needs once it has (so none carries them):
 *
 * - the elements are blocks, and a message slotted for a state stays out of sight;
 * - the note that thanks a visitor without JavaScript (`<p class="hub-landed" id="hub-kit-subscribed" hidden>`)
 *   shows when it is the target of the address: the form's action ends with its fragment,
 *   the service answers the post with a redirect back to the page whose `Location` has no
 *   fragment of its own, and the browser keeps the one it posted to (the Fetch standard's
 *   redirect rule). Once the element has upgraded, it says so itself and the note stays hidden.
 *   In the page's own colours, marked by the success accent.
 */
export const BEFORE_UPGRADE_CSS = /* css */ `signup-form,
contact-form {
  display: block;
}
:is(signup-form, contact-form):not(:defined) > [slot] {
  display: none;
}
:is(signup-form, contact-form):not(:defined) > .hub-landed:target {
  display: block;
  margin: var(--hub-gap, 0.75rem) 0 0;
  padding: 0.25rem 0.75rem;
  border-inline-start: 4px solid var(--hub-success, #146c2e);
}
`;

// The text is a constant of this module, never data: unsafeCSS only wraps it as a sheet.
export const lightFormStyles: CSSResult = unsafeCSS(LIGHT_FORM_CSS);

/**
 * Adopts the sheet once on the root that holds the element: the document, or the shadow
 * root of a host that renders the form inside its own shadow tree.
 */
export function adoptLightFormStyles(root: Node): void {
  const sheet = lightFormStyles.styleSheet;
  const holder = root as Node & Partial<DocumentOrShadowRoot>;
  const sheets = holder.adoptedStyleSheets;
  // Constructable sheets pass a strict style-src; without them there is no CSP-safe way.
  if (sheet && sheets && !sheets.includes(sheet)) holder.adoptedStyleSheets = [...sheets, sheet];
}
