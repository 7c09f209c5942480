// Clocks (docs/api.md, "Clocks"): the time controls offered at creation and the custom one typed
// in, their short names, a seat's time as it ticks between two views, and how it is written.
// Pure: no DOM, no clock of its own — every time is the server's number, counted down from when
// the view arrived (`arrived`, `now`: performance.now() readings, passed in).

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The longest control the server takes: 30 days (initial time, increment, days a move). */
export const MAX_MS = 30 * DAY;
export const MAX_DAYS = 30;
/** A Fischer clock turns red under this. */
export const LOW_FISCHER_MS = 10 * SECOND;
/** A correspondence clock (days a move) turns red under this. */
export const LOW_DAYS_MS = 3 * HOUR;
/** Under this a clock shows tenths of a second. */
export const TENTHS_BELOW_MS = 10 * SECOND;

/** The presets of the home page, in order; `custom` opens the fields for one's own. */
export const PRESETS = [
  { id: 'none', clock: null },
  { id: '3+2', clock: { initial_ms: 3 * MINUTE, increment_ms: 2 * SECOND } },
  { id: '10+5', clock: { initial_ms: 10 * MINUTE, increment_ms: 5 * SECOND } },
  { id: '1d', clock: { days: 1 } },
  { id: '3d', clock: { days: 3 } },
  { id: 'custom', clock: null },
];

/** The preset `id`'s control (null: none, or custom). */
export function presetClock(id) {
  const p = PRESETS.find((x) => x.id === id);
  return p ? p.clock : null;
}

/** English words for when no table is given (tests, fallbacks); the page passes i18n's `t`. */
const ENGLISH = {
  'clock.none': 'No clock',
  'clock.days': (p) => (p.n === 1 ? `${p.n} day a move` : `${p.n} days a move`),
  'clock.fischer.long': (p) => `${p.min} min + ${p.sec} s a move`,
  'clock.dh': (p) => `${p.d}d ${p.h}h`,
  'clock.hm': (p) => `${p.h}h ${p.m}m`,
};

export function english(key, params = {}) {
  const v = ENGLISH[key];
  return typeof v === 'function' ? v(params) : v ?? key;
}

/** Whether `control` is correspondence (days a move) rather than Fischer. */
export function isDays(control) {
  return Boolean(control) && typeof control.days === 'number';
}

/** A number with at most three decimals, written the way `locale` writes numbers. */
function num(x, locale) {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false }).format(x);
}

/**
 * The short name of a control: "3+2" (minutes + seconds a move), "1 day a move", or "No clock".
 * `say(key, params)` gives the words (i18n's `t`).
 */
export function controlText(control, say = english, locale = 'en') {
  if (!control) return say('clock.none');
  if (isDays(control)) return say('clock.days', { n: control.days });
  return `${num(control.initial_ms / MINUTE, locale)}+${num(control.increment_ms / SECOND, locale)}`;
}

/** The control spelled out, for a title: "3 min + 2 s a move". */
export function controlLong(control, say = english, locale = 'en') {
  if (!control) return say('clock.none');
  if (isDays(control)) return say('clock.days', { n: control.days });
  return say('clock.fischer.long', { min: num(control.initial_ms / MINUTE, locale), sec: num(control.increment_ms / SECOND, locale) });
}

const pad = (n) => String(n).padStart(2, '0');

/**
 * A time left, as a clock shows it: "2d 5h" from a day up, then "5h 12m" in correspondence or
 * "1:05:09" in a Fischer game, "4:59" under an hour, "0:09.3" (tenths) under ten seconds. Rounded
 * down, so a clock never shows more than is left.
 */
