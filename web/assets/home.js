// The home page: the ways to the lessons and the puzzles; choose a game, its players and version, who sits where and under what names, and
// the time control; look for opponents (seeks.js); open games to join (under a name); this browser's games, those where it is its
// turn first, with its time left; replay an uploaded record.

import * as api from './api.js';
import * as store from './store.js';
import { h, replaceChildren, toast } from './dom.js';
import { t, has, lang } from './i18n.js';
import { seatName, gameName } from './games.js';
import { swatch, gameUrl } from './links.js';
import { cleanName, seatLabel } from './people.js';
import { PRESETS, presetClock, parseCustom, controlText, controlLong, formatClock, remainingNow, isLow, isDays } from './clock.js';
import { MINE_MAX, mineEntry, orderMine } from './mine.js';
import * as account from './account.js';
import { poolsOf, poolFor, ratingText } from './ratings.js';
import { SeekPanel } from './seeks.js';

const SEAT_KINDS = ['me', 'here', 'invite', 'open', 'ai', 'bot'];
/** The seat kinds played by a person the creator knows, who may be named now. */
const NAMED_KINDS = new Set(['me', 'here', 'invite']);

export function mountHome(main, { navigate, game }) {
  const page = new HomePage(main, navigate, game);
  page.start();
  return page;
}

class HomePage {
  constructor(main, navigate, game) {
    this.main = main;
    this.wanted = game;
    this.navigate = navigate;
    this.meta = null;
    this.choice = { game: null, players: 2, variant: null, seats: [] }; // the game: set by start()
    this.lobby = null;
    this.joinName = store.defaultName();
    // The time control: a preset, or the custom fields as typed (checked at create).
    this.clock = { preset: 'none', kind: 'fischer', minutes: '5', seconds: '0', days: '2' };
    this.mine = null; // this browser's games with their views, once fetched
    this.rated = false; // a rated game (signed in, against open seats only)
    this.bots = []; // the bots, [{name, online}], for bot seats and the list of those online
    this.closed = false;
  }

  async start() {
    this.main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
    try {
      this.meta = await api.meta();
    } catch (e) {
      if (!this.closed) this.main.replaceChildren(h('section', { class: 'card error-page' }, h('h1', {}, t('error.generic')), h('p', {}, e.message)));
      return;
    }
    // Left meanwhile (a link taken while the games were asked for): the next page is drawn.
    if (this.closed) return;
    const known = this.games();
    const saved = this.wanted || sessionStorage.getItem('trigonal.choice.game');
    this.seeks = new SeekPanel({
      navigate: this.navigate,
      choice: () => ({
        game: this.choice.game,
        players: this.choice.players,
        variant: this.choice.variant,
        clock: this.chosenClock(),
        pool: poolFor(this.meta.pools, this.choice.game, this.choice.players),
      }),
    });
    this.pick(known.some((g) => g.id === saved) ? saved : known[0].id);
    this.build();
    this.render();
    this.refreshLobby();
    this.lobbyTimer = setInterval(() => this.refreshLobby(), 8000);
    this.loadMine();
    this.mineTimer = setInterval(() => this.loadMine(), 30000);
  }

  unmount() {
    this.closed = true;
    this.seeks?.close();
    clearInterval(this.lobbyTimer);
    clearInterval(this.mineTimer);
    clearInterval(this.mineTick);
  }

  /** Signed in or out: the form's seats and the list of games change. */
  account() {
    if (!this.meta) return;
    this.seeks.account();
    this.relabel();
    this.loadMine();
  }

  /** Whether the seats make a rated game possible: the signed-in creator and open seats only. */
  canRate() {
    const kinds = this.choice.seats.map((s) => s.kind);
    return Boolean(account.me()) && kinds.filter((k) => k === 'me').length === 1 && kinds.every((k) => k === 'me' || k === 'open');
  }

  relabel() {
    if (!this.meta) return;
    this.build();
    this.render();
  }

  /** The server's games, in its order. */
  games() {
    return this.meta.games;
  }

  info(id = this.choice.game) {
    return this.meta.games.find((g) => g.id === id);
  }

