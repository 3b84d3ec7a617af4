/**
 * A creator's profile as a card shows it, from untrusted data: anything that does not fit
 * the schema is no data at all, only http, https and mailto URLs become links, and each link
 * gets the text a visitor reads.
 */
import { Bio, Presence, unwrap, type Bio as BioData, type Parser, type Presence as PresenceData } from '../api/schema.js';
import { LINK_SCHEMES, displayHost, safeUrl } from '../url/safe-url.js';

/** A link as shown: a safe href and its text. */
export interface ShownLink {
  href: string;
  text: string;
}

/** How each network is spelled, found by its name in any casing; `twitter` is now X. */
const SOCIAL_NAMES = 'Bluesky Facebook GitHub Instagram LinkedIn Mastodon Threads TikTok Twitch X YouTube'.split(' ');

function socialName(network: string): string | undefined {
  const key = network.toLowerCase();
  return key === 'twitter' ? 'X' : SOCIAL_NAMES.find((name) => name.toLowerCase() === key);
}

/** Reads untrusted data, or its `{ data }` envelope. */
function parse<T>(schema: Parser<T>, value: unknown): T | undefined {
  return (schema.safeParse(unwrap(value)) as { data?: T }).data;
}

/** Reads untrusted JSON (text or parsed) into a Bio. */
export function parseBio(value: unknown): BioData | undefined {
  try {
    return parse(Bio, typeof value === 'string' ? JSON.parse(value) : value);
  } catch {
    return undefined;
  }
}

/** Reads untrusted presence data. */
export function parsePresence(value: unknown): PresenceData | undefined {
  return parse(Presence, value);
}

/** Up to two initials, standing in for an avatar. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return letters.toUpperCase();
}

/** The entries whose URL may be a link, each with the text it shows. */
function shown<T extends { url: string }>(list: T[] | undefined, text: (item: T, href: string) => string): ShownLink[] {
  return (list ?? []).flatMap((item) => {
    const href = safeUrl(item.url, LINK_SCHEMES);
    return href ? [{ href, text: text(item, href) }] : [];
  });
}

/** The profile's links (titled, or named by their host) and social profiles (named by their network). */
export function profileLinks(bio: BioData): { links: ShownLink[]; socials: ShownLink[] } {
  return {
    links: shown(bio.links, (link, href) => link.title?.trim() || displayHost(href)),
    socials: shown(bio.socials, (social, href) => {
      const network = social.network?.trim() ?? '';
      return socialName(network) ?? (network || displayHost(href));
    }),
  };
}
