// Helpers for the browser tests: Debian's Chromium driven by Playwright against a running
// `trigonal serve` (TRIGONAL_URL, set by scripts/browser-tests), whose store is SQLite unless
// TRIGONAL_STORE says `postgresql`. Screenshots go to test-artifacts/ (a PostgreSQL run's to
// test-artifacts/postgresql/).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import english from '../assets/i18n/en.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const BASE = process.env.TRIGONAL_URL || '';
export const STORE = process.env.TRIGONAL_STORE || 'sqlite';
export const ARTIFACTS = path.join(ROOT, 'test-artifacts', ...(STORE === 'sqlite' ? [] : [STORE]));
export const SKIP = BASE ? false : 'TRIGONAL_URL is not set (run scripts/browser-tests)';
export const en = english;

/**
 * Chromium, headless, no sandbox, nothing that calls out to the network: Debian's headless shell
 * (chromium-headless-shell: Chromium without the browser around the pages, about a third less
 * CPU for the same pages) where it is installed, else its full Chromium. `full`: the full one
 * even so — for what only it has (showing notifications). `args`: more switches. With
 * TRIGONAL_CPU_THROTTLE=N every page runs N times slower (DevTools' CPU throttling), to find
 * the tests that race a slow machine.
 */
export async function launch({ full = false, args = [] } = {}) {
  const shell = '/usr/bin/chromium-headless-shell';
  const executablePath = full
    ? process.env.CHROMIUM_FULL || '/usr/bin/chromium'
    : process.env.CHROMIUM || (fs.existsSync(shell) ? shell : '/usr/bin/chromium');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...args,
    ],
  });
  // Pages as a person who asked for reduced motion sees them, unless a test says otherwise: the
  // same pages without their animations (the thinking spinner turning while a computer thinks,
  // a move arriving), each of which is frames the renderer draws for nobody.
  const rate = Number(process.env.TRIGONAL_CPU_THROTTLE || 1);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    if (rate > 1) {
      context.on('page', async (page) => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      });
    }
    return context;
  };
  return browser;
}

/**
 * A fresh browser profile (a context) and a page in it; page errors fail the test at the end
 * through `page.errors`.
 */
export async function newPage(browser, { width = 1280, height = 900, locale = 'en-US' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  page.setDefaultTimeout(20000);
  return page;
}

/** A seeded random number generator (mulberry32), so a test's clicks can be replayed. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Starts a game from the home page: `seats` are the kinds of the seats after the first
 * (`ai`, `invite`, `here`, `open`), computers at `level`; `clock` a time control preset
 * (`3+2`, `1d`, …; none by default).
 */
export async function startGame(page, game, { players, seats = [], level = 'random', clock = null } = {}) {
  await page.goto(BASE + '/');
  await page.click(`.game-card[data-game="${game}"]`);
  if (players) await page.selectOption('#players', String(players));
  for (let i = 1; i <= seats.length; i++) {
    await page.selectOption(`[data-test=seat-${i}-kind]`, seats[i - 1]);
    if (seats[i - 1] === 'ai') await page.selectOption(`[data-test=seat-${i}-level]`, level);
  }
  if (clock) await page.click(`[data-test="clock-${clock}"]`);
  await page.click('[data-test=start]');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('svg.board .item');
  return gameId(page);
}

/** A translation `s` with its `{name}` parameters filled in from `params`. */
export function fill(s, params = {}) {
  // (A value of plural forms is filled in the form its `n` takes in English.)
  if (typeof s === 'object') s = s[new Intl.PluralRules('en').select(Number(params.n))] ?? s.other;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
}

/** Uploads `record` (the text of a record of `game`) for replay: the new game's id. */
export async function uploadRecord(game, record) {
  const r = await fetch(`${BASE}/api/records`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game, record }),
  });
  if (r.status !== 201) throw new Error(`the record was refused: ${await r.text()}`);
  return (await r.json()).id;
}

