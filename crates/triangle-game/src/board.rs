//! The rules' view of a [`Layout`]: bit masks over vertices and triangles (a board has at most 64
//! of each), the slides from every vertex, and the [`Vertex`] and [`Triangle`] handles the rest of
//! the crate uses. [`BOARD`] is the board the game is played on.

use std::sync::LazyLock;

use crate::colour::Colour;
use crate::layout::{Lattice, Layout, Pointing, Territory};

/// The most vertices, or triangles, a board may have: one bit each in a `u64`.
pub const MAX: usize = 64;

/// The board of the game: the depth-3 gasket of `docs/games/triangle-game.md`. This is the one
/// place that chooses the layout.
pub static BOARD: LazyLock<Board> = LazyLock::new(|| Board::new(Layout::gasket(3)));

/// A vertex of [`BOARD`], by index (row-major: `a1`, `a2`, `b2`, `a3`, …).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(pub u8);

/// A triangle of [`BOARD`], by index (see [`Layout::gasket`] for the order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Triangle(pub u8);

/// One slide's destination from a given vertex and the vertices that must be empty for it: the
/// destination and every vertex strictly between.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SlideTarget {
    /// Where the stone stops.
    pub to: Vertex,
    /// The destination and the vertices strictly between, as a vertex mask.
    pub clear: u64,
}

/// A layout with the tables the rules need.
#[derive(Clone, Debug)]
pub struct Board {
    /// The layout the tables were built from.
    pub layout: Layout,
    /// Every vertex.
    pub all: u64,
    /// Each triangle's corners, as a vertex mask.
    pub corners: [u64; MAX],
    /// Each triangle's edge vertices, as a vertex mask.
    pub edges: [u64; MAX],
    /// The triangles each vertex is a corner of, as a triangle mask.
    pub corner_of: [u64; MAX],
    /// The colours of the dots each triangle surrounds (bit `c` for [`Colour`] `c`).
    pub dot_colours: [u8; MAX],
    /// The triangles that surround at least one dot.
    pub dotted: u64,
    /// For each player colour, the triangles that surround a dot of it.
    pub with_dot: [u64; 3],
    /// The order in which a pickup chooses the Power Triangle it consumes: fewest dot colours,
    /// then the layout's pickup order. Lower is chosen first.
    pub pickup_rank: [u8; MAX],
    /// Each territory's vertices, indexed by [`Territory`].
    pub territory: [u64; 3],
    /// Vertices in two territories.
    pub joins: u64,
    /// Each seat's home territory's vertices (+1 for an own stone there).
    pub home: [u64; 3],
    /// For each seat, the vertices that belong only to other players' territories (-1 for an own
    /// stone there).
    pub foreign: [u64; 3],
    /// Slides from vertex `v` are `slides[slide_from[v]..slide_from[v + 1]]`.
    slide_from: [u16; MAX + 1],
    slides: Vec<SlideTarget>,
    /// Vertex names.
    names: Vec<String>,
    /// Vertex index by lattice point (`0xff` where there is none).
    by_lattice: Vec<Vec<u8>>,
}

