// The pure logic of lessons and puzzles (web/assets/learn-logic.js, puzzle-logic.js, and
// analysis.js's moves to train on): progress merged between this browser and the account and
// counted; a lesson step's states as the learner misses (the hint after one miss, "show me"
// after two), goes on and passes, and where passing leads; a lesson's words found by id; an
// attempt's line growing with the replies; goals, explanations and rating changes as said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  doneKey, mergeDone, withDone, counts, isDone, stepStart, sent, judged, refused, again, showing,
  hintShown, showOffered, playable, afterPass, lessonWords, idTitle, safeId,
} from '../assets/learn-logic.js';
import {
  attemptStart, attemptMoves, attempted, canMove, goalKey, marginParts, explainWords, signed, clicksOf, solverSeat,
} from '../assets/puzzle-logic.js';
import { trainable } from '../assets/analysis.js';

const e = (game, lesson, at) => ({ game, lesson, at });

test('progress: the browser’s and the account’s lessons merged, those the account lacks to send', () => {
  const local = [e('toy', 'taking', '2026-01-02T00:00:00Z'), e('toy', 'winning', '2026-01-03T00:00:00Z')];
  const account = [e('toy', 'taking', '2026-01-01T00:00:00Z'), e('triangoli', 'setup', '2026-01-05T00:00:00Z')];
  const { done, send } = mergeDone(local, account);
  assert.deepEqual(send.map(doneKey), ['toy/winning']);
  assert.deepEqual(done.map(doneKey).sort(), ['toy/taking', 'toy/winning', 'triangoli/setup']);
  // A lesson finished in both keeps its first time.
  assert.equal(done.find((x) => x.lesson === 'taking').at, '2026-01-01T00:00:00Z');
  // Nothing on either side, or junk in the browser's store.
  assert.deepEqual(mergeDone([], []), { done: [], send: [] });
  assert.deepEqual(mergeDone(null, undefined), { done: [], send: [] });
  assert.deepEqual(mergeDone([null, { game: 1 }, e('toy', 'taking', null)], []).send.map(doneKey), ['toy/taking']);
  // Everything already in the account: nothing to send.
  assert.deepEqual(mergeDone(account, account).send, []);
});

test('progress: a lesson finished again keeps its first time; counts per game and in all', () => {
  let done = withDone([], 'toy', 'taking', '2026-01-01T00:00:00Z');
  done = withDone(done, 'toy', 'taking', '2026-02-01T00:00:00Z');
  assert.equal(done.length, 1);
  assert.equal(done[0].at, '2026-01-01T00:00:00Z');
  done = withDone(done, 'gone', 'withdrawn', '2026-02-01T00:00:00Z');
  const games = [
    { game: 'toy', lessons: [{ id: 'taking', steps: 2 }, { id: 'winning', steps: 1 }] },
    { game: 'triangoli', lessons: [{ id: 'setup', steps: 2 }] },
  ];
  const c = counts(games, done);
  assert.deepEqual(c.games.toy, { done: 1, total: 2 });
  assert.deepEqual(c.games.triangoli, { done: 0, total: 1 });
  // A finished lesson the listing lacks does not count.
  assert.equal(c.done, 1);
  assert.equal(c.total, 3);
  assert.ok(isDone(done, 'toy', 'taking'));
  assert.ok(!isDone(done, 'toy', 'winning'));
});

test('a step: a miss, the hint, a second miss, "show me", passed', () => {
  let s = stepStart();
  assert.ok(playable(s));
  assert.ok(!hintShown(s) && !showOffered(s));
  s = sent(s, 'a1');
  assert.equal(s.phase, 'sending');
  assert.deepEqual(s.moves, ['a1']);
  assert.ok(!playable(s));
  s = judged(s, 'missed');
  assert.equal(s.phase, 'missed');
  assert.equal(s.misses, 1);
  assert.ok(hintShown(s), 'the hint after the first miss');
  assert.ok(!showOffered(s), 'no "show me" yet');
  s = again(s);
  assert.deepEqual(s, { phase: 'play', misses: 1, moves: [] });
  s = judged(sent(s, 'a1'), 'missed');
  assert.equal(s.misses, 2);
  assert.ok(showOffered(s), '"show me" after the second miss, while the missed board shows');
  assert.ok(showOffered(again(s)), 'and once the step starts again');
  s = showing(s);
  assert.equal(s.phase, 'showing');
  assert.ok(!playable(s) && !showOffered(s));
  // "Show me" goes on through `going`, and a miss there does not count.
  s = judged({ ...s, moves: ['x'] }, 'going');
  assert.equal(s.phase, 'showing');
  assert.equal(s.misses, 2);
  s = judged(s, 'passed');
  assert.equal(s.phase, 'passed');
  assert.ok(!showOffered(s));
});

