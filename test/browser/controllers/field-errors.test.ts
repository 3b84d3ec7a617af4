/**
 * The field-errors controller on a small host of its own: what a sighted visitor and a
 * screen reader meet when fields are marked and cleared.
 */
import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { FieldErrorsController, type Field } from '../../../components/controllers/field-errors.js';
import { expectAccessible } from '../helpers/dom.js';

class FieldsHost extends LitElement {
  readonly errors = new FieldErrorsController(this, (name) => `fields-host-${name}`);
  protected override createRenderRoot() {
    return this;
  }
  protected override render() {
    return html`<form>
      <div class="hub-field"><label for="email">Email</label><input id="email" name="email" /></div>
      <input id="consent" type="checkbox" name="consent" /><label for="consent">I agree</label>
      <label>Message <textarea name="message"></textarea></label>
    </form>`;
  }
}
customElements.define('fields-host', FieldsHost);

const visible = (el: Element | null) => !!el && !(el as HTMLElement).hidden && el.getClientRects().length > 0;

describe('field-errors controller', () => {
  let host: FieldsHost;
  let field: (name: string) => Field;
  const noteOf = (f: Field) => document.getElementById(f.getAttribute('aria-describedby')?.split(' ').pop() ?? '');

  beforeEach(async () => {
    host = document.createElement('fields-host') as FieldsHost;
    document.body.append(host);
    await host.updateComplete;
    field = (name) => host.querySelector<HTMLFormElement>('form')!.elements.namedItem(name) as Field;
  });
  afterEach(() => host.remove());

  it('marks each field invalid, shows its message beside it, tied by aria-describedby, and is accessible', async () => {
    host.errors.show(new Map([[field('email'), 'Please enter your email address.'], [field('message'), 'Please write a message.']]));
    for (const [name, message] of [['email', 'Please enter your email address.'], ['message', 'Please write a message.']] as const) {
      expect(field(name).getAttribute('aria-invalid')).to.equal('true');
      const note = noteOf(field(name));
      expect(note?.textContent).to.equal(message);
      expect(visible(note), `${name}'s note is visible`).to.equal(true);
    }
    // The note sits in the field's wrapper when it has one.
    expect(noteOf(field('email'))!.parentElement!.classList.contains('hub-field')).to.equal(true);
    // A field without an id gets one, so its note can point at it.
    expect(field('message').id).to.equal('fields-host-message');
    await expectAccessible(host);
  });

  it('puts a checkbox’s note after its label', () => {
    host.errors.show(new Map([[field('consent'), 'Please tick this box to continue.']]));
    const note = noteOf(field('consent'))!;
    expect(note.previousElementSibling?.tagName).to.equal('LABEL');
    expect(note.textContent).to.equal('Please tick this box to continue.');
  });

  it('focuses the first invalid field only when asked', () => {
    (document.activeElement as HTMLElement | null)?.blur();
    host.errors.show(new Map([[field('message'), 'Please write a message.']]));
    expect(document.activeElement).not.to.equal(field('message'));
    host.errors.show(new Map([[field('message'), 'Please write a message.'], [field('email'), 'Please enter your email address.']]), true);
    expect(document.activeElement).to.equal(field('message'));
  });

  it('clears a field that is no longer invalid, hiding its note and keeping it for the next time', () => {
    host.errors.show(new Map([[field('email'), 'Please enter your email address.']]));
    const note = noteOf(field('email'))!;
    host.errors.show(new Map());
    expect(field('email').hasAttribute('aria-invalid')).to.equal(false);
    expect(visible(note)).to.equal(false);
    host.errors.show(new Map([[field('email'), 'Please enter a valid email address, like name@example.com.']]));
    expect(noteOf(field('email'))).to.equal(note);
    expect(note.textContent).to.contain('valid email');
    expect(host.querySelectorAll('.hub-error')).to.have.length(1);
    // aria-describedby names the note once, however often it is shown.
    expect(field('email').getAttribute('aria-describedby')!.split(' ').filter((id) => id === note.id)).to.have.length(1);
  });
});
