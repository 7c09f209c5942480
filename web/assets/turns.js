// A game's moves grouped into turns, for the move list and the status line. A turn may be
// several moves in a row by one seat (The Triangle Game's place, slides and end), and both say
// moves turn by turn: this is the one place that groups them. Pure, tested on its own.

/** How many of the last moves the status line says at most. */
export const RECENT = 8;

/**
 * The moves `from` ≤ i < `to` as turns, each `{ seat, plies }`: a run of moves in a row by one
 * seat, as `movers` (the view's seat of each move) says; where it does not, a move is a turn of
 * its own with `seat` null.
 */
export function turns(movers, from, to) {
  const out = [];
  for (let i = from; i < to; i++) {
    const seat = Array.isArray(movers) ? movers[i] ?? null : null;
    const last = out[out.length - 1];
    if (last && seat !== null && last.seat === seat) last.plies.push(i);
    else out.push({ seat, plies: [i] });
  }
  return out;
}

/**
 * The turns of the moves `from` ≤ i < `to` that the status line says — those of the last
 * [`RECENT`] moves — and whether moves before them were left out (`cut`), so that it can say so.
 */
export function recentTurns(movers, from, to) {
  const start = Math.max(from, to - RECENT);
  return { turns: turns(movers, start, to), cut: start > from };
}
