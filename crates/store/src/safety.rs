//! Trust and safety as the store keeps it ([`crate::Safety`]): sessions' details, password
//! resets (only digests of their tokens), two-step sign-in (TOTP secrets and the digests of
//! recovery codes), blocks, reports, moderators and their append-only log, names held back for a
//! while after they were let go, and deleted accounts (a row kept with nothing of the person in
//! it, so that games, settled ratings and the log still point somewhere).
//!
//! What both backends decide alike is here, once: what a moderator's action does to the report
//! it answers and leaves in the log, whether a rename is refused for a name held back and which
//! name it lets go, how a deleted account's row is keyed, how a name held back is stored, how
//! many resets and reports one may make, what two-step sign-in is for an account without a row,
//! and when a session's last use is worth writing.

use sha2::{Digest, Sha256};

use crate::TokenDigest;

/// A session's last use is written again once it is this old (milliseconds): a session seen
/// every second does not cost a write every second.
pub const TOUCH_EVERY: i64 = 5 * 60 * 1000;

/// Whether a session last seen at `last_seen` is worth marking seen again at `now`.
pub fn needs_touch(last_seen: i64, now: i64) -> bool {
    now - last_seen >= TOUCH_EVERY
}

/// The stored form of a name held back (after a deletion or a rename): the SHA-256 of its
/// lookup key, so that the list of names let go is not a list of names.
pub fn held_name(name_key: &str) -> String {
    let digest = Sha256::new()
        .chain_update(b"trigonal held name\0")
        .chain_update(name_key.as_bytes())
        .finalize();
    base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, digest)
}

/// The lookup key a deleted account's row keeps instead of its name: no name anyone can type
/// (names have no `/`), unique, and saying nothing of the name it had.
pub fn deleted_key(id: &str) -> String {
    format!("deleted/{id}")
}

/// Two-step sign-in as stored for an account. The default is an account's without it (or
/// without a row): off, nothing pending, no recovery codes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TotpRow {
    /// The secret in use (base32), when two-step sign-in is on.
    pub secret: Option<String>,
    /// Whether two-step sign-in is on.
    pub on: bool,
    /// A secret handed out by a set-up not confirmed yet (base32).
    pub pending: Option<String>,
    /// The last time step whose code was taken: a code is taken once.
    pub step: i64,
    /// How many recovery codes are left.
    pub recovery_left: usize,
}

/// A block: `blocker` keeps `blocked` away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRow {
    /// The account blocked.
    pub account: String,
    /// Its name now.
    pub name: String,
    /// When, unix milliseconds.
    pub created: i64,
}

/// What a report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportReason {
    /// What they said in a game's chat.
    Chat,
    /// Their name.
    Name,
    /// Cheating.
    Cheating,
    /// Anything else.
    Other,
}

impl ReportReason {
    /// Every reason.
    pub const ALL: [ReportReason; 4] = [
        ReportReason::Chat,
        ReportReason::Name,
        ReportReason::Cheating,
        ReportReason::Other,
    ];

    /// The word stored and in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportReason::Chat => "chat",
            ReportReason::Name => "name",
            ReportReason::Cheating => "cheating",
            ReportReason::Other => "other",
        }
    }

    /// The reason `word` names.
    pub fn parse(word: &str) -> Option<ReportReason> {
        ReportReason::ALL.into_iter().find(|r| r.as_str() == word)
    }
}

/// Where a report is: waiting for a moderator, acted on, or dismissed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportStatus {
    /// Waiting for a moderator.
    Open,
    /// A moderator acted on it.
    Resolved,
    /// A moderator found nothing to act on.
    Dismissed,
}

impl ReportStatus {
    /// The word stored and in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportStatus::Open => "open",
            ReportStatus::Resolved => "resolved",
            ReportStatus::Dismissed => "dismissed",
        }
    }

    /// The status `word` names.
    pub fn parse(word: &str) -> Option<ReportStatus> {
        [
            ReportStatus::Open,
            ReportStatus::Resolved,
            ReportStatus::Dismissed,
        ]
        .into_iter()
        .find(|s| s.as_str() == word)
    }
}

/// A report of one account by another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    /// Its id.
    pub id: String,
    /// The account reported.
    pub account: String,
    /// The account that reported it.
    pub reporter: String,
    /// Why.
    pub reason: ReportReason,
    /// The game it is about, if any.
    pub game: Option<String>,
    /// What the reporter wrote.
    pub text: String,
    /// When, unix milliseconds.
    pub created: i64,
    /// Where it is.
    pub status: ReportStatus,
}

/// What a moderator does to an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A warning: nothing changes but the log (and the person is told).
    Warn,
    /// Their chat is refused until `until` (unix milliseconds).
    Mute {
        /// When it ends.
        until: i64,
    },
    /// Their chat is taken again.
    Unmute,
    /// They are called `name` from now on (checked by the caller; unique, as any name).
    Rename {
        /// The new name.
        name: String,
    },
    /// The account is closed: no sign-in, its sessions, open seeks and tournament entries end.
    Close,
    /// A closed account is opened again.
    Reopen,
    /// Nothing is done: the report it answers was not worth acting on.
    Dismiss,
}

