// The words of every game's lessons (web/assets/lessons/<game>.<lang>.js) in every language
// match the English: the same lessons in the same order, a step for each step, and a title and
// each step's text, goal and hint written. The English is held to the kits' lessons by the
// lesson walk (lessons.test.mjs), which reads it against the API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES } from '../assets/i18n.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/lessons');

test('every language has the English lessons, step for step, all words written', async () => {
  const games = fs.readdirSync(dir).filter((f) => f.endsWith('.en.js')).map((f) => f.slice(0, -6));
  assert.ok(games.length >= 5, games.join(' '));
  for (const game of games) {
    const load = async (lang) => (await import(pathToFileURL(path.join(dir, `${game}.${lang}.js`)))).default;
    const en = await load('en');
    assert.ok(en.lessons.length >= 2, game);
    for (const { code } of LANGUAGES) {
      const words = await load(code);
      assert.deepEqual(
        words.lessons.map((l) => [l.id, l.steps.length]),
        en.lessons.map((l) => [l.id, l.steps.length]),
        `${game}.${code}`,
      );
      for (const lesson of words.lessons) {
        assert.ok(lesson.title?.trim(), `${game}.${code} ${lesson.id}: title`);
        lesson.steps.forEach((step, n) => {
          for (const key of ['text', 'goal', 'hint']) {
            assert.ok(step[key]?.trim(), `${game}.${code} ${lesson.id} step ${n}: ${key}`);
          }
        });
      }
    }
  }
});
