import { html, type TemplateResult } from 'lit';

/**
 * The spam trap every submission carries: a real text input named `website` that a person
 * never sees and leaves empty, and that form-filling bots fill in.
 *
 * Hidden by the `hidden` attribute on its wrapper (a strict CSP drops inline styles, so
 * never `style="display:none"`), kept out of the accessibility tree by `aria-hidden`,
 * out of the tab order, and out of autofill and password managers (1Password, LastPass,
 * Dashlane read the data attributes).
 */
export const TRAP_NAME = 'website';

export function trapTemplate(id: string, label: string): TemplateResult {
  return html`<div class="hub-trap" hidden aria-hidden="true">
    <label for=${id}>${label}</label>
    <input
      id=${id}
      type="text"
      name=${TRAP_NAME}
      value=""
      tabindex="-1"
      autocomplete="off"
      data-1p-ignore
      data-lpignore="true"
      data-form-type="other"
    />
  </div>`;
}

/** Adds the trap to a form an author wrote without one, built from DOM calls (no HTML strings). */
export function ensureTrap(form: HTMLFormElement, id: string, label: string): void {
  if (form.elements.namedItem(TRAP_NAME)) return;
  const doc = form.ownerDocument;
  const wrapper = doc.createElement('div');
  wrapper.className = 'hub-trap';
  wrapper.hidden = true;
  wrapper.setAttribute('aria-hidden', 'true');
  const labelEl = doc.createElement('label');
  labelEl.htmlFor = id;
  labelEl.textContent = label;
  const input = doc.createElement('input');
  input.id = id;
  input.type = 'text';
  input.name = TRAP_NAME;
  input.tabIndex = -1;
  input.autocomplete = 'off';
  input.setAttribute('data-1p-ignore', '');
  input.setAttribute('data-lpignore', 'true');
  input.setAttribute('data-form-type', 'other');
  wrapper.append(labelEl, input);
  form.append(wrapper);
}
