//! The PostgreSQL store's ratings: read, and computed again from the rated games.

use super::*;

#[async_trait]
impl Ratings for PgStore {
    async fn recompute_ratings(&self) -> Result<usize, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        // One recomputation at a time, and no rated game settled meanwhile.
        tx.batch_execute("LOCK TABLE rated_games IN EXCLUSIVE MODE; DELETE FROM ratings; DELETE FROM rating_history;")
            .await
            .map_err(pg)?;
        let rows = tx
            .query(
                "SELECT game_id, pool, accounts, places, ended FROM rated_games
                 ORDER BY seq",
                &[],
            )
            .await
            .map_err(pg)?;
        for r in &rows {
            let game: String = r.get(0);
            let damaged = || StoreError::Damaged(format!("rated game {game}: its stored result"));
            let rate = crate::RatedResult {
                pool: r.get(1),
                accounts: serde_json::from_str(r.get(2)).map_err(|_| damaged())?,
                places: serde_json::from_str(r.get(3)).map_err(|_| damaged())?,
            };
            apply_ratings(&tx, &game, &rate, r.get(4)).await?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(rows.len())
    }

    async fn ratings(&self, account: &str) -> Result<Vec<crate::RatingRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT pool, rating, deviation, volatility, games FROM ratings
                 WHERE account = $1 ORDER BY pool",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| crate::RatingRow {
                pool: r.get(0),
                rating: rating_at(r, 1),
            })
            .collect())
    }

    async fn rating_history(
        &self,
        account: &str,
        pool: &str,
    ) -> Result<Vec<(i64, f64)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT at, rating FROM rating_history WHERE account = $1 AND pool = $2
                 ORDER BY at, game_id",
                &[&account, &pool],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<crate::GameRating>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(crate::RATING_BEFORE, &[&game])
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| crate::GameRating {
                account: r.get(0),
                pool: r.get(1),
                after: r.get(2),
                before: r
                    .get::<_, Option<f64>>(3)
                    .unwrap_or(trigonal_ratings::Rating::START.rating),
            })
            .collect())
    }

    async fn leaderboard(
        &self,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<(String, trigonal_ratings::Rating)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT a.name, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.pool = $1 AND r.games > 0 AND NOT a.closed AND a.deleted IS NULL
                 ORDER BY r.rating DESC, a.name LIMIT $2",
                &[&pool, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| (r.get(0), rating_at(r, 1))).collect())
    }
}
