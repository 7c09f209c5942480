//! The SQLite schema: one migration per version of `PRAGMA user_version`, applied in order.

use super::*;

/// One step of the schema.
pub(crate) enum Migration {
    /// Statements.
    Sql(&'static str),
    /// Work SQL alone cannot do.
    Code(fn(&rusqlite::Transaction<'_>) -> rusqlite::Result<()>),
}

/// The schema, one migration per version: migration `i` takes `user_version` from `i` to `i + 1`.
/// The statements are the files of `migrations/` this backend reads (see [`crate::migrations`]),
/// in the order of their numbers. Append new migrations; never edit a released one.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration::Sql(migration!("01-games.sqlite")),
    // 2: seat tokens are kept only as digests (see `TokenDigest`).
    Migration::Code(digest_tokens),
    Migration::Sql(migration!("03-versions-and-jobs.sqlite")),
    Migration::Sql(migration!("04-computer-owner")),
    Migration::Sql(migration!("05-table-chat-presence.sqlite")),
    Migration::Sql(migration!("06-deadlines.sqlite")),
    Migration::Sql(migration!("07-analyses.sqlite")),
    Migration::Sql(migration!("08-accounts.sqlite")),
    Migration::Sql(migration!("09-seat-owners.sqlite")),
    Migration::Sql(migration!("10-ratings.sqlite")),
    Migration::Sql(migration!("11-bots")),
    Migration::Sql(migration!("12-seeks")),
    Migration::Sql(migration!("13-mail")),
    Migration::Sql(migration!("14-tournaments")),
    Migration::Sql(migration!("15-push")),
    Migration::Sql(migration!("16-learning")),
    Migration::Sql(migration!("17-safety")),
    Migration::Sql(migration!("18-language")),
];

/// Migration 2: replaces every stored seat token by its digest, in a column named for it.
pub(super) fn digest_tokens(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch("ALTER TABLE seats RENAME COLUMN token TO token_digest")?;
    let tokens = tx
        .prepare("SELECT game_id, seat, token_digest FROM seats WHERE token_digest IS NOT NULL")?
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut update =
        tx.prepare("UPDATE seats SET token_digest = ?3 WHERE game_id = ?1 AND seat = ?2")?;
    for (game, seat, token) in tokens {
        update.execute(params![game, seat, TokenDigest::of(&token).as_str()])?;
    }
    Ok(())
}

/// Brings the schema up to date, one migration per transaction.
pub(super) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let mut migrated = false;
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version < 0 || version as usize > MIGRATIONS.len() {
            return Err(StoreError::TooNew {
                place: path.display().to_string(),
                found: version,
                known: MIGRATIONS.len(),
            });
        }
        let Some(migration) = MIGRATIONS.get(version as usize) else {
            drop(tx);
            if migrated {
                // Into the main file now: what a migration replaced (plain tokens) must not
                // wait there for the next automatic checkpoint.
                conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
            }
            return Ok(());
        };
        migrated = true;
        match migration {
            Migration::Sql(sql) => tx.execute_batch(sql)?,
            Migration::Code(run) => run(&tx)?,
        }
        tx.pragma_update(None, "user_version", version + 1)?;
        tx.commit()?;
        tracing::info!(version = version + 1, "database migrated");
    }
}
