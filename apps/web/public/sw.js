// Rally's service worker.
// - Web Push: shows notifications and opens their link when tapped (SPEC 2: push notifications carry a link;
//   SPEC 4: a tapped notification is marked handled).
// - Offline shell (issue 11): on install it precaches the build (the hashed files the entry needs, the offline
//   page) and this host's app shell (index.html, branded per host). Pages are fetched from the network first; when
//   the network fails, an app page gets the shell as last fetched, anything else the offline page. Hashed assets
//   come from the cache (they never change). API calls are never cached.
// - Updates: a new build installs beside the running one and waits until the app asks it to take over
//   ({type: 'SKIP_WAITING'}, "Update Ready" in the user menu); on activation it deletes the older builds' caches.
//
// `self.__PRECACHE__` is replaced by apps/web/scripts/precache.mjs after `vite build` with {build, urls}. Left as
// it is (the dev server), the worker caches nothing and handles no fetch.
const PRECACHE = self.__PRECACHE__;
const CACHE_PREFIX = 'rally-';
const CACHE = `${CACHE_PREFIX}${PRECACHE ? PRECACHE.build : 'dev'}`;
/** The cache key of the app shell: index.html as this host last served it. */
const SHELL = '/';
const OFFLINE_PAGE = '/offline.html';
/** Pages the server renders itself (share pages, the demo mailbox, metrics): never answered with the app shell. */
const SERVER_PAGES = /^\/(?:api|p|dev|metrics)(?:\/|$)/;

self.addEventListener('install', (event) => {
  if (!PRECACHE) return;
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([...PRECACHE.urls, SHELL].map((url) => new Request(url, { cache: 'reload' }))),
      ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  if (!PRECACHE) return;
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event, !SERVER_PAGES.test(url.pathname)));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.urls.includes(url.pathname)) {
    event.respondWith(fromCache(event, url.pathname.startsWith('/assets/')));
  }
});

/** Network first; the fresh shell is kept. Offline: the shell as last fetched for app pages, else the offline page. */
async function navigate(event, isAppPage) {
  try {
    const response = await fetch(event.request);
    const type = response.headers.get('content-type') || '';
    if (isAppPage && response.ok && type.startsWith('text/html')) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SHELL, copy)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const fallback = (isAppPage && (await cache.match(SHELL))) || (await cache.match(OFFLINE_PAGE));
    if (fallback) return fallback;
    throw error;
  }
}

/** Cache first; a hashed asset fetched for the first time (a lazy page's chunk) is kept for next time. */
async function fromCache(event, isHashed) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(event.request, { ignoreSearch: isHashed, ignoreVary: isHashed });
  if (hit) return hit;
  const response = await fetch(event.request);
  if (isHashed && response.ok) {
    const copy = response.clone();
    event.waitUntil(cache.put(event.request, copy));
  }
  return response;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  // The app icon's badge: the member's unread notifications when this one was sent (where the Badging API is).
  const badge = Number(data.badge);
  const badged =
    Number.isInteger(badge) && self.navigator.setAppBadge
      ? (badge > 0 ? self.navigator.setAppBadge(badge) : self.navigator.clearAppBadge()).catch(
          () => undefined,
        )
      : Promise.resolve();
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(data.title || 'Rally', {
        body: data.body || undefined,
        tag: data.id,
        data: { id: data.id, link: data.link || '/notifications' },
      }),
      badged,
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { id, link } = event.notification.data || {};
  const target = new URL(link || '/notifications', self.location.origin);
  event.waitUntil(
    (async () => {
      if (id) {
        await fetch(`/api/notifications/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          credentials: 'same-origin',
        }).catch(() => undefined);
      }
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        await open.focus();
        return open.navigate(target.href);
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
