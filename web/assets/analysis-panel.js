// Beside the board of the game page: the analysis board of a finished game (the button that asks
// for it, its progress, the graph of each seat's chances, the best move and any exact result in
// the position shown, the marks of the moves that lost much, and for a signed-in player their own
// mistakes to train on as puzzles) and the hint in a game against the computer. The logic is in
// analysis.js; the board stays rule-free: only what views give.

import * as api from './api.js';
import * as account from './account.js';
import { h, s, replaceChildren, toast } from './dom.js';
import { t } from './i18n.js';
import { idName, action, sayMove } from './games.js';
import { GRAPH, graph, plyAt, moveMarks, progress, percent, stepKey, hintSeat, Poller, trainable } from './analysis.js';

export class AnalysisPanel {
  /**
   * `id` the game; `show(ply)` shows a position (the page's replay); `label(seat)` a seat's name;
   * `changed()` redraws the page (the move list carries the marks), which calls render().
   */
  constructor({ id, show, label, changed = null }) {
    this.id = id;
    this.changed = changed;
    this.show = show;
    this.label = label;
    this.open = false;
    this.answer = null;
    this.error = null;
    this.el = h('section', { class: 'analysis card', 'data-test': 'analysis', 'aria-labelledby': 'analysis-h', hidden: true });
    this.poller = new Poller({
      load: () => api.getAnalysis(this.id),
      onUpdate: (a) => {
        this.answer = a;
        this.error = null;
        this.redraw();
      },
      onError: (e) => {
        this.error = e.message || t('error.generic');
        toast(this.error, 'error');
        this.redraw();
      },
    });
    this.last = null; // what render() was last given, to redraw on an answer
    this.owner = null; // {name, seats}: the seats of this game the signed-in account plays
    this.trained = new Map(); // ply → the puzzle made of that move
    this.training = null; // the ply whose puzzle is being made
  }

  stop() {
    this.poller.stop();
  }

  /** Where this browser notes, for the tab's life, that it has the analysis of this game open. */
  get remembered() {
    return `trigonal.analysis.${this.id}`;
  }

  /** Asks for the analysis (a second ask joins the first) and polls it until it is done. */
  start() {
    this.open = true;
    this.error = null;
    sessionStorage.setItem(this.remembered, '1');
    // Done before (the board was closed): shown again as it is, without asking anew.
    if (!this.answer?.done) this.poller.start(api.analyse(this.id));
    this.redraw();
  }

  close() {
    this.open = false;
    sessionStorage.removeItem(this.remembered);
    this.redraw();
  }

  /**
   * Once the game is over: an analysis this tab had open before a reload opens again at once,
   * read as it stands (not asked for anew).
   */
  restore(v) {
    if (this.restored || !v.outcome) return;
    this.restored = true;
    if (this.open || !sessionStorage.getItem(this.remembered)) return;
    this.open = true;
    this.poller.start(api.getAnalysis(this.id));
  }

  /** The marks of the moves of view `v` (see analysis.js), [] before any analysis. */
  marks(v) {
    if (!this.open || !this.answer || !v.outcome || !Array.isArray(v.movers)) return [];
    return moveMarks(this.answer.plies, v.movers);
  }

