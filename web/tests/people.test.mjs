// Playing with people, in real browsers: names given at create and join, presence dots, the chat
// (escaped), the tab title's turn mark, take-backs by consent, a draw by agreement, a rematch
// joined from both sides with colours swapped, resigning (two players: the other wins; three: the
// computer plays on), and the turn alerts (beep, notification while hidden).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  SKIP, BASE, en, launch, newPage, view, myTurnOrOver, history, playMove, toastText, screenshot, rng, gameId, fill,
} from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const MARK = '(●) ';

/**
 * Starts `game` from the home page: `seats[i]` is `{kind, name, level}` for seat i (seat 0 is
 * "me"); names are typed into the form.
 */
async function create(page, game, { players, seats }) {
  await page.goto(BASE + '/');
  await page.click(`.game-card[data-game="${game}"]`);
  if (players) await page.selectOption('#players', String(players));
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    if (i > 0) await page.selectOption(`[data-test=seat-${i}-kind]`, s.kind);
    if (s.kind === 'ai') await page.selectOption(`[data-test=seat-${i}-level]`, s.level || 'random');
    if (s.name !== undefined) await page.fill(`[data-test=seat-${i}-name]`, s.name);
  }
  await page.click('[data-test=start]');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('svg.board .item');
  return gameId(page);
}

/** The invite link of `seat`, as the host copies it. */
async function inviteLink(host, seat) {
  await host.click(`[data-test=invite-${seat}]`);
  await toastText(host);
  return host.evaluate(() => navigator.clipboard.readText());
}

async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('svg.board .item');
}

/** Waits until `selector`'s text is `text` (trimmed). */
async function textIs(page, selector, text) {
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent.trim() === want, [selector, text]);
}

/** Waits for the toast to say `text` (an earlier one may still be showing). */
async function toastIs(page, text) {
  await page.waitForFunction((want) => {
    const el = document.querySelector('[data-test=toast]');
    return el.classList.contains('show') && el.textContent.trim() === want;
  }, text);
}

async function movesAre(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-test=moves] .move-btn').length === k, n);
}

async function presence(page, seat, present) {
  await page.waitForSelector(`[data-test=presence-${seat}][data-present="${present}"]`);
}

async function titleIs(page, title) {
  await page.waitForFunction((t) => document.title === t, title);
}

async function done(...pages) {
  for (const p of pages) {
    assert.deepEqual(p.errors, [], 'no page errors');
    await p.context().close();
  }
}

