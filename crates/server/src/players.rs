//! Players and their games: profiles with ratings by pool, leaderboards, the signed-in player's
//! games, and a guest's games adopted by the account they sign in to.

use serde::{Deserialize, Serialize};
use trigonal_store::TokenDigest;

use crate::accounts::SignedIn;
use crate::change::{self, Command};
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::rfc3339;

/// `GET /api/players/{name}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Profile {
    name: String,
    created: String,
    ratings: std::collections::BTreeMap<String, PoolRating>,
    games: Vec<PlayedGame>,
}

/// A game on a profile: what was played, against whom, how it ended for the player, when.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlayedGame {
    id: String,
    game: String,
    /// The game's name.
    name: String,
    /// The player's seat (their first, should they hold several).
    seat: u8,
    /// The other seats.
    opponents: Vec<Opponent>,
    /// `won`, `shared` (a win with others), `lost` or `draw`; null while the game goes on.
    result: Option<&'static str>,
    rated: bool,
    /// Last changed (RFC 3339).
    updated: String,
}

/// Another seat of a game on a profile: its name if its player gave one, and its kind
/// (`human`, `ai`, `open`, …) and level where the computer plays it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Opponent {
    seat: u8,
    name: Option<String>,
    /// Whether its account was deleted: a deleted player's seat.
    deleted: bool,
    kind: &'static str,
    level: Option<String>,
}

/// A rating as shown.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PoolRating {
    rating: f64,
    deviation: f64,
    games: u32,
    provisional: bool,
    /// `[unix ms, rating]` after each rated game, oldest first.
    history: Vec<(i64, f64)>,
}

fn shown(r: &trigonal_ratings::Rating, history: Vec<(i64, f64)>) -> PoolRating {
    PoolRating {
        rating: r.rating.round(),
        deviation: r.deviation.round(),
        games: r.games,
        provisional: r.provisional(),
        history: history.into_iter().map(|(at, x)| (at, x.round())).collect(),
    }
}

/// A player's profile: ratings by pool (with their history) and games, newest first.
pub async fn profile(state: &AppState, name: &str) -> Result<Profile, ApiError> {
    let account = state
        .store
        .account_by_name(name)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no player named {name:?}").into()))?;
    let mut ratings = std::collections::BTreeMap::new();
    for row in state.store.ratings(&account.id).await? {
        let history = state.store.rating_history(&account.id, &row.pool).await?;
        ratings.insert(row.pool.clone(), shown(&row.rating, history));
    }
    let mut games: Vec<PlayedGame> = Vec::new();
    for (id, seat) in state.store.account_seats(&account.id, MY_GAMES).await? {
        if games.iter().any(|g| g.id == id) {
            continue;
        }
        let game = change::current(state, &id).await?;
        let live = game.state.lock().await;
        let result = crate::view::ending(&live.table, &*live.position, true).map(|(winners, _)| {
            match (winners.contains(&seat), winners.len()) {
                (_, 0) => "draw",
                (true, 1) => "won",
                (true, _) => "shared",
                (false, _) => "lost",
            }
        });
        games.push(PlayedGame {
            name: trigonal_games::info(&live.game)
                .map_or_else(|_| live.game.clone(), |i| i.name.to_string()),
            game: live.game.clone(),
            seat,
            opponents: live
                .seats
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != usize::from(seat))
                .map(|(i, s)| Opponent {
                    seat: i as u8,
                    name: live.table.names.get(i).cloned().flatten(),
                    deleted: live.table.deleted.get(i) == Some(&true),
                    kind: s.kind.as_str(),
                    level: s.level.clone(),
                })
                .collect(),
            result,
            rated: live.table.rated,
            updated: rfc3339(live.updated),
            id,
        });
    }
    Ok(Profile {
        name: account.name,
        created: rfc3339(account.created),
        ratings,
        games,
    })
}

/// `GET /api/leaderboard/{pool}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Leaderboard {
    pool: String,
    players: Vec<Ranked>,
    provisional: Vec<Ranked>,
}

/// A line of a leaderboard.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Ranked {
    name: String,
    rating: f64,
    deviation: f64,
    games: u32,
}

/// The players of a pool, best first, those with provisional ratings apart. `pool` is a pool's
/// id (`four-triangles-3`) or a game's (the pool of its fewest players).
pub async fn leaderboard(state: &AppState, pool: &str) -> Result<Leaderboard, ApiError> {
    // A game's id names its pool, or where it has several, the pool of its fewest players.
    let pool = match trigonal_games::info(pool) {
        Ok(g) => (g.pool)(g.players.0),
        Err(_) => crate::meta::pools()
            .into_iter()
            .map(|(p, _)| p.id)
            .find(|id| id == pool)
            .ok_or_else(|| ApiError::NotFound(format!("no rating pool {pool:?}").into()))?,
    };
    let (mut players, mut provisional) = (Vec::new(), Vec::new());
    for (name, r) in state.store.leaderboard(&pool, 200).await? {
        let line = Ranked {
            name,
            rating: r.rating.round(),
            deviation: r.deviation.round(),
            games: r.games,
        };
        if r.provisional() {
            provisional.push(line);
        } else {
            players.push(line);
        }
    }
    Ok(Leaderboard {
        pool,
        players,
        provisional,
    })
}

/// How many of an account's games `GET /api/me/games` lists.
const MY_GAMES: usize = 100;

/// `GET /api/me/games`: a game of the signed-in player's, with the token of their seat for
/// this browser.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MyGame {
    id: String,
    game: String,
    name: String,
    players: usize,
    seat: u8,
    token: String,
    to_move: Option<u8>,
    your_turn: bool,
    over: bool,
    /// The player left the game (resigned, or ran out of time in a game of three or four): the
    /// computer plays the seat on, and it is still the player's game.
    out: bool,
    updated: String,
}

