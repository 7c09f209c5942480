//! The PostgreSQL store's games: stored, committed, listed and announced; the computer's jobs; who has
//! each game open.

use super::*;

#[async_trait]
impl Games for PgStore {
    async fn insert_game(&self, game: GameRow, computer_due: bool) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        insert(&tx, &game, computer_due).await?;
        tx.commit().await.map_err(pg)
    }

    async fn load_game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.load(id, None).await
    }

    async fn load_game_newer(&self, id: &str, than: i64) -> Result<Option<GameRow>, StoreError> {
        self.load(id, Some(than)).await
    }

    async fn commit(&self, commit: Commit) -> Result<Committed, StoreError> {
        let mut client = self.client().await?;
        let to_move = commit.to_move.map(i32::from);
        let (head, ply, text, seat): (&str, i32, Option<&str>, Option<i32>) = match &commit.change {
            Change::Move { ply, mv } => (
                MOVE,
                *ply as i32,
                Some(mv.text.as_str()),
                Some(i32::from(mv.seat)),
            ),
            Change::TakeBack { from } => (TAKE_BACK, *from as i32, None, None),
            Change::Join { seat, digest, .. } => {
                (JOIN, i32::from(*seat), Some(digest.as_str()), None)
            }
            Change::Key { seat, digest } => (KEY, i32::from(*seat), Some(digest.as_str()), None),
            Change::Own { seat, .. } => (OWN, i32::from(*seat), None, None),
            Change::Claim { seat, digest } => {
                (CLAIM, i32::from(*seat), Some(digest.as_str()), None)
            }
            Change::Table | Change::Rematch { .. } => (TABLE, 0, None, None),
            Change::HandOver { seat, level } => {
                (HAND_OVER, i32::from(*seat), Some(level.as_str()), None)
            }
            Change::Say(m) => (SAY, 0, Some(m.text.as_str()), Some(i32::from(m.seat))),
        };
        // One parameter list, typed, for every statement: each uses the ones it needs.
        let sql = format!("{head}{TAIL}");
        let table = table_json(&commit.table);
        let account = match &commit.change {
            Change::Join { owner, .. } => owner.as_deref(),
            Change::Own { owner, .. } => Some(owner.as_str()),
            _ => None,
        };
        let parameters: [&(dyn tokio_postgres::types::ToSql + Sync); 12] = [
            &commit.game,
            &commit.version,
            &ply,
            &text,
            &seat,
            &to_move,
            &commit.computer_due,
            &commit.at,
            &commit.by,
            &table,
            &commit.deadline,
            &account,
        ];
        let transaction = matches!(commit.change, Change::Rematch { .. }) || commit.rate.is_some();
        let result = if transaction {
            // The link and the new game in one transaction.
            let tx = client.transaction().await.map_err(pg)?;
            let statement = tx
                .prepare_typed_cached(&sql, &PARAMETERS)
                .await
                .map_err(pg)?;
            match tx.query_opt(&statement, &parameters).await {
                Ok(Some(row)) => {
                    if let Change::Rematch { game, computer_due } = &commit.change {
                        insert(&tx, game, *computer_due).await?;
                    }
                    if let Some(rate) = &commit.rate {
                        settle(&tx, &commit.game, rate, commit.at).await?;
                    }
                    tx.commit().await.map(|()| Some(row))
                }
                other => other,
            }
        } else {
            let statement = client
                .prepare_typed_cached(&sql, &PARAMETERS)
                .await
                .map_err(pg)?;
            client.query_opt(&statement, &parameters).await
        };
        match result {
            Ok(Some(row)) => Ok(Committed::Done {
                version: row.get(0),
            }),
            Ok(None) => Ok(Committed::Stale),
            // The ply was taken by a change committed meanwhile.
            Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => Ok(Committed::Stale),
            Err(e) => Err(pg(e)),
        }
    }

    async fn list_games(&self, open_only: bool, limit: usize) -> Result<Vec<Summary>, StoreError> {
        let client = self.client().await?;
        let sql = if open_only {
            "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                    ARRAY(SELECT s.seat FROM seats s WHERE s.game_id = g.id AND s.kind = 'open'
                          AND s.token_digest IS NULL ORDER BY s.seat),
                    g.table_state,
                    ARRAY(SELECT s.seat::text || ':' || s.owner FROM seats s
                          WHERE s.game_id = g.id AND s.owner IS NOT NULL ORDER BY s.seat)
             FROM games g
             WHERE g.to_move IS NOT NULL AND EXISTS
                   (SELECT 1 FROM seats s
                    WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL)
             ORDER BY g.created DESC, g.id LIMIT $1"
        } else {
            "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                    ARRAY(SELECT s.seat FROM seats s WHERE s.game_id = g.id AND s.kind = 'open'
                          AND s.token_digest IS NULL ORDER BY s.seat),
                    g.table_state,
                    ARRAY(SELECT s.seat::text || ':' || s.owner FROM seats s
                          WHERE s.game_id = g.id AND s.owner IS NOT NULL ORDER BY s.seat)
             FROM games g
             ORDER BY g.created DESC, g.id LIMIT $1"
        };
        let statement = client.prepare_cached(sql).await.map_err(pg)?;
        let rows = client
            .query(&statement, &[&(limit as i64)])
            .await
            .map_err(pg)?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let (clock, rated, creator) = crate::lobby_facts(&r.get::<_, String>(8));
                let owners: Vec<String> = r.get(9);
                Summary {
                    id: r.get(0),
                    game: r.get(1),
                    variant: r.get(2),
                    players: r.get::<_, i32>(3) as usize,
                    ply: r.get::<_, i32>(4) as usize,
                    over: r.get::<_, Option<i32>>(5).is_none(),
                    open_seats: r
                        .get::<_, Vec<i32>>(7)
                        .into_iter()
                        .filter_map(|s| u8::try_from(s).ok())
                        .collect(),
                    clock,
                    rated,
                    creator,
                    owners: crate::owners_of(owners.iter().map(String::as_str)),
                    created: r.get(6),
                }
            })
            .collect())
    }

    async fn due_deadlines(&self, now: i64, max: usize) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= $1
                 ORDER BY deadline LIMIT $2",
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(&statement, &[&now, &(max as i64)])
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    fn events(&self) -> broadcast::Receiver<StoreEvent> {
        self.events.subscribe()
    }
}

