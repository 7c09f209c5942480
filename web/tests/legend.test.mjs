// Every number and mark explained: a "?" beside the board opens a legend of the facts shown and
// the game's marks, and the facts on the player cards and under the board have tooltips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, launch, newPage, startGame, screenshot, en } from './browser.mjs';

const GAMES = [['triangoli', ['ai']], ['triangle-game', ['ai', 'ai']], ['triangular', ['ai']], ['four-triangles', ['ai']]];

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the legend and the facts' tooltips at ${size.width}×${size.height}`, { skip: SKIP, timeout: 120000 }, async () => {
    const browser = await launch();
    try {
      const page = await newPage(browser, size);
      for (const [game, seats] of GAMES) {
        await startGame(page, game, { seats, level: 'random' });
        assert.equal(await page.isVisible('[data-test=legend]'), false);
        await page.click('[data-test=legend-switch]');
        await page.waitForSelector('[data-test=legend] dd');
        const meanings = await page.$$eval('[data-test=legend] dd', (els) => els.map((e) => e.textContent));
        assert.ok(meanings.includes(en[`legend.${game}.1`]), `${game}: the game's marks explained`);
        // Every fact shown with an explanation has it in the legend and as its tooltip.
        const facts = await page.$$eval('.fact[data-fact]', (els) => els.map((e) => ({ key: e.dataset.fact, title: e.title })));
        assert.ok(facts.length > 0, `${game}: facts on the player cards`);
        for (const f of facts) {
          // The game's own words where the key means something particular there.
          const help = en[`help.fact.${game}.${f.key}`] ?? en[`help.fact.${f.key}`];
          if (!help) continue;
          assert.equal(f.title, help, `${game}: ${f.key}'s tooltip`);
          assert.ok(meanings.includes(help), `${game}: ${f.key} in the legend`);
        }
        // A score is explained by its own game's scoring, and by no other's (both games that
        // score show it from the start).
        if (en[`help.fact.${game}.score`]) assert.ok(facts.some((f) => f.key === 'score'), `${game}: a score shown`);
        if (facts.some((f) => f.key === 'score')) {
          assert.ok(meanings.includes(en[`help.fact.${game}.score`]), `${game}: its scoring`);
          for (const [other] of GAMES.filter(([g]) => g !== game)) {
            const words = en[`help.fact.${other}.score`];
            assert.ok(!words || !meanings.includes(words), `${game}: not ${other}'s scoring`);
          }
        }
        if (size.width === 1280) await screenshot(page, `legend-${game}`);
        await page.click('[data-test=legend-switch]');
        assert.equal(await page.isVisible('[data-test=legend]'), false);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
      }
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
    }
  });
}
