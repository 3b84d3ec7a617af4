/**
 * One submission's life, from the visitor's intent to its outcome: the intent (a click or
 * Enter; a held key's repeats are not new intents), validation, the send, the answer, the
 * outbox when offline, what comes back from it (delivered, refused, unconfirmed), and the
 * countdown after a 429. The element only renders what this says and wires it to its form;
 * docs/outbox.md has the states and transitions as a table.
 *
 * One intent, one send: nothing is sent while a send is in flight, and data the service has
 * just answered is not sent again unchanged: never after an answer that stands (a success,
 * a refusal, a 422), and not within SETTLE_MS of one that may change (a 5xx, an unknown
 * outcome), which is a double click, not a second thought. Fields are cleared only after a
 * success or a queueing, and only if they still hold what was sent; anything the service
 * refuses or leaves unconfirmed comes back into an empty form, so nothing typed is lost.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { adviceFor, type AdviceKind } from '../../src/api/advice.js';
import { TRAP_NAME, visible } from '../../src/api/calls.js';
import { isHubError, logOnce, type RateLimitedError, type ValidationError } from '../../src/api/errors.js';
import type { ContactBody, SignupBody, SubmitResponse } from '../../src/api/schema.js';
import type { PostEndpoint, Transport } from '../../src/api/transport.js';
import { ENDPOINTS, type EndpointParams } from '../../src/api/endpoints.js';
import { claim, draft, durable, outboxEvents, pending, sendNow, waiting, type OutboxEntry } from '../../src/outbox/outbox.js';
import { now } from '../../src/timing/clock.js';

export type SubmissionState = 'idle' | 'invalid' | 'busy' | 'success' | 'queued' | 'unconfirmed' | 'rate-limited' | 'error';

/** Where a form posts: an endpoint of the client and its path parameters. */
export type Target = { [N in PostEndpoint]: { endpoint: N; params: EndpointParams[N] } }[PostEndpoint];

export type FormBody = SignupBody | ContactBody;

export interface FormSubmitDetail {
  /** The body about to be sent. A listener may change it (add a field, say) before it leaves. */
  data: FormBody;
  endpoint: PostEndpoint;
  /** The absolute endpoint URL. */
  url: string;
}
export interface FormSuccessDetail {
  data: FormBody;
  /** The service's answer; `message` is shown when present. */
  response: SubmitResponse;
  /** True when it was delivered later from the outbox. */
  queued: boolean;
  /** True when the service answered 409 to a signup: the address was already subscribed. */
  already: boolean;
}
export interface FormErrorDetail {
  data: FormBody | undefined;
  /** A RateLimitedError, ValidationError, HttpError, ConfigError… from src/api/errors. */
  error: Error;
}
export interface FormQueuedDetail {
  data: FormBody;
  entry: OutboxEntry;
}

/** A form's events, by their name after the element's (`submit` is `signup-form-submit`), and their details. */
export interface FormEvents {
  submit: FormSubmitDetail;
  success: FormSuccessDetail;
  error: FormErrorDetail;
  queued: FormQueuedDetail;
}

/** The words this controller says, by key: one for each kind of advice, and its own. */
export type Words = Record<
  | AdviceKind
  | 'sending'
  | 'stillTrying'
  | 'queued'
  | 'queuedHere'
  | 'ready'
  | 'rateLimitedOne'
  | 'rateLimitedMinutes'
  | 'alreadySubscribed'
  | 'required'
  | 'emailRequired'
  | 'emailInvalid'
  | 'messageRequired'
  | 'consentRequired',
  string
>;

