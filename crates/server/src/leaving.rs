//! Taking one's data away and leaving (docs/api.md, "Your data"; GDPR articles 15, 17 and 20).
//!
//! The export is everything stored about the account, as JSON: its name and when it was made,
//! its address and whether it is confirmed and wanted, its ratings with their history, every
//! game with its seat and record, its puzzles (attempts and ratings) and lessons, the players it
//! blocked, its sessions (never their secrets), its push subscriptions (their endpoints only),
//! the reports it made, and what moderators did about it.
//!
//! Deleting (with the password) erases the sessions, the address and its mails, the push
//! subscriptions, the blocks either way, the two-step secret and recovery codes, the reset links,
//! the password hash, the ratings (so it leaves the leaderboards) and their history, the lessons
//! and puzzles, and ends its open seeks and tournament entries. Its games stay for the others,
//! its seats shown as a deleted player's (never the old name); the rated results already settled
//! stay settled for the others. The name is held back for [`crate::moderation::HOLD`] (30
//! days), then free: long enough that nobody takes it to pass for the person among those who
//! played them, short enough not to keep a name from everyone for good (and only a digest of it
//! is kept meanwhile).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use trigonal_store::now_ms;

use crate::accounts::{name_key, verify, SignedIn};
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::rfc3339;

/// `DELETE /api/me`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Leave {
    /// The password.
    pub password: String,
}

/// The export: everything stored about the account (docs/api.md, "Your data").
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Export {
    name: String,
    created: String,
    bot: bool,
    moderator: bool,
    two_step: bool,
    /// The language mails and notices are written in (null: English, never said).
    language: Option<String>,
    /// The address, whether confirmed and whether mail is wanted; null without one.
    #[schema(value_type = Option<Object>)]
    email: Value,
    #[schema(value_type = Object)]
    ratings: BTreeMap<String, Value>,
    #[schema(value_type = Vec<Object>)]
    games: Vec<Value>,
    #[schema(value_type = Object)]
    puzzles: Value,
    #[schema(value_type = Vec<Object>)]
    lessons: Vec<Value>,
    #[schema(value_type = Vec<Object>)]
    blocks: Vec<Value>,
    #[schema(value_type = Vec<Object>)]
    sessions: Vec<Value>,
    #[schema(value_type = Vec<Object>)]
    push_subscriptions: Vec<Value>,
    #[schema(value_type = Vec<Object>)]
    reports: Vec<Value>,
    #[schema(value_type = Object)]
    moderation: Value,
}

