// The result's scoring table reads numbers the scene sends as rows (web/assets/result.js), never
// a fact's text (no browser, no server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sectorFacts } from '../assets/result.js';

test('sector rows come from the numbers of each sector fact, not its text', () => {
  const facts = [
    { key: 'reserve', seat: 0, value: '0' },
    { key: 'sector', seat: 1, value: 'sector 3 — any words', row: [3, 2, 4] },
    { key: 'sector', value: '4: 0–0', row: [4, 0, 0] },
    // Text alone, as an older server sent it: no row, so no guess from the words.
    { key: 'sector', seat: 0, value: '5: 3–1' },
  ];
  assert.deepEqual(sectorFacts(facts), [
    { n: 3, c: [2, 4], winner: 1 },
    { n: 4, c: [0, 0], winner: undefined },
  ]);
  assert.deepEqual(sectorFacts([]), []);
});

test('the headline says why a game ended, in a few words', async () => {
  const { endWhy } = await import('../assets/result.js');
  const { t } = await import('../assets/i18n.js');
  const name = (s) => ['Ann', 'Bob', 'Cy'][s];
  const seats = (over = {}) => [0, 1].map((seat) => ({ seat, resigned: false, out_of_time: false, ...over[seat] }));
  const view = (outcome, facts = [], over = {}) => ({ outcome, board: { facts }, seats: seats(over) });
  assert.equal(endWhy(view(null), name), null, 'not over');
  assert.equal(endWhy(view({ winners: [1], reason: 'resignation' }, [], { 0: { resigned: true } }), name),
    t('result.why.resigned', { seats: 'Ann' }));
  assert.equal(endWhy(view({ winners: [], reason: 'agreement' }), name), t('result.why.agreed'));
  assert.equal(endWhy(view({ winners: [0], reason: 'time' }, [], { 1: { out_of_time: true } }), name),
    t('result.why.time', { seats: 'Bob' }));
  // By the rules: what the scene says of it.
  assert.equal(endWhy(view({ winners: [0], reason: 'rules', scores: [3, 5] }, [{ key: 'red-triangle', seat: 0, value: '1,0 2,0' }]), name),
    t('result.why.red-triangle'), 'a red triangle wins whatever the scores');
  assert.equal(endWhy(view({ winners: [1], reason: 'rules' }, [{ key: 'winner', seat: 1, value: 'middles' }]), name),
    t('fact.winner.middles'));
  assert.equal(endWhy(view({ winners: [0], reason: 'rules', scores: [12, 9] }), name), t('result.why.points', { scores: '12–9' }));
  assert.equal(endWhy(view({ winners: [1], reason: 'rules' }, [{ key: 'kept', seat: 0, value: '7' }, { key: 'kept', seat: 1, value: '9' }]), name),
    t('result.why.kept', { scores: '7–9' }));
  assert.equal(endWhy(view({ winners: [1], reason: 'rules' }), name), null, 'nothing to say');
});

test('a score below zero reads with a minus sign, spaced from the dashes between scores', async () => {
  const { endWhy, scoreList, scoreText } = await import('../assets/result.js');
  const { t } = await import('../assets/i18n.js');
  assert.equal(scoreText(-2), '−2');
  assert.equal(scoreList([12, 9]), '12–9');
  assert.equal(scoreList([1, -2, 1]), '1 – −2 – 1');
  const view = { outcome: { winners: [0], reason: 'rules', scores: [1, -2, 1] }, board: { facts: [] }, seats: [0, 1, 2].map((seat) => ({ seat })) };
  assert.equal(endWhy(view, (s) => `P${s}`), t('result.why.points', { scores: '1 – −2 – 1' }));
  assert.ok(!endWhy(view, (s) => `P${s}`).includes('-'), 'no hyphen for a minus');
});

test('a rules’ winner who had left the game wins nothing, and the headline says why', async () => {
  const { endWhy } = await import('../assets/result.js');
  const { t } = await import('../assets/i18n.js');
  const name = (s) => ['Ann', 'Bob', 'Cy'][s];
  // Four Triangles, three players: Bob resigned, the computer played on for him and held all four
  // middle points; a game without scores, so nobody wins.
  const view = {
    game: 'four-triangles',
    outcome: { winners: [], reason: 'rules' },
    board: { facts: [{ key: 'winner', seat: 1, value: 'middles' }] },
    seats: [{ seat: 0 }, { seat: 1, resigned: true }, { seat: 2 }],
  };
  const why = endWhy(view, name);
  assert.equal(why, t('result.why.won-resigned', { seat: 'Bob', how: t('fact.winner.middles') }));
  assert.match(why, /resign/);
  // A draw by the rules stays a draw.
  const draw = { ...view, board: { facts: [{ key: 'draw', value: 'repetition' }] }, seats: [{ seat: 0 }, { seat: 1 }, { seat: 2 }] };
  assert.equal(endWhy(draw, name), t('fact.draw.repetition'));
});

test('a kit’s colour letters are said as the reader’s language writes them, notation left alone', async () => {
  const { letters } = await import('../assets/games.js');
  const { setLang } = await import('../assets/i18n.js');
  await setLang('cs');
  assert.equal(letters('triangle-game', 'G'), 'Z');
  assert.equal(letters('triangle-game', 'D3 G2 L1 W0'), 'T3 Z2 S1 B0');
  assert.equal(letters('triangle-game', 'Gc5'), 'Gc5', 'a move as written stays');
  assert.equal(letters('triangoli', 'G'), 'G', 'another game’s letters are its own');
  await setLang('uk');
  assert.equal(letters('triangle-game', 'W L'), 'Бі Бл');
  await setLang('en');
  assert.equal(letters('triangle-game', 'D3 G2'), 'D3 G2');
});
