//! `trigonal backup` and `trigonal restore` as real processes. SQLite: backups taken while a
//! server writes, each restored into a new file and served, have every game and move
//! acknowledged before the backup began and no game half changed; a backup or restore that
//! cannot be made says why in one line and writes nothing. PostgreSQL: a database backed up with
//! pg_dump and restored into an empty one serves every game as it was.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{fresh_pg, request, stderr, stdout, trigonal, Serve};
use serde_json::{json, Value};

/// `trigonal ARGS`, which must succeed; its standard output.
fn ok(args: &[&str]) -> String {
    let out = trigonal(args, "");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// `trigonal ARGS`, which must fail with exit code 1 and one line; that line.
fn fails(args: &[&str]) -> String {
    said_once(args, &trigonal(args, ""))
}

fn said_once(args: &[&str], out: &Output) -> String {
    assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stdout(out));
    let err = stderr(out);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("trigonal: "), "{err}");
    err
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A new game of two people; its id and the seats' tokens.
fn humans(addr: &str) -> (String, Vec<String>) {
    let (status, body) = request(
        addr,
        "POST",
        "/api/games",
        Some(json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}]})),
    )
    .unwrap();
    assert_eq!(status, 201, "{body}");
    let tokens = body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    (body["id"].as_str().unwrap().to_string(), tokens)
}

fn view(server: &Serve, id: &str) -> Value {
    let (status, view) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{id}: {view}");
    view
}

