import { expect } from 'chai';
import { LitElement } from 'lit';
import { PollController } from '../../../components/controllers/poll.js';
import { until, wait } from '../helpers/dom.js';

/** Ticks every `every` ms, counting ticks; a tick can be held open to see what aborts it. */
class PollHost extends LitElement {
  ticks = 0;
  /** When each tick started (performance.now()). */
  times: number[] = [];
  every = 30;
  next: number | false = 30;
  hold: Promise<void> | undefined;
  signals: AbortSignal[] = [];
  poll = new PollController(this, {
    tick: async (signal) => {
      // What this tick will answer is decided when it starts.
      const next = this.next;
      this.ticks++;
      this.times.push(performance.now());
      this.signals.push(signal);
      await this.hold;
      return next;
    },
  });
}
customElements.define('poll-host', PollHost);

describe('PollController', () => {
  let host: PollHost;
  let hidden = false;
  const setHidden = (value: boolean) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  /** The ticks over `ms`: to show that none come, a window several waits long. */
  async function ticksDuring(ms: number): Promise<number> {
    const before = host.ticks;
    await wait(ms);
    return host.ticks - before;
  }

  beforeEach(() => {
    hidden = false;
    // The test cannot hide its own tab in every browser; it overrides what the page reads.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    host = document.createElement('poll-host') as PollHost;
    document.body.append(host);
  });
  afterEach(() => {
    host.remove();
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('waits to be started', async () => {
    expect(await ticksDuring(150)).to.equal(0);
  });

  it('ticks at once when started, then again after each wait, until stopped', async () => {
    host.poll.start();
    expect(host.ticks).to.equal(1);
    await until(() => host.ticks >= 4, 'three more ticks');
    host.poll.stop();
    expect(host.signals.at(-1)!.aborted).to.equal(true);
    expect(await ticksDuring(200)).to.equal(0);
  });

  it('waits as long as the tick asks', async () => {
    host.next = 400;
    host.poll.start();
    await until(() => host.ticks === 2, 'the second tick');
    // At least the 400 ms asked for (a timer may fire a millisecond early in some engines); a
    // busy machine may make it later, never sooner.
    expect(host.times[1]! - host.times[0]!).to.be.at.least(399);
  });

  it('asks for nothing while the page is hidden, and ticks at once when it is shown', async () => {
    host.poll.start();
    setHidden(true);
    expect(host.signals.at(-1)!.aborted).to.equal(true);
    expect(await ticksDuring(200)).to.equal(0);
    setHidden(false);
    expect(host.ticks).to.equal(2);
  });

  it('stops when the host leaves the page and picks up when it is back', async () => {
    host.poll.start();
    host.remove();
    expect(host.signals.at(-1)!.aborted).to.equal(true);
    expect(await ticksDuring(200)).to.equal(0);
    document.body.append(host);
    expect(host.ticks).to.equal(2);
    await until(() => host.ticks >= 3, 'ticking on');
  });

  it('does not start a hidden page or a host off the page', async () => {
    host.remove();
    host.poll.start();
    setHidden(true);
    document.body.append(host);
    expect(await ticksDuring(200)).to.equal(0);
    setHidden(false);
    expect(host.ticks).to.equal(1);
  });

  it('stops for good when a tick says so, until started again', async () => {
    host.next = false;
    host.poll.start();
    setHidden(true);
    setHidden(false);
    expect(await ticksDuring(200)).to.equal(0);
    host.next = 30;
    host.poll.start();
    await until(() => host.ticks >= 3, 'ticking again');
  });

  it('a tick still under way when ticking starts again has no say: its answer is dropped', async () => {
    let release!: () => void;
    host.hold = new Promise((resolve) => (release = resolve));
    host.next = false;
    host.poll.start();
    host.next = 30;
    host.poll.start();
    expect(host.signals[0]!.aborted).to.equal(true);
    host.hold = undefined;
    // The first tick answers "stop", the second "on": the second is the one that counts.
    release();
    await until(() => host.ticks >= 4, 'ticking on');
    host.poll.stop();
    expect(await ticksDuring(200)).to.equal(0);
  });
});
