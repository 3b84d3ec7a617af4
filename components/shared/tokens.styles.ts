import { unsafeCSS } from 'lit';

/**
 * The design tokens every element reads. A site themes the kit by setting these
 * `--hub-*` custom properties on the element or any ancestor; each has a default for
 * light and for dark (prefers-color-scheme). The font is inherited from the site.
 *
 * The forms' sheet (light-form.styles.ts) declares the same tokens, written the same way:
 * keep the two alike, and a file of every element carries them almost once.
 */
export const tokens = unsafeCSS(/* css */ `
  :host {
    --_bg: var(--hub-bg, #fff);
    --_fg: var(--hub-fg, #1b1f24);
    --_muted: var(--hub-muted, #57606a);
    --_border: var(--hub-border, #8c959f);
    --_accent: var(--hub-accent, #0b57d0);
    --_accent-fg: var(--hub-accent-fg, #fff);
    --_error: var(--hub-error, #b3261e);
    --_success: var(--hub-success, #146c2e);
    --_surface: var(--hub-surface, #f6f8fa);
    --_focus: var(--hub-focus, #0b57d0);
    --_radius: var(--hub-radius, 8px);
    --_gap: var(--hub-gap, 0.75rem);
    color: var(--_fg);
    font: inherit;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_bg: var(--hub-bg, #16181d);
      --_fg: var(--hub-fg, #e6e8eb);
      --_muted: var(--hub-muted, #a4acb6);
      --_border: var(--hub-border, #6e7681);
      --_accent: var(--hub-accent, #8ab4f8);
      --_accent-fg: var(--hub-accent-fg, #0b1526);
      --_error: var(--hub-error, #f2b8b5);
      --_success: var(--hub-success, #8fd6a1);
      --_surface: var(--hub-surface, #22262d);
      --_focus: var(--hub-focus, #8ab4f8);
    }
  }
  [hidden] {
    display: none !important;
  }
`);
