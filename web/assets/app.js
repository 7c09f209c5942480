// The single-page app: routes /, /game/{id}, /rules/{game}, /signin, /signup, /player/{name},
// /leaderboard/{pool}, /tournaments, /tournament/{id}, /learn, /learn/{game}/{lesson},
// /puzzles, /puzzles/{id}, the pages of mails' links (/mail/verify/{token},
// /mail/unsubscribe/{token}, /reset/{token}) and /reset, and the moderators' /mod and /mod/log;
// the header with its language switcher; internal links without page loads.

import { h, toast } from './dom.js';
import { t, LANGUAGES, lang, setLang, onLanguage, ready } from './i18n.js';
import { mountHome } from './home.js';
import { mountGame } from './game.js';
import { mountRules } from './rules.js';
import { mountSignIn, mountProfile, mountLeaderboard } from './players.js';
import { mountTournaments, mountTournament } from './tournaments.js';
import { mountLearn } from './learn.js';
import { mountLesson } from './lesson.js';
import { mountPuzzles } from './puzzles.js';
import { mountMailLink } from './mail-links.js';
import { mountReset } from './safety.js';
import { mountModeration } from './moderation.js';
import * as account from './account.js';
import * as api from './api.js';

const main = document.getElementById('main');
let page = null;

function route() {
  if (page && page.unmount) page.unmount();
  page = null;
  const path = decodeURI(location.pathname);
  // A player's link carries its seat token in the fragment (#seat=N&token=T), which no server and
  // no Referer ever sees; older links carried it in the query. Both are read here.
  const query = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(location.hash.slice(1))) query.set(k, v);
  let m;
  document.title = 'Trigonal';
  if (path === '/' || path === '/index.html') {
    page = mountHome(main, { navigate, game: query.get('game') });
  } else if ((m = path.match(/^\/game\/([^/]+)\/?$/))) {
    page = mountGame(main, { id: m[1], query, navigate });
  } else if ((m = path.match(/^\/rules\/([^/]+)\/?$/))) {
    page = mountRules(main, { game: m[1] });
  } else if (path === '/signin' || path === '/signup') {
    page = mountSignIn(main, { navigate, create: path === '/signup' });
  } else if ((m = path.match(/^\/player\/([^/]+)\/?$/))) {
    page = mountProfile(main, { name: m[1], navigate });
  } else if ((m = path.match(/^\/leaderboard\/([^/]+)\/?$/))) {
    page = mountLeaderboard(main, { pool: m[1] });
  } else if (path === '/tournaments' || path === '/tournaments/') {
    page = mountTournaments(main, { navigate });
  } else if ((m = path.match(/^\/tournament\/([^/]+)\/?$/))) {
    page = mountTournament(main, { id: m[1], navigate });
  } else if (path === '/learn' || path === '/learn/') {
    page = mountLearn(main, { navigate });
  } else if ((m = path.match(/^\/learn\/([^/]+)\/([^/]+)\/?$/))) {
    page = mountLesson(main, { game: m[1], id: m[2], navigate });
  } else if (path === '/puzzles' || path === '/puzzles/') {
    page = mountPuzzles(main, { navigate, id: null });
  } else if ((m = path.match(/^\/puzzles\/([^/]+)\/?$/))) {
    page = mountPuzzles(main, { navigate, id: m[1] });
  } else if (path === '/reset' || path === '/reset/') {
    page = mountReset(main, { token: null });
  } else if ((m = path.match(/^\/reset\/([^/]+)\/?$/))) {
    page = mountReset(main, { token: m[1] });
  } else if (path === '/mod' || path === '/mod/' || path === '/mod/log') {
    page = mountModeration(main, { navigate, view: path === '/mod/log' ? 'log' : 'queue' });
  } else if ((m = path.match(/^\/mail\/(verify|unsubscribe)\/([^/]+)\/?$/))) {
    page = mountMailLink(main, { kind: m[1], token: m[2] });
  } else {
    main.replaceChildren(h('section', { class: 'card error-page' },
      h('h1', {}, t('error.not-found')),
      h('p', {}, h('a', { href: '/', 'data-link': true }, t('nav.home')))));
  }
}

export function navigate(url) {
  history.pushState(null, '', url);
  route();
  window.scrollTo(0, 0);
  main.focus({ preventScroll: true });
}

function header() {
  const select = h('select', { id: 'lang', 'data-test': 'lang', onchange: (e) => setLang(e.target.value) },
    LANGUAGES.map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === lang() }, l.name)));
  const bar = document.getElementById('topbar');
  bar.replaceChildren(
    h('a', { href: '/', 'data-link': true, class: 'brand' },
      h('img', { src: '/assets/img/logo.svg', alt: '', width: 28, height: 28 }), h('span', { class: 'brand-text' }, 'Trigonal')),
    h('nav', { 'aria-label': t('nav.label') },
      h('a', { href: '/', 'data-link': true, class: 'nav-play' }, t('nav.play')),
      h('a', { href: '/learn', 'data-link': true, 'data-test': 'nav-learn' }, t('nav.learn')),
      h('a', { href: '/puzzles', 'data-link': true, 'data-test': 'nav-puzzles' }, t('nav.puzzles')),
      h('a', { href: '/tournaments', 'data-link': true, 'data-test': 'nav-tournaments' }, t('nav.tournaments'))),
    accountArea(),
    h('div', { class: 'lang' }, h('label', { for: 'lang', class: 'visually-hidden' }, t('nav.language')), select));
  document.querySelector('.skip').textContent = t('nav.skip');
}

/** Who is signed in, with a way out; or the ways in. */
function accountArea() {
  const me = account.me();
  if (!account.known()) return h('div', { class: 'account', 'data-test': 'account' });
  if (me) {
    return h('div', { class: 'account', 'data-test': 'account', 'data-signed-in': 'true' },
      h('a', { href: `/player/${encodeURIComponent(me.name)}`, 'data-link': true, 'data-test': 'account-name', title: me.name }, me.name),
      me.moderator ? h('a', { href: '/mod', 'data-link': true, 'data-test': 'nav-mod' }, t('mod.nav')) : null,
      h('button', { type: 'button', class: 'small subtle', 'data-test': 'sign-out', onclick: signOut }, t('account.signout')));
  }
  return h('div', { class: 'account', 'data-test': 'account', 'data-signed-in': 'false' },
    h('a', { href: '/signin', 'data-link': true, 'data-test': 'sign-in' }, t('account.signin')),
    h('a', { href: '/signup', 'data-link': true, 'data-test': 'sign-up' }, t('account.create')));
}

async function signOut() {
  try {
    await account.signOut();
    toast(t('account.signed-out'));
    navigate('/');
  } catch (e) {
    toast(e.message || t('error.generic'), 'error');
  }
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-link]');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);

// What the site sends a signed-in person when they are not looking (mails, push notices) is in
// the language they read it in here: said on signing in, and at every switch — once per change,
// one request after another, so that an earlier word never lands after a later one.
let saidLanguage = null;
let saying = Promise.resolve();
function sayLanguage() {
  if (!account.me()) {
    saidLanguage = null;
    return;
  }
  const code = lang();
  if (code === saidLanguage) return;
  saidLanguage = code;
  saying = saying.then(() => api.setLanguage(code)).catch(() => {
    saidLanguage = null; // said again at the next chance
  });
}

onLanguage(() => {
  header();
  if (page && page.relabel) page.relabel();
  sayLanguage();
});

account.onAccount(() => {
  header();
  if (page && page.account) page.account();
  sayLanguage();
});

// The chosen language's words first (a file of their own), then the page.
await ready();
header();
account.load();
route();