/** What the element supplies: data, never decisions. */
export interface SubmissionOptions {
  /** Where the form posts, and the service's client; throws a ConfigError when nothing says. */
  target(): Target & { client: Transport };
  /** The request body of the form's data. */
  body(data: FormData): FormBody;
  words(): Words;
  /** The text of a success: the author's, the service's or the built-in one. */
  successText(response: SubmitResponse): string;
  /** Fires the element's event; false when a listener cancelled a cancelable one. */
  fire<W extends keyof FormEvents>(what: W, detail: FormEvents[W], cancelable?: boolean): boolean;
  /** Shows these field errors (none: clears them), and focuses the first when asked. */
  markFields(errors: Map<Field, string>, focus: boolean): void;
  /** The `?hub-kit=` marker that says a post made without JavaScript worked: `subscribed` or `sent`. */
  landed(): string;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
// Of a form's controls, only these carry a value a visitor types or picks (not buttons, fieldsets or outputs).
const isField = (el: unknown): el is Field => el instanceof Element && el.matches('input,select,textarea');
/** Fields a visitor types text into: when they are all empty, the form holds nothing typed. */
const TYPED = 'textarea,input:not([type=hidden],[type=checkbox],[type=radio],[type=submit])';

// Deliberately loose: the service has the final word (422); this catches typos only.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The same data again within this long of an answer that may change is a double click, not a new intent. */
const SETTLE_MS = 1000;
/** A slow answer (a hang, a retry after a timeout) is said aloud after this long, not left to a spinner. */
const SLOW_MS = 8000;
/** Refusals (a 4xx, a 404 too), whose best words are the service's own when it gave some. */
const REFUSALS = 'notFound badRequest forbidden tooLarge refused';
/** Answers that stand for the data that was sent: sending it unchanged cannot change them. */
const STANDING = `config invalid ${REFUSALS}`;

/**
 * Which element of the page queued an outbox entry, and the form's data as it left it (to
 * clear the fields when it is delivered): its outcome goes back to that form, not to another
 * form of the same target on the page (a header's and a footer's signup).
 */
const owners = new Map<string, [SubmissionController, string]>();

/** The wait as a visitor reads it: seconds up to a minute and a half, then "about N minutes". */
const waitText = (s: Words, seconds: number): string =>
  seconds > 90
    ? s.rateLimitedMinutes.replaceAll('{minutes}', String(Math.round(seconds / 60)))
    : seconds === 1
      ? s.rateLimitedOne
      : s.rateLimited.replaceAll('{seconds}', String(seconds));

export class SubmissionController implements ReactiveController {
  state: SubmissionState = 'idle';
  /** True while a submission is in flight. */
  busy = false;
  /** The visible status line. */
  text = '';
  /** What the live region says; changed only when there is something new to announce. */
  announcement = '';

