export * from './hub-client.js';
export * from './errors.js';
export * from './endpoints.js';
export * from './schema.js';
export { normalizeBaseUrl } from './base-url.js';
