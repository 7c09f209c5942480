//! The SQLite store's Web Push subscriptions and site keys.

use super::*;
use crate::{Push, PushRow};

#[async_trait]
impl Push for SqliteStore {
    async fn site_key(&self, name: &str, made: String) -> Result<String, StoreError> {
        let name = name.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "INSERT INTO site_keys (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
            )?
            .execute(params![name, made])?;
            let value = tx
                .prepare_cached("SELECT value FROM site_keys WHERE name = ?1")?
                .query_row([&name], |r| r.get(0))?;
            tx.commit()?;
            Ok(value)
        })
        .await
    }

    async fn add_push(&self, s: PushRow) -> Result<(), StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "INSERT INTO push_subscriptions (endpoint, account, p256dh, auth, created)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (endpoint) DO UPDATE SET account = excluded.account,
                     p256dh = excluded.p256dh, auth = excluded.auth, created = excluded.created",
            )?
            .execute(params![s.endpoint, s.account, s.p256dh, s.auth, s.created])?;
            tx.commit()
        })
        .await
    }

    async fn remove_push(&self, endpoint: &str, account: Option<&str>) -> Result<bool, StoreError> {
        let (endpoint, account) = (endpoint.to_string(), account.map(str::to_string));
        self.call(move |tx| {
            let gone = tx
                .prepare_cached(
                    "DELETE FROM push_subscriptions
                     WHERE endpoint = ?1 AND (?2 IS NULL OR account = ?2)",
                )?
                .execute(params![endpoint, account])?;
            tx.commit()?;
            Ok(gone > 0)
        })
        .await
    }

    async fn pushes_of(&self, account: &str) -> Result<Vec<PushRow>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT endpoint, account, p256dh, auth, created FROM push_subscriptions
                 WHERE account = ?1 ORDER BY created, endpoint",
            )?
            .query_map([account], |r| {
                Ok(PushRow {
                    endpoint: r.get(0)?,
                    account: r.get(1)?,
                    p256dh: r.get(2)?,
                    auth: r.get(3)?,
                    created: r.get(4)?,
                })
            })?
            .collect()
        })
        .await
    }
}
