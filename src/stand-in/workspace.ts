/**
 * A tenant's workspace as the authenticated API sees it: its subscribers, matched by
 * normalized email, and its posts. Signups through the public endpoints land here too, so
 * a subscriber made by a form shows up in `GET /api/v1/subscribers`.
 */
import { normalizeEmail } from '../limits/rules.js';
import { iso } from './time.js';
import type { PostData, TenantData } from './types.js';

export interface Subscriber {
  id: string;
  email: string;
  name?: string;
  status: string;
  fields?: Record<string, string>;
  created_at: string;
  updated_at: string;
}

export interface Post {
  id: string;
  title: string;
  slug: string;
  url?: string;
  excerpt?: string;
  published_at: string;
  updated_at: string;
}

export interface SubscriberInput {
  email: string;
  name?: string | undefined;
  fields?: Record<string, string> | undefined;
  /**
   * A new subscriber's status (default `subscribed`). For an existing one, only
   * `unsubscribed` and `subscribed` change it: the bulk upsert's consent rules.
   */
  status?: string | undefined;
  /** A new subscriber's join date (ISO 8601); ignored for an existing one. */
  created_at?: string | undefined;
}

function time(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? fallback : iso(ms);
}

/** Posts given as such, or else the `post` entries of the search index. */
function postsOf(data: TenantData, addedAt: string): PostData[] {
  if (Array.isArray(data.posts)) return data.posts;
  const posts: PostData[] = [];
  for (const entry of data.search_index ?? []) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (e.type !== 'post' || typeof e.id !== 'string' || typeof e.title !== 'string') continue;
    posts.push({
      id: e.id,
      title: e.title,
      ...(typeof e.url === 'string' ? { url: e.url } : {}),
      ...(typeof e.excerpt === 'string' ? { excerpt: e.excerpt } : {}),
      published_at: time(e.published_at, addedAt),
      ...(typeof e.updated_at === 'string' ? { updated_at: e.updated_at } : {}),
    });
  }
  return posts;
}

export class Workspace {
  /** By normalized email; a Map keeps creation order, which is the list's order. */
  readonly subscribers = new Map<string, Subscriber>();
  readonly posts = new Map<string, Post>();
  #nextId = 1;

  constructor(data: TenantData, now: number) {
    const addedAt = iso(now);
    for (const s of data.subscribers ?? []) {
      if (!s || typeof s.email !== 'string') continue;
      const created = time(s.created_at, addedAt);
      this.upsert({ ...s, status: s.status || 'subscribed', created_at: created }, created);
      const record = this.subscribers.get(normalizeEmail(s.email))!;
      record.updated_at = time(s.updated_at, created);
    }
    for (const post of postsOf(data, addedAt)) this.putPost(post, addedAt);
  }

  upsert(input: SubscriberInput, at: string): 'created' | 'updated' {
    const key = normalizeEmail(input.email);
    const existing = this.subscribers.get(key);
    if (existing) {
      // Keeps what it knew and takes what is new, as the signup endpoints do.
      if (input.name !== undefined) existing.name = input.name;
      if (input.fields) existing.fields = { ...existing.fields, ...input.fields };
      // "unsubscribed" always applies; "subscribed" re-subscribes, which clients send only
      // when the person asked. Anything else (a signup's "unconfirmed") leaves it be.
      if (input.status === 'unsubscribed' || input.status === 'subscribed') existing.status = input.status;
      existing.updated_at = at;
      return 'updated';
    }
    this.subscribers.set(key, {
      id: `sub_${this.#nextId++}`,
      email: input.email.trim(),
      ...(input.name !== undefined ? { name: input.name } : {}),
      status: input.status ?? 'subscribed',
      ...(input.fields ? { fields: { ...input.fields } } : {}),
      created_at: time(input.created_at, at),
      updated_at: at,
    });
    return 'created';
  }

  /** Adds or replaces a post; `at` fills in missing dates. */
  putPost(data: PostData, at: string): Post {
    const published = time(data.published_at, at);
    const post: Post = {
      id: data.id,
      title: data.title,
      slug: data.slug ?? (data.url ?? data.id).replace(/\/+$/, '').split('/').pop()!,
      ...(data.url !== undefined ? { url: data.url } : {}),
      ...(data.excerpt !== undefined ? { excerpt: data.excerpt } : {}),
      published_at: published,
      updated_at: time(data.updated_at, published),
    };
    this.posts.set(post.id, post);
    return post;
  }

  /** Oldest change first; with `since` (ms), only posts published or updated after it. */
  postsSince(since: number | undefined): Post[] {
    const list = [...this.posts.values()].filter((p) => since === undefined || Date.parse(p.updated_at) > since);
    return list.sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
