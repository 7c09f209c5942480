//! A game's chat: a seat's message, at most a burst at a time, and the creator's switch.

use super::decide::{commit, seat_of, table_plan, Checked, Plan};
use super::*;

/// At most this many chat messages per seat in any [`CHAT_WINDOW_MS`].
pub const CHAT_BURST: usize = 5;
/// See [`CHAT_BURST`].
pub const CHAT_WINDOW_MS: i64 = 10_000;

/// The holder of `token` says `text` (its length checked before: 1–200 characters).
pub(super) fn say(live: &Live, token: &str, text: &str, at: i64) -> Result<Checked, ApiError> {
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
            text: text.to_string(),
            at,
        }),
        mover: None,
        position: live.position.clone(),
        seat: None,
        table: live.table.clone(),
        at,
    }))
}

/// The creator (the holder of `token`) turns the chat on or off.
pub(super) fn enable(
    live: &Live,
    token: &str,
    enabled: bool,
    at: i64,
) -> Result<Checked, ApiError> {
    let seat = seat_of(live, token)?;
    if live.table.creator != Some(seat) {
        return Err(ApiError::Forbidden(
            "only the game's creator can turn its chat on or off".into(),
        ));
    }
    if live.table.chat_off != enabled {
        return Ok(Checked::Nothing);
    }
    let table = Table {
        chat_off: !enabled,
        ..live.table.clone()
    };
    Ok(table_plan(live, table, at))
}

#[cfg(test)]
mod tests {
    use super::super::decide::fixture::{plan, refused, two_people, AT};
    use super::*;

    #[test]
    fn a_sixth_message_within_ten_seconds_waits_for_the_first_to_age() {
        let mut live = two_people(0);
        for i in 0..CHAT_BURST as i64 {
            live.chat.push(ChatRow {
                seat: 0,
                text: "hi".into(),
                at: AT - 9_000 + i,
            });
        }
        match say(&live, "t0", "again", AT) {
            Err(ApiError::TooManyRequests { retry_after, .. }) => assert_eq!(retry_after, 1),
            _ => panic!("limited"),
        }
        // The other seat may speak; after the window, so may the first.
        assert!(matches!(
            plan(say(&live, "t1", "hello", AT)).change,
            Change::Say(ChatRow { seat: 1, .. })
        ));
        plan(say(&live, "t0", "again", AT + 1_001));
    }

    #[test]
    fn only_the_creator_turns_the_chat_off() {
        let mut live = two_people(0);
        live.table.creator = Some(0);
        assert_eq!(refused(enable(&live, "t1", false, AT)).0, 403);
        assert!(plan(enable(&live, "t0", false, AT)).table.chat_off);
        assert_eq!(
            refused(say(
                &Live {
                    table: Table {
                        chat_off: true,
                        ..live.table.clone()
                    },
                    ..live
                },
                "t0",
                "x",
                AT
            )),
            (409, "chat-off")
        );
    }
}
