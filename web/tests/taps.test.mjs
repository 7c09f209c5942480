// Tapping small targets on a phone (390×844, touch): a tap up to 22 px beside a target's centre
// takes it (a 44 px square), unless another target's centre is nearer; and targets stand far
// enough apart for a finger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SKIP, launch, startGame, view } from './browser.mjs';

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
        await page.waitForFunction(async (u) => (await (await fetch(u)).json()).ply > 0, `${BASE}/api/games/${id}`);
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

// WCAG 2.5.8 (target size, minimum): a 24 px circle round each target's centre meets no other's,
// so that a finger meant for one does not land on its neighbour. At the first turn on a phone.
for (const game of ['four-triangles', 'triangoli', 'triangle-game', 'triangular']) {
  test(`${game}: on a phone the first turn's targets are 24 px apart or more`, { skip: SKIP, timeout: 90000 }, async () => {
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await startGame(page, game, { seats: game === 'triangle-game' ? ['ai', 'ai'] : ['ai'], level: 'random' });
      await page.waitForSelector('svg.board .item.is-target');
      const targets = await page.$$eval('svg.board .item.is-target', (els) => els.map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.dataset.id, x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }));
      assert.ok(targets.length >= 2, `${game}: targets to compare`);
      let closest = { d: Infinity };
      for (const [i, a] of targets.entries()) {
        for (const b of targets.slice(i + 1)) {
          const d = Math.hypot(a.x - b.x, a.y - b.y);
          if (d < closest.d) closest = { d, a: a.id, b: b.id };
        }
      }
      assert.ok(closest.d >= 24, `${game}: ${closest.a} and ${closest.b} are ${closest.d.toFixed(1)} px apart`);
    } finally {
      await browser.close();
    }
  });
}
