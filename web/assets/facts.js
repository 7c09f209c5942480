// Scene facts (`{key, seat, value}`) in words: the key translated as `fact.<key>`, and a value
// that is a word of the game (`repetition`, `triangle T`) as `fact.<key>.<word>`.

import { t, has } from './i18n.js';
import { letters } from './games.js';

/** A fact as text: its key translated, then its value (of a fact of `game`). */
export function factText(f, game = null) {
  const label = has(`fact.${f.key}`) ? t(`fact.${f.key}`) : f.key;
  if (f.value === '') return label;
  return `${label}: ${factValue(f, game)}`;
}

/**
 * A fact's value, translated where it is a word of the game; the game's colour letters (`D3 G2`,
 * a pool) as the reader's language writes them.
 */
export function factValue(f, game = null) {
  const [word, ...rest] = String(f.value).split(' ');
  const key = `fact.${f.key}.${word}`;
  if (has(key)) return t(key, { arg: rest.join(' ') });
  // A number below zero with a real minus sign (−2, not -2).
  if (/^-\d+$/.test(String(f.value))) return `\u2212${String(f.value).slice(1)}`;
  return letters(game, String(f.value));
}

/**
 * What a fact's key means in game `game`, for its tooltip and the legend: the game's own words
 * (`help.fact.<game>.<key>`) where a key means something particular there, else the general ones
 * (`help.fact.<key>`); null if unexplained.
 */
export function factHelp(key, game) {
  for (const k of [`help.fact.${game}.${key}`, `help.fact.${key}`]) if (has(k)) return t(k);
  return null;
}

/**
 * The legend of a board: `[term, meaning]` for each explained fact the scene shows, then the
 * game's own notes on its marks (`legend.<game>.1`, `.2`, … in the translation tables).
 */
export function legend(game, facts) {
  const keys = [...new Set(facts.map((f) => f.key))].filter((k) => factHelp(k, game));
  const rows = keys.map((k) => [has(`fact.${k}`) ? t(`fact.${k}`) : k, factHelp(k, game)]);
  for (let n = 1; has(`legend.${game}.${n}`); n++) rows.push([null, t(`legend.${game}.${n}`)]);
  return rows;
}
