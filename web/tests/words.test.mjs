// The words of each language held to its glossary (docs/glossary.md): across the UI table, the
// lesson words and the rules pages, one term for each thing (each glossary's rejected variants are
// refused), one way of addressing the player, true plural forms wherever a count meets a noun,
// and the typography of the language (French narrow no-break spaces, Czech no-break spaces after
// one-letter words, typographic apostrophes and quotes). Pure: it reads files, no server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES, table } from '../assets/i18n.js';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');
const CODES = LANGUAGES.map((l) => l.code);

const TABLES = Object.fromEntries(await Promise.all(CODES.map(async (c) => [c, await table(c)])));

/** The lesson words of `code`, as [where, game, text]. */
async function lessonTexts(code) {
  const out = [];
  for (const f of fs.readdirSync(path.join(assets, 'lessons')).filter((f) => f.endsWith(`.${code}.js`))) {
    const game = f.slice(0, -`.${code}.js`.length);
    const words = (await import(pathToFileURL(path.join(assets, 'lessons', f)))).default;
    for (const lesson of words.lessons) {
      out.push([`lessons/${f} ${lesson.id} title`, game, lesson.title]);
      lesson.steps.forEach((step, n) => {
        for (const key of Object.keys(step)) {
          if (typeof step[key] === 'string') out.push([`lessons/${f} ${lesson.id} step ${n} ${key}`, game, step[key]]);
        }
      });
    }
  }
  return out;
}

/** The rules pages of `code`, a text per line, as [where, game, text]. */
function rulesTexts(code) {
  const out = [];
  for (const f of fs.readdirSync(path.join(assets, 'rules')).filter((f) => f.endsWith(`.${code}.html`))) {
    const game = f.slice(0, -`.${code}.html`.length);
    fs.readFileSync(path.join(assets, 'rules', f), 'utf8').split('\n').forEach((line, n) => {
      if (line.trim()) out.push([`rules/${f}:${n + 1}`, game, line]);
    });
  }
  return out;
}

/** The game a UI key is about, if any: by its name, or by the thing it names. */
const GAME_KEYS = {
  triangoli: /^(?:item\.(?:pawn|cylinder|point)|(?:help\.)?fact\.(?:reserve|kept|sectors-won|sector)|result\.(?:sector|why\.kept)|puzzle\.part)/,
  'triangle-game': /^(?:item\.(?:stone|pool|vertex)|action\.pickup|(?:help\.)?fact\.(?:pool|slides-left|pickup)|result\.ended)/,
  triangular: /^(?:item\.cell|(?:help\.)?fact\.(?:pieces-left|red-triangle)|result\.(?:red-triangle|why\.red-triangle))/,
  'four-triangles': /^(?:item\.figure|action\.(?:bring|split|turn)|(?:help\.)?fact\.(?:supply|markers|stones|turned|turn-just|winner\.|draw\.)|variant\.four)/,
};
const keyGame = (key) => ['triangoli', 'triangle-game', 'triangular', 'four-triangles'].find((g) => key.includes(g))
  ?? Object.keys(GAME_KEYS).find((g) => GAME_KEYS[g].test(key)) ?? null;

/** Every text of `code`: the UI table (each plural form apart), the lessons and the rules pages. */
async function allTexts(code) {
  const out = [];
  for (const [key, v] of Object.entries(TABLES[code])) {
    if (typeof v === 'object') for (const [form, s] of Object.entries(v)) out.push([`ui ${key} (${form})`, keyGame(key), s, key]);
    else out.push([`ui ${key}`, keyGame(key), v, key]);
  }
  return [...out, ...(await lessonTexts(code)), ...rulesTexts(code)];
}
const TEXTS = Object.fromEntries(await Promise.all(CODES.map(async (c) => [c, await allTexts(c)])));

/** The placeholders that stand for a number. */
const COUNTS = new Set(['n', 'k', 's', 'r', 'p', 'most', 'least', 'length', 'steps', 'retry_after', 'min', 'sec', 'd', 'h', 'm', 'share', 'next', 'drop', 'low', 'high', 'rating']);

