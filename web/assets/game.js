// The game page: the board, whose turn it is, the step-by-step click guidance, the players with
// their names, presence, reserves and scores, the move list and replay slider, the result with its
// rematch, what the players ask each other (take-backs, draws), the chat, and the tools (undo,
// resign, draw offer, alerts, record download, invite links), and each seat's clock ticking
// between views. Live through the game's WebSocket.

import * as api from './api.js';
import * as store from './store.js';
import * as account from './account.js';
import { h, icon, replaceChildren, toast, copyText } from './dom.js';
import { t, has, lang } from './i18n.js';
import { Board } from './board.js';
import { step, extensions, chosen, matching } from './clicks.js';
import { seatName, describe, hint, gameName, sayMove } from './games.js';
import { moveActions } from './move-actions.js';
import { endWhy, resultDetails, resultMarks, scoreText } from './result.js';
import { factText, factHelp, legend } from './facts.js';
import {
  seatLabel, cleanName, heldSeats, myTurn, becameMyTurn, pageTitle, undoSeat, undoAsks,
  takebackState, drawState, resignSeat, rematchAction, chatState, presenceTokens, reasonKey,
  socketError, takes,
} from './people.js';
import { ChatPanel } from './chat.js';
import { offerBoxes } from './offers.js';
import * as alerts from './alerts.js';
import { seatClocks, formatClock, controlText, controlLong, outOfTime } from './clock.js';
import { AnalysisPanel, HintPanel, markTitle } from './analysis-panel.js';
import { stepKey } from './analysis.js';
import { turns, recentTurns } from './turns.js';
import { patch, withMoves } from './wire.js';
import { reportButton } from './safety.js';
import { gameUrl, inviteUrl, swatch } from './links.js';
import { Live } from './live.js';

export function mountGame(main, { id, query, navigate }) {
  const page = new GamePage(main, id, query, navigate);
  page.start();
  return page;
}

