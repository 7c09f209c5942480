// Every route of the front end checked by axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA, and
// axe's best practices), at a phone's 390×844 and at 1280×800: no critical, serious or moderate
// violation on any of them. The routes are shown as a person finds them: the home page, sign-in
// and sign-up, each game's rules, a live table of each game with its moves offered and some
// played, a finished game, lessons and puzzles, tournaments, leaderboards, one's own profile and
// another's, the reset pages, the moderators' queue and log (as a moderator), a mail link, and a
// page that does not exist. Minor findings are printed, not failed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { SKIP, BASE, launch, startGame, uploadRecord } from './browser.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAIL = new Set(['critical', 'serious', 'moderate']);
const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];
const PASSWORD = 'correct horse 1';
const suffix = Math.random().toString(36).slice(2, 7);

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** What axe finds on `page` as it is now: the violations of impact `FAIL`, and the rest. */
async function check(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE);
  const found = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(1, 2).join('')}`), count: v.nodes.length }));
  }, TAGS);
  return { bad: found.filter((v) => FAIL.has(v.impact)), minor: found.filter((v) => !FAIL.has(v.impact)) };
}

/** The account `name`, signed up through the API in `context`'s browser. */
async function signUp(context, name) {
  const r = await context.request.post(BASE + '/api/accounts', { data: { name, password: PASSWORD } });
  assert.equal(r.status(), 201, await r.text());
}

/** A finished game of `game`, uploaded as a record of a random game (`trigonal random`). */
function finishedGame(game) {
  const record = execFileSync(process.env.TRIGONAL_TEST_BIN, ['random', game, '--seed', '7'], { encoding: 'utf8' });
  return uploadRecord(game, record);
}

test('axe finds nothing that matters on any page, on a phone and on a desktop', { skip: SKIP, timeout: 240000 }, async () => {
  const meta = await (await fetch(BASE + '/api/meta')).json();
  const games = meta.games.map((g) => g.id);
  const me = `axe${suffix}`;
  const other = `axe${suffix}o`;

  // What the routes need: an account (made moderator by the operator's command), another one,
  // a tournament, a lesson, a puzzle and a finished game of each game.
  const setup = await browser.newContext();
  await signUp(setup, other);
  await setup.close();
  const bin = process.env.TRIGONAL_TEST_BIN;
  const db = process.env.TRIGONAL_TEST_DB;
  assert.ok(bin && db, 'scripts/browser-tests says where the binary and the store are');

  const taught = (await (await fetch(BASE + '/api/lessons')).json()).games[0];
  const lesson = { game: taught.game, id: taught.lessons[0].id };
  const puzzle = await (await fetch(BASE + '/api/puzzles/next?game=' + games[0])).json();
  const finished = [];
  for (const game of games) finished.push(await finishedGame(game));

  const failures = [];
  await Promise.all(SIZES.map(async (size, i) => {
    const context = await browser.newContext({ viewport: size, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    const name = `${me}${i}`;
    await signUp(context, name);
    if (i === 0) execFileSync(bin, ['admin', 'moderator', name, '--db', db]);
    const tour = await context.request.post(BASE + '/api/tournaments', {
      data: { name: `Axe ${suffix} ${i}`, system: 'swiss', game: 'triangoli', clock: { initial_ms: 300000, increment_ms: 2000 }, rounds: 2 },
    });
    assert.equal(tour.status(), 201, await tour.text());
    const tourId = (await tour.json()).id;

    const visit = async (label, url, ready) => {
      await page.goto(BASE + url);
      await page.waitForSelector(ready);
      const { bad, minor } = await check(page);
      for (const v of bad) failures.push(`${size.width}×${size.height} ${label} (${url}): ${v.impact} ${v.id} ×${v.count} — ${v.help}\n    ${v.nodes.join('\n    ')}`);
      for (const v of minor) console.log(`# minor, ${size.width}×${size.height} ${label}: ${v.id} ×${v.count}`);
    };

    await visit('home', '/', '.game-card');
    await visit('profile (own)', `/player/${name}`, '[data-test=profile]');
    await visit('profile (another)', `/player/${other}`, '[data-test=profile]');
    await visit('leaderboard', `/leaderboard/${meta.pools[0].id}`, 'main h1');
    await visit('tournaments', '/tournaments', 'main h1');
    await visit('a tournament', `/tournament/${tourId}`, 'main h1');
    await visit('learn', '/learn', 'main h1');
    await visit('a lesson', `/learn/${lesson.game}/${lesson.id}`, 'svg.board .item');
    await visit('puzzles', '/puzzles', 'main h1');
    await visit('a puzzle', `/puzzles/${puzzle.id}`, 'svg.board .item');
    await visit('reset', '/reset', 'main h1');
    await visit('reset link', '/reset/not-a-token', 'main h1');
    await visit('mail link', '/mail/verify/not-a-token', 'main h1');
    await visit('no such page', '/no/such/page', 'main h1');
    if (i === 0) {
      await visit('moderators’ queue', '/mod', 'main h1');
      await visit('moderators’ log', '/mod/log', 'main h1');
    }
    for (const [k, game] of games.entries()) {
      await visit(`rules of ${game}`, `/rules/${game}`, 'main h1');
      await visit(`finished ${game}`, `/game/${finished[k]}`, 'svg.board .item');
      // A table at which every seat is this browser's: its moves offered.
      await startGame(page, game, { seats: ['here'] });
      const { bad, minor } = await check(page);
      for (const v of bad) failures.push(`${size.width}×${size.height} live ${game}: ${v.impact} ${v.id} ×${v.count} — ${v.help}\n    ${v.nodes.join('\n    ')}`);
      for (const v of minor) console.log(`# minor, ${size.width}×${size.height} live ${game}: ${v.id} ×${v.count}`);
    }
    await context.request.delete(BASE + '/api/session');
    await visit('sign in', '/signin', '[data-test=acc-name]');
    await visit('sign up', '/signup', '[data-test=acc-name]');
    await context.close();
  }));
  assert.deepEqual(failures, [], `axe's violations:\n${failures.join('\n')}`);
});
