// Accounts and ratings, in real browsers: two players sign up, play a rated Triangoli game (one
// creates it against an open seat, the other joins from the lobby), one resigns; both profiles show
// the new ratings with a history chart, the leaderboard lists both, and signing in again in a fresh
// browser finds the game among "My games". A guest's game stays with the account it signs up for.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, en, launch, newPage, myTurnOrOver, playMove, screenshot, rng, gameId, view } from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const suffix = Math.random().toString(36).slice(2, 8);
const PASSWORD = 'correct horse 1';

async function signUp(page, name) {
  await page.goto(BASE + '/');
  await page.click('[data-test=sign-up]');
  await page.waitForSelector('[data-test=account-form]');
  await page.fill('[data-test=acc-name]', name);
  await page.fill('[data-test=acc-password]', PASSWORD);
  await page.click('[data-test=acc-submit]');
  await page.waitForSelector(`[data-test=account-name]:text-is("${name}")`);
  await page.waitForSelector('.game-card');
}

async function signIn(page, name, password = PASSWORD) {
  await page.goto(BASE + '/signin');
  await page.fill('[data-test=acc-name]', name);
  await page.fill('[data-test=acc-password]', password);
  await page.click('[data-test=acc-submit]');
}

async function done(...pages) {
  for (const p of pages) {
    assert.deepEqual(p.errors, [], 'no page errors');
    await p.context().close();
  }
}

