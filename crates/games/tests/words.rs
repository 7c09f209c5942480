//! Every move of every registered game can be said in words in the front end's languages: over
//! random games (the fewest and the most players), each legal move is said as clauses whose keys
//! the English table holds, with every placeholder of the sentence among the clause's values, and
//! a `seat` value naming a seat of the game. (The browser's tests hold the other five languages
//! to English's keys and placeholders.)

use std::collections::{BTreeSet, HashMap};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_core::{Options, Word};
use trigonal_games::{new_game, GAMES};

/// The `words.` sentences of the English table, by key less `words.`, each with its
/// placeholders.
fn english() -> HashMap<String, BTreeSet<String>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/assets/i18n/en.js");
    let table = std::fs::read_to_string(path).expect("the English table");
    let mut sentences = HashMap::new();
    for line in table.lines() {
        let Some(rest) = line.trim_start().strip_prefix("'words.") else {
            continue;
        };
        let (key, text) = rest.split_once("':").expect("a key and its text");
        let placeholders = text
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_alphanumeric()))
            .map(str::to_string)
            .collect();
        sentences.insert(key.to_string(), placeholders);
    }
    sentences
}

#[test]
fn every_move_is_said_in_sentences_the_front_end_holds() {
    let sentences = english();
    assert!(sentences.contains_key("pass"), "read the table");
    let mut said = BTreeSet::new();
    for info in GAMES {
        let mut players: Vec<usize> = vec![info.players.0, info.players.1];
        players.dedup();
        for n in players {
            let options = Options {
                players: Some(n),
                variant: None,
            };
            for seed in 0..4 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut game = new_game(info.id, &options).unwrap();
                let mut plies = 0;
                while game.to_move().is_some() && plies < 150 {
                    for mv in game.legal_moves() {
                        let clauses = game.words_of(&mv).unwrap();
                        assert!(
                            !clauses.is_empty() || info.id == "toy",
                            "{}: {mv} is not said",
                            info.id
                        );
                        for clause in clauses {
                            let Some(placeholders) = sentences.get(&clause.key) else {
                                panic!("{}: no sentence words.{} ({mv})", info.id, clause.key)
                            };
                            for p in placeholders {
                                assert!(
                                    clause.values.contains_key(p.as_str()),
                                    "{}: words.{} says {{{p}}}, which {mv} does not give",
                                    info.id,
                                    clause.key
                                );
                            }
                            if let Some(seat) = clause.values.get("seat") {
                                assert!(
                                    matches!(seat, Word::Number(s) if (0..n as i64).contains(s)),
                                    "{}: {seat:?} is no seat",
                                    info.id
                                );
                            }
                            said.insert(clause.key);
                        }
                    }
                    let moves = game.legal_moves();
                    game.play(&moves[rng.gen_range(0..moves.len())]).unwrap();
                    plies += 1;
                }
            }
        }
    }
    // Random play reaches the common clauses of every game.
    for key in [
        "triangoli.setup",
        "triangoli.step",
        "triangoli.exchange",
        "triangle-game.slide.W",
        "triangle-game.end",
        "triangular.scored",
        "four-triangles.capture.1",
        "four-triangles.split.2",
        "four-triangles.turn.cw",
    ] {
        assert!(said.contains(key), "never said: {key} (said: {said:?})");
    }
}

/// The keys of the English table with `prefix` (`fact.`), less it.
fn english_keys(prefix: &str) -> BTreeSet<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/assets/i18n/en.js");
    let table = std::fs::read_to_string(path).expect("the English table");
    table
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix('\''))
        .filter_map(|rest| rest.split_once('\'').map(|(key, _)| key))
        .filter_map(|key| key.strip_prefix(prefix))
        .map(str::to_string)
        .collect()
}

/// Issue 55: no English where the reader's language is meant. Every fact a scene shows, over
/// random games to their end (the fewest and the most players), has its key in the front end's
/// table (`fact.<key>`), and a value that is a word of the game (`middles`, `triangle A`,
/// `repetition`: a first word of small letters) its own sentence (`fact.<key>.<word>`, or for
/// what ended a game `result.ended.<word>`) — so the page translates it rather than showing the
/// kit's English. (The browser's tests hold the other five languages to English's keys.)
#[test]
fn every_fact_a_scene_shows_has_words_in_the_front_end() {
    let facts = english_keys("fact.");
    let ended = english_keys("result.ended.");
    let mut seen = BTreeSet::new();
    for info in GAMES {
        let mut players: Vec<usize> = vec![info.players.0, info.players.1];
        players.dedup();
        for n in players {
            let options = Options {
                players: Some(n),
                variant: None,
            };
            for seed in 0..6 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut game = new_game(info.id, &options).unwrap();
                for _ in 0..400 {
                    for fact in game.scene().facts {
                        if info.id == "toy" {
                            continue;
                        }
                        assert!(
                            facts.contains(&fact.key),
                            "{}: no words for the fact {:?}",
                            info.id,
                            fact.key
                        );
                        let word = fact.value.split(' ').next().unwrap_or_default();
                        let is_word = word.starts_with(|c: char| c.is_ascii_lowercase())
                            && word.chars().all(|c| c.is_ascii_lowercase() || c == '-');
                        // (The version a game is played in the page says by the view's
                        // `variant`, `variant.<name>`.)
                        if is_word && fact.key != "version" {
                            let known = if fact.key == "ended" {
                                ended.contains(word)
                            } else {
                                facts.contains(&format!("{}.{word}", fact.key))
                            };
                            assert!(
                                known,
                                "{}: the fact {} says {:?}, which the front end has no words for",
                                info.id, fact.key, fact.value
                            );
                            seen.insert(format!("{}.{word}", fact.key));
                        }
                    }
                    if game.to_move().is_none() {
                        break;
                    }
                    let moves = game.legal_moves();
                    game.play(&moves[rng.gen_range(0..moves.len())]).unwrap();
                }
            }
        }
    }
    assert!(
        seen.iter().any(|k| k.starts_with("winner.")),
        "random games reached a winner's fact: {seen:?}"
    );
}
