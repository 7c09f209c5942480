//! How a Triangoli position looks: the scene for the browser, the text diagram for the terminal,
//! the clicks that make each move and the move in words.

use trigonal_core::{Canvas, Clause, Fact, Game, Item, Present, Scene, Seat, Shape};

use crate::geometry::{steps_between, Point, Triangle, GEOMETRY, POINTS, SECTORS};
use crate::{Move, Phase, Triangoli};

/// Scene units per half-unit of x, and per row.
const SX: f32 = 50.0;
const SY: f32 = 86.602_54;

fn at(p: Point) -> [f32; 2] {
    let (x, y) = p.xy();
    [x as f32 * SX, (5 - y) as f32 * SY]
}

fn centroid(t: Triangle) -> [f32; 2] {
    let c = t.corners().map(at);
    [
        (c[0][0] + c[1][0] + c[2][0]) / 3.0,
        (c[0][1] + c[1][1] + c[2][1]) / 3.0,
    ]
}

/// The hexagon's corners, counter-clockwise from e3; sectors lie between c3 and two of them.
const CORNERS: [&str; 6] = ["e3", "c5", "a5", "a3", "a1", "c1"];

fn point(name: &str) -> Point {
    Point::parse(name).expect("a board point")
}

/// A triangle's outline.
fn outline(t: Triangle) -> Shape {
    Shape::Polygon {
        points: t.corners().map(at).to_vec(),
    }
}

/// The scene id of a triangle.
fn triangle_id(t: Triangle) -> String {
    format!("t{}", t.number())
}

/// Text layout: a half-unit of x is 4 columns, a row of intersections 4 lines, so grid diagonals
/// are drawn one column per line.
const COL: i32 = 4;
const ROW: i32 = 4;
const MARGIN: i32 = 2;

fn text_pos(p: Point) -> (i32, i32) {
    let (x, y) = p.xy();
    ((5 - y as i32) * ROW, x as i32 * COL)
}

/// The sector-by-sector scoring in words.
pub(crate) fn explain_result(g: &Triangoli) -> String {
    let s = g.sector_score();
    let mut out = String::from("Game over. Sector scoring (P1–P2):\n");
    for i in 0..SECTORS {
        let c = s.cylinders[i];
        let verdict = match c[0].cmp(&c[1]) {
            std::cmp::Ordering::Greater => format!("P1 keeps {}", c[0]),
            std::cmp::Ordering::Less => format!("P2 keeps {}", c[1]),
            std::cmp::Ordering::Equal if c[0] == 0 => "empty".to_string(),
            std::cmp::Ordering::Equal => "tied, both removed".to_string(),
        };
        out.push_str(&format!(
            "  sector {}: {}–{}  {}\n",
            i + 1,
            c[0],
            c[1],
            verdict
        ));
    }
    out.push_str(&format!(
        "Cylinders kept: P1 {}, P2 {}; sectors won: P1 {}, P2 {}.\n",
        s.kept[0], s.kept[1], s.sectors_won[0], s.sectors_won[1]
    ));
    let result = match g.outcome().map(|o| o.winners.iter().collect::<Vec<Seat>>()) {
        Some(w) if w.len() == 1 => {
            let by = if s.kept[0] != s.kept[1] {
                "more cylinders kept"
            } else {
                "cylinders equal, more sectors won"
            };
            format!("{} wins ({by}).\n", w[0])
        }
        _ => "A draw: equal cylinders and equal sectors.\n".to_string(),
    };
    out.push_str(&result);
    out
}

