//! How a Triangular position looks: the scene for the browser, the text diagram for the terminal,
//! and the click that makes each move.

use trigonal_core::{Fact, Game, Item, Scene, Seat, Shape};

use crate::{colour, Cell, Piece, Triangular};

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

pub(crate) fn scene(g: &Triangular) -> Scene {
    let ((x0, x1), (y0, y1)) = region(g, 1);
    let mut items = Vec::new();
    let mut targets = Vec::new();
    g.legal_moves(&mut targets);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let c = Cell::new(x, y);
            if g.piece(c).is_none() && !targets.contains(&c) {
                items.push(Item::decoration(polygon(c), "cell"));
            }
        }
    }
    for &c in &targets {
        items.push(Item::new(cell_id(c), polygon(c), "cell target").named(c.to_string()));
    }
    for (c, p) in g.pieces() {
        let last = if g.last_move() == Some(c) {
            " last"
        } else {
            ""
        };
        items.push(Item::decoration(
            polygon(c),
            format!("{}{last}", piece_class(p)),
        ));
    }
    for f in g.formed_triangles() {
        let class = if f.with_red {
            format!("red-triangle p{}", f.seat.0)
        } else {
            format!("scored p{}", f.seat.0)
        };
        items.push(
            Item::decoration(
                Shape::Polygon {
                    points: f.triangle.outline().map(at).to_vec(),
                },
                class,
            )
            .with_label(f.triangle.size.to_string()),
        );
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
pub(crate) fn diagram(g: &Triangular) -> String {
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
