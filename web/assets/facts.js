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
