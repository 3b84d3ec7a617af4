/**
 * A modal `<dialog>` in the host's shadow root that a button of the host opens, as the
 * ARIA dialog pattern has it: `show()` opens it modal (the page behind is inert), and
 * however it closes (Esc, which the browser handles, a Close button, `close()`), focus goes
 * back to the button that opened it. The host binds the controller as the dialog's `close`
 * listener (`@close=${dialog}`), so the listener goes with the dialog.
 *
 * It knows the dialog and the button by selector, nothing of what the dialog holds; a host
 * that renders no dialog (another mode) makes `show()` answer false and `close()` do nothing.
 */
import type { ReactiveElement } from 'lit';

export interface DialogOptions {
  /** Selectors, in the host's shadow root, of the dialog and of the button that opens it. */
  dialog: string;
  trigger: string;
  /** The dialog closed, by whatever means: where the host updates its own state. */
  closed?(): void;
}

export class DialogController {
  #host: ReactiveElement;
  #options: DialogOptions;

  constructor(host: ReactiveElement, options: DialogOptions) {
    this.#host = host;
    this.#options = options;
  }

  #find<T extends Element>(selector: string): T | null | undefined {
    return this.#host.renderRoot?.querySelector<T>(selector);
  }

  /** Opens the dialog, modal. Answers whether it was rendered and closed before. */
  show(): boolean {
    const dialog = this.#find<HTMLDialogElement>(this.#options.dialog);
    if (!dialog || dialog.open) return false;
    dialog.showModal();
    return true;
  }

  close(): void {
    this.#find<HTMLDialogElement>(this.#options.dialog)?.close();
  }

  /** The dialog's `close` event. */
  handleEvent(): void {
    this.#options.closed?.();
    this.#find<HTMLElement>(this.#options.trigger)?.focus();
  }
}
