//! The command-line contract of docs/command-line.md, checked on the real binary.

use crate::common;

use common::{stderr, stdout, trigonal};

#[test]
fn perft_prints_one_line_per_depth() {
    let o = trigonal(&["perft", "triangoli", "3"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "perft 1 19\nperft 2 342\nperft 3 10836\n");
}

#[test]
fn perft_and_moves_start_from_a_record() {
    let o = trigonal(
        &["perft", "triangoli", "1", "--record", "-"],
        "c3 # P1\nd3\n",
    );
    // P1 on c3 has 10 end points (east is blocked by d3): five inner points with 6 triangles
    // each (b3 b4 c4 b2 c2) and five corners of the hexagon with 2 (a3 a5 c5 a1 c1): 40 moves.
    assert_eq!(stdout(&o), "perft 1 40\n", "{}", stderr(&o));
    // The moves come sorted by byte order.
    let o = trigonal(&["moves", "triangoli", "--record", "-"], "c3\nd3\n");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 40);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "a1/1");
    assert!(lines.contains(&"c4/16"));
}

#[test]
fn moves_of_the_start_are_the_nineteen_intersections() {
    let o = trigonal(&["moves", "triangoli"], "");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 19);
    assert_eq!(lines[..3], ["a1", "a2", "a3"]);
}

#[test]
fn random_games_replay_to_a_finished_game_and_repeat_under_a_seed() {
    let a = trigonal(&["random", "triangoli", "--seed", "42"], "");
    let b = trigonal(&["random", "triangoli", "--seed", "42"], "");
    assert!(a.status.success());
    assert_eq!(stdout(&a), stdout(&b));
    let c = trigonal(&["random", "triangoli", "--seed", "43"], "");
    assert_ne!(stdout(&a), stdout(&c));
    let r = trigonal(&["replay", "triangoli", "-"], &stdout(&a));
    assert!(r.status.success(), "{}", stderr(&r));
    let json: serde_json::Value = serde_json::from_str(stdout(&r).trim()).unwrap();
    assert_eq!(json["over"], true);
    assert_eq!(json["scores"].as_array().unwrap().len(), 2);
    assert!(json["winners"].as_array().unwrap().len() <= 1);
    assert_eq!(stdout(&r).lines().count(), 1);
}

#[test]
fn replay_of_an_unfinished_game() {
    let r = trigonal(&["replay", "triangoli", "-"], "c3 d3 b3/8\n");
    assert!(r.status.success());
    assert_eq!(
        stdout(&r),
        "{\"over\":false,\"scores\":null,\"winners\":[]}\n"
    );
}

#[test]
fn replay_names_the_first_illegal_move_and_exits_1() {
    let r = trigonal(&["replay", "triangoli", "-"], "c3 d3\ne3/12\nzz\n");
    assert_eq!(r.status.code(), Some(1));
    assert!(stdout(&r).is_empty());
    let err = stderr(&r);
    assert!(err.contains("move 3: illegal move e3/12"), "{err}");
    assert!(err.contains("the opponent's pawn on d3"), "{err}");
    let r = trigonal(&["replay", "triangoli", "-"], "c3 d3 b3/8 q9\n");
    assert_eq!(r.status.code(), Some(1));
    assert!(
        stderr(&r).contains("move 4: malformed move \"q9\""),
        "{}",
        stderr(&r)
    );
    assert!(stderr(&r).contains("malformed"), "{}", stderr(&r));
}

#[test]
fn a_finished_game_refuses_a_further_move_and_has_no_moves() {
    let game = stdout(&trigonal(&["random", "triangoli", "--seed", "5"], ""));
    let o = trigonal(&["moves", "triangoli", "--record", "-"], &game);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    let r = trigonal(&["replay", "triangoli", "-"], &format!("{game}pass\n"));
    assert_eq!(r.status.code(), Some(1));
    assert!(stderr(&r).contains("the game is over"), "{}", stderr(&r));
}

