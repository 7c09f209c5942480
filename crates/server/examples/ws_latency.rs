//! Benchmark (not a test): with many concurrent games on loopback, the time from a move's POST to
//! its arrival on the other seats' WebSockets, the bytes each message takes on the wire, and the
//! server's resident memory per live game.
//!
//! ```sh
//! cargo run --release -p trigonal-server --example ws_latency -- [--games N] [--moves M] [--pace MS]
//!     [--game triangoli|triangle-game|triangular|four-triangles] [--players P] [--per-game]
//!     [--url http://HOST:PORT | --servers N --db URL]
//! cargo build --release -p trigonal && cargo run --release -p trigonal-server --example ws_latency -- --servers 3 --db postgres://…
//! ```
//! Defaults: 200 games of Triangoli (2 players; The Triangle Game has 3), 20 moves each, against
//! a server started in this process on a temporary SQLite database (same settings as `trigonal
//! serve`: WAL, synchronous=FULL). With `--servers N --db URL`, N `trigonal serve` processes (the
//! release binary beside this example) on the store `URL` instead (a SQLite file with N = 1):
//! each game's moves are posted to one process and its seats watch on the next, so what is timed
//! crosses processes through the database. (Every socket takes a file descriptor at each end: a
//! server in this process with 5,000 games needs over 20,000, a child process only its own half.)
//!
//! Every seat is a person's, and does as the browser does: reads the game's view over HTTP, opens
//! a WebSocket from that version (`?since=`, so the socket sends only what changes) and sends its
//! token there, so the seat to move is sent its legal moves; each socket follows its messages
//! with `trigonal_server::follow`, and a move has arrived when the followed view shows its ply.
//! The mover picks from the legal moves of its `moves` message. All games are set up first (64 at
//! a time), then play at once: without `--pace`, each move is sent as soon as the previous one
//! has arrived and the mover has its moves (the server saturated); with `--pace MS`, each game
//! waits about MS milliseconds (0.5–1.5 × MS) before each move, like people thinking.
//!
//! Reported: the latencies (p50/p90/p99/max) from each POST to the other seats' sockets showing
//! the move and to its answer; moves/s over the play alone and with the set-up; the CPU time the
//! servers and this client used during play; the size of every text message the sockets got: of
//! the change messages carrying moves, bytes per move with each game's median and max (the median
//! and largest of the games' medians, and the largest of all; `--per-game` lists every game), the
//! first whole view (read over HTTP, and on a socket opened without `since`), the `moves`
//! messages, and the rest. Resident memory (VmRSS) is read before the games are created, once
//! every game is set up with its sockets open, and when every game has played: this process's
//! when the server runs in it (the client's sockets and followed views count too), the sum of the
//! server processes' with `--servers`, not at all with `--url`.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::{mpsc, Barrier, Semaphore};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use trigonal_server::{follow, Followed};

/// Games set up at once (each a POST and its sockets), so that the listen queue does not overflow.
const SETUP_AT_ONCE: usize = 64;

/// How long a seat may wait for a message it is sure to get before the run is called off.
const PATIENCE: Duration = Duration::from_secs(60);

/// The server processes this run started, killed if it panics.
static CHILDREN: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// What each game does.
struct Plan {
    game: String,
    players: usize,
    moves: usize,
    pace: u64,
}

/// Where all games wait for each other (and for `main`, which reads the memory in between).
struct Gates {
    /// Every game is set up: created, its sockets open, the first mover has its moves.
    ready: Barrier,
    /// Play.
    go: Barrier,
    /// Every game has played.
    done: Barrier,
    /// The memory is read: close the sockets.
    close: Barrier,
}

