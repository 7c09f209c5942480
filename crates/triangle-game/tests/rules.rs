//! Hand-made positions for each rule of `docs/games/triangle-game.md`.

mod common;

use common::{legal, legal_of, play, position, position_b, position_taking, sorted, v};
use trigonal_core::Present;
use trigonal_core::{Game, MoveError, Options, Seat, Seats};
use trigonal_triangle_game::{Colour, Phase, Triangle, TriangleGame};

fn tri(a: &str, b: &str, c: &str) -> Triangle {
    Triangle::with_corners([v(a), v(b), v(c)]).expect("a triangle of the board")
}

fn triangles(it: impl Iterator<Item = Triangle>) -> Vec<String> {
    let mut t: Vec<String> = it.map(|t| t.to_string()).collect();
    t.sort();
    t
}

fn power(g: &TriangleGame, seat: u8) -> Vec<String> {
    let mask = g.power_triangles(Seat(seat));
    triangles(
        trigonal_triangle_game::BOARD
            .triangles()
            .filter(|t| mask & t.bit() != 0),
    )
}

#[test]
fn placement_creates_a_power_triangle_and_gives_an_extra_slide() {
    let mut g = position_taking("Da5 Wa7 Gi9", 0);
    play(&mut g, "Wc7");
    // a5-a7-c7: corners Dark Blue and white, edge vertices a6, b6, b7 empty; no dot inside.
    assert_eq!(power(&g, 0), ["a5-a7-c7"]);
    assert_eq!(g.slides_left(), 2);
    assert_eq!(triangles(g.used()), ["a5-a7-c7"]);
    assert_eq!(g.pending().count(), 0);
    assert!(legal_of(&g, "pickup").is_empty());
    // Dark Blue has a stone of its colour on the board, so it slides that one only.
    // Not to a7 and c7 (taken), nor a9 and e9 (the paths pass a7 and c7).
    assert_eq!(
        legal_of(&g, "slide"),
        sorted("a5-a1 a5-a3 a5-a4 a5-b5 a5-c5 a5-e5 a5-a6 a5-b6")
    );
    assert!(g
        .why_illegal("a7-a8".parse().unwrap())
        .contains("slides Dark Blue stones only"));
    play(&mut g, "a5-a4");
    assert_eq!(g.slides_left(), 1);
    play(&mut g, "a4-b4");
    assert_eq!(g.slides_left(), 0);
    assert_eq!(legal(&g), ["end"]);
    assert!(g
        .why_illegal("b4-c4".parse().unwrap())
        .contains("no slide left"));
}

#[test]
fn placement_creates_a_power_triangle_and_takes_a_pickup_instead() {
    let mut g = position_taking("Da1 Wa5 Gg9 Lc9", 0);
    assert_eq!(g.score(Seat(1)), 1);
    play(&mut g, "We5");
    // The top territory a1-a5-e5 surrounds the green dot.
    assert_eq!(power(&g, 0), ["a1-a5-e5"]);
    assert_eq!(g.slides_left(), 2);
    assert_eq!(triangles(g.pending()), ["a1-a5-e5"]);
    assert_eq!(g.pickup_colours(), [Colour::Green, Colour::White]);
    assert_eq!(legal_of(&g, "pickup"), sorted("xa5 xe5 xg9"));
    assert!(g
        .why_illegal("xc9".parse().unwrap())
        .contains("allow picking up Green or white stones, not Light Blue"));
    assert!(g
        .why_illegal("xa1".parse().unwrap())
        .contains("not Dark Blue"));

    // Sliding first lets the pickup expire: it is only straight after the creating action.
    let mut slid = g.clone();
    play(&mut slid, "a1-a2");
    assert!(legal_of(&slid, "pickup").is_empty());
    assert!(slid
        .why_illegal("xg9".parse().unwrap())
        .contains("only straight after"));

    let before = g.pool(Seat(0), Colour::Green);
    play(&mut g, "xg9");
    assert_eq!(g.pool(Seat(0), Colour::Green), before + 1);
    assert_eq!(g.score(Seat(1)), 0, "Green lost its stone at home");
    // The pickup consumed the extra slide; the ordinary one is left.
    assert_eq!(g.slides_left(), 1);
    assert_eq!(g.pending().count(), 0);
    assert!(legal_of(&g, "pickup").is_empty());
    assert_eq!(legal_of(&g, "slide").len(), 4, "a1 to a2, b2, a3, c3");
    play(&mut g, "a1-b2 end");
    assert_eq!(g.to_move(), Some(Seat(1)));
}

