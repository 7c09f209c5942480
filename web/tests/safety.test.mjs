// Trust and safety in real browsers (docs/api.md, "Trust and safety"): a forgotten password reset
// from the sign-in page through the link a real SMTP server took; on one's own profile, the
// sessions listed and one ended, one's data downloaded, two-step sign-in set up by scanning the
// shown QR code (jsQR) and typing its secret into an "authenticator app" (RFC 6238 computed
// here), then asked for at sign-in, and the account deleted; a player blocked from their profile and reported from a game
// page, their chat hidden from the blocker; and a moderator — made by the operator's command
// while the server runs — acting from the report queue, with the reported chat in context, and
// the action in the log.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { SKIP, BASE, en, fill, launch, newPage, screenshot } from './browser.mjs';

let browser;
before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const suffix = Math.random().toString(36).slice(2, 7);
const PASSWORD = 'correct horse 1';

/** What the QR code shown by `selector` (an `img`) says, read as a phone's camera would: its
 * pixels drawn on a canvas in the page, decoded here by jsQR. */
async function scan(page, selector) {
  await page.waitForFunction((sel) => document.querySelector(sel)?.complete, selector);
  const { width, height, pixels } = await page.$eval(selector, (img) => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 400, 400);
    g.drawImage(img, 40, 40, 320, 320);
    return { width: 400, height: 400, pixels: Array.from(g.getImageData(0, 0, 400, 400).data) };
  });
  const code = jsQR(Uint8ClampedArray.from(pixels), width, height);
  assert.ok(code, 'the QR code is readable');
  return code.data;
}

/** The six-digit code an authenticator app shows for a base32 `secret`, `steps` of 30 s from now. */
function appCode(secret, steps = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + steps));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const at = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1e6).padStart(6, '0');
}

/** Signs `name` up in `page`'s browser through the API (the session cookie kept there). */
async function signUp(page, base, name) {
  const r = await page.context().request.post(base + '/api/accounts', { data: { name, password: PASSWORD } });
  assert.equal(r.status(), 201, await r.text());
}

async function api(page, method, url, data) {
  const r = await page.context().request.fetch(url, { method, data });
  return { status: r.status(), body: r.status() === 204 ? null : await r.json().catch(() => null) };
}

/** Waits for the toast to say `text`. */
async function toastSays(page, text) {
  await page.waitForFunction((want) => document.querySelector('[data-test=toast]')?.textContent.trim() === want, text);
}

async function done(...pages) {
  for (const p of pages) {
    assert.deepEqual(p.errors, [], 'no page errors');
    await p.context().close();
  }
}

// --- A forgotten password, through real mail ---

const MAILDIR = process.env.TRIGONAL_MAILDIR;
const MAIL_BASE = process.env.TRIGONAL_MAIL_URL;
const mailSkip = SKIP || (MAILDIR && MAIL_BASE ? false : 'no local SMTP server (TRIGONAL_MAILDIR): run scripts/test');

