//! Triangular, played exactly by the rules `docs/games/triangular.md` sets out.
//!
//! A red piece lies on cell (0, 0) of an unbounded plane of triangles; White and Black, 24 pieces
//! each, take turns placing a piece edge to edge with one already placed. A placement that makes
//! a piece the last corner of a triangle whose other corners are the placer's own scores the
//! triangle's edge length; one whose other corners are the red piece and an own piece wins at once.
//! After 48 pieces the higher score wins. This crate is the game's whole kit — its rules
//! (geometry, state, move generation, notation, scoring), the scene and text diagram of a position,
//! what the computer's searches may know of it ([`knowledge`]) and what it hands the rest of
//! Trigonal ([`kit`]); it does no I/O and knows nothing of servers or terminals.
//!
//! # Representation, and why it never overflows
//! The board is a fixed window of bit rows — rows y = -28..=27, each a `u128` per player with bit
//! x + 64 for x = -64..=63 — plus one more `u128` per row for the frontier (the empty cells
//! sharing a side with a piece), updated by each placement. Placing, testing a cell and
//! generating moves are shifts and masks on a few rows: no hashing, no allocation, and a position
//! is a 2.7 kB plain value that clones with one copy.
//!
//! The window can never overflow: every piece shares a side with a piece placed before it, so the
//! k-th piece placed is joined to the red piece by a chain of at most k side-steps, and no game
//! places more than 48. A side-step changes x by one, or crosses a horizontal side and changes y
//! by one; crossing the bottom side of an up cell lands in a down cell, whose horizontal side is on
//! top, so two crossings in the same direction have a step along the row between them. A cell d
//! steps away therefore has |x| <= d and -(d + 1) / 2 <= y <= d / 2: every piece lies in
//! x = -48..=48, y = -24..=24, and every cell sharing a side with one (the frontier a placement
//! updates) in x = -49..=49, y = -25..=25. All of that is strictly inside the window, so no index
//! leaves it and no shift drops a bit that matters. [`Triangular::from_pieces`] refuses pieces not
//! joined to the red piece, so the argument holds for built positions too.
//!
//! Scoring never rescans the board: a placed cell can only be a corner of triangles of its own
//! orientation, as one end of the horizontal side (the other end an own piece in the same row, at
//! an even distance) or as the apex (the two ends k rows away, k cells to each side), so a
//! placement looks at its own row's pieces and at one pair of bits per row up to the edge of the
//! occupied rows.

pub mod geometry;
pub mod kit;
pub mod knowledge;
mod lessons;
mod present;

use std::fmt;

use trigonal_core::{mix64, Game, Options, OptionsError, Outcome, Seat};

pub use geometry::{Cell, Orientation, Triangle};

/// A move places the mover's piece on a cell; its notation is the cell's, `x,y`.
pub type Move = Cell;

/// Pieces each player has.
pub const PIECES: u8 = 24;

/// Pieces placed in a game that runs to the end.
pub const ALL_PLACED: u8 = 2 * PIECES;

/// Bit of column x is x + `OX`.
const OX: i32 = 64;
/// Row index of row y is y + `OY`.
const OY: i32 = 28;
/// Rows in the window.
const ROWS: usize = 56;
/// The row and bit of the red piece.
const RED_ROW: usize = OY as usize;
const RED_BIT: u128 = 1 << OX;
/// Bits of even x (`OX` is even, so bit parity is x parity).
const EVEN: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
const ODD: u128 = !EVEN;
/// How far from (0, 0) [`Triangular::from_pieces`] accepts a cell before checking connection.
const WINDOW_X: i16 = 60;
const WINDOW_Y: i16 = 26;

/// What lies on a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A piece of White, seat 0, who moves first.
    White,
    /// A piece of Black, seat 1.
    Black,
    /// The red piece on (0, 0): nobody's.
    Red,
}

impl Piece {
    /// The piece of `seat` (0 White, 1 Black).
    pub fn of(seat: Seat) -> Piece {
        if seat.0 == 0 {
            Piece::White
        } else {
            Piece::Black
        }
    }

    /// Whose piece it is; `None` for the red piece.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Piece::White => Some(Seat(0)),
            Piece::Black => Some(Seat(1)),
            Piece::Red => None,
        }
    }

    /// `White`, `Black` or `red`.
    pub fn name(self) -> &'static str {
        match self {
            Piece::White => "White",
            Piece::Black => "Black",
            Piece::Red => "red",
        }
    }
}

