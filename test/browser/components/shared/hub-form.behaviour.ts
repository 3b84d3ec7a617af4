/**
 * What every form of the kit does, whatever its fields: its form and trap, busy, a failing
 * service, rate limits and a listener that cancels. Each form's suite runs it for its own tag
 * (`describeHubForm({...})`), so <signup-form> and <contact-form> keep the same promises by
 * construction; what only one of them does stays in its own file.
 */
import { expect } from 'chai';
import type { FormErrorDetail, HubFormElement } from '../../../../components/shared/hub-form.js';
import { HttpError, RateLimitedError } from '../../../../src/api/errors.js';
import { browserName, expectAccessible, staysAt, until } from '../../helpers/dom.js';
import { announced, field, fill, mount, next, sends, statusBox, submitButton, untilState } from '../../helpers/forms.js';
import { newSandbox, tooManyAttempts, type Sandbox } from '../../helpers/sandbox.js';

export interface HubFormCase {
  tag: 'signup-form' | 'contact-form';
  /** Where the form posts, after the service's base URL, for tenant `demo`. */
  action: string;
  /** What the stand-in's log shows at the end of that path. */
  path: string;
  submitLabel: string;
  /** What a visitor types for an entry the service takes; new every call. */
  entry(): Record<string, string>;
  /** Entries a visitor may send a minute (the spec's Limits table). */
  allowance: number;
}

const SERVICE_FAILS = [
  { status: 500, body: undefined, reads: 'The service could not take this right now. Please try again in a few minutes.' },
  // A 4xx with the service's own reason shows that reason.
  { status: 404, body: { message: 'Not found.' }, reads: 'Not found.' },
];