impl Action {
    /// The word stored in the log and used by the API.
    pub fn as_str(&self) -> &'static str {
        match self {
            Action::Warn => "warn",
            Action::Mute { .. } => "mute",
            Action::Unmute => "unmute",
            Action::Rename { .. } => "rename",
            Action::Close => "close",
            Action::Reopen => "reopen",
            Action::Dismiss => "dismiss",
        }
    }

    /// What becomes of the report the action answers: dismissed by a dismissal, resolved by
    /// anything else.
    pub fn report_status(&self) -> ReportStatus {
        match self {
            Action::Dismiss => ReportStatus::Dismissed,
            _ => ReportStatus::Resolved,
        }
    }

    /// What the action leaves in the log beside its word: a mute's end, a rename's new name.
    pub fn detail(&self) -> Option<String> {
        match self {
            Action::Mute { until } => Some(until.to_string()),
            Action::Rename { name } => Some(name.clone()),
            _ => None,
        }
    }
}

/// A moderator's action, as it is carried out and logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModAction {
    /// Its id in the log.
    pub id: String,
    /// When, unix milliseconds.
    pub at: i64,
    /// The moderator's account.
    pub moderator: String,
    /// The account acted on.
    pub target: String,
    /// What is done.
    pub action: Action,
    /// Why, in the moderator's words.
    pub reason: String,
    /// The report it answers, if any.
    pub report: Option<String>,
    /// Until when the old name of a rename is held back.
    pub hold_until: i64,
}

/// How a moderator's action went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moderated {
    /// Done and logged; the tournaments whose entries it ended (a closing).
    Done {
        /// The tournaments changed.
        tournaments: Vec<String>,
    },
    /// A rename to a name taken (or held back): nothing done.
    NameTaken,
    /// The report named is not there: nothing done.
    NoReport,
    /// The account acted on is not there (or deleted): nothing done.
    NoAccount,
}

/// A line of the moderators' log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModLogRow {
    /// Its id.
    pub id: String,
    /// When, unix milliseconds.
    pub at: i64,
    /// The moderator's account.
    pub moderator: String,
    /// The account acted on.
    pub target: String,
    /// `warn`, `mute`, … ([`Action::as_str`]).
    pub action: String,
    /// A mute's end (unix milliseconds, as text), a rename's new name.
    pub detail: Option<String>,
    /// Why.
    pub reason: String,
    /// The report it answered.
    pub report: Option<String>,
}

/// A stored password reset: whose, and until when it may be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResetRow {
    /// The digest of the link's token.
    pub digest: TokenDigest,
    /// The account.
    pub account: String,
    /// Made, unix milliseconds.
    pub created: i64,
    /// Usable until, unix milliseconds.
    pub expires: i64,
}

/// Whether an account that had `made` reset links made since the window began may be sent
/// another: at most `most` a window.
pub fn may_reset(made: usize, most: usize) -> bool {
    made < most
}

/// Whether a reporter who made `made` reports since the window began may make another: at most
/// `most` a window.
pub fn may_report(made: usize, most: usize) -> bool {
    made < most
}

/// Whether a rename from the name keyed `old_key` to the one keyed `new_key` is refused because
/// the new name is `held` back: a name let go is held from everyone, except the account renamed
/// to (a case of) its own name.
pub fn rename_held(held: bool, new_key: &str, old_key: &str) -> bool {
    held && new_key != old_key
}

/// The name a rename from the name keyed `old_key` to the one keyed `new_key` lets go, as it is
/// held back ([`held_name`]): none when the key stays (a change of case only).
pub fn let_go(old_key: &str, new_key: &str) -> Option<String> {
    (new_key != old_key).then(|| held_name(old_key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_name_is_a_digest_of_its_key_alone() {
        assert_eq!(held_name("ann"), held_name("ann"));
        assert_ne!(held_name("ann"), held_name("anne"));
        assert!(!held_name("ann").contains("ann"));
        assert_eq!(held_name("ann").len(), 43);
    }

    #[test]
    fn a_session_is_marked_seen_again_after_five_minutes() {
        assert!(!needs_touch(1000, 1000 + TOUCH_EVERY - 1));
        assert!(needs_touch(1000, 1000 + TOUCH_EVERY));
    }

    #[test]
    fn a_dismissal_dismisses_and_anything_else_resolves() {
        assert_eq!(Action::Dismiss.report_status(), ReportStatus::Dismissed);
        assert_eq!(Action::Warn.report_status(), ReportStatus::Resolved);
        assert_eq!(
            Action::Rename { name: "x".into() }.detail().as_deref(),
            Some("x")
        );
        assert_eq!(Action::Close.detail(), None);
        for r in ReportReason::ALL {
            assert_eq!(ReportReason::parse(r.as_str()), Some(r));
        }
        assert!(may_reset(2, 3) && !may_reset(3, 3));
        assert!(!deleted_key("x").chars().all(|c| c.is_ascii_alphanumeric()));
    }

    #[test]
    fn reports_are_taken_until_the_window_s_most() {
        assert!(may_report(0, 1));
        assert!(may_report(4, 5));
        assert!(!may_report(5, 5));
        assert!(!may_report(6, 5));
        assert!(!may_report(0, 0));
    }

    #[test]
    fn a_held_name_is_refused_except_to_the_account_that_has_it() {
        assert!(rename_held(true, "bob", "ann"));
        assert!(!rename_held(true, "ann", "ann"));
        assert!(!rename_held(false, "bob", "ann"));
        assert!(!rename_held(false, "ann", "ann"));
    }

    #[test]
    fn a_rename_lets_its_old_name_go_unless_only_its_case_changes() {
        assert_eq!(let_go("ann", "bob"), Some(held_name("ann")));
        assert_eq!(let_go("ann", "ann"), None);
    }

    #[test]
    fn an_account_without_two_step_sign_in_has_it_off() {
        assert_eq!(
            TotpRow::default(),
            TotpRow {
                secret: None,
                on: false,
                pending: None,
                step: 0,
                recovery_left: 0,
            }
        );
    }
}
