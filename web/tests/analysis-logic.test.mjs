// The analysis board's pure logic (web/assets/analysis.js): mistake classes, the graph's
// geometry, the keys, the polling, and when a hint may be asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  THRESHOLDS, classify, moveMarks, graph, plyAt, GRAPH, stepKey, progress, percent, Poller, hintSeat,
} from '../assets/analysis.js';

test('the thresholds: 0.10 inaccuracy, 0.20 mistake, 0.35 blunder', () => {
  assert.deepEqual(THRESHOLDS.map((t) => [t.kind, t.drop]), [['blunder', 0.35], ['mistake', 0.2], ['inaccuracy', 0.1]]);
  assert.equal(classify(0), null);
  assert.equal(classify(-0.5), null);
  assert.equal(classify(0.0999), null);
  assert.equal(classify(0.1).kind, 'inaccuracy');
  assert.equal(classify(0.3 - 0.2).kind, 'inaccuracy'); // 0.09999999999999998
  assert.equal(classify(0.19).kind, 'inaccuracy');
  assert.equal(classify(0.2).kind, 'mistake');
  assert.equal(classify(0.349).kind, 'mistake');
  assert.equal(classify(0.35).kind, 'blunder');
  assert.equal(classify(1).sign, '??');
  assert.equal(classify(NaN), null);
  assert.equal(classify(undefined), null);
});

test('a move is marked by the drop of its own mover’s value', () => {
  const plies = [
    { ply: 0, value: [0.5, 0.5] },
    { ply: 1, value: [0.45, 0.55] }, // seat 0 lost 0.05: nothing
    { ply: 2, value: [0.7, 0.3] }, // seat 1 lost 0.25: a mistake
    { ply: 3, value: [0.7, 0.3] }, // seat 1 again (two moves in a row): nothing
    { ply: 4, value: [0.3, 0.7] }, // seat 0 lost 0.4: a blunder
  ];
  const marks = moveMarks(plies, [0, 1, 1, 0, 1]);
  assert.equal(marks.length, 5);
  assert.equal(marks[0].kind, null);
  assert.ok(Math.abs(marks[0].drop - 0.05) < 1e-9);
  assert.equal(marks[1].kind, 'mistake');
  assert.equal(marks[2].kind, null);
  assert.equal(marks[3].kind, 'blunder');
  assert.equal(marks[3].sign, '??');
  assert.equal(marks[4], null); // ply 5 not analysed yet
  // A gain is no mistake.
  assert.equal(moveMarks([{ ply: 0, value: [0.2, 0.8] }, { ply: 1, value: [0.9, 0.1] }], [0])[0].kind, null);
  assert.deepEqual(moveMarks(null, null), []);
  assert.deepEqual(moveMarks([], [0, 1]), [null, null]);
});

test('a proven win or draw thrown away is marked by what it lost, whatever the values say', () => {
  // Seat 0 moves at ply 0. Its solved win, then (after its move) a solved loss for seat 1 to
  // move, i.e. seat 1 wins: only 0.30 of value, but a win thrown away is a blunder.
  const exact = (seat, result) => ({ seat, result });
  const win = [{ ply: 0, value: [0.6, 0.4], exact: exact(0, 'win') }, { ply: 1, value: [0.3, 0.7], exact: exact(1, 'win') }];
  assert.deepEqual(moveMarks(win, [0])[0], { drop: 0.3, kind: 'blunder', sign: '??' });
  // A solved draw turned into a loss: a blunder too; a win into a draw: a mistake at least.
  const draw = [{ ply: 0, value: [0.5, 0.5], exact: exact(0, 'draw') }, { ply: 1, value: [0.45, 0.55], exact: exact(1, 'win') }];
  assert.equal(moveMarks(draw, [0])[0].kind, 'blunder');
  const halved = [{ ply: 0, value: [0.6, 0.4], exact: exact(0, 'win') }, { ply: 1, value: [0.55, 0.45], exact: exact(1, 'draw') }];
  assert.equal(moveMarks(halved, [0])[0].kind, 'mistake');
  // A bigger drop keeps its bigger mark; keeping the result marks nothing more.
  const kept = [{ ply: 0, value: [1, 0], exact: exact(0, 'win') }, { ply: 1, value: [1, 0], exact: exact(1, 'loss') }];
  assert.equal(moveMarks(kept, [0])[0].kind, null);
  const unsolved = [{ ply: 0, value: [0.6, 0.4] }, { ply: 1, value: [0.45, 0.55], exact: exact(1, 'win') }];
  assert.equal(moveMarks(unsolved, [0])[0].kind, 'inaccuracy', 'not proven before: the values decide');
});

test('the graph: one line per seat, a point per analysed ply, value 1 at the top', () => {
  const plies = [0, 1, 2, 3, 4].map((p) => ({ ply: p, value: [p / 4, 1 - p / 4, 0.5] }));
  const g = graph(plies, 3, 5);
  assert.equal(g.lines.length, 3);
  for (const line of g.lines) assert.equal(line.points.length, 5);
  const { width, height, pad } = GRAPH;
  assert.equal(g.x(0), pad);
  assert.equal(g.x(4), width - pad);
  assert.equal(g.y(1), pad);
  assert.equal(g.y(0), height - pad);
  assert.equal(g.y(2), pad); // clamped
  const [first, , , , last] = g.lines[0].points;
  assert.deepEqual(first, [pad, height - pad, 0]);
  assert.deepEqual(last, [width - pad, pad, 4]);
  assert.ok(g.lines[0].d.startsWith(`M${pad} ${height - pad} L`));
  assert.equal(g.lines[0].d.split('L').length, 5);
  // Filled in order: a partial analysis draws what is there, on the full width.
  const part = graph(plies.slice(0, 2), 2, 5);
  assert.equal(part.lines[0].points.length, 2);
  assert.equal(part.x(4), width - pad);
  // A game without moves.
  assert.equal(graph([{ ply: 0, value: [0.5, 0.5] }], 2, 1).lines[1].points[0][0], pad);
});

