// The move list points at a move on the board while it is hovered (or focused, on a phone), and
// every move is said in words — the sentences the game's clauses make in the page's language —
// under its notation in the list, in the status, and to screen readers: Triangoli in English at
// 1280×800, Four Triangles in Czech at 390×844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, launch, startGame, view, spotOf, myTurnOrOver, fill, screenshot } from './browser.mjs';
import { setLang, table } from '../assets/i18n.js';
import { sayMove } from '../assets/games.js';

const CASES = [
  { game: 'triangoli', first: 'c3', firstKey: 'triangoli.setup', lang: 'en', size: { viewport: { width: 1280, height: 800 } }, hover: true },
  { game: 'four-triangles', first: 'T1', firstKey: 'four-triangles.first', lang: 'cs', size: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, hover: false },
];

for (const { game, first, firstKey, lang, size, hover } of CASES) {
  test(`${game} in ${lang} at ${size.viewport.width}×${size.viewport.height}: moves pointed at and said in words`, { skip: SKIP, timeout: 90000 }, async () => {
    const browser = await launch();
    try {
      const context = await browser.newContext({ ...size, locale: lang });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const id = await startGame(page, game, { seats: ['ai'], level: 'random' });
      const spot = await spotOf(page, first);
      await page.mouse.click(spot.x, spot.y);
      assert.equal(await myTurnOrOver(page), 'turn');
      const v = await view(id);
      assert.equal(v.history_clicks[0][0], first);
      const replyClicks = v.history_clicks[1];
      assert.ok(replyClicks.length >= 1, 'the computer\'s move has its clicks');

      // In words: my first move says where it went, in the list (under its notation) and to
      // screen readers, as the page's language says it.
      const words = await table(lang);
      const mine = fill(words[`words.${firstKey}`], { at: first });
      // Named by what the button shows (its notation) first, then in words.
      assert.equal(await page.getAttribute('[data-key=mv-0]', 'aria-label'), `${v.history[0]} — ${mine}`);
      const listed = () => page.$$eval('[data-test=moves] li', (lis) => lis.map((li) => li.querySelector('.move-words')?.textContent));
      await page.waitForFunction(() => document.querySelectorAll('[data-test=moves] li .move-words').length >= 2);
      const [minePlain, replyPlain] = await listed();
      assert.equal(minePlain, mine);
      // The computer's reply, said from the server's clauses as this page's language says them.
      await setLang(lang);
      const reply = sayMove(v.history_words[1], () => 'nobody');
      await setLang('en');
      assert.ok(reply && !reply.includes('words.'), reply);
      assert.equal(replyPlain, reply);
      assert.equal(await page.getAttribute('[data-key=mv-1]', 'aria-label'), `${v.history[1]} — ${reply}`);
      // The status shows it as written and in words; screen readers hear the words alone.
      const status = await page.evaluate(() => {
        const s = document.querySelector('[data-test=status]');
        return { shown: s.querySelector('[aria-hidden=true]')?.textContent, said: s.querySelector('.visually-hidden')?.textContent };
      });
      assert.ok(status.shown.includes(`${v.history[1]} — ${reply}`), status.shown);
      assert.ok(status.said.includes(reply) && !status.said.includes(' — '), status.said);
      await screenshot(page, `move-words-${game}-${lang}-${size.viewport.width}`);

      // Pointed at on the board while hovered or focused, in the last move's colour; then not.
      const pointed = () => page.$$eval('svg.board .item.pointed', (els) => [...new Set(els.map((e) => e.dataset.id))].sort());
      const onBoard = new Set(v.board.items.map((i) => i.id).filter(Boolean));
      if (hover) await page.hover('[data-key=mv-1]');
      else await page.focus('[data-key=mv-1]');
      assert.deepEqual(await pointed(), [...new Set(replyClicks.filter((c) => onBoard.has(c)))].sort());
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
