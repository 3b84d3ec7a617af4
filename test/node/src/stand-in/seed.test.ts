/**
 * The committed seeds are exactly what the generator makes, and hold what the demo and the
 * safety tests rely on.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { generateSeed, generateWorkspaces, SEED_FILE, WORKSPACES_FILE } from '../../../../scripts/generate-seed.js';
import type { SeedData } from '../../../../src/stand-in/types.js';

describe('seed-data.json', () => {
  it('is reproduced by the generator byte for byte', () => {
    assert.equal(readFileSync(SEED_FILE, 'utf8'), generateSeed(), 'run `npx tsx scripts/generate-seed.ts` and commit the file');
  });

  it('the generator is deterministic within one process too', () => {
    assert.equal(generateSeed(), generateSeed());
  });

  it('seed-workspaces.json is reproduced too, with a few hundred distinct demo subscribers', () => {
    const text = readFileSync(WORKSPACES_FILE, 'utf8');
    assert.equal(text, generateWorkspaces(), 'run `npx tsx scripts/generate-seed.ts` and commit the files');
    const demo = (JSON.parse(text) as { subscribers: { demo: Array<{ email: string }> } }).subscribers.demo;
    assert.ok(demo.length >= 300);
    assert.equal(new Set(demo.map((s) => s.email.toLowerCase())).size, demo.length);
  });

  const seed = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as SeedData;
  const tenant = (slug: string) => seed.tenants.find((t) => t.slug === slug)!;

  it('has the demo tenant the kit and its demo site use', () => {
    const demo = tenant('demo');
    assert.ok(demo.forms?.some((f) => (typeof f === 'string' ? f : f.id) === 'demo-form'));
    assert.ok(demo.resources?.some((r) => (typeof r === 'string' ? r : r.id) === 'demo-guide'));
    assert.ok(Object.values(demo.paths ?? {}).some((p) => p.type === 'redirect'));
    const ids = new Set(demo.search_index!.map((e) => (e as { id: string }).id));
    assert.equal(ids.size, demo.search_index!.length, 'ids are unique');
  });

  it('has the hostile tenant with every kind of bad URL', () => {
    const text = JSON.stringify(tenant('hostile'));
    for (const needle of ['<script>', 'onerror=', 'javascript:alert', 'JaVaScRiPt:', 'data:text/html', 'vbscript:']) {
      assert.ok(text.includes(needle), needle);
    }
  });
});
