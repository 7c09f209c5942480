//! Four Triangles, played exactly by the rules `docs/games/four-triangles.md` sets out.
//!
//! Two to four players move singles, doubles and triples (stacks of common stones under a
//! player's marker) over the 28 points of four separate triangles laid out as one big triangle,
//! jumping between them by warps in the full version. A turn brings in two singles, turns a
//! triangle, moves a figure (capturing whatever it lands on) or splits one. A player wins by
//! holding all four middle points, or a triangle's middle and three median points, or by being
//! the last one left; threefold repetition and the 300th turn draw.
//!
//! This crate is the game's whole kit: its rules (geometry, state, move generation, notation, the
//! end of the game), the scene and text diagram that describe a position, what the computer's
//! searches may know of it ([`knowledge`]) and what it hands the rest of Trigonal ([`kit`]:
//! description, variants, players per level, rating pools). It does no I/O and knows nothing of
//! servers or terminals.

pub mod geometry;
pub mod kit;
pub mod knowledge;
mod lessons;
pub mod moves;
mod present;

use trigonal_core::{mix64, ForDisplay, Game, Options, OptionsError, Outcome, Seat, Seats};

use geometry::Bits;
pub use geometry::{Geometry, Point, PointKind, Rotation, Triangle, Version, GEOMETRY, POINTS};
pub use moves::{Move, Split};

/// Colour markers each player owns.
pub const MARKERS: u8 = 9;

/// The turn after which the game is drawn.
pub const MAX_TURNS: u16 = 300;

/// The most players.
pub const MAX_PLAYERS: usize = 4;

/// The common stones: 11 for 2–3 players, 15 for 4.
pub fn stones_for(players: usize) -> u8 {
    if players == 4 {
        15
    } else {
        11
    }
}

/// A figure: a stack of 1–3 stones under one player's marker.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Figure {
    /// Whose marker is on it.
    pub owner: Seat,
    /// Its stones: 1 single, 2 double, 3 triple.
    pub stones: u8,
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The seat holds all four middle points.
    Middles(Seat),
    /// The seat holds the middle point and the three median points of the triangle.
    Triangle(Seat, Triangle),
    /// Every other player is out.
    LastLeft(Seat),
    /// A position occurred for the third time: a draw.
    Repetition,
    /// The 300th turn is over: a draw.
    TurnLimit,
}

impl End {
    /// The outcome it gives.
    pub fn outcome(self) -> Outcome {
        match self {
            End::Middles(s) | End::Triangle(s, _) | End::LastLeft(s) => Outcome::win(s),
            End::Repetition | End::TurnLimit => Outcome::DRAW,
        }
    }
}

/// A Four Triangles position, with the history that repetition needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FourTriangles {
    version: Version,
    players: u8,
    /// Each seat's figures.
    owner: [u32; MAX_PLAYERS],
    /// Stack sizes: a figure's stones are `lo + 2 · hi` (1, 2 or 3).
    lo: u32,
    hi: u32,
    /// Stones in the common supply.
    supply: u8,
    /// Each seat's markers not on the board.
    markers: [u8; MAX_PLAYERS],
    to_move: u8,
    /// The turn just before was a turn of a triangle.
    just_turned: bool,
    /// Seats whose own previous turn was a turn of a triangle.
    turned: u8,
    /// Seats that are out.
    out: u8,
    /// Seats that have had a figure on the board.
    had: u8,
    /// Turns played.
    turn: u16,
    end: Option<End>,
    /// The key of every position so far (the start included), for repetition.
    history: Vec<u128>,
    /// Two bit sets over [`slot`]s of the keys in `history`: slots holding at least one key,
    /// and slots holding at least two. Only when a new key's slot is in the second set can it
    /// be a third occurrence, and only then is `history` searched.
    once: [u64; SLOT_WORDS],
    twice: [u64; SLOT_WORDS],
    /// The move that led here, for display.
    last: ForDisplay<Option<Move>>,
}

/// The middle points `X0` of the four triangles (points are numbered 7 to a triangle).
const MIDDLES: u32 = 1 | 1 << 7 | 1 << 14 | 1 << 21;

/// Triangle T's middle point and median points `T0 T4 T5 T6`; shifted by 7 per triangle.
const TRIANGLE_WIN: u32 = 1 | 1 << 4 | 1 << 5 | 1 << 6;

