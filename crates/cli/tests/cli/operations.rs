//! What an operator runs the server with, tested on the real binary: health and readiness,
//! Prometheus metrics (checked by Prometheus's own `promtool`), a private metrics address,
//! reverse proxies trusted or not, JSON logs with request ids, every flag as an environment
//! variable, and a graceful shutdown (not ready, WebSockets closed with 1012, the request in
//! flight finished, exit 0).

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{read_answer, Answer};
use serde_json::{json, Value};
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::Message;

/// A `trigonal serve` whose log lines are all kept.
struct Logged {
    child: Child,
    addr: String,
    metrics: Option<String>,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Logged {
    fn start(dir: &std::path::Path, options: &[&str], env: &[(&str, &str)]) -> Logged {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trigonal"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .arg("--db")
            .arg(dir.join("trigonal.db"))
            .args(options)
            .args(if options.contains(&"--games-per-minute") {
                &[][..]
            } else {
                &["--games-per-minute", "0"][..]
            })
            .env("RUST_LOG", "info,trigonal_server=debug")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("trigonal starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let mut reader = BufReader::new(child.stderr.take().unwrap()).lines();
        let (mut addr, mut metrics) = (None, None);
        let wants_metrics = options.contains(&"--metrics-addr");
        while addr.is_none() || (wants_metrics && metrics.is_none()) {
            let line = reader
                .next()
                .expect("the server says where it listens")
                .unwrap();
            let at = line
                .split("http://")
                .nth(1)
                .map(|rest| rest.split('/').next().unwrap().to_string());
            if line.contains("Trigonal is at") {
                addr = at;
            } else if line.contains("metrics at") {
                metrics = at;
            }
            lines.lock().unwrap().push(line);
        }
        let kept = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in reader.map_while(Result::ok) {
                kept.lock().unwrap().push(line);
            }
        });
        Logged {
            child,
            addr: addr.unwrap(),
            metrics,
            lines,
        }
    }

    fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }
}

impl Drop for Logged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request, which must be answered: `body` sent as JSON (when there is one) with `headers`.
fn send(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let mut all = headers.to_vec();
    if !body.is_empty() {
        all.push(("Content-Type", "application/json"));
    }
    common::send(addr, method, path, &all, body).expect("an answer")
}

fn get(addr: &str, path: &str) -> Answer {
    send(addr, "GET", path, &[], "")
}

const HUMANS: &str = r#"{"game":"triangoli","seats":[{"kind":"human"},{"kind":"human"}]}"#;

