// The lesson player, /learn/{game}/{lesson}: the lesson's title, "step k of n", the step's words
// (what it teaches, its goal, and after a miss its hint), the board drawn and clicked as on the
// game page, and a status line. Each of the learner's moves goes to the server with the moves
// before it (POST /api/lessons/{game}/{id}/steps/{n}), which says whether the step is passed,
// missed or going on; the page holds no rule. A miss shows where the moves led until the learner
// chooses "Try again" (no timer takes it away); after two misses "Show me" plays the step's own
// moves through the same endpoint, marking each on the board. A finished lesson is kept
// (learn.js). The state logic is in learn-logic.js.

import * as api from './api.js';
import { h, replaceChildren, toast } from './dom.js';
import { t } from './i18n.js';
import { gameName, seatName } from './games.js';
import { PlayBoard, moveNames } from './play-board.js';
import { gameWords, lessonTitle, finish } from './learn.js';
import {
  stepStart, sent, judged, refused, again, showing, hintShown, showOffered, playable, afterPass, lessonWords, safeId,
} from './learn-logic.js';
import { clicksOf } from './puzzle-logic.js';

/** How long "show me" points at a move before playing it, in ms. */
const SHOW_MS = 700;

export function mountLesson(main, { game, id, navigate }) {
  const page = new LessonPage(main, game, id, navigate);
  page.start();
  return page;
}

class LessonPage {
  constructor(main, game, id, navigate) {
    this.main = main;
    this.game = game;
    this.id = id;
    this.navigate = navigate;
    this.lesson = null; // GET /api/lessons/{game}/{id}
    this.words = null; // the lesson's words, or null
    this.index = 0; // the step
    this.state = stepStart();
    this.position = null; // the position on the board
    this.closed = false;
    this.run = 0; // bumped to stop a "show me" playing
  }

  async start() {
    this.main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
    try {
      if (!safeId(this.game) || !safeId(this.id)) throw new api.ApiError(404, 'no such lesson', 'no-lesson', { game: this.game, lesson: this.id });
      const [lesson, list] = await Promise.all([api.lesson(this.game, this.id), api.lessons()]);
      this.lesson = lesson;
      const info = list.games.find((g) => g.game === this.game);
      this.gameLabel = gameName(this.game, info?.name);
      this.place = info ? info.lessons.findIndex((l) => l.id === this.id) : -1;
      await this.loadWords();
    } catch (e) {
      if (!this.closed) this.failed(e);
      return;
    }
    if (this.closed) return;
    this.build();
    this.goStep(0);
  }

  failed(e) {
    this.main.replaceChildren(h('section', { class: 'card error-page' },
      h('h1', {}, e.status === 404 ? t('learn.not-found') : t('error.generic')),
      h('p', { 'data-test': 'lesson-error' }, e.message),
      h('p', {}, h('a', { href: '/learn', 'data-link': true }, t('learn.back')))));
  }

  unmount() {
    this.closed = true;
    this.run++;
  }

  async loadWords() {
    this.table = await gameWords(this.game);
    this.words = lessonWords(this.table, this.id, this.place);
  }

  async relabel() {
    if (!this.lesson) return;
    await this.loadWords();
    if (this.closed) return;
    this.gameLabel = gameName(this.game, this.gameLabel);
    this.build();
    this.render();
  }

  get step() {
    return this.lesson.steps[this.index];
  }

  /** The words of the step shown: `{text, goal, hint}`, each possibly missing. */
  stepWords() {
    return this.words?.steps?.[this.index] || {};
  }

  goStep(index) {
    this.run++;
    this.carried = index === this.index + 1 ? this.carriedFrom(this.lesson.steps[index]) : null;
    this.index = index;
    this.state = stepStart();
    this.position = this.step;
    this.render();
    this.els.title.focus({ preventScroll: true });
    // The next step's words are above the board: brought into sight where they scrolled away.
    if (this.els.title.getBoundingClientRect().top < 0) this.els.title.scrollIntoView({ block: 'start' });
  }

