// Puzzles, /puzzles and /puzzles/{id} (docs/api.md, "Puzzles"): the game chosen (remembered),
// the day's puzzle, the reader's puzzle rating when signed in and a switch to their own
// mistakes; a puzzle's board, what to find in words and whose turn, and the puzzle's rating.
// A move clicked on the board is an attempt (POST …/attempt with the line so far): a right
// move in a longer line brings the reply, drawn from the answer's position, and the next move is
// the player's again; at the end, right or wrong, the solution pointed at on the starting board,
// why in words, the rating change, and the next puzzle. The attempt's logic is in
// puzzle-logic.js; the board is the game page's (play-board.js).

import * as api from './api.js';
import * as account from './account.js';
import { h, replaceChildren, toast } from './dom.js';
import { t, has, lang } from './i18n.js';
import { gameName, seatName } from './games.js';
import { ratingText } from './ratings.js';
import { PlayBoard, moveNames } from './play-board.js';
import { exactText } from './analysis-panel.js';
import {
  attemptStart, attemptMoves, attempted, canMove, goalKey, explainWords, marginParts, signed, clicksOf, solverSeat,
} from './puzzle-logic.js';

const GAME = 'trigonal.puzzles.game';
const MINE = 'trigonal.puzzles.mine';

/** A rating is provisional while its deviation is this or more (as for games). */
const PROVISIONAL = 110;

export function mountPuzzles(main, { navigate, id }) {
  const page = new PuzzlesPage(main, navigate, id);
  page.start();
  return page;
}

function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept: the choice lasts for this page.
  }
}

class PuzzlesPage {
  constructor(main, navigate, id) {
    this.main = main;
    this.navigate = navigate;
    this.id = id; // the puzzle the address names, or null: the next one
    this.meta = null;
    this.game = null;
    this.mine = remembered(MINE) === 'true';
    this.puzzle = null; // as GET gives it (its position is the start)
    this.state = attemptStart();
    this.position = null; // on the board
    this.answer = null; // the attempt's last answer once done
    this.player = null; // the reader's puzzle rating in the game
    this.daily = null; // {id, day} of the chosen game
    this.error = null; // why there is no puzzle to show
    this.refusal = null; // the words of the last refused attempt
    this.closed = false;
  }

  async start() {
    this.main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
    try {
      this.meta = await api.meta();
    } catch (e) {
      if (!this.closed) this.main.replaceChildren(h('section', { class: 'card error-page' }, h('h1', {}, t('error.generic')), h('p', {}, e.message)));
      return;
    }
    if (this.closed) return;
    // Who reads decides which puzzles come ("My mistakes", ratings): asked before the first.
    if (!account.known()) {
      await new Promise((resolve) => {
        const off = account.onAccount(() => { off(); resolve(); });
        setTimeout(() => { off(); resolve(); }, 3000);
      });
      if (this.closed) return;
    }
    const games = this.meta.games.map((g) => g.id);
    const saved = remembered(GAME);
    this.game = games.includes(saved) ? saved : games[0];
    this.build();
    if (this.id) await this.load(() => api.puzzle(this.id));
    else await this.load(() => api.nextPuzzle(this.game, this.mine && Boolean(account.me())));
    this.loadDaily();
  }

  unmount() {
    this.closed = true;
  }

  relabel() {
    if (!this.meta) return;
    this.build();
    this.render();
  }

  /** Signed in or out: the rating, the switch and what the next attempt counts for change. */
  account() {
    if (!this.meta) return;
    if (this.puzzle && !this.answer) {
      api.puzzle(this.puzzle.id).then((p) => {
        if (this.closed || p.id !== this.puzzle?.id) return;
        this.player = p.player;
        this.render();
      }, () => {});
    } else if (!account.me()) {
      this.player = null;
    }
    this.render();
  }

  /** Shows the puzzle `ask()` answers, or why there is none. */
  async load(ask) {
    this.error = null;
    let p;
    try {
      p = await ask();
    } catch (e) {
      if (this.closed) return;
      this.puzzle = null;
      // The game named as the reader reads it, not by its id.
      const named = this.meta.games.find((g) => g.id === e.params?.game);
      if (named) e.message = api.errorText(e.code, e.english, { ...e.params, game: gameName(named.id, named.name) });
      this.error = e;
      this.render();
      return;
    }
    if (this.closed) return;
    this.puzzle = p;
    if (p.game !== this.game) {
      this.game = p.game;
      this.loadDaily();
    }
    // The game of the puzzle shown is the one the next comes from.
    remember(GAME, p.game);
    this.player = p.player || null;
    this.state = attemptStart();
    this.position = p;
    this.answer = null;
    this.refusal = null;
    this.render();
  }

