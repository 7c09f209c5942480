//! The SQLite store's games: stored, committed, listed and announced; the computer's jobs; who has
//! each game open.

use super::*;

#[async_trait]
impl Games for SqliteStore {
    async fn insert_game(&self, game: GameRow, computer_due: bool) -> Result<(), StoreError> {
        self.call(move |tx| {
            insert(&tx, &game, computer_due)?;
            tx.commit()
        })
        .await?;
        if computer_due {
            self.announce(StoreEvent::JobsDue);
        }
        Ok(())
    }

    async fn load_game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.load(id, None).await
    }

    async fn load_game_newer(&self, id: &str, than: i64) -> Result<Option<GameRow>, StoreError> {
        self.load(id, Some(than)).await
    }

    async fn commit(&self, commit: Commit) -> Result<Committed, StoreError> {
        let (game, mut computer_due) = (commit.game.clone(), commit.computer_due);
        if let Change::Rematch {
            computer_due: true, ..
        } = &commit.change
        {
            computer_due = true;
        }
        let done = self
            .call(move |tx| {
                let Commit {
                    game: id,
                    version,
                    change,
                    to_move,
                    table,
                    deadline,
                    computer_due,
                    by,
                    at,
                    rate,
                } = commit;
                // The game must be at the version the change was planned on.
                let Some(ply) = tx
                    .prepare_cached(
                        "UPDATE games SET version = version + 1, updated = ?3
                         WHERE id = ?1 AND version = ?2 RETURNING ply",
                    )?
                    .query_row(params![id, version, at], |r| r.get::<_, i64>(0))
                    .optional()?
                else {
                    return Ok(None);
                };
                let ply = ply as usize;
                let after = match change {
                    Change::Move { ply: at_ply, mv } => {
                        if at_ply != ply {
                            return Ok(None);
                        }
                        let inserted = tx.prepare_cached(
                            "INSERT INTO moves (game_id, ply, move, seat, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                        )?
                        .execute(params![id, at_ply as i64, mv.text, mv.seat, mv.at]);
                        match inserted {
                            Ok(_) => {}
                            // The ply is taken: another change was first.
                            Err(rusqlite::Error::SqliteFailure(e, _))
                                if e.code == ErrorCode::ConstraintViolation =>
                            {
                                return Ok(None)
                            }
                            Err(e) => return Err(e),
                        }
                        at_ply + 1
                    }
                    Change::TakeBack { from } => {
                        if from > ply {
                            return Ok(None);
                        }
                        tx.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
                            .execute(params![id, from as i64])?;
                        from
                    }
                    Change::Join {
                        seat,
                        digest,
                        owner,
                    } => {
                        let joined = tx
                            .prepare_cached(
                                "UPDATE seats SET kind = 'human', token_digest = ?3, owner = ?4
                                 WHERE game_id = ?1 AND seat = ?2 AND kind = 'open'
                                 AND token_digest IS NULL",
                            )?
                            .execute(params![id, seat, digest.as_str(), owner])?;
                        if joined != 1 {
                            return Ok(None);
                        }
                        ply
                    }
                    Change::Claim { seat, digest } => {
                        let claimed = tx
                            .prepare_cached(
                                "UPDATE seats SET token_digest = ?3
                                 WHERE game_id = ?1 AND seat = ?2 AND kind = 'human'
                                 AND token_digest IS NULL",
                            )?
                            .execute(params![id, seat, digest.as_str()])?;
                        if claimed != 1 {
                            return Ok(None);
                        }
                        ply
                    }
                    Change::Table => ply,
                    Change::Key { seat, digest } => {
                        tx.prepare_cached(
                            "INSERT INTO seat_keys (game_id, seat, digest) VALUES (?1, ?2, ?3)
                             ON CONFLICT DO NOTHING",
                        )?
                        .execute(params![id, seat, digest.as_str()])?;
                        ply
                    }
                    Change::Own { seat, owner } => {
                        let owned = tx
                            .prepare_cached(
                                "UPDATE seats SET owner = ?3
                                 WHERE game_id = ?1 AND seat = ?2 AND owner IS NULL",
                            )?
                            .execute(params![id, seat, owner])?;
                        if owned != 1 {
                            return Ok(None);
                        }
                        ply
                    }
                    Change::HandOver { seat, level } => {
                        tx.prepare_cached(
                            "UPDATE seats SET kind = 'ai', level = ?3 WHERE game_id = ?1 AND seat = ?2",
                        )?
                        .execute(params![id, seat, level])?;
                        ply
                    }
                    Change::Say(m) => {
                        tx.prepare_cached(
                            "INSERT INTO chat (game_id, n, seat, text, at)
                             VALUES (?1, (SELECT count(*) FROM chat WHERE game_id = ?1), ?2, ?3, ?4)",
                        )?
                        .execute(params![id, m.seat, m.text, m.at])?;
                        ply
                    }
                    Change::Rematch {
                        game,
                        computer_due,
                    } => {
                        insert(&tx, &game, computer_due)?;
                        ply
                    }
                };
                tx.prepare_cached(
                    "UPDATE games SET ply = ?2, to_move = ?3,
                     computer_owner = coalesce(?4, computer_owner), table_state = ?5,
                     deadline = ?6 WHERE id = ?1",
                )?
                .execute(params![id, after as i64, to_move, by, table_json(&table), deadline])?;
                keep_job(&tx, &id, after, computer_due, at)?;
                if let Some(rate) = &rate {
                    settle(&tx, &id, rate, at)?;
                }
                tx.commit()?;
                Ok(Some((version + 1, after)))
            })
            .await?;
        let Some((version, ply)) = done else {
            return Ok(Committed::Stale);
        };
        self.announce(StoreEvent::Changed { game, ply });
        if computer_due {
            self.announce(StoreEvent::JobsDue);
        }
        Ok(Committed::Done { version })
    }

    async fn list_games(&self, open_only: bool, limit: usize) -> Result<Vec<Summary>, StoreError> {
        self.call(move |c| {
            let sql = if open_only {
                "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                        (SELECT group_concat(s.seat) FROM seats s
                         WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL),
                        g.table_state,
                        (SELECT group_concat(s.seat || ':' || s.owner) FROM seats s
                         WHERE s.game_id = g.id AND s.owner IS NOT NULL)
                 FROM games g
                 WHERE g.to_move IS NOT NULL AND EXISTS
                       (SELECT 1 FROM seats s
                        WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL)
                 ORDER BY g.created DESC, g.id LIMIT ?1"
            } else {
                "SELECT g.id, g.game, g.variant, g.players, g.ply, g.to_move, g.created,
                        (SELECT group_concat(s.seat) FROM seats s
                         WHERE s.game_id = g.id AND s.kind = 'open' AND s.token_digest IS NULL),
                        g.table_state,
                        (SELECT group_concat(s.seat || ':' || s.owner) FROM seats s
                         WHERE s.game_id = g.id AND s.owner IS NOT NULL)
                 FROM games g
                 ORDER BY g.created DESC, g.id LIMIT ?1"
            };
            let mut stmt = c.prepare_cached(sql)?;
            let rows = stmt.query_map([limit as i64], |r| {
                let open: Option<String> = r.get(7)?;
                let mut open_seats: Vec<u8> = open
                    .as_deref()
                    .unwrap_or("")
                    .split(',')
                    .filter_map(|s| s.parse().ok())
                    .collect();
                open_seats.sort_unstable();
                let (clock, rated, creator) = crate::lobby_facts(&r.get::<_, String>(8)?);
                let owners: Option<String> = r.get(9)?;
                Ok(Summary {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    variant: r.get(2)?,
                    players: r.get::<_, i64>(3)? as usize,
                    ply: r.get::<_, i64>(4)? as usize,
                    over: r.get::<_, Option<u8>>(5)?.is_none(),
                    open_seats,
                    clock,
                    rated,
                    creator,
                    owners: crate::owners_of(owners.as_deref().unwrap_or("").split(',')),
                    created: r.get(6)?,
                })
            })?;
            rows.collect()
        })
        .await
    }

    async fn due_deadlines(&self, now: i64, max: usize) -> Result<Vec<String>, StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= ?1
                 ORDER BY deadline LIMIT ?2",
            )?
            .query_map(params![now, max as i64], |r| r.get(0))?
            .collect()
        })
        .await
    }

    fn events(&self) -> broadcast::Receiver<StoreEvent> {
        self.events.subscribe()
    }
}

