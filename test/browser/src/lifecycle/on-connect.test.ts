import { expect } from 'chai';
import { LitElement } from 'lit';
import { onConnect } from '../../../../src/lifecycle/on-connect.js';

/** A host that counts the `ping` events the window sends it while it is on the page. */
class ConnectionHost extends LitElement {
  pings = 0;
  signals: AbortSignal[] = [];
  constructor() {
    super();
    onConnect(this, (signal) => {
      this.signals.push(signal);
      addEventListener('ping', () => this.pings++, { signal });
    });
  }
}
customElements.define('connection-host', ConnectionHost);

const ping = () => dispatchEvent(new Event('ping'));

describe('onConnect', () => {
  let host: ConnectionHost;
  beforeEach(() => {
    host = document.createElement('connection-host') as ConnectionHost;
  });
  afterEach(() => host.remove());

  it('sets up nothing before the host is on the page', () => {
    ping();
    expect(host.signals).to.have.length(0);
    expect(host.pings).to.equal(0);
  });

  it('sets up on connection, and one abort on disconnection removes what was added', () => {
    document.body.append(host);
    ping();
    expect(host.pings).to.equal(1);
    host.remove();
    expect(host.signals[0]!.aborted).to.equal(true);
    ping();
    expect(host.pings).to.equal(1);
  });

  it('sets up again, with a fresh signal, when the host is put back', () => {
    document.body.append(host);
    host.remove();
    document.body.append(host);
    expect(host.signals).to.have.length(2);
    expect(host.signals[1]!.aborted).to.equal(false);
    ping();
    expect(host.pings).to.equal(1);
  });

  it('moving the host in the DOM leaves one set of listeners, not two', () => {
    const other = document.createElement('div');
    document.body.append(host, other);
    other.append(host);
    ping();
    expect(host.pings).to.equal(1);
    other.remove();
  });
});
