// The rules page of a game, /rules/{game}: a per-language HTML fragment under /assets/rules/.

import { h } from './dom.js';
import { t, lang } from './i18n.js';
import { gameName } from './games.js';
import * as api from './api.js';

export function mountRules(main, { game }) {
  const page = {
    closed: false,
    relabel: () => show(main, game, page),
    unmount() {
      page.closed = true;
    },
  };
  show(main, game, page);
  return page;
}

/** Draws the rules of `game` into `main`, unless `page` was left while they were fetched. */
async function show(main, game, page) {
  // The game as /api/meta tells it: its picture and the languages of its rules, so that nothing
  // is asked for that is not there. (Should meta fail, the usual files are tried.)
  const info = await api.meta().then((m) => m.games.find((g) => g.id === game) || null,
    () => ({ id: game, picture: `/assets/img/${game}.svg`, rules: ['en', lang()] }));
  if (page.closed) return;
  if (!info) {
    main.replaceChildren(h('section', { class: 'card error-page' }, h('h1', {}, t('rules.unknown')),
      h('p', {}, h('a', { href: '/', 'data-link': true }, t('nav.home')))));
    return;
  }
  const name = gameName(game);
  document.title = `${t('rules.title', { game: name })} — Trigonal`;
  const body = h('div', { class: 'rules-body' }, h('p', { class: 'loading' }, t('loading')));
  main.replaceChildren(h('article', { class: 'rules-page card', 'data-game': game },
    h('p', { class: 'crumbs' }, h('a', { href: '/', 'data-link': true }, t('nav.home'))),
    h('h1', {}, t('rules.title', { game: name })),
    info.picture ? h('img', { class: 'rules-picture', src: info.picture, alt: t('rules.picture', { game: name }), width: 240, height: 180 }) : null,
    body,
    h('p', {}, h('a', { class: 'button primary', href: `/?game=${game}`, 'data-link': true }, t('rules.play', { game: name })))));
  // In the reader's language where written, else in English, else in any.
  const code = [lang(), 'en', ...(info.rules || [])].find((c) => (info.rules || []).includes(c));
  const html = code ? await fetchText(`/assets/rules/${game}.${code}.html`) : null;
  if (html === null) body.replaceChildren(h('p', { class: 'muted', 'data-test': 'no-rules' }, code ? t('error.generic') : t('rules.none')));
  else body.innerHTML = html;
}

async function fetchText(url) {
  try {
    const r = await fetch(url);
    if (!r.ok) return null;
    const text = await r.text();
    // An SPA fallback answers unknown paths with index.html: not a rules fragment.
    return /<html/i.test(text) ? null : text;
  } catch {
    return null;
  }
}