  #form: HTMLFormElement | undefined;
  /** Removes every listener added on connecting. */
  #connection: AbortController | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #resetAt = 0;
  /** The form's data when the last answer came, when, and whether that answer stands. */
  #answered = '';
  #answeredAt = 0;
  #standing = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly o: SubmissionOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.#connection = new AbortController();
    for (const type of ['delivered', 'failed', 'unconfirmed']) {
      outboxEvents.addEventListener(type, this.#onOutbox, { signal: this.#connection.signal });
    }
    if (this.#form) this.#listen(this.#form);
    if (this.state === 'rate-limited') this.#countdown();
  }

  hostDisconnected(): void {
    this.#connection?.abort();
    clearInterval(this.#timer);
  }

  /** Takes charge of the form: its submissions, and what waits for it in the address or the outbox. */
  attach(form: HTMLFormElement): void {
    this.#form = form;
    this.#listen(form);
    this.#landed();
    // Only when an earlier page may have left something: otherwise no database is opened.
    if (!waiting()) return;
    void this.#reclaim();
    // An entry of this target still to be sent as the form loads (left by the page the visitor
    // just left, in flight or queued, or being sent by another tab) is told here when it ends.
    void pending().then((entries) => {
      for (const entry of entries) if (!owners.has(entry.id) && this.#ours(entry)) this.#own(entry.id, '');
    });
  }

  #own(id: string, sent: string): void {
    owners.set(id, [this, sent]);
  }

  #listen(form: HTMLFormElement): void {
    const options = { signal: this.#connection!.signal };
    form.addEventListener('submit', this.#onSubmit, options);
    form.addEventListener('keydown', this.#onKey, options);
    form.addEventListener('input', this.#onInput, options);
  }

  /** Shows a status and announces it; the same text twice is announced twice. */
  #show(state: SubmissionState, message: string, announce = message): void {
    this.state = state;
    this.text = message;
    const slotted = this.host.querySelector(`:scope > [slot="${state}"]`)?.textContent?.trim();
    this.announcement = '';
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      this.announcement = slotted || announce;
      this.host.requestUpdate();
    });
  }

  #snapshot(): string {
    return JSON.stringify([...new FormData(this.#form)]);
  }

  /** An answer came for `sent` (the form's data when it left); `standing`: sending it unchanged cannot change it. */
  #answer(standing: boolean, sent = this.#snapshot()): void {
    this.#answered = sent;
    this.#answeredAt = performance.now();
    this.#standing = standing;
  }

  #isEmpty(): boolean {
    return [...this.#form!.querySelectorAll<HTMLInputElement>(TYPED)].every((el) => !el.value.trim() || el.name === TRAP_NAME);
  }

  /**
   * A held key repeats its keydown: a repeat is not a new intent, so it does not submit. Nor
   * does the Enter that ends an input method's composition (picking a word in Japanese),
   * marked composing, or with keyCode 229 (WebKit sends it after compositionend).
   */
  #onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' && (event.repeat || event.isComposing || event.keyCode === 229) && !(event.target instanceof HTMLTextAreaElement)) {
      event.preventDefault();
    }
  };

  /** A form the visitor has emptied can take back what waits for them. */
  #onInput = (): void => {
    if (this.#isEmpty()) void this.#reclaim();
  };

  #onSubmit = (event: Event): void => {
    event.preventDefault();
    if (this.busy) return;
    const unchanged = this.#snapshot() === this.#answered;
    if (this.state === 'rate-limited' || (unchanged && (this.#standing || performance.now() - this.#answeredAt < SETTLE_MS))) {
      // Nothing new to send: what stands is said again.
      this.#show(this.state, this.text);
      return;
    }
    void this.#submit();
  };

  async #submit(): Promise<void> {
    const form = this.#form!;
    const s = this.o.words();
    const errors = this.#validate(form, s);
    this.o.markFields(errors, true);
    if (errors.size) {
      this.#show('invalid', s.invalid, `${s.invalid} ${[...errors.values()].join(' ')}`);
      return;
    }
    const sent = this.#snapshot();
    let target: Target & { client: Transport };
    let detail: FormSubmitDetail;
    let data: FormBody | undefined;
    try {
      target = this.o.target();
      data = this.o.body(new FormData(form));
      // Building the URL checks the ids: a tenant of ".." is refused here, before anything is sent.
      detail = { data, endpoint: target.endpoint, url: target.client.url(target.endpoint, target.params as never) };
    } catch (error) {
      this.#fail(error as Error, data, sent);
      return;
    }
    const { endpoint, params, client } = target;
    if (!this.o.fire('submit', detail, true)) return;
    data = detail.data;

    this.busy = true;
    this.#show('busy', s.sending);
    const slow = setTimeout(() => this.#show('busy', s.stillTrying), SLOW_MS);
    const entry = draft({ baseUrl: client.baseUrl, endpoint, params, body: data } as never) as OutboxEntry;
    this.#own(entry.id, sent);
    const gone = () => !this.host.isConnected;
    let held = false;
    try {
      // Written down before it leaves. The outbox keeps the outcome for the visitor when this
      // element has left the page as it comes (an app swapped its route), or when what it gives
      // back could not go back into the fields now (the visitor typed something else meanwhile).
      const response = await sendNow(entry, (ok) => (held = gone() || (!ok && this.#snapshot() !== sent)));
      // No answer: the page was being left as it came, and the page the visitor sees next
      // tells it. (A fetch in flight keeps a page out of the back-forward cache; were this
      // one shown again, emptying the form would bring the outcome back.)
      if (gone() || !response) return;
      owners.delete(entry.id);
      // Not sending any more: what waits for the emptied form comes back to it now.
      this.busy = false;
      // Cleared only if they still hold what was sent: text typed meanwhile is the visitor's next intent.
      if (this.#snapshot() === sent) form.reset();
      this.#answer(true);
      this.#succeed(data, response, false);
    } catch (error) {
      if (gone()) return;
      if (isHubError(error, 'OfflineError')) {
        // Only what never left the browser is queued: sent again later, it is sent once. What
        // cannot be stored (the browser refuses storage) stays in the fields too.
        const kept = await durable();
        if (kept && this.#snapshot() === sent) form.reset();
        this.#answer(true);
        this.#show('queued', kept ? s.queued : s.queuedHere);
        this.o.fire('queued', { data, entry });
      } else {
        // Kept in the outbox, it stays this form's to take back once the visitor empties it.
        if (!held) owners.delete(entry.id);
        this.#fail(error as Error, data, sent);
      }
    } finally {
      clearTimeout(slow);
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  #succeed(data: FormBody, response: SubmitResponse, queued: boolean): void {
    this.o.markFields(new Map(), false);
    const already = !!response.already;
    this.#show('success', already ? response.message || this.o.words().alreadySubscribed : this.o.successText(response));
    this.o.fire('success', { data, response, queued, already });
    void this.#reclaim();
  }

  #fail(error: Error, data: FormBody | undefined, sent?: string): void {
    const s = this.o.words();
    const { kind, said } = adviceFor(error);
    this.#answer(STANDING.includes(kind), sent);
    if (kind === 'rateLimited') {
      // retryAfter is whole seconds from the moment of the error, at least one.
      const { retryAfter } = error as RateLimitedError;
      this.#resetAt = now() + retryAfter * 1000;
      this.#show('rate-limited', waitText(s, retryAfter));
      this.#countdown();
    } else if (kind === 'invalid') {
      // A 422's `errors` go beside their fields: `email`, or `fields.consent` to `fields[consent]`.
      const fields = new Map<Field, string>();
      const rest = [error.message];
      const controls = this.#form!.elements;
      for (const [key, messages] of Object.entries((error as ValidationError).fieldErrors)) {
        const message = messages.join(' ');
        const found = controls.namedItem(key) ?? controls.namedItem(key.replace(/^fields\.(.+)$/, 'fields[$1]'));
        const el = found instanceof RadioNodeList ? found[0] : found;
        if (isField(el) && el.type !== 'hidden') fields.set(el, message);
        else rest.push(message);
      }
      // Beside the fields only if they still hold what was refused; else they come back with it.
      if (sent === undefined || sent === this.#snapshot()) this.o.markFields(fields, true);
      this.#show('invalid', rest.filter(Boolean).join(' ') || s.invalid);
    } else {
      if (kind !== 'unconfirmed') logOnce(error);
      this.#show(kind === 'unconfirmed' ? kind : 'error', (REFUSALS.includes(kind) && said) || s[kind]);
    }
    this.o.fire('error', { data, error });
  }

  /** Counts down to the end of a rate limit, then lets the visitor try again. */
  #countdown(): void {
    clearInterval(this.#timer);
    const step = () => {
      const seconds = Math.ceil((this.#resetAt - now()) / 1000);
      if (seconds > 0) {
        // Visible only: the live region announced the wait once, not every second.
        this.text = waitText(this.o.words(), seconds);
        this.host.requestUpdate();
        return;
      }
      clearInterval(this.#timer);
      this.#show('idle', this.o.words().ready);
    };
    step();
    if (this.state === 'rate-limited') this.#timer = setInterval(step, 1000);
  }

  /**
   * Without JavaScript the service answers a post by sending the visitor back with a marker
   * in the URL (`?hub-kit=subscribed`, `sent` or `error`); the page it lands on says what
   * happened, once: the marker is taken out of the address.
   */
  #landed(): void {
    const url = new URL(this.host.ownerDocument.location.href);
    const mark = url.searchParams.get('hub-kit');
    if (mark !== 'error' && mark !== this.o.landed()) return;
    url.searchParams.delete('hub-kit');
    history.replaceState(history.state, '', url);
    if (mark === 'error') this.#show(mark, this.o.words().error);
    else this.#show('success', this.o.successText({}));
  }

  /** Whether an outbox entry was made by a form of this target: it posts to the same URL. */
  #ours(entry: OutboxEntry): boolean {
    try {
      const { client, endpoint, params } = this.o.target();
      return client.url(endpoint, params as never) === entry.baseUrl + ENDPOINTS[entry.endpoint].path(entry.params as never);
    } catch {
      return false;
    }
  }

  /**
   * Takes what waits in the outbox for the visitor (this element's entry `id`, or any entry
   * of this target, from this page or one the visitor left) and tells its outcome: a
   * delivery as a success, whatever the fields hold; a refusal or an unknown outcome goes
   * back into the fields it came from, with its reason, and only into an empty form, so it
   * never overwrites what is typed.
   */
  async #reclaim(id?: string): Promise<void> {
    const form = this.#form;
    if (!form || this.busy) return;
    const empty = this.#isEmpty();
    // Another form of this page that queued it takes it itself, while it is on the page.
    const free = ([owner]: [SubmissionController, string?] = [this]) => owner === this || !owner.host.isConnected;
    const entry = await claim((e) => (id ? e.id === id : this.#ours(e) && free(owners.get(e.id))) && (empty || !!e.delivered));
    if (!entry) return;
    const sent = owners.get(entry.id)?.[1];
    owners.delete(entry.id);
    if (entry.delivered) {
      // Kept in the fields while it could only wait in memory: cleared now, if unchanged.
      if (sent === this.#snapshot()) form.reset();
      return this.#succeed(entry.body, entry.delivered, true);
    }
    const { fields = {}, ...values } = entry.body as SignupBody & Record<string, string>;
    const controls = form.elements;
    for (const [name, value] of [...Object.entries(values), ...Object.entries(fields).map(([key, v]) => [`fields[${key}]`, v])]) {
      const field = controls.namedItem(name!);
      if (!isField(field) || field.type === 'hidden' || name === TRAP_NAME) continue;
      if (field.type === 'checkbox') (field as HTMLInputElement).checked = true;
      else field.value = String(value);
    }
    if (entry.error) this.#fail(entry.error, entry.body);
    else {
      this.#answer(false);
      this.#show('unconfirmed', this.o.words().unconfirmed);
    }
  }

  /**
   * The outbox delivered an entry, or left one refused or unconfirmed, in this tab or
   * another. The element that queued it takes it; what this tab's outbox sent for no form of
   * the page (an earlier page's entry, or one whose form left the page) is taken by a free
   * form of its target. What another tab sent waits in the outbox for the next form of its
   * target to load (or to be emptied), not for a form of this tab that might take it before
   * the one the visitor is looking at.
   */
  #onOutbox = (event: Event): void => {
    const { entry, here } = (event as CustomEvent<{ entry: OutboxEntry; here?: boolean }>).detail;
    const mine = owners.get(entry.id)?.[0] === this;
    if (mine || here) void this.#reclaim(mine ? entry.id : undefined);
  };

  #validate(form: HTMLFormElement, s: Words): Map<Field, string> {
    const errors = new Map<Field, string>();
    for (const el of form.elements) {
      if (!isField(el) || el.name === TRAP_NAME || el.type === 'hidden' || el.disabled) continue;
      const isEmail = el.type === 'email' || el.name === 'email';
      // An address is checked as it will be sent: as the visitor sees it.
      const value = (isEmail ? visible(el.value) : el.value).trim();
      if (el.type === 'checkbox') {
        if (el.required && !(el as HTMLInputElement).checked) errors.set(el, s.consentRequired);
      } else if (el.required && !value) {
        errors.set(el, isEmail ? s.emailRequired : el.name === 'message' ? s.messageRequired : s.required);
      } else if (value && isEmail && !EMAIL.test(value)) {
        errors.set(el, s.emailInvalid);
      }
    }
    return errors;
  }
}
