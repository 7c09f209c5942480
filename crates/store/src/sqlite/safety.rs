//! The SQLite store's trust and safety: sessions, resets, two-step sign-in, blocks, reports,
//! moderation and deleted accounts.

use super::*;
use crate::safety::{let_go, rename_held};
use crate::{
    deleted_key, held_name, may_report, may_reset, Action, BlockRow, ModAction, ModLogRow,
    Moderated, ReportReason, ReportRow, ReportStatus, ResetRow, Safety, TotpRow,
};

fn report_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ReportRow> {
    let reason: String = r.get(3)?;
    let status: String = r.get(7)?;
    let damaged = |what: &str| {
        rusqlite::Error::FromSqlConversionFailure(
            0,
            rusqlite::types::Type::Text,
            format!("a report's {what}").into(),
        )
    };
    Ok(ReportRow {
        id: r.get(0)?,
        account: r.get(1)?,
        reporter: r.get(2)?,
        reason: ReportReason::parse(&reason).ok_or_else(|| damaged("reason"))?,
        game: r.get(4)?,
        text: r.get(5)?,
        created: r.get(6)?,
        status: ReportStatus::parse(&status).ok_or_else(|| damaged("status"))?,
    })
}

const REPORT_COLUMNS: &str = "id, account, reporter, reason, game, text, created, status";

/// Ends `account`'s open seeks (its own, and its seats in others') and its tournament entries:
/// taken off those waiting, withdrawn from those running. Whether a seek changed, and the
/// tournaments changed.
fn end_entries(tx: &Savepoint<'_>, account: &str) -> rusqlite::Result<(bool, Vec<String>)> {
    let seeks = tx
        .prepare_cached("DELETE FROM seeks WHERE seeker = ?1 AND game_id IS NULL")?
        .execute([account])?
        + tx.prepare_cached(
            "DELETE FROM seek_seats WHERE account = ?1
             AND seek_id IN (SELECT id FROM seeks WHERE game_id IS NULL)",
        )?
        .execute([account])?;
    let mut tournaments: Vec<String> = tx
        .prepare_cached(
            "DELETE FROM tournament_entrants WHERE entrant = ?1 AND NOT withdrawn
             AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'waiting')
             RETURNING tournament_id",
        )?
        .query_map([account], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let running: Vec<String> = tx
        .prepare_cached(
            "UPDATE tournament_entrants SET withdrawn = TRUE WHERE entrant = ?1 AND NOT withdrawn
             AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'running')
             RETURNING tournament_id",
        )?
        .query_map([account], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    tournaments.extend(running);
    Ok((seeks > 0, tournaments))
}

impl SqliteStore {
    /// Announces what ending entries changed.
    fn announce_ended(&self, seeks: bool, tournaments: &[String]) {
        if seeks {
            self.announce(StoreEvent::Seeks);
        }
        for id in tournaments {
            self.announce(StoreEvent::Tournament { id: id.clone() });
        }
    }
}

#[async_trait]
impl Safety for SqliteStore {
    async fn account_by_id(&self, id: &str) -> Result<Option<AccountRow>, StoreError> {
        let id = id.to_string();
        self.call(move |tx| {
            tx.prepare_cached(concat!(
                "SELECT ",
                account_columns!(),
                " FROM accounts a WHERE id = ?1 AND deleted IS NULL"
            ))?
            .query_row([id], account_row)
            .optional()
        })
        .await
    }

    async fn account_names(&self, ids: &[String]) -> Result<Vec<Option<String>>, StoreError> {
        let ids = ids.to_vec();
        self.call(move |tx| {
            let mut read =
                tx.prepare_cached("SELECT name FROM accounts WHERE id = ?1 AND deleted IS NULL")?;
            ids.iter()
                .map(|id| read.query_row([id], |r| r.get(0)).optional())
                .collect()
        })
        .await
    }

