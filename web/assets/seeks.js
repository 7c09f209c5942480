// Seeks on the home page: look for opponents for the game chosen above (its players, version and
// clock), with the ratings one admits, or ask to play now (quick pairing: the server seats you
// with someone near your rating); see who else is looking, live over the lobby's socket, and
// accept. When a seek fills, every player's page is sent to the game with a token for their seat;
// a seek that waited long enough may be started with the computer in its free seats.

import * as api from './api.js';
import * as store from './store.js';
import { h, replaceChildren, toast } from './dom.js';
import { t, lang } from './i18n.js';
import { gameName } from './games.js';
import { gameUrl } from './links.js';
import { controlText } from './clock.js';
import * as account from './account.js';
import { Live } from './live.js';

/** The ranges a seeker may admit, around their own rating: none (anyone), then ± these. */
const SPANS = [0, 100, 200, 400];

export class SeekPanel {
  /**
   * `choice()` says what the set-up form has chosen: `{game, players, variant, clock, pool}`
   * (`clock` as the form reads it: `{ok, clock}` or `{ok: false, error}`; `pool` the rating pool
   * of such a game); `navigate(url)` opens a page.
   */
  constructor({ choice, navigate }) {
    this.choice = choice;
    this.navigate = navigate;
    this.span = 0;
    this.rated = false;
    this.seeks = null;
    this.game = null;
    this.socket = null;
    this.closed = false;
    this.el = h('section', { class: 'card seeks', 'aria-labelledby': 'seeks-h', 'data-test': 'seeks' });
  }

  /** Follows the seeks of game `game` (again, if it changed). */
  follow(game) {
    if (game === this.game && this.socket) return;
    this.game = game;
    this.seeks = null;
    this.connect();
    this.render();
  }

  connect() {
    this.socket?.close();
    if (this.closed) return;
    this.socket = new Live({
      url: () => api.lobbySocketUrl(this.game),
      message: (message) => {
        if (message.type === 'seeks') {
          this.seeks = message.seeks;
          this.arrived = Date.now();
          this.render();
        } else if (message.type === 'started') {
          this.start(message);
        }
      },
    });
  }

  /** Signed in or out: the socket is opened again, as the new person. */
  account() {
    if (this.game) {
      this.seeks = null;
      this.socket?.reconnect();
      this.render();
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.offerTimer);
    this.socket?.close();
  }

  /**
   * A seek this person sits in became a game: to their seat, with its token — in the answer to
   * their own acceptance, else (a socket never carries one) asked for with the session.
   */
  async start({ game, seat, token }) {
    if (!token) {
      try {
        ({ token } = await api.myGame(game));
      } catch {
        // The game page asks again, as for any game of the account's.
      }
    }
    if (this.closed) return;
    if (token) store.addMine(game, seat, token);
    store.rememberGame(game, this.game);
    this.navigate(gameUrl(game, seat));
  }

