// Clocks in real browsers: a time control chosen on the home page (a preset, or a custom one
// checked in the page), shown in the lobby and on the game page; the running clock ticking between
// views while the other stays, red under 10 s, and the game lost on time said in the result; a
// correspondence game in days and hours; the home page's list of this browser's games, those where
// it is its turn first. Screenshots at 390×844 and 1280×800.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  SKIP, BASE, ARTIFACTS, en, launch, newPage, startGame, view, myTurnOrOver, playMove, toastText, rng, gameId, fill, SCREENSHOTS,
} from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** What seat `seat`'s clock shows (`card`: on its player card; `bar`: above the board). */
async function clockOf(page, seat, where = 'card') {
  return page.$eval(`[data-test=${where === 'card' ? 'clock' : 'bar-clock'}-${seat}]`, (el) => ({
    text: el.textContent,
    ms: Number(el.dataset.ms),
    low: el.dataset.low === 'true',
    running: el.dataset.running === 'true',
    colour: getComputedStyle(el).backgroundColor,
  }));
}

/** Whether one of seat `seat`'s clocks is on screen without scrolling, once the page has settled
 * (the board is sized after the first view, so the layout may still move for a moment). */
async function clockOnScreen(page, seat) {
  const onScreen = (s) => [...document.querySelectorAll(`[data-clock="${s}"]`)].some((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });
  return page.waitForFunction(onScreen, seat, { timeout: 5000 }).then(() => true, () => false);
}

/** The visible screen (not the whole page) saved under test-artifacts/. */
async function shot(page, name) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

