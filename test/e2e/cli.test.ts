/**
 * `npx hub-kit subscribers …` and `posts …` from the packed package, against the stand-in
 * it ships (`npx hub-kit stand-in`), as a creator moving a list would run them: consent and
 * join dates kept through an export and an import, other platforms' files read with their
 * status and date columns, the file checked before anything is sent, and every message
 * honest (row numbers, reports, the time left, pipes, plurals, the names of flags).
 *
 * The package is packed and installed once for the file; each test has a sandbox of its own
 * on one stand-in, and the stand-in's clock stands in for the minutes of pacing.
 *
 * `npx hub-kit` starts the stand-in and runs the piped commands, as a creator types them;
 * the other commands run the `hub-kit` that npm linked into node_modules/.bin, the very
 * file npx runs, without npx's own start (about three times the command's CPU), since the
 * file makes about a hundred of them.
 *
 *   node --import tsx --test test/e2e/cli.test.ts      (after `npm run build`)
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { installPacked, type Installed } from '../support/packed.js';
import { run, type Run } from '../support/process.js';
import { standInControl } from '../support/stand-in-control.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/platforms/', import.meta.url));
const KEY = 'hk_test_valid';

let installed: Installed;
let standIn: Run;
let root: string;

before(async () => {
  installed = installPacked('hub-kit-cli-');
  standIn = run('npx', ['hub-kit', 'stand-in', '--port', '0'], { cwd: installed.dir });
  root = (await standIn.line(/listening on http:\/\/127\.0\.0\.1:\d+/)).match(/http:\/\/\S+/)![0];
});

after(() => {
  standIn?.stop();
  installed?.remove();
});

interface Subscriber {
  id: string;
  email: string;
  name: string;
  status: string;
  created_at: string;
  updated_at: string;
  fields: string;
}

/** A sandbox of the stand-in, a folder for files, and the command pointed at both. */
function workspace() {
  const id = randomUUID().slice(0, 12);
  const url = `${root}/__sandbox/${id}`;
  const dir = join(installed.dir, id);
  mkdirSync(dir);
  const { control, log } = standInControl(url);
  const posts = async () => (await log()).filter((r) => r.method === 'POST');
  const hubKit = (args: string[], env: Record<string, string | undefined> = {}) =>
    run(join(installed.dir, 'node_modules', '.bin', 'hub-kit'), args, { cwd: dir, env: { HUB_API_KEY: KEY, HUB_BASE_URL: url, HUB_KIT_STAND_IN_CLOCK: '1', ...env } });
  /** A new tenant with these subscribers and a key of its own: an empty workspace to import into. */
  const fresh = async (subscribers: Array<Record<string, string>> = []) => {
    const slug = `fresh-${randomUUID().slice(0, 8)}`;
    await control('tenants', { slug, subscribers });
    const key = `hk_test_${slug.replace(/-/g, '_')}`;
    await control('keys', { tenant: slug, key });
    return key;
  };
  /** Every subscriber of the key's workspace, as the command exports them. */
  const exported = async (key = KEY): Promise<Subscriber[]> => {
    const out = hubKit(['subscribers', 'export'], { HUB_API_KEY: key });
    assert.equal(await out.exited, 0, out.output());
    return parse(out.stdout(), { columns: true }) as Subscriber[];
  };
  const file = (name: string, text: string | Buffer) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  return { url, dir, control, log, posts, hubKit, fresh, exported, file };
}

async function done(r: Run, code = 0): Promise<string> {
  assert.equal(await r.exited, code, r.output());
  return r.output();
}

