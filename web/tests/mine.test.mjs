// This browser's games on the home page (web/assets/mine.js), on plain views: whose turn, whose
// time is shown, who the others are, and the order (its turn first, the most pressed first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mineEntry, orderMine, MINE_MAX } from '../assets/mine.js';

const seat = (i, more = {}) => ({ seat: i, kind: 'human', level: null, taken: true, name: null, resigned: false, out_of_time: false, ...more });

function view({ id = 'g', seats = [seat(0), seat(1)], to_move = 0, outcome = null, clock = null, remaining = null, running = null } = {}) {
  return {
    id, game: 'triangoli', name: 'Triangoli', players: seats.length, ply: 3, to_move: outcome ? null : to_move, outcome, seats,
    clock, remaining_ms: remaining, running, updated: '2026-01-01T00:00:00Z',
  };
}

test('at most the 20 most recent games are looked at', () => {
  assert.equal(MINE_MAX, 20);
});

test('a game where it is this browser’s turn: its seat to move, its time, the others', () => {
  const v = view({ to_move: 1, clock: { days: 3 }, remaining: [200000000, 259200000], running: 1 });
  const e = mineEntry(v, { 1: 'tok' }, '2026-01-02T00:00:00Z');
  assert.deepEqual(e, {
    id: 'g', game: 'triangoli', name: 'Triangoli', over: false, turn: true, seat: 1, clockSeat: 1, others: [0],
    remaining: 259200000, at: '2026-01-02T00:00:00Z',
  });
});

test('a game waiting for another: the time shown is this browser’s own (not running)', () => {
  const v = view({ to_move: 0, clock: { initial_ms: 180000, increment_ms: 2000 }, remaining: [100000, 150000], running: 0 });
  const e = mineEntry(v, { 1: 'tok' }, 'x');
  assert.equal(e.turn, false);
  assert.equal(e.seat, 1);
  assert.equal(e.clockSeat, 1);
  assert.equal(e.remaining, 150000);
});

test('no clock: no time; every seat here: nobody else; a seat out of time is not this browser’s to play', () => {
  const e = mineEntry(view(), { 0: 'a', 1: 'b' }, 'x');
  assert.equal(e.turn, true);
  assert.equal(e.clockSeat, null);
  assert.equal(e.remaining, null);
  assert.deepEqual(e.others, []);
  const gone = view({ seats: [seat(0, { kind: 'ai', out_of_time: true }), seat(1), seat(2)], to_move: 0 });
  const g = mineEntry(gone, { 0: 'a' }, 'x');
  assert.equal(g.turn, false, 'the computer plays it now');
  assert.equal(g.seat, 0, 'still opened as that seat');
  const over = mineEntry(view({ outcome: { winners: [0], reason: 'rules' } }), { 0: 'a' }, 'x');
  assert.equal(over.over, true);
  assert.equal(over.turn, false);
});

test('the order: its turn first (least time left first), then the others, then finished; newest first', () => {
  const e = (id, over, turn, remaining, at) => ({ id, over, turn, remaining, at });
  const list = [
    e('waiting-new', false, false, 1000, '2026-01-05'),
    e('over', true, false, null, '2026-01-06'),
    e('turn-untimed', false, true, null, '2026-01-04'),
    e('turn-3days', false, true, 3 * 86400000, '2026-01-03'),
    e('waiting-old', false, false, 5, '2026-01-01'),
    e('turn-2min', false, true, 120000, '2026-01-01'),
    e('turn-untimed-new', false, true, null, '2026-01-07'),
  ];
  assert.deepEqual(orderMine(list).map((x) => x.id),
    ['turn-2min', 'turn-3days', 'turn-untimed-new', 'turn-untimed', 'waiting-new', 'waiting-old', 'over']);
  assert.equal(list[0].id, 'waiting-new', 'the list given is left as it was');
});
