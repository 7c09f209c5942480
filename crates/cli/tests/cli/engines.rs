//! Outside engines (docs/engine-protocol.md) through the real binary: the example bots in every
//! game at every number of players, `trigonal engine` as an engine, and every way an engine can
//! fail — each a forfeit with its reason, the series going on, no process left behind.

use crate::common;

use std::path::{Path, PathBuf};

use common::{stderr, stdout, trigonal};
use serde_json::{json, Value};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Python example bot, as an agent.
fn python_bot() -> String {
    format!(
        "cmd:python3 {}",
        root().join("examples/bots/random_bot.py").display()
    )
}

/// The Rust example bot, built by `bash scripts/test` (`cargo build -p trigonal-random-bot`).
fn rust_bot() -> String {
    let bot = Path::new(env!("CARGO_BIN_EXE_trigonal")).with_file_name("random-bot");
    assert!(
        bot.exists(),
        "{} is missing: build it with `cargo build -p trigonal-random-bot` (scripts/test does)",
        bot.display()
    );
    format!("cmd:{}", bot.display())
}

/// Runs an arena series and returns its JSON summary.
fn arena(game: &str, agents: &[String], games: usize, extra: &[&str]) -> Value {
    let agents = agents.join(",");
    let games = games.to_string();
    let mut args = vec![
        "arena", game, "--agents", &agents, "--games", &games, "--json",
    ];
    args.extend_from_slice(extra);
    let o = trigonal(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(stdout(&o).trim()).unwrap()
}

#[test]
fn the_example_bots_play_every_game_at_every_number_of_players() {
    for (game, players) in [
        ("triangoli", 2),
        ("triangular", 2),
        ("four-triangles", 2),
        ("four-triangles", 3),
        ("four-triangles", 4),
        ("triangle-game", 3),
    ] {
        let mut agents = vec![python_bot()];
        agents.extend((1..players).map(|_| "random".to_string()));
        let players = players.to_string();
        let summary = arena(game, &agents, 2, &["--players", &players]);
        assert_eq!(summary["games"], 2, "{game}");
        assert_eq!(
            summary["forfeits"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| **f != 0)
                .count(),
            0,
            "{game}: {summary}"
        );
    }
    let summary = arena("triangoli", &[rust_bot(), "random".into()], 2, &[]);
    assert_eq!(summary["forfeits"], json!([0, 0]), "{summary}");
}

#[test]
fn trigonal_engine_speaks_the_protocol_as_an_engine() {
    let own = format!("cmd:{} engine --level easy", env!("CARGO_BIN_EXE_trigonal"));
    let summary = arena(
        "triangle-game",
        &[own.clone(), "random".into(), python_bot()],
        3,
        &[],
    );
    assert_eq!(summary["forfeits"], json!([0, 0, 0]), "{summary}");
    // Easy beats the random players most of the time; at least it scores.
    assert!(summary["score"][0].as_f64().unwrap() > 0.0, "{summary}");

    // Its answers, line by line.
    let o = trigonal(
        &["engine", "--level", "random"],
        "tep 1\nnewgame triangoli players 2 seat 1\nisready\nposition c3\nlegal x\n\
         go movetime 50\nbogus\nquit\n",
    );
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "id name Trigonal ai:random",
            "id author the Trigonal team",
            "tepok",
            "readyok"
        ]
    );
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let legal = trigonal(&["moves", "triangoli", "--record", "-"], "c3\n");
    assert!(stdout(&legal).lines().any(|m| m == best), "{best}");
    assert!(stderr(&o).contains("ignored: bogus"), "{}", stderr(&o));
}

/// A bot in Python whose answer to `go` is `on_go` (other lines as the example answers them).
fn bot(dir: &Path, name: &str, on_go: &str, on_tep: &str) -> String {
    let path = dir.join(format!("{name}.py"));
    std::fs::write(
        &path,
        format!(
            "import sys, time\n\
             for line in sys.stdin:\n\
             \x20   w = line.split()\n\
             \x20   if not w: continue\n\
             \x20   if w[0] == 'tep':\n\
             \x20       {on_tep}\n\
             \x20   elif w[0] == 'isready': print('readyok', flush=True)\n\
             \x20   elif w[0] == 'go':\n\
             \x20       {on_go}\n"
        ),
    )
    .unwrap();
    format!("cmd:python3 {} {}", path.display(), marker(name))
}

