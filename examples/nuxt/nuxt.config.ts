export default defineNuxtConfig({
  compatibilityDate: '2026-01-01',
  // The kit's stylesheet, on every page: it styles the form before (and without) JavaScript.
  css: ['hub-kit/hub-kit.css'],
  // Vue's template compiler must know that dashed tags are custom elements, not components.
  vue: { compilerOptions: { isCustomElement: (tag) => tag.includes('-') } },
  // Where the service is and which form; NUXT_PUBLIC_HUB_BASE_URL and NUXT_PUBLIC_HUB_FORM
  // set them when the server starts.
  runtimeConfig: { public: { hubBaseUrl: 'http://127.0.0.1:8787', hubForm: 'demo-form' } },
  app: { head: { htmlAttrs: { lang: 'en' }, title: 'My newsletter', link: [{ rel: 'icon', href: 'data:,' }] } },
  devtools: { enabled: false },
  telemetry: false,
});
