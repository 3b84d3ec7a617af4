/**
 * The resolve recipe (docs/recipes/resolve.md): a Hub page that asks the service what its
 * own path is, then shows a post, a page or a resource, follows a redirect, or says
 * "not found". Every title and URL in the answer is untrusted: text stays text, and only
 * http(s) URLs are linked or followed.
 */
import { html, render, type TemplateResult } from 'lit';
import type { HubClient } from '../../src/api/hub-client.js';
import { RateLimitedError } from '../../src/api/errors.js';
import { hubPath, resolveRoute, type HubRoute } from '../../src/resolve/resolve-route.js';

export interface HubPageOptions {
  client: HubClient;
  tenant: string;
  /** Where the Hub is mounted on the site. Default `/hub`. */
  prefix?: string;
  /** How to follow a redirect. Default: replace the current history entry. */
  navigate?: (url: string) => void;
}

function view(route: HubRoute, tenant: string): TemplateResult {
  switch (route.kind) {
    case 'redirect':
      return html`<p class="empty">This page moved to <a href=${route.url}>${route.title ?? route.url}</a>.</p>`;
    case 'post':
    case 'page':
      return html`<article class="hub-article" data-kind=${route.kind}>
        <p class="kicker">${route.kind === 'post' ? 'Letter' : 'Page'}</p>
        <h1>${route.title}</h1>
        <p class="lede">The full text lives on the Hub. Get the next one in your inbox:</p>
        <signup-form form="demo-form" source="hub-${route.kind}"></signup-form>
      </article>`;
    case 'resource':
      return html`<article class="hub-article" data-kind="resource">
        <p class="kicker">Free resource</p>
        <h1>${route.title}</h1>
        <p class="lede">Leave your address and the link arrives in a minute.</p>
        <signup-form tenant=${tenant} resource=${route.url?.split('/').pop() ?? ''} source="hub-resource"></signup-form>
      </article>`;
    case 'other':
      return html`<article class="hub-article" data-kind="other"><h1>${route.title}</h1></article>`;
    case 'not-found':
      return html`<article class="hub-article" data-kind="not-found">
        <p class="kicker">404</p>
        <h1>Nothing lives here</h1>
        <p class="lede">The address may be old or mistyped. Search the archive instead:</p>
        <hub-search tenant=${tenant}></hub-search>
      </article>`;
  }
}

function home(tenant: string): TemplateResult {
  return html`<article class="hub-article" data-kind="home">
    <p class="kicker">Archive</p>
    <h1>Every letter, page and guide</h1>
    <hub-search tenant=${tenant}></hub-search>
  </article>`;
}

const rendered = new WeakSet<HTMLElement>();

/** Renders into `root`, first clearing what the page wrote there (Lit's render appends). */
function show(template: TemplateResult, root: HTMLElement): void {
  if (!rendered.has(root)) {
    root.replaceChildren();
    rendered.add(root);
  }
  render(template, root);
}

/** Resolves `location` and renders the answer into `root`. Returns what it decided. */
export async function showHubPage(
  root: HTMLElement,
  location: { pathname: string },
  options: HubPageOptions,
): Promise<HubRoute | 'home'> {
  const path = hubPath(location.pathname, options.prefix ?? '/hub');
  root.setAttribute('aria-busy', 'true');
  try {
    if (path === '') {
      show(home(options.tenant), root);
      return 'home';
    }
    const route = await resolveRoute(options.client, options.tenant, path);
    if (route.kind === 'redirect') {
      (options.navigate ?? ((url) => globalThis.location.replace(url)))(route.url);
    }
    if (route.kind !== 'redirect' && 'title' in route) document.title = `${route.title} · The Habit Letter`;
    show(view(route, options.tenant), root);
    return route;
  } catch (error) {
    const wait = error instanceof RateLimitedError ? ` Try again in ${error.retryAfter} s.` : '';
    show(html`<p class="empty" role="alert">This page could not be looked up right now.${wait}</p>`, root);
    throw error;
  } finally {
    root.removeAttribute('aria-busy');
  }
}
