/**
 * The URL of the self-contained file of every element (all.ts), resolved against the
 * loader's own URL; `null` where there is none (the dev server). Provided by the build
 * (vite.config.ts, `completeFile`).
 */
declare module 'virtual:hub-kit/complete' {
  const url: string | null;
  export default url;
}
