/**
 * React 19 typings for hub-kit's tags: properties (camelCase, set as DOM properties),
 * attributes (kebab-case) and events, which React 19 attaches for `on<event-name>` props
 * on custom elements (`onsignup-form-success`).
 *
 *   // once, e.g. in src/hub-kit.d.ts
 *   import type {} from 'hub-kit/jsx';
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ElementAttributes, ElementEvents, ElementProperties, HubKitElements } from './elements.js';

type EventProps<Tag extends string> = {
  [K in keyof ElementEvents<Tag> & string as `on${K}`]?: (event: ElementEvents<Tag>[K]) => void;
};

export type HubKitJsxProps<Tag extends keyof HubKitElements> = DetailedHTMLProps<
  HTMLAttributes<HubKitElements[Tag]>,
  HubKitElements[Tag]
> &
  ElementProperties<HubKitElements[Tag]> &
  ElementAttributes<Tag> &
  EventProps<Tag> & { class?: string };

type HubKitIntrinsicElements = { [Tag in keyof HubKitElements]: HubKitJsxProps<Tag> };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends HubKitIntrinsicElements {}
  }
}

export {};