#[test]
fn a_slide_creates_two_power_triangles_at_once() {
    let mut g = position_taking("Da5 Wa3 Wc3 We5 Gg9", 0);
    play(&mut g, "Li9");
    assert!(power(&g, 0).is_empty());
    assert_eq!(g.slides_left(), 1);
    play(&mut g, "a5-c5");
    // The hole a3-c3-c5 (green dot) and c3-c5-e5 share the side c3-c5.
    assert_eq!(power(&g, 0), ["a3-c3-c5", "c3-c5-e5"]);
    assert_eq!(g.slides_left(), 2);
    assert_eq!(triangles(g.used()), ["a3-c3-c5", "c3-c5-e5"]);
    assert_eq!(triangles(g.pending()), ["a3-c3-c5"]);
    assert_eq!(legal_of(&g, "pickup"), sorted("xa3 xc3 xe5 xg9"));
}

#[test]
fn a_triangle_broken_and_formed_again_gives_nothing_the_second_time() {
    let mut g = position_taking("Da5 Wa3 Wc3 We5 Gg9", 0);
    play(&mut g, "Li9 a5-c5");
    assert_eq!(g.slides_left(), 2);
    play(&mut g, "c5-a5");
    assert!(power(&g, 0).is_empty());
    assert_eq!(g.slides_left(), 1);
    play(&mut g, "a5-c5");
    assert_eq!(power(&g, 0), ["a3-c3-c5", "c3-c5-e5"]);
    assert_eq!(g.slides_left(), 0, "both were used this turn");
    assert_eq!(g.pending().count(), 0);
    assert_eq!(legal(&g), ["end"]);
}

#[test]
fn unblocking_leaves_a_power_triangle_with_no_immediate_benefit() {
    // c5 is an edge vertex of the top territory a1-a5-e5. (The stone on c9 keeps Dark Blue
    // below 2 points.)
    let mut g = position_taking("Da1 Wa5 We5 Dc5 Dc9", 0);
    play(&mut g, "Li9");
    assert!(power(&g, 0).is_empty());
    assert_eq!(g.slides_left(), 1);
    play(&mut g, "c5-b4");
    assert_eq!(power(&g, 0), ["a1-a5-e5"]);
    assert_eq!(g.slides_left(), 0);
    assert_eq!(g.pending().count(), 0);
    assert_eq!(legal(&g), ["end"]);
    // It counts from Dark Blue's next placement on, but gives no pickup: not created by it.
    play(&mut g, "end Wg9 end Wh9 end Lf9");
    assert_eq!(g.slides_left(), 2);
    assert_eq!(triangles(g.used()), ["a1-a5-e5"]);
    assert_eq!(g.pending().count(), 0);
}

#[test]
fn removing_a_stone_never_creates_a_power_triangle() {
    // Dark Blue holds a stone of its own colour (picked up earlier). b2 blocks the top territory.
    let mut g = position(
        "Da1 Wa5 We5 Gb2",
        [[1, 2, 3, 1], [2, 0, 3, 3], [2, 3, 0, 3]],
        0,
    );
    play(&mut g, "De9");
    // The centre hole a5-e5-e9 surrounds all three dots.
    assert_eq!(power(&g, 0), ["a5-e5-e9"]);
    assert_eq!(g.slides_left(), 2);
    play(&mut g, "xb2");
    assert_eq!(power(&g, 0), ["a1-a5-e5", "a5-e5-e9"]);
    assert_eq!(
        g.slides_left(),
        1,
        "the freed top territory gives nothing now"
    );
    assert_eq!(triangles(g.used()), ["a5-e5-e9"]);
    assert_eq!(g.pending().count(), 0);
}

#[test]
fn pickups_consume_the_triangle_with_fewest_dot_colours_first() {
    let mut g = position_b();
    play(&mut g, "Ge5");
    assert_eq!(triangles(g.pending()), ["a1-a5-e5", "a5-e5-e9", "e5-e9-i9"]);
    assert_eq!(g.slides_left(), 4);
    // Green picks up its own stone: the top territory (one dot colour) pays, not the centre hole.
    play(&mut g, "xe5");
    assert_eq!(triangles(g.pending()), ["a5-e5-e9", "e5-e9-i9"]);
    // Dark Blue only through the centre hole.
    play(&mut g, "xb4");
    assert_eq!(triangles(g.pending()), ["e5-e9-i9"]);
    assert!(g
        .why_illegal("xb7".parse().unwrap())
        .contains("not Dark Blue"));
    play(&mut g, "xc9");
    assert_eq!(g.pending().count(), 0);
    assert_eq!(g.slides_left(), 1);
    assert_eq!(g.pool(Seat(1), Colour::Green), 1);
    // No green stone on the board any more: Green slides white stones (judged before each slide).
    assert_eq!(g.slide_colour(), Colour::White);
    assert!(legal_of(&g, "slide").contains(&"a5-a6".to_string()));
    assert!(legal_of(&g, "slide").contains(&"i9-e5".to_string()));
}

