//! The SQL behind the store's requests that more than one of them shares: games written,
//! results settled and rated, rows read back as the crate's types.

use super::*;

/// Settles the ratings of the rated game `game` that ended at `at`, once, in `tx`. The players'
/// rating rows are locked in the order of their accounts, so that games ending at once that share
/// players wait for each other (and never for each other in a circle).
pub(super) async fn settle(
    tx: &deadpool_postgres::Transaction<'_>,
    game: &str,
    rate: &crate::RatedResult,
    at: i64,
) -> Result<(), StoreError> {
    let first = tx
        .execute(
            "INSERT INTO rated_games (game_id, pool, accounts, places, ended)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            &[
                &game,
                &rate.pool,
                &serde_json::to_string(&rate.accounts).expect("accounts serialise"),
                &serde_json::to_string(&rate.places).expect("places serialise"),
                &at,
            ],
        )
        .await
        .map_err(pg)?;
    if first == 0 {
        return Ok(());
    }
    apply_ratings(tx, game, rate, at).await
}

/// The ratings of `rate`'s players after game `game`, written with their history; the rows
/// locked in the order of their accounts.
pub(super) async fn apply_ratings(
    tx: &deadpool_postgres::Transaction<'_>,
    game: &str,
    rate: &crate::RatedResult,
    at: i64,
) -> Result<(), StoreError> {
    let mut sorted = rate.accounts.clone();
    sorted.sort();
    for account in &sorted {
        tx.execute(
            "INSERT INTO ratings (account, pool, rating, deviation, volatility, games)
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
            &[
                account,
                &rate.pool,
                &trigonal_ratings::Rating::START.rating,
                &trigonal_ratings::Rating::START.deviation,
                &trigonal_ratings::Rating::START.volatility,
            ],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "SELECT 1 FROM ratings WHERE account = $1 AND pool = $2 FOR UPDATE",
            &[account, &rate.pool],
        )
        .await
        .map_err(pg)?;
    }
    // Numbered once the players' rows are held: games that share a player are numbered in the
    // order their ratings were settled, which recomputing follows.
    tx.execute(
        "UPDATE rated_games SET seq = nextval('rating_order') WHERE game_id = $1",
        &[&game],
    )
    .await
    .map_err(pg)?;
    let mut before = Vec::with_capacity(rate.accounts.len());
    for account in &rate.accounts {
        let r = tx
            .query_one(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE account = $1 AND pool = $2",
                &[account, &rate.pool],
            )
            .await
            .map_err(pg)?;
        before.push(rating_at(&r, 0));
    }
    let after = trigonal_ratings::rate(&before, &rate.places);
    for (account, r) in rate.accounts.iter().zip(after) {
        tx.execute(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6
             WHERE account = $1 AND pool = $2",
            &[
                account,
                &rate.pool,
                &r.rating,
                &r.deviation,
                &r.volatility,
                &(r.games as i32),
            ],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "INSERT INTO rating_history (account, pool, game_id, rating, deviation, at)
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[account, &rate.pool, &game, &r.rating, &r.deviation, &at],
        )
        .await
        .map_err(pg)?;
    }
    Ok(())
}

/// A rating from a row of `rating, deviation, volatility, games` starting at `from`.
pub(super) fn rating_at(r: &tokio_postgres::Row, from: usize) -> trigonal_ratings::Rating {
    trigonal_ratings::Rating {
        rating: r.get(from),
        deviation: r.get(from + 1),
        volatility: r.get(from + 2),
        games: r.get::<_, i32>(from + 3) as u32,
    }
}

/// An account from a row of its columns (`account_columns!`).
pub(super) fn account_row(r: &tokio_postgres::Row) -> AccountRow {
    AccountRow {
        id: r.get(0),
        name: r.get(1),
        password_hash: r.get(2),
        created: r.get(3),
        bot: r.get(4),
        moderator: r.get(5),
        muted_until: r.get(6),
        closed: r.get(7),
        totp: r.get(8),
    }
}

