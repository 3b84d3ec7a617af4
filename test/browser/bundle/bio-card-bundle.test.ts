/**
 * The built bundle, as a creator embeds it, against a service on another origin that goes
 * away and comes back: CORS, the cache across an outage, and the error state.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import type { BioCard } from '../../../components/bio-card/bio-card.js';
import { browserName, expectAccessible, wait } from '../helpers/dom.js';

const REMOTE = `bio-card-${browserName()}`;
const remote = (action: 'start' | 'stop') =>
  executeServerCommand<{ url: string }, { action: string; name: string }>('remote-stand-in', { action, name: REMOTE });

function settle(el: BioCard): Promise<string> {
  return new Promise((resolve) => {
    el.addEventListener('bio-card-load', () => resolve('load'), { once: true });
    el.addEventListener('bio-card-error', () => resolve('error'), { once: true });
  });
}

function mount(attrs: Record<string, string>): BioCard {
  const el = document.createElement('bio-card') as BioCard;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

const BUNDLE = '/dist/hub-kit.js';

describe('<bio-card> from dist/hub-kit.js, against a service on another origin', () => {
  let base: string;

  before(async () => {
    await import(/* @vite-ignore */ BUNDLE);
    const { url } = (await remote('start'))!;
    expect(new URL(url).origin).not.to.equal(location.origin);
    base = `${url}/__sandbox/${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
  });
  after(async () => {
    await remote('start');
    document.querySelectorAll('bio-card').forEach((el) => el.remove());
  });

  it('is accessible', async () => {
    const el = mount({ tenant: 'demo', 'base-url': base, 'no-presence': '' });
    expect(await settle(el)).to.equal('load');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="name"]')!.textContent).to.equal('Abdullah Metz');
    // Seeded relative links are made absolute by the service, on its own origin.
    const link = el.shadowRoot!.querySelector('[part="link"]') as HTMLAnchorElement;
    expect(new URL(link.href).origin).to.equal(new URL(base).origin);
    await expectAccessible(el);
  });

  describe('when the service goes away', () => {
    it('shows the saved copy for a known profile and an error state for an unknown one', async () => {
      await remote('stop');
      const cached = mount({ tenant: 'demo', 'base-url': base, 'no-presence': '' });
      expect(await settle(cached)).to.equal('load');
      await cached.updateComplete;
      expect(cached.shadowRoot!.querySelector('[part="name"]')!.textContent).to.equal('Abdullah Metz');

      // Past freshness the saved copy is still the answer while the service is unreachable.
      const Card = customElements.get('bio-card') as unknown as typeof BioCard;
      const clock = Card.clock;
      Card.clock = () => Date.now() + 10 * 60_000;
      try {
        const stale = mount({ tenant: 'demo', 'base-url': base, 'no-presence': '' });
        expect(await settle(stale)).to.equal('load');
        await stale.updateComplete;
        await wait(100);
        expect(stale.state).to.equal('ready');
      } finally {
        Card.clock = clock;
      }

      const unknown = mount({ tenant: 'hostile', 'base-url': base, 'no-presence': '' });
      expect(await settle(unknown)).to.equal('error');
      await unknown.updateComplete;
      expect(unknown.state).to.equal('error');
      expect(unknown.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('cannot be reached');
      await expectAccessible(unknown);

      // Back online: "Try again" loads it.
      await remote('start');
      const loadedAgain = settle(unknown);
      (unknown.shadowRoot!.querySelector('[part="retry"]') as HTMLButtonElement).click();
      expect(await loadedAgain).to.equal('load');
      await unknown.updateComplete;
      expect(unknown.state).to.equal('ready');
      await expectAccessible(unknown);
    });
  });
});
