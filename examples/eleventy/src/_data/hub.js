// Where the service is and whose site this is, read when the site is built.
export default {
  baseUrl: process.env.HUB_BASE_URL ?? 'http://127.0.0.1:8787',
  tenant: process.env.HUB_TENANT ?? 'demo',
  form: process.env.HUB_FORM ?? 'demo-form',
};
