/**
 * hub-kit in a React 19 app: a profile card given its data as a property (so it renders
 * without fetching) and a signup form whose success event updates React state.
 *
 * React 19 sets a prop as a property when the element has it (`data`, `baseUrl`,
 * `noPresence`), as an attribute otherwise (`form`), and listens for `on<event-name>`.
 */
import { StrictMode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type {} from 'hub-kit/jsx';
import 'hub-kit/signup-form/define';
import 'hub-kit/bio-card/define';

export interface AppProps {
  /** Where the service lives. */
  baseUrl: string;
  tenant: string;
  form: string;
}

const profile = {
  name: 'Ada Lovelace',
  handle: 'ada',
  bio: 'Notes on the Analytical Engine, and what comes after it.',
  links: [{ title: 'Notes', url: 'https://example.com/notes' }],
  socials: [],
};

export function App({ baseUrl, tenant, form }: AppProps) {
  const [subscribed, setSubscribed] = useState<string | null>(null);
  return (
    <main>
      <h1>Ada’s notes</h1>
      <bio-card baseUrl={baseUrl} tenant={tenant} data={profile} noPresence />
      <signup-form
        baseUrl={baseUrl}
        form={form}
        onsignup-form-success={(event) => setSubscribed(event.detail.data.email)}
      />
      {subscribed ? <p role="status">Thanks, {subscribed} is on the list.</p> : null}
    </main>
  );
}

export function mount(container: HTMLElement, props: AppProps): Root {
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App {...props} />
    </StrictMode>,
  );
  return root;
}
