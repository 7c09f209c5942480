//! The site's words on the server — mails and push notices in their reader's language — from
//! the front end's own tables (`web/assets/i18n/xx.js`), so that each sentence is translated
//! once, in one place. A table is a JavaScript module whose default export is an object literal
//! of `'key': 'words'` or `'key': { one: …, few: …, other: … }` (plural forms by CLDR's
//! categories); that literal is JSON5, and is read as such. Plural forms are chosen by CLDR's
//! rules, as the browser's `Intl.PluralRules` chooses them; a key a language lacks is said in
//! English, as the front end does.

use std::collections::HashMap;
use std::sync::LazyLock;

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use serde::Deserialize;

/// The language every key has.
pub const FALLBACK: &str = "en";

/// One entry of a table: words, or words by plural category.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Entry {
    Words(String),
    Plural(HashMap<String, String>),
}

/// One language's table, and its plural rules.
struct Table {
    entries: HashMap<String, Entry>,
    plurals: PluralRules,
}

/// Every language's table, read once.
static TABLES: LazyLock<HashMap<String, Table>> = LazyLock::new(|| {
    crate::web::languages()
        .into_iter()
        .filter_map(|code| match table(&code) {
            Ok(table) => Some((code, table)),
            Err(e) => {
                // The tables are tested (below and in web/tests); a broken one in a build is
                // said in the log, and its language falls back to English.
                tracing::error!(language = %code, "the words of {code} cannot be read: {e}");
                None
            }
        })
        .collect()
});

/// Reads `assets/i18n/{code}.js`.
fn table(code: &str) -> Result<Table, String> {
    let bytes = crate::web::read(&format!("assets/i18n/{code}.js")).ok_or("no such file")?;
    let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
    let entries = parse(&text)?;
    let language: unic_langid::LanguageIdentifier = code
        .parse()
        .map_err(|e| format!("not a language code: {e}"))?;
    let plurals = PluralRules::create(language, PluralRuleType::CARDINAL)?;
    Ok(Table { entries, plurals })
}

/// The entries of a table module: the object literal after `export default`.
fn parse(module: &str) -> Result<HashMap<String, Entry>, String> {
    let start = module.find("export default").ok_or("no `export default`")?;
    let body = module[start + "export default".len()..]
        .trim()
        .trim_end_matches(';');
    json5::from_str(body).map_err(|e| e.to_string())
}

/// Whether the site has words in language `code`.
pub fn known(code: &str) -> bool {
    TABLES.contains_key(code)
}

/// The words of `key` in language `code` (English where that language lacks them, or the key
/// itself where English does too), each `{name}` of `params` filled in; a plural entry takes
/// its form from the parameter `n`.
pub fn t(code: &str, key: &str, params: &[(&str, &str)]) -> String {
    let found = [code, FALLBACK].into_iter().find_map(|c| {
        let table = TABLES.get(c)?;
        Some((table, table.entries.get(key)?))
    });
    let Some((table, entry)) = found else {
        return key.to_string();
    };
    let words = match entry {
        Entry::Words(words) => words.as_str(),
        Entry::Plural(forms) => {
            let n = params
                .iter()
                .find(|(name, _)| *name == "n")
                .and_then(|(_, v)| v.parse::<f64>().ok())
                .unwrap_or(0.0);
            let category = table.plurals.select(n).unwrap_or(PluralCategory::OTHER);
            forms
                .get(category_name(category))
                .or_else(|| forms.get("other"))
                .map_or(key, String::as_str)
        }
    };
    fill(words, params)
}

/// Words to be said later in their reader's language — the subject of a mail, a push notice's
/// title — once it is known whom they go to: a key of the tables and its parameters.
#[derive(Clone, Debug)]
pub struct Said {
    key: &'static str,
    params: Vec<(&'static str, Value)>,
}

/// A parameter's value: as it is (a name), or words of the tables (a game's name).
#[derive(Clone, Debug)]
enum Value {
    Text(String),
    Words(String),
}

impl Said {
    /// The words of `key`.
    pub fn new(key: &'static str) -> Said {
        Said {
            key,
            params: Vec::new(),
        }
    }

    /// With `{name}` filled by `text`, as it is.
    pub fn with(mut self, name: &'static str, text: impl Into<String>) -> Said {
        self.params.push((name, Value::Text(text.into())));
        self
    }

    /// With `{name}` filled by the words of `key`, in the same language.
    pub fn with_words(mut self, name: &'static str, key: impl Into<String>) -> Said {
        self.params.push((name, Value::Words(key.into())));
        self
    }

