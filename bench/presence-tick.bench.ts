/**
 * What one presence tick costs the page on a profile with 200,000 links: the time from new
 * presence data to the end of `<bio-card>`'s render, which is main-thread time the page
 * cannot use. Runs in the test runner's browsers, one after another:
 *
 *   HUB_BROWSERS=chromium,firefox,webkit npm run test:browser -- --files bench/presence-tick.bench.ts
 *
 * and prints, per browser, the median, the mean and the slowest of RUNS ticks, with the
 * twelve links shown and with all of them. A measurement, not a test: it asserts nothing about
 * time, only that each tick did show its count. The card is given its profile (`data`) and
 * its presence (`presence`, as a tick sets it), so nothing waits on the network. Timers are
 * coarse in some browsers (1 ms in Firefox and WebKit), hence the mean.
 */
import '../components/bio-card/define.js';
import type { BioCard } from '../components/bio-card/bio-card.js';

const LINKS = 200_000;
const RUNS = 15;
const WARM_UP = 3;

const browser = /Firefox\//.test(navigator.userAgent) ? 'firefox' : /Chrome\//.test(navigator.userAgent) ? 'chromium' : 'webkit';

async function measure(expanded: boolean): Promise<void> {
  const card = document.createElement('bio-card') as BioCard;
  card.noPresence = true;
  card.data = {
    name: 'Many Links',
    links: Array.from({ length: LINKS }, (_, i) => ({ title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` })),
    socials: [],
  };
  document.body.append(card);
  try {
    await card.updateComplete;
    if (expanded) {
      card.shadowRoot!.querySelector<HTMLButtonElement>('[part="more"]')!.click();
      await card.updateComplete;
    }
    const shown = card.shadowRoot!.querySelectorAll('a[part="link"]').length;
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const start = performance.now();
      card.presence = { live: i % 2 === 0, online: 1000 + i };
      await card.updateComplete;
      if (i >= WARM_UP) times.push(performance.now() - start);
      const online = card.shadowRoot!.querySelector('[part="online"]')?.textContent;
      if (online !== `${(1000 + i).toLocaleString('en')} online`) throw new Error(`tick ${i} showed ${online}`);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `presence tick, ${browser}, ${LINKS.toLocaleString('en')} links, ${shown.toLocaleString('en')} shown: ` +
        `median ${median.toFixed(1)} ms, mean ${mean.toFixed(2)} ms, slowest ${times.at(-1)!.toFixed(1)} ms (${RUNS} ticks)`,
    );
  } finally {
    card.remove();
  }
}

describe(`a presence tick on a profile with ${LINKS.toLocaleString('en')} links`, function () {
  this.timeout(600_000);
  it('with twelve links shown', () => measure(false));
  it('with every link shown', () => measure(true));
});
