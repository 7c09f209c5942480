// Trust and safety in the pages (docs/api.md, "Password reset" to "Reports"): on one's own
// profile, the sessions (each ended on its own, or all the others), two-step sign-in (a QR code
// and its secret to scan or type, the first code turns it on and shows the recovery codes once),
// the players one blocked, one's data to download, the account deleted, and what moderators said;
// on another's profile, blocking and reporting; beside a name on a game page, reporting; and the
// pages of a forgotten password (/reset asks for a link, /reset/{token} takes the new password).

import * as api from './api.js';
import * as account from './account.js';
import { h, replaceChildren, toast } from './dom.js';
import { t } from './i18n.js';

const when = (iso) => new Date(iso).toLocaleString(document.documentElement.lang || 'en');

/** A section of one's own profile that asks the server once it is first shown. */
class Section {
  constructor(test, heading) {
    this.test = test;
    this.heading = heading;
    this.el = h('section', { class: `settings ${test}`, 'aria-labelledby': `${test}-h`, 'data-test': test });
    this.note = null;
  }

  shown() {
    if (!this.asked) {
      this.asked = true;
      this.load();
    }
    return this.el;
  }

  async run(work, done = null) {
    try {
      await work();
      this.note = done;
    } catch (e) {
      this.note = e.message || t('error.generic');
    }
    await this.load();
  }

  draw(...body) {
    replaceChildren(this.el,
      h('h2', { id: `${this.test}-h` }, t(this.heading)),
      ...body,
      this.note ? h('p', { role: 'status', 'data-test': `${this.test}-note` }, this.note) : null);
  }
}

/** Where one is signed in, each session ended on its own or all the others at once. */
export class SessionsSettings extends Section {
  constructor() {
    super('sessions', 'sessions.title');
    this.list = null;
  }

  async load() {
    try {
      this.list = (await api.sessions()).sessions;
    } catch (e) {
      this.note = e.message;
    }
    this.render();
  }

  render() {
    if (!this.list) return;
    const others = this.list.filter((s) => !s.current).length;
    this.draw(
      h('p', { class: 'help' }, t('sessions.help')),
      h('ul', { class: 'session-list', 'data-test': 'session-list' }, this.list.map((s) =>
        h('li', { 'data-test': 'session', 'data-id': s.id, 'data-current': String(s.current) },
          h('strong', {}, s.agent), ' ',
          s.current ? h('span', { class: 'tag', 'data-test': 'session-current' }, t('sessions.this')) : null,
          h('span', { class: 'muted' }, ' · ', t('sessions.since', { date: when(s.created) }), ' · ', t('sessions.seen', { date: when(s.last_seen) })),
          s.current ? null : h('button', { type: 'button', class: 'small subtle', 'data-test': 'session-end', onclick: () => this.run(() => api.endSession(s.id), t('sessions.ended')) }, t('sessions.end'))))),
      others ? h('button', { type: 'button', class: 'small', 'data-test': 'sessions-end-others', onclick: () => this.run(() => api.endOtherSessions(), t('sessions.ended-others')) }, t('sessions.end-others')) : null);
  }
}

/** Two-step sign-in: set up with a QR code (or its secret typed in), confirmed by a code; off with the password and a code. */
export class TotpSettings extends Section {
  constructor() {
    super('totp', 'totp.title');
    this.on = null; // known once set up or turned off here; till then, as the account says
    this.setup = null; // {secret, uri, qr} while setting up
    this.codes = null; // the recovery codes, shown once
  }

  async load() {
    this.render();
  }

  async start() {
    await this.run(async () => {
      this.setup = await api.startTotp();
      this.codes = null;
    });
  }

  async confirm(code) {
    try {
      const r = await api.confirmTotp(code.trim());
      this.codes = r.recovery_codes;
      this.setup = null;
      this.on = true;
      this.note = t('totp.on');
      await account.load();
    } catch (e) {
      this.note = e.message || t('error.generic');
    }
    this.render();
  }