impl Board {
    /// The tables of `layout`. Panics if the layout is inconsistent: more than 64 vertices or
    /// triangles, a triangle side passing a lattice point that is not a vertex, a dotted triangle
    /// missing from the pickup order.
    pub fn new(layout: Layout) -> Board {
        let nv = layout.vertices.len();
        let nt = layout.triangles.len();
        assert!(
            nv <= MAX && nt <= MAX,
            "at most 64 vertices and 64 triangles"
        );
        let bit = |v: u8| 1u64 << v;
        let mut b = Board {
            all: if nv == 64 { !0 } else { (1u64 << nv) - 1 },
            corners: [0; MAX],
            edges: [0; MAX],
            corner_of: [0; MAX],
            dot_colours: [0; MAX],
            dotted: 0,
            with_dot: [0; 3],
            pickup_rank: [u8::MAX; MAX],
            territory: [0; 3],
            joins: 0,
            home: [0; 3],
            foreign: [0; 3],
            slide_from: [0; MAX + 1],
            slides: Vec::new(),
            names: layout.vertices.iter().map(|v| v.name.clone()).collect(),
            by_lattice: vec![vec![0xff; layout.side as usize + 1]; layout.side as usize + 1],
            layout: layout.clone(),
        };
        for (v, info) in layout.vertices.iter().enumerate() {
            b.by_lattice[info.at.row as usize][info.at.pos as usize] = v as u8;
        }
        for (t, info) in layout.triangles.iter().enumerate() {
            b.corners[t] = info.corners.iter().fold(0, |m, &v| m | bit(v));
            b.edges[t] = info.edge.iter().fold(0, |m, &v| m | bit(v));
            for &v in &info.corners {
                b.corner_of[v as usize] |= 1 << t;
            }
        }
        for dot in &layout.dots {
            let c = dot.colour as usize;
            assert!(c < 3, "dots are player colours");
            for &t in &dot.surrounded_by {
                b.dot_colours[t as usize] |= 1 << c;
                b.dotted |= 1 << t;
                b.with_dot[c] |= 1 << t;
            }
        }
        for (i, &t) in layout.pickup_order.iter().enumerate() {
            let colours = b.dot_colours[t as usize].count_ones() as usize;
            b.pickup_rank[t as usize] = (colours * 16 + i) as u8;
        }
        for t in 0..nt {
            assert!(
                b.dotted & (1 << t) == 0 || b.pickup_rank[t] != u8::MAX,
                "triangle {t} surrounds a dot but is missing from the pickup order"
            );
        }
        for (i, info) in layout.territories.iter().enumerate() {
            b.territory[i] = info.vertices.iter().fold(0, |m, &v| m | bit(v));
        }
        let [a, c, d] = b.territory;
        b.joins = (a & c) | (a & d) | (c & d);
        for seat in 0..3 {
            let home = b.territory[layout.homes[seat] as usize];
            b.home[seat] = home;
            // Vertices of other territories, less the join of the two others (in two territories
            // neither of which is home): that join counts nothing.
            let others: Vec<u64> = Territory::ALL
                .iter()
                .filter(|&&t| t != layout.homes[seat])
                .map(|&t| b.territory[t as usize])
                .collect();
            b.foreign[seat] = (others[0] | others[1]) & !home & !(others[0] & others[1]);
        }
        // Slides: between two corners of one triangle, along the side joining them.
        let points: Vec<Lattice> = layout.vertices.iter().map(|v| v.at).collect();
        for u in 0..nv {
            let mut targets: Vec<SlideTarget> = Vec::new();
            for t in 0..nt {
                if b.corners[t] & bit(u as u8) == 0 {
                    continue;
                }
                for &v in &layout.triangles[t].corners {
                    if v as usize == u || targets.iter().any(|s| s.to.0 == v) {
                        continue;
                    }
                    let (p, q) = (points[u], points[v as usize]);
                    let steps = (p.row.abs_diff(q.row)).max(p.pos.abs_diff(q.pos)) as i16;
                    let dr = (q.row as i16 - p.row as i16) / steps;
                    let dp = (q.pos as i16 - p.pos as i16) / steps;
                    let mut clear = bit(v);
                    for k in 1..steps {
                        let r = (p.row as i16 + dr * k) as usize;
                        let i = (p.pos as i16 + dp * k) as usize;
                        let w = b.by_lattice[r][i];
                        assert!(
                            w != 0xff,
                            "a triangle side passes a lattice point that is not a vertex"
                        );
                        clear |= bit(w);
                    }
                    targets.push(SlideTarget {
                        to: Vertex(v),
                        clear,
                    });
                }
            }
            targets.sort_by_key(|s| s.to);
            b.slides.extend(targets);
            b.slide_from[u + 1] = b.slides.len() as u16;
        }
        for u in nv..MAX {
            b.slide_from[u + 1] = b.slides.len() as u16;
        }
        b
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.layout.vertices.len()
    }

    /// The number of triangles.
    pub fn triangle_count(&self) -> usize {
        self.layout.triangles.len()
    }