  pick(id) {
    const g = this.info(id);
    const old = this.choice;
    const players = Math.min(g.players[1], Math.max(g.players[0], old.players || g.players[0]));
    this.choice = {
      game: id,
      players: g.players[0] === g.players[1] ? g.players[0] : players,
      variant: g.variants.length ? (g.variants.includes(old.variant) ? old.variant : g.variants[0]) : null,
      seats: old.seats,
    };
    this.fitSeats();
    this.seeks.follow(id);
    sessionStorage.setItem('trigonal.choice.game', id);
  }

  fitSeats() {
    const seats = this.choice.seats.slice(0, this.choice.players);
    while (seats.length < this.choice.players) {
      seats.push(seats.length === 0
        ? { kind: 'me', level: 'easy', name: store.defaultName() }
        : { kind: 'ai', level: defaultLevel(this.meta.levels), name: '' });
    }
    this.choice.seats = seats;
  }

  build() {
    this.els = {
      cards: h('div', { class: 'game-cards', role: 'radiogroup', 'aria-labelledby': 'new-h' }),
      form: h('form', { class: 'setup card', 'aria-labelledby': 'setup-h', onsubmit: (e) => { e.preventDefault(); this.create(); } }),
      lobby: h('section', { class: 'card lobby', 'aria-labelledby': 'lobby-h' }),
      lobbyList: h('div', { class: 'lobby-list' }),
      mine: h('section', { class: 'card my-games', 'aria-labelledby': 'mine-h' }),
      upload: h('section', { class: 'card upload', 'aria-labelledby': 'upload-h' }),
      intro: h('section', { class: 'intro' },
        h('h1', {}, t('home.title')),
        h('p', { class: 'lead' }, t('home.lead')),
        // New to the games: the lessons and the puzzles, a tap away.
        h('p', { class: 'home-links' },
          h('a', { href: '/learn', 'data-link': true, 'data-test': 'home-learn' }, t('home.learn')),
          h('a', { href: '/puzzles', 'data-link': true, 'data-test': 'home-puzzles' }, t('home.puzzles')))),
    };
    this.main.replaceChildren(
      h('div', { class: 'home' },
        this.els.intro,
        h('section', { class: 'new-game', 'aria-labelledby': 'new-h' },
          h('h2', { id: 'new-h' }, t('home.choose')),
          this.els.cards,
          this.els.form),
        h('div', { class: 'home-lists' }, this.seeks.el, this.els.lobby, this.els.mine, this.els.upload)),
    );
    // The name to join under stays in place while the list of open games refreshes.
    this.els.lobby.append(
      h('h2', { id: 'lobby-h' }, t('lobby.title')),
      h('div', { class: 'field lobby-name' },
        h('label', { for: 'join-name' }, t('lobby.name')),
        h('input', {
          type: 'text', id: 'join-name', 'data-test': 'join-name', autocomplete: 'nickname', value: this.joinName,
          placeholder: t('setup.name.placeholder'), oninput: (e) => { this.joinName = e.target.value; },
        })),
      this.els.lobbyList);
  }

  render() {
    this.renderCards();
    this.renderForm();
    this.seeks.render();
    this.renderLobby();
    this.renderMine();
    this.renderUpload();
  }

  renderCards() {
    const cards = this.games().map((g) => {
      const selected = g.id === this.choice.game;
      // The card is clicked anywhere; the radio a keyboard or a screen reader meets is its name
      // and summary, with the links to the rules and the leaderboard beside it, not inside it.
      return h('div', {
        class: `game-card${selected ? ' selected' : ''}`,
        'data-game': g.id,
        onclick: () => this.choose(g.id),
      },
      g.picture ? h('img', { src: g.picture, alt: '', width: 160, height: 120, loading: 'lazy' }) : h('div', { class: 'no-picture', 'aria-hidden': 'true' }),
      h('div', { class: 'game-card-text' },
        h('div', {
          class: 'game-card-choice',
          role: 'radio',
          tabindex: selected ? 0 : -1,
          'aria-checked': selected ? 'true' : 'false',
          'aria-labelledby': `card-${g.id}-name`,
          'aria-describedby': `card-${g.id}-summary`,
          'data-key': `card-${g.id}`,
          onkeydown: (e) => this.cardKey(e, g.id),
        },
        h('h3', { id: `card-${g.id}-name` }, gameName(g.id, g.name)),
        h('p', { id: `card-${g.id}-summary` }, has(`game.${g.id}.summary`) ? t(`game.${g.id}.summary`) : g.summary)),
        h('p', { class: 'card-meta' },
          g.players[0] === g.players[1] ? t('game.players', { n: g.players[0] }) : t('game.players-range', { min: g.players[0], max: g.players[1] }),
          ' · ',
          h('a', { href: `/rules/${g.id}`, 'data-link': true, onclick: (e) => e.stopPropagation() }, t('nav.rules')),
          poolsOf(this.meta.pools, g.id).length ? [' · ', h('a', {
            href: `/leaderboard/${poolsOf(this.meta.pools, g.id)[0]}`, 'data-link': true, 'data-test': `leaderboard-${g.id}`, onclick: (e) => e.stopPropagation(),
          }, t('leaderboard.link'))] : null)));
    });
    replaceChildren(this.els.cards, cards);
  }

