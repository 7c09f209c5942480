// Moves grouped into turns (web/assets/turns.js), on plain data: the move list's lines and
// what the status line says of the others' moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { turns, recentTurns, RECENT } from '../assets/turns.js';

test('a turn is a run of moves in a row by one seat', () => {
  // The Triangle Game: seat 0 places and slides twice, seat 1 places and ends, seat 2 places.
  const movers = [0, 0, 0, 1, 1, 2, 0];
  assert.deepEqual(turns(movers, 0, 7), [
    { seat: 0, plies: [0, 1, 2] },
    { seat: 1, plies: [3, 4] },
    { seat: 2, plies: [5] },
    { seat: 0, plies: [6] },
  ]);
  // From the middle of a turn, to before the end of one.
  assert.deepEqual(turns(movers, 1, 4), [{ seat: 0, plies: [1, 2] }, { seat: 1, plies: [3] }]);
  assert.deepEqual(turns(movers, 3, 3), []);
});

test('where the view does not say who moved, each move is a turn of its own', () => {
  assert.deepEqual(turns(undefined, 0, 3), [
    { seat: null, plies: [0] },
    { seat: null, plies: [1] },
    { seat: null, plies: [2] },
  ]);
  // A move beyond what `movers` covers.
  assert.deepEqual(turns([1], 0, 2), [{ seat: 1, plies: [0] }, { seat: null, plies: [1] }]);
});

test('the status line says the last eight moves at most, and whether earlier ones were left out', () => {
  assert.equal(RECENT, 8);
  // Seat 0 moved last at ply 2; seat 1 then played ten moves in one turn and seat 2 one.
  const movers = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2];
  assert.deepEqual(recentTurns(movers, 3, 14), {
    turns: [{ seat: 1, plies: [6, 7, 8, 9, 10, 11, 12] }, { seat: 2, plies: [13] }],
    cut: true,
  });
  // Exactly eight moves since: all of them, nothing left out.
  assert.deepEqual(recentTurns(movers, 6, 14), {
    turns: [{ seat: 1, plies: [6, 7, 8, 9, 10, 11, 12] }, { seat: 2, plies: [13] }],
    cut: false,
  });
  assert.deepEqual(recentTurns(movers, 13, 14), { turns: [{ seat: 2, plies: [13] }], cut: false });
  assert.deepEqual(recentTurns(movers, 14, 14), { turns: [], cut: false });
});
