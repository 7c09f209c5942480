// The account forms and the set-up form as a newcomer meets them, in real browsers at phone and
// desktop sizes: a refused sign-up or sign-in says why at the field at fault, in the reader's
// language, and keeps saying it (through a change of language) until that field is changed;
// every field has the site's look (the password field as tall as the name field); the "Rated"
// switch shows a guest why it is off; and a guest's page load asks nothing that fails.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, screenshot } from './browser.mjs';
import { LANGUAGES, table, t } from '../assets/i18n.js';

const TABLES = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async ({ code }) => [code, await table(code)])),
);
/** Key `key` in language `code`, with `params`. */
const say = (code, key, params = {}) => t(key, params, code);

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const SIZES = [
  { lang: 'cs', width: 390, height: 844, then: 'uk' },
  { lang: 'uk', width: 1280, height: 800, then: 'cs' },
];

/** A page in language `lang` (chosen with the switcher, as a person does) at `width` × `height`. */
async function pageIn(lang, width, height) {
  const page = await newPage(browser, { width, height });
  await page.goto(BASE + '/');
  await page.waitForSelector('.game-card');
  await page.selectOption('[data-test=lang]', lang);
  await page.waitForFunction((code) => document.documentElement.lang === code, lang);
  return page;
}

async function fieldError(page, field) {
  const el = await page.waitForSelector(`[data-test=acc-${field}-error]`);
  return (await el.textContent()).trim();
}

