// Light pages: what a browser downloads for a page, as the network sees it (Chromium's DevTools
// protocol: each request, its encoded size on the wire, and whether the browser's cache answered
// it). A first visit to / fetches the home page's scripts only — each route's module comes when
// the route is first visited — and a second visit asks the server only for the page and its
// data: every file is kept under its version.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage } from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** The most JavaScript a first visit to / may bring, compressed, in bytes (issue 58: 70 KB). */
const HOME_SCRIPTS = 70 * 1024;

/**
 * Records what `page` asks for until `stop()` is called: for each request its URL, its
 * resource type, the bytes that came over the network, and whether the cache answered it.
 */
async function network(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  cdp.on('Network.requestWillBeSent', (e) => seen.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0, cached: false }));
  cdp.on('Network.requestServedFromCache', (e) => {
    if (seen.has(e.requestId)) seen.get(e.requestId).cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = seen.get(e.requestId);
    if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache)) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (seen.has(e.requestId)) seen.get(e.requestId).bytes = e.encodedDataLength;
  });
  return {
    list: () => [...seen.values()],
    stop: () => cdp.detach(),
  };
}

test('a first visit to / brings only the home page’s scripts; a second asks only for the page and its data', { skip: SKIP, timeout: 60000 }, async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  try {
    let net = await network(page);
    await page.goto(BASE + '/');
    await page.waitForSelector('.game-card');
    await page.waitForLoadState('networkidle');
    const first = net.list();
    await net.stop();
    const scripts = first.filter((r) => r.type === 'Script');
    const bytes = scripts.reduce((n, r) => n + r.bytes, 0);
    console.log(`# / first visit: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB on the wire`);
    assert.ok(bytes <= HOME_SCRIPTS, `${bytes} B of scripts: ${scripts.map((r) => r.url.replace(BASE, '')).join(' ')}`);
    for (const module of ['game.js', 'lesson.js', 'tournaments.js', 'moderation.js']) {
      assert.ok(!scripts.some((r) => r.url.includes(`/assets/${module}`)), `/ loaded ${module}`);
    }

    // Another page of the same route, then a route never visited: only its own modules come.
    net = await network(page);
    await page.goto(BASE + '/learn');
    await page.waitForSelector('[data-test=learn-game]');
    await page.waitForLoadState('networkidle');
    const asked = net.list().filter((r) => !r.cached);
    await net.stop();
    const files = asked.filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
    assert.ok(files.length > 0 && files.every((r) => /\/assets\/(learn|learn-logic|lessons\/[a-z-]+\.en)\.js\?v=/.test(r.url)),
      `asked again: ${files.map((r) => r.url.replace(BASE, '')).join(' ')}`);

    // The second visit to /: the page and the API, nothing else from the server.
    net = await network(page);
    await page.goto(BASE + '/');
    await page.waitForSelector('.game-card');
    await page.waitForLoadState('networkidle');
    const again = net.list().filter((r) => !r.cached).map((r) => new URL(r.url).pathname);
    await net.stop();
    assert.deepEqual(again.filter((p) => p !== '/' && !p.startsWith('/api/')), [], `asked again: ${again.join(' ')}`);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
