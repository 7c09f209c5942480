//! The one change path. Every change to a game — a person's move, a take-back, a join, a
//! computer's move — goes through [`execute`], always in this order:
//!
//! 1. **check** the command against the game as the store has it (a copy that may be behind is
//!    brought up to date before a refusal is believed, and whenever the store says so);
//! 2. **commit** it to the store, conditional on the version it was checked against — of two
//!    changes checked against one version, exactly one is committed; the other is checked again
//!    against the newer game, and usually refused (409);
//! 3. **update** the copy in memory;
//! 4. **render** its view;
//! 5. **publish** the view to this process's watchers (other processes hear of the change from
//!    the store's events and come through [`refresh`], the same steps 3–5);
//! 6. **schedule** the computer: a computer move made due is a job committed with the change
//!    (step 2); here the process's own computer is woken to claim it.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use trigonal_core::{DynGame, MoveError};
use trigonal_store::{
    now_ms, random_id, Change, ChatRow, Commit, Committed, Ending, GameRow, MoveRow, RatedResult,
    SeatKind, SeatRow, Table, TakeBackRequest, TokenDigest, CHAT_KEPT,
};

use crate::error::ApiError;
use crate::hub::LiveGame;
use crate::live::{self, Live};
use crate::view;
use crate::AppState;

/// How often a change is checked and committed again when the game keeps changing under it.
const ATTEMPTS: usize = 4;

/// The computer's level for a resigned seat of a 3–4 player game.
pub const RESIGNED_LEVEL: &str = "easy";

/// At most this many chat messages per seat in any [`CHAT_WINDOW_MS`].
pub const CHAT_BURST: usize = 5;
/// See [`CHAT_BURST`].
pub const CHAT_WINDOW_MS: i64 = 10_000;

/// A change someone asks for.
pub enum Command {
    /// A person's move: the holder of `token` plays `mv`, having seen the game at `ply`.
    Move {
        /// The mover's seat token.
        token: String,
        /// The move, in any notation the game reads.
        mv: String,
        /// The ply the mover saw.
        ply: usize,
    },
    /// The holder of `token` takes back their last turn and everything after it — at once when
    /// that removes no other person's move, else as a request to those people.
    Undo {
        /// The seat token.
        token: String,
    },
    /// The holder of `token` accepts or declines the pending take-back (the asker withdraws it).
    Answer {
        /// The seat token.
        token: String,
        /// Accept (true) or decline (false).
        accept: bool,
    },
    /// The holder of `token` resigns.
    Resign {
        /// The seat token.
        token: String,
    },
    /// The holder of `token` offers or accepts a draw (`accept`), or declines or withdraws one.
    Draw {
        /// The seat token.
        token: String,
        /// Offer or accept (true), decline or withdraw (false).
        accept: bool,
    },
    /// The holder of `token` asks for a rematch: the game's rematch is made if there is none.
    Rematch {
        /// The seat token.
        token: String,
    },
    /// Someone takes the open seat `seat`, with a new token of digest `digest`.
    Join {
        /// The seat.
        seat: u8,
        /// The new token's digest.
        digest: TokenDigest,
        /// The name the player gave.
        name: Option<String>,
        /// The player's account, when signed in.
        owner: Option<String>,
    },
    /// The owner of seat `seat`, signed in as `owner`, plays it with one more token (of digest
    /// `digest`) in another browser; nothing changes if that token already plays it.
    Key {
        /// The seat.
        seat: u8,
        /// The account asking.
        owner: String,
        /// The token's digest.
        digest: TokenDigest,
    },
    /// The holder of `token` makes its seat the account `owner`'s (a guest who signed up).
    Own {
        /// The seat token.
        token: String,
        /// The account.
        owner: String,
    },
    /// The player the kept seat `seat` waits for (a rematch's) takes it with the token of
    /// `digest` (nothing changes if it already has that token).
    Claim {
        /// The seat.
        seat: u8,
        /// The token's digest.
        digest: TokenDigest,
    },
    /// The holder of `token` says `text` (checked: 1–200 characters).
    Say {
        /// The seat token.
        token: String,
        /// The message.
        text: String,
    },
    /// The creator turns chat on or off.
    ChatEnabled {
        /// The seat token.
        token: String,
        /// On or off.
        enabled: bool,
    },
    /// The time of the seat to move ran out (its deadline passed): it loses, or in a 3–4 player
    /// game the computer plays it on.
    Flag,
    /// The computer in `seat` plays `mv`, found for the game at `ply` by the process `owner`.
    Computer {
        /// The computer's seat.
        seat: u8,
        /// The claim owner of the process that thought (it keeps the search).
        owner: String,
        /// The ply it thought about.
        ply: usize,
        /// Its move, canonical.
        mv: String,
    },
}

