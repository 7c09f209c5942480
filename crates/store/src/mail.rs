//! E-mail: each account's address, confirmed by a first mail before any other is sent to it;
//! whether it wants mail (an unsubscribe link turns it off); and the mails to send, queued with
//! an optional key that makes a kind of mail go at most once, claimed by one process at a time
//! under a lease and retried until the mail server takes them. And the other way to reach
//! someone: their browsers' Web Push subscriptions.

/// Where an account's mail goes, and whether it may.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailTo {
    /// The address.
    pub address: String,
    /// Whether the address was confirmed (the link of the first mail followed).
    pub verified: bool,
    /// Whether the account wants mail.
    pub on: bool,
    /// The token of its unsubscribe link.
    pub unsubscribe: String,
}

/// A mail to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailRow {
    /// Its id.
    pub id: String,
    /// The account it is for.
    pub account: String,
    /// At most one queued mail has this key (`turn/<game>/<account>/<day>`); none: no limit.
    pub once_key: Option<String>,
    /// Where it goes.
    pub address: String,
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub body: String,
    /// When it is (next) tried, unix milliseconds.
    pub due: i64,
    /// How many times sending it failed.
    pub attempts: u32,
}

/// How sending a claimed mail went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    /// The mail server took it, at this time.
    At(i64),
    /// It failed; try again at this time.
    RetryAt(i64),
}

/// A browser's Web Push subscription.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushRow {
    /// The push service's URL for it.
    pub endpoint: String,
    /// The account it belongs to.
    pub account: String,
    /// Its public key, base64url.
    pub p256dh: String,
    /// Its authentication secret, base64url.
    pub auth: String,
    /// When it was kept, unix milliseconds.
    pub created: i64,
}
