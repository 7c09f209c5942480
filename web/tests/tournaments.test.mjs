// Tournaments in real browsers. A Swiss tournament of two rounds in Triangoli: Ann (desktop,
// English) makes it through the form; Bob (a phone, Czech) finds it in the list and Cid (a phone)
// opens its link, and both join while Ann's page counts them live; Ann starts it. Round 1 is one
// game and a bye: the two seated are taken to their game by the page, one resigns; round 2 is
// paired by the server alone and its players are taken to it; one resigns again. Every page then
// shows the tournament finished, with the points each player must have. Who meets whom is the
// server's pairing (equal ratings), so it is read from the API, not assumed from the names.
// Then the refusals: what the server refuses reads as words on the page, in the reader's language.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, screenshot, gameId, en } from './browser.mjs';
import cs from '../assets/i18n/cs.js';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const suffix = Math.random().toString(36).slice(2, 7);

/** Signs `page`'s browser up as `name`, then opens `path`. */
async function signedIn(page, name, path) {
  const r = await page.context().request.post(BASE + '/api/accounts', { data: { name, password: 'correct horse 1' } });
  assert.equal(r.status(), 201, await r.text());
  await page.goto(BASE + path);
}

/** The tournament as a guest sees it. */
async function tournament(id) {
  const r = await fetch(`${BASE}/api/tournaments/${id}`);
  assert.equal(r.status, 200);
  return r.json();
}

