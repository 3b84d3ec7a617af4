/**
 * Forced colours (Windows High Contrast and the like): the browser replaces the page's
 * colours with a few system colours, so a state that only a colour shows (a background, a
 * border colour) vanishes. Each state the elements show must still look different from its
 * neighbour state, compared pixel by pixel on screenshots taken under
 * `forced-colors: active`:
 *
 * - `<hub-search>`: the active result against the same result not active;
 * - the forms: a focused field against the same field unfocused, the waiting (rate-limited)
 *   button against the button ready, a field marked invalid against the same field before,
 *   and the status line's edge after a failure against its edge after a success.
 *
 * Chromium only: forced colours are emulated through Playwright there, and the screenshots
 * come from it (test/support/input-commands.mjs). Firefox and WebKit skip the suite.
 */
import { expect } from 'chai';
import { emulateMedia, executeServerCommand } from '@web/test-runner-commands';
import type { SignupForm } from '../../../components/signup-form/signup-form.js';
import '../../../components/signup-form/define.js';
import { browserName, mountTag, until } from '../helpers/dom.js';
import { mountReady, typeAll } from '../helpers/search.js';
import { newSandbox, tooManyAttempts, type Sandbox } from '../helpers/sandbox.js';

type Box = { x: number; y: number; width: number; height: number };

/** `el`'s box in whole CSS pixels, grown by `margin` on each side (for an outline outside it). */
function boxOf(el: Element, margin = 0): Box {
  const r = el.getBoundingClientRect();
  const x = Math.floor(r.left) - margin;
  const y = Math.floor(r.top) - margin;
  return { x, y, width: Math.ceil(r.right) + margin - x, height: Math.ceil(r.bottom) + margin - y };
}

/** The pixels of `clip`, as the browser painted them. */
async function shot(clip: Box): Promise<ImageData> {
  const { png } = await executeServerCommand<{ png: string }, { clip: Box }>('screenshot', { clip });
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/** How many pixels differ visibly (by more than a sixth of the range in some channel). */
function differing(a: ImageData, b: ImageData): number {
  expect([a.width, a.height], 'the two screenshots have the same size').to.deep.equal([b.width, b.height]);
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if ([0, 1, 2].some((c) => Math.abs(a.data[i + c]! - b.data[i + c]!) > 42)) count++;
  }
  return count;
}

/** A frame later: what was rendered has been painted. */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('forced colours: every state stays visible', () => {
  const mounted: Element[] = [];
  let sandbox: Sandbox;

  before(async function () {
    if (browserName() !== 'chromium') this.skip();
    await emulateMedia({ forcedColors: 'active' });
    expect(matchMedia('(forced-colors: active)').matches, 'forced colours are emulated').to.equal(true);
  });
  after(async () => {
    if (browserName() === 'chromium') await emulateMedia({ forcedColors: 'none' });
  });
  beforeEach(() => {
    sandbox = newSandbox();
  });
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
  });

  /** A `<signup-form>` of the sandbox, rendered, with its email field and button. */
  async function form(): Promise<{ el: SignupForm; email: HTMLInputElement; button: HTMLButtonElement }> {
    const el = mountTag<SignupForm>('signup-form', { tenant: 'demo', 'base-url': sandbox.baseUrl }, mounted);
    await until(() => !!el.querySelector('input[type="email"]'), 'the form');
    await el.updateComplete;
    return { el, email: el.querySelector('input[type="email"]')!, button: el.querySelector('button')! };
  }

  const untilState = (el: SignupForm, state: string) => until(() => el.state === state, () => `state ${state}, not ${el.state}`, 20_000);

  it('<hub-search>: the active result differs from the same result not active', async () => {
    const el = await mountReady('demo', sandbox.baseUrl, mounted);
    await typeAll(el, 'engine');
    const input = el.shadowRoot!.querySelector('input')!;
    const option = () => el.shadowRoot!.querySelector('#option-0')!;
    expect(el.shadowRoot!.querySelectorAll('[role="option"]').length, 'results').to.be.greaterThan(1);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    await el.updateComplete;
    await until(() => option().getAttribute('aria-selected') === 'true', 'the first result active');
    await painted();
    const box = boxOf(option());
    const active = await shot(box);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    await el.updateComplete;
    await until(() => option().getAttribute('aria-selected') === 'false', 'the second result active');
    await painted();
    expect(boxOf(option())).to.deep.equal(box);
    expect(differing(active, await shot(box)), 'pixels that tell the active result from the others').to.be.greaterThan(40);
  });

  it('the forms: a focused field differs from the same field unfocused', async () => {
    const { email } = await form();
    const box = boxOf(email, 6);
    await painted();
    const unfocused = await shot(box);
    email.focus();
    await painted();
    expect(differing(unfocused, await shot(box)), 'pixels of the focus ring').to.be.greaterThan(40);
  });

  it('the forms: the waiting (rate-limited) button differs from the button ready', async () => {
    const { el, email, button } = await form();
    email.value = 'wait@example.com';
    const box = boxOf(button);
    await painted();
    const ready = await shot(box);
    await sandbox.fault(tooManyAttempts('/subscribe', 30));
    el.formElement!.requestSubmit();
    await untilState(el, 'rate-limited');
    await until(() => button.getAttribute('aria-disabled') === 'true', 'the button disabled');
    document.activeElement instanceof HTMLElement && document.activeElement.blur();
    await painted();
    expect(boxOf(button)).to.deep.equal(box);
    expect(differing(ready, await shot(box)), 'pixels that tell the waiting button from the ready one').to.be.greaterThan(40);
  });

  it('the forms: a field marked invalid differs from the same field before', async () => {
    const { el, email } = await form();
    const box = boxOf(email);
    await painted();
    const before = await shot(box);
    el.formElement!.requestSubmit();
    await until(() => email.getAttribute('aria-invalid') === 'true', 'the field marked invalid');
    email.blur();
    await painted();
    expect(boxOf(email)).to.deep.equal(box);
    expect(differing(before, await shot(box)), 'pixels that tell the invalid field').to.be.greaterThan(20);
  });

  it('the forms: the status line after a failure differs from the one after a success, at its edge', async () => {
    // The edge alone: the texts differ anyway, the marker of the state must too.
    const edge = async (el: SignupForm) => {
      const status = el.shadowRoot!.querySelector('[part="status"]')!;
      const box = boxOf(status);
      await painted();
      return shot({ x: box.x, y: box.y + 10, width: 6, height: 12 });
    };
    const succeeded = await form();
    succeeded.email.value = 'fine@example.com';
    succeeded.el.formElement!.requestSubmit();
    await untilState(succeeded.el, 'success');
    await sandbox.fault({ path: '/subscribe', method: 'POST', status: 500, times: 5 });
    const failed = await form();
    failed.email.value = 'broken@example.com';
    failed.el.formElement!.requestSubmit();
    await untilState(failed.el, 'error');
    document.activeElement instanceof HTMLElement && document.activeElement.blur();
    expect(differing(await edge(succeeded.el), await edge(failed.el)), 'pixels of the edge that tell failure from success').to.be.greaterThan(10);
  });
});
