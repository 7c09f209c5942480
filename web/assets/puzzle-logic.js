// The puzzles' pure logic (no DOM): an attempt's line as it grows (the player's moves and the
// replies the server gives between them), what its answer makes of the page's state, the words
// keys of a goal and an explanation with their values, a rating change as shown, and the clicks
// of the solution's first move. Tested on its own.

/** The goals the API names; anything else is said as `best`. */
export const GOALS = ['win', 'draw', 'margin', 'best'];

/** An attempt at the start: no move made, the player's turn. */
export function attemptStart() {
  return { line: [], phase: 'play', correct: null, done: false, reply: [] };
}

/** The player's `move` sent: the moves to POST are the line so far and it. */
export function attemptMoves(state, move) {
  return [...state.line, move];
}

/**
 * The state after the server's answer to `moves` (`attemptMoves`): the line goes on with the
 * replies given (`going`, the player's turn again), or the attempt is over, `solved` or `failed`.
 */
export function attempted(state, moves, answer) {
  if (!answer.done) {
    return { line: [...moves, ...(answer.reply || [])], phase: 'going', correct: true, done: false, reply: answer.reply || [] };
  }
  return { line: moves, phase: answer.correct ? 'solved' : 'failed', correct: Boolean(answer.correct), done: true, reply: [] };
}

/** Whether the board takes the player's clicks in this state. */
export function canMove(state) {
  return state.phase === 'play' || state.phase === 'going';
}

/** The i18n key of a puzzle's goal: `puzzle.goal.<goal>`. */
export function goalKey(goal) {
  return `puzzle.goal.${GOALS.includes(goal) ? goal : 'best'}`;
}

/**
 * The parts of a margin an explanation names (Triangoli's `cylinders` and `sectors`): every
 * value but those every explanation of its kind has, `[[name, n], …]` in the order given.
 */
export function marginParts(values) {
  return Object.entries(values || {}).filter(([k, v]) => !['legal', 'share', 'next', 'drop', 'move'].includes(k) && Number.isFinite(v));
}

/**
 * How an explanation (`{key, values}`) is said: the key `puzzle.explain.<key>` (`other` for one
 * this page does not know, given in `known`) and its parameters — the values as given, and `n`
 * (which chooses a plural form) the number of legal moves.
 */
export function explainWords(explanation, known = () => true) {
  if (!explanation || typeof explanation.key !== 'string') return null;
  const values = explanation.values || {};
  const key = `puzzle.explain.${explanation.key}`;
  const params = { ...values, n: values.legal ?? values.drop ?? 0 };
  return { key: known(key) ? key : 'puzzle.explain.other', params };
}

/** A rating change as shown: `+12`, `−5` (a real minus sign), `±0`. */
export function signed(change) {
  const d = Math.round(Number(change) || 0);
  if (d > 0) return `+${d}`;
  if (d < 0) return `−${-d}`;
  return '±0';
}

/** The scene ids clicked to make `move` in a position (its `clicks`); [] when it is not there. */
export function clicksOf(clicks, move) {
  return (clicks || []).find((c) => c.move === move)?.clicks || [];
}

/** The seat a goal is for: the puzzle's `to_move` (its solver), as a number, or null. */
export function solverSeat(puzzle) {
  return Number.isInteger(puzzle?.to_move) ? puzzle.to_move : null;
}