#[test]
fn a_slide_lets_earlier_pickups_expire() {
    let mut g = position_b();
    play(&mut g, "Ge5 e5-e7");
    assert!(legal_of(&g, "pickup").is_empty());
    assert_eq!(g.slides_left(), 3);
    assert!(power(&g, 1).is_empty());
}

#[test]
fn white_stones_slide_only_while_none_of_the_movers_colour_is_on_the_board() {
    let mut g = TriangleGame::start();
    play(&mut g, "Wc5");
    assert_eq!(g.slide_colour(), Colour::White);
    assert_eq!(legal_of(&g, "slide").len(), 8);
    // With a Dark Blue stone on the board, Dark Blue may not slide white ones.
    let mut g = position_taking("Di9", 0);
    play(&mut g, "Wc5");
    assert!(legal_of(&g, "slide").iter().all(|m| m.starts_with("i9-")));
    assert!(g
        .why_illegal("c5-c4".parse().unwrap())
        .contains("white ones only while none of Dark Blue"));
    // Without one, it may not slide others' stones.
    let mut g = position_taking("Gi9", 0);
    play(&mut g, "Wc5");
    assert!(g
        .why_illegal("i9-h9".parse().unwrap())
        .contains("has no Dark Blue stone on the board, so slides white stones"));
}

#[test]
fn power_triangle_conditions() {
    // All white is no Power Triangle; an edge vertex with any stone blocks.
    let g = position_taking("Wa1 Wa2 Wb2 Dc7 Wa5 Wa7 Gb6", 0);
    for seat in 0..3 {
        assert!(!g.is_power_triangle(tri("a1", "a2", "b2"), Seat(seat)));
    }
    assert!(
        !g.is_power_triangle(tri("a5", "a7", "c7"), Seat(0)),
        "b6 blocks"
    );
    let g = position_taking("Wa1 Wa2 Wb2 Dc7 Wa5 Wa7 Gb9", 0);
    assert!(g.is_power_triangle(tri("a5", "a7", "c7"), Seat(0)));
    assert!(!g.is_power_triangle(tri("a5", "a7", "c7"), Seat(1)));
    // Another player's stone on a corner spoils it.
    let g = position_taking("Da1 La2 Wb2", 0);
    assert!(!g.is_power_triangle(tri("a1", "a2", "b2"), Seat(0)));
}

#[test]
fn a_pickup_can_bring_an_opponent_to_two_points() {
    // Green: e7 and g9 at home (+2), a1 in the top territory (-1).
    let mut g = position_taking("Dc3 Wa3 Ga1 Ge7 Gg9 Lh9", 0);
    assert_eq!(g.scores_now(), [1, 1, -1]);
    play(&mut g, "Wc5");
    assert_eq!(triangles(g.pending()), ["a3-c3-c5"]);
    play(&mut g, "xa1");
    assert_eq!(g.scores_now(), [1, 2, -1]);
    // Only an `end` ends the game.
    assert_eq!(g.to_move(), Some(Seat(0)));
    assert_eq!(g.outcome(), None);
    play(&mut g, "end");
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.to_move(), None);
    assert_eq!(g.outcome().unwrap().winners, Seats::only(Seat(1)));
    assert_eq!(g.scores(), Some(vec![1, 2, -1]));
    assert!(legal(&g).is_empty());
    assert_eq!(
        g.parse_legal("end"),
        Err(MoveError::GameOver),
        "no action after the end"
    );
    assert!(g.diagram().contains("a player has 2 or more points"));
    assert!(g.diagram().contains("P2 (Green, G) wins"));
}

/// Dark Blue's pool holds one white stone; G: a7, b8 (-1 each), f8 (+1); L: f9, g8 (-1 each),
/// c8 (+1).
fn last_stone() -> TriangleGame {
    position(
        "Da1 Wa5 Wc9 Ga7 Gb8 Gf8 Lf9 Lg8 Lc8",
        [[0, 0, 0, 1], [3, 0, 3, 3], [2, 3, 0, 3]],
        0,
    )
}

#[test]
fn the_game_ends_when_the_mover_ends_with_an_empty_pool() {
    let mut g = last_stone();
    play(&mut g, "Wd9");
    assert_eq!(g.pool_size(Seat(0)), 0);
    assert_eq!(g.to_move(), Some(Seat(0)), "the turn goes on until end");
    play(&mut g, "a1-a2 end");
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.scores_now(), [1, -1, -1]);
    assert_eq!(g.outcome().unwrap().winners, Seats::only(Seat(0)));
    assert!(g.diagram().contains("P1 ended the turn with an empty pool"));

    // A pickup refills the pool, and the game goes on.
    let mut g = last_stone();
    play(&mut g, "We5");
    assert_eq!(g.pool_size(Seat(0)), 0);
    play(&mut g, "xa5 end");
    assert_eq!(g.to_move(), Some(Seat(1)));
    assert_eq!(g.pool(Seat(0), Colour::White), 1);
}

