// While the computer thinks, a spinner with its seconds (not in the live region); an uploaded
// record says it is a replay of a record, not whose move it is; the level choice gives each
// level's time a move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SKIP, launch, newPage, startGame, en, fill, uploadRecord, view, rng, playMove, myTurnOrOver } from './browser.mjs';
import { RECENT } from '../assets/turns.js';

test('the computer thinking shows a spinner and its seconds', { skip: SKIP, timeout: 120000 }, async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { width: 390, height: 844 });
    await startGame(page, 'triangoli', { seats: ['ai'], level: 'hard' });
    assert.equal(await page.isVisible('[data-test=thinking]'), false, 'my turn: nothing thinks');
    await playMove(page, rng(1));
    // ai:hard takes about 1.5 s for its set-up move: the spinner is seen, then goes.
    await page.waitForSelector('[data-test=thinking]', { state: 'visible' });
    assert.match(await page.textContent('[data-test=thinking]'), /^\d+ s$/);
    assert.equal(await page.getAttribute('[data-test=thinking]', 'aria-hidden'), 'true');
    assert.match(await page.textContent('[data-test=status]'), /thinking/);
    await page.waitForSelector('[data-test=thinking]', { state: 'hidden' });
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

test('an uploaded record is a replay of a record', { skip: SKIP, timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { width: 1280, height: 800 });
    const id = await uploadRecord('triangoli', 'c3\nd3\n');
    await page.goto(`${BASE}/game/${id}`);
    await page.waitForSelector('svg.board .item');
    await page.waitForFunction((want) => document.querySelector('[data-test=status]')?.textContent === want,
      fill(en['status.record'], { n: 2 }));
    assert.equal(await page.isVisible('[data-test=thinking]'), false);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

test('the level choice says each level\'s time a move and its rating in the pool of the game chosen', { skip: SKIP, timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const meta = await (await fetch(`${BASE}/api/meta`)).json();
    const ratings = meta.level_ratings.triangoli;
    assert.deepEqual(Object.keys(ratings).sort(), ['easy', 'hard', 'max', 'medium', 'random']);
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto(BASE + '/');
    await page.click('.game-card[data-game="triangoli"]');
    await page.selectOption('[data-test=seat-1-kind]', 'ai');
    const options = async () => page.$$eval('[data-test=seat-1-level] option', (els) => Object.fromEntries(els.map((e) => [e.value, e.textContent])));
    const rated = (text, level, pool = ratings) => fill(en['level.rating'], { text, r: pool[level] });
    let seen = await options();
    assert.equal(seen.hard, rated(fill(en['level.time'], { level: en['level.hard'], s: '1.5' }), 'hard'));
    assert.equal(seen.max, rated(fill(en['level.time'], { level: en['level.max'], s: '6' }), 'max'));
    assert.equal(seen.easy, rated(fill(en['level.time'], { level: en['level.easy'], s: '0.1' }), 'easy'));
    assert.equal(seen.random, rated(en['level.random'], 'random'), 'a random mover does not think');
    // Each game, at each number of players, shows its own pool's ratings (Four Triangles one
    // pool per number of players); a pool where no level was measured (the test build's toy)
    // shows the times alone. Every pool of the four real games is measured.
    for (const pool of meta.pools) {
      const own = meta.level_ratings[pool.id];
      assert.ok(own || pool.game === 'toy', `levels rated in ${pool.id}`);
      await page.click(`.game-card[data-game="${pool.game}"]`);
      if (pool.players) await page.selectOption('#players', String(pool.players));
      await page.selectOption('[data-test=seat-1-kind]', 'ai');
      seen = await options();
      const hard = fill(en['level.time'], { level: en['level.hard'], s: '1.5' });
      const easy = fill(en['level.time'], { level: en['level.easy'], s: '0.1' });
      assert.equal(seen.hard, own ? rated(hard, 'hard', own) : hard, pool.id);
      assert.equal(seen.easy, own ? rated(easy, 'easy', own) : easy, pool.id);
    }
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

for (const motion of ['no-preference', 'reduce']) {
  test(`the last move arrives with a short animation, none under reduced motion (${motion})`, { skip: SKIP, timeout: 60000 }, async () => {
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: motion });
      const page = await context.newPage();
      await startGame(page, 'triangoli', { seats: ['ai'], level: 'random' });
      await playMove(page, rng(1));
      // Found and read in one step: the computer's reply may redraw the board in between.
      const animation = await (await page.waitForFunction(() => {
        const shape = document.querySelector('svg.board .last > .shape');
        return shape && getComputedStyle(shape).animationName;
      })).jsonValue();
      assert.equal(animation, motion === 'reduce' ? 'none' : 'arrive');
    } finally {
      await browser.close();
    }
  });
}

test('in a game of several-move turns the status says who played what', { skip: SKIP, timeout: 90000 }, async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { width: 1280, height: 800 });
    const id = await startGame(page, 'triangle-game', { seats: ['ai', 'ai'], level: 'random' });
    // My whole turn, ending it as soon as I may, until it passes to the computers.
    const random = rng(2);
    for (let i = 0; i < 12; i++) {
      const v = await view(id);
      if (v.to_move !== 0 || v.outcome) break;
      await playMove(page, random, { preferEnd: true });
    }
    // Back to me after both computers' turns: their moves after their names. The status says
    // the last RECENT (8) moves at most, after an ellipsis where it leaves earlier ones out, so
    // a long turn of the second computer may leave the first out.
    if ((await myTurnOrOver(page)) === 'over') return;
    const v = await view(id);
    const all = v.movers.slice(v.movers.lastIndexOf(0) + 1);
    const since = all.slice(-RECENT);
    const seats = since.filter((seat, i) => since.indexOf(seat) === i);
    assert.ok(seats.length >= 1 && seats.every((seat) => seat !== 0), `${since}`);
    const names = seats.map((s) => en[`seat.triangle-game.${s}`]);
    await page.waitForFunction((n) => n.every((name) => document.querySelector('[data-test=status]').textContent.includes(`${name}: `)), names);
    const status = await page.textContent('[data-test=status]');
    const ellipsis = all.length > RECENT ? '…; ' : '';
    assert.match(status, new RegExp(`^Played: ${ellipsis}${names.map((name) => `${name}: .+`).join('; ')}\\.`));
  } finally {
    await browser.close();
  }
});