/// Everything stored about the signed-in person.
pub async fn export(state: &AppState, signed_in: &SignedIn) -> Result<Export, ApiError> {
    let account = &signed_in.account;
    let id = &account.id;
    let store = &state.store;
    let email = match store.mail_to(id).await? {
        Some(to) => json!({"address": to.address, "verified": to.verified, "mail_on": to.on}),
        None => Value::Null,
    };
    let mut ratings = BTreeMap::new();
    for row in store.ratings(id).await? {
        let history: Vec<Value> = store
            .rating_history(id, &row.pool)
            .await?
            .into_iter()
            .map(|(at, r)| json!({"at": rfc3339(at), "rating": r}))
            .collect();
        ratings.insert(
            row.pool.clone(),
            json!({"rating": row.rating.rating, "deviation": row.rating.deviation,
                   "volatility": row.rating.volatility, "games": row.rating.games,
                   "history": history}),
        );
    }
    let mut games = Vec::new();
    let mut seats: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    for (game, seat) in store
        .account_seats(id, crate::moderation::GAMES_RENAMED)
        .await?
    {
        seats.entry(game).or_default().push(seat);
    }
    for (game, seats) in seats {
        let (record, _) = crate::games::record(state, &game).await?;
        let live = crate::change::current(state, &game).await?;
        let live = live.state.lock().await;
        let chat: Vec<Value> = live
            .chat
            .iter()
            .filter(|m| seats.contains(&m.seat))
            .map(|m| json!({"seat": m.seat, "text": m.text, "at": rfc3339(m.at)}))
            .collect();
        games.push(json!({
            "id": game, "game": live.game, "seats": seats, "names": live.table.names,
            "rated": live.table.rated, "over": live.to_move().is_none(),
            "created": rfc3339(live.created), "updated": rfc3339(live.updated),
            "record": record, "chat": chat,
        }));
    }
    let attempts: Vec<Value> = store
        .puzzle_attempts(id)
        .await?
        .into_iter()
        .map(|a| json!({"puzzle": a.puzzle, "game": a.game, "correct": a.correct, "at": rfc3339(a.at)}))
        .collect();
    let puzzle_ratings: BTreeMap<String, Value> = store
        .puzzle_ratings(id)
        .await?
        .into_iter()
        .map(|(game, r)| {
            (
                game,
                json!({"rating": r.rating, "deviation": r.deviation, "attempts": r.games}),
            )
        })
        .collect();
    let lessons = store
        .lessons_done(id)
        .await?
        .into_iter()
        .map(|l| json!({"game": l.game, "lesson": l.lesson, "done": rfc3339(l.done)}))
        .collect();
    let blocks = store
        .blocks(id)
        .await?
        .into_iter()
        .map(|b| json!({"name": b.name, "created": rfc3339(b.created)}))
        .collect();
    let sessions = store
        .sessions_of(id, now_ms())
        .await?
        .into_iter()
        .map(|s| {
            json!({"id": s.id, "created": rfc3339(s.created), "last_seen": rfc3339(s.last_seen),
                   "expires": rfc3339(s.expires), "agent": s.agent,
                   "current": s.id == signed_in.session_id})
        })
        .collect();
    let push_subscriptions = store
        .pushes_of(id)
        .await?
        .into_iter()
        .map(|p| json!({"endpoint": p.endpoint, "created": rfc3339(p.created)}))
        .collect();
    let made = store.reports_by(id).await?;
    let reported = store
        .account_names(&made.iter().map(|r| r.account.clone()).collect::<Vec<_>>())
        .await?;
    let reports = made
        .into_iter()
        .zip(reported)
        .map(|(r, name)| {
            json!({"name": name, "reason": r.reason.as_str(), "game": r.game, "text": r.text,
                   "created": rfc3339(r.created), "status": r.status.as_str()})
        })
        .collect();
    let actions: Vec<Value> = store
        .mod_log(Some(id), 1000)
        .await?
        .into_iter()
        .map(|r| json!({"action": r.action, "reason": r.reason, "at": rfc3339(r.at)}))
        .collect();
    Ok(Export {
        name: account.name.clone(),
        created: rfc3339(account.created),
        bot: account.bot,
        moderator: account.moderator,
        two_step: account.totp,
        language: store.language(id).await?,
        email,
        ratings,
        games,
        puzzles: json!({"ratings": puzzle_ratings, "attempts": attempts}),
        lessons,
        blocks,
        sessions,
        push_subscriptions,
        reports,
        moderation: json!({
            "muted_until": account.muted_until.map(rfc3339),
            "actions": actions,
        }),
    })
}

/// Deletes the signed-in person's account, given its password.
pub async fn delete(
    state: &AppState,
    signed_in: &SignedIn,
    req: Leave,
    address: Option<std::net::IpAddr>,
) -> Result<(), ApiError> {
    let account = &signed_in.account;
    state
        .sign_in_limit
        .take(address, &name_key(&account.name))?;
    if !verify(req.password, account.password_hash.clone()).await? {
        return Err(ApiError::Unauthorized(Reason::new(
            "wrong-password",
            "wrong password",
        )));
    }
    let now = now_ms();
    let hold = now + crate::moderation::HOLD.as_millis() as i64;
    let Some(tournaments) = state.store.delete_account(&account.id, now, hold).await? else {
        return Err(ApiError::NotFound("the account is gone already".into()));
    };
    tracing::info!(tournaments = tournaments.len(), "an account was deleted");
    state.lobby.changed();
    if !tournaments.is_empty() {
        state.director.wake();
    }
    crate::moderation::rename_in_games(state, &account.id, None).await;
    Ok(())
}
