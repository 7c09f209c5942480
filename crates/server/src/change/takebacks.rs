//! Take-backs: a turn taken back at once when it removes no other person's move, else asked of
//! those people, each of whom accepts or declines; the asker may withdraw.

use super::decide::{commit, lapsed, seat_of, table_plan, Checked, Plan};
use super::*;

/// The holder of `token` takes back their last turn and everything after it.
pub(super) fn undo(live: &Live, token: &str, at: i64) -> Result<Checked, ApiError> {
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

/// The holder of `token` accepts or declines the pending take-back; its asker withdraws it.
pub(super) fn answer(live: &Live, token: &str, accept: bool, at: i64) -> Result<Checked, ApiError> {
    let seat = seat_of(live, token)?;
    let Some(request) = &live.table.takeback else {
        return Err(ApiError::Conflict(
            "no take-back request is pending (it was answered, withdrawn, or a move was made)"
                .into(),
        ));
    };
    let mut table = live.table.clone();
    if seat == request.by {
        if accept {
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
    if !accept {
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

#[cfg(test)]
mod tests {
    use super::super::decide::fixture::{plan, refused, two_people, AT};
    use super::*;

    #[test]
    fn a_turn_followed_by_another_persons_move_is_asked_of_them_and_taken_back_on_consent() {
        let mut live = two_people(2);
        let asked = plan(undo(&live, "t0", AT));
        let request = asked.table.takeback.clone().unwrap();
        assert_eq!(
            (request.by, request.from, request.waiting.clone()),
            (0, 0, vec![1])
        );
        live.table = asked.table;
        assert_eq!(
            refused(answer(&live, "t0", true, AT)).0,
            409,
            "the asker does not answer"
        );
        let taken = plan(answer(&live, "t1", true, AT));
        assert!(matches!(taken.change, Change::TakeBack { from: 0 }));
        assert_eq!(taken.table.takeback, None);
        let declined = plan(answer(&live, "t1", false, AT));
        assert!(matches!(declined.change, Change::Table));
        assert_eq!(declined.table.takeback, None);
    }

    #[test]
    fn ones_own_last_turn_is_taken_back_at_once_and_nothing_before_a_move() {
        let live = two_people(1);
        let taken = plan(undo(&live, "t0", AT));
        assert!(matches!(taken.change, Change::TakeBack { from: 0 }));
        assert_eq!(taken.position.to_move().map(|s| s.0), Some(0));
        assert_eq!(
            refused(undo(&live, "t1", AT)),
            (409, "nothing-to-take-back")
        );
    }
}
