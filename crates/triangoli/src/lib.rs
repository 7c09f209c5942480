//! Triangoli, played exactly by the rules `docs/games/triangoli.md` sets out.
//!
//! Two players each walk a pawn along the lines of a hexagon of 24 triangles. A turn moves the
//! pawn 1–3 steps in a straight line, drops as many cylinders into one empty triangle next to where
//! it stopped, and exchanges up to as many of the opponent's cylinders next to it for the mover's
//! own. When neither can move, the six sectors are scored by majority.
//!
//! This crate is the game's whole kit: its rules (geometry, state, move generation, notation,
//! scoring), the scene and text diagram that describe a position, what the computer's searches
//! may know of it ([`knowledge`]) and what it hands the rest of Trigonal ([`kit`]: description,
//! players per level, level ratings, exact solver). It does no I/O and knows nothing of servers or
//! terminals.

pub mod geometry;
pub mod kit;
pub mod knowledge;
mod lessons;
pub mod moves;
mod present;

use trigonal_core::{mix64, ForDisplay, Game, Options, OptionsError, Outcome, Seat};

pub use geometry::{Point, Triangle, GEOMETRY, POINTS, SECTORS, TRIANGLES};
pub use moves::{Exchange, Move};

/// Cylinders each player owns.
pub const CYLINDERS: u8 = 18;

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// Pawns are being placed.
    Setup,
    /// The seat to move has a legal move.
    Turn,
    /// The seat to move has none but the other has: it must pass.
    Pass,
    /// Neither can move: the game is over and scored.
    Over,
}

/// A Triangoli position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Triangoli {
    /// Cylinders of each player in each triangle.
    cells: [[u8; 2]; TRIANGLES],
    /// Cylinders of each player in each sector: the sums of `cells`, kept as they change
    /// because searches score sectors at every position.
    sectors: [[u8; 2]; SECTORS],
    /// Bit mask of the triangles holding no cylinder.
    empty: u32,
    /// Cylinders in each player's reserve.
    reserve: [u8; 2],
    /// Each pawn's intersection, once placed.
    pawn: [Option<Point>; 2],
    /// The seat whose turn it is (when over: the seat that would move).
    to_move: u8,
    phase: Phase,
    /// The move that led here, for display.
    last: ForDisplay<Option<Move>>,
}

/// The result of sector scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectorScore {
    /// Each player's cylinders in each sector before scoring.
    pub cylinders: [[u8; 2]; SECTORS],
    /// Cylinders each player keeps.
    pub kept: [u32; 2],
    /// Sectors each player won (strictly more cylinders).
    pub sectors_won: [u32; 2],
}

impl Default for Triangoli {
    fn default() -> Self {
        Triangoli {
            cells: [[0; 2]; TRIANGLES],
            sectors: [[0; 2]; SECTORS],
            empty: (1 << TRIANGLES) - 1,
            reserve: [CYLINDERS; 2],
            pawn: [None; 2],
            to_move: 0,
            phase: Phase::Setup,
            last: ForDisplay(None),
        }
    }
}

impl Triangoli {
    /// The start position.
    pub fn start() -> Triangoli {
        Triangoli::default()
    }

    /// A position built piece by piece, for tests and analysis: cylinders per triangle (P1, P2),
    /// pawns, and the seat to move. Reserves are what is not on the board. Whether the seat to
    /// move must pass, or the game is over, is worked out as after any move.
    ///
    /// Panics if a player has more than 18 cylinders on the board, the pawns share a point, or a
    /// pawn is missing.
    pub fn from_parts(cells: [[u8; 2]; TRIANGLES], pawns: [Point; 2], to_move: Seat) -> Triangoli {
        assert_ne!(pawns[0], pawns[1], "pawns on one intersection");
        let mut g = Triangoli {
            cells,
            sectors: [[0; 2]; SECTORS],
            empty: 0,
            reserve: [0; 2],
            pawn: [Some(pawns[0]), Some(pawns[1])],
            to_move: to_move.0,
            phase: Phase::Turn,
            last: ForDisplay(None),
        };
        for p in 0..2 {
            let on_board: u32 = cells.iter().map(|c| c[p] as u32).sum();
            assert!(on_board <= CYLINDERS as u32, "too many cylinders");
            g.reserve[p] = CYLINDERS - on_board as u8;
        }
        for (t, c) in cells.iter().enumerate() {
            if c[0] == 0 && c[1] == 0 {
                g.empty |= 1 << t;
            }
            let sector = &mut g.sectors[Triangle(t as u8).sector()];
            sector[0] += c[0];
            sector[1] += c[1];
        }
        g.settle(to_move.0);
        g
    }