/**
 * What a reader reads: code (move notation in <code>, the record's `game:` line) becomes one
 * neutral token, tags go, entities are decoded, and a placeholder becomes a number (a count) or a
 * word (anything else) — so the checks see what the page shows.
 */
function prose(s) {
  return s
    .replace(/<code>[\s\S]*?<\/code>/g, 'X')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, '\u00A0').replace(/&#8239;/g, '\u202F').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\bgame:/g, 'X')
    .replace(/\{(\w+)\}/g, (m, k) => (COUNTS.has(k) ? '0' : 'X'));
}

/** A word, matched whole, letters of any script counting as the word's own. */
const word = (w, flags = 'u') => new RegExp(`(?<![\\p{L}\\p{N}_’'-])(?:${w})(?![\\p{L}\\p{N}_])`, flags);

/** Each text of `code` (of `game`, if given) where `re` is found in what the reader reads. */
function offenders(code, re, { game, except } = {}) {
  return TEXTS[code]
    .filter(([, g, , key]) => (!game || g === game) && !(except && key && except.test(key)))
    .filter(([, , s]) => re.test(prose(s)))
    .map(([where, , s]) => `${where}: ${prose(s).match(re)[0]} — ${s.slice(0, 120)}`);
}

// ------------------------------------------------------------------------------------------------
// The glossaries' rejected variants: each is a word for something the glossary names otherwise.
// `game` limits a variant to one game's words (its UI keys, lessons and rules page).
const REJECTED = {
  en: [],
  cs: [
    { re: word('[Jj]ednotk\\p{L}*'), use: 'jednoduchá figura' },
    { re: word('[Dd]vojic\\p{L}*'), use: 'dvojitá figura' },
    { re: word('[Tt]rojic\\p{L}*'), use: 'trojitá figura' },
    { re: word('[Vv]ál(?:ec|ce|ců|ci|cem|cích|cům)'), use: 'váleček' },
    { re: word('[Pp]ěš(?:ec|ce|ci|cem|ák\\p{L}*)'), use: 'figurka' },
    { re: word('[Ww]arp\\p{L}*'), use: 'přechod' },
    { re: word('[Rr]ating\\p{L}*|ELO|Elo'), use: 'hodnocení' },
    { re: word('[Kk]amín\\p{L}*'), use: 'kámen' },
  ],
  de: [
    { re: word('[Ww]arps?'), use: 'Übergang' },
    { re: word('Dreierfigur\\p{L}*'), use: 'Dreifachfigur' },
    { re: word('Bauer\\p{L}*'), use: 'Figur (Triangoli)' },
    { re: word('Schübe|Schub'), use: 'Schiebezug' },
    { re: word('Rating\\p{L}*|Elo\\p{L}*'), use: 'Wertung' },
    // Spielende is the end of a game (das Spielende, bei Spielende); for people it misleads.
    { re: /(?<!(?:[Dd]as|[Bb]ei|und|zum|[Vv]om|am|^)\s*)Spielenden?(?![\p{L}])|^Spielende (?:an|mit|am)\b/u, use: 'Teilnehmende, Personen (Spielende reads as “end of the game”)' },
    { re: word('Plättchen'), use: 'Stein' },
  ],
  fr: [
    { re: word('[Cc]lassements?'), use: 'cote (rating) or meilleures cotes (leaderboard): classement is the standings only', except: /^tournament\.standings$/ },
    { re: word('[Ww]arps?|[Tt]éléporteurs?'), use: 'passage' },
    { re: word('[Cc]oups nuls'), use: 'coups qui font nulle' },
    { re: word('(?:[Ll]e|[Uu]n|[Dd]u|[Aa]u|[Pp]remier|[Nn]ouveaux|[Nn]ouveau|[Cc]e) (?:simple|double|triple)s?'), use: 'une simple, la double… (la figure: feminine)', game: 'four-triangles' },
  ],
  uk: [
    { re: word('[Кк]амін\\p{L}*|[Кк]амен\\p{L}*'), use: 'фішка (Triangular’s piece)', game: 'triangular' },
    { re: word('[Фф]ігур\\p{L}*'), use: 'фішка (Triangular’s piece)', game: 'triangular' },
    { re: word('[Кк]літин\\p{L}*'), use: 'поле (Triangular’s cell)', game: 'triangular' },
    { re: word('[Зз]сув\\p{L}*'), use: 'пересування' },
    { re: word('[Пп]ішак\\p{L}*|[Пп]ішач\\p{L}*'), use: 'фігурка (Triangoli’s pawn)' },
    { re: word('[Оо]диночн\\p{L}*'), use: 'одинарна фігура' },
    { re: word('[Вв]арп\\p{L}*|[Тт]унел\\p{L}*'), use: 'перехід' },
    { re: /ʼ/u, use: '’ (U+2019) as the apostrophe', raw: true },
  ],
  it: [
    { re: word('[Vv]arc(?:o|hi)'), use: 'passaggio' },
    { re: word('[Pp]edon[ei]'), use: 'pedina' },
    { re: word('[Ss]civolament\\p{L}*'), use: 'scorrimento' },
    { re: word('[Vv]alid[oa] per il punteggio'), use: 'valutata / valutato (rated)' },
    { re: word('[Rr]eplay'), use: 'revisione' },
    { re: word('[Rr]ating|Elo'), use: 'valutazione' },
    { re: word('[Gg]rand[ei] angol[oi]'), use: 'grande vertice (Four Triangles’ big corner)', game: 'four-triangles' },
    // Punteggio is a game’s score; the rating is the valutazione.
    { re: word('[Pp]unteggi[oi] (?:degli avversari|nei problemi|del problema|stabile|vicino)|[Ss]torico del punteggio|[Ii]ntervallo di punteggio|[Qq]ualsiasi punteggio'), use: 'valutazione (the rating): punteggio is a game’s score' },
  ],
};

