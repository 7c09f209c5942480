//! The SQLite store's e-mail: addresses, unsubscribing, and the queue of mails.

use super::*;
use crate::{Mail, MailRow, MailTo, Sent};

#[async_trait]
impl Mail for SqliteStore {
    async fn set_email(
        &self,
        account: &str,
        address: &str,
        check: &TokenDigest,
        unsubscribe: &str,
    ) -> Result<(), StoreError> {
        let (account, address, check, unsubscribe) = (
            account.to_string(),
            address.to_string(),
            check.as_str().to_string(),
            unsubscribe.to_string(),
        );
        self.call(move |tx| {
            tx.prepare_cached(
                "UPDATE accounts SET email = ?2, email_verified = FALSE, email_check = ?3,
                        mail_on = TRUE, unsubscribe = coalesce(unsubscribe, ?4)
                 WHERE id = ?1",
            )?
            .execute(params![account, address, check, unsubscribe])?;
            tx.commit()
        })
        .await
    }

    async fn verify_email(&self, check: &TokenDigest) -> Result<Option<String>, StoreError> {
        let check = check.as_str().to_string();
        self.call(move |tx| {
            let account = tx
                .prepare_cached(
                    "UPDATE accounts SET email_verified = TRUE, email_check = NULL
                     WHERE email_check = ?1 RETURNING id",
                )?
                .query_row([check], |r| r.get(0))
                .optional()?;
            tx.commit()?;
            Ok(account)
        })
        .await
    }

    async fn mail_to(&self, account: &str) -> Result<Option<MailTo>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT email, email_verified, mail_on, unsubscribe FROM accounts
                 WHERE id = ?1 AND email IS NOT NULL",
            )?
            .query_row([account], |r| {
                Ok(MailTo {
                    address: r.get(0)?,
                    verified: r.get(1)?,
                    on: r.get(2)?,
                    unsubscribe: r.get(3)?,
                })
            })
            .optional()
        })
        .await
    }

    async fn set_language(&self, account: &str, language: &str) -> Result<(), StoreError> {
        let (account, language) = (account.to_string(), language.to_string());
        self.call(move |tx| {
            tx.prepare_cached("UPDATE accounts SET language = ?2 WHERE id = ?1")?
                .execute(params![account, language])?;
            tx.commit()
        })
        .await
    }

    async fn language(&self, account: &str) -> Result<Option<String>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            Ok(tx
                .prepare_cached("SELECT language FROM accounts WHERE id = ?1")?
                .query_row([account], |r| r.get(0))
                .optional()?
                .flatten())
        })
        .await
    }

    async fn unsubscribe(&self, token: &str) -> Result<bool, StoreError> {
        let token = token.to_string();
        self.call(move |tx| {
            let n = tx
                .prepare_cached("UPDATE accounts SET mail_on = FALSE WHERE unsubscribe = ?1")?
                .execute([token])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn queue_mail(&self, mail: MailRow) -> Result<bool, StoreError> {
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "INSERT INTO mails (id, account, once_key, address, subject, body, due,
                                        attempts, owner, lease_until, sent)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, 0, NULL)
                     ON CONFLICT (once_key) DO NOTHING",
                )?
                .execute(params![
                    mail.id,
                    mail.account,
                    mail.once_key,
                    mail.address,
                    mail.subject,
                    mail.body,
                    mail.due,
                    mail.attempts
                ])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn claim_mails(
        &self,
        owner: &str,
        lease: Duration,
        now: i64,
        max: usize,
    ) -> Result<Vec<MailRow>, StoreError> {
        let owner = owner.to_string();
        self.call(move |tx| {
            let mails: Vec<MailRow> = tx
                .prepare_cached(
                    "UPDATE mails SET owner = ?1, lease_until = ?2
                     WHERE id IN (SELECT id FROM mails
                                  WHERE sent IS NULL AND due <= ?3 AND lease_until <= ?3
                                  ORDER BY due LIMIT ?4)
                     RETURNING id, account, once_key, address, subject, body, due, attempts",
                )?
                .query_map(params![owner, now + ms(lease), now, max as i64], |r| {
                    Ok(MailRow {
                        id: r.get(0)?,
                        account: r.get(1)?,
                        once_key: r.get(2)?,
                        address: r.get(3)?,
                        subject: r.get(4)?,
                        body: r.get(5)?,
                        due: r.get(6)?,
                        attempts: r.get(7)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            tx.commit()?;
            Ok(mails)
        })
        .await
    }

    async fn settle_mail(&self, id: &str, owner: &str, sent: Sent) -> Result<(), StoreError> {
        let (id, owner) = (id.to_string(), owner.to_string());
        self.call(move |tx| {
            match sent {
                Sent::At(at) => tx
                    .prepare_cached(
                        "UPDATE mails SET sent = ?3, owner = NULL, lease_until = 0
                         WHERE id = ?1 AND owner = ?2",
                    )?
                    .execute(params![id, owner, at])?,
                Sent::RetryAt(at) => tx
                    .prepare_cached(
                        "UPDATE mails SET due = ?3, attempts = attempts + 1, owner = NULL,
                                          lease_until = 0
                         WHERE id = ?1 AND owner = ?2",
                    )?
                    .execute(params![id, owner, at])?,
            };
            tx.commit()
        })
        .await
    }
}
