// The analysis board's pure logic (no DOM): how much value a move lost for its mover and what
// that makes it, the graph's geometry, the keys that step through the plies, and the polling of
// `GET /api/games/{id}/analysis` while the server works (docs/api.md, "Analysis").

/**
 * A move is marked by how much of its mover's expected share of the win (`value[mover]`, 0..1)
 * it gave away: the mover's value in the position before the move less the one after it.
 *   ≥ 0.10 an inaccuracy (?!), ≥ 0.20 a mistake (?), ≥ 0.35 a blunder (??).
 * The legend and the tooltips (i18n `analysis.legend`, `analysis.mark.*`) say the same.
 */
export const THRESHOLDS = [
  { kind: 'blunder', drop: 0.35, sign: '??' },
  { kind: 'mistake', drop: 0.2, sign: '?' },
  { kind: 'inaccuracy', drop: 0.1, sign: '?!' },
];

/** What a drop of `drop` in the mover's value makes a move: `{kind, sign}`, or null for none. */
export function classify(drop) {
  if (typeof drop !== 'number' || !Number.isFinite(drop)) return null;
  // A little slack for floating point: 0.3 - 0.2 is 0.09999999999999998.
  for (const th of THRESHOLDS) if (drop >= th.drop - 1e-9) return { kind: th.kind, sign: th.sign };
  return null;
}

/** A solved position's result for `seat` (`exact` is for the seat to move; two players). */
function resultFor(exact, seat) {
  if (!exact || !exact.result) return null;
  if (exact.seat === seat) return exact.result;
  return { win: 'loss', loss: 'win', draw: 'draw' }[exact.result] ?? null;
}

const WORSE = { win: 0, draw: 1, loss: 2 };

/**
 * The marks of the moves: for each move `i` of the history (made by `movers[i]` from position
 * `i` to position `i + 1`), `{drop, kind, sign}` when both positions are analysed, else null.
 * `kind`/`sign` are null for a move that lost less than an inaccuracy. Where the solver settled
 * both positions, what the move threw away decides at least: a proven win or draw turned into a
 * loss is a blunder, a proven win turned into a draw a mistake.
 */
export function moveMarks(plies, movers) {
  const byPly = new Map((plies || []).map((p) => [p.ply, p]));
  return (movers || []).map((mover, i) => {
    const before = byPly.get(i);
    const after = byPly.get(i + 1);
    if (!before || !after || mover == null) return null;
    const a = before.value?.[mover];
    const b = after.value?.[mover];
    if (typeof a !== 'number' || typeof b !== 'number') return null;
    const drop = a - b;
    let c = classify(drop);
    const [was, is] = [resultFor(before.exact, mover), resultFor(after.exact, mover)];
    if (was && is && WORSE[is] > WORSE[was]) {
      // THRESHOLDS runs from the worst mark down: a lower index is a worse mark.
      const rank = (kind) => THRESHOLDS.findIndex((th) => th.kind === kind);
      const floor = THRESHOLDS[rank(is === 'loss' ? 'blunder' : 'mistake')];
      if (!c || rank(c.kind) > rank(floor.kind)) c = floor;
    }
    return { drop, kind: c ? c.kind : null, sign: c ? c.sign : null };
  });
}

/**
 * The moves worth training on (docs/api.md, `POST /api/me/puzzles`): those of `marks`
 * (`moveMarks`'s) marked a mistake or a blunder whose mover (`movers[i]`) is one of `seats` (the
 * viewer's own). Their indices in the history, which are the plies before them.
 */
export function trainable(marks, movers, seats) {
  const own = new Set(seats || []);
  const out = [];
  (marks || []).forEach((m, i) => {
    if ((m?.kind === 'mistake' || m?.kind === 'blunder') && own.has(movers?.[i])) out.push(i);
  });
  return out;
}

/** The graph's size in its own units (the SVG's viewBox). */
export const GRAPH = { width: 600, height: 200, pad: 10 };

/**
 * The graph of each seat's value over the plies: `total` positions (ply 0 … total - 1) across,
 * value 1 at the top and 0 at the bottom. Returns `{lines: [{seat, points: [[x, y, ply]], d}],
 * x(ply), y(value)}`; a line has a point for every analysed ply.
 */
