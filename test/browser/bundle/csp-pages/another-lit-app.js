// Stands for another Lit app on the page that loaded before hub-kit: Lit makes its Trusted
// Types policy, named "lit-html", when it loads. A classic script of the page's own origin.
window.otherAppPolicy = window.trustedTypes ? window.trustedTypes.createPolicy('lit-html', { createHTML: (html) => html }) : null;
