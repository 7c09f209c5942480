//! Hand-made positions with exact expectations, each worked out from
//! `docs/games/triangular.md`.
//!
//! Reminder of the geometry: cell (x, y) points up when x + y is even; an up triangle of edge n
//! has the up corners (x, y), (x + 2n - 2, y), (x + n - 1, y + n - 1), a down triangle the down
//! corners (x, y), (x + 2n - 2, y), (x + n - 1, y - n + 1). Positions are built with
//! `from_pieces`, which needs every piece joined to the red piece by sides, so most of them hold
//! "filler" pieces that only make the chain; each test says why the fillers change nothing.

use trigonal_core::Present;
use trigonal_core::{Game, MoveError, Options, Outcome, Seat};
use trigonal_triangular::{Cell, Orientation, Piece, Triangle, Triangular};

const WHITE: Seat = Seat(0);
const BLACK: Seat = Seat(1);

fn cells(text: &str) -> Vec<Cell> {
    text.split_whitespace()
        .map(|c| c.parse().expect("a cell"))
        .collect()
}

fn position(white: &str, black: &str) -> Triangular {
    Triangular::from_pieces(&cells(white), &cells(black))
}

fn cell(text: &str) -> Cell {
    text.parse().expect("a cell")
}

/// Plays `mv`, which must be legal, and returns the points the mover gained.
fn play(g: &mut Triangular, mv: &str) -> u32 {
    let seat = g.to_move().expect("the game goes on");
    let before = g.score(seat);
    let mv = g.parse_legal(mv).expect("a legal move");
    g.play(mv);
    assert_eq!(g.scores().unwrap(), g.recount().map(|s| s as i32).to_vec());
    g.score(seat) - before
}

fn scores(g: &Triangular) -> Vec<i32> {
    g.scores().unwrap()
}

#[test]
fn the_start() {
    let g = Triangular::new(&Options::default()).unwrap();
    assert_eq!(g.piece(Cell::RED), Some(Piece::Red));
    assert_eq!(g.to_move(), Some(WHITE));
    assert_eq!(scores(&g), vec![0, 0]);
    assert_eq!(g.pieces_left(WHITE), 24);
    assert_eq!(g.pieces_left(BLACK), 24);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves, cells("0,-1 -1,0 1,0"));
    assert!(Triangular::new(&Options {
        players: Some(3),
        variant: None
    })
    .is_err());
}

/// White places the apex (3, 1) over its pieces (2, 0) and (4, 0): an up triangle of edge 2.
/// Black's fillers (1, 0) and (3, 0) are down cells and no corner of it.
#[test]
fn a_triangle_of_edge_2_scores_2() {
    let mut g = position("2,0 4,0", "1,0 3,0");
    assert_eq!(scores(&g), vec![0, 0]);
    assert_eq!(play(&mut g, "3,1"), 2);
    assert_eq!(scores(&g), vec![2, 0]);
    assert_eq!(g.to_move(), Some(BLACK));
    let formed = g.formed_triangles();
    assert_eq!(formed.len(), 1);
    assert_eq!(formed[0].triangle, Triangle::new(cell("2,0"), 2));
    assert_eq!(formed[0].seat, WHITE);
    assert!(!formed[0].with_red);
}

/// An up triangle of edge 5: corners (2, 0), (10, 0), (6, 4). White's fillers fill row 0, Black's
/// climb a staircase to (5, 4); the apex (6, 4) can only be the corner of up triangles whose other
/// corners are in row 4 (none of White's) or k rows down at 6 ± k: (5, 3)/(7, 3), (4, 2)/(8, 2),
/// (3, 1)/(9, 1) are empty, (2, 0)/(10, 0) are White's. White's (2k, 0) pair with Black's (k, k),
/// so no triangle with the red piece exists.
#[test]
fn a_triangle_of_edge_5_scores_5() {
    let mut g = position(
        "2,0 10,0 3,0 4,0 5,0 6,0 7,0 8,0 9,0",
        "1,0 1,1 2,1 2,2 3,2 3,3 4,3 4,4 5,4",
    );
    let before = scores(&g);
    assert_eq!(play(&mut g, "6,4"), 5);
    assert_eq!(scores(&g)[0], before[0] + 5);
    assert!(g
        .formed_triangles()
        .iter()
        .any(|f| f.triangle == Triangle::new(cell("2,0"), 5) && f.seat == WHITE));
    assert_eq!(g.to_move(), Some(BLACK));
}