/// The name of a seat's colour: `White` (seat 0) or `Black` (seat 1).
pub fn colour(seat: Seat) -> &'static str {
    Piece::of(seat).name()
}

/// A triangle whose corners are three pieces of one player, or two of one player and the red
/// piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Formed {
    /// The triangle.
    pub triangle: Triangle,
    /// The player whose pieces form it.
    pub seat: Seat,
    /// Whether the red piece is one of its corners (an early win, not points).
    pub with_red: bool,
}

/// A Triangular position.
#[derive(Clone)]
pub struct Triangular {
    /// Per row (index y + 28), per seat: bit x + 64 is set where that seat has a piece.
    rows: [[u128; 2]; ROWS],
    /// Per row: the empty cells sharing a side with a piece (the legal targets while the game
    /// goes on), kept up to date by every placement.
    frontier: [u128; ROWS],
    /// The lowest and highest row holding a piece, the red one included.
    low: i8,
    high: i8,
    /// Pieces placed by both players; White is to move when it is even.
    placed: u8,
    /// Points so far.
    score: [u32; 2],
    /// Whether the last placement formed a triangle with the red piece (the placer won).
    red_win: bool,
    /// The last placement, for display; not part of the position's identity.
    last: Option<Cell>,
}

impl Default for Triangular {
    fn default() -> Self {
        let mut g = Triangular {
            rows: [[0; 2]; ROWS],
            frontier: [0; ROWS],
            low: 0,
            high: 0,
            placed: 0,
            score: [0; 2],
            red_win: false,
            last: None,
        };
        g.frontier = g.frontier_from_scratch();
        g
    }
}

impl PartialEq for Triangular {
    /// Equal pieces (and so equal scores, turn and result); the last move does not count.
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows
            && self.placed == other.placed
            && self.score == other.score
            && self.red_win == other.red_win
    }
}

impl Eq for Triangular {}

impl fmt::Debug for Triangular {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let of = |p: Piece| -> Vec<String> {
            self.pieces()
                .filter(|&(_, q)| q == p)
                .map(|(c, _)| c.to_string())
                .collect()
        };
        f.debug_struct("Triangular")
            .field("white", &of(Piece::White))
            .field("black", &of(Piece::Black))
            .field("score", &self.score)
            .field("red_win", &self.red_win)
            .finish()
    }
}

/// The red piece's bit in row index `r`.
#[inline(always)]
fn red_bit(r: usize) -> u128 {
    if r == RED_ROW {
        RED_BIT
    } else {
        0
    }
}

/// Row index and bit of `cell`, if it lies in the window.
#[inline]
fn window_index(cell: Cell) -> Option<(usize, u32)> {
    let r = cell.y as i32 + OY;
    let i = cell.x as i32 + OX;
    ((0..ROWS as i32).contains(&r) && (0..128).contains(&i)).then_some((r as usize, i as u32))
}

impl Triangular {
    /// The start: the red piece alone on (0, 0), White to move.
    pub fn start() -> Triangular {
        Triangular::default()
    }

