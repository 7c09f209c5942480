// The click logic of the game page, with no DOM and no game rules: the server lists each legal
// move with the scene ids clicked to make it (`view.clicks`); the page keeps the prefix clicked so
// far, offers the ids that extend it, and submits a move once its whole sequence is clicked.

/** The legal moves whose click sequence starts with `prefix`. */
export function matching(clicks, prefix) {
  return clicks.filter(
    (c) => c.clicks.length >= prefix.length && prefix.every((id, i) => c.clicks[i] === id),
  );
}

/** The ids that extend `prefix` by one click, in the order they first appear. */
export function extensions(clicks, prefix) {
  const ids = new Set();
  for (const c of matching(clicks, prefix)) {
    if (c.clicks.length > prefix.length) ids.add(c.clicks[prefix.length]);
  }
  return ids;
}

/**
 * What a click on `id` does after `prefix`:
 * - `{kind: "complete", move, prefix}`: the sequence is a whole legal move, to submit;
 * - `{kind: "extend", prefix}`: a longer prefix, more clicks needed;
 * - `{kind: "refused"}`: no legal move continues this way (the prefix stays as it was).
 */
export function step(clicks, prefix, id) {
  const next = [...prefix, id];
  const candidates = matching(clicks, next);
  if (candidates.length === 0) return { kind: 'refused' };
  const whole = candidates.find((c) => c.clicks.length === next.length);
  if (whole) return { kind: 'complete', move: whole.move, prefix: next };
  return { kind: 'extend', prefix: next };
}

/**
 * How many more clicks the moves matching `prefix` need: `{min, max}` (equal when every
 * continuation has the same length), or null when nothing matches.
 */
export function remaining(clicks, prefix) {
  const lens = matching(clicks, prefix).map((c) => c.clicks.length - prefix.length);
  if (lens.length === 0) return null;
  return { min: Math.min(...lens), max: Math.max(...lens) };
}

/** How often each id occurs in `prefix` (an id may be clicked more than once, e.g. exchanges). */
export function chosen(prefix) {
  const counts = new Map();
  for (const id of prefix) counts.set(id, (counts.get(id) || 0) + 1);
  return counts;
}

/**
 * The ids extending `prefix` that no scene item carries: actions shown as buttons
 * (`pass`, `end`, …). `itemIds` is the set of ids the scene's items carry.
 */
export function buttons(clicks, prefix, itemIds) {
  return [...extensions(clicks, prefix)].filter((id) => !itemIds.has(id));
}

/**
 * Checks the rule the engines promise: no legal move's sequence is a proper prefix of another's,
 * and no two moves share a sequence. Returns the offending pairs (empty when all is well).
 */
export function conflicts(clicks) {
  const bad = [];
  for (let i = 0; i < clicks.length; i++) {
    for (let j = 0; j < clicks.length; j++) {
      if (i === j) continue;
      const a = clicks[i].clicks;
      const b = clicks[j].clicks;
      if (a.length <= b.length && a.every((id, k) => b[k] === id) && (a.length < b.length || i < j)) {
        bad.push([clicks[i].move, clicks[j].move]);
      }
    }
  }
  return bad;
}