/// A command checked against a game: what to commit, and the game after it.
struct Plan {
    change: Change,
    /// The seat that moved, for a move.
    mover: Option<u8>,
    /// The position after the change.
    position: Box<dyn DynGame>,
    /// A seat as it becomes.
    seat: Option<(u8, SeatRow)>,
    /// The table after the change.
    table: Table,
    at: i64,
}

/// What checking a command decided.
enum Checked {
    /// Commit this.
    Commit(Box<Plan>),
    /// Nothing to change (the command's effect is already there): answer with the view.
    Nothing,
}

impl ApiError {
    /// Whether a copy of the game that is behind could be why the request was refused.
    fn may_be_stale(&self) -> bool {
        matches!(
            self,
            ApiError::Forbidden(_)
                | ApiError::Conflict(_)
                | ApiError::Unprocessable(_)
                | ApiError::Unauthorized(_)
        )
    }
}

fn no_seat() -> ApiError {
    ApiError::Forbidden("that token does not belong to a seat of this game".into())
}

/// The seat of `token` in `live`, or 403: how every request that names a seat by its token
/// finds it.
pub fn seat_of(live: &Live, token: &str) -> Result<u8, ApiError> {
    live.seat_of(token).ok_or_else(no_seat)
}

/// `table` with its offers and requests gone: what any move or take-back leaves.
fn lapsed(table: &Table) -> Table {
    Table {
        draw_offer: None,
        takeback: None,
        ..table.clone()
    }
}

/// Sets `seat`'s entry of a per-seat list of the table, growing it to `players`.
fn set<T: Clone + Default>(list: &mut Vec<T>, players: usize, seat: u8, value: T) {
    if list.len() < players {
        list.resize(players, T::default());
    }
    list[seat as usize] = value;
}

/// Commit `plan`.
fn commit(plan: Plan) -> Checked {
    Checked::Commit(Box::new(plan))
}

/// A plan changing only the table.
fn table_plan(live: &Live, table: Table, at: i64) -> Checked {
    commit(Plan {
        change: Change::Table,
        mover: None,
        position: live.position.clone(),
        seat: None,
        table,
        at,
    })
}

/// Refuses what only a game still being played allows.
fn not_over(live: &Live) -> Result<(), ApiError> {
    if live.to_move().is_none() {
        return Err(ApiError::Conflict("the game is over".into()));
    }
    Ok(())
}

