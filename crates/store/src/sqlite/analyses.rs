//! The SQLite store's analyses of finished games.

use super::*;

#[async_trait]
impl Analyses for SqliteStore {
    async fn request_analysis(
        &self,
        game: &str,
        total: usize,
        now: i64,
    ) -> Result<bool, StoreError> {
        let game = game.to_string();
        let asked = self
            .call(move |tx| {
                let n = tx
                    .prepare_cached(
                        "INSERT INTO analyses (game_id, total, requested) VALUES (?1, ?2, ?3)
                         ON CONFLICT (game_id) DO NOTHING",
                    )?
                    .execute(params![game, total as i64, now])?;
                tx.commit()?;
                Ok(n == 1)
            })
            .await?;
        if asked {
            self.announce(StoreEvent::JobsDue);
        }
        Ok(asked)
    }

    async fn claim_analysis(
        &self,
        owner: &str,
        lease: Duration,
    ) -> Result<Option<(String, usize)>, StoreError> {
        let owner = owner.to_string();
        let now = now_ms();
        self.call(move |tx| {
            let claimed = tx
                .prepare_cached(
                    "UPDATE analyses SET owner = ?1, lease_until = ?2
                     WHERE game_id = (SELECT game_id FROM analyses
                                      WHERE done < total AND lease_until <= ?3
                                      ORDER BY requested LIMIT 1)
                     RETURNING game_id, done",
                )?
                .query_row(params![owner, now + ms(lease), now], |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as usize))
                })
                .optional()?;
            tx.commit()?;
            Ok(claimed)
        })
        .await
    }

    async fn save_analysis(
        &self,
        game: &str,
        owner: &str,
        entries: String,
        done: usize,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let (game, owner) = (game.to_string(), owner.to_string());
        let until = now_ms() + ms(lease);
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE analyses SET entries = ?3, done = ?4, lease_until = ?5
                     WHERE game_id = ?1 AND owner = ?2",
                )?
                .execute(params![game, owner, entries, done as i64, until])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn load_analysis(&self, game: &str) -> Result<Option<AnalysisRow>, StoreError> {
        let game = game.to_string();
        self.call(move |tx| {
            tx.prepare_cached("SELECT total, done, entries FROM analyses WHERE game_id = ?1")?
                .query_row([game], |r| {
                    Ok(AnalysisRow {
                        total: r.get::<_, i64>(0)? as usize,
                        done: r.get::<_, i64>(1)? as usize,
                        entries: r.get(2)?,
                    })
                })
                .optional()
        })
        .await
    }
}
