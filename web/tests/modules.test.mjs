// Every script the binary serves parses as the module the browser loads it as: a slip in one
// file stops the whole page, whichever file the other tests import. All are parsed in one child
// Node (vm.SourceTextModule parses without linking or running): a `node --check` per file cost
// some 25 s of a browser-test worker on a busy machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');

// Reads file names on standard input; prints `name: error` for each that does not parse.
const parser = `
const vm = require('node:vm'), fs = require('node:fs');
for (const file of fs.readFileSync(0, 'utf8').split('\\n').filter(Boolean)) {
  try { new vm.SourceTextModule(fs.readFileSync(file, 'utf8'), { identifier: file }); }
  catch (e) { console.log(file + ': ' + e.message); }
}`;

test('every front-end script parses as an ES module', () => {
  const scripts = [];
  for (const sub of ['', 'i18n', 'lessons']) {
    for (const f of fs.readdirSync(path.join(assets, sub)).filter((f) => f.endsWith('.js'))) {
      scripts.push(path.join(assets, sub, f));
    }
  }
  assert.ok(scripts.length > 30, scripts.join(' '));
  const r = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '-e', parser], {
    input: scripts.join('\n'),
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '', 'scripts that do not parse');
});

test('the parser above finds a slip', () => {
  const bad = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'trigonal-modules-')), 'bad.js');
  fs.writeFileSync(bad, 'export const = 1;\n');
  const r = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '-e', parser], {
    input: bad,
    encoding: 'utf8',
  });
  fs.rmSync(path.dirname(bad), { recursive: true });
  assert.match(r.stdout, /bad\.js: Unexpected token/);
});

/**
 * The methods a class body (as these scripts write it: `class X {` to a `}` at the margin,
 * members two spaces in) defines more than once — legal JavaScript, where the later silently
 * replaces the earlier. Two `account()` on the game page once dropped the first's work.
 */
function twiceDefined(source) {
  const out = [];
  let seen = null;
  for (const line of source.split('\n')) {
    if (/^(export )?(default )?class\b/.test(line)) seen = new Set();
    else if (line.startsWith('}')) seen = null;
    const m = seen && line.match(/^ {2}(static )?(async )?(\*)?(get |set )?(#?[\w$]+)\s*\([^)]*\)\s*\{/);
    if (!m) continue;
    const name = `${m[1] ?? ''}${m[4] ?? ''}${m[5]}`;
    if (seen.has(name)) out.push(name);
    seen.add(name);
  }
  return out;
}

test('no class of the front end defines a method twice', () => {
  const twice = [];
  for (const f of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    for (const name of twiceDefined(fs.readFileSync(path.join(assets, f), 'utf8'))) twice.push(`${f}: ${name}`);
  }
  assert.deepEqual(twice, []);
});

test('the scan above finds a method defined twice, and not a getter beside its setter', () => {
  const source = 'class A {\n  get x() {\n  }\n  set x(v) {\n  }\n  go() {\n  }\n  async go() {\n  }\n}\nclass B {\n  go() {\n  }\n}\n';
  assert.deepEqual(twiceDefined(source), ['go']);
});
