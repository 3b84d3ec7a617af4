/**
 * Recent searches, kept on this device (localStorage) per tenant, newest first.
 *
 * A nicety, never a failure: where storage is refused (privacy settings, a sandboxed frame)
 * or absent (a server render), there are none and nothing is kept.
 */
const PREFIX = 'hub-kit:recent-searches:';

/** The `max` newest recent searches of `tenant`; none when `max` is 0 or there is no tenant. */
export function readRecents(tenant: string, max: number): string[] {
  if (max <= 0 || !tenant) return [];
  try {
    const parsed = JSON.parse(localStorage.getItem(PREFIX + tenant) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((q): q is string => typeof q === 'string').slice(0, max) : [];
  } catch {
    return [];
  }
}

/** Keeps `list` for `tenant`, or forgets it when it is empty. Answers the list. */
export function saveRecents(tenant: string, list: string[]): string[] {
  try {
    if (list.length) localStorage.setItem(PREFIX + tenant, JSON.stringify(list));
    else localStorage.removeItem(PREFIX + tenant);
  } catch {
    // Refused: see above.
  }
  return list;
}

/**
 * Remembers `query` as the newest of `tenant`'s recent searches, once, keeping `max`;
 * answers the list. With `max` 0 or no tenant, nothing is kept and the list is as it was.
 */
export function rememberRecent(tenant: string, list: string[], query: string, max: number): string[] {
  return max > 0 && tenant ? saveRecents(tenant, [query, ...list.filter((q) => q !== query)].slice(0, max)) : list;
}