  /**
   * When the step just passed took the learner's own move (one of several right ones) but the
   * next step `next` goes on from the step's example instead — the example's piece stands where
   * the learner's would, and the learner's is gone — the example's move in words, for the next
   * step to say so; else null. Compared by the scene alone (the items' ids and classes), so the
   * page holds no rule.
   */
  carriedFrom(next) {
    const step = this.step;
    const moves = this.state.moves || [];
    if (this.state.phase !== 'passed' || moves.length !== 1 || step.show?.length !== 1 || moves[0] === step.show[0]) return null;
    const mine = clicksOf(step.clicks, moves[0]).at(-1);
    const theirs = clicksOf(step.clicks, step.show[0]).at(-1);
    if (!mine || !theirs || mine === theirs) return null;
    // What stands on an id: the class words of every item drawn with it (less the last move's mark).
    const look = (board, id) => [...new Set(board.items.filter((i) => i.id === id)
      .flatMap((i) => (i.class || '').split(/\s+/)).filter((w) => w && w !== 'last'))].sort().join(' ');
    const placed = look(this.position.board, mine);
    if (!placed || look(next.board, theirs) !== placed || look(next.board, mine) === placed) return null;
    return moveNames(step, step.show[0]);
  }

  // ---- the learner's moves ----

  async move(move) {
    if (!playable(this.state)) return;
    const run = this.run;
    this.state = sent(this.state, move);
    this.render();
    let answer;
    try {
      answer = await api.lessonStep(this.game, this.id, this.index, this.state.moves);
    } catch (e) {
      if (this.closed || run !== this.run) return;
      toast(e.message || t('error.generic'), 'error');
      this.state = refused(this.state);
      this.render();
      return;
    }
    if (this.closed || run !== this.run) return;
    this.take(answer);
  }

  /** The server's verdict on the moves so far, and the position they led to. */
  take(answer) {
    this.state = judged(this.state, answer.status);
    this.position = answer;
    if (this.state.phase === 'passed') this.passed();
    this.render();
    // Where the moves led stays until the learner tries again: the button in reach of the keys.
    if (this.state.phase === 'missed') this.els.buttons.querySelector('[data-key=again]')?.focus({ preventScroll: true });
  }

  again() {
    if (this.state.phase !== 'missed' && this.state.phase !== 'play') return;
    this.state = again(this.state);
    this.position = this.step;
    this.render();
  }

  /** Plays the step's own moves one at a time, each pointed at first, through the same endpoint. */
  async showMe() {
    const run = ++this.run;
    this.state = showing(this.state);
    this.position = this.step;
    this.render();
    const show = this.step.show;
    for (let i = 0; i < show.length; i++) {
      const ids = clicksOf(this.position.clicks, show[i]);
      this.showingMove = moveNames(this.position, show[i]);
      this.board.mark(ids, 'shown-move');
      this.renderStatus();
      await new Promise((r) => setTimeout(r, SHOW_MS));
      if (this.closed || run !== this.run) return;
      let answer;
      try {
        answer = await api.lessonStep(this.game, this.id, this.index, show.slice(0, i + 1));
      } catch (e) {
        if (this.closed || run !== this.run) return;
        toast(e.message || t('error.generic'), 'error');
        this.state = again(this.state);
        this.position = this.step;
        this.render();
        return;
      }
      if (this.closed || run !== this.run) return;
      this.state = { ...this.state, moves: show.slice(0, i + 1) };
      this.take(answer);
      // The move just played stays marked where its items still are.
      this.board.mark(ids, 'shown-move');
    }
  }

  passed() {
    if (this.index + 1 === this.lesson.steps.length) finish(this.game, this.id);
  }

  // ---- drawing ----

  build() {
    this.board = new PlayBoard({
      onMove: (m) => this.move(m),
      refusedText: () => (this.state.phase === 'passed' ? t('lesson.refused.passed') : t('lesson.refused.wait')),
      onPick: () => this.renderStatus(),
    });
    this.els = {
      title: h('h1', { tabindex: '-1', 'data-test': 'lesson-title' }),
      count: h('p', { class: 'lesson-count', 'data-test': 'lesson-step' }),
      seat: h('p', { class: 'lesson-seat muted', 'data-test': 'lesson-seat' }),
      words: h('section', { class: 'card lesson-words', 'data-test': 'lesson-words', 'aria-label': t('lesson.words') }),
      status: h('p', { class: 'status lesson-status', role: 'status', 'aria-live': 'polite', 'data-test': 'lesson-status' }),
      buttons: h('div', { class: 'lesson-buttons', 'data-test': 'lesson-buttons' }),
    };
    this.main.replaceChildren(h('article', { class: 'lesson-page', 'data-game': this.game, 'data-lesson': this.id, 'data-test': 'lesson' },
      h('p', { class: 'crumbs' },
        h('a', { href: '/learn', 'data-link': true, 'data-test': 'lesson-crumb' }, t('learn.title')), ' › ', this.gameLabel),
      this.els.title,
      h('div', { class: 'lesson-sub' }, this.els.count, this.els.seat),
      h('div', { class: 'lesson-layout' },
        this.els.words,
        h('div', { class: 'board-col' }, this.els.status, this.els.buttons, this.board.el))));
  }

