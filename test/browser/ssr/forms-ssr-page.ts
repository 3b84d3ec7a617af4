/**
 * The script of the forms fixture pages (examples/.build/forms-ssr.html, server-rendered,
 * and forms-csr.html, the same markup unrendered): the test passes the sandbox's base URL
 * in the query. On the server-rendered page, hydration support is loaded before the
 * elements, as a static site does; dynamic imports keep that order.
 */
const base = new URLSearchParams(location.search).get('base');
for (const el of document.querySelectorAll('signup-form, contact-form')) {
  if (base) el.setAttribute('base-url', base);
}
if (document.documentElement.dataset.hydrate === 'true') {
  await import('@lit-labs/ssr-client/lit-element-hydrate-support.js');
}
await import('../../../components/signup-form/define.js');
await import('../../../components/contact-form/define.js');
document.documentElement.dataset.ready = 'true';
export {};
