//! A rematch: asked for by any player once the game is over, made once — the same game with every
//! seat moved one on, the people's seats kept for them, its computer seats at their levels.

use super::decide::{commit, lapsed, seat_of, Checked, Plan};
use super::*;

/// The holder of `token` asks for a rematch: made, as game `id`, if the game has none.
pub(super) fn ask(live: &Live, token: &str, id: &str, at: i64) -> Result<Checked, ApiError> {
    seat_of(live, token)?;
    if live.to_move().is_some() {
        return Err(ApiError::Conflict(
            "a rematch can be asked for once the game is over".into(),
        ));
    }
    if live.table.rematch.is_some() {
        return Ok(Checked::Nothing);
    }
    let (game, computer_due) = game(live, id, at)?;
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

/// The rematch of the finished game `live`, with id `id`: the same game, every seat moved one
/// on, computer seats at their levels, people's seats kept for them; and whether its computer
/// moves first.
pub(super) fn game(live: &Live, id: &str, at: i64) -> Result<(GameRow, bool), ApiError> {
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
        id: id.to_string(),
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

#[cfg(test)]
mod tests {
    use super::super::decide::fixture::{plan, refused, two_people, AT};
    use super::*;

    #[test]
    fn a_finished_game_gets_one_rematch_with_the_id_given_and_the_seats_swapped() {
        let mut live = two_people(2);
        assert_eq!(refused(ask(&live, "t0", "r1", AT)).0, 409, "not over yet");
        live.table.ending = Some(Ending {
            reason: "resignation".into(),
            winners: vec![0],
        });
        live.table.names = vec![Some("ann".into()), Some("bob".into())];
        let p = plan(ask(&live, "t1", "r1", AT));
        assert_eq!(p.table.rematch.as_deref(), Some("r1"));
        let Change::Rematch { game, .. } = &p.change else {
            panic!("a rematch")
        };
        assert_eq!(game.id, "r1");
        assert_eq!(game.created, AT);
        assert_eq!(
            game.table.names,
            vec![Some("bob".into()), Some("ann".into())]
        );
        assert!(game
            .seats
            .iter()
            .all(|s| s.kind == SeatKind::Human && s.token_digest.is_none()));
        live.table.rematch = Some("r1".into());
        assert!(matches!(ask(&live, "t0", "r2", AT), Ok(Checked::Nothing)));
    }
}
