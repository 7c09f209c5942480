//! How a Triangular position looks: the scene for the browser, the text diagram for the terminal,
//! the click that makes each move and the move in words.

use trigonal_core::{Clause, Fact, Game, Item, Present, Scene, Seat, Shape};

use crate::{colour, Cell, Formed, Piece, Triangular};

/// Scene units per half-cell along a row (a cell's edge is twice this), and per row.
const HALF: f32 = 30.0;
const ROW: f32 = 51.961_52;

/// The scene id of a cell: `c` and the cell's notation, e.g. `c-2,3`.
pub(crate) fn cell_id(cell: Cell) -> String {
    format!("c{cell}")
}

/// A lattice point (see `geometry`) in scene coordinates, y downwards.
fn at((vx, vy): (i32, i32)) -> [f32; 2] {
    [vx as f32 * HALF, -vy as f32 * ROW]
}

fn polygon(cell: Cell) -> Shape {
    Shape::Polygon {
        points: cell.vertices().map(at).to_vec(),
    }
}

/// The cells the scene shows: [`region`] with a cell's margin, each range widened to whole steps
/// of the power of two nearest below a third of its length (at least two columns, one row). So the
/// board grows now and then, by about a third (not at every move near its edge), and never
/// shrinks: a longer range's step is a multiple of a shorter one's, so its ends only move outwards.
/// (Measured on 200 random games: a watcher's median message per move 543 bytes, against 1,154
/// with steps of one.)
fn shown(g: &Triangular) -> ((i16, i16), (i16, i16)) {
    let ((x0, x1), (y0, y1)) = region(g, 1);
    let widen = |lo: i16, hi: i16, least: i16| {
        let third = ((hi - lo) / 3).max(least) as u16;
        let step = 1i16 << (15 - third.leading_zeros());
        (
            lo.div_euclid(step) * step,
            (hi + step - 1).div_euclid(step) * step,
        )
    };
    (widen(x0, x1, 2), widen(y0, y1, 1))
}

/// The cells shown: every piece and every empty cell sharing a side with one (the legal targets
/// while the game goes on), as (x range, y range), widened by `margin` cells each way.
fn region(g: &Triangular, margin: i16) -> ((i16, i16), (i16, i16)) {
    let (mut x0, mut x1, mut y0, mut y1) = (0, 0, 0, 0);
    for (c, _) in g.pieces() {
        for n in c.side_neighbours().into_iter().chain([c]) {
            x0 = n.x.min(x0);
            x1 = n.x.max(x1);
            y0 = n.y.min(y0);
            y1 = n.y.max(y1);
        }
    }
    ((x0 - margin, x1 + margin), (y0 - margin, y1 + margin))
}

fn piece_class(p: Piece) -> &'static str {
    match p {
        Piece::White => "piece p0",
        Piece::Black => "piece p1",
        Piece::Red => "piece red",
    }
}

/// How far apart, in scene units, two numbers of scored triangles must stand to be read.
const LABEL_ROOM: f32 = 22.0;

