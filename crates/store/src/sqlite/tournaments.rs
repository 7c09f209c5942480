//! The SQLite store's tournaments. One connection serves the file, so each request sees the one
//! before it whole: an entry is checked against the tournament as it is, and of two processes
//! storing one round the second finds it stored.

use super::*;
use crate::tournaments::{Entry, Stamp, Withdrawal};
use crate::{
    Entered, EntrantRow, RoundTable, Seating, Status, TournamentRow, Tournaments, Withdrawn,
};

const COLUMNS: &str = "id, name, system, creator, game, players, variant, clock, rated, rounds,
    minutes, capacity, starts, status, created, started, ended, creator_name";

fn tournament(r: &rusqlite::Row<'_>) -> rusqlite::Result<TournamentRow> {
    let status: String = r.get(13)?;
    Ok(TournamentRow {
        id: r.get(0)?,
        name: r.get(1)?,
        system: r.get(2)?,
        creator: r.get(3)?,
        game: r.get(4)?,
        players: r.get::<_, i64>(5)? as usize,
        variant: r.get(6)?,
        clock: r.get(7)?,
        rated: r.get(8)?,
        rounds: r.get(9)?,
        minutes: r.get(10)?,
        capacity: r.get::<_, i64>(11)? as usize,
        starts: r.get(12)?,
        status: Status::parse(&status).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(
                13,
                rusqlite::types::Type::Text,
                format!("no tournament status {status:?}").into(),
            )
        })?,
        created: r.get(14)?,
        started: r.get(15)?,
        ended: r.get(16)?,
        creator_name: r.get(17)?,
        entrants: Vec::new(),
        tables: Vec::new(),
    })
}

fn json<T: serde::de::DeserializeOwned>(column: usize, text: &str) -> rusqlite::Result<T> {
    serde_json::from_str(text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, e.into())
    })
}

fn entrants(tx: &Savepoint<'_>, id: &str) -> rusqlite::Result<Vec<EntrantRow>> {
    tx.prepare_cached(
        "SELECT entrant, name, rating, level, withdrawn, joined FROM tournament_entrants
         WHERE tournament_id = ?1 ORDER BY joined, entrant",
    )?
    .query_map([id], |r| {
        Ok(EntrantRow {
            id: r.get(0)?,
            name: r.get(1)?,
            rating: r.get(2)?,
            level: r.get(3)?,
            withdrawn: r.get(4)?,
            joined: r.get(5)?,
        })
    })?
    .collect()
}

fn tables(tx: &Savepoint<'_>, id: &str) -> rusqlite::Result<Vec<RoundTable>> {
    tx.prepare_cached(
        "SELECT round, n, game_id, seated, places, started FROM tournament_tables
         WHERE tournament_id = ?1 ORDER BY round, n",
    )?
    .query_map([id], |r| {
        let places: Option<String> = r.get(4)?;
        Ok(RoundTable {
            round: r.get(0)?,
            n: r.get(1)?,
            game_id: r.get(2)?,
            seated: json(3, &r.get::<_, String>(3)?)?,
            places: places.map(|p| json(4, &p)).transpose()?,
            started: r.get(5)?,
        })
    })?
    .collect()
}

fn status(tx: &Savepoint<'_>, id: &str) -> rusqlite::Result<Option<Status>> {
    Ok(tx
        .prepare_cached("SELECT status FROM tournaments WHERE id = ?1")?
        .query_row([id], |r| r.get::<_, String>(0))
        .optional()?
        .and_then(|s| Status::parse(&s)))
}

fn add_entrant(tx: &Savepoint<'_>, id: &str, e: &EntrantRow) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO tournament_entrants (tournament_id, entrant, name, rating, level, withdrawn,
                                          joined)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        id,
        e.id,
        e.name,
        e.rating,
        e.level,
        e.withdrawn,
        e.joined
    ])?;
    Ok(())
}