    /// Cylinders of `seat` in triangle `t`.
    pub fn cylinders(&self, t: Triangle, seat: Seat) -> u8 {
        self.cells[t.0 as usize][seat.index()]
    }

    /// Cylinders in `seat`'s reserve.
    pub fn reserve(&self, seat: Seat) -> u8 {
        self.reserve[seat.index()]
    }

    /// Where `seat`'s pawn stands, once placed.
    pub fn pawn(&self, seat: Seat) -> Option<Point> {
        self.pawn[seat.index()]
    }

    /// The move that led to this position, if any (for display).
    pub fn last_move(&self) -> Option<Move> {
        self.last.0
    }

    /// Whether triangle `t` holds no cylinder.
    pub fn is_empty(&self, t: Triangle) -> bool {
        self.empty & (1 << t.0) != 0
    }

    /// Whether the seat to move has no legal turn and must pass (the opponent has one).
    pub fn must_pass(&self) -> bool {
        self.phase == Phase::Pass
    }

    /// The number of triangles holding no cylinder.
    pub fn empty_triangles(&self) -> u32 {
        self.empty.count_ones()
    }

    /// Each player's cylinders in each sector (P1, P2), as they stand.
    pub fn sector_cylinders(&self) -> [[u8; 2]; SECTORS] {
        self.sectors
    }

    /// Sector scoring of the board as it stands.
    pub fn sector_score(&self) -> SectorScore {
        let mut score = SectorScore {
            cylinders: self.sectors,
            kept: [0; 2],
            sectors_won: [0; 2],
        };
        for c in score.cylinders {
            if c[0] != c[1] {
                let w = usize::from(c[1] > c[0]);
                score.kept[w] += c[w] as u32;
                score.sectors_won[w] += 1;
            }
        }
        score
    }

    /// Whether `seat` has a move+placement here (exchanges are always possible).
    fn can_move(&self, seat: usize) -> bool {
        self.pawn[seat].is_some_and(|from| {
            pawn_can_move(from, self.pawn[1 - seat], self.reserve[seat], self.empty)
        })
    }

    /// Whether, after the seat to move plays `mv` (a turn), the opponent has a turn of its own
    /// (else it must pass, or the game ends) — found without playing the move, for searches
    /// that only need to know who moves next.
    pub fn opponent_can_move_after(&self, mv: Move) -> bool {
        let Move::Turn {
            to,
            triangle,
            exchange,
        } = mv
        else {
            return self.can_move(1 - self.to_move as usize);
        };
        self.answered(to, triangle, exchange.len() as u8)
    }

    /// [`Triangoli::opponent_can_move_after`] for every turn of `landing` that places in
    /// `triangle`: they all leave the pawns, the empty triangles and the reserves alike.
    pub fn answered_after(&self, landing: &Landing, triangle: Triangle) -> bool {
        self.answered(landing.to, triangle, landing.take)
    }

    /// Whether the opponent has a turn after the seat to move ends on `to`, places in
    /// `triangle` and takes `taken` of the opponent's cylinders (which go back to its reserve).
    fn answered(&self, to: Point, triangle: Triangle, taken: u8) -> bool {
        let opp = 1 - self.to_move as usize;
        self.pawn[opp].is_some_and(|from| {
            let reserve = self.reserve[opp] + taken;
            pawn_can_move(from, Some(to), reserve, self.empty & !(1 << triangle.0))
        })
    }

    /// Plays `mv`, a turn after which the opponent has a turn of its own
    /// ([`Triangoli::opponent_can_move_after`] said so), without asking again who moves next:
    /// the same position as [`Game::play`] gives, for searches that asked already.
    pub fn play_answered(&mut self, mv: Move) {
        let Move::Turn {
            to,
            triangle,
            exchange,
        } = mv
        else {
            return self.play(mv);
        };
        self.last = ForDisplay(Some(mv));
        self.place_and_exchange(to, triangle, exchange);
        self.to_move = 1 - self.to_move;
        self.phase = Phase::Turn;
        debug_assert!(self.can_move(self.to_move as usize), "{mv} is answered");
    }

