// Mail in a real browser, to a real local SMTP server (scripts/browser-tests starts aiosmtpd and
// says where it keeps what it takes): on a phone, in Czech, a player gives an address on their
// own profile, the confirmation mail arrives, its link confirms the address, and the profile says
// so; the link followed again says, in Czech, that it is no longer valid; the mail's unsubscribe
// link asks before it stops the mail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SKIP, launch, newPage, screenshot } from './browser.mjs';
import cs from '../assets/i18n/cs.js';

const MAILDIR = process.env.TRIGONAL_MAILDIR;
// A server of its own, which sends mail and says its --site-url in its links (the other tests'
// server has none, so that pages on other origins of this machine are its own — through a test's
// proxy, or another host name).
const BASE = process.env.TRIGONAL_MAIL_URL;
const skip = SKIP || (MAILDIR && BASE ? false : 'no local SMTP server (TRIGONAL_MAILDIR): run scripts/test');

/** The mails the SMTP server took for `to`, as raw text, waiting up to 20 s for at least one. */
async function mailsTo(to) {
  const started = Date.now();
  for (;;) {
    const dir = path.join(MAILDIR, 'new');
    const mails = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((m) => m.includes(`To: ${to}`));
    if (mails.length) return mails;
    assert.ok(Date.now() - started < 20000, `a mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('an address given on a phone in Czech is confirmed by the link its mail brings', { skip, timeout: 90000 }, async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { width: 390, height: 844, locale: 'cs-CZ' });
    const name = `mail_${Math.random().toString(36).slice(2, 8)}`;
    const address = `${name}@example.org`;
    const r = await page.context().request.post(BASE + '/api/accounts', { data: { name, password: 'correct horse 1' } });
    assert.equal(r.status(), 201);
    await page.goto(BASE + `/player/${name}`);
    await page.fill('[data-test=mail-address]', address);
    await page.click('[data-test=mail-save]');
    await page.waitForSelector('[data-test=mail-note]');
    assert.equal(await page.textContent('[data-test=mail-note]'), cs['mail.sent'].replace('{email}', address));
    assert.equal(await page.textContent('[data-test=mail-status]'), cs['mail.unverified'].replace('{email}', address));
    const [raw] = await mailsTo(address);
    // Quoted-printable: long lines are cut with a soft break (`=` at the end).
    const mail = raw.replace(/=\r?\n/g, '');
    const link = mail.match(/http:\/\/[^/\s]+\/mail\/verify\/[\w-]+/)[0];
    await page.goto(link);
    await page.waitForSelector('[data-test=mail-link][data-state=done]');
    assert.equal(await page.textContent('h1'), cs['mail.verify.done.title']);
    await page.goto(BASE + `/player/${name}`);
    await page.waitForSelector('[data-test=mail-status]');
    assert.equal(await page.textContent('[data-test=mail-status]'), cs['mail.verified'].replace('{email}', address));
    // The link again: a page in the reader's language, not an error's JSON.
    await page.goto(link);
    await page.waitForSelector('[data-test=mail-link][data-state=not-valid]');
    assert.equal(await page.textContent('h1'), cs['mail.link.not-valid.title']);
    assert.equal(await page.textContent('[data-test=mail-link-text]'), cs['mail.verify.not-valid']);
    // Unsubscribing asks first: a visit alone (as a mail scanner's) changes nothing.
    // The page's link (List-Unsubscribe names the API's address for mail programs).
    const stop = mail.match(/http:\/\/[^/\s]+\/mail\/unsubscribe\/[\w-]+/)[0];
    await page.goto(stop);
    await page.waitForSelector('[data-test=mail-link][data-state=asking]');
    assert.equal((await (await page.context().request.get(BASE + '/api/me/email')).json()).on, true);
    await page.click('[data-test=mail-unsubscribe]');
    await page.waitForSelector('[data-test=mail-link][data-state=done]');
    assert.equal(await page.textContent('h1'), cs['mail.unsubscribe.done.title']);
    assert.equal((await (await page.context().request.get(BASE + '/api/me/email')).json()).on, false);
    await screenshot(page, 'mail-phone-cs');
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
