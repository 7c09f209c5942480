//! The board: 19 intersections, 24 triangles, 6 sectors, derived from the coordinates of
//! `docs/games/triangoli.md` (intersection `j`-th of row `r` at x = |r - 3| + 2j, y = r).

use std::sync::LazyLock;

/// The number of intersections.
pub const POINTS: usize = 19;
/// The number of triangles.
pub const TRIANGLES: usize = 24;
/// The number of sectors.
pub const SECTORS: usize = 6;

/// Row lengths, bottom (row 1) to top (row 5).
const ROW_LEN: [usize; 5] = [3, 4, 5, 4, 3];

/// The six directions along grid lines as (dx, dy) in half-unit coordinates, counter-clockwise
/// from east.
pub const DIRECTIONS: [(i8, i8); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// An intersection, 0..19 in the order a1 b1 c1 a2 … c5.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u8);

/// A triangle, 0..24; its number in the notation is one more.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Triangle(pub u8);

impl Point {
    /// The point's (x, y) in half-unit coordinates.
    pub fn xy(self) -> (i8, i8) {
        GEOMETRY.xy[self.0 as usize]
    }

    /// The point at (x, y), if that is on the board.
    pub fn at(x: i8, y: i8) -> Option<Point> {
        if !(1..=5).contains(&y) {
            return None;
        }
        let offset = (y - 3).abs();
        let twice_j = x - offset;
        if twice_j < 0 || twice_j % 2 != 0 {
            return None;
        }
        let j = (twice_j / 2) as usize;
        let r = y as usize;
        if j >= ROW_LEN[r - 1] {
            return None;
        }
        let before: usize = ROW_LEN[..r - 1].iter().sum();
        Some(Point((before + j) as u8))
    }

    /// The notation: letter then row, e.g. `c3`.
    pub fn name(self) -> String {
        let (x, y) = self.xy();
        let j = (x - (y - 3).abs()) / 2;
        format!("{}{}", (b'a' + j as u8) as char, y)
    }

    /// Parses `c3`-style names.
    pub fn parse(text: &str) -> Option<Point> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        let row = chars.next()?;
        if chars.next().is_some() || !letter.is_ascii_lowercase() || !row.is_ascii_digit() {
            return None;
        }
        let j = (letter as u8 - b'a') as i8;
        let y = (row as u8 - b'0') as i8;
        if !(1..=5).contains(&y) {
            return None;
        }
        Point::at((y - 3).abs() + 2 * j, y)
    }

    /// Every intersection.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }
}

impl Triangle {
    /// The number used in the notation, 1..=24.
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    /// The triangle with notation number `n`.
    pub fn from_number(n: u8) -> Option<Triangle> {
        (1..=TRIANGLES as u8).contains(&n).then(|| Triangle(n - 1))
    }

    /// Its three corners.
    pub fn corners(self) -> [Point; 3] {
        GEOMETRY.corners[self.0 as usize]
    }

    /// The sector (0..6) it lies in; sector `s` is numbered `s + 1` in the rules.
    pub fn sector(self) -> usize {
        GEOMETRY.sector[self.0 as usize]
    }

    /// Every triangle.
    pub fn all() -> impl Iterator<Item = Triangle> {
        (0..TRIANGLES as u8).map(Triangle)
    }
}

/// Precomputed tables.
pub struct Geometry {
    /// Coordinates of each point.
    pub xy: [(i8, i8); POINTS],
    /// Corners of each triangle.
    pub corners: [[Point; 3]; TRIANGLES],
    /// Sector of each triangle.
    pub sector: [usize; TRIANGLES],
    /// Bit mask of the triangles adjacent to each point.
    pub adjacent: [u32; POINTS],
    /// `ray[p][dir][i]`: the point `i + 1` steps from `p` in direction `dir`, if on the board.
    pub ray: [[[Option<Point>; 3]; 6]; POINTS],
    /// Bit mask of the triangles of each sector.
    pub sector_mask: [u32; SECTORS],
    /// `reach[p][dir][i]`: the triangles adjacent to any point 1 to `i + 1` steps from `p` in
    /// direction `dir` (those on the board), so that whether a pawn can move is a few lookups.
    pub reach: [[[u32; 3]; 6]; POINTS],
    /// `line[from][to]`: the direction and the steps (1 to 3) from `from` to `to` along one grid
    /// line, if they are that close on one.
    pub line: [[Option<(u8, u8)>; POINTS]; POINTS],
    /// `reachable[p][other][i]`: the triangles adjacent to any point a pawn on `p` can go to in
    /// 1 to `i + 1` steps with the other pawn on `other` (`POINTS` for none), which stops it
    /// short in its own direction: whether a pawn can move is one lookup.
    pub reachable: [[[u32; 3]; POINTS + 1]; POINTS],
}

