//! The PostgreSQL store's trust and safety: sessions, resets, two-step sign-in, blocks, reports,
//! moderation and deleted accounts. What changes several tables is one transaction; what it
//! does to seeks and tournaments is announced with it (`pg_notify`, delivered on commit).

use tokio_postgres::GenericClient;

use super::*;
use crate::safety::{let_go, rename_held};
use crate::{
    deleted_key, held_name, may_report, may_reset, Action, BlockRow, ModAction, ModLogRow,
    Moderated, ReportReason, ReportRow, ReportStatus, ResetRow, Safety, TotpRow,
};

const REPORT_COLUMNS: &str = "id, account, reporter, reason, game, text, created, status";

fn report_row(r: &tokio_postgres::Row) -> Result<ReportRow, StoreError> {
    let reason: String = r.get(3);
    let status: String = r.get(7);
    Ok(ReportRow {
        id: r.get(0),
        account: r.get(1),
        reporter: r.get(2),
        reason: ReportReason::parse(&reason)
            .ok_or_else(|| StoreError::Damaged(format!("a report's reason {reason:?}")))?,
        game: r.get(4),
        text: r.get(5),
        created: r.get(6),
        status: ReportStatus::parse(&status)
            .ok_or_else(|| StoreError::Damaged(format!("a report's status {status:?}")))?,
    })
}

/// Ends `account`'s open seeks (its own, and its seats in others') and its tournament entries:
/// taken off those waiting, withdrawn from those running; announces each change. The
/// tournaments changed.
async fn end_entries(tx: &impl GenericClient, account: &str) -> Result<Vec<String>, StoreError> {
    let seeks = tx
        .execute(
            "DELETE FROM seeks WHERE seeker = $1 AND game_id IS NULL",
            &[&account],
        )
        .await
        .map_err(pg)?
        + tx.execute(
            "DELETE FROM seek_seats WHERE account = $1
                 AND seek_id IN (SELECT id FROM seeks WHERE game_id IS NULL)",
            &[&account],
        )
        .await
        .map_err(pg)?;
    if seeks > 0 {
        tx.execute(&format!("SELECT pg_notify('{SEEKS}', '')"), &[])
            .await
            .map_err(pg)?;
    }
    let mut tournaments: Vec<String> = Vec::new();
    for sql in [
        "DELETE FROM tournament_entrants WHERE entrant = $1 AND NOT withdrawn
         AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'waiting')
         RETURNING tournament_id",
        "UPDATE tournament_entrants SET withdrawn = TRUE WHERE entrant = $1 AND NOT withdrawn
         AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'running')
         RETURNING tournament_id",
    ] {
        for row in tx.query(sql, &[&account]).await.map_err(pg)? {
            tournaments.push(row.get(0));
        }
    }
    for id in &tournaments {
        tx.execute("SELECT pg_notify($1, $2)", &[&TOURNAMENTS, id])
            .await
            .map_err(pg)?;
    }
    Ok(tournaments)
}

