// Accounts and ratings, the pure part: the rating pools (as /api/meta lists them), how a rating
// is shown, the points of a rating-history chart, and the seats a guest browser holds (to hand to
// a new account). Pure.

/** The pools of game `id`, from `pools` (`/api/meta`'s, in the house order). */
export function poolsOf(pools, id) {
  return pools.filter((p) => p.game === id).map((p) => p.id);
}

/** The game a pool belongs to and its number of players (null when any), from `pools`. */
export function poolGame(pools, pool) {
  const p = pools.find((q) => q.id === pool);
  return p ? { game: p.game, players: p.players } : { game: pool, players: null };
}

/** The pool of a game of `game` with `players` players, among `pools`; null when none. */
export function poolFor(pools, game, players) {
  return pools.find((p) => p.game === game && (p.players == null || p.players === players))?.id ?? null;
}

/** The ids of `pools` that `ratings` (a profile's, by pool id) has, in the house order. */
export function ratedPools(pools, ratings) {
  const known = pools.map((p) => p.id);
  return known.filter((p) => ratings[p]).concat(Object.keys(ratings).filter((p) => !known.includes(p)));
}

/** A rating as shown: rounded, with "?" while provisional. */
export function ratingText(r, provisional = false) {
  return `${Math.round(r)}${provisional ? '?' : ''}`;
}

/** A valid account name (3–20 letters, digits, `_` or `-`). */
export function validName(name) {
  return /^[A-Za-z0-9_-]{3,20}$/.test(name);
}

/**
 * The chart of `history` (`[[unix ms, rating], …]`) in a `w`×`h` box with `pad` around: `{points:
 * [[x, y], …], min, max}` (ratings at the bottom and top, 50 apart at least). One entry is drawn in
 * the middle; none gives no points.
 */
export function chartPoints(history, w, h, pad = 4) {
  if (!history || !history.length) return { points: [], min: 0, max: 0 };
  const rs = history.map((e) => e[1]);
  let min = Math.min(...rs);
  let max = Math.max(...rs);
  if (max - min < 50) {
    const mid = (max + min) / 2;
    min = mid - 25;
    max = mid + 25;
  }
  const n = history.length;
  const x = (i) => (n === 1 ? w / 2 : pad + (i * (w - 2 * pad)) / (n - 1));
  const y = (r) => pad + ((max - r) * (h - 2 * pad)) / (max - min);
  const round = (v) => Math.round(v * 10) / 10;
  return { points: history.map((e, i) => [round(x(i)), round(y(e[1]))]), min, max };
}

/**
 * The `{id, token}` pairs of the seats this browser plays, from its list of games and the tokens
 * it holds for each (`tokensOf(id)` → `{mine: {seat: token}}`); at most `max`.
 */
export function heldPairs(games, tokensOf, max = 200) {
  const out = [];
  for (const g of games) {
    for (const token of Object.values(tokensOf(g.id).mine || {})) {
      if (out.length < max && !out.some((p) => p.id === g.id && p.token === token)) out.push({ id: g.id, token });
    }
  }
  return out;
}
