import { expect } from 'chai';
import { until } from '../helpers/dom.js';
import { newSandbox } from '../helpers/sandbox.js';

describe('<bio-card> rendered on the server', () => {
  it('hydrates the declarative shadow DOM without asking for the profile again', async function () {
    // A frame, a hydration and a presence round trip: slow on a machine running three browsers.
    this.timeout(40_000);
    const sandbox = newSandbox();
    const frame = document.createElement('iframe');
    frame.title = 'Server-rendered page';
    frame.src = `/examples/.build/bio-card-ssr.html?base=${encodeURIComponent(sandbox.baseUrl)}`;
    document.body.append(frame);
    try {
      await until(() => frame.contentDocument?.documentElement?.dataset.ready === 'true', 'the page to load', 30_000);
      const win = frame.contentWindow as Window & { ssrNameNode?: Element | null };
      const card = frame.contentDocument!.querySelector('bio-card')!;
      await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;

      // The parser attached the shadow root from the markup, before the element existed.
      expect(win.ssrNameNode, 'declarative shadow DOM').to.exist;
      const name = card.shadowRoot!.querySelector('[part="name"]');
      expect(name).to.equal(win.ssrNameNode);
      expect(name!.textContent).to.equal('Ada Example');
      expect((card as unknown as { state: string }).state).to.equal('ready');

      // Hydrated, so alive: presence arrives and renders into the adopted DOM.
      await until(async () => (await sandbox.requests('/presence')).length > 0, 'a presence request', 25_000);
      await until(() => !!card.shadowRoot!.querySelector('[part="online"]'), 'the online count');
      expect(card.shadowRoot!.querySelector('[part="name"]')).to.equal(win.ssrNameNode);

      expect(await sandbox.requests('/bio')).to.have.length(0);
    } finally {
      frame.remove();
    }
  });
});
