/**
 * The public reads' payloads: the seed's URLs made absolute for the host that serves them,
 * resolve targets, simulated presence and the seeded avatars.
 */
import { escapeHtml } from './html.js';
import { iso } from './time.js';
import type { PathData, PresenceData, TenantData } from './types.js';

/** FNV-1a: a cheap, stable number from a string, for the presence simulation. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Seeded payloads carry root-relative URLs so they work on any host: the stand-in's own
 * assets (`/__stand-in/…`) get the instance's base, site pages (`/hub/…`) the origin.
 * Anything else (absolute, protocol-relative, hostile) is passed through untouched.
 */
export function absolute(value: unknown, origin: string, prefix: string): unknown {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return value;
  return value.startsWith('/__stand-in/') ? origin + prefix + value : origin + value;
}

export function withAbsoluteUrl(item: unknown, key: string, origin: string, prefix: string): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item) || !(key in item)) return item;
  const record = item as Record<string, unknown>;
  return { ...record, [key]: absolute(record[key], origin, prefix) };
}

export function bioPayload(bio: unknown, origin: string, prefix: string): unknown {
  if (!bio || typeof bio !== 'object' || Array.isArray(bio)) return bio;
  const out = withAbsoluteUrl(bio, 'avatar_url', origin, prefix) as Record<string, unknown>;
  for (const key of ['links', 'socials']) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((item) => withAbsoluteUrl(item, 'url', origin, prefix));
  }
  return out;
}

export function indexPayload(entries: unknown[] | undefined, origin: string, prefix: string): unknown[] {
  return (entries ?? []).map((entry) => withAbsoluteUrl(entry, 'url', origin, prefix));
}

export function resolvePath(tenant: TenantData, path: string): PathData | undefined {
  const key = path.replace(/^\/+|\/+$/g, '');
  const explicit = tenant.paths?.[key];
  if (explicit) return explicit;
  const url = `/hub/${key.replace(/^hub\//, '')}`;
  for (const entry of tenant.search_index ?? []) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (e.url === url && typeof e.type === 'string') {
      return { type: e.type, url, ...(typeof e.title === 'string' ? { title: e.title } : {}) };
    }
  }
  return undefined;
}

/** Presence from the instance's clock: the same moment always gives the same answer. */
export function presencePayload(slug: string, spec: PresenceData | undefined, now: number): { body: unknown; at: number } {
  if (spec?.data) {
    const at = typeof spec.data.updated_at === 'string' ? Date.parse(spec.data.updated_at) : NaN;
    return { body: spec.data, at: Number.isNaN(at) ? 0 : at };
  }
  const step = Math.max(1, spec?.step ?? 30) * 1000;
  const every = Math.max(1, spec?.live_every ?? 3600) * 1000;
  const liveFor = Math.max(0, spec?.live_for ?? 900) * 1000;
  const peak = Math.max(1, spec?.peak ?? 40);
  const at = Math.floor(now / step) * step;
  const live = at % every < liveFor;
  const r = hash32(`${slug}:${at}`) / 0xffffffff;
  const online = live ? Math.round(peak / 2 + (r * peak) / 2) : Math.round(r * peak * 0.3);
  return { body: { live, online, updated_at: iso(at) }, at };
}

export function avatarSvg(name: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => Array.from(word)[0]!.toUpperCase())
      .join('') || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeHtml(name)}">
<rect width="256" height="256" rx="128" fill="#3b5bdb"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="104" font-weight="600" fill="#ffffff">${escapeHtml(initials)}</text>
</svg>
`;
}
