// Endings: the result box is short and keeps the board in view (the scoring folded away, its
// table compact on a phone), The Triangle Game says which condition ended this game, and
// Triangular's scoring stays readable (its numbers apart, and a switch for the overlay).
// Finished games come from records made by `trigonal random GAME --seed S` (fixtures/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE, SKIP, launch, newPage, screenshot, en, fill, uploadRecord } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const record = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');

async function replay(page, game, text) {
  const id = await uploadRecord(game, text);
  await page.goto(`${BASE}/game/${id}`);
  await page.waitForSelector('[data-test=result]:not([hidden])');
  return id;
}

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`endings at ${size.width}×${size.height}`, { skip: SKIP, timeout: 90000 }, async () => {
    const browser = await launch();
    try {
      const page = await newPage(browser, size);
      // The Triangle Game: the condition that ended this game, not the rule in general.
      for (const [file, why, seat] of [['triangle-game-pool.txt', 'pool', 0], ['triangle-game-points.txt', 'points', 2]]) {
        await replay(page, 'triangle-game', record(file));
        await page.click('[data-test=result-more] summary');
        const name = await page.textContent(`[data-test=name-${seat}]`);
        assert.equal(await page.textContent('[data-test=ended]'), fill(en[`result.ended.${why}`], { seat: name }), file);
      }
      // Triangoli: a short box, the board beside or below it still on the first screen; the
      // table one line a row once opened.
      await replay(page, 'triangoli', record('triangoli.txt'));
      assert.equal(await page.isVisible('[data-test=sector-table]'), false, 'the scoring is folded away');
      const box = await page.$eval('[data-test=result]', (e) => e.getBoundingClientRect().height);
      assert.ok(box < 260, `the result box is ${box} px tall`);
      const board = await page.$eval('svg.board', (e) => e.getBoundingClientRect());
      assert.ok(board.top < size.height - 100, `the board starts at ${board.top} px`);
      await page.click('[data-test=result-more] summary');
      await page.waitForSelector('[data-test=sector-table]', { state: 'visible' });
      const rows = await page.$$eval('[data-test=sector-table] tbody tr', (els) => els.map((e) => e.getBoundingClientRect().height));
      const lineHeight = await page.$eval('[data-test=sector-table] td', (e) => parseFloat(getComputedStyle(e).lineHeight) + 12);
      for (const h of rows) assert.ok(h <= lineHeight, `a table row ${h} px tall wraps`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
      await screenshot(page, `endings-triangoli-${size.width}`);
      assert.equal(await page.isVisible('[data-test=overlay]'), false, 'Triangoli draws no overlay');

      // Triangular: every scored triangle's number readable, none over another, and the whole
      // overlay hidden and shown again by its switch.
      await replay(page, 'triangular', record('triangular.txt'));
      const numbers = await page.$$eval('svg.board .scored-points', (els) => els.map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }));
      assert.equal(numbers.length, 10);
      assert.deepEqual(numbers.map((n) => Number(n.text)).reduce((a, b) => a + b, 0), 12 + 15);
      for (const [i, a] of numbers.entries()) {
        for (const b of numbers.slice(i + 1)) {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          assert.ok(apart, `the numbers ${a.text} and ${b.text} overlap at ${Math.round(a.left)},${Math.round(a.top)}`);
        }
      }
      await screenshot(page, `endings-triangular-${size.width}`);
      // The seats' badges and the move list's discs have the colours of the pieces.
      for (const seat of [0, 1]) {
        const piece = await page.$eval(`svg.board .piece.p${seat} > .shape`, (e) => getComputedStyle(e).fill);
        const swatch = await page.$eval(`.player-list .swatch.p${seat}`, (e) => getComputedStyle(e).backgroundColor);
        const dot = await page.$eval(`.move-list .dot.p${seat}`, (e) => getComputedStyle(e).backgroundColor);
        assert.deepEqual([swatch, dot], [piece, piece], `seat ${seat}`);
      }
      const overlaid = () => page.$$eval('svg.board .overlay', (els) => els.filter((e) => e.getClientRects().length).length);
      assert.ok((await overlaid()) > 10);
      assert.equal(await page.getAttribute('[data-test=overlay]', 'aria-pressed'), 'true');
      await page.click('[data-test=overlay]');
      assert.equal(await overlaid(), 0);
      assert.equal(await page.getAttribute('[data-test=overlay]', 'aria-pressed'), 'false');
      await page.reload();
      await page.waitForSelector('svg.board .item');
      assert.equal(await overlaid(), 0, 'the choice is remembered');
      await page.click('[data-test=overlay]');
      assert.ok((await overlaid()) > 10);
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
    }
  });
}
