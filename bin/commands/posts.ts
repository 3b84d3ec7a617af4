/**
 * `hub-kit posts list|watch`: the workspace's posts through the authenticated API. `watch`
 * polls with `since` and prints each new or edited post once; when the service is down it
 * says so, waits longer each time, and carries on.
 */
import type { Post } from '../../src/server/index.js';
import { API_FLAGS, API_USAGE, connect, explain, refuseKeyFlags } from '../api.js';
import { duration } from '../output.js';
import { UsageError, parseFlags } from '../usage.js';

export const usage = `Usage: hub-kit posts list [--since ISO] [--json] [--base-url URL]
       hub-kit posts watch [--interval 60] [--since ISO] [--json] [--base-url URL]

list    prints every post (with --since, those published or updated after it), oldest first.
watch   prints each new or edited post once as it appears, polling every --interval
        seconds, until Ctrl-C. Without --since it starts after the newest post there is.

  --since ISO       an ISO 8601 moment, e.g. 2026-02-01T00:00:00Z
  --interval S      seconds between polls; default 60
  --json            list: one JSON array; watch: one JSON object per line
${API_USAGE}`;

function line(post: Post): string {
  return [post.updated_at ?? post.published_at ?? '', post.title ?? '(untitled)', post.url ?? ''].filter(Boolean).join('  ');
}

function sinceOf(flags: Map<string, string | true>): string | undefined {
  const since = flags.get('since');
  if (since === undefined) return undefined;
  const text = String(since);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(Date.parse(text))) {
    throw new UsageError(`--since must be an ISO 8601 moment such as 2026-02-01T00:00:00Z, not "${text}".`);
  }
  return new Date(Date.parse(text)).toISOString();
}

export async function run(argv: readonly string[]): Promise<number> {
  refuseKeyFlags(argv);
  const { flags, positional } = parseFlags(argv, { values: ['since', 'interval', ...API_FLAGS], booleans: ['json'] });
  if (flags.has('help')) {
    console.log(usage);
    return 0;
  }
  const [action, ...rest] = positional;
  if (rest.length) throw new UsageError(`Unexpected argument "${rest[0]}".`);
  if (action !== 'list' && action !== 'watch') {
    throw new UsageError(action === undefined ? 'Say list or watch.' : `Unknown action "${action}": list or watch.`);
  }
  const since = sinceOf(flags);
  const json = flags.has('json');
  if (action === 'list') {
    if (flags.has('interval')) throw new UsageError('--interval is for watch.');
    const connection = connect(flags);
    const posts: Post[] = [];
    try {
      for await (const post of connection.api.posts.all(since ? { since } : {})) {
        if (json) posts.push(post);
        else console.log(line(post));
      }
    } catch (error) {
      throw explain(error, connection);
    }
    if (json) console.log(JSON.stringify(posts, null, 2));
    return 0;
  }

  const intervalText = String(flags.get('interval') ?? '60');
  if (!/^\d+$/.test(intervalText) || Number(intervalText) < 1) throw new UsageError(`--interval must be a whole number of seconds of 1 or more, not "${intervalText}".`);
  const intervalMs = Number(intervalText) * 1000;
  const connection = connect(flags);
  const stop = new AbortController();
  const end = () => stop.abort();
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  try {
    let start = since;
    if (!start) {
      // Start after the newest post there is, without printing the old ones.
      for await (const post of connection.api.posts.all({ signal: stop.signal })) {
        const stamp = post.updated_at ?? post.published_at;
        if (stamp && (!start || Date.parse(stamp) > Date.parse(start))) start = stamp;
      }
    }
    console.error(`Watching for new posts every ${duration(intervalMs)}${start ? ` after ${start}` : ''} (Ctrl-C to stop).`);
    const changes = connection.api.posts.changes({
      ...(start ? { since: start } : {}),
      intervalMs,
      signal: stop.signal,
      onError: (error, retryInMs) => console.error(`${explain(error, connection).message} Trying again in ${duration(retryInMs)}.`),
    });
    for await (const post of changes) console.log(json ? JSON.stringify(post) : line(post));
  } catch (error) {
    if (stop.signal.aborted) return 0;
    throw explain(error, connection);
  } finally {
    process.off('SIGINT', end);
    process.off('SIGTERM', end);
  }
  return 0;
}