#[async_trait]
impl Jobs for PgStore {
    async fn claim_jobs(
        &self,
        owner: &str,
        lease: Duration,
        max: usize,
    ) -> Result<Vec<Claim>, StoreError> {
        let client = self.client().await?;
        let now = now_ms();
        let until = now + ms(lease);
        let others_from = now - ms(AFFINITY);
        // SKIP LOCKED: processes claiming at once each take different jobs, none waits.
        let statement = client
            .prepare_cached(
                "UPDATE jobs SET owner = $1, lease_until = $2
                 WHERE (game_id, kind) IN
                   (SELECT j.game_id, j.kind FROM jobs j JOIN games g ON g.id = j.game_id
                    WHERE j.kind = 'move' AND j.lease_until <= $3
                    AND (j.prefer IS NULL OR j.prefer = $1 OR j.due <= $5)
                    ORDER BY LEAST(g.deadline, j.due + $6), j.due
                    LIMIT $4 FOR UPDATE OF j SKIP LOCKED)
                 RETURNING game_id, ply",
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(
                &statement,
                &[
                    &owner,
                    &until,
                    &now,
                    &(max as i64),
                    &others_from,
                    &ms(PATIENCE),
                ],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .into_iter()
            .map(|r| Claim {
                game: r.get(0),
                ply: r.get::<_, i32>(1) as usize,
            })
            .collect())
    }

    async fn jobs_waiting(&self, now: i64) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT count(*) FROM jobs WHERE kind = 'move' AND lease_until <= $1",
                &[&now],
            )
            .await
            .map_err(pg)?;
        Ok(row.get::<_, i64>(0).max(0) as u64)
    }

    async fn renew(&self, claim: &Claim, owner: &str, lease: Duration) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let until = now_ms() + ms(lease);
        let n = client
            .execute(
                "UPDATE jobs SET lease_until = $4
                 WHERE game_id = $1 AND kind = 'move' AND ply = $2 AND owner = $3",
                &[&claim.game, &(claim.ply as i32), &owner, &until],
            )
            .await
            .map_err(pg)?;
        Ok(n == 1)
    }

    async fn release(
        &self,
        claim: &Claim,
        owner: &str,
        retry_after: Duration,
    ) -> Result<(), StoreError> {
        let client = self.client().await?;
        let at = now_ms() + ms(retry_after);
        client
            .execute(
                "UPDATE jobs SET owner = NULL, lease_until = $4
                 WHERE game_id = $1 AND kind = 'move' AND ply = $2 AND owner = $3",
                &[&claim.game, &(claim.ply as i32), &owner, &at],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }
}

