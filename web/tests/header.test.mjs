// The header on a phone (390 px) in every language, signed out and signed in: the name
// "Trigonal" shows, and every word of it — the ways in, the account, the language — shows whole
// (nothing cut to "…", nothing past the screen's edge).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP, BASE, launch, newPage, screenshot } from './browser.mjs';
import { LANGUAGES } from '../assets/i18n.js';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** What of the header does not show whole on `page`: a list of descriptions, empty when all does. */
async function cut(page) {
  return page.evaluate(() => {
    const bar = document.getElementById('topbar');
    const out = [];
    if (bar.scrollWidth > bar.clientWidth + 1) out.push(`the header is ${bar.scrollWidth} px wide`);
    for (const el of bar.querySelectorAll('a, button, select, .brand-text')) {
      // Left out on purpose (the nav's Play, which the logo does on phones) — but not the name.
      if (!el.checkVisibility() && !el.classList.contains('brand-text')) continue;
      const r = el.getBoundingClientRect();
      const text = el.textContent.trim().slice(0, 30);
      if (r.width < 1 || r.height < 1) out.push(`${text}: hidden`);
      else if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'SELECT') out.push(`${text}: cut (${el.scrollWidth} > ${el.clientWidth})`);
      else if (r.left < 0 || r.right > window.innerWidth) out.push(`${text}: past the edge`);
    }
    return out;
  });
}

test('on a phone the header holds its words in every language, signed out and in', { skip: SKIP, timeout: 90000 }, async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(BASE + '/');
  await page.waitForSelector('[data-test=sign-in]');
  const name = `hdr_${Math.random().toString(36).slice(2, 8)}_long`;
  for (const signedIn of [false, true]) {
    if (signedIn) {
      await page.goto(BASE + '/signup');
      await page.fill('[data-test=acc-name]', name);
      await page.fill('[data-test=acc-password]', 'long enough 1');
      await page.click('[data-test=acc-submit]');
      await page.waitForSelector('[data-test=account-name]');
    }
    for (const { code } of LANGUAGES) {
      await page.selectOption('[data-test=lang]', code);
      await page.waitForFunction((c) => document.documentElement.lang === c, code);
      assert.deepEqual(await cut(page), [], `${code}, ${signedIn ? 'signed in' : 'signed out'}`);
      assert.equal((await page.textContent('.brand-text')).trim(), 'Trigonal');
    }
    await page.setViewportSize({ width: 390, height: 300 });
    await screenshot(page, `header-uk-390-${signedIn ? 'in' : 'out'}`);
    await page.setViewportSize({ width: 390, height: 844 });
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
