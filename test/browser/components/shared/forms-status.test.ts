/**
 * What a sighted visitor reads in the status line, in every state, for both forms: on a
 * page rendered on the server and hydrated, and on the same page rendered in the browser.
 * The text is read from the rendered status box (see `seen`), not from `state` or the
 * screen-reader announcer.
 */
import { expect } from 'chai';
import type { HubFormElement } from '../../../../components/shared/hub-form.js';
import { fill, seen, uniqueEmail, untilSeen } from '../../helpers/forms.js';
import { until } from '../../helpers/dom.js';
import { setOffline } from '../../helpers/network.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';

async function openPage(file: string, sandbox: Sandbox): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.src = `/examples/.build/${file}?base=${encodeURIComponent(sandbox.baseUrl)}`;
  document.body.append(frame);
  await until(() => frame.contentDocument?.documentElement?.dataset.ready === 'true', 'the page to load', 15_000);
  return frame;
}

for (const [mode, file] of [
  ['rendered on the server and hydrated', 'forms-ssr.html'],
  ['rendered in the browser', 'forms-csr.html'],
] as const) {
  describe(`the forms' status text, ${mode}`, () => {
    let sandbox: Sandbox;
    let frame: HTMLIFrameElement;
    beforeEach(async () => {
      sandbox = newSandbox();
      frame = await openPage(file, sandbox);
    });
    afterEach(() => frame.remove());

    for (const tag of ['signup-form', 'contact-form'] as const) {
      it(`<${tag}>: every state reads as text`, async function () {
        this.timeout(60_000);
        const doc = frame.contentDocument!;
        const el = doc.querySelector(tag) as HubFormElement;
        await el.updateComplete;
        if (mode.startsWith('rendered on the server')) {
          // Hydrated, not re-rendered: the shadow root is the one the parser built.
          expect(el.shadowRoot!.querySelector('[part="status"]')).to.exist;
        }
        const form = () => el.formElement!;
        const values = (): Record<string, string> => (tag === 'contact-form' ? { email: uniqueEmail(), message: 'Hello' } : { email: uniqueEmail() });
        const path = tag === 'contact-form' ? '/contact' : '/subscribe';
        const send = async (pattern: RegExp) => {
          fill(form(), values());
          form().requestSubmit();
          return untilSeen(el, pattern);
        };
        expect(seen(el)).to.equal('');

        // invalid
        fill(form(), { email: 'not an address' });
        form().requestSubmit();
        await untilSeen(el, /^Please correct the highlighted fields\.$/);

        // busy, then success with the service's own message
        await sandbox.fault({ path, method: 'POST', delayMs: 1500 });
        fill(form(), values());
        form().requestSubmit();
        await untilSeen(el, /^Sending…$/);
        await untilSeen(el, tag === 'contact-form' ? /^Thanks, your message was sent\.$/ : /^Check your inbox to confirm\.$/);

        // error
        await sandbox.fault({ path, method: 'POST', status: 500 });
        await send(/^The service could not take this right now\. Please try again in a few minutes\.$/);

        // unconfirmed: the connection drops after the service read the request
        await sandbox.fault({ path, method: 'POST', drop: true, times: 10 });
        await send(/^We could not confirm that this arrived\. You can send it again\.$/);
        await fetch(`${sandbox.baseUrl}/__stand-in/faults`, { method: 'DELETE' });

        // queued, while the browser is offline
        setOffline(true, frame.contentWindow!);
        await send(/^You seem to be offline\. This will be sent as soon as you are back online\.$/);
        setOffline(false, frame.contentWindow!);
        await untilSeen(el, tag === 'contact-form' ? /^Thanks, your message was sent\.$/ : /^Check your inbox to confirm\.$/);

        // rate limited, with its countdown
        await sandbox.fault({ path, method: 'POST', status: 429, headers: { 'Retry-After': '30' } });
        await send(/^Too many attempts\. You can try again in (29|30) seconds\.$/);

        // the announcer is not what the test read: it is visually hidden
        const announcer = el.shadowRoot!.querySelector<HTMLElement>('[role="status"]')!;
        expect(announcer.getBoundingClientRect().width).to.be.at.most(1);
      });
    }
  });
}
