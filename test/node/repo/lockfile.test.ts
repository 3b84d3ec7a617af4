/**
 * package-lock.json is what `npm ci` installs from, on CI and on every contributor's machine,
 * whatever its platform: it must agree with package.json, and every dependency of every
 * locked package, the other platforms' optional binaries included (rollup's, esbuild's,
 * lightningcss's…), must have its entry. `npm install` on a machine whose registry cannot
 * serve those binaries drops them; `npm run lock:platforms` puts them back
 * (scripts/lock-platforms.ts). Offline: reads the two files only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../../scripts/entries.js';
import { lockPath, missingEntries, resolveFrom, satisfies, type Lock } from '../../../scripts/lock-platforms.js';

const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as Lock;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const FIX = 'run `npm install`, then `npm run lock:platforms`';

test('package.json and package-lock.json agree', () => {
  const project = lock.packages['']!;
  assert.equal(lock.name, pkg.name);
  assert.equal(lock.version, pkg.version);
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const) {
    assert.deepEqual(project[field] ?? {}, pkg[field] ?? {}, `${field} differ between package.json and the lock file: ${FIX}`);
  }
  for (const [name, range] of Object.entries({ ...(pkg.dependencies as object), ...(pkg.devDependencies as object) } as Record<string, string>)) {
    const path = resolveFrom(lock, '', name);
    assert.ok(path, `${name} is not in the lock file: ${FIX}`);
    const { version } = lock.packages[path]!;
    assert.ok(version && satisfies(version, range), `the lock file has ${name}@${version}, package.json asks for ${range}: ${FIX}`);
  }
});

test('every dependency of every locked package has its entry, for every platform', () => {
  const missing = missingEntries(lock).map(({ parent, name, spec, optional }) => `${name}@${spec} (${optional ? 'optional ' : ''}for ${parent || 'the project'})`);
  assert.deepEqual(missing, [], `missing from package-lock.json, so \`npm ci\` fails: ${FIX}`);
});

test("every platform package's entry says what npm ci needs: version, integrity, os or cpu", () => {
  const withResolved = Object.values(lock.packages).some((entry) => typeof entry.resolved === 'string');
  let platforms = 0;
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!entry.os && !entry.cpu) continue;
    platforms++;
    assert.ok(entry.version, `${path} has no version`);
    assert.match(entry.integrity ?? '', /^sha512-/, `${path} has no integrity`);
    if (withResolved) assert.ok(entry.resolved, `${path} has no resolved URL, where the lock file's other entries have one`);
    assert.ok(entry.optional || entry.devOptional, `${path} is a platform package but not optional: npm ci would fail on other platforms`);
  }
  // rollup, esbuild, lightningcss and rolldown alone ship more than sixty.
  assert.ok(platforms > 60, `only ${platforms} platform packages in the lock file`);
});

test('the lock file check understands the ranges npm writes', () => {
  const cases: Array<[string, string, boolean]> = [
    ['4.68.7', '4.68.7', true],
    ['4.68.8', '4.68.7', false],
    ['2.3.3', '~2.3.2', true],
    ['2.4.0', '~2.3.2', false],
    ['1.9.0', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['0.2.5', '^0.2.1', true],
    ['0.3.0', '^0.2.1', false],
    ['2.1.2', '>= 2.1.2 < 3.0.0', true],
    ['3.0.0', '>= 2.1.2 < 3.0.0', false],
    ['1.4.0', '1.2.0 - 1.4.0', true],
    ['7.1.0', '^6.0.0 || ^7.0.0', true],
    ['1.2.9', '1.2.x', true],
    ['2.0.0-beta.2', '2.0.0-beta.2', true],
    ['5.0.0', '*', true],
  ];
  for (const [version, range, expected] of cases) assert.equal(satisfies(version, range), expected, `${version} in ${range}`);
});
