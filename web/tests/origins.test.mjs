// Another site's page against Trigonal, in a real Chromium (issue 54). Two host names map to
// this machine (Chromium's --host-resolver-rules): the site at http://site.test:PORT, and an
// attacker's page served by this test on another port of the same host — the same site, so the
// browser sends the victim's session cookie with its requests (SameSite=Lax does not stop it),
// another origin. Signed in as the victim, the attacker's page tries what a page can: a no-cors
// `fetch` posting JSON as text, an auto-submitted form (text/plain, the login-CSRF trick), a CORS
// `fetch` with JSON, and the lobby's WebSocket, which speaks for the signed-in viewer. Nothing
// changes and the socket never opens; the site's own page does the same things and they work.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { SKIP, BASE, launch } from './browser.mjs';

const port = BASE ? new URL(BASE).port : '';
const SITE = `http://site.test:${port}`;
let browser;
let trap;
let trapBase;

/** The attacker's page: it tries everything against SITE and reports what came back. */
function trapPage() {
  return `<!doctype html><meta charset="utf-8"><title>A prize for you</title>
<form id="form" method="POST" action="${SITE}/api/seeks" enctype="text/plain" target="sink">
  <input name='{"game":"triangoli","rated":false,"x":"' value='"}'>
</form>
<form id="login" method="POST" action="${SITE}/api/session" enctype="text/plain" target="sink2">
  <input name='{"name":"attacker","password":"a long password","x":"' value='"}'>
</form>
<iframe name="sink"></iframe><iframe name="sink2"></iframe>
<script>
window.results = {};
async function attack() {
  const body = JSON.stringify({ game: 'triangoli', rated: false });
  try {
    await fetch('${SITE}/api/seeks', { method: 'POST', mode: 'no-cors', credentials: 'include', body, headers: { 'content-type': 'text/plain' } });
    results.noCors = 'sent';
  } catch (e) { results.noCors = 'failed: ' + e.message; }
  try {
    const r = await fetch('${SITE}/api/seeks', { method: 'POST', credentials: 'include', body, headers: { 'content-type': 'application/json' } });
    results.cors = 'answered ' + r.status;
  } catch (e) { results.cors = 'blocked'; }
  results.socket = await new Promise((resolve) => {
    const ws = new WebSocket('${SITE.replace('http', 'ws')}/api/lobby/ws?game=triangoli');
    ws.onopen = () => { resolve('open'); ws.close(); };
    ws.onerror = () => resolve('refused');
  });
  document.getElementById('form').submit();
  document.getElementById('login').submit();
  results.done = true;
}
attack();
</script>`;
}

before(async () => {
  if (SKIP) return;
  trap = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(trapPage());
  });
  await new Promise((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapBase = `http://site.test:${trap.address().port}`;
  browser = await launch({ args: ['--host-resolver-rules=MAP site.test 127.0.0.1'] });
});

after(async () => {
  if (browser) await browser.close();
  if (trap) await new Promise((resolve) => trap.close(resolve));
});

test('a page of another origin changes nothing and opens no personal socket; the site\'s own does', { skip: SKIP, timeout: 60000 }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The victim signs up on the site (the session cookie is site.test's).
  await page.goto(`${SITE}/`);
  const name = `victim_${Math.random().toString(36).slice(2, 8)}`;
  const signUp = await page.evaluate(async (name) => {
    const r = await fetch('/api/accounts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'a long password' }) });
    return r.status;
  }, name);
  assert.equal(signUp, 201);
  // An attacker's account, made outside the browser.
  await fetch(`${BASE}/api/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'attacker', password: 'a long password' }) });

  // The attacker's page, in the same browser.
  const evil = await context.newPage();
  // The three posts that reach the server: the no-cors fetch and the two forms.
  const posts = new Promise((resolve) => {
    const seen = [];
    evil.on('response', (r) => {
      if (!r.url().startsWith(SITE) || r.request().method() !== 'POST') return;
      seen.push(`${new URL(r.url()).pathname} ${r.status()}`);
      if (seen.length === 3) resolve(seen.sort());
    });
  });
  await evil.goto(`${trapBase}/trap.html`);
  await evil.waitForFunction(() => window.results?.done);
  const results = await evil.evaluate(() => window.results);
  assert.equal(results.cors, 'blocked', 'a CORS request with JSON is refused at its preflight');
  assert.equal(results.socket, 'refused', 'the lobby socket does not open for another origin');
  assert.deepEqual(await posts, ['/api/seeks 403', '/api/seeks 403', '/api/session 403']);

  // Nothing changed: the victim has no seek and is still themself.
  const mine = await page.evaluate(async () => {
    const seeks = await (await fetch('/api/seeks?game=triangoli')).json();
    const me = await (await fetch('/api/me')).json();
    return { seeks: seeks.seeks.filter((s) => s.mine).length, me: me.name };
  });
  assert.deepEqual(mine, { seeks: 0, me: name });

  // The site's own page does the same and it works.
  const own = await page.evaluate(async () => {
    const r = await fetch('/api/seeks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'triangoli', rated: false }) });
    const socket = await new Promise((resolve) => {
      const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/lobby/ws?game=triangoli`);
      ws.onopen = () => { resolve('open'); ws.close(); };
      ws.onerror = () => resolve('refused');
    });
    return { seek: r.status, socket, body: r.status === 201 ? null : await r.text() };
  });
  assert.deepEqual(own, { seek: 201, socket: 'open', body: null });
  await context.close();
});