describe('status and join dates round-trip', () => {
  test('export → a fresh workspace → import → export: the same subscribers, status, names, fields and join dates', async () => {
    const w = workspace();
    const first = await w.exported();
    assert.ok(first.filter((s) => s.status === 'unsubscribed').length >= 20, 'the demo workspace has unsubscribed people');
    const backup = await done(w.hubKit(['subscribers', 'export', '--out', 'backup.csv']));
    assert.match(backup, /Exported 320 subscribers to backup\.csv/);

    const key = await w.fresh();
    const imported = await done(w.hubKit(['subscribers', 'import', 'backup.csv'], { HUB_API_KEY: key }));
    assert.match(imported, /320 rows read, 320 sent in 4 requests \(320 created, 0 updated\), none rejected/);

    const second = await w.exported(key);
    const comparable = (list: Subscriber[]) => list.map(({ email, name, status, created_at, fields }) => ({ email, name, status, created_at, fields }));
    assert.deepEqual(comparable(second), comparable(first));
  });

  test('an import never turns an unsubscribed subscriber into a subscribed one, unless --resubscribe', async () => {
    const w = workspace();
    const gone = (await w.exported()).filter((s) => s.status === 'unsubscribed');
    assert.equal(gone.length, 20);
    const rows = ['email,name,status', ...gone.map((s) => `${s.email},${s.name},subscribed`), 'newcomer@example.com,Newcomer,subscribed'];
    w.file('list.csv', `${rows.join('\n')}\n`);

    const out = await done(w.hubKit(['subscribers', 'import', 'list.csv']));
    // Who has unsubscribed is read first, and said, since a large workspace takes a while.
    assert.match(out, /Reading the workspace's subscribers to know who has unsubscribed, a request per 100…\nRead the workspace's 320 subscribers to know who has unsubscribed: 20\./);
    assert.match(out, /21 rows read, 1 sent in 1 request \(1 created, 0 updated\), 20 left unsubscribed \(marked subscribed in the file, but they had unsubscribed; --resubscribe subscribes them again\), none rejected/);
    let now = await w.exported();
    assert.deepEqual(now.filter((s) => gone.some((g) => g.email === s.email)).map((s) => s.status), Array(20).fill('unsubscribed'));
    assert.equal(now.find((s) => s.email === 'newcomer@example.com')?.status, 'subscribed');

    const asked = await done(w.hubKit(['subscribers', 'import', 'list.csv', '--resubscribe']));
    assert.match(asked, /21 rows read, 21 sent in 1 request \(0 created, 21 updated\), none rejected/);
    now = await w.exported();
    assert.deepEqual(now.filter((s) => gone.some((g) => g.email === s.email)).map((s) => s.status), Array(20).fill('subscribed'));
  });
});

describe('nothing that could lose consent is guessed', () => {
  test('an unknown, empty or yes/no status word, a status column mapped the wrong way, or a JSON status that is not a word rejects the row', async () => {
    const w = workspace();
    const key = await w.fresh();
    w.file('words.csv', 'email,status\nyes@example.com,yes\nfalse@example.com,false\npaused@example.com,paused\nblank@example.com,\nfine@example.com,active\n');
    const words = await done(w.hubKit(['subscribers', 'import', 'words.csv'], { HUB_API_KEY: key }));
    assert.match(words, /5 rows read, 1 sent in 1 request \(1 created, 0 updated\), 4 rejected/);
    const report = parse(readFileSync(join(w.dir, 'words.csv.rejected.csv')), { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(
      report.map((r) => [r.rejected_row, r.rejected_reason]),
      [
        ['2', 'the status "yes" (status) could mean either: say --map "status=subscribed" if it means subscribed, --map "status=unsubscribed" if it means unsubscribed'],
        ['3', 'the status "false" (status) could mean either: say --map "status=subscribed" if it means subscribed, --map "status=unsubscribed" if it means unsubscribed'],
        ['4', 'the status "paused" (status) is not one this command knows; say which column means what with --map'],
        ['5', 'the status (status) is empty: write whether this person is subscribed or unsubscribed'],
      ],
    );

    // Substack's email_disabled read as words would turn true (not mailed) into subscribed.
    w.file('substack.csv', 'email,email_disabled\nleft@example.com,true\nstays@example.com,false\n');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'substack.csv', '--map', 'email_disabled=status'], { HUB_API_KEY: key })), /2 rows read, 0 sent in 0 requests .*2 rejected/);
    assert.match(await done(w.hubKit(['subscribers', 'import', 'substack.csv', '--map', 'email_disabled=unsubscribed'], { HUB_API_KEY: key })), /2 rows read, 2 sent in 1 request \(2 created/);

    w.file('export.jsonl', ['{"email":"bool@example.com","status":true}', '{"email":"empty@example.com","status":""}', '{"email":"json@example.com","status":"unsubscribed"}'].join('\n'));
    assert.match(await done(w.hubKit(['subscribers', 'import', 'export.jsonl'], { HUB_API_KEY: key })), /3 rows read, 1 sent in 1 request \(1 created, 0 updated\), 2 rejected/);

    const now = new Map((await w.exported(key)).map((s) => [s.email, s.status]));
    assert.deepEqual(Object.fromEntries(now), {
      'fine@example.com': 'subscribed',
      'left@example.com': 'unsubscribed',
      'stays@example.com': 'subscribed',
      'json@example.com': 'unsubscribed',
    });
  });

  test('a later row for the same address that says unsubscribed is sent; other repeated rows are not', async () => {
    const w = workspace();
    const key = await w.fresh();
    const fillers = Array.from({ length: 110 }, (_, i) => `filler${i}@example.com,subscribed`);
    // "twice" is sent in the first request, its unsubscribe in the second; "near" and its
    // unsubscribe would share one request, so they go in two.
    const rows = ['email,status', 'twice@example.com,subscribed', ...fillers, 'TWICE@example.com,unsubscribed', 'near@example.com,active', 'near@example.com,unsubscribed', 'again@example.com,unsubscribed', 'again@example.com,subscribed'];
    w.file('dups.csv', `${rows.join('\n')}\n`);
    const out = await done(w.hubKit(['subscribers', 'import', 'dups.csv'], { HUB_API_KEY: key }));
    assert.match(out, /116 rows read, 115 sent in 3 requests \(113 created, 2 updated\), 1 rejected/);
    const report = parse(readFileSync(join(w.dir, 'dups.csv.rejected.csv')), { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(report.map((r) => [r.rejected_row, r.rejected_reason]), [['117', 'a duplicate of row 116, which is sent instead']]);
    const now = Object.fromEntries((await w.exported(key)).map((s) => [s.email, s.status]));
    assert.deepEqual([now['twice@example.com'], now['near@example.com'], now['again@example.com']], ['unsubscribed', 'unsubscribed', 'unsubscribed']);
  });

  test('a --map that takes a status column off the status, leaving someone who unsubscribed without it, is refused before any request', async () => {
    const w = workspace();
    w.file('ghost.csv', 'email,subscribed_to_emails\nada@example.com,true\nbo@example.com,false\n');
    const ghost = await done(w.hubKit(['subscribers', 'import', 'ghost.csv', '--map', 'subscribed_to_emails=skip']), 2);
    assert.match(ghost, /--map takes "subscribed_to_emails" off the status, but it says 1 row has unsubscribed \(the first is row 3\): imported without it, that person would be subscribed/);
    // beehiiv: "active" in status, but a date in unsubscribed_at. Without that column the status alone would subscribe them.
    w.file('beehiiv.csv', 'email,status,unsubscribed_at\ncy@example.com,active,2024-03-13 11:33:53 UTC\ndee@example.com,active,\n');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'beehiiv.csv', '--map', 'unsubscribed_at=field:left']), 2), /--map takes "unsubscribed_at" off the status, but it says 1 row has unsubscribed \(the first is row 2\)/);
    assert.deepEqual(await w.log(), [], 'no request at all');
    // A status column that holds no unsubscribe may be read as something else.
    w.file('tiers.csv', 'email,status\neve@example.com,Gold\n');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'tiers.csv', '--map', 'status=field:tier', '--dry-run'])), /1 row read, 1 would be sent/);
  });

  test("a Mailchimp file whose name and columns do not say whose it is is refused; an export's unconfirmed people import unsubscribed", async () => {
    const w = workspace();
    w.file('audience.csv', readFileSync(join(FIXTURES, 'mailchimp-nonsubscribed_members_export.csv')));
    const renamed = await done(w.hubKit(['subscribers', 'import', 'audience.csv', '--dry-run']), 2);
    assert.match(renamed, /audience\.csv looks like a file of Mailchimp's audience export .* neither its name nor its columns say whose it is/);

    // Someone who signed up through a form and never confirmed: the API has no such status to set.
    const source = await w.fresh([{ email: 'unconfirmed@example.com', name: 'Una', status: 'unconfirmed' }, { email: 'confirmed@example.com', name: 'Con', status: 'subscribed' }]);
    await done(w.hubKit(['subscribers', 'export', '--out', 'backup.csv'], { HUB_API_KEY: source }));
    const target = await w.fresh();
    await done(w.hubKit(['subscribers', 'import', 'backup.csv'], { HUB_API_KEY: target }));
    const now = Object.fromEntries((await w.exported(target)).map((s) => [s.email, s.status]));
    assert.deepEqual(now, { 'unconfirmed@example.com': 'unsubscribed', 'confirmed@example.com': 'subscribed' });
  });
});