/// The board's tables, built once.
pub static GEOMETRY: LazyLock<Geometry> = LazyLock::new(build);

fn build() -> Geometry {
    let mut xy = [(0i8, 0i8); POINTS];
    let mut i = 0;
    for (r, &len) in ROW_LEN.iter().enumerate() {
        let y = r as i8 + 1;
        for j in 0..len as i8 {
            xy[i] = ((y - 3).abs() + 2 * j, y);
            i += 1;
        }
    }
    // Triangles: each unit triangle between rows y and y+1 has two corners on one row one step
    // apart and the third on the other row between them. Numbered by band, then centroid x.
    let mut triangles: Vec<(i8, i8, [Point; 3])> = Vec::new();
    for y in 1..5i8 {
        for x in 0..=8i8 {
            // Pointing up: base on row y.
            if let (Some(a), Some(b), Some(c)) = (
                Point::at(x, y),
                Point::at(x + 2, y),
                Point::at(x + 1, y + 1),
            ) {
                triangles.push((y, 3 * x + 3, [a, b, c]));
            }
            // Pointing down: base on row y + 1.
            if let (Some(a), Some(b), Some(c)) = (
                Point::at(x, y + 1),
                Point::at(x + 2, y + 1),
                Point::at(x + 1, y),
            ) {
                triangles.push((y, 3 * x + 3, [a, b, c]));
            }
        }
    }
    triangles.sort_by_key(|&(band, cx, _)| (band, cx));
    assert_eq!(triangles.len(), TRIANGLES);
    let mut corners = [[Point(0); 3]; TRIANGLES];
    let mut sector = [0; TRIANGLES];
    let mut adjacent = [0u32; POINTS];
    let mut sector_mask = [0u32; SECTORS];
    for (t, &(_, _, c)) in triangles.iter().enumerate() {
        corners[t] = c;
        for p in c {
            adjacent[p.0 as usize] |= 1 << t;
        }
        // The sector by the angle of the centroid seen from c3 in the Euclidean embedding
        // X = x/2, Y = y·√3/2; sector 1 spans 0°–60°, counter-clockwise.
        let cx: f64 = c.iter().map(|p| xy[p.0 as usize].0 as f64).sum::<f64>() / 3.0 - 4.0;
        let cy: f64 = c.iter().map(|p| xy[p.0 as usize].1 as f64).sum::<f64>() / 3.0 - 3.0;
        let angle = (cy * 3f64.sqrt() / 2.0).atan2(cx / 2.0).to_degrees();
        let angle = if angle < 0.0 { angle + 360.0 } else { angle };
        sector[t] = (angle / 60.0) as usize;
        sector_mask[sector[t]] |= 1 << t;
    }
    let mut ray = [[[None; 3]; 6]; POINTS];
    for p in 0..POINTS {
        let (x, y) = xy[p];
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for step in 1..=3i8 {
                ray[p][d][step as usize - 1] = Point::at(x + dx * step, y + dy * step);
            }
        }
    }
    let mut reach = [[[0u32; 3]; 6]; POINTS];
    let mut line = [[None; POINTS]; POINTS];
    for p in 0..POINTS {
        for d in 0..6 {
            let mut seen = 0;
            for i in 0..3 {
                if let Some(q) = ray[p][d][i] {
                    seen |= adjacent[q.0 as usize];
                    line[p][q.0 as usize] = Some((d as u8, i as u8 + 1));
                }
                reach[p][d][i] = seen;
            }
        }
    }
    let mut reachable = [[[0u32; 3]; POINTS + 1]; POINTS];
    for p in 0..POINTS {
        for (other, masks) in reachable[p].iter_mut().enumerate() {
            for (i, mask) in masks.iter_mut().enumerate() {
                *mask = (0..6).fold(0, |m, d| {
                    // Up to the step before the other pawn, where it stands in this direction.
                    let steps = (0..=i)
                        .take_while(|&k| ray[p][d][k].is_none_or(|q| q.0 as usize != other))
                        .count();
                    if steps == 0 {
                        m
                    } else {
                        m | reach[p][d][steps - 1]
                    }
                });
            }
        }
    }
    Geometry {
        reachable,
        xy,
        corners,
        sector,
        adjacent,
        ray,
        sector_mask,
        reach,
        line,
    }
}

