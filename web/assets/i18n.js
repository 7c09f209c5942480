// Every word on screen goes through here: a table per language (the languages the rules came in),
// each in its own file under `i18n/` and fetched only when that language is chosen (English is
// always held: it is the fallback); `t(key, params)` looks a word up, and the chosen language is
// remembered in localStorage. Fact keys of the scenes are `fact.<key>`; class words of clickable
// items `item.<word>`; action ids `action.<id>`. A value may be an object of plural forms
// (Intl.PluralRules categories) chosen by the parameter `n`.

import en from './i18n/en.js';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'cs', name: 'Čeština' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'uk', name: 'Українська' },
  { code: 'it', name: 'Italiano' },
];

const STORAGE_KEY = 'trigonal.lang';

/** The tables loaded so far, by language code. */
const tables = { en };

let current = 'en';
const listeners = new Set();

const known = (code) => LANGUAGES.some((l) => l.code === code);

/** The language this browser asked for before (or prefers), else English. */
function detect() {
  let saved = null;
  try {
    saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  } catch {
    saved = null;
  }
  if (saved && known(saved)) return saved;
  const wanted = globalThis.navigator?.languages || [];
  for (const l of wanted) {
    const code = l.toLowerCase().split('-')[0];
    if (known(code)) return code;
  }
  return 'en';
}

function applyDocumentLanguage() {
  if (globalThis.document) document.documentElement.lang = current;
}

/** The table of language `code`, fetched the first time it is asked for. */
export async function table(code) {
  if (!known(code)) throw new Error(`no language ${code}`);
  if (!tables[code]) tables[code] = (await import(`./i18n/${code}.js`)).default;
  return tables[code];
}

/**
 * Takes the language this browser chose before (or prefers), once its table is here: call it
 * before the first word is shown. A table that cannot be fetched leaves English.
 */
export async function ready() {
  const code = detect();
  try {
    await table(code);
    current = code;
  } catch {
    current = 'en';
  }
  applyDocumentLanguage();
}

/** The current language code. */
export function lang() {
  return current;
}

/** Switches language once its table is here, remembers the choice, and tells the listeners. */
export async function setLang(code) {
  if (!known(code) || code === current) return;
  await table(code);
  current = code;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, code);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
  applyDocumentLanguage();
  for (const f of listeners) f(code);
}

/** Calls `f(code)` after every language switch. */
export function onLanguage(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Whether `key` has a translation (in the current language or English). */
export function has(key) {
  return key in tables[current] || key in en;
}

/**
 * The text of `key` in the current language (or in `code`, if its table is loaded; English
 * where missing), `{name}`s filled in.
 */
export function t(key, params = {}, code = current) {
  let v = tables[code]?.[key] ?? en[key];
  if (v === undefined) return key;
  if (typeof v === 'object') {
    const n = Number(params.n);
    const form = new Intl.PluralRules(code).select(Number.isFinite(n) ? n : 0);
    v = v[form] ?? v.other;
  }
  return v.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}
