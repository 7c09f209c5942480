// A board to make moves on, outside a game: the lesson player's and the puzzles'. It draws a
// position the server gave (`board`, `clicks`) with board.js and makes moves with clicks.js
// exactly as the game page does — the prefix clicked so far, the ids that extend it highlighted,
// actions as buttons, Back and Clear, Escape and Backspace — and hands each whole move to its
// owner. It can mark items (a move "show me" plays, a puzzle's answer). No rule of any game.

import { h, icon, replaceChildren, toast } from './dom.js';
import { t } from './i18n.js';
import { Board } from './board.js';
import { step, extensions, chosen, matching } from './clicks.js';
import { describe, action, hint, idName, seatName } from './games.js';
import { factText, factHelp } from './facts.js';
import { moveActions } from './move-actions.js';

export class PlayBoard {
  /**
   * `onMove(move)`: a whole legal move was clicked; `refusedText()`: what a click says when the
   * board takes none now (a move on its way, the step over); `onPick()`: the clicks picked so far
   * changed (the owner says the next click, as the game page does).
   */
  constructor({ onMove, refusedText = () => t('refused'), onPick = () => {} }) {
    this.onMove = onMove;
    this.onPick = onPick;
    this.refusedText = refusedText;
    this.position = null;
    this.interactive = false;
    this.prefix = [];
    this.marks = { ids: [], cls: null };
    this.key = null;
    this.board = new Board({
      onActivate: (id) => this.activate(id),
      onRefused: () => toast(this.interactive ? t('refused') : this.refusedText(), 'error'),
      describe: (item) => describe(this.position?.game, item),
    });
    this.actions = h('div', { class: 'actions', 'data-test': 'actions', hidden: true });
    const zoom = h('div', { class: 'zoom', role: 'group', 'aria-label': t('zoom.label') },
      h('button', { type: 'button', class: 'icon', 'aria-label': t('zoom.out'), title: t('zoom.out'), onclick: () => this.board.zoomBy(0.8) }, icon('minus')),
      h('button', { type: 'button', class: 'icon', 'aria-label': t('zoom.in'), title: t('zoom.in'), onclick: () => this.board.zoomBy(1.25) }, icon('plus')),
      h('button', { type: 'button', class: 'icon', 'aria-label': t('zoom.fit'), title: t('zoom.fit'), onclick: () => this.board.resetView() }, icon('fit')));
    this.facts = h('div', { class: 'board-facts', 'data-test': 'board-facts', hidden: true });
    this.el = h('div', { class: 'play-board', onkeydown: (e) => this.keys(e) },
      this.actions,
      h('div', { class: 'board-wrap' }, this.board.el, zoom),
      this.facts);
  }

  /**
   * Draws `position` (`{game, board, clicks}`); `interactive`: whether clicks make moves now;
   * `label`: the board's accessible name. A new position starts the clicks afresh.
   */
  show(position, { interactive = false, label = null } = {}) {
    if (position !== this.position) this.prefix = [];
    this.position = position;
    this.interactive = interactive && (position.clicks || []).length > 0;
    if (!this.interactive) this.prefix = [];
    if (label) this.board.el.setAttribute('aria-label', label);
    // The seats' colours are the game's (style.css keys them on data-game).
    this.board.el.dataset.game = position.game;
    this.el.dataset.game = position.game;
    this.render();
  }

  /** Marks the items carrying `ids` with class `cls` (none: unmarks), kept across redraws. */
  mark(ids, cls = 'shown-move') {
    this.marks = { ids: ids || [], cls: ids && ids.length ? cls : null };
    this.applyMarks();
  }

  /** What the learner is asked to click next, as the game page says it. */
  prompt() {
    const p = this.position;
    if (!p || !this.interactive) return '';
    return hint(p.game, p.clicks, this.prefix, this.itemIds());
  }

  itemIds() {
    return new Set(this.position.board.items.filter((i) => i.id != null).map((i) => i.id));
  }

