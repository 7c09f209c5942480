//! `trigonal puzzles generate` on the real binary: every puzzle it writes is checked again
//! against the exact solver — the record replays to a position the side to move wins or draws,
//! as the puzzle says, and of all its legal moves exactly the answer keeps that result; a game
//! without an exact solver is refused in one line.

mod common;

use common::{stderr, stdout, trigonal};
use serde_json::Value;
use trigonal_ai::solve::Verdict;

#[test]
fn every_puzzle_made_has_one_answer_the_solver_proves() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.jsonl");
    let o = trigonal(
        &[
            "puzzles",
            "generate",
            "triangoli",
            "--count",
            "3",
            "--seed",
            "3",
            "--agents",
            "random,random",
            "--threads",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("3 puzzles from"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let puzzles: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(puzzles.len(), 3);
    let solver = trigonal_games::solver("triangoli").unwrap();
    for p in &puzzles {
        let mut position = trigonal_games::new_game("triangoli", &Default::default()).unwrap();
        for mv in p["record"].as_str().unwrap().split_whitespace() {
            position.play(mv).unwrap();
        }
        assert_eq!(u64::from(position.to_move().unwrap().0), p["to_move"]);
        let solved = solver.solve(&*position, 1).unwrap();
        assert_eq!(
            solved.verdict.to_string(),
            p["result"].as_str().unwrap(),
            "{p}"
        );
        assert_ne!(solved.verdict, Verdict::Loss);
        let verdicts = solver.move_verdicts(&*position, &solved, None).unwrap();
        assert_eq!(verdicts.len(), p["legal"].as_u64().unwrap() as usize);
        let keeping: Vec<&str> = verdicts
            .iter()
            .filter(|(_, v)| solved.verdict.kept_by(*v))
            .map(|(mv, _)| mv.as_str())
            .collect();
        assert_eq!(keeping, [p["answer"].as_str().unwrap()], "{p}");
    }
    // The same seed makes the same puzzles.
    let again = trigonal(
        &[
            "puzzles",
            "generate",
            "triangoli",
            "--count",
            "3",
            "--seed",
            "3",
            "--agents",
            "random,random",
            "--threads",
            "1",
            "--out",
            "-",
        ],
        "",
    );
    assert_eq!(stdout(&again), text);
}

#[test]
fn a_game_without_an_exact_solver_is_refused() {
    let o = trigonal(
        &[
            "puzzles",
            "generate",
            "triangular",
            "--count",
            "1",
            "--out",
            "-",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("only for games with an exact solver"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
}
