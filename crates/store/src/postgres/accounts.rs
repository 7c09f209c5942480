//! The PostgreSQL store's accounts, sessions and bots.

use super::*;

#[async_trait]
impl Accounts for PgStore {
    async fn create_account(
        &self,
        account: AccountRow,
        bot_token: Option<TokenDigest>,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let key = account.name.to_lowercase();
        // A name held back (let go not long ago) is taken, as one in use is.
        let n = client
            .execute(
                "INSERT INTO accounts (id, name, name_key, password_hash, created, bot_token)
                 SELECT $1, $2, $3, $4, $5, $6
                 WHERE NOT EXISTS (SELECT 1 FROM held_names WHERE name = $7 AND until > $5)
                 ON CONFLICT (name_key) DO NOTHING",
                &[
                    &account.id,
                    &account.name,
                    &key,
                    &account.password_hash,
                    &account.created,
                    &bot_token.as_ref().map(TokenDigest::as_str),
                    &crate::held_name(&key),
                ],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn bot_by_token(&self, digest: &TokenDigest) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                concat!(
                    "SELECT ",
                    account_columns!(),
                    " FROM accounts a WHERE bot_token = $1 AND NOT closed AND deleted IS NULL"
                ),
                &[&digest.as_str()],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
    }

    async fn bots(&self) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT name FROM accounts WHERE bot_token IS NOT NULL AND NOT closed
                 AND deleted IS NULL ORDER BY name_key",
                &[],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        if name.contains('\0') {
            return Ok(None);
        }
        let client = self.client().await?;
        let row = client
            .query_opt(
                concat!(
                    "SELECT ",
                    account_columns!(),
                    " FROM accounts a WHERE name_key = $1 AND deleted IS NULL"
                ),
                &[&name.to_lowercase()],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
    }

    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &TokenDigest,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            "UPDATE accounts SET password_hash = $2 WHERE id = $1",
            &[&account, &password_hash],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "DELETE FROM sessions WHERE account = $1 AND digest <> $2",
            &[&account, &keep.as_str()],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)
    }

    async fn create_session(&self, session: SessionRow) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO sessions (digest, account, created, expires, id, agent, last_seen)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &session.digest.as_str(),
                    &session.account,
                    &session.created,
                    &session.expires,
                    &session.id,
                    &session.agent,
                    &session.last_seen,
                ],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn session(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<(AccountRow, SessionRow)>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                concat!(
                    "SELECT ",
                    account_columns!(),
                    ", s.digest, s.account, s.created, s.expires, s.id, s.agent, s.last_seen
                     FROM sessions s JOIN accounts a ON a.id = s.account
                     WHERE s.digest = $1 AND s.expires > $2 AND NOT a.closed
                       AND a.deleted IS NULL"
                ),
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| (account_row(&r), session_row(&r, 9))))
    }

    async fn end_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "DELETE FROM sessions WHERE digest = $1 OR expires <= $2",
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn account_seats(
        &self,
        account: &str,
        limit: usize,
    ) -> Result<Vec<(String, u8)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT s.game_id, s.seat FROM seats s JOIN games g ON g.id = s.game_id
                 WHERE s.owner = $1 ORDER BY g.updated DESC, g.id, s.seat LIMIT $2",
                &[&account, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        rows.iter()
            .map(|r| {
                let seat: i32 = r.get(1);
                Ok((
                    r.get(0),
                    u8::try_from(seat).map_err(|_| StoreError::Damaged(format!("seat {seat}")))?,
                ))
            })
            .collect()
    }
}
