/**
 * `hub-kit/stand-in`: a local stand-in of the service's public endpoints, for the demo,
 * the kit's tests and a site's own integration tests. See docs/stand-in.md.
 */
export { createStandIn } from './handler.js';
export type {
  ConnectionInfo,
  ContactRecord,
  FaultRule,
  FormData,
  LoggedRequest,
  MagicLinkRecord,
  Outcome,
  PathData,
  PresenceData,
  Records,
  ResourceData,
  SeedData,
  StandIn,
  StandInOptions,
  SubscriberRecord,
  TenantData,
} from './handler.js';
export { serve, toNodeHandler } from './node.js';
export type { NodeHandler, NodeHandlerOptions, ServeOptions, Served } from './node.js';