class GamePage {
  constructor(main, id, query, navigate) {
    this.main = main;
    this.id = id;
    this.navigate = navigate || ((url) => location.assign(url));
    this.view = null; // the live view
    this.shown = null; // the view on the board: the live one, or a past one while replaying
    this.replayPly = null; // null: live; else the ply shown
    this.replayCache = new Map();
    this.prefix = [];
    this.afterMine = null; // the ply after this browser's last move, for "Played: …"
    this.busy = false; // a move on its way
    this.asking = false; // a take-back, draw, resignation or rematch on its way
    this.confirmResign = false;
    this.joinNames = {}; // names typed beside open seats
    this.connected = false;
    this.closed = false;
    this.arrived = 0; // performance.now() when the live view arrived: its clocks count from then
    this.clockTimer = null;
    const seat = query.get('seat');
    const token = query.get('token');
    // A seat's link opened here (not one this browser handed out): a signed-in friend's account
    // takes the seat (adopt), so the game is theirs by name and in their games on every device.
    if (seat !== null && token && store.tokens(id).invites[Number(seat)] !== token) {
      this.adopting = { seat: Number(seat), token };
    }
    if (seat !== null && token) store.addMine(id, Number(seat), token);
    this.urlSeat = seat !== null ? Number(seat) : null;
    // Once stored, the token leaves the address bar (and so the history).
    if (token) history.replaceState(null, '', gameUrl(id, this.urlSeat));
    this.onKey = (e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
    this.chat = new ChatPanel({ send: (text) => this.say(text), toggle: (on) => this.switchChat(on) });
    this.tour = null; // the socket of this game's tournament, once the game is over
    this.next = null; // {game, seat}: the viewer's next game in that tournament, once it started
  }

  get tokens() {
    return store.tokens(this.id);
  }

  async start() {
    this.main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
    try {
      const v = await api.getView(this.id);
      this.build(v);
      this.apply(v, 'http');
      if (Object.keys(this.tokens.mine).length) store.rememberGame(this.id, v.game);
      this.connect();
      this.adopt();
    } catch (e) {
      this.main.replaceChildren(
        h('section', { class: 'card error-page' },
          h('h1', {}, e.status === 404 ? t('game.not-found') : t('error.generic')),
          h('p', {}, e.message),
          h('p', {}, h('a', { href: '/', 'data-link': true }, t('nav.home')))),
      );
    }
  }

  /**
   * Signed in or out: the players drawn again (a report button beside others' names), a seat's
   * link waiting for an account taken, and the tournament followed.
   */
  account() {
    if (this.view) this.render();
    this.adopt();
    this.followTournament();
  }

  /**
   * The seat of a link opened here goes to the signed-in account (`POST /api/me/games`), said
   * in a toast; a seat that is another account's already (409), or no account, leaves it as it is.
   */
  async adopt() {
    const a = this.adopting;
    if (!a || !this.view || !account.known()) return;
    this.adopting = null;
    if (!account.me()) return;
    try {
      await api.claimGames([{ id: this.id, token: a.token }]);
    } catch (e) {
      // Another account's seat (409), or a token no longer good (403): nothing to say. Anything
      // else is worth knowing.
      if (e.status !== 409 && e.status !== 403) toast(e.message);
      return;
    }
    if (this.closed) return;
    store.rememberGame(this.id, this.view.game);
    toast(t('invite.adopted', { seat: seatName(this.view.game, a.seat) }));
    this.reload();
  }

  /**
   * Once a tournament's game is over, its socket: when the viewer's next game of the tournament
   * starts, they are told here at once — a notice with a link to their seat, the alert's sound
   * and notification as they chose — as the tournament's page would send them to it.
   */
  followTournament() {
    const v = this.view;
    if (this.tour || this.closed || !v?.tournament || !v.outcome || !account.me()) return;
    this.tour = new Live({
      url: () => api.tournamentSocketUrl(v.tournament),
      message: (m) => {
        if (m.type === 'started' && m.game !== this.id) this.nextGame(m);
      },
    });
  }

  /** The viewer's next game of the tournament started: its seat's token, then the notice. */
  async nextGame({ game, seat }) {
    if (this.next?.game === game) return;
    if (store.tokens(game).mine[seat] === undefined) {
      try {
        store.addMine(game, seat, (await api.myGame(game)).token);
      } catch {
        return;
      }
    }
    // Not remembered among this browser's games until opened: the tournament's page, if the
    // person goes there instead, still takes them to it.
    if (this.closed) return;
    this.next = { game, seat };
    alerts.yourTurn(t('tournament.next.title'), t('tournament.next.banner'));
    this.render();
  }

  /** The notice of the viewer's next game of the tournament, with a link to it. */
  renderNext() {
    const el = this.els.next;
    const n = this.next;
    el.hidden = !n;
    if (!n) {
      el.replaceChildren();
      return;
    }
    replaceChildren(el,
      h('span', {}, t('tournament.next.banner')), ' ',
      h('a', { class: 'button primary small', href: gameUrl(n.game, n.seat), 'data-link': true, 'data-test': 'next-game-link' }, t('tournament.playing.go')));
  }

  unmount() {
    this.closed = true;
    this.tour?.close();
    document.removeEventListener('keydown', this.onKey);
    clearTimeout(this.replayTimer);
    clearInterval(this.clockTimer);
    if (this.analysis) this.analysis.stop();
    this.live?.close();
  }

  relabel() {
    if (!this.view) return;
    const v = this.view;
    this.build(v);
    this.render();
  }

  // ---- live updates ----

  /** The game live: with the version this page has, the server sends only what it missed. */
  connect() {
    if (this.closed) return;
    this.live = new Live({
      url: () => api.socketUrl(this.id, this.view?.version),
      message: (m) => {
        // A token the server did not know: the socket stays open for watching.
        if (socketError(m)) return;
        try {
          this.take(m);
        } catch {
          // A message that is not a view: ignore it.
        }
      },
      state: (open) => {
        this.connected = open;
        this.announced = new Set();
        if (open) this.announce();
        this.renderStatus();
      },
    });
  }

  /** Tells the server, on the socket, which seats this browser plays: they show as present. */
  announce() {
    if (!this.live?.open || !this.view) return;
    for (const token of presenceTokens(this.view, this.tokens.mine)) {
      if (this.announced.has(token)) continue;
      this.live.send({ token });
      this.announced.add(token);
    }
  }

  /**
   * Takes a message of the socket: a whole view, a change to the view held (when it is for
   * another version, the whole view is asked for), or the legal moves of this page's seat.
   */
  take(message) {
    if (message.type === 'change') {
      const next = patch(this.view, message);
      if (next) this.apply(next, 'ws');
      else if (!this.view || message.version > this.view.version) this.reload();
    } else if (message.type === 'moves') {
      const next = withMoves(this.view, message);
      if (next) this.apply(next, 'ws');
    } else {
      this.apply(message, 'ws');
    }
  }

  /** Asks for the whole view (the socket's changes were for a version this page missed). */
  async reload() {
    try {
      this.apply(await api.getView(this.id), 'http');
    } catch {
      // The socket's next change, or its reconnection, tries again.
    }
  }

  /**
   * Takes a view, from the socket (`ws`) or a request's answer (`http`), by the one rule of
   * `takes`: so the view of my own move, which comes both ways, is taken once.
   */
  apply(v, source) {
    const old = this.view;
    if (!takes(old, v, source)) {
      // Nothing newer; redraw for what changed here (busy).
      this.render();
      return;
    }
    const sameLine =
      old && v.history.length >= old.history.length && old.history.every((m, i) => v.history[i] === m);
    if (!sameLine) this.replayCache.clear();
    if (!old || v.ply !== old.ply || !sameLine) this.prefix = [];
    if (!sameLine) this.afterMine = null;
    if (matching(v.clicks, this.prefix).length === 0) this.prefix = [];
    this.view = v;
    this.arrived = performance.now();
    this.flagAsked = false;
    if (this.replayPly !== null && this.replayPly >= v.ply) this.replayPly = null;
    if (this.replayPly === null) this.shown = v;
    if (becameMyTurn(old, v, this.tokens.mine)) {
      alerts.yourTurn(t('alerts.title'), t('alerts.body', { game: gameName(v.game, v.name) }));
    }
    this.render();
  }

  /** The label of `seat`: its player's name, else the seat's name. */
  label(seat) {
    return this.view ? seatLabel(this.view, seat) : seatName('', seat);
  }

  // ---- what this browser may do ----

  /** The token to move with now, or null. */
  moveToken() {
    const v = this.view;
    if (!v || v.to_move === null || v.outcome) return null;
    if (!heldSeats(v, this.tokens.mine).includes(v.to_move)) return null;
    return this.tokens.mine[v.to_move] ?? null;
  }

  /**
   * What the others played since this browser's last move, each player's moves after their name
   * (a turn may be several moves): from the view's `movers` where the server gives them, else
   * since the last move sent from this page. At most the last eight moves, after an ellipsis
   * where earlier ones are left out.
   */
  news(v) {
    let from = this.afterMine != null && v.ply > this.afterMine ? this.afterMine : v.ply;
    if (Array.isArray(v.movers)) {
      const mine = this.tokens.mine;
      from = 0;
      v.movers.forEach((seat, i) => {
        if (mine[seat] !== undefined) from = i + 1;
      });
    }
    // Each turn after its player's name, since a turn may be several moves: shown as written
    // and in words, said to screen readers in words alone.
    const recent = recentTurns(v.movers, from, v.ply);
    const lines = recent.turns.map((turn) => {
      const who = turn.seat === null ? '' : `${this.label(turn.seat)}: `;
      const written = turn.plies.map((i) => v.history[i]).join(', ');
      const worded = this.turnWords(v, turn);
      return { shown: who + written + (worded ? ` — ${worded}` : ''), said: who + (worded || written) };
    });
    const cut = recent.cut ? ['…'] : [];
    return { shown: [...cut, ...lines.map((l) => l.shown)], words: [...cut, ...lines.map((l) => l.said)] };
  }

  /** Move `i` of the view `v` in words, or as written where the game says it in none. */
  moveWords(v, i) {
    return sayMove(v.history_words?.[i], (seat) => this.label(seat)) ?? v.history[i];
  }

  /** The moves of `turn` (`{seat, plies}`) of the view `v` in words, or '' where the game says none. */
  turnWords(v, turn) {
    return turn.plies.map((i) => sayMove(v.history_words?.[i], (seat) => this.label(seat))).filter(Boolean).join('; ');
  }

  interactive() {
    return this.replayPly === null && !this.busy && this.moveToken() !== null;
  }

  // ---- clicks ----

  activate(id) {
    if (!this.interactive()) {
      this.refuse();
      return;
    }
    const r = step(this.view.clicks, this.prefix, id);
    if (r.kind === 'refused') {
      toast(t('refused'), 'error');
      return;
    }
    this.prefix = r.prefix;
    if (r.kind === 'complete') this.submit(r.move);
    else this.render();
  }

  refuse() {
    const v = this.view;
    if (this.replayPly !== null) toast(t('refused.replay'), 'error');
    else if (v.outcome) toast(t('refused.over'), 'error');
    else if (this.busy) toast(t('refused.busy'), 'error');
    else if (!Object.keys(this.tokens.mine).length) toast(t('refused.spectator'), 'error');
    else if (this.moveToken() === null) toast(t('refused.turn'), 'error');
    else toast(t('refused'), 'error');
  }

  async submit(move) {
    const token = this.moveToken();
    this.busy = true;
    this.render();
    try {
      const v = await api.playMove(this.id, token, move, this.view.ply);
      this.busy = false;
      this.prefix = [];
      this.afterMine = v.ply;
      this.apply(v, 'http');
    } catch (e) {
      this.busy = false;
      this.prefix = [];
      if (e.status === 409) {
        toast(t('error.stale'), 'error');
        try {
          this.apply(await api.getView(this.id), 'http');
        } catch {
          this.render();
        }
      } else {
        toast(e.message || t('error.generic'), 'error');
        this.render();
      }
    }
  }

  back() {
    this.prefix = this.prefix.slice(0, -1);
    this.render();
  }

  clear() {
    this.prefix = [];
    this.render();
  }

  key(e) {
    if (e.target.closest && e.target.closest('input, textarea, select')) return;
    // ←/→/Home/End step through the plies while the analysis board is open (the only keys for it).
    if (this.view && !e.defaultPrevented && this.analysis?.key(e, this.replayPly ?? this.view.ply, this.view.ply)) {
      e.preventDefault();
      return;
    }
    // The same keys step through the replay (the board's own arrow keys move between its items).
    const inBoard = e.target.closest && e.target.closest('svg.board');
    if (this.view && !e.defaultPrevented && !inBoard && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const to = stepKey(e.key, this.replayPly ?? this.view.ply, this.view.ply);
      if (to !== null) {
        this.showPly(to);
        e.preventDefault();
        return;
      }
    }
    if (e.key === 'Escape' && this.prefix.length) {
      this.clear();
      e.preventDefault();
    } else if (e.key === 'Backspace' && this.prefix.length) {
      this.back();
      e.preventDefault();
    }
  }

  // ---- what the players ask each other ----

  /** Sends a request `call()` answered by a view; `done(view)` is what to say after, if anything. */
  async ask(call, done) {
    if (this.asking) return false;
    this.asking = true;
    this.render();
    try {
      const v = await call();
      this.asking = false;
      this.apply(v, 'http');
      const said = done ? done(v) : null;
      if (said) toast(said);
      return true;
    } catch (e) {
      this.asking = false;
      toast(e.message || t('error.generic'), 'error');
      this.render();
      return false;
    }
  }

  /**
   * Takes back this browser's last turn: at once when that removes only its own moves and the
   * computer's, else as a request to the others whose moves it would remove.
   */
  undo() {
    const seat = undoSeat(this.view, this.tokens.mine, this.urlSeat);
    if (seat === null) return;
    return this.ask(() => api.undo(this.id, this.tokens.mine[seat]),
      (v) => (v.takeback ? t('takeback.asked') : t('undo.done')));
  }

  answerTakeback(seat, accept) {
    const token = this.tokens.mine[seat];
    if (!token) return;
    return this.ask(() => api.answerUndo(this.id, token, accept),
      (v) => (accept && !v.takeback ? t('undo.done') : null));
  }

  offerDraw() {
    const state = drawState(this.view, this.tokens.mine, this.urlSeat);
    if (!state || state.offer === null) return;
    return this.ask(() => api.draw(this.id, this.tokens.mine[state.offer], true), () => t('draw.sent'));
  }

  answerDraw(seat, accept) {
    const token = this.tokens.mine[seat];
    if (!token) return;
    return this.ask(() => api.draw(this.id, token, accept));
  }

  resign() {
    const seat = resignSeat(this.view, this.tokens.mine, this.urlSeat);
    this.confirmResign = false;
    if (seat === null) return;
    return this.ask(() => api.resign(this.id, this.tokens.mine[seat]), () => t('resign.done'));
  }

  /** Sends a chat message as the seat this browser writes as; whether it was taken. */
  async say(text) {
    const state = chatState(this.view, this.tokens.mine, this.urlSeat);
    if (state.writer === null) return false;
    try {
      this.apply(await api.chat(this.id, this.tokens.mine[state.writer], text), 'http');
      return true;
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
      return false;
    }
  }

  async switchChat(enabled) {
    const token = this.tokens.mine[this.view.creator];
    if (!token) return false;
    try {
      this.apply(await api.setChat(this.id, token, enabled), 'http');
      return true;
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
      return false;
    }
  }

  /**
   * Starts the rematch, or joins the one another player started: every seat this browser plays
   * gets its seat there (and each invite link it handed out a new one); then to the new game.
   */
  async rematch() {
    const { mine, invites } = this.tokens;
    const seats = Object.keys(mine).map(Number);
    if (!seats.length || this.asking) return;
    const order = seats.includes(this.urlSeat) ? [this.urlSeat, ...seats.filter((s) => s !== this.urlSeat)] : seats;
    this.asking = true;
    this.render();
    try {
      let first = null;
      for (const s of order) {
        const r = await api.rematch(this.id, mine[s]);
        store.addMine(r.id, r.seat, r.token);
        if (first === null) first = r;
      }
      for (const token of Object.values(invites)) {
        try {
          const r = await api.rematch(this.id, token);
          store.addInvite(r.id, r.seat, r.token);
        } catch {
          // The friend can still ask for it with their own link.
        }
      }
      store.rememberGame(first.id, this.view.game);
      this.asking = false;
      this.navigate(gameUrl(first.id, first.seat));
    } catch (e) {
      this.asking = false;
      toast(e.message || t('error.generic'), 'error');
      this.render();
    }
  }

  /** A new game of the same kind, this browser first, the computer in every other seat. */
  async againstComputer() {
    const v = this.view;
    if (this.asking) return;
    const ai = v.seats.find((s) => s.kind === 'ai' && !s.resigned && s.level);
    const level = ai ? ai.level : 'medium';
    // Under the name this browser goes by, else the one it had in this game.
    const mine = Object.keys(this.tokens.mine).map(Number);
    const own = mine.includes(this.urlSeat) ? this.urlSeat : mine[0];
    const name = cleanName(store.defaultName() || (own !== undefined ? v.seats[own]?.name : '')).name;
    const seats = v.seats.map((s, i) => (i === 0 ? (name ? { kind: 'human', name } : { kind: 'human' }) : { kind: 'ai', level }));
    this.asking = true;
    this.render();
    try {
      const spec = { game: v.game, variant: v.variant, players: v.players, seats };
      if (v.clock) spec.clock = v.clock;
      const r = await api.createGame(spec);
      for (const { seat, token } of r.seats) store.addMine(r.id, seat, token);
      store.rememberGame(r.id, v.game);
      this.asking = false;
      this.navigate(gameUrl(r.id, 0));
    } catch (e) {
      this.asking = false;
      toast(e.message || t('error.generic'), 'error');
      this.render();
    }
  }

  /** The name to take an open seat under: this browser's (a signed-in player's is the account's). */
  defaultJoinName() {
    return account.me() ? '' : store.defaultName();
  }

  async join(seat) {
    const typed = cleanName(this.joinNames[seat] ?? this.defaultJoinName());
    if (!typed.ok) {
      toast(t('name.invalid'), 'error');
      return;
    }
    try {
      const r = await api.joinGame(this.id, seat, typed.name);
      if (typed.name) store.setDefaultName(typed.name);
      store.addMine(this.id, r.seat, r.token);
      store.rememberGame(this.id, this.view.game);
      this.urlSeat = r.seat;
      history.replaceState(null, '', gameUrl(this.id, r.seat));
      toast(t('join.done', { seat: seatName(this.view.game, r.seat) }));
      this.announce();
      this.render();
    } catch (e) {
      toast(e.status === 401 ? t('join.signin') : e.message || t('error.generic'), 'error');
    }
  }

  // ---- replay ----

  showPly(ply) {
    const v = this.view;
    ply = Math.max(0, Math.min(v.ply, ply));
    if (ply === v.ply) {
      this.replayPly = null;
      this.shown = v;
      this.render();
      return;
    }
    this.replayPly = ply;
    this.render();
    clearTimeout(this.replayTimer);
    this.replayTimer = setTimeout(() => this.loadPly(ply), 80);
  }

  async loadPly(ply) {
    let past = this.replayCache.get(ply);
    if (!past) {
      try {
        past = await api.getViewAt(this.id, ply);
      } catch (e) {
        toast(e.message, 'error');
        return;
      }
      this.replayCache.set(ply, past);
    }
    if (this.replayPly === ply) {
      this.shown = past;
      this.render();
    }
  }

  // ---- drawing ----

  /** Builds the page's fixed frame for the game of view `v`. */
  build(v) {
    const game = v.game;
    this.board = this.board || new Board({
      onActivate: (id) => this.activate(id),
      onRefused: () => this.refuse(),
      describe: (item) => describe(game, item),
    });
    this.board.el.dataset.game = game;
    this.analysis = this.analysis || new AnalysisPanel({ id: this.id, show: (ply) => this.showPly(ply), label: (seat) => this.label(seat), changed: () => this.render() });
    this.hints = this.hints || new HintPanel({ id: this.id });
    this.boardKey = null; // its words are redrawn in the language now chosen
    this.board.el.setAttribute('aria-label', t('board.label', { game: gameName(v.game, v.name) }));
    this.els = {
      head: h('div', { class: 'game-head' }),
      next: h('section', { class: 'tour-playing next-game', role: 'status', hidden: true, 'data-test': 'next-game' }),
      banner: h('section', { class: 'result', 'aria-live': 'polite', hidden: true, 'data-test': 'result' }),
      clocks: h('div', { class: 'clock-bar', 'data-test': 'clock-bar', hidden: true }),
      status: h('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-test': 'status' }),
      // The computer thinking: a spinner and the seconds since its turn began (kept out of the
      // live region, which would otherwise be read out every second).
      thinking: h('p', { class: 'thinking', 'aria-hidden': 'true', 'data-test': 'thinking', hidden: true },
        h('span', { class: 'spinner' }), h('span', { class: 'elapsed' })),
      offers: h('div', { class: 'offers', 'aria-live': 'polite', 'data-test': 'offers' }),
      actions: h('div', { class: 'actions', 'data-test': 'actions' }),
      replay: h('div', { class: 'replay' }),
      players: h('section', { class: 'players card', 'aria-labelledby': 'players-h' }),
      moves: h('section', { class: 'moves card', 'aria-labelledby': 'moves-h' }),
      tools: h('section', { class: 'tools card', 'aria-labelledby': 'tools-h' }),
      facts: h('div', { class: 'board-facts' }),
      legend: h('section', { class: 'legend card', id: 'board-legend', 'data-test': 'legend', hidden: true, 'aria-label': t('legend.title') }),
      overlaySwitch: this.boardSwitch('overlay', 'overlay'),
    };
    const zoom = h('div', { class: 'zoom', role: 'group', 'aria-label': t('zoom.label') },
      h('button', { type: 'button', class: 'icon', 'aria-label': t('zoom.out'), title: t('zoom.out'), onclick: () => this.board.zoomBy(0.8) }, icon('minus')),
      h('button', { type: 'button', class: 'icon', 'aria-label': t('zoom.in'), title: t('zoom.in'), onclick: () => this.board.zoomBy(1.25) }, icon('plus')),
      h('button', { type: 'button', class: 'icon', 'aria-label': t('zoom.fit'), title: t('zoom.fit'), onclick: () => this.board.resetView() }, icon('fit')),
      h('div', { class: 'board-switches' }, this.boardSwitch('coordinates', 'coordinates'), this.els.overlaySwitch),
      h('button', {
        type: 'button', class: 'icon legend-switch', 'data-test': 'legend-switch', 'aria-expanded': 'false',
        'aria-controls': 'board-legend', 'aria-label': t('legend.open'), title: t('legend.open'),
        onclick: (e) => {
          const open = e.currentTarget.getAttribute('aria-expanded') !== 'true';
          e.currentTarget.setAttribute('aria-expanded', String(open));
          this.els.legend.hidden = !open;
          this.renderLegend();
        },
      }, '?'));
    this.main.replaceChildren(
      h('article', { class: 'game-page', 'data-game': game },
        this.els.head,
        this.els.next,
        this.els.banner,
        h('div', { class: 'game-layout' },
          h('div', { class: 'board-col' },
            this.els.clocks,
            this.els.status,
            this.els.thinking,
            this.els.offers,
            // The step's buttons above the board, so they are on the first screen with it.
            this.els.actions,
            h('div', { class: 'board-wrap' }, this.board.el, zoom),
            this.els.legend,
            this.hints.el,
            this.els.facts,
            this.els.replay,
            this.analysis.el),
          h('aside', { class: 'side' }, this.els.players, this.chat.el, this.els.moves, this.els.tools))),
    );
  }

