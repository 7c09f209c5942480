// Clocks on plain data (web/assets/clock.js): the controls' names, how a time is written, the
// ticking arithmetic from the server's numbers, the red threshold, and the custom control as typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRESETS, presetClock, controlText, controlLong, formatClock, remainingNow, isLow, seatClocks, outOfTime,
  parseCustom, isDays, MAX_MS, LOW_FISCHER_MS, LOW_DAYS_MS,
} from '../assets/clock.js';
import { LANGUAGES, t, table } from '../assets/i18n.js';

// Every language's words at hand, as a page has its chosen one's.
await Promise.all(LANGUAGES.map(({ code }) => table(code)));

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const fischer = (min, sec) => ({ initial_ms: min * M, increment_ms: sec * S });
const say = (lang) => (key, params) => t(key, params, lang);

test('the presets: no clock first, then 3+2, 10+5, 1 day, 3 days, and a custom choice', () => {
  assert.deepEqual(PRESETS.map((p) => p.id), ['none', '3+2', '10+5', '1d', '3d', 'custom']);
  assert.equal(presetClock('none'), null);
  assert.equal(presetClock('custom'), null);
  assert.equal(presetClock('nonsense'), null);
  assert.deepEqual(presetClock('3+2'), { initial_ms: 180000, increment_ms: 2000 });
  assert.deepEqual(presetClock('10+5'), { initial_ms: 600000, increment_ms: 5000 });
  assert.deepEqual(presetClock('1d'), { days: 1 });
  assert.deepEqual(presetClock('3d'), { days: 3 });
});

test('a control’s short name: minutes+seconds, days a move, or no clock', () => {
  assert.equal(controlText(fischer(3, 2)), '3+2');
  assert.equal(controlText(fischer(10, 5)), '10+5');
  assert.equal(controlText({ initial_ms: 6000, increment_ms: 0 }), '0.1+0');
  assert.equal(controlText({ initial_ms: 90000, increment_ms: 500 }), '1.5+0.5');
  assert.equal(controlText({ days: 1 }), '1 day a move');
  assert.equal(controlText({ days: 3 }), '3 days a move');
  assert.equal(controlText(null), 'No clock');
  assert.equal(controlLong(fischer(3, 2)), '3 min + 2 s a move');
  // In the page's languages, with their words and decimal signs.
  assert.equal(controlText({ days: 3 }, say('cs'), 'cs'), '3 dny na tah');
  assert.equal(controlText({ days: 5 }, say('cs'), 'cs'), '5 dní na tah');
  assert.equal(controlText({ initial_ms: 6000, increment_ms: 0 }, say('de'), 'de'), '0,1+0');
  assert.equal(controlText(null, say('fr'), 'fr'), 'Sans pendule');
  assert.ok(isDays({ days: 2 }) && !isDays(fischer(1, 0)) && !isDays(null));
});

test('times are written m:ss, h:mm:ss, with tenths under 10 s, and in days and hours', () => {
  const f = fischer(10, 0);
  assert.equal(formatClock(180000, f), '3:00');
  assert.equal(formatClock(59999, f), '0:59');
  assert.equal(formatClock(10000, f), '0:10');
  assert.equal(formatClock(9999, f), '0:09.9');
  assert.equal(formatClock(9300, f), '0:09.3');
  assert.equal(formatClock(50, f), '0:00.0');
  assert.equal(formatClock(0, f), '0:00.0');
  assert.equal(formatClock(-40, f), '0:00.0', 'never below zero');
  assert.equal(formatClock(H + 5 * M + 9 * S, f), '1:05:09');
  // Correspondence: days and hours, then hours and minutes.
  const c = { days: 3 };
  assert.equal(formatClock(3 * D, c), '3d 0h');
  assert.equal(formatClock(2 * D + 5 * H + 59 * M, c), '2d 5h');
  assert.equal(formatClock(23 * H + 59 * M + 59 * S, c), '23h 59m');
  assert.equal(formatClock(42 * M + 7 * S, c), '42:07');
  // A Fischer clock of days reads the same way.
  assert.equal(formatClock(2 * D + H, fischer(3 * 24 * 60, 0)), '2d 1h');
  // In other languages the units are theirs.
  assert.equal(formatClock(2 * D + 5 * H, c, say('fr')), '2 j 5 h');
  assert.equal(formatClock(5 * H + 12 * M, c, say('de')), '5 Std. 12 Min.');
});

/** A view as docs/api.md gives it, with the fields the clocks read. */
function view({ clock = fischer(3, 2), remaining = [170000, 180000], running = 0, outcome = null, seats = 2, out = [] } = {}) {
  return {
    clock, remaining_ms: remaining, running, outcome,
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i, kind: 'human', out_of_time: out.includes(i) })),
  };
}

