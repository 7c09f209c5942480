// A small SVG chart of a rating's history (points from ratings.js), no libraries.

import { s } from './dom.js';
import { chartPoints } from './ratings.js';

const W = 300;
const H = 90;

export function ratingChart(history, label) {
  const { points, min, max } = chartPoints(history, W, H, 6);
  const line = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');
  return s('svg', { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': label, 'data-test': 'rating-chart' },
    s('rect', { x: 0, y: 0, width: W, height: H, class: 'chart-bg' }),
    s('text', { x: 4, y: 12, class: 'chart-axis' }, String(Math.round(max))),
    s('text', { x: 4, y: H - 4, class: 'chart-axis' }, String(Math.round(min))),
    points.length > 1 ? s('path', { d: line, class: 'chart-line' }) : null,
    points.map(([x, y]) => s('circle', { cx: x, cy: y, r: 3, class: 'chart-dot' })));
}
