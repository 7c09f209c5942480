// Four Triangles at 390×844 (touch) and 1280×800: a tap on a triangle starts turning it (the two
// ways are then the buttons), a tap on a figure standing on it still takes the figure, and movable
// figures are marked as strongly as target points: the target colours, a solid rim and a halo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, launch, startGame, view, spotOf, myTurnOrOver } from './browser.mjs';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

for (const size of SIZES) {
  test(`four-triangles (${size.name}): a tap on a triangle starts turning it`, { skip: SKIP, timeout: 150000 }, async () => {
    const browser = await launch();
    try {
      const { name, ...options } = size;
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const tap = async ({ x, y }) => (size.hasTouch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
      // The opening single on T1, then the computer's reply. A random reply that turns a triangle
      // forbids my turning this turn (four-triangles.md: not when the turn just before was one)
      // and may carry my single off T1, so such a game is set aside for a fresh one.
      let id;
      let v;
      for (let attempt = 0; ; attempt++) {
        id = await startGame(page, 'four-triangles', { seats: ['ai'], level: 'random' });
        await tap(await spotOf(page, 'T1'));
        assert.equal(await myTurnOrOver(page), 'turn');
        await page.waitForFunction(() => document.querySelectorAll('[data-test=moves] .move-btn').length >= 2);
        v = await view(id);
        assert.equal(v.history[0], '@T1');
        if (!v.history[1].startsWith('R')) break;
        assert.ok(attempt < 10, 'ten random replies in a row turned a triangle');
      }
      // The board may still show the moment before the computer's reply: wait for my turn's,
      // where my single is movable.
      await page.waitForSelector('svg.board.interactive .figure.is-target[data-id="T1"]');

      // My single is a movable figure: marked as the target points are.
      const style = (sel) => page.$eval(sel, (g) => {
        const shape = getComputedStyle(g.querySelector('.shape'));
        return { stroke: shape.stroke, width: parseFloat(shape.strokeWidth), dashes: shape.strokeDasharray, filter: getComputedStyle(g).filter };
      });
      const figure = await style('svg.board .figure.is-target[data-id="T1"]');
      const point = await style('svg.board .point.is-target');
      assert.equal(figure.stroke, point.stroke, 'the rim has the target colour');
      assert.equal(figure.dashes, 'none', 'a solid rim');
      assert.ok(figure.width >= point.width, `rim ${figure.width} px, a target point's ${point.width} px`);
      assert.match(figure.filter, /drop-shadow/, 'a halo');

      // The triangle under my single may be turned: it is a target, and tapping it offers the ways.
      const turns = v.clicks.filter((c) => c.clicks[0] === 'T');
      assert.deepEqual(turns.map((c) => c.clicks).sort(), [['T', 'turn-T+'], ['T', 'turn-T-']]);
      assert.deepEqual(turns.map((c) => c.steps[0]), ['start', 'start']);
      await tap(await spotOf(page, 'T'));
      await page.waitForSelector('svg.board .triangle.is-chosen[data-id="T"]');
      const ways = await page.$$eval('.actions [data-action]', (els) => els.map((b) => {
        const r = b.getBoundingClientRect();
        return { id: b.dataset.action, inSight: r.top >= 0 && r.bottom <= innerHeight };
      }));
      assert.deepEqual(ways.map((w) => w.id).sort(), ['turn-T+', 'turn-T-']);
      assert.ok(ways.every((w) => w.inSight), 'both ways on the first screen');
      await page.click('.actions [data-action="turn-T-"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-test=moves] .move-btn').length >= 3);
      const after = await view(id);
      assert.equal(after.history[2], turns.find((c) => c.clicks[1] === 'turn-T-').move);

      // Back on the same spot in a new turn, the figure still answers a tap on it, not the triangle.
      if ((await myTurnOrOver(page)) === 'turn') {
        const mine = (await view(id)).clicks.find((c) => c.clicks[0] !== 'T' && /^[TLRC]\d/.test(c.clicks[0]));
        if (mine) {
          await tap(await spotOf(page, mine.clicks[0]));
          await page.waitForSelector(`svg.board .item.is-chosen[data-id="${mine.clicks[0]}"]`);
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
