// On the server, for each request: where the service is, and the form itself, written by
// hub-kit/markup, so that the page works before (and without) JavaScript.
import { env } from '$env/dynamic/private';
import { signupFormHtml } from 'hub-kit/markup';

export function load() {
  const baseUrl = env.HUB_BASE_URL ?? 'http://127.0.0.1:8787';
  return { baseUrl, markup: signupFormHtml({ form: env.HUB_FORM ?? 'demo-form', baseUrl, id: 'newsletter' }) };
}