fn history(view: &Value) -> Vec<String> {
    view["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// Plays the `n`th legal move of game `id` for the seat to move; the move and its ply, if
/// the game was not over and the server acknowledged it.
fn play(server: &Serve, id: &str, tokens: &[String], n: usize) -> Option<(usize, String)> {
    let v = view(server, id);
    let seat = v["to_move"].as_u64()? as usize;
    let legal = v["legal"].as_array().unwrap();
    let mv = legal[n % legal.len()].as_str().unwrap().to_string();
    let (status, body) = server.post(
        &format!("/api/games/{id}/moves"),
        json!({"token": tokens[seat], "move": mv, "ply": v["ply"]}),
    );
    assert_eq!(status, 200, "{body}");
    Some((v["ply"].as_u64().unwrap() as usize, mv))
}

/// What the server acknowledged: games created, and moves as (game, ply, move).
#[derive(Clone, Default)]
struct Acked {
    games: Vec<String>,
    moves: Vec<(String, usize, String)>,
}

/// Plays games on the server at `addr` until `stop`, starting a new game every few moves,
/// recording each acknowledgement in `acked` once it has arrived.
fn keep_playing(addr: String, acked: Arc<Mutex<Acked>>, stop: Arc<AtomicBool>, seed: usize) {
    let mut games: Vec<(String, Vec<String>)> = Vec::new();
    let mut i = seed;
    let mut moves_since_new = 0;
    while !stop.load(Ordering::Relaxed) {
        if games.is_empty() || moves_since_new == 12 {
            let game = humans(&addr);
            acked.lock().unwrap().games.push(game.0.clone());
            games.push(game);
            moves_since_new = 0;
        }
        let g = i % games.len();
        let (id, tokens) = &games[g];
        let (status, v) = request(&addr, "GET", &format!("/api/games/{id}"), None).unwrap();
        assert_eq!(status, 200, "{v}");
        let Some(seat) = v["to_move"].as_u64() else {
            games.swap_remove(g);
            continue;
        };
        let legal = v["legal"].as_array().unwrap();
        let mv = legal[(i * 7) % legal.len()].as_str().unwrap().to_string();
        let ply = v["ply"].as_u64().unwrap() as usize;
        let body = json!({"token": tokens[seat as usize], "move": mv, "ply": ply});
        let (status, answer) =
            request(&addr, "POST", &format!("/api/games/{id}/moves"), Some(body)).unwrap();
        assert_eq!(status, 200, "{answer}");
        acked.lock().unwrap().moves.push((id.clone(), ply, mv));
        i += 1;
        moves_since_new += 1;
    }
}

/// A four-player record of `seed`'s random game (some 300 moves), uploaded; its id and moves.
fn upload(server: &Serve, seed: u64) -> (String, Vec<String>) {
    let seed = seed.to_string();
    let moves = ok(&[
        "random",
        "four-triangles",
        "--players",
        "4",
        "--seed",
        &seed,
    ]);
    let record = format!("game: four-triangles\nplayers: 4\n{moves}");
    let (status, body) = server.post("/api/records", json!({ "record": record }));
    assert_eq!(status, 201, "{body}");
    let moves = moves.lines().map(String::from).collect();
    (body["id"].as_str().unwrap().to_string(), moves)
}

/// Backups of a SQLite store taken one after another while two players keep moving and
/// starting games: each, restored into a new file and served by a new server, has every game
/// and every move acknowledged before it began, and every game it has is whole — what the live
/// server showed at some moment (a beginning of its final history) and served as such.
#[test]
fn sqlite_backups_taken_while_the_server_writes_serve_everything_acknowledged_before() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.db");
    let server = Serve::start(path(&live));
    // Records make the file larger than one step of the copy (1 MiB), so that the server
    // commits between its steps.
    let mut records = Vec::new();
    for copy in 0..15 {
        for seed in 1..=8 {
            let (id, moves) = upload(&server, seed);
            records.push((id, moves));
            let _ = copy;
        }
    }

    let acked = Arc::new(Mutex::new(Acked::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let players: Vec<_> = [0, 5]
        .into_iter()
        .map(|seed| {
            let (addr, acked, stop) = (server.addr.clone(), Arc::clone(&acked), Arc::clone(&stop));
            std::thread::spawn(move || keep_playing(addr, acked, stop, seed))
        })
        .collect();
    let mut backups = Vec::new();
    for b in 0..4 {
        std::thread::sleep(Duration::from_millis(300));
        let before = acked.lock().unwrap().clone();
        let out = dir.path().join(format!("backup-{b}.db"));
        let said = ok(&["backup", "--db", path(&live), path(&out)]);
        assert!(said.contains("integrity checked"), "{said}");
        eprint!("{said}");
        let after = acked.lock().unwrap().moves.len();
        assert!(
            after > before.moves.len(),
            "the players moved while backup {b} ran: {said}"
        );
        backups.push((out, before));
    }
    stop.store(true, Ordering::Relaxed);
    for p in players {
        p.join().unwrap();
    }
    let all = acked.lock().unwrap().clone();
    assert!(
        all.moves.len() > 40,
        "the load was real: {} moves",
        all.moves.len()
    );
    let finals: Vec<(String, Vec<String>)> = all
        .games
        .iter()
        .map(|id| (id.clone(), history(&view(&server, id))))
        .collect();
    drop(server);

    for (b, (backup, before)) in backups.iter().enumerate() {
        let restored = dir.path().join(format!("restored-{b}.db"));
        let said = ok(&["restore", path(backup), "--db", path(&restored)]);
        let server = Serve::start(path(&restored));
        // Every game it has is whole, and the ones acknowledged before it began are there.
        let mut found = 0;
        for (id, last) in &finals {
            let (status, v) = server.get(&format!("/api/games/{id}"));
            if status == 404 {
                assert!(!before.games.contains(id), "backup {b} lost game {id}");
                continue;
            }
            assert_eq!(status, 200, "{v}");
            found += 1;
            let moves = history(&v);
            assert_eq!(v["ply"], moves.len(), "backup {b}, game {id}");
            assert_eq!(moves[..], last[..moves.len()], "backup {b}, game {id}");
        }
        for (id, ply, mv) in &before.moves {
            let moves = history(&view(&server, id));
            assert_eq!(
                moves.get(*ply),
                Some(mv),
                "backup {b} lost ply {ply} of {id}"
            );
        }
        for (id, moves) in &records {
            assert_eq!(
                &history(&view(&server, id)),
                moves,
                "backup {b}, record {id}"
            );
        }
        let games = found + records.len();
        assert!(
            said.starts_with(&format!("restored {games} games from ")),
            "{said}"
        );
    }
    // Each backup is one file, and nothing was left half written.
    let left: Vec<String> = names(dir.path())
        .into_iter()
        .filter(|n| n.starts_with("backup-"))
        .collect();
    assert_eq!(
        left,
        ["backup-0.db", "backup-1.db", "backup-2.db", "backup-3.db"]
    );
    assert!(names(dir.path()).iter().all(|n| !n.ends_with(".partial")));
}

/// A backup of a file that is not there, over a file that is, or of a file that is not a
/// database, and a restore into a store that has games or from a file that is not a backup:
/// each one clear line, exit code 1, nothing written.
#[test]
fn sqlite_backups_and_restores_that_cannot_be_made_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);

    let err = fails(&["backup", "--db", path(&at("gone.db")), path(&at("b.db"))]);
    assert!(err.contains("no database at"), "{err}");
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));

    std::fs::write(at("notes.txt"), "not a database\n").unwrap();
    let err = fails(&["backup", "--db", path(&at("notes.txt")), path(&at("b.db"))]);
    assert!(err.contains("notes.txt is not a SQLite database"), "{err}");
    let err = fails(&[
        "restore",
        path(&at("notes.txt")),
        "--db",
        path(&at("new.db")),
    ]);
    assert!(err.contains("notes.txt is not a SQLite database"), "{err}");
    assert_eq!(names(dir.path()), ["notes.txt"]);

    // A store with a game, backed up while its server runs (the store named by TRIGONAL_DB).
    let server = Serve::start(path(&at("site.db")));
    let (id, tokens) = humans(&server.addr);
    play(&server, &id, &tokens, 3).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_trigonal"))
        .arg("backup")
        .arg(at("b.db"))
        .env("TRIGONAL_DB", at("site.db"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("backed up 1 game to "),
        "{}",
        stdout(&out)
    );

    // Not over a file that exists.
    std::fs::write(at("kept.db"), "keep me").unwrap();
    let err = fails(&["backup", "--db", path(&at("site.db")), path(&at("kept.db"))]);
    assert!(err.contains("kept.db exists"), "{err}");
    assert_eq!(std::fs::read_to_string(at("kept.db")).unwrap(), "keep me");

    // Not into a store that has games: another one's, which stays as it was.
    let other = Serve::start(path(&at("other.db")));
    let (theirs, their_tokens) = humans(&other.addr);
    play(&other, &theirs, &their_tokens, 1).unwrap();
    let err = fails(&["restore", path(&at("b.db")), "--db", path(&at("other.db"))]);
    assert!(
        err.contains("other.db already holds data (1 game)"),
        "{err}"
    );
    assert_eq!(history(&view(&other, &theirs)).len(), 1);
    assert_eq!(other.get(&format!("/api/games/{id}")).0, 404);
    drop(other);

    // A store a server opened but never stored a game in is empty: it takes the backup, even
    // after its server was killed with its WAL beside it.
    let empty = Serve::start(path(&at("empty.db")));
    empty.kill();
    let said = ok(&["restore", path(&at("b.db")), "--db", path(&at("empty.db"))]);
    assert!(said.starts_with("restored 1 game from "), "{said}");
    let restored = Serve::start(path(&at("empty.db")));
    assert_eq!(history(&view(&restored, &id)), history(&view(&server, &id)));
    // The seats' tokens play on in the restored store.
    play(&restored, &id, &tokens, 2).unwrap();
}

