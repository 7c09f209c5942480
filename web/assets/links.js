// Links to a game's page and a seat's swatch: small enough for any page to import without the
// game page itself (which only the route /game/{id} loads).

import { h } from './dom.js';

/** The page of game `id`, acting for `seat` (null: no seat named) with a token already stored. */
export function gameUrl(id, seat) {
  return `/game/${encodeURIComponent(id)}${seat !== null && seat !== undefined ? `?seat=${seat}` : ''}`;
}

/** A link that gives `seat` of game `id` to whoever opens it: the token rides in the fragment. */
export function inviteUrl(id, seat, token) {
  return `/game/${encodeURIComponent(id)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

/** A seat's token: a disc in the seat's colour with its number, so colour is not the only cue. */
export function swatch(seat) {
  return h('span', { class: `swatch p${seat}`, 'aria-hidden': 'true' }, String(seat + 1));
}
