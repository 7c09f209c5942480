// How each game is presented: seat names, the spoken names of clickable things, and the hint for
// the step a player is at. Presentation only: which clicks are legal always comes from the server.

import { t, has } from './i18n.js';
import { extensions, remaining } from './clicks.js';

/** The games in the order they are listed. */
export const GAME_IDS = ['triangoli', 'triangle-game', 'triangular', 'four-triangles'];

/** A game's name in the current language; `fallback` (the server's name) for a game the tables lack. */
export function gameName(id, fallback = id) {
  return has(`game.${id}.name`) ? t(`game.${id}.name`) : fallback;
}

/** The name of `seat` (0-based) in `game`: "White", "Dark Blue", "Player 2". */
export function seatName(game, seat) {
  const key = `seat.${game}.${seat}`;
  return has(key) ? t(key) : t('seat.n', { n: seat + 1 });
}

/** Whether the board grows without bound and is panned and zoomed freely. */
export function pannable(game) {
  return game === 'triangular';
}

/** The text a player reads for scene id `id` of `game` (a coordinate without its id prefix). */
export function idName(game, id) {
  if (game === 'triangoli' && /^t\d+$/.test(id)) return id.slice(1);
  if (game === 'triangular' && /^c-?\d+,-?\d+$/.test(id)) return id.slice(1);
  if (game === 'triangle-game' && id.startsWith('pool-')) return id.slice(5);
  return id;
}

/** The Triangle Game's colour letters: the players' D, G, L, and White. */
const TRIANGLE_GAME_SEATS = { D: 0, G: 1, L: 2 };

/** The accessible name of a clickable scene item, from its class words and id. */
export function describe(game, item) {
  if (game === 'triangle-game' && item.id.startsWith('pool-')) {
    const seat = TRIANGLE_GAME_SEATS[item.id.slice(5)];
    return t('item.pool', { name: seat === undefined ? t('colour.white') : seatName(game, seat) });
  }
  const words = (item.class || '').split(/\s+/).filter(Boolean);
  const name = idName(game, item.id);
  for (const w of words) {
    if (has(`item.${w}`)) return t(`item.${w}`, { name });
  }
  return name;
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
  const step = gameStep(game, clicks, prefix, onBoard, itemIds);
  const key = step && `hint.${game}.${step}`;
  const n = left ? left.min : 0;
  if (key && has(key)) return t(key, { n });
  return t('hint.generic');
}

/** The step of a multi-click turn, named for the hint table (`hint.<game>.<step>`). */
function gameStep(game, clicks, prefix, onBoard, itemIds) {
  // Every legal move one click on the board: an opening placement (Triangoli's pawns, Four
  // Triangles' first single).
  const placing = clicks.every((c) => c.clicks.length === 1 && itemIds.has(c.clicks[0]));
  switch (game) {
    case 'triangoli': {
      if (placing) return 'setup';
      if (prefix.length === 0) return 'move';
      if (prefix.length === 1) return 'place';
      return 'exchange';
    }
    case 'triangular':
      return 'place';
    case 'triangle-game': {
      if (prefix.length === 0) {
        // A turn starts with a placement: a pool stone first; later the player slides, picks up
        // or ends.
        const places = onBoard.some((id) => id.startsWith('pool-'));
        return places ? 'pool' : 'act';
      }
      if (prefix[0].startsWith('pool-')) return 'place';
      if (prefix[0] === 'pickup') return 'pickup';
      return 'slide';
    }
    case 'four-triangles': {
      if (prefix.length === 0) return placing ? 'opening' : 'start';
      if (prefix[0] === 'bring') return 'bring';
      if (prefix[0] === 'split') return prefix.length === 1 ? 'split-from' : 'split-to';
      return 'target';
    }
    default:
      return null;
  }
}