test('a step: moves going on, and a refused move taken back', () => {
  let s = judged(sent(stepStart(), 'b1'), 'going');
  assert.equal(s.phase, 'play');
  assert.deepEqual(s.moves, ['b1']);
  s = sent(s, 'b2');
  assert.deepEqual(s.moves, ['b1', 'b2']);
  s = refused(s);
  assert.deepEqual(s, { phase: 'play', misses: 0, moves: ['b1'] });
  assert.equal(judged(sent(s, 'c1'), 'passed').phase, 'passed');
});

test('where a passed step leads: the next step, the next lesson, the list', () => {
  assert.deepEqual(afterPass(0, 2, 'winning'), { kind: 'step', index: 1 });
  assert.deepEqual(afterPass(1, 2, 'winning'), { kind: 'lesson', id: 'winning' });
  assert.deepEqual(afterPass(0, 1, null), { kind: 'list' });
});

test('a lesson’s words: by its id, else at its place; a title from the id where none', () => {
  const table = { lessons: [{ id: 'taking', title: 'Taking', steps: [{ text: 'a' }] }, { id: 'winning', title: 'Winning', steps: [] }] };
  assert.equal(lessonWords(table, 'winning', 0).title, 'Winning');
  assert.equal(lessonWords(table, 'taking', 7).title, 'Taking');
  assert.equal(lessonWords(table, 'other', 1), null, 'an entry with another id is not taken');
  assert.equal(lessonWords({ lessons: [{ title: 'No id' }] }, 'x', 0).title, 'No id');
  assert.equal(lessonWords(null, 'x', 0), null);
  assert.equal(idTitle('the-end'), 'The end');
  assert.ok(safeId('four-triangles') && safeId('toy'));
  assert.ok(!safeId('../x') && !safeId('') && !safeId('A') && !safeId(null));
});

test('an attempt: a right move and the reply, then the line found; or a wrong move', () => {
  let s = attemptStart();
  assert.ok(canMove(s));
  const first = attemptMoves(s, 'b2');
  assert.deepEqual(first, ['b2']);
  s = attempted(s, first, { correct: true, done: false, reply: ['a1'] });
  assert.equal(s.phase, 'going');
  assert.deepEqual(s.line, ['b2', 'a1'], 'the reply joins the line');
  assert.ok(canMove(s));
  const second = attemptMoves(s, 'b1');
  assert.deepEqual(second, ['b2', 'a1', 'b1']);
  s = attempted(s, second, { correct: true, done: true, solution: ['b2', 'a1', 'b1'] });
  assert.equal(s.phase, 'solved');
  assert.ok(!canMove(s));
  const wrong = attempted(attemptStart(), ['a1'], { correct: false, done: true, solution: ['d1'] });
  assert.equal(wrong.phase, 'failed');
  assert.equal(wrong.correct, false);
});

test('goals, explanations, rating changes and the answer’s clicks as the page says them', () => {
  assert.equal(goalKey('win'), 'puzzle.goal.win');
  assert.equal(goalKey('margin'), 'puzzle.goal.margin');
  assert.equal(goalKey('something-new'), 'puzzle.goal.best');
  const w = explainWords({ key: 'search-win', values: { legal: 10, share: 100, next: 0 } });
  assert.deepEqual(w, { key: 'puzzle.explain.search-win', params: { legal: 10, share: 100, next: 0, n: 10 } });
  assert.equal(explainWords({ key: 'mistake', values: { drop: 24, move: 1 } }).params.n, 24);
  assert.equal(explainWords({ key: 'from-the-future', values: {} }, (k) => k !== 'puzzle.explain.from-the-future').key, 'puzzle.explain.other');
  assert.equal(explainWords(null), null);
  assert.deepEqual(marginParts({ legal: 12, cylinders: 2, sectors: 1 }), [['cylinders', 2], ['sectors', 1]]);
  assert.deepEqual(marginParts({ legal: 3, share: 90, next: 10 }), []);
  assert.equal(signed(12), '+12');
  assert.equal(signed(-5), '−5');
  assert.equal(signed(0), '±0');
  assert.equal(signed(undefined), '±0');
  const clicks = [{ move: 'c3/10', clicks: ['c3', 't10'] }, { move: 'd1', clicks: ['d1'] }];
  assert.deepEqual(clicksOf(clicks, 'c3/10'), ['c3', 't10']);
  assert.deepEqual(clicksOf(clicks, 'zz'), []);
  assert.equal(solverSeat({ to_move: 1 }), 1);
  assert.equal(solverSeat({ to_move: null }), null);
});

test('the moves to train on: the viewer’s own mistakes and blunders', () => {
  const marks = [{ kind: 'mistake' }, { kind: 'blunder' }, { kind: 'inaccuracy' }, null, { kind: 'blunder' }];
  const movers = [0, 1, 0, 1, 0];
  assert.deepEqual(trainable(marks, movers, [0]), [0, 4]);
  assert.deepEqual(trainable(marks, movers, [1]), [1]);
  assert.deepEqual(trainable(marks, movers, []), []);
  assert.deepEqual(trainable(marks, movers, null), []);
});