/// Words of the repetition filter: 1024 slots.
const SLOT_WORDS: usize = 16;

/// The filter slot of a position key: word index and bit.
#[inline]
fn slot(key: u128) -> (usize, u64) {
    let h = ((key as u64) ^ (key >> 64) as u64 ^ (key >> 100) as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let s = (h >> 54) as usize;
    (s / 64 % SLOT_WORDS, 1 << (s % 64))
}

/// A position put together by hand, for tests and analysis: see [`Setup::build`].
#[derive(Clone, Debug)]
pub struct Setup {
    /// 2–4.
    pub players: usize,
    /// Full or simple.
    pub version: Version,
    /// The figures on the board.
    pub figures: Vec<(Point, Figure)>,
    /// The seat to move.
    pub to_move: Seat,
    /// Turns already played (0 means the opening placement is due).
    pub turn: u16,
    /// Whether the turn just before was a turn of a triangle.
    pub just_turned: bool,
    /// Seats whose own previous turn was a turn of a triangle.
    pub turned: Seats,
    /// Seats that have had figures (those with figures on the board are added).
    pub had: Seats,
    /// Seats that are out.
    pub out: Seats,
}

impl Setup {
    /// An empty board after the opening, P1 to move, no locks.
    pub fn new(players: usize, version: Version) -> Setup {
        Setup {
            players,
            version,
            figures: Vec::new(),
            to_move: Seat(0),
            turn: 1,
            just_turned: false,
            turned: Seats::EMPTY,
            had: Seats::EMPTY,
            out: Seats::EMPTY,
        }
    }

    /// Adds a figure of `stones` stones for `owner` on the point named `point`.
    pub fn figure(mut self, point: &str, owner: u8, stones: u8) -> Setup {
        let p = Point::parse(point).unwrap_or_else(|| panic!("{point:?} is not a point"));
        self.figures.push((
            p,
            Figure {
                owner: Seat(owner),
                stones,
            },
        ));
        self
    }

    /// Sets the seat to move.
    pub fn to_move(mut self, seat: u8) -> Setup {
        self.to_move = Seat(seat);
        self
    }

    /// The position, or what makes it impossible. The supply holds the stones not on the board,
    /// each seat the markers not on the board; the game is not judged (a won position stays
    /// open) until a move is played.
    pub fn build(&self) -> Result<FourTriangles, String> {
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err(format!("{} players: 2 to 4 play", self.players));
        }
        let all = (1u8 << self.players) - 1;
        let mut g = FourTriangles::start(self.players, self.version);
        g.turn = self.turn;
        g.to_move = self.to_move.0;
        g.just_turned = self.just_turned;
        g.turned = self.turned.0;
        g.out = self.out.0;
        g.had = self.had.0;
        let mut on_board = 0u32;
        let mut figures = [0u8; MAX_PLAYERS];
        for &(p, f) in &self.figures {
            if g.occupied() & p.bit() != 0 {
                return Err(format!("two figures on {p}"));
            }
            if !(1..=3).contains(&f.stones) {
                return Err(format!("a figure of {} stones on {p}", f.stones));
            }
            if f.owner.index() >= self.players {
                return Err(format!("{} does not play", f.owner));
            }
            g.put(p, f.owner.index(), f.stones);
            g.had |= 1 << f.owner.0;
            on_board += f.stones as u32;
            figures[f.owner.index()] += 1;
        }
        if on_board > g.supply as u32 {
            return Err(format!(
                "{on_board} stones on the board, but only {} in the game",
                g.supply
            ));
        }
        g.supply -= on_board as u8;
        for (s, &n) in figures.iter().enumerate().take(self.players) {
            if n > MARKERS {
                return Err(format!("P{} has more than {MARKERS} figures", s + 1));
            }
            g.markers[s] = MARKERS - n;
        }
        if (g.had | g.turned | g.out) & !all != 0 || g.to_move as usize >= self.players {
            return Err("a seat that does not play".into());
        }
        if g.out & (1 << g.to_move) != 0 {
            return Err(format!("{} is out and cannot be to move", self.to_move));
        }
        for s in Seats(g.out).iter() {
            if g.owner[s.index()] != 0 {
                return Err(format!("{s} is out but has figures"));
            }
        }
        g.history.clear();
        g.once = [0; SLOT_WORDS];
        g.twice = [0; SLOT_WORDS];
        g.record(g.key());
        Ok(g)
    }
}