#[test]
fn bad_input_is_answered_on_standard_error() {
    let o = trigonal(&["perft", "chess", "1"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown game \"chess\""));
    let o = trigonal(&["replay", "triangoli", "/nonexistent/record"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("opening /nonexistent/record"));
    let o = trigonal(&["perft", "triangoli", "1", "--players", "3"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("Triangoli is for exactly 2 players, not 3"));
    let o = trigonal(&["replay", "triangoli", "-"], "game: triangular\n0,1\n");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not \"triangoli\""));
}

#[test]
fn play_at_the_terminal_refuses_illegal_input_and_takes_moves_back() {
    let o = trigonal(
        &["play", "triangoli"],
        "c3\nc3\nd3\ne3/12\nmoves\nb3/8\nundo\nrecord\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("P1 plays c3."));
    assert!(out.contains("Refused: illegal move c3: the other pawn already stands on c3"));
    assert!(out.contains(
        "Refused: illegal move e3/12: the path passes through the opponent's pawn on d3"
    ));
    assert!(out.contains("40 legal:\n  a1/1 "), "{out}");
    assert!(out.contains("Took back b3/8."));
    assert!(out.contains("game: triangoli\nplayers: 2\nc3\nd3\n"));
    assert!(out.contains("@1"), "the board shows the pawns");
}

/// Runs `trigonal ARGS` with `input` (any bytes) on standard input.
fn trigonal_bytes(args: &[&str], input: Vec<u8>) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_trigonal"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The binary may stop reading early (over the limit): a broken pipe is not a failure here.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

#[test]
fn input_over_16_mib_is_an_error_naming_the_limit_never_a_shortened_record() {
    // Exactly 16 MiB of blanks is an empty record: read whole.
    let exactly = vec![b' '; 16 << 20];
    let o = trigonal_bytes(&["moves", "triangoli", "--record", "-"], exactly);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 19);
    // One byte more, ending inside a UTF-8 character past the limit: refused for its size.
    let mut over = vec![b' '; (16 << 20) - 1];
    over.extend_from_slice("é".as_bytes());
    for command in [
        vec!["moves", "triangoli", "--record", "-"],
        vec!["replay", "triangoli", "-"],
    ] {
        let o = trigonal_bytes(&command, over.clone());
        assert_eq!(o.status.code(), Some(1), "{command:?}");
        assert_eq!(
            stderr(&o),
            "trigonal: standard input is larger than the limit of 16 MiB for a record\n"
        );
    }
    // Text that is not UTF-8 says where.
    let o = trigonal_bytes(&["replay", "triangoli", "-"], b"d4 a5 \xc3".to_vec());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("not valid UTF-8 text (the bytes at offset 6"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn every_value_echoed_in_an_error_is_shortened() {
    let long = "x".repeat(10_000);
    let header = |key: &str| format!("{key}: {long}\n");
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec!["moves", &long], String::new()),
        (
            vec!["moves", "four-triangles", "--variant", &long],
            String::new(),
        ),
        (
            vec!["moves", "triangoli", "--variant", &long],
            String::new(),
        ),
        // Values the command line itself refuses (not numbers, no such level or option).
        (vec!["perft", "triangoli", &long], String::new()),
        (vec!["random", "triangoli", "--seed", &long], String::new()),
        (vec!["engine", "--level", &long], String::new()),
        (vec!["moves", "triangoli", &long], String::new()),
        (vec!["replay", "triangoli", "-"], header("game")),
        (vec!["replay", "four-triangles", "-"], header("version")),
        (vec!["replay", "four-triangles", "-"], header("players")),
    ];
    for (args, input) in cases {
        let o = trigonal(&args, &input);
        assert!(!o.status.success(), "{args:?}");
        let err = stderr(&o);
        assert!(err.len() < 400, "{:?}: {} bytes", &args[..2], err.len());
        assert!(err.contains("(10000 characters)"), "{err}");
    }
}

