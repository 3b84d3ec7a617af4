import { expect } from 'chai';
import { LitElement, html, nothing } from 'lit';
import { ListboxController } from '../../../components/controllers/listbox.js';
import { until } from '../helpers/dom.js';

/** A text field driving a listbox of `count` options, recording what the controller asks of it. */
class ListHost extends LitElement {
  count = 5;
  chosen: number[] = [];
  escapes = 0;
  escapeTakes = true;
  arrows = 0;
  composed = 0;
  list = new ListboxController(this, {
    count: () => this.count,
    choose: (index) => void this.chosen.push(index),
    escape: () => (this.escapes++, this.escapeTakes),
    arrow: () => void this.arrows++,
    composed: () => void this.composed++,
  });

  override render() {
    const options = Array.from({ length: this.count }, (_, i) => i);
    return html`<input aria-activedescendant=${this.list.activeId ?? nothing} @keydown=${this.list}
        @compositionstart=${this.list} @compositionend=${this.list} />
      <div role="listbox" style="max-block-size: 5em; overflow: auto">
        ${options.map((i) => html`<div id="option-${i}" role="option" aria-selected=${i === this.list.active} style="block-size: 2em">${i}</div>`)}
      </div>`;
  }
}
customElements.define('listbox-host', ListHost);

describe('ListboxController', () => {
  let host: ListHost;
  const field = () => host.shadowRoot!.querySelector('input')!;
  const selected = () => [...host.shadowRoot!.querySelectorAll('[aria-selected="true"]')].map((o) => o.id);
  /** Presses `key` in the field; answers whether the controller took it (prevented its default). */
  function press(key: string, init: KeyboardEventInit = {}): boolean {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init });
    field().dispatchEvent(event);
    return event.defaultPrevented;
  }

  beforeEach(async () => {
    host = document.createElement('listbox-host') as ListHost;
    document.body.append(host);
    await host.updateComplete;
  });
  afterEach(() => host.remove());

  it('starts with no active option', () => {
    expect(host.list.active).to.equal(-1);
    expect(host.list.activeId).to.equal(undefined);
    expect(field().hasAttribute('aria-activedescendant')).to.equal(false);
  });

  describe('when ↓ and ↑ are pressed', () => {
    it('goes from no option to the first (↓) or the last (↑), and names it as the active descendant', async () => {
      expect(press('ArrowDown')).to.equal(true);
      await host.updateComplete;
      expect(field().getAttribute('aria-activedescendant')).to.equal('option-0');
      expect(selected()).to.deep.equal(['option-0']);
      host.list.active = -1;
      expect(press('ArrowUp')).to.equal(true);
      await host.updateComplete;
      expect(field().getAttribute('aria-activedescendant')).to.equal('option-4');
      expect(host.arrows).to.equal(2);
    });

    it('wraps at both ends', async () => {
      press('ArrowUp');
      press('ArrowDown');
      expect(host.list.active).to.equal(0);
      press('ArrowUp');
      expect(host.list.active).to.equal(4);
    });

    it('moves nothing in an empty list, and still lets the host open its popup', () => {
      host.count = 0;
      expect(press('ArrowDown')).to.equal(true);
      expect(host.list.active).to.equal(-1);
      expect(host.arrows).to.equal(1);
    });

    it('keeps the option moved to in view', async () => {
      for (let i = 0; i < 4; i++) press('ArrowDown');
      const list = host.shadowRoot!.querySelector('[role="listbox"]')!;
      const option = host.shadowRoot!.getElementById('option-3')!;
      await until(() => {
        const box = list.getBoundingClientRect();
        const rect = option.getBoundingClientRect();
        return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
      }, 'option-3 scrolled into view');
    });
  });

  describe('when Home or End is pressed', () => {
    it('leaves it to the field (the caret) while no option is active', () => {
      expect(press('Home')).to.equal(false);
      expect(press('End')).to.equal(false);
      expect(host.list.active).to.equal(-1);
    });

    it('jumps to the first or the last option once one is active', () => {
      press('ArrowDown');
      press('ArrowDown');
      expect(press('End')).to.equal(true);
      expect(host.list.active).to.equal(4);
      expect(press('Home')).to.equal(true);
      expect(host.list.active).to.equal(0);
    });
  });

  describe('when Enter is pressed', () => {
    it('chooses the active option, taking the key', () => {
      press('ArrowDown');
      press('ArrowDown');
      expect(press('Enter')).to.equal(true);
      expect(host.chosen).to.deep.equal([1]);
    });

    it('tells the host that no option is active, and leaves the key to it', () => {
      expect(press('Enter')).to.equal(false);
      expect(host.chosen).to.deep.equal([-1]);
    });
  });

  describe('when Esc is pressed', () => {
    it('takes the key only when the host did something with it', () => {
      expect(press('Escape')).to.equal(true);
      host.escapeTakes = false;
      expect(press('Escape')).to.equal(false);
      expect(host.escapes).to.equal(2);
    });
  });

  describe('when an input method editor composes', () => {
    it('leaves every key to the IME until the composition ends, then tells the host', () => {
      // As some browsers send them: not bubbling, so heard on the field itself.
      field().dispatchEvent(new CompositionEvent('compositionstart', { data: '' }));
      expect(host.list.composing).to.equal(true);
      expect(press('ArrowDown')).to.equal(false);
      expect(press('Enter')).to.equal(false);
      expect(host.list.active).to.equal(-1);
      expect(host.chosen).to.deep.equal([]);
      field().dispatchEvent(new CompositionEvent('compositionend', { data: 'と' }));
      expect(host.composed).to.equal(1);
      expect(host.list.composing).to.equal(false);
      expect(press('ArrowDown')).to.equal(true);
      expect(host.list.active).to.equal(0);
    });

    it('ignores a keydown marked as composing, or with WebKit\'s keyCode 229', () => {
      press('ArrowDown');
      expect(press('Enter', { isComposing: true })).to.equal(false);
      expect(press('Enter', { keyCode: 229 } as KeyboardEventInit)).to.equal(false);
      expect(press('ArrowDown', { keyCode: 229 } as KeyboardEventInit)).to.equal(false);
      expect(host.chosen).to.deep.equal([]);
      expect(host.list.active).to.equal(0);
    });
  });

  it('names no active descendant beyond the options the list has now', async () => {
    press('ArrowUp');
    expect(host.list.activeId).to.equal('option-4');
    host.count = 2;
    host.requestUpdate();
    await host.updateComplete;
    expect(host.list.activeId).to.equal(undefined);
    expect(field().hasAttribute('aria-activedescendant')).to.equal(false);
  });
});