#[tokio::main]
async fn main() {
    // A game that fails would leave the others waiting at a gate: end the run, and its servers.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default_hook(info);
        kill_children();
        std::process::exit(101);
    }));
    // Interrupted (Ctrl-C, SIGTERM): the same.
    tokio::spawn(async {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate()).expect("a SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
        kill_children();
        std::process::exit(130);
    });
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args.get(i + 1).expect("a value after the option").clone())
    };
    let games: usize = arg("--games").map_or(200, |a| a.parse().expect("--games N"));
    let game = arg("--game").unwrap_or_else(|| "triangoli".into());
    let plan = Arc::new(Plan {
        players: arg("--players").map_or(if game == "triangle-game" { 3 } else { 2 }, |a| {
            a.parse().expect("--players P")
        }),
        game,
        moves: arg("--moves").map_or(20, |a| a.parse().expect("--moves M")),
        pace: arg("--pace").map_or(0, |a| a.parse().expect("--pace MS")),
    });
    let list_games = args.iter().any(|a| a == "--per-game");
    let servers: usize = arg("--servers").map_or(0, |a| a.parse().expect("--servers N"));
    // Every socket and the HTTP connections besides.
    let connections = games * plan.players + 4096;
    let _dir;
    let mut _children = Vec::new();
    let (bases, servers): (Vec<String>, Servers) = match (arg("--url"), servers) {
        (Some(url), _) => (
            vec![url.trim_end_matches('/').to_string()],
            Servers::Elsewhere,
        ),
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
            let mut pids = Vec::new();
            let bases = (0..n)
                .map(|_| {
                    let (child, base) = spawn_server(&binary, &db, connections);
                    pids.push(child.0.id());
                    CHILDREN.lock().unwrap().push(child.0.id());
                    _children.push(child);
                    base
                })
                .collect();
            (bases, Servers::Children(pids))
        }
        (None, _) => {
            let dir = tempfile::tempdir().unwrap();
            let server = trigonal_server::Server::bind(&trigonal_server::Config {
                addr: "127.0.0.1:0".parse().unwrap(),
                db: dir.path().join("bench.db").display().to_string(),
                computer: 0,
                limits: trigonal_server::Limits {
                    connections,
                    ..Default::default()
                },
                games_per_minute: 0,
                trust_proxy: Default::default(),
                metrics_addr: None,
                mail: None,
                push: Default::default(),
                origins: Default::default(),
                refused_names: Default::default(),
            })
            .await
            .unwrap();
            let addr = server.local_addr();
            tokio::spawn(server.run(std::future::pending()));
            _dir = dir;
            (vec![format!("http://{addr}")], Servers::Here)
        }
    };
    let http = reqwest::Client::new();
    println!(
        "{games} games of {} ({} players) × {} moves against {}, {}",
        plan.game,
        plan.players,
        plan.moves,
        bases.join(" "),
        if plan.pace == 0 {
            "each move as soon as the last arrived".to_string()
        } else {
            format!("a move every ~{} ms per game", plan.pace)
        }
    );

    let before = (servers.rss(), Servers::Here.rss());
    let setting_up = Instant::now();
    let gates = Arc::new(Gates {
        ready: Barrier::new(games + 1),
        go: Barrier::new(games + 1),
        done: Barrier::new(games + 1),
        close: Barrier::new(games + 1),
    });
    let setup = Arc::new(Semaphore::new(SETUP_AT_ONCE));
    let mut tasks = Vec::new();
    for g in 0..games {
        // Posted to one process, watched on the next (the same one when there is only one).
        let http = http.clone();
        let post = bases[g % bases.len()].clone();
        let watch = bases[(g + 1) % bases.len()].clone();
        let (plan, gates, setup) = (plan.clone(), gates.clone(), setup.clone());
        tasks.push(tokio::spawn(async move {
            let permit = setup.acquire_owned().await.unwrap();
            let mut game = Game::set_up(http, &post, watch, &plan).await;
            drop(permit);
            gates.ready.wait().await;
            gates.go.wait().await;
            game.play(&post, g, &plan).await;
            game.drain();
            gates.done.wait().await;
            gates.close.wait().await;
            game.drain();
            game.tally
        }));
    }
    gates.ready.wait().await;
    let set_up = setting_up.elapsed();
    // What the server does on its own after the last socket opened (presence) settles.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let live = (servers.rss(), Servers::Here.rss());
    let held = held(&http, &bases).await;
    let cpu_before = (servers.cpu(), cpu("self"));
    gates.go.wait().await;
    let began = Instant::now();
    gates.done.wait().await;
    let elapsed = began.elapsed();
    let cpu = (servers.cpu() - cpu_before.0, cpu("self") - cpu_before.1);
    let end = servers.rss();
    gates.close.wait().await;
    let mut tallies = Vec::new();
    for task in tasks {
        tallies.push(task.await.unwrap());
    }

    println!(
        "set up {games} games with {} sockets in {:.1} s; the servers hold {held}",
        games * plan.players,
        set_up.as_secs_f64()
    );
    let kb_per_game =
        |before: u64, kib: u64| kib.saturating_sub(before) as f64 / games.max(1) as f64;
    match (before.0, live.0, end) {
        (Some(b), Some(live), Some(end)) => println!(
            "resident memory ({}): {:.1} MB before, {:.1} MB with every game live, {:.1} MB after \
             play → {:.0} KB per live game ({:.0} KB after play)",
            servers.whose(),
            b as f64 / 1024.0,
            live as f64 / 1024.0,
            end as f64 / 1024.0,
            kb_per_game(b, live),
            kb_per_game(b, end)
        ),
        _ => println!("resident memory: not measured (the server is not started here)"),
    }
    if let (Servers::Children(_), Some(b), Some(live)) = (&servers, before.1, live.1) {
        println!(
            "resident memory of this client: {:.0} KB per game (its sockets and followed views)",
            kb_per_game(b, live)
        );
    }
    let mut arrive: Vec<Duration> = tallies.iter().flat_map(|t| t.to_other.clone()).collect();
    let mut acked: Vec<Duration> = tallies.iter().flat_map(|t| t.acked.clone()).collect();
    report("POST → other seats' WebSockets", &mut arrive);
    report("POST → 200 response", &mut acked);
    let played: usize = tallies.iter().map(|t| t.played).sum();
    let total = set_up + elapsed;
    println!(
        "{played} moves in {:.2} s: {:.0} moves/s ({:.0} moves/s counting the set-up too)",
        elapsed.as_secs_f64(),
        played as f64 / elapsed.as_secs_f64(),
        played as f64 / total.as_secs_f64()
    );
    let per_move = |seconds: f64| seconds * 1000.0 / played.max(1) as f64;
    match servers {
        Servers::Here => println!(
            "CPU during play: {:.2} s in this process (server and client; {:.2} ms a move)",
            cpu.1,
            per_move(cpu.1)
        ),
        Servers::Children(_) => println!(
            "CPU during play: {:.2} s in the servers ({:.2} ms a move), {:.2} s in this client \
             ({:.2} ms a move)",
            cpu.0,
            per_move(cpu.0),
            cpu.1,
            per_move(cpu.1)
        ),
        Servers::Elsewhere => {}
    }
    wire(&tallies, list_games);
}

