// Every script the binary serves parses as the module the browser loads it as: a slip in one
// file stops the whole page, whichever file the other tests import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');

test('every front-end script parses as an ES module', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trigonal-modules-'));
  const scripts = [];
  for (const sub of ['', 'i18n', 'lessons']) {
    for (const f of fs.readdirSync(path.join(assets, sub)).filter((f) => f.endsWith('.js'))) scripts.push(path.join(sub, f));
  }
  assert.ok(scripts.length > 30, scripts.join(' '));
  for (const script of scripts) {
    // As .mjs: `node --check` reads a .js file as CommonJS here.
    const copy = path.join(dir, script.replaceAll('/', '_').replace(/\.js$/, '.mjs'));
    fs.copyFileSync(path.join(assets, script), copy);
    const r = spawnSync(process.execPath, ['--check', copy], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${script}: ${r.stderr}`);
  }
  fs.rmSync(dir, { recursive: true });
});