#[test]
fn a_bad_move_is_quoted_once_and_shortened() {
    // Each game's malformed-move message holds the text as written exactly once.
    for game in trigonal_games::ids() {
        let o = trigonal(&["replay", game, "-"], "zq9/9\n");
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert_eq!(err.matches("zq9/9").count(), 1, "{game}: {err}");
        assert!(
            err.starts_with("trigonal: move 1: malformed move \"zq9/9\""),
            "{err}"
        );
    }
    // A 1 MiB word: one short line, its start and its length.
    let word = "x".repeat(1 << 20);
    let o = trigonal(&["replay", "triangoli", "-"], &word);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(err.contains("(1048576 characters)"), "{err}");
    // A move after the end is quoted too.
    let game = stdout(&trigonal(&["random", "triangoli", "--seed", "3"], ""));
    let o = trigonal(&["replay", "triangoli", "-"], &format!("{game}\nd4\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(": \"d4\": the game is over"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn play_and_arena_keep_a_clock() {
    // Two computers on 3 s each: the clocks are shown, the running one marked, and the game
    // ends by its rules.
    let o = trigonal(
        &[
            "play",
            "triangoli",
            "--seat",
            "1=ai:medium",
            "--seat",
            "2=ai:easy",
            "--clock",
            "0.05+0",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Clocks: P1 ▸0:03.0 · P2 0:03.0"), "{text}");
    assert!(text.contains("Clocks: P1 0:0"), "{text}");
    assert!(!text.contains("ran out of time"), "{text}");
    assert!(text.contains("wins") || text.contains("draw"), "{text}");

    let o = trigonal(
        &[
            "arena",
            "triangular",
            "--agents",
            "ai:hard,uct:2000",
            "--games",
            "2",
            "--clock",
            "0.05+0",
            "--json",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let summary: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        summary["lost_on_time"],
        serde_json::json!([0, 0]),
        "within the clock"
    );

    for bad in ["3", "0+0", "31d", "x+1"] {
        let o = trigonal(&["play", "triangoli", "--clock", bad], "");
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains("clock"), "{bad}: {}", stderr(&o));
    }
}

#[test]
fn a_hint_is_in_plain_words_and_exact_in_small_endgames() {
    let o = trigonal(&["play", "triangoli"], "hint\nquit\n");
    let text = stdout(&o);
    assert!(text.contains("> Try "), "{text}");
    assert!(text.contains("ai:medium gives you"), "{text}");
    // Three moves before the end of a random game: few empty triangles, settled exactly.
    let game = stdout(&trigonal(&["random", "triangoli", "--seed", "5"], ""));
    let moves: Vec<&str> = game.lines().collect();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("r.txt");
    std::fs::write(&record, moves[..moves.len() - 3].join("\n")).unwrap();
    let o = trigonal(
        &["play", "triangoli", "--record", record.to_str().unwrap()],
        "hint\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("— with best play a win")
            || text.contains("— with best play a loss")
            || text.contains("— with best play a draw"),
        "{text}"
    );
}

#[test]
fn ratings_are_recomputed_from_a_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let o = trigonal(
        &["ratings", "--recompute", "--db", db.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "recomputed the ratings of 0 rated games\n");
    let o = trigonal(&["ratings", "--db", db.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2), "--recompute is required");
    let o = trigonal(&["ratings", "--recompute", "--db", "mysql://x/y"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("unknown scheme"), "{}", stderr(&o));
}

#[test]
fn accuracy_counts_the_moves_that_keep_the_exact_value() {
    let o = trigonal(
        &[
            "accuracy",
            "triangoli",
            "--empties",
            "6",
            "--positions",
            "25",
            "--agent",
            "random",
            "--json",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(line["positions"], 25);
    let kept = line["kept"].as_u64().unwrap();
    assert!(
        kept < 25,
        "a random mover throws some endgames away: {line}"
    );
    assert!((line["share"].as_f64().unwrap() - kept as f64 / 25.0).abs() < 1e-3);
    // The same seed judges the same random moves.
    let again = trigonal(
        &[
            "accuracy",
            "triangoli",
            "--empties",
            "6",
            "--positions",
            "25",
            "--agent",
            "random",
            "--json",
        ],
        "",
    );
    assert_eq!(stdout(&again), stdout(&o));
    let o = trigonal(
        &[
            "accuracy",
            "triangular",
            "--empties",
            "6",
            "--agent",
            "random",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no exact solver for triangular (games with one: triangoli)"),
        "{}",
        stderr(&o)
    );
}
