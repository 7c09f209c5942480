// Who sits where and what this browser may do about the others, from the view and the tokens it
// holds (`mine`: {seat: token}): names, the seats it acts for, take-back requests, draw offers,
// resigning, rematches, chat, and whether it just became its turn. Pure: no DOM, and no rule of
// any game — everything comes from the view (docs/api.md).

import { seatName } from './games.js';
import { t } from './i18n.js';

/** A name is 1–24 characters once trimmed (docs/api.md, "Names"). */
export const NAME_MAX = 24;
/** A chat message is 1–200 characters once trimmed. */
export const CHAT_MAX = 200;
/** What the tab title starts with while it is this browser's turn. */
export const TURN_MARK = '(●) ';

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

/** The words for `seat` of `view`: the person's name where it has one, else the seat's own name. */
export function seatLabel(view, seat) {
  // A deleted account's seat: its old name is gone for good.
  if (view.seats?.[seat]?.deleted) return t('who.deleted');
  const name = view.seats?.[seat]?.name;
  return typeof name === 'string' && name !== '' ? name : seatName(view.game, seat);
}

/**
 * A name as typed: `{ok: true, name}` with the trimmed name, or null for none (left empty), or
 * `{ok: false}` for one the server would refuse (too long, a control or format character).
 */
export function cleanName(text) {
  const name = String(text ?? '').trim();
  if (name === '') return { ok: true, name: null };
  if ([...name].length > NAME_MAX || CONTROL_OR_FORMAT.test(name)) return { ok: false, name: null };
  return { ok: true, name };
}

/** A chat message as typed: the trimmed text, or null when there is nothing to send or too much. */
export function cleanChat(text) {
  const s = String(text ?? '').trim();
  if (s === '' || [...s].length > CHAT_MAX || /\p{Cc}/u.test(s)) return null;
  return s;
}

/**
 * Seats of `view` this browser plays and still acts for (a seat that resigned or ran out of time
 * is the computer's).
 */
export function heldSeats(view, mine) {
  return view.seats.filter((s) => mine[s.seat] !== undefined && !s.resigned && !s.out_of_time).map((s) => s.seat);
}

/** Whether `view` waits for a move of a seat this browser plays. */
export function myTurn(view, mine) {
  return Boolean(view) && !view.outcome && view.to_move != null && heldSeats(view, mine).includes(view.to_move);
}

/**
 * Whether the turn came to this browser between views `old` and `view` (none on first load): it
 * was another's turn, or others moved in between (a socket that fell behind skips views).
 */
export function becameMyTurn(old, view, mine) {
  if (!old || !myTurn(view, mine)) return false;
  if (!myTurn(old, mine)) return true;
  if (view.ply <= old.ply || !Array.isArray(view.movers)) return false;
  const held = heldSeats(view, mine);
  return view.movers.slice(old.ply).some((s) => !held.includes(s));
}

/** The tab title: `base`, marked while it is this browser's turn. */
export function pageTitle(base, turn) {
  return turn ? TURN_MARK + base : base;
}

/**
 * The seat this browser acts for when it must pick one (resigning, offering a draw, chatting):
 * the seat to move if it plays it, else `preferred` (the seat in the address), else its first.
 */
export function actingSeat(view, mine, preferred = null) {
  const held = heldSeats(view, mine);
  if (!held.length) return null;
  if (!view.outcome && held.includes(view.to_move)) return view.to_move;
  if (held.includes(preferred)) return preferred;
  return held[0];
}

/**
 * The seat to ask a take-back for: of the seats this browser plays, the one that moved last (its
 * take-back removes the fewest moves); null when none has moved or the view does not allow one.
 */
export function undoSeat(view, mine, preferred = null) {
  if (!view.undo) return null;
  const held = heldSeats(view, mine);
  if (!Array.isArray(view.movers)) return actingSeat(view, mine, preferred);
  let seat = null;
  view.movers.forEach((s) => {
    if (held.includes(s)) seat = s;
  });
  return seat;
}

/**
 * Whether taking back `seat`'s last turn would remove a move of another person (so it is a
 * request to them rather than done at once), as far as the view's `movers` tell.
 */
export function undoAsks(view, seat) {
  const movers = Array.isArray(view.movers) ? view.movers : [];
  let start = movers.lastIndexOf(seat);
  if (start < 0) return false;
  while (start > 0 && movers[start - 1] === seat) start -= 1;
  return movers.slice(start).some((s) => s !== seat && view.seats[s]?.kind === 'human');
}

