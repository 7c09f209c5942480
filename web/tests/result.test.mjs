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
