//! The scene, the clicks and the text diagram.

mod common;

use std::collections::HashSet;
use trigonal_core::Present;

use common::{play, position_b};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use trigonal_core::{random_game, Fact, Game, Shape};
use trigonal_triangle_game::TriangleGame;

fn fact(g: &TriangleGame, key: &str, seat: Option<u8>) -> Option<String> {
    g.scene()
        .facts
        .into_iter()
        .find(|f: &Fact| f.key == key && f.seat == seat)
        .map(|f| f.value)
}

#[test]
fn scene_of_the_start() {
    let g = TriangleGame::start();
    let scene = g.scene();
    let ids: Vec<&str> = scene.items.iter().filter_map(|i| i.id.as_deref()).collect();
    let vertex_items = scene
        .items
        .iter()
        .filter(|i| i.class.split(' ').next() == Some("vertex"))
        .count();
    assert_eq!(vertex_items, 42);
    assert!(ids.contains(&"c5") && ids.contains(&"i9"));
    // Dark Blue's pool holds no dark blue stone: that item cannot be clicked.
    assert!(ids.contains(&"pool-G") && ids.contains(&"pool-W") && !ids.contains(&"pool-D"));
    let classes = |word: &str| {
        scene
            .items
            .iter()
            .filter(|i| i.class.starts_with(word))
            .count()
    };
    assert_eq!(classes("triangle territory top"), 9);
    assert_eq!(classes("triangle territory bottom-left"), 9);
    assert_eq!(classes("triangle territory bottom-right"), 9);
    assert_eq!(classes("dot p0"), 2);
    assert_eq!(classes("dot p1"), 2);
    assert_eq!(classes("dot p2"), 2);
    assert_eq!(classes("stone pool"), 12);
    assert_eq!(fact(&g, "pool", Some(0)).as_deref(), Some("D0 G3 L3 W3"));
    assert_eq!(fact(&g, "pool", Some(1)).as_deref(), Some("D3 G0 L3 W3"));
    assert_eq!(fact(&g, "pool", Some(2)).as_deref(), Some("D3 G3 L0 W3"));
    assert_eq!(fact(&g, "score", Some(2)).as_deref(), Some("0"));
    assert_eq!(fact(&g, "slides-left", Some(0)), None);
    // Every item lies inside the view box.
    let [x, y, w, h] = scene.view_box;
    for item in &scene.items {
        let points: Vec<[f32; 2]> = match &item.shape {
            Shape::Polygon { points } => points.clone(),
            Shape::Circle { center, .. } => vec![*center],
            Shape::Line { from, to } => vec![*from, *to],
            Shape::Text { at, .. } => vec![*at],
        };
        for [px, py] in points {
            assert!(px >= x && px <= x + w && py >= y && py <= y + h, "{item:?}");
        }
    }
}

#[test]
fn scene_and_diagram_in_mid_turn() {
    let mut g = position_b();
    play(&mut g, "Ge5");
    assert_eq!(fact(&g, "slides-left", Some(1)).as_deref(), Some("4"));
    assert_eq!(fact(&g, "pickup", Some(1)).as_deref(), Some("D G L W"));
    assert_eq!(fact(&g, "pool", Some(1)).as_deref(), Some("D1 G0 L2 W1"));
    let scene = g.scene();
    let stone = scene
        .items
        .iter()
        .find(|i| i.id.as_deref() == Some("e5") && i.class.starts_with("stone"))
        .expect("the green stone on e5");
    assert_eq!(stone.class, "stone p1 last", "just placed");
    assert_eq!(
        scene
            .items
            .iter()
            .filter(|i| i.class.starts_with("power-triangle p1 pending"))
            .count(),
        3
    );
    assert_eq!(g.clicks("xb4".parse().unwrap()), ["pickup", "b4"]);
    assert_eq!(g.clicks("e5-c3".parse().unwrap()), ["e5", "c3"]);
    assert_eq!(g.clicks("end".parse().unwrap()), ["end"]);
    let d = g.diagram();
    for text in [
        "Ge5",
        "Wa1",
        "Lg8",
        "4 slide(s) left",
        "P2 (Green, G) to act",
        "pick up a Dark Blue or Green or Light Blue or white stone",
        "Power Triangles: a5-e5-e9 a1-a5-e5 e5-e9-i9",
        "pool D1 G0 L2 W1",
        "dots D G L",
        "top territory: D's home",
    ] {
        assert!(d.contains(text), "{text:?} missing from\n{d}");
    }
    assert!(d.lines().all(|l| !l.ends_with(' ')));
}

