//! The PostgreSQL store's e-mail: addresses, unsubscribing, and the queue of mails, claimed with
//! `FOR UPDATE SKIP LOCKED` so that processes claiming at once take different mails.

use super::*;
use crate::{Mail, MailRow, MailTo, Sent};

#[async_trait]
impl Mail for PgStore {
    async fn set_email(
        &self,
        account: &str,
        address: &str,
        check: &TokenDigest,
        unsubscribe: &str,
    ) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE accounts SET email = $2, email_verified = FALSE, email_check = $3,
                        mail_on = TRUE, unsubscribe = coalesce(unsubscribe, $4)
                 WHERE id = $1",
                &[&account, &address, &check.as_str(), &unsubscribe],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn verify_email(&self, check: &TokenDigest) -> Result<Option<String>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "UPDATE accounts SET email_verified = TRUE, email_check = NULL
                 WHERE email_check = $1 RETURNING id",
                &[&check.as_str()],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| r.get(0)))
    }

    async fn mail_to(&self, account: &str) -> Result<Option<MailTo>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT email, email_verified, mail_on, unsubscribe FROM accounts
                 WHERE id = $1 AND email IS NOT NULL",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| MailTo {
            address: r.get(0),
            verified: r.get(1),
            on: r.get(2),
            unsubscribe: r.get(3),
        }))
    }

    async fn set_language(&self, account: &str, language: &str) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE accounts SET language = $2 WHERE id = $1",
                &[&account, &language],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn language(&self, account: &str) -> Result<Option<String>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt("SELECT language FROM accounts WHERE id = $1", &[&account])
            .await
            .map_err(pg)?;
        Ok(row.and_then(|r| r.get(0)))
    }

    async fn unsubscribe(&self, token: &str) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "UPDATE accounts SET mail_on = FALSE WHERE unsubscribe = $1",
                &[&token],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn queue_mail(&self, mail: MailRow) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "INSERT INTO mails (id, account, once_key, address, subject, body, due, attempts,
                                    owner, lease_until, sent)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, 0, NULL)
                 ON CONFLICT (once_key) DO NOTHING",
                &[
                    &mail.id,
                    &mail.account,
                    &mail.once_key,
                    &mail.address,
                    &mail.subject,
                    &mail.body,
                    &mail.due,
                    &(mail.attempts as i32),
                ],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn claim_mails(
        &self,
        owner: &str,
        lease: Duration,
        now: i64,
        max: usize,
    ) -> Result<Vec<MailRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "UPDATE mails SET owner = $1, lease_until = $2
                 WHERE id IN (SELECT id FROM mails
                              WHERE sent IS NULL AND due <= $3 AND lease_until <= $3
                              ORDER BY due LIMIT $4 FOR UPDATE SKIP LOCKED)
                 RETURNING id, account, once_key, address, subject, body, due, attempts",
                &[&owner, &(now + ms(lease)), &now, &(max as i64)],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| MailRow {
                id: r.get(0),
                account: r.get(1),
                once_key: r.get(2),
                address: r.get(3),
                subject: r.get(4),
                body: r.get(5),
                due: r.get(6),
                attempts: r.get::<_, i32>(7) as u32,
            })
            .collect())
    }

    async fn settle_mail(&self, id: &str, owner: &str, sent: Sent) -> Result<(), StoreError> {
        let client = self.client().await?;
        let (sql, at) = match sent {
            Sent::At(at) => (
                "UPDATE mails SET sent = $3, owner = NULL, lease_until = 0
                 WHERE id = $1 AND owner = $2",
                at,
            ),
            Sent::RetryAt(at) => (
                "UPDATE mails SET due = $3, attempts = attempts + 1, owner = NULL, lease_until = 0
                 WHERE id = $1 AND owner = $2",
                at,
            ),
        };
        client.execute(sql, &[&id, &owner, &at]).await.map_err(pg)?;
        Ok(())
    }
}
