/**
 * The public endpoints' rate limits, exactly as the service's Limits table states them.
 *
 * Both the client's budgets and the stand-in service read this one table, so the two
 * can never disagree about a number.
 *
 * Reading of the spec, written down once:
 * - "Each group of endpoints has its own allowance": bio and resolve share one group;
 *   search-index and presence are listed together but with "each", so each is its own group.
 * - The three signup endpoints share one per-IP allowance (rule 2).
 * - The per-email limit (10 per 10 minutes) is counted per group as well, regardless of IP
 *   (rule 3): the signup group has one per-email counter, contact another.
 */
export type LimitGroup = 'signup' | 'contact' | 'bio' | 'search-index' | 'presence';

export interface Limit {
  /** Requests allowed in one window. */
  readonly max: number;
  /** Window length in seconds. */
  readonly windowSeconds: number;
}

/** Per visitor IP, one allowance per group. */
export const GROUP_LIMITS: Readonly<Record<LimitGroup, Limit>> = {
  signup: { max: 10, windowSeconds: 60 },
  contact: { max: 5, windowSeconds: 60 },
  bio: { max: 60, windowSeconds: 60 },
  'search-index': { max: 60, windowSeconds: 60 },
  presence: { max: 60, windowSeconds: 60 },
};

/** Per email address, across every IP, for the groups whose endpoints take an email. */
export const EMAIL_LIMIT: Limit = { max: 10, windowSeconds: 600 };

export const EMAIL_GROUPS: ReadonlySet<LimitGroup> = new Set<LimitGroup>(['signup', 'contact']);

/** The key an email address is counted under, by both sides: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
