import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { adviceFor } from '../../../../src/api/advice.js';
import { isHubError, type HttpError, type ValidationError } from '../../../../src/api/errors.js';
import {
  claim,
  enqueue,
  flush,
  outboxEvents,
  pending,
  type DeliveredDetail,
  type FailedDetail,
  type OutboxEntry,
} from '../../../../src/outbox/outbox.js';
import { newContext as openContext } from '../../helpers/context.js';
import { staysAt, until } from '../../helpers/dom.js';
import { setOffline } from '../../helpers/network.js';
import { newSandbox, tooManyAttempts, type Sandbox, type StandInRecords } from '../../helpers/sandbox.js';

type OutboxModules = typeof import('../../../../src/outbox/outbox.js');
/** A second tab: its own outbox, channel and timers. */
const newContext = () => openContext<OutboxModules>(['/src/outbox/outbox.ts']);

/** The next event of that type about that entry; other tests' leftovers are ignored. */
function next<D extends DeliveredDetail | FailedDetail | { entry: OutboxEntry }>(
  target: EventTarget,
  type: 'delivered' | 'failed' | 'unconfirmed',
  id: string,
): Promise<D> {
  return new Promise((resolve) => {
    const on = (event: Event) => {
      const detail = (event as CustomEvent<D>).detail;
      if (detail.entry.id !== id) return;
      target.removeEventListener(type, on);
      resolve(detail);
    };
    target.addEventListener(type, on);
  });
}

