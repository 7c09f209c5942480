//! Step 1 of the change path, **check**: what a command does to a game as it is, decided
//! without touching the store — a plan to commit, nothing to do, or a refusal with its reason.
//! Pure: the same game, command and [`Moment`] give the same answer. The commands are decided
//! each by a function of its own, by concern: [`moves`], [`takebacks`], [`endings`],
//! [`rematch`], [`seats`], [`chat`]; this file holds what they share.

use super::*;

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

/// What a decision may use besides the game and the command, given to it so that deciding stays
/// pure: the time, and the id of a game it may make (a rematch's).
pub(super) struct Moment {
    pub(super) at: i64,
    pub(super) new_id: String,
}

impl Moment {
    /// Now, with a fresh id.
    pub(super) fn now() -> Moment {
        Moment {
            at: now_ms(),
            new_id: random_id(),
        }
    }
}

/// What `command` would change in `live` at `moment`, clocks apart: each command decided by its
/// own function, in the file of its concern.
pub(super) fn decide(live: &Live, command: &Command, moment: &Moment) -> Result<Checked, ApiError> {
    let at = moment.at;
    match command {
        Command::Move { token, mv, ply } => moves::play(live, token, mv, *ply, at),
        Command::Computer { seat, ply, mv, .. } => moves::computer(live, *seat, *ply, mv, at),
        Command::Undo { token } => takebacks::undo(live, token, at),
        Command::Answer { token, accept } => takebacks::answer(live, token, *accept, at),
        Command::Resign { token } => endings::resign(live, token, at),
        Command::Flag => endings::flag(live, at),
        Command::Draw { token, accept } => endings::draw(live, token, *accept, at),
        Command::Rematch { token } => rematch::ask(live, token, &moment.new_id, at),
        Command::Join {
            seat,
            digest,
            name,
            owner,
            account,
        } => {
            let joiner = seats::Joiner {
                digest,
                name,
                owner,
                account,
            };
            seats::join(live, *seat, joiner, at)
        }
        Command::Claim { seat, digest } => seats::claim(live, *seat, digest, at),
        Command::Key {
            seat,
            owner,
            digest,
        } => seats::key(live, *seat, owner, digest, at),
        Command::Own { token, owner, name } => seats::own(live, token, owner, name, at),
        Command::Rename { owner, name } => seats::rename(live, owner, name, at),
        Command::Say { token, text } => chat::say(live, token, text, at),
        Command::ChatEnabled { token, enabled } => chat::enable(live, token, *enabled, at),
    }
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

/// Step 1: checks `command` against `live` at `moment`: what to commit, clocks included.
pub(super) fn check(live: &Live, command: &Command, moment: &Moment) -> Result<Checked, ApiError> {
    let mut checked = decide(live, command, moment)?;
    if let Checked::Commit(plan) = &mut checked {
        settle_clock(live, plan)?;
    }
    Ok(checked)
}

/// Games held in memory, for the tests of each command's decision (no store is involved).
#[cfg(test)]
pub(super) mod fixture {
    use super::*;
    use trigonal_core::Options;

    /// The time every test decides at.
    pub(crate) const AT: i64 = 1_000_000;

    /// A Triangoli game between two people — the holders of tokens `t0` and `t1` — after `moves`
    /// plies, each the first legal move of its position.
    pub(crate) fn two_people(moves: usize) -> Live {
        let mut position = trigonal_games::new_game("triangoli", &Options::default()).unwrap();
        let mut played = Vec::new();
        for _ in 0..moves {
            let mv = position.legal_moves()[0].clone();
            position.play(&mv).unwrap();
            played.push(mv);
        }
        let texts: Vec<&str> = played.iter().map(String::as_str).collect();
        let mut row = crate::live::tests::row("g", AT - 1, &texts);
        for (i, seat) in row.seats.iter_mut().enumerate() {
            seat.token_digest = Some(TokenDigest::of(&format!("t{i}")));
        }
        row.to_move = position.to_move().map(|s| s.0);
        Live::from_row(row).unwrap()
    }

    /// The plan a decision made.
    pub(crate) fn plan(decided: Result<Checked, ApiError>) -> Plan {
        match decided {
            Ok(Checked::Commit(plan)) => *plan,
            Ok(Checked::Nothing) => panic!("nothing to do"),
            Err(e) => panic!("refused: {e}"),
        }
    }

    /// The status and code of a refusal.
    pub(crate) fn refused(decided: Result<Checked, ApiError>) -> (u16, &'static str) {
        match decided {
            Err(e) => (e.status().as_u16(), e.code().0),
            Ok(_) => panic!("not refused"),
        }
    }
}
