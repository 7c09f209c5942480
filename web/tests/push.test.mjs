// Pushed notices in a real Chromium: on one's own profile, the setting "notify me on this device";
// the site's service worker (sw.js) shows a notice the push service delivers — delivered here
// through Chromium's DevTools protocol, as a push service would — with its title, text and page;
// and where the browser cannot subscribe (Chromium has no Push API in a fresh, incognito-like
// profile such as Playwright's), the page says so in words and leaves the setting off.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, screenshot, en } from './browser.mjs';

let browser;
before(async () => {
  // The full Chromium: the headless shell shows no notifications.
  if (!SKIP) browser = await launch({ full: true });
});
after(async () => {
  if (browser) await browser.close();
});

test('the service worker shows a pushed notice, and the setting says when it cannot subscribe', { skip: SKIP, timeout: 60000 }, async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.context().grantPermissions(['notifications'], { origin: BASE });
  const name = `push_${Math.random().toString(36).slice(2, 8)}`;
  const r = await page.context().request.post(BASE + '/api/accounts', { data: { name, password: 'correct horse 1' } });
  assert.equal(r.status(), 201);
  await page.goto(BASE + `/player/${name}`);
  await page.waitForSelector('[data-test=push-switch]');
  assert.equal(await page.textContent('#push-h'), en['push.title']);
  assert.equal(await page.isChecked('[data-test=push-switch]'), false);

  // The worker the setting registers, sent a push as a push service would.
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((x) => x.scopeURL === `${BASE}/assets/` && !x.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  // Registered, and its worker active (a push to a worker still installing may be dropped).
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.register('/assets/sw.js', { scope: '/assets/' });
    const worker = reg.installing || reg.waiting || reg.active;
    if (worker.state !== 'activated') {
      await new Promise((resolve) => worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      }));
    }
  });
  const registrationId = await registered;
  const notice = { title: 'Your turn in Triangoli', body: 'bob has moved: it is your turn.', url: '/game/abc', tag: 'turn/abc' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE, registrationId, data: JSON.stringify(notice) });
  const shown = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/assets/');
    for (let i = 0; i < 300; i++) {
      const list = await reg.getNotifications();
      if (list.length) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      await new Promise((r) => setTimeout(r, 50));
    }
    return [];
  });
  assert.deepEqual(shown, [{ title: notice.title, body: notice.body, tag: notice.tag, data: { url: '/game/abc' } }]);

  // Turning it on: permission granted, worker ready, the site's key fetched — and this profile
  // without the Push API: said in words, the setting left off.
  await page.click('[data-test=push-switch]');
  await page.waitForSelector('[data-test=push-note]');
  assert.equal(await page.textContent('[data-test=push-note]'), en['push.unavailable']);
  assert.equal(await page.isChecked('[data-test=push-switch]'), false);
  await screenshot(page, 'push-setting-390');
  // Chromium's own console line about its incognito profile is not the page's error.
  assert.deepEqual(page.errors.filter((e) => !/Push API in incognito mode/.test(e)), []);
});
