/**
 * The site's other tabs, on a BroadcastChannel opened on first use: the function returned
 * gives the channel to post on, and `heard` gets what they post. Undefined where there is
 * no BroadcastChannel (Node, an old embedded browser): the page then works alone.
 */
export function tabChannel<M>(name: string, heard: (message: M) => void): () => BroadcastChannel | undefined {
  let channel: BroadcastChannel | undefined;
  return () => {
    if (!channel && typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(name);
      channel.onmessage = (event: MessageEvent<M>) => heard(event.data);
    }
    return channel;
  };
}