test('names, presence, chat and the turn mark: two players and a spectator', { skip: SKIP, timeout: 120000 }, async () => {
  const host = await newPage(browser);
  const id = await create(host, 'triangoli', { seats: [{ kind: 'me', name: '  Ann ' }, { kind: 'open' }] });
  await textIs(host, '[data-test=name-0]', 'Ann');
  // The name is remembered as the default for next time.
  assert.equal(await host.evaluate(() => JSON.parse(localStorage.getItem('trigonal.name'))), 'Ann');
  await presence(host, 0, true);
  assert.equal(await host.$('[data-test=presence-1]'), null, 'an open seat has nobody to be present');
  // The open seat is not offered to the one who plays here: it waits for someone else.
  assert.equal(await host.$('[data-test=join-name-1]'), null);
  assert.equal(await host.textContent('[data-test=waiting-1]'), en['seat.waiting']);

  // The guest joins from the lobby under a name.
  const guest = await newPage(browser);
  await guest.goto(BASE + '/');
  await guest.fill('[data-test=join-name]', 'Bob');
  await guest.click(`[data-key="join-${id}-1"]`);
  await guest.waitForURL(`${BASE}/game/${id}?seat=1`);
  await guest.waitForSelector('svg.board .item');
  assert.equal(await guest.evaluate(() => JSON.parse(localStorage.getItem('trigonal.name'))), 'Bob');
  const v = await view(id);
  assert.deepEqual(v.seats.map((s) => s.name), ['Ann', 'Bob']);

  // Names everywhere instead of "Player 1": cards, status; both present.
  for (const p of [host, guest]) {
    await textIs(p, '[data-test=name-0]', 'Ann');
    await textIs(p, '[data-test=name-1]', 'Bob');
    await presence(p, 0, true);
    await presence(p, 1, true);
  }
  assert.equal(await guest.textContent('[data-test=status]'), fill(en['status.waiting'], { seat: 'Ann' }));

  const spectator = await newPage(browser, { width: 390, height: 844 });
  await open(spectator, `${BASE}/game/${id}`);
  await textIs(spectator, '[data-test=name-1]', 'Bob');
  assert.equal(await spectator.textContent('[data-test=status]'), fill(en['status.watching'], { seat: 'Ann' }));
  await presence(spectator, 0, true);
  await presence(spectator, 1, true);

  // A page with a token the server does not know is told so on its socket, which stays open for
  // watching: the error is not taken for a view, and nobody is shown present for it.
  const impostor = await newPage(browser);
  const refused = new Promise((resolve) => impostor.on('websocket', (ws) => ws.on('framereceived', (f) => {
    if (String(f.payload).startsWith('{"error"')) resolve();
  })));
  await open(impostor, `${BASE}/game/${id}#seat=0&token=AAAAAAAAAAAAAAAAAAAAAA`);
  await impostor.waitForFunction(() => document.title !== 'Trigonal');
  // The server answers the unknown token (the test's time limit bounds the wait).
  await refused;

  // The tab title is marked for the player to move only, and follows the turn.
  const title = 'Triangoli — Trigonal';
  await titleIs(host, MARK + title);
  await titleIs(guest, title);
  await titleIs(spectator, title);
  await myTurnOrOver(host);
  await playMove(host, rng(5));
  await titleIs(guest, MARK + title);
  await titleIs(host, title);
  await movesAre(impostor, 1);
  await done(impostor);

  // Chat: the guest writes markup; everyone sees it as text, with the sender's name.
  assert.equal(await spectator.isVisible('[data-test=chat-input]'), false, 'spectators only read');
  await textIs(spectator, '[data-test=chat-note]', en['chat.spectator']);
  await guest.fill('[data-test=chat-input]', '<b>x</b>');
  await guest.press('[data-test=chat-input]', 'Enter');
  for (const p of [host, guest, spectator]) {
    await textIs(p, '[data-test=chat-log] li:last-child [data-test=chat-text]', '<b>x</b>');
    assert.equal(await p.textContent('[data-test=chat-log] li:last-child .chat-who'), 'Bob');
    assert.equal(await p.$$eval('[data-test=chat-log] b', (els) => els.length), 0, 'no markup made');
  }
  assert.equal(await guest.inputValue('[data-test=chat-input]'), '', 'the line is cleared once sent');
  await host.fill('[data-test=chat-input]', 'gg');
  await host.click('[data-test=chat-send]');
  await textIs(guest, '[data-test=chat-log] li:last-child [data-test=chat-text]', 'gg');
  assert.equal(await guest.textContent('[data-test=chat-log] li:last-child .chat-who'), 'Ann');

  // The creator turns the chat off: nobody writes; then on again.
  assert.equal(await guest.isVisible('[data-test=chat-toggle]'), false, 'only the creator switches it');
  await host.click('[data-test=chat-toggle]');
  await textIs(guest, '[data-test=chat-note]', en['chat.off']);
  assert.equal(await guest.isVisible('[data-test=chat-input]'), false);
  await host.click('[data-test=chat-toggle]');
  await guest.waitForSelector('[data-test=chat-input]', { state: 'visible' });

  await screenshot(host, 'people-host');
  await screenshot(spectator, 'people-spectator');

  // The guest leaves: the others see Bob away.
  await guest.context().close();
  await presence(host, 1, false);
  await presence(spectator, 1, false);
  await presence(host, 0, true);
  await done(host, spectator);
});

