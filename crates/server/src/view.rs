//! The view of a game that the API returns and the WebSocket pushes: everything a front end needs
//! to draw the position and offer the legal moves as clicks, without knowing any rule. The API's
//! views carry the legal moves; the WebSocket's leave them out, since only the mover needs them
//! and they come to the mover in a message of their own ([`moves`]; `crate::wire`).

use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use trigonal_core::{Clause, DynGame, Scene};

use crate::live::Live;
use trigonal_store::{SeatKind, Table, TakeBackRequest};

/// How many of the latest chat messages a view carries.
const CHAT_SHOWN: usize = 50;

/// The view of a game, as `GET /api/games/{id}` answers it.
pub type GameView = View<'static>;

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = GameView)]
pub struct View<'a> {
    #[serde(flatten)]
    around: Around<'a>,
    history: Vec<&'a str>,
    /// The scene ids clicked to make each move of `history`.
    history_clicks: Vec<&'a [String]>,
    /// Each move of `history` said in words.
    #[schema(schema_with = crate::openapi::clauses)]
    history_words: Vec<&'a [Clause]>,
    movers: Vec<u8>,
    legal: Vec<String>,
    clicks: Vec<Clicks>,
    #[schema(schema_with = crate::openapi::scene)]
    board: Scene,
    chat: ChatView<'a>,
    /// The game's version in the store, one more with every change: the front end keeps the
    /// newest view whichever way it came.
    version: i64,
}

/// The view's fields around the board: what a change message sends whole when it changed
/// (`crate::wire`), where the board, the moves and the chat are sent as what was added.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Around<'a> {
    id: &'a str,
    game: &'a str,
    name: &'a str,
    variant: Option<String>,
    players: usize,
    ply: usize,
    to_move: Option<u8>,
    outcome: Option<OutcomeView<'a>>,
    scores: Option<Vec<i32>>,
    seats: Vec<SeatView<'a>>,
    undo: bool,
    #[schema(schema_with = crate::openapi::takeback_or_null)]
    takeback: Option<&'a TakeBackRequest>,
    draw_offer: Option<u8>,
    rematch: Option<&'a str>,
    rematch_of: Option<&'a str>,
    /// The tournament whose table this game is.
    tournament: Option<&'a str>,
    creator: Option<u8>,
    rated: bool,
    /// Each seat played by a bot.
    bots: &'a [bool],
    #[schema(schema_with = crate::openapi::control_or_null)]
    clock: Option<trigonal_clock::Control>,
    remaining_ms: Option<Vec<i64>>,
    running: Option<u8>,
    created: String,
    updated: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ChatView<'a> {
    enabled: bool,
    messages: Vec<MessageView<'a>>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct MessageView<'a> {
    seat: u8,
    text: &'a str,
    at: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Clicks {
    #[serde(rename = "move")]
    mv: String,
    clicks: Vec<String>,
    steps: Vec<&'static str>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct OutcomeView<'a> {
    winners: Vec<u8>,
    scores: Option<Vec<i32>>,
    reason: &'a str,
}

#[derive(Serialize, utoipa::ToSchema)]
struct SeatView<'a> {
    seat: usize,
    kind: &'static str,
    level: Option<String>,
    taken: bool,
    name: Option<&'a str>,
    /// The name of the account the seat belongs to (to report it by), if any.
    account: Option<&'a str>,
    /// Whether its account was deleted: shown as a deleted player's.
    deleted: bool,
    present: bool,
    resigned: bool,
    out_of_time: bool,
}

/// An RFC 3339 timestamp for unix milliseconds `ms`.
pub fn rfc3339(ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// How the game ended in `position` (after `ply` moves) if it did: by the table's ending (a
/// resignation, a draw agreed, a flag) in the current position, else by the rules, where seats
/// out of the game cannot win ([`trigonal_core::Outcome::without`]).
fn outcome<'a>(live: &'a Live, position: &dyn DynGame, current: bool) -> Option<OutcomeView<'a>> {
    let (winners, reason) = ending(&live.table, position, current)?;
    Some(OutcomeView {
        winners,
        scores: position.scores(),
        reason,
    })
}

/// The winners and the reason of the end of a game around `table` in `position`, if it ended:
/// the table's ending where it has one (and `current`, the position is the game's last), else the
/// rules', seats out of the game never among the winners.
pub fn ending<'a>(
    table: &'a Table,
    position: &dyn DynGame,
    current: bool,
) -> Option<(Vec<u8>, &'a str)> {
    if let (true, Some(ending)) = (current, &table.ending) {
        return Some((ending.winners.clone(), &ending.reason));
    }
    let players = position.players();
    let mut out = trigonal_core::Seats::EMPTY;
    for s in (0..players as u8).filter(|&s| crate::live::retired(table, s)) {
        out = out.with(trigonal_core::Seat(s));
    }
    let winners = position
        .outcome()?
        .without(out, position.scores().as_deref(), players)
        .winners
        .iter()
        .map(|s| s.0)
        .collect();
    Some((winners, "rules"))
}

