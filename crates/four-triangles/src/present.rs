//! How a Four Triangles position looks: the scene for the browser, the text diagram for the
//! terminal, the clicks that make each action and the action in words.

use std::fmt::Write as _;

use trigonal_core::{Canvas, Clause, Fact, Item, Present, Scene, Seat, Shape};

use crate::geometry::{real, Point, PointKind, Triangle, GEOMETRY};
use crate::{End, FourTriangles, Move, Split, Version, MAX_TURNS};

/// How far the small triangles are pushed apart from the big triangle's centre, so that the
/// corners of a constellation are separate points.
const SPREAD: f64 = 1.6;

/// A point's position in real units on the drawn board (y upwards).
fn drawn(p: Point, spread: f64) -> (f64, f64) {
    let g = &*GEOMETRY;
    let (x, y) = real(g.xy[p.index()]);
    let (cx, cy) = real(g.xy[p.triangle().middle().index()]);
    let (bx, by) = real(g.xy[Triangle::C.middle().index()]);
    (
        bx + (cx - bx) * spread + (x - cx),
        by + (cy - by) * spread + (y - cy),
    )
}

/// Scene units per real unit (a small triangle's side is 2).
const UNIT: f64 = 100.0;

fn at(p: Point) -> [f32; 2] {
    let (x, y) = drawn(p, SPREAD);
    [(x * UNIT) as f32, (-y * UNIT) as f32]
}

/// The id of the button that turns `t` the way `sign` says.
fn turn_id(t: Triangle, sign: char) -> String {
    format!("turn-{}{sign}", t.letter())
}

fn circle(center: [f32; 2], radius: f32) -> Shape {
    Shape::Circle { center, radius }
}

/// What the last move touched: a turned triangle, the point a figure left, the points where
/// figures arrived (bit set over [`Point::bit`]).
#[derive(Default)]
struct LastMove {
    turned: Option<Triangle>,
    left: Option<Point>,
    arrived: u32,
}

fn last_move(g: &FourTriangles) -> LastMove {
    let mut last = LastMove::default();
    match g.last_move() {
        None | Some(Move::Pass) => {}
        Some(Move::Turn(t, _)) => last.turned = Some(t),
        Some(Move::Place(p)) => last.arrived = p.bit(),
        Some(Move::BringIn(a, b)) => last.arrived = a.bit() | b.bit(),
        Some(Move::Figure { from, to }) => {
            last.left = Some(from);
            last.arrived = to.bit();
        }
        Some(Move::Split { from, into }) => {
            last.left = Some(from);
            last.arrived = match into {
                Split::TwoSingles(a, b) => a.bit() | b.bit(),
                Split::DoubleAndSingle { double, single } => double.bit() | single.bit(),
                Split::ThreeSingles(a, b, c) => a.bit() | b.bit() | c.bit(),
            };
        }
    }
    last
}

/// Text layout: columns and lines per real unit, and how far apart the triangles are drawn.
/// With COLS ≈ ROWS · √3 the sides at ±60° climb one line per column.
const COLS: f64 = 9.0;
const ROWS: f64 = 5.0;
const TEXT_SPREAD: f64 = 1.5;

/// Each point's (line, column) in the text drawing; its name goes there and its figure on the
/// line below.
fn text_places() -> Vec<(usize, usize)> {
    let pos: Vec<(f64, f64)> = Point::all().map(|p| drawn(p, TEXT_SPREAD)).collect();
    let x0 = pos.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let y1 = pos.iter().map(|p| p.1).fold(f64::MIN, f64::max);
    pos.iter()
        .map(|&(x, y)| {
            (
                ((y1 - y) * ROWS).round() as usize,
                ((x - x0) * COLS).round() as usize + 2,
            )
        })
        .collect()
}

