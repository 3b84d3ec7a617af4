/**
 * The language and direction of what the elements say (components/shared/strings.ts), on
 * pages in a right-to-left language the kit has no words for (Hebrew, Arabic), where the
 * words fall back to English:
 *
 * - every English word the kit shows carries `lang="en"` (WCAG 3.1.2: a screen reader reads
 *   it as English, not as Hebrew or Arabic), and only those: the words of a language the kit
 *   has (French), the page's own words (a label it gave) and a language's own words in a
 *   table a site registered in part keep the page's language;
 * - an English sentence reads in order inside a right-to-left page: the period of "Please
 *   correct the highlighted fields." at its end, "7 online" with the count first;
 * - search results of mixed direction each read in their own: a Hebrew title on an English
 *   page, an English title on a Hebrew page.
 *
 * "In order" is where the browser painted the characters: what a sighted visitor sees.
 */
import { expect } from 'chai';
import type { BioCard } from '../../../../components/bio-card/bio-card.js';
import type { HubSearch } from '../../../../components/hub-search/hub-search.js';
import type { SignupForm } from '../../../../components/signup-form/signup-form.js';
import '../../../../components/bio-card/define.js';
import '../../../../components/signup-form/define.js';
import '../../../../components/shared/locales/fr.js';
import { registerStrings } from '../../../../components/shared/strings.js';
import { until } from '../../helpers/dom.js';
import { mountReady, typeAll } from '../../helpers/search.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';

const sections: Element[] = [];

/** A part of the page in `lang`, written in `dir`. */
function section(lang: string, dir: 'ltr' | 'rtl'): HTMLElement {
  const el = document.createElement('section');
  el.lang = lang;
  el.dir = dir;
  document.body.append(el);
  sections.push(el);
  return el;
}

/** Where the browser painted the first `char` inside `root` (shadow roots of slots' fallbacks included): its left edge. */
function xOf(root: Node, char: string): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(char);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + char.length);
    return range.getBoundingClientRect().left;
  }
  throw new Error(`"${char}" is not in ${(root as Element).outerHTML ?? root.textContent}`);
}

async function signup(parent: HTMLElement, sandbox: Sandbox, attrs: Record<string, string> = {}): Promise<SignupForm> {
  const el = document.createElement('signup-form');
  el.setAttribute('tenant', 'demo');
  el.setAttribute('base-url', sandbox.baseUrl);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  parent.append(el);
  await until(() => !!el.querySelector('button'), 'the form');
  await el.updateComplete;
  return el;
}

