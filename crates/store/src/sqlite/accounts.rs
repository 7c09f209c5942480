//! The SQLite store's accounts, sessions and bots.

use super::*;

#[async_trait]
impl Accounts for SqliteStore {
    async fn create_account(
        &self,
        account: AccountRow,
        bot_token: Option<TokenDigest>,
    ) -> Result<bool, StoreError> {
        self.call(move |tx| {
            let key = account.name.to_lowercase();
            // A name held back (let go not long ago) is taken, as one in use is.
            let n = tx
                .prepare_cached(
                    "INSERT INTO accounts (id, name, name_key, password_hash, created, bot_token)
                     SELECT ?1, ?2, ?3, ?4, ?5, ?6
                     WHERE NOT EXISTS (SELECT 1 FROM held_names WHERE name = ?7 AND until > ?5)
                     ON CONFLICT (name_key) DO NOTHING",
                )?
                .execute(params![
                    account.id,
                    account.name,
                    key,
                    account.password_hash,
                    account.created,
                    bot_token.as_ref().map(TokenDigest::as_str),
                    crate::held_name(&key)
                ])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn bot_by_token(&self, digest: &TokenDigest) -> Result<Option<AccountRow>, StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached(concat!(
                "SELECT ",
                account_columns!(),
                " FROM accounts a WHERE bot_token = ?1 AND NOT closed AND deleted IS NULL"
            ))?
            .query_row([digest], account_row)
            .optional()
        })
        .await
    }

    async fn bots(&self) -> Result<Vec<String>, StoreError> {
        self.call(|tx| {
            tx.prepare_cached(
                "SELECT name FROM accounts WHERE bot_token IS NOT NULL AND NOT closed
                 AND deleted IS NULL ORDER BY name_key",
            )?
            .query_map([], |r| r.get(0))?
            .collect()
        })
        .await
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let key = name.to_lowercase();
        self.call(move |tx| {
            tx.prepare_cached(concat!(
                "SELECT ",
                account_columns!(),
                " FROM accounts a WHERE name_key = ?1 AND deleted IS NULL"
            ))?
            .query_row([key], account_row)
            .optional()
        })
        .await
    }

    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &TokenDigest,
    ) -> Result<(), StoreError> {
        let (account, hash, keep) = (
            account.to_string(),
            password_hash.to_string(),
            keep.as_str().to_string(),
        );
        self.call(move |tx| {
            tx.prepare_cached("UPDATE accounts SET password_hash = ?2 WHERE id = ?1")?
                .execute(params![account, hash])?;
            tx.prepare_cached("DELETE FROM sessions WHERE account = ?1 AND digest <> ?2")?
                .execute(params![account, keep])?;
            tx.commit()
        })
        .await
    }

    async fn create_session(&self, session: SessionRow) -> Result<(), StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "INSERT INTO sessions (digest, account, created, expires, id, agent, last_seen)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                session.digest.as_str(),
                session.account,
                session.created,
                session.expires,
                session.id,
                session.agent,
                session.last_seen
            ])?;
            tx.commit()
        })
        .await
    }

    async fn session(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<(AccountRow, SessionRow)>, StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached(concat!(
                "SELECT ",
                account_columns!(),
                ", s.digest, s.account, s.created, s.expires, s.id, s.agent, s.last_seen
                 FROM sessions s JOIN accounts a ON a.id = s.account
                 WHERE s.digest = ?1 AND s.expires > ?2 AND NOT a.closed AND a.deleted IS NULL"
            ))?
            .query_row(params![digest, now], |r| {
                Ok((account_row(r)?, session_row(r, 9)?))
            })
            .optional()
        })
        .await
    }

    async fn end_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached("DELETE FROM sessions WHERE digest = ?1 OR expires <= ?2")?
                .execute(params![digest, now])?;
            tx.commit()
        })
        .await
    }

    async fn account_seats(
        &self,
        account: &str,
        limit: usize,
    ) -> Result<Vec<(String, u8)>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT s.game_id, s.seat FROM seats s JOIN games g ON g.id = s.game_id
                 WHERE s.owner = ?1 ORDER BY g.updated DESC, g.id, s.seat LIMIT ?2",
            )?
            .query_map(params![account, limit as i64], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect()
        })
        .await
    }
}
