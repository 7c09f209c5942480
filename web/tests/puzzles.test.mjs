// Puzzles in a real browser, on the toy's two (test builds only): one at the start, whose answer
// is d1, and one after d1 c1, whose line is b2, the reply a1, then b1. Each is solved and missed
// by clicking, at a phone's 390×844 and at 1280×800, as a visitor and signed in (four contexts at
// once): what to find and whose turn in words, the reply drawn from the answer's position, right
// or wrong, the answer pointed at on the starting board, why in words, and for a signed-in
// player the rating change, then "Next puzzle" until none is left. Then the day's puzzle; a
// refused attempt said in the reader's language; and "train on your mistakes": Ann's toy game
// (she plays a1 in seat 0, the mistake, d1 winning; then d2 c1 b2 b1 d1 with the other seat)
// analysed, "Train on this" beside her mistake, the puzzle it makes solved from "My mistakes".

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, clickId, screenshot, en, fill } from './browser.mjs';
import cs from '../assets/i18n/cs.js';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function get(p) {
  const r = await fetch(BASE + p);
  assert.equal(r.status, 200, `${p}: ${r.status}`);
  return r.json();
}

/** The toy's two puzzles, `{start, line}`, found among those a visitor is given. */
async function toyPuzzles() {
  const seen = new Map();
  for (let i = 0; i < 100 && seen.size < 2; i++) {
    const p = await get('/api/puzzles/next?game=toy');
    seen.set(p.record.join(' '), p);
  }
  const start = seen.get('');
  const line = seen.get('d1 c1');
  assert.ok(start && line, `both toy puzzles: ${[...seen.keys()]}`);
  return { start, line };
}

/** Signs `page`'s browser up under a fresh name starting `prefix`: the name. */
async function signUp(page, prefix) {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
  const r = await page.context().request.post(`${BASE}/api/accounts`, { data: { name, password: 'correct horse 1' } });
  assert.equal(r.status(), 201, await r.text());
  return name;
}

/** Waits until the puzzle's status line is in `state`. */
async function state(page, s) {
  await page.waitForSelector(`[data-test=puzzle-status][data-state=${s}]`).catch(async (e) => {
    const now = await page.$eval('[data-test=puzzle-status]', (el) => `${el.dataset.state}: ${el.textContent}`).catch(() => '?');
    throw new Error(`waiting for ${s}, the status is ${now} (${e.message})`);
  });
}

/** Clicks board item `id` once the board offers it (the board brought into sight first). */
async function click(page, id) {
  await page.waitForSelector(`svg.board.interactive .item.is-target[data-id="${id}"]`);
  await page.$eval('svg.board', (el) => el.scrollIntoView({ block: 'center' }));
  await clickId(page, id);
}

const text = async (page, sel) => (await page.textContent(sel)).trim();

/** The start puzzle: missed with a1, then solved with d1 ("Try it again"). */
async function startPuzzle(page, p, { signedIn }) {
  await page.goto(`${BASE}/puzzles/${p.id}`);
  await state(page, 'play');
  assert.equal(await text(page, '[data-test=puzzle-goal]'), fill(en['puzzle.goal.win'], { seat: fill(en['seat.n'], { n: 1 }) }));
  assert.equal(await page.$eval('[data-test=puzzle-game]', (s) => s.value), 'toy');
  // Wrong: a1. The answer pointed at on the starting board, and why.
  await click(page, 'a1');
  await state(page, 'failed');
  assert.equal(await text(page, '[data-test=puzzle-status]'), fill(en['puzzle.status.failed'], { move: 'a1' }));
  assert.equal(await page.getAttribute('[data-test=puzzle-verdict]', 'data-correct'), 'false');
  assert.equal(await text(page, '[data-test=puzzle-verdict]'), en['puzzle.wrong']);
  assert.equal(await text(page, '[data-test=puzzle-solution]'), fill(en['puzzle.solution'], { move: 'd1' }));
  await page.waitForSelector('svg.board .item.answer-move[data-id="d1"]');
  assert.equal(await page.locator('svg.board .item.answer-move').count(), 1);
  assert.equal(await text(page, '[data-test=puzzle-explain]'), fill(en['puzzle.explain.search-win'].other ?? en['puzzle.explain.search-win'], { n: 10, share: 100, next: 0 }));
  if (signedIn) {
    // A signed-in player's first attempt is rated: a miss costs rating.
    const change = Number(await page.getAttribute('[data-test=puzzle-change]', 'data-change'));
    assert.ok(change < 0, `a miss lowers the rating: ${change}`);
    assert.match(await text(page, '[data-test=puzzle-change]'), /^Your puzzle rating: \d+ −\d+$/);
    await page.waitForSelector('[data-test=puzzle-my-rating]');
  } else {
    assert.equal(await text(page, '[data-test=puzzle-unrated]'), en['puzzle.unrated.visitor']);
  }
  // Again, right: d1.
  await page.click('[data-test=puzzle-retry]');
  await state(page, 'play');
  await click(page, 'd1');
  await state(page, 'solved');
  assert.equal(await page.getAttribute('[data-test=puzzle-verdict]', 'data-correct'), 'true');
  assert.equal(await text(page, '[data-test=puzzle-verdict]'), en['puzzle.right']);
  // Rated once only.
  if (signedIn) assert.equal(await text(page, '[data-test=puzzle-unrated]'), en['puzzle.unrated.again']);
}

