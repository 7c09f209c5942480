//! The plane of triangles, derived from the coordinates of `docs/games/triangular.md`: cell
//! (x, y) lies in row y, position x, points up when x + y is even and down when odd; an up cell
//! shares its sides with (x - 1, y), (x + 1, y) and (x, y - 1), a down cell with (x - 1, y),
//! (x + 1, y) and (x, y + 1).
//!
//! Corners of cells ("vertices") are lattice points (vx, vy) in half-cell steps along a row and
//! whole rows upwards: up cell (x, y) has the vertices (x - 1, y), (x + 1, y) and (x, y + 1); down
//! cell (x, y) has (x - 1, y + 1), (x + 1, y + 1) and (x, y).

use std::fmt;
use std::str::FromStr;

use trigonal_core::NotationError;

/// Which way a cell, or a triangle of cells, points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// A horizontal side at the bottom, a corner at the top.
    Up,
    /// A horizontal side at the top, a corner at the bottom.
    Down,
}

/// One triangular cell of the table, (x, y). Its text form, `x,y`, is also the notation of the
/// move that places a piece on it.
///
/// The table is unbounded; coordinates are `i16` so that any cell a player can name is a value,
/// though no game reaches further than 48 steps from the red piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Position in the row.
    pub x: i16,
    /// The row.
    pub y: i16,
}

impl Cell {
    /// The cell of the red piece, (0, 0): an up cell.
    pub const RED: Cell = Cell { x: 0, y: 0 };

    /// Cell (x, y).
    pub const fn new(x: i16, y: i16) -> Cell {
        Cell { x, y }
    }

    /// Up when x + y is even, down when odd.
    #[inline]
    pub fn orientation(self) -> Orientation {
        if (self.x as i32 + self.y as i32) & 1 == 0 {
            Orientation::Up
        } else {
            Orientation::Down
        }
    }

    /// The three cells sharing a side with this one: left, right, then the one across the
    /// horizontal side (below an up cell, above a down cell).
    pub fn side_neighbours(self) -> [Cell; 3] {
        let Cell { x, y } = self;
        let across = match self.orientation() {
            Orientation::Up => y.saturating_sub(1),
            Orientation::Down => y.saturating_add(1),
        };
        [
            Cell::new(x.saturating_sub(1), y),
            Cell::new(x.saturating_add(1), y),
            Cell::new(x, across),
        ]
    }

    /// Whether `other` shares a side with this cell.
    pub fn shares_side(self, other: Cell) -> bool {
        self != other && self.side_neighbours().contains(&other)
    }

    /// The cell's three corners as lattice points (see the module doc): for an up cell left,
    /// right, top; for a down cell left, right, bottom.
    pub fn vertices(self) -> [(i32, i32); 3] {
        let (x, y) = (self.x as i32, self.y as i32);
        match self.orientation() {
            Orientation::Up => [(x - 1, y), (x + 1, y), (x, y + 1)],
            Orientation::Down => [(x - 1, y + 1), (x + 1, y + 1), (x, y)],
        }
    }

    /// The nine cells that touch this one only at a corner (share a vertex but no side), in
    /// ascending (y, x) order.
    pub fn corner_neighbours(self) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::with_capacity(9);
        for (vx, vy) in self.vertices() {
            // The six cells around vertex (vx, vy): three in row vy, three in row vy - 1.
            for cy in [vy - 1, vy] {
                for cx in vx - 1..=vx + 1 {
                    let (Ok(cx), Ok(cy)) = (i16::try_from(cx), i16::try_from(cy)) else {
                        continue;
                    };
                    let c = Cell::new(cx, cy);
                    if c != self && !self.shares_side(c) && !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
        }
        out.sort_by_key(|c| (c.y, c.x));
        out
    }
}

impl fmt::Display for Cell {
    /// The canonical notation `x,y`: no spaces, a sign only when negative (`-2,3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// One coordinate: optional spaces around an optional sign and decimal digits.
fn parse_coordinate(text: &str, part: &str, name: &str) -> Result<i16, NotationError> {
    let t = part.trim();
    if t.is_empty() {
        return Err(NotationError::new(
            text,
            format!("the {name} coordinate is missing"),
        ));
    }
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotationError::new(
            text,
            format!("{t:?} is not an integer {name} coordinate (digits with an optional sign)"),
        ));
    }
    t.parse::<i16>().map_err(|_| {
        NotationError::new(
            text,
            format!(
                "{name} coordinate {t} is out of range ({}..={})",
                i16::MIN,
                i16::MAX
            ),
        )
    })
}

impl FromStr for Cell {
    type Err = NotationError;

    /// Accepts `x,y` with optional spaces around each number and an optional sign on each
    /// (`1,0`, ` -2 , +3 `); the canonical form ([`fmt::Display`]) has neither.
    fn from_str(text: &str) -> Result<Cell, NotationError> {
        if text.trim().is_empty() {
            return Err(NotationError::new(text, "empty move"));
        }
        let mut parts = text.split(',');
        let (Some(x), Some(y), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(NotationError::new(
                text,
                "expected a cell as x,y: two integers separated by one comma, e.g. 1,0 or -2,3",
            ));
        };
        Ok(Cell::new(
            parse_coordinate(text, x, "x")?,
            parse_coordinate(text, y, "y")?,
        ))
    }
}

