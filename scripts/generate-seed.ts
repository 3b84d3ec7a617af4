/**
 * Writes src/stand-in/seed-data.json: the stand-in's tenants `demo` and `hostile`; and
 * src/stand-in/seed-workspaces.json: the subscribers of the demo workspace, which only the
 * authenticated API serves.
 *
 *   npx tsx scripts/generate-seed.ts          # rewrite the files
 *   npx tsx scripts/generate-seed.ts --check  # exit 1 when a committed file differs
 *
 * The data comes from a fixed faker seed and fixed dates, so the output is the same on
 * every machine; a node test holds the committed file to that. The stand-in itself only
 * reads the JSON and never loads faker.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { faker } from '@faker-js/faker';
import type { PathData, SeedData, SubscriberData, TenantData } from '../src/stand-in/types.js';
// The hostile tenant is the tests' fixture, written here as it is: the suites that render it
// from the stand-in and the ones that render it directly see the same payload.
import { hostileTenant } from '../test/fixtures/hostile.js';

export const SEED = 20260131;
export const SEED_FILE = fileURLToPath(new URL('../src/stand-in/seed-data.json', import.meta.url));
export const WORKSPACES_FILE = fileURLToPath(new URL('../src/stand-in/seed-workspaces.json', import.meta.url));

const FROM = '2022-01-01T00:00:00.000Z';
const TO = '2026-01-31T00:00:00.000Z';

const TOPICS = [
  'newsletters', 'writing habits', 'podcasting', 'audience growth', 'email deliverability',
  'pricing', 'sponsorships', 'editing', 'photography', 'video essays', 'community',
  'note-taking', 'analytics', 'typography', 'interviews', 'research', 'burnout',
  'workshops', 'membership', 'search engines', 'accessibility', 'storytelling',
];

const TITLE_TEMPLATES: Array<(topic: string, word: string) => string> = [
  (t) => `What I learned about ${t} this year`,
  (t) => `A field guide to ${t}`,
  (t, w) => `${cap(w)} notes on ${t}`,
  (t) => `Why ${t} is harder than it looks`,
  (t) => `The quiet case for ${t}`,
  (t, w) => `${t[0]!.toUpperCase() + t.slice(1)}, ${w} edition`,
  (t) => `Ten questions about ${t}, answered`,
  (t) => `How I think about ${t} now`,
  (t) => `Getting started with ${t}`,
  (t, w) => `Letters on ${t}: the ${w} issue`,
];

const EXCERPT_FOLLOWERS = [
  'With examples from the last few issues.', 'Including the mistakes, which were many.',
  'Readers sent in their own answers, quoted here.', 'There is a checklist at the end.',
  'It started with one reply and grew into this.', 'Short version: start smaller than you think.',
  'With numbers from the past twelve months.', 'Plus the tools I use and the ones I dropped.',
  'A follow-up to last month\'s letter.', 'Written on a train, edited twice.',
];

const EXCERPT_OPENERS = [
  'A short essay on', 'Notes from a year of', 'Everything I wish I had known about',
  'A practical look at', 'Readers asked me about', 'Some honest numbers on',
];

// Titles a search box must handle: accents, ligatures and scripts without spaces.
const SPECIAL_TITLES: Array<{ title: string; excerpt: string; tags: string[] }> = [
  { title: 'Café notes: writing in public', excerpt: 'Drafting in a café, one paragraph at a time.', tags: ['writing', 'café'] },
  { title: 'Crème brûlée and other deadlines', excerpt: 'What a dessert taught me about shipping on time.', tags: ['habits'] },
  { title: 'A naïve résumé of my first year', excerpt: 'The first twelve months of the newsletter, in review.', tags: ['retrospective'] },
  { title: 'Zürich, São Paulo, Kraków: a reader map', excerpt: 'Where the people reading this live.', tags: ['audience'] },
  { title: 'Über die Kunst des Newsletters', excerpt: 'Eine kurze Einführung für Schreibende.', tags: ['deutsch'] },
  { title: '東京の朝、書くこと', excerpt: '毎朝ニュースレターを書く習慣について。', tags: ['日本語', 'writing'] },
  { title: 'ニュースレター入門ガイド', excerpt: '初めてのニュースレターの始め方。', tags: ['日本語', 'guide'] },
  { title: '写作的习惯与节奏', excerpt: '关于每周写作的一些想法。', tags: ['中文', 'writing'] },
  { title: '播客入门：从零开始', excerpt: '如何开始做一个播客节目。', tags: ['中文', 'podcasting'] },
  { title: 'Señales: notas sobre audiencia', excerpt: 'Cómo leer las señales de tus lectores.', tags: ['español', 'audience'] },
];

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function date(): string {
  const at = faker.date.between({ from: FROM, to: TO });
  at.setUTCSeconds(0, 0);
  return at.toISOString().replace('.000Z', 'Z');
}

interface Entry {
  id: string;
  type: 'post' | 'page' | 'resource';
  title: string;
  url: string;
  excerpt: string;
  tags: string[];
  published_at: string;
}

function demoIndex(): Entry[] {
  const entries: Entry[] = [];
  const used = new Set<string>();
  const uniqueSlug = (title: string, fallback: string) => {
    let slug = slugify(title) || fallback;
    for (let n = 2; used.has(slug); n++) slug = `${slugify(title) || fallback}-${n}`;
    used.add(slug);
    return slug;
  };
  const make = (type: Entry['type'], n: number, title: string, excerpt: string, tags: string[]) => {
    const id = `${type === 'post' ? 'p' : type === 'page' ? 'pg' : 'r'}_${n}`;
    const folder = type === 'post' ? 'posts' : type === 'page' ? 'pages' : 'resources';
    const slug = uniqueSlug(title, id);
    entries.push({ id, type, title, url: `/hub/${folder}/${slug}`, excerpt, tags, published_at: date() });
  };

  for (let n = 1; n <= 230; n++) {
    const topic = faker.helpers.arrayElement(TOPICS);
    const title = faker.helpers.arrayElement(TITLE_TEMPLATES)(topic, faker.word.adjective());
    const excerpt = `${faker.helpers.arrayElement(EXCERPT_OPENERS)} ${topic}. ${faker.helpers.arrayElement(EXCERPT_FOLLOWERS)}`;
    const tags = faker.helpers.uniqueArray(() => slugify(faker.helpers.arrayElement(TOPICS)), faker.number.int({ min: 1, max: 3 }));
    make('post', n, title, excerpt, tags);
  }
  SPECIAL_TITLES.forEach((special, i) => make('post', 231 + i, special.title, special.excerpt, special.tags));

  const pages = ['About', 'Start here', 'Colophon', 'Privacy', 'Contact', 'Sponsorship', 'Archive', 'Now', 'Uses', 'Reading list'];
  for (let n = 1; n <= 30; n++) {
    const base = pages[(n - 1) % pages.length]!;
    const title = n <= pages.length ? base : `${base}: ${faker.word.noun()}`;
    make('page', n, title, `${title}. ${faker.helpers.arrayElement(EXCERPT_FOLLOWERS)}`, ['site']);
  }

  const kinds = ['checklist', 'template', 'workbook', 'guide', 'cheat sheet'];
  for (let n = 1; n <= 30; n++) {
    const topic = faker.helpers.arrayElement(TOPICS);
    const title = `The ${topic} ${faker.helpers.arrayElement(kinds)}`;
    make('resource', n, title, `A free ${title.toLowerCase().replace(/^the /, '')} for subscribers.`, ['resource', slugify(topic)]);
  }
  return entries;
}

function demoTenant(): TenantData {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  const handle = slugify(`${first}${last}`).replace(/-/g, '');
  const index = demoIndex();
  const firstPost = index.find((e) => e.type === 'post')!;
  const paths: Record<string, PathData> = {
    'resources/demo-guide': { type: 'resource', url: '/hub/resources/demo-guide', title: 'The starter guide' },
    'old/welcome': { type: 'redirect', url: firstPost.url, title: firstPost.title },
  };
  return {
    slug: 'demo',
    updated_at: '2026-01-31T09:00:00Z',
    bio: {
      name: `${first} ${last}`,
      handle,
      avatar_url: '/__stand-in/avatars/demo.svg',
      bio: `Writes a weekly letter about ${faker.helpers.arrayElement(TOPICS)} and ${faker.helpers.arrayElement(TOPICS)}, from ${faker.location.city()}. Answers every reply.`,
      links: [
        { title: 'Read the newsletter', url: '/hub' },
        { title: 'The starter guide', url: '/hub/resources/demo-guide' },
        { title: 'Podcast', url: `https://podcasts.example.com/${handle}` },
        { title: 'Shop', url: `https://shop.example.com/${handle}` },
        { title: 'Write to me', url: `mailto:${handle}@example.com` },
      ],
      socials: [
        { network: 'mastodon', url: `https://mastodon.example/@${handle}` },
        { network: 'bluesky', url: `https://bsky.example/profile/${handle}` },
        { network: 'youtube', url: `https://video.example.com/@${handle}` },
        { network: 'instagram', url: `https://photos.example.com/${handle}` },
      ],
    },
    forms: [{ id: 'demo-form', name: 'Newsletter' }],
    resources: [
      { id: 'demo-guide', title: 'The starter guide' },
      { id: 'demo-checklist', title: 'The launch checklist' },
    ],
    paths,
    presence: { peak: 40, live_every: 3600, live_for: 900, step: 30 },
    search_index: index,
  };
}

/** The seed file's exact text. */
export function generateSeed(): string {
  faker.seed(SEED);
  const seed: SeedData = { tenants: [demoTenant(), hostileTenant()] };
  return `${JSON.stringify(seed, null, 2)}\n`;
}