    /// The words in language `code`.
    pub fn in_language(&self, code: &str) -> String {
        let values: Vec<(&str, String)> = self
            .params
            .iter()
            .map(|(name, value)| match value {
                Value::Text(text) => (*name, text.clone()),
                Value::Words(key) => (*name, t(code, key, &[])),
            })
            .collect();
        let params: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        t(code, self.key, &params)
    }
}

/// The language account `account` reads the site in, English when it never said (or the store
/// cannot tell now: a mail in English rather than none).
pub async fn of_account(state: &crate::state::AppState, account: &str) -> String {
    match state.store.language(account).await {
        Ok(Some(code)) if known(&code) => code,
        Ok(_) => FALLBACK.to_string(),
        Err(e) => {
            tracing::warn!(error = %e, "an account's language could not be read");
            FALLBACK.to_string()
        }
    }
}

/// CLDR's name of a plural category, as the tables write it.
fn category_name(category: PluralCategory) -> &'static str {
    match category {
        PluralCategory::ZERO => "zero",
        PluralCategory::ONE => "one",
        PluralCategory::TWO => "two",
        PluralCategory::FEW => "few",
        PluralCategory::MANY => "many",
        PluralCategory::OTHER => "other",
    }
}

/// `words` with each `{name}` of `params` replaced; other braces left as they are.
fn fill(words: &str, params: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(words.len());
    let mut rest = words;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            let (_, value) = params.iter().find(|(n, _)| *n == name)?;
            Some((value, close))
        });
        match value {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_is_read_whole() {
        let languages = crate::web::languages();
        assert_eq!(languages, ["cs", "de", "en", "fr", "it", "uk"]);
        for code in &languages {
            let text =
                String::from_utf8(crate::web::read(&format!("assets/i18n/{code}.js")).unwrap())
                    .unwrap();
            let entries = parse(&text).unwrap_or_else(|e| panic!("{code}: {e}"));
            // Each entry starts a line as `'key':`: as many as JSON5 read.
            let lines = text
                .lines()
                .filter(|l| l.starts_with("  '") && l.contains("':"))
                .count();
            assert_eq!(entries.len(), lines, "{code}");
            assert!(known(code), "{code}");
        }
        assert!(!known("xx"));
    }

    #[test]
    fn words_are_filled_and_plurals_chosen_as_cldr_says() {
        assert_eq!(t("en", "game.players", &[("n", "1")]), "1 player");
        assert_eq!(t("en", "game.players", &[("n", "3")]), "3 players");
        // Czech: 1 one, 2–4 few, 5 and more other; Ukrainian: 1 one, 2–4 few, 5–20 many, 21 one.
        let cs: Vec<String> = ["1", "3", "5"]
            .iter()
            .map(|n| t("cs", "game.players", &[("n", n)]))
            .collect();
        assert_eq!(
            cs.iter().collect::<std::collections::HashSet<_>>().len(),
            3,
            "{cs:?}"
        );
        assert!(
            cs.iter()
                .all(|s| s.starts_with(|c: char| c.is_ascii_digit())),
            "{cs:?}"
        );
        let uk = |n: &str| t("uk", "game.players", &[("n", n)]);
        assert_eq!(
            uk("21").trim_start_matches("21"),
            uk("1").trim_start_matches('1')
        );
        assert_eq!(
            uk("11").trim_start_matches("11"),
            uk("5").trim_start_matches('5')
        );
        // A missing key: English, then the key itself; an unknown parameter left as written.
        assert_eq!(t("xx", "nav.play", &[]), "Play");
        assert_eq!(t("cs", "no.such.key", &[]), "no.such.key");
        assert_eq!(fill("{a} and {b} {", &[("a", "x")]), "x and {b} {");
    }

    #[test]
    fn said_words_fill_in_names_as_they_are_and_words_in_the_same_language() {
        let said = Said::new("notice.turn.title").with_words("game", "game.triangle-game.name");
        assert_eq!(said.in_language("en"), "Your turn in The Triangle Game");
        let cs = said.in_language("cs");
        assert!(
            cs.contains(&t("cs", "game.triangle-game.name", &[])),
            "{cs}"
        );
        assert_ne!(cs, said.in_language("en"));
        let said = Said::new("notice.turn.body").with("by", "{ann}");
        assert_eq!(said.in_language("en"), "{ann} has moved: it is your turn.");
    }
}
