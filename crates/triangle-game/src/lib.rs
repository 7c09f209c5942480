//! The Triangle Game, played exactly by the rules `docs/games/triangle-game.md` sets out.
//!
//! Three players place stones from their pools on the 42 vertices of a Sierpinski gasket and slide
//! stones of their own colour (white ones when they have none on the board) along the sides of its
//! triangles. Triangles cornered by a player's and white stones, with nothing on their sides, are
//! that player's Power Triangles: each gives an extra slide, and one just created around a dot may
//! instead pick a stone up. Stones in a player's home territory score for them, stones in another
//! player's score against them; two points, or an empty pool at the end of a turn, end the game.
//! A turn is a sequence of atomic actions (place, slide, pickup, end), each one move of the engine.
//!
//! This crate is the game's whole kit: its rules (the board as data ([`layout`]), its tables
//! ([`board`]), state, action generation, notation, scoring), the scene and text diagram that
//! describe a position, what the computer's searches may know of it ([`knowledge`]) and what it
//! hands the rest of Trigonal ([`kit`]). It does no I/O and knows nothing of servers or terminals.

pub mod board;
pub mod colour;
pub mod kit;
pub mod knowledge;
pub mod layout;
mod lessons;
pub mod moves;
mod present;

use trigonal_core::{mix64, ForDisplay, Game, Options, OptionsError, Outcome, Seat, Seats};

pub use board::{Board, Triangle, Vertex, BOARD};
pub use colour::Colour;
pub use layout::{Layout, Territory};
pub use moves::Move;

/// Stones each pool starts with: three of each other player's colour and three white.
pub const POOL_START: [[u8; 4]; 3] = [[0, 3, 3, 3], [3, 0, 3, 3], [3, 3, 0, 3]];

/// Stones of each colour in the game (board and pools together): six of each player colour, nine
/// white; 27 in all.
pub const STONES: [u8; 4] = [6, 6, 6, 9];

/// The points that end the game when a player has them after an `end`.
pub const WINNING_SCORE: i32 = 2;

const WHITE: usize = Colour::White as usize;

/// Where the turn stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The turn begins: the mover must place a stone.
    Place,
    /// The stone is placed: slides, pickups and `end`.
    Act,
    /// The game is over.
    Over,
}

/// A position of The Triangle Game: the board, the pools, whose turn it is, and the state of the
/// turn (`used`, `slides_left`, `pending`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TriangleGame {
    /// The vertices holding a stone of each colour, by [`Colour`].
    stones: [u64; 4],
    /// Each seat's pool, by [`Colour`].
    pools: [[u8; 4]; 3],
    /// The triangles that have given their benefit this turn.
    used: u64,
    /// Power Triangles just created whose pickup may still be taken.
    pending: u64,
    /// Slides the mover may still make this turn.
    slides_left: u8,
    /// The seat whose turn it is (when over: the seat that ended the last turn).
    to_move: u8,
    phase: Phase,
    /// The turn being played or just ended, for display.
    last_turn: ForDisplay<LastTurn>,
}

/// What a turn has done so far: the vertices where its stones now stand (placed or slid
/// there), and those it emptied (slid from or picked up).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LastTurn {
    /// Vertices (bit sets over `Vertex::bit`) holding a stone the turn put there.
    pub arrived: u64,
    /// Vertices the turn emptied.
    pub left: u64,
}

impl Default for TriangleGame {
    fn default() -> Self {
        TriangleGame {
            stones: [0; 4],
            pools: POOL_START,
            used: 0,
            pending: 0,
            slides_left: 0,
            to_move: 0,
            phase: Phase::Place,
            last_turn: ForDisplay(LastTurn::default()),
        }
    }
}

#[inline]
fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            i
        })
    })
}

impl TriangleGame {
    /// The start position: an empty board, full pools, Dark Blue (P1) to place.
    pub fn start() -> TriangleGame {
        TriangleGame::default()
    }

