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
        let n = client
            .execute(
                "INSERT INTO accounts (id, name, name_key, password_hash, created, bot_token)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key) DO NOTHING",
                &[
                    &account.id,
                    &account.name,
                    &account.name.to_lowercase(),
                    &account.password_hash,
                    &account.created,
                    &bot_token.as_ref().map(TokenDigest::as_str),
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
                "SELECT id, name, password_hash, created, bot_token IS NOT NULL FROM accounts
                 WHERE bot_token = $1",
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
                "SELECT name FROM accounts WHERE bot_token IS NOT NULL ORDER BY name_key",
                &[],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT id, name, password_hash, created, bot_token IS NOT NULL FROM accounts WHERE name_key = $1",
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
                "INSERT INTO sessions (digest, account, created, expires) VALUES ($1, $2, $3, $4)",
                &[
                    &session.digest.as_str(),
                    &session.account,
                    &session.created,
                    &session.expires,
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
    ) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT a.id, a.name, a.password_hash, a.created, a.bot_token IS NOT NULL FROM sessions s
                 JOIN accounts a ON a.id = s.account WHERE s.digest = $1 AND s.expires > $2",
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
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
