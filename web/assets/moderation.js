// The moderators' pages (docs/api.md, "Reports and moderation"): /mod, the reports — open ones
// first, each with the game it is about and that game's chat in context (the reported player's
// lines marked) and its actions one click away (warn, mute for an hour or a day, rename, close,
// dismiss), the reason filled in and editable — and /mod/log, every action taken.

import * as api from './api.js';
import { h, replaceChildren, toast } from './dom.js';
import { t } from './i18n.js';

const when = (iso) => new Date(iso).toLocaleString(document.documentElement.lang || 'en');

/** Mounts the queue (`view` `queue`) or the log (`log`). */
export function mountModeration(main, { navigate, view }) {
  const page = new ModerationPage(main, navigate, view);
  page.load();
  return page;
}

class ModerationPage {
  constructor(main, navigate, view) {
    this.main = main;
    this.navigate = navigate;
    this.view = view;
    this.reports = null;
    this.log = null;
    this.games = new Map(); // game id → its view (or null while asked)
    this.typed = new Map(); // input key → what the moderator typed there, kept across renders
    this.form = null; // the form that acts on any player, kept across renders
    this.error = null;
  }

  relabel() {
    this.form = null;
    this.render();
  }

  account() {
    this.load();
  }

  async load() {
    try {
      if (this.view === 'log') this.log = (await api.modLog()).log;
      else this.reports = (await api.modReports()).reports;
      this.error = null;
    } catch (e) {
      this.error = e.message || t('error.generic');
    }
    this.render();
    for (const r of this.reports || []) {
      if (r.game && !this.games.has(r.game)) {
        this.games.set(r.game, null);
        api.getView(r.game).then((v) => {
          this.games.set(r.game, v);
          this.render();
        }, () => {});
      }
    }
  }

