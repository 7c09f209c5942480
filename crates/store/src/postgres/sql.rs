//! The statements of the change path: each change of a game, conditional on the version it was
//! checked against, in one statement with its job and its event (`TAIL`), and the game's load.

use super::*;

/// The end of every change statement, given a CTE `g(id, version, ply)` holding the changed
/// game (no row when the change does not apply): keeps the computer's job in step (`$7`:
/// whether a computer is due; `$8`: now; the job is offered first to the game's
/// `computer_owner`) and announces the change.
pub(super) const TAIL: &str = ",
    job AS (
        INSERT INTO jobs (game_id, kind, ply, due, owner, lease_until, prefer)
        SELECT id, 'move', ply, $8, NULL, 0, computer_owner FROM g WHERE $7
        ON CONFLICT (game_id, kind) DO UPDATE
        SET ply = excluded.ply, due = excluded.due, owner = NULL, lease_until = 0,
            prefer = excluded.prefer
        WHERE jobs.ply <> excluded.ply
    ),
    nojob AS (
        DELETE FROM jobs WHERE NOT $7 AND kind = 'move' AND game_id IN (SELECT id FROM g)
    )
    SELECT version, pg_notify('trigonal_changes', id || ' ' || ply),
           CASE WHEN $7 THEN pg_notify('trigonal_jobs', '') END
    FROM g";

/// The types of `$1`…`$12` of the change statements (`$9`: the process of a computer's move;
/// `$10`: the table afterwards; `$11`: the deadline afterwards; `$12`: an account).
pub(super) const PARAMETERS: [Type; 12] = [
    Type::TEXT,
    Type::INT8,
    Type::INT4,
    Type::TEXT,
    Type::INT4,
    Type::INT4,
    Type::BOOL,
    Type::INT8,
    Type::TEXT,
    Type::TEXT,
    Type::INT8,
    Type::TEXT,
];

/// A move: `$1` game, `$2` version, `$3` ply, `$4` move, `$5` seat, `$6` to move.
pub(super) const MOVE: &str = "WITH g AS (
        UPDATE games SET ply = ply + 1, to_move = $6, version = version + 1, updated = $8,
            computer_owner = coalesce($9, computer_owner), table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2 AND ply = $3
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        INSERT INTO moves (game_id, ply, move, seat, at) SELECT id, $3, $4, $5, $8 FROM g
    )";

/// A take-back: `$1` game, `$2` version, `$3` first ply deleted, `$6` to move.
pub(super) const TAKE_BACK: &str = "WITH g AS (
        UPDATE games SET ply = $3, to_move = $6, version = version + 1, updated = $8,
            table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2 AND ply >= $3
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        DELETE FROM moves WHERE game_id IN (SELECT id FROM g) AND ply >= $3
    )";

/// A join: `$1` game, `$2` version, `$3` seat, `$4` token digest.
pub(super) const JOIN: &str = "WITH g AS (
        UPDATE games SET version = version + 1, updated = $8, table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2 AND EXISTS
            (SELECT 1 FROM seats WHERE game_id = $1 AND seat = $3 AND kind = 'open'
             AND token_digest IS NULL)
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        UPDATE seats SET kind = 'human', token_digest = $4, owner = $12
        WHERE game_id IN (SELECT id FROM g) AND seat = $3
    )";

/// One more token for a seat: `$1` game, `$2` version, `$3` seat, `$4` token digest.
pub(super) const KEY: &str = "WITH g AS (
        UPDATE games SET version = version + 1, updated = $8, table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        INSERT INTO seat_keys (game_id, seat, digest) SELECT id, $3, $4 FROM g
        ON CONFLICT DO NOTHING
    )";

/// A seat comes to belong to an account: `$1` game, `$2` version, `$3` seat, `$12` account.
pub(super) const OWN: &str = "WITH g AS (
        UPDATE games SET version = version + 1, updated = $8, table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2 AND EXISTS
            (SELECT 1 FROM seats WHERE game_id = $1 AND seat = $3 AND owner IS NULL)
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        UPDATE seats SET owner = $12 WHERE game_id IN (SELECT id FROM g) AND seat = $3
    )";