/// Creates a game between two people; its id and seat tokens.
fn humans(addr: &str, headers: &[(&str, &str)]) -> (Answer, String, Vec<String>) {
    let answer = send(addr, "POST", "/api/games", headers, HUMANS);
    let body = answer.json();
    let id = body["id"].as_str().unwrap_or_default().to_string();
    let tokens = body["seats"]
        .as_array()
        .map(|seats| {
            seats
                .iter()
                .map(|s| s["token"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default();
    (answer, id, tokens)
}

/// Plays the first legal move of game `id`; the answer.
fn play_first(addr: &str, id: &str, tokens: &[String]) -> Answer {
    let view = get(addr, &format!("/api/games/{id}")).json();
    let seat = view["to_move"].as_u64().unwrap() as usize;
    let body = json!({"token": tokens[seat], "move": view["legal"][0], "ply": view["ply"]});
    send(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        &[],
        &body.to_string(),
    )
}

/// The value of the sample `series` (name and labels exactly as written) in a scrape.
fn sample(scrape: &str, series: &str) -> Option<f64> {
    scrape.lines().find_map(|line| {
        let rest = line.strip_prefix(series)?.strip_prefix(' ')?;
        rest.trim().parse().ok()
    })
}

fn promtool() -> String {
    for candidate in ["promtool", "/usr/bin/promtool"] {
        if Command::new(candidate).arg("--version").output().is_ok() {
            return candidate.to_string();
        }
    }
    panic!("promtool is missing: `apt-get install prometheus` (scripts/test installs it)");
}

#[test]
fn health_and_metrics_in_prometheus_text_that_promtool_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let server = Logged::start(dir.path(), &["--games-per-minute", "3"], &[]);
    let addr = &server.addr;
    let health = get(addr, "/healthz");
    assert_eq!((health.status, health.body.as_str()), (200, "ok\n"));
    let ready = get(addr, "/readyz");
    assert_eq!((ready.status, ready.json()), (200, json!({"ready": true})));

    // Two moves, a watcher, a computer move, and a refusal by the limit on new games.
    let (created, id, tokens) = humans(addr, &[]);
    assert_eq!(created.status, 201, "{}", created.body);
    for _ in 0..2 {
        assert_eq!(play_first(addr, &id, &tokens).status, 200);
    }
    let (mut ws, _) = tungstenite::connect(format!("ws://{addr}/api/games/{id}/ws")).unwrap();
    assert!(matches!(ws.read().unwrap(), Message::Text(_)));
    let computer = send(
        addr,
        "POST",
        "/api/games",
        &[],
        r#"{"game":"triangoli","seats":[{"kind":"ai","level":"random"},{"kind":"human"}]}"#,
    );
    assert_eq!(computer.status, 201);
    let computer_id = computer.json()["id"].as_str().unwrap().to_string();
    let deadline = Instant::now() + Duration::from_secs(20);
    while get(addr, &format!("/api/games/{computer_id}")).json()["ply"] != 1 {
        assert!(Instant::now() < deadline, "the computer moves");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(humans(addr, &[]).0.status, 201);
    assert_eq!(humans(addr, &[]).0.status, 429);

    let scrape = get(addr, "/metrics");
    assert_eq!(scrape.status, 200);
    assert!(
        scrape
            .header("content-type")
            .unwrap()
            .starts_with("text/plain; version=0.0.4"),
        "{:?}",
        scrape.headers
    );
    let text = &scrape.body;
    // The computer's move counts too: 3 Triangoli moves in all.
    assert_eq!(
        sample(text, r#"trigonal_moves_committed_total{game="triangoli"}"#),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(
            text,
            r#"trigonal_http_requests_total{route="/api/games/{id}/moves",method="POST",status="200"}"#
        ),
        Some(2.0),
        "{text}"
    );
    assert_eq!(
        sample(
            text,
            r#"trigonal_http_requests_total{route="/api/games",method="POST",status="429"}"#
        ),
        Some(1.0)
    );
    assert_eq!(
        sample(text, r#"trigonal_rate_limit_refusals_total{limit="games"}"#),
        Some(1.0)
    );
    assert_eq!(sample(text, "trigonal_websockets_open"), Some(1.0));
    assert_eq!(sample(text, "trigonal_live_games"), Some(3.0));
    assert_eq!(sample(text, "trigonal_computer_jobs_waiting"), Some(0.0));
    assert_eq!(sample(text, "trigonal_computer_jobs_running"), Some(0.0));
    assert_eq!(
        sample(
            text,
            r#"trigonal_search_duration_seconds_count{game="triangoli"}"#
        ),
        Some(1.0)
    );
    // Every commit: two games created are not commits; three moves are.
    assert_eq!(
        sample(text, "trigonal_store_commit_duration_seconds_count"),
        Some(3.0)
    );
    assert_eq!(
        sample(
            text,
            r#"trigonal_store_commit_duration_seconds_bucket{le="+Inf"}"#
        ),
        Some(3.0)
    );
    // No series per game or per path.
    assert!(!text.contains(&id), "{text}");

    let mut check = Command::new(promtool())
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    check
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = check.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "promtool check metrics: {}{}\n{text}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );

    // The socket going shows.
    ws.close(None).unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while sample(&get(addr, "/metrics").body, "trigonal_websockets_open") != Some(0.0) {
        assert!(Instant::now() < deadline, "the socket is counted out");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn metrics_on_a_private_address_are_not_on_the_public_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = Logged::start(dir.path(), &["--metrics-addr", "127.0.0.1:0"], &[]);
    let private = server.metrics.as_deref().unwrap();
    assert_ne!(private, server.addr);
    let public = get(&server.addr, "/metrics");
    assert_eq!(public.status, 404, "{}", public.body);
    assert!(public.json()["error"].is_string());
    let scrape = get(private, "/metrics");
    assert_eq!(scrape.status, 200);
    assert!(
        scrape.body.contains("# TYPE trigonal_live_games gauge"),
        "{}",
        scrape.body
    );
    assert_eq!(get(private, "/readyz").status, 200);
    assert_eq!(get(private, "/healthz").status, 200);
    // Nothing else is served there.
    assert_eq!(get(private, "/api/meta").status, 404);
    assert_eq!(get(&server.addr, "/api/meta").status, 200);
}

#[test]
fn forwarding_headers_from_an_untrusted_peer_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = Logged::start(dir.path(), &["--games-per-minute", "2"], &[]);
    let addr = &server.addr;
    // Each request claims another client: all are one address, sharing one bucket.
    for (i, forged) in ["198.51.100.1", "198.51.100.2", "198.51.100.3"]
        .iter()
        .enumerate()
    {
        let (answer, _, _) = humans(
            addr,
            &[
                ("X-Forwarded-For", forged),
                ("Forwarded", &format!("for={forged}")),
            ],
        );
        assert_eq!(
            answer.status,
            if i < 2 { 201 } else { 429 },
            "{}",
            answer.body
        );
    }
    // No secure cookie on its word, and no request id of its choosing.
    let signed_up = send(
        addr,
        "POST",
        "/api/accounts",
        &[
            ("X-Forwarded-Proto", "https"),
            ("X-Request-Id", "forged-id-1"),
        ],
        r#"{"name":"ann","password":"correct horse"}"#,
    );
    assert_eq!(signed_up.status, 201, "{}", signed_up.body);
    let cookie = signed_up.header("set-cookie").unwrap();
    assert!(!cookie.contains("Secure"), "{cookie}");
    let id = signed_up.header("x-request-id").unwrap();
    assert_ne!(id, "forged-id-1");
    assert_eq!(id.len(), 22, "a fresh random id: {id}");
    // The log names the peer, not the forged client.
    let logged = server.lines().join("\n");
    assert!(!logged.contains("198.51.100"), "{logged}");
    assert!(logged.contains("client=127.0.0.1"), "{logged}");
}

#[test]
fn a_trusted_proxy_names_the_client_and_logs_are_json_with_request_ids() {
    let dir = tempfile::tempdir().unwrap();
    let server = Logged::start(
        dir.path(),
        &[
            "--games-per-minute",
            "2",
            "--trust-proxy",
            "10.0.0.0/8,127.0.0.1",
            "--log-format",
            "json",
        ],
        &[],
    );
    let addr = &server.addr;
    // The client wrote 6.6.6.6 itself; the proxy (this test, at 127.0.0.1) appended the
    // address it saw. Each client has its own bucket.
    let from = |client: &str| format!("6.6.6.6, {client}");
    for i in 0..3 {
        let chain = from("198.51.100.1");
        let (answer, _, _) = humans(addr, &[("X-Forwarded-For", &chain)]);
        assert_eq!(
            answer.status,
            if i < 2 { 201 } else { 429 },
            "{}",
            answer.body
        );
    }
    let (answer, _, _) = humans(addr, &[("X-Forwarded-For", &from("198.51.100.2"))]);
    assert_eq!(answer.status, 201, "another client: {}", answer.body);
    // RFC 7239's header, through two trusted proxies.
    let (answer, _, _) = humans(addr, &[("Forwarded", "for=198.51.100.3, for=10.1.2.3")]);
    assert_eq!(answer.status, 201, "{}", answer.body);

    let signed_up = send(
        addr,
        "POST",
        "/api/accounts",
        &[
            ("X-Forwarded-Proto", "https"),
            ("X-Forwarded-For", "198.51.100.9"),
            ("X-Request-Id", "req-abc-123"),
        ],
        r#"{"name":"bob","password":"correct horse"}"#,
    );
    assert_eq!(signed_up.status, 201, "{}", signed_up.body);
    assert!(signed_up.header("set-cookie").unwrap().contains("Secure"));
    assert_eq!(signed_up.header("x-request-id"), Some("req-abc-123"));

    // Every line is one JSON object; the request's lines carry its id and its client.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mine = loop {
        let lines = server.lines();
        let parsed: Vec<Value> = lines
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        let mine: Vec<Value> = parsed
            .into_iter()
            .filter(|v| v.to_string().contains("req-abc-123"))
            .collect();
        // Until the request's last line (its status) is written: lines come as they are made.
        let finished = mine.iter().any(|l| l["fields"]["status"] == 201);
        if finished || Instant::now() > deadline {
            break mine;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(!mine.is_empty(), "the request was logged");
    for line in &mine {
        let request = line["spans"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == "request")
            .unwrap_or_else(|| panic!("{line}"));
        assert_eq!(request["request_id"], "req-abc-123", "{line}");
        assert_eq!(request["client"], "198.51.100.9", "{line}");
        assert_eq!(request["path"], "/api/accounts", "{line}");
    }
    assert!(
        mine.iter().any(|l| l["fields"]["status"] == 201),
        "{mine:?}"
    );
}

#[test]
fn every_flag_is_also_an_environment_variable() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("from-env.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_trigonal"))
        .arg("serve")
        .env("TRIGONAL_ADDR", "127.0.0.1:0")
        .env("TRIGONAL_DB", &db)
        .env("TRIGONAL_METRICS_ADDR", "127.0.0.1:0")
        .env("TRIGONAL_NO_COMPUTER", "yes")
        .env("TRIGONAL_LOG_FORMAT", "json")
        .env("TRIGONAL_TRUST_PROXY", "127.0.0.1")
        .env("TRIGONAL_GAMES_PER_MINUTE", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut at = Vec::new();
    while at.len() < 2 {
        let line = lines.next().expect("it says where it listens").unwrap();
        let json: Value = serde_json::from_str(&line).expect("JSON logs");
        if let Some(rest) = json["fields"]["message"]
            .as_str()
            .unwrap()
            .split("http://")
            .nth(1)
        {
            at.push(rest.split('/').next().unwrap().to_string());
        }
    }
    std::thread::spawn(move || lines.for_each(drop));
    assert!(db.exists(), "the database is where TRIGONAL_DB says");
    assert_eq!(get(&at[1], "/metrics").status, 200);
    assert_eq!(get(&at[0], "/metrics").status, 404);
    let first = humans(&at[0], &[("X-Forwarded-For", "198.51.100.1")]).0;
    assert_eq!(first.status, 201);
    let again = humans(&at[0], &[("X-Forwarded-For", "198.51.100.1")]).0;
    assert_eq!(again.status, 429, "TRIGONAL_GAMES_PER_MINUTE=1");
    let other = humans(&at[0], &[("X-Forwarded-For", "198.51.100.2")]).0;
    assert_eq!(other.status, 201, "TRIGONAL_TRUST_PROXY believed");
    child.kill().unwrap();
    child.wait().unwrap();

    // A bad value is named, and nothing starts.
    let out = Command::new(env!("CARGO_BIN_EXE_trigonal"))
        .arg("serve")
        .env("TRIGONAL_TRUST_PROXY", "10.0.0.0/99")
        .env("TRIGONAL_DB", dir.path().join("never.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("\"10.0.0.0/99\" is not an address"), "{err}");
    assert!(!dir.path().join("never.db").exists());
}

#[test]
fn sigterm_closes_sockets_with_1012_finishes_the_request_in_flight_and_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let server = Logged::start(
        dir.path(),
        &["--metrics-addr", "127.0.0.1:0", "--shutdown-grace", "10"],
        &[],
    );
    let (addr, private) = (server.addr.clone(), server.metrics.clone().unwrap());
    let (_, id, tokens) = humans(&addr, &[]);
    let (mut ws, _) = tungstenite::connect(format!("ws://{addr}/api/games/{id}/ws")).unwrap();
    assert!(matches!(ws.read().unwrap(), Message::Text(_)));
    let first = get(&addr, &format!("/api/games/{id}")).json();
    // A move whose body is still arriving when the signal comes.
    let body = json!({"token": tokens[0], "move": first["legal"][0], "ply": 0}).to_string();
    let (start, end) = body.split_at(body.len() / 2);
    let mut slow = TcpStream::connect(&addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        slow,
        "POST /api/games/{id}/moves HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{start}",
        body.len()
    )
    .unwrap();
    slow.flush().unwrap();
    std::thread::sleep(Duration::from_millis(100));

    server.terminate();
    // Not ready at once (asked where it is still served: the private address).
    let deadline = Instant::now() + Duration::from_secs(5);
    let not_ready = loop {
        let answer = get(&private, "/readyz");
        if answer.status == 503 {
            break answer.json();
        }
        assert!(Instant::now() < deadline, "not ready after SIGTERM");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(
        not_ready,
        json!({"ready": false, "reason": "shutting down"})
    );
    // The watcher is told the service restarts.
    let close = loop {
        match ws.read() {
            Ok(Message::Close(frame)) => break frame,
            Ok(_) => continue,
            Err(e) => panic!("no close frame: {e}"),
        }
    };
    let close = close.expect("a close frame with a code");
    assert_eq!(close.code, CloseCode::Restart, "{close:?}");
    assert_eq!(u16::from(close.code), 1012);
    // New connections are refused: a balancer sends them to another process.
    assert!(TcpStream::connect(&addr).is_err(), "still listening");
    // The request in flight finishes, and is answered.
    slow.write_all(end.as_bytes()).unwrap();
    let answer = read_answer(slow).unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["ply"], 1);
    // Then the process exits, with 0.
    let mut child = server;
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the process exits");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(0));
    // What it acknowledged is stored.
    let again = Logged::start(dir.path(), &[], &[]);
    let view = get(&again.addr, &format!("/api/games/{id}")).json();
    assert_eq!(view["history"][0], first["legal"][0]);
    drop(child);
}

#[test]
fn a_worker_serves_its_health_and_metrics_on_its_own_address() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trigonal.db");
    let mut worker = Command::new(env!("CARGO_BIN_EXE_trigonal"))
        .args([
            "worker",
            "--threads",
            "1",
            "--metrics-addr",
            "127.0.0.1:0",
            "--db",
        ])
        .arg(&db)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(worker.stderr.take().unwrap()).lines();
    let at = loop {
        let line = lines.next().expect("the worker says where").unwrap();
        if let Some(rest) = line.split("http://").nth(1) {
            break rest.split('/').next().unwrap().to_string();
        }
    };
    std::thread::spawn(move || lines.for_each(drop));
    assert_eq!(get(&at, "/healthz").status, 200);
    assert_eq!(get(&at, "/readyz").json(), json!({"ready": true}));
    let scrape = get(&at, "/metrics").body;
    assert_eq!(
        sample(&scrape, "trigonal_computer_jobs_running"),
        Some(0.0),
        "{scrape}"
    );
    assert_eq!(get(&at, "/api/meta").status, 404, "a worker serves no API");
    Command::new("kill")
        .args(["-TERM", &worker.id().to_string()])
        .status()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = worker.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the worker exits");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(0));
}
