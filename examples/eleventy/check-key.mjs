// Run after the build: the API key must be in no built file, since anyone can read them all.
// Exits 1, naming the file, if a template, a data dump or a bundle let the key through.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const out = process.argv[2] ?? '_site';
const key = process.env.HUB_API_KEY;
if (!key) {
  console.error('check-key: set HUB_API_KEY, the key the build used.');
  process.exit(2);
}
const entries = await readdir(out, { withFileTypes: true, recursive: true });
const leaks = [];
for (const entry of entries.filter((e) => e.isFile())) {
  const file = join(entry.parentPath, entry.name);
  if ((await readFile(file)).includes(key)) leaks.push(file);
}
if (leaks.length) {
  console.error(`check-key: the value of HUB_API_KEY is in ${leaks.join(', ')}; remove it before publishing.`);
  process.exit(1);
}
console.log(`check-key: HUB_API_KEY is in none of the ${entries.filter((e) => e.isFile()).length} files of ${out}.`);