impl Present for Triangoli {
    fn scene(&self) -> Scene {
        let g = self;
        let mut items = Vec::new();
        for t in Triangle::all() {
            let class = format!(
                "triangle sector{}{}",
                t.sector() + 1,
                if g.is_empty(t) { " empty" } else { "" }
            );
            items.push(Item::new(triangle_id(t), outline(t), class).named(t.number().to_string()));
        }
        // Sector lines: the hexagon's outline and the six rays from the centre.
        let c3 = at(point("c3"));
        for (i, name) in CORNERS.iter().enumerate() {
            let corner = at(point(name));
            let next = at(point(CORNERS[(i + 1) % 6]));
            items.push(Item::decoration(
                Shape::Line {
                    from: c3,
                    to: corner,
                },
                "sector-line",
            ));
            items.push(Item::decoration(
                Shape::Line {
                    from: corner,
                    to: next,
                },
                "sector-line",
            ));
        }
        // The last move: its triangle and the exchanged ones outlined over the board (drawn after
        // every triangle so that no neighbour covers the outline), its pawn ringed below.
        let last_pawn = match g.last_move() {
            Some(Move::Turn {
                to,
                triangle,
                exchange,
            }) => {
                items.push(Item::decoration(outline(triangle), "last-move"));
                items.extend(
                    exchange
                        .triangles()
                        .map(|t| Item::decoration(outline(t), "last-move exchanged")),
                );
                Some(to)
            }
            Some(Move::Setup(p)) => Some(p),
            Some(Move::Pass) | None => None,
        };
        for t in Triangle::all() {
            let [cx, cy] = centroid(t);
            items.push(
                Item::decoration(
                    Shape::Text {
                        at: [cx, cy - 14.0],
                        text: t.number().to_string(),
                        size: 11.0,
                    },
                    "triangle-number coordinate",
                )
                .with_label(t.number().to_string()),
            );
            let counts: Vec<(usize, u8)> = (0..2)
                .map(|p| (p, g.cells[t.0 as usize][p]))
                .filter(|&(_, c)| c > 0)
                .collect();
            let n = counts.len() as f32;
            for (i, &(p, c)) in counts.iter().enumerate() {
                let dx = (i as f32 - (n - 1.0) / 2.0) * 20.0;
                items.push(
                    Item::new(
                        triangle_id(t),
                        Shape::Circle {
                            center: [cx + dx, cy + 6.0],
                            radius: 9.5,
                        },
                        format!("cylinder p{p}"),
                    )
                    .named(t.number().to_string())
                    .with_label(c.to_string()),
                );
            }
        }
        // Each intersection's name beside it, as moves are written (`c2/3`).
        for p in Point::all() {
            let [x, y] = at(p);
            items.push(Item::decoration(
                Shape::Text {
                    at: [x - 15.0, y + 15.0],
                    text: p.name(),
                    size: 10.0,
                },
                "point-name coordinate",
            ));
        }
        for p in Point::all() {
            items.push(Item::new(
                p.name(),
                Shape::Circle {
                    center: at(p),
                    radius: 7.0,
                },
                "point",
            ));
        }
        for seat in 0..2 {
            if let Some(p) = g.pawn[seat] {
                items.push(
                    Item::new(
                        p.name(),
                        Shape::Circle {
                            center: at(p),
                            radius: 14.0,
                        },
                        format!(
                            "pawn p{seat}{}",
                            if last_pawn == Some(p) { " last" } else { "" }
                        ),
                    )
                    .with_label(format!("{}", seat + 1)),
                );
            }
        }
        let mut facts = Vec::new();
        for seat in 0..2u8 {
            facts.push(Fact::new("reserve", Some(seat), g.reserve[seat as usize]));
        }
        if g.phase == Phase::Pass {
            facts.push(Fact::new("must-pass", Some(g.to_move), ""));
        }
        if g.phase == Phase::Over {
            let s = g.sector_score();
            for (i, c) in s.cylinders.iter().enumerate() {
                let winner = (c[0] != c[1]).then(|| u8::from(c[1] > c[0]));
                facts.push(
                    Fact::new("sector", winner, format!("{}: {}–{}", i + 1, c[0], c[1]))
                        .with_row([i as i32 + 1, i32::from(c[0]), i32::from(c[1])]),
                );
            }
            for seat in 0..2u8 {
                facts.push(Fact::new("kept", Some(seat), s.kept[seat as usize]));
                facts.push(Fact::new(
                    "sectors-won",
                    Some(seat),
                    s.sectors_won[seat as usize],
                ));
            }
        }
        Scene {
            view_box: [-30.0, -30.0, 8.0 * SX + 60.0, 4.0 * SY + 60.0],
            items,
            facts,
            pannable: false,
        }
    }

