import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { HotkeyController } from '../../../components/controllers/hotkey.js';

/** Answers Ctrl/Cmd+K and "/" while `on`, counting the presses it took. */
class HotkeyHost extends LitElement {
  on = true;
  pressed = 0;
  hotkey = new HotkeyController(this, {
    keys: ['mod+k', '/'],
    press: () => this.on && ++this.pressed > 0,
  });
  override render() {
    return html`<input />`;
  }
}
customElements.define('hotkey-host', HotkeyHost);

describe('HotkeyController', () => {
  let host: HotkeyHost;
  const fields: Element[] = [];
  /** A keydown on `target` (the body by default), as the page would see it; answers whether it was taken. */
  function press(init: KeyboardEventInit, target: EventTarget = document.body): boolean {
    const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  }
  function field(markup: string): Element {
    const wrapper = document.createElement('div');
    wrapper.innerHTML = markup;
    document.body.append(wrapper);
    fields.push(wrapper);
    return wrapper.firstElementChild!;
  }

  beforeEach(async () => {
    host = document.createElement('hotkey-host') as HotkeyHost;
    document.body.append(host);
    await host.updateComplete;
  });
  afterEach(() => {
    host.remove();
    for (const f of fields.splice(0)) f.remove();
  });

  it('takes Ctrl+K and ⌘K, in either case, anywhere on the page', () => {
    expect(press({ key: 'k', ctrlKey: true })).to.equal(true);
    expect(press({ key: 'k', metaKey: true })).to.equal(true);
    expect(press({ key: 'K', ctrlKey: true, shiftKey: true })).to.equal(true);
    expect(press({ key: 'k', ctrlKey: true }, field('<input>'))).to.equal(true);
    expect(host.pressed).to.equal(4);
  });

  it('takes "/" only where it would not be typed', () => {
    expect(press({ key: '/' })).to.equal(true);
    for (const markup of ['<input>', '<textarea></textarea>', '<select><option>a</option></select>', '<p contenteditable>x</p>']) {
      expect(press({ key: '/' }, field(markup)), markup).to.equal(false);
    }
    expect(press({ key: '/' }, host.shadowRoot!.querySelector('input')!), 'a field in a shadow root').to.equal(false);
    expect(host.pressed).to.equal(1);
  });

  it('leaves other keys, keys already handled, Alt and IME keys alone', () => {
    expect(press({ key: 'k' })).to.equal(false);
    expect(press({ key: 'j', ctrlKey: true })).to.equal(false);
    expect(press({ key: '/', ctrlKey: true })).to.equal(false);
    expect(press({ key: 'k', ctrlKey: true, altKey: true })).to.equal(false);
    expect(press({ key: 'k', ctrlKey: true, isComposing: true })).to.equal(false);
    const handled = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(host.pressed).to.equal(0);
  });

  it('leaves the key to the page when the host does not take it', () => {
    host.on = false;
    expect(press({ key: 'k', ctrlKey: true })).to.equal(false);
  });

  it('the first host to take a key has it; a second one on the page lets it be', async () => {
    const second = document.createElement('hotkey-host') as HotkeyHost;
    document.body.append(second);
    try {
      expect(press({ key: 'k', ctrlKey: true })).to.equal(true);
      expect(host.pressed + second.pressed).to.equal(1);
    } finally {
      second.remove();
    }
  });

  it('hears nothing while the host is off the page, and again once it is back', () => {
    host.remove();
    expect(press({ key: 'k', ctrlKey: true })).to.equal(false);
    document.body.append(host);
    expect(press({ key: 'k', ctrlKey: true })).to.equal(true);
    expect(host.pressed).to.equal(1);
  });

  it('names the modifier as the platform does: ⌘ on Apple devices, Ctrl elsewhere', () => {
    expect(host.hotkey.mod).to.equal(/mac|iphone|ipad/i.test(navigator.platform) ? '⌘' : 'Ctrl');
    const platform = Object.getOwnPropertyDescriptor(Navigator.prototype, 'platform')!;
    Object.defineProperty(navigator, 'platform', { configurable: true, get: () => 'MacIntel' });
    try {
      const mac = document.createElement('hotkey-host') as HotkeyHost;
      expect(mac.hotkey.mod, 'before it connects, as on the server').to.equal('Ctrl');
      document.body.append(mac);
      expect(mac.hotkey.mod).to.equal('⌘');
      mac.remove();
    } finally {
      delete (navigator as { platform?: string }).platform;
      expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'platform')).to.deep.equal(platform);
    }
  });
});
