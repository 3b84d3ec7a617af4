import { expect } from 'chai';
import { HubSearch, type HubSearchResultsDetail, type HubSearchSelectDetail } from '../../../../components/hub-search/hub-search.js';
import '../../../../components/hub-search/define.js';
import { expectAccessible, mountTag, staysAt, until, wait } from '../../helpers/dom.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';

const mounted: Element[] = [];
const mount = (attrs: Record<string, string | true>) => mountTag<HubSearch>('hub-search', attrs, mounted);

const input = (el: HubSearch) => el.shadowRoot!.querySelector('input')!;
const listbox = (el: HubSearch) => el.shadowRoot!.querySelector('[role="listbox"]')!;
const options = (el: HubSearch) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
const status = (el: HubSearch) => el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();
const panelText = (el: HubSearch) =>
  el.shadowRoot!.querySelector('[part="panel"]')!.textContent!.replace(/\s+/g, ' ').trim();

function results(el: HubSearch): Promise<HubSearchResultsDetail> {
  return new Promise((resolve) =>
    el.addEventListener('hub-search-results', (e) => resolve(e.detail), { once: true }),
  );
}

/** Types as a person does: one input event per character. */
async function type(el: HubSearch, text: string): Promise<HubSearchResultsDetail> {
  await el.updateComplete;
  const box = input(el);
  box.focus();
  const done = results(el);
  for (const ch of text) {
    box.value += ch;
    box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: ch, inputType: 'insertText' }));
  }
  const detail = await done;
  await el.updateComplete;
  return detail;
}

