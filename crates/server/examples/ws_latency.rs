//! Benchmark (not a test): with many concurrent games on loopback, the time from a move's POST to
//! the new view's arrival on the other seat's WebSocket.
//!
//! ```sh
//! cargo run --release -p trigonal-server --example ws_latency -- [--games N] [--moves M] [--pace MS] [--url http://HOST:PORT]
//! cargo build --release -p trigonal && cargo run --release -p trigonal-server --example ws_latency -- --servers 3 --db postgres://…
//! ```
//! Defaults: 200 games, 20 moves each, against a server started in this process on a temporary
//! SQLite database (same settings as `trigonal serve`: WAL, synchronous=FULL). With `--servers N
//! --db URL`, N `trigonal serve` processes (the release binary beside this example) on the store
//! `URL` instead: each game's moves are posted to one process and its seats watch on another, so
//! what is timed crosses processes through the database. Every game has two human seats, each
//! watching on its own WebSocket; all games play at once. Without `--pace`, each move is sent as
//! soon as the previous one has arrived (the server saturated); with `--pace MS`, each game waits
//! about MS milliseconds (0.5–1.5 × MS) between moves, like people thinking.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args.get(i + 1).expect("a value after the option").clone())
    };
    let games: usize = arg("--games").map_or(200, |a| a.parse().expect("--games N"));
    let moves: usize = arg("--moves").map_or(20, |a| a.parse().expect("--moves M"));
    let pace: u64 = arg("--pace").map_or(0, |a| a.parse().expect("--pace MS"));
    let servers: usize = arg("--servers").map_or(0, |a| a.parse().expect("--servers N"));
    let _dir;
    let mut _children = Vec::new();
    let bases: Vec<String> = match (arg("--url"), servers) {
        (Some(url), _) => vec![url.trim_end_matches('/').to_string()],
        (None, n) if n > 0 => {
            let db = arg("--db").expect("--servers N needs --db URL");
            let binary = std::env::current_exe()
                .unwrap()
                .parent()
                .and_then(|examples| examples.parent())
                .map(|dir| dir.join("trigonal"))
                .filter(|b| b.exists())
                .expect(
                    "the trigonal binary beside this example: cargo build --release -p trigonal",
                );
            (0..n)
                .map(|_| {
                    let (child, base) = spawn_server(&binary, &db);
                    _children.push(child);
                    base
                })
                .collect()
        }
        (None, _) => {
            let dir = tempfile::tempdir().unwrap();
            let server = trigonal_server::Server::bind(&trigonal_server::Config {
                addr: "127.0.0.1:0".parse().unwrap(),
                db: dir.path().join("bench.db").display().to_string(),
                computer: 0,
                limits: trigonal_server::Limits::default(),
                games_per_minute: 0,
                trust_proxy: Default::default(),
                metrics_addr: None,
            })
            .await
            .unwrap();
            let addr = server.local_addr();
            tokio::spawn(server.run(std::future::pending()));
            _dir = dir;
            vec![format!("http://{addr}")]
        }
    };
    let http = reqwest::Client::new();
    println!(
        "{games} games × {moves} moves against {}, {}",
        bases.join(" "),
        if pace == 0 {
            "each move as soon as the last arrived".to_string()
        } else {
            format!("a move every ~{pace} ms per game")
        }
    );

    let began = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..games {
        // Posted to one process, watched on the next (the same one when there is only one).
        let http = http.clone();
        let post = bases[g % bases.len()].clone();
        let watch = bases[(g + 1) % bases.len()].clone();
        tasks.push(tokio::spawn(async move {
            play(&http, &post, &watch, g, moves, pace).await
        }));
    }
    let mut arrive = Vec::new();
    let mut acked = Vec::new();
    for task in tasks {
        let (a, b) = task.await.unwrap();
        arrive.extend(a);
        acked.extend(b);
    }
    let elapsed = began.elapsed();
    report("POST → other seat's WebSocket", &mut arrive);
    report("POST → 200 response", &mut acked);
    println!(
        "{} moves in {:.1} s: {:.0} moves/s",
        arrive.len(),
        elapsed.as_secs_f64(),
        arrive.len() as f64 / elapsed.as_secs_f64()
    );
}

