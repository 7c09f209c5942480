// Tournaments (docs/api.md, "Tournaments"): the list at /tournaments — those starting soon, being
// played and finished — with, for a signed-in person, a form to make one; and a tournament's page
// at /tournament/{id}: what it is, join / withdraw / start / add the computer, the standings and
// the tables of each round, live over the tournament's socket, which also sends an entrant to
// each game they are seated at.

import * as api from './api.js';
import * as store from './store.js';
import * as account from './account.js';
import { h, replaceChildren, toast } from './dom.js';
import { t, has, lang } from './i18n.js';
import { gameName } from './games.js';
import { gameUrl } from './links.js';
import { controlText, controlLong, parseCustom } from './clock.js';
import { ratingText } from './ratings.js';
import { gamesFor, tableSizes, groups, actions, tablesShown, isBye, score, startsAt, points } from './standings.js';
import { Live } from './live.js';

/** How soon a tournament may start, in minutes, as the form offers it; `at` opens a date field. */
const SOON = [5, 15, 60];

// ---- words shared by both pages ----

/** A time as "18:30 (in 12 minutes)", the date too when it is not today. */
function when(iso) {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const today = new Date(ms).toDateString() === new Date().toDateString();
  const format = new Intl.DateTimeFormat(lang(), today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  return `${format.format(ms)} (${relative(ms)})`;
}

/** "in 12 minutes", "5 hours ago": how far `ms` is from now. */
function relative(ms) {
  const s = (ms - Date.now()) / 1000;
  const a = Math.abs(s);
  const rtf = new Intl.RelativeTimeFormat(lang(), { numeric: 'auto' });
  if (a < 60) return rtf.format(0, 'minute');
  if (a < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (a < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86400), 'day');
}

/** What a tournament is: its game, system, clock and length, as a line of bits. */
function summary(tour) {
  const bits = [h('span', { 'data-test': 'sum-game' }, gameName(tour.game, tour.game_name))];
  if (tour.variant) bits.push(has(`variant.${tour.variant}`) ? t(`variant.${tour.variant}`) : tour.variant);
  if (tour.system === 'arena' && tour.players > 2) bits.push(t('tournament.table-size', { n: tour.players }));
  bits.push(h('span', { 'data-test': 'sum-system' }, t(`tournament.system.${tour.system}`)));
  bits.push(h('span', { class: 'clock-control', 'data-test': 'sum-clock', title: controlLong(tour.clock, t, lang()) }, controlText(tour.clock, t, lang())));
  if (tour.system === 'swiss' && tour.rounds) bits.push(t('tournament.rounds', { n: tour.rounds }));
  if (tour.system === 'arena' && tour.minutes) bits.push(t('tournament.minutes', { n: tour.minutes }));
  const out = [];
  bits.forEach((b, i) => out.push(i ? ' · ' : null, b));
  if (tour.rated) out.push(' ', h('span', { class: 'rated-tag', 'data-test': 'tour-rated' }, t('game.rated')));
  return out;
}

/** Where a tournament stands: when it starts, the round, when it ends or ended. */
function statusText(tour) {
  switch (tour.status) {
    case 'waiting': return t('tournament.starts', { when: when(tour.starts) });
    case 'running':
      if (tour.system === 'swiss') return tour.round ? t('tournament.round', { r: tour.round, n: tour.rounds }) : t('tournaments.running');
      return t('tournament.ends', { when: when(tour.ends) });
    case 'finished': return t('tournament.ended', { when: when(tour.ended || tour.starts) });
    case 'cancelled': return t('tournament.cancelled');
    default: return tour.status;
  }
}

function errorPage(main, e) {
  main.replaceChildren(h('section', { class: 'card error-page' },
    h('h1', {}, e.status === 404 ? t('error.not-found') : t('error.generic')),
    h('p', { 'data-test': 'tour-error' }, e.message),
    h('p', {}, h('a', { href: '/tournaments', 'data-link': true }, t('tournaments.title')))));
}

// ---- the list ----

export function mountTournaments(main, { navigate }) {
  const page = new TournamentList(main, navigate);
  page.start();
  return page;
}

class TournamentList {
  constructor(main, navigate) {
    this.main = main;
    this.navigate = navigate;
    this.meta = null;
    this.list = null;
    this.closed = false;
    this.creating = false;
    // The form as chosen and typed; the game and its players are set once the games are known.
    this.form = {
      name: '', system: 'swiss', game: null, players: 2, variant: null, minutes: '5', seconds: '3',
      rounds: '5', length: '60', starts: '15', at: '', rated: false, capacity: '64',
    };
  }

  async start() {
    this.main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
    try {
      [this.meta, this.list] = await Promise.all([api.meta(), api.listTournaments().then((r) => r.tournaments)]);
    } catch (e) {
      if (!this.closed) errorPage(this.main, e);
      return;
    }
    if (this.closed) return;
    this.pick(this.form.game || sessionStorage.getItem('trigonal.choice.game'));
    this.build();
    this.render();
    this.timer = setInterval(() => this.refresh(), 10000);
  }

  unmount() {
    this.closed = true;
    clearInterval(this.timer);
  }

  relabel() {
    if (!this.meta) return;
    this.build();
    this.render();
  }

  account() {
    this.relabel();
  }

  async refresh() {
    try {
      const r = await api.listTournaments();
      if (this.closed) return;
      this.list = r.tournaments;
      this.renderList();
    } catch {
      // Kept as it was: the next refresh may reach the server.
    }
  }

  /** Chooses game `id` (the first one the system allows when it does not), and fits the rest. */
  pick(id) {
    const f = this.form;
    const games = gamesFor(this.meta.games, f.system);
    const g = games.find((x) => x.id === id) || games[0];
    f.game = g.id;
    const sizes = tableSizes(g, f.system);
    if (!sizes.includes(f.players)) f.players = sizes[0];
    if (!g.variants.includes(f.variant)) f.variant = g.variants[0] ?? null;
  }

  build() {
    this.els = {
      list: h('section', { class: 'card tour-list', 'aria-labelledby': 'tour-list-h', 'data-test': 'tour-list' }),
      form: h('section', { class: 'card tour-new', 'aria-labelledby': 'tour-new-h', 'data-test': 'tour-new' }),
    };
    document.title = `${t('tournaments.title')} · Trigonal`;
    this.main.replaceChildren(h('div', { class: 'tournaments' },
      h('section', { class: 'intro' },
        h('h1', {}, t('tournaments.title')),
        h('p', { class: 'lead' }, t('tournaments.lead')),
        // On a phone the form is below the list: a way down to it.
        account.me() ? h('button', { type: 'button', class: 'small tour-jump', 'data-test': 'tour-jump', onclick: () => this.jump() }, t('tournaments.new')) : null),
      h('div', { class: 'tour-columns' }, this.els.list, this.els.form)));
  }

  render() {
    this.renderList();
    this.renderForm();
  }

  jump() {
    this.els.form.scrollIntoView({ block: 'start' });
    this.els.form.querySelector('#tour-name')?.focus({ preventScroll: true });
  }

  renderList() {
    if (!this.els) return;
    const g = groups(this.list || []);
    const group = (key, items) => [
      h('h3', {}, t(`tournaments.${key}`)),
      items.length
        ? h('ul', { class: 'game-list', 'data-test': `tour-${key}` }, items.map((x) => this.item(x)))
        : h('p', { class: 'muted' }, t('tournaments.none')),
    ];
    replaceChildren(this.els.list,
      h('h2', { id: 'tour-list-h' }, t('tournaments.list')),
      group('waiting', g.waiting),
      group('running', g.running),
      group('finished', g.finished));
  }

  item(x) {
    return h('li', { 'data-id': x.id, 'data-test': 'tour-item', 'data-status': x.status },
      h('a', { href: `/tournament/${encodeURIComponent(x.id)}`, 'data-link': true, class: 'gl-name', 'data-test': 'tour-link' }, x.name),
      h('span', { class: 'muted tour-summary' }, summary(x)),
      h('span', { class: 'tour-when' }, statusText(x)),
      h('span', { class: 'muted', 'data-test': 'tour-entrants' }, t('tournament.entrants', { n: x.entrants })),
      x.joined ? h('span', { class: 'turn-tag tour-in' }, t('tournament.in.short')) : null);
  }

  renderForm() {
    if (!this.els) return;
    if (!account.me()) {
      replaceChildren(this.els.form,
        h('h2', { id: 'tour-new-h' }, t('tournaments.new')),
        h('p', { class: 'muted', 'data-test': 'tour-new-sign-in' }, t('tournaments.sign-in'), ' ',
          h('a', { href: '/signin', 'data-link': true }, t('account.signin'))));
      return;
    }
    const f = this.form;
    const g = this.meta.games.find((x) => x.id === f.game);
    const field = (id, label, control, help = null) => h('div', { class: 'field' },
      h('label', { for: id }, label), control, help ? h('p', { class: 'help' }, help) : null);
    const text = (id, key, attrs = {}) => h('input', {
      type: 'text', id, 'data-key': id, 'data-test': id, value: f[key], autocomplete: 'off',
      oninput: (e) => { f[key] = e.target.value; }, ...attrs,
    });
    const select = (id, options, value, change) => h('select', { id, 'data-key': id, 'data-test': id, onchange: (e) => change(e.target.value) },
      options.map(([v, label]) => h('option', { value: v, selected: String(v) === String(value) }, label)));
    const sizes = tableSizes(g, f.system);
    replaceChildren(this.els.form,
      h('h2', { id: 'tour-new-h' }, t('tournaments.new')),
      h('form', { class: 'tour-form', 'data-test': 'tour-form', novalidate: true, onsubmit: (e) => { e.preventDefault(); this.create(); } },
        field('tour-name', t('tournaments.form.name'), text('tour-name', 'name', { maxlength: 60, placeholder: t('tournaments.form.name.placeholder') })),
        field('tour-system', t('tournaments.form.system'),
          select('tour-system', [['swiss', t('tournament.system.swiss')], ['arena', t('tournament.system.arena')]], f.system, (v) => {
            f.system = v;
            this.pick(f.game);
            this.renderForm();
          }),
          t(`tournament.system.${f.system}.help`)),
        h('div', { class: 'field-row' },
          field('tour-game', t('tournaments.form.game'),
            select('tour-game', gamesFor(this.meta.games, f.system).map((x) => [x.id, gameName(x.id, x.name)]), f.game, (v) => {
              this.pick(v);
              this.renderForm();
            })),
          sizes.length > 1
            ? field('tour-players', t('tournaments.form.players'),
              select('tour-players', sizes.map((n) => [n, String(n)]), f.players, (v) => { f.players = Number(v); }))
            : null,
          g.variants.length
            ? field('tour-variant', t('setup.version'),
              select('tour-variant', g.variants.map((v) => [v, has(`variant.${v}`) ? t(`variant.${v}`) : v]), f.variant, (v) => { f.variant = v; }))
            : null),
        h('fieldset', { class: 'tour-clock' },
          h('legend', {}, t('clock.title')),
          h('div', { class: 'field-row' },
            field('tour-minutes', t('clock.minutes'), text('tour-minutes', 'minutes', { inputmode: 'decimal', size: 6 })),
            field('tour-seconds', t('clock.seconds'), text('tour-seconds', 'seconds', { inputmode: 'decimal', size: 6 })))),
        h('div', { class: 'field-row' },
          f.system === 'swiss'
            ? field('tour-rounds', t('tournaments.form.rounds'), text('tour-rounds', 'rounds', { inputmode: 'numeric', size: 4 }))
            : field('tour-length', t('tournaments.form.length'), text('tour-length', 'length', { inputmode: 'numeric', size: 5 })),
          field('tour-capacity', t('tournaments.form.capacity'), text('tour-capacity', 'capacity', { inputmode: 'numeric', size: 4 }))),
        h('div', { class: 'field-row' },
          field('tour-starts', t('tournaments.form.starts'),
            select('tour-starts', [...SOON.map((n) => [n, t('tournaments.form.in', { n })]), ['at', t('tournaments.form.at')]], f.starts, (v) => {
              f.starts = v;
              this.renderForm();
            })),
          f.starts === 'at'
            ? field('tour-at', t('tournaments.form.time'), h('input', {
              type: 'datetime-local', id: 'tour-at', 'data-key': 'tour-at', 'data-test': 'tour-at', value: f.at,
              oninput: (e) => { f.at = e.target.value; },
            }))
            : null),
        h('label', { class: 'seek-rated' },
          h('input', { type: 'checkbox', role: 'switch', class: 'switch', 'data-key': 'tour-rated', 'data-test': 'tour-rated', checked: f.rated, onchange: (e) => { f.rated = e.target.checked; } }),
          t('tournaments.form.rated')),
        h('div', { class: 'form-actions' },
          h('button', { type: 'submit', class: 'primary', 'data-key': 'tour-create', 'data-test': 'tour-create', disabled: this.creating }, t('tournaments.form.create')))));
  }

  async create() {
    const f = this.form;
    const clock = parseCustom({ kind: 'fischer', minutes: f.minutes, seconds: f.seconds });
    if (!clock.ok) {
      toast(t(clock.error), 'error');
      this.els.form.querySelector(`#tour-${clock.field}`)?.focus();
      return;
    }
    const starts = startsAt(f.starts === 'at' ? 'at' : Number(f.starts), Date.now(), f.at);
    if (!starts) {
      toast(t('tournaments.form.time-missing'), 'error');
      this.els.form.querySelector('#tour-at')?.focus();
      return;
    }
    const spec = { name: f.name.trim(), system: f.system, game: f.game, players: f.players, clock: clock.clock, rated: f.rated, starts };
    if (f.variant) spec.variant = f.variant;
    // Numbers as typed: what is not one is sent as it is, and the server's words say what it takes.
    const whole = (s) => (/^\s*\d+\s*$/.test(s) ? Number(s) : s);
    if (f.system === 'swiss') spec.rounds = whole(f.rounds);
    else spec.minutes = whole(f.length);
    spec.capacity = whole(f.capacity);
    this.creating = true;
    this.renderForm();
    try {
      const r = await api.createTournament(spec);
      this.navigate(`/tournament/${encodeURIComponent(r.id)}`);
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
      this.creating = false;
      this.renderForm();
    }
  }
}

// ---- one tournament ----

export function mountTournament(main, { id, navigate }) {
  const page = new TournamentPage(main, id, navigate);
  page.start();
  return page;
}

class TournamentPage {
  constructor(main, id, navigate) {
    this.main = main;
    this.id = id;
    this.navigate = navigate;
    this.tour = null;
    this.levels = [];
    this.level = 'medium';
    this.socket = null;
    this.closed = false;
    this.busy = false;
    this.opened = new Set(); // the earlier rounds unfolded
    this.asked = new Set(); // games whose token was asked of the account
  }

  async start() {
    this.main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
    try {
      const [tour, meta] = await Promise.all([api.getTournament(this.id), api.meta()]);
      if (this.closed) return;
      this.levels = meta.levels;
      if (!this.levels.includes(this.level)) this.level = this.levels[0];
      this.tour = tour;
    } catch (e) {
      if (!this.closed) errorPage(this.main, e);
      return;
    }
    this.build();
    this.render();
    this.connect();
    // The times said relative to now ("in 3 minutes") move on.
    this.timer = setInterval(() => this.renderHead(), 20000);
  }

  unmount() {
    this.closed = true;
    clearInterval(this.timer);
    this.socket?.close();
  }

  relabel() {
    if (!this.tour) return;
    this.build();
    this.render();
  }

  /** Signed in or out: the tournament is seen again as the new person, on a new socket. */
  account() {
    if (!this.tour) return;
    this.socket?.reconnect();
    this.reload();
  }

  async reload() {
    try {
      const tour = await api.getTournament(this.id);
      if (this.closed) return;
      this.tour = tour;
      this.render();
    } catch {
      // The socket brings it when it can.
    }
  }

  connect() {
    this.socket?.close();
    if (this.closed) return;
    this.socket = new Live({
      url: () => api.tournamentSocketUrl(this.id),
      message: (message) => {
        if (message.type === 'tournament') {
          this.tour = message.tournament;
          this.render();
        } else if (message.type === 'started') {
          this.started(message);
        }
      },
    });
  }

  /**
   * A game this person is seated at: to their seat, as for a filled seek. A game this browser has
   * been at already (the person came back here from it) is only linked, not opened again.
   */
  async started({ game, seat }) {
    const had = store.myGames().some((g) => g.id === game);
    // The socket carries no token: the seat's is asked for with the session.
    if (store.tokens(game).mine[seat] === undefined) {
      try {
        store.addMine(game, seat, (await api.myGame(game)).token);
      } catch {
        return;
      }
    }
    store.rememberGame(game, this.tour?.game);
    if (!had && !this.closed) this.navigate(gameUrl(game, seat));
    else this.renderPlaying();
  }

  build() {
    this.els = {
      head: h('section', { class: 'card tour-head', 'data-test': 'tour-head' }),
      playing: h('section', { class: 'tour-playing', 'data-test': 'tour-playing', role: 'status' }),
      standings: h('section', { class: 'card tour-standings', 'aria-labelledby': 'standings-h' }),
      tables: h('section', { class: 'card tour-tables', 'aria-labelledby': 'tables-h', 'data-test': 'tables' }),
    };
    this.main.replaceChildren(h('div', { class: 'tournament', 'data-test': 'tournament', 'data-id': this.id },
      this.els.head, this.els.playing,
      h('div', { class: 'tour-columns' }, this.els.standings, this.els.tables)));
  }

  render() {
    if (!this.els || !this.tour) return;
    document.title = `${this.tour.name} · Trigonal`;
    this.renderHead();
    this.renderPlaying();
    this.renderStandings();
    this.renderTables();
  }

  renderHead() {
    const x = this.tour;
    if (!this.els || !x) return;
    const me = account.me();
    const can = actions(x, Boolean(me));
    const busy = this.busy;
    const buttons = [];
    if (can.join) buttons.push(h('button', { type: 'button', class: 'primary', 'data-key': 'tour-join', 'data-test': 'tour-join', disabled: busy, onclick: () => this.act(() => api.joinTournament(this.id)) }, t('tournament.join')));
    if (can.withdraw) buttons.push(h('button', { type: 'button', 'data-key': 'tour-withdraw', 'data-test': 'tour-withdraw', disabled: busy, onclick: () => this.act(() => api.withdrawTournament(this.id)) }, t('tournament.withdraw')));
    if (can.start) buttons.push(h('button', { type: 'button', class: 'primary', 'data-key': 'tour-start', 'data-test': 'tour-start', disabled: busy, onclick: () => this.act(() => api.startTournament(this.id)) }, t('tournament.start')));
    const computer = can.computer
      ? h('div', { class: 'tour-computer' },
        h('label', { for: 'tour-level' }, t('tournament.computer.level')),
        h('select', { id: 'tour-level', 'data-key': 'tour-level', 'data-test': 'tour-level', onchange: (e) => { this.level = e.target.value; } },
          this.levels.map((l) => h('option', { value: l, selected: l === this.level }, t(`level.${l}`)))),
        h('button', { type: 'button', 'data-key': 'tour-computer', 'data-test': 'tour-computer', disabled: busy, onclick: () => this.act(() => api.tournamentComputer(this.id, this.level)) }, t('tournament.computer')))
      : null;
    let note = null;
    if (!me && (x.status === 'waiting' || x.status === 'running')) {
      note = h('p', { class: 'muted', 'data-test': 'tour-sign-in' }, t('tournament.sign-in'), ' ', h('a', { href: '/signin', 'data-link': true }, t('account.signin')));
    } else if (x.joined) {
      // Over: played, not playing.
      note = h('p', { class: 'tour-in-note', 'data-test': 'tour-in' }, t(x.status === 'finished' ? 'tournament.in.done' : 'tournament.in'));
    }
    replaceChildren(this.els.head,
      h('p', { class: 'crumbs' }, h('a', { href: '/tournaments', 'data-link': true }, t('tournaments.title'))),
      h('h1', { 'data-test': 'tour-name' }, x.name),
      h('p', { class: 'sub' }, summary(x)),
      h('p', { class: `tour-status ${x.status}`, 'data-test': 'tour-status', 'data-status': x.status }, statusText(x)),
      h('p', { class: 'muted' },
        h('span', { 'data-test': 'tour-entrants', 'data-n': String(x.entrants) }, t('tournament.entrants', { n: x.entrants })),
        ' · ', t('tournament.capacity', { n: x.capacity }),
        x.creator ? [' · ', t('tournament.by', { name: x.creator })] : x.creator === '' ? [' · ', t('tournament.by', { name: t('who.deleted') })] : null),
      note,
      buttons.length || computer ? h('div', { class: 'tour-actions' }, buttons, computer) : null);
  }

  /** Does `call` (a POST that answers the tournament), then shows the answer; a refusal in words. */
  async act(call) {
    if (this.busy) return;
    this.busy = true;
    this.renderHead();
    try {
      const tour = await call();
      if (tour && tour.id && !this.closed) this.tour = tour;
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    } finally {
      this.busy = false;
      if (!this.closed) this.render();
    }
  }

  /** "Your game is on", with a link to the seat, while the viewer plays a game of the tournament. */
  renderPlaying() {
    const p = this.tour?.playing;
    if (!this.els) return;
    if (!p) {
      this.els.playing.hidden = true;
      replaceChildren(this.els.playing);
      return;
    }
    const held = store.tokens(p.game).mine[p.seat] !== undefined;
    // A seat this browser holds no token for: the account's own token for it, asked once.
    if (!held && account.me() && !this.asked.has(p.game)) {
      this.asked.add(p.game);
      api.myGames().then((r) => {
        account.keep(r.games);
        if (!this.closed) this.renderPlaying();
      }, () => {});
    }
    this.els.playing.hidden = false;
    replaceChildren(this.els.playing,
      h('span', {}, t('tournament.playing.banner')), ' ',
      h('a', { class: 'button primary small', href: gameUrl(p.game, p.seat), 'data-link': true, 'data-test': 'tour-playing-link' }, t('tournament.playing.go')));
  }

  renderStandings() {
    const x = this.tour;
    const rows = x.standings || [];
    const me = account.me()?.name?.toLowerCase();
    const swiss = x.system === 'swiss';
    const waiting = x.status === 'waiting';
    const head = (key, long = null, cls = 'num') => h('th', { scope: 'col', class: cls, title: long ? t(long) : null },
      long ? [h('span', { 'aria-hidden': 'true' }, t(key)), h('span', { class: 'visually-hidden' }, t(long))] : t(key));
    // Before the start there is no rank: the players in the order the server gives.
    const cols = [waiting ? null : head('tournament.col.rank'), head('tournament.col.name', null, 'name'), head('tournament.col.rating', null, 'num col-rating')];
    if (!waiting) {
      cols.push(head('tournament.col.points'));
      if (swiss) cols.push(head('tournament.col.buchholz', 'tournament.col.buchholz.long'), head('tournament.col.sb', 'tournament.col.sb.long'));
      cols.push(head('tournament.col.games'));
    }
    const body = rows.map((s) => {
      const tags = [];
      if (s.withdrawn) tags.push(h('span', { class: 'withdrawn-tag', 'data-test': 'st-withdrawn' }, t('tournament.withdrawn')));
      else if (s.playing) tags.push(h('span', { class: 'playing-tag', 'data-test': 'st-playing' }, t('tournament.playing')));
      if (!swiss && s.streak) tags.push(h('span', { class: 'streak-tag', 'data-test': 'st-streak', title: t('tournament.streak'), 'aria-label': t('tournament.streak'), role: 'img' }, '×2'));
      const cells = [
        waiting ? null : h('td', { class: 'num', 'data-test': 'st-rank' }, String(s.rank)),
        h('td', { class: 'name' },
          s.computer ? h('span', { class: 'st-name computer-tag', 'data-test': 'st-computer' }, this.shownName(s.name))
            : s.name === '' ? h('span', { class: 'st-name muted', 'data-test': 'st-deleted' }, t('who.deleted'))
              : h('a', { href: `/player/${encodeURIComponent(s.name)}`, 'data-link': true, class: 'st-name' }, s.name),
          tags.length ? [' ', tags] : null,
          // On a phone the rating goes under the name, its column left out.
          s.rating == null ? null : h('span', { class: 'st-rating-inline muted' }, ratingText(s.rating))),
        h('td', { class: 'num col-rating' }, s.rating == null ? '' : ratingText(s.rating)),
      ];
      if (!waiting) {
        cells.push(h('td', { class: 'num points', 'data-test': 'st-points' }, points(s.points, lang())));
        if (swiss) cells.push(h('td', { class: 'num', 'data-test': 'st-buchholz' }, points(s.buchholz, lang())), h('td', { class: 'num', 'data-test': 'st-sb' }, points(s.sonneborn_berger, lang())));
        cells.push(h('td', { class: 'num', 'data-test': 'st-games' }, String(s.games ?? 0)));
      }
      const mine = me && s.name.toLowerCase() === me && !s.computer;
      return h('tr', {
        class: [mine ? 'mine' : '', s.withdrawn ? 'withdrawn' : ''].join(' ').trim() || null,
        'data-test': 'standing', 'data-name': s.name, 'data-points': String(s.points ?? 0), 'data-rank': String(s.rank),
        'data-computer': s.computer || null, 'data-withdrawn': s.withdrawn ? 'true' : null,
      }, cells);
    });
    replaceChildren(this.els.standings,
      h('h2', { id: 'standings-h' }, t(waiting ? 'tournament.players' : 'tournament.standings')),
      rows.length
        ? h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-labelledby': 'standings-h' },
          h('table', { class: 'standings', 'data-test': 'standings' },
            h('thead', {}, h('tr', {}, cols)),
            h('tbody', {}, body)))
        : h('p', { class: 'muted', 'data-test': 'standings-none' }, t('tournament.nobody')),
      // The tie-breaks in words under the table, where a finger finds them too (a header's
      // tooltip shows only to a mouse).
      swiss && !waiting && rows.length
        ? h('dl', { class: 'tour-tiebreaks muted', 'data-test': 'tiebreaks' },
          h('dt', {}, t('tournament.col.buchholz')), h('dd', {}, t('tournament.col.buchholz.long')),
          h('dt', {}, t('tournament.col.sb')), h('dd', {}, t('tournament.col.sb.long')))
        : null);
  }

  renderTables() {
    const x = this.tour;
    const { current, earlier } = tablesShown(x);
    const swiss = x.system === 'swiss';
    const title = swiss
      ? (x.round ? t('tournament.round.title', { r: x.round }) : t('tournament.tables'))
      : t('tournament.tables.now');
    replaceChildren(this.els.tables,
      h('h2', { id: 'tables-h' }, title),
      current.length
        ? h('ul', { class: 'game-list tour-table-list', 'data-test': 'tables-current' }, current.map((tb) => this.table(tb)))
        : h('p', { class: 'muted', 'data-test': 'tables-none' }, t('tournament.tables.none')),
      earlier.map(({ round, tables }) => {
        const key = String(round);
        return h('details', {
          class: 'tour-round', 'data-test': 'round-earlier', 'data-round': round == null ? null : String(round), open: this.opened.has(key),
          ontoggle: (e) => { if (e.target.open) this.opened.add(key); else this.opened.delete(key); },
        },
        h('summary', {}, round == null ? t('tournament.tables.done', { n: tables.length }) : t('tournament.round.title', { r: round })),
        h('ul', { class: 'game-list tour-table-list' }, tables.map((tb) => this.table(tb))));
      }));
  }

  /**
   * An entrant's name as shown: the computer's in the reader's language, with its level; a
   * deleted player's (an empty name) as such.
   */
  shownName(name) {
    if (name === '') return t('who.deleted');
    const level = (this.tour.standings || []).find((s) => s.name === name)?.computer;
    return level ? t('tournament.computer.name', { level: t(`level.${level}`) }) : name;
  }

  /** One table: its players (their places once it is over), the result, a link to its game. */
  table(tb) {
    const x = this.tour;
    const playing = x.playing && x.playing.game === tb.game ? x.playing : null;
    const result = score(tb);
    const names = tb.players.map((name, i) => {
      const place = tb.places && !result && !isBye(tb) ? ` (${t('tournament.place', { n: tb.places[i] })})` : '';
      const won = tb.game && tb.places && tb.places[i] === 1 && tb.places.filter((p) => p === 1).length === 1;
      return h('span', { class: `tb-player${won ? ' won' : ''}`, 'data-test': 'tb-player' }, this.shownName(name), place);
    });
    let link = null;
    if (tb.game) {
      link = playing
        ? h('a', { class: 'button small primary', href: gameUrl(tb.game, playing.seat), 'data-link': true, 'data-test': 'table-game' }, t('tournament.table.yours'))
        : h('a', { class: 'button small subtle', href: gameUrl(tb.game, null), 'data-link': true, 'data-test': 'table-game' }, t(tb.places ? 'tournament.table.see' : 'tournament.table.watch'));
    }
    return h('li', {
      'data-test': 'table', 'data-round': String(tb.round), 'data-table': String(tb.table), 'data-game': tb.game || null,
      'data-bye': isBye(tb) ? 'true' : null, 'data-done': tb.places ? 'true' : 'false',
    },
    h('span', { class: 'tb-number muted' }, t('tournament.table', { n: tb.table })),
    isBye(tb)
      ? h('span', { class: 'gl-name' }, names[0], ' ', h('span', { class: 'muted', 'data-test': 'tb-bye' }, t('tournament.bye')))
      : h('span', { class: 'gl-name' }, names.flatMap((n, i) => (i ? [' – ', n] : [n]))),
    result ? h('strong', { class: 'tb-score', 'data-test': 'tb-score' }, result) : null,
    tb.game && !tb.places ? h('span', { class: 'playing-tag' }, t('tournament.playing')) : null,
    link ? h('span', { class: 'gl-actions' }, link) : null);
  }
}
