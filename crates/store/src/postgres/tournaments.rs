//! The PostgreSQL store's tournaments. Every change locks the tournament's row first, in a
//! statement of its own (so what it reads next is what the holder before it committed): entries
//! are counted against the capacity one at a time, and of two processes storing one round, the
//! second finds it stored — and were the lock ever skipped, the key (tournament, round, table)
//! would refuse the second round whole.

use super::*;
use crate::tournaments::{Entry, Stamp, Withdrawal};
use crate::{
    Entered, EntrantRow, RoundTable, Seating, Status, TournamentRow, Tournaments, Withdrawn,
};

const COLUMNS: &str = "id, name, system, creator, game, players, variant, clock, rated, rounds,
    minutes, capacity, starts, status, created, started, ended, creator_name";

fn tournament(r: &tokio_postgres::Row) -> Result<TournamentRow, StoreError> {
    let status: String = r.get(13);
    Ok(TournamentRow {
        id: r.get(0),
        name: r.get(1),
        system: r.get(2),
        creator: r.get(3),
        game: r.get(4),
        players: r.get::<_, i32>(5) as usize,
        variant: r.get(6),
        clock: r.get(7),
        rated: r.get(8),
        rounds: r.get::<_, Option<i32>>(9).map(|n| n as u32),
        minutes: r.get::<_, Option<i32>>(10).map(|n| n as u32),
        capacity: r.get::<_, i32>(11) as usize,
        starts: r.get(12),
        status: Status::parse(&status)
            .ok_or_else(|| StoreError::Damaged(format!("no tournament status {status:?}")))?,
        created: r.get(14),
        started: r.get(15),
        ended: r.get(16),
        creator_name: r.get(17),
        entrants: Vec::new(),
        tables: Vec::new(),
    })
}

fn json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text)
        .map_err(|e| StoreError::Damaged(format!("a tournament's table: {e}")))
}

async fn entrants(
    c: &impl tokio_postgres::GenericClient,
    id: &str,
) -> Result<Vec<EntrantRow>, StoreError> {
    let rows = c
        .query(
            "SELECT entrant, name, rating, level, withdrawn, joined FROM tournament_entrants
             WHERE tournament_id = $1 ORDER BY joined, entrant",
            &[&id],
        )
        .await
        .map_err(pg)?;
    Ok(rows
        .iter()
        .map(|r| EntrantRow {
            id: r.get(0),
            name: r.get(1),
            rating: r.get(2),
            level: r.get(3),
            withdrawn: r.get(4),
            joined: r.get(5),
        })
        .collect())
}

async fn tables(
    c: &impl tokio_postgres::GenericClient,
    id: &str,
) -> Result<Vec<RoundTable>, StoreError> {
    let rows = c
        .query(
            "SELECT round, n, game_id, seated, places, started FROM tournament_tables
             WHERE tournament_id = $1 ORDER BY round, n",
            &[&id],
        )
        .await
        .map_err(pg)?;
    rows.iter()
        .map(|r| {
            Ok(RoundTable {
                round: r.get::<_, i32>(0) as u32,
                n: r.get::<_, i32>(1) as u32,
                game_id: r.get(2),
                seated: json(r.get(3))?,
                places: r.get::<_, Option<&str>>(4).map(json).transpose()?,
                started: r.get(5),
            })
        })
        .collect()
}

/// Locks tournament `id`'s row to the end of the transaction: its status, if there is one.
async fn lock(
    tx: &impl tokio_postgres::GenericClient,
    id: &str,
) -> Result<Option<Status>, StoreError> {
    let row = tx
        .query_opt(
            "SELECT status FROM tournaments WHERE id = $1 FOR UPDATE",
            &[&id],
        )
        .await
        .map_err(pg)?;
    Ok(row.and_then(|r| Status::parse(r.get(0))))
}

async fn announce(tx: &impl tokio_postgres::GenericClient, id: &str) -> Result<(), StoreError> {
    tx.execute("SELECT pg_notify($1, $2)", &[&TOURNAMENTS, &id])
        .await
        .map_err(pg)?;
    Ok(())
}

