//! The PostgreSQL store's analyses of finished games.

use super::*;

#[async_trait]
impl Analyses for PgStore {
    async fn request_analysis(
        &self,
        game: &str,
        total: usize,
        now: i64,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "WITH asked AS (
                     INSERT INTO analyses (game_id, total, requested) VALUES ($1, $2, $3)
                     ON CONFLICT (game_id) DO NOTHING RETURNING game_id
                 )
                 SELECT pg_notify('trigonal_jobs', '') FROM asked",
                &[&game, &(total as i32), &now],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn claim_analysis(
        &self,
        owner: &str,
        lease: Duration,
    ) -> Result<Option<(String, usize)>, StoreError> {
        let client = self.client().await?;
        let now = now_ms();
        let row = client
            .query_opt(
                "UPDATE analyses SET owner = $1, lease_until = $2
                 WHERE game_id = (SELECT game_id FROM analyses
                                  WHERE done < total AND lease_until <= $3
                                  ORDER BY requested LIMIT 1 FOR UPDATE SKIP LOCKED)
                 RETURNING game_id, done",
                &[&owner, &(now + ms(lease)), &now],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| (r.get(0), r.get::<_, i32>(1) as usize)))
    }

    async fn save_analysis(
        &self,
        game: &str,
        owner: &str,
        entries: String,
        done: usize,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "UPDATE analyses SET entries = $3, done = $4, lease_until = $5
                 WHERE game_id = $1 AND owner = $2",
                &[
                    &game,
                    &owner,
                    &entries,
                    &(done as i32),
                    &(now_ms() + ms(lease)),
                ],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn load_analysis(&self, game: &str) -> Result<Option<AnalysisRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT total, done, entries FROM analyses WHERE game_id = $1",
                &[&game],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| AnalysisRow {
            total: r.get::<_, i32>(0) as usize,
            done: r.get::<_, i32>(1) as usize,
            entries: r.get(2),
        }))
    }
}
