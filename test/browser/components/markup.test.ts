/**
 * `hub-kit/markup` (components/markup.ts): the form a server writes inside `<signup-form>`
 * or `<contact-form>` is the form the element would write itself, and the element adopts it
 * without changing a node or an attribute of it (what a framework that hydrates the page
 * needs), then validates with its own messages and sends. Posting it without JavaScript,
 * and the note it lands on, are tested with scripts off in test/e2e/nojs.test.ts.
 */
import { expect } from 'chai';
import '../../../components/signup-form/define.js';
import '../../../components/contact-form/define.js';
import { contactFormHtml, signupFormHtml } from '../../../components/markup.js';
import type { HubFormElement } from '../../../components/shared/hub-form.js';
import { registerStrings } from '../../../components/shared/strings.js';
import { ConfigError } from '../../../src/api/errors.js';
import { fill, mount, seen, staysAt, uniqueEmail, untilSeen, wait } from '../helpers/forms.js';
import { newSandbox, type Sandbox } from '../helpers/sandbox.js';

const PREFIX = 'from-markup';

/**
 * A form as a canonical text: elements with their attributes in name order (Lit sets the
 * attributes it binds after the others; their order means nothing to a browser), text,
 * and no comments (Lit's markers); the ids' prefix written as ID.
 */
function normalized(form: Element, prefix: string | RegExp): string {
  const text = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const el = node as Element;
    const attributes = [...el.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
    return `<${el.localName} ${attributes.join(' ')}>${[...el.childNodes].map(text).join('')}</${el.localName}>`;
  };
  return text(form).replace(new RegExp(typeof prefix === 'string' ? prefix : prefix.source, 'g'), 'ID');
}

function parse(markup: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content;
}

/** An element holding `markup`, appended to the page; every mutation of it is recorded from before it connects. */
async function adopt<T extends HubFormElement>(tag: string, markup: string, attrs: Record<string, string> = {}) {
  const el = document.createElement(tag) as T;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.innerHTML = markup;
  const mutations: MutationRecord[] = [];
  const observer = new MutationObserver((records) => mutations.push(...records));
  observer.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
  document.body.append(el);
  await customElements.whenDefined(tag);
  await el.updateComplete;
  await wait(50);
  mutations.push(...observer.takeRecords());
  observer.disconnect();
  const changes = mutations.map((m) => `${m.type} ${(m.target as Element).localName ?? '#text'}${m.attributeName ? `[${m.attributeName}]` : ''}`);
  return { el, changes };
}

