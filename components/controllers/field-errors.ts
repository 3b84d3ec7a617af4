/**
 * Field errors as a sighted visitor and a screen reader both meet them: `aria-invalid` on
 * the field, the message in a note beside it tied by `aria-describedby`, and focus on the
 * first invalid field. It knows nothing of what makes a field invalid; it is told.
 *
 * The note lives in the field's own tree (the light-DOM form), since `aria-describedby`
 * cannot point across a shadow boundary. It is made on first use and kept, hidden, once
 * the error is gone, so a field that is marked again reuses it.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';

/** A control a visitor types into or picks. */
export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Sets an ARIA state to "true", or removes it. */
export const flag = (el: Element, name: string, on: boolean): void => {
  if (on) el.setAttribute(name, 'true');
  else el.removeAttribute(name);
};

export class FieldErrorsController implements ReactiveController {
  #marked = new Set<Field>();

  /**
   * `idFor(name)` names a field that has no id, so its note can be tied to it; `langOf(message)`
   * is the language of a message when it is not the page's (`nothing` when it is), so a note
   * in English on a page in another language says so.
   */
  constructor(
    host: ReactiveControllerHost,
    private readonly idFor: (name: string) => string,
    private readonly langOf?: (message: string) => string | typeof nothing,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Shows each message beside its field and clears every field marked before; focuses the first when asked. */
  show(errors: Map<Field, string>, focus = false): void {
    for (const field of this.#marked) if (!errors.has(field)) this.#note(field, '');
    for (const [field, message] of errors) this.#note(field, message);
    this.#marked = new Set(errors.keys());
    if (focus) [...errors.keys()][0]?.focus();
  }

  /** Shows `message` in the field's note, made on first use; an empty message hides it. */
  #note(field: Field, message: string): void {
    const root = field.form ?? field.getRootNode();
    if (!field.id) field.id = this.idFor(field.name || 'field');
    const id = `${field.id}-error`;
    let note = (root as ParentNode).querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
    flag(field, 'aria-invalid', !!message);
    if (!note) {
      if (!message) return;
      note = field.ownerDocument.createElement('p');
      note.id = id;
      note.className = 'hub-error';
      const wrapper = field.closest('.hub-field');
      if (wrapper && (!field.form || field.form.contains(wrapper))) wrapper.append(note);
      // A checkbox is usually followed by its label; the note goes after both.
      else (field.nextElementSibling?.tagName === 'LABEL' ? field.nextElementSibling : field).after(note);
    }
    note.textContent = message;
    note.hidden = !message;
    const lang = this.langOf?.(message) ?? nothing;
    lang === nothing ? note.removeAttribute('lang') : (note.lang = lang);
    const ids = field.getAttribute('aria-describedby') ?? '';
    if (message && !ids.split(/\s+/).includes(id)) field.setAttribute('aria-describedby', `${ids} ${id}`.trim());
  }
}