    async fn sessions_of(&self, account: &str, now: i64) -> Result<Vec<SessionRow>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT digest, account, created, expires, id, agent, last_seen FROM sessions
                 WHERE account = ?1 AND expires > ?2 ORDER BY last_seen DESC, id",
            )?
            .query_map(params![account, now], |r| session_row(r, 0))?
            .collect()
        })
        .await
    }

    async fn touch_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached("UPDATE sessions SET last_seen = ?2 WHERE digest = ?1")?
                .execute(params![digest, now])?;
            tx.commit()
        })
        .await
    }

    async fn end_session_id(&self, account: &str, id: &str) -> Result<bool, StoreError> {
        let (account, id) = (account.to_string(), id.to_string());
        self.call(move |tx| {
            let n = tx
                .prepare_cached("DELETE FROM sessions WHERE account = ?1 AND id = ?2")?
                .execute(params![account, id])?;
            tx.commit()?;
            Ok(n > 0)
        })
        .await
    }

    async fn end_other_sessions(
        &self,
        account: &str,
        keep: &TokenDigest,
    ) -> Result<usize, StoreError> {
        let (account, keep) = (account.to_string(), keep.as_str().to_string());
        self.call(move |tx| {
            let n = tx
                .prepare_cached("DELETE FROM sessions WHERE account = ?1 AND digest <> ?2")?
                .execute(params![account, keep])?;
            tx.commit()?;
            Ok(n)
        })
        .await
    }

    async fn accounts_by_email(&self, address: &str) -> Result<Vec<AccountRow>, StoreError> {
        let address = address.to_lowercase();
        self.call(move |tx| {
            tx.prepare_cached(concat!(
                "SELECT ",
                account_columns!(),
                " FROM accounts a WHERE lower(email) = ?1 AND email_verified
                  AND NOT closed AND deleted IS NULL ORDER BY id"
            ))?
            .query_map([address], account_row)?
            .collect()
        })
        .await
    }

    async fn add_reset(
        &self,
        reset: ResetRow,
        most: usize,
        since: i64,
    ) -> Result<bool, StoreError> {
        self.call(move |tx| {
            let made: i64 = tx
                .prepare_cached(
                    "SELECT count(*) FROM password_resets WHERE account = ?1 AND created >= ?2",
                )?
                .query_row(params![reset.account, since], |r| r.get(0))?;
            if !may_reset(made as usize, most) {
                return Ok(false);
            }
            tx.prepare_cached(
                "INSERT INTO password_resets (digest, account, created, expires)
                 VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![
                reset.digest.as_str(),
                reset.account,
                reset.created,
                reset.expires
            ])?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    async fn reset_account(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<AccountRow>, StoreError> {
        let digest = digest.as_str().to_string();
        self.call(move |tx| {
            tx.prepare_cached(concat!(
                "SELECT ",
                account_columns!(),
                " FROM password_resets p JOIN accounts a ON a.id = p.account
                  WHERE p.digest = ?1 AND p.expires > ?2 AND NOT a.closed AND a.deleted IS NULL"
            ))?
            .query_row(params![digest, now], account_row)
            .optional()
        })
        .await
    }

    async fn reset_password(
        &self,
        digest: &TokenDigest,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        let (digest, hash) = (digest.as_str().to_string(), password_hash.to_string());
        self.call(move |tx| {
            let account: Option<String> = tx
                .prepare_cached(
                    "DELETE FROM password_resets WHERE digest = ?1 AND expires > ?2
                     AND account IN (SELECT id FROM accounts WHERE NOT closed AND deleted IS NULL)
                     RETURNING account",
                )?
                .query_row(params![digest, now], |r| r.get(0))
                .optional()?;
            let Some(account) = account else {
                return Ok(None);
            };
            tx.prepare_cached("UPDATE accounts SET password_hash = ?2 WHERE id = ?1")?
                .execute(params![account, hash])?;
            tx.prepare_cached("DELETE FROM sessions WHERE account = ?1")?
                .execute([&account])?;
            tx.prepare_cached("DELETE FROM password_resets WHERE account = ?1")?
                .execute([&account])?;
            tx.commit()?;
            Ok(Some(account))
        })
        .await
    }

    async fn totp(&self, account: &str) -> Result<TotpRow, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT totp_secret, totp_on, totp_pending, totp_step,
                        (SELECT count(*) FROM recovery_codes WHERE account = a.id)
                 FROM accounts a WHERE id = ?1",
            )?
            .query_row([account], |r| {
                Ok(TotpRow {
                    secret: r.get(0)?,
                    on: r.get(1)?,
                    pending: r.get(2)?,
                    step: r.get(3)?,
                    recovery_left: r.get::<_, i64>(4)? as usize,
                })
            })
            .optional()
            .map(Option::unwrap_or_default)
        })
        .await
    }

    async fn set_totp_pending(&self, account: &str, secret: &str) -> Result<(), StoreError> {
        let (account, secret) = (account.to_string(), secret.to_string());
        self.call(move |tx| {
            tx.prepare_cached("UPDATE accounts SET totp_pending = ?2 WHERE id = ?1")?
                .execute(params![account, secret])?;
            tx.commit()
        })
        .await
    }

    async fn enable_totp(
        &self,
        account: &str,
        secret: &str,
        step: i64,
        recovery: Vec<TokenDigest>,
    ) -> Result<bool, StoreError> {
        let (account, secret) = (account.to_string(), secret.to_string());
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE accounts SET totp_secret = totp_pending, totp_on = TRUE,
                            totp_pending = NULL, totp_step = ?3
                     WHERE id = ?1 AND totp_pending = ?2",
                )?
                .execute(params![account, secret, step])?;
            if n == 0 {
                return Ok(false);
            }
            tx.prepare_cached("DELETE FROM recovery_codes WHERE account = ?1")?
                .execute([&account])?;
            let mut add = tx.prepare_cached(
                "INSERT INTO recovery_codes (account, digest) VALUES (?1, ?2)
                 ON CONFLICT DO NOTHING",
            )?;
            for code in &recovery {
                add.execute(params![account, code.as_str()])?;
            }
            drop(add);
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    async fn take_totp_step(&self, account: &str, step: i64) -> Result<bool, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE accounts SET totp_step = ?2 WHERE id = ?1 AND totp_step < ?2",
                )?
                .execute(params![account, step])?;
            tx.commit()?;
            Ok(n > 0)
        })
        .await
    }

    async fn use_recovery_code(
        &self,
        account: &str,
        digest: &TokenDigest,
    ) -> Result<bool, StoreError> {
        let (account, digest) = (account.to_string(), digest.as_str().to_string());
        self.call(move |tx| {
            let n = tx
                .prepare_cached("DELETE FROM recovery_codes WHERE account = ?1 AND digest = ?2")?
                .execute(params![account, digest])?;
            tx.commit()?;
            Ok(n > 0)
        })
        .await
    }

    async fn disable_totp(&self, account: &str) -> Result<(), StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "UPDATE accounts SET totp_secret = NULL, totp_on = FALSE, totp_pending = NULL
                 WHERE id = ?1",
            )?
            .execute([&account])?;
            tx.prepare_cached("DELETE FROM recovery_codes WHERE account = ?1")?
                .execute([&account])?;
            tx.commit()
        })
        .await
    }

    async fn block(&self, blocker: &str, blocked: &str, now: i64) -> Result<bool, StoreError> {
        let (blocker, blocked) = (blocker.to_string(), blocked.to_string());
        let changed = self
            .call(move |tx| {
                let n = tx
                    .prepare_cached(
                        "INSERT INTO blocks (blocker, blocked, created) VALUES (?1, ?2, ?3)
                     ON CONFLICT DO NOTHING",
                    )?
                    .execute(params![blocker, blocked, now])?;
                tx.commit()?;
                Ok(n > 0)
            })
            .await?;
        if changed {
            // The seeks either is shown change.
            self.announce(StoreEvent::Seeks);
        }
        Ok(changed)
    }

    async fn unblock(&self, blocker: &str, blocked: &str) -> Result<bool, StoreError> {
        let (blocker, blocked) = (blocker.to_string(), blocked.to_string());
        let changed = self
            .call(move |tx| {
                let n = tx
                    .prepare_cached("DELETE FROM blocks WHERE blocker = ?1 AND blocked = ?2")?
                    .execute(params![blocker, blocked])?;
                tx.commit()?;
                Ok(n > 0)
            })
            .await?;
        if changed {
            // The seeks either is shown change.
            self.announce(StoreEvent::Seeks);
        }
        Ok(changed)
    }

    async fn blocks(&self, blocker: &str) -> Result<Vec<BlockRow>, StoreError> {
        let blocker = blocker.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT b.blocked, a.name, b.created FROM blocks b
                 JOIN accounts a ON a.id = b.blocked
                 WHERE b.blocker = ?1 AND a.deleted IS NULL ORDER BY b.created DESC, a.name_key",
            )?
            .query_map([blocker], |r| {
                Ok(BlockRow {
                    account: r.get(0)?,
                    name: r.get(1)?,
                    created: r.get(2)?,
                })
            })?
            .collect()
        })
        .await
    }

    async fn blocked_either(&self, account: &str) -> Result<Vec<String>, StoreError> {
        let account = account.to_string();
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT blocked FROM blocks WHERE blocker = ?1
                 UNION SELECT blocker FROM blocks WHERE blocked = ?1",
            )?
            .query_map([account], |r| r.get(0))?
            .collect()
        })
        .await
    }

    async fn add_report(
        &self,
        report: ReportRow,
        most: usize,
        since: i64,
    ) -> Result<bool, StoreError> {
        self.call(move |tx| {
            let made: i64 = tx
                .prepare_cached(
                    "SELECT count(*) FROM reports WHERE reporter = ?1 AND created >= ?2",
                )?
                .query_row(params![report.reporter, since], |r| r.get(0))?;
            if !may_report(made as usize, most) {
                return Ok(false);
            }
            tx.prepare_cached(
                "INSERT INTO reports (id, account, reporter, reason, game, text, created, status)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                report.id,
                report.account,
                report.reporter,
                report.reason.as_str(),
                report.game,
                report.text,
                report.created,
                report.status.as_str()
            ])?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    async fn report(&self, id: &str) -> Result<Option<ReportRow>, StoreError> {
        let id = id.to_string();
        self.call(move |tx| {
            tx.prepare_cached(&format!(
                "SELECT {REPORT_COLUMNS} FROM reports WHERE id = ?1"
            ))?
            .query_row([id], report_row)
            .optional()
        })
        .await
    }

    async fn reports(&self, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
        self.call(move |tx| {
            tx.prepare_cached(&format!(
                "SELECT {REPORT_COLUMNS} FROM reports
                 ORDER BY status <> 'open', created DESC, id LIMIT ?1"
            ))?
            .query_map([limit as i64], report_row)?
            .collect()
        })
        .await
    }

    async fn reports_by(&self, reporter: &str) -> Result<Vec<ReportRow>, StoreError> {
        let reporter = reporter.to_string();
        self.call(move |tx| {
            tx.prepare_cached(&format!(
                "SELECT {REPORT_COLUMNS} FROM reports WHERE reporter = ?1 ORDER BY created, id"
            ))?
            .query_map([reporter], report_row)?
            .collect()
        })
        .await
    }

    async fn set_moderator(&self, name: &str, on: bool) -> Result<bool, StoreError> {
        let key = name.to_lowercase();
        self.call(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE accounts SET moderator = ?2 WHERE name_key = ?1 AND deleted IS NULL",
                )?
                .execute(params![key, on])?;
            tx.commit()?;
            Ok(n > 0)
        })
        .await
    }

    async fn moderate(&self, action: ModAction) -> Result<Moderated, StoreError> {
        let done = self
            .call(move |tx| {
                let target: Option<String> = tx
                    .prepare_cached(
                        "SELECT name_key FROM accounts WHERE id = ?1 AND deleted IS NULL",
                    )?
                    .query_row([&action.target], |r| r.get(0))
                    .optional()?;
                let Some(old_key) = target else {
                    return Ok((Moderated::NoAccount, false));
                };
                let mut ended = (false, Vec::new());
                match &action.action {
                    Action::Warn | Action::Dismiss => {}
                    Action::Mute { until } => {
                        tx.prepare_cached("UPDATE accounts SET muted_until = ?2 WHERE id = ?1")?
                            .execute(params![action.target, until])?;
                    }
                    Action::Unmute => {
                        tx.prepare_cached("UPDATE accounts SET muted_until = NULL WHERE id = ?1")?
                            .execute([&action.target])?;
                    }
                    Action::Rename { name } => {
                        let key = name.to_lowercase();
                        let held: bool = tx
                            .prepare_cached(
                                "SELECT EXISTS (SELECT 1 FROM held_names
                                                WHERE name = ?1 AND until > ?2)",
                            )?
                            .query_row(params![held_name(&key), action.at], |r| r.get(0))?;
                        let taken: bool = tx
                            .prepare_cached(
                                "SELECT EXISTS (SELECT 1 FROM accounts
                                                WHERE name_key = ?1 AND id <> ?2)",
                            )?
                            .query_row(params![key, action.target], |r| r.get(0))?;
                        if rename_held(held, &key, &old_key) || taken {
                            return Ok((Moderated::NameTaken, false));
                        }
                        tx.prepare_cached(
                            "UPDATE accounts SET name = ?2, name_key = ?3 WHERE id = ?1",
                        )?
                        .execute(params![action.target, name, key])?;
                        tx.prepare_cached("UPDATE seek_seats SET name = ?2 WHERE account = ?1")?
                            .execute(params![action.target, name])?;
                        tx.prepare_cached(
                            "UPDATE tournament_entrants SET name = ?2 WHERE entrant = ?1",
                        )?
                        .execute(params![action.target, name])?;
                        tx.prepare_cached(
                            "UPDATE tournaments SET creator_name = ?2 WHERE creator = ?1",
                        )?
                        .execute(params![action.target, name])?;
                        if let Some(old_name) = let_go(&old_key, &key) {
                            tx.prepare_cached(
                                "INSERT INTO held_names (name, until) VALUES (?1, ?2)
                                 ON CONFLICT (name) DO UPDATE SET until = excluded.until",
                            )?
                            .execute(params![old_name, action.hold_until])?;
                        }
                    }
                    Action::Close => {
                        tx.prepare_cached("UPDATE accounts SET closed = TRUE WHERE id = ?1")?
                            .execute([&action.target])?;
                        tx.prepare_cached("DELETE FROM sessions WHERE account = ?1")?
                            .execute([&action.target])?;
                        ended = end_entries(&tx, &action.target)?;
                    }
                    Action::Reopen => {
                        tx.prepare_cached("UPDATE accounts SET closed = FALSE WHERE id = ?1")?
                            .execute([&action.target])?;
                    }
                }
                if let Some(report) = &action.report {
                    let n = tx
                        .prepare_cached("UPDATE reports SET status = ?2 WHERE id = ?1")?
                        .execute(params![report, action.action.report_status().as_str()])?;
                    if n == 0 {
                        return Ok((Moderated::NoReport, false));
                    }
                }
                tx.prepare_cached(
                    "INSERT INTO moderation_log
                         (id, at, moderator, target, action, detail, reason, report)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )?
                .execute(params![
                    action.id,
                    action.at,
                    action.moderator,
                    action.target,
                    action.action.as_str(),
                    action.action.detail(),
                    action.reason,
                    action.report
                ])?;
                tx.commit()?;
                let (seeks, tournaments) = ended;
                Ok((Moderated::Done { tournaments }, seeks))
            })
            .await?;
        if let (Moderated::Done { tournaments }, seeks) = &done {
            self.announce_ended(*seeks, tournaments);
        }
        Ok(done.0)
    }

    async fn mod_log(
        &self,
        target: Option<&str>,
        limit: usize,
    ) -> Result<Vec<ModLogRow>, StoreError> {
        let target = target.map(str::to_string);
        self.call(move |tx| {
            tx.prepare_cached(
                "SELECT id, at, moderator, target, action, detail, reason, report
                 FROM moderation_log WHERE ?1 IS NULL OR target = ?1
                 ORDER BY at DESC, id DESC LIMIT ?2",
            )?
            .query_map(params![target, limit as i64], |r| {
                Ok(ModLogRow {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    moderator: r.get(2)?,
                    target: r.get(3)?,
                    action: r.get(4)?,
                    detail: r.get(5)?,
                    reason: r.get(6)?,
                    report: r.get(7)?,
                })
            })?
            .collect()
        })
        .await
    }

    async fn delete_account(
        &self,
        account: &str,
        now: i64,
        hold_until: i64,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let account = account.to_string();
        let done = self
            .call(move |tx| {
                let key: Option<String> = tx
                    .prepare_cached(
                        "SELECT name_key FROM accounts WHERE id = ?1 AND deleted IS NULL",
                    )?
                    .query_row([&account], |r| r.get(0))
                    .optional()?;
                let Some(key) = key else {
                    return Ok(None);
                };
                let ended = end_entries(&tx, &account)?;
                for sql in [
                    "DELETE FROM sessions WHERE account = ?1",
                    "DELETE FROM mails WHERE account = ?1",
                    "DELETE FROM push_subscriptions WHERE account = ?1",
                    "DELETE FROM blocks WHERE blocker = ?1 OR blocked = ?1",
                    "DELETE FROM recovery_codes WHERE account = ?1",
                    "DELETE FROM password_resets WHERE account = ?1",
                    "DELETE FROM ratings WHERE account = ?1",
                    "DELETE FROM rating_history WHERE account = ?1",
                    "DELETE FROM lessons_done WHERE account = ?1",
                    "DELETE FROM puzzle_attempts WHERE account = ?1",
                    "DELETE FROM puzzle_ratings WHERE account = ?1",
                    "DELETE FROM puzzles WHERE owner = ?1",
                    // Its name, where others still see it: no more than a deleted player's.
                    "UPDATE tournament_entrants SET name = '' WHERE entrant = ?1",
                    "UPDATE tournaments SET creator_name = '' WHERE creator = ?1",
                    "UPDATE seek_seats SET name = '' WHERE account = ?1",
                ] {
                    tx.prepare_cached(sql)?.execute([&account])?;
                }
                tx.prepare_cached(
                    "UPDATE accounts SET name = '', name_key = ?2, password_hash = '',
                            bot_token = NULL, email = NULL, email_verified = FALSE,
                            email_check = NULL, mail_on = FALSE, unsubscribe = NULL,
                            moderator = FALSE, muted_until = NULL, closed = TRUE,
                            totp_secret = NULL, totp_on = FALSE, totp_pending = NULL,
                            deleted = ?3
                     WHERE id = ?1",
                )?
                .execute(params![account, deleted_key(&account), now])?;
                tx.prepare_cached(
                    "INSERT INTO held_names (name, until) VALUES (?1, ?2)
                     ON CONFLICT (name) DO UPDATE SET until = excluded.until",
                )?
                .execute(params![held_name(&key), hold_until])?;
                tx.commit()?;
                Ok(Some(ended))
            })
            .await?;
        Ok(done.map(|(seeks, tournaments)| {
            self.announce_ended(seeks, &tournaments);
            tournaments
        }))
    }
}
