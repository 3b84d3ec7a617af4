/**
 * The URL of the script tag's search file (search.ts), resolved against the module that
 * imports it, beside it in `hub-kit/`. Provided by the build (vite.config.ts,
 * `searchWorkerFile`).
 */
declare module 'virtual:hub-kit/search-file' {
  const url: string;
  export default url;
}
