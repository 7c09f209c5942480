//! Several `trigonal serve` processes (and a `trigonal worker`) on one PostgreSQL database, as a
//! site behind a load balancer runs them: live updates cross processes, races between processes
//! end with one winner, a process killed under load loses nothing acknowledged and its computer
//! games go on elsewhere, and a database outage is a 503 the servers recover from by themselves.

use crate::common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::{mpsc, Arc, Barrier};
use std::time::{Duration, Instant};

use common::{fresh_pg, request, request_with, stderr, trigonal, Serve, Watch};
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::Message;

type Ws = Watch;

fn create(server: &Serve, seats: Value) -> (String, Vec<Option<String>>) {
    let (status, body) = server.post("/api/games", json!({"game": "triangoli", "seats": seats}));
    assert_eq!(status, 201, "{body}");
    let mut tokens = vec![None; 2];
    for s in body["seats"].as_array().unwrap() {
        tokens[s["seat"].as_u64().unwrap() as usize] = Some(s["token"].as_str().unwrap().into());
    }
    (body["id"].as_str().unwrap().to_string(), tokens)
}

fn humans(server: &Serve) -> (String, Vec<String>) {
    let (id, tokens) = create(server, json!([{"kind": "human"}, {"kind": "human"}]));
    (id, tokens.into_iter().map(Option::unwrap).collect())
}

fn view(server: &Serve, id: &str) -> Value {
    let (status, view) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{view}");
    view
}

fn play(server: &Serve, id: &str, token: &str, mv: &Value, ply: &Value) -> (u16, Value) {
    server.post(
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv, "ply": ply}),
    )
}

fn watch(server: &Serve, id: &str) -> Ws {
    Watch::open(&server.addr, id)
}

/// The view after the next message on `ws` that changes it.
fn next_view(ws: &mut Ws) -> Value {
    ws.next_view()
}

fn three(db: &str) -> [Serve; 3] {
    [Serve::start(db), Serve::start(db), Serve::start(db)]
}

#[test]
fn a_move_posted_to_one_process_reaches_watchers_on_the_others_every_ply_in_order() {
    let db = fresh_pg();
    let servers = three(&db);
    let (id, tokens) = humans(&servers[0]);
    let mut watchers = [watch(&servers[1], &id), watch(&servers[2], &id)];
    for w in &mut watchers {
        assert_eq!(next_view(w)["ply"], 0);
    }
    let mut expected = Vec::new();
    for ply in 0..12u64 {
        let poster = &servers[(ply % 3) as usize];
        let v = view(poster, &id);
        let mv = v["legal"][(ply as usize * 7) % v["legal"].as_array().unwrap().len()].clone();
        let seat = v["to_move"].as_u64().unwrap() as usize;
        let (status, after) = play(poster, &id, &tokens[seat], &mv, &v["ply"]);
        assert_eq!(status, 200, "{after}");
        expected.push((mv, after["version"].clone()));
    }
    // Every watcher, on either other process, saw every ply, in order, with its moves (one
    // change may bring several, played meanwhile), each time at the version the poster's
    // process answered.
    for w in &mut watchers {
        let mut ply = 0;
        while ply < 12 {
            let v = next_view(w);
            let now = v["ply"].as_u64().unwrap() as usize;
            assert!(now > ply, "the moves go forward: {ply} then {now}");
            ply = now;
            let moves: Vec<&Value> = expected[..ply].iter().map(|(mv, _)| mv).collect();
            assert_eq!(
                v["history"].as_array().unwrap().iter().collect::<Vec<_>>(),
                moves
            );
            assert_eq!(v["version"], expected[ply - 1].1);
        }
    }
}

