/**
 * An entry's date as a result shows it, in the element's language: one formatter per
 * language, made once. The first formatter a thread makes loads the browser's date formats
 * (30–45 ms in Chromium), so the search worker writes the dates of the hits it sends, and
 * the page's thread does so only where no worker runs.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** `value` (an ISO date) written in `lang`'s medium style; undefined for a missing or unreadable date. */
export function dateText(value: string | undefined, lang: string): string | undefined {
  const at = new Date(value!);
  if (!value || isNaN(+at)) return undefined;
  let format = formats.get(lang);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lang || undefined, { dateStyle: 'medium' });
    } catch {
      // A language tag the browser does not take: its own default.
      format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
    }
    formats.set(lang, format);
  }
  return format.format(at);
}
