// The HTTP API (docs/api.md) as plain async functions. Errors become ApiError with the server's
// status and code, said in the reader's language.

import { t, has, lang } from './i18n.js';

/**
 * What a person reads of a refusal: the words of its code (`error.code.<code>`, filled in with
 * its params) where the code is one of the refusals people meet; for the code of a mere kind of
 * error (`conflict`, `bad-request`, …), its words with the server's English detail after them (in
 * English, the detail alone); the English alone for a code this page does not know.
 */
export function errorText(code, english, params = {}) {
  const key = `error.code.${code}`;
  if (!code || !has(key)) return english;
  // A time the message names (a mute's end) is said as the reader's clock says it.
  if (typeof params?.until === 'string') params = { ...params, until: new Date(params.until).toLocaleString(lang()) };
  if (!KINDS.has(code) || !english) return t(key, params);
  return lang() === 'en' ? english : `${t(key, params)} (${english})`;
}

/** The codes of the kinds of errors, whose words are general (docs/api.md). */
const KINDS = new Set(['bad-request', 'unauthorized', 'forbidden', 'not-found', 'method-not-allowed',
  'conflict', 'timeout', 'too-large', 'too-fast', 'unprocessable', 'unsupported-media-type', 'unavailable', 'internal']);

export class ApiError extends Error {
  constructor(status, english, code = null, params = {}) {
    super(errorText(code, english, params));
    this.status = status;
    this.code = code;
    this.english = english;
    this.params = params;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, e.message);
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || text || res.statusText, data?.code, data?.params);
  return data;
}

// The games, pools and levels change only with the server: asked once a page load.
let metaOnce = null;
export const meta = () => {
  metaOnce = metaOnce || call('GET', '/api/meta').catch((e) => {
    metaOnce = null;
    throw e;
  });
  return metaOnce;
};
export const createGame = (spec) => call('POST', '/api/games', spec);
export const joinGame = (id, seat, name = null) =>
  call('POST', `/api/games/${enc(id)}/join`, name ? { seat, name } : { seat });
export const getView = (id) => call('GET', `/api/games/${enc(id)}`);
export const getViewAt = (id, ply) => call('GET', `/api/games/${enc(id)}/at/${ply}`);
export const playMove = (id, token, move, ply) =>
  call('POST', `/api/games/${enc(id)}/moves`, { token, move, ply });
export const undo = (id, token) => call('POST', `/api/games/${enc(id)}/undo`, { token });
export const answerUndo = (id, token, accept) =>
  call('POST', `/api/games/${enc(id)}/undo/answer`, { token, accept });
export const resign = (id, token) => call('POST', `/api/games/${enc(id)}/resign`, { token });
export const draw = (id, token, accept) => call('POST', `/api/games/${enc(id)}/draw`, { token, accept });
export const rematch = (id, token) => call('POST', `/api/games/${enc(id)}/rematch`, { token });
export const chat = (id, token, text) => call('POST', `/api/games/${enc(id)}/chat`, { token, text });
export const setChat = (id, token, enabled) =>
  call('POST', `/api/games/${enc(id)}/chat/enabled`, { token, enabled });
export const uploadRecord = (game, record) => call('POST', '/api/records', { game, record });
export const listGames = (open) => call('GET', open ? '/api/games?open=true' : '/api/games');
export const analyse = (id) => call('POST', `/api/games/${enc(id)}/analysis`);
export const getAnalysis = (id) => call('GET', `/api/games/${enc(id)}/analysis`);
export const hint = (id, token) => call('POST', `/api/games/${enc(id)}/hint`, { token });
export const recordUrl = (id) => `/api/games/${enc(id)}/record`;

/** The game's WebSocket; with `since`, the version the page has, it sends only what was missed. */
export function socketUrl(id, since) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = Number.isInteger(since) ? `?since=${since}` : '';
  return `${proto}//${location.host}/api/games/${enc(id)}/ws${query}`;
}

export const listSeeks = (game) => call('GET', `/api/seeks${game ? `?game=${enc(game)}` : ''}`);
export const makeSeek = (spec) => call('POST', '/api/seeks', spec);
export const acceptSeek = (id) => call('POST', `/api/seeks/${enc(id)}/accept`);
export const leaveSeek = (id) => call('DELETE', `/api/seeks/${enc(id)}`);
export const getEmail = () => call('GET', '/api/me/email');
export const setEmail = (email) => call('POST', '/api/me/email', { email });
export const pushKey = () => call('GET', '/api/push/key');
export const subscribePush = (subscription) => call('POST', '/api/me/push', subscription);
export const unsubscribePush = (endpoint) => call('DELETE', '/api/me/push', { endpoint });
export const playNow = (spec) => call('POST', '/api/quick', spec);
export const seekComputer = (id) => call('POST', `/api/seeks/${enc(id)}/computer`);

