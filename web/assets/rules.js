// The rules page of a game, /rules/{game}: a per-language HTML fragment under /assets/rules/.

import { h } from './dom.js';
import { t, lang } from './i18n.js';
import { gameName } from './games.js';
import * as api from './api.js';

export function mountRules(main, { game }) {
  const page = { relabel: () => show(main, game), unmount() {} };
  show(main, game);
  return page;
}

async function show(main, game) {
  const known = await api.meta().then((m) => m.games.some((g) => g.id === game), () => true);
  if (!known) {
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
    h('img', { class: 'rules-picture', src: `/assets/img/${game}.svg`, alt: t('rules.picture', { game: name }), width: 240, height: 180 }),
    body,
    h('p', {}, h('a', { class: 'button primary', href: `/?game=${game}`, 'data-link': true }, t('rules.play', { game: name })))));
  const code = lang();
  let html = await fetchText(`/assets/rules/${game}.${code}.html`);
  if (html === null && code !== 'en') html = await fetchText(`/assets/rules/${game}.en.html`);
  body.innerHTML = html ?? `<p>${t('error.generic')}</p>`;
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
