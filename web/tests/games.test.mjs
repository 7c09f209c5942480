// Each game against the computer in a real browser: start it from the home page, make legal
// moves by clicking (the highlighted choices are exactly the server's legal first clicks), see an
// illegal click refused, see the computer answer, reload and find the same position.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  SKIP, en, launch, newPage, startGame, view, myTurnOrOver, history, boardSignature, offered,
  playMove, clickNonTarget, toastText, screenshot, rng,
} from './browser.mjs';

const GAMES = [
  { game: 'triangoli', seats: ['ai'], turns: 4 },
  { game: 'triangle-game', seats: ['ai', 'ai'], turns: 2, multiAction: true },
  { game: 'triangular', seats: ['ai'], turns: 5 },
  { game: 'four-triangles', players: 3, seats: ['ai', 'ai'], turns: 4 },
  // The test build's toy (crates/toy): a game the front end knows only from its scene.
  { game: 'toy', seats: ['ai'], turns: 2 },
];

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** The first clicks of the legal moves that a board item carries, and the button ids. */
function firstClicks(v) {
  return new Set(v.clicks.map((c) => c.clicks[0]));
}

for (const { game, players, seats, turns, multiAction } of GAMES) {
  test(`${game}: play the computer by clicking, an illegal click refused, reload keeps the position`, { skip: SKIP, timeout: 120000 }, async () => {
    const page = await newPage(browser);
    const random = rng(game.length * 7919);
    const id = await startGame(page, game, { players, seats, level: 'random' });
    assert.equal(await myTurnOrOver(page), 'turn', 'the first seat is mine and moves first');

    // What the board highlights is exactly what the server says can be clicked first.
    const v0 = await view(id);
    assert.deepEqual([...(await offered(page))].sort(), [...firstClicks(v0)].sort());
    assert.match(await page.textContent('[data-test=status]'), /\S/);

    // An illegal click is refused visibly and changes nothing.
    const boardBefore = await boardSignature(page);
    const clicked = await clickNonTarget(page);
    assert.equal(await toastText(page), en.refused, `clicking ${clicked} is refused`);
    assert.deepEqual(await history(page), []);
    assert.equal(await boardSignature(page), boardBefore);
    assert.equal((await view(id)).ply, 0);

    let over = false;
    for (let turn = 0; turn < turns && !over; turn++) {
      const mine = (await history(page)).length;
      // One turn: one move, or in The Triangle Game a placement and more actions until `end`.
      let actions = 0;
      for (; actions < 8; ) {
        await playMove(page, random, { preferEnd: multiAction && actions > 0 });
        actions += 1;
        const v = await view(id);
        if (!multiAction || v.to_move !== 0 || v.outcome) break;
      }
      assert.ok((await view(id)).history.length >= mine + actions, 'my moves are in the list');
      // The computer answers: the list grows past my move and the turn comes back to me.
      const state = await myTurnOrOver(page);
      over = state === 'over';
      const after = await history(page);
      const v = await view(id);
      assert.deepEqual(after, v.history, 'the page shows the server’s move list');
      if (!over) {
        assert.equal(v.to_move, 0);
        assert.ok(after.length > mine + actions, 'the computer answered');
        // The computer's last move (or turn) is marked on the board.
        const lastText = v.history[v.history.length - 1];
        if (lastText !== 'pass') {
          const marks = await page.locator('svg.board .last, svg.board .last-move').count();
          assert.ok(marks > 0, `the last move ${lastText} is marked`);
        }
        if (game === 'triangoli' && after.length > 2) {
          // The computer's turn is outlined on the board, and its pawn ringed.
          const marks = await page.evaluate(() => ({
            outlines: document.querySelectorAll('svg.board .last-move:not(.exchanged)').length,
            pawns: [...document.querySelectorAll('svg.board .pawn.last')].map((p) => p.dataset.id),
          }));
          const to = v.history[v.history.length - 1].split('/')[0];
          assert.deepEqual(marks, to === 'pass' ? { outlines: 0, pawns: [] } : { outlines: 1, pawns: [to] });
        }
      }
    }

    // Reload: the same position, and still my seat.
    const moves = await history(page);
    const board = await boardSignature(page);
    await page.reload();
    await page.waitForSelector('svg.board .item');
    await page.waitForFunction((n) => document.querySelectorAll('[data-test=moves] .move-btn').length === n, moves.length);
    assert.deepEqual(await history(page), moves);
    assert.equal(await boardSignature(page), board);
    if (!over) {
      assert.equal(await myTurnOrOver(page), 'turn');
      assert.ok((await offered(page)).size > 0, 'after reload I can still move');
    }
    await screenshot(page, game);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('by keyboard alone: Tab to the board, arrows between choices, Enter to pick, Escape to clear', { skip: SKIP, timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await startGame(page, 'triangoli', { seats: ['ai'] });
  assert.equal(await myTurnOrOver(page), 'turn');
  const focusedId = () => page.evaluate(() => document.activeElement.closest('svg.board') ? document.activeElement.dataset.id ?? '' : null);
  let id = null;
  for (let i = 0; i < 20 && !id; i++) {
    await page.keyboard.press('Tab');
    id = await focusedId();
  }
  assert.ok(id, 'Tab reaches a choice on the board');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^Intersection [a-e][1-5]$/);
  await page.keyboard.press('ArrowRight');
  const next = await focusedId();
  assert.ok(next && next !== id, 'an arrow moves to another choice');
  await page.keyboard.press('Enter');
  await page.waitForFunction((m) => document.querySelectorAll('[data-test=moves] .move-btn')[0]?.textContent === m, next);
  assert.equal(await myTurnOrOver(page), 'turn');
  // The computer answered; focus is back on a choice on the board.
  await page.waitForFunction(() => document.activeElement.matches('svg.board .item.is-target[tabindex]'));
  await page.keyboard.press('Enter');
  await page.waitForSelector('.actions .picked');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.actions .picked'));
  assert.equal((await history(page)).length, 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