/// What `command` would change in `live`, clocks apart.
fn decide(live: &Live, command: &Command) -> Result<Checked, ApiError> {
    let at = now_ms();
    let ply = live.history.len();
    let players = live.seats.len();
    match command {
        Command::Move {
            token,
            mv,
            ply: seen,
        } => {
            let seat = seat_of(live, token)?;
            if *seen != ply {
                return Err(ApiError::Conflict(format!(
                    "the game is at ply {ply}, not {seen}; reload it to see the moves made since"
                )));
            }
            let Some(to_move) = live.to_move() else {
                return Err(ApiError::Unprocessable(MoveError::GameOver.to_string()));
            };
            if live.retired(seat) {
                return Err(ApiError::Forbidden(
                    "you are out of the game: the computer plays your seat now".into(),
                ));
            }
            if to_move != seat {
                return Err(ApiError::Forbidden(format!(
                    "it is not your turn: seat {to_move} is to move, and your token is seat {seat}"
                )));
            }
            move_plan(live, seat, mv, at)
                .map(commit)
                .map_err(|e| ApiError::Unprocessable(e.to_string()))
        }
        Command::Undo { token } => {
            let seat = seat_of(live, token)?;
            if live.retired(seat) {
                return Err(ApiError::Conflict("you are out of the game".into()));
            }
            if let Some(ending) = &live.table.ending {
                return Err(ApiError::Conflict(format!(
                    "the game ended by {}: nothing can be taken back",
                    ending.reason
                )));
            }
            if live.table.rematch.is_some() {
                return Err(ApiError::Conflict(
                    "the game has a rematch: nothing can be taken back".into(),
                ));
            }
            if live.table.rated && live.to_move().is_none() {
                return Err(ApiError::Conflict(
                    "a rated game that is over is rated: nothing can be taken back".into(),
                ));
            }
            if live.table.takeback.is_some() {
                return Err(ApiError::Conflict(
                    "a take-back request is already waiting for an answer".into(),
                ));
            }
            // A turn is the seat's run of consecutive moves (several in The Triangle Game).
            let Some(last) = live.history.iter().rposition(|m| m.seat == seat) else {
                return Err(ApiError::Conflict("you have no move to take back".into()));
            };
            let from = live.history[..last]
                .iter()
                .rposition(|m| m.seat != seat)
                .map_or(0, |i| i + 1);
            // Another person's acknowledged move is never taken back without their consent.
            let mut waiting: Vec<u8> = live.history[from..]
                .iter()
                .map(|m| m.seat)
                .filter(|&s| s != seat && live.is_person(s))
                .collect();
            waiting.sort_unstable();
            waiting.dedup();
            if waiting.is_empty() {
                return take_back(live, from, at).map(commit);
            }
            let table = Table {
                takeback: Some(TakeBackRequest {
                    by: seat,
                    from,
                    waiting,
                    accepted: Vec::new(),
                }),
                ..live.table.clone()
            };
            Ok(table_plan(live, table, at))
        }
        Command::Answer { token, accept } => {
            let seat = seat_of(live, token)?;
            let Some(request) = &live.table.takeback else {
                return Err(ApiError::Conflict(
                    "no take-back request is pending (it was answered, withdrawn, or a move was made)"
                        .into(),
                ));
            };
            let mut table = live.table.clone();
            if seat == request.by {
                if *accept {
                    return Err(ApiError::Conflict(
                        "you asked for this take-back; the others answer it".into(),
                    ));
                }
                table.takeback = None;
                return Ok(table_plan(live, table, at));
            }
            if !request.waiting.contains(&seat) || request.accepted.contains(&seat) {
                return Err(ApiError::Forbidden(
                    "the take-back request does not wait for your answer".into(),
                ));
            }
            if !*accept {
                table.takeback = None;
                return Ok(table_plan(live, table, at));
            }
            let mut accepted = request.accepted.clone();
            accepted.push(seat);
            if request.waiting.iter().all(|s| accepted.contains(s)) {
                return take_back(live, request.from, at).map(commit);
            }
            table.takeback = Some(TakeBackRequest {
                accepted,
                ..request.clone()
            });
            Ok(table_plan(live, table, at))
        }
        Command::Resign { token } => {
            let seat = seat_of(live, token)?;
            not_over(live)?;
            if live.retired(seat) {
                return Err(ApiError::Conflict(
                    "you are out of the game already (resigned, or out of time)".into(),
                ));
            }
            let mut table = lapsed(&live.table);
            set(&mut table.resigned, players, seat, true);
            Ok(retire(live, seat, table, "resignation", at))
        }
        Command::Flag if live.table.clock.is_none() => {
            // Without clocks, only a bot's patience runs out.
            let Some(seat) = live.to_move().filter(|&s| live::is_bot(&live.table, s)) else {
                return Err(ApiError::Conflict("no bot is to move".into()));
            };
            if live.deadline.is_none_or(|d| at < d) {
                return Err(ApiError::Conflict("the bot still has time".into()));
            }
            let mut table = lapsed(&live.table);
            set(&mut table.out_of_time, players, seat, true);
            Ok(retire(live, seat, table, "forfeit", at))
        }
        Command::Flag => {
            let running = live.table.clock.as_ref().and_then(|c| c.running);
            let deadline = live.table.clock.as_ref().and_then(|c| c.deadline());
            let (Some(seat), Some(deadline)) = (running, deadline) else {
                return Err(ApiError::Conflict("no clock is running".into()));
            };
            if at < deadline {
                return Err(ApiError::Conflict(format!(
                    "seat {seat} has {} ms left",
                    deadline - at
                )));
            }
            let mut table = lapsed(&live.table);
            if let Some(clock) = &mut table.clock {
                clock.remaining_ms[seat as usize] = 0;
                clock.running = None;
                clock.since = at;
            }
            set(&mut table.out_of_time, players, seat, true);
            Ok(retire(live, seat, table, "time", at))
        }
        Command::Draw { token, accept } => {
            let seat = seat_of(live, token)?;
            not_over(live)?;
            if players != 2 {
                return Err(ApiError::Conflict(
                    "draws by agreement are for two-player games".into(),
                ));
            }
            let other = 1 - seat;
            if !live.is_person(other) {
                return Err(ApiError::Conflict(
                    "a draw can only be agreed with a person".into(),
                ));
            }
            let mut table = live.table.clone();
            match (*accept, live.table.draw_offer) {
                (true, Some(by)) if by == seat => return Ok(Checked::Nothing),
                (true, Some(_)) => {
                    table.draw_offer = None;
                    table.takeback = None;
                    table.ending = Some(Ending {
                        reason: "agreement".into(),
                        winners: Vec::new(),
                    });
                }
                (true, None) => table.draw_offer = Some(seat),
                (false, Some(_)) => table.draw_offer = None,
                (false, None) => {
                    return Err(ApiError::Conflict(
                        "there is no draw offer to decline".into(),
                    ))
                }
            }
            Ok(table_plan(live, table, at))
        }
        Command::Rematch { token } => {
            seat_of(live, token)?;
            if live.to_move().is_some() {
                return Err(ApiError::Conflict(
                    "a rematch can be asked for once the game is over".into(),
                ));
            }
            if live.table.rematch.is_some() {
                return Ok(Checked::Nothing);
            }
            let (game, computer_due) = rematch(live, at)?;
            let table = Table {
                rematch: Some(game.id.clone()),
                ..lapsed(&live.table)
            };
            Ok(commit(Plan {
                change: Change::Rematch {
                    game: Box::new(game),
                    computer_due,
                },
                mover: None,
                position: live.position.clone(),
                seat: None,
                table,
                at,
            }))
        }
        Command::Join {
            seat,
            digest,
            name,
            owner,
        } => {
            let open = live
                .seats
                .get(*seat as usize)
                .is_some_and(|s| s.kind == SeatKind::Open && s.token_digest.is_none());
            if !open {
                return Err(ApiError::Conflict(format!(
                    "seat {seat} is not open for joining"
                )));
            }
            not_over(live)?;
            if live.table.rated {
                let Some(owner) = owner else {
                    return Err(ApiError::Unauthorized(
                        "sign in to join a rated game".into(),
                    ));
                };
                if live.seats.iter().any(|s| s.owner.as_ref() == Some(owner)) {
                    return Err(ApiError::Conflict(
                        "you have a seat in this rated game already".into(),
                    ));
                }
            }
            let mut table = live.table.clone();
            set(&mut table.names, players, *seat, name.clone());
            Ok(commit(Plan {
                change: Change::Join {
                    seat: *seat,
                    digest: digest.clone(),
                    owner: owner.clone(),
                },
                mover: None,
                position: live.position.clone(),
                seat: Some((
                    *seat,
                    SeatRow {
                        kind: SeatKind::Human,
                        level: None,
                        token_digest: Some(digest.clone()),
                        owner: owner.clone(),
                        keys: Vec::new(),
                    },
                )),
                table,
                at,
            }))
        }
        Command::Claim { seat, digest } => {
            let Some(row) = live.seats.get(*seat as usize) else {
                return Err(ApiError::Conflict(format!("there is no seat {seat}")));
            };
            match &row.token_digest {
                Some(held) if held.same(digest) => Ok(Checked::Nothing),
                None if row.kind == SeatKind::Human => Ok(commit(Plan {
                    change: Change::Claim {
                        seat: *seat,
                        digest: digest.clone(),
                    },
                    mover: None,
                    position: live.position.clone(),
                    seat: Some((
                        *seat,
                        SeatRow {
                            token_digest: Some(digest.clone()),
                            ..row.clone()
                        },
                    )),
                    table: live.table.clone(),
                    at,
                })),
                _ => Err(ApiError::Conflict(format!(
                    "seat {seat} of the rematch is not waiting for you"
                ))),
            }
        }
        Command::Key {
            seat,
            owner,
            digest,
        } => {
            let Some(row) = live.seats.get(*seat as usize) else {
                return Err(ApiError::Conflict(format!("there is no seat {seat}")));
            };
            if row.owner.as_ref() != Some(owner) {
                return Err(ApiError::Forbidden(format!(
                    "seat {seat} of game {} is not yours",
                    live.id
                )));
            }
            if row.keys.iter().any(|k| k.same(digest))
                || row.token_digest.as_ref().is_some_and(|d| d.same(digest))
            {
                return Ok(Checked::Nothing);
            }
            let mut keys = row.keys.clone();
            keys.push(digest.clone());
            Ok(commit(Plan {
                change: Change::Key {
                    seat: *seat,
                    digest: digest.clone(),
                },
                mover: None,
                position: live.position.clone(),
                seat: Some((
                    *seat,
                    SeatRow {
                        keys,
                        ..row.clone()
                    },
                )),
                table: live.table.clone(),
                at,
            }))
        }
        Command::Own { token, owner } => {
            let seat = seat_of(live, token)?;
            let row = &live.seats[seat as usize];
            match &row.owner {
                Some(o) if o == owner => return Ok(Checked::Nothing),
                Some(_) => {
                    return Err(ApiError::Conflict(format!(
                        "seat {seat} of game {} belongs to another account",
                        live.id
                    )))
                }
                None => {}
            }
            Ok(commit(Plan {
                change: Change::Own {
                    seat,
                    owner: owner.clone(),
                },
                mover: None,
                position: live.position.clone(),
                seat: Some((
                    seat,
                    SeatRow {
                        owner: Some(owner.clone()),
                        ..row.clone()
                    },
                )),
                table: live.table.clone(),
                at,
            }))
        }
        Command::Say { token, text } => {
            let seat = seat_of(live, token)?;
            if live.table.chat_off {
                return Err(ApiError::Conflict("chat is off in this game".into()));
            }
            let recent: Vec<i64> = live
                .chat
                .iter()
                .filter(|m| m.seat == seat && m.at > at - CHAT_WINDOW_MS)
                .map(|m| m.at)
                .collect();
            if recent.len() >= CHAT_BURST {
                let wait_ms = recent[recent.len() - CHAT_BURST] + CHAT_WINDOW_MS - at;
                return Err(ApiError::TooManyRequests {
                    limit: "chat",
                    what: format!(
                        "too many messages (at most {CHAT_BURST} in {} s)",
                        CHAT_WINDOW_MS / 1000
                    ),
                    retry_after: (wait_ms.max(0) as u64).div_ceil(1000).max(1),
                });
            }
            Ok(commit(Plan {
                change: Change::Say(ChatRow {
                    seat,
                    text: text.clone(),
                    at,
                }),
                mover: None,
                position: live.position.clone(),
                seat: None,
                table: live.table.clone(),
                at,
            }))
        }
        Command::ChatEnabled { token, enabled } => {
            let seat = seat_of(live, token)?;
            if live.table.creator != Some(seat) {
                return Err(ApiError::Forbidden(
                    "only the game's creator can turn its chat on or off".into(),
                ));
            }
            if live.table.chat_off != *enabled {
                return Ok(Checked::Nothing);
            }
            let table = Table {
                chat_off: !*enabled,
                ..live.table.clone()
            };
            Ok(table_plan(live, table, at))
        }
        Command::Computer {
            seat,
            ply: seen,
            mv,
            ..
        } => {
            let due = live.computer_due() && live.to_move() == Some(*seat);
            if *seen != ply || !due {
                return Err(ApiError::Conflict(format!(
                    "the game moved on while the computer thought (it thought at ply {seen}; the game is at ply {ply})"
                )));
            }
            move_plan(live, *seat, mv, at)
                .map(commit)
                .map_err(|e| ApiError::Internal(format!("the computer chose {mv:?}: {e}")))
        }
    }
}

