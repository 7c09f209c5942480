// The service worker: shows the notices the server pushes while no tab is looking (your turn in a
// game by correspondence, a tournament starting: docs/api.md, "Web Push") and opens their page
// when one is clicked, in a tab already open on the site if there is one. It caches nothing.

self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: '/assets/img/logo.svg',
    data: { url: notice.url },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = tabs.find((c) => new URL(c.url).origin === self.location.origin);
    if (open && 'navigate' in open) {
      await open.focus();
      return open.navigate(url);
    }
    return self.clients.openWindow(url);
  })());
});
