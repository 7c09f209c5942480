// Draws a scene (crates/core/src/scene.rs, as the server sends it in `view.board`) as SVG, with
// the legal continuations highlighted, keyboard access to them, and pan and zoom. It knows no
// rule of any game: items are drawn by shape and styled by their class words.

import { s } from './dom.js';
import { letters } from './games.js';

const MIN_SCALE = 0.5;
const MAX_SCALE = 6;
const DRAG_THRESHOLD = 6;

/** The side, in CSS pixels, of the square a board target answers taps in (see `nearTarget`). */
export const HIT = 44;

export class Board {
  /**
   * `onActivate(id)`: a click or key press on an item with id `id`;
   * `onRefused(item)`: a click on something that is not a legal choice now;
   * `describe(item)`: the accessible name of a clickable item;
   * Boards whose scene says `pannable` (they grow) pan and zoom by drag and wheel without
   * modifier keys.
   */
  constructor({ onActivate, onRefused, describe, label = '' }) {
    this.onActivate = onActivate;
    this.onRefused = onRefused;
    this.describe = describe;
    this.pannable = false;
    this.scale = 1;
    this.dx = 0;
    this.dy = 0;
    this.base = [0, 0, 100, 100];
    this.pointers = new Map();
    this.el = s('svg', {
      class: 'board',
      role: 'group',
      'aria-label': label,
      preserveAspectRatio: 'xMidYMid meet',
      tabindex: '-1',
      xmlns: 'http://www.w3.org/2000/svg',
    });
    this.el.addEventListener('click', (e) => this.click(e));
    this.el.addEventListener('keydown', (e) => this.key(e));
    this.el.addEventListener('pointerdown', (e) => this.down(e));
    this.el.addEventListener('pointermove', (e) => this.move(e));
    this.el.addEventListener('pointerup', (e) => this.up(e));
    this.el.addEventListener('pointercancel', (e) => this.up(e));
    this.el.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    this.updateTouch();
  }

  /**
   * Draws `scene`. `targets`: ids that extend the current prefix; `chosen`: Map id → times
   * clicked in the prefix; `interactive`: whether clicks mean anything now.
   */
  render(scene, { targets = new Set(), chosen = new Map(), interactive = false } = {}) {
    const hadFocus = this.el.contains(document.activeElement);
    const focusedId = hadFocus ? document.activeElement.dataset?.id : null;
    this.base = scene.view_box;
    this.pannable = !!scene.pannable;
    this.applyView();
    this.el.classList.toggle('interactive', interactive);
    const layer = s('g', { class: 'scene' });
    // One focusable element per target id: the largest item drawn with it (a triangle rather
    // than its cylinders, a stone rather than the vertex under it).
    const focusable = new Map();
    scene.items.forEach((item, i) => {
      if (item.id == null) return;
      const best = focusable.get(item.id);
      if (best === undefined || area(item.shape) > area(scene.items[best].shape)) focusable.set(item.id, i);
    });
    const badged = new Set();
    scene.items.forEach((item, i) => {
      layer.append(this.item(item, { targets, chosen, interactive, focus: focusable.get(item.id) === i, badged }));
    });
    this.el.replaceChildren(layer);
    // Keyboard users stay on the board: on the same item if it is still a choice, else on the
    // first choice, else on the board itself until choices come back.
    if (hadFocus) {
      const again =
        (focusedId && this.el.querySelector(`.item[tabindex][data-id="${CSS.escape(focusedId)}"]`)) ||
        this.el.querySelector('.item[tabindex]');
      (again || this.el).focus({ preventScroll: true });
    }
  }

  item(item, { targets, chosen, interactive, focus, badged }) {
    const shape = this.shape(item.shape);
    shape.classList.add('shape');
    const words = (item.class || '').split(/\s+/).filter(Boolean);
    const g = s('g', { class: ['item', item.shape.kind, ...words].join(' ') }, shape);
    if (item.id != null) {
      g.dataset.id = item.id;
      const isTarget = interactive && targets.has(item.id);
      const times = chosen.get(item.id) || 0;
      if (isTarget) g.classList.add('is-target');
      if (times > 0) g.classList.add('is-chosen');
      if (isTarget && focus) {
        // Named first by what is written on it (a count, a letter: what a speaking user sees
        // and says), then in words; with how often it was chosen where that is shown.
        const shown = item.label != null && item.shape.kind !== 'text' ? letters(this.el.dataset.game, item.label) : null;
        const said = this.describe(item);
        let name = shown && !said.includes(shown) ? `${shown} — ${said}` : said;
        if (times > 1) name += ` ×${times}`;
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.setAttribute('aria-label', name);
        g.append(s('title', {}, name));
      }
      // How often an id was clicked, shown once, on the first item drawn with it.
      if (times > 1 && !badged.has(item.id)) {
        badged.add(item.id);
        const [x, y] = anchor(item.shape);
        g.append(s('text', { class: 'badge', x, y: y + labelSize(item.shape) * 0.95 }, `×${times}`));
      }
    }
    if (item.label != null && item.shape.kind !== 'text') {
      const [x, y] = anchor(item.shape);
      const size = labelSize(item.shape);
      // A colour's letter as the reader's language writes it (games.js).
      g.append(s('text', { class: 'label', x, y, 'font-size': size, dy: '0.35em' }, letters(this.el.dataset.game, item.label)));
    }
    return g;
  }

