//! Step 1 of the change path, **check**: what a command does to a game as it is, decided
//! without touching the store — a plan to commit, nothing to do, or a refusal with its reason.
//! Pure: the same game and command give the same answer.

use super::*;

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
        /// That account's name.
        account: Option<String>,
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
    /// The holder of `token` makes its seat the account `owner`'s (a guest who signed up, a
    /// friend who opened an invite link while signed in), named `name` where it has no name.
    Own {
        /// The seat token.
        token: String,
        /// The account.
        owner: String,
        /// The account's name.
        name: String,
    },
    /// The player the kept seat `seat` waits for (a rematch's) takes it with the token of
    /// `digest` (nothing changes if it already has that token).
    Claim {
        /// The seat.
        seat: u8,
        /// The token's digest.
        digest: TokenDigest,
    },
    /// The seats of account `owner` are shown under `name` from now on (a moderator renamed
    /// it), or with `None` as a deleted player's, their name gone (it was deleted).
    Rename {
        /// The account.
        owner: String,
        /// Its new name; `None`: deleted.
        name: Option<String>,
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
pub(super) struct Plan {
    pub(super) change: Change,
    /// The seat that moved, for a move.
    pub(super) mover: Option<u8>,
    /// The position after the change.
    pub(super) position: Box<dyn DynGame>,
    /// A seat as it becomes.
    pub(super) seat: Option<(u8, SeatRow)>,
    /// The table after the change.
    pub(super) table: Table,
    pub(super) at: i64,
}

/// What checking a command decided.
pub(super) enum Checked {
    /// Commit this.
    Commit(Box<Plan>),
    /// Nothing to change (the command's effect is already there): answer with the view.
    Nothing,
}

impl ApiError {
    /// Whether a copy of the game that is behind could be why the request was refused.
    pub(super) fn may_be_stale(&self) -> bool {
        matches!(
            self,
            ApiError::Forbidden(_)
                | ApiError::Conflict(_)
                | ApiError::Unprocessable(_)
                | ApiError::Unauthorized(_)
        )
    }
}

pub(super) fn no_seat() -> ApiError {
    ApiError::Forbidden(Reason::new(
        "not-a-seat",
        "that token does not belong to a seat of this game",
    ))
}

/// The seat of `token` in `live`, or 403: how every request that names a seat by its token
/// finds it.
pub fn seat_of(live: &Live, token: &str) -> Result<u8, ApiError> {
    live.seat_of(token).ok_or_else(no_seat)
}

/// `table` with its offers and requests gone: what any move or take-back leaves.
pub(super) fn lapsed(table: &Table) -> Table {
    Table {
        draw_offer: None,
        takeback: None,
        ..table.clone()
    }
}

/// Sets `seat`'s entry of a per-seat list of the table, growing it to `players`.
pub(super) fn set<T: Clone + Default>(list: &mut Vec<T>, players: usize, seat: u8, value: T) {
    if list.len() < players {
        list.resize(players, T::default());
    }
    list[seat as usize] = value;
}

/// Commit `plan`.
pub(super) fn commit(plan: Plan) -> Checked {
    Checked::Commit(Box::new(plan))
}

/// A plan changing `seat` to `row` (and the table to `table`), by `change`.
pub(super) fn seat_plan(
    live: &Live,
    change: Change,
    seat: u8,
    row: SeatRow,
    table: Table,
    at: i64,
) -> Checked {
    commit(Plan {
        change,
        mover: None,
        position: live.position.clone(),
        seat: Some((seat, row)),
        table,
        at,
    })
}

/// A plan changing only the table.
pub(super) fn table_plan(live: &Live, table: Table, at: i64) -> Checked {
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
pub(super) fn not_over(live: &Live) -> Result<(), ApiError> {
    if live.to_move().is_none() {
        return Err(ApiError::Conflict(Reason::new(
            "game-over",
            "the game is over",
        )));
    }
    Ok(())
}

/// What `command` would change in `live`, clocks apart.
pub(super) fn decide(live: &Live, command: &Command) -> Result<Checked, ApiError> {
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
                return Err(ApiError::Conflict(
                    Reason::new(
                        "moved-on",
                        format!(
                            "the game is at ply {ply}, not {seen}; reload it to see the moves made since"
                        ),
                    )
                    .with("ply", ply)
                    .with("seen", *seen),
                ));
            }
            let Some(to_move) = live.to_move() else {
                return Err(ApiError::Unprocessable(Reason::new(
                    "game-over",
                    MoveError::GameOver.to_string(),
                )));
            };
            if live.retired(seat) {
                return Err(ApiError::Forbidden(Reason::new(
                    "out-of-game",
                    "you are out of the game: the computer plays your seat now",
                )));
            }
            if to_move != seat {
                return Err(ApiError::Forbidden(Reason::new(
                    "not-your-turn",
                    format!(
                        "it is not your turn: seat {to_move} is to move, and your token is seat {seat}"
                    ),
                )));
            }
            move_plan(live, seat, mv, at)
                .map(commit)
                .map_err(|e| ApiError::Unprocessable(Reason::new("illegal-move", e.to_string())))
        }
        Command::Undo { token } => {
            let seat = seat_of(live, token)?;
            if live.retired(seat) {
                return Err(ApiError::Conflict(Reason::new(
                    "out-of-game",
                    "you are out of the game",
                )));
            }
            if let Some(ending) = &live.table.ending {
                return Err(ApiError::Conflict(
                    format!(
                        "the game ended by {}: nothing can be taken back",
                        ending.reason
                    )
                    .into(),
                ));
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
                return Err(ApiError::Conflict(Reason::new(
                    "take-back-pending",
                    "a take-back request is already waiting for an answer",
                )));
            }
            // A turn is the seat's run of consecutive moves (several in The Triangle Game).
            let Some(last) = live.history.iter().rposition(|m| m.seat == seat) else {
                return Err(ApiError::Conflict(Reason::new(
                    "nothing-to-take-back",
                    "you have no move to take back",
                )));
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
                        .into(),));
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
                return Err(ApiError::Conflict(Reason::new(
                    "out-of-game",
                    "you are out of the game already (resigned, or out of time)",
                )));
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
                return Err(ApiError::Conflict(
                    format!("seat {seat} has {} ms left", deadline - at).into(),
                ));
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
            account,
        } => {
            let open = live
                .seats
                .get(*seat as usize)
                .is_some_and(|s| s.kind == SeatKind::Open && s.token_digest.is_none());
            if !open {
                return Err(ApiError::Conflict(Reason::new(
                    "seat-not-open",
                    format!("seat {seat} is not open for joining"),
                )));
            }
            not_over(live)?;
            if live.table.rated {
                let Some(owner) = owner else {
                    return Err(ApiError::Unauthorized(Reason::new(
                        "sign-in-to-join",
                        "sign in to join a rated game",
                    )));
                };
                if live.seats.iter().any(|s| s.owner.as_ref() == Some(owner)) {
                    return Err(ApiError::Conflict(
                        "you have a seat in this rated game already".into(),
                    ));
                }
            }
            let mut table = live.table.clone();
            set(&mut table.names, players, *seat, name.clone());
            if account.is_some() {
                set(&mut table.accounts, players, *seat, account.clone());
            }
            let change = Change::Join {
                seat: *seat,
                digest: digest.clone(),
                owner: owner.clone(),
            };
            let row = SeatRow {
                kind: SeatKind::Human,
                level: None,
                token_digest: Some(digest.clone()),
                owner: owner.clone(),
                keys: Vec::new(),
            };
            Ok(seat_plan(live, change, *seat, row, table, at))
        }
        Command::Claim { seat, digest } => {
            let Some(row) = live.seats.get(*seat as usize) else {
                return Err(ApiError::Conflict(
                    format!("there is no seat {seat}").into(),
                ));
            };
            match &row.token_digest {
                Some(held) if held.same(digest) => Ok(Checked::Nothing),
                None if row.kind == SeatKind::Human => {
                    let change = Change::Claim {
                        seat: *seat,
                        digest: digest.clone(),
                    };
                    let row = SeatRow {
                        token_digest: Some(digest.clone()),
                        ..row.clone()
                    };
                    Ok(seat_plan(live, change, *seat, row, live.table.clone(), at))
                }
                _ => Err(ApiError::Conflict(
                    format!("seat {seat} of the rematch is not waiting for you").into(),
                )),
            }
        }
        Command::Key {
            seat,
            owner,
            digest,
        } => {
            let Some(row) = live.seats.get(*seat as usize) else {
                return Err(ApiError::Conflict(
                    format!("there is no seat {seat}").into(),
                ));
            };
            if row.owner.as_ref() != Some(owner) {
                return Err(ApiError::Forbidden(
                    format!("seat {seat} of game {} is not yours", live.id).into(),
                ));
            }
            if row.keys.iter().any(|k| k.same(digest))
                || row.token_digest.as_ref().is_some_and(|d| d.same(digest))
            {
                return Ok(Checked::Nothing);
            }
            let mut keys = row.keys.clone();
            keys.push(digest.clone());
            let change = Change::Key {
                seat: *seat,
                digest: digest.clone(),
            };
            let row = SeatRow {
                keys,
                ..row.clone()
            };
            Ok(seat_plan(live, change, *seat, row, live.table.clone(), at))
        }
        Command::Own { token, owner, name } => {
            let seat = seat_of(live, token)?;
            let row = &live.seats[seat as usize];
            match &row.owner {
                Some(o) if o == owner => return Ok(Checked::Nothing),
                Some(_) => {
                    return Err(ApiError::Conflict(
                        format!("seat {seat} of game {} belongs to another account", live.id)
                            .into(),
                    ))
                }
                None => {}
            }
            let change = Change::Own {
                seat,
                owner: owner.clone(),
            };
            let row = SeatRow {
                owner: Some(owner.clone()),
                ..row.clone()
            };
            // A seat nobody named (an invited friend's) takes the account's name.
            let mut table = live.table.clone();
            if table.names.get(seat as usize).cloned().flatten().is_none() {
                set(&mut table.names, live.seats.len(), seat, Some(name.clone()));
            }
            set(
                &mut table.accounts,
                live.seats.len(),
                seat,
                Some(name.clone()),
            );
            Ok(seat_plan(live, change, seat, row, table, at))
        }
        Command::Rename { owner, name } => {
            let mut table = live.table.clone();
            for (i, row) in live.seats.iter().enumerate() {
                if row.owner.as_ref() != Some(owner) {
                    continue;
                }
                let seat = i as u8;
                set(&mut table.names, players, seat, name.clone());
                set(&mut table.accounts, players, seat, name.clone());
                set(&mut table.deleted, players, seat, name.is_none());
            }
            if table == live.table {
                return Ok(Checked::Nothing);
            }
            Ok(table_plan(live, table, at))
        }
        Command::Say { token, text } => {
            let seat = seat_of(live, token)?;
            if live.table.chat_off {
                return Err(ApiError::Conflict(Reason::new(
                    "chat-off",
                    "chat is off in this game",
                )));
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
                ).into()));
            }
            move_plan(live, *seat, mv, at)
                .map(commit)
                .map_err(|e| ApiError::Internal(format!("the computer chose {mv:?}: {e}").into()))
        }
    }
}