/** The mails to `to` whose text has `has`, as raw text without soft line breaks, waiting up to 20 s for one. */
async function mailTo(to, has) {
  const started = Date.now();
  for (;;) {
    const dir = path.join(MAILDIR, 'new');
    const mail = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
      .find((m) => m.includes(`To: ${to}`) && m.includes(has));
    if (mail) return mail;
    assert.ok(Date.now() - started < 20000, `a mail to ${to} with ${has}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a forgotten password is chosen again through the link a mail brings', { skip: mailSkip, timeout: 90000 }, async () => {
  const page = await newPage(browser);
  const name = `reset_${suffix}`;
  const address = `${name}@example.org`;
  await signUp(page, MAIL_BASE, name);
  assert.equal((await api(page, 'POST', MAIL_BASE + '/api/me/email', { email: address })).status, 202);
  const confirm = await mailTo(address, '/mail/verify/');
  assert.equal((await api(page, 'POST', MAIL_BASE + '/api' + confirm.match(/\/mail\/verify\/[\w-]+/)[0])).status, 200);
  await api(page, 'DELETE', MAIL_BASE + '/api/session');

  // From the sign-in page: forgotten.
  await page.goto(MAIL_BASE + '/signin');
  await page.click('[data-test=acc-forgot]');
  await page.waitForURL(/\/reset$/);
  assert.equal(await page.textContent('h1'), en['reset.ask.title']);
  await page.fill('[data-test=reset-email]', address);
  await page.click('[data-test=reset-ask]');
  await page.waitForSelector('[data-test=reset-asked]');
  assert.equal(await page.textContent('[data-test=reset-asked]'), en['reset.asked']);

  const mail = await mailTo(address, '/reset/');
  assert.match(mail, /Subject: Choose a new password for Trigonal/);
  const link = mail.match(/http:\/\/[^/\s]+\/reset\/[\w-]+/)[0];
  await page.goto(link);
  await page.waitForSelector('[data-test=reset][data-state=choosing]');
  assert.equal(await page.textContent('h1'), en['reset.choose.title']);
  await page.fill('[data-test=reset-password]', 'a new horse 2');
  await page.click('[data-test=reset-save]');
  await page.waitForSelector('[data-test=reset-done]');
  await screenshot(page, 'safety-reset-done');
  // The link again: no longer valid, said as a page.
  await page.goto(link);
  await page.fill('[data-test=reset-password]', 'a third horse 3');
  await page.click('[data-test=reset-save]');
  await page.waitForSelector('[data-test=reset-not-valid]');
  assert.equal(await page.textContent('[data-test=reset-not-valid]'), en['reset.not-valid']);

  // Signing in with the new password.
  await page.goto(MAIL_BASE + '/signin');
  await page.fill('[data-test=acc-name]', name);
  await page.fill('[data-test=acc-password]', 'a new horse 2');
  await page.click('[data-test=acc-submit]');
  await page.waitForSelector(`[data-test=account-name]:text-is("${name}")`);
  await done(page);
});

// --- One's own profile: sessions, data, two-step sign-in, leaving ---

test('sessions, the data download, two-step sign-in and deleting the account, from one’s profile', { skip: SKIP, timeout: 120000 }, async () => {
  const name = `me_${suffix}`;
  const page = await newPage(browser);
  const phone = await newPage(browser, { width: 390, height: 844 });
  await signUp(page, BASE, name);
  const r = await phone.context().request.post(BASE + '/api/session', { data: { name, password: PASSWORD } });
  assert.equal(r.status(), 200);

  // Where one is signed in: two browsers, this one marked; the other ended from here.
  await page.goto(`${BASE}/player/${name}`);
  await page.waitForSelector('[data-test=session-list]');
  assert.equal(await page.textContent('#sessions-h'), en['sessions.title']);
  assert.equal(await page.locator('[data-test=session]').count(), 2);
  assert.equal(await page.locator('[data-test=session][data-current=true] [data-test=session-current]').textContent(), en['sessions.this']);
  assert.match(await page.locator('[data-test=session]').first().textContent(), /Chrome on Linux/);
  await page.click('[data-test=session][data-current=false] [data-test=session-end]');
  await page.waitForFunction(() => document.querySelectorAll('[data-test=session]').length === 1);
  assert.equal(await page.textContent('[data-test=sessions-note]'), en['sessions.ended']);
  assert.equal((await api(phone, 'GET', BASE + '/api/me')).status, 204, 'the phone is signed out');
  await done(phone);

  // One's data, downloaded as a file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test=data-export]')]);
  assert.equal(download.suggestedFilename(), `trigonal-${name}.json`);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.equal(data.name, name);
  assert.equal(data.sessions.length, 1);
  assert.ok(Array.isArray(data.games) && Array.isArray(data.push_subscriptions));

  // Two-step sign-in: the QR code and its secret; the app's code turns it on.
  await page.click('[data-test=totp-start]');
  await page.waitForSelector('[data-test=totp-qr]');
  const secret = (await page.textContent('[data-test=totp-secret]')).trim();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  // The app scans the picture: it says the same secret, for this site and this name.
  const scanned = new URL(await scan(page, '[data-test=totp-qr]'));
  assert.equal(scanned.protocol, 'otpauth:');
  assert.equal(scanned.searchParams.get('secret'), secret);
  assert.ok(decodeURIComponent(scanned.pathname).endsWith(`:${name}`), scanned.href);
  await page.fill('[data-test=totp-code]', appCode(secret));
  await page.click('[data-test=totp-confirm]');
  await page.waitForSelector('[data-test=totp-codes]');
  assert.equal(await page.locator('[data-test=totp-codes] li').count(), 10);
  assert.equal(await page.getAttribute('[data-test=totp-state]', 'data-on'), 'true');
  assert.equal(await page.textContent('[data-test=totp-note]'), en['totp.on']);
  await screenshot(page, 'safety-profile-totp');

  // Signing in again asks for the code once the password is right.
  await page.click('[data-test=sign-out]');
  await page.waitForSelector('[data-test=account][data-signed-in=false]');
  await page.goto(BASE + '/signin');
  await page.fill('[data-test=acc-name]', name);
  await page.fill('[data-test=acc-password]', PASSWORD);
  await page.click('[data-test=acc-submit]');
  await page.waitForSelector('[data-test=acc-code]');
  assert.equal(await page.textContent('#acc-code-error'), en['error.code.totp-required']);
  await page.fill('[data-test=acc-code]', appCode(secret, 1));
  await page.click('[data-test=acc-submit]');
  await page.waitForSelector(`[data-test=account-name]:text-is("${name}")`);

  // Leaving: with the password, after the browser's confirmation.
  await page.goto(`${BASE}/player/${name}`);
  await page.waitForSelector('[data-test=delete-form]');
  page.once('dialog', (d) => d.accept());
  await page.fill('[data-test=delete-password]', PASSWORD);
  await page.click('[data-test=delete-account]');
  await toastSays(page, en['data.deleted']);
  await page.waitForSelector('[data-test=account][data-signed-in=false]');
  assert.equal((await fetch(`${BASE}/api/players/${name}`)).status, 404);
  await done(page);
});

// --- Blocking, reporting, moderating ---

test('a player blocked from a profile, reported from a game, and a moderator acting from the queue', { skip: SKIP, timeout: 120000 }, async () => {
  const [annName, bobName, miaName] = ['ann', 'bob', 'mia'].map((n) => `${n}_${suffix}`);
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  const mia = await newPage(browser);
  await signUp(ann, BASE, annName);
  await signUp(bob, BASE, bobName);
  await signUp(mia, BASE, miaName);
  // A game of Ann's that Bob joined, where he is rude.
  let r = await api(ann, 'POST', BASE + '/api/games', { game: 'triangoli', seats: [{ kind: 'human', player: 'me' }, { kind: 'open' }] });
  assert.equal(r.status, 201);
  const id = r.body.id;
  r = await api(bob, 'POST', `${BASE}/api/games/${id}/join`, { seat: 1 });
  assert.equal(r.status, 200);
  const bobToken = r.body.token;
  assert.equal((await api(bob, 'POST', `${BASE}/api/games/${id}/chat`, { token: bobToken, text: 'you play like a potato' })).status, 200);

  // Reported from the game page: the button beside his name.
  await ann.goto(`${BASE}/game/${id}`);
  await ann.waitForSelector('[data-test=report-1]');
  assert.equal(await ann.locator('[data-test=report-0]').count(), 0, 'not beside one’s own name');
  await ann.click('[data-test=report-1]');
  await ann.waitForSelector('[data-test=report-dialog]');
  assert.equal(await ann.textContent('#report-h'), fill(en['report.title'], { name: bobName }));
  await ann.selectOption('[data-test=report-reason]', 'chat');
  await ann.fill('[data-test=report-text]', 'insults in the chat');
  await ann.click('[data-test=report-send]');
  await toastSays(ann, fill(en['report.sent'], { name: bobName }));
  assert.equal(await ann.locator('[data-test=report-dialog]').count(), 0);

  // Blocked from his profile: his lines leave her game page, and his seeks her lobby.
  await ann.goto(`${BASE}/player/${bobName}`);
  await ann.click('[data-test=block-player]');
  await toastSays(ann, fill(en['blocks.blocked'], { name: bobName }));
  await ann.waitForSelector('[data-test=unblock-player]');
  await ann.goto(`${BASE}/player/${annName}`);
  await ann.waitForSelector(`[data-test=block-list] li[data-name="${bobName}"]`);
  assert.equal((await api(bob, 'POST', `${BASE}/api/games/${id}/chat`, { token: bobToken, text: 'still here' })).status, 200);
  await ann.goto(`${BASE}/game/${id}`);
  await ann.waitForSelector('[data-test=chat-log]');
  const shown = await ann.$$eval('[data-test=chat-text]', (els) => els.map((e) => e.textContent));
  assert.deepEqual(shown, [], 'none of the blocked one’s lines');
  r = await api(bob, 'POST', BASE + '/api/seeks', { game: 'triangoli', clock: { initial_ms: 300000, increment_ms: 0 } });
  assert.equal(r.status, 201);
  const seek = r.body.id;
  r = await api(ann, 'GET', BASE + '/api/seeks?game=triangoli');
  assert.ok(r.body.seeks.every((s) => s.seats.every((seat) => seat.name !== bobName)));
  // (Withdrawn at once: the other tests' lobbies on this server start empty.)
  assert.equal((await api(bob, 'DELETE', `${BASE}/api/seeks/${seek}`)).status, 204);

  // Not a moderator yet: the queue refuses. The operator's command makes one, at once.
  await mia.goto(BASE + '/mod');
  await mia.waitForSelector('[data-test=mod-error]');
  assert.equal(await mia.textContent('[data-test=mod-error]'), en['error.code.not-moderator']);
  const bin = process.env.TRIGONAL_TEST_BIN;
  const db = process.env.TRIGONAL_TEST_DB;
  assert.ok(bin && db, 'scripts/browser-tests says where the binary and the store are');
  execFileSync(bin, ['admin', 'moderator', miaName, '--db', db]);
  await mia.goto(BASE + '/');
  await mia.click('[data-test=nav-mod]');
  await mia.waitForSelector(`[data-test=mod-report][data-name="${bobName}"]`);
  const card = mia.locator(`[data-test=mod-report][data-name="${bobName}"]`);
  assert.equal(await card.locator('[data-test=mod-text]').textContent(), 'insults in the chat');
  assert.equal(await card.locator('[data-test=mod-status]').textContent(), en['mod.status.open']);
  // The game's chat in context, his lines marked.
  await card.locator('[data-test=mod-chat]').waitFor();
  const lines = await card.locator('[data-test=mod-chat] li').evaluateAll((els) => els.map((e) => [e.dataset.reported, e.querySelector('[data-test=mod-chat-text]').textContent]));
  assert.deepEqual(lines, [['true', 'you play like a potato'], ['true', 'still here']]);
  await screenshot(mia, 'safety-mod-queue');
  // One click: muted for an hour.
  await card.locator('[data-test=mod-mute-60]').click();
  await toastSays(mia, fill(en['mod.done'], { name: bobName }));
  await mia.waitForSelector(`[data-test=mod-report][data-name="${bobName}"][data-status=resolved]`);
  r = await api(bob, 'POST', `${BASE}/api/games/${id}/chat`, { token: bobToken, text: 'hello?' });
  assert.equal(r.status, 403);
  assert.equal(r.body.code, 'muted');
  // The log says who did what to whom, and why.
  await mia.click('[data-test=mod-log-link]');
  await mia.waitForSelector('[data-test=mod-log-line]');
  const line = mia.locator('[data-test=mod-log-line]').first();
  assert.equal(await line.getAttribute('data-action'), 'mute');
  const cells = await line.locator('td').allTextContents();
  assert.equal(cells[1], miaName);
  assert.equal(cells[2], bobName);
  assert.match(cells[3], new RegExp(`^${en['mod.did.mute']}`));
  assert.equal(cells[4], en['report.reason.chat']);
  // Lifted from the form that acts on anyone.
  await mia.goto(BASE + '/mod');
  await mia.click('[data-test=mod-player] summary');
  await mia.fill('[data-test=mod-p-name]', bobName);
  await mia.selectOption('[data-test=mod-p-action]', 'unmute');
  await mia.fill('[data-test=mod-p-reason]', 'an hour is long');
  await mia.click('[data-test=mod-p-apply]');
  await toastSays(mia, fill(en['mod.done'], { name: bobName }));
  assert.equal((await api(bob, 'POST', `${BASE}/api/games/${id}/chat`, { token: bobToken, text: 'sorry' })).status, 200);
  await done(ann, bob, mia);
});
