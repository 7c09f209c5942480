//! Properties over random games: the scores kept while playing equal a recount from scratch,
//! every piece stays joined to the red piece, the notation round-trips, and replaying a game's
//! text reproduces it.

use proptest::prelude::*;
use trigonal_core::Present;
use trigonal_core::{Game, Seat, Shape};
use trigonal_triangular::{Cell, Triangular};

/// A game driven by `choices` (one index per ply, reduced modulo the number of legal moves),
/// returning every position met, the start included, and the moves played.
fn game(choices: &[u16]) -> (Vec<Triangular>, Vec<Cell>) {
    game_with(choices, false)
}

/// Like [`game`]; with `long`, a move that forms a triangle with the red piece is passed over
/// for the next one in generation order while another exists, so that most games fill the table
/// and build large triangles.
fn game_with(choices: &[u16], long: bool) -> (Vec<Triangular>, Vec<Cell>) {
    let mut g = Triangular::start();
    let mut positions = vec![g.clone()];
    let mut played = Vec::new();
    let mut moves = Vec::new();
    for &c in choices {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let first = c as usize % moves.len();
        let mut mv = moves[first];
        if long {
            for k in 0..moves.len() {
                let candidate = moves[(first + k) % moves.len()];
                let mut child = g.clone();
                child.play(candidate);
                if child.red_winner().is_none() {
                    mv = candidate;
                    break;
                }
            }
        }
        g.play(mv);
        played.push(mv);
        positions.push(g.clone());
    }
    (positions, played)
}

