//! `trigonal serve` as a real process on loopback with a real SQLite file: killed with SIGKILL
//! mid-game and restarted on the same file, it still has every move it acknowledged, and a game
//! whose computer seat was to move goes on.

use crate::common;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::{request, Serve};
use serde_json::{json, Value};

fn create(server: &Serve, seats: Value) -> (String, Value) {
    let (status, body) = server.post("/api/games", json!({"game": "triangoli", "seats": seats}));
    assert_eq!(status, 201, "{body}");
    (
        body["id"].as_str().unwrap().to_string(),
        body["seats"].clone(),
    )
}

#[test]
fn a_server_killed_mid_game_keeps_every_acknowledged_move() {
    let dir = tempfile_dir();
    let db = dir.join("trigonal.db");
    let server = Serve::start(db.to_str().unwrap());
    let (id, seats) = create(&server, json!([{"kind": "human"}, {"kind": "human"}]));
    let tokens: Vec<String> = seats
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();

    // A player moves as fast as the server acknowledges; the server is killed after the
    // eighth acknowledgement, while the ninth move is on its way.
    let (acked_tx, acked_rx) = mpsc::channel::<String>();
    let addr = server.addr.clone();
    let (mover_id, mover_tokens) = (id.clone(), tokens.clone());
    let mover = std::thread::spawn(move || {
        for i in 0.. {
            let Ok((200, view)) = request(&addr, "GET", &format!("/api/games/{mover_id}"), None)
            else {
                return;
            };
            let Some(seat) = view["to_move"].as_u64() else {
                return;
            };
            let legal = view["legal"].as_array().unwrap();
            let mv = legal[(i * 7 + 1) % legal.len()]
                .as_str()
                .unwrap()
                .to_string();
            let body =
                json!({"token": mover_tokens[seat as usize], "move": mv, "ply": view["ply"]});
            match request(
                &addr,
                "POST",
                &format!("/api/games/{mover_id}/moves"),
                Some(body),
            ) {
                Ok((200, _)) => {
                    if acked_tx.send(mv).is_err() {
                        return;
                    }
                }
                _ => return,
            }
        }
    });
    let mut acked = Vec::new();
    while acked.len() < 8 {
        acked.push(acked_rx.recv().expect("the mover keeps moving"));
    }
    server.kill();
    mover.join().unwrap();
    acked.extend(acked_rx.try_iter());

    let server = Serve::start(db.to_str().unwrap());
    let (status, view) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200);
    let history: Vec<String> = view["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert!(
        history.len() == acked.len() || history.len() == acked.len() + 1,
        "acknowledged {acked:?}, stored {history:?} (at most the unacknowledged move in flight more)"
    );
    assert_eq!(history[..acked.len()], acked[..]);
    // And the game goes on.
    let seat = view["to_move"].as_u64().unwrap() as usize;
    let mv = view["legal"][0].clone();
    let (status, after) = server.post(
        &format!("/api/games/{id}/moves"),
        json!({"token": tokens[seat], "move": mv, "ply": view["ply"]}),
    );
    assert_eq!(status, 200, "{after}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn after_a_kill_the_computer_to_move_moves() {
    let dir = tempfile_dir();
    let db = dir.join("trigonal.db");
    let server = Serve::start(db.to_str().unwrap());
    // The computer moves first and thinks 1.5 s: killed long before it answers.
    let (id, _) = create(
        &server,
        json!([{"kind": "ai", "level": "hard"}, {"kind": "human"}]),
    );
    let (_, view) = server.get(&format!("/api/games/{id}"));
    assert_eq!(view["ply"], 0);
    server.kill();

    let server = Serve::start(db.to_str().unwrap());
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, view) = server.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200);
        if view["ply"] == 1 {
            assert_eq!(view["to_move"], 1);
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the computer never moved after the restart"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh directory under the system's temporary directory.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "trigonal-serve-test-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// SIGTERM while a client holds a request half sent: the server stops accepting, gives requests
/// in flight its grace period (5 s) and exits 0, instead of waiting for that client forever.
/// A stop sent the moment the server has said where it listens is a graceful one: the signal's
/// handler is in place before the address is told (once, it was installed later, and a loaded
/// machine's SIGTERM killed the process with the signal's default, status 143).
#[test]
fn sigterm_as_soon_as_the_address_is_told_exits_0() {
    let dir = tempfile_dir();
    let db = dir.join("trigonal.db");
    let mut server = Serve::start(db.to_str().unwrap());
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    assert_eq!(server.child.wait().unwrap().code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_with_a_request_half_sent_exits_0_promptly() {
    let dir = tempfile_dir();
    let db = dir.join("trigonal.db");
    let mut server = Serve::start(db.to_str().unwrap());
    let mut slow = std::net::TcpStream::connect(&server.addr).unwrap();
    std::io::Write::write_all(&mut slow, b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let began = Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            began.elapsed() < Duration::from_secs(30),
            "still running 30 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
    assert!(
        began.elapsed() < Duration::from_secs(15),
        "{:?}",
        began.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
