// Refusals said in the reader's language (web/assets/api.js): every code the server may send
// (crates/server/src/error.rs, CODES) has its words in every language, and a refusal reads as
// its code's words, its English detail kept where the code is only a kind of error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, table, setLang } from '../assets/i18n.js';
import { errorText, ApiError } from '../assets/api.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's list of codes, read from its source. */
function serverCodes() {
  const source = fs.readFileSync(path.join(root, 'crates/server/src/error.rs'), 'utf8');
  const list = source.slice(source.indexOf('pub const CODES'), source.indexOf('];', source.indexOf('pub const CODES')));
  return [...list.matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
}

test('every code the server may send has words in every language', async () => {
  const codes = serverCodes();
  assert.ok(codes.includes('moved-on') && codes.length >= 30, `read the list: ${codes}`);
  for (const { code } of LANGUAGES) {
    const words = await table(code);
    const missing = codes.filter((c) => !(`error.code.${c}` in words));
    assert.deepEqual(missing, [], `${code} lacks words for these codes`);
  }
});

test('every refusal is a sentence: a capital (or a name) first, a stop at the end', async () => {
  for (const { code } of LANGUAGES) {
    const words = await table(code);
    // Each plural form of a refusal counts as a sentence of its own.
    const loose = Object.entries(words)
      .filter(([k]) => k.startsWith('error.code.'))
      .flatMap(([k, v]) => (typeof v === 'object' ? Object.entries(v).map(([form, s]) => [`${k}.${form}`, s]) : [[k, v]]))
      .filter(([, v]) => {
        const first = v.replace(/^[«„“"'(]/, '')[0];
        const capital = first !== first.toLowerCase() && first === first.toUpperCase();
        return !(capital || v.startsWith('{')) || !/[.!?…]$/.test(v);
      });
    assert.deepEqual(loose, [], code);
  }
});

test('a refusal reads as its code says, in the reader\'s language', async () => {
  await setLang('en');
  assert.equal(errorText('name-taken', 'the name "ann" is taken', { name: 'ann' }), 'The name ann is taken.');
  // A mere kind of error: in English the server's detail, elsewhere the kind's words and the detail.
  assert.equal(errorText('conflict', 'there is no seat 7'), 'there is no seat 7');
  // No code, or one this page does not know: the server's English.
  assert.equal(errorText(null, 'plain'), 'plain');
  assert.equal(errorText('from-a-newer-server', 'newer words'), 'newer words');
  await setLang('cs');
  assert.equal(errorText('not-your-turn', 'it is not your turn: seat 1 is to move'), 'Nejste na tahu.');
  assert.equal(errorText('too-fast', 'too many games; try again in 12 s', { retry_after: 12 }), 'Příliš rychle: zkuste to znovu za 12 s. (too many games; try again in 12 s)');
  assert.equal(errorText('conflict', 'there is no seat 7'), 'To teď nejde. (there is no seat 7)');
  const e = new ApiError(409, 'the game is at ply 4, not 3', 'moved-on', { ply: 4, seen: 3 });
  assert.equal(e.message, 'Hra mezitím pokročila; tady je, jak je teď.');
  assert.equal(e.code, 'moved-on');
  assert.equal(e.english, 'the game is at ply 4, not 3');
  await setLang('en');
});
