//! The SQLite store's lessons finished and puzzles. One connection serves the file, so an
//! attempt reads and rewrites both ratings with nothing in between.

use trigonal_ratings::Rating;

use super::*;
use crate::learning::{attempt, daily_pick, Attempt};
use crate::{AttemptRow, Attempted, Learning, LessonDone, PuzzleRow};

const PUZZLE_COLUMNS: &str = "id, game, players, variant, record, solution, goal, explanation,
    owner, origin, rating, deviation, volatility, attempts, created";

fn puzzle_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PuzzleRow> {
    let words = |text: String| text.split_whitespace().map(str::to_string).collect();
    Ok(PuzzleRow {
        id: r.get(0)?,
        game: r.get(1)?,
        players: r.get::<_, i64>(2)? as usize,
        variant: r.get(3)?,
        record: words(r.get(4)?),
        solution: words(r.get(5)?),
        goal: r.get(6)?,
        explanation: r.get(7)?,
        owner: r.get(8)?,
        origin: r.get(9)?,
        rating: rating_at(r, 10)?,
        created: r.get(14)?,
    })
}

fn read_puzzle(tx: &Savepoint<'_>, id: &str) -> rusqlite::Result<Option<PuzzleRow>> {
    tx.prepare_cached(&format!(
        "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = ?1"
    ))?
    .query_row([id], puzzle_row)
    .optional()
}

fn read_rating(tx: &Savepoint<'_>, account: &str, game: &str) -> rusqlite::Result<Rating> {
    Ok(tx
        .prepare_cached(
            "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings
             WHERE account = ?1 AND game = ?2",
        )?
        .query_row([account, game], |r| rating_at(r, 0))
        .optional()?
        .unwrap_or(Rating::START))
}