  /** The legend under the board, when open: what the facts and the game's marks mean. */
  renderLegend() {
    const v = this.shown || this.view;
    if (!v || this.els.legend.hidden) return;
    const rows = legend(v.game, v.board.facts);
    replaceChildren(this.els.legend, h('h2', {}, t('legend.title')),
      h('dl', {}, rows.map(([term, meaning]) => [term ? h('dt', {}, term) : null, h('dd', {}, meaning)])));
  }

  /**
   * A switch under the board that shows or hides some of its items, remembered in this browser as
   * `setting`: the coordinates, and the marks a scene draws over the board (`overlay`,
   * Triangular's scoring). The board's class `no-<setting>` hides them (style.css).
   */
  boardSwitch(setting, test) {
    const shown = () => store.setting(setting, true);
    const apply = (button) => {
      this.board.el.classList.toggle(`no-${setting}`, !shown());
      button.setAttribute('aria-pressed', String(shown()));
    };
    const button = h('button', {
      type: 'button', class: 'board-switch', 'data-test': test, title: t(`zoom.${setting}`),
      onclick: () => { store.setSetting(setting, !shown()); apply(button); },
    }, t(`zoom.${setting}.short`));
    apply(button);
    return button;
  }

  render() {
    const v = this.view;
    if (!v || !this.els) return;
    const shown = this.shown || v;
    const interactive = this.interactive();
    const itemIds = new Set(shown.board.items.filter((i) => i.id != null).map((i) => i.id));
    const targets = interactive ? extensions(v.clicks, this.prefix) : new Set();
    // Views come often now (presence, chat, offers): the board is redrawn only when what it shows
    // changed, so a click or a hover on it is not lost to a redraw of the same position.
    const picked = chosen(this.prefix);
    const boardKey = JSON.stringify([shown.board, [...targets], [...picked], interactive]);
    if (boardKey !== this.boardKey) {
      this.board.render(shown.board, { targets, chosen: picked, interactive });
      this.boardKey = boardKey;
    }
    // The position the board shows, after how many moves (the live one, or a replay's).
    this.board.el.dataset.ply = String(shown.ply);
    this.board.el.dataset.won = resultMarks(shown);
    this.els.overlaySwitch.hidden = !shown.board.items.some((i) => (i.class || '').split(/\s+/).includes('overlay'));
    document.title = pageTitle(`${gameName(v.game, v.name)} — Trigonal`, myTurn(v, this.tokens.mine));
    this.renderHead();
    this.renderNext();
    this.followTournament();
    this.renderStatus(itemIds);
    this.renderLegend();
    this.renderOffers();
    this.renderActions(itemIds, interactive);
    this.renderFacts(shown);
    this.renderReplay();
    this.renderPlayers(shown);
    this.renderMoves();
    this.renderTools();
    this.renderBanner(shown);
    this.renderClocks();
    this.tick();
    this.hints.render(v, this.tokens.mine, this.replayPly !== null, this.board.el, (seat) => this.label(seat));
    this.analysis.render(v, this.replayPly ?? v.ply);
    this.analysis.markBest(this.board.el, this.replayPly ?? v.ply);
    const chat = chatState(v, this.tokens.mine, this.urlSeat);
    this.chat.render(chat, (seat) => this.label(seat));
    // Against the computer alone, or in a record, there is nobody to talk to.
    const people = v.seats.filter((s) => s.kind === 'human' || s.kind === 'open').length;
    this.chat.el.hidden = people < 2 && chat.messages.length === 0;
  }