/// The number of steps from `from` to `to` along one grid line, if they are 1 to 3 steps apart on
/// one line.
pub fn steps_between(from: Point, to: Point) -> Option<(usize, u8)> {
    GEOMETRY.line[from.0 as usize][to.0 as usize].map(|(d, steps)| (d as usize, steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of `docs/games/triangoli.md`, typed in as it stands there.
    const RULES_TABLE: [(&str, &str, &str, usize); 24] = [
        ("a2", "b2", "a1", 4),
        ("a1", "b1", "b2", 5),
        ("b2", "c2", "b1", 5),
        ("b1", "c1", "c2", 5),
        ("c2", "d2", "c1", 6),
        ("a3", "b3", "a2", 4),
        ("a2", "b2", "b3", 4),
        ("b3", "c3", "b2", 4),
        ("b2", "c2", "c3", 5),
        ("c3", "d3", "c2", 6),
        ("c2", "d2", "d3", 6),
        ("d3", "e3", "d2", 6),
        ("a3", "b3", "a4", 3),
        ("a4", "b4", "b3", 3),
        ("b3", "c3", "b4", 3),
        ("b4", "c4", "c3", 2),
        ("c3", "d3", "c4", 1),
        ("c4", "d4", "d3", 1),
        ("d3", "e3", "d4", 1),
        ("a4", "b4", "a5", 3),
        ("a5", "b5", "b4", 2),
        ("b4", "c4", "b5", 2),
        ("b5", "c5", "c4", 2),
        ("c4", "d4", "c5", 1),
    ];

    #[test]
    fn triangles_and_sectors_match_the_rules_table() {
        for (t, &(a, b, c, sector)) in RULES_TABLE.iter().enumerate() {
            let tri = Triangle(t as u8);
            let mut got: Vec<String> = tri.corners().iter().map(|p| p.name()).collect();
            let mut want = vec![a.to_string(), b.to_string(), c.to_string()];
            got.sort();
            want.sort();
            assert_eq!(got, want, "corners of triangle {}", tri.number());
            assert_eq!(
                tri.sector() + 1,
                sector,
                "sector of triangle {}",
                tri.number()
            );
        }
        for s in 0..SECTORS {
            assert_eq!(GEOMETRY.sector_mask[s].count_ones(), 4);
        }
    }

    #[test]
    fn points_names_and_neighbours() {
        let names: Vec<String> = Point::all().map(Point::name).collect();
        assert_eq!(names[0], "a1");
        assert_eq!(names[9], "c3");
        assert_eq!(names[18], "c5");
        for p in Point::all() {
            assert_eq!(Point::parse(&p.name()), Some(p));
        }
        assert_eq!(Point::parse("e1"), None);
        assert_eq!(Point::parse("a6"), None);
        // The centre touches six triangles, a corner of the hexagon one.
        let c3 = Point::parse("c3").unwrap();
        assert_eq!(GEOMETRY.adjacent[c3.0 as usize].count_ones(), 6);
        assert_eq!(GEOMETRY.adjacent[0].count_ones(), 2);
        let a3 = Point::parse("a3").unwrap();
        assert_eq!(GEOMETRY.adjacent[a3.0 as usize].count_ones(), 2);
        // a1 is a corner of the hexagon with triangles 1 and 2.
        assert_eq!(GEOMETRY.adjacent[0], 0b11);
        assert_eq!(
            steps_between(Point::parse("a1").unwrap(), Point::parse("c5").unwrap()),
            None
        );
        assert_eq!(
            steps_between(Point::parse("a1").unwrap(), Point::parse("c3").unwrap()),
            Some((1, 2))
        );
    }
}