  choose(id) {
    this.pick(id);
    this.renderCards();
    this.renderForm();
  }

  cardKey(e, id) {
    const ids = this.games().map((g) => g.id);
    const i = ids.indexOf(id);
    let j = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') j = (i + 1) % ids.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') j = (i + ids.length - 1) % ids.length;
    else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      this.choose(id);
      this.els.form.querySelector('select, button')?.focus();
      return;
    }
    if (j === null) return;
    e.preventDefault();
    this.choose(ids[j]);
    this.els.cards.querySelector(`[data-key="card-${ids[j]}"]`).focus();
  }

  renderForm() {
    const g = this.info();
    const c = this.choice;
    // The seats in the chosen game's colours, as its board draws them.
    this.els.form.dataset.game = g.id;
    const rows = [];
    if (g.players[0] !== g.players[1]) {
      const opts = [];
      for (let n = g.players[0]; n <= g.players[1]; n++) opts.push(h('option', { value: n, selected: n === c.players }, String(n)));
      rows.push(h('div', { class: 'field' },
        h('label', { for: 'players' }, t('setup.players')),
        h('select', { id: 'players', 'data-key': 'players', onchange: (e) => { c.players = Number(e.target.value); this.fitSeats(); this.renderForm(); } }, opts)));
    }
    if (g.variants.length) {
      rows.push(h('div', { class: 'field' },
        h('label', { for: 'variant' }, t('setup.version')),
        h('select', { id: 'variant', 'data-key': 'variant', onchange: (e) => { c.variant = e.target.value; } },
          g.variants.map((v) => h('option', { value: v, selected: v === c.variant }, has(`variant.${v}`) ? t(`variant.${v}`) : v))),
        has(`variant.${g.id}.help`) ? h('p', { class: 'help' }, t(`variant.${g.id}.help`)) : null));
    }
    const seats = c.seats.map((seat, i) => {
      const kindId = `seat-${i}-kind`;
      const levelId = `seat-${i}-level`;
      const nameId = `seat-${i}-name`;
      return h('fieldset', { class: 'seat', 'data-seat': i },
        h('legend', {}, swatch(i), ' ', seatName(g.id, i), i === 0 ? h('span', { class: 'muted' }, ' ', t('setup.first')) : null),
        h('div', { class: 'seat-row' },
          h('label', { for: kindId, class: 'visually-hidden' }, t('setup.who', { seat: seatName(g.id, i) })),
          h('select', { id: kindId, 'data-key': kindId, 'data-test': kindId, onchange: (e) => this.setKind(seat, e.target.value) },
            SEAT_KINDS.filter((k) => k !== 'bot' || this.bots.length || seat.kind === 'bot')
              .map((k) => h('option', { value: k, selected: k === seat.kind }, t(`setup.kind.${k}`)))),
          seat.kind === 'me' && account.me()
            ? h('span', { class: 'seat-account', 'data-test': `seat-${i}-account` }, account.me().name)
            : NAMED_KINDS.has(seat.kind)
            ? [h('label', { for: nameId, class: 'visually-hidden' }, t('setup.name', { seat: seatName(g.id, i) })),
              h('input', {
                type: 'text', id: nameId, class: 'name-input', 'data-key': nameId, 'data-test': nameId,
                autocomplete: seat.kind === 'me' ? 'nickname' : 'off', value: seat.name || '',
                placeholder: t('setup.name.placeholder'), oninput: (e) => { seat.name = e.target.value; },
              })]
            : null,
          seat.kind === 'bot'
            ? [h('label', { for: `seat-${i}-bot`, class: 'visually-hidden' }, t('setup.bot')),
              h('select', { id: `seat-${i}-bot`, 'data-key': `seat-${i}-bot`, 'data-test': `seat-${i}-bot`, onchange: (e) => { seat.bot = e.target.value; } },
                this.bots.map((b) => h('option', { value: b.name, selected: b.name === seat.bot },
                  b.online ? b.name : `${b.name} (${t('bots.offline')})`)))]
            : null,
          seat.kind === 'ai'
            ? [h('label', { for: levelId, class: 'visually-hidden' }, t('setup.level')),
              h('select', { id: levelId, class: 'level-select', 'data-key': levelId, 'data-test': levelId, onchange: (e) => { seat.level = e.target.value; } },
                this.meta.levels.map((l) => h('option', { value: l, selected: l === seat.level }, levelText(l, this.meta.level_ms?.[l], this.levelRating(g.id, l)))))]
            : null));
    });
    replaceChildren(this.els.form,
      h('h3', { id: 'setup-h' }, t('setup.title', { game: gameName(g.id, g.name) })),
      rows.length ? h('div', { class: 'field-row' }, rows) : null,
      h('div', { class: 'seats' }, seats),
      h('p', { class: 'help' }, t('setup.help')),
      this.clockFields(),
      this.ratedField(),
      h('div', { class: 'form-actions' },
        h('button', { type: 'submit', class: 'primary big', 'data-key': 'start', 'data-test': 'start', disabled: this.creating }, t('setup.start'))));
  }

  /** The bots online now, under the open games: each can be given a seat above. */
  renderBots() {
    let box = this.els.lobby.querySelector('[data-test=bots]');
    if (!box) {
      box = h('div', { class: 'bots-online', 'data-test': 'bots' });
      this.els.lobby.append(box);
    }
    const online = this.bots.filter((b) => b.online);
    replaceChildren(box,
      h('h3', {}, t('bots.title')),
      online.length
        ? h('ul', { class: 'game-list' }, online.map((b) => h('li', { 'data-test': `bot-${b.name}` }, h('span', { class: 'gl-name' }, b.name))))
        : h('p', { class: 'muted' }, t('bots.none')));
  }

  /** The rating of computer level `level` in the pool of this choice of `game`, where measured. */
  levelRating(game, level) {
    const pool = poolFor(this.meta.pools, game, this.choice.players);
    return (pool && this.meta.level_ratings?.[pool]?.[level]) || null;
  }

  /**
   * The "Rated" switch: on offer to a signed-in player whose other seats are all open; shown to
   * everyone else too, greyed out, with a line saying why.
   */
  ratedField() {
    const signedIn = Boolean(account.me());
    const can = this.canRate();
    const why = !signedIn
      ? [t('setup.rated.guest'), ' ', h('a', { href: '/signin', 'data-link': true }, t('account.signin'))]
      : t(can ? 'setup.rated.help' : 'setup.rated.off');
    return h('div', { class: 'rated-choice' },
      h('label', {},
        h('input', {
          type: 'checkbox', role: 'switch', class: 'switch', 'data-test': 'rated', 'data-key': 'rated',
          checked: can && this.rated, disabled: !can,
          'aria-describedby': 'rated-help', onchange: (e) => { this.rated = e.target.checked; },
        }),
        t('setup.rated')),
      h('p', { class: 'help', id: 'rated-help', 'data-test': 'rated-help' }, why));
  }

  /** The time control: the presets (no clock first), and for a custom one its fields. */
  clockFields() {
    const c = this.clock;
    const presets = PRESETS.map((p) => {
      let label;
      if (p.id === 'none') label = t('clock.none');
      else if (p.id === 'custom') label = t('clock.custom');
      else label = controlText(p.clock, t, lang());
      const long = p.clock && !isDays(p.clock) ? controlLong(p.clock, t, lang()) : null;
      return h('label', { class: 'clock-preset', title: long, 'data-test': `clock-${p.id}` },
        h('input', {
          type: 'radio', name: 'clock', value: p.id, checked: c.preset === p.id, 'data-key': `clock-${p.id}`,
          onchange: () => { c.preset = p.id; this.renderForm(); },
        }),
        h('span', {}, label, long ? h('span', { class: 'visually-hidden' }, ` (${long})`) : null));
    });
    let custom = null;
    if (c.preset === 'custom') {
      const field = (name, label, attrs) => h('div', { class: 'field' },
        h('label', { for: `clock-${name}` }, label),
        h('input', {
          type: 'text', id: `clock-${name}`, 'data-key': `clock-${name}`, 'data-test': `clock-${name}`, value: c[name],
          autocomplete: 'off', size: 8, oninput: (e) => { c[name] = e.target.value; }, ...attrs,
        }));
      custom = h('div', { class: 'clock-custom' },
        h('div', { class: 'field' },
          h('label', { for: 'clock-kind' }, t('clock.kind')),
          h('select', { id: 'clock-kind', 'data-key': 'clock-kind', 'data-test': 'clock-kind', onchange: (e) => { c.kind = e.target.value; this.renderForm(); } },
            h('option', { value: 'fischer', selected: c.kind !== 'days' }, t('clock.kind.fischer')),
            h('option', { value: 'days', selected: c.kind === 'days' }, t('clock.kind.days')))),
        c.kind === 'days'
          ? field('days', t('clock.days.field'), { inputmode: 'numeric' })
          : [field('minutes', t('clock.minutes'), { inputmode: 'decimal' }), field('seconds', t('clock.seconds'), { inputmode: 'decimal' })]);
    }
    return h('fieldset', { class: 'clock-choice', 'data-test': 'clock-choice' },
      h('legend', {}, t('clock.title')),
      h('div', { class: 'clock-presets' }, presets),
      custom,
      c.preset === 'none' ? null : h('p', { class: 'help' }, t('clock.help')));
  }

  /** The control chosen, as the API takes it: `{ok, clock}` (null: none), or the field at fault. */
  chosenClock() {
    if (this.clock.preset !== 'custom') return { ok: true, clock: presetClock(this.clock.preset) };
    return parseCustom(this.clock);
  }

  /** Changes who plays `seat`; the seat that is "me" is named as this browser was last time. */
  setKind(seat, kind) {
    const was = seat.kind;
    seat.kind = kind;
    if (kind === 'bot' && !seat.bot) seat.bot = (this.bots.find((b) => b.online) || this.bots[0])?.name;
    if (kind === 'me' && !seat.name) seat.name = store.defaultName();
    else if (was === 'me' && seat.name === store.defaultName()) seat.name = '';
    this.renderForm();
  }

  async create() {
    const c = this.choice;
    const signedIn = Boolean(account.me());
    const names = c.seats.map((s) => (NAMED_KINDS.has(s.kind) && !(signedIn && s.kind === 'me') ? cleanName(s.name) : { ok: true, name: null }));
    const bad = names.findIndex((n) => !n.ok);
    if (bad >= 0) {
      toast(t('name.invalid'), 'error');
      this.els.form.querySelector(`#seat-${bad}-name`)?.focus();
      return;
    }
    const clock = this.chosenClock();
    if (!clock.ok) {
      toast(t(clock.error), 'error');
      this.els.form.querySelector(`#clock-${clock.field}`)?.focus();
      return;
    }
    const seats = c.seats.map((s, i) => {
      if (s.kind === 'ai') return { kind: 'ai', level: s.level };
      if (s.kind === 'bot') return { kind: 'bot', name: s.bot };
      if (s.kind === 'open') return { kind: 'open' };
      if (s.kind === 'me' && signedIn) return { kind: 'human', player: 'me' };
      return names[i].name ? { kind: 'human', name: names[i].name } : { kind: 'human' };
    });
    const me = c.seats.findIndex((s) => s.kind === 'me');
    if (me >= 0 && !signedIn) store.setDefaultName(names[me].name);
    this.creating = true;
    this.renderForm();
    try {
      const spec = { game: c.game, variant: c.variant, players: c.players, seats };
      if (clock.clock) spec.clock = clock.clock;
      if (this.rated && this.canRate()) spec.rated = true;
      const r = await api.createGame(spec);
      let first = null;
      for (const { seat, token } of r.seats) {
        const kind = c.seats[seat].kind;
        if (kind === 'invite') store.addInvite(r.id, seat, token);
        else {
          store.addMine(r.id, seat, token);
          if (first === null || (kind === 'me' && c.seats[first.seat].kind !== 'me')) first = { seat, token };
        }
      }
      store.rememberGame(r.id, c.game);
      this.navigate(gameUrl(r.id, first ? first.seat : null));
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
      this.creating = false;
      this.renderForm();
    }
  }

  async refreshLobby() {
    try {
      const r = await api.listGames(true);
      if (this.closed) return;
      this.lobby = r.games;
    } catch {
      this.lobby = null;
    }
    try {
      const had = this.bots.length;
      this.bots = (await api.bots()).bots;
      if (this.closed) return;
      // The bot seat kind appears with the first bot.
      if (!had && this.bots.length) this.renderForm();
    } catch {
      // The list of bots is a convenience: without it, no bot seat is offered.
    }
    this.renderLobby();
  }

  renderLobby() {
    if (!this.els) return;
    this.renderBots();
    const list = this.lobby;
    let body;
    if (list === null) body = h('p', { class: 'muted' }, t('loading'));
    else if (!list.length) body = h('p', { class: 'muted' }, t('lobby.empty'));
    else {
      body = h('ul', { class: 'game-list', 'data-test': 'lobby' }, list.map((g) => {
        // A game this browser plays a seat of is its own: not offered back to it to join.
        const own = Object.keys(store.tokens(g.id).mine).length > 0;
        const link = `/game/${encodeURIComponent(g.id)}`;
        return h('li', { 'data-id': g.id, 'data-test': 'lobby-game' },
          h('span', { class: 'gl-name' }, gameName(g.game, g.name),
            g.rated ? h('span', { class: 'rated-tag', 'data-test': 'lobby-rated' }, t('lobby.rated')) : null),
          h('span', { class: 'muted' },
            creatorText(g.creator), t('game.players', { n: g.players }), g.variant ? ` · ${t(`variant.${g.variant}`)}` : '', ' · ',
            h('span', { class: 'clock-control', 'data-test': 'lobby-clock', title: g.clock ? controlLong(g.clock, t, lang()) : null }, controlText(g.clock, t, lang())),
            ' · ', ago(g.created)),
          h('span', { class: 'gl-actions' },
            own
              ? [h('span', { class: 'muted', 'data-test': 'lobby-own' }, t('lobby.own')), ' ',
                h('a', { href: link, 'data-link': true, class: 'button small' }, t('lobby.open'))]
              : [g.open_seats.map((s) => h('button', { type: 'button', class: 'small primary', 'data-key': `join-${g.id}-${s}`, 'data-test': 'lobby-join', onclick: () => this.join(g, s) }, t('lobby.join', { seat: seatName(g.game, s) }))),
                h('a', { href: link, 'data-link': true, class: 'button small subtle' }, t('lobby.watch'))]));
      }));
    }
    replaceChildren(this.els.lobbyList, body);
    this.els.lobby.querySelector('.lobby-name').hidden = !(list && list.length) || Boolean(account.me());
  }

  async join(g, seat) {
    const typed = account.me() ? { ok: true, name: null } : cleanName(this.joinName);
    if (!typed.ok) {
      toast(t('name.invalid'), 'error');
      this.els.lobby.querySelector('#join-name')?.focus();
      return;
    }
    try {
      const r = await api.joinGame(g.id, seat, typed.name);
      if (typed.name) store.setDefaultName(typed.name);
      store.addMine(g.id, r.seat, r.token);
      store.rememberGame(g.id, g.game);
      this.navigate(gameUrl(g.id, r.seat));
    } catch (e) {
      toast(e.status === 401 ? t('join.signin') : e.message || t('error.generic'), 'error');
      this.refreshLobby();
    }
  }

  /**
   * Fetches the views of this browser's most recent games (those it plays a seat of), to list them
   * with the ones where it is its turn first.
   */
  async loadMine() {
    let stored = store.myGames().filter((g) => Object.keys(store.tokens(g.id).mine).length).slice(0, MINE_MAX);
    if (account.me()) {
      // Signed in: the account's games, wherever they were played, with a token for this browser.
      try {
        const r = await api.myGames();
        account.keep(r.games);
        stored = r.games.slice(0, MINE_MAX).map((g) => ({ id: g.id, game: g.game, at: g.updated }));
      } catch {
        // Signed out meanwhile: this browser's own list.
      }
    }
    const found = await inTurns(stored, 4, async (g) => {
      try {
        const v = await api.getView(g.id);
        return { ...mineEntry(v, store.tokens(g.id).mine, g.at), view: v, arrived: performance.now() };
      } catch {
        return null; // A game the server no longer has: left out.
      }
    });
    if (this.closed) return;
    this.mine = orderMine(found.filter(Boolean));
    this.renderMine();
  }

  renderMine() {
    if (!this.els) return;
    const stored = account.me() || store.myGames().some((g) => Object.keys(store.tokens(g.id).mine).length);
    if (!stored && !(this.mine && this.mine.length)) {
      this.els.mine.hidden = true;
      return;
    }
    this.els.mine.hidden = false;
    if (this.mine === null) {
      replaceChildren(this.els.mine, h('h2', { id: 'mine-h' }, t('mine.title')), h('p', { class: 'muted' }, t('loading')));
      return;
    }
    const live = this.mine.filter((e) => !e.over);
    const done = this.mine.filter((e) => e.over).slice(0, 5);
    // Games in progress come before everything else (a player comes back to move); finished ones
    // only wait among the lists below.
    if (live.length) {
      if (this.els.intro.nextElementSibling !== this.els.mine) this.els.intro.after(this.els.mine);
    } else if (this.els.mine.parentNode !== this.els.lobby.parentNode) {
      this.els.lobby.after(this.els.mine);
    }
    this.els.mine.classList.toggle('mine-top', live.length > 0);
    replaceChildren(this.els.mine,
      h('h2', { id: 'mine-h' }, t('mine.title')),
      live.length
        ? h('ul', { class: 'game-list', 'data-test': 'mine' }, live.map((e) => this.mineItem(e)))
        : h('p', { class: 'muted', 'data-test': 'mine-none' }, t('mine.none')),
      done.length ? [h('h3', {}, t('mine.finished')), h('ul', { class: 'game-list', 'data-test': 'mine-finished' }, done.map((e) => this.mineItem(e)))] : null);
    this.tickMine();
  }

  /** One of this browser's games: a link, whose turn, its time left, the others and the control. */
  mineItem(e) {
    const v = e.view;
    const others = e.others.map((s) => {
      const seat = v.seats[s];
      const label = seatLabel(v, s);
      if (seat.kind === 'ai' && !(seat.resigned || seat.out_of_time)) return `${label} (${t('who.computer', { level: t(`level.${seat.level}`) })})`;
      if (seat.kind === 'open') return `${label} (${t('who.open')})`;
      return label;
    });
    let state = null;
    if (e.turn) state = h('span', { class: 'turn-tag', 'data-test': 'mine-turn' }, t('mine.turn'));
    else if (!e.over && v.to_move != null) state = h('span', { class: 'muted' }, t('mine.waiting', { seat: seatLabel(v, v.to_move) }));
    return h('li', { class: 'mine-game', 'data-test': 'mine-game', 'data-id': e.id, 'data-turn': String(e.turn) },
      h('a', { href: gameUrl(e.id, e.seat), 'data-link': true, class: 'gl-name' }, gameName(e.game, e.name)),
      state,
      e.clockSeat !== null && !e.over
        ? h('span', { class: 'mine-time' }, t('mine.your-time'), ' ', h('span', { class: 'clock', role: 'timer', 'data-mine-clock': e.id, 'data-test': 'mine-clock' }))
        : null,
      h('span', { class: 'muted mine-others' },
        others.length ? t('mine.against', { names: others.join(', ') }) : t('mine.alone'),
        ' · ', h('span', { class: 'clock-control', title: v.clock ? controlLong(v.clock, t, lang()) : null }, controlText(v.clock, t, lang())),
        e.over ? [' · ', ago(v.updated)] : null));
  }

  /** Brings the times left in the list up to now (from each view's numbers); ticks while one runs. */
  tickMine() {
    if (this.closed || !this.mine) return;
    const now = performance.now();
    let running = false;
    for (const el of this.els.mine.querySelectorAll('[data-mine-clock]')) {
      const e = this.mine.find((x) => x.id === el.dataset.mineClock);
      if (!e) continue;
      const ms = remainingNow(e.view, e.clockSeat, e.arrived, now);
      const text = formatClock(ms, e.view.clock, t);
      if (el.textContent !== text) el.textContent = text;
      el.dataset.ms = String(Math.round(ms));
      el.classList.toggle('low', isLow(ms, e.view.clock));
      const runs = !e.view.outcome && e.view.running === e.clockSeat;
      el.classList.toggle('running', runs && e.turn);
      running = running || (runs && ms > 0);
    }
    if (running && !this.mineTick) this.mineTick = setInterval(() => this.tickMine(), 250);
    else if (!running && this.mineTick) {
      clearInterval(this.mineTick);
      this.mineTick = null;
    }
  }

  renderUpload() {
    const games = this.games();
    replaceChildren(this.els.upload,
      h('h2', { id: 'upload-h' }, t('upload.title')),
      h('p', { class: 'help' }, t('upload.help')),
      h('form', { class: 'upload-form', onsubmit: (e) => { e.preventDefault(); this.upload(e.target); } },
        h('div', { class: 'field' },
          h('label', { for: 'upload-game' }, t('upload.game')),
          h('select', { id: 'upload-game', name: 'game' }, games.map((g) => h('option', { value: g.id, selected: g.id === this.choice.game }, gameName(g.id, g.name))))),
        h('div', { class: 'field' },
          h('label', { for: 'upload-file' }, t('upload.file')),
          h('input', { id: 'upload-file', name: 'file', type: 'file', accept: '.txt,text/plain' })),
        h('div', { class: 'field' },
          h('label', { for: 'upload-text' }, t('upload.text')),
          h('textarea', { id: 'upload-text', name: 'text', rows: 3, spellcheck: 'false', placeholder: 'c3\nd3\n…' })),
        h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, t('upload.go')))));
  }

  async upload(form) {
    const game = form.game.value;
    let record = form.text.value;
    const file = form.file.files[0];
    if (file) record = await file.text();
    if (!record.trim()) {
      toast(t('upload.empty'), 'error');
      return;
    }
    // A record names its game in a header; it wins over the select.
    const named = record.match(/^\s*game:\s*(\S+)/m);
    try {
      const r = await api.uploadRecord(named ? named[1] : game, record);
      this.navigate(`/game/${encodeURIComponent(r.id)}`);
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
  }
}

