//! Puzzles: positions where one move is clearly best, and [`Puzzle`], how a set file keeps one.
//!
//! Exact ([`judge`]): the side to move wins (or draws) with best play and exactly one legal move
//! keeps that result, or several win and exactly one keeps the best margin — so the answer is a
//! proof by the game's exact solver, not an opinion. Positions the solver does not settle
//! quickly are left alone.
//!
//! By search ([`judge_search`]), for any game: the `hard` level's MCTS at a fixed number of
//! playouts finds one move proven to win, or one move whose expected share of the win is far
//! above every other's; a second search at twice the playouts, under another seed, must find
//! the same.

use std::collections::BTreeMap;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use trigonal_core::DynGame;

use crate::solve::{Solved, Solver, Verdict};
use crate::{roster, Budget, Kit, Level};

/// What a puzzle asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The one move that wins.
    Win,
    /// The one move that keeps the draw.
    Draw,
    /// Of the moves that win, the one that wins by the most.
    Margin,
    /// The move far better than any other.
    Best,
}

impl Goal {
    /// The goal as a set file and the API write it: `win`, `draw`, `margin`, `best`.
    pub fn as_str(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Draw => "draw",
            Goal::Margin => "margin",
            Goal::Best => "best",
        }
    }
}

/// A puzzle as a set file keeps it, one JSON line each (`trigonal puzzles generate` writes
/// them; a game's kit ships its set, [`crate::Kit::puzzles`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The game's id.
    pub game: String,
    /// The number of players.
    pub players: usize,
    /// The variant, where the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The moves from the start to the puzzle's position, canonical text, space-separated.
    pub record: String,
    /// The seat to move there: the solver's.
    pub to_move: u8,
    /// The line to find: the solver's moves, with the other seats' replies between them.
    pub solution: Vec<String>,
    /// What is to be found: `win`, `draw`, `margin` or `best` ([`Goal`]).
    pub goal: String,
    /// Why the answer is right: a key a front end words (`exact-win`, `search-best`, …) and
    /// the numbers it names.
    pub explanation: Explanation,
}

/// Why a puzzle's answer is right, for a front end to put in words.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Explanation {
    /// `exact-win`, `exact-draw`, `exact-margin`, `search-win`, `search-best` or `mistake`.
    pub key: String,
    /// The numbers it names (`legal`: the moves there were; a margin's parts; `share`: the
    /// answer's share of the win in percent, `next`: the next best move's).
    #[serde(default)]
    pub values: BTreeMap<String, i64>,
}

impl Puzzle {
    /// The puzzle's id: from its game, options and record alone, so that the same position
    /// has the same id wherever and whenever a set is loaded (16 hex digits).
    pub fn id(&self) -> String {
        let text = format!(
            "{}|{}|{}|{}",
            self.game,
            self.players,
            self.variant.as_deref().unwrap_or(""),
            self.record
        );
        // FNV-1a, then mixed: stable across builds, unlike the standard library's hasher.
        let fnv = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("{:016x}", trigonal_core::mix64(fnv))
    }

    /// The puzzles of a set file's text, one JSON line each (blank lines skipped); the first
    /// line that is no puzzle is an error naming it.
    pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, String> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1)))
            .collect()
    }
}

/// What a position is, as a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Judged {
    /// Exactly one move keeps the result (or the best margin): the puzzle, its answer, and how
    /// many moves were legal.
    Puzzle {
        /// What the answer does.
        goal: Goal,
        /// The position solved.
        solved: Solved,
        /// The one move that keeps the result, canonical text.
        answer: String,
        /// The legal moves there were to choose from.
        legal: usize,
    },
    /// This many moves keep the result: no single answer.
    Ambiguous(usize),
    /// The side to move loses whatever it plays: nothing to find.
    Lost,
    /// One legal move: nothing to choose.
    Forced,
    /// Not settled: too much of the game left for a quick proof, or `deadline` came first.
    Unsettled,
}

