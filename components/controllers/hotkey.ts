/**
 * Page-wide keyboard shortcuts, heard on the document while the host is on the page.
 *
 * "mod+k" is Ctrl+K or ⌘K (both, on every platform: people switch keyboards). A lone
 * character ("/") is taken only where typing it would not be text: never in an input, a
 * textarea, a select or an editable region (`:read-write`). A key already handled
 * (`defaultPrevented`), typed in an IME composition or with Alt is left alone, and the first
 * host to take a key prevents its default, so a second one on the page lets it be.
 */
import type { ReactiveControllerHost } from 'lit';
import { onConnect } from '../../src/lifecycle/on-connect.js';

export interface HotkeyOptions {
  /** "mod+" and a lowercase key, or a single character. */
  keys: readonly string[];
  /** Answers false to leave the key alone (shortcuts turned off, say). */
  press(event: KeyboardEvent): boolean;
}

export class HotkeyController {
  /** "⌘" on Apple devices, "Ctrl" elsewhere and on the server: for a hint beside "mod+" keys. */
  mod = 'Ctrl';
  #options: HotkeyOptions;

  constructor(host: ReactiveControllerHost, options: HotkeyOptions) {
    this.#options = options;
    onConnect(host, (signal) => {
      // navigator.platform is deprecated but still everywhere, and says "Mac", "iPhone" or "iPad".
      if (/mac|iphone|ipad/i.test(navigator.platform)) this.mod = '⌘';
      document.addEventListener('keydown', this, { signal });
    });
  }

  /** The document's keydown listener. */
  handleEvent(event: KeyboardEvent): void {
    const mod = event.metaKey || event.ctrlKey;
    if (
      !event.defaultPrevented &&
      !event.isComposing &&
      !event.altKey &&
      this.#options.keys.includes(mod ? `mod+${event.key.toLowerCase()}` : event.key) &&
      !(!mod && (event.composedPath()[0] as Element).matches?.('input,textarea,select,:read-write')) &&
      this.#options.press(event)
    ) {
      event.preventDefault();
    }
  }
}