#[test]
fn two_moves_for_one_ply_on_two_processes_end_in_one_200_and_one_409() {
    let db = fresh_pg();
    let servers = Arc::new(three(&db));
    let (id, tokens) = humans(&servers[0]);
    for round in 0..20u64 {
        let v = view(&servers[2], &id);
        if v["to_move"].is_null() {
            break;
        }
        assert_eq!(v["ply"], round);
        let legal = v["legal"].as_array().unwrap().clone();
        let token = tokens[v["to_move"].as_u64().unwrap() as usize].clone();
        let barrier = Arc::new(Barrier::new(2));
        let racers: Vec<_> = [(0, legal[0].clone()), (1, legal[legal.len() - 1].clone())]
            .into_iter()
            .map(|(s, mv)| {
                let (servers, barrier, id, token) = (
                    Arc::clone(&servers),
                    Arc::clone(&barrier),
                    id.clone(),
                    token.clone(),
                );
                std::thread::spawn(move || {
                    barrier.wait();
                    play(&servers[s], &id, &token, &mv, &json!(round)).0
                })
            })
            .collect();
        let mut statuses: Vec<u16> = racers.into_iter().map(|r| r.join().unwrap()).collect();
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}");
    }
    assert_eq!(view(&servers[1], &id)["ply"], 20);
}

#[test]
fn an_open_seat_joined_on_two_processes_at_once_is_taken_once() {
    let db = fresh_pg();
    let servers = Arc::new(three(&db));
    for round in 0..20 {
        let (id, _) = create(&servers[0], json!([{"kind": "human"}, {"kind": "open"}]));
        let barrier = Arc::new(Barrier::new(2));
        let joiners: Vec<_> = [1, 2]
            .into_iter()
            .map(|s| {
                let (servers, barrier, id) =
                    (Arc::clone(&servers), Arc::clone(&barrier), id.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    servers[s].post(&format!("/api/games/{id}/join"), json!({"seat": 1}))
                })
            })
            .collect();
        let mut results: Vec<(u16, Value)> =
            joiners.into_iter().map(|j| j.join().unwrap()).collect();
        results.sort_by_key(|r| r.0);
        assert_eq!((results[0].0, results[1].0), (200, 409), "round {round}");
        // The token handed out is the seat's, on every process.
        let token = results[0].1["token"].as_str().unwrap();
        let v = view(&servers[0], &id);
        assert_eq!(v["seats"][1]["taken"], true);
        let (status, body) = play(&servers[2], &id, token, &v["legal"][0], &json!(0));
        assert_eq!(status, 403, "seat 0 moves first: {body}");
        assert!(body["error"].as_str().unwrap().contains("not your turn"));
    }
}