  renderHead() {
    const v = this.view;
    const bits = [];
    if (v.variant) bits.push(t(`variant.${v.variant}`));
    bits.push(t('game.players', { n: v.players }));
    replaceChildren(this.els.head,
      h('h1', {}, gameName(v.game, v.name), v.rated ? [' ', h('span', { class: 'rated-tag', 'data-test': 'rated-tag' }, t('game.rated'))] : null),
      h('p', { class: 'sub' }, bits.join(' · '), ' · ',
        v.clock ? [h('span', { class: 'clock-control', 'data-test': 'control', title: controlLong(v.clock, t, lang()) }, controlText(v.clock, t, lang())), ' · '] : null,
        h('a', { href: `/rules/${v.game}`, 'data-link': true }, t('nav.rules')),
        v.tournament ? [' · ', h('a', { href: `/tournament/${encodeURIComponent(v.tournament)}`, 'data-link': true, 'data-test': 'game-tournament' }, t('game.tournament'))] : null));
  }

  renderStatus(itemIds) {
    const v = this.view;
    if (!v || !this.els) return;
    itemIds = itemIds || new Set(v.board.items.filter((i) => i.id != null).map((i) => i.id));
    const game = v.game;
    let text;
    let said = null; // the words for screen readers where they differ from the text
    let kind = 'info';
    if (this.replayPly !== null) {
      text = t('status.replay', { k: this.replayPly, n: v.ply });
    } else if (v.seats.length && v.seats.every((s) => s.kind === 'record')) {
      text = t('status.record', { n: v.ply });
    } else if (v.outcome) {
      text = t('status.over');
    } else if (this.busy) {
      text = t('status.sending');
    } else if (this.moveToken() !== null) {
      const who = Object.keys(this.tokens.mine).length > 1 ? this.label(v.to_move) + ': ' : '';
      // What the others played since this browser's last move, then what to do now.
      const news = this.news(v);
      const now = who + hint(game, v.clicks, this.prefix, itemIds);
      text = (news.shown.length ? t('status.played', { moves: news.shown.join('; ') }) + ' ' : '') + now;
      said = (news.words.length ? t('status.played', { moves: news.words.join('; ') }) + ' ' : '') + now;
      kind = 'turn';
    } else {
      const seat = v.seats[v.to_move];
      const name = this.label(v.to_move);
      if (seat && seat.kind === 'ai') text = t('status.thinking', { seat: name });
      else if (seat && seat.kind === 'open') text = t('status.open', { seat: name });
      else if (Object.keys(this.tokens.mine).length) text = t('status.waiting', { seat: name });
      else text = t('status.watching', { seat: name });
    }
    if (!this.connected && this.live?.tries > 1) text += ' ' + t('status.offline');
    // Rewrite the live region only when its words change, so screen readers say them once. Moves
    // are shown as written and said in words.
    said = said && said !== text ? said : null;
    const status = this.els.status;
    if (status.dataset.shown !== text || (status.dataset.said || null) !== said) {
      status.dataset.shown = text;
      if (said) {
        status.dataset.said = said;
        replaceChildren(status, h('span', { 'aria-hidden': 'true' }, text), h('span', { class: 'visually-hidden' }, said));
      } else {
        delete status.dataset.said;
        status.textContent = text;
      }
    }
    this.els.status.dataset.kind = kind;
  }

