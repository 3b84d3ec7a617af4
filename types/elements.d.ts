/**
 * What the framework typings share: each tag's class, its settable properties and its
 * attributes, and its events, all derived from the classes and their
 * `GlobalEventHandlersEventMap` entries so that they cannot drift from the elements.
 */
import type { BioCard, ContactForm, HubSearch, SignupForm } from 'hub-kit';

export interface HubKitElements {
  'signup-form': SignupForm;
  'contact-form': ContactForm;
  'hub-search': HubSearch;
  'bio-card': BioCard;
}

/** Attributes whose names are not the kebab-case of a property. */
export interface HubKitExtraAttributes {
  'signup-form': { form?: string };
  'contact-form': {};
  'hub-search': {};
  'bio-card': {};
}

type Kebab<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : S;

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type DataKeys<E> = { [K in keyof E]: E[K] extends Function ? never : K }[keyof E];

/** Public, non-method members the element adds to HTMLElement: its properties. */
export type ElementProperties<E extends HTMLElement> = {
  [K in Exclude<DataKeys<E>, keyof HTMLElement> & string]?: E[K];
};

type Attribute = string | number | boolean | null | undefined;

/**
 * The camelCase properties in attribute form (`baseUrl` -> `base-url`). A one-word name is
 * the same either way and keeps its property type.
 */
export type ElementAttributes<Tag extends keyof HubKitElements> = {
  [K in keyof ElementProperties<HubKitElements[Tag]> & string as Kebab<K> extends K ? never : Kebab<K>]?: Attribute;
} & HubKitExtraAttributes[Tag];

/** The element's own events, `<tag>-<what>`, keyed as given. */
export type ElementEvents<Tag extends string> = {
  [K in keyof GlobalEventHandlersEventMap as K extends `${Tag}-${string}` ? K : never]: GlobalEventHandlersEventMap[K];
};
