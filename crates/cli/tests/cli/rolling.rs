//! Rolling restarts behind a real nginx (Debian's, with the site file the project ships,
//! deploy/nginx/trigonal.conf): two `trigonal serve` processes on one PostgreSQL, players posting
//! moves and watchers on WebSockets, all through nginx, while each server in turn is stopped with
//! SIGTERM and started again on its port. No acknowledged move is lost, both servers then give
//! the same view of every game, every watcher ends with that view, and the sockets of a server
//! going away are closed with 1012 (service restart). What the restarts cost (the longest pause,
//! the reconnects, the retried requests) is printed. Also: nginx passes on the client's address
//! and the request's id, and its own errors are JSON.
//!
//! nginx is not installed by the test: scripts/test installs it (`/usr/sbin/nginx`).

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{fresh_pg, request, request_with};
use serde_json::{json, Value};
use trigonal_server::Followed;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

const NGINX: &str = "/usr/sbin/nginx";

/// Games played at once, each by one player thread, each game watched by two sockets.
const PLAYERS: usize = 6;
const WATCHERS_PER_GAME: usize = 2;

/// Waits until `done` holds, polling every 10 ms; panics with `what` after `limit`.
fn wait_until(limit: Duration, what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "{what}: not within {limit:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn now_epoch() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

/// A `trigonal serve` behind the proxy, which can be stopped and started again on its port.
struct Server {
    child: Child,
    port: u16,
    log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts a server on `port` (0: any free one) and waits until it listens. Each client
    /// address may start `games_per_minute` games a minute (0: any number).
    fn start(db: &str, port: u16, games_per_minute: u32) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trigonal"))
            .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db])
            .args(["--no-computer", "--trust-proxy", "127.0.0.1/32"])
            .args(["--games-per-minute", &games_per_minute.to_string()])
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("trigonal starts");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (listening, address) = mpsc::channel();
        let lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let kept = Arc::clone(&log);
        // Keeps the log (shown when something fails) and drains it so the server never blocks.
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                if let Some(rest) = line.split("http://").nth(1) {
                    let _ = listening.send(rest.split('/').next().unwrap().to_string());
                }
                kept.lock().unwrap().push(line);
            }
        });
        let addr = address
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| {
                panic!(
                    "the server did not start:\n{}",
                    log.lock().unwrap().join("\n")
                )
            });
        let port = addr.rsplit(':').next().unwrap().parse().unwrap();
        Server { child, port, log }
    }

    fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    /// SIGTERM, then waits for the process to end (within `limit`): its exit status, and
    /// whether `/readyz`, asked directly meanwhile, was seen answering 503.
    fn terminate(&mut self, limit: Duration) -> (ExitStatus, bool) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let start = Instant::now();
        let mut not_ready = false;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (status, not_ready);
            }
            if !not_ready {
                not_ready = matches!(request(&self.addr(), "GET", "/readyz", None), Ok((503, _)));
            }
            assert!(
                start.elapsed() < limit,
                "the server did not exit within {limit:?} of SIGTERM:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// nginx with the shipped site file, in a folder of its own, in front of servers on `ports`.
struct Nginx {
    child: Child,
    addr: String,
    dir: tempfile::TempDir,
}

impl Nginx {
    fn start(ports: &[u16]) -> Nginx {
        assert!(
            Path::new(NGINX).exists(),
            "{NGINX} is missing: scripts/test installs it (apt-get install nginx)"
        );
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let port = free_port();
        let shipped = std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx/trigonal.conf"),
        )
        .unwrap();
        assert_eq!(shipped.matches("listen 8080;").count(), 1, "{shipped}");
        let site = shipped.replace("listen 8080;", &format!("listen 127.0.0.1:{port};"));
        std::fs::write(dir.path().join("trigonal.conf"), site).unwrap();
        let servers: String = ports
            .iter()
            .map(|p| format!("        server 127.0.0.1:{p} max_fails=1 fail_timeout=1s;\n"))
            .collect();
        // One process (no master to outlive the test), every path in the folder; the access log
        // says which server each request went to, and every one tried.
        let conf = [
            "daemon off;".to_string(),
            "master_process off;".into(),
            format!("pid {d}/nginx.pid;"),
            format!("error_log {d}/error.log info;"),
            "events { worker_connections 1024; }".into(),
            "http {".into(),
            "    log_format trigonal \
             '$msec|$status|$upstream_addr|$upstream_status|$request_id|$request';"
                .into(),
            format!("    access_log {d}/access.log trigonal;"),
            format!("    client_body_temp_path {d}/body;"),
            format!("    proxy_temp_path {d}/proxy;"),
            format!("    fastcgi_temp_path {d}/fastcgi;"),
            format!("    uwsgi_temp_path {d}/uwsgi;"),
            format!("    scgi_temp_path {d}/scgi;"),
            format!("    upstream trigonal {{\n{servers}    }}"),
            format!("    include {d}/trigonal.conf;"),
            "}\n".into(),
        ]
        .join("\n");
        std::fs::write(dir.path().join("nginx.conf"), conf).unwrap();
        let mut child = Command::new(NGINX)
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(dir.path().join("nginx.conf"))
            .arg("-e")
            .arg(dir.path().join("error.log"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx starts");
        let addr = format!("127.0.0.1:{port}");
        let start = Instant::now();
        while !matches!(request(&addr, "GET", "/healthz", None), Ok((200, _))) {
            if let Some(status) = child.try_wait().unwrap() {
                panic!(
                    "nginx ended ({status}):\n{}",
                    std::fs::read_to_string(dir.path().join("error.log")).unwrap_or_default()
                );
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "nginx does not answer"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        Nginx { child, addr, dir }
    }

    /// The access log's lines: time, status, servers tried, their statuses, request id, request.
    fn log(&self) -> Vec<Vec<String>> {
        std::fs::read_to_string(self.dir.path().join("access.log"))
            .unwrap_or_default()
            .lines()
            .map(|line| line.splitn(6, '|').map(str::to_string).collect())
            .filter(|fields: &Vec<String>| fields.len() == 6)
            .collect()
    }

    /// Whether a request logged after `since` (seconds since the epoch) was answered by the
    /// server on `port` (the last one nginx tried for it).
    fn served_by_since(&self, port: u16, since: f64) -> bool {
        let server = format!("127.0.0.1:{port}");
        self.log().iter().any(|f| {
            f[0].parse::<f64>().is_ok_and(|t| t >= since)
                && f[2].rsplit(", ").next() == Some(server.as_str())
                && f[3]
                    .rsplit(", ")
                    .next()
                    .and_then(|s| s.parse::<u16>().ok())
                    .is_some_and(|s| s < 500)
        })
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A GET through the proxy, tried again (every 10 ms, for at most 20 s) until it answers 200;
/// how many tries failed.
fn get_ok(proxy: &str, path: &str) -> (Value, usize) {
    let start = Instant::now();
    let mut failed = 0;
    loop {
        match request(proxy, "GET", path, None) {
            Ok((200, body)) => return (body, failed),
            other => {
                failed += 1;
                assert!(
                    start.elapsed() < Duration::from_secs(20),
                    "GET {path}: {other:?}"
                );
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

/// What one watcher has seen.
#[derive(Default)]
struct Watched {
    /// The newest view (by `version`, as the front end keeps it).
    latest: Option<Value>,
    /// How each socket ended: its close code, or `None` when it ended without a close frame.
    closes: Vec<Option<u16>>,
    /// Sockets opened again after one ended, and the longest time from an end to the first view
    /// on the next socket.
    reconnects: usize,
    longest_pause: Duration,
    /// Attempts to open a socket that failed (nginx had no server for it, say).
    failed_connects: usize,
    /// The size of each message, in bytes.
    bytes: Vec<usize>,
}

fn version(view: &Value) -> u64 {
    view["version"].as_u64().expect("a view has a version")
}

/// Watches game `id` through the proxy until it is over or `stop` is set, opening a new socket
/// whenever one ends with the version it has (as the front end does), so that it is sent only
/// what it missed; every message is followed as the front end follows it.
fn watcher(proxy: String, id: String, seen: Arc<Mutex<Watched>>, stop: Arc<AtomicBool>) {
    let mut view = Value::Null;
    let mut ended_at: Option<Instant> = None;
    while !stop.load(Ordering::SeqCst) {
        let url = match view["version"].as_i64() {
            Some(since) => format!("ws://{proxy}/api/games/{id}/ws?since={since}"),
            None => format!("ws://{proxy}/api/games/{id}/ws"),
        };
        let mut ws: Ws = match tungstenite::connect(&url) {
            Ok((ws, _)) => ws,
            Err(_) => {
                seen.lock().unwrap().failed_connects += 1;
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        if let MaybeTlsStream::Plain(s) = ws.get_mut() {
            // Short reads, to notice `stop`.
            s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
        }
        let mut socket_version = 0;
        loop {
            match ws.read() {
                Ok(Message::Text(text)) => {
                    let message: Value = serde_json::from_str(&text).unwrap();
                    seen.lock().unwrap().bytes.push(text.len());
                    match trigonal_server::follow(&mut view, &message) {
                        Followed::Taken => {}
                        Followed::Stale => continue,
                        Followed::Gap => {
                            panic!("{id}: a change for a version never had: {message}")
                        }
                    }
                    let view = view.clone();
                    // One socket's views come in order.
                    assert!(version(&view) >= socket_version, "{id}: a view went back");
                    socket_version = version(&view);
                    let mut seen = seen.lock().unwrap();
                    if let Some(at) = ended_at.take() {
                        seen.reconnects += 1;
                        seen.longest_pause = seen.longest_pause.max(at.elapsed());
                    }
                    if seen
                        .latest
                        .as_ref()
                        .is_none_or(|l| version(&view) >= version(l))
                    {
                        seen.latest = Some(view);
                    }
                    // A finished game changes no more (nobody here asks for a rematch).
                    if seen.latest.as_ref().unwrap()["to_move"].is_null() {
                        drop(seen);
                        let _ = ws.close(None);
                        let _ = ws.flush();
                        return;
                    }
                }
                Ok(Message::Close(frame)) => {
                    let code = frame.map(|f| u16::from(f.code));
                    seen.lock().unwrap().closes.push(code);
                    ended_at = Some(Instant::now());
                    let _ = ws.flush();
                    break;
                }
                Ok(Message::Binary(_)) => panic!("{id}: a binary message"),
                Ok(_) => {} // Pings, pongs.
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                }
                Err(_) => {
                    seen.lock().unwrap().closes.push(None);
                    ended_at = Some(Instant::now());
                    break;
                }
            }
        }
    }
}

/// What one player did: its games, each with the moves acknowledged (ply, move).
#[derive(Default)]
struct Played {
    games: Vec<(String, Vec<(u64, String)>)>,
    watchers: Vec<(String, Arc<Mutex<Watched>>, JoinHandle<()>)>,
    /// Requests tried again after an error (502, a dropped connection…).
    retried: usize,
    /// Moves acknowledged by a view after their POST failed.
    acked_by_view: usize,
    /// The longest time from reading the game to a move being acknowledged.
    longest_move: Duration,
}

/// Plays games through the proxy, one after another, until `stop` is set: each game between two
/// seats it holds both tokens of, watched by [`WATCHERS_PER_GAME`] sockets, a move every 50 to
/// 150 ms. A move is acknowledged by a 200, or, after an error, by a view showing it at its ply;
/// otherwise it is posted again with the same `ply` (so it can never be played twice).
fn player(
    proxy: String,
    n: usize,
    stop: Arc<AtomicBool>,
    stop_watching: Arc<AtomicBool>,
    acked_count: Arc<AtomicUsize>,
) -> Played {
    let mut played = Played::default();
    let mut k = n;
    while !stop.load(Ordering::SeqCst) {
        let seats = json!([{"kind": "human"}, {"kind": "human"}]);
        let start = Instant::now();
        let created = loop {
            match request(
                &proxy,
                "POST",
                "/api/games",
                Some(json!({"game": "triangoli", "seats": seats})),
            ) {
                // A failed create may have made a game nobody plays: no matter.
                Ok((201, body)) => break body,
                other => {
                    played.retried += 1;
                    assert!(
                        start.elapsed() < Duration::from_secs(20),
                        "create: {other:?}"
                    );
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        };
        let id = created["id"].as_str().unwrap().to_string();
        let mut tokens = [String::new(), String::new()];
        for s in created["seats"].as_array().unwrap() {
            tokens[s["seat"].as_u64().unwrap() as usize] = s["token"].as_str().unwrap().into();
        }
        for _ in 0..WATCHERS_PER_GAME {
            let seen = Arc::new(Mutex::new(Watched::default()));
            let (proxy, id2, seen2, stop) = (
                proxy.clone(),
                id.clone(),
                Arc::clone(&seen),
                Arc::clone(&stop_watching),
            );
            let handle = std::thread::spawn(move || watcher(proxy, id2, seen2, stop));
            played.watchers.push((id.clone(), seen, handle));
        }
        let path = format!("/api/games/{id}");
        let mut acked = Vec::new();
        while !stop.load(Ordering::SeqCst) {
            let start = Instant::now();
            let (mut view, failed) = get_ok(&proxy, &path);
            played.retried += failed;
            let Some(seat) = view["to_move"].as_u64() else {
                break; // Over.
            };
            let ply = view["ply"].as_u64().unwrap();
            let legal = view["legal"].as_array().unwrap();
            let mv = legal[(k * 7) % legal.len()].as_str().unwrap().to_string();
            k += 1;
            let body = json!({"token": tokens[seat as usize], "move": mv, "ply": ply});
            loop {
                let answer = request(&proxy, "POST", &format!("{path}/moves"), Some(body.clone()));
                if let Ok((200, after)) = &answer {
                    assert_eq!(after["history"][ply as usize], mv.as_str(), "{id}");
                    break;
                }
                match &answer {
                    // The move may have been played (the view read before was behind, or an
                    // earlier try went through): the game says.
                    Ok((409, _)) => {}
                    Ok((status, _)) if *status >= 500 => played.retried += 1,
                    Err(_) => played.retried += 1,
                    Ok(other) => panic!("{id} ply {ply} {mv}: {other:?}"),
                }
                assert!(
                    start.elapsed() < Duration::from_secs(20),
                    "{id} ply {ply} {mv}: {answer:?}"
                );
                let (now, failed) = get_ok(&proxy, &path);
                played.retried += failed;
                view = now;
                if view["ply"].as_u64().unwrap() > ply {
                    // Nobody else plays here: what stands at that ply is this move.
                    assert_eq!(view["history"][ply as usize], mv.as_str(), "{id}");
                    played.acked_by_view += 1;
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            acked.push((ply, mv));
            acked_count.fetch_add(1, Ordering::SeqCst);
            played.longest_move = played.longest_move.max(start.elapsed());
            std::thread::sleep(Duration::from_millis(50 + (k as u64 * 37) % 101));
        }
        played.games.push((id, acked));
    }
    played
}

#[test]
fn servers_restarted_one_at_a_time_behind_nginx_lose_no_move_and_no_watcher() {
    let db = fresh_pg();
    let mut servers = [Server::start(&db, 0, 0), Server::start(&db, 0, 0)];
    let nginx = Nginx::start(&[servers[0].port, servers[1].port]);
    let proxy = nginx.addr.clone();

    let stop = Arc::new(AtomicBool::new(false));
    let stop_watching = Arc::new(AtomicBool::new(false));
    let acked = Arc::new(AtomicUsize::new(0));
    let players: Vec<JoinHandle<Played>> = (0..PLAYERS)
        .map(|n| {
            let (proxy, stop, stop_watching, acked) = (
                proxy.clone(),
                Arc::clone(&stop),
                Arc::clone(&stop_watching),
                Arc::clone(&acked),
            );
            std::thread::spawn(move || player(proxy, n, stop, stop_watching, acked))
        })
        .collect();
    let moves = || acked.load(Ordering::SeqCst);
    wait_until(Duration::from_secs(20), "the games start", || {
        moves() >= 2 * PLAYERS
    });

    // Each server in turn: stopped, started again on its port, and back in nginx's rotation
    // before the other goes. Ready is not enough: nginx passes over a server for `fail_timeout`
    // (counted in whole seconds) after it refused a connection, and stopping the other one
    // meanwhile leaves nginx no server at all (seconds of 502s).
    let mut not_ready_seen = 0;
    for server in &mut servers {
        let port = server.port;
        let began = Instant::now();
        let before = moves();
        let (status, not_ready) = server.terminate(Duration::from_secs(10));
        assert!(status.success(), "{status}:\n{}", server.log());
        let exited = began.elapsed();
        not_ready_seen += usize::from(not_ready);
        *server = Server::start(&db, port, 0);
        let addr = server.addr();
        wait_until(Duration::from_secs(20), "the new server is ready", || {
            matches!(request(&addr, "GET", "/readyz", None), Ok((200, _)))
        });
        let ready = now_epoch();
        let readied = began.elapsed();
        wait_until(
            Duration::from_secs(20),
            "nginx sends requests to the new server",
            || nginx.served_by_since(port, ready),
        );
        let back = moves();
        eprintln!(
            "server on port {port}: exited {exited:?} after SIGTERM, ready again after \
             {readied:?}, serving through nginx after {:?}; {} moves meanwhile",
            began.elapsed(),
            back - before
        );
        // The games go on with both servers before the other one goes.
        wait_until(Duration::from_secs(20), "moves after the restart", || {
            moves() >= back + PLAYERS
        });
    }

    stop.store(true, Ordering::SeqCst);
    let played: Vec<Played> = players.into_iter().map(|p| p.join().unwrap()).collect();

    // Every acknowledged move is in the stored game, at its ply, and nothing else is.
    let mut finals = std::collections::HashMap::new();
    for (id, moves) in played.iter().flat_map(|p| &p.games) {
        let (view, _) = get_ok(&proxy, &format!("/api/games/{id}"));
        for (i, (ply, _)) in moves.iter().enumerate() {
            assert_eq!(*ply, i as u64, "{id}: acknowledged moves in order");
        }
        let expected: Vec<&str> = moves.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(view["history"], json!(expected), "{id}");
        // And every server, asked directly, gives the same view.
        for server in &servers {
            let (direct, _) = get_ok(&server.addr(), &format!("/api/games/{id}"));
            assert_eq!(
                (version(&direct), &direct["history"]),
                (version(&view), &view["history"]),
                "{id}: the server on port {} and the one nginx chose differ",
                server.port
            );
        }
        finals.insert(id.clone(), view);
    }
    let games = finals.len();
    let retried: usize = played.iter().map(|p| p.retried).sum();
    let acked_by_view: usize = played.iter().map(|p| p.acked_by_view).sum();
    let longest_move = played.iter().map(|p| p.longest_move).max().unwrap();

    // Every watcher ends with the whole game (its last messages may still be on the way).
    let watchers: Vec<(String, Arc<Mutex<Watched>>, JoinHandle<()>)> =
        played.into_iter().flat_map(|p| p.watchers).collect();
    let behind = || -> Vec<String> {
        watchers
            .iter()
            .filter_map(|(id, seen, _)| {
                let seen = seen.lock().unwrap();
                let fin = &finals[id];
                let last = seen.latest.as_ref();
                let same = last
                    .is_some_and(|v| version(v) == version(fin) && v["history"] == fin["history"]);
                (!same).then(|| {
                    let moves = |v: &Value| v["history"].as_array().map_or(0, Vec::len);
                    format!(
                        "{id}: version {:?} with {:?} moves, the store's {} with {}; sockets \
                         ended {:?}, {} reconnects",
                        last.map(version),
                        last.map(moves),
                        version(fin),
                        moves(fin),
                        seen.closes,
                        seen.reconnects
                    )
                })
            })
            .collect()
    };
    let waiting = Instant::now();
    while !behind().is_empty() {
        if waiting.elapsed() > Duration::from_secs(10) {
            let late = behind();
            let ids: Vec<&str> = late.iter().map(|l| l.split(':').next().unwrap()).collect();
            // The sockets' lines are logged as they close.
            stop_watching.store(true, Ordering::SeqCst);
            let closed = Instant::now();
            while closed.elapsed() < Duration::from_secs(2)
                && !ids.iter().all(|id| {
                    nginx
                        .log()
                        .iter()
                        .any(|f| f[5].contains(&format!("{id}/ws")))
                })
            {
                std::thread::sleep(Duration::from_millis(10));
            }
            let lines: Vec<String> = nginx
                .log()
                .into_iter()
                .filter(|f| ids.iter().any(|id| f[5].contains(id)))
                .map(|f| f.join(" | "))
                .collect();
            panic!(
                "watchers behind the stored games:\n{}\nnginx's log of them:\n{}",
                late.join("\n"),
                lines.join("\n")
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    stop_watching.store(true, Ordering::SeqCst);
    let mut closes = Vec::new();
    let (mut reconnects, mut failed_connects, mut longest_pause) = (0, 0, Duration::ZERO);
    let mut bytes = Vec::new();
    for (_, seen, handle) in watchers {
        handle.join().unwrap();
        let seen = seen.lock().unwrap();
        closes.extend(seen.closes.iter().copied());
        reconnects += seen.reconnects;
        failed_connects += seen.failed_connects;
        longest_pause = longest_pause.max(seen.longest_pause);
        bytes.extend(seen.bytes.iter().copied());
    }
    bytes.sort_unstable();
    let restarted = closes.iter().filter(|c| **c == Some(1012)).count();
    let log = nginx.log();
    let tried_twice = log.iter().filter(|f| f[2].contains(", ")).count();
    let errors = log.iter().filter(|f| f[1].starts_with('5')).count();
    eprintln!(
        "rolling restart: {games} games, {} moves acknowledged ({acked_by_view} of them by a view \
         after an error), {retried} requests tried again by the players, longest wait for a move \
         {longest_move:?}; {} sockets ended ({restarted} with 1012, {} without a close frame), \
         {reconnects} reconnects, longest pause from a socket's end to the next view \
         {longest_pause:?}, {failed_connects} failed connection attempts; nginx: {} requests, \
         {tried_twice} sent on to the second server, {errors} answered 5xx; /readyz seen 503 \
         during {not_ready_seen} of 2 shutdowns; socket messages: {} (median {} bytes, largest {})",
        moves(),
        closes.len(),
        closes.iter().filter(|c| c.is_none()).count(),
        log.len(),
        bytes.len(),
        bytes.get(bytes.len() / 2).copied().unwrap_or(0),
        bytes.last().copied().unwrap_or(0),
    );
    assert!(restarted > 0, "no socket was closed with 1012: {closes:?}");
}

/// With `--trust-proxy` naming nginx, the server takes each client's address from the
/// `X-Forwarded-For` nginx extends (so the limit on new games is kept per client, not for the
/// proxy as a whole) and the request's id from nginx; nginx's own errors are JSON.
#[test]
fn through_nginx_each_client_has_its_own_limit_the_request_id_is_nginx_s_and_errors_are_json() {
    let db = fresh_pg();
    let mut server = Server::start(&db, 0, 2);
    let nginx = Nginx::start(&[server.port]);
    let create = |client: &str| {
        request_with(
            &nginx.addr,
            "POST",
            "/api/games",
            &[("X-Forwarded-For", client)],
            Some(json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}]})),
        )
        .unwrap()
    };
    // Two games a minute for each client: the third is refused, another client's is not.
    for _ in 0..2 {
        assert_eq!(create("198.51.100.1").status, 201);
    }
    let refused = create("198.51.100.1");
    assert_eq!(refused.status, 429, "{}", refused.body);
    let other = create("198.51.100.2");
    assert_eq!(other.status, 201, "{}", other.body);

    // The answer's id is the one nginx gave the request and logged.
    let id = other
        .header("x-request-id")
        .expect("an X-Request-Id")
        .to_string();
    assert_eq!(id.len(), 32, "{id}");
    wait_until(Duration::from_secs(5), "nginx logs the request", || {
        nginx.log().iter().any(|f| f[4] == id)
    });

    // A body over 64 KiB is refused by nginx already (the server would add its request id),
    // in JSON.
    let big = json!({"game": "triangoli", "name": "x".repeat(70_000)});
    let too_large = request_with(&nginx.addr, "POST", "/api/games", &[], Some(big)).unwrap();
    assert_eq!(too_large.status, 413);
    assert!(too_large.json()["error"].is_string(), "{}", too_large.body);
    assert_eq!(
        too_large.header("x-request-id"),
        None,
        "{:?}",
        too_large.headers
    );

    // With no server up, nginx answers 502 in JSON, and says when to try again.
    let (status, _) = server.terminate(Duration::from_secs(10));
    assert!(status.success());
    let down = request_with(&nginx.addr, "GET", "/api/meta", &[], None).unwrap();
    assert_eq!(down.status, 502, "{}", down.body);
    assert!(down.json()["error"].is_string(), "{}", down.body);
    assert_eq!(down.header("retry-after"), Some("2"), "{:?}", down.headers);
}