#[async_trait]
impl Safety for PgStore {
    async fn account_by_id(&self, id: &str) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                concat!(
                    "SELECT ",
                    account_columns!(),
                    " FROM accounts a WHERE id = $1 AND deleted IS NULL"
                ),
                &[&id],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
    }

    async fn account_names(&self, ids: &[String]) -> Result<Vec<Option<String>>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT id, name FROM accounts WHERE id = ANY($1) AND deleted IS NULL",
                &[&ids],
            )
            .await
            .map_err(pg)?;
        let found: std::collections::HashMap<String, String> =
            rows.iter().map(|r| (r.get(0), r.get(1))).collect();
        Ok(ids.iter().map(|id| found.get(id).cloned()).collect())
    }

    async fn sessions_of(&self, account: &str, now: i64) -> Result<Vec<SessionRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT digest, account, created, expires, id, agent, last_seen FROM sessions
                 WHERE account = $1 AND expires > $2 ORDER BY last_seen DESC, id",
                &[&account, &now],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| session_row(r, 0)).collect())
    }

    async fn touch_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE sessions SET last_seen = $2 WHERE digest = $1",
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn end_session_id(&self, account: &str, id: &str) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "DELETE FROM sessions WHERE account = $1 AND id = $2",
                &[&account, &id],
            )
            .await
            .map_err(pg)?;
        Ok(n > 0)
    }

    async fn end_other_sessions(
        &self,
        account: &str,
        keep: &TokenDigest,
    ) -> Result<usize, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "DELETE FROM sessions WHERE account = $1 AND digest <> $2",
                &[&account, &keep.as_str()],
            )
            .await
            .map_err(pg)?;
        Ok(n as usize)
    }

    async fn accounts_by_email(&self, address: &str) -> Result<Vec<AccountRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                concat!(
                    "SELECT ",
                    account_columns!(),
                    " FROM accounts a WHERE lower(email) = $1 AND email_verified
                      AND NOT closed AND deleted IS NULL ORDER BY id"
                ),
                &[&address.to_lowercase()],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(account_row).collect())
    }

    async fn add_reset(
        &self,
        reset: ResetRow,
        most: usize,
        since: i64,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        // One account's resets counted one request at a time, on every process.
        tx.execute(
            "SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE",
            &[&reset.account],
        )
        .await
        .map_err(pg)?;
        let made: i64 = tx
            .query_one(
                "SELECT count(*) FROM password_resets WHERE account = $1 AND created >= $2",
                &[&reset.account, &since],
            )
            .await
            .map_err(pg)?
            .get(0);
        if !may_reset(made as usize, most) {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO password_resets (digest, account, created, expires)
             VALUES ($1, $2, $3, $4)",
            &[
                &reset.digest.as_str(),
                &reset.account,
                &reset.created,
                &reset.expires,
            ],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }

    async fn reset_account(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                concat!(
                    "SELECT ",
                    account_columns!(),
                    " FROM password_resets p JOIN accounts a ON a.id = p.account
                      WHERE p.digest = $1 AND p.expires > $2 AND NOT a.closed
                        AND a.deleted IS NULL"
                ),
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|r| account_row(&r)))
    }

    async fn reset_password(
        &self,
        digest: &TokenDigest,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let Some(row) = tx
            .query_opt(
                "DELETE FROM password_resets WHERE digest = $1 AND expires > $2
                 AND account IN (SELECT id FROM accounts WHERE NOT closed AND deleted IS NULL)
                 RETURNING account",
                &[&digest.as_str(), &now],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(None);
        };
        let account: String = row.get(0);
        for sql in [
            "UPDATE accounts SET password_hash = $2 WHERE id = $1",
            "DELETE FROM sessions WHERE account = $1 AND $2::TEXT IS NOT NULL",
            "DELETE FROM password_resets WHERE account = $1 AND $2::TEXT IS NOT NULL",
        ] {
            tx.execute(sql, &[&account, &password_hash])
                .await
                .map_err(pg)?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(Some(account))
    }

    async fn totp(&self, account: &str) -> Result<TotpRow, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT totp_secret, totp_on, totp_pending, totp_step,
                        (SELECT count(*) FROM recovery_codes WHERE account = a.id)
                 FROM accounts a WHERE id = $1",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(row
            .map(|r| TotpRow {
                secret: r.get(0),
                on: r.get(1),
                pending: r.get(2),
                step: r.get(3),
                recovery_left: r.get::<_, i64>(4) as usize,
            })
            .unwrap_or_default())
    }

    async fn set_totp_pending(&self, account: &str, secret: &str) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE accounts SET totp_pending = $2 WHERE id = $1",
                &[&account, &secret],
            )
            .await
            .map_err(pg)?;
        Ok(())
    }

    async fn enable_totp(
        &self,
        account: &str,
        secret: &str,
        step: i64,
        recovery: Vec<TokenDigest>,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let n = tx
            .execute(
                "UPDATE accounts SET totp_secret = totp_pending, totp_on = TRUE,
                        totp_pending = NULL, totp_step = $3
                 WHERE id = $1 AND totp_pending = $2",
                &[&account, &secret, &step],
            )
            .await
            .map_err(pg)?;
        if n == 0 {
            return Ok(false);
        }
        tx.execute("DELETE FROM recovery_codes WHERE account = $1", &[&account])
            .await
            .map_err(pg)?;
        let digests: Vec<&str> = recovery.iter().map(TokenDigest::as_str).collect();
        tx.execute(
            "INSERT INTO recovery_codes (account, digest) SELECT $1, unnest($2::TEXT[])
             ON CONFLICT DO NOTHING",
            &[&account, &digests],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }

    async fn take_totp_step(&self, account: &str, step: i64) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "UPDATE accounts SET totp_step = $2 WHERE id = $1 AND totp_step < $2",
                &[&account, &step],
            )
            .await
            .map_err(pg)?;
        Ok(n > 0)
    }

    async fn use_recovery_code(
        &self,
        account: &str,
        digest: &TokenDigest,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "DELETE FROM recovery_codes WHERE account = $1 AND digest = $2",
                &[&account, &digest.as_str()],
            )
            .await
            .map_err(pg)?;
        Ok(n > 0)
    }

    async fn disable_totp(&self, account: &str) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            "UPDATE accounts SET totp_secret = NULL, totp_on = FALSE, totp_pending = NULL
             WHERE id = $1",
            &[&account],
        )
        .await
        .map_err(pg)?;
        tx.execute("DELETE FROM recovery_codes WHERE account = $1", &[&account])
            .await
            .map_err(pg)?;
        tx.commit().await.map_err(pg)
    }

    async fn block(&self, blocker: &str, blocked: &str, now: i64) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "INSERT INTO blocks (blocker, blocked, created) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING",
                &[&blocker, &blocked, &now],
            )
            .await
            .map_err(pg)?;
        if n > 0 {
            // The seeks either is shown change.
            client
                .execute(&format!("SELECT pg_notify('{SEEKS}', '')"), &[])
                .await
                .map_err(pg)?;
        }
        Ok(n > 0)
    }

    async fn unblock(&self, blocker: &str, blocked: &str) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "DELETE FROM blocks WHERE blocker = $1 AND blocked = $2",
                &[&blocker, &blocked],
            )
            .await
            .map_err(pg)?;
        if n > 0 {
            // The seeks either is shown change.
            client
                .execute(&format!("SELECT pg_notify('{SEEKS}', '')"), &[])
                .await
                .map_err(pg)?;
        }
        Ok(n > 0)
    }

    async fn blocks(&self, blocker: &str) -> Result<Vec<BlockRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT b.blocked, a.name, b.created FROM blocks b
                 JOIN accounts a ON a.id = b.blocked
                 WHERE b.blocker = $1 AND a.deleted IS NULL ORDER BY b.created DESC, a.name_key",
                &[&blocker],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| BlockRow {
                account: r.get(0),
                name: r.get(1),
                created: r.get(2),
            })
            .collect())
    }

    async fn blocked_either(&self, account: &str) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT blocked FROM blocks WHERE blocker = $1
                 UNION SELECT blocker FROM blocks WHERE blocked = $1",
                &[&account],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn add_report(
        &self,
        report: ReportRow,
        most: usize,
        since: i64,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        // One reporter's reports counted one request at a time, on every process.
        tx.execute(
            "SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE",
            &[&report.reporter],
        )
        .await
        .map_err(pg)?;
        let made: i64 = tx
            .query_one(
                "SELECT count(*) FROM reports WHERE reporter = $1 AND created >= $2",
                &[&report.reporter, &since],
            )
            .await
            .map_err(pg)?
            .get(0);
        if !may_report(made as usize, most) {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO reports (id, account, reporter, reason, game, text, created, status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &[
                &report.id,
                &report.account,
                &report.reporter,
                &report.reason.as_str(),
                &report.game,
                &report.text,
                &report.created,
                &report.status.as_str(),
            ],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }

    async fn report(&self, id: &str) -> Result<Option<ReportRow>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                &format!("SELECT {REPORT_COLUMNS} FROM reports WHERE id = $1"),
                &[&id],
            )
            .await
            .map_err(pg)?;
        row.as_ref().map(report_row).transpose()
    }

    async fn reports(&self, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &format!(
                    "SELECT {REPORT_COLUMNS} FROM reports
                     ORDER BY status <> 'open', created DESC, id LIMIT $1"
                ),
                &[&(limit as i64)],
            )
            .await
            .map_err(pg)?;
        rows.iter().map(report_row).collect()
    }

    async fn reports_by(&self, reporter: &str) -> Result<Vec<ReportRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &format!(
                    "SELECT {REPORT_COLUMNS} FROM reports WHERE reporter = $1 ORDER BY created, id"
                ),
                &[&reporter],
            )
            .await
            .map_err(pg)?;
        rows.iter().map(report_row).collect()
    }

    async fn set_moderator(&self, name: &str, on: bool) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                "UPDATE accounts SET moderator = $2 WHERE name_key = $1 AND deleted IS NULL",
                &[&name.to_lowercase(), &on],
            )
            .await
            .map_err(pg)?;
        Ok(n > 0)
    }

    async fn moderate(&self, action: ModAction) -> Result<Moderated, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let Some(row) = tx
            .query_opt(
                "SELECT name_key FROM accounts WHERE id = $1 AND deleted IS NULL FOR UPDATE",
                &[&action.target],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(Moderated::NoAccount);
        };
        let old_key: String = row.get(0);
        let target = &action.target;
        let mut tournaments = Vec::new();
        match &action.action {
            Action::Warn | Action::Dismiss => {}
            Action::Mute { until } => {
                tx.execute(
                    "UPDATE accounts SET muted_until = $2 WHERE id = $1",
                    &[target, until],
                )
                .await
                .map_err(pg)?;
            }
            Action::Unmute => {
                tx.execute(
                    "UPDATE accounts SET muted_until = NULL WHERE id = $1",
                    &[target],
                )
                .await
                .map_err(pg)?;
            }
            Action::Rename { name } => {
                let key = name.to_lowercase();
                let held: bool = tx
                    .query_one(
                        "SELECT EXISTS (SELECT 1 FROM held_names WHERE name = $1 AND until > $2)",
                        &[&held_name(&key), &action.at],
                    )
                    .await
                    .map_err(pg)?
                    .get(0);
                if rename_held(held, &key, &old_key) {
                    return Ok(Moderated::NameTaken);
                }
                let renamed = tx
                    .execute(
                        "UPDATE accounts SET name = $2, name_key = $3 WHERE id = $1
                         AND NOT EXISTS (SELECT 1 FROM accounts WHERE name_key = $3 AND id <> $1)",
                        &[target, name, &key],
                    )
                    .await;
                match renamed {
                    Ok(1) => {}
                    Ok(_) => return Ok(Moderated::NameTaken),
                    Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
                        return Ok(Moderated::NameTaken)
                    }
                    Err(e) => return Err(pg(e)),
                }
                for sql in [
                    "UPDATE seek_seats SET name = $2 WHERE account = $1",
                    "UPDATE tournament_entrants SET name = $2 WHERE entrant = $1",
                    "UPDATE tournaments SET creator_name = $2 WHERE creator = $1",
                ] {
                    tx.execute(sql, &[target, name]).await.map_err(pg)?;
                }
                if let Some(old_name) = let_go(&old_key, &key) {
                    tx.execute(
                        "INSERT INTO held_names (name, until) VALUES ($1, $2)
                         ON CONFLICT (name) DO UPDATE SET until = excluded.until",
                        &[&old_name, &action.hold_until],
                    )
                    .await
                    .map_err(pg)?;
                }
            }
            Action::Close => {
                tx.execute("UPDATE accounts SET closed = TRUE WHERE id = $1", &[target])
                    .await
                    .map_err(pg)?;
                tx.execute("DELETE FROM sessions WHERE account = $1", &[target])
                    .await
                    .map_err(pg)?;
                tournaments = end_entries(&*tx, target).await?;
            }
            Action::Reopen => {
                tx.execute(
                    "UPDATE accounts SET closed = FALSE WHERE id = $1",
                    &[target],
                )
                .await
                .map_err(pg)?;
            }
        }
        if let Some(report) = &action.report {
            let n = tx
                .execute(
                    "UPDATE reports SET status = $2 WHERE id = $1",
                    &[report, &action.action.report_status().as_str()],
                )
                .await
                .map_err(pg)?;
            if n == 0 {
                return Ok(Moderated::NoReport);
            }
        }
        tx.execute(
            "INSERT INTO moderation_log (id, at, moderator, target, action, detail, reason, report)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &[
                &action.id,
                &action.at,
                &action.moderator,
                target,
                &action.action.as_str(),
                &action.action.detail(),
                &action.reason,
                &action.report,
            ],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(Moderated::Done { tournaments })
    }

    async fn mod_log(
        &self,
        target: Option<&str>,
        limit: usize,
    ) -> Result<Vec<ModLogRow>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT id, at, moderator, target, action, detail, reason, report
                 FROM moderation_log WHERE $1::TEXT IS NULL OR target = $1
                 ORDER BY at DESC, id DESC LIMIT $2",
                &[&target, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|r| ModLogRow {
                id: r.get(0),
                at: r.get(1),
                moderator: r.get(2),
                target: r.get(3),
                action: r.get(4),
                detail: r.get(5),
                reason: r.get(6),
                report: r.get(7),
            })
            .collect())
    }

    async fn delete_account(
        &self,
        account: &str,
        now: i64,
        hold_until: i64,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let Some(row) = tx
            .query_opt(
                "SELECT name_key FROM accounts WHERE id = $1 AND deleted IS NULL FOR UPDATE",
                &[&account],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(None);
        };
        let key: String = row.get(0);
        let tournaments = end_entries(&*tx, account).await?;
        for sql in [
            "DELETE FROM sessions WHERE account = $1",
            "DELETE FROM mails WHERE account = $1",
            "DELETE FROM push_subscriptions WHERE account = $1",
            "DELETE FROM blocks WHERE blocker = $1 OR blocked = $1",
            "DELETE FROM recovery_codes WHERE account = $1",
            "DELETE FROM password_resets WHERE account = $1",
            "DELETE FROM ratings WHERE account = $1",
            "DELETE FROM rating_history WHERE account = $1",
            "DELETE FROM lessons_done WHERE account = $1",
            "DELETE FROM puzzle_attempts WHERE account = $1",
            "DELETE FROM puzzle_ratings WHERE account = $1",
            "DELETE FROM puzzles WHERE owner = $1",
            // Its name, where others still see it: no more than a deleted player's.
            "UPDATE tournament_entrants SET name = '' WHERE entrant = $1",
            "UPDATE tournaments SET creator_name = '' WHERE creator = $1",
            "UPDATE seek_seats SET name = '' WHERE account = $1",
        ] {
            tx.execute(sql, &[&account]).await.map_err(pg)?;
        }
        tx.execute(
            "UPDATE accounts SET name = '', name_key = $2, password_hash = '',
                    bot_token = NULL, email = NULL, email_verified = FALSE,
                    email_check = NULL, mail_on = FALSE, unsubscribe = NULL,
                    moderator = FALSE, muted_until = NULL, closed = TRUE,
                    totp_secret = NULL, totp_on = FALSE, totp_pending = NULL,
                    deleted = $3
             WHERE id = $1",
            &[&account, &deleted_key(account), &now],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "INSERT INTO held_names (name, until) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET until = excluded.until",
            &[&held_name(&key), &hold_until],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(Some(tournaments))
    }
}
