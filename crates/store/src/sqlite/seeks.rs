//! The SQLite store's seeks. One connection serves the file, so each request sees the one before
//! it whole: a seek is filled by one acceptance however many arrive at once.

use super::*;
use crate::seeks::{accept, fill, leaving, may_start, renewed_until, Acceptance};
use crate::{Left, SeekRow, SeekSeat, Seeks, Starter, Taken};

/// The seeks whose ids `ids` lists, with their seats (every seek when `ids` is `None`), as of
/// `now`: open and not lapsed, or filled and still listed.
fn read(tx: &Savepoint<'_>, id: Option<&str>, now: i64) -> rusqlite::Result<Vec<SeekRow>> {
    let mut seeks: Vec<SeekRow> = tx
        .prepare_cached(
            "SELECT id, game, players, variant, clock, rated, rating_min, rating_max, created,
                    expires, game_id, quick
             FROM seeks WHERE (?1 IS NULL OR id = ?1) AND expires > ?2 ORDER BY created, id",
        )?
        .query_map(params![id, now], |r| {
            let range = match (r.get::<_, Option<i32>>(6)?, r.get::<_, Option<i32>>(7)?) {
                (Some(a), Some(b)) => Some((a, b)),
                _ => None,
            };
            Ok(SeekRow {
                id: r.get(0)?,
                game: r.get(1)?,
                players: r.get::<_, i64>(2)? as usize,
                variant: r.get(3)?,
                clock: r.get(4)?,
                rated: r.get(5)?,
                range,
                created: r.get(8)?,
                expires: r.get(9)?,
                seats: Vec::new(),
                game_id: r.get(10)?,
                quick: r.get(11)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    let mut seats = tx.prepare_cached(
        "SELECT account, name, rating FROM seek_seats WHERE seek_id = ?1 ORDER BY n",
    )?;
    for seek in &mut seeks {
        seek.seats = seats
            .query_map([&seek.id], |r| {
                Ok(SeekSeat {
                    account: r.get(0)?,
                    name: r.get(1)?,
                    rating: r.get(2)?,
                })
            })?
            .collect::<Result<_, _>>()?;
    }
    Ok(seeks)
}

fn add_seat(tx: &Savepoint<'_>, seek: &str, seat: &SeekSeat) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO seek_seats (seek_id, n, account, name, rating)
         VALUES (?1, (SELECT coalesce(max(n), -1) + 1 FROM seek_seats WHERE seek_id = ?1), ?2, ?3, ?4)",
    )?
    .execute(params![seek, seat.account, seat.name, seat.rating])?;
    Ok(())
}

#[async_trait]
impl Seeks for SqliteStore {
    async fn insert_seek(&self, seek: SeekRow) -> Result<(), StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "INSERT INTO seeks (id, seeker, game, players, variant, clock, rated, rating_min,
                                    rating_max, created, expires, game_id, quick)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, NULL, ?12)",
            )?
            .execute(params![
                seek.id,
                seek.seeker(),
                seek.game,
                seek.players as i64,
                seek.variant,
                seek.clock,
                seek.rated,
                seek.range.map(|r| r.0),
                seek.range.map(|r| r.1),
                seek.created,
                seek.expires,
                seek.quick
            ])?;
            for seat in &seek.seats {
                add_seat(&tx, &seek.id, seat)?;
            }
            tx.commit()
        })
        .await?;
        self.announce(StoreEvent::Seeks);
        Ok(())
    }

    async fn list_seeks(&self, now: i64) -> Result<Vec<SeekRow>, StoreError> {
        self.call(move |tx| read(&tx, None, now)).await
    }

    async fn take_seek(
        &self,
        id: &str,
        taker: SeekSeat,
        now: i64,
        start: Starter,
    ) -> Result<Taken, StoreError> {
        let id = id.to_string();
        let taken = self
            .call(move |tx| {
                let Some(mut seek) = read(&tx, Some(&id), now)?.pop() else {
                    return Ok(Taken::Gone);
                };
                let acceptance = match accept(&seek, &taker.account) {
                    Ok(acceptance) => acceptance,
                    Err(refused) => return Ok(refused.into()),
                };
                add_seat(&tx, &id, &taker)?;
                seek.seats.push(taker);
                if acceptance == Acceptance::Waits {
                    tx.commit()?;
                    return Ok(Taken::Joined(seek));
                }
                let game = start(&seek);
                insert(&tx, &game, false)?;
                fill(&mut seek, &game.id, now);
                tx.prepare_cached("UPDATE seeks SET game_id = ?2, expires = ?3 WHERE id = ?1")?
                    .execute(params![id, game.id, seek.expires])?;
                tx.commit()?;
                Ok(Taken::Started(seek, Box::new(game)))
            })
            .await?;
        if matches!(taken, Taken::Joined(_) | Taken::Started(..)) {
            self.announce(StoreEvent::Seeks);
        }
        Ok(taken)
    }

    async fn start_seek(
        &self,
        id: &str,
        seeker: &str,
        now: i64,
        start: Starter,
    ) -> Result<Option<(SeekRow, Box<GameRow>)>, StoreError> {
        let (id, seeker) = (id.to_string(), seeker.to_string());
        let started = self
            .call(move |tx| {
                let Some(mut seek) = read(&tx, Some(&id), now)?
                    .pop()
                    .filter(|seek| may_start(seek, &seeker))
                else {
                    return Ok(None);
                };
                let game = start(&seek);
                let due = crate::computer_first(&game);
                insert(&tx, &game, due)?;
                fill(&mut seek, &game.id, now);
                tx.prepare_cached("UPDATE seeks SET game_id = ?2, expires = ?3 WHERE id = ?1")?
                    .execute(params![id, game.id, seek.expires])?;
                tx.commit()?;
                Ok(Some((seek, Box::new(game), due)))
            })
            .await?;
        let Some((seek, game, due)) = started else {
            return Ok(None);
        };
        self.announce(StoreEvent::Seeks);
        if due {
            self.announce(StoreEvent::JobsDue);
        }
        Ok(Some((seek, game)))
    }

    async fn leave_seek(&self, id: &str, account: &str, now: i64) -> Result<Left, StoreError> {
        let (id, account) = (id.to_string(), account.to_string());
        let left = self
            .call(move |tx| {
                let left = leaving(read(&tx, Some(&id), now)?.last(), &account);
                match left {
                    Left::Cancelled => {
                        tx.prepare_cached("DELETE FROM seeks WHERE id = ?1")?
                            .execute([&id])?;
                    }
                    Left::Left => {
                        tx.prepare_cached(
                            "DELETE FROM seek_seats WHERE seek_id = ?1 AND account = ?2",
                        )?
                        .execute([&id, &account])?;
                    }
                    Left::NotIn | Left::Gone => return Ok(left),
                }
                tx.commit()?;
                Ok(left)
            })
            .await?;
        if matches!(left, Left::Cancelled | Left::Left) {
            self.announce(StoreEvent::Seeks);
        }
        Ok(left)
    }

    async fn renew_seeks(&self, seekers: &[String], now: i64) -> Result<(), StoreError> {
        let seekers = seekers.to_vec();
        let lapsed = self
            .call(move |tx| {
                let mut renew = tx.prepare_cached(
                    "UPDATE seeks SET expires = ?2 WHERE seeker = ?1 AND game_id IS NULL
                     AND expires > ?3",
                )?;
                for seeker in &seekers {
                    renew.execute(params![seeker, renewed_until(now), now])?;
                }
                drop(renew);
                let lapsed = tx
                    .prepare_cached("DELETE FROM seeks WHERE expires <= ?1")?
                    .execute([now])?;
                tx.commit()?;
                Ok(lapsed)
            })
            .await?;
        if lapsed > 0 {
            self.announce(StoreEvent::Seeks);
        }
        Ok(())
    }
}
