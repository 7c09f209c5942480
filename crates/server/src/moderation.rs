//! Reports and moderators (docs/api.md, "Reports and moderation"). Anyone signed in may report
//! another (at most [`REPORTS_PER_HOUR`] an hour); moderators — made with `trigonal admin
//! moderator NAME` — see the reports and act: a warning (mailed, and shown on the person's own
//! page), a mute of their chat for some minutes, a rename (everywhere the name is shown: the
//! account, its games, its seeks and tournament entries), closing the account (no sign-in; its
//! sessions, open seeks and tournament entries end) or opening it again, or dismissing the
//! report. Every action goes into the log, which is only ever added to. Whether a person is a
//! moderator is read with their session at every request, so a role given or taken counts at
//! once on every server.

use serde::{Deserialize, Serialize};
use trigonal_store::{
    now_ms, random_id, Action, ModAction, ModLogRow, Moderated, ReportReason, ReportRow,
    ReportStatus,
};

use crate::accounts::{name_as_given, name_key, new_name, SignedIn};
use crate::blocks::no_player;
use crate::change::{self, Command};
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::rfc3339;

/// How many reports one person may make an hour.
pub const REPORTS_PER_HOUR: usize = 10;

/// The longest a report's text may be, in characters.
pub const REPORT_TEXT: usize = 1000;

/// The longest a moderator's reason may be, in characters.
pub const REASON_TEXT: usize = 500;

/// The longest mute, in minutes: a year.
pub const MOST_MINUTES: u32 = 525_600;

/// How long a name let go (by a deletion or a moderator's rename) is held back before anyone
/// may take it: 30 days.
pub const HOLD: std::time::Duration = std::time::Duration::from_secs(30 * 86_400);

/// How many of an account's games a rename or a deletion rewrites (its games newest first).
pub const GAMES_RENAMED: usize = 100_000;

/// `POST /api/reports`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewReport {
    /// The player reported, written any way.
    pub name: String,
    /// `chat`, `name`, `cheating` or `other`.
    pub reason: String,
    /// The game it is about.
    #[serde(default)]
    pub game: Option<String>,
    /// What happened, in the reporter's words (at most 1000 characters).
    #[serde(default)]
    pub text: String,
}

/// A report made.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Reported {
    id: String,
}

/// A report as moderators see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReportView {
    id: String,
    /// The player reported (null: deleted since).
    name: Option<String>,
    /// Who reported them (null: deleted since).
    reporter: Option<String>,
    reason: &'static str,
    game: Option<String>,
    text: String,
    created: String,
    /// `open`, `resolved` or `dismissed`.
    status: &'static str,
}

/// `GET /api/mod/reports`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Reports {
    reports: Vec<ReportView>,
}

/// `POST /api/mod/actions`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewAction {
    /// The player acted on, written any way.
    pub name: String,
    /// `warn`, `mute`, `unmute`, `rename`, `close`, `reopen` or `dismiss`.
    pub action: String,
    /// A mute's length (1 to 525600).
    #[serde(default)]
    pub minutes: Option<u32>,
    /// A rename's new name.
    #[serde(default)]
    pub new_name: Option<String>,
    /// The report it answers.
    #[serde(default)]
    pub report: Option<String>,
    /// Why (1 to 500 characters).
    pub reason: String,
}

/// A line of the moderators' log.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LogLine {
    id: String,
    /// When (RFC 3339).
    at: String,
    /// The moderator (null: deleted since).
    moderator: Option<String>,
    /// The player acted on (null: deleted since).
    target: Option<String>,
    action: String,
    /// A mute's end (RFC 3339), a rename's new name.
    detail: Option<String>,
    reason: String,
    report: Option<String>,
}

/// `GET /api/mod/log`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Log {
    log: Vec<LogLine>,
}

/// `GET /api/me/moderation`: what moderators did about the signed-in person.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Standing {
    /// Until when their chat is muted (RFC 3339), if it is.
    muted_until: Option<String>,
    /// The warnings of the last 90 days, the latest first.
    warnings: Vec<Warning>,
}

/// A warning.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Warning {
    reason: String,
    /// When (RFC 3339).
    at: String,
}

/// `text` trimmed, if it has at most `most` characters and no control but line breaks.
fn text_of(text: &str, most: usize) -> Option<String> {
    let text = text.trim();
    let n = text.chars().count();
    (n <= most && !text.chars().any(|c| c.is_control() && c != '\n')).then(|| text.to_string())
}

