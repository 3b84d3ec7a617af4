import { unsafeCSS } from 'lit';

// Rules that share declarations are grouped: a stylesheet in a template literal ships as written.
export const styles = unsafeCSS(/* css */ `
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
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .box,
  .panel,
  dialog {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .box,
  .trigger {
    display: flex;
    align-items: center;
    gap: 0.5em;
  }
  .box {
    padding: 0 0.75em;
  }
  .box:focus-within,
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .icon {
    flex: none;
    width: 1em;
    height: 1em;
  }
  input {
    flex: 1;
    min-width: 0;
    padding: 0.6em 0;
    font: inherit;
    color: var(--_fg);
    background: none;
    border: 0;
    outline: 0;
  }
  input::placeholder,
  .icon,
  kbd,
  .message,
  .heading,
  .meta {
    color: var(--_muted);
    opacity: 1;
  }
  kbd {
    font: inherit;
    font-size: 0.8em;
    padding: 0.1em 0.4em;
    border: 1px solid var(--_border);
    border-radius: 4px;
  }
  .panel {
    margin-top: 0.25em;
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
    unicode-bidi: plaintext;
  }
  .error {
    color: var(--_error);
  }
  button {
    font: inherit;
    color: var(--_accent);
    background: none;
    border: 1px solid;
    border-radius: var(--_radius);
    padding: 0.2em 0.7em;
    cursor: pointer;
  }
  .message button {
    margin-inline-start: 0.5em;
  }
  .trigger {
    display: inline-flex;
    color: var(--_fg);
    background: var(--_bg);
    border-color: var(--_border);
    padding: 0.45em 0.75em;
  }
  .heading {
    display: flex;
    align-items: center;
    justify-content: space-between;
    margin: 0;
    padding: 0.6em 1em 0.2em;
    font-size: 0.85em;
  }
  [role='listbox'] {
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
    outline: 2px solid transparent;
  }
  .option[aria-disabled='true'] {
    cursor: default;
  }
  .title,
  .meta {
    display: block;
  }
  .title {
    font-weight: 600;
  }
  .meta {
    font-size: 0.85em;
  }
  .excerpt {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
    font-size: 0.9em;
  }
  mark {
    background: none;
    color: var(--_accent);
    font-weight: 700;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  [aria-selected='true'] .meta,
  [aria-selected='true'] mark {
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
`);
