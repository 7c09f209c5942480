//! The PostgreSQL store's lessons finished and puzzles. An attempt locks the puzzle's row, then
//! the account's rating row, always in that order, so attempts at once from many processes are
//! rated one after another and never deadlock.

use tokio_postgres::GenericClient;
use trigonal_ratings::Rating;

use super::*;
use crate::learning::{attempt, daily_pick, Attempt};
use crate::{AttemptRow, Attempted, Learning, LessonDone, PuzzleRow};

const PUZZLE_COLUMNS: &str = "id, game, players, variant, record, solution, goal, explanation,
    owner, origin, rating, deviation, volatility, attempts, created";

fn puzzle_row(r: &tokio_postgres::Row) -> PuzzleRow {
    let words = |text: &str| text.split_whitespace().map(str::to_string).collect();
    PuzzleRow {
        id: r.get(0),
        game: r.get(1),
        players: r.get::<_, i32>(2) as usize,
        variant: r.get(3),
        record: words(r.get(4)),
        solution: words(r.get(5)),
        goal: r.get(6),
        explanation: r.get(7),
        owner: r.get(8),
        origin: r.get(9),
        rating: rating_at(r, 10),
        created: r.get(14),
    }
}

async fn read_puzzle(
    client: &impl GenericClient,
    id: &str,
    lock: bool,
) -> Result<Option<PuzzleRow>, StoreError> {
    let sql = format!(
        "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1{}",
        if lock { " FOR UPDATE" } else { "" }
    );
    Ok(client
        .query_opt(&sql, &[&id])
        .await
        .map_err(pg)?
        .as_ref()
        .map(puzzle_row))
}