/// The end of the game in words.
pub(crate) fn explain_end(end: End) -> String {
    match end {
        End::Middles(s) => format!("Game over: {s} holds all four middle points and wins.\n"),
        End::Triangle(s, t) => format!(
            "Game over: {s} holds the middle point and the three median points of {} and wins.\n",
            t.letter()
        ),
        End::LastLeft(s) => format!("Game over: every other player is out; {s} wins.\n"),
        End::Repetition => {
            "Game over: the position occurred for the third time; a draw.\n".to_string()
        }
        End::TurnLimit => format!("Game over: the {MAX_TURNS}th turn is over; a draw.\n"),
    }
}

impl Present for FourTriangles {
    fn scene(&self) -> Scene {
        let g = self;
        let geo = &*GEOMETRY;
        let last = last_move(g);
        let mut items = Vec::new();
        for t in Triangle::ALL {
            let corners = (1..=3).map(|n| at(Point::new(t, n))).collect();
            let turned = if last.turned == Some(t) { " last" } else { "" };
            items.push(Item::new(
                t.letter().to_string(),
                Shape::Polygon { points: corners },
                format!("triangle triangle-{}{turned}", t.letter()),
            ));
        }
        for line in &geo.lines {
            items.push(Item::decoration(
                Shape::Line {
                    from: at(line[0]),
                    to: at(line[2]),
                },
                "line",
            ));
        }
        if g.version() == Version::Full {
            // Warps: rings round the big corners and the constellations, and beside each end of a
            // straight warp the name of the point the line goes on from.
            for p in Point::all().filter(|p| geo.warps[p.index()] != 0) {
                let class = if geo.big_corners & p.bit() != 0 {
                    "warp big-corner"
                } else {
                    "warp constellation"
                };
                items.push(Item::decoration(circle(at(p), 28.0), class));
                if let Some(partner) = geo.straight_warp[p.index()] {
                    // Beside the point, away from its triangle's middle.
                    let [x, y] = at(p);
                    let [cx, cy] = at(p.triangle().middle());
                    let (dx, dy) = (x - cx, y - cy);
                    let len = (dx * dx + dy * dy).sqrt();
                    items.push(
                        Item::decoration(
                            Shape::Text {
                                at: [x + 44.0 * dx / len, y + 44.0 * dy / len],
                                text: format!("⇄{partner}"),
                                size: 13.0,
                            },
                            "straight-warp",
                        )
                        .with_label(partner.name()),
                    );
                }
            }
        }
        for p in Point::all() {
            let kind = match p.kind() {
                PointKind::Middle => "middle",
                PointKind::Corner => "corner",
                PointKind::Median => "median",
            };
            items.push(Item::new(
                p.name(),
                circle(at(p), 14.0),
                format!("point {kind}"),
            ));
            let [x, y] = at(p);
            items.push(Item::decoration(
                Shape::Text {
                    at: [x + 24.0, y - 16.0],
                    text: p.name().to_string(),
                    size: 12.0,
                },
                "point-name coordinate",
            ));
        }
        if let Some(p) = last.left {
            items.push(Item::decoration(circle(at(p), 20.0), "last-left"));
        }
        for p in Point::all() {
            if let Some(f) = g.figure(p) {
                let arrived = if last.arrived & p.bit() != 0 {
                    " last"
                } else {
                    ""
                };
                let radius = 12.0 + 4.0 * f.stones as f32;
                items.push(
                    Item::new(
                        p.name(),
                        circle(at(p), radius),
                        format!("figure p{} stones{}{arrived}", f.owner.0, f.stones),
                    )
                    .with_label(f.stones.to_string()),
                );
                // A pin over a figure that just arrived: a mark of its own shape, since a ring's
                // colour alone reads as a seat's colour where four seats play.
                if !arrived.is_empty() {
                    let [x, y] = at(p);
                    let tip = y - radius - 3.0;
                    items.push(Item::decoration(
                        Shape::Polygon {
                            points: vec![[x - 12.0, tip - 18.0], [x + 12.0, tip - 18.0], [x, tip]],
                        },
                        "last-mark",
                    ));
                }
            }
        }
        let mut facts = vec![
            Fact::new("version", None, g.version().name()),
            Fact::new("turn", None, format!("{}/{MAX_TURNS}", g.turn_number())),
            Fact::new("supply", None, g.supply()),
        ];
        for s in 0..g.players {
            let seat = Seat(s);
            facts.push(Fact::new("markers", Some(s), g.markers(seat)));
            if g.is_out(seat) {
                facts.push(Fact::new("out", Some(s), ""));
            }
            if g.turned_last(seat) {
                facts.push(Fact::new("turned-last-turn", Some(s), ""));
            }
        }
        if g.just_turned() {
            facts.push(Fact::new("turn-just-before", None, ""));
        }
        match g.end() {
            None => facts.push(Fact::new("to-move", Some(g.to_move), "")),
            Some(End::Middles(s)) => facts.push(Fact::new("winner", Some(s.0), "middles")),
            Some(End::Triangle(s, t)) => facts.push(Fact::new(
                "winner",
                Some(s.0),
                format!("triangle {}", t.letter()),
            )),
            Some(End::LastLeft(s)) => facts.push(Fact::new("winner", Some(s.0), "last-left")),
            Some(End::Repetition) => facts.push(Fact::new("draw", None, "repetition")),
            Some(End::TurnLimit) => facts.push(Fact::new("draw", None, "turn-limit")),
        }
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in Point::all() {
            let [x, y] = at(p);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let margin = 60.0;
        Scene {
            view_box: [
                x0 - margin,
                y0 - margin,
                x1 - x0 + 2.0 * margin,
                y1 - y0 + 2.0 * margin,
            ],
            items,
            facts,
            pannable: false,
        }
    }

    fn diagram(&self) -> String {
        let g = self;
        let places = text_places();
        let mut canvas = Canvas::new();
        // The sides of the triangles (the medians would crowd the drawing).
        for line in GEOMETRY
            .lines
            .iter()
            .filter(|l| l[1].kind() == PointKind::Median)
        {
            let (a, b) = (places[line[0].index()], places[line[2].index()]);
            let middle = places[line[1].index()].0;
            let (top, bottom) = if a.0 <= b.0 { (a, b) } else { (b, a) };
            if top.0 == bottom.0 {
                for c in top.1.min(bottom.1) + 3..top.1.max(bottom.1) - 1 {
                    canvas.mark(top.0 as i32, c as i32, '-');
                }
                continue;
            }
            let ch = if bottom.1 < top.1 { '/' } else { '\\' };
            let (r0, r1) = (top.0 as f64, bottom.0 as f64);
            // Between the corners' names and figures, leaving the median point's lines free.
            for r in (top.0 + 2..bottom.0).filter(|&r| r != middle && r != middle + 1) {
                let t = (r as f64 - r0) / (r1 - r0);
                let c = top.1 as f64 + t * (bottom.1 as f64 - top.1 as f64);
                canvas.mark(r as i32, c.round() as i32, ch);
            }
        }
        for p in Point::all() {
            let (line, col) = places[p.index()];
            let (line, col) = (line as i32, col as i32);
            canvas.centre(line, col, &format!(" {} ", p.name()));
            let below = match g.figure(p) {
                Some(f) => format!("{}:{}", f.owner.0 + 1, f.stones),
                None => "·".to_string(),
            };
            canvas.centre(line + 1, col, &below);
        }
        let mut out = canvas.text();
        out.push_str("Figures are player:stones (1:2 is a double of P1); · is an empty point.\n");
        if g.version() == Version::Full {
            out.push_str(
                "Warps (full version): a big corner (T1 L2 R3) to the other big corners and its \
                 opposite constellation;\na constellation point (T2 L1 C3 | T3 R1 C2 | L3 R2 C1) to \
                 the other constellations and its opposite\nbig corner. Straight warps: T1–C1, \
                 L2–C2, R3–C3.\n",
            );
        } else {
            out.push_str("Simple version: no warps.\n");
        }
        let _ = write!(out, "Supply {} stones. Markers:", g.supply());
        for s in 0..g.players {
            let seat = Seat(s);
            let _ = write!(out, " {seat} {}", g.markers(seat));
            if g.is_out(seat) {
                out.push_str(" (out)");
            }
            out.push(if s + 1 < g.players { ',' } else { '.' });
        }
        out.push('\n');
        let _ = writeln!(out, "Turn {} of {MAX_TURNS} played.", g.turn_number());
        if let Some(mv) = g.last_move() {
            let _ = writeln!(out, "Last move: {mv}.");
        }
        match g.end() {
            None => {
                let seat = Seat(g.to_move);
                let turning = if g.just_turned() {
                    " No triangle may turn: the turn just before was a turn.".to_string()
                } else if g.turned_last(seat) {
                    format!(" {seat} may not turn a triangle: its own previous turn was one.")
                } else {
                    String::new()
                };
                if g.turn_number() == 0 {
                    let _ = writeln!(out, "{seat} places the first single (e.g. @T4).");
                } else {
                    let _ = writeln!(out, "{seat} to move.{turning}");
                }
            }
            Some(end) => out.push_str(&explain_end(end)),
        }
        out
    }

    /// The clicks that make `mv`: a point for the opening single; `bring`, then the two points;
    /// the triangle (its letter, a tap on it), then a way to turn it (`turn-T+`); the figure's
    /// point then its target; `split`, the figure's point, then the new figures' points (a double's
    /// point clicked twice, first); `pass`. Since moves start with a point, a triangle or a button,
    /// and the figure on the split point fixes how many points follow, no sequence is a prefix of
    /// another.
    fn clicks(&self, mv: Move) -> Vec<String> {
        let name = |p: Point| p.name().to_string();
        match mv {
            Move::Place(p) => vec![name(p)],
            Move::BringIn(a, b) => vec!["bring".into(), name(a), name(b)],
            Move::Turn(t, r) => vec![t.letter().to_string(), turn_id(t, r.sign())],
            Move::Figure { from, to } => vec![name(from), name(to)],
            Move::Split { from, into } => {
                let mut v = vec!["split".into(), name(from)];
                match into {
                    Split::TwoSingles(a, b) => v.extend([name(a), name(b)]),
                    Split::DoubleAndSingle { double, single } => {
                        v.extend([name(double), name(double), name(single)])
                    }
                    Split::ThreeSingles(a, b, c) => v.extend([name(a), name(b), name(c)]),
                }
                v
            }
            Move::Pass => vec!["pass".into()],
        }
    }

    /// The step each click of `mv` makes (see `Present::click_steps`): the opening single; else a
    /// turn's start (a figure, a triangle, `bring`, `split` or `pass`), then what that action asks
    /// for.
    fn click_steps(&self, mv: Move) -> Vec<&'static str> {
        match mv {
            Move::Place(_) => vec!["opening"],
            Move::BringIn(..) => vec!["start", "bring", "bring"],
            Move::Turn(..) => vec!["start", "turn"],
            Move::Pass => vec!["start"],
            Move::Figure { .. } => vec!["start", "target"],
            Move::Split { .. } => {
                let len = self.clicks(mv).len();
                let mut steps = vec!["start", "split-from"];
                steps.resize(len, "split-to");
                steps
            }
        }
    }

