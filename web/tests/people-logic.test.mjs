// Who is who and what this browser may do about the others (web/assets/people.js), on plain views
// shaped as docs/api.md gives them (no browser, no server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  seatLabel, cleanName, cleanChat, heldSeats, myTurn, becameMyTurn, pageTitle, actingSeat, undoSeat, undoAsks,
  takebackState, drawState, resignSeat, rematchAction, chatState, presenceTokens, reasonKey,
  socketError, takes, TURN_MARK,
} from '../assets/people.js';

const human = (seat, more = {}) => ({ seat, kind: 'human', level: null, taken: true, name: null, present: false, resigned: false, ...more });
const ai = (seat, more = {}) => ({ seat, kind: 'ai', level: 'easy', taken: true, name: null, present: false, resigned: false, ...more });

/** A view with the fields people.js reads; `over` ends it. */
function view({ game = 'triangoli', seats = [human(0), human(1)], ply = 0, to_move = 0, movers = [], over = null, ...rest } = {}) {
  return {
    id: 'g1', game, name: game, players: seats.length, ply, to_move: over ? null : to_move,
    history: movers.map((_, i) => `m${i}`), movers, outcome: over, seats, undo: movers.length > 0,
    takeback: null, draw_offer: null, rematch: null, rematch_of: null, creator: 0,
    chat: { enabled: true, messages: [] }, updated: '2024-05-01T10:00:00.000Z', ...rest,
  };
}

test('a seat is called by its player’s name, else by its own name', () => {
  const v = view({ game: 'triangular', seats: [human(0, { name: 'Ann' }), human(1)] });
  assert.equal(seatLabel(v, 0), 'Ann');
  assert.equal(seatLabel(v, 1), 'Black');
  assert.equal(seatLabel(view({ game: 'four-triangles' }), 1), 'Player 2');
  // A name is text, whatever it looks like.
  assert.equal(seatLabel(view({ seats: [human(0, { name: '<b>x</b>' }), human(1)] }), 0), '<b>x</b>');
});

test('names: trimmed, 1–24 characters, no control or format characters; empty is none', () => {
  assert.deepEqual(cleanName('  Ann  '), { ok: true, name: 'Ann' });
  assert.deepEqual(cleanName(''), { ok: true, name: null });
  assert.deepEqual(cleanName('   '), { ok: true, name: null });
  assert.deepEqual(cleanName(undefined), { ok: true, name: null });
  assert.equal(cleanName('x'.repeat(24)).ok, true);
  assert.equal(cleanName('x'.repeat(25)).ok, false);
  // Characters, not UTF-16 units: 24 emoji are a name.
  assert.equal(cleanName('😀'.repeat(24)).ok, true);
  assert.equal(cleanName('a\u0007b').ok, false);
  assert.equal(cleanName('a\u200eb').ok, false, 'a format character');
  assert.equal(cleanName('a\nb').ok, false);
});

test('chat text: trimmed, 1–200 characters, no control characters', () => {
  assert.equal(cleanChat('  gg '), 'gg');
  assert.equal(cleanChat('   '), null);
  assert.equal(cleanChat('x'.repeat(200)), 'x'.repeat(200));
  assert.equal(cleanChat('x'.repeat(201)), null);
  assert.equal(cleanChat('a\nb'), null);
  assert.equal(cleanChat('<b>x</b>'), '<b>x</b>');
});

test('the seats this browser acts for leave out resigned ones', () => {
  const v = view({ seats: [human(0), ai(1, { resigned: true }), ai(2)], to_move: 1 });
  assert.deepEqual(heldSeats(v, { 0: 'a', 1: 'b' }), [0]);
  assert.equal(myTurn(v, { 0: 'a', 1: 'b' }), false, 'the computer plays a resigned seat');
  assert.deepEqual(presenceTokens(v, { 0: 'a', 1: 'b' }), ['a']);
  assert.deepEqual(presenceTokens(view(), { 0: 'a', 1: 'b' }), ['a', 'b'], 'one message per token');
  assert.deepEqual(presenceTokens(view(), {}), []);
});

test('a seat whose time ran out is the computer’s too', () => {
  const v = view({ seats: [human(0), ai(1, { out_of_time: true }), ai(2)], to_move: 1 });
  assert.deepEqual(heldSeats(v, { 0: 'a', 1: 'b' }), [0]);
  assert.equal(myTurn(v, { 0: 'a', 1: 'b' }), false);
});