for (const { lang, width, height, then } of SIZES) {
  test(`${lang} at ${width} px: a refused sign-up or sign-in is said at its field until it changes`, { skip: SKIP, timeout: 90000 }, async () => {
    assert.ok(TABLES[lang]['error.code.name-taken'], `${lang} has the words`);
    const page = await pageIn(lang, width, height);
    const taken = `taken_${Math.random().toString(36).slice(2, 8)}`;
    const r = await fetch(`${BASE}/api/accounts`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: taken, password: 'long enough 1' }),
    });
    assert.equal(r.status, 201);

    await page.goto(BASE + '/signup');
    await page.waitForSelector('[data-test=account-form]');
    // Both fields alike: the password field as tall as the name field, in the site's font.
    const boxes = await page.$$eval('[data-test=acc-name], [data-test=acc-password]', (els) => els.map((e) => ({
      height: e.getBoundingClientRect().height, font: getComputedStyle(e).fontSize,
    })));
    assert.equal(boxes[0].height, boxes[1].height, JSON.stringify(boxes));
    assert.equal(boxes[0].font, boxes[1].font);
    assert.ok(boxes[0].height >= 38, JSON.stringify(boxes));

    // A taken name (in other letters' case): said under the name, in this language.
    const name = taken.toUpperCase();
    await page.fill('[data-test=acc-name]', name);
    await page.fill('[data-test=acc-password]', 'short');
    await page.click('[data-test=acc-submit]');
    assert.equal(await fieldError(page, 'password'), say(lang, 'error.code.password-length', { length: 5 }));
    assert.equal(await page.getAttribute('[data-test=acc-password]', 'aria-invalid'), 'true');
    await page.fill('[data-test=acc-password]', 'long enough 2');
    assert.equal(await page.$('[data-test=acc-password-error]'), null, 'gone once the password changed');
    await page.click('[data-test=acc-submit]');
    assert.equal(await fieldError(page, 'name'), say(lang, 'error.code.name-taken', { name }));
    assert.equal(await page.getAttribute('[data-test=acc-name]', 'aria-invalid'), 'true');
    assert.equal(await page.getAttribute('[data-test=acc-name]', 'aria-describedby'), 'acc-name-error');
    await screenshot(page, `signup-error-${lang}-${width}`);
    // Another language: the same error in its words, what was typed kept.
    await page.selectOption('[data-test=lang]', then);
    await page.waitForFunction((code) => document.documentElement.lang === code, then);
    assert.equal(await fieldError(page, 'name'), say(then, 'error.code.name-taken', { name }));
    assert.equal(await page.inputValue('[data-test=acc-name]'), name);
    await page.selectOption('[data-test=lang]', lang);
    await page.waitForFunction((code) => document.documentElement.lang === code, lang);
    // A change elsewhere leaves it; a change of the name takes it away.
    await page.fill('[data-test=acc-password]', 'long enough 3');
    assert.equal(await fieldError(page, 'name'), say(lang, 'error.code.name-taken', { name }));
    await page.type('[data-test=acc-name]', 'x');
    assert.equal(await page.$('[data-test=acc-name-error]'), null);
    assert.equal(await page.getAttribute('[data-test=acc-name]', 'aria-invalid'), null);

    // Signing in with a wrong password: said under the password.
    await page.goto(BASE + '/signin');
    await page.fill('[data-test=acc-name]', taken);
    await page.fill('[data-test=acc-password]', 'not the one');
    await page.click('[data-test=acc-submit]');
    assert.equal(await fieldError(page, 'password'), say(lang, 'error.code.wrong-credentials'));
    await screenshot(page, `signin-error-${lang}-${width}`);
    // And the right one signs in.
    await page.fill('[data-test=acc-password]', 'long enough 1');
    await page.click('[data-test=acc-submit]');
    await page.waitForSelector(`[data-test=account-name]:text-is("${taken}")`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${lang} at ${width} px: a guest sees the Rated switch off, and why`, { skip: SKIP, timeout: 60000 }, async () => {
    const page = await pageIn(lang, width, height);
    await page.waitForLoadState('networkidle');
    const failed = [];
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
    await page.reload();
    await page.waitForSelector('.game-card');
    const rated = page.locator('[data-test=rated]');
    assert.equal(await rated.getAttribute('role'), 'switch');
    assert.ok(await rated.isDisabled());
    assert.ok(await rated.isVisible());
    const help = await page.textContent('[data-test=rated-help]');
    assert.ok(help.includes(say(lang, 'setup.rated.guest')), help);
    assert.ok(await page.locator('[data-test=rated-help] a[href="/signin"]').isVisible());
    // A switch drawn as one: wider than tall, not the browser's small box.
    const box = await rated.boundingBox();
    assert.ok(box.width > box.height * 1.5 && box.height >= 20, JSON.stringify(box));
    await page.locator('[data-test=rated]').scrollIntoViewIfNeeded();
    await screenshot(page, `rated-guest-${lang}-${width}`);
    // Nothing a guest's pages ask for fails (who is signed in included).
    await page.goto(BASE + '/signin');
    await page.waitForSelector('[data-test=account-form]');
    assert.deepEqual(failed, []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the set-up form shows each seat in the colour its game draws it in', { skip: SKIP, timeout: 90000 }, async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  // Found and read in one step: the cards are drawn again as the computer moves.
  const colour = (selector) => page.evaluate((sel) => getComputedStyle(document.querySelector(sel)).backgroundColor, selector);
  for (const [game, players, seats] of [['triangle-game', 3, ['ai', 'ai']], ['triangular', 2, ['ai']], ['triangoli', 2, ['ai']]]) {
    await page.goto(BASE + '/');
    await page.click(`.game-card[data-game="${game}"]`);
    const form = [];
    for (let i = 0; i < players; i++) form.push(await colour(`.new-game fieldset.seat[data-seat="${i}"] legend .swatch`));
    for (const [i, kind] of seats.entries()) await page.selectOption(`[data-test=seat-${i + 1}-kind]`, kind);
    await page.click('[data-test=start]');
    await page.waitForSelector('.player[data-seat] .swatch');
    const board = [];
    for (let i = 0; i < players; i++) board.push(await colour(`.player[data-seat="${i}"] .swatch`));
    assert.deepEqual(form, board, game);
    // The Triangle Game's second seat is its Green (#009e73) on both.
    if (game === 'triangle-game') assert.equal(form[1], 'rgb(0, 158, 115)');
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('on a phone the computer level shows whole in every language', { skip: SKIP, timeout: 90000 }, async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(BASE + '/');
  await page.waitForSelector('.game-card');
  for (const { code } of LANGUAGES) {
    await page.selectOption('[data-test=lang]', code);
    await page.waitForFunction((c) => document.documentElement.lang === c, code);
    for (const game of ['triangoli', 'four-triangles']) {
      await page.click(`.game-card[data-game="${game}"]`);
      // Each level's words, as the closed menu would show them, against the room it has.
      const cut = await page.$eval('[data-test=seat-1-level]', (sel) => {
        const style = getComputedStyle(sel);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The room for words: the box less its padding and the arrow's ~24 px.
        const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        return [...sel.options].map((o) => o.textContent).filter((text) => ctx.measureText(text).width > room);
      });
      assert.deepEqual(cut, [], `${code}, ${game}`);
    }
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a refused record is said in the reader\'s language, naming the move', { skip: SKIP, timeout: 60000 }, async () => {
  for (const lang of ['cs', 'uk']) {
    const page = await pageIn(lang, 390, 844);
    await page.selectOption('#upload-game', 'triangoli');
    // The second move is the first again: not legal in its position.
    await page.fill('#upload-text', 'c3\nc3\n');
    await page.click('.upload-form button[type=submit]');
    await page.waitForFunction((want) => document.querySelector('[data-test=toast]')?.textContent.trim() === want,
      say(lang, 'error.code.record-illegal', { n: 2, move: 'c3' }));
    await page.fill('#upload-text', 'zz9\n');
    await page.click('.upload-form button[type=submit]');
    await page.waitForFunction((want) => document.querySelector('[data-test=toast]')?.textContent.trim() === want,
      say(lang, 'error.code.record-malformed', { n: 1, move: 'zz9' }));
    await page.context().close();
  }
});

test('a link taken while the home page still loads is not overwritten by it', { skip: SKIP, timeout: 60000 }, async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  // The games arrive late: the home page is still waiting for them when Sign up is taken.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/api/meta', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(BASE + '/');
  await page.click('[data-test=sign-up]');
  await page.waitForSelector('[data-test=account-form]');
  const answered = page.waitForResponse('**/api/meta');
  release();
  await answered;
  // Both pages had their turn: the sign-up form is what is shown.
  await page.waitForFunction(() => !document.querySelector('.loading'));
  assert.ok(await page.isVisible('[data-test=account-form]'));
  assert.equal(await page.locator('.game-card').count(), 0);
  await page.context().close();
});
