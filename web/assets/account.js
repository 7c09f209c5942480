// Who is signed in (GET /api/me), kept for the page: sign up, sign in and out, and handing this
// browser's guest seats to the account. The session itself is an HttpOnly cookie the page never sees.

import * as api from './api.js';
import * as store from './store.js';
import { heldPairs } from './ratings.js';

let current; // undefined: not asked yet; null: a guest; {name, created, moderator, totp}
const listeners = new Set();

/** The signed-in account `{name, created, moderator, totp}`, or null. */
export function me() {
  return current || null;
}

export function known() {
  return current !== undefined;
}

export function onAccount(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

function set(v) {
  current = v;
  for (const f of listeners) f(current);
}

/** Asks the server who is signed in. */
export async function load() {
  try {
    set(await api.getMe());
  } catch (e) {
    set(null);
  }
  return current;
}

/**
 * Signs up (`create`) or in (with `code`, two-step sign-in's, when it is on); then this
 * browser's guest games come to belong to the account.
 */
export async function enter(name, password, create, code = null) {
  const r = create ? await api.signUp(name, password)
    : code ? await api.signInWithCode(name, password, code) : await api.signIn(name, password);
  await claim();
  set(r);
  return r;
}

/** Hands the seats this browser holds to the account and stores the tokens of the account's games. */
export async function claim() {
  const pairs = heldPairs(store.myGames(), store.tokens);
  let list;
  try {
    list = pairs.length ? await api.claimGames(pairs) : await api.myGames();
  } catch {
    list = await api.myGames().catch(() => ({ games: [] }));
  }
  keep(list.games);
  return list.games;
}

/** Stores the tokens of the account's games, as for a seat joined here. */
export function keep(games) {
  for (const g of games || []) {
    if (g.token != null && g.seat != null && store.tokens(g.id).mine[g.seat] === undefined) store.addMine(g.id, g.seat, g.token);
  }
}

/** Forgets the account (it was deleted, or this session ended): a guest from now on. */
export function forget() {
  set(null);
}

export async function signOut() {
  await api.signOut();
  set(null);
}
