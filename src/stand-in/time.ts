/** Times as the service writes them in its payloads and headers: ISO 8601, in UTC. */
export const iso = (ms: number): string => new Date(ms).toISOString();
