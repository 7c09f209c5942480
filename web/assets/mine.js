// This browser's games as the home page lists them (docs/api.md, "Clocks": correspondence games
// are listed for their players): from each game's view and the tokens this browser holds for it
// (`mine`: {seat: token}), whether it waits for this browser, whose time to show, who the others
// are, and the order — games where it is this browser's turn first, the most pressed first. Pure.

import { heldSeats, myTurn } from './people.js';

/** How many of this browser's most recent games the home page looks at. */
export const MINE_MAX = 20;

/**
 * What the list says of `view`, remembered at `at` (RFC 3339): `{id, game, name, over, turn,
 * seat, clockSeat, others, remaining, at}` — `seat` the one to open the page as, `clockSeat` the
 * seat whose time is shown (null without a clock), `others` the seats this browser does not play,
 * `remaining` that seat's time in the view (null without a clock).
 */
export function mineEntry(view, mine, at) {
  const held = heldSeats(view, mine);
  const own = Object.keys(mine).map(Number).filter((s) => s < view.seats.length).sort((a, b) => a - b);
  const turn = myTurn(view, mine);
  const seat = turn ? view.to_move : held.length ? held[0] : own.length ? own[0] : null;
  const hasClock = Boolean(view.clock) && Array.isArray(view.remaining_ms);
  const clockSeat = hasClock && seat !== null ? seat : null;
  return {
    id: view.id,
    game: view.game,
    name: view.name,
    over: Boolean(view.outcome),
    turn,
    seat,
    clockSeat,
    others: view.seats.map((s) => s.seat).filter((s) => mine[s] === undefined),
    remaining: clockSeat !== null ? view.remaining_ms[clockSeat] : null,
    at: at || view.updated || '',
  };
}

/**
 * The list's order: unfinished games where it is this browser's turn first (least time left
 * first, then those without a clock), then the other unfinished ones, then finished ones; the
 * most recent first within each.
 */
export function orderMine(entries) {
  const group = (e) => (e.over ? 2 : e.turn ? 0 : 1);
  const recent = (a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);
  return [...entries].sort((a, b) => {
    const g = group(a) - group(b);
    if (g) return g;
    if (group(a) === 0) {
      const ra = a.remaining ?? Infinity;
      const rb = b.remaining ?? Infinity;
      if (ra !== rb) return ra - rb;
    }
    return recent(a, b);
  });
}
