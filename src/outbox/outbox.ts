/**
 * CONTRACT STUB — to be replaced by the real implementation (idb-keyval, Web Locks across
 * tabs, exactly-once delivery, flush on load and on `online`).
 */
import type { PostEndpoint } from '../api/client.js';
import type { EndpointParams } from '../api/endpoints.js';
import type { ContactBody, SignupBody, SubmitResponse } from '../api/schema.js';

export interface OutboxEntry<N extends PostEndpoint = PostEndpoint> {
  id: string;
  baseUrl: string;
  endpoint: N;
  params: EndpointParams[N];
  body: N extends 'contact' ? ContactBody : SignupBody;
  queuedAt: number;
}

export interface DeliveredDetail {
  entry: OutboxEntry;
  response: SubmitResponse;
}
export interface FailedDetail {
  entry: OutboxEntry;
  /** A final answer (422, 404): the entry is removed and will not be sent again. */
  error: Error;
}

/** Fires 'delivered' (CustomEvent<DeliveredDetail>) and 'failed' (CustomEvent<FailedDetail>), in every tab. */
export const outboxEvents: EventTarget = new EventTarget();

/** Keeps a submission durably until it is delivered. */
export async function enqueue<N extends PostEndpoint>(
  entry: Omit<OutboxEntry<N>, 'id' | 'queuedAt'>,
): Promise<OutboxEntry<N>> {
  return { ...entry, id: crypto.randomUUID(), queuedAt: Date.now() } as OutboxEntry<N>;
}

/** Everything still waiting, oldest first. */
export async function pending(): Promise<OutboxEntry[]> {
  return [];
}

/** Sends every waiting entry once; one tab at a time. */
export async function flush(): Promise<void> {}

/** Idempotent: flushes now, on every `online` event, and when a rate-limit wait ends. */
export function startOutbox(): void {}