/// Where the number of each scored triangle goes: its centre, or where another number already
/// stands near there, the first free one of a few spots towards its corners and sides (the
/// smaller triangles, which have fewer spots, placed first); the centre when none is free.
fn label_spots(scored: &[&Formed]) -> Vec<[f32; 2]> {
    let mut order: Vec<usize> = (0..scored.len()).collect();
    order.sort_by_key(|&i| scored[i].triangle.size);
    let mut spots = vec![[0.0; 2]; scored.len()];
    let mut taken: Vec<[f32; 2]> = Vec::new();
    for i in order {
        let corners = scored[i].triangle.outline().map(at);
        let centre = [
            corners.iter().map(|c| c[0]).sum::<f32>() / 3.0,
            corners.iter().map(|c| c[1]).sum::<f32>() / 3.0,
        ];
        let towards = |p: [f32; 2], k: f32| {
            [
                centre[0] + (p[0] - centre[0]) * k,
                centre[1] + (p[1] - centre[1]) * k,
            ]
        };
        let sides = [0, 1, 2].map(|j| {
            let (a, b) = (corners[j], corners[(j + 1) % 3]);
            [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
        });
        let candidates = std::iter::once(centre)
            .chain(corners.iter().map(|&c| towards(c, 0.45)))
            .chain(sides.iter().map(|&m| towards(m, 0.6)))
            .chain(corners.iter().map(|&c| towards(c, 0.7)));
        let free = |p: &[f32; 2]| {
            taken
                .iter()
                .all(|t| (t[0] - p[0]).hypot(t[1] - p[1]) >= LABEL_ROOM)
        };
        let spot = candidates.into_iter().find(free).unwrap_or(centre);
        taken.push(spot);
        spots[i] = spot;
    }
    spots
}

/// Whose turn it is, or how the game ended and why.
pub(crate) fn explain_state(g: &Triangular) -> String {
    if let Some(seat) = g.to_move() {
        return format!("{} to move.\n", colour(seat));
    }
    if let Some(w) = g.red_winner() {
        let formed: Vec<String> = g
            .formed_triangles()
            .iter()
            .filter(|f| f.with_red)
            .map(|f| {
                let [a, b, c] = f.triangle.corners();
                format!("{a} {b} {c} (edge {})", f.triangle.size)
            })
            .collect();
        return format!(
            "Game over: {} wins at once with a triangle of two own pieces and the red piece: {}.\n",
            colour(w),
            formed.join("; ")
        );
    }
    let [w, b] = [g.score(Seat(0)), g.score(Seat(1))];
    match w.cmp(&b) {
        std::cmp::Ordering::Greater => {
            format!("Game over: all 48 pieces placed; White wins {w} to {b}.\n")
        }
        std::cmp::Ordering::Less => {
            format!("Game over: all 48 pieces placed; Black wins {b} to {w}.\n")
        }
        std::cmp::Ordering::Equal => {
            format!("Game over: all 48 pieces placed; a draw at {w} points each.\n")
        }
    }
}

impl Present for Triangular {
    fn scene(&self) -> Scene {
        let g = self;
        let ((x0, x1), (y0, y1)) = shown(g);
        let mut items = Vec::new();
        let mut targets = Vec::new();
        g.legal_moves(&mut targets);
        // One item a cell, row by row, whatever is on it: a move changes the few cells it touches in
        // place (and a watcher is sent only those), and the board grows only now and then.
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = Cell::new(x, y);
                items.push(match g.piece(c) {
                    Some(p) => Item::decoration(polygon(c), piece_class(p)),
                    None if targets.contains(&c) => {
                        Item::new(cell_id(c), polygon(c), "cell target").named(c.to_string())
                    }
                    None => Item::decoration(polygon(c), "cell"),
                });
            }
        }
        // The last piece's rim, drawn over its neighbours.
        if let Some(c) = g.last_move() {
            items.push(Item::decoration(polygon(c), "last-move"));
        }
        // The triangles formed, outlined in the colour of their player, and the points each scored
        // beside it: all of it an overlay a switch can hide, the numbers spread where they would
        // cover each other.
        let formed = g.formed_triangles();
        for f in &formed {
            let class = if f.with_red {
                format!("red-triangle p{} overlay", f.seat.0)
            } else {
                format!("scored p{} overlay", f.seat.0)
            };
            items.push(Item::decoration(
                Shape::Polygon {
                    points: f.triangle.outline().map(at).to_vec(),
                },
                class,
            ));
        }
        let scored: Vec<&Formed> = formed.iter().filter(|f| !f.with_red).collect();
        for (f, spot) in scored.iter().zip(label_spots(&scored)) {
            items.push(Item::decoration(
                Shape::Text {
                    at: spot,
                    text: f.triangle.size.to_string(),
                    size: 16.0,
                },
                format!("scored-points p{} overlay", f.seat.0),
            ));
        }
        // Coordinates: x above each column, y left of each row.
        let top = -(y1 as f32 + 1.0) * ROW;
        let left = (x0 as f32 - 1.0) * HALF;
        for x in x0..=x1 {
            items.push(Item::decoration(
                Shape::Text {
                    at: [x as f32 * HALF, top - 14.0],
                    text: x.to_string(),
                    size: 12.0,
                },
                "coordinate",
            ));
        }
        for y in y0..=y1 {
            items.push(Item::decoration(
                Shape::Text {
                    at: [left - 18.0, -(y as f32 + 0.5) * ROW],
                    text: y.to_string(),
                    size: 12.0,
                },
                "coordinate",
            ));
        }
        let mut facts = Vec::new();
        for seat in [Seat(0), Seat(1)] {
            facts.push(Fact::new("score", Some(seat.0), g.score(seat)));
            facts.push(Fact::new("pieces-left", Some(seat.0), g.pieces_left(seat)));
        }
        if let Some(w) = g.red_winner() {
            for f in g.formed_triangles().iter().filter(|f| f.with_red) {
                let [a, b, c] = f.triangle.corners();
                facts.push(Fact::new("red-triangle", Some(w.0), format!("{a} {b} {c}")));
            }
        }
        let (left, right) = ((x0 as f32 - 1.0) * HALF - 36.0, (x1 as f32 + 1.0) * HALF);
        let (top, bottom) = (top - 28.0, -(y0 as f32) * ROW);
        Scene {
            view_box: [left, top, right - left + 8.0, bottom - top + 8.0],
            items,
            facts,
            pannable: true,
        }
    }

    /// The text drawing: one line per row, top row first; each cell is a slash-bounded field of
    /// three characters (`/ W \` points up, `\ B /` down), with x labels above the fields.
    fn diagram(&self) -> String {
        let g = self;
        let ((x0, x1), (y0, y1)) = region(g, 0);
        let mut targets = Vec::new();
        g.legal_moves(&mut targets);
        const LEFT: usize = 6;
        let width = LEFT + 4 * (x1 - x0 + 1) as usize + 1;
        let mut out = String::new();
        let mut header = vec![b' '; width];
        for x in x0..=x1 {
            let label = x.to_string();
            let centre = LEFT + 4 * (x - x0) as usize + 2;
            // The last digit over the cell's mark, a minus sign to its left.
            let start = centre + 1 - label.len();
            header[start..start + label.len()].copy_from_slice(label.as_bytes());
        }
        header[..LEFT - 1].copy_from_slice(b"y \\ x");
        out.push_str(String::from_utf8_lossy(&header).trim_end());
        out.push('\n');
        for y in (y0..=y1).rev() {
            let mut line = format!("{y:>4}  ");
            for x in x0..=x1 {
                let c = Cell::new(x, y);
                let edge = match c.orientation() {
                    crate::Orientation::Up => '/',
                    crate::Orientation::Down => '\\',
                };
                let mark = match g.piece(c) {
                    Some(Piece::White) => 'W',
                    Some(Piece::Black) => 'B',
                    Some(Piece::Red) => 'R',
                    None if targets.contains(&c) => '.',
                    None => ' ',
                };
                line.push(edge);
                line.push(' ');
                line.push(mark);
                line.push(' ');
            }
            line.push(match Cell::new(x1, y).orientation() {
                crate::Orientation::Up => '\\',
                crate::Orientation::Down => '/',
            });
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(
            "W White, B Black, R red; cell (x, y) points up (/ \\) when x + y is even, down (\\ /) \
             when odd.\n",
        );
        if !targets.is_empty() {
            out.push_str("Legal cells are marked '.'; a move is the cell as x,y (e.g. 1,0).\n");
        }
        if let Some(c) = g.last_move() {
            let who = g.piece(c).map_or("?", Piece::name);
            out.push_str(&format!("Last move: {who} on {c}.\n"));
        }
        for seat in [Seat(0), Seat(1)] {
            out.push_str(&format!(
                "{:<5}: {:>3} point(s), {:>2} piece(s) left\n",
                colour(seat),
                g.score(seat),
                g.pieces_left(seat)
            ));
        }
        out.push_str(&explain_state(g));
        out
    }

    fn clicks(&self, cell: Cell) -> Vec<String> {
        vec![cell_id(cell)]
    }

    fn click_steps(&self, _: Cell) -> Vec<&'static str> {
        vec!["place"]
    }

    /// The cell, then what the placement did: the points its triangles scored, and a triangle
    /// with the red piece, which wins at once.
    fn words(&self, cell: Cell) -> Vec<Clause> {
        let seat = self.to_move().expect("a legal move has a mover");
        let mut after = self.clone();
        after.play(cell);
        let mut words = vec![Clause::new("triangular.place").with("at", cell.to_string())];
        let points = after.score(seat) - self.score(seat);
        if points > 0 {
            words.push(Clause::new("triangular.scored").with("n", points));
        }
        if after.red_winner().is_some() {
            words.push(Clause::new("triangular.red"));
        }
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(g: &Triangular, text: &str) -> serde_json::Value {
        serde_json::to_value(g.words(g.parse_legal(text).unwrap())).unwrap()
    }

    /// A placement that completes nothing is said as its cell; White's 2,0 in the rules tests'
    /// position completes a red triangle (red, 2,0 and White's 1,1), which wins, and a triangle
    /// of edge 2 of White's own, which scores 2.
    #[test]
    fn a_placement_is_said_with_its_points_and_a_red_win() {
        let start = Triangular::start();
        assert_eq!(
            said(&start, "1,0"),
            serde_json::json!([{"key": "triangular.place", "values": {"at": "1,0"}}])
        );
        let g = Triangular::from_pieces(
            &["1,1", "3,1", "4,0"].map(|c| c.parse().unwrap()),
            &["1,0", "2,1", "3,0"].map(|c| c.parse().unwrap()),
        );
        assert_eq!(
            said(&g, "2,0"),
            serde_json::json!([
                {"key": "triangular.place", "values": {"at": "2,0"}},
                {"key": "triangular.scored", "values": {"n": 2}},
                {"key": "triangular.red"},
            ])
        );
    }
    use crate::Triangle;
    use proptest::prelude::*;
    use trigonal_core::Seat;

    fn contains(outer: ((i16, i16), (i16, i16)), inner: ((i16, i16), (i16, i16))) -> bool {
        let ((ox0, ox1), (oy0, oy1)) = outer;
        let ((ix0, ix1), (iy0, iy1)) = inner;
        ox0 <= ix0 && ix1 <= ox1 && oy0 <= iy0 && iy1 <= oy1
    }

    proptest! {
        /// Through any game the board shown holds every piece and target with a cell to spare,
        /// never shrinks (a watcher's copy is only added to), and grows at fewer than half the
        /// moves.
        #[test]
        fn the_board_shown_grows_now_and_then_and_never_shrinks(
            picks in proptest::collection::vec(any::<u16>(), 1..80)
        ) {
            let mut g = Triangular::start();
            let mut was = shown(&g);
            let mut grown = 0;
            let mut moves = Vec::new();
            for (played, pick) in picks.iter().enumerate() {
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                g.play(moves[*pick as usize % moves.len()]);
                let now = shown(&g);
                prop_assert!(contains(now, region(&g, 1)), "{now:?} after {played} moves");
                prop_assert!(contains(now, was), "{was:?} became {now:?}");
                grown += usize::from(now != was);
                was = now;
            }
            prop_assert!(grown <= 2 + picks.len() / 2, "grew at {grown} of {} moves", picks.len());
        }
    }

    /// Up triangles of edge 2, 5 and 8 around one centre (each three cells further out, one row
    /// lower): their numbers, all wanting that centre, are spread apart, each inside its own.
    #[test]
    fn numbers_of_triangles_around_one_centre_are_spread() {
        let formed: Vec<Formed> = [(0, 0, 2), (-3, -1, 5), (-6, -2, 8)]
            .map(|(x, y, size)| Formed {
                triangle: Triangle::new(Cell::new(x, y), size),
                seat: Seat(0),
                with_red: false,
            })
            .into();
        let centre = |f: &Formed| {
            let c = f.triangle.outline().map(at);
            [
                (c[0][0] + c[1][0] + c[2][0]) / 3.0,
                (c[0][1] + c[1][1] + c[2][1]) / 3.0,
            ]
        };
        let near = |a: [f32; 2], b: [f32; 2]| (a[0] - b[0]).hypot(a[1] - b[1]) < 0.01;
        assert!(near(centre(&formed[0]), centre(&formed[1])));
        assert!(near(centre(&formed[0]), centre(&formed[2])));
        let scored: Vec<&Formed> = formed.iter().collect();
        let spots = label_spots(&scored);
        // The smallest keeps its centre; the others move.
        assert!(near(spots[0], centre(&formed[0])));
        for (i, a) in spots.iter().enumerate() {
            for b in &spots[i + 1..] {
                assert!(
                    (a[0] - b[0]).hypot(a[1] - b[1]) >= LABEL_ROOM,
                    "{a:?} {b:?}"
                );
            }
        }
    }
}