export function gameId(page) {
  return new URL(page.url()).pathname.split('/')[2];
}

/** The view of game `id` as the API gives it. */
export async function view(id) {
  const r = await fetch(`${BASE}/api/games/${id}`);
  return r.json();
}

/** Waits until it is this page's turn (`turn`) or the game is over (`over`). */
export async function myTurnOrOver(page, timeout = 30000) {
  const found = await page.waitForSelector('svg.board.interactive .is-target, .actions [data-action], .result:not([hidden])', { timeout });
  return (await found.evaluate((el) => el.classList.contains('result'))) ? 'over' : 'turn';
}

/** The moves in the page's move list. */
export async function history(page) {
  return page.$$eval('[data-test=moves] .move-btn', (els) => els.map((e) => e.textContent.trim()));
}

/** What the board shows, as text: every item's id, class words and label, in order. */
export async function boardSignature(page) {
  // Without the marks of the moment: targets, choices, the move the mouse points at, and the
  // moves a hint or the analysis suggests.
  const passing = ['pointed', 'hinted', 'best-move'];
  return page.$$eval('svg.board .item', (els, passing) =>
    els.map((e) => `${e.dataset.id || ''}|${[...e.classList].filter((c) => !c.startsWith('is-') && !passing.includes(c)).join('.')}|${e.querySelector('.label')?.textContent || ''}`).join('\n'), passing);
}

/** The ids the page offers now: highlighted board items and action buttons. */
export async function offered(page) {
  const board = await page.$$eval('svg.board .item.is-target', (els) => els.map((e) => e.dataset.id));
  const buttons = await page.$$eval('.actions [data-action]', (els) => els.map((e) => e.dataset.action));
  return new Set([...board, ...buttons]);
}

/**
 * Clicks the board item with id `id` the way a person does: a mouse click in the middle of the
 * item that stands for it (any item on top there carries the same id or lets clicks through).
 */
export async function clickId(page, id) {
  const spot = await spotOf(page, id);
  await page.mouse.click(spot.x, spot.y);
}

/** Where on the screen a click or tap takes target `id`, as board.js decides. */
export async function spotOf(page, id) {
  const spot = await page.evaluate((id) => {
    const el = document.querySelector(`svg.board .item.is-target[tabindex][data-id="${CSS.escape(id)}"]`);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    // A small target is clicked at its centre; a large one (a triangle that can be turned) on a
    // spot of its own, clear of the finger boxes of the small targets on it.
    if (r.width <= 44 && r.height <= 44) return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    const small = [...document.querySelectorAll('svg.board .item.is-target')]
      .map((t) => t.getBoundingClientRect())
      .filter((b) => b.width <= 44 && b.height <= 44);
    const spots = [];
    for (let fy = 0.1; fy < 0.95; fy += 0.05) {
      for (let fx = 0.1; fx < 0.95; fx += 0.05) spots.push([fx, fy]);
    }
    spots.sort((a, b) => Math.hypot(a[0] - 0.5, a[1] - 0.55) - Math.hypot(b[0] - 0.5, b[1] - 0.55));
    for (const [fx, fy] of spots) {
      const x = r.left + r.width * fx;
      const y = r.top + r.height * fy;
      if (document.elementFromPoint(x, y)?.closest('.item')?.dataset.id !== id) continue;
      if (small.some((b) => Math.abs(x - b.left - b.width / 2) <= 22 && Math.abs(y - b.top - b.height / 2) <= 22)) continue;
      return { x, y };
    }
    return null;
  }, id);
  if (!spot) throw new Error(`no target ${id} to click`);
  return spot;
}

/**
 * Makes one legal move by clicking, choosing among the offered continuations with `random` (and
 * `end` when offered and `preferEnd`): returns the move list after the move was accepted.
 * `beforeClick()`, if given, is awaited before each click (to look at the board at each step).
 */