/**
 * A pending take-back request as this browser sees it: who asks, how many moves it takes back,
 * the seats still to answer, the ones of those this browser answers for, and whether it may
 * withdraw it. Null when none is pending.
 */
export function takebackState(view, mine) {
  const r = view.takeback;
  if (!r) return null;
  const accepted = r.accepted || [];
  const pending = (r.waiting || []).filter((s) => !accepted.includes(s));
  return {
    by: r.by,
    moves: Math.max(0, view.ply - r.from),
    pending,
    answer: pending.filter((s) => mine[s] !== undefined),
    withdraw: mine[r.by] !== undefined,
  };
}

/**
 * Draws by agreement, in a game of two people: `{by, offer, accept, withdraw}` — the seat that
 * offers one (or null), and the seat this browser would offer, accept or withdraw as (or null).
 * Null when the game is not one of two people still playing.
 */
export function drawState(view, mine, preferred = null) {
  if (view.outcome || view.players !== 2 || view.seats.length !== 2) return null;
  if (!view.seats.every((s) => s.kind === 'human' && s.taken !== false && !s.resigned)) return null;
  const held = heldSeats(view, mine);
  const by = view.draw_offer ?? null;
  const other = held.find((s) => s !== by);
  return {
    by,
    offer: by === null ? actingSeat(view, mine, preferred) : null,
    accept: by !== null && other !== undefined ? other : null,
    withdraw: by !== null && held.includes(by) && other === undefined ? by : null,
  };
}

/** The seat this browser would resign for, or null (game over, or it plays no seat still). */
export function resignSeat(view, mine, preferred = null) {
  return view.outcome ? null : actingSeat(view, mine, preferred);
}

/**
 * What the result box offers about a rematch: `start` one, `join` the one another player started,
 * `go` to the one this browser is in already (`joined`: its seat there, or null), `watch` it (a
 * spectator), or null (game not over, or nothing to offer).
 */
export function rematchAction(view, mine, joined = null) {
  if (!view.outcome) return null;
  const player = Object.keys(mine).length > 0;
  if (view.rematch && joined !== null) return 'go';
  if (player) return view.rematch ? 'join' : 'start';
  return view.rematch ? 'watch' : null;
}

/**
 * The chat as this browser sees it: whether it is on, its messages, the seat it writes as (null:
 * it only reads), and whether it may turn the chat on or off (it plays the creator's seat).
 */
export function chatState(view, mine, preferred = null) {
  const chat = view.chat || { enabled: true, messages: [] };
  const held = Object.keys(mine).map(Number).filter((s) => s < view.seats.length).sort((a, b) => a - b);
  let writer = null;
  if (held.includes(preferred)) writer = preferred;
  else if (held.includes(view.to_move)) writer = view.to_move;
  else if (held.length) writer = held[0];
  return {
    enabled: chat.enabled !== false,
    messages: chat.messages || [],
    writer: chat.enabled !== false ? writer : null,
    player: held.length > 0,
    toggle: view.creator != null && mine[view.creator] !== undefined,
  };
}

/** The tokens to send on the game's socket to be shown present: one per seat still played. */
export function presenceTokens(view, mine) {
  return [...new Set(heldSeats(view, mine).map((s) => mine[s]))];
}

/**
 * The i18n key that says how a game ended other than by the rules, or null (`result.reason.time`
 * takes `{seats}`: who ran out of time).
 */
export function reasonKey(outcome) {
  const r = outcome && outcome.reason;
  return r === 'resignation' || r === 'agreement' || r === 'time' ? `result.reason.${r}` : null;
}

/** Whether a message from the game's socket is an error rather than a view. */
export function socketError(message) {
  return Boolean(message) && typeof message === 'object' && 'error' in message && !('seats' in message);
}

/**
 * Whether the page takes view `v` in place of `shown`, the one rule for every view whichever way
 * it came: by the game's version (one more with each change, a take-back too). The socket's views
 * come in order, and one at the same version says who is present; a request's answer (`http`) at
 * the version shown is the view the socket brought already.
 */
export function takes(shown, v, source) {
  if (!shown) return true;
  return source === 'ws' ? v.version >= shown.version : v.version > shown.version;
}
