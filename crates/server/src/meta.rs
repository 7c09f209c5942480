//! `GET /api/meta`: the games on offer as their kits describe them, their rating pools, and the
//! computer's levels with their time a move and their ratings where measured.

use std::collections::BTreeMap;

use serde::Serialize;
use trigonal_ai::Level;

/// `GET /api/meta`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Meta {
    games: Vec<MetaGame>,
    /// The rating pools, in the games' order.
    pools: Vec<MetaPool>,
    /// Each computer level's rating per pool, where measured.
    level_ratings: BTreeMap<String, BTreeMap<String, u32>>,
    levels: Vec<String>,
    /// Each level's time a move, in milliseconds.
    level_ms: BTreeMap<String, u64>,
}

/// A rating pool: its id (as its game's kit names it), its game, and its number of players where
/// the game has a pool per number.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct MetaPool {
    pub(crate) id: String,
    game: &'static str,
    players: Option<usize>,
}

/// The rating pools of the games, in their order: one per game, or one per number of players
/// where the game's kit pools them apart. Each with its levels' ratings, where measured.
pub(crate) fn pools() -> Vec<(MetaPool, Option<[u32; 5]>)> {
    let mut pools: Vec<(MetaPool, Option<[u32; 5]>)> = Vec::new();
    for g in trigonal_games::GAMES {
        for n in g.players.0..=g.players.1 {
            let id = (g.pool)(n);
            if !pools.iter().any(|(p, _)| p.id == id) {
                let pool = MetaPool {
                    players: (id != g.id).then_some(n),
                    id,
                    game: g.id,
                };
                pools.push((pool, (g.level_ratings)(n)));
            }
        }
    }
    pools
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct MetaGame {
    id: &'static str,
    name: &'static str,
    players: [usize; 2],
    variants: &'static [&'static str],
    summary: &'static str,
    /// The game's picture, where the front end has one (`/assets/img/{id}.svg?v={version}`).
    picture: Option<String>,
    /// The languages its rules page is written in (`/assets/rules/{id}.{language}.html`).
    rules: Vec<String>,
}

/// The games and levels on offer: fixed for the life of the process (the registry, the levels
/// and the front end's files are built in; a debug build, which reads the files from disk, sees
/// them as they were at the first ask), so worked out once.
pub fn meta() -> &'static Meta {
    static META: std::sync::LazyLock<Meta> = std::sync::LazyLock::new(build);
    &META
}

fn build() -> Meta {
    let pools = pools();
    Meta {
        level_ratings: pools
            .iter()
            .filter_map(|(p, ratings)| {
                let levels = Level::ALL
                    .iter()
                    .map(ToString::to_string)
                    .zip(*ratings.as_ref()?);
                Some((p.id.clone(), levels.collect()))
            })
            .collect(),
        games: trigonal_games::GAMES
            .iter()
            .map(|g| MetaGame {
                id: g.id,
                name: g.name,
                players: [g.players.0, g.players.1],
                variants: g.variants,
                summary: g.summary,
                picture: crate::web::versioned(&format!("/assets/img/{}.svg", g.id)),
                rules: crate::web::rules_languages(g.id),
            })
            .collect(),
        pools: pools.into_iter().map(|(p, _)| p).collect(),
        levels: Level::ALL.iter().map(ToString::to_string).collect(),
        level_ms: Level::ALL
            .iter()
            .map(|l| (l.to_string(), l.budget().as_millis() as u64))
            .collect(),
    }
}
