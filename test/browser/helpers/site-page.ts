/**
 * A page of a creator's site in a frame of the test page: the script tag (the built
 * dist/hub-kit.js), whatever `head` adds (a Content Security Policy, say), and the elements'
 * markup in its body. The test page itself need not load the kit, so nothing here can send
 * or deliver on the frame's behalf.
 */
import type { HubFormElement } from '../../../components/shared/hub-form.js';

export type SiteWindow = Window & typeof globalThis;

export interface SitePage {
  frame: HTMLIFrameElement;
  win: SiteWindow;
  /** The first element of the body's markup, once the loader has defined it and it has rendered. */
  el: HubFormElement;
  /** Every element of that tag on the page, in document order. */
  all(tag: string): HubFormElement[];
}

/** Resolves once `frame`'s next document has loaded. */
export const loaded = (frame: HTMLIFrameElement) => new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));

/** Opens the page; the first tag of `body` is awaited as `el`. */
export async function sitePage(body: string, head = ''): Promise<SitePage> {
  const frame = document.createElement('iframe');
  frame.srcdoc = pageHtml(body, head);
  const done = loaded(frame);
  document.body.append(frame);
  await done;
  return adopt(frame, /<([a-z]+-[a-z-]+)/.exec(body)![1]!);
}

/** The markup of a page of the site with the script tag. */
export const pageHtml = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page</title>${head}
    <script type="module" src="/dist/hub-kit.js"></script></head><body>${body}</body></html>`;

/** The page now in `frame`, once its first `tag` is defined and rendered. */
export async function adopt(frame: HTMLIFrameElement, tag: string): Promise<SitePage> {
  const win = frame.contentWindow as SiteWindow;
  await win.customElements.whenDefined(tag);
  const all = (name: string) => [...frame.contentDocument!.querySelectorAll(name)] as HubFormElement[];
  const el = all(tag)[0]!;
  await el.updateComplete;
  return { frame, win, el, all };
}