#[async_trait]
impl Learning for PgStore {
    async fn lessons_done(&self, account: &str) -> Result<Vec<LessonDone>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT game, lesson, done FROM lessons_done WHERE account = $1
                 ORDER BY done, game, lesson",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| LessonDone {
                game: r.get(0),
                lesson: r.get(1),
                done: r.get(2),
            })
            .collect())
    }

    async fn finish_lesson(
        &self,
        account: &str,
        game: &str,
        lesson: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let new = client
            .execute(
                "INSERT INTO lessons_done (account, game, lesson, done) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
                &[&account, &game, &lesson, &now],
            )
            .await
            .map_err(pg)?;
        Ok(new > 0)
    }

    async fn add_puzzles(&self, puzzles: Vec<PuzzleRow>) -> Result<usize, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let insert = tx
            .prepare(&format!(
                "INSERT INTO puzzles ({PUZZLE_COLUMNS})
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
                 ON CONFLICT (id) DO NOTHING"
            ))
            .await
            .map_err(pg)?;
        let mut new = 0;
        for p in &puzzles {
            new += tx
                .execute(
                    &insert,
                    &[
                        &p.id,
                        &p.game,
                        &(p.players as i32),
                        &p.variant,
                        &p.record.join(" "),
                        &p.solution.join(" "),
                        &p.goal,
                        &p.explanation,
                        &p.owner,
                        &p.origin,
                        &p.rating.rating,
                        &p.rating.deviation,
                        &p.rating.volatility,
                        &(p.rating.games as i32),
                        &p.created,
                    ],
                )
                .await
                .map_err(pg)? as usize;
        }
        tx.commit().await.map_err(pg)?;
        Ok(new)
    }

    async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
        read_puzzle(&**self.client().await?, id, false).await
    }

    async fn puzzles_near(
        &self,
        game: &str,
        account: Option<&str>,
        mine: bool,
        near: f64,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &format!(
                    "SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE game = $1
                       AND (CASE WHEN $3 THEN owner = $2 ELSE owner IS NULL END)
                       AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a
                                       WHERE a.account = $2 AND a.puzzle = p.id
                                         AND (a.correct OR NOT $3))
                     ORDER BY abs(rating - $4), id LIMIT $5"
                ),
                &[&game, &account, &mine, &near, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(puzzle_row).collect())
    }

    async fn puzzle_attempts(&self, account: &str) -> Result<Vec<AttemptRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT a.puzzle, p.game, a.correct, a.at FROM puzzle_attempts a
                 JOIN puzzles p ON p.id = a.puzzle WHERE a.account = $1 ORDER BY a.at, a.puzzle",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| AttemptRow {
                puzzle: r.get(0),
                game: r.get(1),
                correct: r.get(2),
                at: r.get(3),
            })
            .collect())
    }

    async fn puzzle_ratings(&self, account: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT game, rating, deviation, volatility, attempts FROM puzzle_ratings
                 WHERE account = $1 ORDER BY game",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| (r.get(0), rating_at(r, 1))).collect())
    }

    async fn puzzle_rating(&self, account: &str, game: &str) -> Result<Rating, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings
                 WHERE account = $1 AND game = $2",
                &[&account, &game],
            )
            .await
            .map_err(pg)?;
        Ok(row.as_ref().map_or(Rating::START, |r| rating_at(r, 0)))
    }

    async fn attempt_puzzle(
        &self,
        account: &str,
        id: &str,
        correct: bool,
        now: i64,
    ) -> Result<Attempted, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let Some(puzzle) = read_puzzle(&*tx, id, true).await? else {
            return Ok(Attempted::Gone);
        };
        if attempt(&puzzle) == Attempt::Mistake {
            tx.execute(
                "INSERT INTO puzzle_attempts (account, puzzle, correct, at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (account, puzzle)
                 DO UPDATE SET correct = puzzle_attempts.correct OR excluded.correct,
                               at = excluded.at",
                &[&account, &id, &correct, &now],
            )
            .await
            .map_err(pg)?;
            tx.commit().await.map_err(pg)?;
            return Ok(Attempted::Again);
        }
        let new = tx
            .execute(
                "INSERT INTO puzzle_attempts (account, puzzle, correct, at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
                &[&account, &id, &correct, &now],
            )
            .await
            .map_err(pg)?;
        if new == 0 {
            return Ok(Attempted::Again);
        }
        // The account's row exists before it is locked, so that two first attempts in one game
        // wait for each other instead of both starting from the start.
        let start = Rating::START;
        tx.execute(
            "INSERT INTO puzzle_ratings (account, game, rating, deviation, volatility, attempts)
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
            &[
                &account,
                &puzzle.game,
                &start.rating,
                &start.deviation,
                &start.volatility,
            ],
        )
        .await
        .map_err(pg)?;
        let before = rating_at(
            &tx.query_one(
                "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings
                 WHERE account = $1 AND game = $2 FOR UPDATE",
                &[&account, &puzzle.game],
            )
            .await
            .map_err(pg)?,
            0,
        );
        let (player, rated) = trigonal_ratings::puzzle(before, puzzle.rating, correct);
        tx.execute(
            "UPDATE puzzle_ratings SET rating = $3, deviation = $4, volatility = $5, attempts = $6
             WHERE account = $1 AND game = $2",
            &[
                &account,
                &puzzle.game,
                &player.rating,
                &player.deviation,
                &player.volatility,
                &(player.games as i32),
            ],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, attempts = $5
             WHERE id = $1",
            &[
                &id,
                &rated.rating,
                &rated.deviation,
                &rated.volatility,
                &(rated.games as i32),
            ],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(Attempted::Rated {
            player: (before, player),
            puzzle: (puzzle.rating, rated),
        })
    }

    async fn daily_puzzle(
        &self,
        day: &str,
        game: &str,
        pick: u64,
    ) -> Result<Option<PuzzleRow>, StoreError> {
        let client = self.client().await?;
        let chosen = client
            .query_opt(
                "SELECT puzzle FROM daily_puzzles WHERE day = $1 AND game = $2",
                &[&day, &game],
            )
            .await
            .map_err(pg)?;
        if chosen.is_none() {
            let count: i64 = client
                .query_one(
                    "SELECT count(*) FROM puzzles WHERE game = $1 AND owner IS NULL",
                    &[&game],
                )
                .await
                .map_err(pg)?
                .get(0);
            let Some(offset) = daily_pick(pick, count) else {
                return Ok(None);
            };
            // Of processes choosing at once, the first to store wins; all read its choice.
            client
                .execute(
                    "INSERT INTO daily_puzzles (day, game, puzzle)
                     SELECT $1, $2, id FROM puzzles WHERE game = $2 AND owner IS NULL
                     ORDER BY id LIMIT 1 OFFSET $3
                     ON CONFLICT DO NOTHING",
                    &[&day, &game, &offset],
                )
                .await
                .map_err(pg)?;
        }
        let row = client
            .query_opt(
                &format!(
                    "SELECT {} FROM puzzles p JOIN daily_puzzles d ON d.puzzle = p.id
                     WHERE d.day = $1 AND d.game = $2",
                    PUZZLE_COLUMNS
                        .split(',')
                        .map(|c| format!("p.{}", c.trim()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                &[&day, &game],
            )
            .await
            .map_err(pg)?;
        Ok(row.as_ref().map(puzzle_row))
    }
}