  /** ←/→/Home/End while the analysis board is open: whether the key was taken. */
  key(e, at, last) {
    if (!this.open || this.el.hidden || e.altKey || e.ctrlKey || e.metaKey) return false;
    const to = stepKey(e.key, at, last);
    if (to === null) return ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key);
    this.show(to);
    return true;
  }

  redraw() {
    if (this.changed) this.changed();
    else if (this.last) this.render(...this.last);
  }

  /** Draws the panel for the live view `v` with position `at` shown. */
  render(v, at) {
    this.last = [v, at];
    this.restore(v);
    const el = this.el;
    if (!v.outcome) {
      el.hidden = true;
      el.replaceChildren();
      return;
    }
    el.hidden = false;
    if (!this.open) {
      replaceChildren(el,
        h('h2', { id: 'analysis-h', class: 'visually-hidden' }, t('analysis.title')),
        h('button', { type: 'button', class: 'primary', 'data-key': 'analyse', 'data-test': 'analyse', onclick: () => this.start() }, t('analysis.start')));
      return;
    }
    const a = this.answer;
    const p = progress(a);
    const done = Boolean(a && a.done);
    const head = h('div', { class: 'analysis-head' },
      h('h2', { id: 'analysis-h' }, t('analysis.title')),
      h('button', { type: 'button', class: 'small subtle', 'data-key': 'analysis-close', 'data-test': 'analysis-close', onclick: () => this.close() }, t('analysis.close')));
    // Before the server's first answer the count is known all the same: every position of the game.
    const total = p.total || v.ply + 1;
    const bar = done
      ? null
      : h('div', { class: 'analysis-progress' },
        h('progress', { 'data-test': 'analysis-progress', max: total, value: p.done, 'aria-label': t('analysis.progress', { k: p.done, n: total }) }),
        h('span', { class: 'muted' }, this.error ? this.error : t('analysis.progress', { k: p.done, n: total })),
        this.error ? h('button', { type: 'button', class: 'small', 'data-key': 'analysis-retry', onclick: () => this.start() }, t('analysis.retry')) : null);
    replaceChildren(el, head, bar,
      a ? this.graphEl(v, a, total, at) : null,
      a ? this.details(v, a, at) : null,
      done ? this.train(v, a) : null,
      h('p', { class: 'analysis-legend muted', 'data-test': 'analysis-legend' }, t('analysis.legend')),
      h('p', { class: 'analysis-keys muted' }, t('analysis.keys')));
  }

  /**
   * The signed-in viewer's own moves marked a mistake or a blunder, each with "Train on this",
   * which saves it as a puzzle of theirs (POST /api/me/puzzles) and then links to it. Their seats
   * are the account's (GET /api/me/games), asked once.
   */
  train(v, a) {
    const me = account.me();
    if (!me || !Array.isArray(v.movers)) return null;
    if (this.owner?.name !== me.name) {
      this.owner = { name: me.name, seats: null };
      const owner = this.owner;
      api.myGames().then((r) => {
        owner.seats = r.games.filter((g) => g.id === this.id).map((g) => g.seat);
        this.redraw();
      }, () => {
        owner.seats = [];
      });
    }
    const marks = moveMarks(a.plies, v.movers);
    const plies = trainable(marks, v.movers, this.owner.seats);
    if (!plies.length) return null;
    return h('div', { class: 'train', 'data-test': 'train' },
      h('h3', {}, t('train.title')),
      h('ul', { class: 'train-list' }, plies.map((ply) => {
        const puzzle = this.trained.get(ply);
        return h('li', { 'data-ply': ply },
          h('span', {}, t('train.move', { k: ply + 1, move: v.history[ply] }), ' — ', markTitle(marks[ply])),
          puzzle
            ? h('a', { class: 'button small primary', href: `/puzzles/${encodeURIComponent(puzzle)}`, 'data-link': true, 'data-test': `train-link-${ply}` }, t('train.open'))
            : h('button', {
              type: 'button', class: 'small', 'data-key': `train-${ply}`, 'data-test': `train-${ply}`, disabled: this.training !== null,
              onclick: () => this.saveMistake(ply),
            }, t('train.go')));
      })));
  }

  async saveMistake(ply) {
    if (this.training !== null) return;
    this.training = ply;
    this.redraw();
    try {
      const p = await api.trainOn(this.id, ply);
      this.trained.set(ply, p.id);
      toast(t('train.saved'));
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
    this.training = null;
    this.redraw();
  }

  graphEl(v, a, total, at) {
    const seats = v.seats.length;
    const g = graph(a.plies, seats, total);
    const { width, height, pad } = GRAPH;
    const svg = s('svg', {
      class: 'analysis-graph', 'data-test': 'analysis-graph', viewBox: `0 0 ${width} ${height}`, role: 'img',
      'aria-label': t('analysis.graph'), 'data-total': total,
    },
    s('rect', { class: 'frame', x: pad, y: pad, width: width - 2 * pad, height: height - 2 * pad }),
    s('line', { class: 'mid', x1: pad, x2: width - pad, y1: g.y(0.5), y2: g.y(0.5) }),
    s('line', { class: 'at', 'data-test': 'analysis-at', 'data-ply': at, x1: g.x(at), x2: g.x(at), y1: pad, y2: height - pad }),
    g.lines.map((line) => s('g', { class: `series p${line.seat}`, 'data-seat': line.seat },
      s('path', { class: 'value-line', 'data-test': `analysis-line-${line.seat}`, 'data-points': line.points.length, d: line.d }),
      line.points.map(([x, y, ply]) => s('circle', { class: `pt${ply === at ? ' current' : ''}`, cx: x, cy: y, r: ply === at ? 4.5 : 2.5, 'data-ply': ply })))),
    // Each marked move where its mover's line drops: at the position after it.
    moveMarks(a.plies, v.movers).map((m, i) => {
      const after = a.plies.find((p) => p.ply === i + 1);
      if (!m?.kind || !after) return null;
      return s('g', { class: `graph-mark ${m.kind}`, 'data-test': 'graph-mark', 'data-ply': i + 1, 'data-kind': m.kind, 'data-seat': v.movers[i] },
        s('circle', { cx: g.x(i + 1), cy: g.y(after.value[v.movers[i]]), r: 7 }),
        s('title', {}, markTitle(m)));
    }));
    svg.addEventListener('click', (e) => {
      const r = svg.getBoundingClientRect();
      if (!r.width) return;
      this.show(plyAt(((e.clientX - r.left) / r.width) * width, total));
    });
    return svg;
  }

  /**
   * Marks on the board (`boardEl`, showing position `at`) the clicks of the computer's move
   * there, while the analysis is open; unmarks them otherwise.
   */
  markBest(boardEl, at) {
    for (const el of boardEl.querySelectorAll('.item.best-move')) el.classList.remove('best-move');
    if (!this.open || !this.answer) return;
    const entry = this.answer.plies.find((p) => p.ply === at);
    for (const id of entry?.best_clicks || []) {
      for (const el of boardEl.querySelectorAll(`.item[data-id="${CSS.escape(id)}"]`)) el.classList.add('best-move');
    }
  }

  /** The position shown: each seat's chances, the best move for the seat to move, any exact result. */
  details(v, a, at) {
    const entry = a.plies.find((p) => p.ply === at);
    if (!entry) return h('p', { class: 'analysis-info muted', 'data-test': 'analysis-best', 'data-move': '' }, t('analysis.pending'));
    const values = entry.value.map((val, seat) =>
      h('span', { class: 'analysis-value' }, h('span', { class: `dot p${seat}`, 'aria-hidden': 'true' }), `${this.label(seat)} ${percent(val)}%`));
    const mover = Array.isArray(v.movers) ? v.movers[at] : null;
    const best = entry.best
      ? h('p', { class: 'analysis-best', 'data-test': 'analysis-best', 'data-move': entry.best },
        mover != null ? t('analysis.best', { seat: this.label(mover), move: entry.best }) : t('analysis.best.any', { move: entry.best }))
      : h('p', { class: 'analysis-best muted', 'data-test': 'analysis-best', 'data-move': '' }, t('analysis.best.none'));
    const exact = entry.exact
      ? h('p', { class: 'analysis-exact', 'data-test': 'analysis-exact', 'data-seat': entry.exact.seat },
        exactText(entry.exact, this.label))
      : null;
    return h('div', { class: 'analysis-info', 'aria-live': 'polite' },
      h('p', { class: 'analysis-values', 'data-test': 'analysis-values' }, t('analysis.chances'), ' ', values),
      best, exact, moveResults(entry.exact?.moves));
  }
}

