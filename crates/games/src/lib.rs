//! The registry of Trigonal's games.
//!
//! The one place that knows which games exist: it maps a game id (`triangoli`, …) to its engine,
//! either as a boxed [`DynGame`] or by calling back a generic [`Visitor`] with the concrete type,
//! so that the command line and the server can run generic, monomorphised code (perft, search)
//! on a game picked at run time. It knows no rule of any game.

pub mod checks;

use trigonal_core::{DynGame, Game, Options, OptionsError};

/// What a front end or a help text says about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

/// Every game Trigonal knows, in the order they are listed to players.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        id: trigonal_triangoli::Triangoli::ID,
        name: trigonal_triangoli::Triangoli::NAME,
        players: (2, 2),
        variants: &[],
        summary: "Pawns walk the lines of a hexagon of 24 triangles, dropping and swapping cylinders; majorities in six sectors score.",
    },
    GameInfo {
        id: trigonal_triangle_game::TriangleGame::ID,
        name: trigonal_triangle_game::TriangleGame::NAME,
        players: (3, 3),
        variants: &[],
        summary: "Three players place and slide stones on a Sierpinski gasket; Power Triangles give extra slides or pickups, and two points in your home territory end the game.",
    },
    GameInfo {
        id: trigonal_triangular::Triangular::ID,
        name: trigonal_triangular::Triangular::NAME,
        players: (2, 2),
        variants: &[],
        summary: "Pieces are laid edge to edge around a red one; three of your own at the corners of a triangle score its edge, two with the red one win at once.",
    },
    GameInfo {
        id: trigonal_four_triangles::FourTriangles::ID,
        name: trigonal_four_triangles::FourTriangles::NAME,
        players: (2, 4),
        variants: &["full", "simple"],
        summary: "Singles, doubles and triples warp between four triangles, capture, split and turn the triangles; hold the four middle points or a triangle's middle and median points, or be the last one left.",
    },
];

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
    fn visit<G: Game>(self) -> Self::Output;
}

/// Calls `visitor` with the game whose id is `id`.
pub fn visit<V: Visitor>(id: &str, visitor: V) -> Result<V::Output, UnknownGame> {
    use trigonal_triangoli::Triangoli;
    use trigonal_triangular::Triangular;
    match id {
        Triangoli::ID => Ok(visitor.visit::<Triangoli>()),
        trigonal_triangle_game::TriangleGame::ID => {
            Ok(visitor.visit::<trigonal_triangle_game::TriangleGame>())
        }
        Triangular::ID => Ok(visitor.visit::<Triangular>()),
        trigonal_four_triangles::FourTriangles::ID => {
            Ok(visitor.visit::<trigonal_four_triangles::FourTriangles>())
        }
        _ => Err(UnknownGame(id.to_string())),
    }
}

/// The start position of game `id` with `options`, boxed.
pub fn new_game(id: &str, options: &Options) -> Result<Box<dyn DynGame>, NewGameError> {
    struct New<'a>(&'a Options);
    impl Visitor for New<'_> {
        type Output = Result<Box<dyn DynGame>, OptionsError>;
        fn visit<G: Game>(self) -> Self::Output {
            Ok(Box::new(G::new(self.0)?))
        }
    }
    Ok(visit(id, New(options))??)
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
