// How each game is presented: seat names, the spoken names of clickable things, moves in words,
// and the hint for the step a player is at. Presentation only: which clicks are legal always comes from the server.

import { t, has, lang } from './i18n.js';
import { extensions, matching, remaining } from './clicks.js';

/** A game's name in the current language; `fallback` (the server's name) for a game the tables lack. */
export function gameName(id, fallback = id) {
  return has(`game.${id}.name`) ? t(`game.${id}.name`) : fallback;
}

/** The name of `seat` (0-based) in `game`: "White", "Dark Blue", "Player 2". */
export function seatName(game, seat) {
  const key = `seat.${game}.${seat}`;
  return has(key) ? t(key) : t('seat.n', { n: seat + 1 });
}

/** What a person reads for scene id `id`: the name the scene gives the item carrying it. */
export function idName(scene, id, game = null) {
  const name = scene.items.find((item) => item.id === id)?.name;
  return name == null ? id : letters(game, name);
}

/**
 * `text` (a label, a name or a fact's value the kit gives: `G`, `D3 G2 L1 W0`) with each letter
 * the game's kit uses for a colour said as the reader's language writes it: a capital standing
 * alone or before a count, where the table has `letter.<game>.<letter>` (`G` is Czech `Z`).
 * Notation (`Gc5`, a move as written) stays as it is.
 */
export function letters(game, text) {
  if (!game || typeof text !== 'string') return text;
  return text.replace(/(^|\s)([A-Z])(?=\d|\s|$)/g, (m, space, c) => (has(`letter.${game}.${c}`) ? space + t(`letter.${game}.${c}`) : m));
}

/**
 * The accessible name of a clickable scene item, from its class words and its name. A pool stone
 * is named by its colour: the seat whose class word (`p0`…) it carries, or White.
 */
export function describe(game, item) {
  const words = (item.class || '').split(/\s+/).filter(Boolean);
  if (words.includes('pool')) {
    const seat = words.find((w) => /^p\d$/.test(w));
    return t('item.pool', { name: seat ? seatName(game, Number(seat.slice(1))) : t('colour.white') });
  }
  const name = item.name ?? item.id;
  for (const w of words) {
    if (has(`item.${w}`)) return t(`item.${w}`, { name });
  }
  return name;
}

/** `names` joined as the current language lists them ("L4 and R6"). */
function listed(names) {
  return new Intl.ListFormat(lang(), { style: 'long', type: 'conjunction' }).format(names.map(String));
}

/**
 * A move said as a sentence, from the clauses the server gives for it (the view's
 * `history_words`): each clause's sentence `words.<key>` with its values filled in — a list of
 * names joined as the language lists them, `seat` said by `label(seat)` — and the clauses joined
 * with the language's "and". Null without clauses (a game that gives none: the notation stands
 * alone).
 */
export function sayMove(clauses, label) {
  if (!clauses?.length) return null;
  return listed(clauses.map(({ key, values = {} }) => {
    const params = {};
    for (const [name, value] of Object.entries(values)) {
      params[name] = name === 'seat' ? label(value) : Array.isArray(value) ? listed(value) : value;
    }
    return t(`words.${key}`, params);
  }));
}

/**
 * An action button (an id no scene item carries: `pass`, `end`, `turn-T+`, …): `{text, name,
 * icon, group}` — the words on it, its accessible name, an optional icon, and the family it is
 * shown with (`turn` for `turn-T+`).
 */
export function action(id) {
  const turn = id.match(/^turn-([A-Z])([+-])$/);
  if (turn) {
    const way = turn[2] === '+' ? 'ccw' : 'cw';
    return { text: turn[1], name: t(`action.turn.${way}`, { t: turn[1] }), icon: way, group: 'turn' };
  }
  if (has(`action.${id}`)) return { text: t(`action.${id}`), name: t(`action.${id}`), icon: null, group: null };
  const m = id.match(/^([a-z]+)[-:](.+)$/);
  if (m && has(`action.${m[1]}`)) {
    const text = t(`action.${m[1]}`, { arg: m[2] });
    return { text, name: text, icon: null, group: m[1] };
  }
  return { text: id, name: id, icon: null, group: null };
}

/**
 * What the player to move is asked to do next, given the legal `clicks`, the `prefix` clicked so
 * far and the ids the scene's items carry.
 */
export function hint(game, clicks, prefix, itemIds) {
  const next = [...extensions(clicks, prefix)];
  const onBoard = next.filter((id) => itemIds.has(id));
  const left = remaining(clicks, prefix);
  if (onBoard.length === 0) return t('hint.buttons');
  // The step the server names for the next click of the moves going this way.
  const step = matching(clicks, prefix).map((c) => c.steps?.[prefix.length]).find(Boolean);
  const key = step && `hint.${game}.${step}`;
  const n = left ? left.min : 0;
  if (key && has(key)) return t(key, { n });
  return t('hint.generic');
}
