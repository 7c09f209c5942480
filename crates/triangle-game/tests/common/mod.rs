//! Helpers shared by the integration tests, and a slow reference model of the rules.
#![allow(dead_code)]

pub mod reference;

use trigonal_core::Present;
use trigonal_core::{Game, Seat};
use trigonal_triangle_game::{Colour, TriangleGame, Vertex, POOL_START};

/// The vertex named `name`.
pub fn v(name: &str) -> Vertex {
    Vertex::parse(name).unwrap_or_else(|| panic!("{name} is not a vertex"))
}

/// Stones written `Da1 Wa5 …`.
pub fn stones(text: &str) -> Vec<(Colour, Vertex)> {
    text.split_whitespace()
        .map(|s| {
            let c = Colour::from_letter(s.chars().next().unwrap()).unwrap();
            (c, v(&s[1..]))
        })
        .collect()
}

/// A position at the start of `to_move`'s turn with these stones on the board and these pools.
pub fn position(board: &str, pools: [[u8; 4]; 3], to_move: u8) -> TriangleGame {
    TriangleGame::from_parts(&stones(board), pools, Seat(to_move))
}

/// A position at the start of `to_move`'s turn with these stones on the board; each stone is taken
/// from the pool of the seat holding most of its colour (the first such seat on a tie).
pub fn position_taking(board: &str, to_move: u8) -> TriangleGame {
    let mut pools = POOL_START;
    for (c, _) in stones(board) {
        let seat = (0..3)
            .max_by_key(|&s| (pools[s][c as usize], std::cmp::Reverse(s)))
            .unwrap();
        assert!(pools[seat][c as usize] > 0, "too many {} stones", c.name());
        pools[seat][c as usize] -= 1;
    }
    position(board, pools, to_move)
}

/// Plays the actions written in `record` (whitespace-separated), each checked for legality.
pub fn play(g: &mut TriangleGame, record: &str) {
    for text in record.split_whitespace() {
        let mv = g
            .parse_legal(text)
            .unwrap_or_else(|e| panic!("{text}: {e}\n{}", g.diagram()));
        g.play(mv);
    }
}

/// The legal actions, as text, sorted.
pub fn legal(g: &TriangleGame) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

/// The legal actions of one kind (`place`, `slide`, `pickup`, `end`), as text, sorted.
pub fn legal_of(g: &TriangleGame, kind: &str) -> Vec<String> {
    legal(g)
        .into_iter()
        .filter(|m| match kind {
            "place" => m.starts_with(|c: char| c.is_ascii_uppercase()),
            "slide" => m.contains('-'),
            "pickup" => m.starts_with('x'),
            "end" => m == "end",
            _ => panic!("unknown kind {kind}"),
        })
        .collect()
}

/// Words sorted, for comparing with [`legal`].
pub fn sorted(words: &str) -> Vec<String> {
    let mut w: Vec<String> = words.split_whitespace().map(str::to_string).collect();
    w.sort();
    w
}

/// Position A of the perft tests: the start of Dark Blue's turn in mid-game. Dark Blue holds two
/// of its own stones (a1, g7), white stones sit on a5 and e9, so `We5` makes the top territory a
/// Power Triangle (the centre hole a5-e5-e9 would be all white: no Power Triangle).
pub fn position_a() -> TriangleGame {
    position(
        "Da1 Wa5 We9 La9 Gi9 Dg7 Lb4",
        [[0, 2, 1, 3], [2, 0, 3, 2], [2, 3, 0, 2]],
        0,
    )
}

/// Position B of the perft tests, at the start of Green's turn: Green has no stone of its colour
/// on the board but one in its pool; white stones on a1, a5, e9 and i9, so `Ge5` creates three
/// Power Triangles around dots at once (top territory, bottom-right territory, centre hole).
pub fn position_b() -> TriangleGame {
    position(
        "Wa1 Wa5 We9 Wi9 Db4 Db7 Lc9 Lg8",
        [[0, 3, 1, 2], [1, 1, 2, 1], [3, 2, 1, 2]],
        1,
    )
}
