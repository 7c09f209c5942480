// The scoring explained under the result banner, from the facts the scene gives at the end.

import { h } from './dom.js';
import { t, has } from './i18n.js';
import { factValue } from './facts.js';

/**
 * The explanation of `view`'s result in `game`; `name(seat)` names a seat; `highlight(cls)`
 * marks the board's items of class `cls` (null: none), for rows that point at parts of the board.
 */
export function resultDetails(game, view, name, highlight) {
  const facts = view.board.facts;
  const parts = [];
  parts.push(sectorTable(facts, name, highlight));
  const red = facts.filter((f) => f.key === 'red-triangle');
  for (const f of red) {
    parts.push(h('p', {}, t('result.red-triangle', { seat: name(f.seat), cells: f.value })));
  }
  // (What a winner or draw fact says is in the headline already: endWhy.)
  // What ended this game, where the scene says (else the game's rule in general).
  const ended = facts.find((f) => f.key === 'ended' && has(`result.ended.${f.value}`));
  const rule = `result.rule.${game}`;
  if (ended) parts.push(h('p', { class: 'ended', 'data-test': 'ended' }, t(`result.ended.${ended.value}`, { seat: name(ended.seat) })));
  else if (has(rule)) parts.push(h('p', { class: 'muted rule' }, t(rule)));
  return h('div', { class: 'result-details' }, parts);
}

/**
 * Why `view`'s game ended, in a few words for the result's headline ("Bob resigned", "a triangle
 * with the red piece", "on points, 12–9"); null where the scene says nothing of it. `name(seat)`
 * names a seat.
 */
export function endWhy(view, name) {
  const o = view.outcome;
  if (!o) return null;
  const seats = (which) => view.seats.filter((s) => s[which]).map((s) => name(s.seat)).join(', ');
  if (o.reason === 'resignation') return t('result.why.resigned', { seats: seats('resigned') });
  if (o.reason === 'agreement') return t('result.why.agreed');
  if (o.reason === 'time') return t('result.why.time', { seats: seats('out_of_time') });
  const facts = view.board.facts;
  if (facts.some((f) => f.key === 'red-triangle')) return t('result.why.red-triangle');
  const said = facts.find((f) => f.key === 'winner' || f.key === 'draw');
  // The rules' winner had left the game (resigned, out of time) and the computer won on for them:
  // no win for a seat out of the game, and said so.
  const gone = said?.key === 'winner' && said.seat != null && !o.winners.includes(said.seat) ? view.seats[said.seat] : null;
  if (gone && (gone.resigned || gone.out_of_time)) {
    return t(gone.resigned ? 'result.why.won-resigned' : 'result.why.won-late', { seat: name(said.seat), how: factValue(said, view.game) });
  }
  if (said) return factValue(said, view.game);
  if (o.scores) return t('result.why.points', { scores: scoreList(o.scores) });
  const kept = [0, 1].map((s) => facts.find((f) => f.key === 'kept' && f.seat === s)?.value);
  if (kept.every((k) => k != null && k !== '')) return t('result.why.kept', { scores: kept.join('–') });
  return null;
}

/** A score as shown: a real minus sign below zero (`−2`). */
export function scoreText(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** Scores in a row: `12–9`, spaced where one is below zero (`1 – −2 – 1`). */
export function scoreList(scores) {
  return scores.map(scoreText).join(scores.some((n) => n < 0) ? ' – ' : '–');
}

/** The sector-by-sector table (a scene with `sector` facts), then cylinders kept and sectors won. */
function sectorTable(facts, name, highlight) {
  const sectors = sectorFacts(facts);
  if (!sectors.length) return null;
  const perSeat = (key) => [0, 1].map((s) => facts.find((f) => f.key === key && f.seat === s)?.value ?? '');
  const kept = perSeat('kept');
  const won = perSeat('sectors-won');
  const verdict = (s) => {
    if (s.winner != null) return t('result.sector.keeps', { seat: name(s.winner), n: s.c[s.winner] });
    if (s.c[0] === 0) return t('result.sector.empty');
    return t('result.sector.tie');
  };
  return h('table', { class: 'sector-table', 'data-test': 'sector-table' },
    h('caption', {}, t('result.sector.caption')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('result.sector')),
      h('th', { scope: 'col' }, name(0)),
      h('th', { scope: 'col' }, name(1)),
      h('th', { scope: 'col' }, t('result.sector.result')))),
    h('tbody', {}, sectors.map((s) => h('tr', {
      class: s.winner != null ? `won p${s.winner}` : '',
      onmouseenter: () => highlight(`sector${s.n}`),
      onmouseleave: () => highlight(null),
    },
      h('th', { scope: 'row' }, String(s.n)),
      h('td', {}, String(s.c[0])),
      h('td', {}, String(s.c[1])),
      h('td', {}, verdict(s))))),
    h('tfoot', {},
      h('tr', {}, h('th', { scope: 'row' }, t('fact.kept')), h('td', {}, kept[0]), h('td', {}, kept[1]), h('td')),
      h('tr', {}, h('th', { scope: 'row' }, t('fact.sectors-won')), h('td', {}, won[0]), h('td', {}, won[1]), h('td'))));
}

/** The `sector` facts, rows of numbers (`[3, 4, 2]`): `{n, c: [p1, p2], winner}` for each sector. */
export function sectorFacts(facts) {
  return facts
    .filter((f) => f.key === 'sector' && f.row?.length === 3)
    .map((f) => ({ n: f.row[0], c: [f.row[1], f.row[2]], winner: f.seat }));
}

/**
 * Marks for the board at the end, as a `data-won` attribute value: sectors tinted by who keeps
 * them (`"1:p1 4:p0 …"`), where the scene has `sector` facts; empty elsewhere.
 */
export function resultMarks(view) {
  if (!view.outcome) return '';
  return sectorFacts(view.board.facts)
    .filter((s) => s.winner != null)
    .map((s) => `${s.n}:p${s.winner}`)
    .join(' ');
}