/// A position alone, as lessons and puzzles show one: the board, whose turn it is, and the
/// legal moves with their clicks (none once it is over) — what a front end needs to draw it and
/// take a move, knowing no rule.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PositionView {
    game: &'static str,
    players: usize,
    variant: Option<String>,
    to_move: Option<u8>,
    scores: Option<Vec<i32>>,
    /// The seats that won, once it is over.
    winners: Option<Vec<u8>>,
    legal: Vec<String>,
    clicks: Vec<Clicks>,
    #[schema(schema_with = crate::openapi::scene)]
    board: Scene,
}

/// The [`PositionView`] of `position`.
pub fn position(position: &dyn DynGame) -> PositionView {
    let (legal, clicks) = legal_clicks(position);
    PositionView {
        game: position.id(),
        players: position.players(),
        variant: position.options().variant,
        to_move: position.to_move().map(|s| s.0),
        scores: position.scores(),
        winners: position.outcome().map(|o| {
            (0..position.players() as u8)
                .filter(|&s| o.winners.contains(trigonal_core::Seat(s)))
                .collect()
        }),
        legal,
        clicks,
        board: position.scene(),
    }
}

/// The legal moves of `position` and the clicks that make each.
fn legal_clicks(position: &dyn DynGame) -> (Vec<String>, Vec<Clicks>) {
    position
        .legal_clicks()
        .into_iter()
        .map(|m| {
            let clicks = Clicks {
                mv: m.mv.clone(),
                clicks: m.clicks,
                steps: m.steps,
            };
            (m.mv, clicks)
        })
        .unzip()
}

/// The view of `live` after its first `ply` moves, given `position`, the position then. With
/// `legal`, `legal` and `clicks` are filled for the current position (else left empty).
fn view<'a>(live: &'a Live, position: &dyn DynGame, ply: usize, legal: bool) -> View<'a> {
    let current = ply == live.history.len();
    let around = around_at(live, position, ply);
    let (legal, clicks) = if legal && current && around.to_move.is_some() {
        legal_clicks(position)
    } else {
        (Vec::new(), Vec::new())
    };
    View {
        around,
        history: live.history[..ply]
            .iter()
            .map(|m| m.text.as_str())
            .collect(),
        history_clicks: live.shown[..ply].iter().map(|m| &m.clicks[..]).collect(),
        history_words: live.shown[..ply].iter().map(|m| &m.words[..]).collect(),
        movers: live.history[..ply].iter().map(|m| m.seat).collect(),
        legal,
        clicks,
        board: position.scene(),
        chat: ChatView {
            enabled: !live.table.chat_off,
            messages: live.chat[live.chat.len().saturating_sub(CHAT_SHOWN)..]
                .iter()
                .map(message_view)
                .collect(),
        },
        version: live.version,
    }
}

/// The fields around the board of the view of `live` after its first `ply` moves, in
/// `position`.
fn around_at<'a>(live: &'a Live, position: &dyn DynGame, ply: usize) -> Around<'a> {
    let current = ply == live.history.len();
    let to_move = if current {
        live.to_move()
    } else {
        position.to_move().map(|s| s.0)
    };
    Around {
        id: &live.id,
        game: position.id(),
        name: position.name(),
        variant: position.options().variant,
        players: position.players(),
        ply,
        to_move,
        outcome: outcome(live, position, current),
        scores: position.scores(),
        seats: live
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| SeatView {
                seat,
                kind: s.kind.as_str(),
                level: s.level.clone(),
                taken: s.kind != SeatKind::Open
                    && !(s.kind == SeatKind::Human
                        && s.token_digest.is_none()
                        && live.table.bots.get(seat) != Some(&true)),
                name: live.table.names.get(seat).and_then(|n| n.as_deref()),
                account: live.table.accounts.get(seat).and_then(|n| n.as_deref()),
                deleted: live.table.deleted.get(seat) == Some(&true),
                present: live.present.contains(&(seat as u8)),
                resigned: live.resigned(seat as u8),
                out_of_time: live.table.out_of_time.get(seat) == Some(&true),
            })
            .collect(),
        undo: live.can_undo(),
        takeback: live.table.takeback.as_ref(),
        draw_offer: live.table.draw_offer,
        rematch: live.table.rematch.as_deref(),
        rematch_of: live.table.rematch_of.as_deref(),
        tournament: live.table.tournament.as_deref(),
        creator: live.table.creator,
        rated: live.table.rated,
        bots: &live.table.bots,
        clock: live.table.clock.as_ref().map(|c| c.control),
        remaining_ms: live
            .table
            .clock
            .as_ref()
            .map(|c| c.remaining_at(trigonal_store::now_ms())),
        running: live.table.clock.as_ref().and_then(|c| c.running),
        created: rfc3339(live.created),
        updated: rfc3339(live.updated),
    }
}

