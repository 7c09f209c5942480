//! Benchmark (not a test): with many concurrent games on loopback, the time from a move's POST to
//! the new view's arrival on the other seat's WebSocket.
//!
//! ```sh
//! cargo run --release -p trigonal-server --example ws_latency -- [--games N] [--moves M] [--pace MS] [--url http://HOST:PORT]
//! ```
//! Defaults: 200 games, 20 moves each, against a server started in this process on a temporary
//! database (same settings as `trigonal serve`: WAL, synchronous=FULL). Every game has two human
//! seats, each watching on its own WebSocket; all games play at once. Without `--pace`, each move
//! is sent as soon as the previous one has arrived (the server saturated); with `--pace MS`, each
//! game waits about MS milliseconds (0.5–1.5 × MS) between moves, like people thinking.

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
    let _dir;
    let base = match arg("--url") {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => {
            let dir = tempfile::tempdir().unwrap();
            let server = trigonal_server::Server::bind(&trigonal_server::Config {
                addr: "127.0.0.1:0".parse().unwrap(),
                db: dir.path().join("bench.db").display().to_string(),
                computer: 0,
                games_per_minute: 0,
            })
            .await
            .unwrap();
            let addr = server.local_addr();
            tokio::spawn(server.run(std::future::pending()));
            _dir = dir;
            format!("http://{addr}")
        }
    };
    let http = reqwest::Client::new();
    println!(
        "{games} games × {moves} moves against {base}, {}",
        if pace == 0 {
            "each move as soon as the last arrived".to_string()
        } else {
            format!("a move every ~{pace} ms per game")
        }
    );

    let began = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..games {
        let (http, base) = (http.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            play(&http, &base, g, moves, pace).await
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
    let ws_url = format!("{}/api/games/{id}/ws", base.replacen("http", "ws", 1));
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