    /// The opponent's cylinders (the opponent of the seat to move) in the triangles of
    /// `triangles`, a bit mask: what an exchange there may take from.
    fn opposing_in(&self, triangles: u32) -> u8 {
        let opp = 1 - self.to_move as usize;
        let mut available = 0;
        let mut mask = triangles & !self.empty;
        while mask != 0 {
            let t = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            available += self.cells[t][opp];
        }
        available
    }

    /// Whether the turn of these parts is legal for the seat to move, which has a turn here:
    /// found without listing the turns (searches ask it of moves remembered from nearby
    /// positions).
    fn is_legal_turn(&self, to: Point, triangle: Triangle, exchange: Exchange) -> bool {
        let me = self.to_move as usize;
        let opp = 1 - me;
        let g = &*GEOMETRY;
        let Some(from) = self.pawn[me] else {
            return false;
        };
        let Some((dir, d)) = g.line[from.0 as usize][to.0 as usize] else {
            return false;
        };
        if d > self.reserve[me] || self.empty & (1 << triangle.0) == 0 {
            return false;
        }
        let adjacent = g.adjacent[to.0 as usize];
        if adjacent & (1 << triangle.0) == 0 {
            return false;
        }
        if let Some(other) = self.pawn[opp] {
            // The other pawn on the way (or at the end) blocks it.
            if let Some((odir, at)) = g.line[from.0 as usize][other.0 as usize] {
                if odir == dir && at <= d {
                    return false;
                }
            }
        }
        let k = d.min(self.opposing_in(adjacent)).min(self.reserve[me] - d);
        if exchange.len() != k as usize {
            return false;
        }
        // Ascending triangles: each run of one triangle takes no more than it holds.
        let mut run = 0u8;
        let mut previous = None;
        let fits = exchange.triangles().all(|t| {
            run = if previous == Some(t) { run + 1 } else { 1 };
            previous = Some(t);
            adjacent & (1 << t.0) != 0 && self.cells[t.0 as usize][opp] >= run
        });
        fits
    }

    /// Sets the phase after a move, with `next` the seat due to move.
    fn settle(&mut self, next: u8) {
        self.to_move = next;
        self.phase = if self.can_move(next as usize) {
            Phase::Turn
        } else if self.can_move(1 - next as usize) {
            Phase::Pass
        } else {
            Phase::Over
        };
    }

    /// Walks the turns of the seat to move by where the pawn ends, one [`Landing`] per end point;
    /// `visit` returns false to stop. Searches that need only sector counts work a landing out
    /// as a whole rather than turn by turn: its turns share the steps, the places and how many
    /// cylinders the exchange takes.
    pub fn landings(&self, mut visit: impl FnMut(&Landing) -> bool) {
        let me = self.to_move as usize;
        let opp = 1 - me;
        let (Some(from), other) = (self.pawn[me], self.pawn[opp]) else {
            return;
        };
        let g = &*GEOMETRY;
        let reach = self.reserve[me].min(3) as usize;
        if reach == 0 {
            return;
        }
        for (dir, ray) in g.ray[from.0 as usize].iter().enumerate() {
            // Near the end most lines lead to no empty triangle: one lookup skips them.
            if g.reach[from.0 as usize][dir][reach - 1] & self.empty == 0 {
                continue;
            }
            for (i, &step) in ray[..reach].iter().enumerate() {
                let Some(to) = step else { break };
                if Some(to) == other {
                    break;
                }
                let steps = i as u8 + 1;
                let adjacent = g.adjacent[to.0 as usize];
                let places = adjacent & self.empty;
                if places == 0 {
                    continue;
                }
                let mut landing = Landing {
                    to,
                    steps,
                    places,
                    take: 0,
                    sources: [(Triangle(0), 0); 6],
                    n_sources: 0,
                };
                let mut available = 0u8;
                let mut mask = adjacent & !self.empty;
                while mask != 0 {
                    let t = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    let c = self.cells[t as usize][opp];
                    if c > 0 {
                        landing.sources[landing.n_sources as usize] = (Triangle(t), c);
                        landing.n_sources += 1;
                        available += c;
                    }
                }
                landing.take = steps.min(available).min(self.reserve[me] - steps);
                if !visit(&landing) {
                    return;
                }
            }
        }
    }

