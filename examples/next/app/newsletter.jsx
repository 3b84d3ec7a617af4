'use client';
// A client component: it uses state and an effect, and its define import must run in the
// browser. Next still renders it on the server, so the prerendered page holds the form
// below, which posts to the service without JavaScript; in the browser <signup-form> adopts
// that very form instead of writing one of its own.
import { useEffect, useId, useRef, useState } from 'react';
import 'hub-kit/signup-form/define';

export function Newsletter({ baseUrl, form }) {
  const id = useId();
  const ref = useRef(null);
  const [subscribed, setSubscribed] = useState(null);

  // Listened to in an effect rather than with onsignup-form-success: React 19 does not attach
  // a custom element's on<event> props when it hydrates server-rendered markup.
  useEffect(() => {
    const element = ref.current;
    const onSuccess = (event) => setSubscribed(event.detail.data.email);
    element.addEventListener('signup-form-success', onSuccess);
    return () => element.removeEventListener('signup-form-success', onSuccess);
  }, []);

  return (
    <>
      <signup-form ref={ref} form={form} base-url={baseUrl}>
        <form className="hub-form" method="post" action={`${baseUrl}/api/subscribe/${form}`}>
          <div className="hub-field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input id={`${id}-email`} type="email" name="email" autoComplete="email" required />
          </div>
          <div className="hub-trap" hidden aria-hidden="true">
            <label htmlFor={`${id}-website`}>Leave this field empty</label>
            <input id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" data-1p-ignore="" data-lpignore="true" data-form-type="other" />
          </div>
          <button type="submit" className="hub-submit">Subscribe</button>
        </form>
      </signup-form>
      {subscribed ? <p role="status">Thanks, {subscribed} is on the list.</p> : null}
    </>
  );
}