/// The plan taking `seat` out of the game, for `reason` (`resignation`, `time`), `table` already
/// saying so: with two players the other wins; with more the computer plays the seat on.
fn retire(live: &Live, seat: u8, mut table: Table, reason: &str, at: i64) -> Checked {
    if live.seats.len() == 2 {
        table.ending = Some(Ending {
            reason: reason.into(),
            winners: vec![1 - seat],
        });
        return table_plan(live, table, at);
    }
    let row = SeatRow {
        kind: SeatKind::Ai,
        level: Some(RESIGNED_LEVEL.into()),
        token_digest: live.seats[seat as usize].token_digest.clone(),
        owner: None,
        keys: Vec::new(),
    };
    commit(Plan {
        change: Change::HandOver {
            seat,
            level: RESIGNED_LEVEL.into(),
        },
        mover: None,
        position: live.position.clone(),
        seat: Some((seat, row)),
        table,
        at,
    })
}

/// Brings the clocks of `plan` in step with it: a move is charged to its mover (refused when
/// its time ran out); otherwise the clock that should run runs — none while a seat waits for
/// its player, none for a seat out of the game, none once the game is over.
fn settle_clock(live: &Live, plan: &mut Plan) -> Result<(), ApiError> {
    let Some(mut clock) = plan.table.clock.clone() else {
        return Ok(());
    };
    let mut seats = live.seats.clone();
    if let Some((seat, row)) = &plan.seat {
        seats[*seat as usize] = row.clone();
    }
    let to_move = live::to_move(&plan.table, plan.position.as_ref());
    let next = to_move
        .filter(|&s| !live::retired(&plan.table, s))
        .filter(|_| live::seats_filled(&seats, &plan.table));
    let person = next.is_some_and(|s| {
        let row = &seats[s as usize];
        row.kind == SeatKind::Human && row.token_digest.is_some()
    });
    match plan.mover {
        Some(mover) => {
            clock
                .charge(plan.at, to_move != Some(mover), next, person)
                .map_err(|e| ApiError::Conflict(format!("{e}: a move after that is not taken")))?;
        }
        None if clock.running != next => {
            clock.stop(plan.at);
            clock.run(next, person, plan.at);
        }
        None => {}
    }
    plan.table.clock = Some(clock);
    Ok(())
}

