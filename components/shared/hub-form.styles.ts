import { unsafeCSS, type CSSResult } from 'lit';
import { lightFormStyles } from './light-form.styles.js';

/**
 * Shadow styles shared by the two forms: the colour tokens (from the light-DOM sheet), the
 * status line and the announcer.
 *
 * A message slotted by the author may carry "hidden" so it stays out of sight before
 * upgrade or without JavaScript; once it is shown in its state's slot, it is visible.
 * (Said here rather than in the sheet: a comment inside it would ship in every bundle.)
 */
export const hubFormStyles: CSSResult[] = [
  lightFormStyles,
  unsafeCSS(/* css */ `
  :host {
    display: block;
  }
  ::slotted([slot]) {
    display: block;
  }
  .status {
    margin-block-start: var(--_gap);
    padding: 0.5rem 0.75rem;
    background: var(--_surface);
    border-inline-start: 4px solid var(--_border);
    border-radius: var(--_radius);
    unicode-bidi: plaintext;
  }
  [data-state='success'],
  [data-state='queued'] {
    border-inline-start-color: var(--_success);
  }
  [data-state='error'],
  [data-state='invalid'],
  [data-state='rate-limited'] {
    border-inline-start: 6px double var(--_error);
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`),
];
