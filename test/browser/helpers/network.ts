/**
 * Takes a page offline and back through the two signals the kit reads: `navigator.onLine`
 * and the `offline` / `online` events. (A driver's own offline switch, such as Playwright's,
 * would also cut the test runner's connection to the page.) A test should also make the
 * service unreachable (stop the remote stand-in), so that a request that slipped out would
 * fail rather than pass unnoticed.
 */
export function setOffline(offline: boolean, win: Window = window): void {
  const nav = win.navigator;
  if (offline) Object.defineProperty(nav, 'onLine', { configurable: true, get: () => false });
  // Back to the prototype's getter.
  else delete (nav as { onLine?: boolean }).onLine;
  win.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}
