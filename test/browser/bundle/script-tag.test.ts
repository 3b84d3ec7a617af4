/**
 * The script tag's loader, dist/hub-kit.js, each case a page of its own in a frame: the files
 * a page fetches for the tags it shows (the loader alone without any; the forms' file and
 * the core for a signup form; the one file of all when every per-element file is needed), a
 * tag added later, tags in a shadow root handed over with `observe()`, and the loader and
 * its files from another origin, as from a CDN. Sizes are test/node/repo/size.test.ts's and
 * test/e2e/script-tag.test.ts's; this file checks which files, and that the elements work.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { until } from '../helpers/dom.js';
import { fetched, loader, type FrameWindow } from '../helpers/script-tag-frame.js';
import { newSandbox } from '../helpers/sandbox.js';


const frames: HTMLIFrameElement[] = [];

async function page(body: string, src = '/dist/hub-kit.js'): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.title = 'page under test';
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title>
    <script type="module" src="${src}"></script></head><body>${body}</body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  frames.push(frame);
  await loaded;
  return frame.contentWindow as FrameWindow;
}



const defined = (win: FrameWindow, tags: string[]) =>
  Promise.all(
    tags.map((tag) =>
      Promise.race([
        win.customElements.whenDefined(tag),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`<${tag}> was never defined`)), 10_000)),
      ]),
    ),
  );

const text = (el: Element | null | undefined) => (el?.shadowRoot?.textContent ?? '') + (el?.textContent ?? '');

describe('the script tag (dist/hub-kit.js)', () => {
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  describe('fetches, for the tags a page shows', () => {
    const base = () => newSandbox().baseUrl;
    const cases: Array<[string, string[], string[]]> = [
      ['a signup form: the forms file and the core', ['signup-form'], ['core', 'forms', 'hub-kit.js']],
      ['a contact form: the same two', ['contact-form'], ['core', 'forms', 'hub-kit.js']],
      ['a bio card: its file, the core and what it shares with search', ['bio-card'], ['bio-card', 'core', 'hub-kit.js', 'shared']],
      ['both forms and a bio card: the files of those', ['signup-form', 'contact-form', 'bio-card'], ['bio-card', 'core', 'forms', 'hub-kit.js', 'shared']],
      ['a form, a search and a card: the one file of all', ['signup-form', 'hub-search', 'bio-card'], ['all', 'hub-kit.js']],
      ['all four: the one file of all', ['signup-form', 'contact-form', 'hub-search', 'bio-card'], ['all', 'hub-kit.js']],
    ];
    for (const [what, tags, files] of cases) {
      it(`${what}; every element works`, async () => {
        const url = base();
        const win = await page(tags.map((tag) => `<${tag} base-url="${url}" tenant="demo" no-presence></${tag}>`).join(''));
        await defined(win, tags);
        for (const tag of tags) {
          const el = win.document.querySelector(tag)!;
          await until(() => text(el).trim().length > 0, `<${tag}> to render`);
        }
        if (tags.includes('signup-form')) {
          await until(() => text(win.document.querySelector('signup-form')).includes('Subscribe'), 'the Subscribe button');
        }
        expect(fetched(win)).to.deep.equal(files);
      });
    }
  });

  it('a page without any fetches the loader alone; a tag added later is defined, with its file and the core', async () => {
    const win = await page('<main><p>No form here, yet.</p></main>');
    expect(win.customElements.get('contact-form')).to.equal(undefined);
    const form = win.document.createElement('contact-form');
    form.setAttribute('base-url', newSandbox().baseUrl);
    form.setAttribute('tenant', 'demo');
    win.document.querySelector('main')!.append(form);
    await defined(win, ['contact-form']);
    await until(() => text(form).includes('Send message'), 'the contact form to render');
    for (const tag of ['signup-form', 'hub-search', 'bio-card']) expect(win.customElements.get(tag), `<${tag}>`).to.equal(undefined);
    expect(fetched(win)).to.deep.equal(['core', 'forms', 'hub-kit.js']);
  });

  it('a tag in a shadow root is defined once the root is handed to observe()', async () => {
    const win = await page('<div id="host"></div>');
    const host = win.document.getElementById('host')!;
    const shadow = host.attachShadow({ mode: 'open' });
    const card = win.document.createElement('bio-card');
    card.setAttribute('base-url', newSandbox().baseUrl);
    card.setAttribute('tenant', 'demo');
    card.setAttribute('no-presence', '');
    shadow.append(card);
    const { observe } = await loader(win);
    // The document's observer has seen the host change by now, and not the card inside it.
    expect(win.customElements.get('bio-card'), 'a tag in a shadow root was found without observe()').to.equal(undefined);
    observe(shadow);
    await defined(win, ['bio-card']);
    await until(() => (card.shadowRoot?.textContent ?? '').trim().length > 0, 'the card to render');
  });

  it('load() gives the class without defining its tag, and refuses a tag that is not the kit’s', async () => {
    const win = await page('<p>A page of an app that names its own tags.</p>');
    const { load } = await loader(win);
    const SignupForm = await load('signup-form');
    expect(win.customElements.get('signup-form')).to.equal(undefined);
    SignupForm.define('newsletter-signup');
    const el = win.document.createElement('newsletter-signup');
    el.setAttribute('base-url', newSandbox().baseUrl);
    el.setAttribute('form', 'demo-form');
    win.document.body.append(el);
    await until(() => text(el).includes('Subscribe'), 'the renamed form to render');
    let refused: unknown;
    await load('sign-up-form').catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(win.TypeError);
  });

  it('from another origin, as from a CDN path: the files come from beside hub-kit.js, and a signup goes through', async () => {
    const { origin: cdn } = await executeServerCommand<{ origin: string }, undefined>('script-tag-origin');
    expect(cdn).not.to.equal(location.origin);
    const src = `${cdn}/npm/hub-kit@0.1.0/dist/hub-kit.js`;
    const sandbox = newSandbox();
    const win = await page(`<signup-form base-url="${sandbox.baseUrl}" form="demo-form"></signup-form>`, src);
    await defined(win, ['signup-form']);
    const el = win.document.querySelector('signup-form')!;
    await until(() => Boolean(el.querySelector('form')), 'the form');
    const scripts = win.performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js'));
    expect(scripts.length).to.equal(3);
    for (const name of scripts) expect(name.startsWith(`${cdn}/npm/hub-kit@0.1.0/dist/`), name).to.equal(true);

    const email = `cdn.${Math.random().toString(36).slice(2, 9)}@example.com`;
    const form = el.querySelector('form')!;
    (form.elements.namedItem('email') as HTMLInputElement).value = email;
    form.requestSubmit();
    await until(() => /check your inbox/i.test(text(el)), 'the thank-you message').catch((error: Error) => {
      throw new Error(`${error.message}; the element reads "${text(el).trim()}"`);
    });
    expect((await sandbox.records()).subscribers.map((s) => s.email)).to.include(email);
  });
});