/// Games on a PostgreSQL database, backed up with pg_dump while their server runs and restored
/// into a new, empty database: a new server there serves every game as it was, and its
/// players' tokens still play.
#[test]
fn a_postgresql_backup_restored_into_an_empty_database_serves_every_game() {
    let db = fresh_pg();
    let server = Serve::start(&db);
    let mut games = Vec::new();
    for (g, moves) in [0, 3, 8].into_iter().enumerate() {
        let (id, tokens) = humans(&server.addr);
        for n in 0..moves {
            play(&server, &id, &tokens, n * 5 + g).unwrap();
        }
        games.push((id, tokens));
    }
    let (record, _) = upload(&server, 7);
    let (resigned, tokens) = humans(&server.addr);
    play(&server, &resigned, &tokens, 0).unwrap();
    let (status, body) = server.post(
        &format!("/api/games/{resigned}/resign"),
        json!({"token": tokens[0]}),
    );
    assert_eq!(status, 200, "{body}");
    let ids: Vec<String> = games
        .iter()
        .map(|g| g.0.clone())
        .chain([record, resigned])
        .collect();
    let before: Vec<Value> = ids.iter().map(|id| view(&server, id)).collect();

    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("site.dump");
    let said = ok(&["backup", "--db", &db, path(&dump)]);
    assert!(said.starts_with("backed up 5 games to "), "{said}");
    assert!(std::fs::read(&dump).unwrap().starts_with(b"PGDMP"));

    let target = fresh_pg();
    let said = ok(&["restore", path(&dump), "--db", &target]);
    assert!(said.starts_with("restored 5 games from "), "{said}");
    let restored = Serve::start(&target);
    for (id, was) in ids.iter().zip(&before) {
        let now = view(&restored, id);
        for field in [
            "game", "players", "ply", "history", "movers", "to_move", "seats", "outcome", "board",
        ] {
            assert_eq!(now[field], was[field], "game {id}: {field}");
        }
    }
    let (id, tokens) = &games[2];
    play(&restored, id, tokens, 1).unwrap();
    // The live database is untouched by it all.
    assert_eq!(view(&server, id)["ply"], 8);

    // Not again into a database that now has games; not into a SQLite file.
    let err = fails(&["restore", path(&dump), "--db", &target]);
    assert!(
        err.contains("already holds Trigonal's tables (5 games)"),
        "{err}"
    );
    let err = fails(&[
        "restore",
        path(&dump),
        "--db",
        path(&dir.path().join("x.db")),
    ]);
    assert!(err.contains("is a PostgreSQL archive (pg_dump)"), "{err}");
    // Not over the backup already made.
    let err = fails(&["backup", "--db", &db, path(&dump)]);
    assert!(err.contains("site.dump exists"), "{err}");
    assert_eq!(names(dir.path()), ["site.dump"]);
}

/// A backup of a PostgreSQL database nobody answers at (a port nobody listens on) is one line,
/// exit code 1, and nothing written.
#[test]
fn a_backup_of_an_unreachable_postgresql_writes_nothing() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site.dump");
    let db = format!("postgres://postgres@127.0.0.1:{port}/trigonal");
    let err = fails(&["backup", "--db", &db, path(&out)]);
    assert!(err.contains("cannot reach PostgreSQL"), "{err}");
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}
