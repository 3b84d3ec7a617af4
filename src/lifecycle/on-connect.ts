/**
 * What an element or a controller does while its host is in the document, undone by one
 * abort when it leaves: `setup` runs on every connection with a fresh AbortSignal, and
 * whatever it registers with that signal (listeners on the page, timers that check it) ends
 * on disconnection. Nothing outlives the host's place in the page, and a host moved in the
 * DOM picks up again on reconnection.
 *
 * The host is typed by the one method this needs, the way a Lit element takes controllers,
 * so the core stays free of Lit and elements and controllers share this one helper.
 */
export interface ConnectionHost {
  addController(controller: { hostConnected(): void; hostDisconnected(): void }): void;
}

export function onConnect(host: ConnectionHost, setup: (signal: AbortSignal) => void): void {
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