  /** A pending take-back request and a draw offer, for everyone to see. */
  renderOffers() {
    const v = this.view;
    const mine = this.tokens.mine;
    const boxes = offerBoxes(takebackState(v, mine), drawState(v, mine, this.urlSeat), (s) => this.label(s), this, this.asking);
    replaceChildren(this.els.offers, boxes);
    this.els.offers.hidden = boxes.length === 0;
  }

  renderActions(itemIds, interactive) {
    const v = this.view;
    const out = moveActions({
      game: v.game, board: v.board, clicks: v.clicks, prefix: this.prefix, itemIds, interactive,
      picking: this.replayPly === null,
      onAction: (id) => this.activate(id), onBack: () => this.back(), onClear: () => this.clear(),
    });
    replaceChildren(this.els.actions, out);
    this.els.actions.hidden = out.length === 0;
  }

  /** Facts about nobody in particular, beside the board. */
  renderFacts(shown) {
    const facts = shown.board.facts.filter((f) => f.seat == null && !RESULT_FACTS.has(f.key));
    replaceChildren(this.els.facts, facts.map((f) => h('span', { class: 'fact', title: factHelp(f.key, this.view.game) }, factText(f, this.view.game))));
    this.els.facts.hidden = facts.length === 0;
  }

  renderReplay() {
    const v = this.view;
    const at = this.replayPly ?? v.ply;
    const btn = (name, title, to, key) =>
      h('button', { type: 'button', class: 'icon', 'aria-label': title, title, 'data-key': key, disabled: to === at || to < 0 || to > v.ply, onclick: () => this.showPly(to) }, icon(name));
    replaceChildren(this.els.replay,
      h('label', { for: 'replay-range', class: 'replay-label' }, t('replay.label', { k: at, n: v.ply })),
      h('div', { class: 'replay-row' },
        btn('first', t('replay.start'), 0, 'r-start'),
        btn('prev', t('replay.prev'), at - 1, 'r-prev'),
        h('input', { type: 'range', id: 'replay-range', 'data-key': 'r-range', min: 0, max: v.ply, value: at, step: 1, disabled: v.ply === 0, oninput: (e) => this.showPly(Number(e.target.value)) }),
        btn('next', t('replay.next'), at + 1, 'r-next'),
        btn('last', t('replay.live'), v.ply, 'r-live')));
  }

  /**
   * A seat's clock (on its player card, or in the bar above the board on narrow screens): its
   * text is kept by tick().
   */
  clockEl(seat, where) {
    return h('span', {
      class: 'clock', role: 'timer', 'data-clock': seat, 'data-test': where === 'card' ? `clock-${seat}` : `bar-clock-${seat}`,
      title: t('clock.left', { seat: this.label(seat) }),
    });
  }

