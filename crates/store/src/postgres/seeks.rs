//! The PostgreSQL store's seeks. An acceptance locks its seek's row, so acceptances of one seek
//! from any number of processes take their turns, and the one that fills it stores the game.

use super::*;
use crate::seeks::{accept, fill, leaving, may_start, renewed_until, Acceptance};
use crate::{Left, SeekRow, SeekSeat, Seeks, Starter, Taken};

/// The seeks listed at `now` (only `id` when given), with their seats, read in one statement
/// (so as of one moment). With `lock`, seek `id`'s row is locked first, to the end of the
/// transaction, in a statement of its own: the read after it then sees whatever the transaction
/// that held the lock before committed (a statement that waits for a lock still reads the rest
/// as of when it began).
async fn read(
    tx: &impl tokio_postgres::GenericClient,
    id: Option<&str>,
    now: i64,
    lock: bool,
) -> Result<Vec<SeekRow>, StoreError> {
    if lock {
        tx.execute("SELECT 1 FROM seeks WHERE id = $1 FOR UPDATE", &[&id])
            .await
            .map_err(pg)?;
    }
    let sql = "SELECT id, game, players, variant, clock, rated, rating_min, rating_max, created,
                expires, game_id, quick,
                ARRAY(SELECT account FROM seek_seats k WHERE k.seek_id = s.id ORDER BY n),
                ARRAY(SELECT name FROM seek_seats k WHERE k.seek_id = s.id ORDER BY n),
                ARRAY(SELECT rating FROM seek_seats k WHERE k.seek_id = s.id ORDER BY n)
         FROM seeks s WHERE ($1::TEXT IS NULL OR id = $1) AND expires > $2
         ORDER BY created, id";
    let rows = tx.query(sql, &[&id, &now]).await.map_err(pg)?;
    let mut seeks = Vec::with_capacity(rows.len());
    for r in rows {
        let range = match (r.get::<_, Option<i32>>(6), r.get::<_, Option<i32>>(7)) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        };
        let accounts: Vec<String> = r.get(12);
        let names: Vec<String> = r.get(13);
        let ratings: Vec<i32> = r.get(14);
        let seats = accounts
            .into_iter()
            .zip(names)
            .zip(ratings)
            .map(|((account, name), rating)| SeekSeat {
                account,
                name,
                rating,
            })
            .collect();
        seeks.push(SeekRow {
            id: r.get(0),
            game: r.get(1),
            players: r.get::<_, i32>(2) as usize,
            variant: r.get(3),
            clock: r.get(4),
            rated: r.get(5),
            range,
            created: r.get(8),
            expires: r.get(9),
            seats,
            game_id: r.get(10),
            quick: r.get(11),
        });
    }
    Ok(seeks)
}

async fn add_seat(
    tx: &impl tokio_postgres::GenericClient,
    seek: &str,
    seat: &SeekSeat,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO seek_seats (seek_id, n, account, name, rating)
         VALUES ($1, (SELECT coalesce(max(n), -1) + 1 FROM seek_seats WHERE seek_id = $1), $2, $3, $4)",
        &[&seek, &seat.account, &seat.name, &seat.rating],
    )
    .await
    .map_err(pg)?;
    Ok(())
}

async fn announce(tx: &impl tokio_postgres::GenericClient) -> Result<(), StoreError> {
    tx.execute(&format!("SELECT pg_notify('{SEEKS}', '')"), &[])
        .await
        .map_err(pg)?;
    Ok(())
}

#[async_trait]
impl Seeks for PgStore {
    async fn insert_seek(&self, seek: SeekRow) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            "INSERT INTO seeks (id, seeker, game, players, variant, clock, rated, rating_min,
                                rating_max, created, expires, game_id, quick)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, $12)",
            &[
                &seek.id,
                &seek.seeker(),
                &seek.game,
                &(seek.players as i32),
                &seek.variant,
                &seek.clock,
                &seek.rated,
                &seek.range.map(|r| r.0),
                &seek.range.map(|r| r.1),
                &seek.created,
                &seek.expires,
                &seek.quick,
            ],
        )
        .await
        .map_err(pg)?;
        for seat in &seek.seats {
            add_seat(&*tx, &seek.id, seat).await?;
        }
        announce(&*tx).await?;
        tx.commit().await.map_err(pg)
    }

    async fn list_seeks(&self, now: i64) -> Result<Vec<SeekRow>, StoreError> {
        let client = self.client().await?;
        read(&**client, None, now, false).await
    }

    async fn take_seek(
        &self,
        id: &str,
        taker: SeekSeat,
        now: i64,
        start: Starter,
    ) -> Result<Taken, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let Some(mut seek) = read(&*tx, Some(id), now, true).await?.pop() else {
            return Ok(Taken::Gone);
        };
        let acceptance = match accept(&seek, &taker.account) {
            Ok(acceptance) => acceptance,
            Err(refused) => return Ok(refused.into()),
        };
        add_seat(&*tx, id, &taker).await?;
        seek.seats.push(taker);
        announce(&*tx).await?;
        if acceptance == Acceptance::Waits {
            tx.commit().await.map_err(pg)?;
            return Ok(Taken::Joined(seek));
        }
        let game = start(&seek);
        insert(&tx, &game, false).await?;
        fill(&mut seek, &game.id, now);
        tx.execute(
            "UPDATE seeks SET game_id = $2, expires = $3 WHERE id = $1",
            &[&id, &game.id, &seek.expires],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(Taken::Started(seek, Box::new(game)))
    }

    async fn start_seek(
        &self,
        id: &str,
        seeker: &str,
        now: i64,
        start: Starter,
    ) -> Result<Option<(SeekRow, Box<GameRow>)>, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let Some(mut seek) = read(&*tx, Some(id), now, true)
            .await?
            .pop()
            .filter(|seek| may_start(seek, seeker))
        else {
            return Ok(None);
        };
        let game = start(&seek);
        insert(&tx, &game, crate::computer_first(&game)).await?;
        fill(&mut seek, &game.id, now);
        tx.execute(
            "UPDATE seeks SET game_id = $2, expires = $3 WHERE id = $1",
            &[&id, &game.id, &seek.expires],
        )
        .await
        .map_err(pg)?;
        announce(&*tx).await?;
        tx.commit().await.map_err(pg)?;
        Ok(Some((seek, Box::new(game))))
    }

    async fn leave_seek(&self, id: &str, account: &str, now: i64) -> Result<Left, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let left = leaving(read(&*tx, Some(id), now, true).await?.last(), account);
        match left {
            Left::Cancelled => {
                tx.execute("DELETE FROM seeks WHERE id = $1", &[&id])
                    .await
                    .map_err(pg)?;
            }
            Left::Left => {
                tx.execute(
                    "DELETE FROM seek_seats WHERE seek_id = $1 AND account = $2",
                    &[&id, &account],
                )
                .await
                .map_err(pg)?;
            }
            Left::NotIn | Left::Gone => return Ok(left),
        }
        announce(&*tx).await?;
        tx.commit().await.map_err(pg)?;
        Ok(left)
    }

    async fn renew_seeks(&self, seekers: &[String], now: i64) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE seeks SET expires = $2 WHERE seeker = ANY($1) AND game_id IS NULL
                 AND expires > $3",
                &[&seekers, &renewed_until(now), &now],
            )
            .await
            .map_err(pg)?;
        let lapsed = client
            .execute("DELETE FROM seeks WHERE expires <= $1", &[&now])
            .await
            .map_err(pg)?;
        if lapsed > 0 {
            announce(&**client).await?;
        }
        Ok(())
    }
}
