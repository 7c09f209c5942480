// The account pages: sign in / create an account (/signin), a player's profile (/player/{name})
// with ratings and their history (and on one's own, where mail goes), and a pool's leaderboard
// (/leaderboard/{pool}).

import * as api from './api.js';
import * as account from './account.js';
import { h, replaceChildren, toast } from './dom.js';
import { t } from './i18n.js';
import { gameName, seatName } from './games.js';
import { poolGame, ratedPools, ratingText, validName } from './ratings.js';
import { ratingChart } from './chart.js';
import { PushSettings } from './push.js';
import { BlocksSettings, DataSettings, PlayerActions, SessionsSettings, StandingNote, TotpSettings } from './safety.js';

/** A pool's name among `pools` (/api/meta's): the game's, and the number of players where the game has a pool per number. */
export function poolName(pools, pool) {
  const { game, players } = poolGame(pools, pool);
  return players ? `${gameName(game)} · ${t('game.players', { n: players })}` : gameName(game);
}

/** An opponent on a profile: the name they gave, else the computer and its level, else the seat. */
function opponentName(game, o) {
  if (o.deleted) return t('who.deleted');
  if (o.name) return o.name;
  if (o.kind === 'ai') return t('who.computer', { level: t(`level.${o.level}`) });
  return seatName(game, o.seat);
}

function errorPage(main, e) {
  main.replaceChildren(h('section', { class: 'card error-page' },
    h('h1', {}, e.status === 404 ? t('error.not-found') : t('error.generic')),
    h('p', {}, h('a', { href: '/', 'data-link': true }, t('nav.home')))));
}

/** Which field of the account form an error code is about (others are about the whole form). */
const FIELD_OF = { 'account-name': 'name', 'name-refused': 'name', 'name-taken': 'name', 'password-length': 'password', 'wrong-credentials': 'password', 'wrong-code': 'code', 'totp-required': 'code' };

