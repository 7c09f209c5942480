//! `trigonal serve` as a real process on loopback with a real SQLite file: killed with SIGKILL
//! mid-game and restarted on the same file, it still has every move it acknowledged, and a game
//! whose computer seat was to move goes on.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A running `trigonal serve`.
struct Serve {
    child: Child,
    addr: String,
}

impl Serve {
    /// Starts the server on a free port with database `db` and waits until it listens.
    fn start(db: &Path) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trigonal"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("trigonal starts");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let addr = loop {
            let line = lines
                .next()
                .expect("the server says where it listens")
                .unwrap();
            if let Some(rest) = line.split("http://").nth(1) {
                break rest.split('/').next().unwrap().to_string();
            }
        };
        // Keep draining the log so the server never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Serve { child, addr }
    }

    /// SIGKILL: no chance to flush or clean up.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn get(&self, path: &str) -> (u16, Value) {
        request(&self.addr, "GET", path, None).expect("the server answers")
    }

    fn post(&self, path: &str, body: Value) -> (u16, Value) {
        request(&self.addr, "POST", path, Some(body)).expect("the server answers")
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request with `Connection: close`; the status and the JSON body.
fn request(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> std::io::Result<(u16, Value)> {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(20)))?;
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let (head, mut content) = response
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other(format!("no complete response: {response:?}")))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line in {head:?}")))?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let mut text = String::new();
    if chunked {
        while let Some((size, rest)) = content.split_once("\r\n") {
            let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            text.push_str(&rest[..size]);
            content = &rest[size + 2..];
        }
    } else {
        text = content.to_string();
    }
    let value = serde_json::from_str(&text).unwrap_or(Value::Null);
    Ok((status, value))
}

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
    let server = Serve::start(&db);
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

    let server = Serve::start(&db);
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
    let server = Serve::start(&db);
    // The computer moves first and thinks 1.5 s: killed long before it answers.
    let (id, _) = create(
        &server,
        json!([{"kind": "ai", "level": "hard"}, {"kind": "human"}]),
    );
    let (_, view) = server.get(&format!("/api/games/{id}"));
    assert_eq!(view["ply"], 0);
    server.kill();

    let server = Serve::start(&db);
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