  async loadDaily() {
    const game = this.game;
    this.daily = null;
    try {
      const d = await api.dailyPuzzle(game);
      if (this.closed || game !== this.game) return;
      this.daily = { id: d.id, day: d.day };
    } catch {
      // A game without puzzles has no puzzle of the day: no link.
    }
    this.renderBar();
    // The puzzle shown may be the day's: said so.
    if (this.puzzle) this.renderInfo();
  }

  choose(game) {
    this.game = game;
    remember(GAME, game);
    // A puzzle named by the address is left for the next of the game chosen.
    if (this.id) {
      this.navigate('/puzzles');
      return;
    }
    this.loadDaily();
    this.load(() => api.nextPuzzle(game, this.mine && Boolean(account.me())));
  }

  switchMine(on) {
    this.mine = on;
    remember(MINE, on ? 'true' : null);
    if (this.id) {
      this.navigate('/puzzles');
      return;
    }
    this.load(() => api.nextPuzzle(this.game, on));
  }

  next() {
    if (this.id) this.navigate('/puzzles');
    else this.load(() => api.nextPuzzle(this.game, this.mine && Boolean(account.me())));
  }

  // ---- the attempt ----

  async move(move) {
    if (!this.puzzle || !canMove(this.state)) return;
    const moves = attemptMoves(this.state, move);
    const before = this.state;
    const id = this.puzzle.id;
    this.state = { ...this.state, phase: 'sending', tried: move };
    this.refusal = null;
    this.render();
    let answer;
    try {
      answer = await api.attemptPuzzle(id, moves);
    } catch (e) {
      if (this.closed || this.puzzle?.id !== id) return;
      // Refused: nothing changed on the server; the attempt goes on from before the move.
      this.refusal = e.message || t('error.generic');
      toast(this.refusal, 'error');
      this.state = before;
      this.render();
      return;
    }
    if (this.closed || this.puzzle?.id !== id) return;
    this.state = attempted(this.state, moves, answer);
    this.state.tried = move;
    if (!answer.done) {
      this.position = answer;
    } else {
      this.answer = answer;
      if (answer.player) this.player = answer.player;
      // The solution's first move pointed at on the starting board.
      this.position = this.puzzle;
    }
    this.render();
  }

  // ---- drawing ----

  build() {
    this.board = new PlayBoard({
      onMove: (m) => this.move(m),
      refusedText: () => (this.answer ? t('puzzle.refused.done') : t('puzzle.refused.wait')),
      onPick: () => this.renderStatus(),
    });
    this.els = {
      bar: h('div', { class: 'puzzle-bar', 'data-test': 'puzzle-bar' }),
      status: h('p', { class: 'status puzzle-status', role: 'status', 'aria-live': 'polite', 'data-test': 'puzzle-status' }),
      info: h('section', { class: 'card puzzle-info', 'data-test': 'puzzle-info', 'aria-labelledby': 'puzzle-goal' }),
      result: h('section', { class: 'card puzzle-result', 'data-test': 'puzzle-result', 'aria-live': 'polite', hidden: true }),
      boardCol: h('div', { class: 'board-col' }),
      error: h('section', { class: 'card puzzle-error', 'data-test': 'puzzle-error', hidden: true }),
    };
    this.els.boardCol.append(this.els.status, this.board.el);
    document.title = `${t('puzzle.title')} · Trigonal`;
    this.main.replaceChildren(h('div', { class: 'puzzles', 'data-test': 'puzzles' },
      h('section', { class: 'intro' },
        h('h1', {}, t('puzzle.title')),
        h('p', { class: 'lead' }, t('puzzle.lead'))),
      this.els.bar,
      this.els.error,
      h('div', { class: 'puzzle-layout' }, this.els.boardCol, h('div', { class: 'puzzle-side' }, this.els.info, this.els.result))));
  }

