// Coordinates on the board, as moves are written: Triangoli's intersections and triangles, The
// Triangle Game's vertices, Triangular's rows and columns, Four Triangles' points; a switch hides
// them, and this browser remembers it; the last move's marker is a colour no seat has. At a
// phone's size and a desktop's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, launch, newPage, startGame, screenshot, view, clickId } from './browser.mjs';

const SHOWN = {
  triangoli: ['a1', 'c3', 'e3', '12', '24'],
  'triangle-game': [],
  triangular: [],
  'four-triangles': [],
};

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`coordinates and their switch at ${size.width}×${size.height}`, { skip: SKIP, timeout: 120000 }, async () => {
    const browser = await launch();
    try {
      const page = await newPage(browser, size);
      for (const game of Object.keys(SHOWN)) {
        const id = await startGame(page, game, { seats: game === 'triangle-game' ? ['ai', 'ai'] : ['ai'], level: 'random' });
        await page.waitForSelector('svg.board .coordinate');
        const texts = await page.$$eval('svg.board .coordinate text', (els) => els.map((e) => e.textContent));
        assert.ok(texts.length > 0, `${game}: coordinates drawn`);
        for (const name of SHOWN[game]) assert.ok(texts.includes(name), `${game}: ${name} among ${texts.join(' ')}`);
        const visible = () => page.$eval('svg.board .coordinate', (e) => getComputedStyle(e).display !== 'none');
        assert.equal(await visible(), true);
        assert.equal(await page.getAttribute('[data-test=coordinates]', 'aria-pressed'), 'true');
        if (game === 'triangoli') await screenshot(page, `coordinates-${size.width}`);
        // Off, and still off after a reload; then on again.
        await page.click('[data-test=coordinates]');
        assert.equal(await visible(), false);
        assert.equal(await page.getAttribute('[data-test=coordinates]', 'aria-pressed'), 'false');
        await page.reload();
        await page.waitForSelector('svg.board .coordinate', { state: 'attached' });
        assert.equal(await visible(), false, `${game}: the switch is remembered`);
        await page.click('[data-test=coordinates]');
        assert.equal(await visible(), true);

        // A move, and the computer's answer: the last move's marker is a colour no seat has.
        // (The first legal move: later ones may leave the marked item a target, drawn as one.)
        for (const click of (await view(id)).clicks[0].clicks) await clickId(page, click);
        await page.waitForSelector('svg.board .last > .shape, svg.board .last-move > .shape');
        const colours = await page.evaluate(() => {
          const marker = document.querySelector('svg.board .last > .shape, svg.board .last-move > .shape');
          const style = getComputedStyle(document.querySelector('svg.board'));
          const rgb = (c) => {
            const probe = document.createElement('div');
            probe.style.color = c;
            document.body.append(probe);
            const v = getComputedStyle(probe).color;
            probe.remove();
            return v;
          };
          return {
            marker: getComputedStyle(marker).stroke,
            seats: [0, 1, 2, 3].map((i) => rgb(style.getPropertyValue(`--p${i}`).trim())),
          };
        });
        for (const seat of colours.seats) assert.notEqual(colours.marker, seat, `${game}: the marker is a seat's colour`);
        assert.equal(colours.marker, 'rgb(200, 16, 46)', `${game}: the marker's crimson`);
        // Four Triangles: a figure that arrived also has a pin of its own shape over it (its
        // ring's colour beside a fourth seat's pink reads as a piece's), drawn in the crimson.
        if (game === 'four-triangles') {
          // (Found and read in one step: the board is drawn again as the computer moves.)
          const pin = await page.evaluate(() => {
            const e = document.querySelector('svg.board .last-mark > .shape');
            return { tag: e.tagName, fill: getComputedStyle(e).fill, corners: e.points.length };
          });
          assert.deepEqual(pin, { tag: 'polygon', fill: 'rgb(200, 16, 46)', corners: 3 });
          // Its point names keep a halo over the dashed warp circles.
          const name = await page.evaluate(() => getComputedStyle(document.querySelector('svg.board .point-name > .shape')).paintOrder);
          assert.match(name, /^stroke/);
        }
      }
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
    }
  });
}