/// Starts `trigonal serve` on a free port over `db`; the process and its base URL.
fn spawn_server(binary: &std::path::Path, db: &str) -> (KillOnDrop, String) {
    use std::io::BufRead as _;
    let mut child = std::process::Command::new(binary)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--games-per-minute",
            "0",
            "--db",
            db,
        ])
        .env("RUST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("trigonal serve starts");
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let base = loop {
        let line = lines
            .next()
            .expect("the server says where it listens")
            .unwrap();
        if let Some(rest) = line.split("http://").nth(1) {
            break format!("http://{}", rest.split('/').next().unwrap());
        }
    };
    std::thread::spawn(move || lines.for_each(drop));
    (KillOnDrop(child), base)
}

/// A child process killed at the end of the run.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort_unstable();
    let q = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what}: n={} p50={:.2} ms p90={:.2} ms p99={:.2} ms max={:.2} ms",
        samples.len(),
        ms(q(0.50)),
        ms(q(0.90)),
        ms(q(0.99)),
        ms(*samples.last().unwrap())
    );
}

/// The part of a view a player needs here.
#[derive(serde::Deserialize)]
struct Head {
    ply: u64,
    to_move: Option<usize>,
    legal: Vec<String>,
}

/// Plays one game; the latencies to the other seat's socket and to the POST's answer.
async fn play(
    http: &reqwest::Client,
    base: &str,
    watch: &str,
    g: usize,
    moves: usize,
    pace: u64,
) -> (Vec<Duration>, Vec<Duration>) {
    let created: Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    // One socket per seat; each reader reports (ply, arrival) of every view.
    let ws_url = format!("{}/api/games/{id}/ws", watch.replacen("http", "ws", 1));
    let mut arrivals = Vec::new();
    let mut first = None;
    for _ in 0..2 {
        let (ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let (_, mut read) = ws.split();
            while let Some(Ok(message)) = read.next().await {
                if let Message::Text(text) = message {
                    // Only what the player needs: a light parse, so the client's work does not
                    // swamp the server's on a small machine.
                    let view: Head = serde_json::from_str(&text).unwrap();
                    if tx.send((view, Instant::now())).is_err() {
                        return;
                    }
                }
            }
        });
        arrivals.push(rx);
    }
    for rx in &mut arrivals {
        first = Some(rx.recv().await.unwrap().0);
    }
    let mut view = first.unwrap();
    let mut to_other = Vec::new();
    let mut to_self = Vec::new();
    for i in 0..moves {
        let Some(seat) = view.to_move else {
            break;
        };
        let mv = view.legal[(g * 31 + i * 7) % view.legal.len()].clone();
        let ply = view.ply;
        if pace > 0 {
            // Spread over 0.5–1.5 × pace, differently per game and move.
            let jitter = (g as u64 * 7919 + i as u64 * 104_729) % pace.max(1);
            tokio::time::sleep(Duration::from_millis(pace / 2 + jitter)).await;
        }
        let sent = Instant::now();
        let response = http
            .post(format!("{base}/api/games/{id}/moves"))
            .json(&json!({"token": tokens[seat], "move": mv, "ply": ply}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let _ = response.bytes().await.unwrap();
        to_self.push(sent.elapsed());
        let other = &mut arrivals[1 - seat];
        loop {
            let (v, at) = other.recv().await.expect("the other seat's socket is open");
            if v.ply == ply + 1 {
                to_other.push(at - sent);
                view = v;
                break;
            }
        }
        // Drain the mover's own socket.
        while let Ok((v, _)) = arrivals[seat].try_recv() {
            drop(v);
        }
    }
    (to_other, to_self)
}
