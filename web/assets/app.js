// The single-page app: routes /, /game/{id}, /rules/{game}, /signin, /signup, /player/{name},
// /leaderboard/{pool}, /tournaments, /tournament/{id}, /learn, /learn/{game}/{lesson},
// /puzzles, /puzzles/{id}, the pages of mails' links (/mail/verify/{token},
// /mail/unsubscribe/{token}, /reset/{token}) and /reset, and the moderators' /mod and /mod/log;
// the header with its language switcher; internal links without page loads.

import { h, toast } from './dom.js';
import { t, LANGUAGES, lang, setLang, onLanguage, ready } from './i18n.js';
import * as account from './account.js';
import * as api from './api.js';

const main = document.getElementById('main');
let page = null;

// Each route's page is a module of its own, loaded when the route is first visited (the browser
// keeps it for the next visit): the home page does not download the game page, and so on.
const ROUTES = [
  [/^\/(index\.html)?$/, () => import('./home.js'), (m, _, query) => m.mountHome(main, { navigate, game: query.get('game') })],
  [/^\/game\/([^/]+)\/?$/, () => import('./game.js'), (m, [id], query) => m.mountGame(main, { id, query, navigate })],
  [/^\/rules\/([^/]+)\/?$/, () => import('./rules.js'), (m, [game]) => m.mountRules(main, { game })],
  [/^\/sign(in|up)$/, () => import('./players.js'), (m, [how]) => m.mountSignIn(main, { navigate, create: how === 'up' })],
  [/^\/player\/([^/]+)\/?$/, () => import('./players.js'), (m, [name]) => m.mountProfile(main, { name, navigate })],
  [/^\/leaderboard\/([^/]+)\/?$/, () => import('./players.js'), (m, [pool]) => m.mountLeaderboard(main, { pool })],
  [/^\/tournaments\/?$/, () => import('./tournaments.js'), (m) => m.mountTournaments(main, { navigate })],
  [/^\/tournament\/([^/]+)\/?$/, () => import('./tournaments.js'), (m, [id]) => m.mountTournament(main, { id, navigate })],
  [/^\/learn\/?$/, () => import('./learn.js'), (m) => m.mountLearn(main, { navigate })],
  [/^\/learn\/([^/]+)\/([^/]+)\/?$/, () => import('./lesson.js'), (m, [game, id]) => m.mountLesson(main, { game, id, navigate })],
  [/^\/puzzles\/?$/, () => import('./puzzles.js'), (m) => m.mountPuzzles(main, { navigate, id: null })],
  [/^\/puzzles\/([^/]+)\/?$/, () => import('./puzzles.js'), (m, [id]) => m.mountPuzzles(main, { navigate, id })],
  [/^\/reset\/?$/, () => import('./safety.js'), (m) => m.mountReset(main, { token: null })],
  [/^\/reset\/([^/]+)\/?$/, () => import('./safety.js'), (m, [token]) => m.mountReset(main, { token })],
  [/^\/mod(\/log|\/)?$/, () => import('./moderation.js'), (m, [which]) => m.mountModeration(main, { navigate, view: which === '/log' ? 'log' : 'queue' })],
  [/^\/mail\/(verify|unsubscribe)\/([^/]+)\/?$/, () => import('./mail-links.js'), (m, [kind, token]) => m.mountMailLink(main, { kind, token })],
];

let routed = 0; // which call of route() is the latest: a page loaded after a newer one began is dropped

async function route() {
  if (page && page.unmount) page.unmount();
  page = null;
  const mine = ++routed;
  const path = decodeURI(location.pathname);
  // A player's link carries its seat token in the fragment (#seat=N&token=T), which no server and
  // no Referer ever sees; older links carried it in the query. Both are read here.
  const query = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(location.hash.slice(1))) query.set(k, v);
  document.title = 'Trigonal';
  for (const [pattern, load, mount] of ROUTES) {
    const m = path.match(pattern);
    if (!m) continue;
    let module;
    try {
      module = await load();
    } catch {
      // A page's module that no longer loads (offline, or a new version of the site): a fresh
      // load of the page fetches what it needs.
      if (mine === routed) {
        main.replaceChildren(h('section', { class: 'card error-page' },
          h('h1', {}, t('error.generic')),
          h('p', {}, h('a', { href: location.href }, t('error.reload')))));
      }
      return;
    }
    if (mine !== routed) return;
    page = mount(module, m.slice(1).filter((x) => x !== undefined), query);
    return;
  }
  main.replaceChildren(h('section', { class: 'card error-page' },
    h('h1', {}, t('error.not-found')),
    h('p', {}, h('a', { href: '/', 'data-link': true }, t('nav.home')))));
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
      h('img', { src: document.querySelector('link[rel=icon]')?.getAttribute('href') || '/assets/img/logo.svg', alt: '', width: 28, height: 28 }), h('span', { class: 'brand-text' }, 'Trigonal')),
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

// The chosen language's words first (a file of their own), then the page — its module loaded
// before this script is done, as it was when every module came up front.
await ready();
header();
account.load();
await route();
