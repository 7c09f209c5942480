//! E-mail through an SMTP server (`--smtp`): an address is confirmed by a first mail before any
//! other goes to it; then a person is told when it is their turn in a correspondence game, at
//! most once a game a day (the queue's key says so, on every process at once). Every mail has an
//! unsubscribe link. Mails are queued in the store and sent by whichever process claims them;
//! one the mail server refuses or cannot take is tried again later, longer and longer apart, and
//! nothing else waits for it.

use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};
use trigonal_store::{now_ms, random_id, MailRow, Sent, TokenDigest};

use crate::accounts::SignedIn;
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::words::Said;

/// How many mails a process claims at once.
const BATCH: usize = 10;

/// How long a claimed mail is held by the process sending it.
const LEASE: Duration = Duration::from_secs(60);

/// How often a process looks for mails due (besides when one is queued).
const EVERY: Duration = Duration::from_secs(5);

/// The first wait after a failure; each failure doubles it, up to [`MOST_APART`].
const FIRST_RETRY: Duration = Duration::from_secs(5);

/// The longest wait between two tries.
const MOST_APART: Duration = Duration::from_secs(3600);

/// Where mail goes out and what it says it comes from (`trigonal serve --smtp`).
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// The SMTP server, `smtp://host:port` (plain: a relay on the machine or the network).
    pub smtp: String,
    /// The sender, `Trigonal <games@example.org>`.
    pub from: String,
    /// The site's address for links in mails, `https://trigonal.example.org`.
    pub site: String,
}

/// The SMTP transport and the sender.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    site: String,
}

impl Mailer {
    /// The mailer `config` describes, or why it cannot be.
    pub fn new(config: &MailConfig) -> Result<Mailer, String> {
        let url = url_parts(&config.smtp)
            .ok_or_else(|| format!("--smtp {:?}: say smtp://host:port", config.smtp))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(url.0)
            .port(url.1)
            .timeout(Some(Duration::from_secs(10)))
            .build();
        let from = config
            .from
            .parse()
            .map_err(|e| format!("--mail-from {:?}: {e}", config.from))?;
        Ok(Mailer {
            transport,
            from,
            site: config.site.trim_end_matches('/').to_string(),
        })
    }

    /// Sends `mail` with the link that unsubscribes with token `unsubscribe` under it, in
    /// language `language`.
    async fn send(&self, mail: &MailRow, unsubscribe: &str, language: &str) -> Result<(), String> {
        let to: Mailbox = mail.address.parse().map_err(|e| format!("{e}"))?;
        // The page a person opens (it asks before it acts), and the address a mail program's
        // one-click unsubscribe posts to (RFC 8058).
        let link = format!("{}/mail/unsubscribe/{unsubscribe}", self.site);
        let one_click = format!("{}/api/mail/unsubscribe/{unsubscribe}", self.site);
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .header(ListUnsubscribe(format!("<{one_click}>")))
            .header(OneClick)
            .body(format!(
                "{}\n\n-- \n{}\n",
                mail.body,
                crate::words::t(language, "mail.footer", &[("link", &link)])
            ))
            .map_err(|e| e.to_string())?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// `List-Unsubscribe`, which mail programs show as a button.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl lettre::message::header::Header for ListUnsubscribe {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the button posts to the
/// `List-Unsubscribe` address at once, asking nothing.
#[derive(Clone)]
struct OneClick;

impl lettre::message::header::Header for OneClick {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(OneClick)
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(
            Self::name(),
            "List-Unsubscribe=One-Click".to_string(),
        )
    }
}

/// `smtp://host:port` as its host and port (25 if none).
fn url_parts(url: &str) -> Option<(String, u16)> {
    let rest = url.strip_prefix("smtp://")?.trim_end_matches('/');
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) => (host, port.parse().ok()?),
        None => (rest, 25),
    };
    (!host.is_empty()).then(|| (host.to_string(), port))
}

/// `POST /api/me/email`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEmail {
    /// The address.
    pub email: String,
}

/// `GET /api/me/email`, and the answer to setting one.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmailView {
    email: Option<String>,
    verified: bool,
    on: bool,
    /// Whether this server sends mail at all.
    mail: bool,
}

/// The signed-in person's address and whether it is confirmed and wanted.
pub async fn email(state: &AppState, signed_in: &SignedIn) -> Result<EmailView, ApiError> {
    let to = state.store.mail_to(&signed_in.account.id).await?;
    Ok(EmailView {
        verified: to.as_ref().is_some_and(|t| t.verified),
        on: to.as_ref().is_none_or(|t| t.on),
        email: to.map(|t| t.address),
        mail: state.mailer.is_some(),
    })
}

