// Two browsers play each other through an invite link while a third watches; and the tools of
// a game against the computer: undo, the replay slider, download of the record and its upload.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  SKIP, BASE, en, launch, newPage, startGame, view, myTurnOrOver, history, offered, playMove,
  clickNonTarget, toastText, screenshot, rng, boardSignature,
} from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** Waits until the page's move list has `n` moves. */
async function movesReach(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-test=moves] .move-btn').length >= k, n);
  return history(page);
}

test('two browsers through an invite link, a spectator watching', { skip: SKIP, timeout: 120000 }, async () => {
  const host = await newPage(browser);
  const random = rng(42);
  const id = await startGame(host, 'triangoli', { seats: ['invite'] });

  // The host copies the invite link of seat 2 and the spectator link.
  await host.click('[data-test=invite-1]');
  assert.match(await toastText(host), /copied/);
  const invite = await host.evaluate(() => navigator.clipboard.readText());
  // The token rides in the fragment, which never reaches a server or a Referer.
  assert.ok(invite.startsWith(`${BASE}/game/${id}#seat=1&token=`), invite);
  await host.click('[data-key=watch-link]');
  await host.waitForFunction(() => document.querySelector('[data-test=toast]').textContent.includes('Spectator'));
  const watchLink = await host.evaluate(() => navigator.clipboard.readText());
  assert.equal(watchLink, `${BASE}/game/${id}`);

  const guest = await newPage(browser);
  await guest.goto(invite);
  await guest.waitForSelector('svg.board .item');
  // Stored, the token leaves the address bar (and the history).
  assert.equal(guest.url(), `${BASE}/game/${id}?seat=1`);
  // The invited player has come: the host's invite link for that seat is gone.
  await host.waitForSelector('[data-test=invite-1]', { state: 'detached' });
  // A link of the old form (the token in the query) still gives the seat, and is cleaned alike.
  const token = decodeURIComponent(new URL(invite).hash.match(/token=([^&]+)/)[1]);
  const old = await newPage(browser);
  await old.goto(`${BASE}/game/${id}?seat=1&token=${encodeURIComponent(token)}`);
  await old.waitForSelector('svg.board .item');
  assert.equal(old.url(), `${BASE}/game/${id}?seat=1`);
  assert.ok(await old.evaluate(([id, token]) => JSON.stringify(localStorage).includes(token)
    && JSON.stringify(localStorage).includes(id), [id, token]));
  assert.deepEqual(old.errors, []);
  await old.context().close();
  const spectator = await newPage(browser, { width: 390, height: 844 });
  await spectator.goto(watchLink);
  await spectator.waitForSelector('svg.board .item');
  assert.equal(await spectator.textContent('[data-test=status]'), en['status.watching'].replace('{seat}', 'Player 1'));
  assert.equal(await guest.textContent('[data-test=status]'), en['status.waiting'].replace('{seat}', 'Player 1'));

  // Four moves, alternating; each one appears live in the other two browsers.
  const players = [host, guest];
  for (let ply = 0; ply < 4; ply++) {
    const mover = players[ply % 2];
    const other = players[(ply + 1) % 2];
    assert.equal(await myTurnOrOver(mover), 'turn');
    assert.equal((await offered(other)).size, 0, 'the other player is offered nothing');
    const moves = await playMove(mover, random);
    assert.equal(moves.length, ply + 1);
    assert.deepEqual(await movesReach(other, ply + 1), moves);
    assert.deepEqual(await movesReach(spectator, ply + 1), moves);
  }
  assert.deepEqual(await history(host), (await view(id)).history);

  // The spectator may look but not touch.
  await clickNonTarget(spectator);
  assert.equal(await toastText(spectator), en['refused.spectator']);
  // A player clicking out of turn is told so.
  await clickNonTarget(guest);
  assert.equal(await toastText(guest), en['refused.turn']);

  await screenshot(host, 'invite-host');
  await screenshot(guest, 'invite-guest');
  await screenshot(spectator, 'invite-spectator');
  for (const p of [host, guest, spectator]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('against the computer: undo, replay slider, record download and upload', { skip: SKIP, timeout: 120000 }, async () => {
  const page = await newPage(browser);
  const random = rng(7);
  const id = await startGame(page, 'triangoli', { seats: ['ai'], level: 'easy' });
  for (let i = 0; i < 3; i++) {
    assert.equal(await myTurnOrOver(page), 'turn');
    await playMove(page, random);
  }
  assert.equal(await myTurnOrOver(page), 'turn');
  const full = await history(page);
  assert.equal(full.length, 6);

  // Undo takes back my last move and the computer's answer.
  await page.click('[data-test=undo]');
  await page.waitForFunction(() => document.querySelectorAll('[data-test=moves] .move-btn').length === 4);
  assert.deepEqual(await history(page), full.slice(0, 4));
  assert.equal(await myTurnOrOver(page), 'turn');

  // The replay slider shows an earlier position, without moves offered; then back to live.
  const live = await boardSignature(page);
  await page.$eval('#replay-range', (el) => {
    el.value = '1';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('[data-test=status]').textContent.startsWith('Replay'));
  await page.waitForFunction(() => document.querySelectorAll('svg.board .pawn').length === 1);
  assert.equal((await offered(page)).size, 0, 'nothing to click in a past position');
  await page.click('[data-key=r-live]');
  await page.waitForFunction(() => document.querySelector('svg.board.interactive'));
  assert.equal(await boardSignature(page), live);

  // Download the record, upload it on the home page: the same game to replay.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`a[href="/api/games/${id}/record"]`)]);
  const record = fs.readFileSync(await download.path(), 'utf8');
  for (const m of full.slice(0, 4)) assert.ok(record.includes(m), `${m} is in the record`);
  await page.goto(BASE + '/');
  await page.fill('#upload-text', record);
  await page.click('.upload-form button[type=submit]');
  await page.waitForURL(/\/game\//);
  await movesReach(page, 4);
  assert.deepEqual(await history(page), full.slice(0, 4));
  assert.equal((await offered(page)).size, 0, 'a replayed record is for watching');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an open seat is listed on the home page and taken from there', { skip: SKIP, timeout: 60000 }, async () => {
  const host = await newPage(browser);
  const random = rng(3);
  const id = await startGame(host, 'triangular', { seats: ['open'] });
  assert.equal(await host.textContent('[data-test=status]'), en['hint.triangular.place']);
  await playMove(host, random);
  await host.waitForFunction((text) => document.querySelector('[data-test=status]').textContent === text,
    en['status.open'].replace('{seat}', 'Black'));
  // Its creator is told the seat waits for someone else, not offered it.
  assert.equal(await host.textContent('[data-test=waiting-1]'), en['seat.waiting']);
  assert.equal(await host.$('[data-test=join-1]'), null);
  // In the creator's lobby the game is theirs, waiting: no Join.
  await host.goto(BASE + '/');
  const own = host.locator(`[data-test=lobby-game][data-id="${id}"]`);
  await own.locator('[data-test=lobby-own]').waitFor();
  assert.equal(await own.locator('[data-test=lobby-join]').count(), 0);
  await host.goto(`${BASE}/game/${id}?seat=0`);

  const guest = await newPage(browser, { width: 390, height: 844 });
  await guest.goto(BASE + '/');
  // By selector, not by element: the lobby may be drawn again meanwhile.
  const join = `[data-key="join-${id}-1"]`;
  await guest.waitForSelector(join);
  assert.equal(await guest.textContent(join), en['lobby.join'].replace('{seat}', 'Black'));
  const line = guest.locator(`[data-test=lobby-game][data-id="${id}"]`);
  assert.equal(await line.locator('[data-test=lobby-rated]').count(), 0, 'not rated');
  await screenshot(guest, 'lobby-open-game-390');
  await guest.click(join);
  await guest.waitForURL(`${BASE}/game/${id}?seat=1`);
  assert.equal(await myTurnOrOver(guest), 'turn');
  const moves = await playMove(guest, random);
  assert.equal(moves.length, 2);
  await movesReach(host, 2);
  assert.equal(await myTurnOrOver(host), 'turn');
  // Once taken, the seat is no longer open.
  const lobby = await (await fetch(`${BASE}/api/games?open=true`)).json();
  assert.ok(!lobby.games.some((g) => g.id === id));
  for (const p of [host, guest]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});