function key(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

async function ready(el: HubSearch): Promise<void> {
  if (el.state === 'idle' && !el.busy && el.value === '' && (el as unknown as { _engine?: unknown })._engine) return;
  await new Promise((resolve) => el.addEventListener('hub-search-ready', resolve, { once: true }));
  await el.updateComplete;
}

describe('<hub-search>', () => {
  let sandbox: Sandbox;

  beforeEach(() => {
    sandbox = newSandbox();
    localStorage.clear();
  });
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
  });

  it('is accessible', async () => {
    const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
    await el.updateComplete;
    await expectAccessible(el);
  });

  describe('defaults', () => {
    it('is an ARIA 1.2 combobox with its listbox in the same shadow root', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await el.updateComplete;
      const box = input(el);
      expect(box.getAttribute('role')).to.equal('combobox');
      expect(box.getAttribute('aria-expanded')).to.equal('false');
      expect(box.getAttribute('aria-autocomplete')).to.equal('list');
      expect(el.shadowRoot!.getElementById(box.getAttribute('aria-controls')!)).to.equal(listbox(el));
      expect(box.placeholder).to.equal('Search');
      expect(el.mode).to.equal('inline');
      expect(el.limit).to.equal(8);
      expect(el.state).to.equal('idle');
    });

    it('asks for nothing until it is used', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await el.updateComplete;
      await staysAt(async () => (await sandbox.requests('/search-index')).length, 0, 'index requests');
    });
  });

  describe('when loading', () => {
    it('says so in the live region and reflects busy', async () => {
      await sandbox.fault({ path: '/search-index', delayMs: 800, times: 1 });
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await el.updateComplete;
      input(el).focus();
      await el.updateComplete;
      expect(el.state).to.equal('loading');
      expect(el.hasAttribute('busy')).to.equal(true);
      expect(status(el)).to.match(/loading/i);
      expect(input(el).getAttribute('aria-busy')).to.equal('true');
      await expectAccessible(el);
      await ready(el);
      expect(el.hasAttribute('busy')).to.equal(false);
    });
  });

  describe('when there are results', () => {
    it('shows links with title, type, date and highlighted excerpt, and announces the count', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      const detail = await type(el, 'podcasting');
      expect(detail.total).to.be.greaterThan(0);
      expect(el.state).to.equal('results');
      expect(input(el).getAttribute('aria-expanded')).to.equal('true');
      const first = options(el)[0]!;
      expect(first.tagName).to.equal('A');
      expect(first.getAttribute('href')).to.match(/^https?:\/\//);
      expect(first.querySelector('[part="title"]')!.textContent).to.match(/podcasting/i);
      expect(first.querySelector('mark')!.textContent!.toLowerCase()).to.equal('podcasting');
      expect(first.querySelector('[part="meta"] time')!.getAttribute('datetime')).to.match(/^\d{4}-/);
      expect(first.querySelector('[part="meta"]')!.textContent).to.match(/post|page|episode|resource|video/i);
      expect(options(el).length).to.be.at.most(8);
      expect(status(el)).to.equal(`${detail.total} ${detail.total === 1 ? 'result' : 'results'}`);
      await expectAccessible(el);
    });

    it('moves with ↑ ↓, follows with Enter (cancelable) and closes with Esc', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await type(el, 'podcasting');
      const box = input(el);
      key(box, { key: 'ArrowDown' });
      await el.updateComplete;
      expect(box.getAttribute('aria-activedescendant')).to.equal(options(el)[0]!.id);
      expect(options(el)[0]!.getAttribute('aria-selected')).to.equal('true');
      key(box, { key: 'ArrowDown' });
      key(box, { key: 'ArrowUp' });
      await el.updateComplete;
      expect(box.getAttribute('aria-activedescendant')).to.equal(options(el)[0]!.id);
      await expectAccessible(el);

      let selected: HubSearchSelectDetail | undefined;
      el.addEventListener(
        'hub-search-select',
        (e) => {
          selected = e.detail;
          e.preventDefault();
        },
        { once: true },
      );
      key(box, { key: 'Enter' });
      expect(selected?.url).to.equal(options(el)[0]!.getAttribute('href'));
      expect(selected?.query).to.equal('podcasting');

      key(box, { key: 'Escape' });
      await el.updateComplete;
      expect(box.getAttribute('aria-expanded')).to.equal('false');
      expect(el.hasAttribute('open')).to.equal(false);
    });

    it('matches the last word as a prefix while typing, and forgives a typo in a longer word', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      const prefix = await type(el, 'podca');
      expect(prefix.total).to.be.greaterThan(0);
      input(el).value = '';
      el.value = '';
      const typo = await type(el, 'podcsting');
      expect(typo.entries.map((e) => e.id)).to.include(prefix.entries[0]!.id);
    });

    it('keeps to the limit and the types filter', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, limit: '3', types: 'page' });
      const detail = await type(el, 'the');
      expect(options(el).length).to.be.at.most(3);
      for (const entry of detail.entries) expect(entry.type).to.equal('page');
    });

    it('searches the same query again when the limit changes', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, limit: '1' });
      const first = await type(el, 'the');
      expect(first.entries).to.have.length(1);
      const again = results(el);
      el.limit = 3;
      const detail = await again;
      expect(detail.query).to.equal('the');
      expect(detail.entries.length).to.be.greaterThan(1);
      await el.updateComplete;
      expect(options(el).length).to.equal(detail.entries.length);
    });
  });

  describe('when nothing matches', () => {
    it('says so, not an error', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      const detail = await type(el, 'zzqxvv');
      expect(detail.total).to.equal(0);
      expect(el.state).to.equal('empty');
      expect(panelText(el)).to.contain('No results for “zzqxvv”');
      expect(status(el)).to.match(/no results/i);
      await expectAccessible(el);
    });
  });

  describe('when the first fetch fails', () => {
    it('shows an error with a retry that recovers', async () => {
      await sandbox.fault({ path: '/search-index', status: 500, times: 1 });
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await el.updateComplete;
      const failed = new Promise((resolve) => el.addEventListener('hub-search-error', resolve, { once: true }));
      input(el).focus();
      await failed;
      await el.updateComplete;
      expect(el.state).to.equal('error');
      expect(panelText(el)).to.match(/could not be loaded/i);
      expect(panelText(el)).to.not.match(/no results/i);
      await expectAccessible(el);
      const retry = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!;
      const loaded = ready(el);
      retry.click();
      await loaded;
      const detail = await type(el, 'podcasting');
      expect(detail.total).to.be.greaterThan(0);
    });
  });

  describe('when it is not set up right', () => {
    it('tells the visitor in words, and the developer in the console, once', async () => {
      const logged: string[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
      try {
        for (const tenant of ['..', '']) {
          const el = mount({ tenant, 'base-url': sandbox.baseUrl });
          await el.updateComplete;
          const failed = new Promise((resolve) => el.addEventListener('hub-search-error', resolve, { once: true }));
          input(el).focus();
          await failed;
          await el.updateComplete;
          expect(panelText(el)).to.match(/search is not set up correctly on this page/i);
          expect(panelText(el)).not.to.match(/hub-kit:|tenant attribute|identifier/i);
        }
      } finally {
        console.error = original;
      }
      expect(logged.filter((l) => /not a valid identifier/.test(l))).to.have.length(1);
      expect(logged.filter((l) => /needs a tenant attribute/.test(l))).to.have.length(1);
      expect(await sandbox.requests('/search-index')).to.have.length(0);
    });
  });

  describe('when two are on one page', () => {
    it('they make one request, and a later one within freshness makes none', async () => {
      const a = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, preload: true });
      const b = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, preload: true, 'no-shortcut': true });
      await Promise.all([ready(a), ready(b)]);
      expect(await sandbox.requests('/search-index')).to.have.length(1);
      a.remove();
      const c = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, preload: true });
      await ready(c);
      expect((await type(c, 'podcasting')).total).to.be.greaterThan(0);
      expect(await sandbox.requests('/search-index')).to.have.length(1);
    });
  });

  describe('when the content is hostile', () => {
    it('renders titles and excerpts as text and links only http(s) URLs', async () => {
      const el = mount({ tenant: 'hostile', 'base-url': sandbox.baseUrl, limit: '50' });
      await type(el, 'entry');
      const root = el.shadowRoot!;
      expect(root.querySelector('script, img, b, em')).to.equal(null);
      for (const a of root.querySelectorAll('a')) expect(a.href).to.match(/^https?:/);
      const disabled = options(el).filter((o) => o.tagName !== 'A');
      expect(disabled.length).to.be.greaterThan(0);
      for (const o of disabled) expect(o.getAttribute('aria-disabled')).to.equal('true');
      input(el).value = '';
      el.value = '';
      await type(el, 'scripted');
      expect(options(el)[0]!.textContent).to.contain('<script>');
      await expectAccessible(el);
    });
  });

  describe('when text has accents or is CJK', () => {
    it('finds café by cafe and CJK words inside a run', async () => {
      await sandbox.addTenant({
        slug: 'intl',
        search_index: [
          { id: 'a', type: 'post', title: 'Le café du matin', url: '/hub/posts/cafe', excerpt: 'Crème brûlée' },
          { id: 'b', type: 'post', title: '東京の旅行ガイド', url: '/hub/posts/tokyo', excerpt: '京都と大阪も' },
          { id: 'c', type: 'post', title: 'Something else', url: '/hub/posts/else' },
        ],
      });
      const el = mount({ tenant: 'intl', 'base-url': sandbox.baseUrl });
      expect((await type(el, 'cafe')).entries.map((e) => e.id)).to.deep.equal(['a']);
      expect(options(el)[0]!.querySelector('mark')!.textContent).to.equal('café');
      input(el).value = '';
      el.value = '';
      expect((await type(el, '旅行')).entries.map((e) => e.id)).to.deep.equal(['b']);
      expect(options(el)[0]!.querySelector('mark')!.textContent).to.equal('旅行');
      input(el).value = '';
      el.value = '';
      expect((await type(el, 'creme brulee')).entries.map((e) => e.id)).to.deep.equal(['a']);
    });
  });

  describe('when an IME is composing', () => {
    it('does not search mid-composition, and Enter there does not follow a result', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await type(el, 'podcasting');
      const box = input(el);
      let searched = 0;
      let followed = 0;
      el.addEventListener('hub-search-results', () => searched++);
      el.addEventListener('hub-search-select', (e) => {
        followed++;
        e.preventDefault();
      });
      box.dispatchEvent(new CompositionEvent('compositionstart', { data: '' }));
      box.value = 'podcasting と';
      box.dispatchEvent(new InputEvent('input', { data: 'と', isComposing: true, inputType: 'insertCompositionText' }));
      key(box, { key: 'ArrowDown' });
      key(box, { key: 'Enter', isComposing: true });
      key(box, { key: 'Enter', keyCode: 229 } as KeyboardEventInit);
      await el.updateComplete;
      await wait(50);
      expect(searched).to.equal(0);
      expect(followed).to.equal(0);
      const done = results(el);
      box.dispatchEvent(new CompositionEvent('compositionend', { data: 'と' }));
      await done;
      expect(el.value).to.equal('podcasting と');
    });
  });

  describe('when the shortcut is pressed', () => {
    it('Ctrl/Cmd+K and / focus it, but / typed in another field stays there', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await el.updateComplete;
      const other = document.createElement('input');
      document.body.append(other);
      mounted.push(other);
      other.focus();
      const slashInField = key(other, { key: '/' });
      expect(slashInField.defaultPrevented).to.equal(false);
      expect(el.shadowRoot!.activeElement).to.equal(null);
      const ctrlK = key(other, { key: 'k', ctrlKey: true });
      expect(ctrlK.defaultPrevented).to.equal(true);
      expect(el.shadowRoot!.activeElement).to.equal(input(el));
      input(el).blur();
      document.body.focus();
      const slash = key(document.body, { key: '/' });
      expect(slash.defaultPrevented).to.equal(true);
      expect(el.shadowRoot!.activeElement).to.equal(input(el));
    });
  });

  describe('when there are recent searches', () => {
    it('keeps them on this device, offers them as options, and clears them', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await type(el, 'podcasting');
      el.addEventListener('hub-search-select', (e) => e.preventDefault(), { once: true });
      key(input(el), { key: 'Enter' });
      expect(JSON.parse(localStorage.getItem('hub-kit:recent-searches:demo')!)).to.deep.equal(['podcasting']);
      input(el).value = '';
      el.value = '';
      await el.updateComplete;
      expect(options(el).map((o) => o.textContent!.trim())).to.deep.equal(['podcasting']);
      expect(listbox(el).getAttribute('aria-label')).to.equal('Recent searches');
      await expectAccessible(el);
      key(input(el), { key: 'ArrowDown' });
      const done = results(el);
      key(input(el), { key: 'Enter' });
      expect((await done).query).to.equal('podcasting');
      input(el).value = '';
      el.value = '';
      await el.updateComplete;
      el.shadowRoot!.querySelector<HTMLButtonElement>('.heading button')!.click();
      await el.updateComplete;
      expect(options(el)).to.have.length(0);
      expect(localStorage.getItem('hub-kit:recent-searches:demo')).to.equal(null);
    });
  });

  describe('when in dialog mode', () => {
    it('opens from its button or the shortcut, is accessible open, and Esc returns focus', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, mode: 'dialog' });
      await el.updateComplete;
      await expectAccessible(el);
      const trigger = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="trigger"]')!;
      const dialog = el.shadowRoot!.querySelector('dialog')!;
      trigger.click();
      await el.updateComplete;
      expect(dialog.open).to.equal(true);
      expect(el.shadowRoot!.activeElement).to.equal(input(el));
      await type(el, 'podcasting');
      await expectAccessible(el);
      key(input(el), { key: 'Escape' });
      await el.updateComplete;
      expect(dialog.open).to.equal(false);
      await until(() => el.shadowRoot!.activeElement === trigger, 'focus back on the trigger');
      key(document.body, { key: 'k', metaKey: true });
      await el.updateComplete;
      expect(dialog.open).to.equal(true);
      el.close();
    });
  });
});
