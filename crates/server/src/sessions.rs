//! A person's sessions (docs/api.md, "Sessions"): where they are signed in — each browser by a
//! short name of the browser and its system, never the raw User-Agent — when each began and was
//! last used, and ending one or all the others.

use serde::Serialize;
use trigonal_store::now_ms;

use crate::accounts::SignedIn;
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::view::rfc3339;

/// A short name for the browser and system of a User-Agent: `Firefox on Linux`, `Safari on
/// iOS`, `curl`; `Unknown browser` when it says nothing known. At most 60 characters.
pub fn agent_name(agent: &str) -> String {
    let has = |word: &str| agent.contains(word);
    let browser = if has("Edg/") || has("Edge/") {
        Some("Edge")
    } else if has("OPR/") || has("Opera") {
        Some("Opera")
    } else if has("Firefox/") || has("FxiOS/") {
        Some("Firefox")
    } else if has("SamsungBrowser/") {
        Some("Samsung Internet")
    } else if has("HeadlessChrome/") {
        Some("Headless Chrome")
    } else if has("Chrome/") || has("CriOS/") || has("Chromium/") {
        Some("Chrome")
    } else if has("Safari/") {
        Some("Safari")
    } else {
        None
    };
    let system = if has("iPhone") || has("iPad") || has("iPod") {
        Some("iOS")
    } else if has("Android") {
        Some("Android")
    } else if has("CrOS") {
        Some("ChromeOS")
    } else if has("Windows") {
        Some("Windows")
    } else if has("Mac OS X") || has("Macintosh") {
        Some("macOS")
    } else if has("Linux") || has("X11") {
        Some("Linux")
    } else {
        None
    };
    let tool = [
        "curl",
        "Wget",
        "python-requests",
        "reqwest",
        "node",
        "Playwright",
    ]
    .into_iter()
    .find(|t| agent.to_lowercase().starts_with(&t.to_lowercase()));
    match (browser, system, tool) {
        (Some(b), Some(s), _) => format!("{b} on {s}"),
        (Some(b), None, _) => b.to_string(),
        (None, _, Some(t)) => t.to_string(),
        (None, Some(s), None) => format!("A browser on {s}"),
        (None, None, None) => "Unknown browser".to_string(),
    }
}

/// `GET /api/me/sessions`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Sessions {
    sessions: Vec<SessionView>,
}

/// A session as its owner sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SessionView {
    /// Its id, to end it with.
    id: String,
    /// When it began (RFC 3339).
    created: String,
    /// When it was last used, to within five minutes (RFC 3339).
    last_seen: String,
    /// The browser and system, in a few words (`Firefox on Linux`).
    agent: String,
    /// Whether it is the session of this request.
    current: bool,
}

/// The signed-in person's sessions, the latest used first.
pub async fn list(state: &AppState, signed_in: &SignedIn) -> Result<Sessions, ApiError> {
    let rows = state
        .store
        .sessions_of(&signed_in.account.id, now_ms())
        .await?;
    Ok(Sessions {
        sessions: rows
            .into_iter()
            .map(|s| SessionView {
                current: s.id == signed_in.session_id,
                id: s.id,
                created: rfc3339(s.created),
                last_seen: rfc3339(s.last_seen),
                agent: s.agent,
            })
            .collect(),
    })
}

/// Ends the signed-in person's session `id` (this one too, if it is).
pub async fn end(state: &AppState, signed_in: &SignedIn, id: &str) -> Result<(), ApiError> {
    if state
        .store
        .end_session_id(&signed_in.account.id, id)
        .await?
    {
        Ok(())
    } else {
        Err(ApiError::NotFound(
            Reason::new("no-session", "you have no such session")
                .with("id", trigonal_core::clipped(id)),
        ))
    }
}

/// Ends every session of the signed-in person but this one.
pub async fn end_others(state: &AppState, signed_in: &SignedIn) -> Result<(), ApiError> {
    state
        .store
        .end_other_sessions(&signed_in.account.id, &signed_in.session)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::agent_name;

    #[test]
    fn a_user_agent_is_a_browser_and_a_system_in_a_few_words() {
        for (agent, name) in [
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
                "Firefox on Linux",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
                "Edge on Windows",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                "Safari on iOS",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
                "Safari on macOS",
            ),
            ("curl/8.5.0", "curl"),
            ("", "Unknown browser"),
        ] {
            assert_eq!(agent_name(agent), name, "{agent}");
        }
    }
}
