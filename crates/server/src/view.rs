//! The view of a game that the API returns and the WebSocket pushes: everything a front end needs
//! to draw the position and offer the legal moves as clicks, without knowing any rule.

use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use trigonal_core::{DynGame, Scene};

use crate::live::Live;
use trigonal_store::SeatKind;

#[derive(Serialize)]
struct View<'a> {
    id: &'a str,
    game: &'a str,
    name: &'a str,
    variant: Option<String>,
    players: usize,
    ply: usize,
    to_move: Option<u8>,
    history: Vec<&'a str>,
    movers: Vec<u8>,
    legal: Vec<String>,
    clicks: Vec<Clicks>,
    outcome: Option<OutcomeView>,
    scores: Option<Vec<i32>>,
    seats: Vec<SeatView>,
    board: Scene,
    undo: bool,
    created: String,
    updated: String,
}

#[derive(Serialize)]
struct Clicks {
    #[serde(rename = "move")]
    mv: String,
    clicks: Vec<String>,
}

#[derive(Serialize)]
struct OutcomeView {
    winners: Vec<u8>,
    scores: Option<Vec<i32>>,
}

#[derive(Serialize)]
struct SeatView {
    seat: usize,
    kind: &'static str,
    level: Option<String>,
    taken: bool,
}

/// An RFC 3339 timestamp for unix milliseconds `ms`.
pub fn rfc3339(ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// The JSON view of `live` after its first `ply` moves, given `position`, the position then.
/// `legal` and `clicks` are filled only for the current position.
fn render_position(live: &Live, position: &dyn DynGame, ply: usize) -> String {
    let current = ply == live.history.len();
    let (legal, clicks) = if current {
        position
            .legal_clicks()
            .into_iter()
            .map(|(mv, clicks)| (mv.clone(), Clicks { mv, clicks }))
            .unzip()
    } else {
        (Vec::new(), Vec::new())
    };
    let scores = position.scores();
    let view = View {
        id: &live.id,
        game: position.id(),
        name: position.name(),
        variant: position.options().variant,
        players: position.players(),
        ply,
        to_move: position.to_move().map(|s| s.0),
        history: live.history[..ply]
            .iter()
            .map(|m| m.text.as_str())
            .collect(),
        movers: live.history[..ply].iter().map(|m| m.seat).collect(),
        legal,
        clicks,
        outcome: position.outcome().map(|o| OutcomeView {
            winners: o.winners.iter().map(|s| s.0).collect(),
            scores: scores.clone(),
        }),
        scores,
        seats: live
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| SeatView {
                seat,
                kind: s.kind.as_str(),
                level: s.level.clone(),
                taken: s.kind != SeatKind::Open,
            })
            .collect(),
        board: position.scene(),
        undo: live.can_undo(),
        created: rfc3339(live.created),
        updated: rfc3339(live.updated),
    };
    serde_json::to_string(&view).expect("a view serialises")
}

/// The view of the current position.
pub fn render(live: &Live) -> Utf8Bytes {
    render_position(live, live.position.as_ref(), live.history.len()).into()
}

/// The view of the position after the first `ply` moves (`ply` at most the moves played).
pub fn render_at(live: &Live, ply: usize, position: &dyn DynGame) -> String {
    render_position(live, position, ply)
}
