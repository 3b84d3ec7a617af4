/**
 * The keyboard side of a listbox that a text field drives, as in an ARIA 1.2 combobox: focus
 * stays in the field, one option is active (its id is the field's `aria-activedescendant`),
 * ↓ and ↑ move and wrap, Home and End jump to the ends, Enter chooses, Esc is the host's.
 * It knows how many options there are and that option `i` has the id `option-<i>`, nothing
 * of what they are.
 *
 * The controller is the field's listener for `keydown`, `compositionstart` and
 * `compositionend` (`@keydown=${listbox}`): bound in the host's template, the listeners go
 * with the field. Keys pressed while an input method editor composes belong to the IME:
 * Enter there confirms a candidate and an arrow moves among candidates, so neither reaches
 * the list.
 */
import type { ReactiveElement } from 'lit';

export interface ListboxOptions {
  /** How many options the list offers now. */
  count(): number;
  /** Enter: `index` is the active option, or -1 when none is. */
  choose(index: number, event: KeyboardEvent): void;
  /** Esc: answers whether the host did something with it, which takes the key. */
  escape(event: KeyboardEvent): boolean;
  /** ↓ or ↑ was pressed: where a host opens its popup. */
  arrow?(): void;
  /** A composition ended: the field now holds what the person meant. */
  composed?(): void;
}

export class ListboxController {
  /** The active option's index, or -1 when none is. Set it with the host's state (results changed, popup closed). */
  active = -1;
  /** True while an input method editor composes in the field. */
  composing = false;
  #host: ReactiveElement;
  #options: ListboxOptions;

  constructor(host: ReactiveElement, options: ListboxOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** The active option's id, for `aria-activedescendant`; undefined when none of `count()` is active. */
  get activeId(): string | undefined {
    return this.active >= 0 && this.active < this.#options.count() ? `option-${this.active}` : undefined;
  }

  /** The field's listener: keydown, and compositionstart and compositionend (read by their type). */
  handleEvent(event: KeyboardEvent): void {
    const { type, key } = event;
    if (type !== 'keydown') {
      if (!(this.composing = type === 'compositionstart')) this.#options.composed?.();
      return;
    }
    // WebKit sends the keydown that confirms a candidate with isComposing false and keyCode 229.
    if (event.isComposing || this.composing || event.keyCode === 229) return;
    const count = this.#options.count();
    let next = this.active;
    if (key === 'Enter') {
      // With no active option, Enter is the host's to read (a search may follow its first result).
      if (next >= 0) event.preventDefault();
      return this.#options.choose(next, event);
    }
    if (key === 'Escape') {
      if (this.#options.escape(event)) event.preventDefault();
      return;
    }
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      this.#options.arrow?.();
      const step = key === 'ArrowDown' ? 1 : -1;
      // From no choice, down goes to the first option and up to the last.
      if (count) next = ((next < 0 && step < 0 ? 0 : next) + step + count) % count;
    } else if ((key === 'Home' || key === 'End') && next >= 0 && count) {
      // In the field they move the caret, until an option is active.
      next = key === 'Home' ? 0 : count - 1;
    } else return;
    event.preventDefault();
    this.active = next;
    this.#host.requestUpdate();
    // The option moved to stays in view, in a list taller than its box.
    void this.#host.updateComplete.then(() =>
      this.#host.renderRoot.querySelector(`#option-${next}`)?.scrollIntoView({ block: 'nearest' }),
    );
  }
}
