/**
 * Vue 3 typings for hub-kit's tags (for Volar / vue-tsc): properties, attributes and
 * events. Vue itself needs to be told the tags are custom elements:
 * `app.config.compilerOptions.isCustomElement = (tag) => tag.includes('-')`, or the same
 * option of @vitejs/plugin-vue's template compiler.
 *
 *   // once, e.g. in src/hub-kit.d.ts
 *   import type {} from 'hub-kit/vue';
 */
import type { DefineComponent } from 'vue';
import type { ElementAttributes, ElementEvents, ElementProperties, HubKitElements } from './elements.js';

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** `@signup-form-success` in a template is `onSignupFormSuccess` to the type checker. */
type EventProps<Tag extends string> = {
  [K in keyof ElementEvents<Tag> & string as `on${Capitalize<Camel<K>>}`]?: (event: ElementEvents<Tag>[K]) => void;
};

export type HubKitVueProps<Tag extends keyof HubKitElements> = ElementProperties<HubKitElements[Tag]> &
  ElementAttributes<Tag> &
  EventProps<Tag>;

declare module 'vue' {
  interface GlobalComponents {
    'signup-form': DefineComponent<HubKitVueProps<'signup-form'>>;
    'contact-form': DefineComponent<HubKitVueProps<'contact-form'>>;
    'hub-search': DefineComponent<HubKitVueProps<'hub-search'>>;
    'bio-card': DefineComponent<HubKitVueProps<'bio-card'>>;
  }
}

export {};
