/**
 * A new browsing context of the same origin, as a second tab has: an iframe with its own
 * copy of every module (memory, channels, timers) over the same IndexedDB, storage and Web
 * Lock manager. `before` runs first, as a classic script, to change the context before the
 * modules load.
 */
export async function newContext<T>(paths: string[], before = ''): Promise<{ hub: T; remove: () => void }> {
  // Absolute: WebKit does not resolve a srcdoc document's imports against its parent.
  const modules = paths.map((path) => new URL(path, location.origin).href);
  const iframe = document.createElement('iframe');
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow) return;
      window.removeEventListener('message', onMessage);
      if (event.data?.error) reject(new Error(event.data.error));
      else resolve();
    };
    window.addEventListener('message', onMessage);
  });
  iframe.srcdoc = `<!doctype html><title>context</title><script>${before}</script>
<script type="module">
  try {
    const modules = await Promise.all(${JSON.stringify(modules)}.map((m) => import(m)));
    window.hub = Object.assign({}, ...modules);
    parent.postMessage({ ready: true }, '*');
  } catch (error) {
    parent.postMessage({ error: String(error) }, '*');
  }
</script>`;
  document.body.append(iframe);
  await ready;
  const hub = (iframe.contentWindow as unknown as { hub: T }).hub;
  return { hub, remove: () => iframe.remove() };
}
