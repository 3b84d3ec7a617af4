'use client';
// A client component: it has state and an effect. Next renders it on the server too, so the
// prerendered page holds the form `markup` (from hub-kit/markup): it posts to the service
// without JavaScript, and the visitor comes back to a note that says it worked.
import { useEffect, useRef, useState } from 'react';

export function Newsletter({ markup }) {
  const ref = useRef(null);
  const [subscribed, setSubscribed] = useState(null);

  useEffect(() => {
    // Registered once React has hydrated the page: <signup-form> then adopts the form React
    // put there, and React never meets an element that changed before it hydrated.
    import('hub-kit/signup-form/define');
    // Listened to here rather than with onsignup-form-success: React 19 does not attach a
    // custom element's on<event> props when it hydrates server-rendered markup.
    const element = ref.current;
    const onSuccess = (event) => setSubscribed(event.detail.data.email);
    element.addEventListener('signup-form-success', onSuccess);
    return () => element.removeEventListener('signup-form-success', onSuccess);
  }, []);

  return (
    <>
      <signup-form ref={ref} dangerouslySetInnerHTML={{ __html: markup }} />
      {subscribed ? <p role="status">Thanks, {subscribed} is on the list.</p> : null}
    </>
  );
}
