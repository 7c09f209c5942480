//! The command-line contract of docs/command-line.md: `perft`, `moves`, `replay`, `random`. Output formats
//! here are relied on by tests and tools; change them only with that page.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use rand::SeedableRng;
use serde::Serialize;
use trigonal_core::{perft as count, random_game, Options};
use trigonal_games::{visit, Kit, Visitor};

/// Runs `f` with the concrete type of game `id`.
fn with_game<V: Visitor<Output = Result<()>>>(id: &str, visitor: V) -> Result<()> {
    visit(id, visitor)?
}

pub fn perft(id: &str, depth: u32, record: Option<&Path>, options: &Options) -> Result<()> {
    struct Perft<'a>(u32, Option<&'a Path>, &'a Options);
    impl Visitor for Perft<'_> {
        type Output = Result<()>;
        fn visit<G: Kit>(self) -> Result<()> {
            let start = crate::input::position::<G>(self.1, self.2)?;
            let mut out = std::io::stdout().lock();
            for d in 1..=self.0 {
                writeln!(out, "perft {d} {}", count(&start, d))?;
                out.flush()?;
            }
            Ok(())
        }
    }
    with_game(id, Perft(depth, record, options))
}

pub fn moves(id: &str, record: Option<&Path>, options: &Options) -> Result<()> {
    struct Moves<'a>(Option<&'a Path>, &'a Options);
    impl Visitor for Moves<'_> {
        type Output = Result<()>;
        fn visit<G: Kit>(self) -> Result<()> {
            let position = crate::input::position::<G>(self.0, self.1)?;
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
            texts.sort();
            let mut out = std::io::stdout().lock();
            for t in texts {
                writeln!(out, "{t}")?;
            }
            Ok(())
        }
    }
    with_game(id, Moves(record, options))
}

/// The one JSON line `replay` prints.
#[derive(Serialize)]
struct ReplayResult {
    over: bool,
    scores: Option<Vec<i32>>,
    winners: Vec<u8>,
}

pub fn replay(id: &str, file: &Path, options: &Options) -> Result<()> {
    struct Replay<'a>(&'a Path, &'a Options);
    impl Visitor for Replay<'_> {
        type Output = Result<()>;
        fn visit<G: Kit>(self) -> Result<()> {
            let position = crate::input::position::<G>(Some(self.0), self.1)?;
            let outcome = position.outcome();
            let result = ReplayResult {
                over: outcome.is_some(),
                scores: position.scores(),
                winners: outcome
                    .map(|o| o.winners.iter().map(|s| s.0).collect())
                    .unwrap_or_default(),
            };
            println!("{}", serde_json::to_string(&result)?);
            Ok(())
        }
    }
    with_game(id, Replay(file, options))
}

pub fn random(id: &str, seed: u64, options: &Options) -> Result<()> {
    struct Random<'a>(u64, &'a Options);
    impl Visitor for Random<'_> {
        type Output = Result<()>;
        fn visit<G: Kit>(self) -> Result<()> {
            let start = G::new(self.1)?;
            let mut rng = rand::rngs::StdRng::seed_from_u64(self.0);
            let mut out = std::io::stdout().lock();
            for mv in random_game(start, &mut rng) {
                writeln!(out, "{mv}")?;
            }
            Ok(())
        }
    }
    with_game(id, Random(seed, options))
}
