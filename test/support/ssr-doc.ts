/**
 * Reads the Eleventy recipe out of docs/ssr.md: the files it shows (a line "`path`:" just
 * before a code block) and the shell blocks, in order. The docs test compares the files with
 * examples/eleventy; the newcomer test follows the steps in a new folder.
 */
export interface SsrDoc {
  files: Map<string, string>;
  /** The first shell block: create the project and install. */
  setup: string[];
  /** The last shell block: start the stand-in, build. */
  build: string[];
}

export function readSsrDoc(markdown: string): SsrDoc {
  const files = new Map<string, string>();
  for (const [, path, body] of markdown.matchAll(/^`([\w./-]+)`[^\n]*:\n\n```\w*\n([\s\S]*?)```/gm)) {
    files.set(path!, body!);
  }
  const shell = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, body]) =>
    body!.split('\n').map((line) => line.trim()).filter(Boolean),
  );
  if (shell.length < 2) throw new Error('docs/ssr.md: expected a setup and a build shell block');
  return { files, setup: shell[0]!, build: shell[shell.length - 1]! };
}

/** The packages each `npm install` line of the setup names, as `{ dependencies, devDependencies }`. */
export function installedPackages(setup: string[]): { dependencies: string[]; devDependencies: string[] } {
  const dependencies: string[] = [];
  const devDependencies: string[] = [];
  for (const line of setup) {
    const words = line.split(/\s+/);
    if (words[0] !== 'npm' || words[1] !== 'install') continue;
    const dev = words.includes('--save-dev') || words.includes('-D');
    (dev ? devDependencies : dependencies).push(...words.slice(2).filter((w) => !w.startsWith('-')));
  }
  return { dependencies: dependencies.sort(), devDependencies: devDependencies.sort() };
}
