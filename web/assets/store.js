// What this browser remembers, in localStorage: the seat tokens it holds per game (its own seats
// and the invite links it handed out), the games it took part in, the name it plays under and its
// settings (sound, notifications).

const PREFIX = 'trigonal.game.';
const LIST = 'trigonal.games';

function read(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the URL still carries the seat.
  }
}

/** `{mine: {seat: token}, invites: {seat: token}}` for game `id`. */
export function tokens(id) {
  const t = read(PREFIX + id, {});
  return { mine: t.mine || {}, invites: t.invites || {} };
}

/** Remembers that this browser plays `seat` of game `id` with `token`. */
export function addMine(id, seat, token) {
  const t = tokens(id);
  t.mine[seat] = token;
  delete t.invites[seat];
  write(PREFIX + id, t);
}

/** Remembers an invite link's token handed out for `seat`. */
export function addInvite(id, seat, token) {
  const t = tokens(id);
  if (t.mine[seat] === token) return;
  t.invites[seat] = token;
  write(PREFIX + id, t);
}

/** The games this browser created or joined, newest first: `[{id, game, at}]`. */
export function myGames() {
  return read(LIST, []);
}

/** Adds game `id` to the list of this browser's games (at most 20 kept). */
export function rememberGame(id, game) {
  const list = myGames().filter((g) => g.id !== id);
  list.unshift({ id, game, at: new Date().toISOString() });
  write(LIST, list.slice(0, 20));
}

const NAME = 'trigonal.name';
const SETTING = 'trigonal.setting.';

/** The name this browser last played under (the default at create and join), or ''. */
export function defaultName() {
  const name = read(NAME, '');
  return typeof name === 'string' ? name : '';
}

/** Remembers `name` as the default; null or '' forgets it. */
export function setDefaultName(name) {
  if (name) write(NAME, name);
  else {
    try {
      localStorage.removeItem(NAME);
    } catch {
      // Nothing stored: nothing to forget.
    }
  }
}

/** A remembered on/off setting (`sound`, `notify`); `fallback` when never set. */
export function setting(name, fallback = false) {
  return read(SETTING + name, fallback) === true;
}

export function setSetting(name, on) {
  write(SETTING + name, Boolean(on));
}
