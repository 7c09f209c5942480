// A bot (an account playing through the bot API) is online on the home page, is given a seat
// there, and answers a person's move in a real browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, history, playMove, rng, screenshot } from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** Plays as the bot of `token` until `signal` aborts: answers every turn with its first legal move. */
async function runBot(token, signal) {
  const res = await fetch(`${BASE}/api/bot/stream`, { headers: { authorization: `Bearer ${token}` }, signal });
  assert.equal(res.status, 200);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const seats = new Map();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (!line) continue;
        const event = JSON.parse(line);
        if (event.type === 'gameStart') seats.set(event.game, event.token);
        if (event.type === 'turn') {
          await fetch(`${BASE}/api/games/${event.game}/moves`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token: seats.get(event.game), move: event.legal[0], ply: event.ply }),
          });
        }
      }
    }
  } catch (e) {
    if (!signal.aborted) throw e;
  }
}

test('a bot online is given a seat on the home page and answers moves', { skip: SKIP, timeout: 90000 }, async () => {
  const name = `bot_${Math.random().toString(36).slice(2, 8)}`;
  const r = await fetch(`${BASE}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password', bot: true }),
  });
  assert.equal(r.status, 201);
  const { token } = await r.json();
  const stop = new AbortController();
  const bot = runBot(token, stop.signal);
  try {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${BASE}/`);
    // Listed online (the list refreshes with the open games).
    await page.waitForSelector(`[data-test="bot-${name}"]`, { timeout: 20000 });
    await page.selectOption('[data-test=seat-1-kind]', 'bot');
    await page.selectOption('[data-test=seat-1-bot]', name);
    await page.click('[data-test=start]');
    await page.waitForSelector('svg.board .item');
    await page.waitForFunction((n) => document.body.textContent.includes(n), name);
    const random = rng(7);
    await playMove(page, random);
    // The bot answers through its stream.
    await page.waitForFunction(() => document.querySelectorAll('[data-test=moves] .move-btn').length >= 2, null, { timeout: 20000 });
    assert.ok((await history(page)).length >= 2);
    await screenshot(page, 'bot-game-390');
    assert.deepEqual(page.errors, []);
  } finally {
    stop.abort();
    await bot.catch(() => {});
  }
});