#[async_trait]
impl Tournaments for SqliteStore {
    async fn insert_tournament(&self, t: TournamentRow) -> Result<(), StoreError> {
        let id = t.id.clone();
        self.call(move |tx| {
            tx.prepare_cached(&format!(
                "INSERT INTO tournaments ({COLUMNS})
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)"
            ))?
            .execute(params![
                t.id,
                t.name,
                t.system,
                t.creator,
                t.game,
                t.players as i64,
                t.variant,
                t.clock,
                t.rated,
                t.rounds,
                t.minutes,
                t.capacity as i64,
                t.starts,
                t.status.as_str(),
                t.created,
                t.started,
                t.ended,
                t.creator_name
            ])?;
            for e in &t.entrants {
                add_entrant(&tx, &t.id, e)?;
            }
            tx.commit()
        })
        .await?;
        self.announce(StoreEvent::Tournament { id });
        Ok(())
    }

    async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let id = id.to_string();
        self.call(move |tx| {
            let Some(mut t) = tx
                .prepare_cached(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"))?
                .query_row([&id], tournament)
                .optional()?
            else {
                return Ok(None);
            };
            t.entrants = entrants(&tx, &id)?;
            t.tables = tables(&tx, &id)?;
            Ok(Some(t))
        })
        .await
    }

    async fn list_tournaments(&self, since: i64) -> Result<Vec<TournamentRow>, StoreError> {
        self.call(move |tx| {
            let mut list: Vec<TournamentRow> = tx
                .prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM tournaments
                     WHERE status IN ('waiting', 'running') OR ended >= ?1
                     ORDER BY starts, id"
                ))?
                .query_map([since], tournament)?
                .collect::<Result<_, _>>()?;
            for t in &mut list {
                t.entrants = entrants(&tx, &t.id)?;
            }
            Ok(list)
        })
        .await
    }

    async fn enter_tournament(
        &self,
        id: &str,
        entrant: EntrantRow,
        late: bool,
    ) -> Result<Entered, StoreError> {
        let key = id.to_string();
        let entered = self
            .call(move |tx| {
                let id = key;
                let status = status(&tx, &id)?;
                let withdrawn: Option<bool> = tx
                    .prepare_cached(
                        "SELECT withdrawn FROM tournament_entrants
                         WHERE tournament_id = ?1 AND entrant = ?2",
                    )?
                    .query_row(params![id, entrant.id], |r| r.get(0))
                    .optional()?;
                // No tournament: nothing counts (`entry` says it is gone).
                let (capacity, count): (i64, i64) = tx
                    .prepare_cached(
                        "SELECT capacity, (SELECT count(*) FROM tournament_entrants
                                           WHERE tournament_id = ?1 AND NOT withdrawn)
                         FROM tournaments WHERE id = ?1",
                    )?
                    .query_row([&id], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()?
                    .unwrap_or((0, 0));
                match crate::tournaments::entry(status, late, withdrawn, count, capacity) {
                    Err(refused) => return Ok(refused),
                    Ok(Entry::Back) => {
                        tx.prepare_cached(
                            "UPDATE tournament_entrants SET withdrawn = FALSE
                             WHERE tournament_id = ?1 AND entrant = ?2",
                        )?
                        .execute(params![id, entrant.id])?;
                    }
                    Ok(Entry::New) => add_entrant(&tx, &id, &entrant)?,
                }
                tx.commit()?;
                Ok(Entered::Joined)
            })
            .await?;
        if entered == Entered::Joined {
            self.announce(StoreEvent::Tournament { id: id.to_string() });
        }
        Ok(entered)
    }

    async fn withdraw_from_tournament(
        &self,
        id: &str,
        entrant: &str,
    ) -> Result<Withdrawn, StoreError> {
        let (key, entrant) = (id.to_string(), entrant.to_string());
        let withdrawn = self
            .call(move |tx| {
                let id = key;
                let sql = match crate::tournaments::withdrawal(status(&tx, &id)?) {
                    Err(refused) => return Ok(refused),
                    Ok(Withdrawal::Remove) => {
                        "DELETE FROM tournament_entrants
                         WHERE tournament_id = ?1 AND entrant = ?2 AND NOT withdrawn"
                    }
                    Ok(Withdrawal::Mark) => {
                        "UPDATE tournament_entrants SET withdrawn = TRUE
                         WHERE tournament_id = ?1 AND entrant = ?2 AND NOT withdrawn"
                    }
                };
                if tx.prepare_cached(sql)?.execute(params![id, entrant])? == 0 {
                    return Ok(Withdrawn::NotIn);
                }
                tx.commit()?;
                Ok(Withdrawn::Out)
            })
            .await?;
        if withdrawn == Withdrawn::Out {
            self.announce(StoreEvent::Tournament { id: id.to_string() });
        }
        Ok(withdrawn)
    }

    async fn seat_round(
        &self,
        id: &str,
        round: u32,
        tables: Vec<Seating>,
        start: Option<i64>,
    ) -> Result<bool, StoreError> {
        let key = id.to_string();
        let due = tables
            .iter()
            .any(|(_, g)| g.as_ref().is_some_and(crate::computer_first));
        let seated = self
            .call(move |tx| {
                let id = key;
                let status = status(&tx, &id)?;
                let stored: bool = tx
                    .prepare_cached(
                        "SELECT EXISTS (SELECT 1 FROM tournament_tables
                                        WHERE tournament_id = ?1 AND round = ?2)",
                    )?
                    .query_row(params![id, round], |r| r.get(0))?;
                if !crate::tournaments::may_seat(status, start.is_some(), stored) {
                    return Ok(false);
                }
                for (table, game) in &tables {
                    tx.prepare_cached(
                        "INSERT INTO tournament_tables (tournament_id, round, n, game_id, seated,
                                                        places, started)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    )?
                    .execute(params![
                        id,
                        table.round,
                        table.n,
                        table.game_id,
                        serde_json::to_string(&table.seated).expect("JSON"),
                        table
                            .places
                            .as_ref()
                            .map(|p| serde_json::to_string(p).expect("JSON")),
                        table.started
                    ])?;
                    if let Some(game) = game {
                        insert(&tx, game, crate::computer_first(game))?;
                    }
                }
                if let Some(at) = start {
                    tx.prepare_cached(
                        "UPDATE tournaments SET status = 'running', started = ?2 WHERE id = ?1",
                    )?
                    .execute(params![id, at])?;
                }
                tx.commit()?;
                Ok(true)
            })
            .await?;
        if seated {
            self.announce(StoreEvent::Tournament { id: id.to_string() });
            if due {
                self.announce(StoreEvent::JobsDue);
            }
        }
        Ok(seated)
    }

    async fn finish_table(
        &self,
        id: &str,
        round: u32,
        n: u32,
        places: Vec<u8>,
    ) -> Result<bool, StoreError> {
        let key = id.to_string();
        let places = serde_json::to_string(&places).expect("JSON");
        let finished = self
            .call(move |tx| {
                let changed = tx
                    .prepare_cached(
                        "UPDATE tournament_tables SET places = ?4
                         WHERE tournament_id = ?1 AND round = ?2 AND n = ?3 AND places IS NULL",
                    )?
                    .execute(params![key, round, n, places])?;
                tx.commit()?;
                Ok(changed > 0)
            })
            .await?;
        if finished {
            self.announce(StoreEvent::Tournament { id: id.to_string() });
        }
        Ok(finished)
    }

    async fn set_tournament_status(
        &self,
        id: &str,
        from: Status,
        to: Status,
        at: i64,
    ) -> Result<bool, StoreError> {
        let key = id.to_string();
        let moved = self
            .call(move |tx| {
                let sql = match crate::tournaments::stamp(to) {
                    Stamp::Started => {
                        "UPDATE tournaments SET status = ?3, started = ?4 WHERE id = ?1 AND status = ?2"
                    }
                    Stamp::Ended => {
                        "UPDATE tournaments SET status = ?3, ended = ?4 WHERE id = ?1 AND status = ?2"
                    }
                };
                let changed = tx.prepare_cached(sql)?.execute(params![
                    key,
                    from.as_str(),
                    to.as_str(),
                    at
                ])?;
                tx.commit()?;
                Ok(changed > 0)
            })
            .await?;
        if moved {
            self.announce(StoreEvent::Tournament { id: id.to_string() });
        }
        Ok(moved)
    }
}