  async stop(password, code) {
    try {
      await api.stopTotp(password, code.trim());
      this.on = false;
      this.codes = null;
      this.note = t('totp.off');
      await account.load();
    } catch (e) {
      this.note = e.message || t('error.generic');
    }
    this.render();
  }

  render() {
    const on = this.on ?? !!account.me()?.totp;
    const codes = this.codes ? [
      h('p', { class: 'help' }, t('totp.codes.help')),
      h('ol', { class: 'recovery-codes', 'data-test': 'totp-codes' }, this.codes.map((c) => h('li', {}, h('code', {}, c))))] : null;
    if (on) {
      this.draw(
        h('p', { 'data-test': 'totp-state', 'data-on': 'true' }, t('totp.is-on')),
        codes,
        h('form', { class: 'inline-form', 'data-test': 'totp-off-form', onsubmit: (e) => { e.preventDefault(); this.stop(e.target.elements.password.value, e.target.elements.code.value); } },
          field('totp-off-password', t('account.password'), { type: 'password', name: 'password', autocomplete: 'current-password', required: true }),
          field('totp-off-code', t('totp.code'), { type: 'text', name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', required: true }),
          h('button', { type: 'submit', 'data-test': 'totp-off' }, t('totp.turn-off'))));
      return;
    }
    if (this.setup) {
      const s = this.setup;
      this.draw(
        h('p', { class: 'help' }, t('totp.scan')),
        h('img', { class: 'qr', 'data-test': 'totp-qr', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(s.qr)}`, alt: t('totp.qr'), width: 200, height: 200 }),
        h('p', { class: 'help' }, t('totp.type')),
        h('p', {}, h('code', { class: 'secret', 'data-test': 'totp-secret' }, s.secret)),
        h('form', { class: 'inline-form', 'data-test': 'totp-confirm-form', onsubmit: (e) => { e.preventDefault(); this.confirm(e.target.elements.code.value); } },
          field('totp-code', t('totp.code'), { type: 'text', name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', required: true }),
          h('button', { type: 'submit', class: 'primary', 'data-test': 'totp-confirm' }, t('totp.confirm'))));
      return;
    }
    this.draw(
      h('p', { class: 'help', 'data-test': 'totp-state', 'data-on': 'false' }, t('totp.help')),
      codes,
      h('button', { type: 'button', 'data-test': 'totp-start', onclick: () => this.start() }, t('totp.set-up')));
  }
}

function field(id, label, attrs) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), h('input', { id, 'data-test': id, ...attrs }));
}

/** The players one blocked, each unblocked with a button. */
export class BlocksSettings extends Section {
  constructor() {
    super('blocks', 'blocks.title');
    this.list = null;
  }

  async load() {
    try {
      this.list = (await api.blocks()).blocks;
    } catch (e) {
      this.note = e.message;
    }
    this.render();
  }

  render() {
    if (!this.list) return;
    this.draw(
      h('p', { class: 'help' }, t('blocks.help')),
      this.list.length
        ? h('ul', { class: 'block-list', 'data-test': 'block-list' }, this.list.map((b) =>
          h('li', { 'data-name': b.name },
            h('a', { href: `/player/${encodeURIComponent(b.name)}`, 'data-link': true }, b.name), ' ',
            h('button', { type: 'button', class: 'small subtle', 'data-test': 'unblock', onclick: () => this.run(() => api.unblock(b.name), t('blocks.unblocked', { name: b.name })) }, t('blocks.unblock')))))
        : h('p', { class: 'muted', 'data-test': 'no-blocks' }, t('blocks.none')));
  }
}

/** One's data to download, and the account deleted. */
export class DataSettings extends Section {
  constructor(navigate) {
    super('data', 'data.title');
    this.navigate = navigate;
  }

  async load() {
    this.render();
  }

  async remove(password) {
    if (!globalThis.confirm(t('data.delete.confirm'))) return;
    try {
      await api.deleteAccount(password);
      account.forget();
      toast(t('data.deleted'));
      this.navigate('/');
    } catch (e) {
      this.note = e.message || t('error.generic');
      this.render();
    }
  }

  render() {
    const me = account.me();
    this.draw(
      h('p', { class: 'help' }, t('data.help')),
      h('p', {}, h('a', { class: 'button', href: api.exportUrl(), download: `trigonal-${me?.name || 'me'}.json`, 'data-test': 'data-export' }, t('data.export'))),
      h('h3', {}, t('data.delete.title')),
      h('p', { class: 'help' }, t('data.delete.help')),
      h('form', { class: 'inline-form', 'data-test': 'delete-form', onsubmit: (e) => { e.preventDefault(); this.remove(e.target.elements.password.value); } },
        field('delete-password', t('account.password'), { type: 'password', name: 'password', autocomplete: 'current-password', required: true }),
        h('button', { type: 'submit', class: 'danger', 'data-test': 'delete-account' }, t('data.delete.button'))));
  }
}

/** What moderators did about oneself: a mute, warnings. Shown only when there is something. */
export class StandingNote {
  constructor() {
    this.el = h('section', { class: 'settings standing', 'data-test': 'standing', hidden: true });
  }

  shown() {
    if (!this.asked) {
      this.asked = true;
      api.standing().then((s) => {
        this.data = s;
        this.render();
      }, () => {});
    }
    return this.el;
  }

  render() {
    const s = this.data;
    if (!s || (!s.muted_until && !s.warnings.length)) return;
    this.el.hidden = false;
    replaceChildren(this.el,
      h('h2', {}, t('standing.title')),
      s.muted_until ? h('p', { 'data-test': 'standing-muted' }, t('standing.muted', { until: when(s.muted_until) })) : null,
      s.warnings.map((w) => h('p', { 'data-test': 'standing-warning' }, t('standing.warned', { date: when(w.at) }), ' ', h('q', {}, w.reason))));
  }
}

const REASONS = ['chat', 'name', 'cheating', 'other'];

/**
 * A button that reports player `name` (about game `game`, if given): it opens a small form with
 * the reason and what happened.
 */
export function reportButton(name, game = null, attrs = {}) {
  return h('button', { type: 'button', class: 'small subtle report-button', 'data-test': 'report', 'data-name': name, title: t('report.title', { name }), onclick: () => openReport(name, game), ...attrs }, t('report.button'));
}

/** The report form for `name`, as a modal dialog. */
export function openReport(name, game) {
  const dialog = h('dialog', { class: 'card report-dialog', 'data-test': 'report-dialog', 'aria-labelledby': 'report-h' });
  const note = h('p', { role: 'status', 'data-test': 'report-note' });
  const close = () => {
    dialog.close();
    dialog.remove();
  };
  const send = async (form) => {
    try {
      await api.report({ name, reason: form.elements.reason.value, text: form.elements.text.value, ...(game ? { game } : {}) });
      close();
      toast(t('report.sent', { name }));
    } catch (e) {
      note.textContent = e.message || t('error.generic');
    }
  };
  dialog.append(
    h('h2', { id: 'report-h' }, t('report.title', { name })),
    h('form', { method: 'dialog', onsubmit: (e) => { e.preventDefault(); send(e.target); } },
      h('div', { class: 'field' },
        h('label', { for: 'report-reason' }, t('report.reason')),
        h('select', { id: 'report-reason', name: 'reason', 'data-test': 'report-reason' },
          REASONS.map((r) => h('option', { value: r }, t(`report.reason.${r}`))))),
      h('div', { class: 'field' },
        h('label', { for: 'report-text' }, t('report.text')),
        h('textarea', { id: 'report-text', name: 'text', rows: 4, maxlength: 1000, 'data-test': 'report-text' })),
      note,
      h('div', { class: 'form-actions' },
        h('button', { type: 'button', class: 'subtle', 'data-test': 'report-cancel', onclick: close }, t('report.cancel')),
        h('button', { type: 'submit', class: 'primary', 'data-test': 'report-send' }, t('report.send')))));
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** On another's profile: block or unblock them, and report them. */
export class PlayerActions {
  constructor(name) {
    this.name = name;
    this.blocked = null;
    this.el = h('div', { class: 'player-actions', 'data-test': 'player-actions' });
  }

  shown() {
    if (!this.asked) {
      this.asked = true;
      this.load();
    }
    return this.el;
  }

  async load() {
    try {
      const list = (await api.blocks()).blocks;
      this.blocked = list.some((b) => b.name.toLowerCase() === this.name.toLowerCase());
    } catch {
      this.blocked = false;
    }
    this.render();
  }

  async toggle() {
    try {
      if (this.blocked) {
        await api.unblock(this.name);
        toast(t('blocks.unblocked', { name: this.name }));
      } else {
        await api.block(this.name);
        toast(t('blocks.blocked', { name: this.name }));
      }
      this.blocked = !this.blocked;
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
    this.render();
  }

  render() {
    if (this.blocked === null) return;
    replaceChildren(this.el,
      h('button', { type: 'button', class: 'small', 'data-test': this.blocked ? 'unblock-player' : 'block-player', 'data-key': 'block', onclick: () => this.toggle() },
        this.blocked ? t('blocks.unblock') : t('blocks.block')),
      ' ',
      reportButton(this.name));
  }
}

/** /reset (no token: ask for a link) and /reset/{token} (choose the new password). */
export function mountReset(main, { token }) {
  let state = token ? 'choosing' : 'asking';
  let note = null;
  const render = () => {
    const title = t(token ? 'reset.choose.title' : 'reset.ask.title');
    document.title = `${title} · Trigonal`;
    let body;
    if (state === 'asking') {
      body = [
        h('p', { class: 'help' }, t('reset.ask.help')),
        h('form', { 'data-test': 'reset-ask-form', onsubmit: async (e) => {
          e.preventDefault();
          try {
            await api.askReset(e.target.elements.email.value.trim());
            state = 'asked';
            note = null;
          } catch (err) {
            note = err.message || t('error.generic');
          }
          render();
        } },
        field('reset-email', t('mail.address'), { type: 'email', name: 'email', autocomplete: 'email', required: true }),
        h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'primary', 'data-test': 'reset-ask' }, t('reset.ask.button'))))];
    } else if (state === 'asked') {
      body = [h('p', { 'data-test': 'reset-asked' }, t('reset.asked'))];
    } else if (state === 'choosing') {
      body = [
        h('p', { class: 'help' }, t('reset.choose.help')),
        h('form', { 'data-test': 'reset-form', onsubmit: async (e) => {
          e.preventDefault();
          try {
            await api.useReset(token, e.target.elements.password.value);
            state = 'done';
            note = null;
          } catch (err) {
            state = err.code === 'link-not-valid' ? 'not-valid' : state;
            note = err.code === 'link-not-valid' ? null : (err.message || t('error.generic'));
          }
          render();
        } },
        field('reset-password', t('reset.new-password'), { type: 'password', name: 'password', autocomplete: 'new-password', required: true, minlength: 8 }),
        h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'primary', 'data-test': 'reset-save' }, t('reset.choose.button'))))];
    } else if (state === 'done') {
      body = [h('p', { 'data-test': 'reset-done' }, t('reset.done')),
        h('p', {}, h('a', { href: '/signin', 'data-link': true, 'data-test': 'reset-sign-in' }, t('account.signin')))];
    } else {
      body = [h('p', { 'data-test': 'reset-not-valid' }, t('reset.not-valid')),
        h('p', {}, h('a', { href: '/reset', 'data-link': true }, t('reset.again')))];
    }
    main.replaceChildren(h('section', { class: 'card account-form', 'data-test': 'reset', 'data-state': state },
      h('h1', {}, title), ...body,
      note ? h('p', { class: 'form-error', role: 'alert', 'data-test': 'reset-error' }, note) : null));
  };
  render();
  return { relabel: render };
}
