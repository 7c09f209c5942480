// The per-game presentation on plain data: step hints, action buttons, spoken names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hint, action, describe, idName, seatName, sayMove } from '../assets/games.js';
import english from '../assets/i18n/en.js';
import { setLang } from '../assets/i18n.js';

const en = english;
const ids = (...list) => new Set(list);
const fill = (s, p) => s.replace(/\{(\w+)\}/g, (_, k) => p[k]);

test('Triangoli: set-up, then pawn, triangle, exchanges step by step', () => {
  const board = ids('c3', 'd3', 't10', 't12', 't17');
  assert.equal(hint('triangoli', [{ move: 'c3', clicks: ['c3'], steps: ['setup'] }, { move: 'd3', clicks: ['d3'], steps: ['setup'] }], [], board), en['hint.triangoli.setup']);
  const turn = [
    { move: 'd3/12', clicks: ['d3', 't12'], steps: ['move', 'place'] },
    { move: 'd3/10/10,17', clicks: ['d3', 't10', 't10', 't17'], steps: ['move', 'place', 'exchange', 'exchange'] },
  ];
  assert.equal(hint('triangoli', turn, [], board), en['hint.triangoli.move']);
  assert.equal(hint('triangoli', turn, ['d3'], board), en['hint.triangoli.place']);
  assert.equal(hint('triangoli', turn, ['d3', 't10'], board), fill(en['hint.triangoli.exchange'], { n: 2 }));
  assert.equal(hint('triangoli', [{ move: 'pass', clicks: ['pass'], steps: ['move'] }], [], board), en['hint.buttons']);
  // A game that names no steps gets the generic hint.
  assert.equal(hint('triangoli', [{ move: 'd3/12', clicks: ['d3', 't12'] }], [], board), en['hint.generic']);
});

test('The Triangle Game: pool stone, vertex; then slides, pickups and end', () => {
  const board = ids('pool-W', 'pool-G', 'c5', 'e7', 'a1');
  const place = [{ move: 'Wc5', clicks: ['pool-W', 'c5'], steps: ['pool', 'place'] }, { move: 'Gc5', clicks: ['pool-G', 'c5'], steps: ['pool', 'place'] }];
  assert.equal(hint('triangle-game', place, [], board), en['hint.triangle-game.pool']);
  assert.equal(hint('triangle-game', place, ['pool-W'], board), en['hint.triangle-game.place']);
  const act = [
    { move: 'c5-e7', clicks: ['c5', 'e7'], steps: ['act', 'slide'] },
    { move: 'xa1', clicks: ['pickup', 'a1'], steps: ['act', 'pickup'] },
    { move: 'end', clicks: ['end'], steps: ['act'] },
  ];
  assert.equal(hint('triangle-game', act, [], board), en['hint.triangle-game.act']);
  assert.equal(hint('triangle-game', act, ['c5'], board), en['hint.triangle-game.slide']);
  assert.equal(hint('triangle-game', act, ['pickup'], board), en['hint.triangle-game.pickup']);
});

test('Four Triangles: the opening single, then figure, bring-in and split steps', () => {
  const board = ids('T4', 'T0', 'L4', 'R6', 'L0', 'L1', 'T');
  assert.equal(hint('four-triangles', [{ move: '@T4', clicks: ['T4'], steps: ['opening'] }, { move: '@T0', clicks: ['T0'], steps: ['opening'] }], [], board), en['hint.four-triangles.opening']);
  const turn = [
    { move: 'T4-T0', clicks: ['T4', 'T0'], steps: ['start', 'target'] },
    { move: '+L4,R6', clicks: ['bring', 'L4', 'R6'], steps: ['start', 'bring', 'bring'] },
    { move: 'L0/L1,L4', clicks: ['split', 'L0', 'L1', 'L4'], steps: ['start', 'split-from', 'split-to', 'split-to'] },
    { move: 'RT+', clicks: ['T', 'turn-T+'], steps: ['start', 'turn'] },
    { move: 'RT-', clicks: ['T', 'turn-T-'], steps: ['start', 'turn'] },
  ];
  assert.equal(hint('four-triangles', turn, [], board), en['hint.four-triangles.start']);
  assert.equal(hint('four-triangles', turn, ['T4'], board), en['hint.four-triangles.target']);
  assert.equal(hint('four-triangles', turn, ['bring'], board), en['hint.four-triangles.bring']);
  assert.equal(hint('four-triangles', turn, ['split'], board), en['hint.four-triangles.split-from']);
  assert.equal(hint('four-triangles', turn, ['split', 'L0'], board), en['hint.four-triangles.split-to']);
  // A tap on a triangle starts turning it; the ways are buttons.
  assert.equal(hint('four-triangles', turn, ['T'], board), en['hint.buttons']);
});