describe('hub-kit/markup', () => {
  let sandbox: Sandbox;
  const mounted: Element[] = [];
  beforeEach(() => {
    sandbox = newSandbox();
  });
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
  });

  describe('writes the form the element would write', () => {
    const cases: Array<[string, Record<string, string>, Record<string, unknown>]> = [
      ['signup-form', { form: 'demo-form' }, { form: 'demo-form' }],
      [
        'signup-form',
        { tenant: 'demo', resource: 'demo-guide', 'name-field': '', consent: 'Yes, "send" <it>', source: 'footer', tags: 'a,b', 'submit-label': 'Get it' },
        { tenant: 'demo', resource: 'demo-guide', nameField: true, consent: 'Yes, "send" <it>', source: 'footer', tags: 'a,b', submitLabel: 'Get it' },
      ],
      ['contact-form', { tenant: 'demo', 'message-label': 'Your note' }, { tenant: 'demo', messageLabel: 'Your note' }],
    ];
    for (const [tag, attrs, options] of cases) {
      it(`<${tag} ${Object.keys(attrs).join(' ')}>`, async () => {
        const el = await mount<HubFormElement>(tag, { 'base-url': sandbox.baseUrl, ...attrs });
        mounted.push(el);
        const write = tag === 'contact-form' ? contactFormHtml : signupFormHtml;
        const markup = write({ baseUrl: sandbox.baseUrl, id: PREFIX, landed: false, ...options } as never);
        const written = parse(markup);
        expect(written.children, 'a form and nothing else').to.have.length(1);
        expect(normalized(written.firstElementChild!, PREFIX)).to.equal(normalized(el.formElement!, /hub-\d+/));
      });
    }

    it('in the language of the page, with its strings', async () => {
      registerStrings('x-markup', { emailLabel: 'Courriel', subscribe: 'Go' });
      const holder = document.createElement('div');
      holder.lang = 'x-markup';
      document.body.append(holder);
      mounted.push(holder);
      const el = await mount<HubFormElement>('signup-form', { form: 'demo-form', 'base-url': sandbox.baseUrl }, document);
      holder.append(el);
      el.requestUpdate();
      await el.updateComplete;
      const written = parse(signupFormHtml({ form: 'demo-form', baseUrl: sandbox.baseUrl, lang: 'x-markup', id: PREFIX, landed: false }));
      expect(normalized(written.firstElementChild!, PREFIX)).to.equal(normalized(el.formElement!, /hub-\d+/));
      expect(written.querySelector('label')!.textContent).to.equal('Courriel');
    });
  });

  describe('the element adopts it', () => {
    it('as it is: not a node, not an attribute changes, and the note stays hidden', async () => {
      const markup = signupFormHtml({ form: 'demo-form', baseUrl: sandbox.baseUrl, nameField: true, source: 'footer' });
      const { el, changes } = await adopt('signup-form', markup);
      mounted.push(el);
      expect(changes).to.deep.equal([]);
      expect(el.formElement).to.equal(el.querySelector('form'));
      const expected = document.createElement('div');
      expected.append(parse(markup));
      expect(el.innerHTML).to.equal(expected.innerHTML);
      const note = el.querySelector('.hub-landed')!;
      expect(note.getClientRects()).to.have.length(0);
    });

    it('and sends what is typed into it, reading where from its action', async () => {
      const { el } = await adopt('signup-form', signupFormHtml({ form: 'demo-form', baseUrl: sandbox.baseUrl, source: 'footer' }));
      mounted.push(el);
      const email = uniqueEmail('markup');
      fill(el.formElement!, { email });
      el.formElement!.requestSubmit();
      await untilSeen(el, /check your inbox/i);
      const { subscribers } = await sandbox.records();
      expect(subscribers.map((s) => [s.email, s['form'], s['fields']])).to.deep.equal([[email, 'demo-form', { source: 'footer' }]]);
    });

    it('leaves the browser its checks until a submission fails them, then says what is wrong in its own words', async () => {
      const { el } = await adopt('contact-form', contactFormHtml({ tenant: 'demo', baseUrl: sandbox.baseUrl }));
      mounted.push(el);
      const form = el.formElement!;
      expect(form.noValidate).to.equal(false);
      fill(form, { email: 'ada@example.com', message: '' });
      form.requestSubmit();
      expect(await untilSeen(el, /.+/)).to.equal('Please correct the highlighted fields.');
      const message = form.elements.namedItem('message') as HTMLTextAreaElement;
      expect(message.getAttribute('aria-invalid')).to.equal('true');
      const note = document.getElementById(message.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
      expect(note.textContent).to.equal('Please write a message.');
      expect(form.noValidate, 'the element validates from now on').to.equal(true);
      await staysAt(async () => (await sandbox.log()).filter((r) => r.method === 'POST').length, 0, 'posts');
      fill(form, { message: 'Hello' });
      form.requestSubmit();
      await untilSeen(el, /sent/i);
      expect(seen(el)).to.match(/sent/i);
    });
  });

  describe('its options', () => {
    it('the note and the fragment of the action: hub-kit-subscribed, hub-kit-sent, a name of your own, or none', () => {
      const action = (markup: string) => parse(markup).querySelector('form')!.getAttribute('action');
      const note = (markup: string) => parse(markup).querySelector<HTMLElement>('.hub-landed');
      const signup = signupFormHtml({ form: 'f', baseUrl: 'https://hub.example/' });
      expect(action(signup)).to.equal('https://hub.example/api/subscribe/f#hub-kit-subscribed');
      expect(note(signup)!.id).to.equal('hub-kit-subscribed');
      expect(note(signup)!.hidden).to.equal(true);
      expect(note(signup)!.textContent).to.equal('Thanks! Please check your inbox to confirm.');
      const contact = contactFormHtml({ tenant: 't', baseUrl: 'https://hub.example', successMessage: 'Got it' });
      expect(action(contact)).to.equal('https://hub.example/api/v1/tenants/t/contact#hub-kit-sent');
      expect(note(contact)!.textContent).to.equal('Got it');
      const own = signupFormHtml({ tenant: 't', baseUrl: 'https://hub.example', landed: 'footer-thanks' });
      expect(action(own)).to.equal('https://hub.example/api/v1/tenants/t/subscribe#footer-thanks');
      expect(note(own)!.id).to.equal('footer-thanks');
      const none = signupFormHtml({ tenant: 't', baseUrl: 'https://hub.example', landed: false });
      expect(action(none)).to.equal('https://hub.example/api/v1/tenants/t/subscribe');
      expect(note(none)).to.equal(null);
    });

    it('posts to the page origin without a base URL, to a path of it, or checks the URL as the element does', () => {
      const action = (baseUrl?: string) => parse(signupFormHtml({ form: 'f', ...(baseUrl !== undefined && { baseUrl }), landed: false })).querySelector('form')!.getAttribute('action');
      expect(action()).to.equal('/api/subscribe/f');
      expect(action('/hub/')).to.equal('/hub/api/subscribe/f');
      expect(action('http://127.0.0.1:8787')).to.equal('http://127.0.0.1:8787/api/subscribe/f');
      for (const bad of ['javascript:alert(1)', 'http://hub.example', '//hub.example', 'https://user:pw@hub.example']) {
        expect(() => action(bad), bad).to.throw(ConfigError);
      }
      expect(() => signupFormHtml({ baseUrl: 'https://hub.example' }), 'no form, no tenant').to.throw(ConfigError);
      expect(() => signupFormHtml({ form: '..', baseUrl: 'https://hub.example' }), 'a form id of ".."').to.throw(ConfigError);
    });

    it('writes every value as text', () => {
      const hostile = '"><img src=x onerror=alert(1)><b>';
      const written = parse(
        signupFormHtml({ tenant: 't', baseUrl: 'https://hub.example', consent: hostile, source: hostile, submitLabel: hostile, successMessage: hostile, id: hostile, landed: hostile }),
      );
      expect(written.querySelectorAll('img, b')).to.have.length(0);
      expect(written.querySelector('.hub-check label')!.textContent).to.equal(hostile);
      expect(written.querySelector('button')!.textContent).to.equal(hostile);
      expect(written.querySelector('.hub-landed')!.textContent).to.equal(hostile);
      expect(written.querySelector('.hub-landed')!.id).to.equal(hostile);
      expect((written.querySelector('input[name="fields[source]"]') as HTMLInputElement).value).to.equal(hostile);
    });
  });
});
