//! `trigonal puzzles generate` and `check` on the real binary: every Triangoli puzzle it writes
//! is checked again against the exact solver — the record replays to a position the side to move
//! wins or draws, and of all its legal moves exactly the answer keeps that result (or the best
//! margin); the same seed makes the same puzzles; a game without a solver gets puzzles by
//! search, whose lines replay; `check` finds a puzzle whose answer is not the proven one, and
//! names its line.

use crate::common;

use common::{stderr, stdout, trigonal};
use trigonal_ai::puzzle::Puzzle;
use trigonal_ai::solve::Verdict;

fn generate(game: &str, count: &str, extra: &[&str], out: &str) -> std::process::Output {
    let mut args = vec![
        "puzzles",
        "generate",
        game,
        "--count",
        count,
        "--seed",
        "3",
        "--agents",
        "random,random",
        "--threads",
        "1",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    trigonal(&args, "")
}

#[test]
fn every_exact_puzzle_made_has_one_answer_the_solver_proves() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.jsonl");
    let o = generate("triangoli", "3", &[], out.to_str().unwrap());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("3 puzzles from"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let puzzles = Puzzle::parse_set(&text).unwrap();
    assert_eq!(puzzles.len(), 3);
    let solver = trigonal_games::solver("triangoli").unwrap();
    for p in &puzzles {
        let mut position = trigonal_games::new_game("triangoli", &Default::default()).unwrap();
        for mv in p.record.split_whitespace() {
            position.play(mv).unwrap();
        }
        assert_eq!(position.to_move().unwrap().0, p.to_move);
        let legal = position.legal_moves().len();
        assert!(legal >= 3, "at least three moves to choose from: {p:?}");
        assert_eq!(p.explanation.values["legal"], legal as i64);
        let solved = solver.solve(&*position, 1).unwrap();
        assert_ne!(solved.verdict, Verdict::Loss);
        assert_eq!(p.explanation.key, format!("exact-{}", p.goal));
        let verdicts = solver.move_verdicts(&*position, &solved, None).unwrap();
        let keeping: Vec<&str> = verdicts
            .iter()
            .filter(|(_, v)| solved.verdict.kept_by(*v))
            .map(|(mv, _)| mv.as_str())
            .collect();
        match p.goal.as_str() {
            "win" | "draw" => {
                assert_eq!(solved.verdict.to_string(), p.goal, "{p:?}");
                assert_eq!(keeping, [p.solution[0].as_str()], "{p:?}");
            }
            "margin" => {
                // Several win; the answer alone keeps the exact value.
                assert!(keeping.len() > 1 && keeping.contains(&p.solution[0].as_str()));
                let best: Vec<&&str> = keeping
                    .iter()
                    .filter(|mv| solver.keeps_value(&*position, mv, 1) == Some(true))
                    .collect();
                assert_eq!(best, [&p.solution[0].as_str()], "{p:?}");
            }
            other => panic!("an exact puzzle's goal {other}"),
        }
    }
    // `check` agrees, and proves them all again.
    let checked = trigonal(&["puzzles", "check", out.to_str().unwrap()], "");
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(
        stderr(&checked).contains("3 puzzles checked, 3 of them proven again"),
        "{}",
        stderr(&checked)
    );
    // The same seed makes the same puzzles.
    let again = generate("triangoli", "3", &[], "-");
    assert_eq!(stdout(&again), text);

    // Another legal move as the answer: found, its line named.
    let mut wrong = puzzles[1].clone();
    let mut position = trigonal_games::new_game("triangoli", &Default::default()).unwrap();
    for mv in wrong.record.split_whitespace() {
        position.play(mv).unwrap();
    }
    let other = position
        .legal_moves()
        .into_iter()
        .find(|m| *m != wrong.solution[0])
        .unwrap();
    wrong.solution = vec![other];
    let lines: Vec<String> = [&puzzles[0], &wrong]
        .iter()
        .map(|p| serde_json::to_string(p).unwrap())
        .collect();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let o = trigonal(&["puzzles", "check", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("(line 2)"), "{}", stderr(&o));
    assert!(stderr(&o).contains("the solver finds"), "{}", stderr(&o));
}

#[test]
fn a_game_without_an_exact_solver_gets_puzzles_by_search() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.jsonl");
    let o = generate(
        "triangular",
        "1",
        &["--playouts", "2000"],
        out.to_str().unwrap(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let puzzles = Puzzle::parse_set(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(puzzles.len(), 1);
    let p = &puzzles[0];
    assert!(
        ["search-win", "search-best"].contains(&p.explanation.key.as_str()),
        "{p:?}"
    );
    assert!(
        p.explanation.values["share"] > p.explanation.values["next"],
        "{p:?}"
    );
    let checked = trigonal(&["puzzles", "check", out.to_str().unwrap()], "");
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(stderr(&checked).contains("1 puzzles checked, 0 of them proven again"));
}
