// Tournaments, the pure part (docs/api.md, "Tournaments"): the list in its three groups, what the
// viewer may do in a tournament, which tables are the round of the moment and which are past, a
// table's result, and the start time the creation form asks for. Pure: no DOM, no clock of its own.

/** The games a tournament of `system` may be of, among /api/meta's `games`: Swiss ones by two. */
export function gamesFor(games, system) {
  return system === 'swiss' ? games.filter((g) => g.players[0] <= 2 && g.players[1] >= 2) : games;
}

/** The numbers of players at a table a tournament of `system` may have in `game` (/api/meta's). */
export function tableSizes(game, system) {
  if (system === 'swiss') return [2];
  const out = [];
  for (let n = Math.max(2, game.players[0]); n <= Math.min(4, game.players[1]); n++) out.push(n);
  return out;
}

/**
 * The list `GET /api/tournaments` gives, in three groups: `waiting` (the soonest first), `running`
 * (the latest started first) and `finished` (cancelled ones too; the latest ended first).
 */
export function groups(list) {
  const time = (s) => (s ? Date.parse(s) : 0);
  const waiting = list.filter((x) => x.status === 'waiting').sort((a, b) => time(a.starts) - time(b.starts));
  const running = list.filter((x) => x.status === 'running').sort((a, b) => time(b.started) - time(a.started));
  const finished = list.filter((x) => x.status === 'finished' || x.status === 'cancelled')
    .sort((a, b) => time(b.ended || b.starts) - time(a.ended || a.starts));
  return { waiting, running, finished };
}

/** Whether the tournament still takes entrants: before its start, or an arena until its end. */
export function open(tour) {
  return tour.status === 'waiting' || (tour.status === 'running' && tour.system === 'arena');
}

/**
 * What the viewer (`signedIn` or not) may do: `{join, withdraw, start, computer}`. The server
 * decides; these are the buttons worth showing.
 */
export function actions(tour, signedIn) {
  const live = tour.status === 'waiting' || tour.status === 'running';
  return {
    join: signedIn && !tour.joined && open(tour) && tour.entrants < tour.capacity,
    withdraw: signedIn && Boolean(tour.joined) && live,
    start: Boolean(tour.mine) && tour.status === 'waiting',
    computer: Boolean(tour.mine) && open(tour),
  };
}

/**
 * The tables shown: `{current, earlier}`. Swiss: the tables of the last round paired, and the
 * earlier rounds as `[{round, tables}]`, the latest first. Arena: the tables being played, and
 * those done as one group (`round` null), the latest first.
 */
export function tablesShown(tour) {
  const tables = tour.tables || [];
  if (tour.system === 'arena') {
    const current = tables.filter((x) => x.game && !x.places);
    const done = tables.filter((x) => !(x.game && !x.places)).slice().sort((a, b) => b.round - a.round || a.table - b.table);
    return { current, earlier: done.length ? [{ round: null, tables: done }] : [] };
  }
  const round = tour.round || 0;
  const current = tables.filter((x) => x.round === round).sort((a, b) => a.table - b.table);
  const earlier = [];
  for (let r = round - 1; r >= 1; r--) {
    const those = tables.filter((x) => x.round === r).sort((a, b) => a.table - b.table);
    if (those.length) earlier.push({ round: r, tables: those });
  }
  return { current, earlier };
}

/** Whether `table` is a bye: one player and no game. */
export function isBye(table) {
  return !table.game && table.players.length === 1;
}

/**
 * The result of a finished two-player table as a score ("1–0", "0–1", "½–½"), or null: a table in
 * play, a bye, or a table of more players (their places are shown instead).
 */
export function score(table) {
  if (!table.places || table.players.length !== 2 || !table.game) return null;
  const [a, b] = table.places;
  if (a === b) return '½–½';
  return a < b ? '1–0' : '0–1';
}

/**
 * When the creation form's choice starts the tournament, as RFC 3339 (whole seconds, UTC):
 * `choice` is a number of minutes from `now` (ms since the epoch), or `'at'` with `local` the
 * value of a datetime-local field ("2025-05-01T18:30"), read in this browser's time zone. Null
 * for an `'at'` without a readable time.
 */
export function startsAt(choice, now, local = '') {
  let ms;
  if (choice === 'at') {
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(local || '')) return null;
    ms = new Date(local).getTime();
    if (Number.isNaN(ms)) return null;
  } else {
    ms = now + Number(choice) * 60000;
  }
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A number of points as the reader's language writes it: "2", "2.5", "2,5". */
export function points(x, locale = 'en') {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(x ?? 0);
}