#[async_trait]
impl Jobs for SqliteStore {
    async fn claim_jobs(
        &self,
        owner: &str,
        lease: Duration,
        max: usize,
    ) -> Result<Vec<Claim>, StoreError> {
        let owner = owner.to_string();
        let now = now_ms();
        let until = now + ms(lease);
        let others_from = now - ms(AFFINITY);
        let patience = ms(PATIENCE);
        self.call(move |tx| {
            let claims = tx
                .prepare_cached(
                    "UPDATE jobs SET owner = ?1, lease_until = ?2
                     WHERE kind = 'move' AND game_id IN
                       (SELECT j.game_id FROM jobs j JOIN games g ON g.id = j.game_id
                        WHERE j.kind = 'move' AND j.lease_until <= ?3
                        AND (j.prefer IS NULL OR j.prefer = ?1 OR j.due <= ?5)
                        ORDER BY min(coalesce(g.deadline, j.due + ?6), j.due + ?6), j.due
                        LIMIT ?4)
                     RETURNING game_id, ply",
                )?
                .query_map(
                    params![owner, until, now, max as i64, others_from, patience],
                    |r| {
                        Ok(Claim {
                            game: r.get(0)?,
                            ply: r.get::<_, i64>(1)? as usize,
                        })
                    },
                )?
                .collect::<Result<Vec<_>, _>>()?;
            tx.commit()?;
            Ok(claims)
        })
        .await
    }