/// A claim of a kept seat: `$1` game, `$2` version, `$3` seat, `$4` token digest.
pub(super) const CLAIM: &str = "WITH g AS (
        UPDATE games SET version = version + 1, updated = $8, table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2 AND EXISTS
            (SELECT 1 FROM seats WHERE game_id = $1 AND seat = $3 AND kind = 'human'
             AND token_digest IS NULL)
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        UPDATE seats SET token_digest = $4 WHERE game_id IN (SELECT id FROM g) AND seat = $3
    )";

/// A change of the table alone: `$1` game, `$2` version, `$6` to move, `$10` table.
pub(super) const TABLE: &str = "WITH g AS (
        UPDATE games SET to_move = $6, version = version + 1, updated = $8, table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2
        RETURNING id, version, ply, computer_owner
    )";

/// The computer takes a seat over: `$1` game, `$2` version, `$3` seat, `$4` level.
pub(super) const HAND_OVER: &str = "WITH g AS (
        UPDATE games SET to_move = $6, version = version + 1, updated = $8, table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        UPDATE seats SET kind = 'ai', level = $4 WHERE game_id IN (SELECT id FROM g) AND seat = $3
    )";

/// A chat message: `$1` game, `$2` version, `$4` text, `$5` seat, `$8` when.
pub(super) const SAY: &str = "WITH g AS (
        UPDATE games SET version = version + 1, updated = $8, table_state = $10, deadline = $11
        WHERE id = $1 AND version = $2
        RETURNING id, version, ply, computer_owner
    ),
    m AS (
        INSERT INTO chat (game_id, n, seat, text, at)
        SELECT id, (SELECT count(*) FROM chat WHERE game_id = $1), $5, $4, $8 FROM g
    )";

/// The game, its seats and its moves in one statement, so as of one moment.
pub(super) const LOAD: &str =
    "SELECT g.id, g.game, g.variant, g.players, g.to_move, g.version, g.created,
        g.updated,
        ARRAY(SELECT kind FROM seats WHERE game_id = g.id ORDER BY seat),
        ARRAY(SELECT level FROM seats WHERE game_id = g.id ORDER BY seat),
        ARRAY(SELECT token_digest FROM seats WHERE game_id = g.id ORDER BY seat),
        ARRAY(SELECT owner FROM seats WHERE game_id = g.id ORDER BY seat),
        ARRAY(SELECT coalesce((SELECT string_agg(k.digest, ',') FROM seat_keys k
                               WHERE k.game_id = s.game_id AND k.seat = s.seat), '')
              FROM seats s WHERE s.game_id = g.id ORDER BY s.seat),
        ARRAY(SELECT move FROM moves WHERE game_id = g.id ORDER BY ply),
        ARRAY(SELECT seat FROM moves WHERE game_id = g.id ORDER BY ply),
        ARRAY(SELECT at FROM moves WHERE game_id = g.id ORDER BY ply),
        g.table_state, g.deadline,
        ARRAY(SELECT seat FROM (SELECT n, seat FROM chat WHERE game_id = g.id
                                ORDER BY n DESC LIMIT $3) c ORDER BY n),
        ARRAY(SELECT text FROM (SELECT n, text FROM chat WHERE game_id = g.id
                                ORDER BY n DESC LIMIT $3) c ORDER BY n),
        ARRAY(SELECT at FROM (SELECT n, at FROM chat WHERE game_id = g.id
                              ORDER BY n DESC LIMIT $3) c ORDER BY n),
        ARRAY(SELECT DISTINCT seat FROM presence WHERE game_id = g.id AND sockets > 0
              AND expires > $4 ORDER BY seat)
    FROM games g WHERE g.id = $1 AND ($2::BIGINT IS NULL OR g.version <> $2)";

/// The seats of a game shown present: `$1` game, `$2` now.
pub(super) const PRESENT: &str = "SELECT DISTINCT seat FROM presence
    WHERE game_id = $1 AND sockets > 0 AND expires > $2 ORDER BY seat";