/// Whether every piece is joined to the red piece through pieces sharing sides.
fn all_joined(g: &Triangular) -> bool {
    let pieces: Vec<Cell> = g.pieces().map(|(c, _)| c).collect();
    let mut reached = vec![Cell::RED];
    let mut next = 0;
    while next < reached.len() {
        for n in reached[next].side_neighbours() {
            if pieces.contains(&n) && !reached.contains(&n) {
                reached.push(n);
            }
        }
        next += 1;
    }
    reached.len() == pieces.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn incremental_scores_equal_a_recount(
        choices in prop::collection::vec(any::<u16>(), 48),
        long in any::<bool>(),
    ) {
        let (positions, _) = game_with(&choices, long);
        for g in &positions {
            let recount = g.recount();
            prop_assert_eq!(g.scores().unwrap(), vec![recount[0] as i32, recount[1] as i32]);
            // The game is won early exactly when a triangle with the red piece stands.
            let red: Vec<Seat> = g.formed_triangles().iter().filter(|f| f.with_red).map(|f| f.seat).collect();
            prop_assert_eq!(g.red_winner().is_some(), !red.is_empty());
            if let Some(w) = g.red_winner() {
                prop_assert!(red.iter().all(|&s| s == w));
            }
        }
        let last = positions.last().unwrap();
        prop_assert!(last.to_move().is_none(), "48 plies always end the game");
        prop_assert!(last.outcome().is_some());
    }

    #[test]
    fn pieces_stay_joined_to_the_red_piece(
        choices in prop::collection::vec(any::<u16>(), 48),
        long in any::<bool>(),
    ) {
        let (positions, _) = game_with(&choices, long);
        for g in &positions {
            prop_assert!(all_joined(g), "{:?}", g);
            let n = g.pieces().count();
            prop_assert_eq!(n, g.placed() as usize + 1);
        }
    }

    #[test]
    fn every_generated_move_round_trips_and_is_a_side_neighbour(
        choices in prop::collection::vec(any::<u16>(), 48)
    ) {
        let (positions, _) = game(&choices);
        let mut moves = Vec::new();
        for g in &positions {
            g.legal_moves(&mut moves);
            for &mv in &moves {
                let text = mv.to_string();
                prop_assert_eq!(text.parse::<Cell>().unwrap(), mv);
                prop_assert!(g.piece(mv).is_none());
                prop_assert!(mv.side_neighbours().iter().any(|&n| g.piece(n).is_some()));
                prop_assert_eq!(g.clicks(mv), vec![format!("c{text}")]);
            }
            // And every empty side neighbour of a piece is generated, once.
            if g.to_move().is_some() {
                let mut want: Vec<Cell> = g
                    .pieces()
                    .flat_map(|(c, _)| c.side_neighbours())
                    .filter(|&n| g.piece(n).is_none())
                    .collect();
                want.sort_by_key(|c| (c.y, c.x));
                want.dedup();
                prop_assert_eq!(&moves, &want);
            }
        }
    }

    #[test]
    fn replaying_the_text_reproduces_the_position(
        choices in prop::collection::vec(any::<u16>(), 48),
        long in any::<bool>(),
    ) {
        let (positions, played) = game_with(&choices, long);
        let record: Vec<String> = played.iter().map(ToString::to_string).collect();
        let mut g = Triangular::start();
        for (i, text) in record.iter().enumerate() {
            let mv = g.parse_legal(text).unwrap();
            g.play(mv);
            prop_assert_eq!(g.position_hash(), positions[i + 1].position_hash());
            prop_assert_eq!(&g, &positions[i + 1]);
        }
        // Rebuilding from the pieces alone gives the same position too.
        let pieces = |seat: u8| -> Vec<Cell> {
            g.pieces().filter(|(_, p)| p.seat() == Some(Seat(seat))).map(|(c, _)| c).collect()
        };
        let rebuilt = Triangular::from_pieces(&pieces(0), &pieces(1));
        prop_assert_eq!(rebuilt.position_hash(), g.position_hash());
        prop_assert_eq!(rebuilt, g);
    }

    #[test]
    fn scenes_offer_every_legal_cell_once(choices in prop::collection::vec(any::<u16>(), 0..48)) {
        let (positions, _) = game(&choices);
        let g = positions.last().unwrap();
        let scene = g.scene();
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        for &mv in &moves {
            let id = g.clicks(mv).remove(0);
            prop_assert_eq!(scene.items.iter().filter(|i| i.id.as_deref() == Some(id.as_str())).count(), 1);
        }
        prop_assert_eq!(scene.items.iter().filter(|i| i.id.is_some()).count(), moves.len());
        // The view box holds every piece and every legal cell.
        let [left, top, width, height] = scene.view_box;
        for item in scene.items.iter().filter(|i| i.id.is_some() || i.class.starts_with("piece")) {
            let Shape::Polygon { points } = &item.shape else {
                panic!("cells are polygons");
            };
            for &[x, y] in points {
                prop_assert!(x >= left && x <= left + width && y >= top && y <= top + height);
            }
        }
        prop_assert_eq!(
            scene.items.iter().filter(|i| i.class.starts_with("piece")).count(),
            g.placed() as usize + 1
        );
    }

    /// The scoring overlay: each triangle formed outlined once, each scored one's points written
    /// once, inside it, every number apart from the others when the game has few enough to
    /// spread (a crowded end may have to let some touch); all of it marked `overlay`.
    #[test]
    fn scored_triangles_are_outlined_and_their_points_stay_apart(choices in prop::collection::vec(any::<u16>(), 0..48)) {
        let (positions, _) = game_with(&choices, true);
        let g = positions.last().unwrap();
        let scene = g.scene();
        let formed = g.formed_triangles();
        let outlines: Vec<_> = scene.items.iter().filter(|i| i.class.starts_with("scored ") || i.class.starts_with("red-triangle")).collect();
        prop_assert_eq!(outlines.len(), formed.len());
        let numbers: Vec<_> = scene.items.iter().filter(|i| i.class.starts_with("scored-points")).collect();
        prop_assert_eq!(numbers.len(), formed.iter().filter(|f| !f.with_red).count());
        for item in outlines.iter().chain(&numbers) {
            prop_assert!(item.class.split(' ').any(|w| w == "overlay"), "{}", item.class);
        }
        let spots: Vec<[f32; 2]> = numbers.iter().map(|i| match &i.shape {
            Shape::Text { at, .. } => *at,
            _ => panic!("numbers are text"),
        }).collect();
        for (f, (item, at)) in formed.iter().filter(|f| !f.with_red).zip(numbers.iter().zip(&spots)) {
            let Shape::Text { text, .. } = &item.shape else { unreachable!() };
            prop_assert_eq!(text, &f.triangle.size.to_string());
            let outline = f.triangle.outline().map(|(x, y)| [x as f32 * 30.0, -y as f32 * 51.961_52]);
            prop_assert!(inside(&outline, *at), "{:?} outside {:?}", at, outline);
        }
        if spots.len() <= 4 {
            for (i, a) in spots.iter().enumerate() {
                for b in &spots[i + 1..] {
                    prop_assert!((a[0] - b[0]).hypot(a[1] - b[1]) >= 22.0, "{:?} and {:?} touch", a, b);
                }
            }
        }
    }
}

/// Whether `p` lies inside the triangle `t` (on the same side of each edge as the third corner).
fn inside(t: &[[f32; 2]; 3], p: [f32; 2]) -> bool {
    let side = |a: [f32; 2], b: [f32; 2], c: [f32; 2]| {
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    };
    (0..3).all(|i| {
        let (a, b, c) = (t[i], t[(i + 1) % 3], t[(i + 2) % 3]);
        side(a, b, p) * side(a, b, c) > 0.0
    })
}

#[test]
fn malformed_texts_are_refused_with_a_reason() {
    for text in ["1", "a,b", "1,2,3", "", "++1,0", "1;0", "1,0x", "1.5,0"] {
        let err = text.parse::<Cell>().unwrap_err();
        assert_eq!(err.text, text);
        assert!(!err.reason.is_empty(), "{text:?}");
        assert!(
            Triangular::start().parse_legal(text).is_err(),
            "{text:?} must not be accepted"
        );
    }
}
