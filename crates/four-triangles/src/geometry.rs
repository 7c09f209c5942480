//! The board: 28 points of four separate triangles, with their lines, neighbours, warps, straight
//! lines and rotations, all derived from coordinates.
//!
//! The four triangles are laid out as in `docs/games/four-triangles.md`: one big upward
//! triangle cut into **T** (top), **L** (bottom-left), **R** (bottom-right) and the downward
//! **C** (centre).
//! Only the big triangle's corners and the naming of each small triangle's corners are given
//! here; median points, middle points, lines, directions, constellations, big corners, warps,
//! straight warps and rotations are all computed from the coordinates.
//!
//! Coordinates are integers `(X, Y)` with real position `x = X / 2`, `y = Y / (2√3)`, so that
//! every point of the layout, centroids included, falls on an integer; the small triangles have
//! side 2. In this layout the corners that meet (a constellation) share one position; on the real
//! board they are separate points, never neighbours along a line.

use std::sync::LazyLock;

/// The number of points.
pub const POINTS: usize = 28;

/// The number of line directions: every multiple of 30°.
const DIRECTIONS: usize = 12;

/// The longest straight ray from a point, in steps (the 9-point lines).
pub const MAX_RAY: usize = 8;

/// The most straight directions from one point (the middle point's six; a big corner's three
/// inside its triangle and three through its straight warp).
pub const MAX_RAYS: usize = 6;

/// One of the four triangles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Triangle {
    /// The top triangle.
    T,
    /// The bottom-left triangle.
    L,
    /// The bottom-right triangle.
    R,
    /// The centre triangle, pointing down.
    C,
}

impl Triangle {
    /// The four triangles in canonical order.
    pub const ALL: [Triangle; 4] = [Triangle::T, Triangle::L, Triangle::R, Triangle::C];

    /// The index in canonical order, 0..4.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter of the notation.
    pub fn letter(self) -> char {
        ['T', 'L', 'R', 'C'][self.index()]
    }

    /// The triangle named by `letter`.
    pub fn from_letter(letter: char) -> Option<Triangle> {
        Triangle::ALL.into_iter().find(|t| t.letter() == letter)
    }

    /// Bit mask of its seven points.
    #[inline]
    pub fn mask(self) -> u32 {
        0x7f << (7 * self.index())
    }

    /// Its middle point `X0`.
    pub fn middle(self) -> Point {
        Point::new(self, 0)
    }

    /// Its points `X0` … `X6`.
    pub fn points(self) -> impl Iterator<Item = Point> {
        (0..7).map(move |n| Point::new(self, n))
    }
}

/// What a point is within its triangle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// `X0`, the middle point.
    Middle,
    /// `X1`–`X3`, a corner.
    Corner,
    /// `X4`–`X6`, a median point (the middle of a side).
    Median,
}

/// One of the 28 points, numbered in canonical order: T, L, R, C, and 0–6 within each.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u8);

const NAMES: [&str; POINTS] = [
    "T0", "T1", "T2", "T3", "T4", "T5", "T6", "L0", "L1", "L2", "L3", "L4", "L5", "L6", "R0", "R1",
    "R2", "R3", "R4", "R5", "R6", "C0", "C1", "C2", "C3", "C4", "C5", "C6",
];

impl Point {
    /// Point `Xn` of triangle `X`; `n` must be 0..=6.
    pub fn new(triangle: Triangle, n: u8) -> Point {
        assert!(n < 7, "a triangle has points 0 to 6");
        Point(triangle as u8 * 7 + n)
    }

    /// The point with canonical index `i` (0..28).
    pub fn from_index(i: usize) -> Option<Point> {
        (i < POINTS).then_some(Point(i as u8))
    }

    /// The canonical index, 0..28.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The point's bit in a 28-bit mask.
    #[inline]
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// The triangle it belongs to.
    pub fn triangle(self) -> Triangle {
        Triangle::ALL[self.0 as usize / 7]
    }

