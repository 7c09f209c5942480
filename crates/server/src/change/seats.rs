//! Who sits where: an open seat joined, a rematch's kept seat claimed, a seat played from one
//! more browser, a seat made an account's, and an account's seats renamed (or shown as a
//! deleted player's).

use super::decide::{not_over, seat_of, seat_plan, set, table_plan, Checked};
use super::*;

/// What someone who takes an open seat brings: the new token's digest, the name they gave, and
/// their account (its id and name) when signed in.
pub(super) struct Joiner<'a> {
    pub(super) digest: &'a TokenDigest,
    pub(super) name: &'a Option<String>,
    pub(super) owner: &'a Option<String>,
    pub(super) account: &'a Option<String>,
}

/// Someone takes the open seat `seat`.
pub(super) fn join(
    live: &Live,
    seat: u8,
    joiner: Joiner<'_>,
    at: i64,
) -> Result<Checked, ApiError> {
    let Joiner {
        digest,
        name,
        owner,
        account,
    } = joiner;
    let open = live
        .seats
        .get(seat as usize)
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
    let players = live.seats.len();
    let mut table = live.table.clone();
    set(&mut table.names, players, seat, name.clone());
    if account.is_some() {
        set(&mut table.accounts, players, seat, account.clone());
    }
    let change = Change::Join {
        seat,
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
    Ok(seat_plan(live, change, seat, row, table, at))
}

/// The player the kept seat `seat` waits for (a rematch's) takes it with the token of `digest`.
pub(super) fn claim(
    live: &Live,
    seat: u8,
    digest: &TokenDigest,
    at: i64,
) -> Result<Checked, ApiError> {
    let Some(row) = live.seats.get(seat as usize) else {
        return Err(ApiError::Conflict(
            format!("there is no seat {seat}").into(),
        ));
    };
    match &row.token_digest {
        Some(held) if held.same(digest) => Ok(Checked::Nothing),
        None if row.kind == SeatKind::Human => {
            let change = Change::Claim {
                seat,
                digest: digest.clone(),
            };
            let row = SeatRow {
                token_digest: Some(digest.clone()),
                ..row.clone()
            };
            Ok(seat_plan(live, change, seat, row, live.table.clone(), at))
        }
        _ => Err(ApiError::Conflict(
            format!("seat {seat} of the rematch is not waiting for you").into(),
        )),
    }
}

/// The owner of seat `seat`, signed in as `owner`, plays it with one more token (`digest`).
pub(super) fn key(
    live: &Live,
    seat: u8,
    owner: &str,
    digest: &TokenDigest,
    at: i64,
) -> Result<Checked, ApiError> {
    let Some(row) = live.seats.get(seat as usize) else {
        return Err(ApiError::Conflict(
            format!("there is no seat {seat}").into(),
        ));
    };
    if row.owner.as_deref() != Some(owner) {
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
        seat,
        digest: digest.clone(),
    };
    let row = SeatRow {
        keys,
        ..row.clone()
    };
    Ok(seat_plan(live, change, seat, row, live.table.clone(), at))
}

/// The holder of `token` makes its seat the account `owner`'s, named `name` where it has no name.
pub(super) fn own(
    live: &Live,
    token: &str,
    owner: &str,
    name: &str,
    at: i64,
) -> Result<Checked, ApiError> {
    let seat = seat_of(live, token)?;
    let row = &live.seats[seat as usize];
    match &row.owner {
        Some(o) if o == owner => return Ok(Checked::Nothing),
        Some(_) => {
            return Err(ApiError::Conflict(
                format!("seat {seat} of game {} belongs to another account", live.id).into(),
            ))
        }
        None => {}
    }
    let change = Change::Own {
        seat,
        owner: owner.to_string(),
    };
    let row = SeatRow {
        owner: Some(owner.to_string()),
        ..row.clone()
    };
    // A seat nobody named (an invited friend's) takes the account's name.
    let players = live.seats.len();
    let mut table = live.table.clone();
    if table.names.get(seat as usize).cloned().flatten().is_none() {
        set(&mut table.names, players, seat, Some(name.to_string()));
    }
    set(&mut table.accounts, players, seat, Some(name.to_string()));
    Ok(seat_plan(live, change, seat, row, table, at))
}

/// The seats of account `owner` are shown under `name` from now on, or (`None`) as a deleted
/// player's.
pub(super) fn rename(
    live: &Live,
    owner: &str,
    name: &Option<String>,
    at: i64,
) -> Result<Checked, ApiError> {
    let players = live.seats.len();
    let mut table = live.table.clone();
    for (i, row) in live.seats.iter().enumerate() {
        if row.owner.as_deref() != Some(owner) {
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

#[cfg(test)]
mod tests {
    use super::super::decide::fixture::{plan, refused, two_people, AT};
    use super::*;

    #[test]
    fn an_open_seat_is_joined_once_and_a_rated_one_only_signed_in() {
        let mut live = two_people(0);
        live.seats[1] = SeatRow {
            kind: SeatKind::Open,
            level: None,
            token_digest: None,
            owner: None,
            keys: Vec::new(),
        };
        let digest = TokenDigest::of("t9");
        let nobody: Option<String> = None;
        let guest = || Joiner {
            digest: &digest,
            name: &nobody,
            owner: &nobody,
            account: &nobody,
        };
        let p = plan(join(&live, 1, guest(), AT));
        let (seat, row) = p.seat.unwrap();
        assert_eq!((seat, row.kind), (1, SeatKind::Human));
        assert!(row.token_digest.is_some_and(|d| d.same(&digest)));
        assert_eq!(refused(join(&live, 0, guest(), AT)), (409, "seat-not-open"));
        live.table.rated = true;
        assert_eq!(
            refused(join(&live, 1, guest(), AT)),
            (401, "sign-in-to-join")
        );
    }

    #[test]
    fn an_accounts_seats_are_renamed_or_shown_as_deleted() {
        let mut live = two_people(0);
        live.seats[1].owner = Some("a-bob".into());
        let renamed = plan(rename(&live, "a-bob", &Some("robert".into()), AT));
        assert_eq!(renamed.table.names, vec![None, Some("robert".into())]);
        let gone = plan(rename(&live, "a-bob", &None, AT));
        assert_eq!(gone.table.deleted, vec![false, true]);
        assert!(matches!(
            rename(&live, "a-nobody", &None, AT),
            Ok(Checked::Nothing)
        ));
    }
}