    /// Generates the turns of the seat to move into `out` (appending).
    fn generate_turns(&self, out: &mut Vec<Move>) {
        let mut exchanges = [Exchange::NONE; 56];
        self.landings(|landing| {
            let n_exchanges = landing.exchanges(&mut exchanges);
            let mut places = landing.places;
            while places != 0 {
                let t = places.trailing_zeros() as u8;
                places &= places - 1;
                for &exchange in &exchanges[..n_exchanges] {
                    out.push(Move::Turn {
                        to: landing.to,
                        triangle: Triangle(t),
                        exchange,
                    });
                }
            }
            true
        });
    }

    /// How many turns the seat to move has: the length of [`Game::legal_moves`] in a turn (0 when
    /// it must pass, in the set-up, or when the game is over), counted without listing them —
    /// searches order moves by how few replies they leave.
    pub fn turn_count(&self) -> usize {
        if self.phase != Phase::Turn {
            return 0;
        }
        self.count_turns()
    }

    /// The turns the seat to move would have, counted by where its pawn may end.
    fn count_turns(&self) -> usize {
        let mut count = 0;
        self.landings(|landing| {
            count += landing.places.count_ones() as usize * landing.turn_count();
            true
        });
        count
    }

    /// How many turns the opponent of the seat to move has after `mv` (0 when it must pass then,
    /// or the game ends): [`Triangoli::turn_count`] of the position after it, found for a turn
    /// without settling who moves next, for searches that order moves by it.
    pub fn replies_after(&self, mv: Move) -> usize {
        let mut after = self.clone();
        let Move::Turn {
            to,
            triangle,
            exchange,
        } = mv
        else {
            after.play(mv);
            return after.turn_count();
        };
        after.place_and_exchange(to, triangle, exchange);
        after.to_move = 1 - self.to_move;
        // A seat with no turn has no destination: the count is 0 without asking whether it
        // passes or the game ends.
        after.count_turns()
    }

    /// The seat to move's turn of these parts, on the board (the pawn, the cylinders, the
    /// reserves) but not who moves next.
    fn place_and_exchange(&mut self, to: Point, triangle: Triangle, exchange: Exchange) {
        let me = self.to_move as usize;
        let opp = 1 - me;
        let from = self.pawn[me].expect("pawn placed");
        let (_, d) = steps_between(from, to).expect("a straight move");
        self.pawn[me] = Some(to);
        self.cells[triangle.0 as usize][me] += d;
        self.sectors[triangle.sector()][me] += d;
        self.reserve[me] -= d;
        self.empty &= !(1 << triangle.0);
        for t in exchange.triangles() {
            let cell = &mut self.cells[t.0 as usize];
            cell[opp] -= 1;
            cell[me] += 1;
            let sector = &mut self.sectors[t.sector()];
            sector[opp] -= 1;
            sector[me] += 1;
        }
        let k = exchange.len() as u8;
        self.reserve[opp] += k;
        self.reserve[me] -= k;
    }

    /// Every turn of the seat to move, in the order of [`Game::legal_moves`], with its landing
    /// (see [`Triangoli::landings`]) and the sector counts ([`Triangoli::sector_cylinders`]) it
    /// leads to, without playing it. `visit` returns false to stop.
    pub fn turns_with_counts(
        &self,
        mut visit: impl FnMut(&Landing, Move, &[[u8; 2]; SECTORS]) -> bool,
    ) {
        let me = self.to_move as usize;
        let opp = 1 - me;
        let g = &*GEOMETRY;
        let mut exchanges = [Exchange::NONE; 56];
        self.landings(|landing| {
            let n_exchanges = landing.exchanges(&mut exchanges);
            let mut places = landing.places;
            while places != 0 {
                let t = places.trailing_zeros() as u8;
                places &= places - 1;
                let mut placed = self.sectors;
                placed[g.sector[t as usize]][me] += landing.steps;
                for &exchange in &exchanges[..n_exchanges] {
                    let mut counts = placed;
                    for x in exchange.triangles() {
                        let s = g.sector[x.0 as usize];
                        counts[s][me] += 1;
                        counts[s][opp] -= 1;
                    }
                    let mv = Move::Turn {
                        to: landing.to,
                        triangle: Triangle(t),
                        exchange,
                    };
                    if !visit(landing, mv, &counts) {
                        return false;
                    }
                }
            }
            true
        });
    }