export async function playMove(page, random, { preferEnd = false, beforeClick = null } = {}) {
  const before = (await history(page)).length;
  for (let step = 0; step < 12; step++) {
    if (beforeClick) await beforeClick();
    // The legal moves come on the socket a moment after the view that made it this seat's
    // turn: wait for them (a person would) before deciding nothing is offered.
    if (step === 0) {
      await page.waitForFunction(() => document.querySelector('svg.board .item.is-target, .actions [data-action]'), null, { timeout: 10000 }).catch(() => {});
    }
    const ids = [...(await offered(page))];
    if (!ids.length) throw new Error('nothing offered to click');
    const id = preferEnd && ids.includes('end') ? 'end' : ids[Math.floor(random() * ids.length)];
    const prefix = await page.$eval('.actions', (a) => a.querySelector('.picked')?.textContent || '');
    // By selector, not by a handle: the actions may be drawn again between finding and clicking.
    const button = `.actions [data-action="${id}"]`;
    if (await page.$(button)) await page.click(button);
    else await clickId(page, id);
    // Either the move went to the server and is in the list, or the prefix grew and the board
    // offers the next clicks.
    const done = await page.waitForFunction(
      ([n, before]) => {
        if (document.querySelectorAll('[data-test=moves] .move-btn').length > n) return 'moved';
        const picked = document.querySelector('.actions .picked')?.textContent || '';
        const ready = document.querySelector('svg.board.interactive');
        return ready && picked !== '' && picked !== before ? 'extended' : false;
      },
      [before, prefix],
    );
    if ((await done.jsonValue()) === 'moved') return history(page);
  }
  throw new Error('a move took more than 12 clicks');
}

/**
 * Clicks something on the board that is not a legal choice: a point over a drawn item that is not
 * highlighted. Returns the id or class of what was clicked.
 */
export async function clickNonTarget(page) {
  const spot = await page.evaluate(() => {
    const svg = document.querySelector('svg.board');
    for (const el of svg.querySelectorAll('.item:not(.is-target)')) {
      if (el.classList.contains('text') || el.classList.contains('line')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue;
      for (const [fx, fy] of [[0.5, 0.5], [0.5, 0.7], [0.3, 0.6], [0.7, 0.6], [0.5, 0.3]]) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        const hit = document.elementFromPoint(x, y)?.closest('.item');
        // Not in any target's box either: a tap there would take that target (board.js).
        const taken = [...svg.querySelectorAll('.item.is-target')].some((t) => {
          const b = t.getBoundingClientRect();
          return Math.abs(x - b.left - b.width / 2) <= Math.max(b.width, 44) / 2 && Math.abs(y - b.top - b.height / 2) <= Math.max(b.height, 44) / 2;
        });
        if (hit && svg.contains(hit) && !hit.classList.contains('is-target') && !taken) {
          return { x, y, what: hit.dataset.id || hit.getAttribute('class') };
        }
      }
    }
    return null;
  });
  if (!spot) throw new Error('nothing on the board that is not a legal choice');
  await page.mouse.click(spot.x, spot.y);
  return spot.what;
}

/** The toast's text once it shows. */
export async function toastText(page) {
  await page.waitForSelector('[data-test=toast].show');
  return (await page.textContent('[data-test=toast]')).trim();
}

/**
 * Whether screenshots are taken: for people to look at, so not in CI (where nobody does, and a
 * full page's picture costs Chromium a render and an encoding each) unless
 * TRIGONAL_SCREENSHOTS=1 asks.
 */
export const SCREENSHOTS = (process.env.TRIGONAL_SCREENSHOTS ?? (process.env.CI ? '0' : '1')) !== '0';

/** Saves a screenshot of the board and of the whole page under test-artifacts/. */
export async function screenshot(page, name) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const board = await page.$('.board-wrap');
  if (board) await board.screenshot({ path: path.join(ARTIFACTS, `${name}-board.png`) });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-page.png`), fullPage: true });
}
