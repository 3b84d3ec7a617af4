import { expect } from 'chai';
import { BioCard } from '../../../../components/bio-card/bio-card.js';
import '../../../../components/bio-card/define.js';
import { hostileBio, UNSAFE_URLS } from '../../../fixtures/hostile.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';
import { expectAccessible, staysAt, until, wait } from '../../helpers/dom.js';

const mounted: Element[] = [];
function mount(attrs: Record<string, string | true>, parent: Element = document.body): BioCard {
  const el = document.createElement('bio-card');
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value === true ? '' : value);
  parent.append(el);
  mounted.push(el);
  return el;
}

function loaded(el: BioCard): Promise<CustomEvent> {
  return new Promise((resolve) => el.addEventListener('bio-card-load', (e) => resolve(e), { once: true }));
}

const shadow = (el: BioCard) => el.shadowRoot!;
const hrefs = (el: BioCard) => [...shadow(el).querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
const partText = (el: BioCard, part: string) =>
  shadow(el).querySelector(`[part~="${part}"]`)?.textContent?.replace(/\s+/g, ' ').trim();

function box(el: Element) {
  const r = el.getBoundingClientRect();
  return { width: Math.round(r.width), height: Math.round(r.height) };
}

describe('<bio-card>', () => {
  let sandbox: Sandbox;
  const realClock = BioCard.clock;

  beforeEach(() => {
    sandbox = newSandbox();
  });
  afterEach(() => {
    BioCard.clock = realClock;
    for (const el of mounted.splice(0)) el.remove();
  });

  it('is accessible', async () => {
    const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
    await loaded(el);
    await el.updateComplete;
    await expectAccessible(el);
  });

  it('starts its loads within an update, not by asking for another right after it', async () => {
    // Lit's dev mode warns "scheduled an update after an update completed" once per page;
    // this counts every time it would: an update still pending once updated() has run.
    const proto = BioCard.prototype as unknown as { updated(changed: unknown): void };
    const updated = proto.updated;
    let after = 0;
    proto.updated = function (this: BioCard, changed: unknown) {
      updated.call(this, changed);
      if (this.isUpdatePending) after++;
    };
    try {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await loaded(el);
      await el.updateComplete;
      el.setAttribute('tenant', 'hostile');
      await loaded(el);
      await el.updateComplete;
    } finally {
      proto.updated = updated;
    }
    expect(after).to.equal(0);
  });

  describe('defaults', () => {
    it('has the full variant, presence on, no busy or offline flag once loaded', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      expect(el.variant).to.equal('full');
      expect(el.noPresence).to.equal(false);
      expect(el.presenceInterval).to.equal(30);
      expect(el.headingLevel).to.equal(2);
      await loaded(el);
      await el.updateComplete;
      expect(el.state).to.equal('ready');
      expect(el.hasAttribute('busy')).to.equal(false);
      expect(el.hasAttribute('offline')).to.equal(false);
    });

    it('is registered once, and define() may be called again', () => {
      expect(customElements.get('bio-card')).to.equal(BioCard);
      expect(() => BioCard.define()).not.to.throw();
    });
  });

  describe('when loading', () => {
    it('shows an accessible skeleton, busy, in the box the loaded card keeps', async () => {
      await sandbox.fault({ path: '/bio', delayMs: 800, times: 1 });
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await el.updateComplete;
      await until(() => el.hasAttribute('busy'), 'busy');
      expect(el.state).to.equal('loading');
      expect(shadow(el).querySelector('[aria-busy="true"]')).to.exist;
      await expectAccessible(el);
      const before = box(el);
      await loaded(el);
      await el.updateComplete;
      expect(box(el)).to.deep.equal(before);
      expect(before.height).to.be.greaterThan(100);
    });

    it('keeps the compact box too', async () => {
      await sandbox.fault({ path: '/bio', delayMs: 500, times: 1 });
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, variant: 'compact' });
      await el.updateComplete;
      const before = box(el);
      await loaded(el);
      await el.updateComplete;
      expect(box(el)).to.deep.equal(before);
    });
  });

  describe('when loaded', () => {
    it('shows avatar, name, handle, bio, links and socials as text', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      const event = await loaded(el);
      await el.updateComplete;
      expect(event.detail.source).to.equal('network');
      expect(event.bubbles && event.composed).to.equal(true);
      expect(partText(el, 'name')).to.equal('Abdullah Metz');
      expect(partText(el, 'handle')).to.equal('@abdullahmetz');
      expect(partText(el, 'bio')).to.contain('weekly letter');
      const heading = shadow(el).querySelector('[part="name"]')!;
      expect(heading.getAttribute('role')).to.equal('heading');
      expect(heading.getAttribute('aria-level')).to.equal('2');
      const avatar = shadow(el).querySelector('img[part="avatar"]') as HTMLImageElement;
      expect(avatar.src).to.match(/^http:\/\/.+\/__stand-in\/avatars\/demo\.svg$/);
      const links = [...shadow(el).querySelectorAll('[part="link"]')].map((a) => a.textContent?.trim());
      expect(links).to.include.members(['Read the newsletter', 'Podcast', 'Write to me']);
      expect(hrefs(el)).to.include('mailto:abdullahmetz@example.com');
      const socials = [...shadow(el).querySelectorAll('[part="social"]')].map((a) => a.textContent?.trim());
      expect(socials).to.deep.equal(['Mastodon', 'Bluesky', 'YouTube', 'Instagram']);
    });

    it('reads the profile through the cache: a second card sends no second request', async () => {
      const first = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await loaded(first);
      const second = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, variant: 'compact' });
      const event = await loaded(second);
      expect(event.detail.source).to.equal('cache');
      expect(await sandbox.requests('/bio', 'GET')).to.have.length(1);
    });

    it('honours heading-level', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, 'heading-level': '3' });
      await loaded(el);
      await el.updateComplete;
      expect(shadow(el).querySelector('[part="name"]')!.getAttribute('aria-level')).to.equal('3');
    });
  });

  describe('when the payload is hostile', () => {
    it('renders text as text and links only http, https and mailto', async () => {
      const el = mount({ tenant: 'hostile', 'base-url': sandbox.baseUrl });
      await loaded(el);
      await el.updateComplete;
      const root = shadow(el);
      expect(root.querySelector('script')).to.equal(null);
      expect(root.querySelector('img:not([part="avatar"])')).to.equal(null);
      expect(root.querySelector('svg')).to.equal(null);
      expect(root.querySelector('b')).to.equal(null);
      // The avatar URL is javascript:, so initials stand in for it.
      expect(root.querySelector('img[part="avatar"]')).to.equal(null);
      // The stand-in's tenant `hostile` is the fixture's: its texts come back as written.
      expect(partText(el, 'name')).to.equal(hostileBio().name);
      expect(partText(el, 'bio')).to.contain('<img src=x');
      for (const href of hrefs(el)) expect(href).to.match(/^(https?:\/\/|mailto:)/);
      expect(hrefs(el)).to.deep.equal([
        'https://example.com/safe',
        'mailto:mallory@example.com',
        'https://example.com/untitled',
        'https://bsky.example/profile/mallory',
      ]);
      await expectAccessible(el);
    });

    it('drops every script-bearing URL form, avatars included', async () => {
      await sandbox.addTenant({
        slug: 'odd',
        bio: {
          name: 'Odd',
          avatar_url: 'data:image/svg+xml,<svg onload=alert(1)>',
          links: [...UNSAFE_URLS.map((url, n) => ({ title: `unsafe ${n}`, url })), { title: 'f', url: 'https://ok.example/' }],
          socials: [{ network: 'x', url: 'javascript:alert(1)' }],
        },
      });
      const el = mount({ tenant: 'odd', 'base-url': sandbox.baseUrl });
      await loaded(el);
      await el.updateComplete;
      expect(hrefs(el)).to.deep.equal(['https://ok.example/']);
      expect(shadow(el).querySelector('img')).to.equal(null);
      expect(partText(el, 'avatar')).to.equal('O');
    });
  });

  describe('when the profile has thousands of links', () => {
    it('shows twelve, then a "more" disclosure a keyboard reaches', async () => {
      const links = Array.from({ length: 5000 }, (_, n) => ({ title: `Link ${n + 1}`, url: `https://example.com/${n + 1}` }));
      await sandbox.addTenant({ slug: 'many', bio: { name: 'Many Links', links } });
      const el = mount({ tenant: 'many', 'base-url': sandbox.baseUrl, 'no-presence': true });
      await loaded(el);
      await el.updateComplete;
      const root = shadow(el);
      expect(root.querySelectorAll('a[part="link"]')).to.have.length(12);
      const more = root.querySelector<HTMLButtonElement>('button[part="more"]')!;
      expect(more.textContent!.trim()).to.equal('Show 4,988 more links');
      expect(more.getAttribute('aria-expanded')).to.equal('false');
      // What Tab reaches: the twelve links, the button, the scrolling body; nothing else.
      const stops = [...root.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]')].filter((n) => n.tabIndex >= 0);
      expect(stops).to.have.length(14);
      await expectAccessible(el);

      more.focus();
      more.click();
      await el.updateComplete;
      expect(more.getAttribute('aria-expanded')).to.equal('true');
      expect(more.textContent!.trim()).to.equal('Show fewer links');
      expect(root.activeElement).to.equal(more);
      expect(root.querySelectorAll('a[part="link"]')).to.have.length(5000);
      // The rest come after the button, where Tab goes next.
      const rest = root.getElementById(more.getAttribute('aria-controls')!)!;
      expect(more.compareDocumentPosition(rest) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      expect(rest.querySelector('a')!.textContent).to.equal('Link 13');

      more.click();
      await el.updateComplete;
      expect(root.querySelectorAll('a[part="link"]')).to.have.length(12);
    });
  });

  describe('when compact', () => {
    it('shows name, handle and presence in a smaller box, without links', async () => {
      const full = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, variant: 'compact' });
      await Promise.all([loaded(full), loaded(el)]);
      await el.updateComplete;
      expect(partText(el, 'name')).to.equal('Abdullah Metz');
      expect(shadow(el).querySelector('[part="links"]')).to.equal(null);
      expect(box(el).height).to.be.lessThan(box(full).height / 3);
      await expectAccessible(el);
    });
  });

  describe('when the data has presence', () => {
    it('shows a live badge and the online count', async () => {
      await sandbox.addTenant({ slug: 'live', bio: { name: 'Live One' }, presence: { data: { live: true, online: 1234 } } });
      const el = mount({ tenant: 'live', 'base-url': sandbox.baseUrl });
      await until(() => !!shadow(el).querySelector('[part="live"]'), 'live badge');
      expect(partText(el, 'live')).to.equal('Live');
      expect(partText(el, 'online')).to.equal('1,234 online');
      await expectAccessible(el);
    });

    it('shows neither when presence has neither', async () => {
      await sandbox.addTenant({ slug: 'quiet', bio: { name: 'Quiet' }, presence: { data: { note: 'x' } } });
      const el = mount({ tenant: 'quiet', 'base-url': sandbox.baseUrl });
      await new Promise((resolve) => el.addEventListener('bio-card-presence', resolve, { once: true }));
      await el.updateComplete;
      expect(shadow(el).querySelector('[part="presence"]')).to.equal(null);
    });

    it('does not ask with no-presence', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, 'no-presence': true });
      await loaded(el);
      await staysAt(async () => (await sandbox.requests('/presence')).length, 0, 'presence requests');
    });
  });

  describe('when presence changes on a profile with thousands of links', () => {
    /** Presence that changes every second and is always live, so each tick renders the same parts. */
    const LIVE = { step: 1, peak: 100_000, live_every: 3600, live_for: 3600 };
    const links = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` }));

    /**
     * Watches `el` from one presence tick's event to the end of its render: the template
     * parts Lit sets in it (Lit's development build, which the tests run, reports each one
     * when asked), and the DOM changes outside the presence line.
     */
    async function nextTick(el: BioCard): Promise<{ parts: number; outside: MutationRecord[]; before: string; after: string }> {
      const before = partText(el, 'online')!;
      let parts = 0;
      const onDebug = (event: Event) => {
        const { kind, part } = (event as CustomEvent<{ kind: string; part?: { options?: { host?: unknown } } }>).detail;
        if (kind === 'set part' && part?.options?.host === el) parts++;
      };
      const observer = new MutationObserver(() => undefined);
      await new Promise<void>((resolve) =>
        el.addEventListener(
          'bio-card-presence',
          () => {
            (globalThis as { emitLitDebugLogEvents?: boolean }).emitLitDebugLogEvents = true;
            addEventListener('lit-debug', onDebug);
            observer.observe(shadow(el), { subtree: true, childList: true, attributes: true, characterData: true });
            resolve();
          },
          { once: true },
        ),
      );
      await el.updateComplete;
      (globalThis as { emitLitDebugLogEvents?: boolean }).emitLitDebugLogEvents = false;
      removeEventListener('lit-debug', onDebug);
      const inPresence = (node: Node) => !!(node instanceof Element ? node : node.parentElement)?.closest('[part~="presence"]');
      const outside = observer.takeRecords().filter((record) => !inPresence(record.target));
      observer.disconnect();
      return { parts, outside, before, after: partText(el, 'online')! };
    }

    it('re-renders the presence line alone: the same work for 13 links as for 2,000 shown', async function () {
      this.timeout(40_000);
      await sandbox.addTenant({ slug: 'few', bio: { name: 'Few Links', links: links(13) }, presence: LIVE });
      await sandbox.addTenant({ slug: 'many', bio: { name: 'Many Links', links: links(2000) }, presence: LIVE });
      // Each second of the test is a minute for the cache, so every tick finds presence stale.
      const start = Date.now();
      BioCard.clock = () => start + (Date.now() - start) * 60;
      const ticks: Record<string, Awaited<ReturnType<typeof nextTick>>> = {};
      for (const slug of ['few', 'many']) {
        const el = mount({ tenant: slug, 'base-url': sandbox.baseUrl, 'presence-interval': '1' });
        await until(() => !!shadow(el).querySelector('[part="online"]'), 'the first presence');
        shadow(el).querySelector<HTMLButtonElement>('[part="more"]')!.click();
        await el.updateComplete;
        expect(shadow(el).querySelectorAll('a[part="link"]')).to.have.length(slug === 'few' ? 13 : 2000);
        ticks[slug] = await nextTick(el);
        el.remove();
      }
      for (const [slug, tick] of Object.entries(ticks)) {
        expect(tick.after, `${slug}: the count a visitor sees changed`).to.not.equal(tick.before);
        expect(tick.outside.map((r) => `${r.type} ${(r.target as Element).outerHTML ?? r.target.textContent}`), slug).to.deep.equal([]);
        expect(tick.parts, `${slug}: the tick rendered something`).to.be.greaterThan(0);
      }
      expect(ticks.many!.parts, 'parts set by a tick, 2,000 links against 13').to.equal(ticks.few!.parts);
    });
  });

  describe('when the page is visible, then hidden', () => {
    let hidden = false;
    beforeEach(() => {
      hidden = false;
      // The test cannot hide its own tab in every browser; it overrides what the page reads.
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    });
    afterEach(() => {
      delete (document as { visibilityState?: unknown }).visibilityState;
    });
    const setHidden = (value: boolean) => {
      hidden = value;
      document.dispatchEvent(new Event('visibilitychange'));
    };

    it('refreshes presence while visible and stops while hidden', async function () {
      this.timeout(30_000);
      // Each second of the test is a minute for the cache, so every refresh finds presence stale.
      const start = Date.now();
      BioCard.clock = () => start + (Date.now() - start) * 60;
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, 'presence-interval': '1' });
      await loaded(el);
      await until(async () => (await sandbox.requests('/presence')).length >= 3, 'three presence refreshes');
      const presence = async () => (await sandbox.requests('/presence')).length;
      const beforeHidden = await presence();
      setHidden(true);
      // Hidden for several refresh intervals: a refresh already on its way when the page was
      // hidden may still land (at most one), and none starts after it, however slow the machine.
      const hiddenFrom = performance.now();
      let whenHidden = beforeHidden;
      while (performance.now() - hiddenFrom < 2500) {
        whenHidden = await presence();
        expect(whenHidden, 'presence requests while hidden').to.be.at.most(beforeHidden + 1);
        await wait(100);
      }
      setHidden(false);
      await until(async () => (await sandbox.requests('/presence')).length > whenHidden, 'a refresh when visible again');
    });

    it('stays within the presence budget after a 429', async function () {
      this.timeout(30_000);
      const start = Date.now();
      BioCard.clock = () => start + (Date.now() - start) * 60;
      await sandbox.fault({ path: '/presence', status: 429, times: 1, headers: { 'Retry-After': '60' }, body: { message: 'Too Many Attempts.' } });
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, 'presence-interval': '1' });
      await loaded(el);
      await until(async () => (await sandbox.requests('/presence')).length >= 1, 'the first presence request');
      await staysAt(async () => (await sandbox.requests('/presence')).length, 1, 'presence requests after the 429', 3000);
      const presence = await sandbox.requests('/presence');
      expect(presence.map((r) => r.status)).to.deep.equal([429]);
    });
  });

  describe('when there is no data at all', () => {
    it('shows an accessible error state with a retry button', async () => {
      const el = mount({ tenant: 'nobody-here', 'base-url': sandbox.baseUrl });
      const event = await new Promise<CustomEvent>((resolve) =>
        el.addEventListener('bio-card-error', (e) => resolve(e), { once: true }),
      );
      await el.updateComplete;
      expect(event.detail.error).to.be.instanceOf(Error);
      expect(el.state).to.equal('error');
      expect(shadow(el).querySelector('[role="alert"]')?.textContent).to.contain('could not be loaded');
      expect(shadow(el).querySelector('[part="retry"]')).to.exist;
      await expectAccessible(el);
    });

    it('recovers on retry', async () => {
      await sandbox.fault({ path: '/bio', status: 500, times: 1 });
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl });
      await new Promise((resolve) => el.addEventListener('bio-card-error', resolve, { once: true }));
      await el.updateComplete;
      (shadow(el).querySelector('[part="retry"]') as HTMLButtonElement).click();
      await loaded(el);
      await el.updateComplete;
      expect(el.state).to.equal('ready');
    });
  });

  describe('when given its data', () => {
    it('renders it without asking for the profile', async () => {
      const el = mount({
        tenant: 'demo',
        'base-url': sandbox.baseUrl,
        data: JSON.stringify({ data: { name: 'Given', links: [{ title: 'Site', url: 'https://given.example/' }] } }),
      });
      await el.updateComplete;
      expect(partText(el, 'name')).to.equal('Given');
      expect(hrefs(el)).to.deep.equal(['https://given.example/']);
      await staysAt(async () => (await sandbox.requests('/bio')).length, 0, 'profile requests');
    });

    it('takes the data property as well', async () => {
      const el = document.createElement('bio-card');
      el.data = { name: 'From a property', links: [], socials: [] };
      el.noPresence = true;
      document.body.append(el);
      mounted.push(el);
      await el.updateComplete;
      expect(partText(el, 'name')).to.equal('From a property');
    });
  });

  describe('when the page sets data or no-presence after the card connected', () => {
    // A framework that hydrates a server-rendered page (SvelteKit, Nuxt) sets properties
    // after the element has connected and started its reads: the later word must win.
    const held = async () => ((await (await fetch(`${sandbox.baseUrl}/__stand-in/faults`)).json()) as { held: number }).held;
    const release = () => fetch(`${sandbox.baseUrl}/__stand-in/faults/release`, { method: 'POST' });

    it('shows a profile set while its own request is in flight, not that request\'s answer', async () => {
      await sandbox.addTenant({ slug: 'fetched', bio: { name: 'Fetched Profile' }, presence: { data: { online: 7 } } });
      await sandbox.fault({ path: '/bio', hold: true });
      const el = mount({ tenant: 'fetched', 'base-url': sandbox.baseUrl, 'no-presence': true });
      const fromNetwork: unknown[] = [];
      el.addEventListener('bio-card-load', (e) => (e as CustomEvent<{ source: string }>).detail.source !== 'data' && fromNetwork.push(e));
      await until(async () => (await held()) === 1, 'the profile request, held by the service');
      el.data = { name: 'Given Profile', links: [], socials: [] };
      await el.updateComplete;
      expect(partText(el, 'name')).to.equal('Given Profile');
      // A second card of the same tenant shares the request in flight: once it shows the
      // answer, the first card has had that answer too.
      const second = mount({ tenant: 'fetched', 'base-url': sandbox.baseUrl, 'no-presence': true });
      // Listening before the release: the answer may be shown before the release's own answer is read.
      const secondLoaded = loaded(second);
      await release();
      await secondLoaded;
      await second.updateComplete;
      await el.updateComplete;
      expect(partText(second, 'name')).to.equal('Fetched Profile');
      expect(partText(el, 'name')).to.equal('Given Profile');
      expect(fromNetwork).to.have.length(0);
      expect(el.hasAttribute('busy')).to.equal(false);
    });

    it('shows a profile set one task after connecting, and no presence when no-presence follows it', async () => {
      await sandbox.addTenant({ slug: 'late', bio: { name: 'Fetched Profile' }, presence: { data: { online: 7 } } });
      const el = mount({ tenant: 'late', 'base-url': sandbox.baseUrl });
      await new Promise((resolve) => setTimeout(resolve));
      el.data = { name: 'Given Profile', links: [], socials: [] };
      el.noPresence = true;
      await el.updateComplete;
      // The reads the card started when it connected have been answered: a second card
      // of the same tenant, mounted now, reads both from the cache.
      const second = mount({ tenant: 'late', 'base-url': sandbox.baseUrl });
      await loaded(second);
      await until(() => !!shadow(second).querySelector('[part="online"]'), 'the second card\'s presence');
      await el.updateComplete;
      expect(partText(el, 'name')).to.equal('Given Profile');
      expect(partText(el, 'presence')).to.equal(undefined);
    });

    it('replaces a fetched profile with one set after it was shown', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, 'no-presence': true });
      await loaded(el);
      el.data = { name: 'Given Profile', links: [], socials: [] };
      await el.updateComplete;
      expect(partText(el, 'name')).to.equal('Given Profile');
      el.retry();
      await el.updateComplete;
      expect(partText(el, 'name')).to.equal('Given Profile');
    });

    it('clears presence when no-presence turns on while polling, drops the answer in flight and asks no more', async function () {
      this.timeout(30_000);
      await sandbox.addTenant({ slug: 'polled', bio: { name: 'Polled' }, presence: { data: { live: true, online: 7 } } });
      // Each second of the test is a minute for the cache, so every tick finds presence stale.
      const start = Date.now();
      BioCard.clock = () => start + (Date.now() - start) * 60;
      const el = mount({ tenant: 'polled', 'base-url': sandbox.baseUrl, 'presence-interval': '1' });
      const events: unknown[] = [];
      await until(() => partText(el, 'online') === '7 online', 'the first presence');
      // The refresh is held, and answers a count the card has not shown yet.
      await sandbox.fault({ path: '/presence', hold: true, status: 200, body: { data: { live: true, online: 8 } } });
      await until(async () => (await held()) === 1, 'a presence refresh, held by the service');
      el.addEventListener('bio-card-presence', (e) => events.push(e));
      el.noPresence = true;
      await el.updateComplete;
      expect(partText(el, 'presence'), 'the presence line once no-presence is on').to.equal(undefined);
      expect(el.presence === undefined, 'the presence property').to.equal(true);
      // A second card shares the refresh in flight: once it shows that answer, the first had it too.
      const second = mount({ tenant: 'polled', 'base-url': sandbox.baseUrl });
      await release();
      await until(() => partText(second, 'online') === '8 online', 'the held answer, on the second card');
      second.remove();
      await el.updateComplete;
      expect(partText(el, 'presence')).to.equal(undefined);
      expect(events).to.have.length(0);
      const asked = (await sandbox.requests('/presence')).length;
      await staysAt(async () => (await sandbox.requests('/presence')).length, asked, 'presence requests once no-presence is on', 2500);
    });
  });

  describe('when themed', () => {
    it('reads --hub-* properties and exposes parts', async () => {
      const el = mount({ tenant: 'demo', 'base-url': sandbox.baseUrl, 'no-presence': true });
      el.style.setProperty('--hub-bg', 'rgb(1, 2, 3)');
      el.style.setProperty('--hub-bio-card-block-size', '400px');
      await loaded(el);
      await el.updateComplete;
      const card = shadow(el).querySelector('[part~="card"]')!;
      expect(getComputedStyle(card).backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(box(el).height).to.equal(400);
    });
  });
});
