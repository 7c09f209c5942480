// What the players are asking each other, shown to everyone above the board: a pending take-back
// request (Accept / Decline for the seats it waits for that this browser plays, Withdraw for the
// asker) and a draw offer (Accept / Decline, or Withdraw for the one who offered).

import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * The boxes for `take` (people.js takebackState) and `draw` (drawState), either may be null;
 * `label(seat)` names a seat; `on` has `answerTakeback(seat, accept)`, `answerDraw(seat, accept)`;
 * `busy` disables the buttons while an answer is on its way.
 */
export function offerBoxes(take, draw, label, on, busy) {
  const boxes = [];
  if (take) boxes.push(takebackBox(take, label, on, busy));
  if (draw && draw.by !== null) boxes.push(drawBox(draw, label, on, busy));
  return boxes;
}

function takebackBox(take, label, on, busy) {
  const many = take.answer.length > 1;
  const buttons = [];
  for (const seat of take.answer) {
    buttons.push(
      h('button', { type: 'button', class: 'small primary', 'data-key': `tb-accept-${seat}`, 'data-test': 'takeback-accept', 'data-seat': seat, disabled: busy, onclick: () => on.answerTakeback(seat, true) },
        many ? t('takeback.accept-as', { seat: label(seat) }) : t('takeback.accept')),
      h('button', { type: 'button', class: 'small', 'data-key': `tb-decline-${seat}`, 'data-test': 'takeback-decline', 'data-seat': seat, disabled: busy, onclick: () => on.answerTakeback(seat, false) },
        many ? t('takeback.decline-as', { seat: label(seat) }) : t('takeback.decline')));
  }
  if (take.withdraw) {
    buttons.push(h('button', { type: 'button', class: 'small', 'data-key': 'tb-withdraw', 'data-test': 'takeback-withdraw', disabled: busy, onclick: () => on.answerTakeback(take.by, false) }, t('takeback.withdraw')));
  }
  return h('div', { class: 'offer', 'data-test': 'takeback', role: 'group', 'aria-label': t('takeback.title') },
    h('p', {}, t('takeback.request', { seat: label(take.by), n: take.moves }), ' ',
      take.pending.length ? h('span', { class: 'muted' }, t('takeback.waiting', { seats: take.pending.map(label).join(', ') })) : null),
    buttons.length ? h('div', { class: 'offer-buttons' }, buttons) : null);
}

function drawBox(draw, label, on, busy) {
  const buttons = [];
  let text;
  if (draw.withdraw !== null) {
    text = t('draw.yours');
    buttons.push(h('button', { type: 'button', class: 'small', 'data-key': 'draw-withdraw', 'data-test': 'draw-withdraw', disabled: busy, onclick: () => on.answerDraw(draw.withdraw, false) }, t('draw.withdraw')));
  } else {
    text = t('draw.offered', { seat: label(draw.by) });
    if (draw.accept !== null) {
      buttons.push(
        h('button', { type: 'button', class: 'small primary', 'data-key': 'draw-accept', 'data-test': 'draw-accept', disabled: busy, onclick: () => on.answerDraw(draw.accept, true) }, t('draw.accept')),
        h('button', { type: 'button', class: 'small', 'data-key': 'draw-decline', 'data-test': 'draw-decline', disabled: busy, onclick: () => on.answerDraw(draw.accept, false) }, t('draw.decline')));
    }
  }
  return h('div', { class: 'offer', 'data-test': 'draw-offer', role: 'group', 'aria-label': t('draw.title') },
    h('p', {}, text),
    buttons.length ? h('div', { class: 'offer-buttons' }, buttons) : null);
}
