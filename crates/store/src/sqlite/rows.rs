//! The SQL behind the store's requests that more than one of them shares: games written,
//! results settled and rated, rows read back as the crate's types.

use super::*;

/// The seats of game `id` shown present now.
pub(super) fn present(c: &Savepoint<'_>, id: &str) -> rusqlite::Result<Vec<u8>> {
    c.prepare_cached(
        "SELECT DISTINCT seat FROM presence
         WHERE game_id = ?1 AND sockets > 0 AND expires > ?2 ORDER BY seat",
    )?
    .query_map(params![id, now_ms()], |r| r.get(0))?
    .collect()
}

/// Writes a new game: its row, seats, moves, and its computer job when `computer_due`.
pub(super) fn insert(
    tx: &Savepoint<'_>,
    game: &GameRow,
    computer_due: bool,
) -> rusqlite::Result<()> {
    let ply = game.moves.len();
    tx.execute(
        "INSERT INTO games (id, game, variant, players, ply, to_move, version, created, updated,
                            table_state, deadline)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            game.id,
            game.game,
            game.variant,
            game.players as i64,
            ply as i64,
            game.to_move,
            game.version,
            game.created,
            game.updated,
            table_json(&game.table),
            game.deadline,
        ],
    )?;
    let mut seat = tx.prepare_cached(
        "INSERT INTO seats (game_id, seat, kind, level, token_digest, owner)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    let mut key =
        tx.prepare_cached("INSERT INTO seat_keys (game_id, seat, digest) VALUES (?1, ?2, ?3)")?;
    for (i, s) in game.seats.iter().enumerate() {
        seat.execute(params![
            game.id,
            i as i64,
            s.kind.as_str(),
            s.level,
            s.token_digest.as_ref().map(TokenDigest::as_str),
            s.owner
        ])?;
        for k in &s.keys {
            key.execute(params![game.id, i as i64, k.as_str()])?;
        }
    }
    let mut mv = tx.prepare_cached(
        "INSERT INTO moves (game_id, ply, move, seat, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (ply, m) in game.moves.iter().enumerate() {
        mv.execute(params![game.id, ply as i64, m.text, m.seat, m.at])?;
    }
    let mut say = tx.prepare_cached(
        "INSERT INTO chat (game_id, n, seat, text, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (n, m) in game.chat.iter().enumerate() {
        say.execute(params![game.id, n as i64, m.seat, m.text, m.at])?;
    }
    if computer_due {
        keep_job(tx, &game.id, ply, true, game.created)?;
    }
    Ok(())
}

/// Settles the ratings of the rated game `game` that ended at `at`, once: a second settling of
/// the same game changes nothing.
pub(super) fn settle(
    tx: &Savepoint<'_>,
    game: &str,
    rate: &crate::RatedResult,
    at: i64,
) -> rusqlite::Result<()> {
    let first = tx
        .prepare_cached(
            "INSERT INTO rated_games (game_id, pool, accounts, places, ended)
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
        )?
        .execute(params![
            game,
            rate.pool,
            serde_json::to_string(&rate.accounts).expect("accounts serialise"),
            serde_json::to_string(&rate.places).expect("places serialise"),
            at
        ])?;
    if first == 0 {
        return Ok(());
    }
    tx.prepare_cached(
        "UPDATE rated_games SET seq = (SELECT coalesce(max(seq), 0) + 1 FROM rated_games)
         WHERE game_id = ?1",
    )?
    .execute([game])?;
    apply_ratings(tx, game, rate, at)
}

/// The ratings of `rate`'s players after game `game`, written with their history.
pub(super) fn apply_ratings(
    tx: &Savepoint<'_>,
    game: &str,
    rate: &crate::RatedResult,
    at: i64,
) -> rusqlite::Result<()> {
    let mut before = Vec::with_capacity(rate.accounts.len());
    for account in &rate.accounts {
        let rating = tx
            .prepare_cached(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE account = ?1 AND pool = ?2",
            )?
            .query_row(params![account, rate.pool], |r| rating_at(r, 0))
            .optional()?;
        before.push(rating.unwrap_or(trigonal_ratings::Rating::START));
    }
    let after = trigonal_ratings::rate(&before, &rate.places);
    for (account, r) in rate.accounts.iter().zip(after) {
        tx.prepare_cached(
            "INSERT INTO ratings (account, pool, rating, deviation, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (account, pool) DO UPDATE SET rating = excluded.rating,
               deviation = excluded.deviation, volatility = excluded.volatility,
               games = excluded.games",
        )?
        .execute(params![
            account,
            rate.pool,
            r.rating,
            r.deviation,
            r.volatility,
            r.games
        ])?;
        tx.prepare_cached(
            "INSERT INTO rating_history (account, pool, game_id, rating, deviation, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![account, rate.pool, game, r.rating, r.deviation, at])?;
    }
    Ok(())
}

/// A rating from a row of `rating, deviation, volatility, games` starting at column `from`.
pub(super) fn rating_at(
    r: &rusqlite::Row<'_>,
    from: usize,
) -> rusqlite::Result<trigonal_ratings::Rating> {
    Ok(trigonal_ratings::Rating {
        rating: r.get(from)?,
        deviation: r.get(from + 1)?,
        volatility: r.get(from + 2)?,
        games: r.get(from + 3)?,
    })
}

/// An account from a row of its columns (`account_columns!`).
pub(super) fn account_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
        created: r.get(3)?,
        bot: r.get(4)?,
        moderator: r.get(5)?,
        muted_until: r.get(6)?,
        closed: r.get(7)?,
        totp: r.get(8)?,
    })
}

/// A session from a row's columns from `at` on: `digest, account, created, expires, id, agent,
/// last_seen`.
pub(super) fn session_row(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<SessionRow> {
    Ok(SessionRow {
        digest: TokenDigest::from_stored(r.get(at)?),
        account: r.get(at + 1)?,
        created: r.get(at + 2)?,
        expires: r.get(at + 3)?,
        id: r.get(at + 4)?,
        agent: r.get(at + 5)?,
        last_seen: r.get(at + 6)?,
    })
}

/// The stored form of a table.
pub(crate) fn table_json(table: &Table) -> String {
    serde_json::to_string(table).expect("a table serialises")
}

/// Keeps the computer's job of game `id` in step with a change: due at `ply` when
/// `computer_due`, gone otherwise. A job already due at that ply keeps its lease.
pub(super) fn keep_job(
    tx: &Savepoint<'_>,
    id: &str,
    ply: usize,
    computer_due: bool,
    at: i64,
) -> rusqlite::Result<()> {
    if computer_due {
        tx.execute(
            "INSERT INTO jobs (game_id, kind, ply, due, owner, lease_until, prefer)
             VALUES (?1, 'move', ?2, ?3, NULL, 0,
                     (SELECT computer_owner FROM games WHERE id = ?1))
             ON CONFLICT (game_id, kind) DO UPDATE
             SET ply = excluded.ply, due = excluded.due, owner = NULL, lease_until = 0,
                 prefer = excluded.prefer
             WHERE jobs.ply <> excluded.ply",
            params![id, ply as i64, at],
        )?;
    } else {
        tx.execute(
            "DELETE FROM jobs WHERE game_id = ?1 AND kind = 'move'",
            params![id],
        )?;
    }
    Ok(())
}
