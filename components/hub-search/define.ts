import { HubSearch } from './hub-search.js';

HubSearch.define();

export { HubSearch };