let counter = 0;
const email = () => `reader${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function signup(baseUrl: string, address = email()) {
  return enqueue({ baseUrl, endpoint: 'subscribe', params: { tenant: 'demo' }, body: { email: address } });
}

const subscribersWith = (records: StandInRecords, address: string) =>
  records.subscribers.filter((r) => r.email === address);

/** Still to be sent, or waiting for the visitor for another reason than a delivery to tell. */
const isPending = async (entry: OutboxEntry) => (await pending()).some((e) => e.id === entry.id && !e.delivered);

describe('outbox', () => {
  let sandbox: Sandbox;

  beforeEach(() => {
    sandbox = newSandbox();
  });

  it('keeps an entry until it is sent, then delivers it once', async () => {
    const entry = await signup(sandbox.baseUrl);
    expect(entry.id).to.be.a('string').and.not.empty;
    expect(await isPending(entry)).to.equal(true);

    const delivered = next<DeliveredDetail>(outboxEvents, 'delivered', entry.id);
    await flush();
    const detail = await delivered;
    expect(detail.entry.body.email).to.equal(entry.body.email);
    expect(await isPending(entry)).to.equal(false);
    expect(subscribersWith(await sandbox.records(), entry.body.email)).to.have.length(1);

    await flush();
    expect(await sandbox.requests('/subscribe', 'POST')).to.have.length(1);
  });

  it('never brings back, from a staged copy its page left behind, an entry it held and has let go', async () => {
    const entry = await signup(sandbox.baseUrl);
    // As a page leaves it that went between writing its send down and saying so: a staged
    // copy a moment old, whose page holds no lock.
    const at = performance.timeOrigin + performance.now();
    localStorage.setItem(`hub-kit:outbox:staged:${entry.id}`, JSON.stringify([at, entry]));
    const delivered = next<DeliveredDetail>(outboxEvents, 'delivered', entry.id);
    await flush();
    await delivered;
    // A form tells the visitor, and the entry leaves the outbox.
    expect((await claim((e) => e.id === entry.id))?.id).to.equal(entry.id);
    await until(() => performance.timeOrigin + performance.now() > at + 2500, 'the staged copy to be old enough to be taken');
    expect((await pending()).map((e) => e.id)).not.to.include(entry.id);
    await flush();
    expect(await sandbox.requests('/subscribe', 'POST')).to.have.length(1);
    expect(localStorage.getItem(`hub-kit:outbox:staged:${entry.id}`)).to.equal(null);
  });

  it('lists what waits, oldest first', async () => {
    const a = await signup(sandbox.baseUrl);
    const b = await signup(sandbox.baseUrl);
    const ids = (await pending()).map((e) => e.id);
    expect(ids).to.include.members([a.id, b.id]);
    expect(ids.indexOf(a.id)).to.be.lessThan(ids.indexOf(b.id));
    await flush();
    expect(await sandbox.requests('/subscribe', 'POST')).to.have.length(2);
  });

  it('survives into a new browsing context, and is sent once when the browser is back online', async () => {
    const name = `outbox-${sandbox.id}`;
    const { url } = (await executeServerCommand('remote-stand-in', { action: 'start', name })) as { url: string };
    const remote = newRemoteSandbox(url, sandbox.id);
    await executeServerCommand('remote-stand-in', { action: 'stop', name });
    setOffline(true);
    let context: Awaited<ReturnType<typeof newContext>> | undefined;
    try {
      const entry = await signup(remote.baseUrl);
      // Offline: a flush sends nothing and keeps the entry.
      await flush();
      expect(await isPending(entry)).to.equal(true);

      // Another context (a tab, or the next page) finds it waiting.
      context = await newContext();
      expect((await context.hub.pending()).map((e) => e.id)).to.include(entry.id);

      // Back online: whichever context flushes first sends it, and every context hears of it.
      const delivered = next<DeliveredDetail>(context.hub.outboxEvents, 'delivered', entry.id);
      await executeServerCommand('remote-stand-in', { action: 'start', name });
      context.hub.startOutbox();
      setOffline(false);
      await delivered;
      await flush();
      expect(await isPending(entry)).to.equal(false);
      const records = await remote.records();
      expect(subscribersWith(records, entry.body.email)).to.have.length(1);
    } finally {
      setOffline(false);
      context?.remove();
      await executeServerCommand('remote-stand-in', { action: 'stop', name });
    }
  });

  it('is sent by the next page that starts the outbox', async () => {
    const writer = await newContext();
    const entry = await writer.hub.enqueue({
      baseUrl: sandbox.baseUrl,
      endpoint: 'subscribe',
      params: { tenant: 'demo' },
      body: { email: email() },
    });
    writer.remove();

    const reader = await newContext();
    try {
      // Whichever page's outbox runs first sends it: the new page, or, when that page is slow
      // to load, this test page, whose retry timers from earlier tests flush the same store.
      const delivered = Promise.race([
        next<DeliveredDetail>(reader.hub.outboxEvents, 'delivered', entry.id),
        next<DeliveredDetail>(outboxEvents, 'delivered', entry.id),
      ]);
      reader.hub.startOutbox();
      reader.hub.startOutbox();
      await delivered;
      expect(subscribersWith(await sandbox.records(), entry.body.email)).to.have.length(1);
    } finally {
      reader.remove();
    }
  });

  it('delivers exactly once when two contexts flush at the same time', async () => {
    const address = email();
    const [a, b] = await Promise.all([newContext(), newContext()]);
    try {
      // Queued in a context, not in this page: this page's own retry timer would otherwise
      // deliver it first when the contexts are slow to load, before they listen.
      const entry = await a.hub.enqueue({
        baseUrl: sandbox.baseUrl,
        endpoint: 'subscribe',
        params: { tenant: 'demo' },
        body: { email: address },
      });
      const seen: string[] = [];
      for (const [label, context] of [['a', a], ['b', b]] as const) {
        context.hub.outboxEvents.addEventListener('delivered', (event) => {
          if ((event as CustomEvent<DeliveredDetail>).detail.entry.id === entry.id) seen.push(label);
        });
      }
      // A slow answer keeps the first sender inside the lock while the second one waits.
      await sandbox.fault({ path: '/subscribe', method: 'POST', delayMs: 500, times: 1 });
      await Promise.all([a.hub.flush(), b.hub.flush()]);
      expect(await isPending(entry)).to.equal(false);
      expect(await sandbox.requests('/subscribe', 'POST')).to.have.length(1);
      expect(subscribersWith(await sandbox.records(), address)).to.have.length(1);
      // The sender hears it from itself, the other context from the channel.
      await until(() => seen.length === 2, 'both events');
      expect([...seen].sort()).to.deep.equal(['a', 'b']);
    } finally {
      a.remove();
      b.remove();
    }
  });

  it('tells another context through the channel when an entry is delivered', async () => {
    const listener = await newContext();
    try {
      listener.hub.startOutbox();
      await listener.hub.flush();
      const entry = await signup(sandbox.baseUrl);
      const heard = next<DeliveredDetail>(listener.hub.outboxEvents, 'delivered', entry.id);
      await flush();
      const detail = await heard;
      expect(detail.entry.id).to.equal(entry.id);
      expect(detail.response).to.be.an('object');
    } finally {
      listener.remove();
    }
  });

  describe('when the service gives a final answer', () => {
    it('keeps an entry the service rejects (422) for the visitor, with its reason, here and in other contexts', async () => {
      const listener = await newContext();
      try {
        listener.hub.startOutbox();
        await listener.hub.flush();
        const entry = await signup(sandbox.baseUrl, 'not-an-email');
        const failed = next<FailedDetail>(outboxEvents, 'failed', entry.id);
        const heard = next<FailedDetail>(listener.hub.outboxEvents, 'failed', entry.id);
        await flush();
        const detail = await failed;
        expect(isHubError(detail.error, 'ValidationError')).to.equal(true);
        expect((detail.error as ValidationError).fieldErrors).to.have.property('email');
        const remote = await heard;
        expect(remote.error.name).to.equal('ValidationError');
        expect((remote.error as ValidationError).fieldErrors).to.have.property('email');
        // Not sent again, and not lost: it waits for a form to give it back.
        await flush();
        expect((await sandbox.requests('/subscribe', 'POST')).map((r) => r.status)).to.deep.equal([422]);
        expect((await pending()).find((e) => e.id === entry.id)?.refused?.name).to.equal('ValidationError');
        const back = await claim((e) => e.id === entry.id);
        expect(back?.body.email).to.equal('not-an-email');
        expect(isHubError(back?.error, 'ValidationError')).to.equal(true);
        expect((back?.error as ValidationError).fieldErrors).to.have.property('email');
        expect(await isPending(entry)).to.equal(false);
        expect(await claim((e) => e.id === entry.id), 'taken once').to.equal(undefined);
      } finally {
        listener.remove();
      }
    });

    it('keeps an entry for an unknown tenant (404), and a 4xx with the service’s reason', async () => {
      const entry = await enqueue({
        baseUrl: sandbox.baseUrl,
        endpoint: 'subscribe',
        params: { tenant: 'no-such-tenant' },
        body: { email: email() },
      });
      const failed = next<FailedDetail>(outboxEvents, 'failed', entry.id);
      await flush();
      const detail = await failed;
      expect(isHubError(detail.error)).to.equal(true);
      expect((detail.error as HttpError).status).to.equal(404);

      await sandbox.fault({ path: '/contact', method: 'POST', status: 403, body: { message: 'Messages are closed.' } });
      const contact = await enqueue({ baseUrl: sandbox.baseUrl, endpoint: 'contact', params: { tenant: 'demo' }, body: { email: email(), message: 'Hi' } });
      const refused = next<FailedDetail>(outboxEvents, 'failed', contact.id);
      await flush();
      expect(adviceFor((await refused).error)).to.deep.equal({ kind: 'forbidden', said: 'Messages are closed.' });
      for (const id of [entry.id, contact.id]) expect(isHubError((await claim((e) => e.id === id))?.error)).to.equal(true);
    });

    it('delivers a signup the service answers 409: the address is already subscribed', async () => {
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 409, body: { message: 'You are already subscribed.' } });
      const entry = await signup(sandbox.baseUrl);
      const delivered = next<DeliveredDetail>(outboxEvents, 'delivered', entry.id);
      await flush();
      expect((await delivered).response).to.deep.include({ already: true, message: 'You are already subscribed.' });
      expect(await isPending(entry)).to.equal(false);
    });
  });

  describe('when a page goes away while its entry is in flight', () => {
    /**
     * A context queues an entry and flushes it; the service stores the POST and holds the
     * answer; the context is removed (its page goes away) mid-send. Resolves when the POST
     * has arrived and the context is gone.
     */
    async function leaveInFlight(endpoint: 'contact' | 'subscribe', address: string): Promise<OutboxEntry> {
      const writer = await newContext();
      const path = endpoint === 'contact' ? '/contact' : '/subscribe';
      await sandbox.fault({ path, method: 'POST', store: true, hold: true });
      const body = endpoint === 'contact' ? { email: address, message: 'Left in flight' } : { email: address };
      const entry = await writer.hub.enqueue({ baseUrl: sandbox.baseUrl, endpoint, params: { tenant: 'demo' }, body } as never);
      void writer.hub.flush();
      const stored = async () => {
        const records = await sandbox.records();
        return [...records.contacts, ...records.subscribers].some((r) => r.email === address);
      };
      await until(stored, 'the POST to arrive');
      // Claimed before it left: marked in flight in the store.
      expect((await pending()).find((e) => e.id === entry.id)?.sending).to.be.a('number');
      writer.remove();
      return entry as OutboxEntry;
    }

    it('a contact message found in flight is never sent again: it waits, unconfirmed, for the visitor', async () => {
      const address = email();
      const entry = await leaveInFlight('contact', address);
      const unconfirmed = next<{ entry: OutboxEntry }>(outboxEvents, 'unconfirmed', entry.id);
      await flush();
      expect((await unconfirmed).entry.unconfirmed).to.equal(true);
      await flush();
      await fetch(`${sandbox.baseUrl}/__stand-in/faults/release`, { method: 'POST' });
      const records = await sandbox.records();
      expect(records.contacts.filter((c) => c.email === address)).to.have.length(1);
      expect((await sandbox.log()).filter((r) => r.method === 'POST' && r.email === address).length).to.be.at.most(1);
      expect((await claim((e) => e.id === entry.id))?.body.email).to.equal(address);
    });

    it('a signup found in flight is sent once more (the service upserts), and delivered', async () => {
      const address = email();
      const entry = await leaveInFlight('subscribe', address);
      const delivered = next<DeliveredDetail>(outboxEvents, 'delivered', entry.id);
      await flush();
      await delivered;
      expect(await isPending(entry)).to.equal(false);
      expect(subscribersWith(await sandbox.records(), address)).to.have.length(1);
      await until(async () => (await sandbox.log()).filter((r) => r.method === 'POST' && r.email === address).length === 2, 'two POSTs of the address');
    });

    it('a signup found in flight whose second send is unknown too waits for the visitor: at most two sends', async () => {
      const address = email();
      const entry = await leaveInFlight('subscribe', address);
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 504, times: 3 });
      const unconfirmed = next<{ entry: OutboxEntry }>(outboxEvents, 'unconfirmed', entry.id);
      await flush();
      await unconfirmed;
      await flush();
      const sent = async () => (await sandbox.log()).filter((r) => r.method === 'POST' && r.email === address).length;
      // The held first send is logged when the stand-in lets it go.
      await fetch(`${sandbox.baseUrl}/__stand-in/faults/release`, { method: 'POST' });
      await until(async () => (await sent()) === 2, 'two sends');
      await staysAt(sent, 2, 'sends of the address', 500);
      await claim((e) => e.id === entry.id);
    });
    it('a signup whose send went unknown is counted in the store before its one re-send leaves: a page gone mid-re-send leads to no third send', async () => {
      const address = email();
      const writer = await newContext();
      // The first send is stored, but its answer is a gateway's 502; the re-send is held.
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 502, store: true });
      await sandbox.fault({ path: '/subscribe', method: 'POST', store: true, hold: true });
      const entry = await writer.hub.enqueue({ baseUrl: sandbox.baseUrl, endpoint: 'subscribe', params: { tenant: 'demo' }, body: { email: address } });
      void writer.hub.flush();
      const held = async () => (await (await fetch(`${sandbox.baseUrl}/__stand-in/faults`, { cache: 'no-store' })).json()).held as number;
      await until(async () => (await held()) === 1, 'the re-send to be held');
      const stored = (await pending()).find((e) => e.id === entry.id);
      expect(stored?.unknowns, 'the unknown first send, counted before the re-send left').to.equal(1);
      expect(stored?.sending).to.be.a('number');
      // The page goes away during the re-send; the next flush finds it in flight a second time.
      writer.remove();
      const unconfirmed = next<{ entry: OutboxEntry }>(outboxEvents, 'unconfirmed', entry.id);
      await flush();
      await unconfirmed;
      await fetch(`${sandbox.baseUrl}/__stand-in/faults/release`, { method: 'POST' });
      const sent = async () => (await sandbox.log()).filter((r) => r.method === 'POST' && r.email === address).length;
      await until(async () => (await sent()) === 2, 'two sends');
      await flush();
      await staysAt(sent, 2, 'sends of the address', 500);
      expect((await claim((e) => e.id === entry.id))?.body.email).to.equal(address);
    });
  });

  describe('when no answer comes', () => {
    it('marks a contact message unconfirmed after one send, never sends it by itself again, and gives it back', async () => {
      const name = `outbox-refused-${sandbox.id}`;
      const { url } = (await executeServerCommand('remote-stand-in', { action: 'start', name })) as { url: string };
      await executeServerCommand('remote-stand-in', { action: 'stop', name });
      const baseUrl = `${url}/__sandbox/${sandbox.id}`;
      const entry = await enqueue({ baseUrl, endpoint: 'contact', params: { tenant: 'demo' }, body: { email: email(), message: 'Hi' } });
      const unconfirmed = next<{ entry: OutboxEntry }>(outboxEvents, 'unconfirmed', entry.id);
      await flush();
      expect((await unconfirmed).entry.unconfirmed).to.equal(true);
      try {
        // The service is back, and every trigger fires: the entry stays where it is, unsent.
        await executeServerCommand('remote-stand-in', { action: 'start', name });
        window.dispatchEvent(new Event('online'));
        await flush();
        const log = async () => ((await (await fetch(`${baseUrl}/__stand-in/log`)).json()) as { requests: unknown[] }).requests;
        await staysAt(async () => (await log()).length, 0, 'requests to the service once it is back', 1500);
        expect((await pending()).find((e) => e.id === entry.id)?.unconfirmed).to.equal(true);
        expect(await log()).to.deep.equal([]);
        // A form of the same target takes it back for the visitor to decide.
        const back = await claim((e) => e.baseUrl === baseUrl && e.endpoint === 'contact');
        expect(back?.id).to.equal(entry.id);
        expect(await isPending(entry)).to.equal(false);
      } finally {
        await executeServerCommand('remote-stand-in', { action: 'stop', name });
      }
    });

    it('sends a signup at most twice before marking it unconfirmed', async () => {
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 504, times: 5 });
      const entry = await signup(sandbox.baseUrl);
      const unconfirmed = next<{ entry: OutboxEntry }>(outboxEvents, 'unconfirmed', entry.id);
      await flush();
      await unconfirmed;
      await flush();
      expect((await sandbox.requests('/subscribe', 'POST')).map((r) => r.status)).to.deep.equal([504, 504]);
      await claim((e) => e.id === entry.id);
    });
  });

  describe('when the service cannot take it yet', () => {
    it('gives a message answered 500 back to the visitor instead of sending it again: a 500 may come after it was stored', async () => {
      await sandbox.fault({ path: '/contact', method: 'POST', status: 500, times: 3 });
      const entry = await enqueue({ baseUrl: sandbox.baseUrl, endpoint: 'contact', params: { tenant: 'demo' }, body: { email: email(), message: 'Once' } });
      const failed = next<FailedDetail>(outboxEvents, 'failed', entry.id);
      await flush();
      expect(adviceFor((await failed).error).kind).to.equal('error');
      await flush();
      expect((await sandbox.requests('/contact', 'POST')).map((r) => r.status)).to.deep.equal([500]);
      expect(((await claim((e) => e.id === entry.id))?.body as { message?: string } | undefined)?.message).to.equal('Once');
    });

    it('keeps it through 503 answers, which took nothing', async () => {
      await sandbox.fault({ path: '/subscribe', method: 'POST', status: 503, times: 3 });
      const entry = await signup(sandbox.baseUrl);
      const delivered = next<DeliveredDetail>(outboxEvents, 'delivered', entry.id);
      await flush();
      // The outbox's own timers may flush too; whichever pass met the 503s kept the entry,
      // or the delivery below could not happen.
      await flush();
      await delivered;
      const statuses = (await sandbox.requests('/subscribe', 'POST')).map((r) => r.status);
      expect(statuses.slice(0, 3)).to.deep.equal([503, 503, 503]);
      expect(statuses.slice(3)).to.have.length(1);
      expect(await isPending(entry)).to.equal(false);
      expect(subscribersWith(await sandbox.records(), entry.body.email)).to.have.length(1);
    });

    it('keeps it through a 429 and sends it when the wait is over', async () => {
      const resetAt = Math.ceil(Date.now() / 1000) + 1;
      await sandbox.fault(tooManyAttempts('/subscribe', 1, { headers: { 'X-RateLimit-Reset': String(resetAt) } }));
      const entry = await signup(sandbox.baseUrl);
      const delivered = next<DeliveredDetail>(outboxEvents, 'delivered', entry.id);
      await flush();
      expect(await isPending(entry)).to.equal(true);
      expect((await sandbox.requests('/subscribe', 'POST')).map((r) => r.status)).to.deep.equal([429]);

      // No one flushes: the outbox's own timer does, once the reset has passed.
      await delivered;
      const statuses = (await sandbox.requests('/subscribe', 'POST')).map((r) => r.status);
      expect(statuses).to.have.length(2);
      expect(statuses[0]).to.equal(429);
      expect(statuses[1]).to.be.within(200, 299);
      expect(subscribersWith(await sandbox.records(), entry.body.email)).to.have.length(1);
    });
  });
});

function newRemoteSandbox(url: string, id: string) {
  const baseUrl = `${url}/__sandbox/${id}`;
  return {
    baseUrl,
    async records(): Promise<StandInRecords> {
      const response = await fetch(`${baseUrl}/__stand-in/records`, { cache: 'no-store' });
      return (await response.json()) as StandInRecords;
    },
  };
}
