// The analysis board and the hint in a real browser: a game of Triangoli against the computer
// played to its end (a hint asked on the way gives a legal move), then analysed: the progress,
// the graph with a line per seat and a point per position, a click on it showing that position,
// the best move, the marks in the move list, an exact result late in the game, the keys. A game
// between two people offers no hint; a spectator may analyse too.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, en, launch, newPage, startGame, view, myTurnOrOver, boardSignature, screenshot, fill } from './browser.mjs';
import { moveMarks } from '../assets/analysis.js';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});


/** The tokens the page stored for game `id`: `{seat: token}`. */
async function myTokens(page, id) {
  return page.evaluate((id) => JSON.parse(localStorage.getItem(`trigonal.game.${id}`)).mine, id);
}

async function post(path, body) {
  const r = await fetch(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
  return { status: r.status, body: await r.json() };
}

/** The ply the page shows, from its replay label ("Position after move k of n"). */
async function shownPly(page) {
  return Number(await page.getAttribute('[data-test=analysis-at]', 'data-ply'));
}

test('triangoli against the computer: a hint, then the whole game analysed', { skip: SKIP, timeout: 240000 }, async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  const id = await startGame(page, 'triangoli', { seats: ['ai'], level: 'random' });
  assert.equal(await myTurnOrOver(page), 'turn');
  const token = (await myTokens(page, id))[0];
  assert.ok(token);

  // No analysis while the game is played.
  assert.equal(await page.locator('[data-test=analyse]').count(), 0);

  // A hint for the seat to move: a legal move, said in words, its clicks marked on the board.
  const v0 = await view(id);
  await page.click('[data-test=hint]');
  await page.waitForSelector('[data-test=hint-text]');
  const hinted = await page.getAttribute('[data-test=hint-text]', 'data-move');
  assert.ok(v0.legal.includes(hinted), `the hint ${hinted} is legal`);
  assert.ok((await page.textContent('[data-test=hint-text]')).startsWith(fill(en['tip.try'], { move: hinted })));
  assert.ok((await page.locator('svg.board .item.hinted').count()) > 0, 'the hint is marked on the board');
  // With a mouse, its clicks are to be clicked.
  assert.ok((await page.textContent('[data-test=hint-text]')).includes(en['tip.clicks'].split(' ')[0] + ' '));
  await screenshot(page, 'hint-1280');

  // Play the hinted move, then random legal moves through the API until the game ends.
  let lateHint = false;
  let v = (await post(`/api/games/${id}/moves`, { token, move: hinted, ply: v0.ply })).body;
  for (let i = 0; i < 400 && !v.outcome; i++) {
    if (v.to_move === 0 && v.legal.length) {
      // The hint again, later in the game (the solver answers near the end).
      if (v.ply >= 16 && !lateHint) {
        lateHint = true;
        const r = await post(`/api/games/${id}/hint`, { token });
        assert.equal(r.status, 200);
        assert.ok(v.legal.includes(r.body.move), `hint ${r.body.move} legal at ply ${v.ply}`);
      }
      const move = v.legal[(i * 7919) % v.legal.length];
      const r = await post(`/api/games/${id}/moves`, { token, move, ply: v.ply });
      if (r.status === 200) v = r.body;
      else v = await view(id);
    } else {
      await new Promise((r) => setTimeout(r, 100));
      v = await view(id);
    }
  }
  assert.ok(v.outcome, 'the game ended');
  await page.waitForSelector('[data-test=result]:not([hidden])');
  await page.waitForFunction((n) => document.querySelectorAll('[data-test=moves] .move-btn').length === n, v.history.length);
  // No hint once the game is over.
  assert.equal(await page.locator('[data-test=hint]').count(), 0);
  await page.waitForSelector(`svg.board[data-ply="${v.ply}"]`);
  const final = await boardSignature(page);

  // Analyse: the progress bar while the server works, then the graph.
  await page.click('[data-test=analyse]');
  // (The server has only started when its first answer comes: the bar shows at once.)
  await page.waitForSelector('[data-test=analysis-progress]');
  assert.equal(Number(await page.getAttribute('[data-test=analysis-progress]', 'max')), v.ply + 1);
  await screenshot(page, 'analysis-progress-1280');
  await page.waitForSelector('[data-test=analysis-progress]', { state: 'detached', timeout: 120000 });
  const total = v.ply + 1;
  const analysis = await (await fetch(`${BASE}/api/games/${id}/analysis`)).json();
  assert.equal(analysis.done, true);
  assert.deepEqual(analysis.progress, [total, total]);

  // One line per seat, a point for every position, in the seat's colour.
  const lines = await page.$$eval('[data-test=analysis-graph] .value-line', (els) => els.map((e) => ({
    points: Number(e.dataset.points), dots: e.parentNode.querySelectorAll('circle.pt').length, seat: e.parentNode.dataset.seat,
    stroke: getComputedStyle(e).stroke,
  })));
  assert.equal(lines.length, 2);
  assert.deepEqual(lines.map((l) => l.seat), ['0', '1']);
  for (const l of lines) {
    assert.equal(l.points, total);
    assert.equal(l.dots, total);
  }
  assert.notEqual(lines[0].stroke, lines[1].stroke);
  await screenshot(page, 'analysis-1280');

  // A click on a point shows that position, as the move list's button for it does.
  const k = Math.min(5, v.ply - 1);
  const dot = await page.$(`[data-test=analysis-graph] .series[data-seat="0"] circle[data-ply="${k}"]`);
  await dot.scrollIntoViewIfNeeded();
  const box = await dot.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction((k) => document.querySelector('[data-test=analysis-at]')?.dataset.ply === String(k), k);
  assert.equal(await page.textContent('[data-test=status]'), fill(en['status.replay'], { k, n: v.ply }));
  await page.waitForFunction((k) => document.querySelector('.move-btn.current')?.dataset.key === `mv-${k - 1}`, k);
  await page.waitForSelector(`svg.board[data-ply="${k}"]`);
  const atK = await boardSignature(page);
  assert.notEqual(atK, final, 'a past position is shown');
  // The best move for that position, in words and on the board (the items its clicks name).
  assert.equal(await page.getAttribute('[data-test=analysis-best]', 'data-move'), analysis.plies[k].best);
  const marked = await page.$$eval('svg.board .item.best-move', (els) => [...new Set(els.map((e) => e.dataset.id))]);
  const onBoard = await page.$$eval('svg.board .item[data-id]', (els) => els.map((e) => e.dataset.id));
  const want = [...new Set(analysis.plies[k].best_clicks)].filter((id) => onBoard.includes(id));
  assert.ok(want.length > 0, `${analysis.plies[k].best_clicks} on the board`);
  assert.deepEqual(marked.sort(), want.sort());
  await page.locator('svg.board').scrollIntoViewIfNeeded();
  await screenshot(page, 'analysis-best-on-board-1280');
  assert.equal(await page.textContent('[data-test=analysis-best]'),
    fill(en['analysis.best'], { seat: await page.textContent('[data-test=name-' + v.movers[k] + ']'), move: analysis.plies[k].best }));

  // The move list's button for the same position shows the same board.
  await page.click('[data-test=analysis-close]');
  await page.click(`.move-btn[data-key="mv-${k + 2}"]`);
  await page.waitForFunction((k) => document.querySelector('.move-btn.current')?.dataset.key === `mv-${k + 2}`, k);
  await page.click(`.move-btn[data-key="mv-${k - 1}"]`);
  await page.waitForFunction((k) => document.querySelector('.move-btn.current')?.dataset.key === `mv-${k - 1}`, k);
  await page.waitForSelector(`svg.board[data-ply="${k}"]`);
  assert.equal(await boardSignature(page), atK);

  // Closed, the keys step through the replay; open again (the analysis is there at once), they
  // step the analysis board.
  await page.locator('body').press('ArrowRight');
  await page.waitForFunction((k) => document.querySelector('[data-test=status]')?.textContent.includes(`after ${k + 1} of`), k);
  await page.locator('body').press('ArrowLeft');
  await page.waitForFunction((k) => document.querySelector('[data-test=status]')?.textContent.includes(`after ${k} of`), k);
  await page.click('[data-test=analyse]');
  await page.waitForSelector('[data-test=analysis-graph]');
  await page.locator('body').press('ArrowRight');
  await page.waitForFunction((k) => document.querySelector('[data-test=analysis-at]')?.dataset.ply === String(k + 1), k);
  await page.locator('body').press('ArrowLeft');
  await page.waitForFunction((k) => document.querySelector('[data-test=analysis-at]')?.dataset.ply === String(k), k);
  await page.locator('body').press('Home');
  await page.waitForFunction(() => document.querySelector('[data-test=analysis-at]')?.dataset.ply === '0');
  assert.equal(await shownPly(page), 0);
  await page.locator('body').press('End');
  await page.waitForFunction((n) => document.querySelector('[data-test=analysis-at]')?.dataset.ply === String(n), v.ply);
  assert.equal(await page.textContent('[data-test=analysis-best]'), en['analysis.best.none']);

  // The marks in the move list are the ones the thresholds give; the graph marks each at the
  // position after its move, where its mover's line drops.
  const expected = moveMarks(analysis.plies, v.movers).map((m) => m?.kind || '');
  const shown = await page.$$eval('[data-test=moves] .move-btn', (els) => els.map((e) => e.dataset.mark || ''));
  assert.deepEqual(shown, expected);
  const onGraph = await page.$$eval('[data-test=graph-mark]', (els) => els.map((e) => [Number(e.dataset.ply), e.dataset.kind]));
  assert.deepEqual(onGraph, expected.flatMap((kind, i) => (kind ? [[i + 1, kind]] : [])));
  if (expected.some(Boolean)) {
    const title = await page.getAttribute('[data-test=moves] .move-btn[data-mark]', 'title');
    assert.match(title, /Inaccuracy|Mistake|Blunder/);
  }
  assert.match(await page.textContent('[data-test=analysis-legend]'), /10.*20.*35/);

  // Late in the game the solver's exact result, with its seat.
  const late = analysis.plies.filter((p) => p.exact).map((p) => p.ply);
  assert.ok(late.length > 0, 'the solver saw the end of the game');
  const ply = late[late.length - 1];
  for (let p = v.ply; p > ply; p--) await page.locator('body').press('ArrowLeft');
  await page.waitForFunction((p) => document.querySelector('[data-test=analysis-at]')?.dataset.ply === String(p), ply);
  const exact = analysis.plies[ply].exact;
  // Said in the reader's words from the result and the kit's clause of the margin (the server's
  // English `text` is for terminals).
  const seat = await page.textContent(`[data-test=name-${exact.seat}]`);
  assert.ok(exact.words?.key, `the margin's clause: ${JSON.stringify(exact)}`);
  assert.equal(await page.textContent('[data-test=analysis-exact]'), exact.result === 'draw'
    ? en['analysis.exact.draw']
    : fill(en[`analysis.exact.${exact.result}`], { seat, margin: fill(en[`words.${exact.words.key}`], exact.words.values) }));
  // Every legal move there marked by the solver: the lines say which win and draw, and count
  // those that lose, as the analysis has them.
  assert.ok(Array.isArray(exact.moves) && exact.moves.length > 0, 'the last exact position has its moves marked');
  const count = (r) => exact.moves.filter((m) => m.result === r).length;
  const marks = page.locator('[data-test=analysis-moves] li');
  assert.equal(await marks.count(), ['win', 'draw', 'loss'].filter((r) => count(r) > 0).length);
  if (count('win')) assert.match(await page.textContent('[data-test=analysis-moves] [data-result=win]'), new RegExp(exact.moves.find((m) => m.result === 'win').move.replace(/[/]/g, '\\/')));
  if (count('loss') && count('loss') < exact.moves.length) {
    assert.equal(await page.textContent('[data-test=analysis-moves] [data-result=loss]'), fill(en['analysis.moves.lose'], { n: count('loss') }));
  }
  await screenshot(page, 'analysis-exact-1280');

  // A spectator may analyse too: the same analysis, already done.
  const watcher = await newPage(browser, { width: 390, height: 844 });
  await watcher.goto(`${BASE}/game/${id}`);
  await watcher.click('[data-test=analyse]');
  await watcher.waitForSelector('[data-test=analysis-graph]');
  await watcher.waitForSelector('[data-test=analysis-progress]', { state: 'detached' });
  assert.equal(await watcher.locator('[data-test=analysis-graph] .value-line').count(), 2);
  assert.equal(await watcher.locator('[data-test=hint]').count(), 0);
  await watcher.locator('[data-test=analysis-graph]').scrollIntoViewIfNeeded();
  await screenshot(watcher, 'analysis-390');
  // On a phone the board and the graph fit on one screen: scrolled to the board, the graph is
  // in view below it.
  const span = await watcher.evaluate(() => {
    const board = document.querySelector('svg.board').getBoundingClientRect();
    const graph = document.querySelector('[data-test=analysis-graph]').getBoundingClientRect();
    return { height: graph.bottom - board.top, board: board.height, graph: graph.height };
  });
  assert.ok(span.height <= 844, `board to graph: ${JSON.stringify(span)}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'analysis-exact-390');
  // Against the computer the result box offers another game against it, started at once (the
  // box shows with the last position: the page opened afresh).
  await page.goto(`${BASE}/game/${id}`);
  // The analysis this tab had open shows again at once: graph and marks, no progress to wait for.
  await page.waitForSelector('[data-test=analysis-graph]');
  assert.equal(await page.locator('[data-test=analysis-progress]').count(), 0);
  assert.equal(await page.locator('[data-test=analysis-line-0]').count(), 1);
  await page.click('[data-test=vs-computer]');
  await page.waitForURL((url) => url.pathname.startsWith('/game/') && url.pathname !== `/game/${id}`);
  assert.match(page.url(), /\?seat=0$/);
  const solo = await (await fetch(`${BASE}${new URL(page.url()).pathname.replace('/game/', '/api/games/')}`)).json();
  assert.equal(solo.game, 'triangoli');
  assert.deepEqual(solo.seats.map((s) => s.kind), ['human', 'ai']);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(watcher.errors, []);
  await page.context().close();
  await watcher.context().close();
});

test('on a touch screen the hint says to tap', { skip: SKIP, timeout: 60000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await startGame(page, 'triangoli', { seats: ['ai'], level: 'random' });
  assert.equal(await myTurnOrOver(page), 'turn');
  await page.tap('[data-test=hint]');
  const text = await (await page.waitForSelector('[data-test=hint-text]')).textContent();
  assert.ok(text.includes(` — ${en['tip.taps'].split(' ')[0]} `), text);
  assert.ok(!text.includes(en['tip.clicks'].split(' ')[0] + ' '), text);
  await context.close();
});

test('no hint in a game between two people', { skip: SKIP, timeout: 60000 }, async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  const id = await startGame(page, 'triangoli', { seats: ['here'] });
  assert.equal(await myTurnOrOver(page), 'turn');
  // The tools are drawn with the view that made it this seat's turn: no hint among them.
  await page.waitForSelector('#tools-h', { state: 'attached' });
  assert.equal(await page.locator('[data-test=hint]').count(), 0);
  // The server refuses it too.
  const tokens = await myTokens(page, id);
  assert.equal((await post(`/api/games/${id}/hint`, { token: tokens[0] })).status, 409);
  await screenshot(page, 'no-hint-390');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
