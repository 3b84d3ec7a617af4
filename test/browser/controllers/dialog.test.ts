import { expect } from 'chai';
import { LitElement, html, nothing } from 'lit';
import { DialogController } from '../../../components/controllers/dialog.js';
import { until } from '../helpers/dom.js';

/** A button that opens a modal dialog with a Close button, or (modal = false) no dialog at all. */
class DialogHost extends LitElement {
  static override properties = { modal: { type: Boolean } };
  modal = true;
  closings = 0;
  dialog = new DialogController(this, { dialog: 'dialog', trigger: '.opener', closed: () => this.closings++ });
  override render() {
    return html`<button class="opener" @click=${() => this.dialog.show()}>Open</button>${this.modal
        ? html`<dialog @close=${this.dialog}><input /><button class="close" @click=${() => this.dialog.close()}>Close</button></dialog>`
        : nothing}`;
  }
}
customElements.define('dialog-host', DialogHost);

describe('DialogController', () => {
  let host: DialogHost;
  const $ = <T extends Element>(selector: string) => host.shadowRoot!.querySelector<T>(selector)!;
  const focused = () => host.shadowRoot!.activeElement;

  beforeEach(async () => {
    host = document.createElement('dialog-host') as DialogHost;
    document.body.append(host);
    await host.updateComplete;
  });
  afterEach(() => host.remove());

  it('opens the dialog modal, once', () => {
    $<HTMLButtonElement>('.opener').click();
    expect($<HTMLDialogElement>('dialog').open).to.equal(true);
    expect($('dialog').matches(':modal'), 'modal').to.equal(true);
    expect(host.dialog.show(), 'already open').to.equal(false);
  });

  it('gives the focus back to the button that opened it when it is closed', async () => {
    $<HTMLButtonElement>('.opener').click();
    $<HTMLInputElement>('input').focus();
    $<HTMLButtonElement>('.close').click();
    expect($<HTMLDialogElement>('dialog').open).to.equal(false);
    await until(() => focused() === $('.opener'), 'focus back on the opener');
    expect(host.closings).to.equal(1);
  });

  it('does the same when the browser closes it (Esc)', async () => {
    host.dialog.show();
    $<HTMLInputElement>('input').focus();
    // What the browser does on Esc: close the dialog, which fires `close`.
    $<HTMLDialogElement>('dialog').close();
    await until(() => focused() === $('.opener'), 'focus back on the opener');
    expect(host.closings).to.equal(1);
  });

  it('does nothing where the host renders no dialog', async () => {
    host.modal = false;
    await host.updateComplete;
    expect(host.dialog.show()).to.equal(false);
    host.dialog.close();
    expect(host.closings).to.equal(0);
  });
});