const SOURCES = ['import', 'footer', 'landing-page', 'podcast', 'referral', 'workshop'];

/**
 * A few hundred subscribers to page through: 22 pages at the default page size, 4 at 100.
 * Addresses keep faker's mixed case, since the API matches them trimmed and lower-cased.
 */
function demoSubscribers(): SubscriberData[] {
  const seen = new Set<string>();
  const list: Array<SubscriberData & { created_at: string }> = [];
  while (list.length < 320) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const email = faker.internet.email({ firstName, lastName, provider: 'example.org' });
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    const fields: Record<string, string> = { source: faker.helpers.arrayElement(SOURCES) };
    if (faker.number.int(9) === 0) fields.plan = 'paid';
    list.push({
      email,
      ...(faker.number.int(7) === 0 ? {} : { name: `${firstName} ${lastName}` }),
      status: faker.number.int(19) === 0 ? 'unsubscribed' : 'subscribed',
      fields,
      created_at: faker.date.between({ from: '2023-01-01T00:00:00.000Z', to: TO }).toISOString(),
    });
  }
  // Oldest first: the list's order is the order subscribers joined.
  return list.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The workspace seed file's exact text. */
export function generateWorkspaces(): string {
  faker.seed(SEED + 1);
  return `${JSON.stringify({ subscribers: { demo: demoSubscribers() } }, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = [
    { file: SEED_FILE, text: generateSeed() },
    { file: WORKSPACES_FILE, text: generateWorkspaces() },
  ];
  if (process.argv.includes('--check')) {
    const differ = files.filter(({ file, text }) => readFileSync(file, 'utf8') !== text);
    for (const { file } of files) console.log(`${file}: ${differ.some((d) => d.file === file) ? 'differs from the generator' : 'up to date'}`);
    process.exitCode = differ.length ? 1 : 0;
  } else {
    for (const { file, text } of files) {
      writeFileSync(file, text);
      console.log(`wrote ${file}`);
    }
  }
}