test('a rated game between two accounts: ratings, profiles, leaderboard, my games anywhere', { skip: SKIP, timeout: 180000 }, async () => {
  const annName = `ann_${suffix}`;
  const bobName = `bob_${suffix}`;
  const ann = await newPage(browser);
  const bob = await newPage(browser, { width: 390, height: 844 });
  await signUp(ann, annName);
  await signUp(bob, bobName);

  // Ann: Triangoli, herself against an open seat, rated. Against the computer it cannot be rated.
  await ann.click('.game-card[data-game="triangoli"]');
  await ann.selectOption('[data-test=seat-1-kind]', 'ai');
  assert.ok(await ann.isDisabled('[data-test=rated]'), 'not rated against the computer');
  assert.equal((await ann.textContent('#rated-help')).trim(), en['setup.rated.off']);
  await ann.selectOption('[data-test=seat-1-kind]', 'open');
  assert.ok(!(await ann.isDisabled('[data-test=rated]')));
  assert.equal((await ann.textContent('[data-test=seat-0-account]')).trim(), annName);
  await ann.check('[data-test=rated]');
  await screenshot(ann, 'accounts-create-1280');
  await ann.click('[data-test=start]');
  await ann.waitForURL(/\/game\//);
  await ann.waitForSelector('svg.board .item');
  const id = gameId(ann);
  await ann.waitForSelector('[data-test=rated-tag]');
  let v = await view(id);
  assert.equal(v.rated, true);
  assert.equal(v.seats[0].name, annName);

  // A guest cannot join it: told to sign in.
  const guest = await newPage(browser);
  await guest.goto(`${BASE}/game/${id}`);
  await guest.click('[data-test=join-1]');
  await guest.waitForFunction((want) => document.querySelector('[data-test=toast]').textContent.trim() === want, en['join.signin']);
  await done(guest);

  // Bob joins from the lobby, where the game shows rated and by whom.
  await bob.goto(BASE + '/');
  const line = bob.locator(`[data-test=lobby-game][data-id="${id}"]`);
  await line.waitFor();
  assert.equal((await line.locator('[data-test=lobby-rated]').textContent()).trim(), en['lobby.rated']);
  assert.equal((await line.locator('[data-test=lobby-creator]').textContent()).trim(), `${annName} ·`);
  await bob.click(`[data-key="join-${id}-1"]`);
  await bob.waitForURL(new RegExp(`/game/${id}`));
  await bob.waitForSelector('svg.board .item');
  await bob.waitForSelector('[data-test=rated-tag]');
  v = await view(id);
  assert.equal(v.seats[1].name, bobName);

  // A few moves each, then Bob resigns.
  const random = rng(7);
  for (let i = 0; i < 4; i++) {
    const p = i % 2 === 0 ? ann : bob;
    assert.equal(await myTurnOrOver(p), 'turn');
    await playMove(p, random);
  }
  await screenshot(bob, 'accounts-game-390');
  await bob.click('[data-test=resign]');
  await bob.click('[data-test=resign-yes]');
  await ann.waitForSelector('.result:not([hidden])');
  v = await view(id);
  assert.deepEqual(v.outcome.winners, [0]);
  // The ending says what it did to both ratings: "+12 → 1512" beside each name, on both pages.
  const changes = {};
  for (const p of [ann, bob]) {
    await p.waitForSelector('[data-test=rating-changes]');
    for (const seat of [0, 1]) {
      const text = (await p.textContent(`[data-test=rating-change-${seat}]`)).replace(/^ · /, '').trim();
      const m = text.match(/([+−])(\d+) → (\d+)$/);
      assert.ok(m, `seat ${seat}: ${text}`);
      assert.equal(m[1], seat === 0 ? '+' : '−', text);
      assert.equal(Number(m[3]), 1500 + (m[1] === '+' ? 1 : -1) * Number(m[2]), `from 1500: ${text}`);
      changes[seat] = Number(m[3]);
    }
  }
  await screenshot(ann, 'accounts-rated-end-1280');
  await screenshot(bob, 'accounts-rated-end-390');

  // Profiles: a triangoli rating each, the winner's above 1500 (what the ending said), one game,
  // a chart.
  for (const [p, name, above] of [[ann, annName, true], [bob, bobName, false]]) {
    await p.click('[data-test=account-name]');
    await p.waitForSelector('[data-test=profile]');
    assert.equal((await p.textContent('[data-test=profile-name]')).trim(), name);
    const card = await p.waitForSelector('[data-test=rating][data-pool=triangoli]');
    const rating = Number(await card.getAttribute('data-rating'));
    assert.ok(above ? rating > 1500 : rating < 1500, `${name}: ${rating}`);
    assert.equal(rating, changes[above ? 0 : 1]);
    assert.equal(await card.getAttribute('data-games'), '1');
    assert.ok(await card.$('[data-test=rating-chart] circle'), 'a history chart');
    assert.match(await card.textContent(), /\?/, 'provisional after one game');
    const games = await p.$$eval('[data-test=profile-games] a', (as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(games, [`/game/${id}`]);
    // The game in words: which, against whom, how it ended for this player.
    const line = await p.textContent(`[data-test=profile-games] li[data-id="${id}"]`);
    assert.ok(line.includes(`Triangoli ${en['profile.vs'].replace('{names}', above ? bobName : annName)}`), line);
    assert.equal((await p.textContent(`[data-test=profile-games] li[data-id="${id}"] [data-test=played-result]`)).trim(),
      en[above ? 'profile.result.won' : 'profile.result.lost']);
    assert.ok(!line.includes(id), `no raw id: ${line}`);
  }
  await screenshot(ann, 'accounts-profile-1280');
  await screenshot(bob, 'accounts-profile-390');
  // One's own profile says where mail goes; another's does not (mail.test.mjs follows it).
  await ann.goto(BASE + `/player/${annName}`);
  await ann.waitForSelector('[data-test=mail] h2');
  await bob.goto(BASE + `/player/${annName}`);
  await bob.waitForSelector('[data-test=profile-games]');
  assert.equal(await bob.$('[data-test=mail]'), null);

  // The leaderboard, from the home page's Triangoli card: both, Ann above Bob.
  await ann.goto(BASE + '/');
  await ann.click('[data-test=leaderboard-triangoli]');
  await ann.waitForSelector('[data-test=leaderboard]');
  assert.equal(new URL(ann.url()).pathname, '/leaderboard/triangoli');
  const names = await ann.$$eval('[data-test=leaderboard] li', (lis) => lis.map((li) => li.dataset.name));
  const ai = names.indexOf(annName);
  const bi = names.indexOf(bobName);
  assert.ok(ai >= 0 && bi >= 0, `both listed: ${names}`);
  assert.ok(ai < bi, 'the winner first');
  await screenshot(ann, 'accounts-leaderboard-1280');
  await bob.goto(BASE + '/leaderboard/triangoli');
  await bob.waitForSelector('[data-test=leaderboard]');
  await screenshot(bob, 'accounts-leaderboard-390');

  // Bob signs out, then in again in a fresh browser: the game is among his games.
  await bob.click('[data-test=sign-out]');
  await bob.waitForSelector('[data-test=sign-in]');
  await done(bob);
  const bob2 = await newPage(browser, { width: 390, height: 844 });
  await signIn(bob2, bobName, 'wrong password 1');
  // The refusal's code said in words (docs/api.md: `wrong-credentials`), under the password.
  await bob2.waitForFunction((words) => document.querySelector('[data-test=acc-password-error]')?.textContent.trim() === words, en['error.code.wrong-credentials']);
  await signIn(bob2, bobName);
  await bob2.waitForSelector(`[data-test=account-name]:text-is("${bobName}")`);
  await bob2.waitForSelector(`[data-test=mine-game][data-id="${id}"]`);
  await screenshot(bob2, 'accounts-mine-390');
  // Its link opens the game as Bob's seat.
  await bob2.click(`[data-test=mine-game][data-id="${id}"] a`);
  await bob2.waitForSelector('svg.board .item');
  assert.equal(new URL(bob2.url()).searchParams.get('seat'), '1');
  await done(ann, bob2);
});

test('a guest who signs up keeps this browser\'s games', { skip: SKIP, timeout: 120000 }, async () => {
  const name = `cy_${suffix}`;
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await page.click('.game-card[data-game="triangular"]');
  await page.selectOption('[data-test=seat-1-kind]', 'ai');
  await page.selectOption('[data-test=seat-1-level]', 'random');
  await page.click('[data-test=start]');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('svg.board .item');
  const id = gameId(page);
  assert.equal(await page.$('[data-test=rated-tag]'), null, 'not rated');
  await signUp(page, name);
  await page.waitForSelector(`[data-test=mine-game][data-id="${id}"]`);
  // The server has it among the account's games: a fresh browser signed in lists it.
  const other = await newPage(browser);
  await signIn(other, name);
  await other.waitForSelector(`[data-test=mine-game][data-id="${id}"]`);
  await screenshot(other, 'accounts-guest-kept-1280');
  await done(page, other);
});
