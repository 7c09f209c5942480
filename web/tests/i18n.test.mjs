// The translation tables: every language has every key, with the same placeholders, and every
// Fact key the engines' scenes use has a translation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, t, table } from '../assets/i18n.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

/** Every language's table, each from its own file. */
const TABLES = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async ({ code }) => [code, await table(code)])),
);

const placeholders = (v) =>
  [...new Set((typeof v === 'object' ? Object.values(v).join(' ') : v).match(/\{\w+\}/g) || [])].sort();

test('the six languages the rules came in', () => {
  assert.deepEqual(LANGUAGES.map((l) => l.code), ['en', 'cs', 'de', 'fr', 'uk', 'it']);
  assert.deepEqual(Object.keys(TABLES).sort(), ['cs', 'de', 'en', 'fr', 'it', 'uk']);
});

for (const { code } of LANGUAGES) {
  test(`${code}: every key of English, no extra ones, same placeholders`, () => {
    const en = TABLES.en;
    const table = TABLES[code];
    const missing = Object.keys(en).filter((k) => !(k in table));
    const extra = Object.keys(table).filter((k) => !(k in en));
    assert.deepEqual(missing, [], `${code} lacks keys`);
    assert.deepEqual(extra, [], `${code} has keys English lacks`);
    for (const k of Object.keys(en)) {
      assert.deepEqual(placeholders(table[k]), placeholders(en[k]), `${code} ${k}`);
      const v = table[k];
      if (typeof v === 'object') assert.ok(v.other, `${code} ${k} needs an "other" plural form`);
      else assert.ok(v.trim().length > 0, `${code} ${k} is empty`);
    }
  });
}

test('each language is a file of its own, and English is held from the start', () => {
  for (const { code } of LANGUAGES) {
    assert.ok(fs.existsSync(path.join(root, 'web/assets/i18n', `${code}.js`)), code);
  }
  const size = fs.statSync(path.join(root, 'web/assets/i18n.js')).size;
  assert.ok(size < 8000, `i18n.js holds no table: ${size} bytes`);
});

test('plural forms and placeholders are filled', () => {
  assert.equal(t('game.players', { n: 3 }, 'en'), '3 players');
  assert.equal(t('game.players', { n: 3 }, 'cs'), '3 hráči');
  assert.equal(t('game.players', { n: 5 }, 'uk'), '5 гравців');
  assert.equal(t('result.wins', { seat: 'Player 2' }, 'de'), 'Player 2 gewinnt!');
  assert.equal(t('no.such.key', {}, 'fr'), 'no.such.key');
});

/** The Fact keys the engines' scene code uses: `Fact::new("key", …)`. */
function engineFactKeys() {
  const keys = new Set();
  const crates = path.join(root, 'crates');
  for (const c of fs.readdirSync(crates)) {
    const src = path.join(crates, c, 'src');
    if (!fs.existsSync(src)) continue;
    const walk = (dir) => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) walk(p);
        else if (f.name.endsWith('.rs')) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/Fact::new\(\s*"([^"]+)"/g)) keys.add(m[1]);
        }
      }
    };
    walk(src);
  }
  return [...keys].sort();
}

test('every Fact key of the engines has a translation in every language', () => {
  const keys = engineFactKeys();
  assert.ok(keys.includes('reserve'), 'found the engines’ facts');
  for (const { code } of LANGUAGES) {
    const missing = keys.filter((k) => !(`fact.${k}` in TABLES[code]));
    assert.deepEqual(missing, [], `${code} lacks fact translations`);
  }
});

test('a rules page for every game in every language', () => {
  // The games are those English names (`game.<id>.name`): a new game's name brings this check.
  const games = Object.keys(TABLES.en).map((k) => k.match(/^game\.([^.]+)\.name$/)?.[1]).filter(Boolean);
  assert.ok(games.includes('triangoli'), 'found the games');
  for (const game of games) {
    for (const { code } of LANGUAGES) {
      const file = path.join(root, 'web/assets/rules', `${game}.${code}.html`);
      assert.ok(fs.existsSync(file), `missing ${file}`);
      const html = fs.readFileSync(file, 'utf8');
      assert.ok(!/<html|<script/i.test(html), `${file} is a fragment without scripts`);
      assert.ok((html.match(/<h2>/g) || []).length >= 4, `${file} has its sections`);
    }
  }
});

