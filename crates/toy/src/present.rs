//! How a toy position looks: a triangle of points beside a tray, those left clickable (their id
//! and name the move that takes them), those taken drawn faintly, the last move's marked; the text
//! diagram shows rows of `o` and `.`.

use trigonal_core::{Item, Present, Scene, Shape};

use crate::{Take, Toy, ROWS};

/// Scene units between two points.
const GAP: f32 = 60.0;

/// Where point `point` of row `row` stands: rows centred under one another.
fn at(row: u8, point: u8) -> [f32; 2] {
    let x = (f32::from(point) - f32::from(row) / 2.0) * GAP;
    [x, f32::from(row) * GAP * 0.866]
}

impl Present for Toy {
    fn scene(&self) -> Scene {
        let g = self;
        let half = GAP * (ROWS as f32 - 1.0) / 2.0;
        let bottom = GAP * 0.866 * (ROWS as f32 - 1.0);
        // The tray beside the triangle: something drawn that is never a move.
        let mut items = vec![Item::decoration(
            Shape::Polygon {
                points: vec![
                    [half + 50.0, -20.0],
                    [half + 150.0, -20.0],
                    [half + 150.0, bottom + 20.0],
                    [half + 50.0, bottom + 20.0],
                ],
            },
            "tray",
        )];
        for row in 0..ROWS as u8 {
            for point in 0..=row {
                let shape = Shape::Circle {
                    center: at(row, point),
                    radius: 22.0,
                };
                if point < g.rows[row as usize] {
                    items.push(Item::new(Take { row, point }.to_string(), shape, "point"));
                } else {
                    let last = g
                        .last
                        .0
                        .is_some_and(|(r, from, end)| r == row && (from..end).contains(&point));
                    let class = if last {
                        "point taken last"
                    } else {
                        "point taken"
                    };
                    items.push(Item::decoration(shape, class));
                }
            }
        }
        let half = GAP * (ROWS as f32 - 1.0) / 2.0;
        Scene {
            view_box: [
                -half - 40.0,
                -40.0,
                2.0 * half + 80.0,
                GAP * 0.866 * 3.0 + 80.0,
            ],
            items,
            facts: Vec::new(),
            pannable: false,
        }
    }

    fn diagram(&self) -> String {
        let g = self;
        let mut out = String::new();
        for row in 0..ROWS {
            out.push_str(&" ".repeat(ROWS - 1 - row));
            out.push((b'a' + row as u8) as char);
            for point in 0..=row {
                out.push(' ');
                out.push(if point < g.rows[row] as usize {
                    'o'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out
    }

    fn clicks(&self, mv: Take) -> Vec<String> {
        vec![mv.to_string()]
    }

    fn click_steps(&self, _: Take) -> Vec<&'static str> {
        vec!["take"]
    }
}
