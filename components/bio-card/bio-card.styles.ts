import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';

/**
 * The card keeps one block size per variant whatever the data, so nothing on the page
 * moves when the profile arrives: the skeleton, the loaded card and the error state all
 * fill the same box. Content taller than the box scrolls inside the card body; a site
 * with a longer profile sets `--hub-bio-card-block-size` (or `auto` to opt out).
 */
export const styles = [
  tokens,
  css`
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
    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }
    .card {
      display: flex;
      flex-direction: column;
      block-size: 100%;
      margin: 0;
      padding: 1.25rem;
      gap: var(--_gap);
      background: var(--_bg);
      color: var(--_fg);
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
      flex: none;
    }
    .compact .header {
      flex: 1;
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
      overflow: hidden;
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
      margin: 0;
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
    .compact .summary {
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .compact .name,
    .compact .handle,
    .compact .summary {
      white-space: nowrap;
    }
    .handle,
    .summary {
      margin: 0;
      color: var(--_muted);
      font-size: 0.9rem;
    }
    .presence {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      margin: 0.25rem 0 0;
      font-size: 0.85rem;
      color: var(--_muted);
      min-block-size: 1.5rem;
    }
    .compact .presence {
      margin: 0;
      flex: none;
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
      min-block-size: 0;
      overflow: auto;
      display: flex;
      flex-direction: column;
      gap: var(--_gap);
      border-radius: calc(var(--_radius) / 2);
    }
    .body:focus-visible,
    a:focus-visible,
    button:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }
    .bio {
      margin: 0;
      white-space: pre-line;
      overflow-wrap: anywhere;
      line-height: 1.5;
    }
    ul {
      list-style: none;
      margin: 0;
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
      display: flex;
      align-items: center;
      justify-content: center;
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
    .social {
      display: inline-flex;
      align-items: center;
      min-block-size: 2.25rem;
      padding: 0.25rem 0.85rem;
      border-radius: 999px;
      border: 1px solid var(--_border);
      color: var(--_fg);
      background: var(--_surface);
      text-decoration: none;
      font-size: 0.9rem;
    }
    .social:hover {
      border-color: var(--_accent);
    }
    .note {
      margin: 0;
      font-size: 0.8rem;
      color: var(--_muted);
      flex: none;
    }
    .error {
      justify-content: center;
      align-items: center;
      text-align: center;
    }
    .error .message {
      margin: 0;
      font-weight: 600;
    }
    .error .detail {
      margin: 0;
      color: var(--_muted);
      font-size: 0.9rem;
    }
    .compact.error {
      flex-direction: row;
      justify-content: space-between;
      text-align: start;
    }
    button {
      font: inherit;
      min-block-size: 2.25rem;
      padding: 0.25rem 1rem;
      border-radius: var(--_radius);
      border: 1px solid var(--_border);
      background: var(--_surface);
      color: var(--_fg);
      cursor: pointer;
    }
    .bone {
      display: block;
      border-radius: 0.4rem;
      background: var(--_surface);
      animation: pulse 1.4s ease-in-out infinite;
    }
    .bone.avatar {
      border: 0;
      border-radius: 50%;
    }
    .bone.line {
      block-size: 0.9rem;
      inline-size: 100%;
    }
    .bone.title {
      block-size: 1.25rem;
      inline-size: 10rem;
      max-inline-size: 100%;
    }
    .bone.short {
      inline-size: 6rem;
      max-inline-size: 70%;
    }
    .bone.button {
      flex: none;
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
    .visually-hidden {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      margin: -1px;
      padding: 0;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
      border: 0;
    }
  `,
];