impl FourTriangles {
    /// The move that led to this position, if any (for display).
    pub fn last_move(&self) -> Option<Move> {
        self.last.0
    }

    /// The start: an empty board, P1 to place the first single.
    pub fn start(players: usize, version: Version) -> FourTriangles {
        assert!((2..=MAX_PLAYERS).contains(&players), "2 to 4 players");
        let mut g = FourTriangles {
            version,
            players: players as u8,
            owner: [0; MAX_PLAYERS],
            lo: 0,
            hi: 0,
            supply: stones_for(players),
            markers: [MARKERS; MAX_PLAYERS],
            to_move: 0,
            just_turned: false,
            turned: 0,
            out: 0,
            had: 0,
            turn: 0,
            end: None,
            history: Vec::new(),
            once: [0; SLOT_WORDS],
            twice: [0; SLOT_WORDS],
            last: ForDisplay(None),
        };
        for s in players..MAX_PLAYERS {
            g.markers[s] = 0;
        }
        g.record(g.key());
        g
    }

    /// The version played.
    pub fn version(&self) -> Version {
        self.version
    }

    /// The figure on `p`, if any.
    pub fn figure(&self, p: Point) -> Option<Figure> {
        self.owner_at(p).map(|o| Figure {
            owner: Seat(o as u8),
            stones: self.stones_at(p),
        })
    }

    /// Stones in the common supply.
    pub fn supply(&self) -> u8 {
        self.supply
    }

    /// `seat`'s markers not on the board.
    pub fn markers(&self, seat: Seat) -> u8 {
        self.markers[seat.index()]
    }

