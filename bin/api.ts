/**
 * What the commands that talk to the authenticated API share: the key from HUB_API_KEY
 * (never a flag: shell history and `ps` would keep it), the base URL from --base-url or
 * HUB_BASE_URL, and one-line messages for every way a call fails.
 */
import { checkBaseUrl } from '../src/api/base-url.js';
import { AUTHENTICATED_PATHS, isPath } from '../src/api/endpoints.js';
import {
  HttpError,
  HubApi,
  NetworkError,
  RateLimitedError,
  UnauthenticatedError,
} from '../src/server/index.js';
import { standInClock, type StandInClock } from '../src/stand-in/clock.js';
import { CommandError, UsageError } from './usage.js';

export const API_FLAGS = ['base-url', 'posts-path'] as const;

export const API_USAGE = `  --base-url URL    the service's address (or HUB_BASE_URL), e.g. https://example.com
  --posts-path P    where the posts list is, if not ${AUTHENTICATED_PATHS.posts} (or HUB_POSTS_PATH)

The API key is read from the HUB_API_KEY environment variable, and only from there.`;

/** Refuses a key given as a flag before anything else reads the arguments. */
export function refuseKeyFlags(argv: readonly string[]): void {
  const flag = argv.find((arg) => /^--(api[-_]?)?key(=|$)|^--token(=|$)/i.test(arg));
  if (flag) {
    throw new UsageError(
      `${flag.split('=')[0]} is not an option: the key is read only from HUB_API_KEY, since a flag would stay in shell history and show in ps.`,
    );
  }
}

export interface Connection {
  api: HubApi;
  /** Where the service's address came from, as the person set it: `--base-url` or `HUB_BASE_URL`. */
  baseUrlFrom: string;
  /** Takes the key out of any text, in case a message ever carries it. */
  redact(text: string): string;
}

/** Where a setting came from, named as the person set it: the flag, or else the variable. */
function source(flags: Map<string, string | true>, flag: string, variable: string): { value: string; name: string } {
  const given = flags.get(flag);
  if (given !== undefined) return { value: String(given).trim(), name: `--${flag}` };
  return { value: (process.env[variable] ?? '').trim(), name: variable };
}

export function connect(flags: Map<string, string | true>): Connection {
  const key = process.env.HUB_API_KEY?.trim();
  if (!key) {
    throw new UsageError('HUB_API_KEY is not set. Set it to a key from the dashboard (Settings → API keys), e.g. HUB_API_KEY=hk_… hub-kit …');
  }
  if (/\s/.test(key)) throw new UsageError('HUB_API_KEY holds a space or a line break: a key is one word. Copy it again from the dashboard.');
  const base = source(flags, 'base-url', 'HUB_BASE_URL');
  if (!base.value) throw new UsageError('No service address: pass --base-url https://… or set HUB_BASE_URL.');
  const posts = source(flags, 'posts-path', 'HUB_POSTS_PATH');
  if (posts.value && !isPath(posts.value)) {
    throw new UsageError(`${posts.name} must be a path such as ${AUTHENTICATED_PATHS.posts}, not "${posts.value}".`);
  }
  // The one base-URL rule (src/api/base-url.ts), worded for the flag or variable the person set.
  const refused = (why: string) => `${base.name} "${base.value}" cannot be used: ${why}`;
  try {
    checkBaseUrl(base.value, {
      missing: refused('it is empty.'),
      invalid: () => refused('the address is not a URL.'),
      insecure: () => refused('hub-kit sends the key only over https (http only to this machine: localhost, 127.x.x.x or [::1]).'),
      credentials: refused('the address must not carry a user or password.'),
      query: refused('the address must not carry a query or fragment.'),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const api = new HubApi({
    baseUrl: base.value,
    apiKey: key,
    ...(posts.value ? { postsPath: posts.value } : {}),
    // For tests against the stand-in only: every wait moves the stand-in's clock instead of
    // passing real time; `1` for the service's own, or a stand-in's address (a test of a
    // service that cannot be reached still waits on a clock it controls).
    ...(clockOf(process.env.HUB_KIT_STAND_IN_CLOCK, base.value)),
  });
  return { api, baseUrlFrom: base.name, redact: (text) => text.split(key).join('[HUB_API_KEY]') };
}

function clockOf(setting: string | undefined, baseUrl: string): { clock?: StandInClock } {
  if (!setting) return {};
  return { clock: standInClock((setting === '1' ? baseUrl : setting).replace(/\/+$/, '')) };
}

/** The one line a person reads when a call failed, and what to do about it. */
export function explain(error: unknown, connection?: Connection): CommandError {
  let message: string;
  if (error instanceof UnauthenticatedError) {
    message =
      'the service refused HUB_API_KEY (401): the key is missing, expired or deleted. ' +
      'Create a new key in the dashboard under Settings → API keys, and set HUB_API_KEY to it.';
  } else if (error instanceof RateLimitedError) {
    message = `the service kept answering 429 (too many requests for this key); try again in ${error.retryAfter} s.`;
  } else if (error instanceof NetworkError) {
    message = `${error.message} Check ${connection?.baseUrlFrom ?? '--base-url or HUB_BASE_URL'} and your connection.`;
  } else if (error instanceof HttpError) {
    message = error.message;
  } else if (error instanceof CommandError) {
    message = error.message;
  } else {
    message = error instanceof Error ? error.message : String(error);
  }
  return new CommandError(connection ? connection.redact(message) : message);
}