/** Polls the tournament until `ok(tournament)` holds; the tournament then. */
async function until(id, ok, what, timeout = 30000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    last = await tournament(id);
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)}`);
}

/** Waits until the toast says `text`. */
async function toastSays(page, text) {
  await page.waitForFunction((text) => {
    const el = document.querySelector('[data-test=toast]');
    return el && el.classList.contains('show') && el.textContent.trim() === text;
  }, text, { timeout: 10000 }).catch(async () => {
    throw new Error(`the toast says ${JSON.stringify(await page.textContent('[data-test=toast]'))}, not ${JSON.stringify(text)}`);
  });
}

/** How far the page scrolls sideways (0: not at all). */
function sideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Resigns the game `page` shows, through its buttons, and waits for the result. */
async function resign(page) {
  await page.click('[data-test=resign]');
  await page.click('[data-test=resign-yes]');
  await page.waitForSelector('.result:not([hidden])');
}

test('a Swiss tournament of three, two rounds, played through the pages', { skip: SKIP, timeout: 120000 }, async () => {
  const names = { ann: `ann_${suffix}`, bob: `bob_${suffix}`, cid: `cid_${suffix}` };
  const ann = await newPage(browser, { width: 1280, height: 800 });
  const bob = await newPage(browser, { width: 390, height: 844, locale: 'cs-CZ' });
  const cid = await newPage(browser, { width: 390, height: 844 });
  const pages = { [names.ann]: ann, [names.bob]: bob, [names.cid]: cid };
  try {
    // Ann makes the tournament through the form: Swiss, Triangoli, 5+3, two rounds, in an hour.
    await signedIn(ann, names.ann, '/tournaments');
    await ann.waitForSelector('[data-test=tour-form]');
    assert.equal(await ann.textContent('[data-test=nav-tournaments]'), en['nav.tournaments']);
    await ann.fill('[data-test=tour-name]', `Friday ${suffix}`);
    await ann.selectOption('[data-test=tour-system]', 'swiss');
    await ann.selectOption('[data-test=tour-game]', 'triangoli');
    await ann.fill('[data-test=tour-minutes]', '5');
    await ann.fill('[data-test=tour-seconds]', '3');
    await ann.fill('[data-test=tour-rounds]', '2');
    await ann.selectOption('[data-test=tour-starts]', '60');
    await screenshot(ann, 'tournaments-form-1280');
    await ann.click('[data-test=tour-create]');
    await ann.waitForURL(/\/tournament\//);
    const id = new URL(ann.url()).pathname.split('/')[2];
    await ann.waitForSelector('[data-test=tour-status][data-status=waiting]');
    assert.equal(await ann.textContent('[data-test=tour-name]'), `Friday ${suffix}`);
    assert.equal(await ann.textContent('[data-test=sum-system]'), en['tournament.system.swiss']);
    assert.equal(await ann.textContent('[data-test=sum-clock]'), '5+3');
    let tour = await tournament(id);
    assert.equal(tour.system, 'swiss');
    assert.equal(tour.rounds, 2);
    assert.equal(tour.game, 'triangoli');
    assert.deepEqual(tour.clock, { initial_ms: 300000, increment_ms: 3000 });
    assert.ok(Math.abs(Date.parse(tour.starts) - Date.now() - 3600000) < 120000, `starts in an hour: ${tour.starts}`);
    // The creator is not entered: she joins like anyone.
    assert.equal(tour.entrants, 0);
    await ann.click('[data-test=tour-join]');
    await ann.waitForSelector('[data-test=tour-in]');

    // Bob finds it in the list, in Czech, and joins; Cid opens its link and joins.
    await signedIn(bob, names.bob, '/tournaments');
    const item = await bob.waitForSelector(`[data-test=tour-waiting] [data-test=tour-item][data-id="${id}"]`);
    assert.equal(await item.$eval('[data-test=tour-entrants]', (e) => e.textContent), '1 hráč');
    await bob.waitForSelector('[data-test=tour-form]');
    assert.equal(await sideways(bob), 0, 'the list and the form fit a phone');
    await screenshot(bob, 'tournaments-list-390-cs');
    await item.$eval('[data-test=tour-link]', (a) => a.click());
    await bob.waitForURL(new RegExp(`/tournament/${id}$`));
    assert.equal(await bob.textContent('[data-test=tour-join]'), cs['tournament.join']);
    await bob.click('[data-test=tour-join]');
    await bob.waitForSelector('[data-test=tour-in]');
    assert.equal(await bob.textContent('[data-test=tour-in]'), cs['tournament.in']);
    // Ann's page counts Bob in without a reload.
    await ann.waitForSelector(`[data-test=standing][data-name="${names.bob}"]`);
    await signedIn(cid, names.cid, `/tournament/${id}`);
    await cid.click('[data-test=tour-join]');
    await ann.waitForSelector(`[data-test=standing][data-name="${names.cid}"]`);
    await ann.waitForSelector('[data-test=tour-entrants][data-n="3"]');
    assert.equal(await ann.$$eval('[data-test=standing]', (rows) => rows.length), 3);
    await screenshot(ann, 'tournament-waiting-1280');
    await screenshot(bob, 'tournament-waiting-390-cs');
    for (const p of [ann, bob, cid]) assert.equal(await sideways(p), 0, 'no sideways scrolling while waiting');

    // Ann starts it: round 1 is one game and a bye.
    await ann.click('[data-test=tour-start]');
    tour = await until(id, (x) => x.status === 'running' && x.round === 1 && x.tables.some((tb) => tb.game), 'round 1 paired');
    const r1 = tour.tables.filter((tb) => tb.round === 1);
    assert.equal(r1.length, 2, JSON.stringify(r1));
    const g1 = r1.find((tb) => tb.game);
    const bye1 = r1.find((tb) => !tb.game);
    assert.equal(g1.players.length, 2);
    assert.equal(bye1.players.length, 1);
    const [p, q] = g1.players;
    const b1 = bye1.players[0];
    assert.deepEqual([p, q, b1].sort(), Object.values(names).sort());
    // The two seated are taken to their game, each to a seat of their own; the third stays.
    for (const name of [p, q]) await pages[name].waitForURL(new RegExp(`/game/${g1.game}`));
    assert.deepEqual([new URL(pages[p].url()).searchParams.get('seat'), new URL(pages[q].url()).searchParams.get('seat')].sort(), ['0', '1']);
    await pages[b1].waitForSelector('[data-test=tour-status][data-status=running]');
    await pages[b1].waitForSelector(`[data-test=tables-current] [data-test=table][data-bye=true]`);
    await pages[p].waitForSelector('svg.board .item');
    await screenshot(pages[p], 'tournament-round1-game');
    await screenshot(pages[b1], 'tournament-round1-bye');
    // q resigns: p wins round 1.
    await resign(pages[q]);
    await pages[p].waitForSelector('.result:not([hidden])');

    // Both go back by the game page's link; round 2 is paired by the server alone, and its two
    // players are taken to it: p from the page they came back to, b1 from the page they stayed on.
    for (const name of [p, q]) {
      await pages[name].click('[data-test=game-tournament]');
    }
    tour = await until(id, (x) => x.round === 2 && x.tables.some((tb) => tb.round === 2 && tb.game), 'round 2 paired');
    const r2 = tour.tables.filter((tb) => tb.round === 2);
    const g2 = r2.find((tb) => tb.game);
    const bye2 = r2.find((tb) => !tb.game);
    assert.ok(g2 && bye2, JSON.stringify(r2));
    // The bye goes to the lowest-placed player who had none: q, who lost; p and b1 meet.
    assert.deepEqual(bye2.players, [q]);
    assert.deepEqual([...g2.players].sort(), [p, b1].sort());
    for (const name of g2.players) await pages[name].waitForURL(new RegExp(`/game/${g2.game}`));
    await pages[q].waitForSelector(`[data-test=tables-current] [data-test=table][data-round="2"][data-bye=true]`);
    // The first round is folded away on the page that stayed.
    await pages[q].waitForSelector('[data-test=round-earlier][data-round="1"]');
    const [w2, l2] = g2.players;
    await pages[w2].waitForSelector('svg.board .item');
    await resign(pages[l2]);
    await pages[w2].waitForSelector('.result:not([hidden])');
    for (const name of g2.players) await pages[name].click('[data-test=game-tournament]');

    // Finished on every page, with the points of what happened: a win or a bye is a point.
    const expected = { [p]: 1, [q]: 0, [b1]: 1 };
    expected[w2] += 1;
    expected[q] += 1;
    for (const page of [ann, bob, cid]) {
      await page.waitForSelector('[data-test=tour-status][data-status=finished]', { timeout: 30000 });
      const shown = Object.fromEntries(await page.$$eval('[data-test=standing]', (rows) => rows.map((r) => [r.dataset.name, Number(r.dataset.points)])));
      assert.deepEqual(shown, expected);
    }
    tour = await tournament(id);
    assert.equal(tour.status, 'finished');
    const points = Object.fromEntries(tour.standings.map((s) => [s.name, s.points]));
    assert.deepEqual(points, expected);
    assert.equal(Object.values(points).reduce((a, b) => a + b, 0), 4, 'two rounds give out two points each');
    // Buchholz: the opponents' points; Sonneborn–Berger: those of the opponents beaten (byes are
    // no opponents).
    const opponents = { [p]: [q, b1], [q]: [p], [b1]: [p] };
    const beaten = { [p]: [q], [q]: [], [b1]: [] };
    beaten[w2].push(l2);
    for (const s of tour.standings) {
      assert.equal(s.buchholz, opponents[s.name].reduce((a, o) => a + expected[o], 0), `${s.name}'s Buchholz`);
      assert.equal(s.sonneborn_berger, beaten[s.name].reduce((a, o) => a + expected[o], 0), `${s.name}'s Sonneborn–Berger`);
      assert.equal(s.games, opponents[s.name].length, `${s.name}'s games`);
    }
    // Ranked by points: w2 first with 2.
    assert.equal(tour.standings[0].name, w2);
    assert.equal(Number(await ann.getAttribute('[data-test=standing]:first-child', 'data-points')), 2);
    for (const page of [ann, bob, cid]) {
      assert.equal(await page.$$eval('[data-test=tables-current] [data-test=tb-score]', (els) => els.map((e) => e.textContent).join()), g2.players.indexOf(w2) === 0 ? '1–0' : '0–1');
      assert.equal(await sideways(page), 0, 'no sideways scrolling when finished');
    }
    assert.match(await bob.textContent('[data-test=tour-status]'), /^Skončil /);
    await screenshot(ann, 'tournament-finished-1280');
    await screenshot(bob, 'tournament-finished-390-cs');
    await screenshot(cid, 'tournament-finished-390');
    // The list shows it among the finished ones.
    await cid.click('.crumbs a');
    await cid.waitForSelector(`[data-test=tour-finished] [data-id="${id}"]`);
    for (const page of [ann, bob, cid]) assert.deepEqual(page.errors, [], 'no page errors');
  } finally {
    for (const page of [ann, bob, cid]) await page.context().close();
  }
});