#[async_trait]
impl Presence for PgStore {
    async fn set_presence(
        &self,
        game: &str,
        seat: u8,
        owner: &str,
        sockets: u32,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let now = now_ms();
        let seat = i32::from(seat);
        let tx = client.transaction().await.map_err(pg)?;
        // Serialises the presence changes of one game, so that each sees the one before.
        tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&game])
            .await
            .map_err(pg)?;
        let before: Vec<i32> = tx
            .query(PRESENT, &[&game, &now])
            .await
            .map_err(pg)?
            .iter()
            .map(|r| r.get(0))
            .collect();
        if sockets == 0 {
            tx.execute(
                "DELETE FROM presence WHERE game_id = $1 AND seat = $2 AND owner = $3",
                &[&game, &seat, &owner],
            )
            .await
            .map_err(pg)?;
        } else {
            tx.execute(
                "INSERT INTO presence (game_id, seat, owner, sockets, expires)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (game_id, seat, owner) DO UPDATE
                 SET sockets = excluded.sockets, expires = excluded.expires",
                &[
                    &game,
                    &seat,
                    &owner,
                    &(sockets as i32),
                    &(now + ms(PRESENCE_TTL)),
                ],
            )
            .await
            .map_err(pg)?;
        }
        let after: Vec<i32> = tx
            .query(PRESENT, &[&game, &now])
            .await
            .map_err(pg)?
            .iter()
            .map(|r| r.get(0))
            .collect();
        if after != before {
            tx.execute("SELECT pg_notify('trigonal_presence', $1)", &[&game])
                .await
                .map_err(pg)?;
        }
        tx.commit().await.map_err(pg)
    }

    async fn renew_presence(&self, owner: &str) -> Result<(), StoreError> {
        let client = self.client().await?;
        let now = now_ms();
        client
            .execute(
                "UPDATE presence SET expires = $2 WHERE owner = $1",
                &[&owner, &(now + ms(PRESENCE_TTL))],
            )
            .await
            .map_err(pg)?;
        client
            .execute(
                "WITH lapsed AS (DELETE FROM presence WHERE expires <= $1 RETURNING game_id)
                 SELECT pg_notify('trigonal_presence', game_id)
                 FROM (SELECT DISTINCT game_id FROM lapsed) l",
                &[&now],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn present(&self, game: &str) -> Result<Vec<u8>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(PRESENT, &[&game, &now_ms()])
            .await
            .map_err(pg)?;
        rows.iter()
            .map(|r| {
                let seat: i32 = r.get(0);
                u8::try_from(seat)
                    .map_err(|_| StoreError::Damaged(format!("game {game}: seat {seat}")))
            })
            .collect()
    }
}