/// Judges `position` (not over) with `solver` on `threads` threads, giving up at `deadline`.
/// Where several moves win, each is solved again to see whether exactly one keeps the best
/// margin.
pub fn judge(
    solver: &dyn Solver,
    position: &dyn DynGame,
    threads: usize,
    deadline: Option<Instant>,
) -> Judged {
    let legal = position.legal_moves().len();
    if legal < 2 {
        return Judged::Forced;
    }
    let Some(solved) = solver.quick(position, threads) else {
        return Judged::Unsettled;
    };
    if solved.verdict == Verdict::Loss {
        return Judged::Lost;
    }
    let Some(verdicts) = solver.move_verdicts(position, &solved, deadline) else {
        return Judged::Unsettled;
    };
    let keeping: Vec<String> = verdicts
        .into_iter()
        .filter(|(_, after)| solved.verdict.kept_by(*after))
        .map(|(mv, _)| mv)
        .collect();
    let goal = match solved.verdict {
        Verdict::Draw => Goal::Draw,
        _ => Goal::Win,
    };
    match &keeping[..] {
        [answer] => Judged::Puzzle {
            goal,
            answer: answer.clone(),
            solved,
            legal,
        },
        // A solved win or draw is kept by its best move: not reached.
        [] => Judged::Unsettled,
        several if goal == Goal::Win => {
            let mut best = Vec::new();
            for mv in several {
                if deadline.is_some_and(|d| Instant::now() > d) {
                    return Judged::Unsettled;
                }
                match solver.keeps_value(position, mv, threads) {
                    Some(true) => best.push(mv),
                    Some(false) => {}
                    None => return Judged::Unsettled,
                }
            }
            match &best[..] {
                [answer] => Judged::Puzzle {
                    goal: Goal::Margin,
                    answer: answer.to_string(),
                    solved,
                    legal,
                },
                _ => Judged::Ambiguous(several.len()),
            }
        }
        several => Judged::Ambiguous(several.len()),
    }
}

/// A puzzle found by search: its goal, its answer, and what the searches saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// [`Goal::Win`] (the answer proven to win) or [`Goal::Best`].
    pub goal: Goal,
    /// The answer, canonical text.
    pub answer: String,
    /// The answer's share of the win for the side to move, and the next best move's (of the
    /// second, larger search).
    pub shares: (f64, f64),
    /// The legal moves there were.
    pub legal: usize,
}

/// How much less far ahead the second search may find the answer ([`judge_search`]).
pub const SLACK: f64 = 0.05;

/// What the answer's share of the win must be in a game of `players` players (unless it is
/// proven): at least the first number, and that far above every other move's by the second.
/// Two players: 0.6 and 0.3. With more, where a fair share is a third or a quarter, 0.15 above
/// the fair share and 0.25 above every other move (Triangle Game, 20 games of `easy` against
/// `medium`: at 0.6 and 0.3, 3 puzzles of 1,661 positions).
pub fn thresholds(players: usize) -> (f64, f64) {
    if players <= 2 {
        (0.6, 0.3)
    } else {
        (1.0 / players as f64 + 0.15, 0.25)
    }
}

/// Judges `position` (not over) by search: the `hard` level's player of the game at
/// `playouts`, then at twice as many under another seed. A puzzle when both choose the same
/// move and either it is proven to win while no other move is, or its share of the win is
/// high and far above every other move's ([`thresholds`]). `None` otherwise, and for players
/// that report no root moves.
pub fn judge_search<G: Kit>(position: &G, playouts: u64, seed: u64) -> Option<Found> {
    let mut legal = Vec::new();
    position.legal_moves(&mut legal);
    if legal.len() < 2 {
        return None;
    }
    let (good, clear) = thresholds(position.players());
    let look = |playouts: u64, seed: u64, clear: f64| -> Option<(G::Move, Goal, f64, f64)> {
        let budget = Budget::Iterations(playouts);
        let mut thought = G::level_player(Level::Hard, budget, seed).think(position);
        if thought.moves.is_empty() {
            // The level plays another search (alpha-beta, which reports no root moves): MCTS
            // with no knowledge of the game judges instead.
            thought = roster::generic::<G>(Level::Hard, budget, seed).think(position);
        }
        let best = thought.moves.iter().find(|m| m.mv == thought.best)?;
        let next = thought
            .moves
            .iter()
            .filter(|m| m.mv != thought.best)
            .map(|m| m.share)
            .fold(0.0f64, f64::max);
        let proven_wins = thought
            .moves
            .iter()
            .filter(|m| m.proven && m.share >= 1.0)
            .count();
        if best.proven && best.share >= 1.0 && proven_wins == 1 && next < 1.0 - clear {
            return Some((thought.best, Goal::Win, best.share, next));
        }
        (best.share >= good && best.share - next >= clear).then_some((
            thought.best,
            Goal::Best,
            best.share,
            next,
        ))
    };
    let (first, _, _, _) = look(playouts, seed, clear)?;
    // The second search must find the same move, a little less far ahead at most: a move
    // the first search barely tried can look better by chance in the second.
    let (again, goal, share, next) = look(playouts * 2, seed.wrapping_add(0x5eed), clear - SLACK)?;
    (first == again).then(|| Found {
        goal,
        answer: again.to_string(),
        shares: (share, next),
        legal: legal.len(),
    })
}
