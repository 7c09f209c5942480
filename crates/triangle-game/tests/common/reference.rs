//! A slow reference model of The Triangle Game, written straight from
//! `docs/games/triangle-game.md` and sharing no code with the engine: it builds the board from the
//! rules' own list of triangles (by their tops and corners as the rules name them), keeps the
//! board as a map from lattice points to stone letters, and speaks only in notation. The tests
//! compare the engine with it move by move and by perft.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

type P = (i32, i32); // (row k, position i)

/// A triangle of the rules.
struct Tri {
    corners: [P; 3],
    /// Lattice points on its sides other than the corners.
    edge: Vec<P>,
    /// Colours of the dots it surrounds.
    dots: BTreeSet<char>,
    /// Its place in the pickup order of the rules, if it surrounds dots.
    order: Option<usize>,
}

struct Geo {
    vertices: Vec<P>,
    tris: Vec<Tri>,
}

fn name(p: P) -> String {
    format!("{}{}", (b'a' + p.1 as u8) as char, p.0 + 1)
}

fn parse(name: &str) -> P {
    let b = name.as_bytes();
    ((b[1] - b'1') as i32, (b[0] - b'a') as i32)
}

fn binomial_odd(k: i32, i: i32) -> bool {
    // Lucas: C(k, i) is odd iff the bits of i are a subset of those of k.
    i & !k == 0
}

/// The points strictly between two lattice points on one lattice line.
fn between(a: P, b: P) -> Vec<P> {
    let (dr, dp) = (b.0 - a.0, b.1 - a.1);
    let n = dr.abs().max(dp.abs());
    (1..n)
        .map(|s| (a.0 + dr / n * s, a.1 + dp / n * s))
        .collect()
}

static GEO: LazyLock<Geo> = LazyLock::new(|| {
    let up = |k: i32, i: i32, s: i32| [(k, i), (k + s, i), (k + s, i + s)];
    let named = |a: &str, b: &str, c: &str| [parse(a), parse(b), parse(c)];
    let mut corners: Vec<[P; 3]> = Vec::new();
    // Upward: the whole board, the three territories, nine of side 2, 27 of side 1.
    corners.push(up(0, 0, 8));
    for top in ["a1", "a5", "e5"] {
        let (k, i) = parse(top);
        corners.push(up(k, i, 4));
    }
    let side2 = ["a1", "a3", "c3", "a5", "a7", "c7", "e5", "e7", "g7"];
    for top in side2 {
        let (k, i) = parse(top);
        corners.push(up(k, i, 2));
    }
    for k in 0..8 {
        for i in 0..=k {
            if binomial_odd(k, i) {
                corners.push(up(k, i, 1));
            }
        }
    }
    // Downward holes: side 4, three of side 2, and the middle of each side-2 triangle.
    corners.push(named("a5", "e5", "e9"));
    corners.push(named("a3", "c3", "c5"));
    corners.push(named("a7", "c7", "c9"));
    corners.push(named("e7", "g7", "g9"));
    for top in side2 {
        let (k, i) = parse(top);
        corners.push([(k + 1, i), (k + 1, i + 1), (k + 2, i + 1)]);
    }
    let mut vertices: Vec<P> = corners
        .iter()
        .filter(|c| c[1].0 - c[0].0 == 1 && c[2].1 - c[1].1 == 1 && c[1].1 == c[0].1)
        .flat_map(|c| c.iter().copied())
        .collect();
    vertices.sort();
    vertices.dedup();
    // Dots: the holes and their colours.
    let holes: [([P; 3], &str); 4] = [
        (named("a5", "e5", "e9"), "DGL"),
        (named("a3", "c3", "c5"), "G"),
        (named("e7", "g7", "g9"), "L"),
        (named("a7", "c7", "c9"), "D"),
    ];
    let set = |c: &[P; 3]| c.iter().copied().collect::<BTreeSet<P>>();
    let order_names = [
        ["a1", "a9", "i9"],
        ["a1", "a5", "e5"],
        ["a5", "a9", "e9"],
        ["e5", "e9", "i9"],
        ["a5", "e5", "e9"],
        ["a3", "c3", "c5"],
        ["a7", "c7", "c9"],
        ["e7", "g7", "g9"],
    ];
    let tris = corners
        .iter()
        .map(|c| {
            let mut edge = Vec::new();
            for (a, b) in [(c[0], c[1]), (c[1], c[2]), (c[2], c[0])] {
                edge.extend(between(a, b));
            }
            let is_up = c[1].0 == c[2].0 && c[0].0 < c[1].0;
            let mut dots = BTreeSet::new();
            for (hole, colours) in &holes {
                let inside = |p: P| {
                    let (k, i, s) = (c[0].0, c[0].1, c[1].0 - c[0].0);
                    p.0 >= k && p.0 <= k + s && p.1 >= i && p.1 - i <= p.0 - k
                };
                let surrounds = set(hole) == set(c) || (is_up && hole.iter().all(|&p| inside(p)));
                if surrounds {
                    dots.extend(colours.chars());
                }
            }
            let order = order_names
                .iter()
                .position(|n| set(&named(n[0], n[1], n[2])) == set(c));
            Tri {
                corners: *c,
                edge,
                dots,
                order,
            }
        })
        .collect();
    Geo { vertices, tris }
});