    /// A position built from the cells of White's and Black's pieces, for tests and analysis.
    /// Scores are recounted; if a triangle with the red piece is formed, the game is over and won
    /// by its owner, who must then be the one who placed last.
    ///
    /// Panics unless the position can arise: no cell twice or on the red piece, every piece
    /// joined to the red piece through pieces sharing sides, White having placed as many pieces as
    /// Black or one more, each at most 24, and no triangle with the red piece for the player who
    /// did not place last.
    pub fn from_pieces(white: &[Cell], black: &[Cell]) -> Triangular {
        assert!(
            white.len() <= PIECES as usize && black.len() <= PIECES as usize,
            "a player has 24 pieces"
        );
        assert!(
            white.len() == black.len() || white.len() == black.len() + 1,
            "White moves first, so has placed as many pieces as Black or one more"
        );
        let mut g = Triangular::start();
        for (seat, cells) in [white, black].into_iter().enumerate() {
            for &c in cells {
                assert!(
                    c.x.abs() <= WINDOW_X && c.y.abs() <= WINDOW_Y,
                    "{c} is too far from the red piece"
                );
                assert!(g.piece(c).is_none(), "{c} is already occupied");
                let (r, i) = window_index(c).expect("inside the window");
                g.rows[r][seat] |= 1 << i;
                g.low = g.low.min(c.y as i8);
                g.high = g.high.max(c.y as i8);
            }
        }
        // Every piece must be joined to the red piece by sides.
        let mut reached = vec![Cell::RED];
        let mut next = 0;
        while next < reached.len() {
            for n in reached[next].side_neighbours() {
                if g.piece(n).is_some() && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            next += 1;
        }
        for &c in white.iter().chain(black) {
            assert!(
                reached.contains(&c),
                "{c} is not joined to the red piece by sides"
            );
        }
        g.placed = (white.len() + black.len()) as u8;
        g.frontier = g.frontier_from_scratch();
        g.score = g.recount();
        let red: Vec<Formed> = g
            .formed_triangles()
            .into_iter()
            .filter(|f| f.with_red)
            .collect();
        if let Some(f) = red.first() {
            assert!(
                g.placed > 0
                    && f.seat.0 == (g.placed - 1) & 1
                    && red.iter().all(|h| h.seat == f.seat),
                "the game ended when the red triangle {} was formed",
                f.triangle
            );
            g.red_win = true;
        }
        g
    }

    /// What lies on `cell`, if anything.
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        let (r, i) = window_index(cell)?;
        let bit = 1u128 << i;
        if red_bit(r) & bit != 0 {
            Some(Piece::Red)
        } else if self.rows[r][0] & bit != 0 {
            Some(Piece::White)
        } else if self.rows[r][1] & bit != 0 {
            Some(Piece::Black)
        } else {
            None
        }
    }

