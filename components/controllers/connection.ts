/**
 * What an element or a controller does while its host is in the document, undone by one
 * abort when it leaves: `setup` runs on every connection with a fresh AbortSignal, and
 * whatever it registers with that signal (listeners on the page, timers that check it) ends
 * on disconnection. Nothing outlives the host's place in the page, and a host moved in the
 * DOM picks up again on reconnection.
 */
import type { ReactiveControllerHost } from 'lit';

export function onConnect(host: ReactiveControllerHost, setup: (signal: AbortSignal) => void): void {
  let connection: AbortController | undefined;
  host.addController({
    hostConnected() {
      connection = new AbortController();
      setup(connection.signal);
    },
    hostDisconnected() {
      connection?.abort();
    },
  });
}
