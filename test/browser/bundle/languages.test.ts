/**
 * Languages: every element takes its words from the strings table, in the language of its
 * own `lang`, its nearest ancestor's or the page's.
 *
 * - With the script tag (dist/hub-kit.js, each case a page of its own in a frame), the
 *   page's language brings its locale file from beside hub-kit.js, before the elements it
 *   serves are defined: French, German and Spanish pages read as such, an element's own
 *   `lang` wins over the page's, an element added later in another language gets its words,
 *   and a language the kit does not ship stays English without fetching anything more;
 *   from a CDN folder, under the Content Security Policies of docs/csp.md, and with two
 *   copies of the kit on the page.
 * - With npm, `import 'hub-kit/locales/fr.js'` (dist/components/shared/locales/fr.js)
 *   translates `<hub-search>` and `<bio-card>` too, and `registerStrings` adds a language.
 *
 * What is asserted is what a visitor reads: button labels, the search panel's message, the
 * card's "more links" button, the count a screen reader hears.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { until } from '../helpers/dom.js';
import { fetched, loader, type FrameWindow } from '../helpers/script-tag-frame.js';
import { newSandbox, type Sandbox } from '../helpers/sandbox.js';

type Lit = HTMLElement & { updateComplete: Promise<boolean> };

const frames: HTMLIFrameElement[] = [];

/** Opens a frame; `set` gives it its page. */
async function frame(set: (frame: HTMLIFrameElement) => void): Promise<FrameWindow> {
  const el = document.createElement('iframe');
  el.title = 'page under test';
  set(el);
  const loaded = new Promise((resolve) => el.addEventListener('load', resolve, { once: true }));
  document.body.append(el);
  frames.push(el);
  await loaded;
  return el.contentWindow as FrameWindow;
}

