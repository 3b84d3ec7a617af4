// The workspace's posts, pulled at build time through the authenticated API (docs/ssg.md).
// The key comes from the build environment and stays here: pages get titles and links only.
import { HubApi } from 'hub-kit/server';
import hub from './hub.js';

export default async function () {
  const apiKey = process.env.HUB_API_KEY;
  if (!apiKey) throw new Error('Set HUB_API_KEY to an API key of the workspace (Settings → API keys).');
  const api = new HubApi({ baseUrl: hub.baseUrl, apiKey });
  const posts = [];
  for await (const post of api.posts.all()) {
    // Only http(s) links reach a page; the templates escape every text.
    const url = /^https?:\/\//i.test(post.url ?? '') ? post.url : undefined;
    posts.push({ title: post.title ?? 'Untitled', url, published: post.published_at ?? '' });
  }
  return posts.sort((a, b) => b.published.localeCompare(a.published));
}