async fn add_entrant(
    tx: &impl tokio_postgres::GenericClient,
    id: &str,
    e: &EntrantRow,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO tournament_entrants (tournament_id, entrant, name, rating, level, withdrawn,
                                          joined)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &[
            &id,
            &e.id,
            &e.name,
            &e.rating,
            &e.level,
            &e.withdrawn,
            &e.joined,
        ],
    )
    .await
    .map_err(pg)?;
    Ok(())
}

#[async_trait]
impl Tournaments for PgStore {
    async fn insert_tournament(&self, t: TournamentRow) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            &format!(
                "INSERT INTO tournaments ({COLUMNS})
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
            ),
            &[
                &t.id,
                &t.name,
                &t.system,
                &t.creator,
                &t.game,
                &(t.players as i32),
                &t.variant,
                &t.clock,
                &t.rated,
                &t.rounds.map(|n| n as i32),
                &t.minutes.map(|n| n as i32),
                &(t.capacity as i32),
                &t.starts,
                &t.status.as_str(),
                &t.created,
                &t.started,
                &t.ended,
                &t.creator_name,
            ],
        )
        .await
        .map_err(pg)?;
        for e in &t.entrants {
            add_entrant(&*tx, &t.id, e).await?;
        }
        announce(&*tx, &t.id).await?;
        tx.commit().await.map_err(pg)
    }

    async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let mut client = self.client().await?;
        // One snapshot for the three reads.
        let tx = client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(pg)?;
        let Some(row) = tx
            .query_opt(
                &format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"),
                &[&id],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(None);
        };
        let mut t = tournament(&row)?;
        t.entrants = entrants(&*tx, id).await?;
        t.tables = tables(&*tx, id).await?;
        tx.commit().await.map_err(pg)?;
        Ok(Some(t))
    }

    async fn list_tournaments(&self, since: i64) -> Result<Vec<TournamentRow>, StoreError> {
        let mut client = self.client().await?;
        let tx = client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(pg)?;
        let rows = tx
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM tournaments
                     WHERE status IN ('waiting', 'running') OR ended >= $1
                     ORDER BY starts, id"
                ),
                &[&since],
            )
            .await
            .map_err(pg)?;
        let mut list = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut t = tournament(row)?;
            t.entrants = entrants(&*tx, &t.id).await?;
            list.push(t);
        }
        tx.commit().await.map_err(pg)?;
        Ok(list)
    }

    async fn enter_tournament(
        &self,
        id: &str,
        entrant: EntrantRow,
        late: bool,
    ) -> Result<Entered, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let status = lock(&*tx, id).await?;
        let withdrawn: Option<bool> = tx
            .query_opt(
                "SELECT withdrawn FROM tournament_entrants WHERE tournament_id = $1 AND entrant = $2",
                &[&id, &entrant.id],
            )
            .await
            .map_err(pg)?
            .map(|r| r.get(0));
        // No tournament: nothing counts (`entry` says it is gone).
        let (capacity, count) = tx
            .query_opt(
                "SELECT capacity, (SELECT count(*) FROM tournament_entrants
                                   WHERE tournament_id = $1 AND NOT withdrawn)
                 FROM tournaments WHERE id = $1",
                &[&id],
            )
            .await
            .map_err(pg)?
            .map_or((0, 0), |r| (i64::from(r.get::<_, i32>(0)), r.get(1)));
        match crate::tournaments::entry(status, late, withdrawn, count, capacity) {
            Err(refused) => return Ok(refused),
            Ok(Entry::Back) => {
                tx.execute(
                    "UPDATE tournament_entrants SET withdrawn = FALSE
                     WHERE tournament_id = $1 AND entrant = $2",
                    &[&id, &entrant.id],
                )
                .await
                .map_err(pg)?;
            }
            Ok(Entry::New) => add_entrant(&*tx, id, &entrant).await?,
        }
        announce(&*tx, id).await?;
        tx.commit().await.map_err(pg)?;
        Ok(Entered::Joined)
    }

    async fn withdraw_from_tournament(
        &self,
        id: &str,
        entrant: &str,
    ) -> Result<Withdrawn, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let sql = match crate::tournaments::withdrawal(lock(&*tx, id).await?) {
            Err(refused) => return Ok(refused),
            Ok(Withdrawal::Remove) => {
                "DELETE FROM tournament_entrants
                 WHERE tournament_id = $1 AND entrant = $2 AND NOT withdrawn"
            }
            Ok(Withdrawal::Mark) => {
                "UPDATE tournament_entrants SET withdrawn = TRUE
                 WHERE tournament_id = $1 AND entrant = $2 AND NOT withdrawn"
            }
        };
        if tx.execute(sql, &[&id, &entrant]).await.map_err(pg)? == 0 {
            return Ok(Withdrawn::NotIn);
        }
        announce(&*tx, id).await?;
        tx.commit().await.map_err(pg)?;
        Ok(Withdrawn::Out)
    }

    async fn seat_round(
        &self,
        id: &str,
        round: u32,
        tables: Vec<Seating>,
        start: Option<i64>,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let status = lock(&*tx, id).await?;
        let stored: bool = tx
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM tournament_tables
                                WHERE tournament_id = $1 AND round = $2)",
                &[&id, &(round as i32)],
            )
            .await
            .map_err(pg)?
            .get(0);
        if !crate::tournaments::may_seat(status, start.is_some(), stored) {
            return Ok(false);
        }
        for (table, game) in &tables {
            let seated = serde_json::to_string(&table.seated).expect("JSON");
            let places = table
                .places
                .as_ref()
                .map(|p| serde_json::to_string(p).expect("JSON"));
            let inserted = tx
                .execute(
                    "INSERT INTO tournament_tables (tournament_id, round, n, game_id, seated,
                                                    places, started)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    &[
                        &id,
                        &(table.round as i32),
                        &(table.n as i32),
                        &table.game_id,
                        &seated,
                        &places,
                        &table.started,
                    ],
                )
                .await;
            match inserted {
                Ok(_) => {}
                // Stored by another in the meantime: nothing of this round is kept.
                Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => return Ok(false),
                Err(e) => return Err(pg(e)),
            }
            if let Some(game) = game {
                insert(&tx, game, crate::computer_first(game)).await?;
            }
        }
        if let Some(at) = start {
            tx.execute(
                "UPDATE tournaments SET status = 'running', started = $2 WHERE id = $1",
                &[&id, &at],
            )
            .await
            .map_err(pg)?;
        }
        announce(&*tx, id).await?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }

    async fn finish_table(
        &self,
        id: &str,
        round: u32,
        n: u32,
        places: Vec<u8>,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let places = serde_json::to_string(&places).expect("JSON");
        let changed = tx
            .execute(
                "UPDATE tournament_tables SET places = $4
                 WHERE tournament_id = $1 AND round = $2 AND n = $3 AND places IS NULL",
                &[&id, &(round as i32), &(n as i32), &places],
            )
            .await
            .map_err(pg)?;
        if changed == 0 {
            return Ok(false);
        }
        announce(&*tx, id).await?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }

    async fn set_tournament_status(
        &self,
        id: &str,
        from: Status,
        to: Status,
        at: i64,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let sql = match crate::tournaments::stamp(to) {
            Stamp::Started => {
                "UPDATE tournaments SET status = $3, started = $4 WHERE id = $1 AND status = $2"
            }
            Stamp::Ended => {
                "UPDATE tournaments SET status = $3, ended = $4 WHERE id = $1 AND status = $2"
            }
        };
        let changed = tx
            .execute(sql, &[&id, &from.as_str(), &to.as_str(), &at])
            .await
            .map_err(pg)?;
        if changed == 0 {
            return Ok(false);
        }
        announce(&*tx, id).await?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }
}
