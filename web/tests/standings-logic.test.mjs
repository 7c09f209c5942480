// The tournaments' pure part (web/assets/standings.js): the list's groups, the buttons worth
// showing, the tables of the round of the moment and the earlier ones, a table's score, and the
// start time the creation form sends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gamesFor, tableSizes, groups, actions, tablesShown, isBye, score, startsAt, points } from '../assets/standings.js';

const GAMES = [
  { id: 'triangoli', players: [2, 2], variants: [] },
  { id: 'triangle-game', players: [3, 3], variants: [] },
  { id: 'four-triangles', players: [2, 4], variants: ['full', 'simple'] },
];

test('a Swiss tournament is of games two may play, at tables of two', () => {
  assert.deepEqual(gamesFor(GAMES, 'swiss').map((g) => g.id), ['triangoli', 'four-triangles']);
  assert.deepEqual(gamesFor(GAMES, 'arena').map((g) => g.id), ['triangoli', 'triangle-game', 'four-triangles']);
  assert.deepEqual(tableSizes(GAMES[2], 'swiss'), [2]);
  assert.deepEqual(tableSizes(GAMES[2], 'arena'), [2, 3, 4]);
  assert.deepEqual(tableSizes(GAMES[1], 'arena'), [3]);
});

test('the list in three groups, each in its order', () => {
  const list = [
    { id: 'a', status: 'waiting', starts: '2030-01-01T12:00:00Z' },
    { id: 'b', status: 'waiting', starts: '2030-01-01T11:00:00Z' },
    { id: 'c', status: 'running', started: '2030-01-01T10:00:00Z' },
    { id: 'd', status: 'running', started: '2030-01-01T10:30:00Z' },
    { id: 'e', status: 'finished', ended: '2030-01-01T09:00:00Z' },
    { id: 'f', status: 'cancelled', starts: '2030-01-01T09:30:00Z', ended: null },
  ];
  const g = groups(list);
  assert.deepEqual(g.waiting.map((x) => x.id), ['b', 'a']);
  assert.deepEqual(g.running.map((x) => x.id), ['d', 'c']);
  assert.deepEqual(g.finished.map((x) => x.id), ['f', 'e']);
});

test('the buttons worth showing', () => {
  const base = { system: 'swiss', status: 'waiting', joined: false, mine: false, entrants: 1, capacity: 64 };
  assert.deepEqual(actions(base, false), { join: false, withdraw: false, start: false, computer: false });
  assert.deepEqual(actions(base, true), { join: true, withdraw: false, start: false, computer: false });
  assert.deepEqual(actions({ ...base, joined: true, mine: true }, true), { join: false, withdraw: true, start: true, computer: true });
  assert.equal(actions({ ...base, entrants: 64 }, true).join, false);
  // A Swiss tournament that started takes nobody; an arena does until it ends.
  assert.equal(actions({ ...base, status: 'running' }, true).join, false);
  assert.equal(actions({ ...base, system: 'arena', status: 'running' }, true).join, true);
  assert.deepEqual(actions({ ...base, status: 'finished', joined: true, mine: true }, true), { join: false, withdraw: false, start: false, computer: false });
});

test('the round of the moment, and the earlier ones latest first', () => {
  const tables = [
    { round: 1, table: 1, game: 'g1', players: ['ann', 'bob'], places: [1, 2] },
    { round: 1, table: 2, game: null, players: ['cid'], places: [1] },
    { round: 2, table: 2, game: null, players: ['bob'], places: [1] },
    { round: 2, table: 1, game: 'g2', players: ['cid', 'ann'], places: null },
  ];
  const s = tablesShown({ system: 'swiss', round: 2, tables });
  assert.deepEqual(s.current.map((x) => x.table), [1, 2]);
  assert.deepEqual(s.earlier.map((x) => [x.round, x.tables.length]), [[1, 2]]);
  const a = tablesShown({ system: 'arena', round: null, tables });
  assert.deepEqual(a.current.map((x) => x.game), ['g2']);
  assert.equal(a.earlier[0].tables.length, 3);
  assert.deepEqual(tablesShown({ system: 'swiss', round: 0, tables: [] }), { current: [], earlier: [] });
});

test('a table\'s score', () => {
  assert.equal(isBye({ game: null, players: ['cid'] }), true);
  assert.equal(score({ game: null, players: ['cid'], places: [1] }), null);
  assert.equal(score({ game: 'g', players: ['a', 'b'], places: null }), null);
  assert.equal(score({ game: 'g', players: ['a', 'b'], places: [1, 2] }), '1–0');
  assert.equal(score({ game: 'g', players: ['a', 'b'], places: [2, 1] }), '0–1');
  assert.equal(score({ game: 'g', players: ['a', 'b'], places: [1, 1] }), '½–½');
  assert.equal(score({ game: 'g', players: ['a', 'b', 'c'], places: [1, 2, 3] }), null);
});

test('the start time sent, and points as a language writes them', () => {
  const now = Date.parse('2030-01-01T12:00:00.250Z');
  assert.equal(startsAt(15, now), '2030-01-01T12:15:00Z');
  assert.equal(startsAt('at', now, ''), null);
  assert.equal(startsAt('at', now, 'soon'), null);
  const local = startsAt('at', now, '2030-01-02T18:30');
  assert.equal(Date.parse(local), new Date('2030-01-02T18:30').getTime());
  assert.match(local, /^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
  assert.equal(points(2.5, 'en'), '2.5');
  assert.equal(points(2.5, 'cs'), '2,5');
  assert.equal(points(3, 'de'), '3');
});
