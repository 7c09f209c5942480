//! The PostgreSQL store's Web Push subscriptions and site keys.

use super::*;
use crate::{Push, PushRow};

#[async_trait]
impl Push for PgStore {
    async fn site_key(&self, name: &str, made: String) -> Result<String, StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO site_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                &[&name, &made],
            )
            .await
            .map_err(pg)?;
        let row = client
            .query_one("SELECT value FROM site_keys WHERE name = $1", &[&name])
            .await
            .map_err(pg)?;
        Ok(row.get(0))
    }

    async fn add_push(&self, s: PushRow) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO push_subscriptions (endpoint, account, p256dh, auth, created)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (endpoint) DO UPDATE SET account = excluded.account,
                     p256dh = excluded.p256dh, auth = excluded.auth, created = excluded.created",
                &[&s.endpoint, &s.account, &s.p256dh, &s.auth, &s.created],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn remove_push(&self, endpoint: &str, account: Option<&str>) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let gone = client
            .execute(
                "DELETE FROM push_subscriptions
                 WHERE endpoint = $1 AND ($2::TEXT IS NULL OR account = $2)",
                &[&endpoint, &account],
            )
            .await
            .map_err(pg)?;
        Ok(gone > 0)
    }

    async fn pushes_of(&self, account: &str) -> Result<Vec<PushRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT endpoint, account, p256dh, auth, created FROM push_subscriptions
                 WHERE account = $1 ORDER BY created, endpoint",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| PushRow {
                endpoint: r.get(0),
                account: r.get(1),
                p256dh: r.get(2),
                auth: r.get(3),
                created: r.get(4),
            })
            .collect())
    }
}