    /// Every piece on the table with its cell, the red one included, in ascending (y, x) order.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        (self.low..=self.high).flat_map(move |y| {
            let r = (y as i32 + OY) as usize;
            let mut all = self.rows[r][0] | self.rows[r][1] | red_bit(r);
            std::iter::from_fn(move || {
                if all == 0 {
                    return None;
                }
                let i = all.trailing_zeros() as i32;
                all &= all - 1;
                let cell = Cell::new((i - OX) as i16, y as i16);
                Some((cell, self.piece(cell).expect("a piece")))
            })
        })
    }

    /// Points `seat` has scored so far.
    pub fn score(&self, seat: Seat) -> u32 {
        self.score[seat.index()]
    }

    /// Pieces `seat` has still to place.
    pub fn pieces_left(&self, seat: Seat) -> u8 {
        // White has placed ceil(placed / 2), Black floor(placed / 2).
        let placed_by = if seat.0 == 0 {
            self.placed.div_ceil(2)
        } else {
            self.placed / 2
        };
        PIECES - placed_by
    }

    /// Pieces placed by both players together.
    pub fn placed(&self) -> u8 {
        self.placed
    }

    /// The last placement, when the position was reached by playing (not by
    /// [`Triangular::from_pieces`]).
    pub fn last_move(&self) -> Option<Cell> {
        self.last
    }

    /// The winner, if the game ended early by a triangle with the red piece.
    pub fn red_winner(&self) -> Option<Seat> {
        self.red_win.then(|| Seat((self.placed - 1) & 1))
    }

    /// Whether the game is over: all 48 pieces placed, or a triangle with the red piece formed.
    pub fn is_over(&self) -> bool {
        self.red_win || self.placed >= ALL_PLACED
    }

    /// Every triangle formed on the table (three pieces of one player, or two and the red piece),
    /// found from scratch, ordered by the row, then x, of the left end of the horizontal side, then
    /// size.
    pub fn formed_triangles(&self) -> Vec<Formed> {
        let pieces: Vec<(Cell, Piece)> = self.pieces().collect();
        let mut out = Vec::new();
        for (n, &(a, pa)) in pieces.iter().enumerate() {
            for &(b, pb) in &pieces[n + 1..] {
                if b.y != a.y {
                    break;
                }
                let dx = b.x - a.x;
                if dx % 2 != 0 {
                    continue;
                }
                let triangle = Triangle::new(a, (dx / 2 + 1) as u8);
                let Some(pc) = self.piece(triangle.corners()[2]) else {
                    continue;
                };
                let seats: Vec<Seat> = [pa, pb, pc].iter().filter_map(|p| p.seat()).collect();
                if seats.len() >= 2 && seats.iter().all(|&s| s == seats[0]) {
                    out.push(Formed {
                        triangle,
                        seat: seats[0],
                        with_red: seats.len() == 2,
                    });
                }
            }
        }
        out
    }

    /// Each player's points counted from scratch: the sizes of the triangles of three own pieces
    /// on the table. Always equal to the scores kept while playing.
    pub fn recount(&self) -> [u32; 2] {
        let mut score = [0; 2];
        for f in self.formed_triangles() {
            if !f.with_red {
                score[f.seat.index()] += f.triangle.size as u32;
            }
        }
        score
    }

    /// Pieces on row index `r`, the red one included.
    #[inline(always)]
    fn occupied(&self, r: usize) -> u128 {
        let [w, b] = self.rows[r];
        w | b | red_bit(r)
    }

    /// The points `seat` scores by a piece on row index `r`, bit `i`, and whether it forms a
    /// triangle with the red piece. Looks only at the triangles the cell can be a corner of: for
    /// an up cell, the left or right end of an up triangle's bottom side (the other end is an own
    /// piece at an even distance in the same row, the apex half that distance above the midpoint)
    /// or its apex (the bottom corners k rows below, k to each side); a down cell likewise with
    /// up and down exchanged. The red piece stands in for an own piece, then decides the kind.
    #[inline]
    fn completed_by(&self, seat: usize, r: usize, i: u32) -> (u32, bool) {
        let lo = (self.low as i32 + OY) as usize;
        let hi = (self.high as i32 + OY) as usize;
        let mine = |r: usize| self.rows[r][seat] | red_bit(r);
        let is_red = |r: usize, i: u32| r == RED_ROW && i == OX as u32;
        let up = (r + i as usize) & 1 == 0;
        let mut points = 0;
        let mut red = false;
        // An end of the horizontal side.
        let parity = if i & 1 == 0 { EVEN } else { ODD };
        let mut partners = mine(r) & parity & !(1u128 << i);
        while partners != 0 {
            let j = partners.trailing_zeros();
            partners &= partners - 1;
            let k = j.abs_diff(i) / 2;
            let mid = j.min(i) + k;
            let apex_row = if up {
                r + k as usize
            } else {
                r.wrapping_sub(k as usize)
            };
            if apex_row < lo || apex_row > hi {
                continue;
            }
            if mine(apex_row) >> mid & 1 != 0 {
                if is_red(r, j) || is_red(apex_row, mid) {
                    red = true;
                } else {
                    points += k + 1;
                }
            }
        }
        // The apex: the horizontal side k rows below (up) or above (down).
        let reach = if up { r - lo } else { hi - r } as u32;
        for k in 1..=reach.min(i).min(127 - i) {
            let base_row = if up { r - k as usize } else { r + k as usize };
            let ends = (1u128 << (i - k)) | (1u128 << (i + k));
            if mine(base_row) & ends == ends {
                if base_row == RED_ROW && (i - k == OX as u32 || i + k == OX as u32) {
                    red = true;
                } else {
                    points += k + 1;
                }
            }
        }
        (points, red)
    }

    /// The empty cells sharing a side with a piece, found from the pieces alone: a cell of row
    /// y touches its left and right neighbours in the row, an up cell also the row below across
    /// its bottom side, a down cell the row above across its top side.
    fn frontier_from_scratch(&self) -> [u128; ROWS] {
        let mut frontier = [0; ROWS];
        for (r, f) in frontier.iter_mut().enumerate().take(ROWS - 1).skip(1) {
            let (below, here, above) =
                (self.occupied(r - 1), self.occupied(r), self.occupied(r + 1));
            let up = if r & 1 == 0 { EVEN } else { ODD };
            *f = ((here << 1) | (here >> 1) | (below & up) | (above & !up)) & !here;
        }
        frontier
    }

    /// Writes the empty cells sharing a side with a piece into `moves`, row by row upwards, in
    /// ascending x within a row.
    #[inline]
    fn targets(&self, moves: &mut Vec<Cell>) {
        let lo = (self.low as i32 - 1 + OY) as usize;
        let hi = (self.high as i32 + 1 + OY) as usize;
        for (r, &f) in self.frontier[lo..=hi].iter().enumerate() {
            let y = (r + lo) as i16 - OY as i16;
            // The two halves: bits 0..64 are x = -64..0, bits 64..128 are x = 0..64.
            let mut left = f as u64;
            while left != 0 {
                let x = left.trailing_zeros() as i16 - OX as i16;
                left &= left - 1;
                moves.push(Cell::new(x, y));
            }
            let mut right = (f >> 64) as u64;
            while right != 0 {
                let x = right.trailing_zeros() as i16;
                right &= right - 1;
                moves.push(Cell::new(x, y));
            }
        }
    }

    /// Explains why placing on `cell` is not legal here.
    fn explain(&self, cell: Cell) -> String {
        if self.is_over() {
            return "the game is over".into();
        }
        if let Some(p) = self.piece(cell) {
            return match p {
                Piece::Red => format!("cell {cell} holds the red piece"),
                _ => format!("cell {cell} already holds a {} piece", p.name()),
            };
        }
        if cell
            .side_neighbours()
            .iter()
            .any(|&n| self.piece(n).is_some())
        {
            return "not a legal move in this position".into();
        }
        if cell
            .corner_neighbours()
            .iter()
            .any(|&n| self.piece(n).is_some())
        {
            format!(
                "cell {cell} touches placed pieces only at a corner; a piece must share a side \
                 with a placed piece"
            )
        } else {
            format!("cell {cell} touches no placed piece; a piece must share a side with one")
        }
    }
}

