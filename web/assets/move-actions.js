// The row under a board where a move is made by clicks: the step's action buttons (ids no board
// item carries, grouped as the game groups them), then, once something is picked, the picked ids
// by their names with Back and Clear. Shared by the game page and the boards of lessons and
// puzzles, so a move is made the same way on each. No rule of any game: the ids come from the
// server's `clicks`.

import { h, icon } from './dom.js';
import { t, has } from './i18n.js';
import { buttons } from './clicks.js';
import { action, idName } from './games.js';

/**
 * The row's elements for a position's `board` and `clicks` with `prefix` picked: the action
 * buttons when `interactive` (each calling `onAction(id)`), and the picked ids with Back and
 * Clear when `picking` and something is picked.
 */
export function moveActions({ game = null, board, clicks, prefix, itemIds, interactive, picking = true, onAction, onBack, onClear }) {
  const out = [];
  if (interactive) {
    const groups = new Map();
    for (const id of buttons(clicks, prefix, itemIds)) {
      const a = action(id);
      const button = h('button', {
        type: 'button', class: 'action primary', 'data-key': `act-${id}`, 'data-action': id,
        'aria-label': a.name !== a.text ? a.name : null, title: a.name !== a.text ? a.name : null,
        onclick: () => onAction(id),
      }, a.icon ? icon(a.icon) : null, a.text);
      if (!a.group) out.push(button);
      else {
        if (!groups.has(a.group)) groups.set(a.group, []);
        groups.get(a.group).push(button);
      }
    }
    for (const [group, list] of groups) {
      const label = has(`action.${group}.group`) ? t(`action.${group}.group`) : null;
      out.push(h('div', { class: 'action-group', role: 'group', 'aria-label': label }, label ? h('span', { class: 'group-label' }, label) : null, list));
    }
  }
  if (prefix.length && picking) {
    const picked = prefix.map((id) => idName(board, id, game)).join(' → ');
    out.push(h('span', { class: 'picked', 'aria-label': t('picked.label', { ids: picked }) }, picked));
    out.push(h('button', { type: 'button', class: 'action', 'data-key': 'back', title: t('action.back.key'), onclick: onBack }, t('action.back')));
    out.push(h('button', { type: 'button', class: 'action', 'data-key': 'clear', title: t('action.clear.key'), onclick: onClear }, t('action.clear')));
  }
  return out;
}