    /// Its number `n` within the triangle, 0..=6.
    pub fn number(self) -> u8 {
        self.0 % 7
    }

    /// Whether it is a middle point, a corner or a median point.
    pub fn kind(self) -> PointKind {
        match self.number() {
            0 => PointKind::Middle,
            1..=3 => PointKind::Corner,
            _ => PointKind::Median,
        }
    }

    /// The notation, e.g. `T4`.
    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// Parses a point name such as `T4` (upper case, as in the notation).
    pub fn parse(text: &str) -> Option<Point> {
        NAMES
            .iter()
            .position(|&n| n == text)
            .map(|i| Point(i as u8))
    }

    /// Every point, in canonical order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }

    /// The points of a mask, in canonical order.
    pub fn in_mask(mask: u32) -> impl Iterator<Item = Point> {
        Bits(mask).map(|i| Point(i as u8))
    }
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The set bits of a mask, lowest first.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Bits(pub u32);

impl Iterator for Bits {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}

/// The version played: with warps (the default) or without.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Version {
    /// Warps and straight warps connect the triangles.
    #[default]
    Full,
    /// No warps of either kind: singles and doubles never leave their triangle.
    Simple,
}

impl Version {
    /// The name used in options and record headers.
    pub fn name(self) -> &'static str {
        match self {
            Version::Full => "full",
            Version::Simple => "simple",
        }
    }

    #[inline]
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// The straight rays from one point: for each direction a line goes on in, the points along it
/// in order (straight warps included in the full version).
#[derive(Copy, Clone, Debug, Default)]
pub struct Rays {
    count: u8,
    len: [u8; MAX_RAYS],
    points: [[u8; MAX_RAY]; MAX_RAYS],
}

impl Rays {
    /// Each ray as its points in order, nearest first.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> + '_ {
        (0..self.count as usize).map(move |r| &self.points[r][..self.len[r] as usize])
    }

    fn push(&mut self, ray: &[Point]) {
        let r = self.count as usize;
        self.len[r] = ray.len() as u8;
        for (i, p) in ray.iter().enumerate() {
            self.points[r][i] = p.0;
        }
        self.count += 1;
    }
}

/// Up to 16 points, in canonical order.
#[derive(Copy, Clone, Debug, Default)]
struct PointList {
    len: u8,
    points: [u8; 16],
}

impl PointList {
    fn of(mask: u32) -> PointList {
        let mut list = PointList::default();
        for p in Point::in_mask(mask) {
            list.points[list.len as usize] = p.0;
            list.len += 1;
        }
        list
    }
}

/// Which way a triangle turns by 120°.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    /// `+`: counter-clockwise, corner k to k+1 and median point k+3 to k+4.
    CounterClockwise,
    /// `-`: clockwise, the other way.
    Clockwise,
}

impl Rotation {
    /// Both, `+` first.
    pub const ALL: [Rotation; 2] = [Rotation::CounterClockwise, Rotation::Clockwise];

    /// The sign of the notation.
    pub fn sign(self) -> char {
        match self {
            Rotation::CounterClockwise => '+',
            Rotation::Clockwise => '-',
        }
    }

