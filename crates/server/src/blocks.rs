//! Blocks (docs/api.md, "Blocks"): a person keeps another away. Between the two, either way:
//! neither is shown the other's seeks (`GET /api/seeks`, the lobby's socket) nor may accept them
//! (`403` `blocked`), quick pairing never seats them together, and neither may join a game the
//! other sits in (an open seat, from the lobby or a link). To the blocker alone: the blocked
//! person's chat lines are not sent (in the game's views, by HTTP and on its socket). The
//! blocked person is told nothing but those refusals — never who refused them.

use std::collections::HashSet;

use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use trigonal_store::now_ms;

use crate::accounts::{name_key, SignedIn};
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::rfc3339;

/// `POST /api/me/blocks`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewBlock {
    /// The name of the player to block, written any way.
    pub name: String,
}

/// A player blocked.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Blocked {
    name: String,
    /// Since (RFC 3339).
    created: String,
}

/// `GET /api/me/blocks`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Blocks {
    blocks: Vec<Blocked>,
}

/// The 404 of a name that is nobody's.
pub fn no_player(name: &str) -> ApiError {
    ApiError::NotFound(
        Reason::new("no-player", format!("there is no player named {name:?}"))
            .with("name", trigonal_core::clipped(name)),
    )
}

/// The refusal of what a block forbids. It says no more: not who blocked whom.
pub fn blocked() -> ApiError {
    ApiError::Forbidden(Reason::new("blocked", "you cannot play with this player"))
}

/// The signed-in person blocks `req.name`.
pub async fn block(
    state: &AppState,
    signed_in: &SignedIn,
    req: NewBlock,
) -> Result<Blocked, ApiError> {
    let key = name_key(&req.name);
    let other = state
        .store
        .account_by_name(&key)
        .await?
        .ok_or_else(|| no_player(&req.name))?;
    if other.id == signed_in.account.id {
        return Err(ApiError::BadRequest(Reason::new(
            "block-self",
            "you cannot block yourself",
        )));
    }
    let now = now_ms();
    state
        .store
        .block(&signed_in.account.id, &other.id, now)
        .await?;
    let created = state
        .store
        .blocks(&signed_in.account.id)
        .await?
        .into_iter()
        .find(|b| b.account == other.id)
        .map_or(now, |b| b.created);
    Ok(Blocked {
        name: other.name,
        created: rfc3339(created),
    })
}

/// The players the signed-in person blocked, the latest first.
pub async fn list(state: &AppState, signed_in: &SignedIn) -> Result<Blocks, ApiError> {
    Ok(Blocks {
        blocks: state
            .store
            .blocks(&signed_in.account.id)
            .await?
            .into_iter()
            .map(|b| Blocked {
                name: b.name,
                created: rfc3339(b.created),
            })
            .collect(),
    })
}

/// The signed-in person unblocks `name`.
pub async fn unblock(state: &AppState, signed_in: &SignedIn, name: &str) -> Result<(), ApiError> {
    let other = state
        .store
        .account_by_name(&name_key(name))
        .await?
        .ok_or_else(|| no_player(name))?;
    if !state
        .store
        .unblock(&signed_in.account.id, &other.id)
        .await?
    {
        return Err(ApiError::NotFound(
            Reason::new(
                "not-blocked",
                format!("you have not blocked {:?}", other.name),
            )
            .with("name", other.name.as_str()),
        ));
    }
    Ok(())
}

/// The accounts in a block with `account`, either way.
pub async fn either(state: &AppState, account: &str) -> Result<HashSet<String>, ApiError> {
    Ok(state
        .store
        .blocked_either(account)
        .await?
        .into_iter()
        .collect())
}

/// Refuses `account` a place beside `others` (accounts) when a block stands between it and any.
pub async fn may_sit_with(
    state: &AppState,
    account: &str,
    others: &[String],
) -> Result<(), ApiError> {
    if others.iter().all(|o| o == account) {
        return Ok(());
    }
    let apart = either(state, account).await?;
    if others.iter().any(|o| apart.contains(o)) {
        return Err(blocked());
    }
    Ok(())
}

