import { css } from 'lit';

/**
 * Shadow styles shared by the two forms: the status line and the announcer.
 *
 * A message slotted by the author may carry "hidden" so it stays out of sight before
 * upgrade or without JavaScript; once it is shown in its state's slot, it is visible.
 * (Said here rather than in the sheet: a comment inside it would ship in every bundle.)
 */
export const hubFormStyles = css`
  :host {
    display: block;
  }
  ::slotted([slot]) {
    display: block;
  }
  .status {
    margin-block-start: var(--_gap);
    padding: 0.5rem 0.75rem;
    color: var(--_fg);
    background: var(--_surface);
    border-inline-start: 4px solid var(--_border);
    border-radius: var(--_radius);
  }
  .status[data-state='success'],
  .status[data-state='queued'] {
    border-inline-start-color: var(--_success);
  }
  .status[data-state='error'],
  .status[data-state='invalid'],
  .status[data-state='rate-limited'] {
    border-inline-start-color: var(--_error);
  }
  .announcer {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
