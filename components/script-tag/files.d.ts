/**
 * The files of the script tag, by name (`forms`, `hub-search`, `bio-card`, `de`…): each
 * file's path relative to the loader, then the paths of the files it imports, so that the
 * loader asks for them all at once. `null` where there are none (the dev server, which
 * serves the sources one by one). Provided by the build (vite.config.ts, `filesOfElements`).
 */
declare module 'virtual:hub-kit/files' {
  const files: Record<string, string[]> | null;
  export default files;
}