test('only the running seat ticks: its number less the time since the view arrived', () => {
  const v = view();
  assert.equal(remainingNow(v, 0, 1000, 1000), 170000);
  assert.equal(remainingNow(v, 0, 1000, 3500), 167500);
  assert.equal(remainingNow(v, 1, 1000, 3500), 180000, 'the other clock stays');
  assert.equal(remainingNow(v, 0, 1000, 1000 + 999999), 0, 'never below zero');
  assert.equal(remainingNow(v, 0, 1000, 500), 170000, 'a reading before arrival counts nothing');
  // Nothing runs in a finished game, or when the view says none runs.
  assert.equal(remainingNow(view({ outcome: { winners: [1], reason: 'time' } }), 0, 0, 5000), 170000);
  assert.equal(remainingNow(view({ running: null }), 0, 0, 5000), 170000);
  // No clock: nothing to show.
  assert.equal(remainingNow(view({ clock: null, remaining: null, running: null }), 0, 0, 5000), null);
  assert.deepEqual(seatClocks(view({ clock: null, remaining: null, running: null }), 0, 0), []);
});

test('red under 10 seconds, or under a few hours in correspondence', () => {
  const f = fischer(3, 2);
  assert.equal(isLow(LOW_FISCHER_MS, f), false);
  assert.equal(isLow(LOW_FISCHER_MS - 1, f), true);
  assert.equal(isLow(0, f), true);
  assert.equal(isLow(2 * H, { days: 1 }), true);
  assert.equal(isLow(LOW_DAYS_MS, { days: 1 }), false);
  assert.equal(isLow(20 * H, { days: 1 }), false);
  assert.equal(isLow(null, f), false);
  assert.equal(isLow(5000, null), false);
});

test('every seat’s clock at a moment: running, red, out of time', () => {
  const v = view({ remaining: [12000, 9000, 0], running: 0, seats: 3, out: [2] });
  const c = seatClocks(v, 0, 2500);
  assert.deepEqual(c, [
    { seat: 0, ms: 9500, running: true, low: true, out: false },
    { seat: 1, ms: 9000, running: false, low: true, out: false },
    { seat: 2, ms: 0, running: false, low: true, out: true },
  ]);
  assert.equal(seatClocks(v, 0, 1000)[0].low, false, 'not red until under 10 s');
});

test('who ran out of time: the seats marked, else those that did not win a game lost on time', () => {
  assert.deepEqual(outOfTime(view({ out: [0], outcome: { winners: [1], reason: 'time' } })), [0]);
  assert.deepEqual(outOfTime(view({ outcome: { winners: [1], reason: 'time' } })), [0]);
  assert.deepEqual(outOfTime(view({ seats: 3, out: [2], outcome: { winners: [0], reason: 'rules' } })), [2]);
  assert.deepEqual(outOfTime(view({ outcome: { winners: [1], reason: 'resignation' } })), []);
  assert.deepEqual(outOfTime(null), []);
});

test('the custom control: minutes and seconds a move, or days, checked as the server does', () => {
  const fischerOf = (minutes, seconds) => parseCustom({ kind: 'fischer', minutes, seconds });
  assert.deepEqual(fischerOf('5', '3'), { ok: true, clock: { initial_ms: 300000, increment_ms: 3000 } });
  assert.deepEqual(fischerOf('0.1', '0'), { ok: true, clock: { initial_ms: 6000, increment_ms: 0 } });
  assert.deepEqual(fischerOf(' 0,5 ', ''), { ok: true, clock: { initial_ms: 30000, increment_ms: 0 } }, 'a decimal comma; no increment is 0');
  assert.deepEqual(fischerOf('.5', '1.5'), { ok: true, clock: { initial_ms: 30000, increment_ms: 1500 } });
  assert.deepEqual(fischerOf('43200', '2592000').clock, { initial_ms: MAX_MS, increment_ms: MAX_MS }, '30 days each at most');
  for (const m of ['', '0', '-1', 'abc', '1e3', '43200.1', '5 min']) {
    assert.deepEqual(fischerOf(m, '0'), { ok: false, field: 'minutes', error: 'clock.invalid.minutes' }, `minutes ${JSON.stringify(m)}`);
  }
  for (const sec of ['-1', 'x', '2592001']) {
    assert.deepEqual(fischerOf('5', sec), { ok: false, field: 'seconds', error: 'clock.invalid.seconds' }, `seconds ${JSON.stringify(sec)}`);
  }
  const daysOf = (days) => parseCustom({ kind: 'days', days });
  assert.deepEqual(daysOf('1'), { ok: true, clock: { days: 1 } });
  assert.deepEqual(daysOf(' 30 '), { ok: true, clock: { days: 30 } });
  for (const d of ['', '0', '31', '1.5', '-2', 'two']) {
    assert.deepEqual(daysOf(d), { ok: false, field: 'days', error: 'clock.invalid.days' }, `days ${JSON.stringify(d)}`);
  }
  // Every error has words in the tables.
  for (const key of ['clock.invalid.minutes', 'clock.invalid.seconds', 'clock.invalid.days']) assert.notEqual(t(key, {}, 'en'), key);
});