describe('the kit’s words on pages in other languages', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = newSandbox();
  });
  afterEach(() => {
    for (const el of sections.splice(0)) el.remove();
  });

  for (const [lang, name] of [
    ['he', 'a Hebrew'],
    ['ar', 'an Arabic'],
  ] as const) {
    describe(`on ${name} page`, () => {
      it('the forms: labels, button, status line and field messages are marked English, and read in order', async () => {
        const el = await signup(section(lang, 'rtl'), sandbox);
        const label = el.querySelector('label')!;
        const button = el.querySelector('button')!;
        expect([label.textContent, label.lang, button.textContent, button.lang]).to.deep.equal(['Email', 'en', 'Subscribe', 'en']);
        el.formElement!.requestSubmit();
        await until(() => el.state === 'invalid', 'the invalid state');
        await el.updateComplete;
        const status = el.shadowRoot!.querySelector<HTMLElement>('[part="status"]')!;
        expect(status.textContent!.trim()).to.equal('Please correct the highlighted fields.');
        expect(status.lang).to.equal('en');
        const announcer = el.shadowRoot!.querySelector<HTMLElement>('[role="status"]')!;
        await until(() => announcer.textContent!.trim() !== '', 'the announcement');
        await el.updateComplete;
        expect(announcer.lang, 'the announcer').to.equal('en');
        expect(xOf(status, '.'), 'the period after the words').to.be.greaterThan(xOf(status, 'P'));
        const note = el.querySelector<HTMLElement>('.hub-error')!;
        expect([note.textContent, note.lang]).to.deep.equal(['Please enter your email address.', 'en']);
        expect(xOf(note, '.'), 'the field message’s period after its words').to.be.greaterThan(xOf(note, 'P'));
      });

      it('the forms: a label the page gave keeps the page’s language', async () => {
        const el = await signup(section(lang, 'rtl'), sandbox, { 'email-label': lang === 'he' ? 'דוא״ל' : 'البريد', 'submit-label': lang === 'he' ? 'הרשמה' : 'اشترك' });
        expect([el.querySelector('label')!.hasAttribute('lang'), el.querySelector('button')!.hasAttribute('lang')]).to.deep.equal([false, false]);
      });

      it('<bio-card>: "7 online" is marked English and reads with the count first', async () => {
        await sandbox.addTenant({ slug: 'seven', bio: { name: 'Seven' }, presence: { data: { live: true, online: 7 } } });
        const el = document.createElement('bio-card') as BioCard;
        el.setAttribute('tenant', 'seven');
        el.setAttribute('base-url', sandbox.baseUrl);
        section(lang, 'rtl').append(el);
        await until(() => !!el.shadowRoot?.querySelector('[part="online"]'), 'the online count');
        const online = el.shadowRoot!.querySelector<HTMLElement>('[part="online"]')!;
        expect(online.textContent).to.equal('7 online');
        expect(el.shadowRoot!.querySelector<HTMLElement>('[part="presence"]')!.lang).to.equal('en');
        expect(xOf(online, '7'), 'the count before "online"').to.be.lessThan(xOf(online, 'o'));
      });

      it('<hub-search>: its messages are marked English and read in order; an English title reads left to right', async () => {
        await sandbox.addTenant({
          slug: 'mixed',
          search_index: [
            { id: 'en', type: 'post', title: 'What is new?', url: '/hub/en', excerpt: 'Release notes, in English.' },
            { id: 'he', type: 'post', title: 'מה חדש?', url: '/hub/he', excerpt: 'Release notes, בעברית.' },
          ],
        });
        const parent = section(lang, 'rtl');
        const el = await mountReady('mixed', sandbox.baseUrl, []);
        parent.append(el);
        await el.updateComplete;
        const root = el.shadowRoot!;
        expect(root.querySelector<HTMLElement>('label')!.lang, 'the search box’s label').to.equal('en');
        await typeAll(el, 'release');
        const title = [...root.querySelectorAll<HTMLElement>('[part="title"]')].find((t) => t.textContent === 'What is new?')!;
        expect(xOf(title, '?'), 'the question mark after the words').to.be.greaterThan(xOf(title, 'W'));
        el.value = 'zzzz';
        await until(() => el.state === 'empty', 'no results');
        await el.updateComplete;
        const message = root.querySelector<HTMLElement>('[part="message"]')!;
        expect(message.textContent).to.equal('No results for “zzzz”.');
        expect(message.lang).to.equal('en');
        expect(xOf(message, '.'), 'the period after the words').to.be.greaterThan(xOf(message, 'N'));
        el.remove();
      });
    });
  }

  it('on an English page, a Hebrew title of the results reads right to left', async () => {
    await sandbox.addTenant({
      slug: 'hebrew',
      search_index: [{ id: 'he', type: 'post', title: 'מה חדש?', url: '/hub/he', excerpt: 'Release notes.' }],
    });
    const parent = section('en', 'ltr');
    const el = await mountReady('hebrew', sandbox.baseUrl, []);
    parent.append(el);
    await typeAll(el, 'release');
    const title = el.shadowRoot!.querySelector<HTMLElement>('[part="title"]')!;
    expect(xOf(title, '?'), 'the question mark at the end, on the left').to.be.lessThan(xOf(title, 'מ'));
    // English words on an English page need no mark.
    expect(el.shadowRoot!.querySelectorAll('[lang]')).to.have.length(0);
    el.remove();
  });

  it('on a French page, the French words carry no mark', async () => {
    const el = await signup(section('fr', 'ltr'), sandbox);
    const button = el.querySelector('button')!;
    expect(button.textContent).to.equal('S’abonner');
    expect(el.querySelectorAll('[lang]')).to.have.length(0);
  });

  it('with a table registered in part, its own words keep the page’s language and the rest are marked English', async () => {
    registerStrings('yi', { subscribe: 'אַבאָנירן' });
    const el = await signup(section('yi', 'rtl'), sandbox);
    const button = el.querySelector('button')!;
    const label = el.querySelector('label')!;
    expect([button.textContent, button.hasAttribute('lang')]).to.deep.equal(['אַבאָנירן', false]);
    expect([label.textContent, label.lang]).to.deep.equal(['Email', 'en']);
  });
});
