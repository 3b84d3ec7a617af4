// The creator's profile, fetched once at build time: the page shows it with no request.
import hub from './hub.js';

export default async function () {
  const response = await fetch(`${hub.baseUrl}/api/v1/tenants/${hub.tenant}/bio`);
  if (!response.ok) throw new Error(`GET ${response.url} answered ${response.status}`);
  return (await response.json()).data;
}
