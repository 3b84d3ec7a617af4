/**
 * How one result of `<hub-search>` reads: its title, type, date and excerpt, with the
 * matched words marked. Highlighting is data (src/search/highlight.ts); here its segments
 * become text and `<mark>` elements, never HTML.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { highlight, type Segment } from '../../src/search/highlight.js';
import type { Row } from '../../src/search/rows.js';

export type { Row };

/** Characters of an excerpt shown: a longer one is cut around its first match. */
const EXCERPT_WINDOW = 180;

// One magnifier, for the search box and dialog mode's button: a ring and a handle, drawn as
// strokes, which take far fewer bytes than the outline of their shape.
export const ICON = html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor"
  stroke-width="2"><circle cx="10" cy="10" r="7"/><path d="m15 15 6 6"/></svg>`;

/**
 * The keyboard shortcut's hint: `mod` is the platform's name for the modifier
 * (HotkeyController), and `ctrl` the Ctrl key's in the element's language.
 */
export const shortcut = (mod: string, ctrl: string): TemplateResult =>
  html`<kbd part="shortcut" aria-hidden="true">${mod === 'Ctrl' ? ctrl : mod} K</kbd>`;

function marked(segments: Segment[]): Array<TemplateResult | string> {
  return segments.map((s) => (s.mark ? html`<mark part="mark">${s.text}</mark>` : s.text));
}

/** `text`, the date as the element's language writes it (src/search/date-text.ts), marked with `value`. */
const date = (value: string | null | undefined, text: string | undefined): TemplateResult | typeof nothing =>
  value && text ? html`<time datetime=${value}>${text}</time>` : nothing;

// Written with the tags' ends on the next line: the template's whitespace ships as is, and
// none falls between the spans. The date comes written in `lang`, the language of the
// element's words (rowsFor; the search worker writes it, off the page's thread). The title and
// the excerpt are the service's text, in whatever language and direction each entry is
// written: `dir="auto"` reads each in its own, whatever the page's. An untitled entry (a note,
// a quote) reads by its excerpt, in the title's place and not twice.
export function resultBody({ entry, terms, date: when }: Row, lang: string): TemplateResult {
  const { title, excerpt, type } = entry;
  return html`<span part="title" class="title" dir="auto">${marked(highlight(title || excerpt || '', terms))}</span
    ><span part="meta" class="meta">${type ? html`<span class="type">${type}</span>` : nothing}${
      type && entry.published_at ? ' · ' : ''
    }${date(entry.published_at, when)}</span
    >${title && excerpt ? html`<span part="excerpt" class="excerpt" dir="auto">${marked(highlight(excerpt, terms, EXCERPT_WINDOW))}</span>` : nothing}`;
}

/**
 * Option `index` of the listbox: a link to `href`, or one that is not (a recent search, or
 * a result whose URL was refused, `disabled`). Its id, `option-<index>`, is what the
 * listbox controller and `click` read.
 */
export function option(
  index: number,
  selected: boolean,
  click: (event: MouseEvent) => void,
  content: unknown,
  href?: string,
  disabled?: boolean,
): TemplateResult {
  return href
    ? html`<a id="option-${index}" part="option" class="option" role="option" tabindex="-1" href=${href}
        aria-selected=${selected} @click=${click}>${content}</a>`
    : html`<div id="option-${index}" part="option" class="option" role="option"
        aria-disabled=${disabled ? 'true' : nothing} aria-selected=${selected} @click=${click}>${content}</div>`;
}
