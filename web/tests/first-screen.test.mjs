// Nothing needed is out of sight: at 1280×800 and at a phone's 390×844, the status line, the
// board's current choices and every button of the current step are on the first screen without
// scrolling, and nothing scrolls sideways; on a phone the home page's Start is on it too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SKIP, launch, newPage, startGame, screenshot, rng, playMove, myTurnOrOver } from './browser.mjs';

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
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, action: e.matches('[data-action]'), what: e.dataset.test || e.dataset.id || e.textContent.trim().slice(0, 20) };
    };
    const needed = [
      ...document.querySelectorAll('[data-test=status], .actions button.action, svg.board .item.is-target'),
    ].filter((e) => e.getClientRects().length).map(box);
    return { needed, sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth, height: innerHeight, width: innerWidth };
  });
}

/** Everything `s` saw needed is within the screen, and nothing scrolls sideways. */
function inSight(s, label) {
  for (const b of s.needed) {
    assert.ok(b.top >= 0 && b.bottom <= s.height + 0.5, `${label}: ${b.what} at ${Math.round(b.top)}–${Math.round(b.bottom)} px, beyond ${s.height}`);
    assert.ok(b.left >= -0.5 && b.right <= s.width + 0.5, `${label}: ${b.what} off the side`);
  }
  assert.equal(s.sideways, 0, `${label}: sideways scrolling`);
}

for (const size of SIZES) {
  test(`the first screen at ${size.width}×${size.height}`, { skip: SKIP, timeout: 180000 }, async () => {
    const browser = await launch();
    try {
      const page = await newPage(browser, size);
      // Home: Start in sight on the first screen.
      await page.goto(BASE + '/');
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
        inSight(s, game);
        await screenshot(page, `first-screen-${game}-${seats.length + 1}-${size.width}`);
        // Later in the game, a step with buttons ("End turn", "Bring in two singles", the turn
        // buttons): play on until one comes, and look again.
        const random = rng(5);
        for (let i = 0; i < 12; i++) {
          if ((await myTurnOrOver(page)) === 'over') break;
          if (await page.$('.actions [data-action]')) {
            const later = await sight(page);
            assert.ok(later.needed.some((b) => b.action), `${game}: buttons seen`);
            inSight(later, `${game}, later`);
            await screenshot(page, `first-screen-${game}-${seats.length + 1}-${size.width}-buttons`);
            break;
          }
          await playMove(page, random);
        }
      }
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
    }
  });
}