/// No legal action's click sequence is a proper prefix of another's, no two are equal, and every
/// id clicked is a scene item or a button (`pickup`, `end`).
#[test]
fn clicks_are_unambiguous_and_name_scene_items() {
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..20 {
        let record = random_game(TriangleGame::start(), &mut rng);
        let mut g = TriangleGame::start();
        for mv in record {
            let ids: HashSet<String> = g.scene().items.into_iter().filter_map(|i| i.id).collect();
            let sequences: Vec<Vec<String>> = trigonal_core::DynGame::legal_clicks(&g)
                .into_iter()
                .map(|m| m.clicks)
                .collect();
            let all: HashSet<&Vec<String>> = sequences.iter().collect();
            assert_eq!(
                all.len(),
                sequences.len(),
                "two actions with one click sequence"
            );
            for s in &sequences {
                for id in s {
                    assert!(
                        ids.contains(id) || id == "pickup" || id == "end",
                        "{id} is not in the scene"
                    );
                }
                for n in 1..s.len() {
                    assert!(!all.contains(&s[..n].to_vec()), "{s:?} extends another");
                }
            }
            g.play(mv);
        }
    }
}

#[test]
fn the_start_diagram_names_every_vertex() {
    let d = TriangleGame::start().diagram();
    for v in trigonal_triangle_game::BOARD.vertices() {
        assert!(d.contains(&v.to_string()), "{v}");
    }
    assert!(d.contains("P1 (Dark Blue, D) to place a stone from the pool"));
    assert!(d.contains("pool D0 G3 L3 W3"));
    assert!(!d.contains("Latest turn"), "nothing has moved yet");
}

#[test]
fn the_diagram_names_what_the_latest_turn_moved() {
    let mut g = TriangleGame::start();
    Game::play(&mut g, "Wc5".parse().unwrap());
    let d = g.diagram();
    assert!(
        d.contains("Latest turn: stones arrived on Wc5; vertices emptied: none.\n"),
        "{d}"
    );
}

/// The ids of the items marked with class word `word`, sorted, with `-` for decorations.
fn marked(g: &TriangleGame, word: &str) -> Vec<String> {
    let mut ids: Vec<String> = g
        .scene()
        .items
        .into_iter()
        .filter(|i| i.class.split(' ').any(|w| w == word))
        .map(|i| i.id.unwrap_or_else(|| "-".into()))
        .collect();
    ids.sort();
    ids
}

#[test]
fn the_turn_being_played_or_just_ended_is_marked() {
    let mut g = TriangleGame::start();
    assert!(marked(&g, "last").is_empty() && marked(&g, "last-left").is_empty());
    play(&mut g, "Wc9 end Dd4");
    assert_eq!(
        marked(&g, "last"),
        ["d4"],
        "a new turn forgets the one before"
    );
    play(&mut g, "c9-d9");
    // The slid stone is marked where it stands, the vertex it left ringed.
    assert_eq!(marked(&g, "last"), ["d4", "d9"]);
    assert_eq!(marked(&g, "last-left"), ["-"]);
    let ring = g
        .scene()
        .items
        .into_iter()
        .find(|i| i.class == "last-left")
        .unwrap();
    let stone_at_c9_before = {
        let mut before = TriangleGame::start();
        play(&mut before, "Wc9");
        before
            .scene()
            .items
            .into_iter()
            .find(|i| i.id.as_deref() == Some("c9") && i.class.starts_with("stone"))
            .unwrap()
    };
    let (Shape::Circle { center: a, .. }, Shape::Circle { center: b, .. }) =
        (ring.shape, stone_at_c9_before.shape)
    else {
        panic!("circles")
    };
    assert_eq!(a, b, "the ring is on c9");
    // Ending the turn keeps the marks until the next player places.
    play(&mut g, "end");
    assert_eq!(marked(&g, "last"), ["d4", "d9"]);
    play(&mut g, "Db2");
    assert_eq!(marked(&g, "last"), ["b2"]);
    assert!(marked(&g, "last-left").is_empty());
}