/** `f` over `items`, at most `n` at a time; the results in order. */
async function inTurns(items, n, f) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/** A level as the choice shows it: its name, its time a move, its rating where measured. */
export function levelText(level, ms, rating = null) {
  const name = t(`level.${level}`);
  const seconds = ms ? (ms / 1000).toLocaleString(lang(), { maximumFractionDigits: 1 }) : null;
  const text = seconds ? t('level.time', { level: name, s: seconds }) : name;
  return rating ? t('level.rating', { text, r: rating }) : text;
}

function defaultLevel(levels) {
  return levels.includes('medium') ? 'medium' : levels[0];
}

/** "5 min ago" style text for an RFC 3339 time. */
function ago(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const s = Math.max(0, (Date.now() - then) / 1000);
  const rtf = new Intl.RelativeTimeFormat(document.documentElement.lang || 'en', { numeric: 'auto' });
  if (s < 60) return rtf.format(-Math.round(s), 'second');
  if (s < 3600) return rtf.format(-Math.round(s / 60), 'minute');
  if (s < 86400) return rtf.format(-Math.round(s / 3600), 'hour');
  return rtf.format(-Math.round(s / 86400), 'day');
}

/** "Ann (1512) · " for a lobby line's creator (a rating with "?" while provisional); empty when unnamed. */
function creatorText(creator) {
  if (!creator?.name) return '';
  const rating = creator.rating == null ? '' : ` (${ratingText(creator.rating, creator.provisional)})`;
  return h('span', { class: 'lobby-creator', 'data-test': 'lobby-creator' }, `${creator.name}${rating}`, ' · ');
}
