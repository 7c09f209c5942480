// The pure part of accounts and ratings: pools, how a rating reads, the chart's points, the
// seats a guest browser hands to a new account.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { poolsOf, poolFor, poolGame, ratedPools, ratingText, validName, chartPoints, heldPairs } from '../assets/ratings.js';

// As /api/meta lists them (the server's test checks that list).
const POOLS = [
  { id: 'triangoli', game: 'triangoli', players: null },
  { id: 'triangle-game', game: 'triangle-game', players: null },
  { id: 'triangular', game: 'triangular', players: null },
  { id: 'four-triangles-2', game: 'four-triangles', players: 2 },
  { id: 'four-triangles-3', game: 'four-triangles', players: 3 },
  { id: 'four-triangles-4', game: 'four-triangles', players: 4 },
];

test('pools per game, from the server\'s list', () => {
  assert.deepEqual(poolsOf(POOLS, 'triangoli'), ['triangoli']);
  assert.deepEqual(poolsOf(POOLS, 'four-triangles'), ['four-triangles-2', 'four-triangles-3', 'four-triangles-4']);
  assert.deepEqual(poolsOf(POOLS, 'triangle'), []);
  assert.deepEqual(poolGame(POOLS, 'four-triangles-3'), { game: 'four-triangles', players: 3 });
  assert.deepEqual(poolGame(POOLS, 'triangular'), { game: 'triangular', players: null });
  // A pool the list lacks (a newer server's) is its own game.
  assert.deepEqual(poolGame(POOLS, 'hexagons'), { game: 'hexagons', players: null });
  // The pool of a game being set up: per number of players where the game has one each.
  assert.equal(poolFor(POOLS, 'four-triangles', 3), 'four-triangles-3');
  assert.equal(poolFor(POOLS, 'triangle-game', 3), 'triangle-game');
  assert.equal(poolFor(POOLS, 'triangoli', 2), 'triangoli');
  assert.equal(poolFor(POOLS, 'hexagons', 2), null);
  // A profile's pools in the house order, unknown ones after.
  const r = { rating: 1500 };
  assert.deepEqual(ratedPools(POOLS, { 'four-triangles-3': r, hexagons: r, triangoli: r }), ['triangoli', 'four-triangles-3', 'hexagons']);
});

test('ratings are rounded, provisional ones marked', () => {
  assert.equal(ratingText(1662.51), '1663');
  assert.equal(ratingText(1337.4, true), '1337?');
});

test('account names as the server takes them', () => {
  assert.ok(validName('ann_2-x'));
  assert.ok(!validName('ab'));
  assert.ok(!validName('a'.repeat(21)));
  assert.ok(!validName('an n'));
  assert.ok(!validName('änn'));
});

test('chart points fill the box, higher ratings higher up', () => {
  assert.deepEqual(chartPoints([], 100, 50).points, []);
  const one = chartPoints([[1, 1500]], 100, 50, 5);
  assert.deepEqual(one.points, [[50, 25]]);
  const c = chartPoints([[1, 1500], [2, 1700], [3, 1600]], 100, 50, 5);
  assert.equal(c.min, 1500);
  assert.equal(c.max, 1700);
  assert.deepEqual(c.points, [[5, 45], [50, 5], [95, 25]]);
  // A flat history still has a scale of 50.
  const flat = chartPoints([[1, 1500], [2, 1500]], 100, 50, 0);
  assert.equal(flat.max - flat.min, 50);
  assert.deepEqual(flat.points.map((p) => p[1]), [25, 25]);
});

test('held seats: every token this browser plays, no invites, no repeats, capped', () => {
  const tokens = { a: { mine: { 0: 'ta', 1: 'tb' }, invites: { 2: 'ti' } }, b: { mine: {} }, c: { mine: { 1: 'tc' } } };
  const games = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'a' }];
  assert.deepEqual(heldPairs(games, (id) => tokens[id]), [{ id: 'a', token: 'ta' }, { id: 'a', token: 'tb' }, { id: 'c', token: 'tc' }]);
  assert.equal(heldPairs(games, (id) => tokens[id], 2).length, 2);
});
