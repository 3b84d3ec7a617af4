/**
 * CONTRACT STUB — to be replaced by the real implementation (persisted, shared by tabs).
 */
import type { LimitGroup } from './rules.js';

export type Decision = { ok: true } | { ok: false; resetAt: number };

export interface BudgetOptions {
  /** Clock in ms since the epoch; tests pass their own. */
  now?: () => number;
}

export interface Budget {
  /**
   * Takes one request from the group's allowance, and from the email's if one is given,
   * only when every counter involved allows it. When one does not, nothing is taken and
   * `resetAt` (ms since the epoch) says when the request would be allowed.
   */
  take(group: LimitGroup, email?: string): Promise<Decision>;
  /** Like `take`, but takes nothing. */
  check(group: LimitGroup, email?: string): Promise<Decision>;
  /** After a 429: the group is closed for every tab until `until` (ms since the epoch). */
  close(group: LimitGroup, until: number): Promise<void>;
}

/** The budget of one service (scope: its normalized base URL), shared by every caller of the page. */
export function budgetFor(scope: string, options: BudgetOptions = {}): Budget {
  void scope;
  void options;
  return {
    take: async () => ({ ok: true }),
    check: async () => ({ ok: true }),
    close: async () => {},
  };
}