  render() {
    if (!this.els) return;
    this.renderBar();
    const p = this.puzzle;
    this.main.querySelector('.puzzle-layout').hidden = !p;
    this.els.error.hidden = !this.error || Boolean(p);
    if (!p) {
      if (this.error) {
        replaceChildren(this.els.error,
          h('p', { 'data-test': 'puzzle-error-text', 'data-code': this.error.code || '' }, this.error.message || t('error.generic')),
          this.error.code === 'no-puzzle-left' && this.mine ? h('p', { class: 'muted' }, t('puzzle.mine.none')) : null);
      }
      return;
    }
    this.main.querySelector('.puzzles').dataset.game = p.game;
    this.board.show(this.position, {
      interactive: canMove(this.state),
      label: t('board.label', { game: gameName(p.game) }),
    });
    const solution = this.answer?.solution || [];
    this.board.mark(this.answer ? clicksOf(this.puzzle.clicks, solution[0]) : null, 'answer-move');
    this.renderStatus();
    this.renderInfo();
    this.renderResult();
  }

  renderBar() {
    if (!this.els || !this.meta) return;
    const me = account.me();
    const r = this.player;
    replaceChildren(this.els.bar,
      h('div', { class: 'field puzzle-game' },
        h('label', { for: 'puzzle-game' }, t('puzzle.game')),
        h('select', { id: 'puzzle-game', 'data-test': 'puzzle-game', 'data-key': 'puzzle-game', onchange: (e) => this.choose(e.target.value) },
          this.meta.games.map((g) => h('option', { value: g.id, selected: g.id === this.game }, gameName(g.id, g.name))))),
      this.daily
        ? h('a', { class: 'button puzzle-daily', href: `/puzzles/${encodeURIComponent(this.daily.id)}`, 'data-link': true, 'data-test': 'puzzle-daily', 'data-id': this.daily.id, title: this.dayText(this.daily.day) },
          t('puzzle.daily'))
        : null,
      me && r
        ? h('p', { class: 'puzzle-my-rating', 'data-test': 'puzzle-my-rating', 'data-rating': String(r.rating) },
          t('puzzle.my-rating', { rating: ratingText(r.rating, r.deviation >= PROVISIONAL) }))
        : null,
      me
        ? h('label', { class: 'seek-rated puzzle-mine' },
          h('input', { type: 'checkbox', role: 'switch', class: 'switch', 'data-test': 'puzzle-mine', 'data-key': 'puzzle-mine', checked: this.mine, onchange: (e) => this.switchMine(e.target.checked) }),
          t('puzzle.mine'))
        : h('p', { class: 'muted puzzle-sign-in', 'data-test': 'puzzle-sign-in' }, t('puzzle.sign-in'), ' ',
          h('a', { href: '/signin', 'data-link': true }, t('account.signin'))));
  }

