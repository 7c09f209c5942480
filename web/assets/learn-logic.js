// The lessons' pure logic (no DOM, no storage): progress kept in two places (this browser and the
// account) merged, counted and keyed; a step's state as the learner misses, is hinted and shown;
// where passing a step leads; a lesson's words matched to the API's lessons. Tested on its own.

/** The key of a finished lesson: `game/lesson`. */
export function doneKey(entry) {
  return `${entry.game}/${entry.lesson}`;
}

/** Entries `[{game, lesson, at}]` as a Map by key, each lesson once with its first time. */
function byKey(entries) {
  const map = new Map();
  for (const e of entries || []) {
    if (!e || typeof e.game !== 'string' || typeof e.lesson !== 'string') continue;
    const k = doneKey(e);
    const had = map.get(k);
    // Finishing a lesson again keeps its first time (as the server does).
    if (!had || (e.at && (!had.at || e.at < had.at))) map.set(k, { game: e.game, lesson: e.lesson, at: e.at || had?.at || null });
  }
  return map;
}

/**
 * This browser's finished lessons (`local`) and the account's (`account`), both
 * `[{game, lesson, at}]`: `done` the union (each lesson once, its first time), `send` those the
 * account lacks (to POST to it), in the browser's order.
 */
export function mergeDone(local, account) {
  const theirs = byKey(account);
  const all = byKey([...(account || []), ...(local || [])]);
  const send = [...byKey(local).values()].filter((e) => !theirs.has(doneKey(e)));
  return { done: [...all.values()], send };
}

/** `done` with `{game, lesson, at}` added (a lesson finished again keeps its first time). */
export function withDone(done, game, lesson, at) {
  return [...byKey([...(done || []), { game, lesson, at }]).values()];
}

/**
 * How far the learner is: `{done, total}` over every lesson of `listing` (`GET /api/lessons`'s
 * `games`), and the same for each game by its id. Finished lessons the listing lacks (a lesson
 * withdrawn) do not count.
 */
export function counts(games, done) {
  const have = new Set((done || []).map(doneKey));
  const per = {};
  let all = 0;
  let total = 0;
  for (const g of games || []) {
    const n = g.lessons.filter((l) => have.has(`${g.game}/${l.id}`)).length;
    per[g.game] = { done: n, total: g.lessons.length };
    all += n;
    total += g.lessons.length;
  }
  return { done: all, total, games: per };
}

/** Whether lesson `lesson` of `game` is among `done`. */
export function isDone(done, game, lesson) {
  return (done || []).some((e) => e.game === game && e.lesson === lesson);
}

// ---- a step ----

/**
 * A step as the learner meets it: `phase` is `play` (their move), `sending` (a move on its way),
 * `missed` (the board the moves led to, kept until the learner tries again), `showing` ("show
 * me" playing) or `passed`; `misses` counts the misses in this step; `moves` the moves played
 * from the step's start in this try.
 */
export function stepStart() {
  return { phase: 'play', misses: 0, moves: [] };
}

/** The state after the learner's `move` went to the server. */
export function sent(state, move) {
  return { ...state, phase: 'sending', moves: [...state.moves, move] };
}

/**
 * The state after the server's verdict on the moves so far (`passed`, `missed`, `going`); while
 * "show me" plays, its moves go on until it passes.
 */
export function judged(state, status) {
  if (status === 'passed') return { ...state, phase: 'passed' };
  if (state.phase === 'showing' || state.showing) return { ...state, phase: 'showing', showing: true };
  if (status === 'missed') return { ...state, phase: 'missed', misses: state.misses + 1 };
  return { ...state, phase: 'play' };
}

/** A move refused (a stale page, the network): the try goes on from before it. */
export function refused(state) {
  return { ...state, phase: 'play', moves: state.moves.slice(0, -1) };
}

/** Back to the step's start for another try, the misses kept. */
export function again(state) {
  return { phase: 'play', misses: state.misses, moves: [] };
}

/** "Show me" begins: from the step's start, its moves played one by one. */
export function showing(state) {
  return { phase: 'showing', misses: state.misses, moves: [], showing: true };
}

/** The hint is shown after the first miss. */
export function hintShown(state) {
  return state.misses >= 1;
}

/** "Show me" is offered after the second miss (and not while it plays or once passed). */
export function showOffered(state) {
  return state.misses >= 2 && (state.phase === 'play' || state.phase === 'missed');
}

/** Whether the board takes the learner's clicks. */
export function playable(state) {
  return state.phase === 'play';
}

/**
 * Where passing step `index` of a lesson of `steps` steps leads: `{kind: 'step', index}` the next
 * step, `{kind: 'lesson', id}` the next lesson (the API's `next`), `{kind: 'list'}` the list when
 * this was the last lesson.
 */
export function afterPass(index, steps, next) {
  if (index + 1 < steps) return { kind: 'step', index: index + 1 };
  if (next) return { kind: 'lesson', id: next };
  return { kind: 'list' };
}

// ---- words ----

/**
 * The words of lesson `id` (at `index` among its game's) in a words file's table
 * (`{lessons: [{id, title, steps: [{text, goal, hint}]}]}`): the entry with that id, else the
 * one at that place; null when the file has none.
 */
export function lessonWords(table, id, index) {
  const list = Array.isArray(table?.lessons) ? table.lessons : [];
  return list.find((l) => l && l.id === id) || (list[index] && !list[index].id ? list[index] : null);
}

/** A lesson id as a title, for a lesson whose words are not written yet: `first-moves` → `First moves`. */
export function idTitle(id) {
  const words = String(id).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether `id` can name a game or a lesson in a path or a file name (what the server's ids are). */
export function safeId(id) {
  return typeof id === 'string' && /^[a-z0-9][a-z0-9-]*$/.test(id);
}