/// The number of vertices and triangles the model's board has.
pub fn counts() -> (usize, usize) {
    (GEO.vertices.len(), GEO.tris.len())
}

const LETTERS: [char; 4] = ['D', 'G', 'L', 'W'];

/// A position of the reference model.
#[derive(Clone, Debug)]
pub struct Model {
    stones: BTreeMap<P, char>,
    pools: [[u32; 4]; 3],
    mover: usize,
    /// 0 place, 1 act, 2 over.
    phase: u8,
    used: BTreeSet<usize>,
    pending: BTreeSet<usize>,
    slides_left: i32,
}

impl Model {
    /// The start of `mover`'s turn with these stones (`Da1 Wa5 …`) and pools.
    pub fn new(board: &str, pools: [[u8; 4]; 3], mover: usize) -> Model {
        Model {
            stones: board
                .split_whitespace()
                .map(|s| (parse(&s[1..]), s.chars().next().unwrap()))
                .collect(),
            pools: pools.map(|p| p.map(u32::from)),
            mover,
            phase: 0,
            used: BTreeSet::new(),
            pending: BTreeSet::new(),
            slides_left: 0,
        }
    }

    /// The start of the game.
    pub fn start() -> Model {
        Model::new("", [[0, 3, 3, 3], [3, 0, 3, 3], [3, 3, 0, 3]], 0)
    }

    pub fn over(&self) -> bool {
        self.phase == 2
    }

    pub fn slides_left(&self) -> i32 {
        self.slides_left
    }

    fn own(&self) -> char {
        LETTERS[self.mover]
    }

    /// Whether triangle `t` is a Power Triangle of the player of colour `x`.
    fn is_power(&self, t: usize, x: char) -> bool {
        let tri = &GEO.tris[t];
        let at = |p: &P| self.stones.get(p).copied();
        tri.corners
            .iter()
            .all(|p| at(p) == Some(x) || at(p) == Some('W'))
            && tri.corners.iter().any(|p| at(p) == Some(x))
            && tri.edge.iter().all(|p| at(p).is_none())
    }

    /// The mover's Power Triangles with a corner on `p` (all of them if `p` is `None`).
    fn powers(&self, p: Option<P>) -> BTreeSet<usize> {
        (0..GEO.tris.len())
            .filter(|&t| match p {
                Some(p) => GEO.tris[t].corners.contains(&p),
                None => true,
            })
            .filter(|&t| self.is_power(t, self.own()))
            .collect()
    }