    /// A position at the start of `to_move`'s turn, built from the stones on the board and the
    /// pools, for tests and analysis.
    ///
    /// Panics if two stones share a vertex, if the stones of some colour on the board and in the
    /// pools do not add up to [`STONES`], or if the mover's pool is empty (a turn starts with a
    /// placement).
    pub fn from_parts(
        stones: &[(Colour, Vertex)],
        pools: [[u8; 4]; 3],
        to_move: Seat,
    ) -> TriangleGame {
        let mut g = TriangleGame {
            stones: [0; 4],
            pools,
            to_move: to_move.0,
            ..TriangleGame::default()
        };
        for &(c, v) in stones {
            assert!(g.stone_at(v).is_none(), "two stones on {v}");
            g.stones[c as usize] |= v.bit();
        }
        for c in Colour::ALL {
            let total = g.stones[c as usize].count_ones()
                + pools.iter().map(|p| p[c as usize] as u32).sum::<u32>();
            assert_eq!(
                total,
                STONES[c as usize] as u32,
                "{} stones on the board and in the pools",
                c.name()
            );
        }
        assert!(
            pools[to_move.index()].iter().any(|&n| n > 0),
            "the mover's pool is empty"
        );
        g
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is, or that ended the last turn once the game is over.
    pub fn mover(&self) -> Seat {
        Seat(self.to_move)
    }

    /// The stone on `v`, if any.
    pub fn stone_at(&self, v: Vertex) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.stones[c as usize] & v.bit() != 0)
    }

    /// The vertices holding stones of colour `c`, as a vertex mask.
    pub fn stones(&self, c: Colour) -> u64 {
        self.stones[c as usize]
    }

    /// What the turn being played, or the one just ended, has done (for display).
    pub fn last_turn(&self) -> LastTurn {
        self.last_turn.0
    }

    /// Stones of colour `c` in `seat`'s pool.
    pub fn pool(&self, seat: Seat, c: Colour) -> u8 {
        self.pools[seat.index()][c as usize]
    }

    /// Stones in `seat`'s pool.
    pub fn pool_size(&self, seat: Seat) -> u32 {
        self.pools[seat.index()].iter().map(|&n| n as u32).sum()
    }

    /// Slides the mover may still make this turn (0 before the placement).
    pub fn slides_left(&self) -> u8 {
        self.slides_left
    }

    /// The triangles that have given their benefit this turn.
    pub fn used(&self) -> impl Iterator<Item = Triangle> {
        bits(self.used).map(Triangle)
    }

    /// The Power Triangles whose pickup may still be taken.
    pub fn pending(&self) -> impl Iterator<Item = Triangle> {
        bits(self.pending).map(Triangle)
    }

    /// The colours a pickup may take now: white and the dot colours of the pending Power
    /// Triangles; nothing when none is pending.
    pub fn pickup_colours(&self) -> Vec<Colour> {
        if self.pending == 0 {
            return Vec::new();
        }
        let dots = self.pending_dot_colours();
        Colour::ALL
            .into_iter()
            .filter(|&c| c == Colour::White || dots & (1 << c as u8) != 0)
            .collect()
    }

    fn pending_dot_colours(&self) -> u8 {
        let b = &*BOARD;
        bits(self.pending).fold(0, |m, t| m | b.dot_colours[t as usize])
    }

    #[inline]
    fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1] | self.stones[2] | self.stones[3]
    }

    /// Whether `t` is a Power Triangle of `seat`: every corner holds the seat's colour or white,
    /// at least one holds the seat's colour, and no edge vertex holds a stone.
    pub fn is_power_triangle(&self, t: Triangle, seat: Seat) -> bool {
        self.power_among(t.bit(), seat.index()) != 0
    }

    /// The Power Triangles of `seat` now, as a triangle mask.
    pub fn power_triangles(&self, seat: Seat) -> u64 {
        let b = &*BOARD;
        let candidates =
            bits(self.stones[seat.index()]).fold(0, |m, v| m | b.corner_of[v as usize]);
        self.power_among(candidates, seat.index())
    }

    /// Those of the triangles in `candidates` that are Power Triangles of `seat`.
    #[inline]
    fn power_among(&self, candidates: u64, seat: usize) -> u64 {
        let b = &*BOARD;
        let own = self.stones[seat];
        let allowed = own | self.stones[WHITE];
        let occupied = self.occupied();
        let mut power = 0;
        for t in bits(candidates) {
            let t = t as usize;
            let c = b.corners[t];
            if c & !allowed == 0 && c & own != 0 && b.edges[t] & occupied == 0 {
                power |= 1 << t;
            }
        }
        power
    }

    /// The score of `seat` now: +1 for each of its stones in its home territory (joins of home
    /// included), -1 for each on a vertex that belongs only to other players' territories.
    pub fn score(&self, seat: Seat) -> i32 {
        let b = &*BOARD;
        let s = seat.index();
        let own = self.stones[s];
        (own & b.home[s]).count_ones() as i32 - (own & b.foreign[s]).count_ones() as i32
    }

    /// Every seat's score now.
    pub fn scores_now(&self) -> [i32; 3] {
        [0, 1, 2].map(|s| self.score(Seat(s)))
    }

    /// The colour the mover may slide now: their own if they have a stone of it on the board,
    /// else white.
    pub fn slide_colour(&self) -> Colour {
        let own = Colour::of_seat(self.mover());
        if self.stones[own as usize] != 0 {
            own
        } else {
            Colour::White
        }
    }

    fn push_actions(&self, moves: &mut Vec<Move>) {
        let b = &*BOARD;
        let occupied = self.occupied();
        if self.pending != 0 {
            let dots = self.pending_dot_colours();
            let mut takeable = self.stones[WHITE];
            for c in 0..3 {
                if dots & (1 << c) != 0 {
                    takeable |= self.stones[c];
                }
            }
            moves.extend(bits(takeable).map(|v| Move::Pickup(Vertex(v))));
        }
        if self.slides_left > 0 {
            for u in bits(self.stones[self.slide_colour() as usize]) {
                for s in b.slides(Vertex(u)) {
                    if s.clear & occupied == 0 {
                        moves.push(Move::Slide(Vertex(u), s.to));
                    }
                }
            }
        }
        moves.push(Move::End);
    }

    fn push_placements(&self, moves: &mut Vec<Move>) {
        let empty = BOARD.all & !self.occupied();
        let pool = self.pools[self.to_move as usize];
        for c in Colour::ALL {
            if pool[c as usize] > 0 {
                moves.extend(bits(empty).map(|v| Move::Place(c, Vertex(v))));
            }
        }
    }

    fn place(&mut self, c: Colour, v: Vertex) {
        let b = &*BOARD;
        let me = self.to_move as usize;
        self.pools[me][c as usize] -= 1;
        self.stones[c as usize] |= v.bit();
        let power = self.power_triangles(Seat(self.to_move));
        self.used = power;
        self.slides_left = 1 + power.count_ones() as u8;
        self.pending = power & b.corner_of[v.0 as usize] & b.dotted;
        self.phase = Phase::Act;
    }

    fn slide(&mut self, u: Vertex, v: Vertex) {
        let b = &*BOARD;
        let c = self.slide_colour() as usize;
        self.stones[c] ^= u.bit() | v.bit();
        self.slides_left -= 1;
        let created = self.power_among(b.corner_of[v.0 as usize], self.to_move as usize);
        let fresh = created & !self.used;
        self.used |= fresh;
        self.slides_left += fresh.count_ones() as u8;
        self.pending = fresh & b.dotted;
    }

    fn pickup(&mut self, v: Vertex) {
        let b = &*BOARD;
        let c = self.stone_at(v).expect("a stone to pick up") as usize;
        self.stones[c] &= !v.bit();
        self.pools[self.to_move as usize][c] += 1;
        let allowing = if c == WHITE {
            self.pending
        } else {
            self.pending & b.with_dot[c]
        };
        let consumed = bits(allowing)
            .min_by_key(|&t| b.pickup_rank[t as usize])
            .expect("a pending Power Triangle allows the pickup");
        self.pending &= !(1 << consumed);
        self.slides_left -= 1;
    }

    /// Why the game ended, once it has: `points` when a player reached [`WINNING_SCORE`], `pool`
    /// when the mover who ended the last turn has no stone left; `None` while it goes on.
    pub fn ended_by(&self) -> Option<&'static str> {
        if self.phase != Phase::Over {
            None
        } else if self.scores_now().iter().any(|&s| s >= WINNING_SCORE) {
            Some("points")
        } else {
            Some("pool")
        }
    }

    fn end_turn(&mut self) {
        let scores = self.scores_now();
        if scores.iter().any(|&s| s >= WINNING_SCORE) || self.pool_size(self.mover()) == 0 {
            self.phase = Phase::Over;
        } else {
            self.to_move = (self.to_move + 1) % 3;
            self.phase = Phase::Place;
        }
        self.used = 0;
        self.pending = 0;
        self.slides_left = 0;
    }

    /// Explains why `mv`, well formed but not legal here, is not legal.
    fn explain(&self, mv: Move) -> String {
        let seat = self.mover();
        let colour = Colour::of_seat(seat);
        match (self.phase, mv) {
            (Phase::Over, _) => "the game is over".into(),
            (Phase::Place, Move::Place(c, v)) => {
                if self.pool(seat, c) == 0 {
                    format!("{seat}'s pool holds no {} stone", c.name())
                } else if let Some(s) = self.stone_at(v) {
                    format!("vertex {v} is occupied (by a {} stone)", s.name())
                } else {
                    "not a legal placement".into()
                }
            }
            (Phase::Place, _) => {
                format!("{seat}'s turn begins with placing a stone from the pool (e.g. Wc5)")
            }
            (Phase::Act, Move::Place(..)) => {
                format!("{seat} has already placed a stone this turn: slide, pick up or end")
            }
            (Phase::Act, Move::Slide(u, v)) => {
                if self.slides_left == 0 {
                    return format!("{seat} has no slide left this turn");
                }
                let Some(s) = self.stone_at(u) else {
                    return format!("there is no stone on {u}");
                };
                let may = self.slide_colour();
                if s != may {
                    return if may == colour {
                        format!(
                            "{seat} slides {} stones only (white ones only while none of {} is \
                             on the board); {u} holds a {} stone",
                            colour.name(),
                            colour.name(),
                            s.name()
                        )
                    } else {
                        format!(
                            "{seat} has no {} stone on the board, so slides white stones; {u} \
                             holds a {} stone",
                            colour.name(),
                            s.name()
                        )
                    };
                }
                let Some(target) = BOARD.slides(u).iter().find(|t| t.to == v) else {
                    return format!(
                        "{u} and {v} are not two corners of one triangle: a slide stops only at \
                         another corner of a triangle the stone is a corner of"
                    );
                };
                if let Some(s) = self.stone_at(v) {
                    return format!("vertex {v} is occupied (by a {} stone)", s.name());
                }
                let blocking: Vec<String> = bits(target.clear & self.occupied())
                    .map(|w| Vertex(w).to_string())
                    .collect();
                if !blocking.is_empty() {
                    return format!(
                        "the path from {u} to {v} passes through {}",
                        blocking.join(", ")
                    );
                }
                "not a legal slide".into()
            }
            (Phase::Act, Move::Pickup(v)) => {
                if self.pending == 0 {
                    return "a pickup may be taken only straight after the action that created a \
                            Power Triangle around a dot, instead of its extra slide"
                        .into();
                }
                let Some(s) = self.stone_at(v) else {
                    return format!("there is no stone on {v}");
                };
                let allowed: Vec<String> = self
                    .pickup_colours()
                    .iter()
                    .map(|c| c.name().to_string())
                    .collect();
                format!(
                    "the pending Power Triangle(s) allow picking up {} stones, not {}",
                    allowed.join(" or "),
                    s.name()
                )
            }
            (Phase::Act, Move::End) => "not a legal action".into(),
        }
    }
}