/// The seats of game `id` whose chat the viewer (`blocked`: the accounts they blocked) is not
/// shown.
pub async fn hidden_seats(
    state: &AppState,
    id: &str,
    blocked: &HashSet<String>,
) -> Result<Vec<u8>, ApiError> {
    if blocked.is_empty() {
        return Ok(Vec::new());
    }
    let game = crate::change::find(state, id).await?;
    let live = game.state.lock().await;
    Ok(live
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.owner.as_ref().is_some_and(|o| blocked.contains(o)))
        .map(|(i, _)| i as u8)
        .collect())
}

/// The accounts `account` blocked.
pub async fn blocked_by(state: &AppState, account: &str) -> Result<HashSet<String>, ApiError> {
    Ok(state
        .store
        .blocks(account)
        .await?
        .into_iter()
        .map(|b| b.account)
        .collect())
}

/// The accounts the viewer of a request (by its cookie) blocked: none for a guest.
pub async fn of_viewer(state: &AppState, headers: &HeaderMap) -> Result<HashSet<String>, ApiError> {
    match SignedIn::of(headers, state).await? {
        Some(signed_in) => blocked_by(state, &signed_in.account.id).await,
        None => Ok(HashSet::new()),
    }
}

/// Whether game `id`, in memory, has chat lines from seats that belong to accounts: only then
/// may a viewer's blocks hide any (a guest's lines and a game without chat need no look-up).
async fn has_people_chat(state: &AppState, id: &str) -> bool {
    let Some(game) = state.hub.get(id) else {
        return true;
    };
    let live = game.state.lock().await;
    live.chat.iter().any(|m| {
        live.seats
            .get(usize::from(m.seat))
            .is_some_and(|s| s.owner.is_some())
    })
}

/// A game's view (or a socket's change message) of game `id` as the viewer of a request with
/// `headers` is shown it: without the chat lines of the people they blocked.
pub async fn shown(
    state: &AppState,
    headers: &HeaderMap,
    id: &str,
    text: String,
) -> Result<String, ApiError> {
    if !has_people_chat(state, id).await {
        return Ok(text);
    }
    let blocked = of_viewer(state, headers).await?;
    let hidden = hidden_seats(state, id, &blocked).await?;
    Ok(without_chat_of(text, &hidden))
}

/// `text` (a view, or a change message) without the chat lines of `seats`: its
/// `chat.messages` and `chat.added`. Anything else is kept as it is.
pub fn without_chat_of(text: String, seats: &[u8]) -> String {
    if seats.is_empty() || !text.contains("\"chat\"") {
        return text;
    }
    let Ok(mut value) = serde_json::from_str::<Value>(&text) else {
        return text;
    };
    let Some(chat) = value.get_mut("chat").and_then(Value::as_object_mut) else {
        return text;
    };
    for key in ["messages", "added"] {
        if let Some(lines) = chat.get_mut(key).and_then(Value::as_array_mut) {
            lines.retain(|m| {
                m.get("seat")
                    .and_then(Value::as_u64)
                    .is_none_or(|s| !seats.contains(&(s as u8)))
            });
        }
    }
    value.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blocked_seats_lines_leave_views_and_change_messages_alone() {
        let view = r#"{"ply":3,"chat":{"enabled":true,"messages":[{"seat":0,"text":"hi"},{"seat":1,"text":"go away"}]}}"#;
        let shown: Value = serde_json::from_str(&without_chat_of(view.into(), &[1])).unwrap();
        assert_eq!(shown["chat"]["messages"].as_array().unwrap().len(), 1);
        assert_eq!(shown["chat"]["messages"][0]["text"], "hi");
        assert_eq!(shown["ply"], 3);
        let change = r#"{"type":"change","chat":{"enabled":true,"added":[{"seat":1,"text":"x"}]}}"#;
        let shown: Value = serde_json::from_str(&without_chat_of(change.into(), &[1])).unwrap();
        assert!(shown["chat"]["added"].as_array().unwrap().is_empty());
        // Nothing hidden: the text as it was, not even parsed.
        assert_eq!(without_chat_of(view.into(), &[]), view);
        let moves = r#"{"type":"moves","legal":[]}"#;
        assert_eq!(without_chat_of(moves.into(), &[0]), moves);
    }
}