/// Ends the server processes this run started (when it cannot drop them: a panic, a signal).
fn kill_children() {
    for pid in CHILDREN.lock().map(|c| c.clone()).unwrap_or_default() {
        let _ = std::process::Command::new("kill")
            .arg(pid.to_string())
            .status();
    }
}

/// Starts `trigonal serve` on a free port over `db`; the process and its base URL.
fn spawn_server(binary: &std::path::Path, db: &str, connections: usize) -> (KillOnDrop, String) {
    use std::io::BufRead as _;
    let mut child = std::process::Command::new(binary)
        .args(["serve", "--addr", "127.0.0.1:0", "--games-per-minute", "0"])
        .args(["--max-connections", &connections.to_string(), "--db", db])
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

/// Where the servers run.
enum Servers {
    /// In this process (beside the client).
    Here,
    /// In these processes.
    Children(Vec<u32>),
    /// Elsewhere (`--url`).
    Elsewhere,
}

impl Servers {
    /// Their resident memory now, in KiB (summed over the processes).
    fn rss(&self) -> Option<u64> {
        let read = |pid: String| -> Option<u64> {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
            line.split_whitespace().nth(1)?.parse().ok()
        };
        match self {
            Servers::Here => read("self".into()),
            Servers::Children(pids) => pids.iter().map(|pid| read(pid.to_string())).sum(),
            Servers::Elsewhere => None,
        }
    }

    /// The CPU time they have used, in seconds (0 when unknown).
    fn cpu(&self) -> f64 {
        match self {
            Servers::Here => cpu("self"),
            Servers::Children(pids) => pids.iter().map(|pid| cpu(&pid.to_string())).sum(),
            Servers::Elsewhere => 0.0,
        }
    }

    fn whose(&self) -> String {
        match self {
            Servers::Here => "this process: the server and this client".into(),
            Servers::Children(pids) => format!("the {} server processes together", pids.len()),
            Servers::Elsewhere => "unknown".into(),
        }
    }
}

/// The CPU time (user and system) process `pid` (or `self`) has used, in seconds.
fn cpu(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name: state is field 3, utime 14 and stime 15 (in 1/100 s).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// What the servers say they hold (`/metrics`): live games and open WebSockets, summed.
async fn held(http: &reqwest::Client, bases: &[String]) -> String {
    let (mut games, mut sockets) = (0.0, 0.0);
    for base in bases {
        let Ok(response) = http.get(format!("{base}/metrics")).send().await else {
            return "? (no /metrics)".into();
        };
        let text = response.text().await.unwrap_or_default();
        for line in text.lines() {
            let mut words = line.split_whitespace();
            let (Some(name), Some(value)) = (words.next(), words.next()) else {
                continue;
            };
            let value: f64 = value.parse().unwrap_or(0.0);
            match name {
                "trigonal_live_games" => games += value,
                "trigonal_websockets_open" => sockets += value,
                _ => {}
            }
        }
    }
    format!("{games} live games and {sockets} WebSockets")
}

fn report(what: &str, samples: &mut [Duration]) {
    if samples.is_empty() {
        println!("{what}: none");
        return;
    }
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

/// The median of `values` (sorted here), or 0 when there are none.
fn median(values: &mut [f64]) -> f64 {
    values.sort_unstable_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

fn max(values: &[f64]) -> f64 {
    values.iter().copied().fold(0.0, f64::max)
}

/// Prints the bytes on the wire: each game's, with `per_game`, then over all games.
fn wire(tallies: &[Tally], per_game: bool) {
    let floats = |v: &[usize]| v.iter().map(|&b| b as f64).collect::<Vec<f64>>();
    if per_game {
        for (g, t) in tallies.iter().enumerate() {
            let mut change = t.per_move.clone();
            let mut moves = floats(&t.moves);
            println!(
                "game {g} {}: change per move median {:.0} B max {:.0} B (n={}); moves median \
                 {:.0} B max {:.0} B (n={}); first view {:.0} B",
                t.id,
                median(&mut change),
                max(&change),
                change.len(),
                median(&mut moves),
                max(&moves),
                moves.len(),
                max(&floats(&t.first))
            );
        }
    }
    let mut medians: Vec<f64> = tallies
        .iter()
        .map(|t| median(&mut t.per_move.clone()))
        .collect();
    let mut maxima: Vec<f64> = tallies.iter().map(|t| max(&t.per_move)).collect();
    let all = |pick: fn(&Tally) -> &Vec<usize>| -> Vec<f64> {
        tallies.iter().flat_map(|t| floats(pick(t))).collect()
    };
    let (mut first, mut moves) = (all(|t| &t.first), all(|t| &t.moves));
    let mut whole = all(|t| &t.whole);
    let (mut others, mut wholes) = (all(|t| &t.others), all(|t| &t.wholes));
    let changes: usize = tallies.iter().map(|t| t.per_move.len()).sum();
    println!(
        "bytes per move (change messages carrying moves, each socket's; n={changes}): median of \
         the games' medians {:.0} B (largest game median {:.0} B); the games' max: median {:.0} B, \
         max {:.0} B",
        median(&mut medians),
        max(&medians),
        median(&mut maxima),
        max(&maxima)
    );
    println!(
        "first whole view: over HTTP (with the legal moves) median {:.0} B, max {:.0} B (n={}); on \
         a socket without since median {:.0} B; moves messages: median {:.0} B, max {:.0} B (n={})",
        median(&mut first),
        max(&first),
        first.len(),
        median(&mut whole),
        median(&mut moves),
        max(&moves),
        moves.len()
    );
    let gaps: usize = tallies.iter().map(|t| t.gaps).sum();
    println!(
        "other change messages (presence): n={} median {:.0} B; whole views after the first: n={} \
         median {:.0} B; gaps: {gaps}",
        others.len(),
        median(&mut others),
        wholes.len(),
        median(&mut wholes)
    );
}

/// What one game measured.
#[derive(Default)]
struct Tally {
    id: String,
    /// The first whole view, each seat's (read over HTTP before its socket opens).
    first: Vec<usize>,
    /// The whole view a socket opened without `since` is sent first.
    whole: Vec<usize>,
    /// Each change message carrying moves, on every socket: its size over its moves.
    per_move: Vec<f64>,
    /// The `moves` messages.
    moves: Vec<usize>,
    /// Change messages without moves (presence).
    others: Vec<usize>,
    /// Whole views after the first (a socket that fell behind).
    wholes: Vec<usize>,
    /// Messages for a version a socket never had (then it reads the view over HTTP).
    gaps: usize,
    /// From each POST to each other seat's socket showing the move.
    to_other: Vec<Duration>,
    /// From each POST to its answer.
    acked: Vec<Duration>,
    played: usize,
}

/// One seat's socket: what arrives on it (with when), and the view it follows.
struct Socket {
    arrivals: mpsc::UnboundedReceiver<(Utf8Bytes, Instant)>,
    view: Value,
}

impl Socket {
    /// Opens a socket on `url` for a client holding `view` (with `?since=` its version) and sends
    /// the seat's `token` there, as the browser does.
    async fn open(url: &str, token: &str, view: Value) -> Socket {
        let url = format!("{url}?since={}", view["version"]);
        // A small read buffer (tungstenite's default is 128 KiB, zeroed at every read): the client
        // should cost this machine little.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), false)
            .await
            .unwrap();
        let (mut write, mut read) = ws.split();
        write
            .send(Message::Text(json!({ "token": token }).to_string().into()))
            .await
            .unwrap();
        let (tx, arrivals) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let _write = write;
            while let Some(Ok(message)) = read.next().await {
                match message {
                    Message::Text(text) => {
                        let at = Instant::now();
                        if tx.send((text, at)).is_err() {
                            return;
                        }
                    }
                    Message::Close(frame) => eprintln!("a socket was closed: {frame:?}"),
                    _ => {}
                }
            }
        });
        Socket { arrivals, view }
    }

    /// The version the view shows (-1 before the first).
    fn version(&self) -> i64 {
        self.view["version"].as_i64().unwrap_or(-1)
    }

    /// The ply the view shows.
    fn ply(&self) -> Option<u64> {
        self.view["ply"].as_u64()
    }

    /// Whether the view is of a game seat `seat` is to move in, with its legal moves.
    fn has_moves(&self, seat: usize) -> bool {
        self.view["to_move"].as_u64() == Some(seat as u64)
            && self.view["legal"].as_array().is_some_and(|l| !l.is_empty())
    }
}

/// One game being played: its seats' sockets and what they measured.
struct Game {
    http: reqwest::Client,
    /// Where the game is watched (and read when a socket misses something).
    watch: String,
    tokens: Vec<String>,
    sockets: Vec<Socket>,
    tally: Tally,
}

impl Game {
    /// Creates a game on `post`, reads its view on `watch` for each seat and opens the seat's
    /// socket there from that view (as the browser does: the socket then sends only changes),
    /// and waits for the first mover's moves.
    async fn set_up(http: reqwest::Client, post: &str, watch: String, plan: &Plan) -> Game {
        let seats = vec![json!({"kind": "human"}); plan.players];
        let response = http
            .post(format!("{post}/api/games"))
            .json(&json!({"game": plan.game, "players": plan.players, "seats": seats}))
            .send()
            .await
            .unwrap();
        let status = response.status();
        let created: Value = response.json().await.unwrap();
        assert_eq!(status, 201, "creating a game: {created}");
        let id = created["id"].as_str().unwrap().to_string();
        let tokens: Vec<String> = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_string())
            .collect();
        let url = format!("{}/api/games/{id}/ws", watch.replacen("http", "ws", 1));
        // The whole view a socket opened without `since` is sent (a client that reads no view
        // first), on a socket of its own, closed at once.
        let (whole, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        let (_, mut read) = whole.split();
        let whole = loop {
            match read.next().await {
                Some(Ok(Message::Text(text))) => break text.len(),
                Some(Ok(_)) => continue,
                other => panic!("the first message of a socket: {other:?}"),
            }
        };
        let mut sockets = Vec::new();
        let mut first = Vec::new();
        for token in &tokens {
            let view = http.get(format!("{watch}/api/games/{id}")).send().await;
            let view = view.unwrap().bytes().await.unwrap();
            first.push(view.len());
            let view = serde_json::from_slice(&view).expect("a view is JSON");
            sockets.push(Socket::open(&url, token, view).await);
        }
        let mut game = Game {
            http,
            watch,
            tokens,
            sockets,
            tally: Tally {
                id,
                first,
                whole: vec![whole],
                ..Tally::default()
            },
        };
        if let Some(seat) = game.sockets[0].view["to_move"].as_u64() {
            let version = game.sockets[0].version();
            game.wait_for_moves(seat as usize, version).await;
        }
        game
    }

    /// Plays up to `plan.moves` moves (fewer if the game ends).
    async fn play(&mut self, post: &str, g: usize, plan: &Plan) {
        let id = self.tally.id.clone();
        let mut turn = self.sockets[0].view["to_move"].as_u64();
        let mut version = self.sockets[0].version();
        for i in 0..plan.moves {
            let Some(seat) = turn.map(|s| s as usize) else {
                break;
            };
            self.wait_for_moves(seat, version).await;
            let view = &self.sockets[seat].view;
            let legal = view["legal"].as_array().unwrap();
            let mv = legal[(g * 31 + i * 7) % legal.len()].clone();
            let ply = view["ply"].as_u64().unwrap();
            if plan.pace > 0 {
                // Spread over 0.5–1.5 × pace, differently per game and move.
                let jitter = (g as u64 * 7919 + i as u64 * 104_729) % plan.pace;
                tokio::time::sleep(Duration::from_millis(plan.pace / 2 + jitter)).await;
            }
            let sent = Instant::now();
            let response = self
                .http
                .post(format!("{post}/api/games/{id}/moves"))
                .json(&json!({"token": self.tokens[seat], "move": mv, "ply": ply}))
                .send()
                .await
                .unwrap();
            let status = response.status();
            let body = response.bytes().await.unwrap();
            assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
            self.tally.acked.push(sent.elapsed());
            for other in (0..plan.players).filter(|&o| o != seat) {
                loop {
                    let at = tokio::time::timeout(PATIENCE, self.next(other))
                        .await
                        .unwrap_or_else(|_| panic!("game {id}: seat {other} never saw ply {ply}"));
                    if self.sockets[other].ply() > Some(ply) {
                        self.tally.to_other.push(at - sent);
                        break;
                    }
                }
                turn = self.sockets[other].view["to_move"].as_u64();
                version = self.sockets[other].version();
            }
            self.tally.played += 1;
        }
    }

    /// Takes the messages of seat `seat`'s socket until its view is at `version` or later, with
    /// the seat's moves.
    async fn wait_for_moves(&mut self, seat: usize, version: i64) {
        let waited = tokio::time::timeout(PATIENCE, async {
            while self.sockets[seat].version() < version || !self.sockets[seat].has_moves(seat) {
                self.next(seat).await;
            }
        });
        if waited.await.is_err() {
            panic!(
                "game {}: seat {seat} never got its moves; its view: {}",
                self.tally.id, self.sockets[seat].view
            );
        }
    }

    /// Takes the next message of socket `s`, waiting for it; when it arrived.
    async fn next(&mut self, s: usize) -> Instant {
        let Some((text, at)) = self.sockets[s].arrivals.recv().await else {
            panic!("game {}: seat {s}'s socket closed", self.tally.id);
        };
        self.take(s, &text).await;
        at
    }

    /// Takes the messages that have arrived on every socket.
    fn drain(&mut self) {
        for s in 0..self.sockets.len() {
            while let Ok((text, _)) = self.sockets[s].arrivals.try_recv() {
                // Whatever comes now needs no reading over HTTP: it is only counted.
                let message: Value = serde_json::from_str(&text).expect("a message is JSON");
                self.count(s, &message, text.len());
                follow(&mut self.sockets[s].view, &message);
            }
        }
    }

    /// Counts a message of socket `s` and follows it (reading the view over HTTP if the socket
    /// missed something, as a client would).
    async fn take(&mut self, s: usize, text: &str) {
        let message: Value = serde_json::from_str(text).expect("a message is JSON");
        self.count(s, &message, text.len());
        if follow(&mut self.sockets[s].view, &message) == Followed::Gap {
            self.tally.gaps += 1;
            let url = format!("{}/api/games/{}", self.watch, self.tally.id);
            let view = self.http.get(url).send().await.unwrap();
            self.sockets[s].view = view.json().await.unwrap();
        }
    }

    fn count(&mut self, s: usize, message: &Value, size: usize) {
        let tally = &mut self.tally;
        match message["type"].as_str() {
            Some("change") => match message["moves"].as_array().map_or(0, Vec::len) {
                0 => tally.others.push(size),
                n => tally.per_move.push(size as f64 / n as f64),
            },
            Some("moves") => tally.moves.push(size),
            _ if message.get("error").is_some() => {
                panic!("game {}: seat {s}'s socket says {message}", tally.id)
            }
            _ => tally.wholes.push(size),
        }
    }
}