    /// The action, its figures named by size (`move.2`: a double moved; a clause per size, as
    /// languages inflect the figure's name): a capture names whose figure it took and any stones
    /// the stack gave back to the supply; a split names each new figure.
    fn words(&self, mv: Move) -> Vec<Clause> {
        let name = |p: Point| p.name().to_string();
        let stones = |p: Point| {
            self.figure(p)
                .expect("a legal move or split starts from a figure")
                .stones
        };
        match mv {
            Move::Place(p) => vec![Clause::new("four-triangles.first").with("at", name(p))],
            Move::BringIn(a, b) => {
                vec![Clause::new("four-triangles.bring").with("at", vec![name(a), name(b)])]
            }
            Move::Turn(t, r) => {
                let way = if r.sign() == '+' { "ccw" } else { "cw" };
                vec![Clause::new(format!("four-triangles.turn.{way}"))
                    .with("triangle", t.letter().to_string())]
            }
            Move::Figure { from, to } => {
                let moving = stones(from);
                let mut words = vec![Clause::new(format!("four-triangles.move.{moving}"))
                    .with("from", name(from))
                    .with("to", name(to))];
                if let Some(taken) = self.figure(to) {
                    words.push(
                        Clause::new(format!("four-triangles.capture.{}", taken.stones))
                            .with("seat", taken.owner.0),
                    );
                    if moving + taken.stones > 3 {
                        words.push(Clause::new("four-triangles.returned").with("n", 3u8));
                    }
                }
                words
            }
            Move::Split { from, into } => {
                let part = |size: u8, p: Point| {
                    Clause::new(format!("four-triangles.to.{size}")).with("at", name(p))
                };
                let mut words = vec![
                    Clause::new(format!("four-triangles.split.{}", stones(from)))
                        .with("at", name(from)),
                ];
                match into {
                    Split::TwoSingles(a, b) => words.extend([part(1, a), part(1, b)]),
                    Split::DoubleAndSingle { double, single } => {
                        words.extend([part(2, double), part(1, single)])
                    }
                    Split::ThreeSingles(a, b, c) => {
                        words.extend([part(1, a), part(1, b), part(1, c)])
                    }
                }
                words
            }
            Move::Pass => vec![Clause::new("pass")],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;
    use trigonal_core::Game;

    fn said(g: &FourTriangles, text: &str) -> serde_json::Value {
        serde_json::to_value(g.words(g.parse_legal(text).unwrap())).unwrap()
    }

    /// Worked by hand, two players, full version: P1's double on T4 takes P2's double on T0
    /// (T4 and T0 are neighbours on the median T1 T0 T4): four stones, so three go back to the
    /// supply.
    #[test]
    fn a_capture_names_whose_figure_it_took_and_the_stones_given_back() {
        let g = Setup::new(2, Version::Full)
            .figure("T4", 0, 2)
            .figure("T0", 1, 2)
            .figure("L0", 1, 1)
            .build()
            .unwrap();
        assert_eq!(
            said(&g, "T4-T0"),
            serde_json::json!([
                {"key": "four-triangles.move.2", "values": {"from": "T4", "to": "T0"}},
                {"key": "four-triangles.capture.2", "values": {"seat": 1}},
                {"key": "four-triangles.returned", "values": {"n": 3}},
            ])
        );
        assert_eq!(
            said(&g, "T4/T2,T3"),
            serde_json::json!([
                {"key": "four-triangles.split.2", "values": {"at": "T4"}},
                {"key": "four-triangles.to.1", "values": {"at": "T2"}},
                {"key": "four-triangles.to.1", "values": {"at": "T3"}},
            ])
        );
        assert_eq!(
            said(&g, "RT+"),
            serde_json::json!([{"key": "four-triangles.turn.ccw", "values": {"triangle": "T"}}])
        );
    }

    #[test]
    fn the_opening_and_a_bringing_in_name_their_points() {
        let mut g = FourTriangles::start(2, Version::Full);
        assert_eq!(
            said(&g, "@T4"),
            serde_json::json!([{"key": "four-triangles.first", "values": {"at": "T4"}}])
        );
        g.play(g.parse_legal("@T4").unwrap());
        assert_eq!(
            said(&g, "+L4,R6"),
            serde_json::json!([{"key": "four-triangles.bring", "values": {"at": ["L4", "R6"]}}])
        );
    }
}