/// The fields around the board of the current view of `live`.
pub fn around(live: &Live) -> Around<'_> {
    around_at(live, live.position.as_ref(), live.history.len())
}

/// The view of the current position, with its legal moves (the API's).
pub fn render(live: &Live) -> Utf8Bytes {
    let view = view(live, live.position.as_ref(), live.history.len(), true);
    serde_json::to_string(&view)
        .expect("a view serialises")
        .into()
}

/// The view of the current position without its legal moves (the WebSocket's).
pub fn watched(live: &Live) -> String {
    let view = view(live, live.position.as_ref(), live.history.len(), false);
    serde_json::to_string(&view).expect("a view serialises")
}

/// The view of the position after the first `ply` moves (`ply` at most the moves played).
pub fn render_at(live: &Live, ply: usize, position: &dyn DynGame) -> String {
    serde_json::to_string(&view(live, position, ply, true)).expect("a view serialises")
}

/// The message that gives the seat to move its legal moves: `{"type": "moves", "version",
/// "seat", "legal", "clicks"}`; `None` when nobody is to move.
pub fn moves(live: &Live) -> Option<(u8, String)> {
    #[derive(Serialize, utoipa::ToSchema)]
    struct Moves {
        #[serde(rename = "type")]
        kind: &'static str,
        version: i64,
        seat: u8,
        legal: Vec<String>,
        clicks: Vec<Clicks>,
    }
    let seat = live.to_move()?;
    let (legal, clicks) = legal_clicks(live.position.as_ref());
    let moves = Moves {
        kind: "moves",
        version: live.version,
        seat,
        legal,
        clicks,
    };
    Some((
        seat,
        serde_json::to_string(&moves).expect("moves serialise"),
    ))
}

fn message_view(m: &trigonal_store::ChatRow) -> MessageView<'_> {
    MessageView {
        seat: m.seat,
        text: &m.text,
        at: rfc3339(m.at),
    }
}

/// One chat message as views show it.
pub fn chat_message(m: &trigonal_store::ChatRow) -> serde_json::Value {
    serde_json::to_value(message_view(m)).expect("a message serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_core::Options;
    use trigonal_store::{GameRow, MoveRow, SeatRow, Table};

    /// A finished game of The Triangle Game with three players that someone won, played by a
    /// fixed pseudo-random sequence.
    fn won_game() -> Live {
        let options = Options {
            players: Some(3),
            variant: None,
        };
        for seed in 1u64.. {
            let mut position = trigonal_games::new_game("triangle-game", &options).unwrap();
            let mut moves = Vec::new();
            let mut state = seed;
            while let Some(seat) = position.to_move() {
                let legal = position.legal_moves();
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let text = position
                    .play(&legal[(state >> 33) as usize % legal.len()])
                    .unwrap();
                moves.push(MoveRow {
                    text,
                    seat: seat.0,
                    at: 0,
                });
            }
            if position
                .outcome()
                .is_some_and(|o| o.winners.iter().count() == 1)
            {
                let human = SeatRow {
                    kind: SeatKind::Human,
                    level: None,
                    token_digest: None,
                    owner: None,
                    keys: Vec::new(),
                };
                return Live::from_row(GameRow {
                    id: "g".into(),
                    game: "triangle-game".into(),
                    variant: None,
                    players: 3,
                    seats: vec![human; 3],
                    moves,
                    to_move: None,
                    version: 0,
                    created: 0,
                    updated: 0,
                    table: Table::default(),
                    chat: Vec::new(),
                    present: Vec::new(),
                    deadline: None,
                })
                .unwrap();
            }
        }
        unreachable!()
    }

    #[test]
    fn a_resigned_seat_is_never_among_the_winners() {
        let mut live = won_game();
        let by_rules = outcome(&live, live.position.as_ref(), true).unwrap();
        assert_eq!(by_rules.reason, "rules");
        assert_eq!(by_rules.winners.len(), 1);
        let winner = by_rules.winners[0];
        let scores = by_rules.scores.clone().unwrap();

        live.table.resigned = vec![false; 3];
        live.table.resigned[winner as usize] = true;
        let after = outcome(&live, live.position.as_ref(), true).unwrap();
        assert!(!after.winners.contains(&winner));
        // The best score among the others wins in its place.
        let best = (0..3u8)
            .filter(|&s| s != winner)
            .map(|s| scores[s as usize])
            .max()
            .unwrap();
        assert!(!after.winners.is_empty());
        for s in &after.winners {
            assert_eq!(scores[*s as usize], best);
        }
        // An ending not by the rules is the table's, in the current position only.
        live.table.ending = Some(trigonal_store::Ending {
            reason: "agreement".into(),
            winners: Vec::new(),
        });
        let agreed = outcome(&live, live.position.as_ref(), true).unwrap();
        assert_eq!((agreed.reason, agreed.winners.len()), ("agreement", 0));
        let replayed = outcome(&live, live.position.as_ref(), false).unwrap();
        assert_eq!(replayed.reason, "rules");
    }
}