test('every word the front end looks up by a literal key is in the tables', () => {
  const dir = path.join(root, 'web/assets');
  const used = new Set();
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    // (The tables themselves live in i18n/, a folder of their own.)
    const src = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of src.matchAll(/\bt\('([a-z0-9.-]+)'/g)) used.add(m[1]);
  }
  assert.ok(used.has('chat.title') && used.has('setup.start'), 'found the lookups');
  const missing = [...used].filter((k) => !(k in TABLES.en)).sort();
  assert.deepEqual(missing, []);
});

/**
 * The literal words keys of the kits' Rust sources (`Clause::new("key")`, tests left out: the
 * part of a file from its `#[cfg(test)]` on, and the tests folders).
 */
function kitClauseKeys() {
  const keys = new Set();
  const crates = path.join(root, 'crates');
  for (const c of fs.readdirSync(crates)) {
    const walk = (dir) => {
      if (!fs.existsSync(dir)) return;
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) walk(p);
        else if (f.name.endsWith('.rs')) {
          const text = fs.readFileSync(p, 'utf8').split('#[cfg(test)]')[0];
          for (const m of text.matchAll(/Clause::new\(\s*"([^"]+)"\s*\)/g)) keys.add(m[1]);
        }
      }
    };
    walk(path.join(crates, c, 'src'));
  }
  return [...keys].sort();
}

// Issue 55: no page shows the server's English where a translation exists. What the kits send
// for the front end to say — the clauses of a move or of a margin (`words.<key>`) and the words of
// a fact's value (`fact.<key>.<word>`: what ended a game, who won and how) — has words in every
// language. (Every error code's words: errors.test.mjs; every fact a scene shows over random
// games, with its value's word: crates/games/tests/words.rs.)
test('every words clause the kits name has a sentence in every language', () => {
  const keys = kitClauseKeys();
  assert.ok(keys.includes('pass') && keys.includes('margin.triangoli.cylinders'), `found the clauses: ${keys}`);
  for (const { code } of LANGUAGES) {
    const missing = keys.filter((k) => !(`words.${k}` in TABLES[code]));
    assert.deepEqual(missing, [], `${code} lacks words for these clauses`);
  }
});

test('every word a kit gives as a fact’s value has a translation in every language', () => {
  const literal = new Set();
  const crates = path.join(root, 'crates');
  for (const c of fs.readdirSync(crates)) {
    const walk = (dir) => {
      if (!fs.existsSync(dir)) return;
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) walk(p);
        else if (f.name.endsWith('.rs')) {
          const text = fs.readFileSync(p, 'utf8').split('#[cfg(test)]')[0];
          for (const m of text.matchAll(/Fact::new\(\s*"([^"]+)",\s*[^,]+,\s*"([a-z][a-z-]*)"\s*\)/g)) literal.add(`fact.${m[1]}.${m[2]}`);
        }
      }
    };
    walk(path.join(crates, c, 'src'));
  }
  assert.ok(literal.has('fact.draw.repetition'), `found the facts' words: ${[...literal]}`);
  for (const { code } of LANGUAGES) {
    const missing = [...literal].filter((k) => !(k in TABLES[code]));
    assert.deepEqual(missing, [], `${code} lacks words for these facts' values`);
  }
});

test('a colour letter the kits draw on a stone has its letter in every language, one each', () => {
  for (const { code } of LANGUAGES) {
    const letters = Object.entries(TABLES[code]).filter(([k]) => k.startsWith('letter.triangle-game.')).map(([, v]) => v);
    assert.equal(letters.length, 4, code);
    assert.equal(new Set(letters).size, 4, `${code}: two colours share a letter: ${letters}`);
  }
});