/// A session from a row's columns from `at` on: `digest, account, created, expires, id, agent,
/// last_seen`.
pub(super) fn session_row(r: &tokio_postgres::Row, at: usize) -> SessionRow {
    SessionRow {
        digest: TokenDigest::from_stored(r.get(at)),
        account: r.get(at + 1),
        created: r.get(at + 2),
        expires: r.get(at + 3),
        id: r.get(at + 4),
        agent: r.get(at + 5),
        last_seen: r.get(at + 6),
    }
}

/// Writes a new game in `tx`: its row, seats, moves and chat, and its computer job when
/// `computer_due`.
pub(super) async fn insert(
    tx: &deadpool_postgres::Transaction<'_>,
    game: &GameRow,
    computer_due: bool,
) -> Result<(), StoreError> {
    let ply = game.moves.len() as i32;
    tx.execute(
        "INSERT INTO games (id, game, variant, players, ply, to_move, version, created, updated,
                            table_state, deadline)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        &[
            &game.id,
            &game.game,
            &game.variant,
            &(game.players as i32),
            &ply,
            &game.to_move.map(i32::from),
            &game.version,
            &game.created,
            &game.updated,
            &table_json(&game.table),
            &game.deadline,
        ],
    )
    .await
    .map_err(pg)?;
    let kinds: Vec<&str> = game.seats.iter().map(|s| s.kind.as_str()).collect();
    let levels: Vec<Option<&str>> = game.seats.iter().map(|s| s.level.as_deref()).collect();
    let digests: Vec<Option<&str>> = game
        .seats
        .iter()
        .map(|s| s.token_digest.as_ref().map(TokenDigest::as_str))
        .collect();
    let owners: Vec<Option<&str>> = game.seats.iter().map(|s| s.owner.as_deref()).collect();
    tx.execute(
        "INSERT INTO seats (game_id, seat, kind, level, token_digest, owner)
         SELECT $1, s.n - 1, s.kind, s.level, s.digest, s.owner
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
             AS s(kind, level, digest, owner, n)",
        &[&game.id, &kinds, &levels, &digests, &owners],
    )
    .await
    .map_err(pg)?;
    for (i, s) in game.seats.iter().enumerate() {
        for k in &s.keys {
            tx.execute(
                "INSERT INTO seat_keys (game_id, seat, digest) VALUES ($1, $2, $3)",
                &[&game.id, &(i as i32), &k.as_str()],
            )
            .await
            .map_err(pg)?;
        }
    }
    if !game.moves.is_empty() {
        let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
        let seats: Vec<i32> = game.moves.iter().map(|m| i32::from(m.seat)).collect();
        let ats: Vec<i64> = game.moves.iter().map(|m| m.at).collect();
        tx.execute(
            "INSERT INTO moves (game_id, ply, move, seat, at)
             SELECT $1, m.n - 1, m.move, m.seat, m.at
             FROM unnest($2::text[], $3::int[], $4::bigint[]) WITH ORDINALITY
                 AS m(move, seat, at, n)",
            &[&game.id, &texts, &seats, &ats],
        )
        .await
        .map_err(pg)?;
    }
    if !game.chat.is_empty() {
        let seats: Vec<i32> = game.chat.iter().map(|m| i32::from(m.seat)).collect();
        let texts: Vec<&str> = game.chat.iter().map(|m| m.text.as_str()).collect();
        let ats: Vec<i64> = game.chat.iter().map(|m| m.at).collect();
        tx.execute(
            "INSERT INTO chat (game_id, n, seat, text, at)
             SELECT $1, m.n - 1, m.seat, m.text, m.at
             FROM unnest($2::int[], $3::text[], $4::bigint[]) WITH ORDINALITY
                 AS m(seat, text, at, n)",
            &[&game.id, &seats, &texts, &ats],
        )
        .await
        .map_err(pg)?;
    }
    if computer_due {
        tx.execute(
            "INSERT INTO jobs (game_id, kind, ply, due) VALUES ($1, 'move', $2, $3)",
            &[&game.id, &ply, &game.created],
        )
        .await
        .map_err(pg)?;
        tx.execute("SELECT pg_notify('trigonal_jobs', '')", &[])
            .await
            .map_err(pg)?;
    }
    Ok(())
}