  dayText(day) {
    const ms = Date.parse(`${day}T12:00:00Z`);
    return Number.isNaN(ms) ? day : new Intl.DateTimeFormat(lang(), { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
  }

  renderStatus() {
    const s = this.state;
    let text;
    let kind = 'info';
    if (s.phase === 'sending') text = t('puzzle.status.sending');
    else if (s.phase === 'solved') {
      text = t('puzzle.status.solved');
      kind = 'passed';
    } else if (s.phase === 'failed') {
      text = t('puzzle.status.failed', { move: s.tried });
      kind = 'missed';
    } else {
      const prompt = this.board.prompt();
      if (s.phase === 'going') text = `${t('puzzle.status.going', { moves: s.reply.join(', ') })} ${prompt}`;
      else text = prompt;
      if (this.refusal) text = `${this.refusal} ${text}`;
      kind = 'turn';
    }
    if (this.els.status.textContent !== text) this.els.status.textContent = text;
    this.els.status.dataset.kind = kind;
    this.els.status.dataset.state = s.phase;
  }

  renderInfo() {
    const p = this.puzzle;
    const seat = solverSeat(p);
    const day = this.daily && this.daily.id === p.id ? this.daily.day : p.day;
    replaceChildren(this.els.info,
      day ? h('p', { class: 'puzzle-day-tag', 'data-test': 'puzzle-day-tag' }, t('puzzle.daily.of', { day: this.dayText(day) })) : null,
      h('h2', { id: 'puzzle-goal', 'data-test': 'puzzle-goal', 'data-goal': p.goal, 'data-seat': String(seat) },
        t(goalKey(p.goal), { seat: seat == null ? '' : seatName(p.game, seat) })),
      p.mine
        ? h('p', { class: 'puzzle-mine-tag', 'data-test': 'puzzle-mine-tag' }, t('puzzle.mine.tag'))
        : h('p', { class: 'muted', 'data-test': 'puzzle-rating', 'data-rating': String(this.answer ? this.answer.rating : p.rating) },
          t('puzzle.rating', { rating: this.answer ? this.answer.rating : p.rating }), ' · ', t('puzzle.attempts', { n: p.attempts })),
      h('p', { class: 'puzzle-link' },
        h('a', { href: `/puzzles/${encodeURIComponent(p.id)}`, 'data-link': true, 'data-test': 'puzzle-link' }, t('puzzle.link')),
        this.meta.games.find((g) => g.id === p.game)?.rules?.length
          ? [' · ', h('a', { href: `/rules/${encodeURIComponent(p.game)}`, 'data-link': true }, t('nav.rules'))]
          : null));
  }

  renderResult() {
    const a = this.answer;
    const el = this.els.result;
    if (!a) {
      el.hidden = true;
      el.replaceChildren();
      return;
    }
    el.hidden = false;
    const p = this.puzzle;
    const solution = a.solution || [];
    const first = solution.length ? moveNames(p, solution[0]) : '';
    const rest = solution.slice(1);
    const explained = explainWords(a.explanation, has);
    let explanation = null;
    if (explained) {
      const parts = marginParts(a.explanation.values).map(([name, n]) =>
        (has(`puzzle.part.${name}`) ? t(`puzzle.part.${name}`, { n }) : `${name} ${n}`));
      const margin = new Intl.ListFormat(lang(), { style: 'long', type: 'conjunction' }).format(parts);
      explanation = h('p', { class: 'puzzle-explain', 'data-test': 'puzzle-explain', 'data-key': a.explanation.key }, t(explained.key, { ...explained.params, margin }));
    }
    // A miss: why the move tried is wrong — the answer that refutes it, and what it leaves.
    const r = a.refutation;
    const refuted = r?.reply
      ? h('p', { class: 'puzzle-refute', 'data-test': 'puzzle-refute', 'data-move': r.move, 'data-reply': r.reply },
        t('puzzle.refute', { move: r.move, reply: r.reply }), ' ',
        r.exact ? exactText(r.exact, (s) => seatName(p.game, s)) : t('puzzle.refute.share', { share: r.share }))
      : null;
    let rating = null;
    if (a.rated && a.player) {
      const d = a.player.change ?? 0;
      rating = h('p', { class: 'puzzle-change', 'data-test': 'puzzle-change', 'data-change': String(d) },
        t('puzzle.change', { rating: a.player.rating }), ' ',
        h('strong', { class: d > 0 ? 'up' : d < 0 ? 'down' : '' }, signed(d)));
    } else if (account.me()) {
      rating = h('p', { class: 'muted', 'data-test': 'puzzle-unrated' }, t(p.mine ? 'puzzle.unrated.mine' : 'puzzle.unrated.again'));
    } else {
      rating = h('p', { class: 'muted', 'data-test': 'puzzle-unrated' }, t('puzzle.unrated.visitor'));
    }
    replaceChildren(el,
      h('h2', { class: `puzzle-verdict ${a.correct ? 'right' : 'wrong'}`, 'data-test': 'puzzle-verdict', 'data-correct': String(Boolean(a.correct)) },
        t(a.correct ? 'puzzle.right' : 'puzzle.wrong')),
      h('p', { class: 'puzzle-solution', 'data-test': 'puzzle-solution', 'data-moves': solution.join(' ') },
        // Said by the names of the items its clicks take where they differ from the notation.
        t('puzzle.solution', { move: !solution.length || first === solution[0] ? solution[0] || '' : `${solution[0]} (${first})` }),
        rest.length ? [' ', t('puzzle.solution.line', { moves: rest.join(', ') })] : null),
      explanation,
      refuted,
      rating,
      h('div', { class: 'tool-row' },
        h('button', { type: 'button', class: 'primary', 'data-key': 'puzzle-next', 'data-test': 'puzzle-next', onclick: () => this.next() }, t('puzzle.next')),
        h('button', { type: 'button', 'data-key': 'puzzle-retry', 'data-test': 'puzzle-retry', onclick: () => this.retry() }, t('puzzle.retry'))));
  }

  /** The same puzzle from its start again (no longer rated: only a first attempt is). */
  retry() {
    this.state = attemptStart();
    this.answer = null;
    this.refusal = null;
    this.position = this.puzzle;
    this.render();
  }
}