    fn diagram(&self) -> String {
        let g = self;
        // Columns start MARGIN in, so that text centred on the leftmost points fits.
        let mut canvas = Canvas::new();
        let c3 = point("c3");
        let is_sector_line = |a: Point, b: Point| {
            let on_outline = |p: Point| GEOMETRY.adjacent[p.0 as usize].count_ones() < 6;
            let spoke = |p: Point| CORNERS.iter().any(|&c| point(c) == p);
            (on_outline(a) && on_outline(b)) || (a == c3 && spoke(b)) || (b == c3 && spoke(a)) || {
                // Inner segments of a spoke: the midpoint between c3 and a corner.
                let mid_spoke = |m: Point, c: Point| {
                    CORNERS.iter().any(|&k| {
                        let (kx, ky) = point(k).xy();
                        let (mx, my) = m.xy();
                        (kx + 4) == 2 * mx && (ky + 3) == 2 * my && (c == c3 || c == point(k))
                    })
                };
                mid_spoke(a, b) || mid_spoke(b, a)
            }
        };
        // Grid lines: sector lines solid, the others dotted.
        for a in 0..POINTS as u8 {
            for b in a + 1..POINTS as u8 {
                let (pa, pb) = (Point(a), Point(b));
                let ((ra, ca), (rb, cb)) = (text_pos(pa), text_pos(pb));
                let (xa, ya) = pa.xy();
                let (xb, yb) = pb.xy();
                let neighbours = ((xa - xb).abs() == 2 && ya == yb)
                    || ((xa - xb).abs() == 1 && (ya - yb).abs() == 1);
                if !neighbours {
                    continue;
                }
                let solid = is_sector_line(pa, pb);
                if ra == rb {
                    for c in ca.min(cb) + 2..ca.max(cb) - 1 {
                        canvas.put(ra, MARGIN + c, if solid { "-" } else { "." });
                    }
                } else {
                    let (top, bottom) = if ra < rb {
                        ((ra, ca), (rb, cb))
                    } else {
                        ((rb, cb), (ra, ca))
                    };
                    let dc = (bottom.1 - top.1).signum();
                    for k in 1..ROW {
                        let ch = match (solid, dc) {
                            (false, _) => ".",
                            (true, 1) => "\\",
                            _ => "/",
                        };
                        canvas.put(top.0 + k, MARGIN + top.1 + dc * k, ch);
                    }
                }
            }
        }
        // Triangle numbers and contents, "P1|P2" counts.
        for t in Triangle::all() {
            let corners = t.corners();
            let ys: Vec<i8> = corners.iter().map(|p| p.xy().1).collect();
            let top_y = *ys.iter().max().expect("three corners");
            let up = ys.iter().filter(|&&y| y == top_y).count() == 1;
            let apex_x = corners
                .iter()
                .find(|p| {
                    let y = p.xy().1;
                    ys.iter().filter(|&&v| v == y).count() == 1
                })
                .expect("an apex")
                .xy()
                .0;
            let col = apex_x as i32 * COL;
            let band_top = (5 - top_y as i32) * ROW;
            let (count_row, number_row) = if up {
                (band_top + 3, band_top + 2)
            } else {
                (band_top + 1, band_top + 2)
            };
            canvas.centre(number_row, MARGIN + col, &t.number().to_string());
            let c = g.cells[t.0 as usize];
            let content = if c == [0, 0] {
                String::new()
            } else {
                format!("{}|{}", c[0], c[1])
            };
            canvas.centre(count_row, MARGIN + col, &content);
        }
        for p in Point::all() {
            let (r, c) = text_pos(p);
            canvas.put(r, MARGIN + c - 1, &p.name());
        }
        for seat in 0..2 {
            if let Some(p) = g.pawn[seat] {
                let (r, c) = text_pos(p);
                canvas.put(r, MARGIN + c - 1, &format!("@{}", seat + 1));
            }
        }
        let mut out = canvas.text();
        out.push_str(
            "Cells show cylinders as P1|P2; @1 and @2 are the pawns; solid lines bound sectors.\n",
        );
        if let Some(mv) = g.last_move() {
            out.push_str(&format!("Last move: {mv}.\n"));
        }
        for seat in 0..2 {
            let pawn =
                g.pawn[seat].map_or("not placed".to_string(), |p| format!("on {}", p.name()));
            out.push_str(&format!(
                "P{}: reserve {:>2}, pawn {}\n",
                seat + 1,
                g.reserve[seat],
                pawn
            ));
        }
        match g.phase {
            Phase::Setup => out.push_str(&format!("P{} places a pawn.\n", g.to_move + 1)),
            Phase::Turn => out.push_str(&format!("P{} to move.\n", g.to_move + 1)),
            Phase::Pass => out.push_str(&format!(
                "P{} has no legal move and must pass.\n",
                g.to_move + 1
            )),
            Phase::Over => out.push_str(&explain_result(g)),
        }
        out
    }