    /// Explains why a move that is not legal here is not.
    fn explain(&self, mv: Move) -> String {
        let me = self.to_move as usize;
        let seat = Seat(self.to_move);
        match (self.phase, mv) {
            (Phase::Over, _) => "the game is over".into(),
            (Phase::Setup, Move::Setup(p)) if self.pawn[1 - me] == Some(p) => {
                format!("the other pawn already stands on {}", p.name())
            }
            (Phase::Setup, _) => format!("{seat} must first place a pawn on an intersection"),
            (_, Move::Setup(_)) => "the pawns are already placed".into(),
            (Phase::Pass, _) => format!("{seat} has no legal move and must pass"),
            (Phase::Turn, Move::Pass) => {
                format!("{seat} has a legal move, so may not pass")
            }
            (
                Phase::Turn,
                Move::Turn {
                    to,
                    triangle,
                    exchange,
                },
            ) => self.explain_turn(to, triangle, exchange),
        }
    }

    fn explain_turn(&self, to: Point, triangle: Triangle, exchange: Exchange) -> String {
        let me = self.to_move as usize;
        let opp = 1 - me;
        let g = &*GEOMETRY;
        let from = self.pawn[me].expect("pawns placed");
        let Some((dir, d)) = steps_between(from, to) else {
            return format!(
                "{} is not 1, 2 or 3 steps in a straight line from the pawn on {}",
                to.name(),
                from.name()
            );
        };
        let path = &g.ray[from.0 as usize][dir][..d as usize];
        if let Some(p) = path.iter().flatten().find(|&&p| Some(p) == self.pawn[opp]) {
            return if *p == to {
                format!("the opponent's pawn stands on {}", to.name())
            } else {
                format!(
                    "the path passes through the opponent's pawn on {}",
                    p.name()
                )
            };
        }
        if d > self.reserve[me] {
            return format!(
                "moving {d} steps places {d} cylinders, but the reserve holds {}",
                self.reserve[me]
            );
        }
        let adjacent = g.adjacent[to.0 as usize];
        if adjacent & self.empty == 0 {
            return format!("{} is next to no empty triangle", to.name());
        }
        if adjacent & (1 << triangle.0) == 0 {
            return format!(
                "triangle {} is not next to {}",
                triangle.number(),
                to.name()
            );
        }
        if self.empty & (1 << triangle.0) == 0 {
            return format!("triangle {} is not empty", triangle.number());
        }
        let available = self.opposing_in(adjacent);
        let after = self.reserve[me] - d;
        let k = d.min(available).min(after);
        if exchange.len() != k as usize {
            return format!(
                "the exchange must take exactly {k} cylinder(s): the least of the distance {d}, \
                 the {available} opposing cylinder(s) next to {} and the {after} left in reserve",
                to.name()
            );
        }
        for t in exchange.triangles() {
            if adjacent & (1 << t.0) == 0 {
                return format!("triangle {} is not next to {}", t.number(), to.name());
            }
            let taken = exchange.triangles().filter(|&u| u == t).count();
            let there = self.cells[t.0 as usize][opp] as usize;
            if taken > there {
                return format!(
                    "triangle {} holds {there} opposing cylinder(s), not {taken}",
                    t.number()
                );
            }
        }
        "not a legal move in this position".into()
    }
}

use geometry::steps_between;

/// The turns of the seat to move that end on one point (see [`Triangoli::landings`]): each
/// places `steps` cylinders in one of the empty triangles `places` and takes exactly `take` of
/// the opponent's cylinders from the [`Landing::sources`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Where the pawn ends.
    pub to: Point,
    /// The steps it goes: the cylinders placed.
    pub steps: u8,
    /// The empty triangles next to `to` (a bit mask, never 0): where the cylinders may go.
    pub places: u32,
    /// How many of the opponent's cylinders the exchange takes.
    pub take: u8,
    sources: [(Triangle, u8); 6],
    n_sources: u8,
}

