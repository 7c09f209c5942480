// What the game's WebSocket sends, applied to the view the page holds (docs/api.md, "Live
// updates"): a whole view when it connects, then for each change a message saying only what
// changed, and to the seat to move its legal moves. Knows no game: it copies fields, appends
// moves and chat lines, and edits the board's items and facts where the server says.

/**
 * The view `view` becomes with the change message `change`, or null when the change does not
 * apply to it (it is for another version: the page then asks for the whole view).
 */
export function patch(view, change) {
  if (!view || change.base !== view.version) return null;
  const next = { ...view, version: change.version };
  const moves = change.moves || [];
  if (moves.length) {
    next.history = [...view.history, ...moves.map((m) => m.move)];
    next.history_clicks = [...(view.history_clicks || []), ...moves.map((m) => m.clicks)];
    next.history_words = [...(view.history_words || []), ...moves.map((m) => m.words || [])];
    next.movers = [...(view.movers || []), ...moves.map((m) => m.seat)];
  }
  Object.assign(next, change.set || {});
  if (change.board) next.board = patchBoard(view.board, change.board);
  if (change.chat) {
    next.chat = { enabled: change.chat.enabled, messages: [...view.chat.messages, ...change.chat.added] };
  }
  // A change that plays moves or ends the game leaves the legal moves of the version before
  // behind; the mover's come in their own message. One that leaves the position and the mover as
  // they were (a seat taken, a draw offered) keeps them, so the board does not go dead meanwhile.
  const set = change.set || {};
  const samePosition = !moves.length && !('ply' in set) && !('to_move' in set) && !('outcome' in set);
  if (change.version !== view.version && !samePosition) {
    next.legal = [];
    next.clicks = [];
  }
  return next;
}

/** The board `board` with the fields `change` gives replaced, its items and facts edited. */
function patchBoard(board, change) {
  const next = { ...board };
  for (const [key, value] of Object.entries(change)) {
    next[key] = key === 'items' || key === 'facts' ? edit(board[key] || [], value) : value;
  }
  return next;
}

/**
 * The list `list` with `edits` made: each a splice `[at, removed, [entries…]]` or a patch
 * `[at, {field: value…}]` (null removes the field), every index one of the list before any of
 * them, in increasing order: so made from the last to the first.
 */
function edit(list, edits) {
  const next = list.slice();
  for (const [at, second, added] of [...edits].reverse()) {
    if (typeof second === 'object') {
      const entry = { ...next[at] };
      for (const [key, value] of Object.entries(second)) {
        if (value === null) delete entry[key];
        else entry[key] = value;
      }
      next[at] = entry;
    } else {
      next.splice(at, second, ...added);
    }
  }
  return next;
}

/** The view `view` with the legal moves of a `moves` message, or null when it is for another version. */
export function withMoves(view, moves) {
  if (!view || moves.version !== view.version) return null;
  return { ...view, legal: moves.legal, clicks: moves.clicks };
}
