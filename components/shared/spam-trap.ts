import { html, render, type TemplateResult } from 'lit';
import { TRAP_NAME } from '../../src/api/calls.js';

/**
 * The spam trap every submission carries: a real text input named `website` that a person
 * never sees and leaves empty, and that form-filling bots fill in.
 *
 * Hidden by the `hidden` attribute on its wrapper (a strict CSP drops inline styles, so
 * never `style="display:none"`), kept out of the accessibility tree by `aria-hidden`,
 * out of the tab order, and out of autofill and password managers (1Password, LastPass,
 * Dashlane read the data attributes).
 */
export { TRAP_NAME };

export function trapTemplate(id: string, label: string): TemplateResult {
  // Line breaks only inside tags: the template's text between tags ships as written.
  return html`<div class="hub-trap" hidden aria-hidden="true"><label for=${id}>${label}</label><input id=${id} type="text" name=${TRAP_NAME} value="" tabindex="-1" autocomplete="off" data-1p-ignore data-lpignore="true" data-form-type="other" /></div>`;
}

/**
 * Adds the trap to a form an author wrote without one, from the same template (Lit builds
 * it with DOM calls, never from an HTML string).
 */
export function ensureTrap(form: HTMLFormElement, id: string, label: string): void {
  // Lit's render appends after the form's own content.
  if (!form.elements.namedItem(TRAP_NAME)) render(trapTemplate(id, label), form);
}