/**
 * A solved position's result in the reader's language (`exact`: `{seat, result, words}`, the
 * server's): who wins or loses with best play, by the margin the game's kit words (`words`, a
 * clause of the `words.` table); without it (an analysis stored before), the result alone.
 */
export function exactText(exact, label) {
  const seat = label(exact.seat);
  if (exact.result === 'draw') return t('analysis.exact.draw');
  const result = exact.result === 'win' ? 'win' : 'loss';
  const margin = exact.words ? sayMove([exact.words], label) : null;
  return margin ? t(`analysis.exact.${result}`, { seat, margin }) : t(`analysis.exact.${result}.bare`, { seat });
}

/** At most this many moves are listed for each result; the rest are counted. */
const LISTED = 12;

/**
 * The solver's marks on every legal move (`exact.moves`): the moves that win, those that draw,
 * and how many lose; null when there are none.
 */
export function moveResults(moves) {
  if (!Array.isArray(moves) || !moves.length) return null;
  const of = (result) => moves.filter((m) => m.result === result).map((m) => m.move);
  const list = (names) => names.length > LISTED
    ? `${names.slice(0, LISTED).join(' ')} ${t('analysis.moves.more', { n: names.length - LISTED })}`
    : names.join(' ');
  const [win, draw, lose] = [of('win'), of('draw'), of('loss')];
  const lines = [];
  if (win.length) lines.push(h('li', { 'data-result': 'win' }, t('analysis.moves.win', { moves: list(win) })));
  if (draw.length) lines.push(h('li', { 'data-result': 'draw' }, t('analysis.moves.draw', { moves: list(draw) })));
  if (lose.length) {
    lines.push(h('li', { 'data-result': 'loss' },
      lose.length === moves.length ? t('analysis.moves.all-lose') : t('analysis.moves.lose', { n: lose.length })));
  }
  return h('ul', { class: 'analysis-moves', 'data-test': 'analysis-moves' }, lines);
}

