//! The registry of Trigonal's games.
//!
//! The one place that knows which games exist: it lists each game's kit ([`Kit`]: its rules
//! engine, its description, its computer players, rating pools, solver, lessons and puzzles) once, and maps a game
//! id (`triangoli`, …) to it — as a boxed [`DynGame`], as the kit's answers ([`GameInfo`]), or by
//! calling back a generic [`Visitor`] with the concrete type, so that the command line and the
//! server can run generic, monomorphised code (perft, search) on a game picked at run time. It
//! knows no rule of any game, and no game's name but in its one list.

pub mod checks;
pub mod puzzles;

use trigonal_ai::solve::Solver;
pub use trigonal_ai::Kit;
use trigonal_ai::{Agent, DynPlayer};
use trigonal_core::{DynGame, DynLesson, Game, Options, OptionsError};

/// A game's kit as the registry hands it out for a game picked at run time: what a front end or
/// a help text says about the game, and the kit's answers ([`Kit`]) as plain functions.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The id used on the command line and in the API.
    pub id: &'static str,
    /// The display name.
    pub name: &'static str,
    /// The smallest and largest number of players.
    pub players: (usize, usize),
    /// The variants, default first; empty where the game has none.
    pub variants: &'static [&'static str],
    /// One line about the game.
    pub summary: &'static str,
    /// The rating pool of a game of this many players ([`Kit::pool`]).
    pub pool: fn(usize) -> String,
    /// Each level's rating in the pool of games of this many players ([`Kit::level_ratings`]).
    pub level_ratings: fn(usize) -> Option<[u32; 5]>,
    /// The game's exact solver, if it has one ([`Kit::solver`]).
    pub solver: fn() -> Option<Box<dyn Solver>>,
    /// The game's lessons ([`Kit::lessons`]).
    pub lessons: fn() -> Vec<DynLesson>,
    /// The game's starter set of puzzles ([`Kit::puzzles`]).
    pub puzzles: fn() -> &'static str,
}

/// The lessons of kit `K`, each for a game picked at run time.
fn lessons_of<K: Kit>() -> Vec<DynLesson> {
    K::lessons().into_iter().map(DynLesson::from).collect()
}

/// The [`GameInfo`] of kit `K`.
const fn info_of<K: Kit>() -> GameInfo {
    GameInfo {
        id: K::ID,
        name: K::NAME,
        players: K::PLAYERS,
        variants: K::VARIANTS,
        summary: K::SUMMARY,
        pool: K::pool,
        level_ratings: K::level_ratings,
        solver: K::solver,
        lessons: lessons_of::<K>,
        puzzles: K::puzzles,
    }
}

/// The one list of games: [`GAMES`] for what is said of them, [`visit`] for their types, in
/// the order they are listed to players. A new game is one more name here (and a dependency).
macro_rules! kits {
    ($($(#[$only:meta])* $kit:ty),+ $(,)?) => {
        /// Every game Trigonal knows, in the order they are listed to players.
        pub const GAMES: &[GameInfo] = &[$($(#[$only])* info_of::<$kit>()),+];

        /// Calls `visitor` with the game whose id is `id`.
        pub fn visit<V: Visitor>(id: &str, visitor: V) -> Result<V::Output, UnknownGame> {
            $(
                $(#[$only])*
                if id == <$kit as Game>::ID {
                    return Ok(visitor.visit::<$kit>());
                }
            )+
            Err(UnknownGame(id.to_string()))
        }
    };
}

kits!(
    trigonal_triangoli::Triangoli,
    trigonal_triangle_game::TriangleGame,
    trigonal_triangular::Triangular,
    trigonal_four_triangles::FourTriangles,
    #[cfg(feature = "toy")]
    trigonal_toy::Toy,
);

/// A game id that is not one of [`GAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {}; the games are: {list}", trigonal_core::quoted(.0), list = ids().join(", "))]
pub struct UnknownGame(pub String);

/// Why a game cannot be created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    /// No such game.
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
    /// The game exists but not with these options.
    #[error(transparent)]
    Options(#[from] OptionsError),
}

/// The ids of every game.
pub fn ids() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.id).collect()
}

/// The description of game `id`.
pub fn info(id: &str) -> Result<&'static GameInfo, UnknownGame> {
    GAMES
        .iter()
        .find(|g| g.id == id)
        .ok_or_else(|| UnknownGame(id.to_string()))
}

/// Generic code to run on a game chosen at run time: [`visit`] calls [`Visitor::visit`] with the
/// game's concrete type.
pub trait Visitor {
    /// What the code returns.
    type Output;
    /// Runs the code for game type `G`.
    fn visit<G: Kit>(self) -> Self::Output;
}

/// The start position of game `id` with `options`, boxed.
pub fn new_game(id: &str, options: &Options) -> Result<Box<dyn DynGame>, NewGameError> {
    struct New<'a>(&'a Options);
    impl Visitor for New<'_> {
        type Output = Result<Box<dyn DynGame>, OptionsError>;
        fn visit<G: Kit>(self) -> Self::Output {
            Ok(Box::new(G::new(self.0)?))
        }
    }
    Ok(visit(id, New(options))??)
}

/// A player of game `id` for `agent`, its random choices seeded by `seed`.
pub fn dyn_player(id: &str, agent: Agent, seed: u64) -> Result<Box<dyn DynPlayer>, UnknownGame> {
    struct Make(Agent, u64);
    impl Visitor for Make {
        type Output = Box<dyn DynPlayer>;
        fn visit<G: Kit>(self) -> Box<dyn DynPlayer> {
            trigonal_ai::typed_player::<G>(self.0, self.1)
        }
    }
    visit(id, Make(agent, seed))
}

/// The exact solver of game `id`, where it has one.
pub fn solver(id: &str) -> Option<Box<dyn Solver>> {
    (info(id).ok()?.solver)()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_game_can_be_created_and_unknown_ids_are_refused() {
        for info in GAMES {
            let game = new_game(info.id, &Options::default()).unwrap();
            assert_eq!(game.id(), info.id);
            assert_eq!(game.name(), info.name);
            assert_eq!(game.players(), info.players.0);
            assert!(!game.legal_moves().is_empty());
        }
        let Err(err) = new_game("chess", &Options::default()) else {
            panic!("chess is not a Trigonal game");
        };
        assert!(err.to_string().contains("unknown game \"chess\""));
    }
}