    async fn jobs_waiting(&self, now: i64) -> Result<u64, StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT count(*) FROM jobs WHERE kind = 'move' AND lease_until <= ?1",
            )?
            .query_row(params![now], |r| r.get::<_, i64>(0))
        })
        .await
        .map(|n| n.max(0) as u64)
    }

    async fn renew(&self, claim: &Claim, owner: &str, lease: Duration) -> Result<bool, StoreError> {
        let (claim, owner) = (claim.clone(), owner.to_string());
        let until = now_ms() + ms(lease);
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE jobs SET lease_until = ?4
                     WHERE game_id = ?1 AND kind = 'move' AND ply = ?2 AND owner = ?3",
                )?
                .execute(params![claim.game, claim.ply as i64, owner, until])?;
            tx.commit()?;
            Ok(n == 1)
        })
        .await
    }

    async fn release(
        &self,
        claim: &Claim,
        owner: &str,
        retry_after: Duration,
    ) -> Result<(), StoreError> {
        let (claim, owner) = (claim.clone(), owner.to_string());
        let at = now_ms() + ms(retry_after);
        self.call(move |tx| {
            tx.prepare_cached(
                "UPDATE jobs SET owner = NULL, lease_until = ?4
                 WHERE game_id = ?1 AND kind = 'move' AND ply = ?2 AND owner = ?3",
            )?
            .execute(params![claim.game, claim.ply as i64, owner, at])?;
            tx.commit()
        })
        .await
    }
}

#[async_trait]
impl Presence for SqliteStore {
    async fn set_presence(
        &self,
        game: &str,
        seat: u8,
        owner: &str,
        sockets: u32,
    ) -> Result<(), StoreError> {
        let (id, owner) = (game.to_string(), owner.to_string());
        let expires = now_ms() + ms(PRESENCE_TTL);
        let changed = self
            .call(move |tx| {
                let before = present(&tx, &id)?;
                if sockets == 0 {
                    tx.prepare_cached(
                        "DELETE FROM presence WHERE game_id = ?1 AND seat = ?2 AND owner = ?3",
                    )?
                    .execute(params![id, seat, owner])?;
                } else {
                    tx.prepare_cached(
                        "INSERT INTO presence (game_id, seat, owner, sockets, expires)
                         VALUES (?1, ?2, ?3, ?4, ?5)
                         ON CONFLICT (game_id, seat, owner) DO UPDATE
                         SET sockets = excluded.sockets, expires = excluded.expires",
                    )?
                    .execute(params![id, seat, owner, sockets, expires])?;
                }
                let changed = present(&tx, &id)? != before;
                tx.commit()?;
                Ok(changed)
            })
            .await?;
        if changed {
            self.announce(StoreEvent::Presence {
                game: game.to_string(),
            });
        }
        Ok(())
    }

    async fn renew_presence(&self, owner: &str) -> Result<(), StoreError> {
        let owner = owner.to_string();
        let now = now_ms();
        let lapsed = self
            .call(move |tx| {
                tx.prepare_cached("UPDATE presence SET expires = ?2 WHERE owner = ?1")?
                    .execute(params![owner, now + ms(PRESENCE_TTL)])?;
                let lapsed = tx
                    .prepare_cached("DELETE FROM presence WHERE expires <= ?1 RETURNING game_id")?
                    .query_map([now], |r| r.get::<_, String>(0))?
                    .collect::<Result<std::collections::BTreeSet<_>, _>>()?;
                tx.commit()?;
                Ok(lapsed)
            })
            .await?;
        for game in lapsed {
            self.announce(StoreEvent::Presence { game });
        }
        Ok(())
    }

    async fn present(&self, game: &str) -> Result<Vec<u8>, StoreError> {
        let id = game.to_string();
        self.call(move |tx| present(&tx, &id)).await
    }
}