/// The signed-in person reports another.
pub async fn report(
    state: &AppState,
    signed_in: &SignedIn,
    req: NewReport,
) -> Result<Reported, ApiError> {
    let reason = ReportReason::parse(&req.reason).ok_or_else(|| {
        ApiError::BadRequest(
            Reason::new(
                "report-reason",
                "a report's reason is chat, name, cheating or other",
            )
            .with("reason", trigonal_core::clipped(&req.reason)),
        )
    })?;
    let text = text_of(&req.text, REPORT_TEXT).ok_or_else(|| {
        ApiError::BadRequest(
            Reason::new(
                "report-text",
                format!("a report has at most {REPORT_TEXT} characters, none a control"),
            )
            .with("most", REPORT_TEXT),
        )
    })?;
    let account = state
        .store
        .account_by_name(&name_key(&req.name))
        .await?
        .ok_or_else(|| no_player(&req.name))?;
    if account.id == signed_in.account.id {
        return Err(ApiError::BadRequest(Reason::new(
            "report-self",
            "you cannot report yourself",
        )));
    }
    let game = match req.game.filter(|g| !g.is_empty()) {
        Some(id) => {
            change::find(state, &id).await?;
            Some(id)
        }
        None => None,
    };
    let now = now_ms();
    let row = ReportRow {
        id: random_id(),
        account: account.id,
        reporter: signed_in.account.id.clone(),
        reason,
        game,
        text,
        created: now,
        status: ReportStatus::Open,
    };
    let id = row.id.clone();
    if !state
        .store
        .add_report(row, REPORTS_PER_HOUR, now - 3_600_000)
        .await?
    {
        return Err(ApiError::TooManyRequests {
            limit: "reports",
            what: format!("too many reports (at most {REPORTS_PER_HOUR} an hour)"),
            retry_after: 3600,
        });
    }
    tracing::info!(report = %id, reason = reason.as_str(), "report made");
    Ok(Reported { id })
}

/// Refuses anyone but a moderator.
pub fn moderator(signed_in: &SignedIn) -> Result<(), ApiError> {
    if signed_in.account.moderator {
        Ok(())
    } else {
        Err(ApiError::Forbidden(Reason::new(
            "not-moderator",
            "only moderators may do this",
        )))
    }
}

/// The names of `ids` now (`None`: deleted), read together.
async fn names(state: &AppState, ids: Vec<String>) -> Result<Vec<Option<String>>, ApiError> {
    Ok(state.store.account_names(&ids).await?)
}

/// The reports, open ones first.
pub async fn reports(state: &AppState, signed_in: &SignedIn) -> Result<Reports, ApiError> {
    moderator(signed_in)?;
    let rows = state.store.reports(500).await?;
    let ids = rows
        .iter()
        .flat_map(|r| [r.account.clone(), r.reporter.clone()])
        .collect();
    let mut named = names(state, ids).await?.into_iter();
    Ok(Reports {
        reports: rows
            .into_iter()
            .map(|r| ReportView {
                name: named.next().flatten(),
                reporter: named.next().flatten(),
                id: r.id,
                reason: r.reason.as_str(),
                game: r.game,
                text: r.text,
                created: rfc3339(r.created),
                status: r.status.as_str(),
            })
            .collect(),
    })
}

/// The log as shown: names now, a mute's end as a time.
async fn lines(state: &AppState, rows: Vec<ModLogRow>) -> Result<Vec<LogLine>, ApiError> {
    let ids = rows
        .iter()
        .flat_map(|r| [r.moderator.clone(), r.target.clone()])
        .collect();
    let mut named = names(state, ids).await?.into_iter();
    Ok(rows
        .into_iter()
        .map(|r| LogLine {
            moderator: named.next().flatten(),
            target: named.next().flatten(),
            detail: match (r.action.as_str(), r.detail) {
                ("mute", Some(until)) => until.parse().ok().map(rfc3339),
                (_, detail) => detail,
            },
            id: r.id,
            at: rfc3339(r.at),
            action: r.action,
            reason: r.reason,
            report: r.report,
        })
        .collect())
}

/// The moderators' log, the latest first.
pub async fn log(state: &AppState, signed_in: &SignedIn) -> Result<Log, ApiError> {
    moderator(signed_in)?;
    let rows = state.store.mod_log(None, 1000).await?;
    Ok(Log {
        log: lines(state, rows).await?,
    })
}

/// What moderators did about the signed-in person: a mute, and warnings of the last 90 days.
pub async fn standing(state: &AppState, signed_in: &SignedIn) -> Result<Standing, ApiError> {
    let now = now_ms();
    let account = &signed_in.account;
    let since = now - 90 * 86_400_000;
    let warnings = state
        .store
        .mod_log(Some(&account.id), 200)
        .await?
        .into_iter()
        .filter(|r| r.action == "warn" && r.at >= since)
        .map(|r| Warning {
            reason: r.reason,
            at: rfc3339(r.at),
        })
        .collect();
    Ok(Standing {
        muted_until: account.muted_until.filter(|&u| u > now).map(rfc3339),
        warnings,
    })
}

