// A few DOM helpers: element building, focus kept across re-renders, the status toast.

/**
 * `h('button', {class: 'x', onclick: f}, 'text', child)`: an element with attributes, event
 * handlers (`on…` keys), and children (strings, nodes, arrays, null/false skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The same for SVG elements. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const ICONS = {
  first: 'M5 4h2v16H5zM19 4v16L8 12z',
  prev: 'M17 4v16L6 12z',
  next: 'M7 4v16l11-8z',
  last: 'M17 4h2v16h-2zM5 4v16l11-8z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  minus: 'M5 11h14v2H5z',
  fit: 'M4 4h6v2H6v4H4zM14 4h6v6h-2V6h-4zM4 14h2v4h4v2H4zM18 14h2v6h-6v-2h4z',
  ccw: 'M12 4a8 8 0 1 1-7.4 11l1.9-.8A6 6 0 1 0 12 6v3L7 5l5-4z',
  cw: 'M12 4a8 8 0 1 0 7.4 11l-1.9-.8A6 6 0 1 1 12 6v3l5-4-5-4z',
};

/** A small inline icon (decorative: the button around it carries the name). */
export function icon(name) {
  return s('svg', { class: 'icon-svg', viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: ICONS[name], fill: 'currentColor' }));
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'value' && 'value' in el) el.value = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces `el`'s children, keeping keyboard focus on the element with the same `data-key`. */
export function replaceChildren(el, ...children) {
  const active = document.activeElement;
  const key = active && el.contains(active) ? active.dataset.key : null;
  el.replaceChildren();
  append(el, children);
  if (key) {
    const again = el.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

let toastTimer = null;

/** A brief message in the live region at the bottom of the screen. */
export function toast(text, kind = 'info') {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), kind === 'error' ? 4000 : 2500);
}

/** Copies `text` to the clipboard; falls back to a hidden text area where the API is missing. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = h('textarea', { class: 'offscreen', readonly: true }, text);
    document.body.append(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}
