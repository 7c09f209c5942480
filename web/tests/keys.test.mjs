// Replay by keys: ←/→ one move, Home the start, End the game as it stands — the keys the analysis
// board uses, by the same code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, launch, newPage, startGame, view, rng, playMove, myTurnOrOver } from './browser.mjs';

test('←/→/Home/End step through the replay', { skip: SKIP, timeout: 120000 }, async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { width: 390, height: 844 });
    const id = await startGame(page, 'triangoli', { seats: ['ai'], level: 'random' });
    // Two moves of mine and the computer's answers: four plies.
    const random = rng(7);
    for (let ply = 0; ply < 4; ply += 2) {
      assert.equal(await myTurnOrOver(page), 'turn');
      assert.equal((await view(id)).ply, ply);
      await playMove(page, random);
      await page.waitForFunction((p) => document.querySelector('#replay-range')?.max === String(p), ply + 2);
    }
    const shown = () => page.$eval('#replay-range', (e) => Number(e.value));
    await page.locator('h1').click(); // focus off the board, whose arrows move between its items
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('#replay-range').value === '0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#replay-range').value === '2');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#replay-range').value === '1');
    assert.equal(await shown(), 1);
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#replay-range').value === '4');
    // Back to the game as it stands: my move can be played again.
    await page.waitForSelector('svg.board.interactive');
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
