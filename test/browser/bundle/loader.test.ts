/**
 * What the script tag's loader (dist/hub-kit.js) costs a page at run time, each case a page
 * of its own in a frame: each tag is defined in a task of its own, tags in view first; a
 * signup form's files are all asked for before the first arrives; and a file whose
 * connection drops mid-file is asked for again until the element is there. The files come
 * from the script tag's other origin, whose folders can hold or drop them
 * (test/support/script-tag.ts); what arrived is read from its log.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { until } from '../helpers/dom.js';
import { newSandbox } from '../helpers/sandbox.js';

const frames: HTMLIFrameElement[] = [];
let tokens = 0;
const token = () => `t${Date.now() % 1e7}${++tokens}`;

type Win = Window & typeof globalThis & { definedWith: Record<string, string[]>; order: string[] };

const TAGS = ['signup-form', 'contact-form', 'hub-search', 'bio-card'];

/**
 * A page of `height` px that loads the loader from `src`. Before it, a script writes down
 * the order the tags are defined in and, for each, the tags already defined with it: those
 * it finds defined in the first microtask after its own definition, which only a definition
 * in the same run of script, with no yield to the page between, can have made.
 */
async function page(body: string, src: string, height = 600): Promise<Win> {
  const frame = document.createElement('iframe');
  frame.title = 'page under test';
  frame.style.cssText = `width: 800px; height: ${height}px; border: 0`;
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title>
    <script>
      window.definedWith = {}; window.order = [];
      for (const tag of ${JSON.stringify(TAGS)}) {
        customElements.whenDefined(tag).then(() => {
          definedWith[tag] = ${JSON.stringify(TAGS)}.filter((other) => other !== tag && !order.includes(other) && customElements.get(other));
          order.push(tag);
        });
      }
    </script>
    <script type="module" src="${src}"></script></head><body style="margin: 0">${body}</body></html>`;
  document.body.append(frame);
  frames.push(frame);
  // Its script has run; not its load event, which Firefox and WebKit hold back while a file
  // the loader asked for is stalled.
  await until(() => Array.isArray((frame.contentWindow as Win | null)?.order), 'the page to start');
  return frame.contentWindow as Win;
}

const cdn = async () => (await executeServerCommand<{ origin: string }, undefined>('script-tag-origin')).origin;
const log = async (origin: string, id: string) => (await (await fetch(`${origin}/log/${id}`)).json()) as string[];
const all = (base: string) =>
  `<bio-card base-url="${base}" tenant="demo" no-presence></bio-card><hub-search base-url="${base}" tenant="demo"></hub-search>` +
  `<signup-form base-url="${base}" form="demo-form"></signup-form><contact-form base-url="${base}" tenant="demo"></contact-form>`;
const defined = (win: Win, tags: readonly string[], what: string, ms?: number) =>
  until(() => tags.every((tag) => win.order.includes(tag)), what, ms);

describe('the script tag’s loader, at run time', () => {
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  it('defines each tag in a task of its own, the page getting a turn between them', async () => {
    // All four in view: none waits for idle time, so only the loader's yields part them.
    const win = await page(all(newSandbox().baseUrl), '/dist/hub-kit.js', 2000);
    await defined(win, TAGS, 'all four defined');
    expect(win.definedWith, `in order ${win.order.join(', ')}`).to.deep.equal(Object.fromEntries(TAGS.map((tag) => [tag, []])));
  });

  it('defines the tags with an element in view first, those below the fold later', async () => {
    const base = newSandbox().baseUrl;
    // The card, last of the four in the loader's order, is the one in view.
    const body = `<bio-card base-url="${base}" tenant="demo" no-presence></bio-card><div style="height: 3000px"></div>` +
      `<signup-form base-url="${base}" form="demo-form"></signup-form><contact-form base-url="${base}" tenant="demo"></contact-form>` +
      `<hub-search base-url="${base}" tenant="demo"></hub-search>`;
    const win = await page(body, '/dist/hub-kit.js', 400);
    await defined(win, TAGS, 'all four defined');
    expect(win.order[0], win.order.join(', ')).to.equal('bio-card');
  });

  it('asks for a signup form’s file and the core it imports at once, not the core once the form’s file has come', async () => {
    const origin = await cdn();
    const id = token();
    // The server answers neither until both are asked for (or 10 s have passed).
    const win = await page(`<signup-form base-url="${newSandbox().baseUrl}" form="demo-form"></signup-form>`, `${origin}/hold-forms+core-${id}/hub-kit.js`);
    await defined(win, ['signup-form'], '<signup-form> defined', 15_000);
    const events = await log(origin, id);
    const firstAnswer = events.findIndex((e) => e.startsWith('response'));
    expect(events.slice(0, firstAnswer).sort(), events.join(', ')).to.deep.equal(['request core', 'request forms']);
  }).timeout(40_000);

  it('when a file stalls half way and nothing more comes, asks for it again beside it after 10 s', async () => {
    const origin = await cdn();
    const id = token();
    const win = await page(`<signup-form base-url="${newSandbox().baseUrl}" form="demo-form"></signup-form>`, `${origin}/stall-forms-${id}/hub-kit.js`);
    await until(async () => (await log(origin, id)).includes('stalled forms'), 'the forms file to stall');
    await defined(win, ['signup-form'], '<signup-form> defined beside the stalled request', 30_000);
    expect((await log(origin, id)).filter((e) => e === 'request forms').length).to.equal(2);
  }).timeout(45_000);

  for (const [what, dropped, tags] of [
    ['the signup form’s file', 'forms', ['signup-form']],
    ['the core a signup form’s file imports', 'core', ['signup-form']],
    ['the file of all four', 'all', ['signup-form', 'contact-form', 'hub-search', 'bio-card']],
  ] as const) {
    it(`when the connection drops in the middle of ${what}, asks again until the element is there, showing what the page wrote meanwhile`, async () => {
      const origin = await cdn();
      const id = token();
      const base = newSandbox().baseUrl;
      const written = `<form action="${base}/api/subscribe/demo-form" method="post"><label>Email <input name="email" type="email"></label><button>Subscribe</button></form>`;
      const body = tags.length > 1 ? all(base) : `<signup-form base-url="${base}" form="demo-form">${written}</signup-form>`;
      const win = await page(body, `${origin}/drop-${dropped}-${id}/hub-kit.js`, 2000);
      await until(async () => (await log(origin, id)).includes(`dropped ${dropped}`), `the connection to drop mid-${dropped}`);
      // Not there yet: the page shows what it wrote, and nothing that says otherwise.
      const form = win.document.querySelector('signup-form')!;
      if (tags.length === 1 && !win.order.includes('signup-form')) {
        expect(form.textContent).to.contain('Subscribe');
        expect(form.shadowRoot).to.equal(null);
      }
      await defined(win, [...tags], `${tags.join(', ')} defined after the drop`, 30_000);
      await until(() => Boolean(form.querySelector('button')) && (form as HTMLElement & { hasUpdated?: boolean }).hasUpdated === true, 'the form working');
      const events = await log(origin, id);
      expect(events.filter((e) => e === `request ${dropped}` || e === 'request all').length, events.join(', ')).to.be.greaterThan(1);
    }).timeout(60_000);
  }
});