  shape(sh) {
    switch (sh.kind) {
      case 'polygon':
        return s('polygon', { points: sh.points.map((p) => p.join(',')).join(' ') });
      case 'circle':
        return s('circle', { cx: sh.center[0], cy: sh.center[1], r: sh.radius });
      case 'line':
        return s('line', { x1: sh.from[0], y1: sh.from[1], x2: sh.to[0], y2: sh.to[1] });
      case 'text':
        return s(
          'text',
          { x: sh.at[0], y: sh.at[1], 'font-size': sh.size, dy: '0.35em' },
          sh.text,
        );
      default:
        return s('g');
    }
  }

  // ---- clicks and keys ----

  click(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const hit = e.target.closest('.item');
    const g = hit && this.el.contains(hit) ? hit : null;
    const direct = g && g.classList.contains('is-target') ? g : null;
    // A small target takes the taps on it and beside it (see nearTarget), even where they fall
    // on a large target under it (Four Triangles' points on a triangle that can be turned).
    const near = direct && !large(direct) ? direct : this.nearTarget(e.clientX, e.clientY);
    const chosen = near && !large(near) ? near : direct || near;
    if (chosen) this.onActivate(chosen.dataset.id);
    else if (g) this.onRefused(g);
  }

  /**
   * The target a tap at (x, y) meant: each target answers within a box at least HIT px square
   * around its centre (its own box where larger), the usual minimum for a finger. Small targets
   * come first: where their boxes overlap, the one whose centre is nearest takes the tap, so no
   * box steals one from a nearer target; then the large ones, nearest first. Null when no box
   * holds the point.
   */
  nearTarget(x, y) {
    let best = null;
    let bestRank = [2, Infinity];
    for (const t of this.el.querySelectorAll('.item.is-target')) {
      const r = t.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const half = [Math.max(r.width, HIT) / 2, Math.max(r.height, HIT) / 2];
      if (Math.abs(x - cx) > half[0] || Math.abs(y - cy) > half[1]) continue;
      const rank = [large(t) ? 1 : 0, Math.hypot(x - cx, y - cy)];
      if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
        best = t;
        bestRank = rank;
      }
    }
    return best;
  }

  key(e) {
    const g = e.target.closest && e.target.closest('.item[tabindex]');
    if (g && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      this.onActivate(g.dataset.id);
      return;
    }
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (g && dirs[e.key]) {
      e.preventDefault();
      const next = nearestInDirection(g, [...this.el.querySelectorAll('.item[tabindex]')], dirs[e.key]);
      if (next) next.focus();
      return;
    }
    if (e.key === '+' || e.key === '=') this.zoomBy(1.25);
    else if (e.key === '-') this.zoomBy(0.8);
    else if (e.key === '0') this.resetView();
  }

  /** Points at the items carrying the ids `ids` (a move hovered in the list); null: at none. */
  point(ids) {
    for (const g of this.el.querySelectorAll('.item.pointed')) g.classList.remove('pointed');
    for (const id of ids || []) {
      for (const g of this.el.querySelectorAll(`.item[data-id="${CSS.escape(id)}"]`)) g.classList.add('pointed');
    }
  }

  /** Marks the items of class `cls` (null: unmarks all), e.g. a sector a table row points at. */
  highlight(cls) {
    for (const el of this.el.querySelectorAll('.item.highlight')) el.classList.remove('highlight');
    if (cls) for (const el of this.el.querySelectorAll(`.item.${CSS.escape(cls)}`)) el.classList.add('highlight');
  }

  /** Focuses the first target, if any (for keyboard users arriving at the board). */
  focusFirst() {
    const first = this.el.querySelector('.item[tabindex]');
    if (first) first.focus();
    return !!first;
  }

  // ---- pan and zoom ----

  applyView() {
    const [x, y, w, h] = this.base;
    const vw = w / this.scale;
    const vh = h / this.scale;
    const vx = x + (w - vw) / 2 + this.dx;
    const vy = y + (h - vh) / 2 + this.dy;
    this.el.setAttribute('viewBox', [vx, vy, vw, vh].map((n) => +n.toFixed(2)).join(' '));
    this.el.style.aspectRatio = `${w} / ${h}`;
    this.updateTouch();
  }

  updateTouch() {
    this.el.style.touchAction = this.pannable || this.scale > 1 ? 'none' : 'manipulation';
  }

  /** Zooms by factor `f` about the scene point `at` (default: the view's centre). */
  zoomBy(f, at) {
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * f));
    const real = scale / this.scale;
    if (at) {
      const [x, y, w, h] = this.base;
      // Keep `at` where it is on screen: the view centre moves toward it by (1 - 1/real).
      const cx = x + w / 2 + this.dx;
      const cy = y + h / 2 + this.dy;
      this.dx += (at[0] - cx) * (1 - 1 / real);
      this.dy += (at[1] - cy) * (1 - 1 / real);
    }
    this.scale = scale;
    this.applyView();
  }

  resetView() {
    this.scale = 1;
    this.dx = 0;
    this.dy = 0;
    this.applyView();
  }

  unitsPerPixel() {
    const ctm = this.el.getScreenCTM();
    return ctm && ctm.a ? 1 / ctm.a : 1;
  }

  toScene(clientX, clientY) {
    const ctm = this.el.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  canPan() {
    return this.pannable || this.scale > 1;
  }

  down(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    this.dragging = false;
    if (this.pointers.size === 2) this.pinch = this.pinchDistance();
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    if (this.pointers.size === 2 && this.pinch) {
      p.x = e.clientX;
      p.y = e.clientY;
      const d = this.pinchDistance();
      const [a, b] = [...this.pointers.values()];
      this.zoomBy(d / this.pinch, this.toScene((a.x + b.x) / 2, (a.y + b.y) / 2));
      this.pinch = d;
      this.dragging = true;
      return;
    }
    if (!this.canPan()) return;
    const moved = Math.hypot(e.clientX - p.x0, e.clientY - p.y0);
    if (!this.dragging && moved < DRAG_THRESHOLD) return;
    if (!this.dragging) {
      this.dragging = true;
      this.el.setPointerCapture(e.pointerId);
      this.el.classList.add('dragging');
    }
    const k = this.unitsPerPixel();
    this.dx -= (e.clientX - p.x) * k;
    this.dy -= (e.clientY - p.y) * k;
    p.x = e.clientX;
    p.y = e.clientY;
    this.applyView();
  }

  up(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.dragging) {
      this.suppressClick = true;
      setTimeout(() => {
        this.suppressClick = false;
      }, 0);
      this.el.classList.remove('dragging');
    }
    if (this.pointers.size === 0) this.dragging = false;
  }

  pinchDistance() {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y) || 1;
  }

  wheel(e) {
    if (!this.pannable && !e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    this.zoomBy(Math.exp(-e.deltaY * 0.0015), this.toScene(e.clientX, e.clientY));
  }
}

