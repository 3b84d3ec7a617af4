// A server component, prerendered at build time: where the service is and which form, read
// from the build's environment, and the form itself, written by hub-kit/markup, so that the
// page works before (and without) JavaScript.
import { signupFormHtml } from 'hub-kit/markup';
import { Newsletter } from './newsletter';

const baseUrl = process.env.HUB_BASE_URL ?? 'http://127.0.0.1:8787';
const form = process.env.HUB_FORM ?? 'demo-form';

export default function Home() {
  return (
    <main>
      <h1>My newsletter</h1>
      <Newsletter markup={signupFormHtml({ form, baseUrl, id: 'newsletter' })} />
    </main>
  );
}