test('whose turn: the title mark, and the moment the turn comes', () => {
  const mine = { 1: 'tok' };
  const before = view({ to_move: 0 });
  const now = view({ to_move: 1, ply: 1, movers: [0] });
  assert.equal(myTurn(before, mine), false);
  assert.equal(myTurn(now, mine), true);
  assert.equal(myTurn(view({ to_move: 1, over: { winners: [0], scores: null, reason: 'rules' } }), mine), false);
  assert.equal(becameMyTurn(before, now, mine), true);
  assert.equal(becameMyTurn(null, now, mine), false, 'not on the first view');
  assert.equal(becameMyTurn(now, { ...now, ply: 2, movers: [0, 1] }, mine), false, 'still my turn (several actions)');
  assert.equal(becameMyTurn(now, { ...now, ply: 3, movers: [0, 1, 0] }, mine), true, 'the others moved meanwhile');
  assert.equal(pageTitle('Triangoli — Trigonal', true), '(●) Triangoli — Trigonal');
  assert.equal(pageTitle('Triangoli — Trigonal', false), 'Triangoli — Trigonal');
  assert.equal(TURN_MARK, '(●) ');
});

test('the seat to act as: the one to move, else the one in the address, else the first', () => {
  const v = view({ seats: [human(0), human(1), human(2)], to_move: 2 });
  assert.equal(actingSeat(v, { 0: 'a', 2: 'c' }), 2);
  assert.equal(actingSeat(v, { 0: 'a', 1: 'b' }, 1), 1);
  assert.equal(actingSeat(v, { 0: 'a', 1: 'b' }), 0);
  assert.equal(actingSeat(v, {}), null);
  assert.equal(resignSeat(v, { 1: 'b' }), 1);
  assert.equal(resignSeat(view({ over: { winners: [0], scores: null, reason: 'rules' } }), { 1: 'b' }), null);
});

test('a take-back is asked for the seat that moved last; not by one that has not moved', () => {
  const v = view({ ply: 3, to_move: 1, movers: [0, 1, 0] });
  assert.equal(undoSeat(v, { 1: 'b' }), 1);
  assert.equal(undoSeat(v, { 0: 'a', 1: 'b' }), 0);
  assert.equal(undoSeat(view({ ply: 1, to_move: 1, movers: [0] }), { 1: 'b' }), null, 'seat 1 has not moved');
  assert.equal(undoSeat({ ...v, undo: false }, { 1: 'b' }), null, 'the view says no (a request is pending)');
  assert.equal(undoSeat(v, {}), null, 'a spectator cannot ask');
});

test('a take-back that would remove another person’s move is a request', () => {
  const people = view({ ply: 3, to_move: 1, movers: [0, 1, 0] });
  assert.equal(undoAsks(people, 0), false, 'only my own last move');
  assert.equal(undoAsks(people, 1), true, 'it removes seat 0’s move after mine');
  const computer = view({ seats: [human(0), ai(1)], ply: 4, to_move: 0, movers: [0, 1, 0, 1] });
  assert.equal(undoAsks(computer, 0), false, 'the computer’s moves go without asking');
  const turns = view({ game: 'triangle-game', seats: [human(0), human(1), ai(2)], ply: 6, to_move: 0, movers: [0, 0, 0, 1, 2, 2] });
  assert.equal(undoAsks(turns, 1), false, 'a whole turn of mine, then the computer');
  assert.equal(undoAsks(turns, 0), true);
  assert.equal(undoAsks(turns, 2), false, 'nothing after its own turn');
  assert.equal(undoAsks(view(), 0), false, 'nothing to take back');
});

test('a pending take-back: who answers, who may withdraw', () => {
  const v = view({ seats: [human(0), human(1), human(2)], ply: 5, takeback: { by: 0, from: 2, waiting: [1, 2], accepted: [2] } });
  const seen = takebackState(v, { 1: 'b' });
  assert.deepEqual(seen, { by: 0, moves: 3, pending: [1], answer: [1], withdraw: false });
  assert.deepEqual(takebackState(v, { 0: 'a' }).answer, []);
  assert.equal(takebackState(v, { 0: 'a' }).withdraw, true);
  assert.deepEqual(takebackState(v, { 2: 'c' }).answer, [], 'seat 2 has accepted already');
  assert.deepEqual(takebackState(v, {}).pending, [1], 'spectators see it too');
  assert.equal(takebackState(view(), { 0: 'a' }), null);
});