  async act(report, action, extra = {}) {
    const card = this.main.querySelector(`[data-report="${CSS.escape(report.id)}"]`);
    const reason = card?.querySelector('[data-test=mod-reason]')?.value.trim() || t(`report.reason.${report.reason}`);
    try {
      await api.modAct({ name: report.name, action, reason, report: report.id, ...extra });
      toast(t('mod.done', { name: report.name }));
      this.typed.delete(`reason-${report.id}`);
      this.typed.delete(`name-${report.id}`);
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
    await this.load();
  }

  /** Acts on a player without a report (a mute lifted, an account reopened, …), from the form. */
  async actOn(form) {
    const el = form.elements;
    const action = el.action.value;
    const spec = { name: el.name.value.trim(), action, reason: el.reason.value.trim() };
    if (action === 'mute') spec.minutes = Number(el.minutes.value);
    if (action === 'rename') spec.new_name = el.new_name.value.trim();
    try {
      await api.modAct(spec);
      toast(t('mod.done', { name: spec.name }));
      form.reset();
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
    await this.load();
  }

  /** The form that acts on any player by name. */
  playerForm() {
    const actions = [['warn', 'mod.action.warn'], ['mute', 'mod.action.mute'], ['unmute', 'mod.action.unmute'],
      ['rename', 'mod.action.rename'], ['close', 'mod.action.close'], ['reopen', 'mod.action.reopen']];
    const field = (id, label, control) => {
      control.dataset.key = id; // focus kept when the page is drawn again
      return h('div', { class: 'field' }, h('label', { for: id }, t(label)), control);
    };
    return h('details', { class: 'mod-player', 'data-test': 'mod-player' },
      h('summary', {}, t('mod.player.title')),
      h('form', { class: 'inline-form', 'data-test': 'mod-player-form', onsubmit: (e) => { e.preventDefault(); this.actOn(e.target); } },
        field('mod-p-name', 'mod.target', h('input', { id: 'mod-p-name', name: 'name', required: true, maxlength: 20, 'data-test': 'mod-p-name' })),
        field('mod-p-action', 'mod.action', h('select', { id: 'mod-p-action', name: 'action', 'data-test': 'mod-p-action' },
          actions.map(([value, key]) => h('option', { value }, t(key))))),
        field('mod-p-minutes', 'mod.minutes', h('input', { id: 'mod-p-minutes', name: 'minutes', type: 'number', min: 1, max: 525600, value: 60, 'data-test': 'mod-p-minutes' })),
        field('mod-p-new-name', 'mod.new-name', h('input', { id: 'mod-p-new-name', name: 'new_name', maxlength: 20, 'data-test': 'mod-p-new-name' })),
        field('mod-p-reason', 'mod.reason', h('input', { id: 'mod-p-reason', name: 'reason', required: true, maxlength: 500, 'data-test': 'mod-p-reason' })),
        h('button', { type: 'submit', class: 'primary', 'data-test': 'mod-p-apply' }, t('mod.apply'))));
  }

  /** The chat of the reported game, the reported player's lines marked. */
  context(report) {
    const v = this.games.get(report.game);
    if (!v) return report.game ? h('p', { class: 'muted' }, t('loading')) : null;
    const name = (seat) => v.seats[seat]?.name || (v.seats[seat]?.deleted ? t('who.deleted') : `#${seat + 1}`);
    const theirs = (seat) => v.seats[seat]?.account === report.name;
    const lines = v.chat.messages;
    return h('div', { class: 'mod-context' },
      h('p', {}, h('a', { href: `/game/${encodeURIComponent(report.game)}`, 'data-link': true, 'data-test': 'mod-game' }, t('mod.game', { name: v.name }))),
      lines.length
        ? h('ol', { class: 'chat-log', 'data-test': 'mod-chat' }, lines.map((m) =>
          h('li', { class: theirs(m.seat) ? 'chat-msg reported' : 'chat-msg', 'data-reported': String(theirs(m.seat)) },
            h('strong', {}, name(m.seat)), ': ', h('span', { 'data-test': 'mod-chat-text' }, m.text))))
        : h('p', { class: 'muted' }, t('chat.empty')));
  }

  /** An input whose text (`first` until typed in) stays across renders, and keeps focus. */
  input(key, attrs, first) {
    return h('input', { ...attrs, 'data-key': key, value: this.typed.get(key) ?? first, oninput: (e) => this.typed.set(key, e.target.value) });
  }

  card(r) {
    const open = r.status === 'open';
    const button = (action, label, extra = {}) => h('button', { type: 'button', class: 'small', 'data-test': `mod-${action}${extra.minutes ? `-${extra.minutes}` : ''}`, disabled: !r.name, onclick: () => this.act(r, action, extra) }, label);
    return h('li', { class: 'card mod-report', 'data-report': r.id, 'data-test': 'mod-report', 'data-status': r.status, 'data-name': r.name || '' },
      h('p', {},
        h('strong', { 'data-test': 'mod-reported' }, r.name || t('who.deleted')), ' · ',
        t(`report.reason.${r.reason}`), ' · ',
        h('span', { class: 'muted' }, t('mod.by', { name: r.reporter || t('who.deleted'), date: when(r.created) })), ' · ',
        h('span', { class: `tag status-${r.status}`, 'data-test': 'mod-status' }, t(`mod.status.${r.status}`))),
      r.text ? h('blockquote', { 'data-test': 'mod-text' }, r.text) : null,
      this.context(r),
      open && r.name ? h('div', { class: 'mod-actions' },
        h('div', { class: 'field' },
          h('label', { for: `mod-reason-${r.id}` }, t('mod.reason')),
          this.input(`reason-${r.id}`, { id: `mod-reason-${r.id}`, 'data-test': 'mod-reason', maxlength: 500 }, t(`report.reason.${r.reason}`))),
        button('warn', t('mod.action.warn')),
        button('mute', t('mod.action.mute-hour'), { minutes: 60 }),
        button('mute', t('mod.action.mute-day'), { minutes: 1440 }),
        h('span', { class: 'rename' },
          h('label', { for: `mod-name-${r.id}`, class: 'visually-hidden' }, t('mod.new-name')),
          this.input(`name-${r.id}`, { id: `mod-name-${r.id}`, 'data-test': 'mod-new-name', placeholder: t('mod.new-name'), maxlength: 20 }, ''),
          h('button', { type: 'button', class: 'small', 'data-test': 'mod-rename', onclick: (e) => {
            const input = e.target.parentElement.querySelector('input');
            this.act(r, 'rename', { new_name: input.value.trim() });
          } }, t('mod.action.rename'))),
        button('close', t('mod.action.close')),
        button('dismiss', t('mod.action.dismiss'))) : null);
  }

  render() {
    document.title = `${t(this.view === 'log' ? 'mod.log' : 'mod.title')} · Trigonal`;
    const nav = h('nav', { class: 'pools', 'aria-label': t('mod.title') },
      h('a', { href: '/mod', 'data-link': true, 'aria-current': this.view === 'queue' ? 'page' : null }, t('mod.title')),
      h('a', { href: '/mod/log', 'data-link': true, 'data-test': 'mod-log-link', 'aria-current': this.view === 'log' ? 'page' : null }, t('mod.log')));
    let body;
    if (this.error) body = h('p', { class: 'form-error', role: 'alert', 'data-test': 'mod-error' }, this.error);
    else if (this.view === 'log' && this.log) {
      body = this.log.length
        ? h('table', { class: 'mod-log', 'data-test': 'mod-log' },
          h('thead', {}, h('tr', {}, ['mod.when', 'mod.moderator', 'mod.target', 'mod.action', 'mod.reason'].map((k) => h('th', {}, t(k))))),
          h('tbody', {}, this.log.map((l) => h('tr', { 'data-test': 'mod-log-line', 'data-action': l.action },
            h('td', {}, when(l.at)),
            h('td', {}, l.moderator || t('who.deleted')),
            h('td', {}, l.target || t('who.deleted')),
            h('td', {}, t(`mod.did.${l.action}`), l.detail && l.action === 'rename' ? ` → ${l.detail}` : '', l.detail && l.action === 'mute' ? ` (${when(l.detail)})` : ''),
            h('td', {}, l.reason)))))
        : h('p', { class: 'muted' }, t('mod.log.empty'));
    } else if (this.view === 'queue' && this.reports) {
      this.form = this.form || this.playerForm();
      body = [this.form, this.reports.length
        ? h('ul', { class: 'mod-reports', 'data-test': 'mod-reports' }, this.reports.map((r) => this.card(r)))
        : h('p', { class: 'muted', 'data-test': 'mod-empty' }, t('mod.empty'))];
    } else body = h('p', { class: 'loading' }, t('loading'));
    replaceChildren(this.main, h('section', { class: 'card moderation', 'data-test': 'moderation', 'data-view': this.view },
      h('h1', {}, t(this.view === 'log' ? 'mod.log' : 'mod.title')), nav, body));
  }
}
