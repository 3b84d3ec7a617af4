import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    position: relative;
    max-width: 40rem;
  }
  :host([mode='dialog']) {
    display: inline-block;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .box {
    display: flex;
    align-items: center;
    gap: 0.5em;
    padding: 0 0.75em;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .box:focus-within {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .icon {
    flex: none;
    width: 1em;
    height: 1em;
    color: var(--_muted);
  }
  input {
    flex: 1;
    min-width: 0;
    padding: 0.6em 0;
    font: inherit;
    color: var(--_fg);
    background: transparent;
    border: 0;
    outline: none;
  }
  input::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  input::-webkit-search-cancel-button {
    display: none;
  }
  kbd {
    font: inherit;
    font-size: 0.8em;
    padding: 0.1em 0.4em;
    color: var(--_muted);
    border: 1px solid var(--_border);
    border-radius: 4px;
  }
  .panel {
    margin-top: 0.25em;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.15);
    max-height: min(70vh, 32rem);
    overflow: auto;
    overscroll-behavior: contain;
  }
  :host(:not([mode='dialog'])) .panel {
    position: absolute;
    inset-inline: 0;
    z-index: 10;
  }
  .message {
    margin: 0;
    padding: 0.75em 1em;
    color: var(--_muted);
  }
  .message.error {
    color: var(--_error);
  }
  .message button,
  .heading button,
  .trigger {
    font: inherit;
    color: var(--_accent);
    background: none;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
    padding: 0.2em 0.7em;
    cursor: pointer;
  }
  .message button {
    margin-inline-start: 0.5em;
  }
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .trigger {
    display: inline-flex;
    align-items: center;
    gap: 0.5em;
    color: var(--_fg);
    background: var(--_bg);
    border-color: var(--_border);
    padding: 0.45em 0.75em;
  }
  .heading {
    display: flex;
    justify-content: space-between;
    align-items: center;
    margin: 0;
    padding: 0.6em 1em 0.2em;
    font-size: 0.85em;
    color: var(--_muted);
  }
  [role='listbox'] {
    margin: 0;
    padding: 0.25em;
  }
  .option {
    display: block;
    padding: 0.5em 0.75em;
    color: var(--_fg);
    text-decoration: none;
    border-radius: calc(var(--_radius) - 2px);
    cursor: pointer;
  }
  .option[aria-selected='true'] {
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  .option[aria-disabled='true'] {
    cursor: default;
  }
  .title {
    display: block;
    font-weight: 600;
  }
  .meta {
    display: block;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .excerpt {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
    font-size: 0.9em;
  }
  .option[aria-selected='true'] .meta {
    color: inherit;
  }
  mark {
    background: transparent;
    color: var(--_accent);
    font-weight: 700;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .option[aria-selected='true'] mark {
    color: inherit;
  }
  .type {
    text-transform: capitalize;
  }
  dialog {
    width: min(40rem, calc(100vw - 2rem));
    max-height: calc(100vh - 4rem);
    margin-block-start: 10vh;
    padding: 0.75em;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  dialog .panel {
    box-shadow: none;
    border: 0;
  }
  .close {
    display: flex;
    justify-content: flex-end;
    margin-top: 0.5em;
  }
`;
