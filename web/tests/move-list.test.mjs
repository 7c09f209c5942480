// The move list points at a move on the board while it is hovered (or focused, on a phone), and
// every move is said in words for screen readers, in the list and in the status: at 1280×800 and
// 390×844, in Triangoli and Four Triangles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, launch, startGame, view, spotOf, myTurnOrOver, fill, en } from './browser.mjs';

const CASES = [
  { game: 'triangoli', first: 'c3', size: { viewport: { width: 1280, height: 800 } }, hover: true },
  { game: 'four-triangles', first: 'T1', size: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, hover: false },
];

for (const { game, first, size, hover } of CASES) {
  test(`${game} at ${size.viewport.width}×${size.viewport.height}: moves pointed at and said in words`, { skip: SKIP, timeout: 90000 }, async () => {
    const browser = await launch();
    try {
      const context = await browser.newContext(size);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const id = await startGame(page, game, { seats: ['ai'], level: 'random' });
      const spot = await spotOf(page, first);
      await page.mouse.click(spot.x, spot.y);
      assert.equal(await myTurnOrOver(page), 'turn');
      const v = await view(id);
      assert.equal(v.history_clicks[0][0], first);
      const reply = v.history_clicks[1];
      assert.ok(reply.length >= 1, 'the computer\'s move has its clicks');

      // In words: my first move names the point it was played on.
      const label = await page.getAttribute('[data-key=mv-0]', 'aria-label');
      assert.equal(label, fill(en['item.point'], { name: first }));
      // The status says the computer's move in words to screen readers, and shows it as written.
      const words = await page.$eval('[data-test=status] .visually-hidden', (e) => e.textContent);
      const shown = await page.$eval('[data-test=status] [aria-hidden=true]', (e) => e.textContent);
      assert.ok(shown.includes(v.history[1]), shown);
      assert.ok(!words.includes(`: ${v.history[1]}.`), `${words} says the move in words`);
      const named = await page.$eval('[data-key=mv-1]', (e) => e.getAttribute('aria-label'));
      assert.ok(words.includes(named), `${words} includes ${named}`);

      // Pointed at on the board while hovered or focused, in the last move's colour; then not.
      const pointed = () => page.$$eval('svg.board .item.pointed', (els) => [...new Set(els.map((e) => e.dataset.id))].sort());
      const onBoard = new Set(v.board.items.map((i) => i.id).filter(Boolean));
      if (hover) await page.hover('[data-key=mv-1]');
      else await page.focus('[data-key=mv-1]');
      assert.deepEqual(await pointed(), [...new Set(reply.filter((c) => onBoard.has(c)))].sort());
      const stroke = await page.$eval('svg.board .item.pointed > .shape', (e) => getComputedStyle(e).stroke);
      assert.equal(stroke, 'rgb(200, 16, 46)');
      if (hover) await page.mouse.move(1, 1);
      else await page.focus('[data-key=mv-0]');
      assert.deepEqual(await pointed(), hover ? [] : [first]);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