/** The lobby's WebSocket: the seeks of `game` as they change, and the games they become. */
export function lobbySocketUrl(game) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/lobby/ws?game=${enc(game)}`;
}

function enc(s) {
  return encodeURIComponent(s);
}

export const getMe = () => call('GET', '/api/me');
export const setLanguage = (language) => call('POST', '/api/me/language', { language });
export const gameRatings = (id) => call('GET', `/api/games/${enc(id)}/ratings`);
export const signUp = (name, password) => call('POST', '/api/accounts', { name, password });
export const signIn = (name, password) => call('POST', '/api/session', { name, password });
export const signOut = () => call('DELETE', '/api/session');
export const myGames = () => call('GET', '/api/me/games');
/** Confirms the address of a mail's confirmation link. */
export const verifyEmail = (token) => call('POST', `/api/mail/verify/${encodeURIComponent(token)}`);
/** Turns mail off, as a mail's unsubscribe link asks. */
export const unsubscribe = (token) => call('POST', `/api/mail/unsubscribe/${encodeURIComponent(token)}`);
/** The signed-in player's seat in game `id`, with its token for this browser. */
export const myGame = (id) => call('GET', `/api/me/games/${encodeURIComponent(id)}`);
export const claimGames = (games) => call('POST', '/api/me/games', { games });
export const player = (name) => call('GET', `/api/players/${enc(name)}`);
export const leaderboard = (pool) => call('GET', `/api/leaderboard/${enc(pool)}`);
export const bots = () => call('GET', '/api/bots');

export const listTournaments = () => call('GET', '/api/tournaments');
export const getTournament = (id) => call('GET', `/api/tournaments/${enc(id)}`);
export const createTournament = (spec) => call('POST', '/api/tournaments', spec);
export const joinTournament = (id) => call('POST', `/api/tournaments/${enc(id)}/join`);
export const withdrawTournament = (id) => call('POST', `/api/tournaments/${enc(id)}/withdraw`);
export const startTournament = (id) => call('POST', `/api/tournaments/${enc(id)}/start`);
export const tournamentComputer = (id, level) => call('POST', `/api/tournaments/${enc(id)}/computer`, { level });

/** A tournament's WebSocket: the tournament as it changes, and the games it seats the viewer at. */
export function tournamentSocketUrl(id) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/tournaments/${enc(id)}/ws`;
}

export const lessons = () => call('GET', '/api/lessons');
export const lesson = (game, id) => call('GET', `/api/lessons/${enc(game)}/${enc(id)}`);
export const lessonStep = (game, id, n, moves) => call('POST', `/api/lessons/${enc(game)}/${enc(id)}/steps/${n}`, { moves });
export const myLessons = () => call('GET', '/api/me/lessons');
export const finishLesson = (game, lesson) => call('POST', '/api/me/lessons', { game, lesson });

export const nextPuzzle = (game, mine = false) => call('GET', `/api/puzzles/next?game=${enc(game)}${mine ? '&mine=true' : ''}`);
export const dailyPuzzle = (game) => call('GET', `/api/puzzles/daily?game=${enc(game)}`);
export const puzzle = (id) => call('GET', `/api/puzzles/${enc(id)}`);
export const attemptPuzzle = (id, moves) => call('POST', `/api/puzzles/${enc(id)}/attempt`, { moves });
export const trainOn = (game, ply) => call('POST', '/api/me/puzzles', { game, ply });

// Trust and safety (docs/api.md, "Password reset" to "Reports and moderation").
export const signInWithCode = (name, password, code) => call('POST', '/api/session', { name, password, code });
export const askReset = (email) => call('POST', '/api/password-reset', { email });
export const useReset = (token, password) => call('POST', `/api/password-reset/${enc(token)}`, { password });
export const sessions = () => call('GET', '/api/me/sessions');
export const endSession = (id) => call('DELETE', `/api/me/sessions/${enc(id)}`);
export const endOtherSessions = () => call('DELETE', '/api/me/sessions');
export const exportUrl = () => '/api/me/export';
export const deleteAccount = (password) => call('DELETE', '/api/me', { password });
export const startTotp = () => call('POST', '/api/me/totp');
export const confirmTotp = (code) => call('POST', '/api/me/totp/confirm', { code });
export const stopTotp = (password, code) => call('DELETE', '/api/me/totp', { password, code });
export const blocks = () => call('GET', '/api/me/blocks');
export const block = (name) => call('POST', '/api/me/blocks', { name });
export const unblock = (name) => call('DELETE', `/api/me/blocks/${enc(name)}`);
export const report = (spec) => call('POST', '/api/reports', spec);
export const standing = () => call('GET', '/api/me/moderation');
export const modReports = () => call('GET', '/api/mod/reports');
export const modAct = (spec) => call('POST', '/api/mod/actions', spec);
export const modLog = () => call('GET', '/api/mod/log');