export function mountSignIn(main, { navigate, create }) {
  let busy = false;
  // What is typed, and each field's error (and the form's) as a function giving its words in the
  // language of the moment: an error stays, and is said again after a change of language, until
  // its field is changed.
  const typed = { name: '', password: '', code: '' };
  const errors = { name: null, password: null, code: null, form: null };
  // Asked for once the server says the account has two-step sign-in on.
  let askCode = false;
  const submit = async () => {
    if (busy) return;
    const name = typed.name.trim();
    errors.form = null;
    if (create && !validName(name)) {
      errors.name = () => t('account.name.invalid');
      render('name');
      return;
    }
    busy = true;
    try {
      await account.enter(name, typed.password, create, askCode ? typed.code.trim() : null);
      toast(t('account.welcome', { name: account.me().name }));
      navigate('/');
    } catch (e) {
      const field = FIELD_OF[e.code] || 'form';
      if (e.code === 'totp-required') askCode = true;
      errors[field] = () => (e instanceof api.ApiError ? api.errorText(e.code, e.english, e.params) : t('error.generic'));
      render(field === 'form' ? null : field);
    } finally {
      busy = false;
    }
  };
  const field = (key, attrs) => {
    const id = `acc-${key}`;
    const error = errors[key];
    return h('div', { class: 'field' },
      h('label', { for: id }, t(key === 'code' ? 'totp.code' : `account.${key}`)),
      h('input', {
        id, name: key, required: true, 'data-test': id, value: typed[key], ...attrs,
        'aria-invalid': error ? 'true' : null, 'aria-describedby': error ? `${id}-error` : null,
        oninput: (e) => {
          typed[key] = e.target.value;
          if (!errors[key]) return;
          errors[key] = null;
          e.target.removeAttribute('aria-invalid');
          e.target.removeAttribute('aria-describedby');
          document.getElementById(`${id}-error`)?.remove();
        },
      }),
      error ? h('p', { class: 'field-error', id: `${id}-error`, 'data-test': `${id}-error` }, error()) : null);
  };
  const render = (focus = null) => {
    document.title = `${t(create ? 'account.create' : 'account.signin')} · Trigonal`;
    main.replaceChildren(h('section', { class: 'card account-form' },
      h('h1', {}, t(create ? 'account.create' : 'account.signin')),
      h('p', { class: 'help' }, t('account.help')),
      h('form', { 'data-test': 'account-form', novalidate: true, onsubmit: (e) => { e.preventDefault(); submit(); } },
        field('name', { type: 'text', autocomplete: 'username', maxlength: 20 }),
        field('password', { type: 'password', autocomplete: create ? 'new-password' : 'current-password' }),
        askCode ? field('code', { type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code' }) : null,
        create ? h('p', { class: 'help' }, t('account.rules')) : null,
        errors.form ? h('p', { class: 'form-error', role: 'alert', 'data-test': 'acc-error' }, errors.form()) : null,
        h('div', { class: 'form-actions' },
          h('button', { type: 'submit', class: 'primary', 'data-test': 'acc-submit' }, t(create ? 'account.create' : 'account.signin')))),
      h('p', {}, h('a', { href: create ? '/signin' : '/signup', class: 'acc-switch', 'data-link': true, 'data-test': 'acc-switch' }, t(create ? 'account.have' : 'account.none'))),
      create ? null : h('p', {}, h('a', { href: '/reset', 'data-link': true, 'data-test': 'acc-forgot' }, t('reset.forgot')))));
    if (focus) document.getElementById(`acc-${focus}`)?.focus();
  };
  render();
  return { relabel: () => render() };
}

export function mountProfile(main, { name, navigate }) {
  let data = null;
  let pools = [];
  let closed = false;
  const render = () => {
    if (!data) return;
    document.title = `${data.name} · Trigonal`;
    const rated = ratedPools(pools, data.ratings);
    main.replaceChildren(h('section', { class: 'card profile', 'data-test': 'profile' },
      h('h1', { 'data-test': 'profile-name' }, data.name),
      h('p', { class: 'muted' }, t('profile.since', { date: new Date(data.created).toLocaleDateString(document.documentElement.lang || 'en') })),
      h('h2', {}, t('profile.ratings')),
      rated.length
        ? h('div', { class: 'ratings' }, rated.map((p) => {
          const r = data.ratings[p];
          return h('div', { class: 'rating-card', 'data-test': 'rating', 'data-pool': p, 'data-rating': String(Math.round(r.rating)), 'data-games': String(r.games) },
            h('h3', {}, h('a', { href: `/leaderboard/${p}`, 'data-link': true }, poolName(pools, p))),
            h('p', { class: 'rating-line' },
              h('strong', { class: 'rating-value', title: r.provisional ? t('rating.provisional') : null }, ratingText(r.rating, r.provisional)),
              r.provisional ? h('span', { class: 'muted' }, ' ', t('rating.provisional')) : null,
              h('span', { class: 'muted' }, ' · ', t('rating.deviation', { n: Math.round(r.deviation) }), ' · ', t('rating.games', { n: r.games }))),
            ratingChart(r.history, t('rating.chart', { pool: poolName(pools, p) })));
        }))
        : h('p', { class: 'muted', 'data-test': 'no-ratings' }, t('profile.none')),
      h('h2', {}, t('profile.games')),
      data.games.length
        ? h('ul', { class: 'game-list played-games', 'data-test': 'profile-games' }, data.games.map((g) =>
          h('li', { 'data-id': g.id, 'data-result': g.result || 'playing' },
            h('a', { href: `/game/${encodeURIComponent(g.id)}`, 'data-link': true, class: 'gl-name' },
              gameName(g.game, g.name), ' ', t('profile.vs', { names: g.opponents.map((o) => opponentName(g.game, o)).join(', ') })),
            g.rated ? h('span', { class: 'rated-tag' }, t('game.rated')) : null,
            h('span', { class: `result-word ${g.result || 'playing'}`, 'data-test': 'played-result' }, t(`profile.result.${g.result || 'playing'}`)),
            h('span', { class: 'muted' }, new Date(g.updated).toLocaleDateString(document.documentElement.lang || 'en')))))
        : h('p', { class: 'muted' }, t('profile.no-games')),
      own() ? [standing.shown(), mail.shown(), push.shown(), sessions.shown(), totp.shown(), blocks.shown(), data_.shown()]
        : account.me() ? actions.shown() : null));
  };
  // One's own profile says where mail goes, and takes a new address; and whether this device
  // shows pushed notices.
  const own = () => account.me()?.name.toLowerCase() === data.name.toLowerCase();
  const mail = new MailSettings();
  const push = new PushSettings();
  const sessions = new SessionsSettings();
  const totp = new TotpSettings();
  const blocks = new BlocksSettings();
  const data_ = new DataSettings(navigate);
  const standing = new StandingNote();
  const actions = new PlayerActions(decodeURIComponent(name));
  main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
  Promise.all([api.player(name), api.meta()]).then(([d, meta]) => {
    if (closed) return;
    data = d;
    pools = meta.pools;
    render();
  }, (e) => { if (!closed) errorPage(main, e); });
  // Signed in (or out) after the profile came: whether it is one's own may have changed.
  return { relabel: render, account: render, unmount: () => { closed = true; } };
}

export function mountLeaderboard(main, { pool }) {
  let data = null;
  let pools = [];
  let closed = false;
  const table = (players, test) => h('ol', { class: 'leaderboard', 'data-test': test }, players.map((p) =>
    h('li', { 'data-name': p.name },
      h('a', { href: `/player/${encodeURIComponent(p.name)}`, 'data-link': true }, p.name), ' ',
      h('strong', {}, ratingText(p.rating, test === 'provisional')),
      h('span', { class: 'muted' }, ' · ', t('rating.deviation', { n: Math.round(p.deviation) }), ' · ', t('rating.games', { n: p.games })))));
  const render = () => {
    if (!data) return;
    const name = poolName(pools, data.pool);
    document.title = `${t('leaderboard.title', { pool: name })} · Trigonal`;
    main.replaceChildren(h('section', { class: 'card board-page', 'data-test': 'leaderboard' },
      h('h1', {}, t('leaderboard.title', { pool: name })),
      h('nav', { class: 'pools', 'aria-label': t('leaderboard.pools') }, pools.map(({ id }) =>
        h('a', { href: `/leaderboard/${id}`, 'data-link': true, 'aria-current': id === data.pool ? 'page' : null }, poolName(pools, id)))),
      data.players.length ? table(data.players, 'ranked') : h('p', { class: 'muted' }, t('leaderboard.empty')),
      data.provisional.length ? [h('h2', {}, t('leaderboard.provisional')), h('p', { class: 'help' }, t('leaderboard.provisional.help')), table(data.provisional, 'provisional')] : null));
  };
  main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
  Promise.all([api.leaderboard(pool), api.meta()]).then(([d, meta]) => {
    if (closed) return;
    data = d;
    pools = meta.pools;
    render();
  }, (e) => { if (!closed) errorPage(main, e); });
  return { relabel: render, unmount: () => { closed = true; } };
}

/** One's mail settings: the address, whether it is confirmed or unsubscribed, and a new one. */
class MailSettings {
  constructor() {
    this.view = null; // GET /api/me/email
    this.note = null; // what saving said
    this.el = h('section', { class: 'mail-settings', 'aria-labelledby': 'mail-h', 'data-test': 'mail' });
  }

  /** Its element, the settings asked for the first time it is shown. */
  shown() {
    if (!this.asked) {
      this.asked = true;
      this.load();
    }
    return this.el;
  }

  async load() {
    try {
      this.view = await api.getEmail();
    } catch (e) {
      this.note = e.message;
    }
    this.render();
  }

  async save(address) {
    try {
      this.view = await api.setEmail(address);
      this.note = t('mail.sent', { email: this.view.email });
    } catch (e) {
      this.note = e.message || t('error.generic');
    }
    this.render();
  }

  render() {
    const v = this.view;
    if (!v) return;
    const status = !v.mail ? t('mail.none')
      : !v.email ? null
      : !v.on ? t('mail.unsubscribed')
      : t(v.verified ? 'mail.verified' : 'mail.unverified', { email: v.email });
    replaceChildren(this.el,
      h('h2', { id: 'mail-h' }, t('mail.title')),
      h('p', { class: 'help' }, t('mail.help')),
      status ? h('p', { 'data-test': 'mail-status' }, status) : null,
      v.mail ? h('form', { class: 'mail-form', onsubmit: (e) => { e.preventDefault(); this.save(e.target.elements.email.value); } },
        h('div', { class: 'field' },
          h('label', { for: 'mail-address' }, t('mail.address')),
          h('input', { type: 'email', id: 'mail-address', name: 'email', autocomplete: 'email', 'data-test': 'mail-address', value: v.email || '', required: true })),
        h('button', { type: 'submit', 'data-test': 'mail-save' }, t('mail.save'))) : null,
      this.note ? h('p', { role: 'status', 'data-test': 'mail-note' }, this.note) : null);
  }
}