/// An equilateral region of n² cells whose sides run along the grid lines, named by its three
/// corner cells: for an up triangle the up cells (x, y), (x + 2n - 2, y) and (x + n - 1,
/// y + n - 1); for a down triangle the down cells (x, y), (x + 2n - 2, y) and
/// (x + n - 1, y - n + 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Triangle {
    /// The left corner of the horizontal side, (x, y); its orientation is the triangle's.
    pub corner: Cell,
    /// The edge length n, at least 2.
    pub size: u8,
}

impl Triangle {
    /// The triangle of edge `size` whose left corner of the horizontal side is `corner`.
    pub fn new(corner: Cell, size: u8) -> Triangle {
        debug_assert!(size >= 2, "a triangle has edge 2 or more");
        Triangle { corner, size }
    }

    /// Which way it points: the way its corner cells point.
    pub fn orientation(self) -> Orientation {
        self.corner.orientation()
    }

    /// The three corner cells: left and right end of the horizontal side, then the apex.
    pub fn corners(self) -> [Cell; 3] {
        let Cell { x, y } = self.corner;
        let k = self.size as i16 - 1;
        let apex_y = match self.orientation() {
            Orientation::Up => y + k,
            Orientation::Down => y - k,
        };
        [
            self.corner,
            Cell::new(x + 2 * k, y),
            Cell::new(x + k, apex_y),
        ]
    }

    /// The region's outline as lattice points (see the module doc), in the order of
    /// [`Triangle::corners`]: the outer vertex of each corner cell.
    pub fn outline(self) -> [(i32, i32); 3] {
        let [a, b, c] = self.corners();
        [a.vertices()[0], b.vertices()[1], c.vertices()[2]]
    }
}

impl fmt::Display for Triangle {
    /// `edge 2 up at 0,0 2,0 1,1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.corners();
        let way = match self.orientation() {
            Orientation::Up => "up",
            Orientation::Down => "down",
        };
        write!(f, "edge {} {way} at {a} {b} {c}", self.size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_follow_the_rules_file() {
        assert_eq!(Cell::RED.orientation(), Orientation::Up);
        assert_eq!(
            Cell::RED.side_neighbours(),
            [Cell::new(-1, 0), Cell::new(1, 0), Cell::new(0, -1)]
        );
        assert_eq!(Cell::new(1, 0).orientation(), Orientation::Down);
        assert_eq!(
            Cell::new(1, 0).side_neighbours(),
            [Cell::new(0, 0), Cell::new(2, 0), Cell::new(1, 1)]
        );
        assert_eq!(Cell::new(-1, -2).orientation(), Orientation::Down);
        // Sharing a side is symmetric, and two cells sharing a side share two vertices.
        for x in -3..3 {
            for y in -3..3 {
                let c = Cell::new(x, y);
                for n in c.side_neighbours() {
                    assert!(n.shares_side(c));
                    let shared = c
                        .vertices()
                        .iter()
                        .filter(|v| n.vertices().contains(v))
                        .count();
                    assert_eq!(shared, 2, "{c} and {n}");
                }
                let corners = c.corner_neighbours();
                assert_eq!(corners.len(), 9, "{c}");
                for n in corners {
                    let shared = c
                        .vertices()
                        .iter()
                        .filter(|v| n.vertices().contains(v))
                        .count();
                    assert_eq!(shared, 1, "{c} and {n}");
                }
            }
        }
    }

    #[test]
    fn triangle_corners() {
        let up = Triangle::new(Cell::new(0, 0), 2);
        assert_eq!(
            up.corners(),
            [Cell::new(0, 0), Cell::new(2, 0), Cell::new(1, 1)]
        );
        assert_eq!(up.outline(), [(-1, 0), (3, 0), (1, 2)]);
        let down = Triangle::new(Cell::new(-1, 0), 3);
        assert_eq!(down.orientation(), Orientation::Down);
        assert_eq!(
            down.corners(),
            [Cell::new(-1, 0), Cell::new(3, 0), Cell::new(1, -2)]
        );
        assert!(down
            .corners()
            .iter()
            .all(|c| c.orientation() == Orientation::Down));
        assert_eq!(down.to_string(), "edge 3 down at -1,0 3,0 1,-2");
    }

    #[test]
    fn notation() {
        assert_eq!(Cell::new(-2, 3).to_string(), "-2,3");
        assert_eq!(" -2 , +3 ".parse::<Cell>().unwrap(), Cell::new(-2, 3));
        assert_eq!("-0,0".parse::<Cell>().unwrap().to_string(), "0,0");
        let cases = [
            ("", "empty move"),
            ("   ", "empty move"),
            ("1", "two integers separated by one comma"),
            ("1,2,3", "two integers separated by one comma"),
            ("a,b", "\"a\" is not an integer x coordinate"),
            ("1,b", "\"b\" is not an integer y coordinate"),
            ("++1,0", "\"++1\" is not an integer x coordinate"),
            ("1,", "the y coordinate is missing"),
            (",1", "the x coordinate is missing"),
            ("- 1,0", "\"- 1\" is not an integer"),
            ("1,99999", "y coordinate 99999 is out of range"),
        ];
        for (text, want) in cases {
            let err = text.parse::<Cell>().unwrap_err();
            assert!(
                err.to_string().contains(want),
                "{text:?}: got {err}, want {want}"
            );
        }
    }
}
