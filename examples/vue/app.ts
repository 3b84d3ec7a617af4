/**
 * hub-kit in a Vue 3 app: a profile card given its data as a DOM property (`.data`), so it
 * renders without fetching, and a signup form whose success event updates Vue state.
 *
 * Vue must be told that dashed tags are custom elements (`isCustomElement`), here for the
 * runtime template compiler, in a Vite app for @vitejs/plugin-vue's.
 */
import { createApp, defineComponent, ref, type App } from 'vue';
import 'hub-kit/signup-form/define';
import 'hub-kit/bio-card/define';

export interface AppProps {
  /** Where the service lives. */
  baseUrl: string;
  tenant: string;
  form: string;
}

const profile = {
  name: 'Grace Hopper',
  handle: 'grace',
  bio: 'Compilers, and a nanosecond of wire.',
  links: [{ title: 'Talks', url: 'https://example.com/talks' }],
  socials: [],
};

export function mount(container: HTMLElement, props: AppProps): App {
  const app = createApp(
    defineComponent({
      setup() {
        const subscribed = ref<string | null>(null);
        const onSuccess = (event: GlobalEventHandlersEventMap['signup-form-success']) => {
          subscribed.value = event.detail.data.email;
        };
        return { ...props, profile, subscribed, onSuccess };
      },
      template: `
        <main>
          <h1>Grace’s notes</h1>
          <bio-card :base-url="baseUrl" :tenant="tenant" .data="profile" no-presence></bio-card>
          <signup-form :base-url="baseUrl" :form="form" @signup-form-success="onSuccess"></signup-form>
          <p v-if="subscribed" role="status">Thanks, {{ subscribed }} is on the list.</p>
        </main>
      `,
    }),
  );
  app.config.compilerOptions.isCustomElement = (tag) => tag.includes('-');
  app.mount(container);
  return app;
}