/**
 * Each platform's shape, into a workspace where Inês has unsubscribed and Tomasz is
 * subscribed. The files mark Inês subscribed (left unsubscribed), Tomasz unsubscribed
 * (updated), Amara subscribed and Lukas unsubscribed (both new), and one row has no address.
 * Mailchimp's export is four files, one per status: the cleaned one adds Sofia, whose address
 * bounced, and the non-subscribed one Noor, who never opted in; neither is ever subscribed.
 */
describe("other platforms' files", () => {
  const people = [
    { email: 'ines.duarte@example.com', name: 'Inês Duarte', status: 'unsubscribed', created_at: '2020-01-01T00:00:00Z' },
    { email: 'tomasz.wrona@example.com', name: 'Tomasz Wrona', status: 'subscribed', created_at: '2020-01-01T00:00:00Z' },
  ];
  const mailchimp = [
    'mailchimp-subscribed_members_export.csv',
    'mailchimp-unsubscribed_members_export.csv',
    'mailchimp-cleaned_members_export.csv',
    'mailchimp-nonsubscribed_members_export.csv',
  ];
  const shapes: Array<[string, string[], { amaraJoined: string; lukasJoined: string; amaraName: string }]> = [
    ['Ghost members', ['ghost-members.csv'], { amaraJoined: '2023-02-01T09:15:00.000Z', lukasJoined: '2023-06-12T21:00:00.000Z', amaraName: 'Amara Obi' }],
    ['Substack', ['substack-subscribers.csv'], { amaraJoined: '2022-06-23T23:41:42.980Z', lukasJoined: '2022-09-30T08:00:00.000Z', amaraName: '' }],
    ['Kit', ['kit-subscribers.csv'], { amaraJoined: '2022-03-12T12:32:00.000Z', lukasJoined: '2022-04-13T13:33:00.000Z', amaraName: 'Amara' }],
    ['Mailchimp', mailchimp, { amaraJoined: '2022-07-08T09:10:11.000Z', lukasJoined: '2020-03-04T05:06:07.000Z', amaraName: 'Amara Obi' }],
    ['Buttondown', ['buttondown-subscribers.csv'], { amaraJoined: '2023-03-07T10:00:00.183Z', lukasJoined: '2023-04-08T11:00:00.000Z', amaraName: '' }],
    ['beehiiv', ['beehiiv-subscriptions.csv'], { amaraJoined: '2023-03-01T08:00:00.000Z', lukasJoined: '2023-04-01T08:00:00.000Z', amaraName: 'Amara Obi' }],
  ];
  for (const [platform, files, expected] of shapes) {
    test(`${platform}: status and join date columns recognised, nobody re-subscribed`, async () => {
      const w = workspace();
      const key = await w.fresh(people);
      const totals = { created: 0, updated: 0, kept: 0, rejected: 0 };
      for (const name of files) {
        w.file(name, readFileSync(join(FIXTURES, name)));
        const dry = await done(w.hubKit(['subscribers', 'import', name, '--dry-run'], { HUB_API_KEY: key }));
        const mapping = dry.slice(dry.indexOf('Mapping'), dry.indexOf('Dry run'));
        assert.match(mapping, /→ email/);
        assert.match(mapping, /→ status|every row is (un)?subscribed/);
        if (!name.includes('nonsubscribed')) assert.match(mapping, /→ created_at/);
        const out = await done(w.hubKit(['subscribers', 'import', name], { HUB_API_KEY: key }));
        const summary = out.split('\n').find((l) => l.startsWith('Imported '));
        const sent = /\((\d+) created, (\d+) updated\)/.exec(summary ?? '');
        assert.ok(summary && sent, out);
        totals.created += Number(sent[1]);
        totals.updated += Number(sent[2]);
        totals.kept += Number(/(\d+) left unsubscribed/.exec(summary)?.[1] ?? 0);
        totals.rejected += Number(/(\d+) rejected/.exec(summary)?.[1] ?? 0);
        console.log(`${platform}, ${name}:\n${mapping.trim()}\n  → ${out.trim().split('\n').at(-1)}`);
      }
      const after = new Map((await w.exported(key)).map((s) => [s.email, s]));
      assert.equal(after.get('ines.duarte@example.com')?.status, 'unsubscribed', 'Inês had unsubscribed: she stays so');
      assert.equal(after.get('tomasz.wrona@example.com')?.status, 'unsubscribed', 'the file says Tomasz left');
      assert.equal(after.get('tomasz.wrona@example.com')?.created_at, '2020-01-01T00:00:00.000Z', 'an existing join date stays');
      assert.equal(after.get('amara.obi@example.com')?.status, 'subscribed');
      assert.equal(after.get('amara.obi@example.com')?.created_at, expected.amaraJoined);
      assert.equal(after.get('amara.obi@example.com')?.name, expected.amaraName);
      assert.equal(after.get('lukas.berg@example.com')?.status, 'unsubscribed');
      assert.equal(after.get('lukas.berg@example.com')?.created_at, expected.lukasJoined);
      assert.equal(after.has('no-at-sign.example.com'), false);
      const isMailchimp = platform === 'Mailchimp';
      assert.deepEqual(totals, { created: isMailchimp ? 4 : 2, updated: 1, kept: 1, rejected: 1 });
      if (isMailchimp) {
        assert.equal(after.get('sofia.lind@example.com')?.status, 'unsubscribed', 'cleaned: never mailed again');
        assert.equal(after.get('noor.haddad@example.com')?.status, 'unsubscribed', 'non-subscribed: never opted in');
      }
      console.log(`${platform}: ${totals.created} created, ${totals.updated} updated, ${totals.kept} left unsubscribed, ${totals.rejected} rejected`);
    });
  }

  test('--map overrides a mapping, and --dry-run shows it with samples before anything is sent', async () => {
    const w = workspace();
    w.file('odd.csv', 'Person,Mail,Opted out,Since\nAda,ada@example.com,yes,2024-03-01\nBo,bo@example.com,no,2024-03-02\n');
    const dry = await done(w.hubKit(['subscribers', 'import', 'odd.csv', '--dry-run', '--map', 'Mail=email', '--map', 'Person=name', '--map', 'Opted out=unsubscribed', '--map', 'Since=created_at']));
    assert.match(dry, /Mail\s+→ email \(--map\)\s+e\.g\. "ada@example\.com", "bo@example\.com"/);
    assert.match(dry, /Opted out\s+→ status \(unsubscribed if true\) \(--map\)\s+e\.g\. "yes" → unsubscribed, "no" → subscribed/);
    assert.match(dry, /Since\s+→ created_at \(join date\) \(--map\)\s+e\.g\. "2024-03-01" → 2024-03-01T00:00:00\.000Z/);
    assert.ok(dry.indexOf('Mapping') < dry.indexOf('Dry run'));
    assert.deepEqual(await w.posts(), [], 'a dry run sends nothing');
    await done(w.hubKit(['subscribers', 'import', 'odd.csv', '--map', 'Mail=email', '--map', 'Person=name', '--map', 'Opted out=unsubscribed', '--map', 'Since=created_at']));
    const ada = (await w.exported()).find((s) => s.email === 'ada@example.com');
    assert.deepEqual([ada?.name, ada?.status, ada?.created_at], ['Ada', 'unsubscribed', '2024-03-01T00:00:00.000Z']);
  });
});