/// Step 1: checks `command` against `live`: what to commit, clocks included.
fn check(live: &Live, command: &Command) -> Result<Checked, ApiError> {
    let mut checked = decide(live, command)?;
    if let Checked::Commit(plan) = &mut checked {
        settle_clock(live, plan)?;
    }
    Ok(checked)
}

/// The plan of `seat` playing `mv` (any notation the game reads) in `live`'s position.
fn move_plan(live: &Live, seat: u8, mv: &str, at: i64) -> Result<Plan, MoveError> {
    let mut position = live.position.clone();
    let text = position.play(mv)?;
    Ok(Plan {
        change: Change::Move {
            ply: live.history.len(),
            mv: MoveRow { text, seat, at },
        },
        mover: Some(seat),
        position,
        seat: None,
        table: lapsed(&live.table),
        at,
    })
}

/// The plan taking back every move from ply `from` on.
fn take_back(live: &Live, from: usize, at: i64) -> Result<Plan, ApiError> {
    Ok(Plan {
        change: Change::TakeBack { from },
        mover: None,
        position: live.replay(from).map_err(ApiError::Internal)?,
        seat: None,
        table: lapsed(&live.table),
        at,
    })
}

/// The rematch of the finished game `live`: the same game, every seat moved one on, computer
/// seats at their levels, people's seats kept for them; and whether its computer moves first.
fn rematch(live: &Live, at: i64) -> Result<(GameRow, bool), ApiError> {
    let players = live.seats.len();
    let moved = |seat: usize| (seat + 1) % players;
    let mut seats = vec![
        SeatRow {
            kind: SeatKind::Open,
            level: None,
            token_digest: None,
            owner: None,
            keys: Vec::new(),
        };
        players
    ];
    let mut names = vec![None; players];
    for (old, row) in live.seats.iter().enumerate() {
        let person = row.token_digest.is_some();
        seats[moved(old)] = if person {
            SeatRow {
                kind: SeatKind::Human,
                level: None,
                token_digest: None,
                owner: row.owner.clone(),
                keys: Vec::new(),
            }
        } else if row.kind == SeatKind::Ai {
            row.clone()
        } else {
            seats[moved(old)].clone()
        };
        names[moved(old)] = live.table.names.get(old).cloned().flatten();
    }
    let start = live.replay(0).map_err(ApiError::Internal)?;
    let to_move = start.to_move().map(|s| s.0);
    let computer_due = live::computer_due(&seats, to_move);
    let game = GameRow {
        id: random_id(),
        game: live.game.clone(),
        variant: live.options.variant.clone(),
        players,
        seats,
        moves: Vec::new(),
        to_move,
        version: 0,
        created: at,
        updated: at,
        table: Table {
            names,
            rematch_of: Some(live.id.clone()),
            creator: live.table.creator.map(|c| moved(c as usize) as u8),
            rated: live.table.rated,
            // Stopped until every player has come.
            clock: live
                .table
                .clock
                .as_ref()
                .map(|c| trigonal_clock::Clock::new(c.control, players)),
            ..Table::default()
        },
        chat: Vec::new(),
        present: Vec::new(),
        deadline: None,
    };
    Ok((game, computer_due))
}

