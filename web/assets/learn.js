// Learning the games: the list at /learn — every game the server has lessons for, its lessons in
// order with a mark on those finished and a count of them — and what the lesson player shares
// with it: the words of a game's lessons (web/assets/lessons/<game>.<language>.js, fetched when
// wanted, English where the reader's language lacks them) and the learner's progress, kept in
// this browser and, for a signed-in learner, in their account (docs/api.md, "Lessons").

import * as api from './api.js';
import * as account from './account.js';
import { h, replaceChildren } from './dom.js';
import { t, lang } from './i18n.js';
import { gameName } from './games.js';
import { mergeDone, withDone, counts, isDone, lessonWords, idTitle, safeId } from './learn-logic.js';

// ---- progress ----

const DONE = 'trigonal.lessons.done';

/** The lessons this browser finished: `[{game, lesson, at}]`. */
export function localDone() {
  try {
    const v = JSON.parse(localStorage.getItem(DONE));
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function keep(done) {
  try {
    localStorage.setItem(DONE, JSON.stringify(done));
  } catch {
    // Private mode or a full store: the account (if any) still keeps it.
  }
}

/** Lesson `lesson` of `game` finished: kept here, and in the account when signed in. */
export async function finish(game, lesson) {
  keep(withDone(localDone(), game, lesson, new Date().toISOString()));
  if (!account.me()) return;
  try {
    await api.finishLesson(game, lesson);
  } catch {
    // Kept in this browser: sent again when the list is next opened signed in.
  }
}

/**
 * The finished lessons, this browser's and (signed in) the account's merged: those the account
 * lacks are sent to it, and this browser keeps them all.
 */
export async function syncDone() {
  const local = localDone();
  if (!account.me()) return local;
  let theirs;
  try {
    theirs = (await api.myLessons()).done;
  } catch {
    return local;
  }
  const { done, send } = mergeDone(local, theirs);
  if (send.length) {
    // All at once (the browser queues them): one by one, a long list would take its time.
    // A lesson the server no longer has (404), or the network, fails alone: kept here all the same.
    await Promise.all(send.map((e) => api.finishLesson(e.game, e.lesson).catch(() => null)));
  }
  keep(done);
  return done;
}

// ---- words ----

const words = new Map(); // `${game}.${code}` → promise of the table, or null
let scripts = null; // the paths of every script the site has, from the page's import map

/** The words file of `game` in language `code`: its table, or null where there is none. */
function wordsFile(game, code) {
  const key = `${game}.${code}`;
  if (!words.has(key)) {
    const url = `./lessons/${game}.${code}.js`;
    // A file not written yet is not imported (a failed import would be an error on the page).
    if (!scripts) {
      const map = document.querySelector('script[type=importmap]');
      scripts = new Set(map ? Object.keys(JSON.parse(map.textContent).imports) : []);
    }
    const listed = scripts.has(new URL(url, import.meta.url).pathname);
    words.set(key, listed ? import(url).then((m) => m.default).catch(() => null) : Promise.resolve(null));
  }
  return words.get(key);
}

/** The words of `game`'s lessons in the reader's language, else in English; null without any. */
export async function gameWords(game) {
  if (!safeId(game)) return null;
  const own = lang() === 'en' ? null : await wordsFile(game, lang());
  return own || wordsFile(game, 'en');
}

/** A lesson's title from the words (`table`) of its game, or its id said as words. */
export function lessonTitle(table, id, index) {
  return lessonWords(table, id, index)?.title || idTitle(id);
}

// ---- the list ----

export function mountLearn(main) {
  const page = new LearnPage(main);
  page.start();
  return page;
}

class LearnPage {
  constructor(main) {
    this.main = main;
    this.games = null;
    this.done = localDone();
    this.words = {};
    this.closed = false;
  }

  async start() {
    this.main.replaceChildren(h('p', { class: 'loading' }, t('loading')));
    try {
      const [list, meta] = await Promise.all([api.lessons(), api.meta().catch(() => null)]);
      this.games = list.games;
      // The games that have a rules page, to link to (all, should the catalogue not come).
      this.rules = meta ? new Set(meta.games.filter((g) => g.rules?.length).map((g) => g.id)) : null;
    } catch (e) {
      if (!this.closed) {
        this.main.replaceChildren(h('section', { class: 'card error-page' },
          h('h1', {}, t('error.generic')), h('p', { 'data-test': 'learn-error' }, e.message)));
      }
      return;
    }
    await this.loadWords();
    if (this.closed) return;
    this.render();
    this.sync();
  }

  unmount() {
    this.closed = true;
  }

  /** The words of every game listed, in the language now chosen. */
  async loadWords() {
    const tables = await Promise.all(this.games.map((g) => gameWords(g.game)));
    this.games.forEach((g, i) => { this.words[g.game] = tables[i]; });
  }

  async relabel() {
    if (!this.games) return;
    await this.loadWords();
    if (!this.closed) this.render();
  }

  /** Signed in (or out) meanwhile: the account's progress joins this browser's. */
  account() {
    if (this.games) this.sync();
  }

  async sync() {
    const done = await syncDone();
    if (this.closed) return;
    this.done = done;
    this.render();
  }

  render() {
    document.title = `${t('learn.title')} · Trigonal`;
    const c = counts(this.games, this.done);
    const sections = this.games.map((g) => {
      const mine = c.games[g.game];
      return h('section', { class: 'card learn-game', 'data-test': 'learn-game', 'data-game': g.game, 'aria-labelledby': `learn-${g.game}` },
        h('div', { class: 'learn-game-head' },
          h('h2', { id: `learn-${g.game}` }, gameName(g.game, g.name)),
          h('span', { class: 'learn-count muted', 'data-test': 'learn-game-count', 'data-done': String(mine.done), 'data-total': String(mine.total) },
            t('learn.game.count', { k: mine.done, n: mine.total }))),
        h('ol', { class: 'learn-lessons' }, g.lessons.map((l, i) => {
          const done = isDone(this.done, g.game, l.id);
          return h('li', { class: done ? 'done' : null, 'data-test': 'learn-lesson', 'data-lesson': l.id, 'data-done': String(done) },
            h('span', { class: 'learn-mark', 'aria-hidden': 'true' }, done ? '✓' : String(i + 1)),
            h('a', { href: `/learn/${encodeURIComponent(g.game)}/${encodeURIComponent(l.id)}`, 'data-link': true, 'data-test': 'learn-link' },
              lessonTitle(this.words[g.game], l.id, i)),
            h('span', { class: 'muted learn-steps' }, t('learn.steps', { n: l.steps })),
            done ? h('span', { class: 'visually-hidden' }, t('learn.done')) : null);
        })),
        !this.rules || this.rules.has(g.game)
          ? h('p', { class: 'learn-rules' }, h('a', { href: `/rules/${encodeURIComponent(g.game)}`, 'data-link': true }, t('nav.rules')))
          : null);
    });
    replaceChildren(this.main, h('div', { class: 'learn' },
      h('section', { class: 'intro' },
        h('h1', {}, t('learn.title')),
        h('p', { class: 'lead' }, t('learn.lead')),
        h('p', { class: 'learn-progress', 'data-test': 'learn-progress', 'data-done': String(c.done), 'data-total': String(c.total) },
          t('learn.progress', { k: c.done, n: c.total })),
        account.me() ? null : h('p', { class: 'muted', 'data-test': 'learn-sign-in' }, t('learn.sign-in'), ' ',
          h('a', { href: '/signin', 'data-link': true }, t('account.signin')))),
      this.games.length ? h('div', { class: 'learn-games' }, sections) : h('p', { class: 'muted' }, t('learn.none'))));
  }
}