    #[inline]
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// The board's tables, computed once from the coordinates.
pub struct Geometry {
    /// Each point's layout coordinates `(X, Y)` (constellation corners coincide here).
    pub xy: [[i32; 2]; POINTS],
    /// The lines: three points in a straight row inside one triangle, in order along the line.
    pub lines: Vec<[Point; 3]>,
    /// The big corners, as a mask.
    pub big_corners: u32,
    /// The three constellations (corners that meet), as masks.
    pub constellations: [u32; 3],
    /// For each big corner, its opposite constellation (a mask); 0 for other points.
    pub opposite_constellation: [u32; POINTS],
    /// Each point's warp targets (full version); 0 for points that are neither big corners nor
    /// in a constellation.
    pub warps: [u32; POINTS],
    /// The straight warp partner: a big corner and the C corner of its opposite constellation.
    pub straight_warp: [Option<Point>; POINTS],
    /// Neighbours in each version (index: [`Version`]).
    neighbours: [[u32; POINTS]; 2],
    /// Straight rays in each version.
    rays: [[Rays; POINTS]; 2],
    /// The triple's jumps from each point: from a middle point to the other middle points and
    /// to the big corners; 0 elsewhere.
    pub triple_jumps: [u32; POINTS],
    /// Where a single (`[0]`) and a triple (`[1]`) can move from each point in each version,
    /// as lists: these do not depend on the figures about.
    reach_lists: [[[PointList; POINTS]; 2]; 2],
    /// `rotation[dir][n]`: the number of the point that point `n` of a triangle goes to.
    pub rotation: [[u8; 7]; 2],
    /// `rotation_bits[dir][bits]`: a triangle's 7-bit mask after turning.
    rotation_bits: [[u8; 128]; 2],
    /// Turning every triangle counter-clockwise at once, as (bits, left rotation) pairs: the
    /// bits of a 28-bit mask that move by the same number of places.
    rotation_all: [(u32, u32); 3],
    /// The middle points.
    pub middles: u32,
    /// The median points.
    pub medians: u32,
    /// Where singles may be brought in: neither middle points nor on C.
    pub bring_in: u32,
}

impl Geometry {
    /// The neighbours of `p` in `version`.
    #[inline]
    pub fn neighbours(&self, version: Version, p: Point) -> u32 {
        self.neighbours[version.index()][p.index()]
    }

    /// The straight rays from `p` in `version`.
    #[inline]
    pub fn rays(&self, version: Version, p: Point) -> &Rays {
        &self.rays[version.index()][p.index()]
    }

    /// `mask` with triangle `t`'s points turned `dir`.
    #[inline]
    pub fn rotate_mask(&self, mask: u32, t: Triangle, dir: Rotation) -> u32 {
        let shift = 7 * t.index();
        let bits = (mask >> shift) & 0x7f;
        (mask & !(0x7f << shift)) | (self.rotation_bits[dir.index()][bits as usize] as u32) << shift
    }

    /// Where a single (`stones` 1) or a triple (`stones` 3) on `p` can move, as point indices
    /// in canonical order.
    #[inline]
    pub fn fixed_reach(&self, version: Version, stones: u8, p: Point) -> &[u8] {
        let list = &self.reach_lists[usize::from(stones == 3)][version.index()][p.index()];
        &list.points[..list.len as usize]
    }

    /// `mask` with all four triangles turned counter-clockwise. A triangle's layout is left as
    /// it was by a turn exactly when its masks are unchanged by this (either way, as turning
    /// one way is turning the other way twice).
    #[inline]
    pub fn rotate_all(&self, mask: u32) -> u32 {
        self.rotation_all.iter().fold(0, |out, &(bits, shift)| {
            out | (mask & bits).rotate_left(shift)
        })
    }