/// Carries out `command` on game `id` through every step of the change path; the game's new
/// view.
pub async fn execute(state: &AppState, id: &str, command: Command) -> Result<Utf8Bytes, ApiError> {
    let game = find(state, id).await?;
    let mut live = game.state.lock().await;
    // Whether this copy was compared with the store during this request.
    let mut current = false;
    for _ in 0..ATTEMPTS {
        let plan = match check(&live, &command) {
            Ok(Checked::Commit(plan)) => *plan,
            Ok(Checked::Nothing) if !current => {
                current = true;
                if catch_up(state, &game, &mut live).await? {
                    continue;
                }
                return Ok(view::render(&live));
            }
            Ok(Checked::Nothing) => return Ok(view::render(&live)),
            Err(refusal) if !current && refusal.may_be_stale() => {
                current = true;
                if catch_up(state, &game, &mut live).await? {
                    continue;
                }
                return Err(refusal);
            }
            Err(refusal) => return Err(refusal),
        };
        let to_move = live::to_move(&plan.table, plan.position.as_ref());
        let computer_due = match &plan.seat {
            Some((seat, row)) => {
                let mut seats = live.seats.clone();
                seats[*seat as usize] = row.clone();
                live::computer_due(&seats, to_move)
            }
            None => live::computer_due(&live.seats, to_move),
        };
        let commit = Commit {
            game: live.id.clone(),
            version: live.version,
            change: plan.change.clone(),
            to_move,
            deadline: deadline(&plan.table, to_move, plan.at, state.bot_patience),
            table: plan.table.clone(),
            computer_due,
            by: match &command {
                Command::Computer { owner, .. } => Some(owner.clone()),
                _ => None,
            },
            at: plan.at,
            rate: rated_result(&live, &plan, to_move),
        };
        let ply_after = commit.ply_after(live.history.len());
        let committed_deadline = commit.deadline;
        game.expect_own(ply_after);
        let started = std::time::Instant::now();
        let committed = state.store.commit(commit).await;
        metrics::histogram!(crate::observe::COMMIT).record(started.elapsed().as_secs_f64());
        if !matches!(committed, Ok(Committed::Done { .. })) {
            game.forget_own(ply_after);
        }
        match committed? {
            Committed::Done { version } => {
                if let Change::Move { .. } = plan.change {
                    metrics::counter!(crate::observe::MOVES, "game" => live.game.clone())
                        .increment(1);
                }
                let wakes = computer_due
                    || matches!(
                        plan.change,
                        Change::Rematch {
                            computer_due: true,
                            ..
                        }
                    );
                // A take-back is shown whole: the moves it took away are not worth describing.
                let redraw = matches!(plan.change, Change::TakeBack { .. });
                apply(&mut live, plan, version, committed_deadline);
                game.publish(&live, redraw);
                if wakes {
                    state.computer_due.notify_one();
                }
                return Ok(view::render(&live));
            }
            Committed::Stale => {
                catch_up(state, &game, &mut live).await?;
                current = true;
            }
        }
    }
    Err(ApiError::Conflict(
        "the game kept changing while this request was made; reload it and try again".into(),
    ))
}