  render() {
    if (!this.els || !this.lesson) return;
    const title = lessonTitle(this.table, this.id, this.place);
    document.title = `${title} · Trigonal`;
    this.els.title.textContent = title;
    const n = this.lesson.steps.length;
    this.els.count.textContent = t('lesson.step', { k: this.index + 1, n });
    this.els.count.dataset.index = String(this.index);
    this.els.count.dataset.steps = String(n);
    const seat = this.step.to_move;
    this.els.seat.textContent = seat == null ? '' : t('lesson.seat', { seat: seatName(this.game, seat) });
    this.renderWords();
    this.board.show(this.position, {
      interactive: playable(this.state),
      label: t('board.label', { game: this.gameLabel }),
    });
    if (this.state.phase !== 'showing' && this.state.phase !== 'passed') this.board.mark(null);
    this.renderStatus();
    this.renderButtons();
  }

  renderWords() {
    const w = this.stepWords();
    replaceChildren(this.els.words,
      this.carried ? h('p', { class: 'lesson-carried muted', 'data-test': 'lesson-carried' }, t('lesson.carried', { move: this.carried })) : null,
      w.text ? h('p', { class: 'lesson-text', 'data-test': 'lesson-text' }, w.text) : h('p', { class: 'muted', 'data-test': 'lesson-text' }, t('lesson.no-words')),
      w.goal ? h('p', { class: 'lesson-goal', 'data-test': 'lesson-goal' }, h('strong', {}, t('lesson.goal')), ' ', w.goal) : null,
      hintShown(this.state) && w.hint ? h('p', { class: 'lesson-hint', 'data-test': 'lesson-hint' }, h('strong', {}, t('lesson.hint')), ' ', w.hint) : null);
  }

  renderStatus() {
    const s = this.state;
    const last = this.index + 1 === this.lesson.steps.length;
    let text;
    let kind = 'info';
    if (s.phase === 'passed') {
      text = last ? t('lesson.status.finished') : t('lesson.status.passed');
      kind = 'passed';
    } else if (s.phase === 'missed') {
      text = t('lesson.status.missed');
      kind = 'missed';
    } else if (s.phase === 'sending') {
      text = t('lesson.status.sending');
    } else if (s.phase === 'showing') {
      text = t('lesson.status.showing', { move: this.showingMove || '' });
    } else {
      const prompt = this.board.prompt();
      text = s.moves.length ? `${t('lesson.status.going')} ${prompt}` : prompt;
      kind = 'turn';
    }
    if (this.els.status.textContent !== text) this.els.status.textContent = text;
    this.els.status.dataset.kind = kind;
    this.els.status.dataset.state = s.phase;
    this.els.status.dataset.misses = String(s.misses);
  }

  renderButtons() {
    const s = this.state;
    const out = [];
    if (s.phase === 'missed') {
      out.push(h('button', { type: 'button', class: 'primary', 'data-key': 'again', 'data-test': 'lesson-again', onclick: () => this.again() }, t('lesson.again')));
    }
    if (showOffered(s)) {
      out.push(h('button', { type: 'button', 'data-key': 'show', 'data-test': 'lesson-show', onclick: () => this.showMe() }, t('lesson.show')));
    }
    if (s.phase === 'passed') {
      const next = afterPass(this.index, this.lesson.steps.length, this.lesson.next);
      if (next.kind === 'step') {
        out.push(h('button', { type: 'button', class: 'primary', 'data-key': 'next-step', 'data-test': 'lesson-next-step', onclick: () => this.goStep(next.index) }, t('lesson.next-step')));
      } else if (next.kind === 'lesson') {
        out.push(h('a', { class: 'button primary', href: `/learn/${encodeURIComponent(this.game)}/${encodeURIComponent(next.id)}`, 'data-link': true, 'data-test': 'lesson-next' }, t('lesson.next-lesson')));
      }
      if (next.kind !== 'step') {
        out.push(h('a', { class: `button${next.kind === 'list' ? ' primary' : ''}`, href: '/learn', 'data-link': true, 'data-test': 'lesson-list' }, t('lesson.to-list')));
      }
    }
    replaceChildren(this.els.buttons, out);
    this.els.buttons.hidden = out.length === 0;
  }
}