test('take-backs by consent, a draw by agreement, a rematch with colours swapped, resigning', { skip: SKIP, timeout: 180000 }, async () => {
  const random = rng(11);
  const host = await newPage(browser);
  const id = await create(host, 'triangoli', { seats: [{ kind: 'me', name: 'Ann' }, { kind: 'invite', name: 'Bob' }] });
  const guest = await newPage(browser);
  await open(guest, await inviteLink(host, 1));
  const spectator = await newPage(browser);
  await open(spectator, `${BASE}/game/${id}`);
  await textIs(guest, '[data-test=name-1]', 'Bob');

  // Nobody has moved: nobody can ask for a take-back; spectators never.
  assert.equal(await host.$('[data-test=undo]'), null);
  assert.equal(await guest.$('[data-test=undo]'), null);
  await playMove(host, random);
  await movesAre(guest, 1);
  assert.equal(await guest.$('[data-test=undo]'), null, 'Bob has not moved');
  await playMove(guest, random);
  await movesAre(host, 2);
  assert.equal(await spectator.$('[data-test=undo]'), null);

  // Taking back only one's own move happens at once.
  assert.equal(await guest.textContent('[data-test=undo]'), en['tools.undo']);
  await guest.click('[data-test=undo]');
  await toastIs(guest, en['undo.done']);
  await movesAre(guest, 1);
  await movesAre(host, 1);
  assert.equal(await myTurnOrOver(guest), 'turn');
  const second = await playMove(guest, random);
  await movesAre(host, 2);

  // Taking back a move of Bob's is a request: shown to all, answered by Bob only.
  assert.equal(await host.textContent('[data-test=undo]'), en['tools.undo.ask']);
  await host.click('[data-test=undo]');
  await toastIs(host, en['takeback.asked']);
  const request = fill(en['takeback.request'].other, { seat: 'Ann', n: 2 });
  for (const p of [host, guest, spectator]) {
    await p.waitForFunction((t) => document.querySelector('[data-test=takeback]')?.textContent.includes(t), request);
  }
  assert.equal(await host.$('[data-test=takeback-accept]'), null, 'the asker does not answer');
  assert.ok(await host.$('[data-test=takeback-withdraw]'));
  assert.equal(await spectator.$('[data-test=takeback] button'), null, 'spectators only see it');
  assert.equal(await host.$('[data-test=undo]'), null, 'one request at a time');
  await screenshot(guest, 'takeback-guest');
  await guest.click('[data-test=takeback-decline]');
  for (const p of [host, guest, spectator]) await p.waitForSelector('[data-test=takeback]', { state: 'detached' });
  assert.deepEqual(await history(host), second, 'declined: nothing taken back');

  await host.click('[data-test=undo]');
  await guest.click('[data-test=takeback-accept]');
  for (const p of [host, guest, spectator]) await movesAre(p, 0);
  assert.equal((await view(id)).ply, 0);
  assert.equal(await myTurnOrOver(host), 'turn');
  await titleIs(host, MARK + 'Triangoli — Trigonal');

  // A draw offered by Ann, shown to all, accepted by Bob.
  await host.click('[data-test=draw]');
  await textIs(host, '[data-test=draw-offer] p', en['draw.yours']);
  await textIs(spectator, '[data-test=draw-offer] p', fill(en['draw.offered'], { seat: 'Ann' }));
  await textIs(guest, '[data-test=draw-offer] p', fill(en['draw.offered'], { seat: 'Ann' }));
  assert.equal(await spectator.$('[data-test=draw-accept]'), null);
  await guest.click('[data-test=draw-accept]');
  for (const p of [host, guest, spectator]) {
    await textIs(p, '[data-test=reason]', en['result.why.agreed']);
    assert.equal(await p.textContent('.result h2'), fill(en['result.draw.why'], { why: en['result.why.agreed'] }));
  }
  assert.deepEqual((await view(id)).outcome.reason, 'agreement');
  assert.equal(await host.$('[data-test=resign]'), null, 'over: nothing to resign');
  await screenshot(host, 'draw-host');

  // Rematch: Ann starts it and lands in the new game as seat 2; Bob sees it live and joins with
  // one click as seat 1: colours swapped, names kept.
  assert.equal(await host.getAttribute('[data-test=rematch]', 'data-rematch'), 'start');
  await host.click('[data-test=rematch]');
  await host.waitForURL(/\/game\/[^/?#]+\?seat=1$/);
  const next = gameId(host);
  assert.notEqual(next, id);
  await guest.waitForSelector('[data-test=rematch][data-rematch=join]');
  await textIs(guest, '[data-test=rematch-note]', en['result.rematch.offered']);
  await spectator.waitForSelector('[data-test=rematch][data-rematch=watch]');
  await guest.click('[data-test=rematch]');
  await guest.waitForURL(`${BASE}/game/${next}?seat=0`);
  await guest.waitForSelector('svg.board .item');
  for (const p of [host, guest]) {
    await textIs(p, '[data-test=name-0]', 'Bob');
    await textIs(p, '[data-test=name-1]', 'Ann');
  }
  await textIs(host, '.player[data-seat="1"] .who:not(.seat-name)', en['who.you']);
  await textIs(guest, '.player[data-seat="0"] .who:not(.seat-name)', en['who.you']);
  const nv = await view(next);
  assert.equal(nv.rematch_of, id);
  assert.deepEqual(nv.seats.map((s) => [s.kind, s.taken, s.name]), [['human', true, 'Bob'], ['human', true, 'Ann']]);
  assert.equal(await myTurnOrOver(guest), 'turn', 'Bob moves first now');
  await presence(host, 0, true);

  // Ann resigns (after confirming): Bob wins by resignation.
  await host.click('[data-test=resign]');
  await host.waitForSelector('[data-test=resign-confirm]');
  await host.click('[data-test=resign-no]');
  await host.waitForSelector('[data-test=resign-confirm]', { state: 'detached' });
  assert.equal((await view(next)).outcome, null, 'cancelled: nothing happened');
  await host.click('[data-test=resign]');
  await host.click('[data-test=resign-yes]');
  // One line: who won, by name, and why.
  for (const p of [host, guest]) await textIs(p, '[data-test=reason]', fill(en['result.why.resigned'], { seats: 'Ann' }));
  assert.match(await host.textContent('.result h2'), new RegExp(`^${fill(en['result.wins.why'], { seat: 'Bob', why: fill(en['result.why.resigned'], { seats: 'Ann' }) })}`));
  assert.match(await host.textContent('.result h2'), new RegExp(en['result.you-lose']));
  assert.match(await guest.textContent('.result h2'), new RegExp(en['result.you-win']));
  const over = await view(next);
  assert.deepEqual([over.outcome.winners, over.outcome.reason], [[0], 'resignation']);
  await titleIs(guest, 'Triangoli — Trigonal');
  await screenshot(guest, 'resign-guest');

  // Between people the result box offers the rematch, not a game against the computer.
  assert.equal(await guest.locator('[data-test=vs-computer]').count(), 0);
  assert.equal(await guest.locator('[data-test=rematch]').count(), 1);
  await done(host, guest, spectator);
});

test('three players, two of them people: one resigns and the computer plays on', { skip: SKIP, timeout: 120000 }, async () => {
  const random = rng(23);
  const host = await newPage(browser);
  const id = await create(host, 'four-triangles', {
    players: 3,
    seats: [{ kind: 'me', name: 'Ann' }, { kind: 'invite', name: 'Cleo' }, { kind: 'ai', level: 'random' }],
  });
  const guest = await newPage(browser, { width: 390, height: 844 });
  await open(guest, await inviteLink(host, 1));
  assert.equal(await host.$('[data-test=draw]'), null, 'no draw offers with three');
  await playMove(host, random);
  assert.equal(await myTurnOrOver(guest), 'turn');
  await titleIs(guest, MARK + 'Four Triangles — Trigonal');

  await guest.click('[data-test=resign]');
  await textIs(guest, '[data-test=resign-confirm] p', fill(en['resign.confirm'], { seat: 'Cleo' }));
  await guest.click('[data-test=resign-yes]');
  // The game goes on: the computer plays Cleo's seat (easy), then its own, then it is Ann's turn.
  assert.equal(await myTurnOrOver(host), 'turn');
  const v = await view(id);
  assert.equal(v.outcome, null);
  assert.deepEqual([v.seats[1].kind, v.seats[1].level, v.seats[1].resigned], ['ai', 'easy', true]);
  assert.deepEqual(v.movers.slice(0, 3), [0, 1, 2], 'the computer moved for the resigned seat');
  for (const p of [host, guest]) {
    await p.waitForSelector('.player[data-seat="1"] .resign-tag');
    await textIs(p, '.player[data-seat="1"] .who:not(.seat-name)', en['who.resigned']);
    assert.equal(await p.$('.result:not([hidden])'), null, 'no result yet');
  }
  // Cleo is no longer offered moves or tools of a player, and the title is not marked for her.
  assert.equal(await guest.$('[data-test=resign]'), null);
  assert.equal(await guest.$('svg.board.interactive'), null);
  await titleIs(guest, 'Four Triangles — Trigonal');
  await titleIs(host, MARK + 'Four Triangles — Trigonal');
  await screenshot(guest, 'resign-3p-guest');
  await done(host, guest);
});

test('turn alerts: a beep and, while the tab is hidden, a notification', { skip: SKIP, timeout: 90000 }, async () => {
  const page = await newPage(browser);
  await page.context().addInitScript(() => {
    window.__beeps = 0;
    window.__notes = [];
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      window.__beeps += 1;
      return make.call(this);
    };
    class FakeNotification {
      constructor(title, options) {
        window.__notes.push({ title, body: options && options.body });
      }
      close() {}
      static requestPermission() {
        window.__asked = (window.__asked || 0) + 1;
        FakeNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
    }
    FakeNotification.permission = 'default';
    window.Notification = FakeNotification;
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.__hidden === true });
  });
  await create(page, 'triangular', { seats: [{ kind: 'me' }, { kind: 'ai', level: 'random' }] });
  // Off until turned on; permission asked only when notifications are turned on.
  assert.equal(await page.isChecked('[data-test=sound]'), false);
  assert.equal(await page.isChecked('[data-test=notify]'), false);
  assert.equal(await page.evaluate(() => window.__asked || 0), 0);
  await page.check('[data-test=sound]');
  await page.check('[data-test=notify]');
  assert.equal(await page.evaluate(() => window.__asked), 1);
  await page.waitForFunction(() => window.__beeps === 1, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('trigonal.setting.sound'))), true);

  await page.evaluate(() => {
    window.__hidden = true;
  });
  await myTurnOrOver(page);
  await playMove(page, rng(2));
  assert.equal(await myTurnOrOver(page), 'turn');
  await page.waitForFunction(() => window.__beeps === 2 && window.__notes.length === 1);
  assert.deepEqual(await page.evaluate(() => window.__notes[0]), {
    title: en['alerts.title'], body: fill(en['alerts.body'], { game: 'Triangular' }),
  });
  // Remembered across a reload; no beep for the position already on screen.
  await page.reload();
  await page.waitForSelector('svg.board .item');
  assert.equal(await page.isChecked('[data-test=sound]'), true);
  assert.equal(await page.evaluate(() => window.__beeps), 0);
  await done(page);
});