    fn clicks(&self, mv: Move) -> Vec<String> {
        match mv {
            Move::Setup(p) => vec![p.name()],
            Move::Pass => vec!["pass".into()],
            Move::Turn {
                to,
                triangle,
                exchange,
            } => std::iter::once(to.name())
                .chain(std::iter::once(triangle_id(triangle)))
                .chain(exchange.triangles().map(triangle_id))
                .collect(),
        }
    }

    /// The step each click of `mv` makes (see `Present::click_steps`).
    fn click_steps(&self, mv: Move) -> Vec<&'static str> {
        match mv {
            Move::Setup(_) => vec!["setup"],
            Move::Pass => vec!["move"],
            Move::Turn { exchange, .. } => {
                let mut steps = vec!["move", "place"];
                steps.extend(exchange.triangles().map(|_| "exchange"));
                steps
            }
        }
    }

    /// The pawn set down; or its steps, the cylinders placed and those swapped in each triangle
    /// (a triangle once, with its count). A pass says the mover had no move.
    fn words(&self, mv: Move) -> Vec<Clause> {
        match mv {
            Move::Setup(p) => vec![Clause::new("triangoli.setup").with("at", p.name())],
            Move::Pass => vec![Clause::new("pass")],
            Move::Turn {
                to,
                triangle,
                exchange,
            } => {
                let from = self
                    .to_move()
                    .and_then(|s| self.pawn(s))
                    .expect("a turn is played by a seat whose pawn is down");
                let (_, steps) = steps_between(from, to).expect("a legal turn goes along a line");
                let mut words = vec![
                    Clause::new("triangoli.step")
                        .with("n", steps)
                        .with("from", from.name())
                        .with("to", to.name()),
                    Clause::new("triangoli.place")
                        .with("n", steps)
                        .with("triangle", triangle.number()),
                ];
                let mut taken: Vec<(Triangle, u8)> = Vec::new();
                for t in exchange.triangles() {
                    match taken.last_mut() {
                        Some((last, n)) if *last == t => *n += 1,
                        _ => taken.push((t, 1)),
                    }
                }
                words.extend(taken.into_iter().map(|(t, n)| {
                    Clause::new("triangoli.exchange")
                        .with("n", n)
                        .with("triangle", t.number())
                }));
                words
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trigonal_core::ForDisplay;

    fn classes(scene: &Scene, word: &str) -> Vec<(Option<String>, String)> {
        scene
            .items
            .iter()
            .filter(|i| i.class.split(' ').any(|w| w == word))
            .map(|i| (i.id.clone(), i.class.clone()))
            .collect()
    }

    /// The first legal turn with an exchange of two triangles in a seeded random game.
    fn position_before_a_double_exchange() -> (Triangoli, Move) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        for _ in 0..50 {
            let mut g = Triangoli::start();
            let mut moves = Vec::new();
            while g.to_move().is_some() {
                g.legal_moves(&mut moves);
                if let Some(&mv) = moves.iter().find(|m| {
                    matches!(m, Move::Turn { exchange, .. } if exchange.triangles().count() == 2)
                }) {
                    return (g, mv);
                }
                g.play(moves[rng.gen_range(0..moves.len())]);
            }
        }
        panic!("no double exchange in 50 random games")
    }

    #[test]
    fn the_last_move_is_outlined_and_its_pawn_marked() {
        let (mut g, mv) = position_before_a_double_exchange();
        let before = g.clone();
        g.play(mv);
        let Move::Turn {
            to,
            triangle,
            exchange,
        } = mv
        else {
            unreachable!()
        };
        let scene = g.scene();
        let outlined = classes(&scene, "last-move");
        assert_eq!(outlined.len(), 3, "{outlined:?}");
        assert_eq!(outlined[0], (None, "last-move".to_string()));
        assert_eq!(classes(&scene, "exchanged").len(), 2);
        let Shape::Polygon { points } = &scene
            .items
            .iter()
            .find(|i| i.class == "last-move")
            .unwrap()
            .shape
        else {
            panic!("an outline is a polygon")
        };
        assert_eq!(points, &triangle.corners().map(at).to_vec());
        let pawns = classes(&scene, "last");
        assert_eq!(pawns.len(), 1);
        assert_eq!(pawns[0].0.as_deref(), Some(to.name().as_str()));
        assert!(pawns[0].1.starts_with("pawn"));
        assert_eq!(exchange.triangles().count(), 2);
        // The start has no mark; a pass marks nothing.
        assert!(classes(&Triangoli::start().scene(), "last-move").is_empty());
        assert!(classes(&Triangoli::start().scene(), "last").is_empty());
        let mut passed = before.clone();
        passed.last = ForDisplay(Some(Move::Pass));
        assert!(classes(&passed.scene(), "last-move").is_empty());
        assert!(classes(&passed.scene(), "last").is_empty());
        assert!(g.diagram().contains(&format!("Last move: {mv}.\n")));
        assert!(!Triangoli::start().diagram().contains("Last move"));
    }

    /// Worked by hand: P1's pawn on a3 goes three steps east to d3 (through b3 and c3), puts
    /// three cylinders into the empty triangle 12 (d3 e3 d2), and must swap three of P2's: the one
    /// in triangle 10 and both in 17, all next to d3.
    #[test]
    fn a_turn_is_said_as_steps_placement_and_swaps_per_triangle() {
        let mut cells = [[0u8; 2]; 24];
        cells[9] = [0, 1];
        cells[16] = [0, 2];
        let g = Triangoli::from_parts(cells, [point("a3"), point("a1")], Seat(0));
        let mv: Move = "d3/12/10,17,17".parse().unwrap();
        assert!(g.is_legal(mv));
        let said = serde_json::to_value(g.words(mv)).unwrap();
        assert_eq!(
            said,
            serde_json::json!([
                {"key": "triangoli.step", "values": {"n": 3, "from": "a3", "to": "d3"}},
                {"key": "triangoli.place", "values": {"n": 3, "triangle": 12}},
                {"key": "triangoli.exchange", "values": {"n": 1, "triangle": 10}},
                {"key": "triangoli.exchange", "values": {"n": 2, "triangle": 17}},
            ])
        );
        let start = Triangoli::start();
        let setup = serde_json::to_value(start.words("c3".parse().unwrap())).unwrap();
        assert_eq!(
            setup,
            serde_json::json!([{"key": "triangoli.setup", "values": {"at": "c3"}}])
        );
        assert_eq!(start.words(Move::Pass)[0].key, "pass");
    }

    #[test]
    fn the_last_move_is_not_part_of_the_position() {
        let (g, mv) = position_before_a_double_exchange();
        let mut other = g.clone();
        other.last = ForDisplay(Some(mv));
        assert_eq!(g, other);
        assert_eq!(g.position_hash(), other.position_hash());
        use std::hash::{BuildHasher, RandomState};
        let s = RandomState::new();
        assert_eq!(s.hash_one(&g), s.hash_one(&other));
    }

    /// At the end, each sector is a fact carrying its numbers as a row (sector, P1's cylinders,
    /// P2's), its keeper as the seat; the rows add up to the score's kept cylinders.
    #[test]
    fn the_sectors_at_the_end_are_rows_of_numbers() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut g = Triangoli::start();
        let mut moves = Vec::new();
        while g.to_move().is_some() {
            assert!(g.scene().facts.iter().all(|f| f.key != "sector"));
            g.legal_moves(&mut moves);
            g.play(moves[rng.gen_range(0..moves.len())]);
        }
        let facts = g.scene().facts;
        let rows: Vec<&Fact> = facts.iter().filter(|f| f.key == "sector").collect();
        assert_eq!(rows.len(), SECTORS);
        let mut kept = [0; 2];
        for (i, f) in rows.iter().enumerate() {
            let [n, a, b] = f.row[..] else {
                panic!("{f:?}")
            };
            assert_eq!(n, i as i32 + 1);
            assert_eq!(f.value, format!("{n}: {a}–{b}"));
            match f.seat {
                Some(0) => kept[0] += a,
                Some(1) => kept[1] += b,
                _ => assert_eq!(a, b, "a tie is nobody's"),
            }
            assert_eq!(f.seat == Some(0), a > b);
        }
        let score = g.sector_score();
        assert_eq!(kept.map(|k| k as u32), score.kept);
    }
}