/// A word on the command line of the test bot `name`, to find its processes by.
fn marker(name: &str) -> String {
    format!("trigonal-test-bot-{name}-{}", std::process::id())
}

/// What a failing engine answers to `tep` when it answers it properly.
const TEPOK: &str = "print('id name t\\ntepok', flush=True)";

/// Two games of Triangoli between the random player and an engine answering `go` with `on_go`
/// and `tep` with `on_tep`: the engine forfeits both, saying `reason`, and the series goes on.
/// No engine outlives the arena.
fn forfeits(name: &str, on_go: &str, on_tep: &str, reason: &str) {
    let dir = tempfile::tempdir().unwrap();
    let agent = bot(dir.path(), name, on_go, on_tep);
    let o = trigonal(
        &[
            "arena",
            "triangoli",
            "--agents",
            &format!("{agent},random"),
            "--games",
            "2",
        ],
        "",
    );
    assert!(o.status.success(), "{name}: {}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("forfeited 2 game(s)"), "{name}: {text}");
    assert!(text.contains(reason), "{name}: {text}");
    assert!(
        text.contains("random") && text.contains("2 games"),
        "{name}: {text}"
    );
    no_engine_left(name);
}

/// No process of the test bot `name` is running.
fn no_engine_left(name: &str) {
    let left = std::process::Command::new("pgrep")
        .args(["-f", &marker(name)])
        .output()
        .unwrap();
    assert!(
        left.stdout.is_empty(),
        "left behind: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}

#[test]
fn an_engine_that_names_an_illegal_move_forfeits() {
    forfeits(
        "illegal",
        "print('bestmove zz99', flush=True)",
        TEPOK,
        "not a legal move",
    );
}

#[test]
fn an_engine_that_stays_silent_forfeits() {
    forfeits(
        "silent",
        "time.sleep(30)",
        TEPOK,
        "did not answer `go` in time",
    );
}

#[test]
fn an_engine_that_crashes_forfeits() {
    forfeits("crash", "sys.exit(3)", TEPOK, "exited");
}

#[test]
fn an_engine_that_floods_its_output_forfeits() {
    forfeits(
        "flood",
        "while True: print('x' * 100, flush=True)",
        TEPOK,
        "did not answer `go` in time",
    );
}

#[test]
fn an_engine_that_writes_a_huge_line_forfeits() {
    forfeits(
        "huge",
        "print('x' * 100000, flush=True)",
        TEPOK,
        "longer than 65536 bytes",
    );
}

#[test]
fn an_engine_that_writes_bytes_not_utf8_forfeits() {
    forfeits(
        "binary",
        "sys.stdout.buffer.write(b'\\xff\\xfe\\n'); sys.stdout.flush()",
        TEPOK,
        "not UTF-8",
    );
}

#[test]
fn an_engine_that_never_answers_tep_forfeits() {
    forfeits(
        "no-tepok",
        "pass",
        "time.sleep(30)",
        "did not answer `tep 1` in time",
    );
}

#[test]
fn with_three_players_the_series_goes_on_with_the_computer_in_a_failed_engines_seat() {
    // The computer cannot win there: the failed engine's seat scores nothing.
    let dir = tempfile::tempdir().unwrap();
    let agent = bot(
        dir.path(),
        "illegal3",
        "print('bestmove zz99', flush=True)",
        TEPOK,
    );
    let summary = arena(
        "triangle-game",
        &[agent, "random".into(), "random".into()],
        3,
        &[],
    );
    assert_eq!(summary["forfeits"], json!([3, 0, 0]), "{summary}");
    assert_eq!(summary["score"][0], 0.0, "{summary}");
    no_engine_left("illegal3");
}

#[test]
fn an_engine_plays_at_the_terminal() {
    let o = trigonal(
        &[
            "play",
            "triangular",
            "--seat",
            &format!("1={}", python_bot()),
            "--seat",
            "2=random",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("P1 (cmd:python3"), "{text}");
    assert!(!text.contains("forfeits"), "{text}");
    assert!(text.contains("wins") || text.contains("draw"), "{text}");
}
