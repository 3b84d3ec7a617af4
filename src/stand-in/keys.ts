/**
 * API keys, as the spec's dashboard knows them: a name, a workspace, created, last used,
 * an expiry or none, and deleted. The stand-in seeds three test keys for the `demo` tenant;
 * control endpoints make more, expire them and delete them.
 */

export interface ApiKey {
  key: string;
  name: string;
  /** The tenant (workspace) the key belongs to. */
  tenant: string;
  createdAt: number;
  lastUsedAt?: number;
  /** Milliseconds since the epoch; null: no expiry. */
  expiresAt: number | null;
  deleted: boolean;
}

export type KeyState = 'valid' | 'expired' | 'deleted';

const DAY = 86_400_000;

export const SEEDED_KEYS = ['hk_test_valid', 'hk_test_expired', 'hk_test_deleted'] as const;

export function keyState(key: ApiKey, now: number): KeyState {
  if (key.deleted) return 'deleted';
  return key.expiresAt !== null && key.expiresAt <= now ? 'expired' : 'valid';
}

export function seedKeys(tenant: string, now: number): ApiKey[] {
  return [
    { key: 'hk_test_valid', name: 'Test key (no expiry)', tenant, createdAt: now - 30 * DAY, expiresAt: null, deleted: false },
    { key: 'hk_test_expired', name: 'Test key (expired yesterday)', tenant, createdAt: now - 91 * DAY, expiresAt: now - DAY, deleted: false },
    { key: 'hk_test_deleted', name: 'Test key (deleted)', tenant, createdAt: now - 10 * DAY, expiresAt: null, deleted: true },
  ];
}

/** A new key's value: `hk_test_` and 32 random hex digits. */
export function newKeyValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `hk_test_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The dashboard lists only a masked key. */
export function maskKey(key: string): string {
  return key.length <= 12 ? `${key.slice(0, 3)}…` : `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** The `Bearer` token of a request, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1];
}

export { DAY };