/// The plan taking `seat` out of the game, for `reason` (`resignation`, `time`), `table` already
/// saying so: with two players the other wins; with more the computer plays the seat on.
pub(super) fn retire(live: &Live, seat: u8, mut table: Table, reason: &str, at: i64) -> Checked {
    if live.seats.len() == 2 {
        table.ending = Some(Ending {
            reason: reason.into(),
            winners: vec![1 - seat],
        });
        return table_plan(live, table, at);
    }
    // Still its account's game (listed among theirs, on their profile), as the store keeps it;
    // the seat acts no more: a retired seat's every command is refused (`out-of-game`).
    let row = SeatRow {
        kind: SeatKind::Ai,
        level: Some(RESIGNED_LEVEL.into()),
        token_digest: live.seats[seat as usize].token_digest.clone(),
        owner: live.seats[seat as usize].owner.clone(),
        keys: Vec::new(),
    };
    let change = Change::HandOver {
        seat,
        level: RESIGNED_LEVEL.into(),
    };
    seat_plan(live, change, seat, row, table, at)
}

/// Brings the clocks of `plan` in step with it: a move is charged to its mover (refused when
/// its time ran out); otherwise the clock that should run runs — none while a seat waits for
/// its player, none for a seat out of the game, none once the game is over.
pub(super) fn settle_clock(live: &Live, plan: &mut Plan) -> Result<(), ApiError> {
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
                .map_err(|e| {
                    ApiError::Conflict(format!("{e}: a move after that is not taken").into())
                })?;
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
pub(super) fn check(live: &Live, command: &Command) -> Result<Checked, ApiError> {
    let mut checked = decide(live, command)?;
    if let Checked::Commit(plan) = &mut checked {
        settle_clock(live, plan)?;
    }
    Ok(checked)
}

/// The plan of `seat` playing `mv` (any notation the game reads) in `live`'s position.
pub(super) fn move_plan(live: &Live, seat: u8, mv: &str, at: i64) -> Result<Plan, MoveError> {
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
pub(super) fn take_back(live: &Live, from: usize, at: i64) -> Result<Plan, ApiError> {
    Ok(Plan {
        change: Change::TakeBack { from },
        mover: None,
        position: live
            .replay(from)
            .map_err(|e| ApiError::Internal(e.into()))?,
        seat: None,
        table: lapsed(&live.table),
        at,
    })
}

/// The rematch of the finished game `live`: the same game, every seat moved one on, computer
/// seats at their levels, people's seats kept for them; and whether its computer moves first.
pub(super) fn rematch(live: &Live, at: i64) -> Result<(GameRow, bool), ApiError> {
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
    let mut accounts = vec![None; players];
    let mut deleted = vec![false; players];
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
        accounts[moved(old)] = live.table.accounts.get(old).cloned().flatten();
        deleted[moved(old)] = live.table.deleted.get(old) == Some(&true);
    }
    let start = live.replay(0).map_err(|e| ApiError::Internal(e.into()))?;
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
            accounts,
            deleted,
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
