/**
 * The React 19 and Vue 3 examples (examples/react, examples/vue), bundled by
 * `npm run build:examples` from the package's own entries: properties reach the elements
 * (the card renders the profile it was handed, without asking the service), attributes
 * do, and the elements' events reach the framework's state.
 */
import { expect } from 'chai';
import { axe, until } from '../helpers/dom.js';
import { newSandbox } from '../helpers/sandbox.js';

interface AppProps {
  baseUrl: string;
  tenant: string;
  form: string;
}
interface Example {
  mount(container: HTMLElement, props: AppProps): { unmount(): void };
}

const examples: [string, string, string][] = [
  ['React 19', '/examples/.build/react.js', 'Ada Lovelace'],
  ['Vue 3', '/examples/.build/vue.js', 'Grace Hopper'],
];

for (const [framework, path, name] of examples) {
  describe(`${framework} example`, () => {
    let container: HTMLElement;
    let app: { unmount(): void } | undefined;

    beforeEach(() => {
      container = document.createElement('div');
      document.body.append(container);
    });
    afterEach(() => {
      app?.unmount();
      app = undefined;
      container.remove();
    });

    async function start() {
      const sandbox = newSandbox();
      const example = (await import(/* @vite-ignore */ new URL(path, location.origin).href)) as Example;
      app = example.mount(container, { baseUrl: sandbox.baseUrl, tenant: 'demo', form: 'demo-form' });
      await until(() => Boolean(container.querySelector('signup-form form')), 'the signup form');
      const card = container.querySelector('bio-card') as HTMLElement & { updateComplete: Promise<boolean> };
      await until(() => (card.shadowRoot?.textContent ?? '').includes(name), 'the card to show the profile');
      return { sandbox, card };
    }

    it('is accessible', async () => {
      await start();
      const result = await axe.run(container, { resultTypes: ['violations'] });
      expect(result.violations.map((v) => v.id)).to.deep.equal([]);
    });

    it('passes objects as properties and strings as attributes', async () => {
      const { sandbox, card } = await start();
      // The profile came in as a property: the card never asked the service for one.
      expect(await sandbox.requests('/bio')).to.have.length(0);
      expect((card as unknown as { data: { name: string } }).data.name).to.equal(name);
      expect((card as unknown as { noPresence: boolean }).noPresence).to.equal(true);
      const signup = container.querySelector('signup-form')!;
      expect(signup.getAttribute('form')).to.equal('demo-form');
    });

    describe('when a visitor signs up', () => {
      it('the success event updates the framework’s state', async () => {
        const { sandbox } = await start();
        const email = `${framework.split(' ')[0]!.toLowerCase()}.${Math.random().toString(36).slice(2, 9)}@example.com`;
        const form = container.querySelector('signup-form form') as HTMLFormElement;
        (form.elements.namedItem('email') as HTMLInputElement).value = email;
        form.requestSubmit();
        await until(() => (container.querySelector('[role="status"]')?.textContent ?? '').includes(email), 'the app’s thank-you line');
        const { subscribers } = await sandbox.records();
        expect(subscribers.map((s) => s.email)).to.include(email);
      });
    });
  });
}
