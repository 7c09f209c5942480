// Tapping small targets on a phone (390×844, touch): a tap up to 22 px beside a target's centre
// takes it (a 44 px square), unless another target's centre is nearer; and targets stand far
// enough apart for a finger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SKIP, launch, myTurnOrOver, playMove, rng, spotOf, startGame, view } from './browser.mjs';

for (const game of ['four-triangles', 'triangoli', 'triangle-game']) {
  test(`${game}: a tap beside a small target takes it`, { skip: SKIP, timeout: 90000 }, async () => {
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const id = await startGame(page, game, { seats: game === 'triangle-game' ? ['ai', 'ai'] : ['ai'], level: 'random' });
      const before = await view(id);
      await page.waitForSelector('svg.board .item.is-target');
      // Every target's centre and size on the screen.
      const targets = await page.$$eval('svg.board .item.is-target', (els) => els.map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.dataset.id, x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
      }));
      // A target smaller than a finger, and a point 20 px beside it that no other target's centre
      // is nearer to, and that lies on no target.
      let pick = null;
      for (const t of targets.filter((t) => t.w < 44 && t.h < 44)) {
        for (const [dx, dy] of [[20, 0], [-20, 0], [0, 20], [0, -20], [14, 14], [-14, -14]]) {
          const p = { x: t.x + dx, y: t.y + dy };
          const nearest = targets.reduce((a, b) => (Math.hypot(a.x - p.x, a.y - p.y) <= Math.hypot(b.x - p.x, b.y - p.y) ? a : b));
          if (nearest.id !== t.id) continue;
          const onTarget = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.item.is-target'), p);
          if (!onTarget) {
            pick = { t, p };
            break;
          }
        }
        if (pick) break;
      }
      assert.ok(pick, `${game}: a small target with room beside it`);
      await page.touchscreen.tap(pick.p.x, pick.p.y);
      // The tap took that target: a one-click move is played, or the target is the first click.
      const move = before.clicks.find((c) => c.clicks.length === 1 && c.clicks[0] === pick.t.id);
      if (move) {
        while ((await view(id)).ply === 0) await new Promise((r) => setTimeout(r, 100));
        assert.equal((await view(id)).history[0], move.move);
      } else {
        await page.waitForSelector(`svg.board .item.is-chosen[data-id="${pick.t.id}"]`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}

// WCAG 2.5.8 (target size, minimum), at every click of the first turns on a phone: a target
// larger than a finger (a triangle that can be turned) meets it by size, and keeps a spot of its
// own clear of the small targets on it (spotOf finds one); the small ones — each answering taps
// within its 44 px box, nearest first (board.js) — stand with their centres 24 px apart or more,
// so that a finger meant for one does not land on its neighbour.
for (const game of ['four-triangles', 'triangoli', 'triangle-game', 'triangular']) {
  test(`${game}: on a phone every turn's targets are 24 px apart or more`, { skip: SKIP, timeout: 120000 }, async () => {
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await startGame(page, game, { seats: game === 'triangle-game' ? ['ai', 'ai'] : ['ai'], level: 'random' });
      const random = rng(5);
      let steps = 0;
      let turns = 0;
      // Before each click of a move: the targets offered then.
      const measure = async () => {
        const where = `${game}, turn ${turns}, click ${steps}`;
        const targets = await page.$$eval('svg.board .item.is-target', (els) => {
          // An id drawn as several items is one target: their boxes together.
          const byId = new Map();
          for (const e of els) {
            const r = e.getBoundingClientRect();
            const b = byId.get(e.dataset.id);
            if (!b) byId.set(e.dataset.id, { id: e.dataset.id, l: r.left, r: r.right, t: r.top, b: r.bottom });
            else Object.assign(b, { l: Math.min(b.l, r.left), r: Math.max(b.r, r.right), t: Math.min(b.t, r.top), b: Math.max(b.b, r.bottom) });
          }
          return [...byId.values()].map((b) => ({ id: b.id, x: (b.l + b.r) / 2, y: (b.t + b.b) / 2, w: b.r - b.l, h: b.b - b.t }));
        });
        const small = targets.filter((t) => t.w <= 44 && t.h <= 44);
        for (const [i, a] of small.entries()) {
          for (const b of small.slice(i + 1)) {
            const d = Math.hypot(a.x - b.x, a.y - b.y);
            assert.ok(d >= 24, `${where}: ${a.id} and ${b.id} are ${d.toFixed(1)} px apart`);
          }
        }
        for (const t of targets.filter((t) => !small.includes(t))) {
          assert.ok(t.w >= 24 && t.h >= 24, `${where}: ${t.id} is ${t.w}×${t.h}`);
          await spotOf(page, t.id); // throws when no spot of its own is left
        }
        steps++;
      };
      for (; turns < 6; turns++) {
        if ((await myTurnOrOver(page)) === 'over') break;
        await playMove(page, random, { beforeClick: measure });
      }
      // Six turns, or as many as the game lasted (random play can end Triangular in three).
      assert.ok(steps >= turns, `${game}: ${steps} clicks measured`);
      assert.ok(turns === 6 || (await myTurnOrOver(page)) === 'over', `${game}: ${turns} turns`);
    } finally {
      await browser.close();
    }
  });
}