/** The words of a mark in the move list ("Mistake: lost 24% …"), for its tooltip. */
export function markTitle(mark) {
  const p = percent(mark.drop);
  return t(`analysis.mark.${mark.kind}`, { p, n: p });
}

/**
 * The hint in a game against the computer: a button for the seat to move, and "Try …" once the
 * server answered (for the position it was asked in). Its clicks are marked on the board.
 */
export class HintPanel {
  constructor({ id }) {
    this.id = id;
    this.answer = null; // {move, exact, ply}
    this.asking = false;
    this.el = h('div', { class: 'hint-box', 'data-test': 'hint-box', hidden: true });
  }

  async ask(v, seat, token) {
    if (this.asking) return;
    this.asking = true;
    this.render(...this.last);
    try {
      const r = await api.hint(this.id, token);
      this.answer = { ...r, ply: v.ply, seat };
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
    this.asking = false;
    if (this.last) this.render(...this.last);
  }

  /**
   * Draws for the live view `v` (`mine` the tokens held here; `replaying` whether a past
   * position is shown; `boardEl` the board's SVG, whose items the hint's clicks mark).
   */
  render(v, mine, replaying, boardEl, label) {
    this.last = [v, mine, replaying, boardEl, label];
    const seat = replaying ? null : hintSeat(v, mine);
    if (this.answer && (this.answer.ply !== v.ply || seat === null)) this.answer = null;
    for (const el of boardEl.querySelectorAll('.item.hinted')) el.classList.remove('hinted');
    if (seat === null) {
      this.el.hidden = true;
      this.el.replaceChildren();
      return;
    }
    this.el.hidden = false;
    const a = this.answer;
    let said = null;
    if (a) {
      const clicks = (v.clicks || []).find((c) => c.move === a.move)?.clicks || [];
      for (const id of clicks) {
        for (const el of boardEl.querySelectorAll(`.item[data-id="${CSS.escape(id)}"]`)) el.classList.add('hinted');
      }
      const words = clicks.map((id) => (boardEl.querySelector(`.item[data-id="${CSS.escape(id)}"]`) ? idName(v.board, id, v.game) : action(id).text));
      said = h('p', { class: 'hint-text', 'data-test': 'hint-text', 'data-move': a.move, role: 'status' },
        t('tip.try', { move: a.move }),
        // Said as the reader's hand does it: a tap on a touch screen, a click with a mouse.
        words.length ? [' — ', t(touch() ? 'tip.taps' : 'tip.clicks', { clicks: words.join(' → ') })] : null,
        a.exact ? h('span', { class: 'hint-exact', 'data-test': 'hint-exact' }, ' ', exactText(a.exact, label)) : null);
    }
    replaceChildren(this.el,
      h('button', { type: 'button', class: 'small', 'data-key': 'hint', 'data-test': 'hint', disabled: this.asking, onclick: () => this.ask(v, seat, mine[seat]) },
        this.asking ? t('tip.thinking') : t('tip.ask')),
      said);
  }
}

/** Whether the reader points with a finger (a coarse pointer and no fine one). */
function touch() {
  return matchMedia('(pointer: coarse)').matches && !matchMedia('(any-pointer: fine)').matches;
}