/// A moderator acts: the line it adds to the log.
pub async fn act(
    state: &AppState,
    signed_in: &SignedIn,
    req: NewAction,
) -> Result<LogLine, ApiError> {
    moderator(signed_in)?;
    let Some(reason) = text_of(&req.reason, REASON_TEXT).filter(|r| !r.is_empty()) else {
        return Err(ApiError::BadRequest(
            Reason::new(
                "mod-reason",
                format!("say why, in at most {REASON_TEXT} characters, none a control"),
            )
            .with("most", REASON_TEXT),
        ));
    };
    let now = now_ms();
    let action = match req.action.as_str() {
        "warn" => Action::Warn,
        "mute" => {
            let minutes = req.minutes.filter(|m| (1..=MOST_MINUTES).contains(m));
            let Some(minutes) = minutes else {
                return Err(ApiError::BadRequest(
                    Reason::new(
                        "mod-minutes",
                        format!("a mute lasts 1 to {MOST_MINUTES} minutes"),
                    )
                    .with("most", MOST_MINUTES),
                ));
            };
            Action::Mute {
                until: now + i64::from(minutes) * 60_000,
            }
        }
        "unmute" => Action::Unmute,
        "rename" => {
            let given = name_as_given(req.new_name.as_deref().unwrap_or(""));
            Action::Rename {
                name: new_name(state, &given)?.to_string(),
            }
        }
        "close" => Action::Close,
        "reopen" => Action::Reopen,
        "dismiss" => Action::Dismiss,
        other => {
            return Err(ApiError::BadRequest(
                Reason::new(
                    "mod-action",
                    "an action is warn, mute, unmute, rename, close, reopen or dismiss",
                )
                .with("action", trigonal_core::clipped(other)),
            ))
        }
    };
    let target = state
        .store
        .account_by_name(&name_key(&req.name))
        .await?
        .ok_or_else(|| no_player(&req.name))?;
    let report = req.report.filter(|r| !r.is_empty());
    if action == Action::Dismiss && report.is_none() {
        return Err(ApiError::BadRequest(
            "a dismissal names the report it dismisses (\"report\")".into(),
        ));
    }
    let done = ModAction {
        id: random_id(),
        at: now,
        moderator: signed_in.account.id.clone(),
        target: target.id.clone(),
        action: action.clone(),
        reason: reason.clone(),
        report,
        hold_until: now + HOLD.as_millis() as i64,
    };
    let id = done.id.clone();
    match state.store.moderate(done).await? {
        Moderated::Done { tournaments } => {
            if !tournaments.is_empty() {
                state.director.wake();
            }
        }
        Moderated::NameTaken => {
            let name = req.new_name.unwrap_or_default();
            return Err(ApiError::Conflict(
                Reason::new("name-taken", format!("the name {name:?} is taken"))
                    .with("name", trigonal_core::clipped(&name)),
            ));
        }
        Moderated::NoReport => {
            return Err(ApiError::NotFound(Reason::new(
                "no-report",
                "there is no such report",
            )))
        }
        Moderated::NoAccount => return Err(no_player(&req.name)),
    }
    tracing::info!(moderator = %signed_in.account.name, target = %target.name, action = action.as_str(), "moderated");
    match &action {
        Action::Rename { name } => rename_in_games(state, &target.id, Some(name)).await,
        Action::Close => state.lobby.changed(),
        Action::Warn => {
            if let Err(e) = crate::mail::warned(state, &target.id, &target.name, &reason).await {
                tracing::warn!(error = %e, "the mail of a warning could not be queued");
            }
        }
        _ => {}
    }
    let rows = state.store.mod_log(Some(&target.id), 50).await?;
    let row = rows
        .into_iter()
        .find(|r| r.id == id)
        .ok_or_else(|| ApiError::Internal("the action logged is not in the log".into()))?;
    let mut shown = lines(state, vec![row]).await?;
    Ok(shown.remove(0))
}

/// Shows `name` (`None`: a deleted player) for the seats of `account` in all its games, through
/// the change path: every process's copy and every watcher see it.
pub async fn rename_in_games(state: &AppState, account: &str, name: Option<&str>) {
    let seats = match state.store.account_seats(account, GAMES_RENAMED).await {
        Ok(seats) => seats,
        Err(e) => {
            tracing::warn!(error = %e, "an account's games could not be read to rename it");
            return;
        }
    };
    let mut games: Vec<String> = seats.into_iter().map(|(g, _)| g).collect();
    games.dedup();
    for game in games {
        let command = Command::Rename {
            owner: account.to_string(),
            name: name.map(str::to_string),
        };
        if let Err(e) = change::execute(state, &game, command).await {
            tracing::warn!(error = %e, game = %game, "a seat's name could not be changed");
        }
    }
}

/// Refuses the chat of the seat of `token` in game `id` while a moderator has its player's
/// account muted: `403` `muted`, saying until when.
pub async fn may_chat(state: &AppState, id: &str, token: &str) -> Result<(), ApiError> {
    let owner = {
        let game = change::find(state, id).await?;
        let live = game.state.lock().await;
        live.seat_of(token)
            .and_then(|seat| live.seats.get(usize::from(seat)))
            .and_then(|s| s.owner.clone())
    };
    let Some(owner) = owner else {
        return Ok(());
    };
    let now = now_ms();
    let until = state
        .store
        .account_by_id(&owner)
        .await?
        .and_then(|a| a.muted_until)
        .filter(|&until| until > now);
    match until {
        Some(until) => Err(ApiError::Forbidden(
            Reason::new(
                "muted",
                format!("a moderator muted your chat until {}", rfc3339(until)),
            )
            .with("until", rfc3339(until)),
        )),
        None => Ok(()),
    }
}
