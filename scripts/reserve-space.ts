/**
 * The rules of `dist/hub-kit.css` that hold each element's place before it upgrades, so the
 * page does not move when the script arrives (Cumulative Layout Shift).
 *
 * Before upgrade an element is an unknown inline element with no box; after it, it is a
 * block of a known size. Each rule gives the not-yet-defined element the box it is about to
 * have, in the same units its own styles use, so that it follows the page's font size and
 * line height: `1lh` is one line of the element's text, the form fields are
 * `0.5rem` padding + `1.4em` of text + 2px of border, the message box six rows of `1.4em`.
 *
 * - `<bio-card>`: its fixed block size (33rem, compact 4.75rem, or the page's
 *   `--hub-bio-card-block-size`).
 * - `<hub-search>`: the search box (inline), or the button (dialog mode), whose line is as
 *   tall as the text or its shortcut hint, whichever is taller.
 * - `<signup-form>`, `<contact-form>` with no form written inside: the form they render.
 *   With a form written inside, `hub-forms.css` (included) styles it before upgrade, and
 *   it is already the right size.
 *
 * test/e2e/layout-shift.test.ts measures a page with all four elements and holds it to
 * CLS <= 0.01.
 *
 * Without JavaScript nothing will upgrade, so nothing is held: under `(scripting: none)`
 * (Chrome 120, Firefox 113, Safari 17) every element is as tall as what is written inside it,
 * its fallback content or nothing. For that last rule to win by order alone, every rule
 * before it has the same specificity as `bio-card:not(:defined)`: attribute conditions and
 * `:has()` go inside `:where()`, which counts for nothing. test/e2e/nojs.test.ts checks it
 * with scripts off in each engine.
 */
export const RESERVE_SPACE_CSS = /* css */ `bio-card,
hub-search {
  display: block;
}
bio-card:not(:defined) {
  box-sizing: border-box;
  inline-size: 100%;
  max-inline-size: var(--hub-bio-card-max-inline-size, 26rem);
  block-size: var(--hub-bio-card-block-size, 33rem);
}
bio-card:where([variant='compact']):not(:defined) {
  max-inline-size: var(--hub-bio-card-max-inline-size, 24rem);
  block-size: var(--hub-bio-card-block-size, 4.75rem);
}
hub-search:not(:defined) {
  max-width: 40rem;
  min-block-size: calc(1lh + 1.2em + 2px);
}
hub-search:where([mode='dialog']):not(:defined) {
  display: inline-block;
  min-block-size: calc(max(1lh, 1.12em + 2px) + 0.9em + 2px);
}
:is(signup-form, contact-form):not(:defined):where(:not(:has(form))) {
  --_hk-field: calc(1lh + 0.25rem + 1rem + 1.4em + 2px);
  --_hk-button: calc(1rem + 1.4em + 2px);
  --_hk-gap: var(--hub-gap, 0.75rem);
  min-block-size: calc(var(--_hk-field) + var(--_hk-gap) + var(--_hk-button));
}
signup-form:where([name-field]):not(:defined):where(:not(:has(form))) {
  min-block-size: calc(2 * (var(--_hk-field) + var(--_hk-gap)) + var(--_hk-button));
}
signup-form:where([consent]):not(:defined):where(:not(:has(form))) {
  min-block-size: calc(var(--_hk-field) + 1lh + 2 * var(--_hk-gap) + var(--_hk-button));
}
signup-form:where([name-field][consent]):not(:defined):where(:not(:has(form))) {
  min-block-size: calc(2 * var(--_hk-field) + 1lh + 3 * var(--_hk-gap) + var(--_hk-button));
}
contact-form:not(:defined):where(:not(:has(form))) {
  min-block-size: calc(3 * (var(--_hk-field) + var(--_hk-gap)) + 7em + var(--_hk-button));
}
@media (scripting: none) {
  :is(bio-card, hub-search, signup-form, contact-form):not(:defined) {
    block-size: auto;
    min-block-size: 0;
  }
}
`;