impl Game for Triangular {
    type Move = Cell;
    const ID: &'static str = "triangular";
    const NAME: &'static str = "Triangular";

    fn new(options: &Options) -> Result<Self, OptionsError> {
        options.expect_fixed(Self::NAME, 2)?;
        Ok(Triangular::start())
    }

    fn options(&self) -> Options {
        Options {
            players: Some(2),
            variant: None,
        }
    }

    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then_some(Seat(self.placed & 1))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.red_win {
            return Some(Outcome::win(Seat((self.placed - 1) & 1)));
        }
        if self.placed < ALL_PLACED {
            return None;
        }
        Some(match self.score[0].cmp(&self.score[1]) {
            std::cmp::Ordering::Greater => Outcome::win(Seat(0)),
            std::cmp::Ordering::Less => Outcome::win(Seat(1)),
            std::cmp::Ordering::Equal => Outcome::DRAW,
        })
    }

    /// Points so far, White's then Black's, at every point of the game.
    fn scores(&self) -> Option<Vec<i32>> {
        Some(vec![self.score[0] as i32, self.score[1] as i32])
    }

    fn legal_moves(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        self.targets(moves);
    }

    #[inline]
    fn play(&mut self, cell: Cell) {
        let seat = (self.placed & 1) as usize;
        let (r, i) = window_index(cell).expect("a legal target lies inside the window");
        debug_assert!(self.occupied(r) >> i & 1 == 0, "{cell} is occupied");
        let (points, red) = self.completed_by(seat, r, i);
        let bit = 1u128 << i;
        self.rows[r][seat] |= bit;
        // The cell leaves the frontier; its empty side neighbours join it.
        self.frontier[r] = (self.frontier[r] | bit << 1 | bit >> 1) & !self.occupied(r);
        let across = if (r + i as usize) & 1 == 0 {
            r - 1
        } else {
            r + 1
        };
        self.frontier[across] |= bit & !self.occupied(across);
        self.low = self.low.min(cell.y as i8);
        self.high = self.high.max(cell.y as i8);
        self.placed += 1;
        self.score[seat] += points;
        self.red_win = red;
        self.last = Some(cell);
    }

    fn position_hash(&self) -> u64 {
        let mut h = 0x5452_4941_4e47_554c_u64; // "TRIANGUL"
        for y in self.low..=self.high {
            let [w, b] = self.rows[(y as i32 + OY) as usize];
            h = mix64(h ^ (y as u8 as u64));
            for word in [w as u64, (w >> 64) as u64, b as u64, (b >> 64) as u64] {
                h = mix64(h ^ word);
            }
        }
        let tail = self.placed as u64 | (self.red_win as u64) << 8;
        h = mix64(h ^ tail);
        mix64(h ^ (self.score[0] as u64 | (self.score[1] as u64) << 32))
    }

    fn why_illegal(&self, cell: Cell) -> String {
        self.explain(cell)
    }
}
