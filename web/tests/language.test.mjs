// The language switcher: every language changes the words on screen, the choice survives a
// reload, the rules page follows it, and the game page speaks it too.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, startGame, myTurnOrOver, clickNonTarget, toastText, screenshot } from './browser.mjs';
import { LANGUAGES, table } from '../assets/i18n.js';

/** Every language's table, each from its own file. */
const TABLES = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async ({ code }) => [code, await table(code)])),
);

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

test('switching language changes the page, is remembered, and reaches rules and game pages', { skip: SKIP, timeout: 120000 }, async () => {
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await page.waitForSelector('[data-test=start]');
  assert.equal(await page.textContent('[data-test=start]'), TABLES.en['setup.start']);

  for (const { code } of LANGUAGES) {
    const words = TABLES[code];
    await page.selectOption('[data-test=lang]', code);
    await page.waitForFunction((text) => document.querySelector('[data-test=start]')?.textContent === text, words['setup.start']);
    assert.equal(await page.getAttribute('html', 'lang'), code);
    assert.equal(await page.textContent('.intro h1'), words['home.title']);
    assert.equal(await page.textContent('.game-card[data-game="triangoli"] p'), words['game.triangoli.summary']);
  }

  // The choice is remembered.
  await page.selectOption('[data-test=lang]', 'cs');
  await page.reload();
  await page.waitForSelector('[data-test=start]');
  assert.equal(await page.textContent('[data-test=start]'), TABLES.cs['setup.start']);
  assert.equal(await page.inputValue('[data-test=lang]'), 'cs');
  await screenshot(page, 'home-cs');

  // The rules page follows the language, and switches with it.
  await page.click('.game-card[data-game="triangoli"] a');
  await page.waitForSelector('.rules-body h2');
  assert.equal(await page.textContent('.rules-page h1'), TABLES.cs['rules.title'].replace('{game}', 'Triangoli'));
  assert.equal(await page.textContent('.rules-body h2'), 'Cíl hry');
  await page.selectOption('[data-test=lang]', 'uk');
  await page.waitForFunction(() => document.querySelector('.rules-body h2')?.textContent === 'Мета');
  await screenshot(page, 'rules-uk');

  // The game page speaks it: German here, down to the refusal of an illegal click.
  await page.selectOption('[data-test=lang]', 'de');
  // German is fetched on demand: the switch is done when the document says so.
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await startGame(page, 'triangular', { seats: ['ai'] });
  assert.equal(await myTurnOrOver(page), 'turn');
  assert.equal(await page.textContent('[data-test=status]'), TABLES.de['hint.triangular.place']);
  await clickNonTarget(page);
  assert.equal(await toastText(page), TABLES.de.refused);
  assert.equal(await page.textContent('.players h2'), TABLES.de['players.title']);
  await screenshot(page, 'game-de');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a signed-in reader’s language reaches the account, for its mails and notices', { skip: SKIP, timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await page.waitForSelector('[data-test=start]');
  await page.selectOption('[data-test=lang]', 'it');
  const name = `reader_${Math.random().toString(36).slice(2, 8)}`;
  // Signed up in another tab's way (the API): the page learns of it when it loads again, and
  // says the language it is read in.
  const r = await page.context().request.post(`${BASE}/api/accounts`, { data: { name, password: 'correct horse 1' } });
  assert.equal(r.status(), 201);
  const said = async () => (await (await page.context().request.get(`${BASE}/api/me/language`)).json()).language;
  // Asked of the server until it says `code` (the page says it in the background).
  const saysSoon = async (code) => {
    for (let i = 0; i < 200 && (await said()) !== code; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await said(), code);
  };
  assert.equal(await said(), null);
  await page.reload();
  await page.waitForSelector('[data-test=account-name]');
  await saysSoon('it');
  // A switch while signed in is said at once.
  await page.selectOption('[data-test=lang]', 'uk');
  await saysSoon('uk');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