test('draws between two people: offer, accept or decline, withdraw', () => {
  const v = view({ to_move: 0 });
  assert.deepEqual(drawState(v, { 0: 'a' }), { by: null, offer: 0, accept: null, withdraw: null });
  const offered = { ...v, draw_offer: 0 };
  assert.deepEqual(drawState(offered, { 1: 'b' }), { by: 0, offer: null, accept: 1, withdraw: null });
  assert.deepEqual(drawState(offered, { 0: 'a' }), { by: 0, offer: null, accept: null, withdraw: 0 });
  assert.deepEqual(drawState(offered, {}), { by: 0, offer: null, accept: null, withdraw: null });
  assert.deepEqual(drawState(offered, { 0: 'a', 1: 'b' }).accept, 1, 'both seats on one screen');
  assert.equal(drawState(view({ seats: [human(0), ai(1)] }), { 0: 'a' }), null, 'not against the computer');
  assert.equal(drawState(view({ seats: [human(0), human(1, { taken: false })] }), { 0: 'a' }), null, 'nobody there yet');
  assert.equal(drawState(view({ seats: [human(0), human(1), human(2)] }), { 0: 'a' }), null, 'not with three');
  assert.equal(drawState(view({ over: { winners: [], scores: null, reason: 'agreement' } }), { 0: 'a' }), null);
});

test('the rematch: start, join, go, watch', () => {
  const over = view({ over: { winners: [1], scores: null, reason: 'resignation' } });
  assert.equal(rematchAction(view(), { 0: 'a' }), null, 'not before the end');
  assert.equal(rematchAction(over, { 0: 'a' }), 'start');
  assert.equal(rematchAction({ ...over, rematch: 'g2' }, { 0: 'a' }), 'join');
  assert.equal(rematchAction({ ...over, rematch: 'g2' }, { 0: 'a' }, 1), 'go');
  assert.equal(rematchAction({ ...over, rematch: 'g2' }, {}), 'watch');
  assert.equal(rematchAction(over, {}), null);
});

test('chat: who writes, who reads, who switches it', () => {
  const v = view({ chat: { enabled: true, messages: [{ seat: 1, text: 'hi', at: '2024-05-01T10:00:00Z' }] }, creator: 0 });
  assert.deepEqual(chatState(v, { 0: 'a' }), { enabled: true, messages: v.chat.messages, writer: 0, player: true, toggle: true });
  assert.deepEqual(chatState(v, { 1: 'b' }, 1), { enabled: true, messages: v.chat.messages, writer: 1, player: true, toggle: false });
  assert.equal(chatState(v, {}).writer, null, 'spectators read');
  assert.equal(chatState(v, {}).player, false);
  assert.equal(chatState({ ...v, chat: { enabled: false, messages: [] } }, { 0: 'a' }).writer, null, 'off');
  assert.equal(chatState({ ...v, creator: null }, { 0: 'a' }).toggle, false);
});

test('how a game ended, in words for resignation and agreement only', () => {
  assert.equal(reasonKey({ winners: [1], scores: null, reason: 'resignation' }), 'result.reason.resignation');
  assert.equal(reasonKey({ winners: [], scores: null, reason: 'agreement' }), 'result.reason.agreement');
  assert.equal(reasonKey({ winners: [0], scores: null, reason: 'time' }), 'result.reason.time');
  assert.equal(reasonKey({ winners: [0], scores: null, reason: 'rules' }), null);
  assert.equal(reasonKey({ winners: [0], scores: null }), null);
  assert.equal(reasonKey(null), null);
});

test('socket messages: an error is not a view', () => {
  assert.equal(socketError({ error: 'wrong token' }), true);
  assert.equal(socketError(view()), false);
  assert.equal(socketError(null), false);
});

test('one rule takes views from the socket and from answers: the newest version', () => {
  const shown = view({ ply: 4, version: 9 });
  assert.equal(takes(shown, view({ ply: 5, version: 10 }), 'http'), true, 'my move, answered first');
  assert.equal(takes(shown, view({ ply: 4, version: 9 }), 'http'), false, 'the socket brought it already');
  assert.equal(takes(shown, view({ ply: 4, version: 8 }), 'http'), false, 'an answer overtaken');
  assert.equal(takes(shown, view({ ply: 4, version: 8 }), 'ws'), false);
  assert.equal(takes(shown, view({ ply: 4, version: 9 }), 'ws'), true, 'who is present, same version');
  assert.equal(takes(shown, view({ ply: 2, version: 10 }), 'http'), true, 'a take-back');
  assert.equal(takes(null, shown, 'http'), true);
});