/// Players hammer two games on all three processes; computer-only games run meanwhile. One
/// process is killed with SIGKILL: every move any process acknowledged is in the database, and
/// the computer games go on on the other two.
#[test]
fn a_process_killed_under_load_loses_nothing_and_its_computer_games_go_on() {
    let db = fresh_pg();
    let [s0, s1, s2] = three(&db);
    let addrs = [s0.addr.clone(), s1.addr.clone(), s2.addr.clone()];
    let computer: Vec<String> = (0..4)
        .map(|_| {
            create(
                &s2,
                json!([{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]),
            )
            .0
        })
        .collect();
    let games: Vec<(String, Vec<String>)> = (0..2).map(|_| humans(&s0)).collect();

    // Each mover plays its game through every process in turn, recording what was acknowledged.
    let (acked_tx, acked_rx) = mpsc::channel::<(usize, u64, String)>();
    let movers: Vec<_> = games
        .iter()
        .cloned()
        .enumerate()
        .map(|(g, (id, tokens))| {
            let (addrs, acked) = (addrs.clone(), acked_tx.clone());
            std::thread::spawn(move || {
                let started = Instant::now();
                let mut i = 0usize;
                while started.elapsed() < Duration::from_secs(6) {
                    i += 1;
                    let addr = &addrs[i % 3];
                    let Ok((200, v)) = request(addr, "GET", &format!("/api/games/{id}"), None)
                    else {
                        continue; // The killed process.
                    };
                    let Some(seat) = v["to_move"].as_u64() else {
                        return;
                    };
                    let legal = v["legal"].as_array().unwrap();
                    let mv = legal[(i * 7) % legal.len()].as_str().unwrap().to_string();
                    let body = json!({"token": tokens[seat as usize], "move": mv, "ply": v["ply"]});
                    if let Ok((200, _)) =
                        request(addr, "POST", &format!("/api/games/{id}/moves"), Some(body))
                    {
                        acked.send((g, v["ply"].as_u64().unwrap(), mv)).unwrap();
                    }
                }
            })
        })
        .collect();
    drop(acked_tx);
    std::thread::sleep(Duration::from_secs(2));
    s2.kill();
    let killed = Instant::now();
    let plies_at_kill: Vec<u64> = computer
        .iter()
        .map(|id| view(&s0, id)["ply"].as_u64().unwrap())
        .collect();
    for m in movers {
        m.join().unwrap();
    }
    let acked: Vec<(usize, u64, String)> = acked_rx.iter().collect();
    assert!(acked.len() > 10, "the load was real: {} moves", acked.len());
    for (g, ply, mv) in &acked {
        let v = view(&s1, &games[*g].0);
        assert_eq!(
            v["history"][*ply as usize].as_str(),
            Some(mv.as_str()),
            "game {g} ply {ply}"
        );
    }

    // Every computer game moves on (or is over) on the processes left.
    let mut recovered = vec![None; computer.len()];
    while recovered.iter().any(Option::is_none) {
        for (i, id) in computer.iter().enumerate() {
            let v = view(&s0, id);
            if recovered[i].is_none()
                && (v["ply"].as_u64().unwrap() >= plies_at_kill[i] + 2 || v["to_move"].is_null())
            {
                recovered[i] = Some(killed.elapsed());
            }
        }
        assert!(
            killed.elapsed() < Duration::from_secs(30),
            "computer games stalled after the kill: {recovered:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!("computer games moving again after the kill: {recovered:?}");
}

/// With `--no-computer` on every server, a `trigonal worker` plays the computer's seats.
#[test]
fn a_worker_plays_the_computer_when_the_servers_do_not() {
    let db = fresh_pg();
    let server = Serve::start_with(&db, &["--no-computer"]);
    let (id, _) = create(
        &server,
        json!([{"kind": "ai", "level": "easy"}, {"kind": "human"}]),
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(view(&server, &id)["ply"], 0, "nobody computes yet");
    let mut ws = watch(&server, &id);
    assert_eq!(next_view(&mut ws)["ply"], 0);
    let mut worker = Command::new(env!("CARGO_BIN_EXE_trigonal"))
        .args(["worker", "--threads", "1", "--db", &db])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The worker's move reaches the server's watcher.
    let v = next_view(&mut ws);
    assert_eq!(
        (v["ply"].as_u64(), v["movers"][0].as_u64()),
        (Some(1), Some(0))
    );
    let _ = worker.kill();
    let _ = worker.wait();
}

/// The scripts/pg helper of this repository.
fn pg_script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/pg")
}

fn pg(args: &[&str]) -> String {
    let out = Command::new("bash")
        .arg(pg_script())
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "scripts/pg {args:?}: {}",
        stderr(&out)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A PostgreSQL of its own (it is stopped and started again), removed at the end.
struct OwnPg {
    url: String,
    dir: String,
}

impl OwnPg {
    fn start() -> OwnPg {
        let out = pg(&["start"]);
        let value = |name: &str| {
            out.lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")))
                .unwrap()
                .to_string()
        };
        OwnPg {
            url: value("TRIGONAL_TEST_PG"),
            dir: value("TRIGONAL_PG_DIR"),
        }
    }
}

impl Drop for OwnPg {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(pg_script())
            .args(["stop", &self.dir])
            .output();
    }
}

#[test]
fn a_database_outage_is_a_503_and_the_servers_recover_by_themselves() {
    let pg_server = OwnPg::start();
    let servers = [Serve::start(&pg_server.url), Serve::start(&pg_server.url)];
    let (id, tokens) = humans(&servers[0]);
    let mut ws = watch(&servers[1], &id);
    assert_eq!(next_view(&mut ws)["ply"], 0);

    let v = view(&servers[0], &id);
    assert_eq!(servers[0].get("/readyz"), (200, json!({"ready": true})));
    pg(&["halt", &pg_server.dir]);
    // A load balancer asking is told within 2 s that this process should not be sent requests,
    // and why; the process itself is still alive.
    let asked = Instant::now();
    let (status, body) = servers[0].get("/readyz");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!((status, &body["ready"]), (503, &json!(false)), "{body}");
    assert!(
        body["reason"].as_str().unwrap().contains("database"),
        "{body}"
    );
    assert_eq!(
        common::request(&servers[0].addr, "GET", "/healthz", None)
            .unwrap()
            .0,
        200
    );
    // A scrape waits on no database: the queue's figure is left as it was.
    let asked = Instant::now();
    let (status, _) = servers[0].get("/metrics");
    assert_eq!(status, 200);
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "{:?}",
        asked.elapsed()
    );
    // Reads too need the database (they show what it holds).
    let (status, body) = servers[0].get(&format!("/api/games/{id}"));
    assert_eq!(status, 503, "{body}");
    let (status, body) = play(&servers[0], &id, &tokens[0], &v["legal"][0], &json!(0));
    assert_eq!(status, 503, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("database is unavailable"),
        "{body}"
    );
    let (status, body) = servers[1].post(
        "/api/games",
        json!({"game": "triangoli", "seats": [{"kind": "human"}, {"kind": "human"}]}),
    );
    assert_eq!(status, 503, "{body}");

    pg(&["resume", &pg_server.dir]);
    // Nothing was committed meanwhile; once the database is back, the same move goes through,
    // and the watcher on the other process sees it.
    let back = Instant::now();
    loop {
        let (status, body) = play(&servers[0], &id, &tokens[0], &v["legal"][0], &json!(0));
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "{body}");
        assert!(back.elapsed() < Duration::from_secs(20), "no recovery");
        std::thread::sleep(Duration::from_millis(200));
    }
    eprintln!(
        "moves accepted again {:?} after the database came back",
        back.elapsed()
    );
    assert_eq!(servers[0].get("/readyz"), (200, json!({"ready": true})));
    let seen = next_view(&mut ws);
    assert_eq!(
        (seen["ply"].as_u64(), &seen["history"][0]),
        (Some(1), &v["legal"][0])
    );
}

#[test]
fn an_unreachable_database_or_unknown_scheme_at_start_is_one_line_and_exit_1() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    for (db, says) in [
        (
            format!("postgres://postgres@127.0.0.1:{port}/x"),
            "cannot reach PostgreSQL",
        ),
        (
            "redis://localhost/0".to_string(),
            "unknown scheme \"redis\"",
        ),
    ] {
        for command in ["serve", "worker"] {
            let out = trigonal(&[command, "--db", &db], "");
            assert_eq!(out.status.code(), Some(1), "{command} {db}");
            let err = stderr(&out);
            assert!(err.contains(says), "{err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
    }
}

/// The process that made a game's last computer move, as the database records it.
fn computer_owner(db: &str, id: &str) -> Option<String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let (client, connection) = tokio_postgres::connect(db, tokio_postgres::NoTls)
                .await
                .unwrap();
            tokio::spawn(connection);
            client
                .query_one("SELECT computer_owner FROM games WHERE id = $1", &[&id])
                .await
                .unwrap()
                .get(0)
        })
}

