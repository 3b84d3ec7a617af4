/**
 * URL filtering for links and images that come from the service's payloads.
 *
 * Everything in a payload is untrusted: a creator's bio, a search entry or a hostile
 * tenant may carry `javascript:`, `data:` or `vbscript:` URLs, in odd casing, behind
 * spaces, tabs, newlines or control characters. Instead of matching bad schemes with a
 * pattern (which browsers' own lenient parsing can always outwit), the value is parsed
 * with the same WHATWG URL parser the browser will use when the link is followed, and
 * only an allow-list of schemes survives.
 */
export type SafeScheme = 'http:' | 'https:' | 'mailto:';

export const WEB_SCHEMES: readonly SafeScheme[] = ['http:', 'https:'];
export const LINK_SCHEMES: readonly SafeScheme[] = ['http:', 'https:', 'mailto:'];

// C0 controls and DEL. The URL parser strips leading ones and ignores tabs and newlines
// inside a scheme ("java\tscript:"), so a value holding any of them is refused outright:
// it is never a link a person typed, and refusing it closes every parser-difference trick.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Returns the normalized absolute URL when `value` is a string whose scheme is in
 * `allowed`, otherwise undefined.
 *
 * A relative value is read against `base` when one is given (e.g. the service's base URL
 * for paths in a search index) and refused without one: a bare path in a bio has no
 * meaning we could vouch for.
 */
export function safeUrl(
  value: unknown,
  allowed: readonly SafeScheme[] = WEB_SCHEMES,
  base?: string,
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || CONTROL.test(trimmed) || trimmed.length > 4096) return undefined;
  let url: URL;
  try {
    url = base === undefined ? new URL(trimmed) : new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (!(allowed as readonly string[]).includes(url.protocol)) return undefined;
  // An http(s) URL written without "//" ("https:evil") is not a web address a person wrote:
  // the parser reads it as https://evil/, or as a path of `base`. Refused in any form.
  if (url.protocol !== 'mailto:' && /^[a-z][a-z\d+.-]*:(?!\/\/)/i.test(trimmed)) return undefined;
  // Credentials in a link ("https://bank.example@evil.example") exist only to mislead.
  if (url.username || url.password) return undefined;
  return url.href;
}

/** The host a visitor should see for a link, e.g. "example.com" or the address of a mailto. */
export function displayHost(href: string): string {
  try {
    const url = new URL(href);
    if (url.protocol === 'mailto:') return decodeURIComponent(url.pathname);
    return url.hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