test('a preset on the home page is the game’s control, shown in the lobby; the clocks start when the seat is taken', { skip: SKIP, timeout: 90000 }, async () => {
  const host = await newPage(browser, DESKTOP);
  await host.goto(BASE + '/');
  // No clock unless one is chosen; a custom control is checked in the page before it is sent.
  await host.waitForSelector('[data-test="clock-none"] input');
  assert.equal(await host.$eval('[data-test="clock-none"] input', (el) => el.checked), true);
  await host.click('[data-test="clock-custom"]');
  await host.selectOption('[data-test=clock-kind]', 'days');
  await host.fill('[data-test=clock-days]', '31');
  await host.click('[data-test=start]');
  assert.equal(await toastText(host), en['clock.invalid.days']);
  assert.equal(await host.evaluate(() => document.activeElement.id), 'clock-days');
  assert.equal(new URL(host.url()).pathname, '/', 'nothing was created');
  await shot(host, 'clock-setup-1280');

  const id = await startGame(host, 'triangoli', { seats: ['open'], clock: '10+5' });
  const v = await view(id);
  assert.deepEqual(v.clock, { initial_ms: 600000, increment_ms: 5000 });
  assert.equal(await host.textContent('[data-test=control]'), '10+5');
  // Waiting for the open seat: no clock runs yet.
  assert.equal(v.running, null);
  for (const seat of [0, 1]) {
    const c = await clockOf(host, seat);
    assert.equal(c.text, '10:00');
    assert.equal(c.running, false);
  }

  const guest = await newPage(browser, PHONE);
  await guest.goto(BASE + '/');
  const line = guest.locator('[data-test=lobby] li', { has: guest.locator(`[data-key="join-${id}-1"]`) });
  assert.equal(await line.locator('[data-test=lobby-clock]').textContent(), '10+5');
  await line.scrollIntoViewIfNeeded();
  await shot(guest, 'clock-lobby-390');
  await guest.click(`[data-key="join-${id}-1"]`);
  await guest.waitForURL(`${BASE}/game/${id}?seat=1`);
  // The last seat taken, the first seat's clock runs, in both browsers.
  for (const page of [host, guest]) {
    await page.waitForFunction(() => document.querySelector('[data-test=clock-0]')?.dataset.running === 'true');
    assert.equal((await clockOf(page, 1)).running, false);
    assert.ok(await clockOnScreen(page, 0), 'the clock of the seat to move is on screen');
  }
  assert.equal(await guest.isVisible('[data-test=clock-bar]'), true, 'on a phone the clocks are above the board');
  assert.equal(await host.isVisible('[data-test=clock-bar]'), false, 'on a wide screen they are on the player cards');
  await shot(host, 'clock-blitz-1280');
  await shot(guest, 'clock-blitz-390');
  for (const p of [host, guest]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('a short clock ticks from the server’s numbers, turns red under 10 s, and the time runs out', { skip: SKIP, timeout: 90000 }, async () => {
  const page = await newPage(browser, DESKTOP);
  await page.goto(BASE + '/');
  await page.click('.game-card[data-game="triangoli"]');
  await page.selectOption('[data-test=seat-1-kind]', 'ai');
  await page.selectOption('[data-test=seat-1-level]', 'random');
  // A custom control: a quarter of a minute (15 s), nothing added a move.
  await page.click('[data-test="clock-custom"]');
  await page.fill('[data-test=clock-minutes]', '0.25');
  await page.fill('[data-test=clock-seconds]', '0');
  await page.click('[data-test=start]');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('[data-test=clock-0][data-ms]');
  const id = gameId(page);
  assert.deepEqual((await view(id)).clock, { initial_ms: 15000, increment_ms: 0 });
  assert.equal(await page.textContent('[data-test=control]'), '0.25+0');

  // My clock runs (no free first move); the computer's stays at its 15 s.
  const first = await clockOf(page, 0);
  assert.equal(first.running, true);
  assert.ok(first.ms > 10000 && first.ms <= 15000, `${first.ms}`);
  assert.equal(first.low, false, 'not red above 10 s');
  // It ticks: a second later by the page's own count, whatever the machine's speed.
  await page.waitForFunction((ms) => Number(document.querySelector('[data-test=clock-0]')?.dataset.ms) <= ms - 1000, first.ms);
  const second = await clockOf(page, 0);
  assert.ok(first.ms - second.ms >= 1000, `it ticked: ${first.ms} → ${second.ms}`);
  assert.notEqual(second.text, first.text);
  const other = await clockOf(page, 1);
  assert.equal(other.text, '0:15');
  assert.equal(other.running, false);
  assert.ok(await clockOnScreen(page, 0), 'the running clock is on screen at 1280×800');
  await shot(page, 'clock-short-1280');

  // Under 10 s: red, with tenths.
  await page.waitForFunction(() => document.querySelector('[data-test=clock-0]').dataset.low === 'true');
  const low = await clockOf(page, 0);
  assert.match(low.text, /^0:0\d\.\d$/);
  assert.equal(low.colour, 'rgb(192, 57, 43)', 'red');
  assert.equal((await clockOf(page, 1)).text, '0:15', 'the other clock still stays');
  await page.setViewportSize(PHONE);
  assert.ok(await clockOnScreen(page, 0), 'the running clock is on screen at 390×844');
  assert.equal((await clockOf(page, 0, 'bar')).low, true);
  await shot(page, 'clock-short-390');

  // Time runs out: the computer wins, and the result says why.
  await page.waitForSelector('[data-test=reason][data-reason=time]', { timeout: 20000 });
  const why = fill(en['result.why.time'], { seats: 'Player 1' });
  assert.equal(await page.textContent('[data-test=reason]'), why);
  assert.equal(await page.textContent('.result h2'), `${fill(en['result.wins.why'], { seat: 'Player 2', why })} — ${en['result.you-lose']}`);
  assert.equal(await page.textContent('[data-test=out-of-time-0]'), en['clock.out']);
  const out = await clockOf(page, 0);
  assert.equal(out.text, '0:00.0');
  assert.equal(out.running, false);
  const v = await view(id);
  assert.deepEqual(v.outcome.reason, 'time');
  assert.equal(v.seats[0].out_of_time, true);
  await shot(page, 'clock-out-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'clock-out-1280');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('correspondence in days and hours; the home page lists the games where it is your turn first', { skip: SKIP, timeout: 120000 }, async () => {
  const random = rng(11);
  const host = await newPage(browser, DESKTOP);
  // The host plays under a name (the one this browser remembers).
  await host.goto(BASE + '/');
  await host.evaluate(() => localStorage.setItem('trigonal.name', JSON.stringify('Ann')));
  const a = await startGame(host, 'triangoli', { seats: ['invite'], clock: '3d' });
  assert.deepEqual((await view(a)).clock, { days: 3 });
  assert.equal(await host.textContent('[data-test=control]'), fill(en['clock.days'].other, { n: 3 }));
  const mine = await clockOf(host, 0);
  assert.equal(mine.running, true);
  assert.match(mine.text, /^(3d 0h|2d 23h)$/);
  assert.equal(mine.low, false);
  assert.equal((await clockOf(host, 1)).text, '3d 0h');
  await host.click('[data-test=invite-1]');
  await toastText(host);
  const invite = await host.evaluate(() => navigator.clipboard.readText());

  const guest = await newPage(browser, PHONE);
  await guest.goto(invite);
  await guest.waitForSelector('svg.board .item');
  // Ann moves: the turn (and a fresh 3 days) is the guest's.
  assert.equal(await myTurnOrOver(host), 'turn');
  await playMove(host, random);
  await guest.waitForFunction(() => document.querySelector('[data-test=clock-1]')?.dataset.running === 'true');
  assert.match((await clockOf(guest, 1, 'bar')).text, /^(3d 0h|2d 23h)$/);
  assert.ok(await clockOnScreen(guest, 1), 'the clock to move is on screen at 390×844');
  await shot(guest, 'clock-days-390');

  // The guest starts a newer game, with a friend by invite link, and moves: it waits for the friend.
  const b = await startGame(guest, 'triangular', { seats: ['invite'], clock: '1d' });
  assert.equal(await myTurnOrOver(guest), 'turn');
  await playMove(guest, random);
  await guest.waitForFunction(() => document.querySelector('[data-test=clock-1]')?.dataset.running === 'true');

  // At home: the older game, where it is the guest's turn, comes first; the newer one waits.
  await guest.goto(BASE + '/');
  await guest.waitForSelector('[data-test=mine] [data-test=mine-game]');
  const items = await guest.$$eval('[data-test=mine] [data-test=mine-game]', (els) => els.map((el) => ({
    id: el.dataset.id,
    turn: el.dataset.turn,
    text: el.textContent,
    href: el.querySelector('a').getAttribute('href'),
    clock: el.querySelector('[data-test=mine-clock]')?.textContent ?? null,
  })));
  assert.deepEqual(items.map((i) => [i.id, i.turn]), [[a, 'true'], [b, 'false']]);
  assert.equal(items[0].href, `/game/${a}?seat=1`);
  assert.ok(items[0].text.includes(en['mine.turn']), items[0].text);
  assert.ok(items[0].text.includes(fill(en['mine.against'], { names: 'Ann' })), items[0].text);
  assert.ok(items[0].text.includes(fill(en['clock.days'].other, { n: 3 })), items[0].text);
  assert.match(items[0].clock, /^(3d 0h|2d 23h)$/);
  assert.ok(items[1].text.includes(fill(en['mine.waiting'], { seat: 'Black' })), items[1].text);
  assert.ok(items[1].text.includes(fill(en['clock.days'].one, { n: 1 })), items[1].text);
  assert.match(items[1].clock, /^(1d 0h|23h 59m)$/, 'the guest’s own time, not running');
  await shot(guest, 'clock-home-390');
  // The link opens the game as the guest's seat.
  await guest.click(`[data-test=mine] a[href="/game/${a}?seat=1"]`);
  await guest.waitForURL(`${BASE}/game/${a}?seat=1`);
  assert.equal(await myTurnOrOver(guest), 'turn');

  // The host's own list at 1280×800: game A waits for the guest.
  await host.goto(BASE + '/');
  await host.waitForSelector(`[data-test=mine-game][data-id="${a}"]`);
  assert.equal(await host.getAttribute(`[data-test=mine-game][data-id="${a}"]`, 'data-turn'), 'false');
  await shot(host, 'clock-home-1280');
  for (const p of [host, guest]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});