    /// Every legal action, in notation.
    pub fn legal(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        match self.phase {
            0 => {
                for (c, &letter) in LETTERS.iter().enumerate() {
                    if self.pools[self.mover][c] > 0 {
                        for &p in &GEO.vertices {
                            if !self.stones.contains_key(&p) {
                                out.insert(format!("{letter}{}", name(p)));
                            }
                        }
                    }
                }
            }
            1 => {
                if !self.pending.is_empty() {
                    let mut colours: BTreeSet<char> = BTreeSet::from(['W']);
                    for &t in &self.pending {
                        colours.extend(GEO.tris[t].dots.iter().copied());
                    }
                    for (&p, c) in &self.stones {
                        if colours.contains(c) {
                            out.insert(format!("x{}", name(p)));
                        }
                    }
                }
                if self.slides_left > 0 {
                    let own = self.own();
                    let colour = if self.stones.values().any(|&c| c == own) {
                        own
                    } else {
                        'W'
                    };
                    for (&u, _) in self.stones.iter().filter(|(_, &c)| c == colour) {
                        for tri in GEO.tris.iter().filter(|t| t.corners.contains(&u)) {
                            for &w in tri.corners.iter().filter(|&&w| w != u) {
                                let path_clear = between(u, w)
                                    .iter()
                                    .chain(std::iter::once(&w))
                                    .all(|p| !self.stones.contains_key(p));
                                if path_clear {
                                    out.insert(format!("{}-{}", name(u), name(w)));
                                }
                            }
                        }
                    }
                }
                out.insert("end".to_string());
            }
            _ => {}
        }
        out
    }

    /// Plays `action`, which must be legal (see [`Model::legal`]).
    pub fn play(&mut self, action: &str) {
        if action == "end" {
            let scores = self.scores();
            let pool: u32 = self.pools[self.mover].iter().sum();
            if scores.iter().any(|&s| s >= 2) || pool == 0 {
                self.phase = 2;
            } else {
                self.mover = (self.mover + 1) % 3;
                self.phase = 0;
            }
            self.used.clear();
            self.pending.clear();
            self.slides_left = 0;
        } else if let Some(rest) = action.strip_prefix('x') {
            let p = parse(rest);
            let c = self.stones.remove(&p).unwrap();
            self.pools[self.mover][LETTERS.iter().position(|&l| l == c).unwrap()] += 1;
            let consumed = *self
                .pending
                .iter()
                .filter(|&&t| c == 'W' || GEO.tris[t].dots.contains(&c))
                .min_by_key(|&&t| (GEO.tris[t].dots.len(), GEO.tris[t].order.unwrap()))
                .unwrap();
            self.pending.remove(&consumed);
            self.slides_left -= 1;
        } else if let Some((u, w)) = action.split_once('-') {
            let (u, w) = (parse(u), parse(w));
            let c = self.stones.remove(&u).unwrap();
            self.stones.insert(w, c);
            self.slides_left -= 1;
            let fresh: BTreeSet<usize> = self
                .powers(Some(w))
                .into_iter()
                .filter(|t| !self.used.contains(t))
                .collect();
            self.slides_left += fresh.len() as i32;
            self.used.extend(fresh.iter().copied());
            self.pending = fresh
                .into_iter()
                .filter(|&t| !GEO.tris[t].dots.is_empty())
                .collect();
        } else {
            let letter = action.chars().next().unwrap();
            let p = parse(&action[1..]);
            self.pools[self.mover][LETTERS.iter().position(|&l| l == letter).unwrap()] -= 1;
            self.stones.insert(p, letter);
            let all = self.powers(None);
            self.slides_left = 1 + all.len() as i32;
            self.pending = all
                .iter()
                .copied()
                .filter(|&t| GEO.tris[t].corners.contains(&p) && !GEO.tris[t].dots.is_empty())
                .collect();
            self.used = all;
            self.phase = 1;
        }
    }

    /// The scores by the rules' words: territories by their inequalities.
    pub fn scores(&self) -> [i32; 3] {
        let territories = |p: P| -> Vec<usize> {
            let (k, i) = p;
            let mut t = Vec::new();
            if k <= 4 {
                t.push(0); // top
            }
            if k >= 4 && i >= 4 {
                t.push(1); // bottom-right
            }
            if k >= 4 && i <= k - 4 {
                t.push(2); // bottom-left
            }
            t
        };
        // Homes by seat: D top (0), G bottom-right (1), L bottom-left (2).
        let mut scores = [0; 3];
        for (&p, &c) in &self.stones {
            let Some(seat) = LETTERS[..3].iter().position(|&l| l == c) else {
                continue;
            };
            let ts = territories(p);
            if ts.contains(&seat) {
                scores[seat] += 1;
            } else if ts.len() == 1 {
                scores[seat] -= 1;
            }
        }
        scores
    }

    /// Perft by the model's own move generation.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}