impl Landing {
    /// The opponent's cylinders next to the end point (triangle, how many; ascending, none
    /// without): what the exchange takes from. The placement triangle is empty, so it is never
    /// one of them, and the exchanges are the same whichever triangle receives the cylinders.
    pub fn sources(&self) -> &[(Triangle, u8)] {
        &self.sources[..self.n_sources as usize]
    }

    /// How many different exchanges take exactly [`Landing::take`] cylinders from the sources:
    /// the turns of the landing for each place. `take` is at most 3 and at most what the
    /// sources hold, so the count has a closed form: `take` different triangles, or two from
    /// one triangle and one from another, or three from one.
    fn turn_count(&self) -> usize {
        let sources = self.sources();
        let n = sources.len();
        let holding = |c: u8| sources.iter().filter(|&&(_, held)| held >= c).count();
        match self.take {
            0 => 1,
            1 => n,
            2 => n * n.saturating_sub(1) / 2 + holding(2),
            _ => {
                n * n.saturating_sub(1) * n.saturating_sub(2) / 6
                    + holding(2) * n.saturating_sub(1)
                    + holding(3)
            }
        }
    }

    /// Writes every exchange of the landing (every multiset of [`Landing::take`] cylinders
    /// drawn from the sources) into `out`; returns how many, [`Landing::turn_count`] of them. At
    /// most C(6 + 3 - 1, 3) = 56: three cylinders from six triangles.
    fn exchanges(&self, out: &mut [Exchange; 56]) -> usize {
        let sources = self.sources();
        let mut n = 0;
        let mut push = |picked: [Triangle; 3], len: usize| {
            out[n] = Exchange::from_sorted(picked.map(|t| t.0), len);
            n += 1;
        };
        // Loops rather than a recursion (the solver lists turns at most of its positions), in the
        // order of taking as many as may be from the first triangles: `take` is at most 3.
        match self.take {
            0 => push([Triangle(0); 3], 0),
            1 => {
                for &(a, _) in sources {
                    push([a; 3], 1);
                }
            }
            2 => {
                for (i, &(a, held)) in sources.iter().enumerate() {
                    if held >= 2 {
                        push([a; 3], 2);
                    }
                    for &(b, _) in &sources[i + 1..] {
                        push([a, b, b], 2);
                    }
                }
            }
            _ => {
                for (i, &(a, held)) in sources.iter().enumerate() {
                    if held >= 3 {
                        push([a; 3], 3);
                    }
                    if held >= 2 {
                        for &(b, _) in &sources[i + 1..] {
                            push([a, a, b], 3);
                        }
                    }
                    for (j, &(b, held)) in sources.iter().enumerate().skip(i + 1) {
                        if held >= 2 {
                            push([a, b, b], 3);
                        }
                        for &(c, _) in &sources[j + 1..] {
                            push([a, b, c], 3);
                        }
                    }
                }
            }
        }
        n
    }
}

/// Whether a pawn on `from`, with `reserve` cylinders and the other pawn on `other`, can go to a
/// point next to one of the `empty` triangles.
fn pawn_can_move(from: Point, other: Option<Point>, reserve: u8, empty: u32) -> bool {
    let reach = reserve.min(3) as usize;
    reach > 0 && {
        let other = other.map_or(POINTS, |p| p.0 as usize);
        GEOMETRY.reachable[from.0 as usize][other][reach - 1] & empty != 0
    }
}

impl Game for Triangoli {
    type Move = Move;
    const ID: &'static str = "triangoli";
    const NAME: &'static str = "Triangoli";

    fn new(options: &Options) -> Result<Self, OptionsError> {
        options.expect_fixed(Self::NAME, 2)?;
        Ok(Triangoli::start())
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

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(Seat(self.to_move))
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let s = self.sector_score();
        let winner = if s.kept[0] != s.kept[1] {
            Some(usize::from(s.kept[1] > s.kept[0]))
        } else if s.sectors_won[0] != s.sectors_won[1] {
            Some(usize::from(s.sectors_won[1] > s.sectors_won[0]))
        } else {
            None
        };
        Some(winner.map_or(Outcome::DRAW, |w| Outcome::win(Seat(w as u8))))
    }