/** A page of its own, `<html lang>` as given, that loads the script tag (from each of `srcs`); `body` is its markup. */
const page = (lang: string, body: string, srcs = ['/dist/hub-kit.js']) =>
  frame((el) => {
    const scripts = srcs.map((src) => `<script type="module" src="${src}"></script>`).join('');
    el.srcdoc = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>A page</title>${scripts}</head><body>${body}</body></html>`;
  });

/** A page under a Content-Security-Policy header (test/support/script-tag-plugin.mjs), with `<main>` to fill. */
async function policyPage(query: Record<string, string>): Promise<FrameWindow> {
  const win = await frame((el) => (el.src = `/__csp-page?${new URLSearchParams(query)}`));
  await until(() => Array.isArray(win.cspViolations), 'the violation recorder');
  return win;
}

/** Adds an element to the page's `<main>`. */
function add(win: FrameWindow, tag: string, attrs: Record<string, string>): Element {
  const el = win.document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  win.document.querySelector('main')!.append(el);
  return el;
}

/** The page's violations, less the test server's own script, which carries no nonce. */
const violations = (win: FrameWindow) => (win.cspViolations ?? []).filter((v) => !v.blocked.includes('/__web-dev-server'));

/** The URLs of the locale files the page fetched (an element file's words each: `fr-forms-<hash>.js`). */
const localeFiles = (win: FrameWindow) =>
  win.performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/hub-kit\/(?:de|es|fr)-(?:forms|hub-search|bio-card)-[\w-]{8}\.js$/.test(name));



/** The text of `el` if it is on screen (it has a box), else the empty string. */
const shown = (el: Element | null | undefined): string => (el && el.getClientRects().length ? (el.textContent ?? '').trim() : '');

/** The submit button of a form element's light-DOM form. */
const submit = (el: Element | null) => shown(el?.querySelector('button[type="submit"]'));

/** The message in `<hub-search>`'s open panel. */
const searchMessage = (el: Element) => shown(el.shadowRoot?.querySelector('[part="panel"]:not([hidden]) [part="message"]'));

/** What `<hub-search>` says to a screen reader (its polite live region). */
const announced = (el: Element) => (el.shadowRoot?.querySelector('[role="status"]')?.textContent ?? '').trim();

/** The card's "more links" button. */
const more = (el: Element) => shown(el.shadowRoot?.querySelector('[part="more"]'));

/** Types `text` into a `<hub-search>` of `win`, as keys would. */
function type(win: FrameWindow, el: Element, text: string): void {
  const box = el.shadowRoot!.querySelector('input')!;
  box.focus();
  box.value = text;
  box.dispatchEvent(new win.InputEvent('input', { bubbles: true, composed: true, data: text, inputType: 'insertText' }));
}

/** A tenant whose profile has fifteen links: twelve are shown, then "Show 3 more links". */
async function manyLinks(sandbox: Sandbox): Promise<string> {
  const slug = `links-${Math.random().toString(36).slice(2, 8)}`;
  const links = Array.from({ length: 15 }, (_, n) => ({ title: `Link ${n + 1}`, url: `https://example.com/${n + 1}` }));
  await sandbox.addTenant({ slug, bio: { name: 'Many Links', links } });
  return slug;
}

const NONSENSE = 'zzqxvv';

afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

describe('languages with the script tag', () => {
  it('a lang="fr" page shows every element in French, with the French file fetched beside their code', async () => {
    const sandbox = newSandbox();
    const base = sandbox.baseUrl;
    const slug = await manyLinks(sandbox);
    const win = await page(
      'fr',
      `<signup-form base-url="${base}" form="demo-form"></signup-form>
       <contact-form base-url="${base}" tenant="demo"></contact-form>
       <hub-search base-url="${base}" tenant="demo"></hub-search>
       <bio-card base-url="${base}" tenant="${slug}" no-presence></bio-card>`,
    );
    const doc = win.document;
    await until(() => submit(doc.querySelector('signup-form')) === 'S’abonner', 'the French signup button');
    await until(() => submit(doc.querySelector('contact-form')) === 'Envoyer le message', 'the French contact button');
    expect(doc.querySelector('contact-form')!.querySelector('label')!.textContent).to.equal('Nom');

    const search = doc.querySelector('hub-search')!;
    await until(() => Boolean(search.shadowRoot?.querySelector('input')), 'the search box');
    expect(search.shadowRoot!.querySelector('input')!.placeholder).to.equal('Rechercher');
    type(win, search, NONSENSE);
    await until(() => searchMessage(search) === `Aucun résultat pour «\u00a0${NONSENSE}\u00a0».`, 'the French "no results" line').catch(
      (error: Error) => {
        throw new Error(`${error.message}; the panel reads "${searchMessage(search)}"`);
      },
    );

    const card = doc.querySelector('bio-card')!;
    await until(() => more(card) === 'Afficher 3\u00a0autres liens', 'the card’s French "more links" button');

    expect(fetched(win)).to.include.members(['fr-forms', 'fr-hub-search', 'fr-bio-card']);
  });

  it('the words arrive before the element first renders: no English, even when its code is already there', async () => {
    const win = await page('fr', '<main></main>');
    // The forms' file is fetched and run before any form is on the page: when one appears,
    // its code is at hand at once, and only the French file is still to come.
    await (await loader(win)).load('signup-form');
    const seen: string[] = [];
    new win.MutationObserver(() => {
      const label = win.document.querySelector('signup-form button[type="submit"]')?.textContent?.trim();
      if (label && seen.at(-1) !== label) seen.push(label);
    }).observe(win.document.body, { subtree: true, childList: true, characterData: true });
    const form = win.document.createElement('signup-form');
    form.setAttribute('base-url', newSandbox().baseUrl);
    form.setAttribute('form', 'demo-form');
    win.document.querySelector('main')!.append(form);
    await until(() => submit(form) === 'S’abonner', 'the French signup button');
    expect(seen).to.deep.equal(['S’abonner']);
  });

  it('lang="de": German, with German quotation marks', async () => {
    const base = newSandbox().baseUrl;
    const win = await page('de', `<signup-form base-url="${base}" form="demo-form"></signup-form><hub-search base-url="${base}" tenant="demo"></hub-search>`);
    const doc = win.document;
    await until(() => submit(doc.querySelector('signup-form')) === 'Abonnieren', 'the German signup button');
    const search = doc.querySelector('hub-search')!;
    await until(() => Boolean(search.shadowRoot?.querySelector('input')), 'the search box');
    type(win, search, NONSENSE);
    await until(() => searchMessage(search) === `Keine Ergebnisse für „${NONSENSE}“.`, 'the German "no results" line');
    // The words of the page's elements, no other's.
    expect(fetched(win).filter((file) => file.startsWith('de-'))).to.deep.equal(['de-forms', 'de-hub-search']);
  });

  it('lang="es-MX": Spanish, from the file of its primary language', async () => {
    const sandbox = newSandbox();
    const slug = await manyLinks(sandbox);
    const win = await page(
      'es-MX',
      `<signup-form base-url="${sandbox.baseUrl}" form="demo-form"></signup-form>
       <bio-card base-url="${sandbox.baseUrl}" tenant="${slug}" no-presence></bio-card>`,
    );
    const doc = win.document;
    await until(() => submit(doc.querySelector('signup-form')) === 'Suscribirse', 'the Spanish signup button');
    await until(() => more(doc.querySelector('bio-card')!) === 'Mostrar 3 enlaces más', 'the card’s Spanish "more links" button');
    expect(fetched(win).filter((file) => file.startsWith('es-'))).to.deep.equal(['es-bio-card', 'es-forms']);
  });

  it('a language the kit does not ship stays English, and fetches no locale file', async () => {
    const win = await page('ja', `<signup-form base-url="${newSandbox().baseUrl}" form="demo-form"></signup-form>`);
    await until(() => submit(win.document.querySelector('signup-form')) === 'Subscribe', 'the English signup button');
    expect(fetched(win)).to.deep.equal(['core', 'forms', 'hub-kit.js']);
  });

  it('an element’s own lang, or its section’s, wins over the page’s', async () => {
    const base = newSandbox().baseUrl;
    const form = (attrs = '') => `<signup-form base-url="${base}" form="demo-form"${attrs}></signup-form>`;
    const win = await page('fr', `<p>${form()}</p><section lang="de">${form()}</section><p>${form(' lang="es"')}</p><p>${form(' lang="en"')}</p>`);
    const forms = [...win.document.querySelectorAll('signup-form')];
    const labels = ['S’abonner', 'Abonnieren', 'Suscribirse', 'Subscribe'];
    await until(() => forms.every((el, i) => submit(el) === labels[i]), 'each form in its language').catch((error: Error) => {
      throw new Error(`${error.message}; the buttons read ${JSON.stringify(forms.map(submit))}`);
    });
    const files = fetched(win);
    for (const lang of ['de', 'es', 'fr']) expect(files.filter((file) => file.startsWith(`${lang}-`)), lang).to.deep.equal([`${lang}-forms`]);
  });

  it('an element added later in another language gets its words', async () => {
    const base = newSandbox().baseUrl;
    const win = await page('fr', `<signup-form base-url="${base}" form="demo-form"></signup-form>`);
    await until(() => submit(win.document.querySelector('signup-form')) === 'S’abonner', 'the French signup button');
    // <signup-form> is defined by now: the loader no longer looks at this tag, the element
    // asks for the German file itself.
    const later = win.document.createElement('signup-form');
    later.lang = 'de';
    later.setAttribute('base-url', base);
    later.setAttribute('form', 'demo-form');
    win.document.body.append(later);
    await until(() => submit(later) === 'Abonnieren', 'the German signup button').catch((error: Error) => {
      throw new Error(`${error.message}; the button reads "${submit(later)}"`);
    });
    expect(fetched(win)).to.include.members(['de-forms', 'fr-forms']);
  });
});

describe('languages with the script tag, as sites load it', () => {
  it('from a CDN folder named in script-src, under Trusted Types: French, the file from beside hub-kit.js, no violation', async () => {
    const { origin } = await executeServerCommand<{ origin: string }, undefined>('script-tag-origin');
    const src = `${origin}/npm/hub-kit@0.1.0/dist/hub-kit.js`;
    const win = await policyPage({ 'script-src': `'self' ${new URL('./', src).href}`, src, lang: 'fr' });
    const sandbox = newSandbox();
    const slug = await manyLinks(sandbox);
    const form = add(win, 'signup-form', { 'base-url': sandbox.baseUrl, form: 'demo-form' });
    const card = add(win, 'bio-card', { 'base-url': sandbox.baseUrl, tenant: slug, 'no-presence': '' });
    await until(() => submit(form) === 'S’abonner', 'the French signup button');
    await until(() => more(card) === 'Afficher 3\u00a0autres liens', 'the card’s French "more links" button');
    const files = localeFiles(win);
    // The words of the form and of the card, each from beside hub-kit.js.
    expect(files).to.have.length(2);
    for (const file of files) expect(file.startsWith(`${origin}/npm/hub-kit@0.1.0/dist/hub-kit/fr-`), file).to.equal(true);
    expect(violations(win)).to.deep.equal([]);
  });

  it("with a nonce and 'strict-dynamic': German, no violation", async () => {
    const nonce = 'aGVsbG8taHViLWtpdA';
    const win = await policyPage({ 'script-src': `'nonce-${nonce}' 'strict-dynamic'`, nonce, lang: 'de' });
    const form = add(win, 'signup-form', { 'base-url': newSandbox().baseUrl, form: 'demo-form' });
    await until(() => submit(form) === 'Abonnieren', 'the German signup button');
    expect(localeFiles(win)).to.have.length(1);
    expect(violations(win)).to.deep.equal([]);
  });

  it('two copies of the kit on a French page: French, and the French file fetched once', async () => {
    const { origin } = await executeServerCommand<{ origin: string }, undefined>('script-tag-origin');
    const base = newSandbox().baseUrl;
    const win = await page('fr', `<signup-form base-url="${base}" form="demo-form"></signup-form><contact-form base-url="${base}" tenant="demo"></contact-form>`, [
      '/dist/hub-kit.js',
      `${origin}/second-copy/hub-kit.js`,
    ]);
    const doc = win.document;
    await until(() => submit(doc.querySelector('signup-form')) === 'S’abonner', 'the French signup button');
    await until(() => submit(doc.querySelector('contact-form')) === 'Envoyer le message', 'the French contact button');
    expect(localeFiles(win)).to.have.length(1);
  });
});

describe('languages with npm', () => {
  // The package's own files, as a site's bundler imports them (`hub-kit/…`).
  const at = (path: string) => new URL(path, location.origin).href;
  const mounted: Element[] = [];
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
  });

  function mount(lang: string, html: string): HTMLElement {
    const section = document.createElement('section');
    section.lang = lang;
    section.innerHTML = html;
    document.body.append(section);
    mounted.push(section);
    return section;
  }

  it('import "hub-kit/locales/fr.js" translates <hub-search> and <bio-card> too', async () => {
    await import(/* @vite-ignore */ at('/dist/components/hub-search/define.js'));
    await import(/* @vite-ignore */ at('/dist/components/bio-card/define.js'));
    const sandbox = newSandbox();
    const slug = await manyLinks(sandbox);
    const section = mount(
      'fr',
      `<hub-search base-url="${sandbox.baseUrl}" tenant="demo"></hub-search><bio-card base-url="${sandbox.baseUrl}" tenant="${slug}" no-presence></bio-card>`,
    );
    const search = section.querySelector('hub-search') as Lit;
    const card = section.querySelector('bio-card') as Lit;
    // English until a French table is registered: nothing is bundled by default.
    await until(() => more(card) === 'Show 3 more links', 'the English "more links" button');
    await search.updateComplete;
    expect(search.shadowRoot!.querySelector('input')!.placeholder).to.equal('Search');

    await import(/* @vite-ignore */ at('/dist/components/shared/locales/fr.js'));
    await until(() => more(card) === 'Afficher 3\u00a0autres liens', 'the French "more links" button');
    await search.updateComplete;
    expect(search.shadowRoot!.querySelector('input')!.placeholder).to.equal('Rechercher');
    type(window as FrameWindow, search, NONSENSE);
    await until(() => searchMessage(search) === `Aucun résultat pour «\u00a0${NONSENSE}\u00a0».`, 'the French "no results" line');
    // A count, in French plural forms, for a screen reader.
    type(window as FrameWindow, search, 'the');
    await until(() => /^\d[\d\u202f]*\u00a0résultats?$/.test(announced(search)), 'the French count of results').catch((error: Error) => {
      throw new Error(`${error.message}; the live region says "${announced(search)}"`);
    });
  });

  it('registerStrings adds a language the kit does not ship; what it leaves out stays English', async () => {
    await import(/* @vite-ignore */ at('/dist/components/bio-card/define.js'));
    const { registerStrings } = (await import(/* @vite-ignore */ at('/dist/components/index.js'))) as {
      registerStrings(lang: string, strings: Record<string, unknown>): void;
    };
    const sandbox = newSandbox();
    const slug = await manyLinks(sandbox);
    const card = mount('it', `<bio-card base-url="${sandbox.baseUrl}" tenant="${slug}" no-presence></bio-card>`).querySelector('bio-card')!;
    await until(() => more(card) === 'Show 3 more links', 'the English "more links" button');
    registerStrings('it', { moreLinks: { one: 'Mostra un altro link', other: 'Mostra altri {count} link' } });
    await until(() => more(card) === 'Mostra altri 3 link', 'the Italian "more links" button');
    // A language registered again, with other words: the card says them.
    registerStrings('it', { moreLinks: { one: 'Ancora un link', other: 'Ancora {count} link' } });
    await until(() => more(card) === 'Ancora 3 link', 'the Italian "more links" button, reworded');
    const button = card.shadowRoot!.querySelector<HTMLButtonElement>('[part="more"]')!;
    button.click();
    await until(() => more(card) === 'Show fewer links', 'the English "fewer links" button, which Italian left out');
  });
});
