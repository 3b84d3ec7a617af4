// A site's own service worker, network-first as many are: every request goes to the network,
// and only when the network fails is a cached copy (of a GET it kept) answered instead.
const CACHE = 'site-network-first';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const { request } = event;
  event.respondWith(
    fetch(request.clone()).then(
      (response) => {
        if (request.method === 'GET' && response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      },
      async () => (await caches.match(request)) ?? Response.error(),
    ),
  );
});
