/**
 * Svelte 5 typings for hub-kit's tags (for svelte-check and the Svelte language server):
 * properties (camelCase, which Svelte sets as DOM properties because the element has them),
 * attributes (kebab-case) and events, which Svelte 5 listens to for `on<event-name>`
 * attributes (`onsignup-form-success`). Svelte's own way to type a custom element is to add
 * it to `SvelteHTMLElements` of `svelte/elements`, which this does.
 *
 *   // once, e.g. in src/hub-kit.d.ts
 *   import type {} from 'hub-kit/svelte';
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { ElementAttributes, ElementEvents, ElementProperties, HubKitElements } from './elements.js';

/** A handler sees the event with the element as its `currentTarget`, as Svelte's own handlers do. */
type EventProps<Tag extends keyof HubKitElements> = {
  [K in keyof ElementEvents<Tag> & string as `on${K}`]?:
    | ((event: ElementEvents<Tag>[K] & { currentTarget: EventTarget & HubKitElements[Tag] }) => unknown)
    | null;
};

export type HubKitSvelteProps<Tag extends keyof HubKitElements> = HTMLAttributes<HubKitElements[Tag]> &
  ElementProperties<HubKitElements[Tag]> &
  ElementAttributes<Tag> &
  EventProps<Tag>;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'signup-form': HubKitSvelteProps<'signup-form'>;
    'contact-form': HubKitSvelteProps<'contact-form'>;
    'hub-search': HubKitSvelteProps<'hub-search'>;
    'bio-card': HubKitSvelteProps<'bio-card'>;
  }
}

export {};