#[async_trait]
impl Learning for SqliteStore {
    async fn lessons_done(&self, account: &str) -> Result<Vec<LessonDone>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT game, lesson, done FROM lessons_done WHERE account = ?1
                 ORDER BY done, game, lesson",
            )?
            .query_map([account], |r| {
                Ok(LessonDone {
                    game: r.get(0)?,
                    lesson: r.get(1)?,
                    done: r.get(2)?,
                })
            })?
            .collect()
        })
        .await
    }

    async fn finish_lesson(
        &self,
        account: &str,
        game: &str,
        lesson: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let (account, game, lesson) = (account.to_string(), game.to_string(), lesson.to_string());
        self.call(move |tx| {
            let new = tx
                .prepare_cached(
                    "INSERT INTO lessons_done (account, game, lesson, done) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT DO NOTHING",
                )?
                .execute(params![account, game, lesson, now])?;
            tx.commit()?;
            Ok(new > 0)
        })
        .await
    }

    async fn add_puzzles(&self, puzzles: Vec<PuzzleRow>) -> Result<usize, StoreError> {
        self.call(move |tx| {
            let mut new = 0;
            {
                let mut insert = tx.prepare_cached(&format!(
                    "INSERT INTO puzzles ({PUZZLE_COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
                     ON CONFLICT (id) DO NOTHING"
                ))?;
                for p in &puzzles {
                    new += insert.execute(params![
                        p.id,
                        p.game,
                        p.players as i64,
                        p.variant,
                        p.record.join(" "),
                        p.solution.join(" "),
                        p.goal,
                        p.explanation,
                        p.owner,
                        p.origin,
                        p.rating.rating,
                        p.rating.deviation,
                        p.rating.volatility,
                        p.rating.games,
                        p.created,
                    ])?;
                }
            }
            tx.commit()?;
            Ok(new)
        })
        .await
    }

    async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
        let id = id.to_string();
        self.call(move |tx| read_puzzle(&tx, &id)).await
    }

    async fn puzzles_near(
        &self,
        game: &str,
        account: Option<&str>,
        mine: bool,
        near: f64,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>, StoreError> {
        let (game, account) = (game.to_string(), account.map(str::to_string));
        self.call(move |tx| {
            // Everyone's puzzles not attempted, or one's own mistakes not solved yet.
            tx.prepare_cached(&format!(
                "SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE game = ?1
                   AND (CASE WHEN ?3 THEN owner = ?2 ELSE owner IS NULL END)
                   AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a
                                   WHERE a.account = ?2 AND a.puzzle = p.id
                                     AND (a.correct OR NOT ?3))
                 ORDER BY abs(rating - ?4), id LIMIT ?5"
            ))?
            .query_map(params![game, account, mine, near, limit as i64], puzzle_row)?
            .collect()
        })
        .await
    }

    async fn puzzle_attempts(&self, account: &str) -> Result<Vec<AttemptRow>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT a.puzzle, p.game, a.correct, a.at FROM puzzle_attempts a
                 JOIN puzzles p ON p.id = a.puzzle WHERE a.account = ?1 ORDER BY a.at, a.puzzle",
            )?
            .query_map([account], |r| {
                Ok(AttemptRow {
                    puzzle: r.get(0)?,
                    game: r.get(1)?,
                    correct: r.get(2)?,
                    at: r.get(3)?,
                })
            })?
            .collect()
        })
        .await
    }

    async fn puzzle_ratings(&self, account: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT game, rating, deviation, volatility, attempts FROM puzzle_ratings
                 WHERE account = ?1 ORDER BY game",
            )?
            .query_map([account], |r| Ok((r.get(0)?, rating_at(r, 1)?)))?
            .collect()
        })
        .await
    }

    async fn puzzle_rating(&self, account: &str, game: &str) -> Result<Rating, StoreError> {
        let (account, game) = (account.to_string(), game.to_string());
        self.call(move |tx| read_rating(&tx, &account, &game)).await
    }

    async fn attempt_puzzle(
        &self,
        account: &str,
        id: &str,
        correct: bool,
        now: i64,
    ) -> Result<Attempted, StoreError> {
        let (account, id) = (account.to_string(), id.to_string());
        self.call(move |tx| {
            let Some(puzzle) = read_puzzle(&tx, &id)? else {
                return Ok(Attempted::Gone);
            };
            if attempt(&puzzle) == Attempt::Mistake {
                tx.prepare_cached(
                    "INSERT INTO puzzle_attempts (account, puzzle, correct, at)
                     VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (account, puzzle)
                     DO UPDATE SET correct = puzzle_attempts.correct OR excluded.correct,
                                   at = excluded.at",
                )?
                .execute(params![account, id, correct, now])?;
                tx.commit()?;
                return Ok(Attempted::Again);
            }
            let new = tx
                .prepare_cached(
                    "INSERT INTO puzzle_attempts (account, puzzle, correct, at)
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                )?
                .execute(params![account, id, correct, now])?;
            if new == 0 {
                return Ok(Attempted::Again);
            }
            let before = read_rating(&tx, &account, &puzzle.game)?;
            let (player, rated) = trigonal_ratings::puzzle(before, puzzle.rating, correct);
            tx.prepare_cached(
                "INSERT INTO puzzle_ratings (account, game, rating, deviation, volatility, attempts)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (account, game) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     attempts = excluded.attempts",
            )?
            .execute(params![
                account,
                puzzle.game,
                player.rating,
                player.deviation,
                player.volatility,
                player.games
            ])?;
            tx.prepare_cached(
                "UPDATE puzzles SET rating = ?2, deviation = ?3, volatility = ?4, attempts = ?5
                 WHERE id = ?1",
            )?
            .execute(params![
                id,
                rated.rating,
                rated.deviation,
                rated.volatility,
                rated.games
            ])?;
            tx.commit()?;
            Ok(Attempted::Rated {
                player: (before, player),
                puzzle: (puzzle.rating, rated),
            })
        })
        .await
    }

    async fn daily_puzzle(
        &self,
        day: &str,
        game: &str,
        pick: u64,
    ) -> Result<Option<PuzzleRow>, StoreError> {
        let (day, game) = (day.to_string(), game.to_string());
        self.call(move |tx| {
            let chosen: Option<String> = tx
                .prepare_cached("SELECT puzzle FROM daily_puzzles WHERE day = ?1 AND game = ?2")?
                .query_row([&day, &game], |r| r.get(0))
                .optional()?;
            if let Some(id) = chosen {
                return read_puzzle(&tx, &id);
            }
            let count: i64 = tx
                .prepare_cached("SELECT count(*) FROM puzzles WHERE game = ?1 AND owner IS NULL")?
                .query_row([&game], |r| r.get(0))?;
            let Some(offset) = daily_pick(pick, count) else {
                return Ok(None);
            };
            let id: String = tx
                .prepare_cached(
                    "SELECT id FROM puzzles WHERE game = ?1 AND owner IS NULL
                     ORDER BY id LIMIT 1 OFFSET ?2",
                )?
                .query_row(params![game, offset], |r| r.get(0))?;
            tx.prepare_cached("INSERT INTO daily_puzzles (day, game, puzzle) VALUES (?1, ?2, ?3)")?
                .execute(params![day, game, id])?;
            let puzzle = read_puzzle(&tx, &id)?;
            tx.commit()?;
            Ok(puzzle)
        })
        .await
    }
}