test('action buttons: words, names and groups', () => {
  assert.deepEqual(action('pass'), { text: 'Pass', name: 'Pass', icon: null, group: null });
  assert.deepEqual(action('turn-T+'), { text: 'T', name: fill(en['action.turn.ccw'], { t: 'T' }), icon: 'ccw', group: 'turn' });
  assert.equal(action('turn-C-').icon, 'cw');
  assert.equal(action('mystery').text, 'mystery');
});

test('spoken names of clickable items', () => {
  assert.equal(describe('triangoli', { id: 't12', name: '12', class: 'triangle sector6 empty' }), 'Triangle 12');
  assert.equal(describe('triangoli', { id: 'c3', name: 'c3', class: 'pawn p0' }), 'Pawn on c3');
  assert.equal(describe('triangular', { id: 'c-2,3', name: '-2,3', class: 'cell target' }), 'Cell -2,3');
  assert.equal(describe('triangle-game', { id: 'pool-G', name: 'G', class: 'stone pool p1' }), fill(en['item.pool'], { name: 'Green' }));
  assert.equal(describe('triangle-game', { id: 'pool-W', name: 'W', class: 'stone pool white' }), fill(en['item.pool'], { name: 'White' }));
  const scene = { items: [{ id: 'pool-W', name: 'W' }, { id: 't12', name: '12' }, { class: 'decoration' }] };
  assert.equal(idName(scene, 'pool-W'), 'W');
  assert.equal(idName(scene, 't12'), '12');
  assert.equal(idName(scene, 'end'), 'end');
  assert.equal(seatName('triangular', 1), 'Black');
  assert.equal(seatName('four-triangles', 3), 'Player 4');
});

test('moves in words: each clause its sentence, values filled, joined with the language\'s "and"', async () => {
  const turn = [
    { key: 'triangoli.step', values: { n: 3, from: 'a3', to: 'd3' } },
    { key: 'triangoli.place', values: { n: 3, triangle: 12 } },
    { key: 'triangoli.exchange', values: { n: 1, triangle: 10 } },
  ];
  const label = (seat) => ['Ann', 'Bob'][seat];
  assert.equal(sayMove(turn, label),
    'moved the pawn 3 steps from a3 to d3, placed 3 cylinders in triangle 12, and swapped 1 cylinder in triangle 10');
  // Lists of names joined as the language lists them; a seat said as its player.
  assert.equal(sayMove([{ key: 'four-triangles.bring', values: { at: ['L4', 'R6'] } }], label), 'brought in two singles on L4 and R6');
  assert.equal(sayMove([{ key: 'four-triangles.capture.2', values: { seat: 1 } }], label), 'captured Bob’s double');
  assert.equal(sayMove([{ key: 'pass' }], label), en['words.pass']);
  // Czech and Ukrainian choose their plural forms and say "and" their way.
  await setLang('cs');
  try {
    // (Czech keeps its one-letter words (a, o, z) with the word after them: a no-break space.)
    assert.equal(sayMove(turn.slice(0, 2), label), 'figurka o\u00a03 kroky z\u00a0a3 na d3 a\u00a03 válečky do trojúhelníku 12');
    await setLang('uk');
    assert.equal(sayMove([{ key: 'triangoli.place', values: { n: 5, triangle: 4 } }], label), '5 циліндрів у трикутник 4');
  } finally {
    await setLang('en');
  }
  // A game that says its moves in no words: the notation stands alone.
  assert.equal(sayMove([], label), null);
  assert.equal(sayMove(undefined, label), null);
});
