//! Properties every game's text handling keeps for any input at all, checked by the fuzz targets
//! (`fuzz/`, `bash scripts/fuzz`) and, on the inputs fuzzing once found, by the tests: parsing
//! never panics, and what parses has one canonical form that parses back to the same thing.

use trigonal_ai::Kit;
use trigonal_core::{Options, Record};

use crate::{visit, Visitor, GAMES};

/// Any bytes as a move of every game: no panic; a move that parses prints as canonical text
/// that parses back to it, and playing the text in the start position never panics.
pub fn notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    struct Check<'a>(&'a str);
    impl Visitor for Check<'_> {
        type Output = ();
        fn visit<G: Kit>(self) {
            if let Ok(mv) = self.0.parse::<G::Move>() {
                let canonical = mv.to_string();
                assert_eq!(
                    canonical.parse::<G::Move>().ok(),
                    Some(mv),
                    "{}: {:?} printed as {canonical:?}, which does not read back",
                    G::ID,
                    self.0
                );
            }
            let mut options = Options::default();
            if G::PLAYERS.1 > G::PLAYERS.0 {
                options.players = Some(G::PLAYERS.1);
            }
            if let Ok(start) = G::new(&options) {
                let _ = start.parse_legal(self.0);
            }
        }
    }
    for game in GAMES {
        visit(game.id, Check(text)).expect("a registered game");
    }
}

/// Any bytes as a record: no panic; its text form reads back to the same record; replayed as a
/// game of each kind it is played or refused, never a panic.
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let record = Record::parse(text);
    let again = Record::parse(&record.to_text());
    assert_eq!(again.headers, record.headers, "{text:?}");
    assert_eq!(again.moves, record.moves, "{text:?}");
    assert_eq!(again.to_text(), record.to_text(), "{text:?}");
    struct Replay<'a>(&'a Record);
    impl Visitor for Replay<'_> {
        type Output = ();
        fn visit<G: Kit>(self) {
            let _ = self.0.replay::<G>(&Options::default());
        }
    }
    for game in GAMES {
        visit(game.id, Replay(&record)).expect("a registered game");
    }
}

/// Bytes as the choices of a game of each kind (each byte picks one of the legal moves; the
/// first picks the number of players where the game lets it): every legal move's canonical
/// text reads back to it and is accepted as legal, the position can be drawn and clicked, and
/// the record of the moves replays to the same position.
pub fn play(data: &[u8]) {
    struct Check<'a>(&'a [u8]);
    impl Visitor for Check<'_> {
        type Output = ();
        fn visit<G: Kit>(self) {
            let info = crate::info(G::ID).expect("a registered game");
            let (low, high) = info.players;
            let players = low + usize::from(*self.0.first().unwrap_or(&0)) % (high - low + 1);
            let options = Options {
                players: Some(players),
                variant: None,
            };
            let mut position = G::new(&options).expect("every listed number of players");
            let mut legal = Vec::new();
            let mut played = Vec::new();
            for &choice in self.0.iter().skip(1) {
                if position.to_move().is_none() {
                    break;
                }
                legal.clear();
                position.legal_moves(&mut legal);
                for &mv in &legal {
                    let text = mv.to_string();
                    assert_eq!(position.parse_legal(&text), Ok(mv), "{}: {text}", G::ID);
                }
                let mv = legal[usize::from(choice) % legal.len()];
                let _ = position.clicks(mv);
                position.play(mv);
                played.push(mv.to_string());
            }
            let _ = position.scene();
            let _ = position.diagram();
            let record = Record::from_moves(G::ID, &position.options(), played);
            let again = Record::parse(&record.to_text())
                .replay::<G>(&Options::default())
                .unwrap_or_else(|e| panic!("{}: the record of a played game: {e}", G::ID));
            assert_eq!(again.position_hash(), position.position_hash(), "{}", G::ID);
        }
    }
    for game in GAMES {
        visit(game.id, Check(data)).expect("a registered game");
    }
}
