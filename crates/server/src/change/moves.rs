//! Moves: a person's, checked against whose turn it is and the ply they saw, and the computer's,
//! checked against the position it thought about.

use super::decide::{commit, lapsed, seat_of, Checked, Plan};
use super::*;

/// The holder of `token` plays `mv`, having seen the game at ply `seen`.
pub(super) fn play(
    live: &Live,
    token: &str,
    mv: &str,
    seen: usize,
    at: i64,
) -> Result<Checked, ApiError> {
    let seat = seat_of(live, token)?;
    let ply = live.history.len();
    if seen != ply {
        return Err(ApiError::Conflict(
            Reason::new(
                "moved-on",
                format!(
                    "the game is at ply {ply}, not {seen}; reload it to see the moves made since"
                ),
            )
            .with("ply", ply)
            .with("seen", seen),
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

/// The computer in `seat` plays `mv`, found for the game at ply `seen`: refused when the game
/// moved on meanwhile (a take-back, a flag, a resignation).
pub(super) fn computer(
    live: &Live,
    seat: u8,
    seen: usize,
    mv: &str,
    at: i64,
) -> Result<Checked, ApiError> {
    let ply = live.history.len();
    let due = live.computer_due() && live.to_move() == Some(seat);
    if seen != ply || !due {
        return Err(ApiError::Conflict(format!(
            "the game moved on while the computer thought (it thought at ply {seen}; the game is at ply {ply})"
        ).into()));
    }
    move_plan(live, seat, mv, at)
        .map(commit)
        .map_err(|e| ApiError::Internal(format!("the computer chose {mv:?}: {e}").into()))
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

#[cfg(test)]
mod tests {
    use super::super::decide::fixture::{plan, refused, two_people, AT};
    use super::*;

    #[test]
    fn a_move_is_played_by_the_seat_to_move_at_the_ply_it_saw() {
        let live = two_people(0);
        let mv = live.position.legal_moves()[0].clone();
        let p = plan(play(&live, "t0", &mv, 0, AT));
        assert_eq!(p.mover, Some(0));
        assert_eq!(p.at, AT);
        assert!(
            matches!(&p.change, Change::Move { ply: 0, mv: row } if row.text == mv && row.seat == 0 && row.at == AT)
        );
        assert_eq!(p.position.to_move().map(|s| s.0), Some(1));
    }

    #[test]
    fn a_move_is_refused_out_of_turn_after_the_game_moved_on_or_when_illegal() {
        let live = two_people(1);
        let mv = live.position.legal_moves()[0].clone();
        assert_eq!(
            refused(play(&live, "t0", &mv, 1, AT)),
            (403, "not-your-turn")
        );
        assert_eq!(refused(play(&live, "t1", &mv, 0, AT)), (409, "moved-on"));
        assert_eq!(
            refused(play(&live, "t1", "zz99", 1, AT)),
            (422, "illegal-move")
        );
        assert_eq!(
            refused(play(&live, "nobody", &mv, 1, AT)),
            (403, "not-a-seat")
        );
    }

    #[test]
    fn the_computer_is_refused_when_it_is_not_due() {
        let live = two_people(0);
        let mv = live.position.legal_moves()[0].clone();
        // Both seats are people's: no computer move is due.
        assert_eq!(refused(computer(&live, 0, 0, &mv, AT)).0, 409);
    }
}