test('refusals read as words on the page; the computer joins; the API refuses what it must', { skip: SKIP, timeout: 90000 }, async () => {
  const name = `dee_${suffix}`;
  const dee = await newPage(browser, { width: 1280, height: 800 });
  const eve = await newPage(browser, { width: 390, height: 844 });
  const guest = await newPage(browser, { width: 390, height: 844 });
  try {
    // A tournament without a name: the server's refusal, in words.
    await signedIn(dee, name, '/tournaments');
    await dee.waitForSelector('[data-test=tour-form]');
    await dee.click('[data-test=tour-create]');
    await toastSays(dee, en['error.code.tournament-name']);
    // An arena of Four Triangles at tables of three.
    await dee.fill('[data-test=tour-name]', `Arena ${suffix}`);
    await dee.selectOption('[data-test=tour-system]', 'arena');
    await dee.selectOption('[data-test=tour-game]', 'four-triangles');
    await dee.selectOption('[data-test=tour-players]', '3');
    await dee.fill('[data-test=tour-length]', '30');
    await dee.click('[data-test=tour-create]');
    await dee.waitForURL(/\/tournament\//);
    const id = new URL(dee.url()).pathname.split('/')[2];
    const tour = await tournament(id);
    assert.equal(tour.system, 'arena');
    assert.equal(tour.players, 3);
    assert.equal(tour.minutes, 30);

    // Started with one entrant: "It has 1 player, and needs at least 3 to start."
    await dee.click('[data-test=tour-join]');
    await dee.waitForSelector('[data-test=tour-in]');
    await dee.click('[data-test=tour-start]');
    await toastSays(dee, en['error.code.tournament-too-few'].one.replace('{n}', '1').replace('{least}', '3'));
    await dee.selectOption('[data-test=lang]', 'cs');
    await dee.waitForFunction(() => document.documentElement.lang === 'cs');
    await dee.click('[data-test=tour-start]');
    await toastSays(dee, cs['error.code.tournament-too-few'].one.replace('{n}', '1').replace('{least}', '3'));
    await dee.selectOption('[data-test=lang]', 'en');

    // The computer at a level, marked as the computer in the standings.
    await dee.selectOption('[data-test=tour-level]', 'easy');
    await dee.click('[data-test=tour-computer]');
    const row = await dee.waitForSelector('[data-test=standing][data-computer=easy]');
    assert.equal(await row.$eval('[data-test=st-computer]', (e) => e.textContent), 'Computer (easy)');
    await dee.click('[data-test=tour-computer]');
    await toastSays(dee, en['error.code.tournament-joined']);

    // Joining twice, from a page that missed the news of the first join (its socket hears
    // nothing): the refusal in words.
    await signedIn(eve, `eve_${suffix}`, '/');
    await eve.routeWebSocket(/\/api\/tournaments\//, () => {});
    await eve.goto(`${BASE}/tournament/${id}`);
    await eve.waitForSelector('[data-test=tour-join]');
    const r = await eve.context().request.post(`${BASE}/api/tournaments/${id}/join`);
    assert.equal(r.status(), 200);
    await eve.click('[data-test=tour-join]');
    await toastSays(eve, en['error.code.tournament-joined']);
    await screenshot(eve, 'tournament-refused-390');
    // Not hers to start.
    const start = await eve.context().request.post(`${BASE}/api/tournaments/${id}/start`);
    assert.equal(start.status(), 403);
    assert.equal((await start.json()).code, 'not-tournament-creator');

    // A guest sees it, with no way in but signing in.
    await guest.goto(`${BASE}/tournament/${id}`);
    await guest.waitForSelector('[data-test=tour-sign-in]');
    assert.equal(await guest.$('[data-test=tour-join]'), null);
    assert.equal(await guest.$$eval('[data-test=standing]', (rows) => rows.length), 3);
    assert.equal(await sideways(guest), 0);
    await guest.goto(`${BASE}/tournament/no-such-${suffix}`);
    assert.equal(await guest.textContent('[data-test=tour-error]'), `There is no tournament no-such-${suffix}.`);

    // The API alone: each refusal with its code.
    const post = (path, data) => dee.context().request.post(BASE + path, { data });
    const clock = { initial_ms: 60000, increment_ms: 0 };
    const refused = [
      [await post('/api/tournaments', { name: 'x', system: 'swiss', game: 'triangle-game', clock }), 400, 'tournament-system'],
      [await post('/api/tournaments', { name: 'x', system: 'swiss', game: 'triangoli', clock, rounds: 16 }), 400, 'tournament-rounds'],
      [await post('/api/tournaments', { name: 'x', system: 'arena', game: 'triangoli', clock, minutes: 0 }), 400, 'tournament-minutes'],
      [await post('/api/tournaments', { name: 'x', system: 'arena', game: 'triangoli', clock: { days: 1 } }), 400, 'tournament-clock'],
      [await post('/api/tournaments', { name: 'x', system: 'swiss', game: 'triangoli', clock, capacity: 1 }), 400, 'tournament-capacity'],
      [await post('/api/tournaments', { name: 'x', system: 'swiss', game: 'triangoli', clock, starts: new Date(Date.now() + 31 * 86400000).toISOString() }), 400, 'tournament-starts'],
      [await post(`/api/tournaments/${id}/computer`, { level: 'genius' }), 400, 'unknown-level'],
      [await post(`/api/tournaments/${id}/join`), 409, 'tournament-joined'],
      [await post(`/api/tournaments/no-such-${suffix}/join`), 404, 'no-tournament'],
    ];
    for (const [res, status, code] of refused) {
      const body = await res.json();
      assert.equal(res.status(), status, JSON.stringify(body));
      assert.equal(body.code, code, JSON.stringify(body));
    }
    // Withdrawn before the start: off the list; withdrawing again is refused.
    await dee.click('[data-test=tour-withdraw]');
    await dee.waitForSelector(`[data-test=standing][data-name="${name}"]`, { state: 'detached' });
    const again = await post(`/api/tournaments/${id}/withdraw`);
    assert.equal(again.status(), 409);
    assert.equal((await again.json()).code, 'not-in-tournament');
    for (const page of [dee, eve, guest]) assert.deepEqual(page.errors, [], 'no page errors');
  } finally {
    for (const page of [dee, eve, guest]) await page.context().close();
  }
});
