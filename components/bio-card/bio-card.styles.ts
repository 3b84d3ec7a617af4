import { unsafeCSS } from 'lit';
import { tokens } from '../shared/tokens.styles.js';

/**
 * The card keeps one block size per variant whatever the data, so nothing on the page
 * moves when the profile arrives: the skeleton, the loaded card and the error state all
 * fill the same box. Content taller than the box scrolls inside the card body; a site
 * with a longer profile sets `--hub-bio-card-block-size` (or `auto` to opt out).
 *
 * Declarations that defaults already give are left out: a flex item that is not a scroll
 * container never shrinks below its content, so only the avatar, the skeleton's empty
 * bones and the compact presence line need `flex: none`; the body scrolls, so it may
 * shrink. `.bone` comes before `.avatar`, so the skeleton's avatar stays round.
 */
export const styles = [
  tokens,
  unsafeCSS(/* css */ `
    :host {
      display: block;
      box-sizing: border-box;
      inline-size: 100%;
      max-inline-size: var(--hub-bio-card-max-inline-size, 26rem);
      block-size: var(--hub-bio-card-block-size, 33rem);
      contain: layout paint;
    }
    :host([variant='compact']) {
      max-inline-size: var(--hub-bio-card-max-inline-size, 24rem);
      block-size: var(--hub-bio-card-block-size, 4.75rem);
    }
    * {
      box-sizing: border-box;
    }
    p,
    ul {
      margin: 0;
    }
    .card {
      display: flex;
      flex-direction: column;
      block-size: 100%;
      padding: 1.25rem;
      gap: var(--_gap);
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      overflow: hidden;
    }
    .compact {
      flex-direction: row;
      align-items: center;
      padding: 0.75rem;
    }
    .header {
      display: flex;
      align-items: center;
      gap: var(--_gap);
      min-inline-size: 0;
    }
    .compact .header {
      flex: 1;
    }
    .bone {
      display: block;
      flex: none;
      border-radius: 0.4rem;
      background: var(--_surface);
      animation: pulse 1.4s ease-in-out infinite;
    }
    .avatar {
      flex: none;
      inline-size: 4.5rem;
      block-size: 4.5rem;
      border-radius: 50%;
      object-fit: cover;
      background: var(--_surface);
      border: 1px solid var(--_border);
      display: grid;
      place-items: center;
      font-weight: 700;
      font-size: 1.5rem;
      color: var(--_muted);
    }
    .compact .avatar {
      inline-size: 3rem;
      block-size: 3rem;
      font-size: 1.1rem;
    }
    .who {
      display: flex;
      flex-direction: column;
      gap: 0.15rem;
      min-inline-size: 0;
    }
    .name {
      font-size: 1.25rem;
      line-height: 1.3;
      font-weight: 700;
      overflow-wrap: anywhere;
    }
    .compact .name {
      font-size: 1rem;
    }
    .name,
    .handle,
    .summary {
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .compact .who > * {
      white-space: nowrap;
    }
    .handle,
    .summary,
    .detail {
      color: var(--_muted);
      font-size: 0.9rem;
    }
    .presence {
      display: flex;
      flex: none;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      font-size: 0.85rem;
      color: var(--_muted);
      min-block-size: 1.5rem;
    }
    .who .presence {
      margin-block-start: 0.25rem;
    }
    .live {
      display: inline-flex;
      align-items: center;
      gap: 0.35rem;
      padding: 0.1rem 0.55rem;
      border-radius: 999px;
      background: var(--_error);
      color: var(--_bg);
      font-weight: 700;
      font-size: 0.75rem;
      letter-spacing: 0.04em;
      text-transform: uppercase;
    }
    .live::before {
      content: '';
      inline-size: 0.5rem;
      block-size: 0.5rem;
      border-radius: 50%;
      background: currentColor;
    }
    .body {
      flex: 1;
      overflow: auto;
      display: flex;
      flex-direction: column;
      gap: var(--_gap);
      border-radius: calc(var(--_radius) / 2);
    }
    :focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }
    .bio {
      white-space: pre-line;
      overflow-wrap: anywhere;
      line-height: 1.5;
    }
    ul {
      list-style: none;
      padding: 0;
      display: flex;
      gap: 0.5rem;
    }
    .links {
      flex-direction: column;
    }
    .socials {
      flex-wrap: wrap;
    }
    .link {
      display: grid;
      place-items: center;
      min-block-size: 2.75rem;
      padding: 0.5rem 1rem;
      border-radius: var(--_radius);
      background: var(--_accent);
      color: var(--_accent-fg);
      font-weight: 600;
      text-align: center;
      text-decoration: none;
      overflow-wrap: anywhere;
    }
    .link:hover {
      filter: brightness(1.08);
    }
    .social,
    button {
      min-block-size: 2.25rem;
      padding: 0.25rem 1rem;
      border: 1px solid var(--_border);
      background: var(--_surface);
      color: inherit;
    }
    .social {
      display: inline-flex;
      align-items: center;
      padding-inline: 0.85rem;
      border-radius: 999px;
      text-decoration: none;
      font-size: 0.9rem;
    }
    .social:hover {
      border-color: var(--_accent);
    }
    button {
      font: inherit;
      border-radius: var(--_radius);
      cursor: pointer;
    }
    .note {
      font-size: 0.8rem;
      color: var(--_muted);
    }
    [lang],
    [lang] * {
      unicode-bidi: plaintext;
    }
    .error {
      justify-content: center;
      align-items: center;
      text-align: center;
    }
    .message {
      font-weight: 600;
    }
    .compact.error {
      justify-content: space-between;
      text-align: start;
    }
    .bone.avatar {
      border: 0;
    }
    .line {
      block-size: 0.9rem;
    }
    .title {
      block-size: 1.25rem;
      inline-size: 10rem;
      max-inline-size: 100%;
    }
    .short {
      inline-size: 6rem;
      max-inline-size: 70%;
    }
    .button {
      block-size: 2.75rem;
      border-radius: var(--_radius);
    }
    @keyframes pulse {
      50% {
        opacity: 0.55;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .bone {
        animation: none;
      }
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
