// The lessons in a real browser. Every lesson of every game the API lists is taken from its
// first step to its last, at a phone's 390×844 and at 1280×800 (four contexts of one browser at
// once: each half of the games at each size, to keep the run short). Every step is passed at
// both sizes: at one, missed by clicking a move that misses it (found through the API: each
// legal first move posted until one says `missed`; one that goes on is followed the same way) —
// the hint shows, "Try again" waits for the learner — missed again, and passed by "Show me",
// which marks each move on the board; at the other, passed by clicking the step's own moves.
// "Next step", "Next lesson" and "Back to the lessons" lead on. The words shown are the lesson's
// words file's. Afterwards /learn marks every lesson walked done and counts them; the progress
// survives a reload, reaches the account once the learner signs in, and comes back from the
// account in another browser; a lesson finished while signed in reaches the account at once.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SKIP, STORE, BASE, ROOT, launch, newPage, clickId, screenshot, en, fill } from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];

async function get(p) {
  const r = await fetch(BASE + p);
  assert.equal(r.status, 200, `${p}: ${r.status}`);
  return r.json();
}

async function post(p, body) {
  const r = await fetch(BASE + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

/** The English words of `game`'s lessons, or null where its file is not written yet. */
async function englishWords(game) {
  const file = path.join(ROOT, 'web/assets/lessons', `${game}.en.js`);
  return fs.existsSync(file) ? (await import(file)).default : null;
}

/**
 * Moves from the start of step `n` of lesson `id` of `game` (at `position`) that miss it, each
 * `{move, clicks}` with the scene ids that make it there: the legal moves tried through the API,
 * those of fewest clicks first, until one says `missed`; one that says `going` is followed.
 */
async function missingLine(game, id, n, position, line = []) {
  const options = [...position.clicks].sort((a, b) => a.clicks.length - b.clicks.length);
  for (const c of options) {
    const moves = [...line.map((m) => m.move), c.move];
    const r = await post(`/api/lessons/${game}/${id}/steps/${n}`, { moves });
    if (r.status !== 200) continue;
    const next = [...line, { move: c.move, clicks: c.clicks }];
    if (r.body.status === 'missed') return next;
    if (r.body.status === 'going' && line.length < 4) {
      const deeper = await missingLine(game, id, n, r.body, next);
      if (deeper) return deeper;
    }
  }
  return null;
}

/**
 * The step's own moves (its `show`) from the start of step `n` (at `position`), each with the scene
 * ids that make it where it is played: the positions between them asked of the API.
 */
async function rightLine(game, id, n, position) {
  const line = [];
  for (const [i, move] of position.show.entries()) {
    const at = i === 0 ? position : (await post(`/api/lessons/${game}/${id}/steps/${n}`, { moves: position.show.slice(0, i) })).body;
    const c = at.clicks.find((x) => x.move === move);
    assert.ok(c, `${game}/${id} step ${n}: ${move} is offered after ${position.show.slice(0, i)}`);
    line.push({ move, clicks: c.clicks });
  }
  return line;
}

/** Every game's lessons as the API gives them, with a line that misses and the right line for every step. */
async function course() {
  const listing = await get('/api/lessons');
  const games = [];
  for (const g of listing.games) {
    const lessons = [];
    for (const l of g.lessons) {
      const lesson = await get(`/api/lessons/${g.game}/${l.id}`);
      assert.equal(lesson.steps.length, l.steps, `${g.game}/${l.id}: the steps listed`);
      const misses = [];
      const rights = [];
      for (let n = 0; n < lesson.steps.length; n++) {
        const miss = await missingLine(g.game, l.id, n, lesson.steps[n]);
        assert.ok(miss, `${g.game}/${l.id} step ${n}: a line that misses`);
        misses.push(miss);
        rights.push(await rightLine(g.game, l.id, n, lesson.steps[n]));
      }
      lessons.push({ ...lesson, misses, rights });
    }
    games.push({ game: g.game, name: g.name, lessons, words: await englishWords(g.game) });
  }
  return games;
}

/** Clicks `clicks` on the lesson's board as a person does: action buttons, else board items. */
async function clickMove(page, clicks) {
  for (const id of clicks) {
    const button = `[data-test=lesson] .actions [data-action="${id}"]`;
    await page.waitForSelector(`${button}, svg.board.interactive .item.is-target[data-id="${id}"]`);
    if (await page.$(button)) {
      await page.click(button);
    } else {
      // The board in sight first: a phone shows the step's words above it.
      await page.$eval('svg.board', (el) => el.scrollIntoView({ block: 'center' }));
      await clickId(page, id);
    }
  }
}

/**
 * Waits until the status line is in `state` (one state, or any of a list: a state the page may
 * pass through quicker than a look, such as `showing`, is waited for with those after it) and,
 * given, after `misses` misses.
 */
async function status(page, state, misses = null) {
  const states = [state].flat();
  const sel = states.map((s) => `[data-test=lesson-status][data-state=${s}]${misses === null ? '' : `[data-misses="${misses}"]`}`).join(', ');
  await page.waitForSelector(sel, { timeout: 20000 }).catch(async (e) => {
    const now = await page.$eval('[data-test=lesson-status]', (el) => `${el.dataset.state}/${el.dataset.misses}: ${el.textContent}`).catch(() => '?');
    throw new Error(`waiting for ${states.join(' or ')}${misses === null ? '' : ` after ${misses} misses`}, the status is ${now} (${e.message})`);
  });
}

/** Plays `line` (moves with their clicks) from the step's start, each once the board takes it. */
async function playLine(page, line) {
  for (const m of line) {
    await status(page, 'play');
    await clickMove(page, m.clicks);
  }
}

/**
 * Takes every lesson of `games` in `page`'s browser, from the first game's first lesson on. Where
 * `shows(k)` says so for the walk's k-th step, the step is missed twice — the hint after the
 * first miss, "Try again", "Show me" after the second — and passed by "Show me"; every other
 * step is passed by the learner's own moves, clicked. `total`: the lessons of every game.
 */
async function walk(page, games, size, shows, total) {
  const label = `${size.width}×${size.height}`;
  let k = 0;
  await page.goto(`${BASE}/learn`);
  for (const g of games) {
    // Each game's first lesson from the list; the others by "Next lesson".
    await page.click(`[data-test=learn-game][data-game="${g.game}"] [data-test=learn-lesson][data-lesson="${g.lessons[0].id}"] a`);
    for (const [li, lesson] of g.lessons.entries()) {
      const at = `${label} ${g.game}/${lesson.id}`;
      await page.waitForURL(new RegExp(`/learn/${g.game}/${lesson.id}$`));
      await page.waitForSelector(`[data-test=lesson][data-lesson="${lesson.id}"]`);
      const words = g.words?.lessons.find((w) => w.id === lesson.id) || null;
      if (words) assert.equal((await page.textContent('[data-test=lesson-title]')).trim(), words.title, at);
      for (let n = 0; n < lesson.steps.length; n++, k++) {
        const step = `${at} step ${n}`;
        await page.waitForSelector(`[data-test=lesson-step][data-index="${n}"]`);
        assert.equal((await page.textContent('[data-test=lesson-step]')).trim(), fill(en['lesson.step'], { k: n + 1, n: lesson.steps.length }), step);
        await status(page, 'play', 0);
        const w = words?.steps[n];
        if (w) {
          assert.equal((await page.textContent('[data-test=lesson-text]')).trim(), w.text, step);
          assert.equal((await page.textContent('[data-test=lesson-goal]')).trim(), `${en['lesson.goal']} ${w.goal}`, step);
        }
        assert.equal(await page.$('[data-test=lesson-hint]'), null, `${step}: no hint before a miss`);
        if (li === 0 && n === 0) await screenshot(page, `lesson-${g.game}-${size.width}`);
        if (shows(k)) {
          // The first miss: where the moves led, the hint, and "Try again".
          await playLine(page, lesson.misses[n]);
          await status(page, 'missed', 1);
          if (w?.hint) assert.equal((await page.textContent('[data-test=lesson-hint]')).trim(), `${en['lesson.hint']} ${w.hint}`, step);
          assert.equal(await page.$('[data-test=lesson-show]'), null, `${step}: no "show me" after one miss`);
          // "Try again": the board the moves led to stays until it is chosen.
          await page.click('[data-test=lesson-again]');
          await status(page, 'play', 1);
          // The second miss: "Show me" is offered, and plays the step's moves, each marked first.
          await playLine(page, lesson.misses[n]);
          await status(page, 'missed', 2);
          await page.click('[data-test=lesson-show]');
          // A step of one move may be shown and passed before a look finds it showing.
          await status(page, ['showing', 'passed']);
          // Each move is pointed at on the board first — a move made by an action button alone
          // (The Triangle Game's "end") has no item to point at, and is named in the status line.
          await page.waitForFunction(() => document.querySelector('svg.board .item.shown-move')
            || document.querySelector('[data-test=lesson-status]')?.dataset.state === 'passed');
        } else {
          // The learner's own moves, clicked: the step's.
          await playLine(page, lesson.rights[n]);
        }
        await status(page, 'passed');
        const last = n + 1 === lesson.steps.length;
        assert.equal((await page.textContent('[data-test=lesson-status]')).trim(), en[last ? 'lesson.status.finished' : 'lesson.status.passed'], step);
        if (!last) await page.click('[data-test=lesson-next-step]');
      }
      // Finished: kept in this browser; then on to the next lesson, or back to the list.
      await page.waitForFunction(([game, id]) => (JSON.parse(localStorage.getItem('trigonal.lessons.done')) || [])
        .some((e) => e.game === game && e.lesson === id), [g.game, lesson.id]);
      if (lesson.next) {
        assert.equal(lesson.next, g.lessons[li + 1].id, `${at}: next`);
        await page.click('[data-test=lesson-next]');
      } else {
        assert.equal(li, g.lessons.length - 1, `${at}: the last has no next`);
        await page.click('[data-test=lesson-list]');
        await page.waitForURL(/\/learn$/);
      }
    }
  }
  // Every lesson walked marked done on the list, and counted among all.
  await page.waitForSelector('[data-test=learn-lesson]');
  const done = games.reduce((n, g) => n + g.lessons.length, 0);
  await page.waitForSelector(`[data-test=learn-progress][data-done="${done}"][data-total="${total}"]`);
  assert.equal(await page.locator('[data-test=learn-lesson][data-done=false]').count(), total - done, label);
  assert.equal(await page.locator('[data-test=learn-lesson][data-done=true]').count(), done, label);
  for (const g of games) {
    assert.equal(await page.getAttribute(`[data-test=learn-game][data-game="${g.game}"] [data-test=learn-game-count]`, 'data-done'), String(g.lessons.length));
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${label}: no sideways scrolling`);
  await screenshot(page, `learn-done-${size.width}-${games[0].game}`);
  return done;
}

/** `games` in two parts of about as many steps each. */
function halves(games) {
  const steps = (g) => g.lessons.reduce((n, l) => n + l.steps.length, 0);
  const parts = [[], []];
  const load = [0, 0];
  for (const g of [...games].sort((a, b) => steps(b) - steps(a))) {
    const i = load[0] <= load[1] ? 0 : 1;
    parts[i].push(g);
    load[i] += steps(g);
  }
  return parts;
}

/** The lessons the account of `page`'s browser finished, as the API says. */
async function accountDone(page) {
  const r = await page.context().request.get(`${BASE}/api/me/lessons`);
  assert.equal(r.status(), 200);
  return (await r.json()).done.map((d) => `${d.game}/${d.lesson}`).sort();
}

/**
 * Waits until the account of `page`'s browser has finished `n` lessons, asking the server with
 * the browser's session. (Polled from here: a `waitForFunction` predicate that is async returns
 * a promise, which is truthy at once — it waited for nothing.)
 */
async function accountHas(page, n) {
  const until = Date.now() + 60000;
  for (;;) {
    const r = await page.context().request.get(`${BASE}/api/me/lessons`);
    if (r.ok() && (await r.json()).done.length >= n) return;
    assert.ok(Date.now() < until, `the account has ${n} lessons finished`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The walk checks the pages and the rules, the same on either store: it runs on SQLite only.
const WALK_SKIP = SKIP || (STORE !== 'sqlite' && 'the lessons are walked once, on SQLite');

test('every lesson of every game, step by step, on a phone and on a desktop at once; progress kept and synced', { skip: WALK_SKIP, timeout: 1800000 }, async () => {
  const games = await course();
  assert.ok(games.some((g) => g.game === 'toy'), 'the test build lists the toy');
  const total = games.reduce((n, g) => n + g.lessons.length, 0);
  // Four browsers at once: each half of the games on a phone and on a desktop. Every step is
  // passed at both sizes, by "Show me" at one and by the learner's own moves at the other.
  const parts = halves(games);
  const runs = parts.flatMap((part) => SIZES.map((size, i) => ({ part, size, shows: (k) => k % 2 === i })));
  const pages = await Promise.all(runs.map((r) => newPage(browser, r.size)));
  const started = Date.now();
  const walked = await Promise.all(runs.map((r, i) => walk(pages[i], r.part, r.size, r.shows, total)));
  assert.equal(walked[0] + walked[2], total);
  console.log(`# walked ${total} lessons at two sizes in ${Math.round((Date.now() - started) / 1000)} s`);
  const all = parts[0].flatMap((g) => g.lessons.map((l) => `${g.game}/${l.id}`)).sort();

  // A desktop's progress survives a reload, and reaches the account once its learner signs up.
  const page = pages[1];
  await page.reload();
  await page.waitForSelector(`[data-test=learn-progress][data-done="${all.length}"]`);
  const name = `learner_${Math.random().toString(36).slice(2, 8)}`;
  const r = await page.context().request.post(`${BASE}/api/accounts`, { data: { name, password: 'correct horse 1' } });
  assert.equal(r.status(), 201);
  assert.deepEqual(await accountDone(page), [], 'a new account has finished nothing');
  await page.reload();
  await page.waitForSelector('[data-test=account-name]');
  await page.waitForFunction((n) => {
    const el = document.querySelector('[data-test=learn-progress]');
    return el && el.dataset.done === String(n) && !document.querySelector('[data-test=learn-sign-in]');
  }, all.length);
  await accountHas(page, all.length);
  assert.deepEqual(await accountDone(page), all, 'the browser’s lessons reached the account');

  // Another browser signed in to the account: the account's lessons are marked there.
  const other = await newPage(browser, { width: 390, height: 844 });
  const s = await other.context().request.post(`${BASE}/api/session`, { data: { name, password: 'correct horse 1' } });
  assert.equal(s.status(), 200);
  await other.goto(`${BASE}/learn`);
  await other.waitForSelector(`[data-test=learn-progress][data-done="${all.length}"]`);
  assert.equal(await other.locator('[data-test=learn-lesson][data-done=true]').count(), all.length);
  assert.equal((await other.evaluate(() => JSON.parse(localStorage.getItem('trigonal.lessons.done')))).length, all.length);

  for (const p of [...pages, other]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('a lesson finished while signed in reaches the account at once', { skip: SKIP, timeout: 60000 }, async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  const name = `finisher_${Math.random().toString(36).slice(2, 8)}`;
  const r = await page.context().request.post(`${BASE}/api/accounts`, { data: { name, password: 'correct horse 1' } });
  assert.equal(r.status(), 201);
  // The toy's last lesson is one step: the first move of its "show me" passes it.
  const lesson = await get('/api/lessons/toy/winning');
  await page.goto(`${BASE}/learn/toy/winning`);
  await page.waitForSelector('[data-test=account-name]');
  await status(page, 'play', 0);
  const first = lesson.steps[0].clicks.find((c) => c.move === lesson.steps[0].show[0]);
  await clickMove(page, first.clicks);
  await status(page, 'passed');
  assert.equal(await page.$('[data-test=lesson-next]'), null, 'the last lesson has no next');
  await page.waitForSelector('[data-test=lesson-list]');
  await accountHas(page, 1);
  assert.deepEqual(await accountDone(page), ['toy/winning']);
  // A lesson that does not exist says so in words.
  await page.goto(`${BASE}/learn/toy/no-such-lesson`);
  await page.waitForSelector('[data-test=lesson-error]');
  assert.equal((await page.textContent('[data-test=lesson-error]')).trim(), fill(en['error.code.no-lesson'], { game: 'toy', lesson: 'no-such-lesson' }));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