export function graph(plies, seats, total, size = GRAPH) {
  const { width, height, pad } = size;
  const span = Math.max(1, total - 1);
  const x = (ply) => round(pad + (ply * (width - 2 * pad)) / span);
  const y = (value) => round(pad + (1 - clamp(value, 0, 1)) * (height - 2 * pad));
  const sorted = [...(plies || [])].sort((a, b) => a.ply - b.ply);
  const lines = [];
  for (let seat = 0; seat < seats; seat++) {
    const points = sorted
      .filter((p) => typeof p.value?.[seat] === 'number')
      .map((p) => [x(p.ply), y(p.value[seat]), p.ply]);
    const d = points.map(([px, py], i) => `${i ? 'L' : 'M'}${px} ${py}`).join(' ');
    lines.push({ seat, points, d });
  }
  return { lines, x, y };
}

/** The ply nearest to `gx` (in graph units) on a graph of `total` positions. */
export function plyAt(gx, total, size = GRAPH) {
  const { width, pad } = size;
  const span = Math.max(1, total - 1);
  const ply = Math.round(((gx - pad) * span) / (width - 2 * pad));
  return clamp(ply, 0, Math.max(0, total - 1));
}

/**
 * Where a key takes the analysis board: ←/→ one ply, Home the start, End the last position.
 * Null for any other key (or a ply that would not change).
 */
export function stepKey(key, ply, last) {
  let to;
  if (key === 'ArrowLeft') to = ply - 1;
  else if (key === 'ArrowRight') to = ply + 1;
  else if (key === 'Home') to = 0;
  else if (key === 'End') to = last;
  else return null;
  to = clamp(to, 0, last);
  return to === ply ? null : to;
}

/** `progress: [done, total]` as `{done, total, fraction}` (fraction 0..1). */
export function progress(answer) {
  const [done, total] = Array.isArray(answer?.progress) ? answer.progress : [0, 0];
  return { done, total, fraction: total > 0 ? clamp(done / total, 0, 1) : answer?.done ? 1 : 0 };
}

/** A value as a whole percentage: 0.623 → 62. */
export function percent(value) {
  return Math.round(clamp(value, 0, 1) * 100);
}

/**
 * Polls an analysis until it is done: `start(first)` takes the promise of the first answer (the
 * POST), hands every answer to `onUpdate`, and while `done` is false asks `load()` again
 * `interval` ms after the last answer came. An error goes to `onError` and ends the polling.
 * `stop()` ends it (a page left). `timer` is injectable for tests.
 */
export class Poller {
  constructor({ load, onUpdate, onError = () => {}, interval = 1000, timer = null }) {
    this.load = load;
    this.onUpdate = onUpdate;
    this.onError = onError;
    this.interval = interval;
    this.timer = timer || { set: (f, ms) => setTimeout(f, ms), clear: (h) => clearTimeout(h) };
    this.handle = null;
    this.running = false;
    this.generation = 0;
  }

  start(first) {
    this.stop();
    this.running = true;
    const gen = ++this.generation;
    this.take(first, gen);
  }

  async take(promise, gen) {
    let answer;
    try {
      answer = await promise;
    } catch (e) {
      if (gen !== this.generation) return;
      this.running = false;
      this.onError(e);
      return;
    }
    if (gen !== this.generation) return;
    this.onUpdate(answer);
    if (answer && answer.done) {
      this.running = false;
      return;
    }
    this.handle = this.timer.set(() => {
      this.handle = null;
      if (gen === this.generation) this.take(this.load(), gen);
    }, this.interval);
  }

  stop() {
    this.generation++;
    this.running = false;
    if (this.handle !== null) this.timer.clear(this.handle);
    this.handle = null;
  }
}

function clamp(v, lo, hi) {
  return Math.max(lo, Math.min(hi, v));
}

function round(v) {
  return Math.round(v * 100) / 100;
}

/**
 * The seat this browser may ask a hint for in view `v`, or null: a game still played against the
 * computer (one human seat, held here by token in `mine`, every other seat a computer), that
 * seat to move. In a game between people the server refuses hints (409); the button is not shown.
 */
export function hintSeat(v, mine) {
  if (!v || v.outcome || v.to_move === null || v.to_move === undefined) return null;
  const humans = v.seats.filter((s) => s.kind === 'human');
  if (humans.length !== 1) return null;
  if (v.seats.some((s) => s.kind !== 'human' && s.kind !== 'ai')) return null;
  const seat = humans[0].seat;
  if (mine?.[seat] === undefined || v.to_move !== seat) return null;
  return seat;
}