  /** Above the board (shown on narrow screens, where the player cards are below it): every clock. */
  renderClocks() {
    const v = this.view;
    const bar = this.els.clocks;
    if (!v.clock) {
      bar.hidden = true;
      bar.replaceChildren();
      return;
    }
    bar.hidden = false;
    replaceChildren(bar, v.seats.map((seat) => {
      const i = seat.seat;
      const toMove = !v.outcome && v.to_move === i;
      return h('div', { class: `bar-seat${toMove ? ' to-move' : ''}${seat.out_of_time ? ' out-of-time' : ''}`, 'data-seat': i },
        swatch(i), h('span', { class: 'bar-name' }, this.label(i)), this.clockEl(i, 'bar'));
    }));
  }

  /**
   * Brings every clock on the page up to now: the running seat's time is the view's, less the
   * time since the view arrived (the server's numbers, never this browser's idea of the time).
   * Ticks ten times a second while a clock runs or the computer thinks (its seconds shown).
   */
  tick() {
    const v = this.view;
    if (!v || !this.els || this.closed) return;
    const now = performance.now();
    const clocks = seatClocks(v, this.arrived, now);
    for (const el of this.main.querySelectorAll('[data-clock]')) {
      const c = clocks[Number(el.dataset.clock)];
      if (!c || c.ms === null) continue;
      const text = formatClock(c.ms, v.clock, t);
      if (el.textContent !== text) el.textContent = text;
      el.dataset.ms = String(Math.round(c.ms));
      el.dataset.running = String(c.running);
      el.dataset.low = String(c.low);
      el.classList.toggle('running', c.running);
      el.classList.toggle('low', c.low);
      el.classList.toggle('out', c.out);
    }
    const thinking = !v.outcome && this.replayPly === null && v.to_move != null && v.seats[v.to_move]?.kind === 'ai';
    this.els.thinking.hidden = !thinking;
    if (thinking) {
      const text = t('status.thinking.elapsed', { s: Math.floor((now - this.arrived) / 1000) });
      const el = this.els.thinking.querySelector('.elapsed');
      if (el.textContent !== text) el.textContent = text;
    }
    const run = clocks.find((c) => c.running) || (thinking ? {} : null);
    // A clock at zero whose flag has not come over the socket: ask the server (at most every 2 s).
    if (run && run.ms === 0 && run.seat != null && !this.flagAsked && now - this.arrived > v.remaining_ms[run.seat] + 2000) {
      this.flagAsked = true;
      api.getView(this.id).then((fresh) => { if (!this.closed) this.apply(fresh, 'http'); }, () => {});
    }
    if (run && !this.clockTimer) this.clockTimer = setInterval(() => this.tick(), 100);
    else if (!run && this.clockTimer) {
      clearInterval(this.clockTimer);
      this.clockTimer = null;
    }
  }

  renderPlayers(shown) {
    const v = this.view;
    const mine = this.tokens.mine;
    const invites = this.tokens.invites;
    const holdsMany = Object.keys(mine).length > 1;
    const winners = shown.outcome ? shown.outcome.winners : [];
    const cards = v.seats.map((seat) => {
      const i = seat.seat;
      const facts = shown.board.facts.filter((f) => f.seat === i && !RESULT_FACTS.has(f.key));
      const toMove = !shown.outcome && shown.to_move === i;
      let who;
      if ((seat.resigned || seat.out_of_time) && seat.kind === 'ai') who = t('who.resigned');
      else if (mine[i] !== undefined) who = holdsMany ? t('who.here') : t('who.you');
      else if (seat.kind === 'ai') who = t('who.computer', { level: t(`level.${seat.level}`) });
      else if (seat.kind === 'open') who = t('who.open');
      else if (seat.kind === 'record') who = t('who.record');
      else if (invites[i] !== undefined) who = t('who.invited');
      else who = t('who.player');
      const tools = [];
      // An invite is worth copying until the person it is for has come: the seat has been
      // shown present or has moved.
      const arrived = seat.present || v.movers?.includes(i);
      if (invites[i] !== undefined && !arrived) {
        tools.push(h('button', { type: 'button', class: 'small', 'data-key': `invite-${i}`, 'data-test': `invite-${i}`, onclick: () => this.copyLink(i, invites[i]) }, t('invite.copy')));
      } else if (mine[i] !== undefined && holdsMany) {
        tools.push(h('button', { type: 'button', class: 'small subtle', 'data-key': `invite-${i}`, onclick: () => this.copyLink(i, mine[i]) }, t('invite.copy-seat')));
      }
      // An open seat is for someone else than who plays here: they are shown it waiting.
      if (seat.kind === 'open' && mine[i] === undefined && Object.keys(mine).length > 0) {
        tools.push(h('span', { class: 'muted', 'data-test': `waiting-${i}` }, t('seat.waiting')));
      } else if (seat.kind === 'open' && mine[i] === undefined) {
        const nameId = `join-name-${i}`;
        tools.push(
          h('label', { for: nameId, class: 'visually-hidden' }, t('lobby.name')),
          h('input', {
            type: 'text', id: nameId, class: 'name-input', 'data-key': nameId, 'data-test': nameId, autocomplete: 'nickname',
            placeholder: t('setup.name.placeholder'), value: this.joinNames[i] ?? this.defaultJoinName(),
            oninput: (e) => { this.joinNames[i] = e.target.value; },
            onkeydown: (e) => { if (e.key === 'Enter') this.join(i); },
          }),
          h('button', { type: 'button', class: 'small primary', 'data-key': `join-${i}`, 'data-test': `join-${i}`, onclick: () => this.join(i) }, t('join.seat')));
      }
      const named = typeof seat.name === 'string' && seat.name !== '';
      return h('li', { class: `player${toMove ? ' to-move' : ''}${winners.includes(i) ? ' winner' : ''}${seat.resigned ? ' resigned' : ''}${seat.out_of_time ? ' out-of-time' : ''}`, 'data-seat': i },
        swatch(i),
        h('div', { class: 'player-main' },
          h('div', { class: 'player-name' },
            presenceDot(seat),
            h('strong', { 'data-test': `name-${i}` }, this.label(i)), ' ',
            named ? h('span', { class: 'who seat-name' }, seatName(v.game, i)) : null,
            h('span', { class: 'who' }, who),
            // Beside another account's name, a signed-in player may report it.
            seat.account && account.me() && mine[i] === undefined && seat.account.toLowerCase() !== account.me().name.toLowerCase()
              ? reportButton(seat.account, this.id, { 'data-test': `report-${i}`, 'data-key': `report-${i}` }) : null,
            toMove ? h('span', { class: 'turn-tag' }, t('player.to-move')) : null,
            seat.resigned ? h('span', { class: 'resign-tag' }, t('player.resigned')) : null,
            seat.out_of_time ? h('span', { class: 'out-tag', 'data-test': `out-of-time-${i}` }, t('clock.out')) : null,
            winners.includes(i) ? h('span', { class: 'win-tag' }, t('player.winner')) : null),
          facts.length ? h('div', { class: 'player-facts' }, facts.map((f) => h('span', { class: 'fact', 'data-fact': f.key, title: factHelp(f.key, v.game) }, factText(f, v.game)))) : null,
          shown.scores && facts.every((f) => f.key !== 'score') && !shown.outcome
            ? h('div', { class: 'player-facts' }, h('span', { class: 'fact', title: factHelp('score', v.game) }, t('fact.score'), ': ', scoreText(shown.scores[i])))
            : null,
          tools.length ? h('div', { class: 'player-tools' }, tools) : null),
        v.clock ? this.clockEl(i, 'card') : null);
    });
    replaceChildren(this.els.players, h('h2', { id: 'players-h' }, t('players.title')), h('ul', { class: 'player-list' }, cards));
  }