  async make() {
    const c = this.choice();
    if (!c.clock.ok) {
      toast(t(c.clock.error), 'error');
      return;
    }
    try {
      let range = null;
      if (this.span) {
        // Around the person's rating in the pool (where everyone starts before a rated game).
        const profile = await api.player(account.me().name);
        const rating = Math.round(profile.ratings?.[c.pool]?.rating ?? 1500);
        range = [Math.max(0, rating - this.span), Math.min(4000, rating + this.span)];
      }
      await api.makeSeek({ game: c.game, players: c.players, variant: c.variant, clock: c.clock.clock, rated: this.rated, rating_range: range });
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
  }

  async playNow() {
    const c = this.choice();
    if (!c.clock.ok) {
      toast(t(c.clock.error), 'error');
      return;
    }
    try {
      const r = await api.playNow({ game: c.game, players: c.players, variant: c.variant, clock: c.clock.clock, rated: this.rated });
      if (r.game) this.start(r.game);
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
  }

  async computer(seek) {
    try {
      const r = await api.seekComputer(seek.id);
      if (r.game) this.start(r.game);
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
  }

  /** Draws the list again when one of this person's seeks reaches the computer's offer. */
  wake() {
    clearTimeout(this.offerTimer);
    const waits = (this.seeks || []).map((s) => s.computer_in_ms).filter((ms) => ms > 0);
    if (!waits.length) return;
    const due = this.arrived + Math.min(...waits) - Date.now();
    this.offerTimer = setTimeout(() => this.render(), Math.max(0, due) + 50);
  }

  /** Whether the seeker of `seek` (theirs) may start it with the computer now. */
  offered(seek) {
    return seek.computer_in_ms != null && Date.now() - this.arrived >= seek.computer_in_ms;
  }

  async accept(seek) {
    try {
      const r = await api.acceptSeek(seek.id);
      if (r.game) this.start(r.game);
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
  }

  async leave(seek) {
    try {
      await api.leaveSeek(seek.id);
    } catch (e) {
      toast(e.message || t('error.generic'), 'error');
    }
  }

  render() {
    if (!this.game) return;
    const me = account.me();
    const c = this.choice();
    const form = me
      ? h('div', { class: 'seek-form' },
        h('div', { class: 'field' },
          h('label', { for: 'seek-range' }, t('seeks.range')),
          h('select', { id: 'seek-range', 'data-test': 'seek-range', onchange: (e) => { this.span = Number(e.target.value); } },
            SPANS.map((n) => h('option', { value: n, selected: n === this.span }, n ? t('seeks.range.near', { n }) : t('seeks.range.any'))))),
        h('label', { class: 'seek-rated' },
          h('input', { type: 'checkbox', role: 'switch', class: 'switch', 'data-test': 'seek-rated', checked: this.rated, onchange: (e) => { this.rated = e.target.checked; } }),
          t('seeks.rated')),
        h('button', { type: 'button', class: 'primary', 'data-test': 'quick', title: t('seeks.quick.help'), onclick: () => this.playNow() },
          t('seeks.quick')),
        h('button', { type: 'button', 'data-test': 'seek', onclick: () => this.make() },
          t('seeks.make', { game: gameName(c.game) })))
      : h('p', { class: 'muted', 'data-test': 'seeks-sign-in' }, t('seeks.sign-in'));
    let list;
    if (this.seeks === null) list = h('p', { class: 'muted' }, t('loading'));
    else if (!this.seeks.length) list = h('p', { class: 'muted', 'data-test': 'seeks-none' }, t('seeks.none'));
    else {
      list = h('ul', { class: 'game-list', 'data-test': 'seek-list' }, this.seeks.map((s) => h('li', { 'data-id': s.id, 'data-test': 'seek-item' },
        h('span', { class: 'gl-name' }, gameName(s.game, s.name), ' · ', t('game.players', { n: s.players }),
          s.rated ? h('span', { class: 'rated-tag' }, t('lobby.rated')) : null,
          s.quick ? h('span', { class: 'rated-tag', 'data-test': 'seek-quick' }, t('seeks.quick.tag')) : null),
        h('span', { class: 'gl-meta' },
          h('span', { class: 'clock-control' }, controlText(s.clock, t, lang())), ' · ',
          s.rating_range ? t('seeks.range.shown', { low: s.rating_range[0], high: s.rating_range[1] }) : t('seeks.range.any'), ' · ',
          h('span', { 'data-test': 'seek-seats' }, s.seats.map((p) => `${p.name} (${p.rating})`).join(', ')), ' · ',
          t('seeks.waiting', { n: s.open })),
        h('span', { class: 'gl-actions' },
          s.mine && this.offered(s)
            ? h('button', { type: 'button', class: 'small primary', 'data-test': 'seek-computer', onclick: () => this.computer(s) }, t('seeks.computer'))
            : null,
          s.mine
            ? h('button', { type: 'button', class: 'small', 'data-test': 'seek-cancel', onclick: () => this.leave(s) }, t('seeks.cancel'))
            : s.joined
            ? h('button', { type: 'button', class: 'small', 'data-test': 'seek-leave', onclick: () => this.leave(s) }, t('seeks.leave'))
            : me
            ? h('button', { type: 'button', class: 'small primary', 'data-test': 'seek-accept', onclick: () => this.accept(s) }, t('seeks.accept'))
            : null))));
    }
    replaceChildren(this.el,
      h('h2', { id: 'seeks-h' }, t('seeks.title')),
      form,
      list);
    this.wake();
  }
}