/** The line puzzle: b2, the reply a1 drawn, then b1: solved; or a1 at once: missed. */
async function linePuzzle(page, p, { right }) {
  await state(page, 'play');
  assert.equal(await page.getAttribute('[data-test=puzzle-link]', 'href'), `/puzzles/${p.id}`);
  if (right) {
    await click(page, 'b2');
    await state(page, 'going');
    assert.ok((await text(page, '[data-test=puzzle-status]')).startsWith(fill(en['puzzle.status.going'], { moves: 'a1' })));
    // The reply is on the board: a1 taken (no longer a point to take), b1 offered.
    await page.waitForSelector('svg.board.interactive .item.is-target[data-id="b1"]');
    assert.equal(await page.locator('svg.board .item[data-id="a1"]').count(), 0);
    assert.equal(await page.locator('svg.board .item[data-id="b2"]').count(), 0);
    await click(page, 'b1');
  } else {
    await click(page, 'a1');
  }
  await state(page, right ? 'solved' : 'failed');
  assert.equal(await page.getAttribute('[data-test=puzzle-solution]', 'data-moves'), 'b2 a1 b1');
  assert.equal(await text(page, '[data-test=puzzle-solution]'), `${fill(en['puzzle.solution'], { move: 'b2' })} ${fill(en['puzzle.solution.line'], { moves: 'a1, b1' })}`);
  // The starting board again, the line's first move pointed at.
  await page.waitForSelector('svg.board .item.answer-move[data-id="b2"]');
}