describe('the file is checked before any request', () => {
  test('no email column: exit 2, naming the headers found and the --map to use; nothing sent', async () => {
    const w = workspace();
    w.file('names.csv', 'name,mail\nAda,ada@example.com\n');
    const out = await done(w.hubKit(['subscribers', 'import', 'names.csv']), 2);
    assert.match(out, /names\.csv has no email column \(its header row has "name", "mail"\)\. .*--map "mail=email"/);
    assert.deepEqual(await w.log(), [], 'no request at all');
  });

  test('comma, semicolon and tab are detected; .tsv works; --delimiter overrides', async () => {
    const w = workspace();
    w.file('semi.csv', 'Email;Name;City\nsemi@example.com;Semi Colon;Bern\n');
    w.file('tabs.tsv', 'email\tname\ttown\ntab@example.com\tTab Stop\tChur\n');
    // The header has more commas than semicolons, but the rows are split by semicolons.
    w.file('forced.csv', 'email;name,with,commas\nforced@example.com;Forced, Name\n');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'semi.csv'])), /semicolon-separated[\s\S]*1 row read, 1 sent in 1 request \(1 created/);
    assert.match(await done(w.hubKit(['subscribers', 'import', 'tabs.tsv'])), /tab-separated[\s\S]*1 row read, 1 sent/);
    assert.match(await done(w.hubKit(['subscribers', 'import', 'forced.csv', '--delimiter', 'semicolon'])), /1 row read, 1 sent/);
    const all = await w.exported();
    const of = (email: string) => all.find((s) => s.email === email);
    assert.deepEqual([of('semi@example.com')?.name, of('semi@example.com')?.fields], ['Semi Colon', '{"City":"Bern"}']);
    assert.deepEqual([of('tab@example.com')?.name, of('tab@example.com')?.fields], ['Tab Stop', '{"town":"Chur"}']);
    assert.deepEqual([of('forced@example.com')?.fields], ['{"name,with,commas":"Forced, Name"}']);
  });

  test('Latin-1 is read as Windows-1252 and said so; a mixed file is refused; --encoding overrides; never mojibake', async () => {
    const w = workspace();
    // Windows-1252 beyond Latin-1: ’ and € are the bytes 0x92 and 0x80.
    w.file('latin1.csv', Buffer.from('email,name,city\nlatin@example.com,José Müller,Zürich\nquote@example.com,Seán O\x92Brien,\x80 zone\n', 'latin1'));
    const out = await done(w.hubKit(['subscribers', 'import', 'latin1.csv']));
    assert.match(out, /Imported latin1\.csv: 2 rows read.* latin1\.csv is not UTF-8: read as Windows-1252 \(Latin-1\)/);
    const stored = new Map((await w.exported()).map((s) => [s.email, [s.name, s.fields]]));
    assert.deepEqual(stored.get('latin@example.com'), ['José Müller', '{"city":"Zürich"}']);
    assert.deepEqual(stored.get('quote@example.com'), ['Seán O’Brien', '{"city":"€ zone"}']);

    w.file('mixed.csv', Buffer.concat([Buffer.from('email,name\nutf8@example.com,Zoë\n'), Buffer.from('latin@example.org,Zoë\n', 'latin1')]));
    assert.match(await done(w.hubKit(['subscribers', 'import', 'mixed.csv']), 2), /mixed\.csv mixes two encodings: line 2 is UTF-8, line 3 is not/);
    assert.match(await done(w.hubKit(['subscribers', 'import', 'latin1.csv', '--encoding', 'utf-8']), 2), /not valid UTF-8 \(line 2\)/);

    // Mac Roman's ü (0x9F) is Windows-1252's Ÿ; Windows-1250's ł (0xB3) is its ³. Neither is guessed.
    w.file('mac.csv', Buffer.from('email,name\nmac@example.com,J\x9Frg M\x9Fller\n', 'latin1'));
    w.file('polish.csv', Buffer.from('email,name,city\npl@example.com,Zofia,Wroc\xB3aw\n', 'latin1'));
    assert.match(await done(w.hubKit(['subscribers', 'import', 'mac.csv']), 2), /mac\.csv is not UTF-8 \(line 2\), and read as Windows-1252 \(Latin-1\) line 2 would say "JŸrg", which is not how text reads.*--encoding/);
    assert.match(await done(w.hubKit(['subscribers', 'import', 'polish.csv']), 2), /would say "Wroc³aw"/);
    assert.deepEqual((await w.posts()).length, 1, 'nothing sent for the refused files');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'mac.csv', '--encoding', 'macroman'])), /Reading mac\.csv \(Mac Roman,[\s\S]*1 created/);
    assert.match(await done(w.hubKit(['subscribers', 'import', 'polish.csv', '--encoding', 'windows-1250'])), /1 created/);
    const all = await w.exported();
    assert.equal(all.find((s) => s.email === 'mac@example.com')?.name, 'Jürg Müller');
    assert.equal(all.find((s) => s.email === 'pl@example.com')?.fields, '{"city":"Wrocław"}');
    assert.equal(all.some((s) => /Ã|�|[\u0080-\u009f]/.test(s.name + s.fields)), false, 'no mojibake stored');
  });
});