impl Game for TriangleGame {
    type Move = Move;
    const ID: &'static str = "triangle-game";
    const NAME: &'static str = "The Triangle Game";

    fn new(options: &Options) -> Result<Self, OptionsError> {
        options.expect_fixed(Self::NAME, 3)?;
        Ok(TriangleGame::start())
    }

    fn options(&self) -> Options {
        Options {
            players: Some(3),
            variant: None,
        }
    }

    fn players(&self) -> usize {
        3
    }

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(Seat(self.to_move))
    }

    /// The highest score wins; players tied on it share the win.
    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let scores = self.scores_now();
        let best = *scores.iter().max().expect("three scores");
        let winners = (0..3u8)
            .filter(|&s| scores[s as usize] == best)
            .fold(Seats::EMPTY, |w, s| w.with(Seat(s)));
        Some(Outcome { winners })
    }

    /// The current scores, always.
    fn scores(&self) -> Option<Vec<i32>> {
        Some(self.scores_now().to_vec())
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Place => self.push_placements(moves),
            Phase::Act => self.push_actions(moves),
        }
    }

    fn play(&mut self, mv: Move) {
        let last = &mut self.last_turn.0;
        match mv {
            // A placement begins a turn.
            Move::Place(_, v) => {
                *last = LastTurn {
                    arrived: v.bit(),
                    left: 0,
                }
            }
            Move::Slide(u, v) => {
                last.arrived = (last.arrived & !u.bit()) | v.bit();
                last.left = (last.left | u.bit()) & !v.bit();
            }
            Move::Pickup(v) => {
                last.arrived &= !v.bit();
                last.left |= v.bit();
            }
            Move::End => {}
        }
        match mv {
            Move::Place(c, v) => self.place(c, v),
            Move::Slide(u, v) => self.slide(u, v),
            Move::Pickup(v) => self.pickup(v),
            Move::End => self.end_turn(),
        }
    }

    fn position_hash(&self) -> u64 {
        let mut h = 0x5452_4941_4e47_4c45_u64; // "TRIANGLE"
        for s in self.stones {
            h = mix64(h ^ s);
        }
        let mut pools = 0u64;
        for p in self.pools {
            for n in p {
                pools = pools << 5 | n as u64;
            }
        }
        h = mix64(h ^ pools);
        h = mix64(h ^ self.used);
        h = mix64(h ^ self.pending);
        let tail = self.slides_left as u64 | (self.to_move as u64) << 8 | (self.phase as u64) << 16;
        mix64(h ^ tail)
    }

    /// When `end` is legal (it is listed last), it is chosen with probability 1/3 and the other
    /// actions share the rest uniformly; otherwise the choice is uniform.
    fn playout_choice(&self, moves: &[Move], random: u64) -> usize {
        let n = moves.len();
        if n > 1 && moves[n - 1] == Move::End {
            let high = random >> 32;
            if high < (1u64 << 32) / 3 {
                n - 1
            } else {
                (((random & 0xffff_ffff) * (n as u64 - 1)) >> 32) as usize
            }
        } else {
            ((random as u128 * n as u128) >> 64) as usize
        }
    }

    fn why_illegal(&self, mv: Move) -> String {
        self.explain(mv)
    }
}
