/**
 * (TypeScript lets any dashed JSX attribute through, so a misspelt event name is not caught;
 * a handler for a real event is typed with its detail.)
 *
 * Type-checked with the examples (`tsc -p examples`), never run: the JSX typings accept the
 * elements' real properties, attributes and events, and refuse what does not exist.
 */
import type {} from 'hub-kit/jsx';

export const accepted = (
  <>
    <signup-form form="demo-form" base-url="https://hub.example.com" name-field onsignup-form-error={(e) => e.detail.error.message} />
    <contact-form tenant="demo" oncontact-form-success={(e) => e.detail.response} />
    <hub-search tenant="demo" limit={5} onhub-search-select={(e) => e.detail} />
    <bio-card tenant="demo" noPresence headingLevel={3} onbio-card-load={(e) => e.detail} />
  </>
);

export const refused = (
  <>
    {/* @ts-expect-error: no such attribute */}
    <signup-form colour="red" />
    {/* @ts-expect-error: limit is a number */}
    <hub-search limit={{}} />
    {/* @ts-expect-error: headingLevel is a number */}
    <bio-card headingLevel="three" />
    {/* @ts-expect-error: the event's detail has no such field */}
    <signup-form onsignup-form-success={(e) => e.detail.nothing} />
  </>
);