/// White's (3, 1) completes two triangles at once, pointing away from it in different
/// directions: it is the apex of (2, 0) (4, 0) (3, 1), edge 2, below it, and the left end of the
/// bottom side of (3, 1) (7, 1) (5, 3), edge 3, to its upper right. Both are up triangles: the
/// rules give a piece only triangles of its own orientation, so one placement can never complete
/// an up and a down triangle together. Black's (6, 0) keeps (0, 0) (6, 0) (3, 3) from being a red
/// triangle.
#[test]
fn two_triangles_at_once_score_both() {
    let mut g = position("2,0 4,0 7,1 5,3 1,0 3,0", "5,0 6,0 7,0 6,1 6,2 5,2");
    assert_eq!(scores(&g), vec![0, 0]);
    assert_eq!(play(&mut g, "3,1"), 2 + 3);
    let formed: Vec<Triangle> = g.formed_triangles().iter().map(|f| f.triangle).collect();
    assert!(formed.contains(&Triangle::new(cell("2,0"), 2)));
    assert!(formed.contains(&Triangle::new(cell("3,1"), 3)));
    assert_eq!(scores(&g), vec![5, 0]);
}

/// Both orientations score: a down triangle completed here, an up one in the tests above; and a
/// down piece is a corner only of down triangles.
#[test]
fn down_triangles_score_too() {
    // Down corners (1, 0), (5, 0), (3, -2): see the next test for the chain.
    let mut g = position("1,0 3,-2 1,1 4,1 0,-1 1,-2", "3,0 2,1 3,1 5,1 1,-1 2,-2");
    assert_eq!(cell("5,0").orientation(), Orientation::Down);
    assert_eq!(play(&mut g, "5,0"), 3);
    let t = Triangle::new(cell("1,0"), 3);
    assert_eq!(t.orientation(), Orientation::Down);
    assert_eq!(t.corners(), [cell("1,0"), cell("5,0"), cell("3,-2")]);
}

/// The down triangle (1, 0) (5, 0) (3, -2) of edge 3 holds Black's (3, 0) and five gaps inside;
/// White still scores 3. White's only other piece in row 0 is the corner (1, 0), and the rows
/// above (5, 0) hold no White pair (5 - k, k), (5 + k, k), so nothing else is completed. The chain
/// runs over the top, (1, 1) to (5, 1), and under, (0, -1) to (2, -2); its colours are mixed so
/// that no filler triangle stands ((2, 1) (4, 1) (3, 0) would be one).
#[test]
fn gaps_and_opposing_pieces_inside_do_not_matter() {
    let mut g = position("1,0 3,-2 1,1 4,1 0,-1 1,-2", "3,0 2,1 3,1 5,1 1,-1 2,-2");
    assert_eq!(g.piece(cell("3,0")), Some(Piece::Black));
    for gap in cells("2,0 4,0 2,-1 3,-1 4,-1") {
        assert_eq!(g.piece(gap), None, "{gap}");
    }
    assert_eq!(scores(&g), vec![0, 0]);
    assert_eq!(play(&mut g, "5,0"), 3);
    assert_eq!(scores(&g), vec![3, 0]);
}

/// (2, 0) (4, 0) (3, 1) with Black on (4, 0): White's (3, 1) completes nothing, and neither
/// player owns that triangle.
#[test]
fn an_opposing_corner_completes_nothing() {
    let mut g = position("2,0 1,0", "4,0 3,0");
    assert_eq!(play(&mut g, "3,1"), 0);
    assert_eq!(scores(&g), vec![0, 0]);
    assert!(g.formed_triangles().is_empty());
    assert_eq!(g.to_move(), Some(BLACK));
}

fn assert_red_win(g: &Triangular, winner: Seat, red_triangle: Triangle) {
    assert_eq!(g.outcome(), Some(Outcome::win(winner)));
    assert_eq!(g.to_move(), None);
    assert_eq!(g.red_winner(), Some(winner));
    let mut moves = vec![cell("9,9")];
    g.legal_moves(&mut moves);
    assert!(moves.is_empty(), "no move once the game is over");
    assert!(g
        .formed_triangles()
        .iter()
        .any(|f| f.with_red && f.seat == winner && f.triangle == red_triangle));
}

