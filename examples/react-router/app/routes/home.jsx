import { useEffect, useRef, useState } from 'react';
import { signupFormHtml } from 'hub-kit/markup';

export const meta = () => [{ title: 'My newsletter' }];

// On the server, for each request: where the service is and which form, and the form
// itself, written by hub-kit/markup, so that the page works before (and without) JavaScript.
export function loader() {
  const baseUrl = process.env.HUB_BASE_URL ?? 'http://127.0.0.1:8787';
  return { markup: signupFormHtml({ form: process.env.HUB_FORM ?? 'demo-form', baseUrl, id: 'newsletter' }) };
}

export default function Home({ loaderData }) {
  const ref = useRef(null);
  const [subscribed, setSubscribed] = useState(null);

  useEffect(() => {
    // Registered once React has hydrated the page: <signup-form> then adopts the form the
    // server wrote, and React never meets an element that changed before it hydrated.
    import('hub-kit/signup-form/define');
    // Listened to here: React 19 does not attach a custom element's on<event> props when it
    // hydrates server-rendered markup.
    const element = ref.current;
    const onSuccess = (event) => setSubscribed(event.detail.data.email);
    element.addEventListener('signup-form-success', onSuccess);
    return () => element.removeEventListener('signup-form-success', onSuccess);
  }, []);

  return (
    <main>
      <h1>My newsletter</h1>
      <signup-form ref={ref} dangerouslySetInnerHTML={{ __html: loaderData.markup }} />
      {subscribed ? <p role="status">Thanks, {subscribed} is on the list.</p> : null}
    </main>
  );
}
