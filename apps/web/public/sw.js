// Rally's service worker: shows Web Push notifications and opens their link when tapped (SPEC 2: push
// notifications carry a link; SPEC 4: a tapped notification is marked handled). Nothing is cached here.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Rally', {
      body: data.body || undefined,
      tag: data.id,
      data: { id: data.id, link: data.link || '/notifications' },
    }),
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