test('the toy’s puzzles solved and missed by clicking: a visitor and a player, on a phone and a desktop', { skip: SKIP, timeout: 180000 }, async () => {
  const { start, line } = await toyPuzzles();
  const runs = [
    { size: PHONE, signedIn: false }, { size: DESKTOP, signedIn: false },
    { size: PHONE, signedIn: true }, { size: DESKTOP, signedIn: true },
  ];
  await Promise.all(runs.map(async ({ size, signedIn }) => {
    const page = await newPage(browser, size);
    const label = `${size.width}-${signedIn ? 'player' : 'visitor'}`;
    if (signedIn) await signUp(page, 'solver');
    await startPuzzle(page, start, { signedIn });
    await screenshot(page, `puzzle-start-${label}`);
    if (!signedIn) {
      // A visitor: the line missed, then found.
      await page.goto(`${BASE}/puzzles/${line.id}`);
      await linePuzzle(page, line, { right: false });
      await page.click('[data-test=puzzle-retry]');
      await linePuzzle(page, line, { right: true });
      await screenshot(page, `puzzle-line-${label}`);
    } else {
      // A player: "Next puzzle" brings the one not attempted yet; found at the first try, it
      // raises the rating; then none is left.
      const before = Number(await page.getAttribute('[data-test=puzzle-my-rating]', 'data-rating'));
      await page.click('[data-test=puzzle-next]');
      await page.waitForURL(/\/puzzles$/);
      await page.waitForSelector(`[data-test=puzzle-link][href="/puzzles/${line.id}"]`);
      await linePuzzle(page, line, { right: true });
      const change = Number(await page.getAttribute('[data-test=puzzle-change]', 'data-change'));
      assert.ok(change > 0, `a solve raises the rating: ${change}`);
      const after = Number(await page.getAttribute('[data-test=puzzle-my-rating]', 'data-rating'));
      // Each of the three rounded on its own: within one.
      assert.ok(Math.abs(after - (before + change)) <= 1, `the rating shown moved by the change: ${before} ${change} ${after}`);
      assert.match(await text(page, '[data-test=puzzle-change]'), new RegExp(`^Your puzzle rating: ${after} \\+${change}$`));
      await screenshot(page, `puzzle-line-${label}`);
      await page.click('[data-test=puzzle-next]');
      await page.waitForSelector('[data-test=puzzle-error-text][data-code=no-puzzle-left]');
      assert.equal(await text(page, '[data-test=puzzle-error-text]'), fill(en['error.code.no-puzzle-left'], { game: 'Toy' }));
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${label}: no sideways scrolling`);
    assert.deepEqual(page.errors, [], label);
    await page.context().close();
  }));
});

test('the day’s puzzle, the game remembered, and a refused attempt in the reader’s language', { skip: SKIP, timeout: 60000 }, async () => {
  const daily = await get('/api/puzzles/daily?game=toy');
  const page = await newPage(browser, { ...PHONE, locale: 'cs-CZ' });
  await page.goto(`${BASE}/puzzles`);
  await page.waitForSelector('[data-test=puzzle-game]');
  await page.selectOption('[data-test=puzzle-game]', 'toy');
  await page.waitForSelector(`[data-test=puzzle-daily][data-id="${daily.id}"]`);
  assert.equal(await text(page, '[data-test=puzzle-daily]'), cs['puzzle.daily']);
  await page.click('[data-test=puzzle-daily]');
  await page.waitForURL(new RegExp(`/puzzles/${daily.id}$`));
  await page.waitForSelector('[data-test=puzzle-day-tag]');
  assert.ok((await text(page, '[data-test=puzzle-day-tag]')).startsWith(cs['puzzle.daily.of'].split('{')[0]));
  // The game chosen is remembered: /puzzles opens on the toy again.
  await page.goto(`${BASE}/puzzles`);
  await page.waitForSelector('[data-test=puzzle-link]');
  assert.equal(await page.$eval('[data-test=puzzle-game]', (s) => s.value), 'toy');

  // An attempt the server refuses (here one with a move too many, sent as if from a stale page)
  // is said in Czech, and the attempt goes on.
  await page.goto(`${BASE}/puzzles/${daily.id}`);
  await state(page, 'play');
  await page.route('**/api/puzzles/*/attempt', (route) => {
    const body = JSON.parse(route.request().postData());
    route.continue({ postData: JSON.stringify({ moves: [...body.moves, ...daily.legal.slice(0, 3)] }) });
  });
  await click(page, daily.clicks[0].clicks[0]);
  await page.waitForFunction((words) => document.querySelector('[data-test=toast]')?.textContent.trim() === words, cs['error.code.puzzle-line']);
  await state(page, 'play');
  assert.ok((await text(page, '[data-test=puzzle-status]')).startsWith(cs['error.code.puzzle-line']));
  await page.unroute('**/api/puzzles/*/attempt');
  // A puzzle that is not there.
  await page.goto(`${BASE}/puzzles/nothing-here`);
  await page.waitForSelector('[data-test=puzzle-error-text]');
  assert.equal(await text(page, '[data-test=puzzle-error-text]'), fill(cs['error.code.no-puzzle'], { id: 'nothing-here' }));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('train on your mistakes: Ann’s mistake in an analysed toy game becomes her puzzle', { skip: SKIP, timeout: 120000 }, async () => {
  const page = await newPage(browser, DESKTOP);
  await signUp(page, 'ann');
  const request = page.context().request;
  const made = await request.post(`${BASE}/api/games`, { data: { game: 'toy', seats: [{ kind: 'human', player: 'me' }, { kind: 'human' }] } });
  assert.equal(made.status(), 201, await made.text());
  const { id, seats } = await made.json();
  const token = Object.fromEntries(seats.map((s) => [s.seat, s.token]));
  // Ann (seat 0) takes a1 — d1 was the winning move — and loses: a1 d2 c1 b2 b1 d1.
  const moves = ['a1', 'd2', 'c1', 'b2', 'b1', 'd1'];
  for (const [ply, move] of moves.entries()) {
    const r = await request.post(`${BASE}/api/games/${id}/moves`, { data: { token: token[ply % 2], move, ply } });
    assert.equal(r.status(), 200, `${move}: ${await r.text()}`);
  }
  await page.goto(`${BASE}/game/${id}#seat=0&token=${encodeURIComponent(token[0])}`);
  await page.waitForSelector('[data-test=result]:not([hidden])');
  await page.click('[data-test=analyse]');
  // The analysis marks her first move; "Train on this" stands beside it, and beside no move of
  // the other seat's.
  await page.waitForSelector('[data-test=moves] .move-btn[data-key="mv-0"][data-mark]', { timeout: 60000 });
  assert.ok(['mistake', 'blunder'].includes(await page.getAttribute('[data-test=moves] .move-btn[data-key="mv-0"]', 'data-mark')));
  await page.waitForSelector('[data-test=train-0]');
  assert.deepEqual(await page.$$eval('[data-test=train] li', (els) => els.map((e) => Number(e.dataset.ply))), [0]);
  await screenshot(page, 'train-1280');
  await page.click('[data-test=train-0]');
  await page.waitForSelector('[data-test=train-link-0]');
  const href = await page.getAttribute('[data-test=train-link-0]', 'href');
  assert.equal(href, `/puzzles/m-${id}-0`);
  await page.click('[data-test=train-link-0]');
  await page.waitForURL(new RegExp(`${href}$`));
  await page.waitForSelector('[data-test=puzzle-mine-tag]');
  assert.equal(await text(page, '[data-test=puzzle-goal]'), fill(en['puzzle.goal.best'], { seat: fill(en['seat.n'], { n: 1 }) }));

  // From "My mistakes" it is the one offered; its answer is the analysis's move.
  const best = (await (await request.get(`${BASE}/api/games/${id}/analysis`)).json()).plies.find((p) => p.ply === 0).best;
  await page.goto(`${BASE}/puzzles`);
  await page.waitForSelector('[data-test=puzzle-mine]');
  await page.selectOption('[data-test=puzzle-game]', 'toy');
  await page.click('[data-test=puzzle-mine]');
  await page.waitForSelector(`[data-test=puzzle-link][href="${href}"]`);
  await page.waitForSelector('[data-test=puzzle-mine-tag]');
  await click(page, best);
  await state(page, 'solved');
  const explain = await text(page, '[data-test=puzzle-explain]');
  assert.equal(await page.getAttribute('[data-test=puzzle-explain]', 'data-key'), 'mistake');
  assert.ok(explain.startsWith(en['puzzle.explain.mistake'].split('{move}')[0]) && explain.includes('(move 1)'), explain);
  assert.equal(await text(page, '[data-test=puzzle-unrated]'), en['puzzle.unrated.mine']);
  // Solved, it is not offered again.
  await page.click('[data-test=puzzle-next]');
  await page.waitForSelector('[data-test=puzzle-error-text][data-code=no-puzzle-left]');
  assert.deepEqual(page.errors, []);

  // Her mistakes are hers: a visitor is told there is no such puzzle.
  const visitor = await newPage(browser, PHONE);
  await visitor.goto(BASE + href);
  await visitor.waitForSelector('[data-test=puzzle-error-text]');
  assert.equal(await text(visitor, '[data-test=puzzle-error-text]'), fill(en['error.code.no-puzzle'], { id: `m-${id}-0` }));
  assert.deepEqual(visitor.errors, []);
  await visitor.context().close();
  await page.context().close();
});
