import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { RecentsController } from '../../../components/controllers/recents.js';

const KEY = 'hub-kit:recent-searches:';

/** Shows its tenant's recent searches as a list. */
class RecentsHost extends LitElement {
  static override properties = { tenant: {}, max: { type: Number } };
  tenant = 'alpha';
  max = 3;
  recents = new RecentsController(this, { tenant: () => this.tenant, max: () => this.max });
  override render() {
    return html`<ul>${this.recents.list.map((query) => html`<li>${query}</li>`)}</ul>`;
  }
}
customElements.define('recents-host', RecentsHost);

describe('RecentsController', () => {
  let host: RecentsHost;
  /** What the host shows, after it has rendered. */
  async function shown(): Promise<string[]> {
    await host.updateComplete;
    return [...host.shadowRoot!.querySelectorAll('li')].map((li) => li.textContent!);
  }

  beforeEach(() => {
    localStorage.removeItem(`${KEY}alpha`);
    localStorage.removeItem(`${KEY}beta`);
    host = document.createElement('recents-host') as RecentsHost;
  });
  afterEach(() => host.remove());

  it('reads the saved searches when the host connects', async () => {
    localStorage.setItem(`${KEY}alpha`, JSON.stringify(['one', 'two', 'three', 'four']));
    document.body.append(host);
    expect(await shown(), 'the newest `max`').to.deep.equal(['one', 'two', 'three']);
  });

  it('reads them again when the host comes back: another search box may have saved one meanwhile', async () => {
    document.body.append(host);
    expect(await shown()).to.deep.equal([]);
    host.remove();
    localStorage.setItem(`${KEY}alpha`, JSON.stringify(['saved elsewhere']));
    document.body.append(host);
    expect(await shown()).to.deep.equal(['saved elsewhere']);
  });

  it('remembers a query as the newest, once, keeps `max`, and saves at once', async () => {
    document.body.append(host);
    for (const query of ['a', 'b', 'c', 'a', 'd']) host.recents.remember(query);
    expect(await shown()).to.deep.equal(['d', 'a', 'c']);
    expect(JSON.parse(localStorage.getItem(`${KEY}alpha`)!)).to.deep.equal(['d', 'a', 'c']);
  });

  it('clears the list and forgets it on this device', async () => {
    localStorage.setItem(`${KEY}alpha`, JSON.stringify(['one']));
    document.body.append(host);
    host.recents.clear();
    expect(await shown()).to.deep.equal([]);
    expect(localStorage.getItem(`${KEY}alpha`)).to.equal(null);
  });

  it('reads another tenant’s list when asked to read again', async () => {
    localStorage.setItem(`${KEY}beta`, JSON.stringify(['from beta']));
    document.body.append(host);
    host.recents.remember('from alpha');
    host.tenant = 'beta';
    host.recents.read();
    expect(await shown()).to.deep.equal(['from beta']);
    expect(JSON.parse(localStorage.getItem(`${KEY}alpha`)!)).to.deep.equal(['from alpha']);
  });

  it('keeps nothing with `max` 0 or without a tenant', async () => {
    host.max = 0;
    document.body.append(host);
    host.recents.remember('kept nowhere');
    expect(await shown()).to.deep.equal([]);
    host.max = 3;
    host.tenant = '';
    host.recents.remember('kept nowhere');
    expect(await shown()).to.deep.equal([]);
    expect(localStorage.getItem(`${KEY}alpha`)).to.equal(null);
    expect(localStorage.getItem(KEY)).to.equal(null);
  });
});