for (const code of CODES) {
  test(`${code}: the glossary’s rejected variants are nowhere (UI, lessons, rules)`, () => {
    const found = [];
    for (const { re, use, game, except, raw } of REJECTED[code]) {
      const rows = raw
        ? TEXTS[code].filter(([, , s]) => re.test(s)).map(([w, , s]) => `${w}: ${s.slice(0, 80)}`)
        : offenders(code, re, { game, except });
      for (const r of rows) found.push(`${r}  → use ${use}`);
    }
    assert.deepEqual(found, []);
  });
}

// One word for one thing: concepts the glossary keeps apart have different words, and the words
// of one concept share its term.
const DISTINCT = [
  ['account.signin', 'tournament.join'],
  ['account.signin', 'lobby.join'],
  ['tournament.standings', 'leaderboard.link'],
  ['tournament.standings', 'tournament.col.rating'],
  ['leaderboard.link', 'tournament.col.rating'],
  ['tournament.col.rating', 'tournament.col.points'],
  ['tournament.col.rating', 'fact.score'],
];
const TERMS = {
  en: { rating: /[Rr]ating/, rated: /[Rr]ated/ },
  cs: { rating: /[Hh]odnocení/, rated: /[Hh]odnocen[áýé]/ },
  de: { rating: /[Ww]ertung/, rated: /[Gg]ewertet/ },
  fr: { rating: /[Cc]ote/, rated: /[Cc]lassée?s?/ },
  uk: { rating: /[Рр]ейтинг/, rated: /[Рр]ейтингов/ },
  it: { rating: /[Vv]alutazion/, rated: /[Vv]alutat[oa]/ },
};
const RATING_KEYS = ['seeks.range', 'seeks.range.any', 'profile.ratings', 'rating.chart', 'tournament.col.rating', 'puzzle.my-rating', 'puzzle.rating', 'leaderboard.provisional.help', 'error.code.seek-out-of-range'];
const RATED_KEYS = ['lobby.rated', 'seeks.rated', 'setup.rated', 'game.rated', 'tournaments.form.rated', 'profile.none'];