export function formatClock(ms, control = null, say = english) {
  const left = Math.max(0, Math.floor(Number(ms) || 0));
  if (left >= DAY) return say('clock.dh', { d: Math.floor(left / DAY), h: Math.floor((left % DAY) / HOUR) });
  if (left >= HOUR) {
    const h = Math.floor(left / HOUR);
    const m = Math.floor((left % HOUR) / MINUTE);
    if (isDays(control)) return say('clock.hm', { h, m });
    return `${h}:${pad(m)}:${pad(Math.floor((left % MINUTE) / SECOND))}`;
  }
  const m = Math.floor(left / MINUTE);
  const s = Math.floor((left % MINUTE) / SECOND);
  if (left >= TENTHS_BELOW_MS) return `${m}:${pad(s)}`;
  return `${m}:${pad(s)}.${Math.floor((left % SECOND) / 100)}`;
}

/**
 * Seat `seat`'s time left `now`: the view's number, less the time since the view `arrived` when
 * its clock is the one running (never below zero). Null when the game has no clock.
 */
export function remainingNow(view, seat, arrived, now) {
  const all = view && view.remaining_ms;
  if (!Array.isArray(all) || typeof all[seat] !== 'number') return null;
  const base = all[seat];
  if (view.running !== seat || view.outcome) return base;
  return Math.max(0, base - Math.max(0, now - arrived));
}

/** Whether a clock showing `ms` is red: under 10 s, or under a few hours in correspondence. */
export function isLow(ms, control) {
  if (ms === null || ms === undefined || !control) return false;
  return ms < (isDays(control) ? LOW_DAYS_MS : LOW_FISCHER_MS);
}

/**
 * Every seat's clock `now`: `[{seat, ms, running, low, out}]` (`out`: its time ran out), or []
 * for a game without a clock.
 */
export function seatClocks(view, arrived, now) {
  if (!view || !view.clock || !Array.isArray(view.remaining_ms)) return [];
  return view.seats.map((s) => {
    const ms = remainingNow(view, s.seat, arrived, now);
    return {
      seat: s.seat,
      ms,
      running: !view.outcome && view.running === s.seat,
      low: isLow(ms, view.clock),
      out: Boolean(s.out_of_time),
    };
  });
}

/** The seats whose time ran out (a game lost on time names them in the result). */
export function outOfTime(view) {
  const seats = (view && view.seats) || [];
  const out = seats.filter((s) => s.out_of_time).map((s) => s.seat);
  if (out.length || !view || !view.outcome || view.outcome.reason !== 'time') return out;
  // Lost on time but no seat marked (an older server): the seats that did not win.
  return seats.map((s) => s.seat).filter((s) => !view.outcome.winners.includes(s));
}

/**
 * The custom control as typed: `kind` `fischer` (`minutes` for the game, `seconds` added a move)
 * or `days` (`days` a move). `{ok: true, clock}` or `{ok: false, field, error}` with the field at
 * fault and the i18n key of what is wrong, checked as the server checks (docs/api.md, "Clocks").
 */
export function parseCustom({ kind, minutes, seconds, days }) {
  if (kind === 'days') {
    const d = number(days);
    if (d === null || !Number.isInteger(d) || d < 1 || d > MAX_DAYS) return bad('days');
    return { ok: true, clock: { days: d } };
  }
  const m = number(minutes);
  if (m === null || m <= 0) return bad('minutes');
  const initial = Math.round(m * MINUTE);
  if (initial < 1 || initial > MAX_MS) return bad('minutes');
  const s = String(seconds ?? '').trim() === '' ? 0 : number(seconds);
  if (s === null || s < 0) return bad('seconds');
  const increment = Math.round(s * SECOND);
  if (increment > MAX_MS) return bad('seconds');
  return { ok: true, clock: { initial_ms: initial, increment_ms: increment } };
}

function bad(field) {
  return { ok: false, field, error: `clock.invalid.${field}` };
}

/** A number as typed (a decimal comma allowed), or null. */
function number(text) {
  const s = String(text ?? '').trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(s)) return null;
  const x = Number(s);
  return Number.isFinite(x) ? x : null;
}