test('a click on the graph goes to the nearest ply', () => {
  const g = graph([], 2, 27);
  for (let p = 0; p < 27; p++) {
    assert.equal(plyAt(g.x(p), 27), p);
    assert.equal(plyAt(g.x(p) + 3, 27), p);
  }
  assert.equal(plyAt(-50, 27), 0);
  assert.equal(plyAt(GRAPH.width + 50, 27), 26);
  assert.equal(plyAt(300, 1), 0);
});

test('the keys step through the plies', () => {
  assert.equal(stepKey('ArrowLeft', 5, 10), 4);
  assert.equal(stepKey('ArrowRight', 5, 10), 6);
  assert.equal(stepKey('Home', 5, 10), 0);
  assert.equal(stepKey('End', 5, 10), 10);
  assert.equal(stepKey('ArrowLeft', 0, 10), null);
  assert.equal(stepKey('ArrowRight', 10, 10), null);
  assert.equal(stepKey('End', 10, 10), null);
  assert.equal(stepKey('a', 5, 10), null);
});

test('progress and percentages', () => {
  assert.deepEqual(progress({ done: false, progress: [3, 12], plies: [] }), { done: 3, total: 12, fraction: 0.25 });
  assert.equal(progress({ done: true, progress: [12, 12] }).fraction, 1);
  assert.equal(progress(null).fraction, 0);
  assert.equal(percent(0.623), 62);
  assert.equal(percent(1.2), 100);
});

/** A timer run by hand. */
function manualTimer() {
  const due = [];
  return {
    due,
    set: (f, ms) => { due.push({ f, ms }); return due.length; },
    clear: (h) => { due[h - 1].f = null; },
    async fire() {
      const next = due.find((d) => d.f);
      const f = next.f;
      next.f = null;
      f();
      await new Promise((r) => setImmediate(r));
    },
    pending: () => due.filter((d) => d.f).length,
  };
}

test('the poller asks again every interval until done, then stops', async () => {
  const timer = manualTimer();
  const answers = [
    { done: false, progress: [2, 5], plies: [] },
    { done: false, progress: [4, 5], plies: [] },
    { done: true, progress: [5, 5], plies: [] },
  ];
  let loads = 0;
  const seen = [];
  const p = new Poller({ load: async () => answers[loads++], onUpdate: (a) => seen.push(a.progress[0]), interval: 1000, timer });
  p.start(Promise.resolve({ done: false, progress: [0, 5], plies: [] }));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(seen, [0]);
  assert.equal(timer.pending(), 1);
  assert.equal(timer.due[0].ms, 1000);
  await timer.fire();
  await timer.fire();
  await timer.fire();
  assert.deepEqual(seen, [0, 2, 4, 5]);
  assert.equal(timer.pending(), 0);
  assert.equal(p.running, false);
});

test('the poller reports an error and stops; stop() cancels', async () => {
  const timer = manualTimer();
  const errors = [];
  const p = new Poller({ load: async () => { throw new Error('gone'); }, onUpdate: () => {}, onError: (e) => errors.push(e.message), timer });
  p.start(Promise.resolve({ done: false, progress: [0, 3] }));
  await new Promise((r) => setImmediate(r));
  await timer.fire();
  assert.deepEqual(errors, ['gone']);
  assert.equal(timer.pending(), 0);
  const seen = [];
  const q = new Poller({ load: async () => ({ done: false }), onUpdate: (a) => seen.push(a), timer });
  q.start(Promise.resolve({ done: false }));
  await new Promise((r) => setImmediate(r));
  q.stop();
  assert.equal(timer.pending(), 0);
  // An answer arriving after stop() is dropped.
  let resolve;
  q.start(new Promise((r) => { resolve = r; }));
  q.stop();
  resolve({ done: true });
  await new Promise((r) => setImmediate(r));
  assert.equal(seen.length, 1);
});

test('a hint only against the computer, for this browser’s seat to move', () => {
  const seats = (kinds) => kinds.map((kind, seat) => ({ seat, kind }));
  const v = { outcome: null, to_move: 0, seats: seats(['human', 'ai']) };
  assert.equal(hintSeat(v, { 0: 'tok' }), 0);
  assert.equal(hintSeat({ ...v, to_move: 1 }, { 0: 'tok' }), null);
  assert.equal(hintSeat(v, {}), null); // a spectator
  assert.equal(hintSeat({ ...v, outcome: { winners: [1] } }, { 0: 'tok' }), null);
  assert.equal(hintSeat({ ...v, seats: seats(['human', 'human']) }, { 0: 'a', 1: 'b' }), null);
  assert.equal(hintSeat({ ...v, seats: seats(['human', 'open']) }, { 0: 'a' }), null);
  assert.equal(hintSeat({ ...v, to_move: 2, seats: seats(['ai', 'ai', 'human']) }, { 2: 'a' }), 2);
  assert.equal(hintSeat(null, {}), null);
});