    /// Cylinders left after sector scoring, once the game is over.
    fn scores(&self) -> Option<Vec<i32>> {
        (self.phase == Phase::Over).then(|| {
            let s = self.sector_score();
            vec![s.kept[0] as i32, s.kept[1] as i32]
        })
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Pass => moves.push(Move::Pass),
            Phase::Setup => moves.extend(
                Point::all()
                    .filter(|&p| self.pawn[1 - self.to_move as usize] != Some(p))
                    .map(Move::Setup),
            ),
            Phase::Turn => self.generate_turns(moves),
        }
    }

    fn play(&mut self, mv: Move) {
        self.last = ForDisplay(Some(mv));
        let me = self.to_move as usize;
        let opp = 1 - me;
        match mv {
            Move::Setup(p) => {
                self.pawn[me] = Some(p);
                if me == 0 {
                    self.to_move = 1;
                } else {
                    self.settle(0);
                }
            }
            Move::Pass => self.settle(opp as u8),
            Move::Turn {
                to,
                triangle,
                exchange,
            } => {
                self.place_and_exchange(to, triangle, exchange);
                self.settle(opp as u8);
            }
        }
    }

    fn position_hash(&self) -> u64 {
        let mut h = 0x5452_4941_4e47_4f4c_u64; // "TRIANGOL"
        for chunk in self.cells.chunks(4) {
            let mut word = 0u64;
            for c in chunk {
                word = word << 16 | (c[0] as u64) << 8 | c[1] as u64;
            }
            h = mix64(h ^ word);
        }
        let pawn = |p: Option<Point>| p.map_or(0xff, |p| p.0) as u64;
        let tail = (self.reserve[0] as u64)
            | (self.reserve[1] as u64) << 8
            | pawn(self.pawn[0]) << 16
            | pawn(self.pawn[1]) << 24
            | (self.to_move as u64) << 32
            | (self.phase as u64) << 40;
        mix64(h ^ tail)
    }

    fn is_legal(&self, mv: Move) -> bool {
        match (self.phase, mv) {
            (
                Phase::Turn,
                Move::Turn {
                    to,
                    triangle,
                    exchange,
                },
            ) => self.is_legal_turn(to, triangle, exchange),
            (Phase::Pass, Move::Pass) => true,
            (Phase::Setup, Move::Setup(p)) => self.pawn[1 - self.to_move as usize] != Some(p),
            _ => false,
        }
    }

    fn why_illegal(&self, mv: Move) -> String {
        self.explain(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way an exchange can meet its sources (one to six triangles holding one to three
    /// opposing cylinders, taking zero to three): the closed form counts what is listed, and
    /// what is listed is that many different exchanges.
    #[test]
    fn the_exchanges_counted_are_those_listed() {
        let mut out = [Exchange::NONE; 56];
        for n in 0..=6usize {
            for held in 0..3usize.pow(n as u32) {
                let mut landing = Landing {
                    to: Point(0),
                    steps: 3,
                    places: 1,
                    take: 0,
                    sources: [(Triangle(0), 0); 6],
                    n_sources: n as u8,
                };
                for i in 0..n {
                    let held = (held / 3usize.pow(i as u32) % 3) as u8 + 1;
                    landing.sources[i] = (Triangle(i as u8), held);
                }
                let total: u8 = landing.sources().iter().map(|&(_, c)| c).sum();
                for take in 0..=3.min(total) {
                    landing.take = take;
                    let listed = landing.exchanges(&mut out);
                    assert_eq!(landing.turn_count(), listed, "{landing:?}");
                    // Each takes `take`, no more from a triangle than it holds, and no two
                    // are the same.
                    for (i, exchange) in out[..listed].iter().enumerate() {
                        assert_eq!(exchange.len(), take as usize);
                        for &(t, held) in landing.sources() {
                            assert!(
                                exchange.triangles().filter(|&x| x == t).count() <= held as usize
                            );
                        }
                        assert!(!out[..i].contains(exchange), "{exchange:?} twice");
                    }
                }
            }
        }
    }
}