for (const code of CODES) {
  test(`${code}: one word for one thing (sign in ≠ join, rating ≠ standings ≠ leaderboard ≠ score)`, () => {
    const T = TABLES[code];
    for (const [a, b] of DISTINCT) {
      assert.notEqual(T[a].toLowerCase(), T[b].toLowerCase(), `${code}: ${a} and ${b} say the same`);
    }
    for (const k of RATING_KEYS) assert.match(T[k], TERMS[code].rating, `${code} ${k}: the rating’s term`);
    for (const k of RATED_KEYS) assert.match(T[k], TERMS[code].rated, `${code} ${k}: the term for rated`);
  });
}

// ------------------------------------------------------------------------------------------------
// The register: German du, French vous, Italian tu, Czech vykání, Ukrainian ви.

/** Sentence starts: the text's start, after . ! ? : or a line, after an opening quote or dash. */
const midSentence = (re) => new RegExp(`(?<![.!?:;…]\\s*|^\\s*|[„“«(—–]\\s*)${re.source}`, 'gmu');

const ADDRESS = {
  de: [
    // Sie / Ihr / Ihnen capitalised inside a sentence are the formal address (nouns never are).
    { re: midSentence(word('Sie|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres|Ihnen')), why: 'Sie-address' },
    { re: word('Ihnen'), why: 'Sie-address' },
    // A sentence that starts “Sie spielen …”, “Sie finden …” addresses the reader, not “they”.
    { re: /(?:^|[.!?:]\s+)Sie (?:spielen|finden|haben|sind|können|müssen|wählen|ziehen|setzen|legen|sehen)\b/u, why: 'Sie-address' },
    // The plural informal ihr / euch.
    { re: word('euch|euer|eure|euren|eurem|eurer'), why: 'ihr-address' },
  ],
  fr: [
    { re: word('[Tt]u|[Tt]oi|[Tt]on|[Tt]a|[Tt]es|[Tt]e'), why: 'tu-address' },
    { re: /(?<![\p{L}])[Tt]’/u, why: 'tu-address (t’)' },
    { re: /\p{L}(?<!z)-(?:moi|toi)(?![\p{L}])/u, why: 'tu-imperative (Montre-moi)' },
  ],
  it: [
    { re: midSentence(word('Lei|Suo|Sua|Suoi|Sue|La sua|Le sue')), why: 'Lei-address' },
    { re: word('[Vv]oi|[Vv]ostr[oaie]'), why: 'voi-address' },
  ],
  cs: [
    { re: word('[Tt]vůj|[Tt]voj\\p{L}*|[Tt]vá|[Tt]vé|[Tt]vých|[Tt]vým\\p{L}*|[Tt]vého|[Tt]vému|[Tt]ebe|[Tt]obě|[Tt]ebou|tě'), why: 'tykání' },
    // Second person singular verbs: -eš, -íš, -áš (but náš, váš, příliš are not verbs).
    { re: /(?<![\p{L}])(?!(?:náš|váš|Náš|Váš|příliš|Příliš)(?![\p{L}]))\p{L}+(?:eš|íš|áš)(?![\p{L}])/u, why: 'tykání (2nd person singular)' },
    { re: word('[Uu]kaž|[Vv]ezmi|[Nn]ech|[Vv]yber|[Pp]olož|[Pp]ostav|[Tt]áhni|[Zz]ahraj|[Kk]likni|[Kk]lepni|[Pp]osuň|[Ss]eber|[Oo]toč|[Nn]ajdi|[Pp]okračuj|[Pp]očkej|[Zz]kus|[Dd]okonči|[Zz]ískej|[Oo]bsaď|[Rr]ozděl|[Přř]řiveď|[Vv]yhraj|[Hh]raj|[Uu]dělej|[Dd]oplň'), why: 'tykání (imperative)' },
  ],
  uk: [
    { re: word('[Тт]и|[Тт]ебе|[Тт]обі|[Тт]обою|[Тт]вій|[Тт]воя|[Тт]воє|[Тт]вої|[Тт]вого|[Тт]воєї|[Тт]воїх|[Тт]воїм|[Тт]воїми|[Тт]вою|[Тт]вому'), why: 'ти-address' },
    { re: /(?<![\p{L}’])\p{L}+(?:еш|єш|иш|їш)(?![\p{L}])/u, why: 'ти-address (2nd person singular)' },
    { re: word('[Пп]окажи|[Зз]алиш|[Вв]ізьми|[Вв]ибери|[Пп]остав|[Пп]оклади|[Сс]пробуй|[Зз]найди|[Зз]іграй|[Нн]атисни|[Кк]лацни|[Пп]родовжуй|[Зз]ачекай|[Дд]ивись|[Пп]ересунь|[Рр]озділи|[Вв]веди|[Зз]роби|[Вв]играй|[Зз]аймі?и'), why: 'ти-address (imperative)' },
  ],
  en: [],
};