export function describeHubForm(form: HubFormCase): void {
  const { tag } = form;

  describe(`<${tag}>, as every form`, () => {
    let sandbox: Sandbox;
    let el: HubFormElement;

    const make = async () => (el = await mount<HubFormElement>(tag, { tenant: 'demo', 'base-url': sandbox.baseUrl }));
    const submit = () => {
      fill(el.formElement!, form.entry());
      el.formElement!.requestSubmit();
    };
    const posts = () => sandbox.requests(form.path, 'POST');

    beforeEach(() => {
      sandbox = newSandbox();
    });
    afterEach(() => el?.remove());

    describe('defaults', () => {
      it('renders a real light-DOM form that posts to its endpoint, and is idle', async () => {
        await make();
        const own = el.querySelector('form')!;
        expect(own).to.equal(el.formElement);
        expect(own.parentElement).to.equal(el);
        expect(own.method).to.equal('post');
        expect(own.action).to.equal(`${sandbox.baseUrl}${form.action}`);
        const email = field(el, 'email');
        expect(email.type).to.equal('email');
        expect(email.required).to.equal(true);
        expect(submitButton(el).textContent!.trim()).to.equal(form.submitLabel);
        expect(el.state).to.equal('idle');
        expect(el.busy).to.equal(false);
        expect(statusBox(el).hidden).to.equal(true);
      });

      it('carries a spam trap that is present, empty and invisible', async () => {
        await make();
        const trap = field(el, 'website');
        expect(trap.type).to.equal('text');
        expect(trap.value).to.equal('');
        expect(trap.tabIndex).to.equal(-1);
        expect(trap.getAttribute('autocomplete')).to.equal('off');
        expect(trap.hasAttribute('data-1p-ignore')).to.equal(true);
        expect(trap.getAttribute('data-lpignore')).to.equal('true');
        expect(trap.getAttribute('data-form-type')).to.equal('other');
        expect(trap.labels![0]!.textContent!.trim()).to.equal('Leave this field empty');
        const wrapper = trap.parentElement!;
        expect(wrapper.hidden).to.equal(true);
        expect(wrapper.getAttribute('aria-hidden')).to.equal('true');
        expect(wrapper.hasAttribute('style')).to.equal(false);
        expect(trap.getClientRects().length).to.equal(0);
        expect(getComputedStyle(wrapper).display).to.equal('none');
      });
    });

    describe('when busy', () => {
      it('reflects busy, marks the button aria-disabled, says it is sending and is accessible', async () => {
        await make();
        await sandbox.fault({ path: form.path, method: 'POST', delayMs: 1500, times: 1 });
        submit();
        await el.updateComplete;
        expect(el.busy).to.equal(true);
        expect(el.hasAttribute('busy')).to.equal(true);
        expect(el.state).to.equal('busy');
        expect(submitButton(el).getAttribute('aria-disabled')).to.equal('true');
        expect(el.formElement!.getAttribute('aria-busy')).to.equal('true');
        expect(await announced(el)).to.equal('Sending…');
        await expectAccessible(el);
        await untilState(el, 'success', 'error');
        expect(submitButton(el).hasAttribute('aria-disabled')).to.equal(false);
      });
    });

    describe('when the service fails', () => {
      for (const fails of SERVICE_FAILS) {
        it(`shows the error state for a ${fails.status}, fires ${tag}-error and is accessible`, async () => {
          await make();
          await sandbox.fault({ path: form.path, method: 'POST', status: fails.status, times: 1, ...(fails.body ? { body: fails.body } : {}) });
          const failed = next<FormErrorDetail>(el, `${tag}-error`);
          submit();
          expect((await failed).detail.error).to.be.instanceOf(HttpError);
          await untilState(el, 'error');
          expect(statusBox(el).textContent!.trim()).to.equal(fails.reads);
          await expectAccessible(el);
        });
      }
    });

    describe('when rate limited', () => {
      it('counts down from Retry-After, no longer and not much shorter, sends nothing meanwhile, then lets the visitor submit again', async () => {
        await make();
        await sandbox.fault(tooManyAttempts(form.path, 3));
        const failed = next<FormErrorDetail>(el, `${tag}-error`);
        submit();
        const error = (await failed).detail.error as RateLimitedError;
        // The 429 was read just before its error fired: the wait is at most three seconds from here.
        const read = performance.now();
        // A loaded machine runs every timer late, the element's and this one alike: the wait
        // is held to a three-second timer of the page's, set now, not to the wall clock.
        let reference: number | undefined;
        setTimeout(() => (reference = performance.now()), 3000);
        // The wait's end as it is rendered, not when a poll next looks.
        let ended: number | undefined;
        let limited = false;
        const watch = new MutationObserver(() => {
          if (el.state === 'rate-limited') limited = true;
          else if (limited) ended ??= performance.now();
        });
        watch.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
        expect(error).to.be.instanceOf(RateLimitedError);
        expect(error.sent).to.equal(true);
        await untilState(el, 'rate-limited');
        expect(statusBox(el).textContent).to.match(/try again in [23] seconds/);
        expect(await announced(el)).to.match(/try again in 3 seconds/);
        expect(submitButton(el).getAttribute('aria-disabled')).to.equal('true');
        await expectAccessible(el);

        // A submit during the wait is no send.
        expect(sends(el, () => el.formElement!.requestSubmit())).to.equal(false);
        // Every second of the wait, read until it ends; the last reads as one, not "1 seconds".
        const texts: string[] = [];
        await until(() => {
          texts.push(statusBox(el).textContent!.trim());
          return el.state !== 'rate-limited';
        }, 'the end of the wait');
        await until(() => reference !== undefined && ended !== undefined, "the page's own three-second timer");
        watch.disconnect();
        const waited = ended! - read;
        const counting = texts.filter((text) => /try again in/.test(text));
        expect(counting.map((text) => Number(/(\d+) seconds?/.exec(text)![1])).every((s) => s <= 3), counting.join(' | ')).to.equal(true);
        expect(counting.at(-1)).to.equal('Too many attempts. You can try again in 1 second.');
        expect(waited, 'the wait, from the moment the 429 was read').to.be.within(3000 - 1000, reference! - read + 1000);
        expect(await sandbox.arrived(form.path, 'POST')).to.equal(1);

        await untilState(el, 'idle');
        expect(statusBox(el).textContent!.trim()).to.equal('You can try again now.');
        expect(submitButton(el).hasAttribute('aria-disabled')).to.equal(false);
        el.formElement!.requestSubmit();
        await untilState(el, 'success');
        expect((await posts()).map((r) => r.status)).to.deep.equal([429, 201]);
      });

      it(`stops before sending once the visitor has spent the allowance (${form.allowance} a minute), and is accessible`, async () => {
        await make();
        for (let i = 0; i < form.allowance; i++) {
          const done = next(el, `${tag}-success`);
          submit();
          await done;
        }
        const failed = next<FormErrorDetail>(el, `${tag}-error`);
        submit();
        const error = (await failed).detail.error as RateLimitedError;
        expect(error).to.be.instanceOf(RateLimitedError);
        expect(error.sent).to.equal(false);
        await untilState(el, 'rate-limited');
        expect(statusBox(el).textContent).to.match(/try again in \d+ seconds/);
        await expectAccessible(el);
        el.formElement!.requestSubmit();
        await staysAt(async () => (await posts()).length, form.allowance, `${tag} POSTs`);
        expect((await posts()).every((r) => r.status === 201)).to.equal(true);
      });
    });

    describe('styled by its state', () => {
      it(`matches ${tag}:state(…) for the state it is in, and no state attribute, so a site styles each state`, async () => {
        await make();
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(`${tag}:state(busy) { outline: 3px solid rgb(0, 0, 128) } ${tag}:state(success) { outline: 3px solid rgb(0, 128, 0) }`);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        try {
          const outline = () => getComputedStyle(el).outlineColor;
          if (!CSS.supports('selector(:state(success))')) {
            // A browser without CustomStateSet: nothing breaks, the status line says it all.
            console.log(`# ${browserName()}: no :state() selector; the form works without it`);
            submit();
            await untilState(el, 'success');
            return;
          }
          expect(el.matches(`:state(idle)`)).to.equal(true);
          await sandbox.fault({ path: form.path, method: 'POST', delayMs: 800 });
          submit();
          await until(() => outline() === 'rgb(0, 0, 128)', () => `the busy outline; it is ${outline()}`);
          await untilState(el, 'success');
          expect(outline()).to.equal('rgb(0, 128, 0)');
          expect([el.matches(':state(success)'), el.matches(':state(busy)'), el.matches(':state(idle)')]).to.deep.equal([true, false, false]);
          expect(el.hasAttribute('state')).to.equal(false);
        } finally {
          document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
        }
      });
    });

    describe(`when a listener cancels ${tag}-submit`, () => {
      it('sends nothing, and sends once no listener cancels', async () => {
        await make();
        const cancel = (e: Event) => e.preventDefault();
        el.addEventListener(`${tag}-submit`, cancel);
        const cancelled = next(el, `${tag}-submit`);
        submit();
        await cancelled;
        await staysAt(async () => (await sandbox.requests(form.path)).length, 0, `${tag} requests`);
        expect(el.state).to.equal('idle');

        el.removeEventListener(`${tag}-submit`, cancel);
        el.formElement!.requestSubmit();
        await untilState(el, 'success');
        expect(await posts()).to.have.length(1);
      });
    });
  });
}
