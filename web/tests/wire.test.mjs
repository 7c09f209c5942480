// The WebSocket's change messages applied to a view (web/assets/wire.js), on plain data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { patch, withMoves } from '../assets/wire.js';

const item = (id, cls = 'triangle') => ({ id, class: cls });

function view() {
  return {
    version: 4,
    ply: 2,
    to_move: 0,
    history: ['a1', 'b2'],
    history_clicks: [['a1'], ['b2']],
    history_words: [[{ key: 'x.place', values: { at: 'a1' } }], []],
    movers: [0, 1],
    legal: ['c3'],
    clicks: [{ move: 'c3', clicks: ['c3'], steps: ['place'] }],
    seats: [{ seat: 0, present: true }, { seat: 1, present: false }],
    board: { view_box: [0, 0, 10, 10], items: ['a', 'b', 'c', 'd'].map((id) => item(id)), facts: [{ key: 'reserve', value: '3' }] },
    chat: { enabled: true, messages: [{ seat: 0, text: 'hi' }] },
  };
}

test('a move: appended with its mover, clicks and words, fields set, items spliced, legal moves gone', () => {
  const before = view();
  const after = patch(before, {
    type: 'change',
    base: 4,
    version: 5,
    moves: [{ move: 'c3', seat: 0, clicks: ['c3'], words: [{ key: 'x.place', values: { at: 'c3' } }] }],
    set: { ply: 3, to_move: 1 },
    board: { items: [[1, 1, [item('b', 'triangle p0')]], [4, 0, [item('e', 'last')]]], facts: [[0, 1, [{ key: 'reserve', value: '2' }]]] },
  });
  assert.equal(after.version, 5);
  assert.deepEqual(after.history, ['a1', 'b2', 'c3']);
  assert.deepEqual(after.history_clicks, [['a1'], ['b2'], ['c3']]);
  assert.deepEqual(after.history_words.map((w) => w[0]?.values.at), ['a1', undefined, 'c3']);
  assert.deepEqual(after.movers, [0, 1, 0]);
  assert.equal(after.ply, 3);
  assert.equal(after.to_move, 1);
  assert.deepEqual(after.board.items.map((i) => `${i.id}:${i.class}`), ['a:triangle', 'b:triangle p0', 'c:triangle', 'd:triangle', 'e:last']);
  assert.deepEqual(after.board.view_box, [0, 0, 10, 10]);
  assert.deepEqual(after.board.facts, [{ key: 'reserve', value: '2' }]);
  assert.deepEqual(after.legal, []);
  assert.deepEqual(after.clicks, []);
  // The view it came from is untouched.
  assert.deepEqual(before, view());
});

test('splices name indices of the list before them, removals and insertions alike', () => {
  const after = patch(view(), {
    base: 4,
    version: 5,
    board: { items: [[0, 1, []], [2, 1, [item('x'), item('y')]]] },
  });
  assert.deepEqual(after.board.items.map((i) => i.id), ['b', 'x', 'y', 'd']);
});

test('a patch sets an item\'s fields in place and null removes one', () => {
  const after = patch(view(), {
    base: 4,
    version: 5,
    board: { items: [[1, { class: 'triangle last', label: '2' }], [3, { id: null, class: 'gone' }], [4, 0, [item('e')]]] },
  });
  assert.deepEqual(after.board.items, [
    item('a'),
    { id: 'b', class: 'triangle last', label: '2' },
    item('c'),
    { class: 'gone' },
    item('e'),
  ]);
});

test('a change at the same version (someone arrived) keeps the legal moves; chat lines are added', () => {
  const after = patch(view(), {
    base: 4,
    version: 4,
    set: { seats: [{ seat: 0, present: true }, { seat: 1, present: true }] },
    chat: { enabled: true, added: [{ seat: 1, text: 'hello' }] },
  });
  assert.equal(after.seats[1].present, true);
  assert.deepEqual(after.legal, ['c3']);
  assert.deepEqual(after.chat.messages.map((m) => m.text), ['hi', 'hello']);
});

test('a new version that leaves the position as it was (a seat taken) keeps the legal moves; one that ends the game does not', () => {
  const seated = patch(view(), { base: 4, version: 5, set: { seats: [{ seat: 0, present: true }, { seat: 1, present: true, name: 'bot' }] } });
  assert.equal(seated.version, 5);
  assert.deepEqual(seated.legal, ['c3']);
  assert.deepEqual(seated.clicks.map((c) => c.move), ['c3']);
  const ended = patch(view(), { base: 4, version: 5, set: { outcome: { winners: [1] } } });
  assert.deepEqual(ended.legal, []);
  assert.deepEqual(ended.clicks, []);
  const turned = patch(view(), { base: 4, version: 5, set: { to_move: 1 } });
  assert.deepEqual(turned.legal, []);
});

test('a change for another version does not apply: the page asks for the whole view', () => {
  assert.equal(patch(view(), { base: 3, version: 4 }), null);
  assert.equal(patch(view(), { base: 5, version: 6 }), null);
  assert.equal(patch(null, { base: 4, version: 5 }), null);
});

test('the mover\'s legal moves are taken for the version they are of only', () => {
  const moves = { type: 'moves', version: 4, seat: 0, legal: ['d4'], clicks: [{ move: 'd4', clicks: ['d4'], steps: ['place'] }] };
  assert.deepEqual(withMoves(view(), moves).legal, ['d4']);
  assert.equal(withMoves(view(), { ...moves, version: 3 }), null);
});