  renderMoves() {
    const v = this.view;
    const at = this.replayPly ?? v.ply;
    // One line per turn: the moves a seat made in a row (The Triangle Game's place, slides and
    // end), each a button that shows the position after it, then the turn in words (which the
    // buttons say to screen readers move by move).
    const marks = this.analysis.marks(v);
    const items = turns(v.movers, 0, v.history.length).map((turn, k) => {
      const words = this.turnWords(v, turn);
      return h('li', { value: k + 1 },
        turn.seat !== null ? h('span', { class: `dot p${turn.seat}`, title: this.label(turn.seat) }, h('span', { class: 'visually-hidden' }, this.label(turn.seat))) : null,
        turn.plies.map((i) => {
          const m = v.history[i];
          const mark = marks[i]?.kind ? marks[i] : null;
          // Hovered or focused, the move's items are pointed at on the board; said in words.
          const point = (on) => this.board.point(on ? v.history_clicks?.[i] : null);
          return h('button', {
            type: 'button', class: `move-btn${i + 1 === at ? ' current' : ''}${mark ? ` mark-${mark.kind}` : ''}`, 'data-key': `mv-${i}`, 'data-mark': mark?.kind,
            'aria-current': i + 1 === at ? 'step' : null, title: t('moves.show', { k: i + 1 }) + (mark ? ` — ${markTitle(mark)}` : ''), onclick: () => this.showPly(i + 1),
            // Named by what it shows first (the notation), then in words.
            'aria-label': [m, sayMove(v.history_words?.[i], (seat) => this.label(seat)), mark && markTitle(mark)].filter(Boolean).join(' — '),
            onmouseenter: () => point(true), onmouseleave: () => point(false), onfocus: () => point(true), onblur: () => point(false),
          }, m, mark ? h('span', { class: 'mark', 'aria-hidden': 'true' }, mark.sign) : null);
        }),
        words ? h('span', { class: 'move-words', 'aria-hidden': 'true' }, words) : null);
    });
    const list = h('ol', { class: 'move-list', 'data-test': 'moves' }, items);
    replaceChildren(this.els.moves,
      h('h2', { id: 'moves-h' }, t('moves.title'), ' ', h('span', { class: 'count' }, `(${v.history.length})`)),
      v.history.length ? list : h('p', { class: 'muted' }, t('moves.none')));
    const current = list.querySelector('.current');
    if (current && this.replayPly === null) list.scrollTop = list.scrollHeight;
    else if (current) current.scrollIntoView({ block: 'nearest' });
  }

  renderTools() {
    const v = this.view;
    const mine = this.tokens.mine;
    const tools = [];
    const holdsMany = heldSeats(v, mine).length > 1;
    const as = (seat) => (holdsMany ? ` (${this.label(seat)})` : '');
    const busy = this.busy || this.asking;
    const undo = undoSeat(v, mine, this.urlSeat);
    if (this.replayPly === null && undo !== null) {
      tools.push(h('button', { type: 'button', 'data-key': 'undo', 'data-test': 'undo', 'data-asks': String(undoAsks(v, undo)), disabled: busy, onclick: () => this.undo() },
        (undoAsks(v, undo) ? t('tools.undo.ask') : t('tools.undo')) + as(undo)));
    }
    const draw = drawState(v, mine, this.urlSeat);
    if (draw && draw.offer !== null) {
      tools.push(h('button', { type: 'button', 'data-key': 'draw', 'data-test': 'draw', disabled: busy, onclick: () => this.offerDraw() }, t('draw.offer') + as(draw.offer)));
    }
    const resign = resignSeat(v, mine, this.urlSeat);
    if (resign === null) this.confirmResign = false;
    else if (!this.confirmResign) {
      tools.push(h('button', { type: 'button', class: 'danger', 'data-key': 'resign', 'data-test': 'resign', disabled: busy, onclick: () => this.askResign(true) }, t('resign') + as(resign)));
    }
    tools.push(h('a', { class: 'button', href: api.recordUrl(this.id), download: `${v.game}-${this.id}.txt` }, t('tools.download')));
    tools.push(h('button', { type: 'button', 'data-key': 'watch-link', onclick: () => this.copySpectatorLink() }, t('tools.spectate')));
    tools.push(h('a', { class: 'button subtle', href: '/', 'data-link': true }, t('tools.new')));
    const confirm = resign !== null && this.confirmResign
      ? h('div', { class: 'confirm', role: 'group', 'aria-label': t('resign'), 'data-test': 'resign-confirm' },
        h('p', {}, t('resign.confirm', { seat: this.label(resign) })),
        h('div', { class: 'tool-row' },
          h('button', { type: 'button', class: 'danger', 'data-key': 'resign-yes', 'data-test': 'resign-yes', disabled: busy, onclick: () => this.resign() }, t('resign.yes')),
          h('button', { type: 'button', 'data-key': 'resign-no', 'data-test': 'resign-no', onclick: () => this.askResign(false) }, t('resign.no'))))
      : null;
    const alerting = heldSeats(v, mine).length
      ? h('div', { class: 'alert-row' },
        h('label', { class: 'check' },
          h('input', { type: 'checkbox', 'data-key': 'sound', 'data-test': 'sound', checked: alerts.soundOn(), onchange: (e) => alerts.setSound(e.target.checked) }),
          t('alerts.sound')),
        h('label', { class: 'check' },
          h('input', { type: 'checkbox', 'data-key': 'notify', 'data-test': 'notify', checked: alerts.notifyOn(), onchange: (e) => this.switchNotify(e.target) }),
          t('alerts.notify')))
      : null;
    replaceChildren(this.els.tools, h('h2', { id: 'tools-h', class: 'visually-hidden' }, t('tools.title')), confirm, h('div', { class: 'tool-row' }, tools), alerting);
  }

  askResign(on) {
    this.confirmResign = on;
    this.renderTools();
    const next = this.els.tools.querySelector(on ? '[data-key=resign-no]' : '[data-key=resign]');
    if (next) next.focus();
  }

  /** Turns notifications on (asking the browser's permission now, not before) or off. */
  async switchNotify(box) {
    const wanted = box.checked;
    const on = await alerts.setNotify(wanted);
    box.checked = on;
    if (wanted && !on) toast(t('alerts.denied'), 'error');
  }