  activate(id) {
    if (!this.interactive) {
      toast(this.refusedText(), 'error');
      return;
    }
    const r = step(this.position.clicks, this.prefix, id);
    if (r.kind === 'refused') {
      toast(t('refused'), 'error');
      return;
    }
    this.prefix = r.prefix;
    if (r.kind === 'complete') {
      // Taken at once: the owner sends it and draws what comes back.
      this.interactive = false;
      this.render();
      this.onMove(r.move);
    } else {
      this.render();
      this.onPick();
    }
  }

  back() {
    this.prefix = this.prefix.slice(0, -1);
    this.render();
    this.onPick();
  }

  clear() {
    this.prefix = [];
    this.render();
    this.onPick();
  }

  keys(e) {
    if (e.target.closest && e.target.closest('input, textarea, select')) return;
    if (e.key === 'Escape' && this.prefix.length) {
      this.clear();
      e.preventDefault();
    } else if (e.key === 'Backspace' && this.prefix.length) {
      this.back();
      e.preventDefault();
    }
  }

  render() {
    const p = this.position;
    if (!p) return;
    const interactive = this.interactive;
    const targets = interactive ? extensions(p.clicks, this.prefix) : new Set();
    const picked = chosen(this.prefix);
    // Redrawn only when what it shows changed, so a hover or a focus is not lost to a redraw.
    const key = JSON.stringify([p.board, [...targets], [...picked], interactive]);
    if (key !== this.key) {
      this.board.render(p.board, { targets, chosen: picked, interactive });
      this.key = key;
    }
    this.applyMarks();
    this.renderActions(interactive);
    this.renderFacts();
    if (matching(p.clicks || [], this.prefix).length === 0) this.prefix = [];
  }

  applyMarks() {
    for (const el of this.board.el.querySelectorAll('.item.shown-move, .item.answer-move')) el.classList.remove('shown-move', 'answer-move');
    const { ids, cls } = this.marks;
    if (!cls) return;
    for (const id of ids) {
      for (const el of this.board.el.querySelectorAll(`.item[data-id="${CSS.escape(id)}"]`)) el.classList.add(cls);
    }
  }

  /** The scene's facts under the board (reserves, scores), each after its seat's name. */
  renderFacts() {
    const p = this.position;
    // Whose turn it is the page says already.
    const facts = (p.board.facts || []).filter((f) => f.key !== 'to-move');
    replaceChildren(this.facts, facts.map((f) => h('span', { class: 'fact', title: factHelp(f.key, p.game) },
      f.seat != null ? `${seatName(p.game, f.seat)} · ` : null, factText(f, p.game))));
    this.facts.hidden = facts.length === 0;
  }

  /** The step's action buttons (ids no item carries), and Back and Clear once something is chosen. */
  renderActions(interactive) {
    const p = this.position;
    const out = moveActions({
      game: p.game, board: p.board, clicks: p.clicks, prefix: this.prefix, itemIds: this.itemIds(), interactive,
      onAction: (id) => this.activate(id), onBack: () => this.back(), onClear: () => this.clear(),
    });
    replaceChildren(this.actions, out);
    // Where a move takes more than one click, the row of what is picked keeps its place from the
    // first click on, so the board does not jump down when it fills (nor up when it empties).
    const reserve = interactive && (p.clicks || []).some((c) => c.clicks.length > 1);
    this.actions.hidden = out.length === 0 && !reserve;
    this.actions.classList.toggle('reserved', out.length === 0 && reserve);
  }
}

/** A move in words by the names of the items its clicks take (`c2 → 12`), or as written. */
export function moveNames(position, move) {
  const c = (position?.clicks || []).find((x) => x.move === move);
  if (!c) return move;
  return c.clicks.map((id) => (position.board.items.some((i) => i.id === id) ? idName(position.board, id, position.game) : action(id).text)).join(' → ');
}
