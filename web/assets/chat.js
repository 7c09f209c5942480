// The game's chat: the last messages, each with its sender's colour and name (always set as text),
// a line to write for players (Enter sends), read-only for spectators, and the creator's switch to
// turn it off or on. Its elements stay in place across renders, so what is being typed survives
// every live update.

import { h, replaceChildren } from './dom.js';
import { t, lang } from './i18n.js';
import { CHAT_MAX, cleanChat } from './people.js';

export class ChatPanel {
  /**
   * `send(text)` and `toggle(enabled)` return promises of whether the server took it (they tell
   * the player what went wrong themselves).
   */
  constructor({ send, toggle }) {
    this.sendText = send;
    this.toggleChat = toggle;
    this.sending = false;
    this.shown = null; // what the log shows, to redraw it only when it changes
    this.heading = h('h2', { id: 'chat-h' });
    this.switch = h('button', { type: 'button', class: 'small subtle chat-toggle', 'data-key': 'chat-toggle', 'data-test': 'chat-toggle', onclick: () => this.toggle() });
    this.log = h('ol', { class: 'chat-log', 'data-test': 'chat-log', 'aria-live': 'polite' });
    this.note = h('p', { class: 'muted chat-note', 'data-test': 'chat-note' });
    this.label = h('label', { for: 'chat-input', class: 'visually-hidden' });
    this.input = h('input', { type: 'text', id: 'chat-input', maxlength: CHAT_MAX, autocomplete: 'off', enterkeyhint: 'send', 'data-key': 'chat-input', 'data-test': 'chat-input' });
    this.button = h('button', { type: 'submit', class: 'small', 'data-test': 'chat-send' });
    this.form = h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); this.send(); } }, this.label, this.input, this.button);
    this.el = h('section', { class: 'chat card', 'aria-labelledby': 'chat-h', 'data-test': 'chat' },
      h('div', { class: 'chat-head' }, this.heading, this.switch), this.log, this.note, this.form);
  }

  /** Shows `state` (people.js chatState); `label(seat)` names a seat. */
  render(state, label) {
    this.state = state;
    this.heading.textContent = t('chat.title');
    this.switch.hidden = !state.toggle;
    this.switch.textContent = state.enabled ? t('chat.turn-off') : t('chat.turn-on');
    this.switch.dataset.enabled = String(state.enabled);
    this.label.textContent = t('chat.input');
    this.input.placeholder = t('chat.input');
    this.button.textContent = t('chat.send');
    this.button.disabled = this.sending;
    this.form.hidden = state.writer === null;
    let note = '';
    if (!state.enabled) note = t('chat.off');
    else if (!state.player) note = t('chat.spectator');
    this.note.textContent = note;
    this.note.hidden = note === '';
    this.el.dataset.enabled = String(state.enabled);

    const names = state.messages.map((m) => label(m.seat));
    const key = JSON.stringify([lang(), names, state.messages]);
    if (key === this.shown) return;
    this.shown = key;
    const atEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 24;
    replaceChildren(this.log, state.messages.length
      ? state.messages.map((m, i) => h('li', { class: 'chat-msg', 'data-seat': m.seat },
        h('span', { class: `dot p${m.seat}`, 'aria-hidden': 'true' }),
        h('strong', { class: 'chat-who' }, names[i]),
        h('time', { datetime: m.at, class: 'muted' }, clock(m.at)),
        h('span', { class: 'chat-text', 'data-test': 'chat-text' }, m.text)))
      : h('li', { class: 'muted chat-empty' }, t('chat.empty')));
    if (atEnd || this.log.dataset.filled !== 'true') this.log.scrollTop = this.log.scrollHeight;
    this.log.dataset.filled = String(state.messages.length > 0);
  }

  async send() {
    const text = cleanChat(this.input.value);
    if (text === null || this.sending) return;
    this.sending = true;
    this.button.disabled = true;
    try {
      if (await this.sendText(text)) this.input.value = '';
    } finally {
      this.sending = false;
      this.button.disabled = false;
    }
  }

  async toggle() {
    if (!this.state) return;
    this.switch.disabled = true;
    try {
      await this.toggleChat(!this.state.enabled);
    } finally {
      this.switch.disabled = false;
    }
  }
}

/** "14:05" for an RFC 3339 time, in the page's language. */
function clock(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang(), { hour: '2-digit', minute: '2-digit' }).format(d);
}
