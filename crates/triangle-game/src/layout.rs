//! The board as data: vertices with lattice coordinates, triangles with their corners and edge
//! vertices, the three territories (whose shared vertices are the joins), the dots and the
//! triangles that surround them, and the order in which pickups consume Power Triangles.
//!
//! [`Layout::gasket`] builds the board of `docs/games/triangle-game.md` from the gasket's
//! definition. Nothing else in the crate knows the board's shape: the rules read a [`Layout`] only
//! through the tables of [`Board`](crate::board::Board), so another layout (a different
//! reconstruction of the missing diagrams, say) could be dropped in here.

use crate::colour::Colour;

/// A lattice point: row `row` from the top (`k` in the rules, 0-based) and position `pos` in that
/// row (`i`, 0-based, `pos <= row`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lattice {
    /// Row from the top, 0-based.
    pub row: u8,
    /// Position in the row, 0-based.
    pub pos: u8,
}

impl Lattice {
    /// The point `(row, pos)`.
    pub const fn new(row: u8, pos: u8) -> Lattice {
        Lattice { row, pos }
    }

    /// The vertex name of the rules: letter `a` + `pos`, then `row + 1` (`a1`, `c5`, `i9`).
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.pos) as char, self.row + 1)
    }
}

/// Which way a triangle points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pointing {
    /// Apex at the top: the gasket itself and its solid parts.
    Up,
    /// Apex at the bottom: a hole of the gasket.
    Down,
}

/// One vertex of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexInfo {
    /// Where it lies on the lattice.
    pub at: Lattice,
    /// Its name in the notation (`c5`).
    pub name: String,
}

/// One triangle drawn by the board's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriangleInfo {
    /// Its corners (vertex indices): the apex, then the other two left to right.
    pub corners: [u8; 3],
    /// The vertices on its sides other than its corners.
    pub edge: Vec<u8>,
    /// Its side length in lattice steps.
    pub side: u8,
    /// Up (solid part of the gasket) or down (a hole).
    pub pointing: Pointing,
}

/// A territory of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Territory {
    /// The top part (rows 1–5): Dark Blue's home.
    Top,
    /// The bottom-left part: Light Blue's home.
    BottomLeft,
    /// The bottom-right part: Green's home.
    BottomRight,
}

impl Territory {
    /// The three territories, in the order the rules list them.
    pub const ALL: [Territory; 3] = [
        Territory::Top,
        Territory::BottomLeft,
        Territory::BottomRight,
    ];

    /// The territory's name as scene classes and texts use it.
    pub fn name(self) -> &'static str {
        match self {
            Territory::Top => "top",
            Territory::BottomLeft => "bottom-left",
            Territory::BottomRight => "bottom-right",
        }
    }
}

/// What the layout says about one territory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerritoryInfo {
    /// Its vertices, joins included, ascending.
    pub vertices: Vec<u8>,
    /// The triangle that outlines it.
    pub outline: u8,
    /// Its hole (the one holding its dot).
    pub hole: u8,
}

/// A coloured dot at the centre of a hole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    /// Its colour (a player's colour, never white).
    pub colour: Colour,
    /// The hole it sits in.
    pub hole: u8,
    /// The triangles it lies inside (the hole and the larger upward triangles around it),
    /// ascending.
    pub surrounded_by: Vec<u8>,
}

/// A complete board description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The vertices, in the order of their indices.
    pub vertices: Vec<VertexInfo>,
    /// The triangles drawn by the board's lines.
    pub triangles: Vec<TriangleInfo>,
    /// The territories, indexed by [`Territory`] (`Top`, `BottomLeft`, `BottomRight`).
    pub territories: [TerritoryInfo; 3],
    /// Each seat's home territory (seat 0 Dark Blue, 1 Green, 2 Light Blue).
    pub homes: [Territory; 3],
    /// The dots.
    pub dots: Vec<Dot>,
    /// The triangles that surround dots, in the order that breaks ties when a pickup chooses which
    /// pending Power Triangle to consume.
    pub pickup_order: Vec<u8>,
    /// The lattice's side length (8 for the depth-3 gasket): the layout lies within the upward
    /// triangle of this side with top (0, 0).
    pub side: u8,
}