/// The red piece as the left end of the bottom side: (0, 0) (2, 0) (1, 1).
#[test]
fn early_win_with_red_as_the_left_corner() {
    let mut g = position("2,0", "1,0");
    assert_eq!(play(&mut g, "1,1"), 0, "a red triangle scores nothing");
    assert_red_win(&g, WHITE, Triangle::new(Cell::RED, 2));
    assert_eq!(scores(&g), vec![0, 0]);
}

/// The red piece as the right end of the bottom side: (-2, 0) (0, 0) (-1, 1).
#[test]
fn early_win_with_red_as_the_right_corner() {
    let mut g = position("-2,0", "-1,0");
    assert_eq!(play(&mut g, "-1,1"), 0);
    assert_red_win(&g, WHITE, Triangle::new(cell("-2,0"), 2));
}

/// The red piece as the apex: (-1, -1) (1, -1) (0, 0).
#[test]
fn early_win_with_red_as_the_apex() {
    let mut g = position("-1,-1", "0,-1");
    assert_eq!(play(&mut g, "1,-1"), 0);
    assert_red_win(&g, WHITE, Triangle::new(cell("-1,-1"), 2));
}

/// A larger red triangle, the red piece at the apex: (-2, -2) (2, -2) (0, 0), edge 3.
#[test]
fn early_win_with_a_larger_red_triangle() {
    // Chain: (0,-1) (1,-1) (1,-2) (2,-2) on the right, (-1,-1) (-1,-2) on the left.
    let mut g = position("-2,-2 1,-1 -1,-2", "0,-1 -1,-1 1,-2");
    assert_eq!(play(&mut g, "2,-2"), 0);
    assert_red_win(&g, WHITE, Triangle::new(cell("-2,-2"), 3));
}

/// White's (2, 0) forms the red triangle (0, 0) (2, 0) (1, 1) and its own (2, 0) (4, 0) (3, 1):
/// White wins at once and the own triangle still scores 2.
#[test]
fn other_triangles_of_the_winning_placement_score() {
    let mut g = position("1,1 3,1 4,0", "1,0 2,1 3,0");
    assert_eq!(scores(&g), vec![0, 0]);
    assert_eq!(play(&mut g, "2,0"), 2);
    assert_red_win(&g, WHITE, Triangle::new(Cell::RED, 2));
    assert_eq!(scores(&g), vec![2, 0]);
}

/// Black completes (-1, -1) (1, -1) (0, 0) with two own pieces: the red triangle is Black's, and
/// Black wins although White leads 2 to 0.
#[test]
fn the_opponent_completing_a_red_triangle_wins_it() {
    let mut g = position("2,0 4,0 3,1 0,-1", "-1,-1 1,0 3,0");
    assert_eq!(scores(&g), vec![2, 0]);
    assert_eq!(g.to_move(), Some(BLACK));
    assert_eq!(play(&mut g, "1,-1"), 0);
    assert_red_win(&g, BLACK, Triangle::new(cell("-1,-1"), 2));
    assert_eq!(scores(&g), vec![2, 0]);
}

/// Red, Black's (2, 0) and White's (1, 1): a red triangle with an opponent's piece does nothing.
#[test]
fn a_red_triangle_with_an_opposing_piece_does_nothing() {
    let mut g = position("1,0", "2,0");
    assert_eq!(play(&mut g, "1,1"), 0);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), Some(BLACK));
    assert!(g.formed_triangles().is_empty());
}

fn replay(record: &str) -> Triangular {
    let mut g = Triangular::start();
    for mv in record.split_whitespace() {
        play(&mut g, mv);
    }
    g
}

