//! The computer-opponent commands on the real binary: arena, play with computer seats, solve,
//! analyse.

use crate::common;

use common::{stderr, stdout, trigonal};

#[test]
fn arena_prints_one_json_line() {
    let o = trigonal(
        &[
            "arena",
            "triangoli",
            "--agents",
            "random,ai:random",
            "--games",
            "4",
            "--json",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with(r#"{"games":4,"agents":["random","ai:random"],"score":["#),
        "{out}"
    );
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let score: Vec<f64> = serde_json::from_value(json["score"].clone()).unwrap();
    assert_eq!(score.iter().sum::<f64>(), 4.0);
    assert_eq!(json["ci95"].as_array().unwrap().len(), 2);
    assert!(json["elo"].is_number());
}

#[test]
fn arena_takes_one_agent_per_player_and_refuses_bad_agents() {
    let o = trigonal(
        &[
            "arena",
            "triangoli",
            "--agents",
            "random,uct:7s",
            "--games",
            "2",
        ],
        "",
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("bad agent \"uct:7s\""),
        "{}",
        stderr(&o)
    );
    let o = trigonal(
        &[
            "arena",
            "triangoli",
            "--agents",
            "random,random,random",
            "--games",
            "2",
        ],
        "",
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("players"), "{}", stderr(&o));
}

#[test]
fn play_refuses_bad_seat_specs() {
    for (spec, want) in [
        ("3=ai:hard", "this game has 2 seats"),
        ("2:ai:hard", "expected N=WHO"),
        ("2=ai:wizard", "unknown level"),
        ("0=random", "not a seat number"),
    ] {
        let o = trigonal(&["play", "triangoli", "--seat", spec], "");
        assert!(!o.status.success(), "{spec}");
        assert!(stderr(&o).contains(want), "{spec}: {}", stderr(&o));
    }
}

#[test]
fn play_against_the_computer_with_undo() {
    let o = trigonal(
        &["play", "triangoli", "--seat", "2=random", "--seed", "3"],
        "c3\nundo\nmoves\nc3\nrecord\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("P1 plays c3."), "{out}");
    assert!(out.contains("P2 (random) is thinking… P2 plays "), "{out}");
    // Undo takes back the computer's reply and the person's move.
    assert!(out.contains("Took back "), "{out}");
    assert!(out.contains("19 legal:\n  a1 a2 "), "{out}");
    assert!(out.contains("p1: human\np2: random\nc3\n"), "{out}");
}

#[test]
fn a_game_between_computers_ends_with_the_result_explained() {
    let o = trigonal(
        &[
            "play",
            "triangoli",
            "--seat",
            "1=random",
            "--seat",
            "2=random",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(" wins. Scores: P1 ") || out.contains("The game is a draw. Scores: P1 "),
        "{out}"
    );
}

#[test]
fn solve_reads_a_record_and_refuses_other_games() {
    // A random game stopped late: the solver must say something exact about it.
    let game = stdout(&trigonal(&["random", "triangoli", "--seed", "4"], ""));
    let moves: Vec<&str> = game.lines().collect();
    let before_end = moves[..moves.len() - 3].join("\n");
    let o = trigonal(
        &["solve", "triangoli", "--record", "-", "--json"],
        &before_end,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(["win", "draw", "loss"].contains(&json["result"].as_str().unwrap()));
    assert!(json["best"].is_string());
    let o = trigonal(&["solve", "triangoli", "--record", "-"], &before_end);
    assert!(
        stdout(&o).contains("Result with best play: "),
        "{}",
        stdout(&o)
    );
    let o = trigonal(&["solve", "triangular"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no exact solver for triangular"));
}

#[test]
fn analyse_gives_each_position_an_evaluation_and_a_best_move() {
    let o = trigonal(
        &[
            "analyse",
            "triangoli",
            "--record",
            "-",
            "--agent",
            "uct:5",
            "--json",
        ],
        "c3\nd3\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines.len(),
        3,
        "two moves played and the position after them"
    );
    assert_eq!(lines[0]["played"], "c3");
    assert_eq!(lines[2]["played"], serde_json::Value::Null);
    for l in &lines {
        assert!(l["best"].is_string());
        assert_eq!(l["shares"].as_array().unwrap().len(), 2);
    }
    let o = trigonal(&["analyse", "triangoli", "--record", "-"], "c3\nc3\n");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("move 2: illegal move c3"),
        "{}",
        stderr(&o)
    );
}