/// `POST /api/me/games`: games this browser played as a guest, to keep.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Adopt {
    /// The games and their seat tokens.
    pub games: Vec<Held>,
}

/// A game and the token of a seat in it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Held {
    /// The game.
    pub id: String,
    /// The seat's token.
    pub token: String,
}

/// A token for `signed_in`'s seat `seat` in game `game` for this browser — derived from the
/// session's secret, so the same each time — made one of the seat's keys.
pub async fn seat_key(
    state: &AppState,
    signed_in: &SignedIn,
    game: &str,
    seat: u8,
) -> Result<String, ApiError> {
    let token = TokenDigest::derive(&signed_in.secret, &format!("{game}/{seat}"));
    let command = Command::Key {
        seat,
        owner: signed_in.account.id.clone(),
        digest: TokenDigest::of(&token),
    };
    change::execute(state, game, command).await?;
    Ok(token)
}

/// The signed-in player's games, those where it is their turn first, each with a token for
/// their seat in this browser (derived from the session's secret, so the same each time; its
/// digest becomes one more key of the seat).
pub async fn my_games(state: &AppState, signed_in: &SignedIn) -> Result<Vec<MyGame>, ApiError> {
    let owner = &signed_in.account.id;
    let mut games = Vec::new();
    for (id, seat) in state.store.account_seats(owner, MY_GAMES).await? {
        games.push(my_game_at(state, signed_in, id, seat).await?);
    }
    // Stable: within each group, the order of the store (last changed first).
    games.sort_by_key(|g| (!g.your_turn, g.over));
    Ok(games)
}

/// `GET /api/me/games/{id}`: the signed-in player's seat in game `id`, with its token for this
/// browser — how a page told of a new game (a seek filled, a tournament round) takes its seat.
pub async fn my_game(state: &AppState, signed_in: &SignedIn, id: &str) -> Result<MyGame, ApiError> {
    let seat = {
        let game = change::find(state, id).await?;
        let live = game.state.lock().await;
        live.seats
            .iter()
            .position(|s| s.owner.as_deref() == Some(signed_in.account.id.as_str()))
    };
    let Some(seat) = seat else {
        return Err(ApiError::NotFound(
            Reason::new(
                "no-seat-of-yours",
                format!("you have no seat in game {id:?}"),
            )
            .with("id", id),
        ));
    };
    my_game_at(state, signed_in, id.to_string(), seat as u8).await
}

/// Game `id` as the signed-in player's, who sits at `seat`.
async fn my_game_at(
    state: &AppState,
    signed_in: &SignedIn,
    id: String,
    seat: u8,
) -> Result<MyGame, ApiError> {
    let token = seat_key(state, signed_in, &id, seat).await?;
    let game = change::find(state, &id).await?;
    let live = game.state.lock().await;
    let to_move = live.to_move();
    let out = live.retired(seat);
    Ok(MyGame {
        name: trigonal_games::info(&live.game)
            .map_or_else(|_| live.game.clone(), |i| i.name.to_string()),
        game: live.game.clone(),
        players: live.seats.len(),
        id,
        seat,
        token,
        to_move,
        your_turn: to_move == Some(seat) && !out,
        over: to_move.is_none(),
        out,
        updated: rfc3339(live.updated),
    })
}

/// Makes the seats of the tokens this browser holds (as a guest) the signed-in player's; then
/// their games.
pub async fn adopt(
    state: &AppState,
    signed_in: &SignedIn,
    held: Adopt,
) -> Result<Vec<MyGame>, ApiError> {
    const MOST: usize = 200;
    if held.games.len() > MOST {
        return Err(ApiError::BadRequest(
            format!("at most {MOST} games at once").into(),
        ));
    }
    for Held { id, token } in held.games {
        // A seat beside someone in a block with the account stays this browser's only.
        let others: Vec<String> = {
            let game = change::find(state, &id).await?;
            let live = game.state.lock().await;
            live.seats.iter().filter_map(|s| s.owner.clone()).collect()
        };
        let me = signed_in.account.id.as_str();
        if crate::blocks::may_sit_with(state, me, &others)
            .await
            .is_err()
        {
            continue;
        }
        let command = Command::Own {
            token,
            owner: signed_in.account.id.clone(),
            name: signed_in.account.name.clone(),
        };
        change::execute(state, &id, command).await?;
    }
    my_games(state, signed_in).await
}

/// `GET /api/games/{id}/ratings`: what a rated game did to its players' ratings, by seat.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameRatings {
    changes: Vec<SeatRatingChange>,
}

/// One seat's rating before and after a rated game, rounded as shown.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct SeatRatingChange {
    seat: u8,
    before: f64,
    after: f64,
}

/// The rating changes of game `id`: one per seat of a rated game that has ended and been
/// settled, in seat order; none for any other game.
pub async fn game_ratings(state: &AppState, id: &str) -> Result<GameRatings, ApiError> {
    let game = crate::change::current(state, id).await?;
    let owners: Vec<Option<String>> = {
        let live = game.state.lock().await;
        if !live.table.rated {
            return Ok(GameRatings {
                changes: Vec::new(),
            });
        }
        live.seats.iter().map(|s| s.owner.clone()).collect()
    };
    let settled = state.store.game_ratings(id).await?;
    let changes = owners
        .iter()
        .enumerate()
        .filter_map(|(seat, owner)| {
            let r = settled
                .iter()
                .find(|r| Some(&r.account) == owner.as_ref())?;
            Some(SeatRatingChange {
                seat: seat as u8,
                before: r.before.round(),
                after: r.after.round(),
            })
        })
        .collect();
    Ok(GameRatings { changes })
}
