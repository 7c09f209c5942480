// The click-prefix logic on plain data (no browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matching, extensions, step, remaining, chosen, buttons, conflicts } from '../assets/clicks.js';

// A Triangoli-like position: pawn to a point, a triangle, then exchanges (an id may repeat).
const clicks = [
  { move: 'd3/12', clicks: ['d3', 't12'] },
  { move: 'd3/10/10,17', clicks: ['d3', 't10', 't10', 't17'] },
  { move: 'd3/11/10,10', clicks: ['d3', 't11', 't10', 't10'] },
  { move: 'd3/11/10,17', clicks: ['d3', 't11', 't10', 't17'] },
  { move: 'b2/1', clicks: ['b2', 't1'] },
  { move: 'pass-like', clicks: ['end'] },
];

test('extensions of the empty prefix are the first clicks, once each', () => {
  assert.deepEqual([...extensions(clicks, [])], ['d3', 'b2', 'end']);
});

test('a prefix narrows the moves and offers the next ids', () => {
  assert.equal(matching(clicks, ['d3']).length, 4);
  assert.deepEqual([...extensions(clicks, ['d3'])], ['t12', 't10', 't11']);
  assert.deepEqual([...extensions(clicks, ['d3', 't11'])], ['t10']);
  assert.deepEqual([...extensions(clicks, ['d3', 't11', 't10'])], ['t10', 't17']);
});

test('a click that extends the prefix extends it; a whole sequence completes a move', () => {
  assert.deepEqual(step(clicks, [], 'd3'), { kind: 'extend', prefix: ['d3'] });
  assert.deepEqual(step(clicks, ['d3'], 't12'), { kind: 'complete', move: 'd3/12', prefix: ['d3', 't12'] });
  assert.deepEqual(step(clicks, ['d3', 't11', 't10'], 't10'), {
    kind: 'complete',
    move: 'd3/11/10,10',
    prefix: ['d3', 't11', 't10', 't10'],
  });
  assert.deepEqual(step(clicks, [], 'end'), { kind: 'complete', move: 'pass-like', prefix: ['end'] });
});

test('a click on anything else is refused and leaves the prefix alone', () => {
  assert.deepEqual(step(clicks, [], 't12'), { kind: 'refused' });
  assert.deepEqual(step(clicks, ['d3'], 'b2'), { kind: 'refused' });
  assert.deepEqual(step(clicks, ['d3', 't10'], 't17'), { kind: 'refused' });
  assert.deepEqual(step([], [], 'd3'), { kind: 'refused' });
});

test('remaining counts the clicks still needed', () => {
  assert.deepEqual(remaining(clicks, ['d3']), { min: 1, max: 3 });
  assert.deepEqual(remaining(clicks, ['d3', 't11']), { min: 2, max: 2 });
  assert.equal(remaining(clicks, ['zz']), null);
});

test('chosen counts repeated ids', () => {
  assert.deepEqual([...chosen(['d3', 't10', 't10'])], [['d3', 1], ['t10', 2]]);
});

test('buttons are the extending ids that no scene item carries', () => {
  const items = new Set(['d3', 'b2', 't1', 't10', 't11', 't12', 't17']);
  assert.deepEqual(buttons(clicks, [], items), ['end']);
  assert.deepEqual(buttons(clicks, ['d3'], items), []);
});

test('conflicts finds a sequence that is a prefix of another, or two equal ones', () => {
  assert.deepEqual(conflicts(clicks), []);
  assert.deepEqual(conflicts([{ move: 'a', clicks: ['x'] }, { move: 'b', clicks: ['x', 'y'] }]), [['a', 'b']]);
  assert.deepEqual(conflicts([{ move: 'a', clicks: ['x'] }, { move: 'b', clicks: ['x'] }]), [['a', 'b']]);
});