    /// Whether `seat` is out.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out & (1 << seat.0) != 0
    }

    /// Whether `seat` has had a figure on the board.
    pub fn has_had_figures(&self, seat: Seat) -> bool {
        self.had & (1 << seat.0) != 0
    }

    /// Whether the turn just before was a turn of a triangle (no one may turn now).
    pub fn just_turned(&self) -> bool {
        self.just_turned
    }

    /// Whether `seat`'s own previous turn was a turn of a triangle (it may not turn now).
    pub fn turned_last(&self, seat: Seat) -> bool {
        self.turned & (1 << seat.0) != 0
    }

    /// Turns played so far.
    pub fn turn_number(&self) -> u16 {
        self.turn
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The board's points holding a figure of `seat`, as a mask.
    pub fn figures_of(&self, seat: Seat) -> u32 {
        self.owner[seat.index()]
    }

    /// How often the current position has occurred (this time included).
    pub fn occurrences(&self) -> usize {
        let key = self.key();
        self.history.iter().filter(|&&k| k == key).count()
    }

    #[inline]
    fn occupied(&self) -> u32 {
        self.owner[0] | self.owner[1] | self.owner[2] | self.owner[3]
    }

    #[inline]
    fn owner_at(&self, p: Point) -> Option<usize> {
        (0..MAX_PLAYERS).find(|&s| self.owner[s] & p.bit() != 0)
    }

    #[inline]
    fn stones_at(&self, p: Point) -> u8 {
        let i = p.index();
        ((self.lo >> i) & 1) as u8 + 2 * ((self.hi >> i) & 1) as u8
    }

    #[inline]
    fn put(&mut self, p: Point, seat: usize, stones: u8) {
        let b = p.bit();
        self.owner[seat] |= b;
        if stones & 1 != 0 {
            self.lo |= b;
        }
        if stones & 2 != 0 {
            self.hi |= b;
        }
    }

    #[inline]
    fn remove(&mut self, p: Point, seat: usize) {
        let b = !p.bit();
        self.owner[seat] &= b;
        self.lo &= b;
        self.hi &= b;
    }

    /// Everything but the turn count, as the rules define a position for repetition, in 124
    /// bits: each point's owner and stack size, the seat to move, both turning locks of the seat
    /// to move (the turn just before was a turn; its own previous turn was one), who is out, who
    /// has had figures. Other seats' own-turn locks are not part of it (with two players they
    /// always equal the first lock anyway).
    fn key(&self) -> u128 {
        let o0 = self.owner[1] | self.owner[3];
        let o1 = self.owner[2] | self.owner[3];
        o0 as u128
            | (o1 as u128) << 28
            | (self.lo as u128) << 56
            | (self.hi as u128) << 84
            | (self.to_move as u128) << 112
            | (self.just_turned as u128) << 114
            | (((self.turned >> self.to_move) & 1) as u128) << 115
            | (self.out as u128) << 116
            | (self.had as u128) << 120
    }

    /// Whether the seat to move may turn a triangle at all (neither lock holds).
    fn may_turn(&self) -> bool {
        !self.just_turned && self.turned & (1 << self.to_move) == 0
    }

    /// Whether turning `t` the way `r` changes the layout (each point's owner and stack size).
    fn turn_changes(&self, t: Triangle, r: Rotation) -> bool {
        let g = &*GEOMETRY;
        self.owner.iter().any(|&m| g.rotate_mask(m, t, r) != m)
            || g.rotate_mask(self.lo, t, r) != self.lo
            || g.rotate_mask(self.hi, t, r) != self.hi
    }

    /// Where a figure of `stones` stones on `p` can move (captures included), given the
    /// occupied points.
    #[inline(always)]
    fn reach(&self, g: &Geometry, p: Point, stones: u8, occupied: u32) -> u32 {
        let near = g.neighbours(self.version, p);
        match stones {
            1 => near,
            2 => {
                let mut m = near;
                for ray in g.rays(self.version, p).iter() {
                    for &q in ray {
                        m |= 1 << q;
                        if occupied & (1 << q) != 0 {
                            break;
                        }
                    }
                }
                m
            }
            _ => near | g.triple_jumps[p.index()],
        }
    }

    /// Writes the legal actions into `moves` (replacing its content).
    ///
    /// Each run of moves is written with `extend` over a slice, so that the vector checks its
    /// capacity once per run rather than once per move.
    fn generate(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.end.is_some() {
            return;
        }
        if self.turn == 0 {
            moves.extend(Point::all().map(Move::Place));
            return;
        }
        let g = &*GEOMETRY;
        let me = self.to_move as usize;
        let occupied = self.occupied();
        let mut buf = [0u8; 32];
        if self.supply >= 2 && self.markers[me] >= 2 {
            let free = list(g.bring_in & !occupied, &mut buf);
            for (i, &a) in free.iter().enumerate() {
                let a = Point(a);
                moves.extend(free[i + 1..].iter().map(|&b| Move::BringIn(a, Point(b))));
            }
        }
        if self.may_turn() {
            let changed = [
                self.owner[0],
                self.owner[1],
                self.owner[2],
                self.owner[3],
                self.lo,
                self.hi,
            ]
            .iter()
            .fold(0, |c, &m| c | (m ^ g.rotate_all(m)));
            for t in Triangle::ALL {
                if changed & t.mask() != 0 {
                    moves.push(Move::Turn(t, Rotation::CounterClockwise));
                    moves.push(Move::Turn(t, Rotation::Clockwise));
                }
            }
        }
        let markers = self.markers[me];
        for i in Bits(self.owner[me]) {
            let from = Point(i as u8);
            let stones = self.stones_at(from);
            let targets = if stones == 2 {
                list(self.reach(g, from, 2, occupied), &mut buf)
            } else {
                g.fixed_reach(self.version, stones, from)
            };
            moves.extend(targets.iter().map(|&to| Move::Figure {
                from,
                to: Point(to),
            }));
            if stones == 1 || markers == 0 {
                continue;
            }
            let mut free_buf = [0u8; 32];
            let mut n = 0;
            for &q in targets {
                free_buf[n & 31] = q;
                n += usize::from(occupied & (1 << q) == 0);
            }
            let free = &free_buf[..n.min(32)];
            if stones == 2 {
                for (j, &a) in free.iter().enumerate() {
                    let a = Point(a);
                    moves.extend(free[j + 1..].iter().map(|&b| Move::Split {
                        from,
                        into: Split::TwoSingles(a, Point(b)),
                    }));
                }
                continue;
            }
            for (j, &d) in free.iter().enumerate() {
                let double = Point(d);
                let split = |&s: &u8| Move::Split {
                    from,
                    into: Split::DoubleAndSingle {
                        double,
                        single: Point(s),
                    },
                };
                moves.extend(free[..j].iter().map(split));
                moves.extend(free[j + 1..].iter().map(split));
            }
            if markers >= 2 {
                for (j, &a) in free.iter().enumerate() {
                    for (k, &b) in free.iter().enumerate().skip(j + 1) {
                        let (a, b) = (Point(a), Point(b));
                        moves.extend(free[k + 1..].iter().map(|&c| Move::Split {
                            from,
                            into: Split::ThreeSingles(a, b, Point(c)),
                        }));
                    }
                }
            }
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    /// What `seat` holds that wins, if anything.
    #[inline]
    fn win_for(&self, seat: usize) -> Option<End> {
        let own = self.owner[seat];
        // Quick refusal: every winning set needs a middle point.
        if own & MIDDLES == 0 {
            return None;
        }
        if own & MIDDLES == MIDDLES {
            return Some(End::Middles(Seat(seat as u8)));
        }
        Triangle::ALL.into_iter().find_map(|t| {
            let need = TRIANGLE_WIN << (7 * t.index());
            (own & need == need).then_some(End::Triangle(Seat(seat as u8), t))
        })
    }

    /// After a turn of `mover`: who is out, who won, whose turn, and the draws.
    fn settle(&mut self, mover: usize) {
        let players = self.players as usize;
        for s in 0..players {
            if self.had & (1 << s) != 0 && self.owner[s] == 0 {
                self.out |= 1 << s;
                self.turned &= !(1 << s);
            }
        }
        for s in (mover..players).chain(0..mover) {
            if let Some(win) = self.win_for(s) {
                self.end = Some(win);
                break;
            }
        }
        let left = ((1u8 << players) - 1) & !self.out;
        if self.end.is_none() && left.count_ones() == 1 {
            self.end = Some(End::LastLeft(Seat(left.trailing_zeros() as u8)));
        }
        let mut next = mover;
        for _ in 0..players {
            next = if next + 1 == players { 0 } else { next + 1 };
            if self.out & (1 << next) == 0 {
                break;
            }
        }
        self.to_move = next as u8;
        let key = self.key();
        if self.end.is_none() {
            let (w, b) = slot(key);
            if self.twice[w] & b != 0 && self.history.iter().filter(|&&k| k == key).count() >= 2 {
                self.end = Some(End::Repetition);
            } else if self.turn >= MAX_TURNS {
                self.end = Some(End::TurnLimit);
            }
        }
        self.record(key);
    }

    /// Adds a position to the history.
    fn record(&mut self, key: u128) {
        let (w, b) = slot(key);
        if self.once[w] & b != 0 {
            self.twice[w] |= b;
        }
        self.once[w] |= b;
        self.history.push(key);
    }

    /// Why `mv` is not legal here.
    fn explain(&self, mv: Move) -> String {
        if self.end.is_some() {
            return "the game is over".into();
        }
        let me = Seat(self.to_move);
        if self.turn == 0 {
            return "the first turn of the game places one single anywhere (e.g. @T4); no other \
                    action is allowed then"
                .into();
        }
        let g = &*GEOMETRY;
        let occupied = self.occupied();
        let mine = |p: Point| -> Result<u8, String> {
            match self.owner_at(p) {
                None => Err(format!("there is no figure on {p}")),
                Some(o) if o != me.index() => Err(format!(
                    "the figure on {p} belongs to {}, not to {me}",
                    Seat(o as u8)
                )),
                Some(_) => Ok(self.stones_at(p)),
            }
        };
        match mv {
            Move::Place(_) => "placing one single is the first turn's action only; later turns \
                               bring in two (e.g. +L4,R6)"
                .into(),
            Move::Pass => format!("{me} has a legal action, so may not pass"),
            Move::BringIn(a, b) => {
                for p in [a, b] {
                    if occupied & p.bit() != 0 {
                        return format!("{p} is occupied: new singles go onto empty points");
                    }
                    if p.kind() == PointKind::Middle {
                        return format!("{p} is a middle point: new singles never go there");
                    }
                    if p.triangle() == Triangle::C {
                        return format!(
                            "{p} is on the centre triangle C: new singles never go there"
                        );
                    }
                }
                if self.supply < 2 {
                    return format!(
                        "bringing in needs 2 stones in the supply, which holds {}",
                        self.supply
                    );
                }
                if self.markers[me.index()] < 2 {
                    return format!(
                        "bringing in needs 2 of {me}'s markers, and {me} has {} left",
                        self.markers[me.index()]
                    );
                }
                "not a legal action in this position".into()
            }
            Move::Turn(t, r) => {
                if self.just_turned {
                    "the turn just before was a turn of a triangle, so no triangle may turn now"
                        .into()
                } else if self.turned & (1 << me.0) != 0 {
                    format!("{me}'s own previous turn was a turn of a triangle")
                } else if !self.turn_changes(t, r) {
                    format!("turning {} would leave the layout as it was", t.letter())
                } else {
                    "not a legal action in this position".into()
                }
            }
            Move::Figure { from, to } => {
                let stones = match mine(from) {
                    Ok(s) => s,
                    Err(e) => return e,
                };
                self.explain_reach(from, to, stones, "move to")
            }
            Move::Split { from, into } => {
                let stones = match mine(from) {
                    Ok(s) => s,
                    Err(e) => return e,
                };
                match stones {
                    1 => return "a single cannot split".into(),
                    2 if into.stones() != 2 => {
                        return format!(
                            "the double on {from} splits into two singles only (e.g. {from}/…,…)"
                        )
                    }
                    3 if into.stones() != 3 => {
                        return format!(
                            "the triple on {from} splits into a double and a single \
                             ({from}/X:2,Y) or into three singles ({from}/X,Y,Z)"
                        )
                    }
                    _ => {}
                }
                let needed = into.figures() - 1;
                let have = self.markers[me.index()];
                if have < needed {
                    return format!(
                        "splitting into {} figures needs {needed} marker(s) from {me}'s supply, \
                         and {me} has {have}",
                        into.figures()
                    );
                }
                for (p, _) in into.parts() {
                    if occupied & p.bit() != 0 {
                        return format!("{p} is occupied: a split goes onto empty points only");
                    }
                }
                let reach = self.reach(g, from, stones, occupied);
                for (p, _) in into.parts() {
                    if reach & p.bit() == 0 {
                        return self.explain_reach(from, p, stones, "split onto");
                    }
                }
                "not a legal action in this position".into()
            }
        }
    }

    /// Why the figure of `stones` on `from` cannot reach `to`.
    fn explain_reach(&self, from: Point, to: Point, stones: u8, verb: &str) -> String {
        let g = &*GEOMETRY;
        let occupied = self.occupied();
        let simple = if self.version == Version::Simple {
            " (the simple version has no warps)"
        } else {
            ""
        };
        match stones {
            1 => format!(
                "a single moves only to a neighbour, and {to} is not a neighbour of {from}{simple}"
            ),
            2 => {
                for ray in g.rays(self.version, from).iter() {
                    if let Some(i) = ray.iter().position(|&q| q as usize == to.index()) {
                        if let Some(&b) = ray[..i].iter().find(|&&q| occupied & (1 << q) != 0) {
                            return format!(
                                "the double on {from} cannot pass the figure on {}",
                                Point(b)
                            );
                        }
                    }
                }
                format!(
                    "a double can {verb} a neighbour or a point along a straight line, and {to} \
                     is neither from {from}{simple}"
                )
            }
            _ => {
                let jumps = if from.kind() == PointKind::Middle {
                    String::new()
                } else {
                    format!(" ({from} is not a middle point, so the triple cannot jump)")
                };
                format!(
                    "a triple can {verb} a neighbour, or from a middle point another middle \
                     point or a big corner; {to} is none of these{jumps}"
                )
            }
        }
    }
}

/// The points of `mask`, lowest first, written into `buf`.
#[inline]
fn list(mask: u32, buf: &mut [u8; 32]) -> &[u8] {
    let n = mask.count_ones() as usize;
    let mut rest = mask;
    for slot in &mut buf[..n] {
        *slot = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(1);
    }
    &buf[..n]
}

impl Game for FourTriangles {
    type Move = Move;
    const ID: &'static str = "four-triangles";
    const NAME: &'static str = "Four Triangles";

    fn new(options: &Options) -> Result<Self, OptionsError> {
        let players = options.players.unwrap_or(2);
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(OptionsError(format!(
                "Four Triangles is for 2 to 4 players, not {players}"
            )));
        }
        let version = match options.variant.as_deref() {
            None | Some("full") => Version::Full,
            Some("simple") => Version::Simple,
            Some(other) => {
                return Err(OptionsError(format!(
                    "Four Triangles has no variant {}: it is played in the \"full\" \
                     version (with warps, the default) or the \"simple\" one",
                    trigonal_core::quoted(other)
                )))
            }
        };
        Ok(FourTriangles::start(players, version))
    }

    fn options(&self) -> Options {
        Options {
            players: Some(self.players as usize),
            variant: Some(self.version.name().to_string()),
        }
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn to_move(&self) -> Option<Seat> {
        self.end.is_none().then_some(Seat(self.to_move))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(End::outcome)
    }

    /// Four Triangles keeps no score.
    fn scores(&self) -> Option<Vec<i32>> {
        None
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    fn play(&mut self, mv: Move) {
        self.last = ForDisplay(Some(mv));
        let me = self.to_move as usize;
        match mv {
            Move::Place(p) => {
                self.put(p, me, 1);
                self.supply -= 1;
                self.markers[me] -= 1;
                self.had |= 1 << me;
            }
            Move::BringIn(a, b) => {
                self.put(a, me, 1);
                self.put(b, me, 1);
                self.supply -= 2;
                self.markers[me] -= 2;
                self.had |= 1 << me;
            }
            Move::Turn(t, r) => {
                let g = &*GEOMETRY;
                for m in &mut self.owner {
                    *m = g.rotate_mask(*m, t, r);
                }
                self.lo = g.rotate_mask(self.lo, t, r);
                self.hi = g.rotate_mask(self.hi, t, r);
            }
            Move::Figure { from, to } => {
                let mut stones = self.stones_at(from);
                self.remove(from, me);
                if let Some(o) = self.owner_at(to) {
                    stones += self.stones_at(to);
                    self.markers[o] += 1;
                    self.remove(to, o);
                    if stones > 3 {
                        stones -= 3;
                        self.supply += 3;
                    }
                }
                self.put(to, me, stones);
            }
            Move::Split { from, into } => {
                self.remove(from, me);
                for (p, stones) in into.parts() {
                    self.put(p, me, stones);
                }
                self.markers[me] -= into.figures() - 1;
            }
            Move::Pass => {}
        }
        let turned = matches!(mv, Move::Turn(..));
        self.just_turned = turned;
        if turned {
            self.turned |= 1 << me;
        } else {
            self.turned &= !(1 << me);
        }
        self.turn += 1;
        self.settle(me);
    }

    /// Mixes the position (everything but the turn count), the turn count and whether the game
    /// is over; the repetition history is not hashed.
    fn position_hash(&self) -> u64 {
        let key = self.key();
        let end = match self.end {
            None => 0,
            Some(e) => 1 + e.outcome().winners.0 as u64,
        };
        let h = mix64(0x4654_5249_414e_474c ^ key as u64);
        let h = mix64(h ^ (key >> 64) as u64);
        mix64(h ^ (self.turn as u64) ^ (end << 16) ^ (self.version.index() as u64) << 32)
    }

    fn why_illegal(&self, mv: Move) -> String {
        self.explain(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules count "both turning locks" of a position: those of the seat to move. With three
    /// players, whether a seat not to move turned on its own previous turn does not make another
    /// position; whether the seat to move did, does.
    #[test]
    fn repetition_key_holds_the_movers_two_locks_only() {
        let base = Setup::new(3, Version::Full)
            .figure("T4", 0, 1)
            .figure("L4", 1, 1)
            .figure("R4", 2, 1)
            .to_move(0);
        let mut other_turned = base.clone();
        other_turned.turned = Seats::only(Seat(2));
        let mut mover_turned = base.clone();
        mover_turned.turned = Seats::only(Seat(0));
        let mut just_turned = base.clone();
        just_turned.just_turned = true;
        let key = |s: &Setup| s.build().unwrap().key();
        assert_eq!(key(&base), key(&other_turned));
        assert_ne!(key(&base), key(&mover_turned));
        assert_ne!(key(&base), key(&just_turned));
        assert_ne!(key(&mover_turned), key(&just_turned));
    }
}