/// A whole game (found by random play) that ends after 48 pieces at 14 points each.
#[test]
fn equal_scores_after_48_pieces_draw() {
    let g = replay(
        "0,-1 -1,-1 -1,-2 -1,0 -2,-2 -1,1 -2,-3 1,0 0,-2 0,-3 2,0 3,0 -2,0 -2,1 3,1 2,1 -2,-1 \
         -3,1 1,-1 -2,2 1,-2 2,-2 -3,-2 3,-2 2,-3 -4,-2 -5,-2 -3,-1 -1,-3 4,0 -4,1 3,-3 -4,2 4,-1 \
         -3,0 2,-1 -3,-3 -3,2 -4,-3 -3,3 -4,3 -3,-4 5,-1 3,-1 4,-2 -5,2 5,-2 0,1",
    );
    assert_eq!(g.placed(), 48);
    assert_eq!(scores(&g), vec![14, 14]);
    assert_eq!(g.outcome(), Some(Outcome::DRAW));
    assert_eq!(g.to_move(), None);
    assert!(g.diagram().contains("a draw at 14 points each"));
}

/// A whole game that ends after 48 pieces 9 to 11: Black wins on points.
#[test]
fn the_higher_score_wins_after_48_pieces() {
    let g = replay(
        "1,0 0,-1 2,0 2,-1 3,-1 -1,0 3,-2 4,-1 4,-2 5,-2 1,-1 1,-2 6,-2 -1,-1 -2,0 -1,1 0,1 1,1 \
         6,-3 -2,1 -2,2 0,-2 7,-2 2,1 5,-3 -3,1 -4,1 -3,0 -4,2 3,1 8,-2 -5,2 0,-3 -1,-2 9,-2 \
         -2,-2 7,-3 -1,-3 7,-1 -6,2 -2,-1 8,-3 -6,1 5,-4 4,-4 -7,1 -5,3 4,1",
    );
    assert_eq!(scores(&g), vec![9, 11]);
    assert_eq!(g.outcome(), Some(Outcome::win(BLACK)));
    assert_eq!(g.pieces_left(WHITE), 0);
    assert_eq!(g.pieces_left(BLACK), 0);
}

fn illegal_reason(g: &Triangular, text: &str) -> String {
    match g.parse_legal(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn illegal_placements_are_refused_with_the_reason() {
    let mut g = Triangular::start();
    assert_eq!(illegal_reason(&g, "0,0"), "cell 0,0 holds the red piece");
    assert!(illegal_reason(&g, "1,1").contains("touches placed pieces only at a corner"));
    assert!(illegal_reason(&g, "-1,-1").contains("only at a corner"));
    assert!(illegal_reason(&g, "2,0").contains("only at a corner"));
    assert!(illegal_reason(&g, "3,0").contains("touches no placed piece"));
    assert!(illegal_reason(&g, "30000,-30000").contains("touches no placed piece"));
    assert!(illegal_reason(&g, "-32768,32767").contains("touches no placed piece"));
    play(&mut g, "1,0");
    assert_eq!(
        illegal_reason(&g, " 1 , 0 "),
        "cell 1,0 already holds a White piece"
    );
    play(&mut g, "2,0");
    assert_eq!(
        illegal_reason(&g, "2,0"),
        "cell 2,0 already holds a Black piece"
    );
    assert!(illegal_reason(&g, "3,1").contains("only at a corner"));
    // Nothing changed, and White may still play next to any piece.
    assert_eq!(g.placed(), 2);
    assert!(g.parse_legal("3,0").is_ok());
    assert!(matches!(
        g.parse_legal("1,2,3"),
        Err(MoveError::Malformed(_))
    ));
}

#[test]
fn no_move_is_legal_once_over() {
    let mut g = position("2,0", "1,0");
    play(&mut g, "1,1");
    assert!(matches!(g.parse_legal("3,0"), Err(MoveError::GameOver)));
}

#[test]
fn from_pieces_refuses_positions_that_cannot_arise() {
    let cases: [(&str, &str); 5] = [
        ("5,5", ""),        // not joined to the red piece
        ("1,0 2,0", ""),    // White two ahead
        ("1,0", "1,0"),     // one cell twice
        ("0,0", ""),        // on the red piece
        ("1,0", "2,0 1,1"), // Black ahead
    ];
    for (white, black) in cases {
        let built = std::panic::catch_unwind(|| position(white, black));
        assert!(built.is_err(), "{white:?} / {black:?}");
    }
    // Black's red triangle (-1,-1) (1,-1) (0,0), but White placed last: that game was over.
    assert!(
        std::panic::catch_unwind(|| position("0,-1 5,0 1,0 2,0 3,0", "-1,-1 1,-1 4,0 6,0"))
            .is_err()
    );
}