    /// The slides from `v` on an empty board, each with the vertices that must be empty for it.
    #[inline]
    pub fn slides(&self, v: Vertex) -> &[SlideTarget] {
        let i = v.0 as usize;
        &self.slides[self.slide_from[i] as usize..self.slide_from[i + 1] as usize]
    }

    /// The vertex at lattice point `(row, pos)`, if there is one.
    pub fn vertex_at(&self, at: Lattice) -> Option<Vertex> {
        self.by_lattice
            .get(at.row as usize)
            .and_then(|row| row.get(at.pos as usize))
            .filter(|&&v| v != 0xff)
            .map(|&v| Vertex(v))
    }

    /// The vertex named `name` (`c5`), if there is one.
    pub fn vertex(&self, name: &str) -> Option<Vertex> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|v| Vertex(v as u8))
    }

    /// Every vertex, in index order.
    pub fn vertices(&self) -> impl Iterator<Item = Vertex> {
        (0..self.vertex_count() as u8).map(Vertex)
    }

    /// Every triangle, in index order.
    pub fn triangles(&self) -> impl Iterator<Item = Triangle> {
        (0..self.triangle_count() as u8).map(Triangle)
    }

    /// The territories vertex `v` belongs to (two for a join).
    pub fn territories_of(&self, v: Vertex) -> impl Iterator<Item = Territory> + '_ {
        Territory::ALL
            .into_iter()
            .filter(move |&t| self.territory[t as usize] & (1 << v.0) != 0)
    }

    /// The colours of the dots `t` surrounds.
    pub fn dot_colours(&self, t: Triangle) -> impl Iterator<Item = Colour> {
        let mask = self.dot_colours[t.0 as usize];
        Colour::PLAYERS
            .into_iter()
            .filter(move |&c| mask & (1 << c as u8) != 0)
    }
}

impl Vertex {
    /// Its name in the notation (`c5`).
    pub fn name(self) -> &'static str {
        &BOARD.names[self.0 as usize]
    }

    /// The vertex named `text` on [`BOARD`].
    pub fn parse(text: &str) -> Option<Vertex> {
        BOARD.vertex(text)
    }

    /// Where it lies on the lattice.
    pub fn at(self) -> Lattice {
        BOARD.layout.vertices[self.0 as usize].at
    }

    /// The vertex as a one-bit mask.
    #[inline]
    pub fn bit(self) -> u64 {
        1 << self.0
    }
}

impl std::fmt::Display for Vertex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Triangle {
    /// Its corners: the apex, then the other two left to right.
    pub fn corners(self) -> [Vertex; 3] {
        BOARD.layout.triangles[self.0 as usize].corners.map(Vertex)
    }

    /// Its edge vertices.
    pub fn edge(self) -> Vec<Vertex> {
        BOARD.layout.triangles[self.0 as usize]
            .edge
            .iter()
            .map(|&v| Vertex(v))
            .collect()
    }

    /// Up (a part of the gasket) or down (a hole).
    pub fn pointing(self) -> Pointing {
        BOARD.layout.triangles[self.0 as usize].pointing
    }

    /// Its side in lattice steps.
    pub fn side(self) -> u8 {
        BOARD.layout.triangles[self.0 as usize].side
    }

    /// The triangle with these three corners, in any order.
    pub fn with_corners(corners: [Vertex; 3]) -> Option<Triangle> {
        let mask = corners.iter().fold(0u64, |m, v| m | v.bit());
        BOARD
            .triangles()
            .find(|t| BOARD.corners[t.0 as usize] == mask)
    }

    /// The triangle as one-bit mask.
    #[inline]
    pub fn bit(self) -> u64 {
        1 << self.0
    }
}

impl std::fmt::Display for Triangle {
    /// Its corners, e.g. `a5-e5-e9` (apex first for an upward triangle: `a1-a9-i9`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut c = self.corners();
        if self.pointing() == Pointing::Down {
            // A hole reads top-left, top-right, bottom.
            c = [c[1], c[2], c[0]];
        }
        write!(f, "{}-{}-{}", c[0], c[1], c[2])
    }
}
