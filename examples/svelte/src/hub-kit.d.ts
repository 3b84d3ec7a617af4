// The kit's tags, their properties, attributes and events, for svelte-check and the editor.
import type {} from 'hub-kit/svelte';
