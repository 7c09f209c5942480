// Nothing needed is out of sight: at 1280×800 and at a phone's 390×844, the status line, the
// board's current choices and every button of the current step are on the first screen without
// scrolling, and nothing scrolls sideways; on a phone the home page's Start is on it too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, launch, newPage, startGame, screenshot } from './browser.mjs';

const SIZES = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const GAMES = [
  ['triangoli', ['ai']],
  ['triangle-game', ['ai', 'ai']],
  ['triangular', ['ai']],
  ['four-triangles', ['ai']],
  ['four-triangles', ['ai', 'ai', 'ai']],
];

/** The boxes of what must be seen, and how far the page scrolls sideways. */
async function sight(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, what: e.dataset.test || e.dataset.id || e.textContent.trim().slice(0, 20) }; };
    const needed = [
      ...document.querySelectorAll('[data-test=status], .actions button.action, svg.board .item.is-target'),
    ].filter((e) => e.getClientRects().length).map(box);
    return { needed, sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth, height: innerHeight, width: innerWidth };
  });
}

for (const size of SIZES) {
  test(`the first screen at ${size.width}×${size.height}`, { skip: SKIP, timeout: 180000 }, async () => {
    const browser = await launch();
    try {
      const page = await newPage(browser, size);
      // Home: Start in sight on the first screen.
      await page.goto(process.env.TRIGONAL_URL + '/');
      await page.waitForSelector('[data-test=start]');
      const start = await page.$eval('[data-test=start]', (e) => e.getBoundingClientRect().bottom);
      if (size.width < 600) assert.ok(start <= size.height, `Start at ${start} px, below the first screen`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
      await screenshot(page, `first-screen-home-${size.width}`);
      for (const [game, seats] of GAMES) {
        await startGame(page, game, { players: game === 'four-triangles' ? seats.length + 1 : undefined, seats, level: 'random' });
        await page.waitForSelector('svg.board .item.is-target');
        const s = await sight(page);
        assert.ok(s.needed.length > 1, `${game}: targets seen`);
        for (const b of s.needed) {
          assert.ok(b.top >= 0 && b.bottom <= s.height + 0.5, `${game}: ${b.what} at ${Math.round(b.top)}–${Math.round(b.bottom)} px, beyond ${s.height}`);
          assert.ok(b.left >= -0.5 && b.right <= s.width + 0.5, `${game}: ${b.what} off the side`);
        }
        assert.equal(s.sideways, 0, `${game}: sideways scrolling`);
        await screenshot(page, `first-screen-${game}-${seats.length + 1}-${size.width}`);
        // Later in the game, a step with buttons ("End turn", "Bring in two singles", the turn
        // buttons): play the first legal move until one comes, and look again.
        const id = page.url().split('/game/')[1];
        for (let i = 0; i < 12; i++) {
          // My turn again, or the game over (the computers may end it).
          const api = `${process.env.TRIGONAL_URL}/api/games/${id}`;
          await page.waitForFunction(async (u) => { const w = await (await fetch(u)).json(); return w.outcome || w.to_move === 0; }, api, { polling: 200 });
          if ((await page.evaluate((u) => fetch(u).then((r) => r.json()), api)).outcome) break;
          await page.waitForSelector('svg.board.interactive .item.is-target, .actions button.action');
          const v = await page.evaluate((u) => fetch(u).then((r) => r.json()), `${process.env.TRIGONAL_URL}/api/games/${id}`);
          if (v.outcome || !v.clicks.length) break;
          const onBoard = new Set(v.board.items.filter((it) => it.id != null).map((it) => it.id));
          if (v.clicks.some((c) => !onBoard.has(c.clicks[0]))) {
            const later = await sight(page);
            assert.ok(later.needed.some((b) => !onBoard.has(b.what)), `${game}: buttons seen`);
            for (const b of later.needed) {
              assert.ok(b.top >= 0 && b.bottom <= later.height + 0.5, `${game}, later: ${b.what} at ${Math.round(b.top)}–${Math.round(b.bottom)} px, beyond ${later.height}`);
            }
            assert.equal(later.sideways, 0);
            await screenshot(page, `first-screen-${game}-${seats.length + 1}-${size.width}-buttons`);
            break;
          }
          const ply = v.ply;
          for (const click of v.clicks[0].clicks) await page.click(`svg.board .item[data-id="${click}"]`, { force: true });
          await page.waitForFunction(async ([u, p]) => (await (await fetch(u)).json()).ply > p, [`${process.env.TRIGONAL_URL}/api/games/${id}`, ply]);
        }
      }
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
    }
  });
}
