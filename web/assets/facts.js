// Scene facts (`{key, seat, value}`) in words: the key translated as `fact.<key>`, and a value
// that is a word of the game (`repetition`, `triangle T`) as `fact.<key>.<word>`.

import { t, has } from './i18n.js';

/** A fact as text: its key translated, then its value. */
export function factText(f) {
  const label = has(`fact.${f.key}`) ? t(`fact.${f.key}`) : f.key;
  if (f.value === '') return label;
  return `${label}: ${factValue(f)}`;
}

/** A fact's value, translated where it is a word of the game. */
export function factValue(f) {
  const [word, ...rest] = String(f.value).split(' ');
  const key = `fact.${f.key}.${word}`;
  return has(key) ? t(key, { arg: rest.join(' ') }) : String(f.value);
}

/** What a fact's key means, for its tooltip and the legend (`help.fact.<key>`); null if unexplained. */
export function factHelp(key) {
  return has(`help.fact.${key}`) ? t(`help.fact.${key}`) : null;
}

/**
 * The legend of a board: `[term, meaning]` for each explained fact the scene shows, then the
 * game's own notes on its marks (`legend.<game>.1`, `.2`, … in the translation tables).
 */
export function legend(game, facts) {
  const keys = [...new Set(facts.map((f) => f.key))].filter((k) => factHelp(k));
  const rows = keys.map((k) => [has(`fact.${k}`) ? t(`fact.${k}`) : k, factHelp(k)]);
  for (let n = 1; has(`legend.${game}.${n}`); n++) rows.push([null, t(`legend.${game}.${n}`)]);
  return rows;
}