/// Whether `address` looks like one: a local part, `@`, a domain with a dot; no spaces or
/// controls; at most 254 characters.
fn plausible(address: &str) -> bool {
    let Some((local, domain)) = address.rsplit_once('@') else {
        return false;
    };
    address.chars().count() <= 254
        && !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !address.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Gives the signed-in person the address `req.email` and sends the mail that confirms it.
pub async fn set_email(
    state: &AppState,
    signed_in: &SignedIn,
    req: NewEmail,
) -> Result<EmailView, ApiError> {
    let Some(mailer) = &state.mailer else {
        return Err(ApiError::Conflict(Reason::new(
            "mail-off",
            "this server sends no mail",
        )));
    };
    let address = req.email.trim();
    if !plausible(address) || address.parse::<Mailbox>().is_err() {
        return Err(ApiError::BadRequest(Reason::new(
            "email-address",
            "that is not an e-mail address",
        )));
    }
    let account = &signed_in.account;
    let (check, digest) = TokenDigest::issue();
    state
        .store
        .set_email(&account.id, address, &digest, &random_id())
        .await?;
    let link = format!("{}/mail/verify/{check}", mailer.site);
    let language = crate::words::of_account(state, &account.id).await;
    queue(
        state,
        &account.id,
        address,
        None,
        Said::new("mail.confirm.subject").in_language(&language),
        Said::new("mail.confirm.text")
            .with("name", &account.name)
            .with("link", link)
            .in_language(&language),
    )
    .await?;
    email(state, signed_in).await
}

/// Queues a mail and wakes the sender; `false` when one of `once_key` was queued before.
async fn queue(
    state: &AppState,
    account: &str,
    address: &str,
    once_key: Option<String>,
    subject: String,
    body: String,
) -> Result<bool, ApiError> {
    let queued = state
        .store
        .queue_mail(MailRow {
            id: random_id(),
            account: account.to_string(),
            once_key,
            address: address.to_string(),
            subject,
            body,
            due: now_ms(),
            attempts: 0,
        })
        .await?;
    if queued {
        state.mail_due.notify_one();
    }
    Ok(queued)
}

/// Queues a mail to `account` in its language — `text`, then the link to `path` on the site —
/// if this server sends mail and the account confirmed an address and wants mail; at most one
/// a `once_key`.
async fn tell(
    state: &AppState,
    account: &str,
    once_key: String,
    subject: Said,
    text: Said,
    path: &str,
) -> Result<(), ApiError> {
    let Some(mailer) = &state.mailer else {
        return Ok(());
    };
    let Some(to) = state.store.mail_to(account).await? else {
        return Ok(());
    };
    if !to.verified || !to.on {
        return Ok(());
    }
    let language = crate::words::of_account(state, account).await;
    let body = format!("{}\n\n{}{path}", text.in_language(&language), mailer.site);
    let subject = subject.in_language(&language);
    queue(state, account, &to.address, Some(once_key), subject, body).await?;
    Ok(())
}

/// Tells `account` it is their turn in game `game` (`subject`, `text`), if they confirmed an
/// address and want mail; at most once a game a day.
pub async fn your_turn(
    state: &AppState,
    account: &str,
    game: &str,
    subject: Said,
    text: Said,
) -> Result<(), ApiError> {
    let day = now_ms() / 86_400_000;
    tell(
        state,
        account,
        format!("turn/{game}/{account}/{day}"),
        subject,
        text,
        &format!("/game/{game}"),
    )
    .await
}

/// Queues the mail that tournament `id` (`name`) started to entrant `account`, if they get
/// mail: once a tournament.
pub async fn tournament_starts(
    state: &AppState,
    account: &str,
    id: &str,
    name: &str,
) -> Result<(), ApiError> {
    tell(
        state,
        account,
        format!("tournament/{id}/{account}"),
        Said::new("notice.tournament.title").with("tournament", name),
        Said::new("mail.tournament.text").with("tournament", name),
        &format!("/tournament/{id}"),
    )
    .await
}

/// Queues the mail of a password reset for `account` (named `name`) to its confirmed address
/// `address`: a link to `/reset/{token}` on the site, good for an hour. Sent even with mail
/// turned off: the person asked for it. `false` when this server sends no mail.
pub async fn reset_link(
    state: &AppState,
    account: &str,
    name: &str,
    address: &str,
    token: &str,
) -> Result<bool, ApiError> {
    let Some(mailer) = &state.mailer else {
        return Ok(false);
    };
    let link = format!("{}/reset/{token}", mailer.site);
    let language = crate::words::of_account(state, account).await;
    queue(
        state,
        account,
        address,
        None,
        Said::new("mail.reset.subject").in_language(&language),
        Said::new("mail.reset.text")
            .with("name", name)
            .with("link", link)
            .in_language(&language),
    )
    .await
}

/// Tells `account` (named `name`) by mail, if it confirmed an address, that a moderator warned
/// it, and why. Sent even with mail turned off, as any word from the site's moderators.
pub async fn warned(
    state: &AppState,
    account: &str,
    name: &str,
    reason: &str,
) -> Result<(), ApiError> {
    if state.mailer.is_none() {
        return Ok(());
    }
    let Some(to) = state.store.mail_to(account).await? else {
        return Ok(());
    };
    if !to.verified {
        return Ok(());
    }
    let language = crate::words::of_account(state, account).await;
    queue(
        state,
        account,
        &to.address,
        None,
        Said::new("mail.warned.subject").in_language(&language),
        Said::new("mail.warned.text")
            .with("name", name)
            .with("reason", reason)
            .in_language(&language),
    )
    .await?;
    Ok(())
}

/// Whether this server sends mail.
pub fn sends(state: &AppState) -> bool {
    state.mailer.is_some()
}

/// Confirms the address whose link carried `token`: whether it did.
pub async fn verify(state: &AppState, token: &str) -> Result<bool, ApiError> {
    Ok(state
        .store
        .verify_email(&TokenDigest::of(token))
        .await?
        .is_some())
}

/// Turns mail off for the account of unsubscribe token `token`: whether there was one.
pub async fn unsubscribe(state: &AppState, token: &str) -> Result<bool, ApiError> {
    Ok(state.store.unsubscribe(token).await?)
}

/// The wait before try `attempts + 1` of a mail that failed `attempts` times.
fn backoff(attempts: u32) -> Duration {
    FIRST_RETRY
        .saturating_mul(2u32.saturating_pow(attempts.min(20)))
        .min(MOST_APART)
}

/// Sends the mails due, whenever one is queued here and every few seconds, until the task is
/// dropped.
pub async fn run(state: AppState) {
    let Some(mailer) = state.mailer.clone() else {
        return;
    };
    let owner = random_id();
    loop {
        let _ = tokio::time::timeout(EVERY, state.mail_due.notified()).await;
        let claimed = match state
            .store
            .claim_mails(&owner, LEASE, now_ms(), BATCH)
            .await
        {
            Ok(claimed) => claimed,
            Err(e) => {
                tracing::warn!(error = %e, "mails could not be claimed");
                continue;
            }
        };
        for mail in claimed {
            let unsubscribe = match state.store.mail_to(&mail.account).await {
                Ok(Some(to)) => to.unsubscribe,
                Ok(None) => String::new(),
                Err(e) => {
                    tracing::warn!(error = %e, "a mail's account could not be read");
                    continue;
                }
            };
            let language = crate::words::of_account(&state, &mail.account).await;
            let sent = match mailer.send(&mail, &unsubscribe, &language).await {
                Ok(()) => {
                    tracing::info!(mail = %mail.id, "mail sent");
                    Sent::At(now_ms())
                }
                Err(e) => {
                    let wait = backoff(mail.attempts);
                    tracing::warn!(mail = %mail.id, error = %e, retry_in = ?wait, "mail not sent");
                    Sent::RetryAt(now_ms() + wait.as_millis() as i64)
                }
            };
            if let Err(e) = state.store.settle_mail(&mail.id, &owner, sent).await {
                tracing::warn!(error = %e, "a mail's sending could not be recorded");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_smtp_url_is_a_host_and_a_port() {
        assert_eq!(
            url_parts("smtp://127.0.0.1:2525"),
            Some(("127.0.0.1".into(), 2525))
        );
        assert_eq!(
            url_parts("smtp://mail.example.org"),
            Some(("mail.example.org".into(), 25))
        );
        assert_eq!(url_parts("http://x:1"), None);
        assert_eq!(url_parts("smtp://:25"), None);
        assert_eq!(url_parts("smtp://x:port"), None);
    }

    #[test]
    fn retries_double_from_five_seconds_up_to_an_hour() {
        assert_eq!(backoff(0), Duration::from_secs(5));
        assert_eq!(backoff(1), Duration::from_secs(10));
        assert_eq!(backoff(4), Duration::from_secs(80));
        assert_eq!(backoff(10), Duration::from_secs(3600));
        assert_eq!(backoff(u32::MAX), Duration::from_secs(3600));
    }

    #[test]
    fn an_address_has_a_local_part_an_at_and_a_domain_with_a_dot() {
        assert!(plausible("ann@example.org"));
        for bad in [
            "ann",
            "@example.org",
            "ann@example",
            "ann@.org",
            "an n@example.org",
            "ann@example.org.",
        ] {
            assert!(!plausible(bad), "{bad}");
        }
        assert!(!plausible(&format!("{}@example.org", "a".repeat(250))));
    }
}