impl Layout {
    /// The board of `docs/games/triangle-game.md`: the Sierpinski gasket of the given depth (3 for
    /// the game), built by its definition. The whole triangle (side 2^depth, top `a1`) is cut into
    /// three upward half-size triangles (top, bottom-left, bottom-right) around a downward hole,
    /// and so on down to side 1. Its vertices are the corners of the smallest upward triangles;
    /// the triangles are every upward part and every hole; the three parts of the first cut are
    /// the territories, their shared corners the joins; dots sit in the first hole (one of each
    /// player colour) and in each territory's own hole (the colour of the player who moves after
    /// the territory's owner).
    ///
    /// Triangles are numbered level by level, the upward parts of a level before its holes:
    /// whole board; centre hole; territories top, bottom-left, bottom-right; their holes in the
    /// same order; then the smaller ones.
    pub fn gasket(depth: u32) -> Layout {
        assert!(
            (2..=3).contains(&depth),
            "territories need holes (depth >= 2); names a1–i9 cover depth 3 at most"
        );
        let side = 1u8 << depth;
        // (apex, side, pointing) for every triangle, level by level.
        let mut shapes: Vec<(Lattice, u8, Pointing)> = Vec::new();
        let mut level = vec![Lattice::new(0, 0)];
        let mut s = side;
        let mut first_cut: Option<(Vec<usize>, Vec<usize>)> = None;
        loop {
            let ups: Vec<usize> = level
                .iter()
                .map(|&top| {
                    shapes.push((top, s, Pointing::Up));
                    shapes.len() - 1
                })
                .collect();
            if s == 1 {
                break;
            }
            let h = s / 2;
            // Each upward part's hole: corners (k+h, i), (k+h, i+h), (k+s, i+h); its apex is
            // the bottom one.
            let holes: Vec<usize> = level
                .iter()
                .map(|&top| {
                    shapes.push((Lattice::new(top.row + s, top.pos + h), h, Pointing::Down));
                    shapes.len() - 1
                })
                .collect();
            if s == side / 2 {
                first_cut = Some((ups, holes));
            }
            level = level
                .iter()
                .flat_map(|&top| {
                    [
                        top,
                        Lattice::new(top.row + h, top.pos),
                        Lattice::new(top.row + h, top.pos + h),
                    ]
                })
                .collect();
            s = h;
        }
        let corners_of = |(apex, s, pointing): (Lattice, u8, Pointing)| -> [Lattice; 3] {
            match pointing {
                Pointing::Up => [
                    apex,
                    Lattice::new(apex.row + s, apex.pos),
                    Lattice::new(apex.row + s, apex.pos + s),
                ],
                Pointing::Down => [
                    apex,
                    Lattice::new(apex.row - s, apex.pos - s),
                    Lattice::new(apex.row - s, apex.pos),
                ],
            }
        };
        // Vertices: the corners of the smallest upward triangles, in row-major order.
        let mut points: Vec<Lattice> = shapes
            .iter()
            .filter(|&&(_, s, p)| s == 1 && p == Pointing::Up)
            .flat_map(|&shape| corners_of(shape))
            .collect();
        points.sort();
        points.dedup();
        let index = |p: Lattice| -> u8 {
            points.iter().position(|&q| q == p).unwrap_or_else(|| {
                panic!("{} is on a line of the gasket but not a vertex", p.name())
            }) as u8
        };
        let triangles: Vec<TriangleInfo> = shapes
            .iter()
            .map(|&shape| {
                let c = corners_of(shape);
                let s = shape.1;
                let mut edge = Vec::new();
                for (a, b) in [(c[0], c[1]), (c[1], c[2]), (c[2], c[0])] {
                    let dr = (b.row as i16 - a.row as i16) / s as i16;
                    let dp = (b.pos as i16 - a.pos as i16) / s as i16;
                    for step in 1..s as i16 {
                        edge.push(index(Lattice::new(
                            (a.row as i16 + dr * step) as u8,
                            (a.pos as i16 + dp * step) as u8,
                        )));
                    }
                }
                edge.sort_unstable();
                // Apex first, then the other two left to right (by position).
                let mut rest = [c[1], c[2]];
                rest.sort_by_key(|p| (p.pos as i16) * 2 - p.row as i16);
                TriangleInfo {
                    corners: [index(c[0]), index(rest[0]), index(rest[1])],
                    edge,
                    side: s,
                    pointing: shape.2,
                }
            })
            .collect();
        let (parts, holes) = first_cut.expect("depth >= 1");
        let territories: [TerritoryInfo; 3] = std::array::from_fn(|t| {
            let (top, h, _) = shapes[parts[t]];
            let vertices = points
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    p.row >= top.row
                        && p.row <= top.row + h
                        && p.pos >= top.pos
                        && p.pos - top.pos <= p.row - top.row
                })
                .map(|(v, _)| v as u8)
                .collect();
            TerritoryInfo {
                vertices,
                outline: parts[t] as u8,
                hole: holes[t] as u8,
            }
        });
        // Seats in turn order: Dark Blue (top), Green (bottom-right), Light Blue (bottom-left).
        let homes = [
            Territory::Top,
            Territory::BottomRight,
            Territory::BottomLeft,
        ];
        let centre_hole = 1u8;
        let mut placed: Vec<(Colour, u8)> =
            Colour::PLAYERS.iter().map(|&c| (c, centre_hole)).collect();
        for territory in Territory::ALL {
            let owner = homes
                .iter()
                .position(|&h| h == territory)
                .expect("every territory is a home");
            placed.push((
                Colour::PLAYERS[(owner + 1) % 3],
                territories[territory as usize].hole,
            ));
        }
        let dots = placed
            .into_iter()
            .map(|(colour, hole)| {
                // The dot is the hole's centroid; three times it is an integer lattice point.
                let c = triangles[hole as usize].corners.map(|v| points[v as usize]);
                let centre = (
                    c.iter().map(|p| p.row as i32).sum::<i32>(),
                    c.iter().map(|p| p.pos as i32).sum::<i32>(),
                );
                let surrounded_by = triangles
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| strictly_inside(centre, t.corners.map(|v| points[v as usize])))
                    .map(|(t, _)| t as u8)
                    .collect();
                Dot {
                    colour,
                    hole,
                    surrounded_by,
                }
            })
            .collect();
        // Whole board, territories top, bottom-left, bottom-right, centre hole, territory holes.
        let mut pickup_order = vec![0u8];
        pickup_order.extend(parts.iter().map(|&t| t as u8));
        pickup_order.push(centre_hole);
        pickup_order.extend(holes.iter().map(|&t| t as u8));
        Layout {
            vertices: points
                .iter()
                .map(|&at| VertexInfo {
                    at,
                    name: at.name(),
                })
                .collect(),
            triangles,
            territories,
            homes,
            dots,
            pickup_order,
            side,
        }
    }
}

/// Whether the point `3·p` (given as `(3·row, 3·pos)`) lies strictly inside the triangle with
/// corners `c`. Row and position are affine coordinates of the plane, so the test is the usual
/// one: the point is on the same side of all three sides, and on none.
fn strictly_inside(p: (i32, i32), c: [Lattice; 3]) -> bool {
    let c = c.map(|q| (3 * q.row as i32, 3 * q.pos as i32));
    let side = |a: (i32, i32), b: (i32, i32)| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    let s = [side(c[0], c[1]), side(c[1], c[2]), side(c[2], c[0])];
    s.iter().all(|&x| x > 0) || s.iter().all(|&x| x < 0)
}