  renderBanner(shown) {
    const el = this.els.banner;
    const v = this.view;
    if (!shown.outcome) {
      el.hidden = true;
      el.replaceChildren();
      return;
    }
    el.hidden = false;
    const winners = shown.outcome.winners;
    const names = winners.map((s) => this.label(s));
    // Who won, by the names as drawn, and why, in one line.
    const why = endWhy({ ...shown, seats: v.seats }, (i) => this.label(i));
    const whyEl = why ? h('span', { class: 'why', 'data-test': 'reason', 'data-reason': shown.outcome.reason }, why) : null;
    const say = (key, params) => {
      if (!why) return t(key, params);
      // The sentence's words around its {why}, which goes in as an element of its own.
      const [before, after] = t(`${key}.why`, { ...params, why: '\u0000' }).split('\u0000');
      return [before, whyEl, after];
    };
    let title;
    if (winners.length === 0 && endsWithoutWinner(shown, v)) title = say('result.nobody', {});
    else if (winners.length === 0) title = say('result.draw', {});
    else if (winners.length === 1) title = say('result.wins', { seat: names[0] });
    else title = say('result.share', { seats: names.join(', ') });
    const mine = this.tokens.mine;
    const mineSeats = Object.keys(mine).map(Number);
    let personal = null;
    if (mineSeats.length === 1) {
      personal = winners.includes(mineSeats[0]) ? t('result.you-win') : winners.length ? t('result.you-lose') : null;
    }
    const scores = shown.outcome.scores || shown.scores;
    // Ended by resignation, agreement or time: said in words; by the rules: the scoring explained
    // (and who ran out of time on the way, the computer playing on for them).
    const reason = reasonKey(shown.outcome);
    const late = outOfTime(shown).map((s) => this.label(s)).join(', ');
    replaceChildren(el,
      h('h2', { 'data-test': 'headline' }, title, personal ? h('span', { class: 'personal' }, ' — ', personal) : null),
      !reason && late ? h('p', { class: 'reason', 'data-test': 'out-of-time' }, t('result.out-of-time', { seats: late })) : null,
      scores ? h('p', { class: 'scores', 'data-test': 'scores' }, scores.map((sc, i) => `${this.label(i)} ${scoreText(sc)}`).join(' · ')) : null,
      this.ratingChanges(v),
      // The scoring in a collapsed part, so the box stays short and the board in view; once
      // opened it stays open when the box is drawn again (a view arriving, someone leaving).
      reason ? null : h('details', {
        class: 'result-more', 'data-test': 'result-more', open: this.detailsOpen,
        ontoggle: (e) => { this.detailsOpen = e.target.open; },
      },
        h('summary', {}, t('result.details')),
        resultDetails(v.game, shown, (i) => this.label(i), (cls) => this.board.highlight(cls))),
      this.resultActions());
  }

  /**
   * What a rated game that has ended did to each player's rating ("Ann +12 → 1512"), asked of
   * the server once; nothing until it answers, and nothing for a game not rated.
   */
  ratingChanges(v) {
    if (!v.rated || !v.outcome) return null;
    if (this.ratings === undefined) {
      this.ratings = null;
      api.gameRatings(v.id).then((r) => {
        this.ratings = r.changes;
        if (!this.closed) this.render();
      }, () => {
        this.ratings = undefined; // asked again at the next drawing
      });
    }
    if (!this.ratings?.length) return null;
    return h('p', { class: 'rating-changes', 'data-test': 'rating-changes' }, this.ratings.map((c, i) => {
      const d = Math.round(c.after - c.before);
      return h('span', { class: 'rating-change', 'data-seat': c.seat, 'data-test': `rating-change-${c.seat}` },
        i ? ' · ' : '', this.label(c.seat), ' ',
        h('strong', { class: d > 0 ? 'up' : d < 0 ? 'down' : '' }, d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0'),
        ` → ${Math.round(c.after)}`);
    }));
  }

  /** Beside the result: the rematch (start, join, go to or watch it) and a game against the computer. */
  resultActions() {
    const v = this.view;
    if (!v.outcome) return null;
    const joined = v.rematch ? Object.keys(store.tokens(v.rematch).mine).map(Number) : [];
    const what = rematchAction(v, this.tokens.mine, joined.length ? joined[0] : null);
    const out = [];
    if (what === 'start' || what === 'join') {
      out.push(h('button', { type: 'button', class: 'primary', 'data-key': 'rematch', 'data-test': 'rematch', 'data-rematch': what, disabled: this.asking, onclick: () => this.rematch() },
        t(what === 'start' ? 'result.rematch' : 'result.rematch.join')));
    } else if (what === 'go') {
      out.push(h('a', { class: 'button primary', href: gameUrl(v.rematch, joined[0]), 'data-link': true, 'data-test': 'rematch', 'data-rematch': what }, t('result.rematch.go')));
    } else if (what === 'watch') {
      out.push(h('a', { class: 'button', href: gameUrl(v.rematch, null), 'data-link': true, 'data-test': 'rematch', 'data-rematch': what }, t('result.rematch.watch')));
    }
    // Against the computer, another game against it; between people, the rematch is the offer.
    if (v.seats.some((s) => s.kind === 'ai')) {
      out.push(h('button', { type: 'button', 'data-key': 'vs-computer', 'data-test': 'vs-computer', disabled: this.asking, onclick: () => this.againstComputer() }, t('result.computer')));
    }
    return h('div', { class: 'result-actions' },
      what === 'join' ? h('p', { class: 'rematch-note', 'data-test': 'rematch-note' }, t('result.rematch.offered')) : null,
      h('div', { class: 'tool-row' }, out));
  }

  async copyLink(seat, token) {
    const url = `${location.origin}${inviteUrl(this.id, seat, token)}`;
    const ok = await copyText(url);
    toast(ok ? t('invite.copied', { seat: this.label(seat) }) : url);
  }

  async copySpectatorLink() {
    const url = `${location.origin}/game/${encodeURIComponent(this.id)}`;
    const ok = await copyText(url);
    toast(ok ? t('tools.spectate.copied') : url);
  }
}

/**
 * Facts shown elsewhere than as plain facts: explained by the result banner, or already said by
 * the page (whose turn it is, the version in the heading).
 */
const RESULT_FACTS = new Set(['sector', 'kept', 'sectors-won', 'red-triangle', 'to-move', 'version', 'winner', 'draw', 'ended']);

/**
 * Whether a game without winners ended with no draw: the rules' winner (the scene's `winner`
 * fact) had left the game, so nobody wins.
 */
function endsWithoutWinner(shown, v) {
  const said = shown.board.facts.find((f) => f.key === 'winner');
  return Boolean(said && said.seat != null && (v.seats[said.seat]?.resigned || v.seats[said.seat]?.out_of_time));
}

/** A person's presence beside their seat: a dot, filled while one of their pages is open. */
function presenceDot(seat) {
  if (seat.kind !== 'human' || seat.taken === false) return null;
  const word = seat.present ? t('presence.here') : t('presence.away');
  return h('span', { class: `presence ${seat.present ? 'on' : 'off'}`, 'data-test': `presence-${seat.seat}`, 'data-present': String(Boolean(seat.present)), title: word, role: 'img', 'aria-label': word });
}
