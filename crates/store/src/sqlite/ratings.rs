//! The SQLite store's ratings: read, and computed again from the rated games.

use super::*;

#[async_trait]
impl Ratings for SqliteStore {
    async fn recompute_ratings(&self) -> Result<usize, StoreError> {
        let results = self
            .call(|tx| {
                tx.execute_batch("DELETE FROM ratings; DELETE FROM rating_history;")?;
                let games = tx
                    .prepare(
                        "SELECT game_id, pool, accounts, places, ended FROM rated_games
                         ORDER BY seq",
                    )?
                    .query_map([], |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, String>(2)?,
                            r.get::<_, String>(3)?,
                            r.get::<_, i64>(4)?,
                        ))
                    })?
                    .collect::<Result<Vec<_>, _>>()?;
                let mut done = 0;
                for (game, pool, accounts, places, ended) in games {
                    let (Ok(accounts), Ok(places)) = (
                        serde_json::from_str(&accounts),
                        serde_json::from_str(&places),
                    ) else {
                        return Ok(Err(format!("rated game {game}: its stored result")));
                    };
                    let rate = crate::RatedResult {
                        pool,
                        accounts,
                        places,
                    };
                    apply_ratings(&tx, &game, &rate, ended)?;
                    done += 1;
                }
                tx.commit()?;
                Ok(Ok(done))
            })
            .await?;
        results.map_err(StoreError::Damaged)
    }

    async fn ratings(&self, account: &str) -> Result<Vec<crate::RatingRow>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT pool, rating, deviation, volatility, games FROM ratings
                 WHERE account = ?1 ORDER BY pool",
            )?
            .query_map([account], |r| {
                Ok(crate::RatingRow {
                    pool: r.get(0)?,
                    rating: rating_at(r, 1)?,
                })
            })?
            .collect()
        })
        .await
    }

    async fn rating_history(
        &self,
        account: &str,
        pool: &str,
    ) -> Result<Vec<(i64, f64)>, StoreError> {
        let (account, pool) = (account.to_string(), pool.to_string());
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT at, rating FROM rating_history WHERE account = ?1 AND pool = ?2
                 ORDER BY at, game_id",
            )?
            .query_map([account, pool], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
        })
        .await
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<crate::GameRating>, StoreError> {
        let game = game.to_string();
        self.call(move |tx| {
            // SQLite reads `$1` as a parameter as PostgreSQL does.
            tx.prepare_cached(crate::RATING_BEFORE)?
                .query_map([game], |r| {
                    Ok(crate::GameRating {
                        account: r.get(0)?,
                        pool: r.get(1)?,
                        after: r.get(2)?,
                        before: r
                            .get::<_, Option<f64>>(3)?
                            .unwrap_or(trigonal_ratings::Rating::START.rating),
                    })
                })?
                .collect()
        })
        .await
    }

    async fn leaderboard(
        &self,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<(String, trigonal_ratings::Rating)>, StoreError> {
        let pool = pool.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT a.name, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.pool = ?1 AND NOT a.closed AND a.deleted IS NULL ORDER BY r.rating DESC, a.name LIMIT ?2",
            )?
            .query_map(params![pool, limit as i64], |r| {
                Ok((r.get(0)?, rating_at(r, 1)?))
            })?
            .collect()
        })
        .await
    }
}
