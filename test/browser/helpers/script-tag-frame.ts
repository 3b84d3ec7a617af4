/**
 * Pages that load the built script tag (dist/hub-kit.js) in a frame of the test page: the
 * frame's window, the loader's exports in the frame's own realm, and the files it fetched.
 */

export type FrameWindow = Window & typeof globalThis & { cspViolations?: Array<{ blocked: string }> };

export interface Loader {
  load(tag: string): Promise<CustomElementConstructor & { define(tag?: string): void }>;
  observe(root: Document | ShadowRoot): void;
}

/** The loader's exports, imported in the frame's own realm (the same module instance its page runs). */
export const loader = (win: FrameWindow, src = '/dist/hub-kit.js') =>
  (win.Function(`return import(${JSON.stringify(src)})`) as () => Promise<Loader>)();

/** The JavaScript files the page fetched, by name without their hash: `hub-kit.js`, `forms`, `core`, `fr`… */
export function fetched(win: FrameWindow): string[] {
  return win.performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.endsWith('.js'))
    .map((path) => (path.endsWith('/hub-kit.js') ? 'hub-kit.js' : /\/hub-kit\/(\w+(?:-[a-z]+)*)-[\w-]{8}\.js$/.exec(path)?.[1] ?? path))
    .sort();
}