    /// Where a figure on `p` goes when its triangle turns `dir`.
    pub fn rotate_point(&self, p: Point, dir: Rotation) -> Point {
        Point::new(
            p.triangle(),
            self.rotation[dir.index()][p.number() as usize],
        )
    }
}

/// The tables, built on first use.
pub static GEOMETRY: LazyLock<Geometry> = LazyLock::new(build);

/// Real coordinates of a layout point.
pub(crate) fn real([x, y]: [i32; 2]) -> (f64, f64) {
    (x as f64 / 2.0, y as f64 / (2.0 * 3f64.sqrt()))
}

/// The direction from `a` to `b` as a multiple of 30° counter-clockwise from east, if it is one.
fn direction(a: [i32; 2], b: [i32; 2]) -> Option<usize> {
    let (ax, ay) = real(a);
    let (bx, by) = real(b);
    let angle = (by - ay).atan2(bx - ax).to_degrees().rem_euclid(360.0);
    let d = (angle / 30.0).round();
    ((angle - d * 30.0).abs() < 1e-6).then_some(d as usize % DIRECTIONS)
}

fn mid(a: [i32; 2], b: [i32; 2]) -> [i32; 2] {
    assert!((a[0] + b[0]) % 2 == 0 && (a[1] + b[1]) % 2 == 0);
    [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
}

fn dist2(a: [i32; 2], b: [i32; 2]) -> f64 {
    let (ax, ay) = real(a);
    let (bx, by) = real(b);
    (ax - bx).powi(2) + (ay - by).powi(2)
}

fn build() -> Geometry {
    // The big triangle: top, bottom-left, bottom-right; and its side midpoints.
    let top = [4, 12];
    let bottom_left = [0, 0];
    let bottom_right = [8, 0];
    let left = mid(top, bottom_left);
    let right = mid(top, bottom_right);
    let bottom = mid(bottom_left, bottom_right);
    // Corners 1, 2, 3 of each small triangle as the rules name them: up triangles 1 top,
    // 2 bottom-left, 3 bottom-right; C 1 bottom, 2 top-right, 3 top-left.
    let corners: [[[i32; 2]; 3]; 4] = [
        [top, left, right],
        [left, bottom_left, bottom],
        [right, bottom, bottom_right],
        [bottom, right, left],
    ];
    let mut xy = [[0; 2]; POINTS];
    for t in Triangle::ALL {
        let [c1, c2, c3] = corners[t.index()];
        let centroid = [(c1[0] + c2[0] + c3[0]) / 3, (c1[1] + c2[1] + c3[1]) / 3];
        assert_eq!(
            [centroid[0] * 3, centroid[1] * 3],
            [c1[0] + c2[0] + c3[0], c1[1] + c2[1] + c3[1]]
        );
        // X4, X5, X6: the middles of the sides opposite X1, X2, X3.
        let pts = [centroid, c1, c2, c3, mid(c2, c3), mid(c3, c1), mid(c1, c2)];
        for (n, &p) in pts.iter().enumerate() {
            xy[Point::new(t, n as u8).index()] = p;
        }
    }

    // Lines: every three points of one triangle in a straight row, ordered along it.
    let mut lines = Vec::new();
    let mut step = [[None::<Point>; DIRECTIONS]; POINTS];
    for t in Triangle::ALL {
        let pts: Vec<Point> = t.points().collect();
        for (i, &a) in pts.iter().enumerate() {
            for (j, &b) in pts.iter().enumerate().skip(i + 1) {
                for &c in &pts[j + 1..] {
                    let [pa, pb, pc] = [xy[a.index()], xy[b.index()], xy[c.index()]];
                    let cross =
                        (pb[0] - pa[0]) * (pc[1] - pa[1]) - (pb[1] - pa[1]) * (pc[0] - pa[0]);
                    if cross != 0 {
                        continue;
                    }
                    let mut line = [a, b, c];
                    // Order along the line: the middle one is between the other two.
                    let d = [pb[0] - pa[0], pb[1] - pa[1]];
                    line.sort_by_key(|p| {
                        let q = xy[p.index()];
                        (q[0] - pa[0]) * d[0] + (q[1] - pa[1]) * d[1]
                    });
                    for w in line.windows(2) {
                        let (u, v) = (w[0], w[1]);
                        let forward = direction(xy[u.index()], xy[v.index()]).expect("a direction");
                        step[u.index()][forward] = Some(v);
                        step[v.index()][(forward + 6) % DIRECTIONS] = Some(u);
                    }
                    lines.push(line);
                }
            }
        }
    }

    // Corners that share a position form a constellation; a corner alone is a big corner.
    let mut big_corners = 0u32;
    let mut constellations = Vec::new();
    for p in Point::all().filter(|p| p.kind() == PointKind::Corner) {
        let same: u32 = Point::all()
            .filter(|q| q.kind() == PointKind::Corner && xy[q.index()] == xy[p.index()])
            .fold(0, |m, q| m | q.bit());
        if same == p.bit() {
            big_corners |= p.bit();
        } else if !constellations.contains(&same) {
            constellations.push(same);
        }
    }
    let constellations: [u32; 3] = constellations.try_into().expect("three constellations");
    let position_of = |mask: u32| xy[mask.trailing_zeros() as usize];
    // A big corner's opposite constellation is the one farthest from it.
    let mut opposite_constellation = [0u32; POINTS];
    for b in Point::in_mask(big_corners) {
        let far = constellations
            .iter()
            .copied()
            .max_by(|&m, &n| {
                dist2(xy[b.index()], position_of(m))
                    .total_cmp(&dist2(xy[b.index()], position_of(n)))
            })
            .expect("constellations");
        opposite_constellation[b.index()] = far;
    }
    let opposite_big_corner = |constellation: u32| {
        Point::in_mask(big_corners)
            .find(|b| opposite_constellation[b.index()] == constellation)
            .expect("each constellation is opposite one big corner")
    };

    // Warps: a big corner with the other big corners and its opposite constellation; a
    // constellation point with the other constellations and its opposite big corner.
    let mut warps = [0u32; POINTS];
    for b in Point::in_mask(big_corners) {
        warps[b.index()] = (big_corners & !b.bit()) | opposite_constellation[b.index()];
    }
    for &k in &constellations {
        let others = constellations
            .iter()
            .filter(|&&m| m != k)
            .fold(0, |a, m| a | m);
        for p in Point::in_mask(k) {
            warps[p.index()] = others | opposite_big_corner(k).bit();
        }
    }

    // Straight warps: a big corner and the C corner of its opposite constellation.
    let mut straight_warp = [None; POINTS];
    for b in Point::in_mask(big_corners) {
        let c = Point::in_mask(opposite_constellation[b.index()] & Triangle::C.mask())
            .next()
            .expect("a C corner in each constellation");
        straight_warp[b.index()] = Some(c);
        straight_warp[c.index()] = Some(b);
    }

    // Neighbours: next to each other on a line, and in the full version warp targets too.
    let mut neighbours = [[0u32; POINTS]; 2];
    for p in Point::all() {
        let along = step[p.index()].iter().flatten().fold(0, |m, q| m | q.bit());
        neighbours[Version::Simple.index()][p.index()] = along;
        neighbours[Version::Full.index()][p.index()] = along | warps[p.index()];
    }

    // One step along a straight line in direction d: inside the triangle, or (full version) when
    // the line runs out at a big corner or C corner, on from its straight warp partner.
    let next = |version: Version, p: Point, d: usize| -> Option<Point> {
        if let Some(q) = step[p.index()][d] {
            return Some(q);
        }
        if version == Version::Simple {
            return None;
        }
        let partner = straight_warp[p.index()]?;
        let runs_out_here = step[p.index()][(d + 6) % DIRECTIONS].is_some();
        (runs_out_here && step[partner.index()][d].is_some()).then_some(partner)
    };
    let mut rays = [[Rays::default(); POINTS]; 2];
    for version in [Version::Full, Version::Simple] {
        for p in Point::all() {
            for d in 0..DIRECTIONS {
                let mut ray = Vec::new();
                let mut at = p;
                while let Some(q) = next(version, at, d) {
                    ray.push(q);
                    at = q;
                    assert!(ray.len() <= MAX_RAY, "a straight line runs on for ever");
                }
                if !ray.is_empty() {
                    rays[version.index()][p.index()].push(&ray);
                }
            }
        }
    }

    let middles: u32 = Triangle::ALL.iter().fold(0, |m, t| m | t.middle().bit());
    let medians: u32 = Point::all()
        .filter(|p| p.kind() == PointKind::Median)
        .fold(0, |m, p| m | p.bit());
    let mut triple_jumps = [0u32; POINTS];
    for t in Triangle::ALL {
        let m = t.middle();
        triple_jumps[m.index()] = (middles | big_corners) & !m.bit();
    }
    let bring_in = ((1u32 << POINTS) - 1) & !middles & !Triangle::C.mask();

    // Turning: each point about its triangle's centroid by 120° counter-clockwise; in layout
    // coordinates relative to the centroid, (X, Y) goes to ((-X - Y) / 2, (3X - Y) / 2).
    let mut rotation = [[0u8; 7]; 2];
    for t in Triangle::ALL {
        let centre = xy[t.middle().index()];
        let mut ccw = [0u8; 7];
        for p in t.points() {
            let [x, y] = [xy[p.index()][0] - centre[0], xy[p.index()][1] - centre[1]];
            let turned = [centre[0] + (-x - y) / 2, centre[1] + (3 * x - y) / 2];
            ccw[p.number() as usize] = t
                .points()
                .find(|q| xy[q.index()] == turned)
                .expect("a turn maps the triangle onto itself")
                .number();
        }
        let mut cw = [0u8; 7];
        for (n, &m) in ccw.iter().enumerate() {
            cw[m as usize] = n as u8;
        }
        if t == Triangle::T {
            rotation = [ccw, cw];
        } else {
            assert_eq!(rotation, [ccw, cw], "every triangle names its points alike");
        }
    }
    let mut rotation_bits = [[0u8; 128]; 2];
    for (table, map) in rotation_bits.iter_mut().zip(&rotation) {
        for (bits, out) in table.iter_mut().enumerate() {
            *out = map
                .iter()
                .enumerate()
                .filter(|&(n, _)| bits & (1 << n) != 0)
                .fold(0, |o, (_, &m)| o | 1 << m);
        }
    }

    let mut shifts: Vec<(u32, u32)> = Vec::new();
    for (n, &m) in rotation[0].iter().enumerate() {
        let shift = (m as i32 - n as i32).rem_euclid(32) as u32;
        let bits = Triangle::ALL
            .iter()
            .fold(0, |m, &t| m | Point::new(t, n as u8).bit());
        match shifts.iter_mut().find(|(_, s)| *s == shift) {
            Some((m, _)) => *m |= bits,
            None => shifts.push((bits, shift)),
        }
    }
    // The middle point stays, corners and median points move on by one place or back by two.
    let rotation_all: [(u32, u32); 3] = shifts.try_into().expect("three shifts");

    let mut reach_lists = [[[PointList::default(); POINTS]; 2]; 2];
    for v in [Version::Full, Version::Simple] {
        for p in Point::all() {
            let near = neighbours[v.index()][p.index()];
            reach_lists[0][v.index()][p.index()] = PointList::of(near);
            reach_lists[1][v.index()][p.index()] = PointList::of(near | triple_jumps[p.index()]);
        }
    }

    Geometry {
        xy,
        rotation_all,
        reach_lists,
        lines,
        big_corners,
        constellations,
        opposite_constellation,
        warps,
        straight_warp,
        neighbours,
        rays,
        triple_jumps,
        rotation,
        rotation_bits,
        middles,
        medians,
        bring_in,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    fn names(mask: u32) -> Vec<&'static str> {
        Point::in_mask(mask).map(Point::name).collect()
    }

    fn mask(list: &[&str]) -> u32 {
        list.iter().fold(0, |m, n| m | p(n).bit())
    }

    #[test]
    fn twenty_eight_points_with_names() {
        let g = &*GEOMETRY;
        assert_eq!(Point::all().count(), 28);
        for q in Point::all() {
            assert_eq!(Point::parse(q.name()), Some(q));
        }
        assert_eq!(Point::parse("C7"), None);
        assert_eq!(Point::parse("t4"), None);
        // Every point has its own place within its triangle.
        for t in Triangle::ALL {
            for a in t.points() {
                for b in t.points().filter(|&b| b != a) {
                    assert_ne!(g.xy[a.index()], g.xy[b.index()]);
                }
            }
        }
    }

    #[test]
    fn lines_are_the_sides_and_medians() {
        let g = &*GEOMETRY;
        assert_eq!(g.lines.len(), 24);
        for t in Triangle::ALL {
            let l = t.letter();
            let want = [
                [1, 6, 2],
                [2, 4, 3],
                [3, 5, 1],
                [1, 0, 4],
                [2, 0, 5],
                [3, 0, 6],
            ];
            for w in want {
                let line = w.map(|n| Point::parse(&format!("{l}{n}")).unwrap());
                let mut back = line;
                back.reverse();
                assert!(
                    g.lines.contains(&line) || g.lines.contains(&back),
                    "line {line:?}"
                );
            }
        }
    }

    #[test]
    fn big_corners_constellations_and_opposites() {
        let g = &*GEOMETRY;
        assert_eq!(names(g.big_corners), ["T1", "L2", "R3"]);
        let mut found: Vec<Vec<&str>> = g.constellations.iter().map(|&m| names(m)).collect();
        found.sort();
        assert_eq!(
            found,
            [["L3", "R2", "C1"], ["T2", "L1", "C3"], ["T3", "R1", "C2"]]
        );
        assert_eq!(
            g.opposite_constellation[p("T1").index()],
            mask(&["L3", "R2", "C1"])
        );
        assert_eq!(
            g.opposite_constellation[p("L2").index()],
            mask(&["T3", "R1", "C2"])
        );
        assert_eq!(
            g.opposite_constellation[p("R3").index()],
            mask(&["T2", "L1", "C3"])
        );
    }

    #[test]
    fn neighbour_counts_in_both_versions() {
        let g = &*GEOMETRY;
        for q in Point::all() {
            let simple = g.neighbours(Version::Simple, q).count_ones();
            let full = g.neighbours(Version::Full, q).count_ones();
            let warps = g.warps[q.index()].count_ones();
            match q.kind() {
                PointKind::Middle => assert_eq!((simple, full, warps), (6, 6, 0), "{q}"),
                PointKind::Median => assert_eq!((simple, full, warps), (3, 3, 0), "{q}"),
                PointKind::Corner if g.big_corners & q.bit() != 0 => {
                    assert_eq!((simple, full, warps), (3, 8, 5), "{q}")
                }
                PointKind::Corner => assert_eq!((simple, full, warps), (3, 10, 7), "{q}"),
            }
            // Neighbourhood is symmetric and never includes the point itself.
            for v in [Version::Simple, Version::Full] {
                assert_eq!(g.neighbours(v, q) & q.bit(), 0);
                for r in Point::in_mask(g.neighbours(v, q)) {
                    assert_ne!(g.neighbours(v, r) & q.bit(), 0, "{q} {r}");
                }
            }
        }
        // The simple version never leaves the triangle.
        for q in Point::all() {
            assert_eq!(g.neighbours(Version::Simple, q) & !q.triangle().mask(), 0);
        }
        assert_eq!(
            names(g.neighbours(Version::Simple, p("T1"))),
            ["T0", "T5", "T6"]
        );
        assert_eq!(
            names(g.warps[p("T1").index()]),
            ["L2", "L3", "R2", "R3", "C1"]
        );
        assert_eq!(
            names(g.warps[p("C3").index()]),
            ["T3", "L3", "R1", "R2", "R3", "C1", "C2"]
        );
        // Points of one constellation are never neighbours.
        for &k in &g.constellations {
            for q in Point::in_mask(k) {
                assert_eq!(g.neighbours(Version::Full, q) & k, 0);
            }
        }
    }

    fn ray_names(v: Version, from: &str, first: &str) -> Vec<&'static str> {
        let g = &*GEOMETRY;
        let first = p(first).0;
        let ray = g
            .rays(v, p(from))
            .iter()
            .find(|r| r[0] == first)
            .unwrap_or_else(|| panic!("no ray from {from} through {}", Point(first)));
        ray.iter().map(|&i| Point(i).name()).collect()
    }

    #[test]
    fn straight_warps_make_the_nine_point_line() {
        let g = &*GEOMETRY;
        for (a, b) in [("T1", "C1"), ("L2", "C2"), ("R3", "C3")] {
            assert_eq!(g.straight_warp[p(a).index()], Some(p(b)));
            assert_eq!(g.straight_warp[p(b).index()], Some(p(a)));
        }
        assert_eq!(
            ray_names(Version::Full, "T2", "T6"),
            ["T6", "T1", "C1", "C6", "C2", "L2", "L6", "L1"]
        );
        assert_eq!(
            ray_names(Version::Full, "L1", "L6"),
            ["L6", "L2", "C2", "C6", "C1", "T1", "T6", "T2"]
        );
        assert_eq!(ray_names(Version::Simple, "T2", "T6"), ["T6", "T1"]);
        assert_eq!(
            ray_names(Version::Full, "T4", "T0"),
            ["T0", "T1", "C1", "C0", "C4"]
        );
        // A straight warp step is always a warp.
        for v in [Version::Full] {
            for q in Point::all() {
                for ray in g.rays(v, q).iter() {
                    let mut at = q;
                    for &i in ray {
                        let next = Point(i);
                        assert_ne!(g.neighbours(v, at) & next.bit(), 0, "{at} {next}");
                        at = next;
                    }
                }
            }
        }
        // Three 9-point lines, no longer ones.
        let longest: Vec<usize> = Point::all()
            .map(|q| {
                g.rays(Version::Full, q)
                    .iter()
                    .map(|r| r.len())
                    .max()
                    .unwrap()
            })
            .collect();
        assert_eq!(*longest.iter().max().unwrap(), 8);
        assert_eq!(longest.iter().filter(|&&l| l == 8).count(), 6);
    }

    #[test]
    fn rotation_maps() {
        let g = &*GEOMETRY;
        assert_eq!(g.rotation[0], [0, 2, 3, 1, 5, 6, 4]);
        assert_eq!(g.rotation[1], [0, 3, 1, 2, 6, 4, 5]);
        assert_eq!(g.rotate_point(p("C1"), Rotation::CounterClockwise), p("C2"));
        assert_eq!(g.rotate_point(p("C6"), Rotation::CounterClockwise), p("C4"));
        assert_eq!(g.rotate_point(p("L4"), Rotation::Clockwise), p("L6"));
        let m = mask(&["T1", "T4", "L1"]);
        assert_eq!(
            g.rotate_mask(m, Triangle::T, Rotation::CounterClockwise),
            mask(&["T2", "T5", "L1"])
        );
        let all = Triangle::ALL
            .iter()
            .fold(m, |m, &t| g.rotate_mask(m, t, Rotation::CounterClockwise));
        assert_eq!(g.rotate_all(m), all);
        assert_eq!(g.rotate_all(0x0fff_ffff), 0x0fff_ffff);
    }

    #[test]
    fn triple_jumps_and_bring_in_points() {
        let g = &*GEOMETRY;
        assert_eq!(
            names(g.triple_jumps[p("C0").index()]),
            ["T0", "T1", "L0", "L2", "R0", "R3"]
        );
        assert_eq!(g.triple_jumps[p("C1").index()], 0);
        assert_eq!(g.bring_in.count_ones(), 18);
        assert_eq!(names(g.middles), ["T0", "L0", "R0", "C0"]);
        assert_eq!(g.medians.count_ones(), 12);
    }
}
