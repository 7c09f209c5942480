//! `trigonal play` in a real terminal (a pseudo-terminal): Tab completes a legal move, ↑ recalls
//! the last line, and `moves` wraps its list between moves.

use rexpect::session::spawn_command;

#[test]
fn the_terminal_completes_moves_recalls_lines_and_wraps_the_move_list() {
    // `moves` of The Triangle Game's start: 126 moves, wrapped between moves within 80 columns.
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_trigonal"));
    command.args(["play", "triangle-game"]);
    let mut p = spawn_command(command, Some(20_000)).expect("a pseudo-terminal");
    p.exp_string("> ").unwrap();
    p.send_line("moves").unwrap();
    p.exp_string("126 legal:").unwrap();
    let listed = p.exp_string("> ").unwrap();
    // The list's lines are indented; the rest is the prompt being drawn again.
    let lines: Vec<&str> = listed
        .split("\r\n")
        .filter(|l| l.starts_with("  "))
        .collect();
    assert!(lines.len() >= 7, "{listed:?}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{listed:?}");
    let words: usize = lines.iter().map(|l| l.split_whitespace().count()).sum();
    assert_eq!(words, 126, "every move once: {listed:?}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_trigonal"));
    command.args(["play", "triangoli", "--seat", "2=random"]);
    let mut p = spawn_command(command, Some(20_000)).expect("a pseudo-terminal");
    p.exp_string("P1> ").unwrap();
    // "e" then Tab: e3 is the only legal move starting with e; completed and played.
    for key in ["e", "\t", "\r"] {
        p.send(key).unwrap();
        p.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    p.exp_string("P1 plays e3.").unwrap();
    p.exp_string("P2 plays").unwrap();
    p.exp_string("P1> ").unwrap();
    // ↑ recalls "e3", which is refused now (the pawn stands there): history works.
    for key in ["\x1b[A", "\r"] {
        p.send(key).unwrap();
        p.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    p.exp_string("Refused").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