for (const code of CODES) {
  test(`${code}: one register throughout (${{ en: 'you', cs: 'vykání', de: 'du', fr: 'vous', uk: 'ви', it: 'tu' }[code]})`, () => {
    const found = [];
    for (const { re, why } of ADDRESS[code]) {
      const one = new RegExp(re.source, re.flags.replace('g', ''));
      for (const r of offenders(code, one)) found.push(`${r}  (${why})`);
    }
    assert.deepEqual(found, []);
  });
}

// ------------------------------------------------------------------------------------------------
// Counts: a number never stands before a fixed noun in a plain string; the plural objects have
// every form the language's integers need.

/** The words a count may stand before in a plain string: units and little words (of, at, …). */
const AFTER_COUNT = {
  en: ['s', 'min', 'd', 'h', 'm', 'of', 'at', 'to', 'and', 'or', 'in', 'on', 'from', 'more'],
  cs: ['s', 'min', 'h', 'd', 'z', 'ze', 'u', 'na', 'do', 'a', 'až', 'nebo', 'od'],
  de: ['s', 'Min', 'Std', 'T', 'von', 'an', 'bis', 'pro', 'und', 'oder', 'aus'],
  fr: ['s', 'min', 'h', 'j', 'sur', 'à', 'par', 'de', 'et', 'ou'],
  uk: ['с', 'хв', 'год', 'д', 'з', 'із', 'за', 'на', 'до', 'і', 'й', 'та', 'або'],
  it: ['s', 'min', 'h', 'g', 'º', 'su', 'di', 'a', 'per', 'da', 'e', 'o'],
};

for (const code of CODES) {
  test(`${code}: no count before a fixed noun; plural objects complete`, () => {
    const T = TABLES[code];
    const found = [];
    const allowed = new Set(AFTER_COUNT[code]);
    for (const [key, v] of Object.entries(T)) {
      if (typeof v === 'object') continue;
      // Tags go, and any space — plain, no-break, narrow — counts as a gap (a hyphen binds an ordinal’s ending).
      const s = v.replace(/<[^>]*>/g, '');
      for (const m of s.matchAll(/\{(\w+)\}[\s\u00A0\u202F\u2009]*(\p{L}[\p{L}\p{M}]*)(?:[\s\u00A0\u202F]+(\p{L}+))?/gu)) {
        if (!COUNTS.has(m[1]) || allowed.has(m[2])) continue;
        // German writes its nouns with a capital: a count before a verb (“Zug {k} zeigen”) or a
        // lone adjective (“und {n} weitere”) is no count before a noun; an adjective and a noun are.
        if (code === 'de' && !/^\p{Lu}/u.test(m[2]) && !(m[3] && /^\p{Lu}/u.test(m[3]))) continue;
        found.push(`${key}: {${m[1]}} ${m[2]}`);
      }
    }
    assert.deepEqual(found, [], 'a count before a noun needs a plural object (or other words)');

    const rules = new Intl.PluralRules(code);
    const valid = new Set(rules.resolvedOptions().pluralCategories);
    const needed = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
    for (const [key, v] of Object.entries(T)) {
      if (typeof v !== 'object') continue;
      for (const form of Object.keys(v)) assert.ok(valid.has(form), `${code} ${key}: “${form}” is no plural form of ${code}`);
      for (const form of needed) assert.ok(form in v, `${code} ${key}: lacks the “${form}” form`);
    }
    for (const [key, v] of Object.entries(TABLES.en)) {
      if (typeof v === 'object') assert.equal(typeof T[key], 'object', `${code} ${key}: English has plural forms, so must ${code}`);
    }
  });
}