/** An item's area, to pick the one that stands for its id. */
/** Whether a drawn target is larger than a finger's box in either direction. */
function large(el) {
  const r = el.getBoundingClientRect();
  return r.width > HIT || r.height > HIT;
}

function area(sh) {
  switch (sh.kind) {
    case 'circle':
      return Math.PI * sh.radius * sh.radius;
    case 'polygon': {
      let a = 0;
      sh.points.forEach(([x, y], i) => {
        const [x2, y2] = sh.points[(i + 1) % sh.points.length];
        a += x * y2 - x2 * y;
      });
      return Math.abs(a) / 2;
    }
    default:
      return 0;
  }
}

/** Where an item's label goes: a circle's centre, a polygon's centroid of corners. */
function anchor(sh) {
  switch (sh.kind) {
    case 'circle':
      return sh.center;
    case 'polygon': {
      const n = sh.points.length;
      return [
        sh.points.reduce((a, p) => a + p[0], 0) / n,
        sh.points.reduce((a, p) => a + p[1], 0) / n,
      ];
    }
    case 'line':
      return [(sh.from[0] + sh.to[0]) / 2, (sh.from[1] + sh.to[1]) / 2];
    case 'text':
      return sh.at;
    default:
      return [0, 0];
  }
}

/** A label size that fits the item. */
function labelSize(sh) {
  switch (sh.kind) {
    case 'circle':
      return sh.radius * 1.15;
    case 'polygon': {
      const xs = sh.points.map((p) => p[0]);
      const ys = sh.points.map((p) => p[1]);
      const w = Math.max(...xs) - Math.min(...xs);
      const h = Math.max(...ys) - Math.min(...ys);
      return Math.max(6, Math.min(w, h) * 0.3);
    }
    default:
      return 12;
  }
}

/** The focusable element nearest to `from` in direction `[dx, dy]`, favouring straight lines. */
function nearestInDirection(from, candidates, [dx, dy]) {
  const centre = (el) => {
    const b = el.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of candidates) {
    if (el === from) continue;
    const [x, y] = centre(el);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 0.5) continue;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  return best;
}
