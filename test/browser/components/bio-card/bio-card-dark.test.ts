/**
 * <bio-card> on a system set to dark, in every browser. This file runs in the "dark-system"
 * group of web-test-runner.config.mjs, whose browsers are dark by their own settings:
 * Chromium's emulated colour scheme, Firefox's `ui.systemUsesDarkTheme` pref, and a dark GTK
 * theme for WebKitGTK. Nothing here is skipped: a browser that is not dark fails.
 */
import { expect } from 'chai';
import type { BioCard } from '../../../../components/bio-card/bio-card.js';
import '../../../../components/bio-card/define.js';
import { expectAccessible, mountTag } from '../../helpers/dom.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';

describe('<bio-card> when the system is dark', () => {
  let sandbox: Sandbox;
  const mounted: Element[] = [];
  beforeEach(() => (sandbox = newSandbox()));
  afterEach(() => mounted.splice(0).forEach((el) => el.remove()));

  it('the browser reports a dark system', () => {
    expect(matchMedia('(prefers-color-scheme: dark)').matches).to.equal(true);
  });

  it('switches to the dark tokens and stays accessible', async () => {
    const el = mountTag<BioCard>('bio-card', { tenant: 'demo', 'base-url': sandbox.baseUrl }, mounted);
    await new Promise((resolve) => el.addEventListener('bio-card-load', resolve, { once: true }));
    await el.updateComplete;
    const card = el.shadowRoot!.querySelector('[part~="card"]')!;
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(22, 24, 29)');
    await expectAccessible(el);
  });
});