/// With three processes able to compute, a computer seat's moves are all made by one of them
/// (the one that keeps its search), though the person's moves go through all three.
#[test]
fn a_computer_seat_keeps_to_the_process_that_plays_it() {
    let db = fresh_pg();
    let servers = three(&db);
    let (id, tokens) = create(
        &servers[0],
        json!([{"kind": "human"}, {"kind": "ai", "level": "easy"}]),
    );
    let token = tokens[0].clone().unwrap();
    let mut owners = std::collections::BTreeSet::new();
    for i in 0..6 {
        let server = &servers[i % 3];
        let started = Instant::now();
        let v = loop {
            let v = view(server, &id);
            if v["to_move"] == 0 || v["to_move"].is_null() {
                break v;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the computer answers"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        if v["to_move"].is_null() {
            break;
        }
        if i > 0 {
            owners.insert(computer_owner(&db, &id).expect("the computer moved"));
        }
        // Vary the person's moves, within however many the position allows (the easy
        // computer's replies can leave fewer than `i * 3`).
        let legal = v["legal"].as_array().expect("the person has moves");
        let (status, body) = play(server, &id, &token, &legal[i * 3 % legal.len()], &v["ply"]);
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(owners.len(), 1, "{owners:?}");
}

/// Sends `{"token": token}` on a player's socket: its seat is shown present.
fn hello(ws: &mut Ws, token: &str) {
    ws.socket
        .send(Message::Text(json!({"token": token}).to_string().into()))
        .unwrap();
}

/// Views from `ws` until one satisfies `done` (each within 20 s; at most `limit` views).
fn view_until(ws: &mut Ws, limit: usize, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..limit {
        let v = next_view(ws);
        if done(&v) {
            return v;
        }
    }
    panic!("no view of the kind awaited in {limit}");
}

/// `server`'s view of game `id` once it satisfies `done`, asking every 20 ms for up to 5 s:
/// another process hears a change a moment after the one that made it.
fn view_soon(server: &Serve, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let v = view(server, id);
        if done(&v) {
            return v;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the process's view never came to what was awaited: {v}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_player_on_one_process_is_shown_present_on_the_others_until_their_process_dies() {
    let db = fresh_pg();
    let [s0, s1, s2] = three(&db);
    let (id, tokens) = humans(&s0);
    let mut watcher = watch(&s0, &id);
    assert_eq!(next_view(&mut watcher)["seats"][1]["present"], false);

    // Seat 1 opens the game through another process: the watcher sees it present.
    let mut player = watch(&s1, &id);
    next_view(&mut player);
    hello(&mut player, &tokens[1]);
    let v = view_until(&mut watcher, 3, |v| v["seats"][1]["present"] == true);
    assert_eq!(v["seats"][0]["present"], false);
    view_soon(&s2, &id, |v| v["seats"][1]["present"] == true);
    // It closes the page: away, on every process.
    player.socket.close(None).unwrap();
    let _ = player.socket.flush();
    view_until(&mut watcher, 3, |v| v["seats"][1]["present"] == false);

    // Seat 0 opens it through s2, whose process then dies without closing anything: the
    // presence it recorded lapses (within its 30 s lifetime and a sweep every 10 s).
    let mut player = watch(&s2, &id);
    next_view(&mut player);
    hello(&mut player, &tokens[0]);
    view_until(&mut watcher, 3, |v| v["seats"][0]["present"] == true);
    let killed = Instant::now();
    s2.kill();
    drop(player);
    if let MaybeTlsStream::Plain(s) = watcher.socket.get_mut() {
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    }
    let v = view_until(&mut watcher, 3, |v| v["seats"][0]["present"] == false);
    assert_eq!(v["seats"][1]["present"], false);
    assert!(
        killed.elapsed() < Duration::from_secs(45),
        "{:?}",
        killed.elapsed()
    );
    view_soon(&s1, &id, |v| v["seats"][0]["present"] == false);
}

#[test]
fn a_rematch_asked_on_two_processes_at_once_is_one_game_and_answers_race_to_one_state() {
    let db = fresh_pg();
    let servers = Arc::new(three(&db));
    for round in 0..5 {
        let (id, tokens) = humans(&servers[0]);
        let v = view(&servers[0], &id);
        play(&servers[0], &id, &tokens[0], &v["legal"][round], &json!(0));
        let v = view(&servers[1], &id);
        play(&servers[1], &id, &tokens[1], &v["legal"][round], &json!(1));

        // Seat 0 asks to take its move back; seat 1 accepts on one process and declines on
        // another at the same instant: one wins, and every process shows its effect.
        let (status, asked) = servers[2].post(
            &format!("/api/games/{id}/undo"),
            json!({"token": tokens[0]}),
        );
        assert_eq!(status, 200, "{asked}");
        let barrier = Arc::new(Barrier::new(2));
        let answers: Vec<_> = [(0, true), (1, false)]
            .into_iter()
            .map(|(s, accept)| {
                let (servers, barrier, id, token) = (
                    Arc::clone(&servers),
                    Arc::clone(&barrier),
                    id.clone(),
                    tokens[1].clone(),
                );
                std::thread::spawn(move || {
                    barrier.wait();
                    servers[s]
                        .post(
                            &format!("/api/games/{id}/undo/answer"),
                            json!({"token": token, "accept": accept}),
                        )
                        .0
                })
            })
            .collect();
        let statuses: Vec<u16> = answers.into_iter().map(|a| a.join().unwrap()).collect();
        let mut sorted = statuses.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [200, 409], "round {round}");
        let ply = if statuses[0] == 200 { 0 } else { 2 };
        for s in servers.iter() {
            let v = view(s, &id);
            assert_eq!(v["ply"], ply, "round {round}");
            assert_eq!(v["takeback"], Value::Null);
        }

        // Seat 1 resigns; both ask for a rematch at once, on two processes: one game.
        servers[0].post(
            &format!("/api/games/{id}/resign"),
            json!({"token": tokens[1]}),
        );
        let barrier = Arc::new(Barrier::new(2));
        let asks: Vec<_> = [(1, 0), (2, 1)]
            .into_iter()
            .map(|(s, seat)| {
                let (servers, barrier, id, token) = (
                    Arc::clone(&servers),
                    Arc::clone(&barrier),
                    id.clone(),
                    tokens[seat].clone(),
                );
                std::thread::spawn(move || {
                    barrier.wait();
                    servers[s].post(&format!("/api/games/{id}/rematch"), json!({"token": token}))
                })
            })
            .collect();
        let answers: Vec<(u16, Value)> = asks.into_iter().map(|a| a.join().unwrap()).collect();
        assert_eq!(answers[0].0, 200, "{}", answers[0].1);
        assert_eq!(answers[1].0, 200, "{}", answers[1].1);
        assert_eq!(answers[0].1["id"], answers[1].1["id"], "round {round}");
        assert_eq!(answers[0].1["seat"], 1);
        assert_eq!(answers[1].1["seat"], 0);
        let new = answers[0].1["id"].as_str().unwrap();
        let v = view(&servers[0], new);
        assert_eq!(v["seats"][0]["taken"], true);
        assert_eq!(v["seats"][1]["taken"], true);
        // The new seats play.
        let (status, _) = play(
            &servers[2],
            new,
            answers[1].1["token"].as_str().unwrap(),
            &v["legal"][0],
            &json!(0),
        );
        assert_eq!(status, 200);
    }
}

/// Signs up `name` through `server`: its session cookie (`name=value`).
fn sign_up(server: &Serve, name: &str) -> String {
    let body = json!({"name": name, "password": "a long password"});
    let a = request_with(&server.addr, "POST", "/api/accounts", &[], Some(body)).unwrap();
    assert_eq!(a.status, 201);
    let (_, cookie) = a.headers.iter().find(|(k, _)| k == "set-cookie").unwrap();
    cookie.split(';').next().unwrap().to_string()
}

#[test]
fn a_seek_accepted_on_three_processes_at_once_becomes_one_game() {
    let db = fresh_pg();
    let servers = Arc::new(three(&db));
    let seeker = sign_up(&servers[0], "seeker");
    let takers: Vec<String> = (0..6)
        .map(|i| sign_up(&servers[i % 3], &format!("taker{i}")))
        .collect();
    for round in 0..4 {
        let made = request_with(
            &servers[round % 3].addr,
            "POST",
            "/api/seeks",
            &[("Cookie", &seeker)],
            Some(json!({"game": "triangoli"})),
        )
        .unwrap();
        assert_eq!(made.status, 201);
        let id = made.json()["id"].as_str().unwrap().to_string();
        let barrier = Arc::new(Barrier::new(takers.len()));
        let answers: Vec<(u16, Value)> = takers
            .iter()
            .enumerate()
            .map(|(i, cookie)| {
                let (servers, barrier, id, cookie) = (
                    Arc::clone(&servers),
                    Arc::clone(&barrier),
                    id.clone(),
                    cookie.clone(),
                );
                std::thread::spawn(move || {
                    let path = format!("/api/seeks/{id}/accept");
                    barrier.wait();
                    let a = request_with(
                        &servers[i % 3].addr,
                        "POST",
                        &path,
                        &[("Cookie", &cookie)],
                        None,
                    )
                    .unwrap();
                    (a.status, a.json())
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect();
        let started: Vec<&Value> = answers
            .iter()
            .filter(|(s, _)| *s == 200)
            .map(|(_, b)| b)
            .collect();
        assert_eq!(started.len(), 1, "round {round}: {answers:?}");
        for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
            assert_eq!(
                (*status, body["code"].as_str()),
                (409, Some("seek-full")),
                "{body}"
            );
        }
        // The one game, seen alike from every process.
        let game = started[0]["game"]["game"].as_str().unwrap();
        for server in servers.iter() {
            let v = view(server, game);
            assert_eq!(v["seats"][0]["name"], "seeker");
        }
    }
}
