import { css, type CSSResult } from 'lit';
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
  css`
  :host {
    display: block;
  }
  ::slotted([slot]) {
    display: block;
  }
  .status {
    margin-block-start: var(--hub-gap, 0.75rem);
    padding: 0.5rem 0.75rem;
    background: var(--_hf-surface);
    border-inline-start: 4px solid var(--_hf-border);
    border-radius: var(--hub-radius, 8px);
    unicode-bidi: plaintext;
  }
  [data-state='success'],
  [data-state='queued'] {
    border-inline-start-color: var(--_hf-success);
  }
  [data-state='error'],
  [data-state='invalid'],
  [data-state='rate-limited'] {
    border-inline-start-color: var(--_hf-error);
  }
  @media (forced-colors: active) {
    [data-state='error'],
    [data-state='invalid'],
    [data-state='rate-limited'] {
      border-inline-start-style: double;
    }
  }
  .announcer {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`,
];
