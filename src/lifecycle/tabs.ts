/**
 * The site's other tabs, on a BroadcastChannel opened on first use: the function returned
 * gives the channel to post on, and `heard` gets what they post. Undefined where there is
 * no BroadcastChannel (Node, an old embedded browser), or where the browser refuses one
 * (Firefox throws a SecurityError when the visitor blocks cookies and site data): the page
 * then works alone.
 */
export function tabChannel<M>(name: string, heard: (message: M) => void): () => BroadcastChannel | undefined {
  let channel: BroadcastChannel | undefined;
  let refused = false;
  return () => {
    if (!channel && !refused) {
      try {
        channel = new BroadcastChannel(name);
        channel.onmessage = (event: MessageEvent<M>) => heard(event.data);
      } catch {
        refused = true;
      }
    }
    return channel;
  };
}
