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
