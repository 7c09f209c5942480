//! How a game ends before its rules end it: a resignation, a flag (a clock at zero, or a bot out
//! of patience), a draw by agreement. With two players the other wins; with three or four the
//! computer plays the seat that left on.

use super::decide::{lapsed, not_over, seat_of, seat_plan, set, table_plan, Checked};
use super::*;

/// The computer's level for a resigned seat of a 3–4 player game.
pub const RESIGNED_LEVEL: &str = "easy";

/// The holder of `token` resigns.
pub(super) fn resign(live: &Live, token: &str, at: i64) -> Result<Checked, ApiError> {
    let seat = seat_of(live, token)?;
    not_over(live)?;
    if live.retired(seat) {
        return Err(ApiError::Conflict(Reason::new(
            "out-of-game",
            "you are out of the game already (resigned, or out of time)",
        )));
    }
    let mut table = lapsed(&live.table);
    set(&mut table.resigned, live.seats.len(), seat, true);
    Ok(retire(live, seat, table, "resignation", at))
}

/// The seat to move is out of time at `at`: its clock's deadline passed, or — without clocks —
/// a bot's patience ran out.
pub(super) fn flag(live: &Live, at: i64) -> Result<Checked, ApiError> {
    let players = live.seats.len();
    let Some(clock) = &live.table.clock else {
        let Some(seat) = live.to_move().filter(|&s| live::is_bot(&live.table, s)) else {
            return Err(ApiError::Conflict("no bot is to move".into()));
        };
        if live.deadline.is_none_or(|d| at < d) {
            return Err(ApiError::Conflict("the bot still has time".into()));
        }
        let mut table = lapsed(&live.table);
        set(&mut table.out_of_time, players, seat, true);
        return Ok(retire(live, seat, table, "forfeit", at));
    };
    let (Some(seat), Some(deadline)) = (clock.running, clock.deadline()) else {
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

/// The holder of `token` offers or accepts a draw (`accept`), or declines or withdraws one.
pub(super) fn draw(live: &Live, token: &str, accept: bool, at: i64) -> Result<Checked, ApiError> {
    let seat = seat_of(live, token)?;
    not_over(live)?;
    if live.seats.len() != 2 {
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
    match (accept, live.table.draw_offer) {
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

#[cfg(test)]
mod tests {
    use super::super::decide::fixture::{plan, refused, two_people, AT};
    use super::*;

    #[test]
    fn a_resignation_gives_the_two_player_game_to_the_other() {
        let live = two_people(1);
        let p = plan(resign(&live, "t1", AT));
        let ending = p.table.ending.unwrap();
        assert_eq!(
            (ending.reason.as_str(), ending.winners),
            ("resignation", vec![0])
        );
        assert_eq!(p.table.resigned, vec![false, true]);
    }

    #[test]
    fn a_draw_is_offered_then_agreed_and_a_second_offer_changes_nothing() {
        let mut live = two_people(0);
        let offered = plan(draw(&live, "t0", true, AT));
        assert_eq!(offered.table.draw_offer, Some(0));
        live.table = offered.table;
        assert!(matches!(draw(&live, "t0", true, AT), Ok(Checked::Nothing)));
        let agreed = plan(draw(&live, "t1", true, AT));
        let ending = agreed.table.ending.unwrap();
        assert_eq!(
            (ending.reason.as_str(), ending.winners.len()),
            ("agreement", 0)
        );
        assert_eq!(
            refused(draw(&two_people(0), "t1", false, AT)).0,
            409,
            "no offer to decline"
        );
    }

    #[test]
    fn a_flag_needs_a_running_clock_past_its_deadline() {
        assert_eq!(refused(flag(&two_people(0), AT)).0, 409);
    }
}