describe('honest output', () => {
  test('row numbers as a spreadsheet shows them: the header is row 1, a blank line and a multi-line cell counted as it shows', async () => {
    const w = workspace();
    const rows = ['email,name,note'];
    for (let i = 0; i < 27; i++) rows.push(`reader${i}@example.com,Reader ${i},`);
    rows.push('reader0@example.com,Again,"two\nlines"', '', 'not-an-address,Nobody,');
    w.file('list.csv', `${rows.join('\n')}\n`);
    await done(w.hubKit(['subscribers', 'import', 'list.csv']));
    const report = parse(readFileSync(join(w.dir, 'list.csv.rejected.csv')), { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(
      report.map((r) => [r.rejected_row, r.rejected_reason]),
      [
        ['29', 'a duplicate of row 2, which is sent instead'],
        ['31', 'the email is not a valid address'],
      ],
    );
  });

  test('a failed run never deletes the reject report, and says "stopped at row" only when rows were sent; an empty file says so', async () => {
    const w = workspace();
    w.file('list.csv', 'email,name\ngood@example.com,Good\nbad,Bad\n');
    await done(w.hubKit(['subscribers', 'import', 'list.csv']));
    const report = readFileSync(join(w.dir, 'list.csv.rejected.csv'), 'utf8');
    assert.match(report, /^rejected_row,rejected_reason,email,name\n3,the email is not a valid address,bad,Bad\n$/);

    await w.control('faults', { path: '/subscribers/bulk', status: 503, times: 20 });
    const failed = await done(w.hubKit(['subscribers', 'import', 'list.csv']), 1);
    assert.match(failed, /The service answered 503.* Nothing was imported\./);
    assert.doesNotMatch(failed, /Stopped at row/);
    assert.equal(readFileSync(join(w.dir, 'list.csv.rejected.csv'), 'utf8'), report, 'the earlier report is untouched');
    assert.equal(existsSync(join(w.dir, 'list.csv.import-checkpoint.json')), false);

    w.file('empty.csv', '');
    const empty = await done(w.hubKit(['subscribers', 'import', 'empty.csv']), 2);
    assert.match(empty, /empty\.csv is empty: it needs a header row with an email column/);
    assert.doesNotMatch(empty, /Stopped at row/);
    w.file('header.csv', 'email,name\n');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'header.csv'])), /header\.csv has no rows after its header: nothing to import/);
  });

  test('an unreachable service: one line naming the variable or flag that was set, and the earlier reject report kept', async () => {
    const w = workspace();
    w.file('list.csv', 'email,name\ngood@example.com,Good\nbad,Bad\n');
    await done(w.hubKit(['subscribers', 'import', 'list.csv']));
    const report = readFileSync(join(w.dir, 'list.csv.rejected.csv'), 'utf8');
    // A port that was free a moment ago: nothing answers there.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gone = `http://127.0.0.1:${port}`;
    // The retries wait on the workspace's stand-in clock (the service itself is not there to ask).
    const byVariable = await done(w.hubKit(['subscribers', 'import', 'list.csv'], { HUB_BASE_URL: gone, HUB_KIT_STAND_IN_CLOCK: w.url }), 1);
    assert.match(byVariable, new RegExp(`could not be reached at ${gone.replace(/\./g, '\\.')}\\. Check HUB_BASE_URL and your connection\\.`));
    assert.match(byVariable, /Nothing was imported\./);
    assert.doesNotMatch(byVariable, /Stopped at row|ECONNREFUSED|    at /);
    assert.equal(readFileSync(join(w.dir, 'list.csv.rejected.csv'), 'utf8'), report, 'the earlier report is untouched');
    const byFlag = await done(w.hubKit(['posts', 'list', '--base-url', gone], { HUB_KIT_STAND_IN_CLOCK: w.url }), 1);
    assert.match(byFlag, /Check --base-url and your connection\./);
  });

  test('a run that fails after sending says where it stopped, keeps its rejected rows, and the next run resumes there', async () => {
    const w = workspace();
    const rows = ['email,name', ...Array.from({ length: 300 }, (_, i) => (i === 150 ? 'broken,Broken' : `stop${i}@example.com,S ${i}`))];
    w.file('list.csv', `${rows.join('\n')}\n`);
    // Two requests are answered, then the service fails every retry of the third.
    await w.control('faults', { path: '/api/v1/subscribers/bulk', method: 'POST', skip: 2, status: 503, times: 50 });
    const failed = await done(w.hubKit(['subscribers', 'import', 'list.csv']), 1);
    assert.match(failed, /The service answered 503.* Stopped at row 203 after 200 rows sent; run the same command again to resume\. Rows rejected so far are in list\.csv\.rejected\.csv\.partial\./);
    assert.equal(existsSync(join(w.dir, 'list.csv.rejected.csv')), false, 'no report until a run completes');
    await fetch(`${w.url}/__stand-in/faults`, { method: 'DELETE' });
    const resumed = await done(w.hubKit(['subscribers', 'import', 'list.csv']));
    assert.match(resumed, /Resuming the import of list\.csv at row 203: 201 rows were done before\./);
    assert.match(resumed, /300 rows read, 299 sent in 3 requests \(299 created, 0 updated\), 1 rejected/);
    assert.equal(readFileSync(join(w.dir, 'list.csv.rejected.csv'), 'utf8'), 'rejected_row,rejected_reason,email,name\n152,the email is not a valid address,broken,Broken\n');
  });

  test('the ETA accounts for the key\'s window: seconds into a fresh one, the rest of the minute into a spent one', async () => {
    const w = workspace();
    const csv = (n: number, tag: string) => ['email,name', ...Array.from({ length: n }, (_, i) => `${tag}${i}@example.com,R ${i}`)].join('\n');
    w.file('fresh.csv', csv(2100, 'fresh'));
    const fresh = w.hubKit(['subscribers', 'import', 'fresh.csv']);
    const first = await fresh.line(/ETA /);
    await done(fresh);
    const seconds = (line: string) => {
      const m = /ETA (?:(\d+) min )?(\d+) s|ETA (\d+) min/.exec(line)!;
      return Number(m[1] ?? m[3] ?? 0) * 60 + Number(m[2] ?? 0);
    };
    // Seconds, never the rest of the minute: 21 requests at the time each took. A loaded
    // machine answers slower (0.8 s a request gave "ETA 16 s"), so the bound is under the
    // 30 s that the spent window below must show at least.
    assert.ok(seconds(first) < 30, `21 requests into a fresh window take seconds, not "${first}"`);

    // In another sandbox, 55 of the key's 60 requests spent a moment ago: 16 more wait for the window to end.
    const v = workspace();
    for (let i = 0; i < 55; i++) await fetch(`${v.url}/api/v1/subscribers?per_page=1`, { headers: { Authorization: `Bearer ${KEY}` } });
    v.file('spent.csv', csv(1600, 'spent'));
    const spent = v.hubKit(['subscribers', 'import', 'spent.csv']);
    const line = await spent.line(/ETA /);
    await done(spent);
    assert.ok(seconds(line) >= 30, `16 requests with 4 left in the window wait for it, not "${line}"`);
  });

  test('a resumed import names the batch that was in flight when it stopped', async () => {
    const w = workspace();
    w.file('list.csv', ['email,name', ...Array.from({ length: 600 }, (_, i) => `flight${i}@example.com,F ${i}`)].join('\n'));
    // The third request hangs: two are acknowledged, and the third is in flight when the run is killed.
    await w.control('faults', { path: '/api/v1/subscribers/bulk', method: 'POST', skip: 2, delayMs: 120_000, status: 504 });
    const first = w.hubKit(['subscribers', 'import', 'list.csv']);
    const checkpoint = join(w.dir, 'list.csv.import-checkpoint.json');
    const deadline = Date.now() + 60_000;
    while (!(existsSync(checkpoint) && (JSON.parse(readFileSync(checkpoint, 'utf8')) as { inFlight?: { first: number } }).inFlight?.first === 200)) {
      assert.ok(Date.now() < deadline, `no request in flight after two acknowledged:\n${first.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.stop('SIGKILL');
    await first.exited;
    const second = await done(w.hubKit(['subscribers', 'import', 'list.csv']));
    assert.match(second, /Resuming the import of list\.csv at row 202: 200 rows were done before\. 100 rows were in flight when it stopped, and are sent again\./);
    assert.match(second, /600 rows read, 600 sent in 6 requests \(600 created, 0 updated\), none rejected.* The 100 rows in flight when the last run stopped were sent again: 100 created, 0 updated\./);
  });

  test('singular and plural agree with their count', async () => {
    const w = workspace();
    const key = await w.fresh();
    w.file('one.csv', 'email\nonly@example.com\n');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'one.csv'], { HUB_API_KEY: key })), /Imported one\.csv: 1 row read, 1 sent in 1 request \(1 created, 0 updated\)/);
    assert.match(await done(w.hubKit(['subscribers', 'export', '--out', 'one-back.csv'], { HUB_API_KEY: key })), /Exported 1 subscriber to one-back\.csv\./);
    w.file('two.csv', 'email\nonly@example.com\nsecond@example.com\n');
    assert.match(await done(w.hubKit(['subscribers', 'import', 'two.csv', '--dry-run'], { HUB_API_KEY: key })), /2 rows read, 2 would be sent in 1 request/);
  });

  test('errors name the flag or variable that was set, never the library', async () => {
    const w = workspace();
    const cases: Array<[string[], Record<string, string | undefined>, number, RegExp]> = [
      [['subscribers', 'export'], { HUB_API_KEY: 'hk_two words' }, 2, /HUB_API_KEY holds a space or a line break/],
      [['subscribers', 'export'], { HUB_BASE_URL: 'http://example.com' }, 2, /HUB_BASE_URL "http:\/\/example\.com" cannot be used: hub-kit sends the key only over https/],
      [['subscribers', 'export', '--base-url', 'not a url'], {}, 2, /--base-url "not a url" cannot be used: the address is not a URL/],
      [['posts', 'list'], { HUB_POSTS_PATH: 'posts?x=1' }, 2, /HUB_POSTS_PATH must be a path such as \/api\/v1\/posts/],
      [['subscribers', 'export', '--out', '/nonexistent/x.csv'], {}, 2, /--out \/nonexistent\/x\.csv cannot be written: there is no folder \/nonexistent\./],
    ];
    for (const [args, env, code, message] of cases) {
      const out = await done(w.hubKit(args, env), code);
      assert.match(out, message);
      assert.doesNotMatch(out, /HubApi|apiKey|baseUrl|ENOENT|    at /, out);
    }
  });

  test('a closed pipe ends quietly with exit 0: posts list | head -2, subscribers export | head -1', async () => {
    const w = workspace();
    // The second page waits, so the reader has gone before the command writes again.
    await w.control('faults', [
      { path: 'page=2', method: 'GET', delayMs: 1500, times: 5 },
    ]);
    const commands: Array<[string, number]> = [
      ['npx hub-kit posts list --json | head -1', 1],
      ['npx hub-kit posts list | head -2', 2],
      ['npx hub-kit subscribers export | head -1', 1],
    ];
    for (const [command, lines] of commands) {
      const piped = run('bash', ['-c', `${command}; echo "hub-kit exited \${PIPESTATUS[0]}" >&2`], {
        cwd: w.dir,
        env: { HUB_API_KEY: KEY, HUB_BASE_URL: w.url, HUB_KIT_STAND_IN_CLOCK: '1' },
      });
      assert.equal(await piped.exited, 0);
      assert.match(piped.stderr(), /hub-kit exited 0/, `${command}:\n${piped.output()}`);
      assert.doesNotMatch(piped.stderr(), /EPIPE|Error|    at /, `${command}:\n${piped.output()}`);
      assert.equal(piped.stdout().trim().split('\n').length, lines);
    }
  });

  test('--bom and --excel export for spreadsheets: a byte-order mark (and Windows line ends)', async () => {
    const w = workspace();
    await w.control('tenants', { slug: 'demo', subscribers: [{ email: 'zurich@example.com', name: 'Zoë', fields: { city: 'Zürich' } }] });
    await done(w.hubKit(['subscribers', 'export', '--out', 'plain.csv']));
    await done(w.hubKit(['subscribers', 'export', '--bom', '--out', 'bom.csv']));
    await done(w.hubKit(['subscribers', 'export', '--excel', '--out', 'excel.csv']));
    const bytes = (name: string) => readFileSync(join(w.dir, name));
    assert.notDeepEqual([...bytes('plain.csv').subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.deepEqual([...bytes('bom.csv').subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.deepEqual([...bytes('excel.csv').subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.match(bytes('excel.csv').toString('utf8'), /^\uFEFFid,email,name,status,created_at,updated_at,fields\r\n.*Zürich.*\r\n$/s);
    assert.doesNotMatch(bytes('bom.csv').toString('utf8'), /\r/);
    // And the export imports back, mark and all.
    const key = await w.fresh();
    assert.match(await done(w.hubKit(['subscribers', 'import', 'excel.csv'], { HUB_API_KEY: key })), /1 row read, 1 sent in 1 request \(1 created/);
    assert.equal((await w.exported(key))[0]?.fields, '{"city":"Zürich"}');
  });
});