// ------------------------------------------------------------------------------------------------
// Typography.

/** Opening and closing quotes a language does not use. */
const WRONG_QUOTES = { en: /[«»„]/u, cs: /[«»”]/u, de: /[«»”]/u, fr: /[„“”]/u, uk: /[„“”]/u, it: /[„“”]/u };

for (const code of CODES) {
  test(`${code}: typographic apostrophes and quotes`, () => {
    const found = [];
    for (const [where, , s] of TEXTS[code]) {
      const p = prose(s);
      if (/'/.test(p)) found.push(`${where}: straight apostrophe — ${p.slice(0, 100)}`);
      if (/"/.test(p)) found.push(`${where}: straight quote — ${p.slice(0, 100)}`);
      if (WRONG_QUOTES[code].test(p)) found.push(`${where}: quotes of another language — ${p.slice(0, 100)}`);
    }
    assert.deepEqual(found, []);
  });
}

test('fr: a narrow no-break space before ; : ! ? and inside « »', () => {
  const found = [];
  for (const [where, , s] of TEXTS.fr) {
    const p = prose(s);
    // A run of ; : ! ? that ends a word (followed by a space, the end or a closing sign) needs
    // U+202F right before it — not a plain or a no-break space, and not nothing. A mark standing
    // alone after a comma or a colon (the analysis marks “?!”, “?”, “??”) is a word of its own.
    for (const m of p.matchAll(/[;:!?]+(?=[\s\u00A0\u202F»”)\]]|$)/gu)) {
      const before = p.slice(0, m.index);
      if (before.endsWith('\u202F')) continue;
      if (/(?:^|[,:;(\u202F]\s)$/u.test(before) || before === '') continue;
      found.push(`${where}: “${before.slice(-12)}${m[0]}”`);
    }
    for (const m of p.matchAll(/«(?!\u202F)|(?<!\u202F)»/gu)) found.push(`${where}: « » without U+202F near “${p.slice(Math.max(0, m.index - 10), m.index + 10)}”`);
  }
  assert.deepEqual(found, []);
});

test('cs: no one-letter preposition or conjunction at a line’s end (a no-break space after it)', () => {
  const found = [];
  for (const [where, , s] of TEXTS.cs) {
    const p = prose(s);
    for (const m of p.matchAll(/(?<![\p{L}\p{N}_.,’-])([vkszouaiVKSZOUAI])[ \t\n]/gu)) {
      // “30 s” is seconds, not the preposition.
      if (m[1] === 's' && /\d[\s\u00A0]$/u.test(p.slice(0, m.index))) continue;
      found.push(`${where}: “${p.slice(Math.max(0, m.index - 10), m.index + 12)}”`);
    }
  }
  assert.deepEqual(found, []);
});

test('the checks catch what they are for', () => {
  const catches = (re, s) => new RegExp(re.source, re.flags.replace('g', '')).test(prose(s));
  assert.ok(catches(ADDRESS.de[0].re, 'Gut, finden Sie den Zug.'));
  assert.ok(!catches(ADDRESS.de[0].re, 'Die Figur zieht. Sie hält dort.'));
  assert.ok(catches(ADDRESS.de[2].re, 'Sie spielen {seat}.'));
  assert.ok(catches(ADDRESS.fr[2].re, 'Montre-moi'));
  assert.ok(!catches(ADDRESS.fr[2].re, 'Montrez-moi'));
  assert.ok(!catches(ADDRESS.fr[0].re, 'les figures complètes'));
  assert.ok(catches(ADDRESS.cs[2].re, 'Ukaž mi to'));
  assert.ok(catches(ADDRESS.uk[2].re, 'Покажи мені'));
  assert.ok(!catches(ADDRESS.cs[1].re, 'Váš tah, příliš rychle'));
});