/// When the time of the seat to move after a change at `at` runs out: its clock's deadline, or
/// in a game without clocks a bot's `patience`.
pub fn deadline(
    table: &Table,
    to_move: Option<u8>,
    at: i64,
    patience: std::time::Duration,
) -> Option<i64> {
    match &table.clock {
        Some(clock) => clock.deadline(),
        None => to_move
            .filter(|&s| live::is_bot(table, s))
            .map(|_| at + patience.as_millis() as i64),
    }
}

/// The result to settle the players' ratings from, when `plan` ends a rated game (committed with
/// the change that ends it, so it is settled exactly once, whatever process ends it).
fn rated_result(live: &Live, plan: &Plan, to_move: Option<u8>) -> Option<RatedResult> {
    if !plan.table.rated || to_move.is_some() || live.to_move().is_none() {
        return None;
    }
    let players = live.seats.len();
    let accounts = live
        .seats
        .iter()
        .map(|s| s.owner.clone())
        .collect::<Option<Vec<String>>>()?;
    let (winners, _) = view::ending(&plan.table, plan.position.as_ref(), true)?;
    let out: Vec<bool> = (0..players as u8)
        .map(|s| live::retired(&plan.table, s))
        .collect();
    let places = trigonal_ratings::places(&winners, plan.position.scores().as_deref(), &out);
    Some(RatedResult {
        pool: (trigonal_games::info(&live.game).ok()?.pool)(players),
        accounts,
        places,
    })
}