#[test]
fn a_three_way_tie_on_points_is_shared() {
    // Each player has 1 point; Dark Blue places its last stone.
    let mut g = position(
        "Dc3 Ga1 Gf8 Gg9 La9 Lb8 Li9 We9 Wh9",
        [[0, 0, 0, 1], [3, 0, 3, 3], [2, 3, 0, 3]],
        0,
    );
    assert_eq!(g.scores_now(), [1, 1, 1]);
    play(&mut g, "Wd9 end");
    let outcome = g.outcome().expect("over: empty pool");
    assert_eq!(outcome.winners.len(), 3);
    assert_eq!(outcome.share(Seat(2), 3), 1.0 / 3.0);
    assert!(g.diagram().contains("share the win"));
}

#[test]
fn scoring_counts_home_joins_and_the_join_of_the_two_others() {
    // Dark Blue: a5 (join of home) +1, e9 (join of the two others) 0, c9 (bottom-left) -1.
    // Green: e5 (join of home and top) +1. Light Blue: i9 (bottom-right only) -1.
    let g = position_taking("Da5 De9 Dc9 Ge5 Li9 Wa1", 0);
    assert_eq!(g.scores_now(), [0, 1, -1]);
    // Green: a5 (join of the two others) 0, c9 (bottom-left only) -1. Light Blue: e9 (join of
    // home) +1.
    let g = position_taking("Ga5 Gc9 Le9", 1);
    assert_eq!(g.scores_now(), [0, -1, 1]);
}

#[test]
fn illegal_actions_are_explained() {
    let mut g = TriangleGame::start();
    let why = |g: &TriangleGame, text: &str| match g.parse_legal(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    assert!(why(&g, "Dc5").contains("P1's pool holds no Dark Blue stone"));
    assert!(why(&g, "end").contains("begins with placing a stone"));
    assert!(why(&g, "c5-c4").contains("begins with placing a stone"));
    play(&mut g, "Gc5");
    assert!(why(&g, "Wc4").contains("already placed a stone"));
    assert!(why(&g, "xc5").contains("only straight after"));
    play(&mut g, "end");
    assert!(why(&g, "Lc5").contains("vertex c5 is occupied"));
    assert!(matches!(g.parse_legal("Lc6"), Err(MoveError::Malformed(_))));
}

#[test]
fn options() {
    assert!(TriangleGame::new(&Options::default()).is_ok());
    let three = Options {
        players: Some(3),
        variant: None,
    };
    assert_eq!(TriangleGame::new(&three).unwrap().options(), three);
    for n in [1, 2, 4] {
        let err = TriangleGame::new(&Options {
            players: Some(n),
            variant: None,
        })
        .unwrap_err();
        assert!(err.0.contains("exactly 3 players"), "{err}");
    }
    assert!(TriangleGame::new(&Options {
        players: None,
        variant: Some("simple".into()),
    })
    .is_err());
}

#[test]
fn scores_are_always_reported() {
    let g = TriangleGame::start();
    assert_eq!(g.scores(), Some(vec![0, 0, 0]));
    assert_eq!(g.players(), 3);
}

#[test]
fn random_playouts_end_the_turn_with_probability_one_third() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut g = TriangleGame::start();
    play(&mut g, "Wc5");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 9);
    assert_eq!(*moves.last().unwrap(), trigonal_triangle_game::Move::End);
    let mut counts = [0u32; 9];
    let n = 90_000;
    for _ in 0..n {
        counts[g.playout_choice(&moves, rng.gen())] += 1;
    }
    let share = |c: u32| c as f64 / n as f64;
    assert!((share(counts[8]) - 1.0 / 3.0).abs() < 0.01, "{counts:?}");
    for &c in &counts[..8] {
        assert!((share(c) - 2.0 / 3.0 / 8.0).abs() < 0.01, "{counts:?}");
    }
    // Only `end`: it is chosen. Placements: uniform over all.
    assert_eq!(
        g.playout_choice(&[trigonal_triangle_game::Move::End], u64::MAX),
        0
    );
    let start = TriangleGame::start();
    start.legal_moves(&mut moves);
    assert_eq!(start.playout_choice(&moves, u64::MAX), moves.len() - 1);
    assert_eq!(start.playout_choice(&moves, 0), 0);
}
