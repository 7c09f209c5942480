// Seeks in real browsers: Ann (desktop, English) looks for an opponent in Triangoli; Bob (a phone,
// Czech) sees her seek arrive without reloading and accepts it; both pages are taken to the game,
// each holding its own seat, and Ann's move reaches Bob. A guest sees the seek but is asked to
// sign in to accept.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, myTurnOrOver, playMove, screenshot, rng, gameId, history } from './browser.mjs';
import cs from '../assets/i18n/cs.js';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const suffix = Math.random().toString(36).slice(2, 8);

/** Signs `page`'s browser up as `name`, then opens the home page. */
async function signedIn(page, name) {
  const r = await page.context().request.post(BASE + '/api/accounts', { data: { name, password: 'correct horse 1' } });
  assert.equal(r.status(), 201);
  await page.goto(BASE + '/');
  await page.waitForSelector('[data-test=seeks] h2');
}

test('a seek made on a desktop is accepted on a phone and both land in the game', { skip: SKIP, timeout: 120000 }, async () => {
  const annName = `ann_${suffix}`;
  const ann = await newPage(browser);
  const bob = await newPage(browser, { width: 390, height: 844, locale: 'cs-CZ' });
  const guest = await newPage(browser, { width: 390, height: 844 });
  try {
    await signedIn(ann, annName);
    await signedIn(bob, `bob_${suffix}`);
    await guest.goto(BASE + '/');
    await bob.waitForSelector('[data-test=seeks-none]');
    assert.equal(await guest.textContent('[data-test=seeks-sign-in]'), 'Sign in to look for opponents, or to accept someone who is looking.');

    // Ann looks for an opponent: her seek is listed to her with a way to cancel it.
    await ann.click('[data-test=seek]');
    await ann.waitForSelector('[data-test=seek-item] [data-test=seek-cancel]');
    // It reaches Bob's page and the guest's as it is, without a reload.
    const item = await bob.waitForSelector('[data-test=seek-item]');
    assert.equal(await item.$eval('[data-test=seek-seats]', (e) => e.textContent), `${annName} (1500)`);
    assert.equal(await item.$eval('[data-test=seek-accept]', (e) => e.textContent), cs['seeks.accept']);
    await guest.waitForSelector('[data-test=seek-item]');
    assert.equal(await guest.$('[data-test=seek-accept]'), null);
    await screenshot(ann, 'seeks-desktop-en');
    await screenshot(bob, 'seeks-phone-cs');

    // Bob accepts: both pages go to the one game, each with its own seat.
    await bob.click('[data-test=seek-accept]');
    await bob.waitForURL(/\/game\//);
    await ann.waitForURL(/\/game\//);
    assert.equal(gameId(ann), gameId(bob));
    assert.equal(new URL(ann.url()).searchParams.get('seat'), '0');
    assert.equal(new URL(bob.url()).searchParams.get('seat'), '1');
    assert.equal(await myTurnOrOver(ann), 'turn');
    const played = await playMove(ann, rng(3));
    await bob.waitForFunction((n) => document.querySelectorAll('[data-test=moves] .move-btn').length === n, played.length);
    assert.deepEqual(await history(bob), played);
    assert.equal(await myTurnOrOver(bob), 'turn');
    // The seek is gone from the guest's list.
    await guest.waitForSelector('[data-test=seeks-none]');
    for (const p of [ann, bob, guest]) assert.deepEqual(p.errors, [], 'no page errors');
  } finally {
    for (const p of [ann, bob, guest]) await p.context().close();
  }
});

test('"Play now" on two browsers seats them together', { skip: SKIP, timeout: 120000 }, async () => {
  const cid = await newPage(browser, { width: 390, height: 844 });
  const dee = await newPage(browser, { locale: 'uk-UA' });
  try {
    await signedIn(cid, `cid_${suffix}`);
    await signedIn(dee, `dee_${suffix}`);
    await cid.click('[data-test=quick]');
    // Cid waits in a quick seek of his own, which Dee's page shows as quick.
    await cid.waitForSelector('[data-test=seek-item] [data-test=seek-quick]');
    await dee.waitForSelector('[data-test=seek-item] [data-test=seek-quick]');
    await dee.click('[data-test=quick]');
    await dee.waitForURL(/\/game\//);
    await cid.waitForURL(/\/game\//);
    assert.equal(gameId(cid), gameId(dee));
    assert.equal(new URL(cid.url()).searchParams.get('seat'), '0');
    assert.equal(await myTurnOrOver(cid), 'turn');
    for (const p of [cid, dee]) assert.deepEqual(p.errors, [], 'no page errors');
  } finally {
    for (const p of [cid, dee]) await p.context().close();
  }
});