/// Step 3: the committed plan into memory (`deadline`, the one committed with it).
fn apply(live: &mut Live, plan: Plan, version: i64, deadline: Option<i64>) {
    match plan.change {
        Change::Move { mv, .. } => {
            // Checked legal on this position when the change was planned.
            let clicks = live.position.clicks_of(&mv.text).unwrap_or_default();
            live.clicks.push(clicks);
            live.history.push(mv);
        }
        Change::TakeBack { from } => {
            live.history.truncate(from);
            live.clicks.truncate(from);
        }
        Change::Say(message) => {
            live.chat.push(message);
            let over = live.chat.len().saturating_sub(CHAT_KEPT);
            live.chat.drain(..over);
        }
        Change::Join { .. }
        | Change::Key { .. }
        | Change::Own { .. }
        | Change::Claim { .. }
        | Change::Table
        | Change::HandOver { .. }
        | Change::Rematch { .. } => {}
    }
    if let Some((seat, row)) = plan.seat {
        live.seats[seat as usize] = row;
    }
    live.table = plan.table;
    live.deadline = deadline;
    live.position = plan.position;
    live.updated = plan.at;
    live.version = version;
}

/// Steps 3–5 for changes committed elsewhere: brings the copy of `game` up to the store's, if
/// it is behind, rendering and publishing each move it did not have, in order. Returns whether
/// anything changed.
async fn catch_up(
    state: &AppState,
    game: &Arc<LiveGame>,
    live: &mut Live,
) -> Result<bool, ApiError> {
    let Some(row) = state.store.load_game_newer(&live.id, live.version).await? else {
        return Ok(false);
    };
    let rebuilt = live.catch_up(row).map_err(ApiError::Internal)?;
    // One change for every move played elsewhere since; a game rebuilt (moves were taken back)
    // is shown whole.
    game.publish(live, rebuilt);
    Ok(true)
}

/// Steps 3–5 for a change another process committed to `game` (a store event): this process's
/// watchers see it.
pub async fn refresh(state: &AppState, game: &Arc<LiveGame>) -> Result<(), ApiError> {
    make_current(state, game, &mut *game.state.lock().await).await
}

/// Shows who has `game` open now, as the store says (after a [`StoreEvent::Presence`]), to its
/// watchers in this process. Presence is not a change of the game: its version stays.
///
/// [`StoreEvent::Presence`]: trigonal_store::StoreEvent::Presence
pub async fn show_presence(state: &AppState, game: &Arc<LiveGame>) -> Result<(), ApiError> {
    let mut live = game.state.lock().await;
    let present = state.store.present(&live.id).await?;
    if present != live.present {
        live.present = present;
        game.publish(&live, false);
    }
    Ok(())
}

/// Makes sure the copy of `game` held in `live` is the store's (one cheap read when it is).
pub async fn make_current(
    state: &AppState,
    game: &Arc<LiveGame>,
    live: &mut Live,
) -> Result<(), ApiError> {
    game.stale.store(false, Ordering::Release);
    catch_up(state, game, live).await.map(drop)
}

/// The game `id` in memory — read from the store if it is not there yet, brought up to date if
/// another process is known to have changed it — or 404 if there is none.
pub async fn find(state: &AppState, id: &str) -> Result<Arc<LiveGame>, ApiError> {
    Ok(find_or_load(state, id).await?.0)
}

/// The game `id` as the store has it now: what every read answers with, so that a read on any
/// process shows every change committed before it, wherever it was made. Costs one read of the
/// store when the copy in memory is current.
pub async fn current(state: &AppState, id: &str) -> Result<Arc<LiveGame>, ApiError> {
    let (game, loaded) = find_or_load(state, id).await?;
    if !loaded {
        let mut live = game.state.lock().await;
        make_current(state, &game, &mut live).await?;
    }
    Ok(game)
}

/// [`find`], and whether the game was just read from the store.
async fn find_or_load(state: &AppState, id: &str) -> Result<(Arc<LiveGame>, bool), ApiError> {
    if let Some(game) = state.hub.get(id) {
        if game.stale.load(Ordering::Acquire) {
            refresh(state, &game).await?;
            return Ok((game, true));
        }
        return Ok((game, false));
    }
    let row = state
        .store
        .load_game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    Ok((adopt(state, row).await?, true))
}

/// Brings a stored game into memory: replays it (off the async threads).
pub async fn adopt(state: &AppState, row: GameRow) -> Result<Arc<LiveGame>, ApiError> {
    let live = tokio::task::spawn_blocking(move || Live::from_row(row))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(|e| ApiError::Internal(format!("a stored game cannot be replayed: {e}")))?;
    Ok(state.hub.insert(live))
}
