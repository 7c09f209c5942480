//! Alpha-beta for two-player games: negamax with iterative deepening, principal-variation
//! search, a transposition table, and move ordering (the table's move, then the knowledge's move
//! scores, killer moves and the history heuristic).
//!
//! It needs the [`Knowledge::evaluate`] of the game for positions at the search horizon. In
//! *exact* mode ([`AlphaBeta::exact`]) there is no horizon: every line is followed to the end of
//! the game and scored by [`Knowledge::margin`], so the value is the game-theoretic final margin
//! (the exact solver). A seat may move several times in a row (a forced pass, a game whose turn
//! has several actions): the value is negated only where the seat to move changes.
//!
//! An exact search may run on several threads, which share one table: each node on the first
//! line (the first move of every node before it) waits for its first move's value, then hands
//! out the rest of its moves to the threads; once one of them settles the node, the others give
//! up what they were searching for it.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use trigonal_core::{Game, Seat};

use crate::cutoffs::{remember_killer, Cutoffs, History, Killers, END_PLIES};
use crate::knowledge::{Knowledge, WIN};
use crate::{Budget, Thought};

/// Values above this (in absolute value) are wins or losses found by the search.
const WON: i32 = WIN - 10_000;
/// Larger than any value.
const INFINITY: i32 = WIN + 1;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
struct Entry<M> {
    key: u64,
    depth: i16,
    value: i32,
    bound: Bound,
    best: Option<M>,
    /// How much work the entry saves (the plies searched, or the moves left to the end): the
    /// table keeps the weightier of two entries that meet in one slot.
    weight: u16,
}

/// The transposition table: 2^`bits` entries in pairs, each pair behind a lock of its own, so
/// that the threads of one exact search share what each has found (a lock taken without
/// contention costs little next to the node that probes).
struct Table<M> {
    pairs: Box<[Slot<M>]>,
}

/// Two entries that share a slot: one kept for its weight, one always replaced.
type Pair<M> = [Option<Entry<M>>; 2];

/// A pair behind its lock, on a cache line of its own (56 bytes for Triangoli's moves): unaligned,
/// most pairs straddled two lines, and a probe of a table much larger than the cache paid for
/// two misses.
#[repr(align(64))]
struct Slot<M>(Mutex<Pair<M>>);

impl<M: Copy> Table<M> {
    fn new(bits: u32) -> Table<M> {
        let pairs = (0..1usize << (bits.max(1) - 1))
            .map(|_| Slot(Mutex::new([None, None])))
            .collect();
        Table { pairs }
    }

    fn pair(&self, key: u64) -> MutexGuard<'_, Pair<M>> {
        // An entry is written whole under the lock: a panic elsewhere leaves none half written.
        self.pairs[key as usize & (self.pairs.len() - 1)]
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The entry for the position with hash `key`. Each pair keeps one entry for its weight and
    /// one always replaced.
    fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.pair(key)
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores `entry`: over the same position's, else in the kept place when it weighs at least
    /// as much as what is there, else in the always-replaced place.
    fn store(&self, entry: Entry<M>) {
        let mut pair = self.pair(entry.key);
        let place = match *pair {
            [Some(e), _] if e.key == entry.key => 0,
            [_, Some(e)] if e.key == entry.key => 1,
            [Some(e), _] if e.weight > entry.weight => 1,
            _ => 0,
        };
        pair[place] = Some(entry);
    }

    fn clear(&self) {
        for Slot(pair) in &self.pairs {
            *pair.lock().unwrap_or_else(PoisonError::into_inner) = [None, None];
        }
    }
}

/// What a search to one depth found at the root.
#[derive(Clone, Debug)]
pub struct Found<M> {
    /// The best move.
    pub best: M,
    /// Its value from the view of the seat to move.
    pub value: i32,
    /// The depth searched (plies); `u32::MAX` for an exact search.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// An alpha-beta searcher for game `G` with knowledge `K`; the transposition table is kept from
/// search to search.
pub struct AlphaBeta<G: Game, K: Knowledge<G>> {
    knowledge: K,
    /// An exact searcher (see [`AlphaBeta::exact`]).
    exact: bool,
    /// Whether the search running now has no horizon (an exact searcher's ordering pre-pass
    /// has one).
    to_the_end: bool,
    /// Shared with the helper threads of an exact search.
    table: Arc<Table<G::Move>>,
    /// Per ply: move buffer, score buffer, two killer moves.
    buffers: Vec<(Vec<G::Move>, Vec<i32>)>,
    killers: Vec<Killers<G::Move>>,
    history: History,
    nodes: u64,
    /// The positions each root move took in the last pass over the root (see
    /// [`AlphaBeta::solve`]); the next pass tries the root's moves in that order, most first.
    root_effort: Vec<(G::Move, u64)>,
    /// Threads an exact search is split between.
    threads: usize,
    /// The table is not used where [`Knowledge::left`] is at most this.
    table_below: u32,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Set by the thread that settles the node of an [`AlphaBeta::split`] that this searcher
    /// is working for: what it is searching there is no longer needed.
    settled: Option<Arc<std::sync::atomic::AtomicBool>>,
    /// Whether the search running now is the root's test for a draw (see
    /// [`AlphaBeta::result`]).
    draw_test: bool,
    /// A heuristic searcher of its own, made when first needed, that names the likeliest win
    /// below each root move in the draw test (see [`AlphaBeta::result`]).
    likeliest: Option<Box<AlphaBeta<G, K>>>,
}

/// Where [`Knowledge::left`] is at most this, the table is not used (measured on Triangoli
/// endgames: 4 empty triangles did best of 0, 2, 3 and 4).
const TABLE_BELOW: u32 = 4;

/// Nodes on the first line of an exact search on several threads split their moves between the
/// threads where at least this much of the game ([`Knowledge::left`]) is left.
const SPLIT_FROM: u32 = 7;

/// The depth stored with a value searched to the end of the game.
const TO_THE_END: i16 = i16::MAX;

/// The depth of an exact search's pre-pass ([`AlphaBeta::solve`]): one ply, so that the root's
/// first move is the one the evaluation likes best while every node below is ordered by the
/// knowledge's move scores alone. Deeper pre-passes left the table's moves of the heuristic
/// search on the first line, and the search to the end then visited more positions (Triangoli,
/// one thread: 12 empty triangles, 8 of seed 1, 11.8 M positions with depth 1 against 16.6 M
/// with iterative deepening to 8 and 13.1 M without a pre-pass; 20 positions each of 10 and 11
/// empty, 1.5 M and 7.1 M against 3.5 M and 9.8 M; 13 and 14 empty, within 5 % either way).
const PRE_PASS_DEPTH: i32 = 1;

/// The depth of the heuristic search that names the likeliest win below a root move in the
/// root's draw test ([`AlphaBeta::result`]). On the median 14-empty position of seed 1 the one
/// reply that wins against the first root move tried came ninth in the usual order and first
/// at every depth from 2 to 5.
const LIKELIEST_DEPTH: u32 = 4;

/// How far from zero the exact margin of a won or lost position is first looked for
/// ([`AlphaBeta::solve`]), in the knowledge's units: on Triangoli, a win or loss by one
/// cylinder (16) and up to six sectors. A lost 12-empty position whose search on two threads
/// sometimes began with a move losing by four cylinders took 0.47–1.03 s (median 0.84 s in 12
/// runs) searching the whole side of zero and 0.36–0.53 s this way; one thread, the 12-empty
/// sets of seeds 1, 10 and 40 visited 92.0 M positions against 94.5 M (a window to two
/// cylinders, 92.6 M).
const NEAR_MARGIN: i32 = 23;

/// The table of the heuristic search of [`LIKELIEST_DEPTH`]: 2^16 entries.
const LIKELIEST_TABLE_BITS: u32 = 16;

impl<G: Game, K: Knowledge<G>> AlphaBeta<G, K> {
    /// A heuristic searcher with a table of 2^`table_bits` entries.
    pub fn new(knowledge: K, table_bits: u32) -> AlphaBeta<G, K> {
        AlphaBeta {
            knowledge,
            exact: false,
            to_the_end: false,
            table: Arc::new(Table::new(table_bits)),
            buffers: Vec::new(),
            killers: Vec::new(),
            history: History::default(),
            nodes: 0,
            root_effort: Vec::new(),
            threads: 1,
            table_below: TABLE_BELOW,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            settled: None,
            draw_test: false,
            likeliest: None,
        }
    }

    /// An exact searcher: no horizon, values are final margins.
    pub fn exact(knowledge: K, table_bits: u32) -> AlphaBeta<G, K> {
        AlphaBeta {
            exact: true,
            ..AlphaBeta::new(knowledge, table_bits)
        }
    }

    /// Splits exact searches between `threads` threads, sharing one table (see the module
    /// documentation).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// A copy to search beside this one: the same table and ordering statistics.
    fn fork(&self) -> Self {
        AlphaBeta {
            knowledge: self.knowledge.clone(),
            exact: self.exact,
            to_the_end: self.to_the_end,
            table: Arc::clone(&self.table),
            buffers: Vec::new(),
            killers: self.killers.clone(),
            history: self.history.clone(),
            nodes: 0,
            root_effort: Vec::new(),
            threads: 1,
            table_below: self.table_below,
            node_limit: self.node_limit,
            deadline: self.deadline,
            stopped: false,
            settled: None,
            draw_test: self.draw_test,
            likeliest: None,
        }
    }

    /// Clears the table and the ordering statistics.
    pub fn forget(&mut self) {
        self.table.clear();
        self.history.clear();
        self.killers.clear();
        self.likeliest = None;
    }

    /// The exact game-theoretic margin of `position` (not over) for the seat to move, and a
    /// move that achieves it. Only for an [`AlphaBeta::exact`] searcher.
    ///
    /// A one-ply heuristic pre-pass (with the evaluation, when the knowledge has one) puts the
    /// root's best-looking move in the table; then the search to the end: win, draw or loss by
    /// two null-window tests ([`AlphaBeta::result`]), then a win's or a loss's margin on its side
    /// of zero, near it first ([`AlphaBeta::margin`]). (MTD(f) from a deeper pre-pass's guess
    /// visited about twice as many positions on Triangoli endgames.)
    pub fn solve(&mut self, position: &G) -> Found<G::Move> {
        self.solve_until(position, None, u64::MAX)
            .expect("a search without limits finishes")
    }

    /// [`AlphaBeta::solve`], given up (`None`) at `deadline` or after visiting `node_limit`
    /// positions.
    pub fn solve_until(
        &mut self,
        position: &G,
        deadline: Option<Instant>,
        node_limit: u64,
    ) -> Option<Found<G::Move>> {
        let nodes = self.begin_exact(position, deadline, node_limit);
        // First only win, draw or loss; a draw is then exact, a win or loss is searched again
        // on its side of zero only.
        let (result, best) = self.result(position)?;
        let (value, best) = match result {
            0 => (0, best),
            side => self.margin(position, side)?,
        };
        Some(Found {
            best,
            value,
            depth: u32::MAX,
            nodes: nodes + self.nodes,
        })
    }

    /// The exact margin of `position`, won (`side` 1) or lost (`side` -1) for the seat to move,
    /// and a move that keeps it; `None` if stopped. Searched first within [`NEAR_MARGIN`] of
    /// zero, where most margins lie and the narrow window cuts more, then beyond it only if it
    /// lies there.
    fn margin(&mut self, position: &G, side: i32) -> Option<(i32, G::Move)> {
        let (lo, hi) = if side > 0 {
            (0, NEAR_MARGIN)
        } else {
            (-NEAR_MARGIN, 0)
        };
        let (value, best) = self.root_window(position, lo, hi)?;
        if value >= hi {
            self.root_window(position, hi - 1, INFINITY)
        } else if value <= lo {
            self.root_window(position, -INFINITY, lo + 1)
        } else {
            Some((value, best))
        }
    }

    /// Only the result of `position` (not over) for the seat to move, with best play: `1` a win,
    /// `0` a draw, `-1` a loss — the first pass of [`AlphaBeta::solve`], on this searcher's
    /// threads.
    pub fn solve_result(&mut self, position: &G) -> i32 {
        self.begin_exact(position, None, u64::MAX);
        let (result, _) = self
            .result(position)
            .expect("a search without limits finishes");
        result
    }

    /// Whether `position` (not over) is won, drawn or lost for the seat to move (`1`, `0`, `-1`)
    /// and a move that keeps that, from two null-window tests of the root; `None` if stopped.
    ///
    /// First whether it wins: every move is tested against a draw. Failing that, whether it
    /// draws, with the root's moves tried in the order of the positions each took in the first
    /// test, most first: until a drawing move is found, every move tried must be shown to lose,
    /// which costs much more than showing it does not win; and the moves hardest to show not
    /// winning are those that draw (the others are refuted with room to spare). Once one is
    /// found, the table already holds that the others do not win. (One window from -1 to 1 tried
    /// the root's moves in their usual order: on random 14-empty positions the drawing move came
    /// second, third or 21st, after moves that took most of the search to show losing. Testing a
    /// draw first and a win second has the same fault.)
    ///
    /// In the draw test a move is shown losing by a reply that wins, while the reply the table
    /// holds for it, and the killer the first test left, only showed the opponent at least a
    /// draw. So below a root move the replies come in the order likeliest to win: the killer of
    /// this test, the reply that refuted the last move shown losing (on the same thread), which
    /// often refutes the next as well; then the reply a shallow heuristic search likes best;
    /// then the table's; then the usual order (see [`AlphaBeta::node`]). (On a 14-empty position
    /// whose only drawing move came fifth, the four losing moves before it took 14.5 M positions
    /// with the table's reply first, which only drew each time; 10.6 M with the killer first,
    /// of which 8.0 M for the first move, where the one winning reply came ninth; 3.1 M with
    /// the heuristic's reply next, which was that one.)
    fn result(&mut self, position: &G) -> Option<(i32, G::Move)> {
        let (win, winning) = self.root_window(position, 0, 1)?;
        if win >= 1 {
            return Some((1, winning));
        }
        self.begin_draw_test();
        let draw = self.root_window(position, -1, 0);
        self.draw_test = false;
        let (draw, drawing) = draw?;
        Some((if draw >= 0 { 0 } else { -1 }, drawing))
    }

    /// Marks the root's draw test begun (see [`AlphaBeta::result`]). The killers one ply below
    /// the root, replies that only showed the opponent at least a draw, are forgotten: there a
    /// killer is tried before anything else, and only one that won is worth it.
    fn begin_draw_test(&mut self) {
        self.draw_test = true;
        if let Some(killers) = self.killers.get_mut(1) {
            *killers = [None, None];
        }
    }

    /// The move a node `ply` plies below the root tries first, where the table names
    /// `table_move`: at the root after a pass that failed low, the move that took the most
    /// positions in it (see [`AlphaBeta::result`]); else the table's.
    fn leading(&self, ply: usize, table_move: Option<G::Move>) -> Option<G::Move> {
        if ply > 0 {
            return table_move;
        }
        self.root_effort
            .iter()
            .max_by_key(|&&(_, nodes)| nodes)
            .map(|&(mv, _)| mv)
            .or(table_move)
    }

    /// Keeps what each root move took in a pass over the root (`ply` 0), for the next pass,
    /// only when this one failed low: after a pass that did not, the table's move leads.
    fn keep_effort(&mut self, ply: usize, effort: Vec<(G::Move, u64)>, failed_low: bool) {
        if ply == 0 {
            self.root_effort = if failed_low { effort } else { Vec::new() };
        }
    }

    /// For play rather than analysis: a move that keeps the result of `position` (not over) for
    /// the seat to move, from null-window tests only — at least a draw first (quick where it
    /// holds), then a win with the time left. The move, and as its value what is proven of the
    /// position: `1` a win, `0` at least a draw (a win is not ruled out when time ran short), `-1`
    /// a loss. `None` when the first test did not finish by `give_up` or `node_limit`; the second
    /// may go on until `deadline` (a later time: its move is played whatever it finds).
    pub fn keep_result_until(
        &mut self,
        position: &G,
        give_up: Option<Instant>,
        deadline: Option<Instant>,
        node_limit: u64,
    ) -> Option<Found<G::Move>> {
        let nodes = self.begin_exact(position, give_up, node_limit);
        let (draw, drawing) = self.root_window(position, -1, 0)?;
        let found = |best, value, searched| Found {
            best,
            value,
            depth: u32::MAX,
            nodes: nodes + searched,
        };
        if draw < 0 {
            return Some(found(drawing, -1, self.nodes));
        }
        self.deadline = deadline;
        Some(match self.root_window(position, 0, 1) {
            Some((win, winning)) if win >= 1 => found(winning, 1, self.nodes),
            _ => found(drawing, 0, self.nodes),
        })
    }

    /// The start of every exact search of `position`: a heuristic pre-pass of
    /// [`PRE_PASS_DEPTH`] (with the evaluation, when the knowledge has one) that puts the root's
    /// best-looking move in the table, then the search to the end started with what is left of
    /// `node_limit` and the same `deadline`. The positions the pre-pass visited.
    fn begin_exact(&mut self, position: &G, deadline: Option<Instant>, node_limit: u64) -> u64 {
        assert!(self.exact, "an exact search needs an exact searcher");
        self.root_effort.clear();
        let mut nodes = 0;
        if self.knowledge.evaluate(position).is_some() {
            self.start(deadline, node_limit, false);
            self.root(position, PRE_PASS_DEPTH, -INFINITY, INFINITY);
            nodes = self.nodes;
        }
        self.start(deadline, node_limit.saturating_sub(nodes).max(1), true);
        nodes
    }

    /// The exact value of `position` within `lo..hi` (a value at or beyond a bound only says it
    /// is that far), on this searcher's threads, and the best move; `None` if stopped.
    fn root_window(&mut self, position: &G, lo: i32, hi: i32) -> Option<(i32, G::Move)> {
        if self.threads > 1 {
            return self.split(position, 0, lo, hi);
        }
        let (value, best) = self.root(position, TO_THE_END as i32, lo, hi);
        if self.stopped {
            return None;
        }
        Some((value, best.expect("a position that is not over has a move")))
    }

    /// An exact search of `position` (`ply` plies below the root) with its moves split between
    /// threads, as principal-variation splitting does: the first move (the table's, else the
    /// best ordered) is searched alone for a bound — split in the same way where enough of the
    /// game is left below it ([`SPLIT_FROM`]) — then each thread takes the next move, tests it
    /// with a null window against the best value so far (shared), and searches it fully only
    /// when it beats it. The threads share the table. The value within `lo..hi` and the best
    /// move (the positions visited are added to this searcher's); `None` if stopped.
    fn split(&mut self, position: &G, ply: usize, lo: i32, hi: i32) -> Option<(i32, G::Move)> {
        use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
        self.nodes += 1;
        let me = position.to_move().expect("a position that is not over");
        let key = position.position_hash();
        let entry = self.probe(key);
        if let Some(Entry {
            value,
            bound,
            best: Some(best),
            ..
        }) = entry.filter(|e| ply > 0 && e.depth == TO_THE_END)
        {
            let value = from_table(value, ply);
            let settled = match bound {
                Bound::Exact => true,
                Bound::Lower => value >= hi,
                Bound::Upper => value <= lo,
            };
            if settled {
                return Some((value, best));
            }
        }
        let mut moves = Vec::new();
        self.knowledge.search_moves(position, &mut moves);
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let mut scores = Vec::new();
        self.order(
            position,
            &moves,
            &mut scores,
            self.leading(ply, entry.and_then(|e| e.best)),
            ply,
        );
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
        let moves: Vec<G::Move> = order.into_iter().map(|i| moves[i]).collect();
        // The root's test for a draw after the test for a win failed (see `result`) expects
        // several moves to be shown losing before one draws: showing a move loses is a proof
        // the threads share badly, so there each thread takes moves from the start.
        let together = ply == 0 && self.draw_test;
        let (first, effort) = if together {
            (-INFINITY, Mutex::new(Vec::new()))
        } else {
            let before = self.nodes;
            let first = self.first_value(position, me, moves[0], ply, lo, hi)?;
            (first, Mutex::new(vec![(moves[0], self.nodes - before)]))
        };
        let (value, best) = if first >= hi {
            (first, moves[0])
        } else {
            let alpha = AtomicI32::new(first.max(lo));
            let best = Mutex::new((first, moves[0]));
            let next = AtomicUsize::new(if together { 0 } else { 1 });
            let stopped = AtomicBool::new(false);
            let nodes = AtomicU64::new(self.nodes);
            // A null-window node is settled by the first move that cuts it off: the other
            // thread's search, no longer needed, is then given up.
            let settled = Arc::new(AtomicBool::new(false));
            let work = |searcher: &mut Self| {
                searcher.nodes = 0;
                searcher.settled = Some(Arc::clone(&settled));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let a = alpha.load(Ordering::Relaxed);
                    if i >= moves.len() || a >= hi || stopped.load(Ordering::Relaxed) {
                        break;
                    }
                    let mv = moves[i];
                    let mut child = position.clone();
                    child.play(mv);
                    let before = searcher.nodes;
                    let mut v = searcher.child_value(&child, me, ply, a, a + 1);
                    if v > a && v < hi && a + 1 < hi && !searcher.stopped {
                        v = searcher.child_value(&child, me, ply, a, hi);
                    }
                    if searcher.stopped {
                        if settled.load(Ordering::Relaxed) {
                            searcher.stopped = false;
                        } else {
                            stopped.store(true, Ordering::Relaxed);
                        }
                        break;
                    }
                    if ply == 0 {
                        effort
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push((mv, searcher.nodes - before));
                    }
                    let mut b = best.lock().unwrap_or_else(PoisonError::into_inner);
                    if v > b.0 {
                        *b = (v, mv);
                        alpha.fetch_max(v, Ordering::Relaxed);
                        if v >= hi {
                            settled.store(true, Ordering::Relaxed);
                        }
                    }
                }
                searcher.settled = None;
                nodes.fetch_add(searcher.nodes, Ordering::Relaxed);
            };
            let mut helpers: Vec<Self> = (1..self.threads).map(|_| self.fork()).collect();
            std::thread::scope(|scope| {
                for helper in &mut helpers {
                    scope.spawn(|| work(helper));
                }
                work(self);
            });
            self.nodes = nodes.load(Ordering::Relaxed);
            if stopped.load(Ordering::Relaxed) {
                self.stopped = true;
                return None;
            }
            best.into_inner().unwrap_or_else(PoisonError::into_inner)
        };
        let effort = effort.into_inner().unwrap_or_else(PoisonError::into_inner);
        self.keep_effort(ply, effort, value <= lo);
        let bound = if value <= lo {
            Bound::Upper
        } else if value >= hi {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let weight = self.knowledge.left(position).unwrap_or(u32::MAX);
        self.table.store(Entry {
            key,
            depth: TO_THE_END,
            value: to_table(value, ply),
            bound,
            best: Some(best),
            weight: weight.min(u16::MAX as u32) as u16,
        });
        Some((value, best))
    }

    /// The value for `me` of the first move `mv` of a [`AlphaBeta::split`] node: split again
    /// where enough is left below it, else searched by this thread alone; `None` if stopped.
    fn first_value(
        &mut self,
        position: &G,
        me: Seat,
        mv: G::Move,
        ply: usize,
        lo: i32,
        hi: i32,
    ) -> Option<i32> {
        let mut child = position.clone();
        child.play(mv);
        let far = self
            .knowledge
            .left(&child)
            .is_some_and(|left| left >= SPLIT_FROM);
        let value = match child.to_move() {
            Some(s) if far && s == me => self.split(&child, ply + 1, lo, hi)?.0,
            Some(_) if far => -self.split(&child, ply + 1, -hi, -lo)?.0,
            _ => self.child_value(&child, me, ply, lo, hi),
        };
        (!self.stopped).then_some(value)
    }

    /// The value of `child`, a position one move below one `ply` plies below the root where
    /// `me` was to move, for `me`, searched to the end with the window `lo..hi` from `me`'s view.
    fn child_value(&mut self, child: &G, me: Seat, ply: usize, lo: i32, hi: i32) -> i32 {
        let mut ignored = None;
        let end = TO_THE_END as i32;
        match child.to_move() {
            None => self.terminal(child, me, ply + 1),
            Some(s) if s == me => self.node(child, end, ply + 1, lo, hi, &mut ignored),
            Some(_) => -self.node(child, end, ply + 1, -hi, -lo, &mut ignored),
        }
    }

    /// Whether the seat to move can force at least `at_least` (a final margin): one null-window
    /// search, much quicker than [`AlphaBeta::solve`]. Only for an exact searcher.
    pub fn solve_at_least(&mut self, position: &G, at_least: i32) -> bool {
        self.solve_at_least_until(position, at_least, None)
            .expect("a search without a deadline finishes")
    }

    /// [`AlphaBeta::solve_at_least`], given up (`None`) at `deadline`.
    pub fn solve_at_least_until(
        &mut self,
        position: &G,
        at_least: i32,
        deadline: Option<Instant>,
    ) -> Option<bool> {
        assert!(self.exact, "solve_at_least needs an exact searcher");
        self.start(deadline, u64::MAX, true);
        let (value, _) = self.root(position, TO_THE_END as i32, at_least - 1, at_least);
        (!self.stopped).then_some(value >= at_least)
    }

    /// Searches `position` (not over) to `depth` plies exactly (no time limit).
    pub fn search_depth(&mut self, position: &G, depth: u32) -> Found<G::Move> {
        self.start(None, u64::MAX, false);
        let (value, best) = self.root(position, depth as i32, -INFINITY, INFINITY);
        Found {
            best: best.expect("a position that is not over has a move"),
            value,
            depth,
            nodes: self.nodes,
        }
    }

    /// Iterative deepening within `budget` (an iteration budget counts positions visited): the
    /// result of the deepest completed depth, or of a deeper one whose first move was beaten. An
    /// exact searcher solves instead, whatever the budget.
    pub fn search(&mut self, position: &G, budget: Budget) -> Thought<G::Move> {
        let began = Instant::now();
        let found = if self.exact {
            Some(self.solve(position))
        } else {
            match budget {
                Budget::Time(t) => self.start(began.checked_add(t), u64::MAX, false),
                Budget::Iterations(n) => self.start(None, n.max(1), false),
            }
            let mut found = None;
            for depth in 1..=64 {
                let (value, best) = self.root(position, depth, -INFINITY, INFINITY);
                if let Some(best) = best {
                    found = Some(Found {
                        best,
                        value,
                        depth: depth as u32,
                        nodes: self.nodes,
                    });
                }
                if self.stopped || value.abs() >= WON {
                    break;
                }
            }
            found
        };
        let found = found.unwrap_or_else(|| {
            // Not even depth 1 finished: the first move searched.
            let mut moves = Vec::new();
            self.knowledge.search_moves(position, &mut moves);
            Found {
                best: moves[0],
                value: 0,
                depth: 0,
                nodes: self.nodes,
            }
        });
        self.thought(position, found, began)
    }

    /// What a search that began at `began` and found `found` in `position` tells a person.
    pub fn thought(&self, position: &G, found: Found<G::Move>, began: Instant) -> Thought<G::Move> {
        let seat = position.to_move().expect("search on a finished game");
        let players = position.players();
        let p = win_probability(found.value, self.exact);
        let shares = (0..players)
            .map(|s| if Seat(s as u8) == seat { p } else { 1.0 - p })
            .collect();
        let proven = self.exact || found.value.abs() >= WON;
        let depth = if self.exact {
            "to the end".to_string()
        } else {
            format!("depth {}", found.depth)
        };
        Thought {
            best: found.best,
            shares,
            score: Some(found.value),
            proven,
            detail: format!(
                "{depth}, {} nodes in {:.2} s, value {}",
                found.nodes,
                began.elapsed().as_secs_f64(),
                describe(found.value, self.exact)
            ),
        }
    }

    fn start(&mut self, deadline: Option<Instant>, node_limit: u64, to_the_end: bool) {
        self.to_the_end = to_the_end;
        self.nodes = 0;
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.stopped = false;
        self.history.age();
    }

    /// The root of one iteration: the value and the best move found (`None` if stopped before
    /// the first move was searched).
    fn root(&mut self, position: &G, depth: i32, alpha: i32, beta: i32) -> (i32, Option<G::Move>) {
        let mut best = None;
        let value = self.node(position, depth, 0, alpha, beta, &mut best);
        (value, best)
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(1024) {
            if let Some(settled) = &self.settled {
                if settled.load(std::sync::atomic::Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// The value of a finished `position` for `seat`, found `ply` plies below the root.
    fn terminal(&self, position: &G, seat: Seat, ply: usize) -> i32 {
        let margin = self.knowledge.margin(position, seat);
        if self.to_the_end {
            margin
        } else {
            match margin.signum() {
                1 => WIN - ply as i32,
                -1 => -(WIN - ply as i32),
                _ => 0,
            }
        }
    }

    /// Negamax with alpha-beta over `position` (not over) from the view of its seat to move.
    /// `best` receives the best move when one was fully searched.
    fn node(
        &mut self,
        position: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        best: &mut Option<G::Move>,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let me = position.to_move().expect("node on a finished game");
        if self.killers.len() < ply + END_PLIES {
            self.killers.resize(ply + END_PLIES, [None, None]);
        }
        // How much of the game is left: asked once, since the node decides several things by it.
        let left = self.knowledge.left(position);
        // The heuristic search settles the end only where it lies within its horizon: beyond,
        // the evaluation is the cheaper answer it asks for.
        let settle = self.to_the_end || left.is_some_and(|left| left as i32 <= depth);
        if ply > 0 && settle {
            // Exact search asks within its window; the heuristic one needs the margin's sign.
            let (lo, hi) = if self.to_the_end {
                (alpha, beta)
            } else {
                (-1, 1)
            };
            let mut cutoffs = Cutoffs {
                killers: (&mut self.killers[ply..ply + END_PLIES])
                    .try_into()
                    .expect("killers for the plies below"),
                history: &mut self.history,
            };
            if let Some(margin) = self.knowledge.end_margin(position, lo, hi, &mut cutoffs) {
                return if self.to_the_end {
                    margin
                } else {
                    margin.signum() * (WIN - ply as i32 - 1)
                };
            }
        }
        if depth <= 0 && !self.to_the_end {
            return self
                .knowledge
                .evaluate(position)
                .expect("alpha-beta needs an evaluation");
        }
        let use_table = left.is_none_or(|left| left > self.table_below);
        let key = if use_table {
            position.position_hash()
        } else {
            0
        };
        let mut table_move = None;
        // Below a root move in the root's draw test: the opponent's replies that only drew in
        // the test for a win (the table's, the killers it left) wait for likelier wins.
        let seeking_win = ply == 1 && self.draw_test;
        if let Some(e) = self.probe(key).filter(|_| use_table) {
            table_move = e.best;
            let usable = if self.to_the_end {
                e.depth == TO_THE_END
            } else {
                e.depth != TO_THE_END && e.depth as i32 >= depth
            };
            if ply > 0 && usable {
                let v = from_table(e.value, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    *best = e.best;
                    return v;
                }
            }
        }
        table_move = self.leading(ply, table_move);
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Default::default);
        }
        let (mut moves, mut scores) = std::mem::take(&mut self.buffers[ply]);
        let mut effort = Vec::new();
        // Staged in an exact search: the table's move, else the killer (only the killer where
        // `seeking_win`), is searched before the moves are listed, since there it cuts off most
        // nodes it is tried in, and listing and ordering the moves would be work thrown away.
        let staged = if self.to_the_end {
            let killer = self.killers[ply][0];
            let first = if seeking_win {
                killer
            } else {
                table_move.or(killer)
            };
            first.filter(|&mv| position.is_legal(mv))
        } else {
            None
        };
        let mut listed = false;
        let mut next = 0;
        let original_alpha = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for tried in 0.. {
            let mv = match staged {
                Some(mv) if tried == 0 => mv,
                _ => {
                    if !listed {
                        listed = true;
                        self.knowledge.search_moves(position, &mut moves);
                        if let Some(cut) = self.child_cut(position, me, &moves, ply, beta, left) {
                            self.buffers[ply] = (moves, scores);
                            *best = Some(cut.1);
                            return cut.0;
                        }
                        self.order(position, &moves, &mut scores, table_move, ply);
                        if seeking_win {
                            // The table's move, ordered first, gives way to the likeliest win.
                            let likeliest = self.likeliest_win(position);
                            for (mv, score) in moves.iter().zip(scores.iter_mut()) {
                                if Some(*mv) == likeliest {
                                    *score = i32::MAX;
                                } else if Some(*mv) == table_move {
                                    *score = i32::MAX - 1;
                                }
                            }
                        }
                    }
                    // Selection sort: the next best-scored move, but the one already searched.
                    let mut found = None;
                    while next < moves.len() {
                        let j = (next..moves.len())
                            .max_by_key(|&j| scores[j])
                            .expect("next < len");
                        moves.swap(next, j);
                        scores.swap(next, j);
                        next += 1;
                        if Some(moves[next - 1]) != staged {
                            found = Some(moves[next - 1]);
                            break;
                        }
                    }
                    match found {
                        Some(mv) => mv,
                        None => break,
                    }
                }
            };
            let mut child = position.clone();
            child.play(mv);
            let mut ignored = None;
            let mut search = |this: &mut Self, lo: i32, hi: i32| -> i32 {
                match child.to_move() {
                    None => this.terminal(&child, me, ply + 1),
                    Some(s) if s == me => {
                        this.node(&child, depth - 1, ply + 1, lo, hi, &mut ignored)
                    }
                    Some(_) => -this.node(&child, depth - 1, ply + 1, -hi, -lo, &mut ignored),
                }
            };
            let before = self.nodes;
            let value = if tried == 0 {
                search(self, alpha, beta)
            } else {
                let v = search(self, alpha, alpha + 1);
                if v > alpha && v < beta && !self.stopped {
                    search(self, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                break;
            }
            if ply == 0 {
                effort.push((mv, self.nodes - before));
            }
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
                if ply == 0 {
                    *best = Some(mv);
                }
            }
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    remember_killer(&mut self.killers[ply], mv);
                    let saved = if self.to_the_end {
                        left.unwrap_or(1)
                    } else {
                        depth.max(1) as u32
                    };
                    self.history.reward(&mv, saved);
                    break;
                }
            }
        }
        self.buffers[ply] = (moves, scores);
        self.keep_effort(ply, effort, best_value <= original_alpha);
        if self.stopped {
            return best_value.max(alpha);
        }
        if ply > 0 {
            *best = best_move;
        }
        if !use_table {
            return best_value;
        }
        let bound = if best_value <= original_alpha {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let depth = if self.to_the_end {
            TO_THE_END as i32
        } else {
            depth.min(TO_THE_END as i32 - 1)
        };
        let weight = if self.to_the_end {
            left.unwrap_or(u32::MAX)
        } else {
            depth as u32
        }
        .min(u16::MAX as u32) as u16;
        self.table.store(Entry {
            key,
            depth: depth as i16,
            value: to_table(best_value, ply),
            bound,
            best: best_move,
            weight,
        });
        best_value
    }

    /// An enhanced transposition cut-off: in an exact search, far enough from the end that the
    /// children are in the table, a child whose stored value already proves the node worth at
    /// least `beta` for `me` settles it without a search. That value and the move; `left` is
    /// the node's [`Knowledge::left`].
    fn child_cut(
        &self,
        position: &G,
        me: Seat,
        moves: &[G::Move],
        ply: usize,
        beta: i32,
        left: Option<u32>,
    ) -> Option<(i32, G::Move)> {
        // Far enough from the end implies the node uses the table.
        let far = left.is_some_and(|left| left > self.table_below + 2);
        if !(self.to_the_end && ply > 0 && far) {
            return None;
        }
        for &mv in moves {
            let mut child = position.clone();
            child.play(mv);
            if child.to_move().is_none() {
                continue;
            }
            match self.stored_child_value(&child, me, ply) {
                Some((v, Bound::Exact | Bound::Lower)) if v >= beta => return Some((v, mv)),
                _ => {}
            }
        }
        None
    }

    /// What the table holds of `child`'s exact value (one move below a node `ply` plies below
    /// the root where `me` is to move), seen from `me`: the value and whether it is exact, at
    /// least (`Lower`) or at most (`Upper`) that. A finished `child` is exact.
    fn stored_child_value(&self, child: &G, me: Seat, ply: usize) -> Option<(i32, Bound)> {
        let Some(seat) = child.to_move() else {
            return Some((self.terminal(child, me, ply + 1), Bound::Exact));
        };
        let e = self
            .probe(child.position_hash())
            .filter(|e| e.depth == TO_THE_END)?;
        let v = from_table(e.value, ply + 1);
        Some(match (seat == me, e.bound) {
            (true, bound) => (v, bound),
            (false, Bound::Exact) => (-v, Bound::Exact),
            (false, Bound::Lower) => (-v, Bound::Upper),
            (false, Bound::Upper) => (-v, Bound::Lower),
        })
    }

    /// The moves of `position` (not over) that the table proves lose for its seat to move (a
    /// final margin below zero): after an exact search that stopped short, the root moves it
    /// had settled, so that a search taking over need not try them.
    pub fn losing_moves(&self, position: &G) -> Vec<G::Move> {
        let me = position.to_move().expect("a position that is not over");
        let mut moves = Vec::new();
        self.knowledge.search_moves(position, &mut moves);
        moves.retain(|&mv| {
            let mut child = position.clone();
            child.play(mv);
            matches!(
                self.stored_child_value(&child, me, 0),
                Some((v, Bound::Exact | Bound::Upper)) if v < 0
            )
        });
        moves
    }

    fn probe(&self, key: u64) -> Option<Entry<G::Move>> {
        self.table.probe(key)
    }

    /// The move a heuristic search of [`LIKELIEST_DEPTH`] finds best in `position` (not over),
    /// on a searcher and table of its own; `None` when the knowledge has no evaluation. Its
    /// positions count to this searcher's.
    fn likeliest_win(&mut self, position: &G) -> Option<G::Move> {
        self.knowledge.evaluate(position)?;
        let knowledge = self.knowledge.clone();
        let searcher = self
            .likeliest
            .get_or_insert_with(|| Box::new(AlphaBeta::new(knowledge, LIKELIEST_TABLE_BITS)));
        let found = searcher.search_depth(position, LIKELIEST_DEPTH);
        self.nodes += found.nodes;
        Some(found.best)
    }

    /// Scores `moves` for ordering: the table's move first, then the knowledge's scores, the
    /// killers, the history.
    fn order(
        &self,
        position: &G,
        moves: &[G::Move],
        scores: &mut Vec<i32>,
        table_move: Option<G::Move>,
        ply: usize,
    ) {
        scores.clear();
        if ply == 0 && !self.root_effort.is_empty() {
            let effort = |mv: &G::Move| {
                self.root_effort
                    .iter()
                    .find(|(m, _)| m == mv)
                    .map_or(0, |&(_, nodes)| nodes.min(i32::MAX as u64) as i32)
            };
            scores.extend(moves.iter().map(effort));
            return;
        }
        if !self.knowledge.move_scores(position, moves, scores) {
            scores.clear();
            scores.resize(moves.len(), 0);
        }
        let killers = self.killers[ply];
        for (mv, score) in moves.iter().zip(scores.iter_mut()) {
            if Some(*mv) == table_move {
                *score = i32::MAX;
                continue;
            }
            if killers[0] == Some(*mv) {
                *score = score.saturating_add(1 << 20);
            } else if killers[1] == Some(*mv) {
                *score = score.saturating_add(1 << 19);
            }
            let h = self.history.score(mv) as i32;
            *score = score.saturating_add(h);
        }
    }
}

/// Win/loss values are stored relative to the node, so that they mean the same at any ply.
fn to_table(value: i32, ply: usize) -> i32 {
    if value >= WON {
        value + ply as i32
    } else if value <= -WON {
        value - ply as i32
    } else {
        value
    }
}

fn from_table(value: i32, ply: usize) -> i32 {
    if value >= WON {
        value - ply as i32
    } else if value <= -WON {
        value + ply as i32
    } else {
        value
    }
}

/// A value as a probability of winning, for reports: the exact sign in exact mode, a logistic
/// curve on the evaluation otherwise (about 0.73 at +100).
fn win_probability(value: i32, exact: bool) -> f64 {
    if exact {
        return match value.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        };
    }
    if value >= WON {
        1.0
    } else if value <= -WON {
        0.0
    } else {
        1.0 / (1.0 + (-(value as f64) / 100.0).exp())
    }
}

/// A value in words.
fn describe(value: i32, exact: bool) -> String {
    if exact {
        format!("final margin {value:+}")
    } else if value >= WON {
        format!("win in {} plies", WIN - value)
    } else if value <= -WON {
        format!("loss in {} plies", WIN + value)
    } else {
        format!("{value:+}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::NoKnowledge;
    use crate::toy::{played, Choice, Pick, Pile, Take};

    #[test]
    fn a_proven_win_is_found_and_a_forced_loss_is_seen() {
        let mut search = AlphaBeta::exact(NoKnowledge, 10);
        // 7 stones: take 1, leaving a multiple of three.
        let found = search.solve(&Pile::of(7));
        assert_eq!(found.best, Take(1));
        assert!(found.value > 0, "{}", found.value);
        // 8: take 2.
        assert_eq!(search.solve(&Pile::of(8)).best, Take(2));
        // 9: every move loses.
        let lost = search.solve(&Pile::of(9));
        assert!(lost.value < 0, "{}", lost.value);
        for n in 1..=20 {
            assert_eq!(
                search.solve_at_least(&Pile::of(n), 1),
                n % 3 != 0,
                "{n} stones"
            );
        }
    }

    /// The pile's size as what is left, so that searches of large piles split between threads.
    #[derive(Clone)]
    struct Stones;

    impl Knowledge<Pile> for Stones {
        fn name(&self) -> &'static str {
            "stones"
        }
        fn left(&self, position: &Pile) -> Option<u32> {
            Some(position.stones)
        }
    }

    #[test]
    fn threads_that_split_the_first_line_find_every_value_and_share_one_table() {
        let mut search = AlphaBeta::exact(Stones, 12).with_threads(2);
        for n in (1..=40).rev() {
            let found = search.solve(&Pile::of(n));
            assert_eq!(found.value, if n % 3 == 0 { -1 } else { 1 }, "{n} stones");
            if n % 3 != 0 {
                assert_eq!(found.best, Take(n % 3), "{n} stones");
            }
        }
        // A split node stores its value: the root of 40 stones, and the pile on its first line
        // after the winning move (taking one), split again there.
        search.forget();
        search.solve(&Pile::of(40));
        for (stones, to_move) in [(40, 0), (39, 1)] {
            let pile = Pile { stones, to_move };
            let e = search
                .probe(pile.position_hash())
                .expect("a split node stored");
            assert_eq!(e.depth, TO_THE_END, "{stones} stones");
            assert!(e.best.is_some(), "{stones} stones");
        }
        // A helper thread's searcher writes into the very table the searcher it came from reads.
        let mut helper = search.fork();
        search.forget();
        assert!(helper.solve_at_least(&Pile::of(20), 1));
        let e = search
            .probe(Pile::of(20).position_hash())
            .expect("the helper's entry");
        assert_eq!(e.bound, Bound::Lower);
    }

    #[test]
    fn after_a_pass_that_fails_low_the_root_tries_first_the_moves_that_took_longest() {
        // 9 stones: every move loses, so the test for a win fails low and times both moves.
        let pile = Pile::of(9);
        let mut search = AlphaBeta::exact(Stones, 12);
        search.begin_exact(&pile, None, u64::MAX);
        let before = search.nodes;
        let (value, _) = search.root_window(&pile, 0, 1).expect("no limits");
        assert!(value <= 0, "{value}");
        let mut timed: Vec<Take> = search.root_effort.iter().map(|&(mv, _)| mv).collect();
        timed.sort_by_key(|t| t.0);
        assert_eq!(timed, [Take(1), Take(2)], "each root move once");
        // Every position below the root counted to the move it was searched under.
        let counted: u64 = search.root_effort.iter().map(|&(_, n)| n).sum();
        assert_eq!(counted, search.nodes - before - 1);
        // The next pass orders the root's moves by those counts alone, and stages the most.
        let moves = [Take(1), Take(2)];
        let mut scores = Vec::new();
        search.order(&pile, &moves, &mut scores, None, 0);
        let effort = |t: Take| search.root_effort.iter().find(|e| e.0 == t).unwrap().1 as i32;
        assert_eq!(scores, [effort(Take(1)), effort(Take(2))]);
        let most = search.leading(0, None).expect("timed moves");
        assert!(moves.iter().all(|&t| effort(t) <= effort(most)));
        // A pass that does not fail low leaves the next to the table's move and the usual order.
        let (value, _) = search
            .root_window(&pile, -INFINITY, INFINITY)
            .expect("no limits");
        assert_eq!(value, -1);
        assert!(search.root_effort.is_empty());
        // Win, draw or loss by the two tests, on one thread and two.
        for threads in [1, 2] {
            let mut search = AlphaBeta::exact(Stones, 12).with_threads(threads);
            for n in 1..=40 {
                let expected = if n % 3 == 0 { -1 } else { 1 };
                assert_eq!(search.solve_result(&Pile::of(n)), expected, "{n} stones");
            }
        }
    }

    #[test]
    fn the_draw_test_tries_first_the_reply_that_refuted_the_last_move_shown_losing() {
        // Rows 0 and 1 lose to reply 0 and draw against reply 1; row 2 draws against both. (Of
        // moves ordered alike, the search tries the last listed first.)
        const RESULTS: &[&[i8]] = &[&[-1, 0], &[-1, 0], &[0, 0]];
        let root = Choice::of(RESULTS);
        let mut search = AlphaBeta::exact(NoKnowledge, 10);
        search.begin_exact(&root, None, u64::MAX);
        // The test for a win: each row shown not to win by reply 1, which the table keeps.
        let (win, _) = search.root_window(&root, 0, 1).expect("no limits");
        assert_eq!(win, 0);
        // The test for a draw, the rows in the order 0, 1, 2.
        search.root_effort = vec![(Pick(0), 3), (Pick(1), 2), (Pick(2), 1)];
        played();
        search.begin_draw_test();
        let (draw, drawing) = search.root_window(&root, -1, 0).expect("no limits");
        assert_eq!((draw, drawing), (0, Pick(2)));
        // Row 0: no killer yet (the first test's is forgotten), and no evaluation to name a
        // likelier win: the table's reply 1 draws, reply 0 wins.
        // Row 1: reply 0 at once, not the table's reply 1. Row 2: both replies draw.
        let rows_and_replies: Vec<u8> = played().into_iter().map(|p| p.0).collect();
        assert_eq!(rows_and_replies, [0, 1, 0, 1, 0, 2, 0, 1]);
        // Both tests through `result`, on one thread and two.
        for threads in [1, 2] {
            let mut search = AlphaBeta::exact(NoKnowledge, 10).with_threads(threads);
            assert_eq!(search.solve_result(&root), 0, "{threads} threads");
            assert!(!search.draw_test);
        }
    }

    /// Knowledge of [`Choice`] with a flat evaluation, so that a heuristic search sees only the
    /// game's ends.
    #[derive(Clone)]
    struct Judged;

    impl Knowledge<Choice> for Judged {
        fn name(&self) -> &'static str {
            "judged"
        }
        fn evaluate(&self, _: &Choice) -> Option<i32> {
            Some(0)
        }
    }

    #[test]
    fn the_draw_test_tries_the_heuristic_searchs_best_reply_before_the_tables() {
        // Row 0 loses to reply 0 alone; row 1 draws against every reply. (Of moves ordered
        // alike, the search tries the last listed first.)
        const RESULTS: &[&[i8]] = &[&[-1, 0, 0], &[0, 0, 0]];
        let root = Choice::of(RESULTS);
        let mut search = AlphaBeta::exact(Judged, 10);
        search.begin_exact(&root, None, u64::MAX);
        // The test for a win: each row shown not to win by reply 2, which the table keeps and
        // the killers hold.
        let (win, _) = search.root_window(&root, 0, 1).expect("no limits");
        assert_eq!(win, 0);
        assert_eq!(search.killers[1][0], Some(Pick(2)));
        search.root_effort = vec![(Pick(0), 2), (Pick(1), 1)];
        played();
        search.begin_draw_test();
        let (draw, drawing) = search.root_window(&root, -1, 0).expect("no limits");
        assert_eq!((draw, drawing), (0, Pick(1)));
        // The heuristic search plays each reply below a row once (its depth reaches the end).
        let heuristic = [2, 0, 1];
        // Row 0: no killer yet (the first test's is forgotten); the heuristic search names
        // reply 0, which wins at once, before the table's reply 2, which only draws.
        let row_0 = [&[0][..], &heuristic, &[0]].concat();
        // Row 1: the killer, reply 0, then the heuristic's (all draw: the first it searched),
        // then the one left.
        let row_1 = [&[1, 0][..], &heuristic, &[2, 1]].concat();
        let log: Vec<u8> = played().into_iter().map(|p| p.0).collect();
        assert_eq!(log, [row_0, row_1].concat());
        // Both tests through `result`, on one thread and two.
        for threads in [1, 2] {
            let mut search = AlphaBeta::exact(Judged, 10).with_threads(threads);
            assert_eq!(search.solve_result(&root), 0, "{threads} threads");
        }
    }

    /// Knowledge of [`Choice`] that scores its ends by their results, as margins for the first
    /// seat.
    #[derive(Clone)]
    struct Scored;

    impl Knowledge<Choice> for Scored {
        fn name(&self) -> &'static str {
            "scored"
        }
        fn margin(&self, position: &Choice, seat: Seat) -> i32 {
            let (row, column) = (position.row.expect("over"), position.column.expect("over"));
            let result = i32::from(position.results[row as usize][column as usize]);
            if seat == Seat(0) {
                result
            } else {
                -result
            }
        }
    }

    #[test]
    fn a_margin_beyond_the_first_window_is_searched_again_beyond_it() {
        // Each row is worth its smaller result (the reply picks it); the best row's is the
        // margin. (Of moves ordered alike, the search tries the last listed first: so the first
        // window is left by a row or a reply short of the best, which only the search beyond it
        // finds.)
        const N: i8 = NEAR_MARGIN as i8;
        let cases: [(&'static [&'static [i8]], i32, u8); 6] = [
            (&[&[50, 50], &[30, 30]], 50, 0),
            (&[&[-50, -30]], -50, 0),
            (&[&[5, 7], &[N - 1, 90]], NEAR_MARGIN - 1, 1),
            (&[&[N, N], &[2, 9]], NEAR_MARGIN, 0),
            (&[&[-N, 0], &[-90, 1]], -NEAR_MARGIN, 0),
            (&[&[-N + 1, -2]], 1 - NEAR_MARGIN, 0),
        ];
        for (results, margin, best) in cases {
            for threads in [1, 2] {
                let mut search = AlphaBeta::exact(Scored, 10).with_threads(threads);
                let found = search.solve(&Choice::of(results));
                assert_eq!(
                    (found.value, found.best),
                    (margin, Pick(best)),
                    "{results:?}"
                );
            }
        }
    }

    #[test]
    fn a_search_for_a_split_node_already_settled_gives_up_within_a_thousand_positions() {
        // No table: a pile of 40 stones is a tree of millions of positions.
        let mut search = AlphaBeta::exact(Stones, 12);
        search.table_below = 1_000;
        let settled = Arc::new(std::sync::atomic::AtomicBool::new(true));
        search.settled = Some(Arc::clone(&settled));
        search.start(None, u64::MAX, true);
        search.root(&Pile::of(40), TO_THE_END as i32, 0, 1);
        assert!(search.stopped);
        assert!(search.nodes <= 1024, "{} positions", search.nodes);
        // Not settled, it searches to the end.
        settled.store(false, std::sync::atomic::Ordering::Relaxed);
        search.start(None, u64::MAX, true);
        let (value, best) = search.root(&Pile::of(14), TO_THE_END as i32, -INFINITY, INFINITY);
        assert!(!search.stopped);
        assert_eq!((value, best), (1, Some(Take(2))));
    }

    #[test]
    fn the_losing_moves_are_those_the_table_proves_losing_even_after_a_stop() {
        // 9 stones: both moves leave the opponent a pile it wins; both are searched and stored.
        let mut search = AlphaBeta::exact(NoKnowledge, 10);
        search.solve(&Pile::of(9));
        assert_eq!(search.losing_moves(&Pile::of(9)).len(), 2);
        // Taking the last two stones finishes the game and wins: never a losing move.
        search.solve(&Pile::of(2));
        assert_eq!(search.losing_moves(&Pile::of(2)), vec![Take(1)]);
        // Whatever a search stopped early by a node limit, on one thread or two, had settled:
        // a move it names loses (it leaves a pile that is no multiple of three).
        for threads in [1, 2] {
            let mut named = 0;
            for (n, limit) in (10..70).zip((5..).step_by(7)) {
                let mut search = AlphaBeta::exact(Stones, 12).with_threads(threads);
                let _ = search.keep_result_until(&Pile::of(n), None, None, limit);
                for Take(t) in search.losing_moves(&Pile::of(n)) {
                    assert_ne!((n - t) % 3, 0, "{n} stones, {limit} nodes: take {t}");
                    named += 1;
                }
            }
            assert!(named > 0, "some stopped searches settled a move");
        }
    }

    #[test]
    fn a_depth_limited_search_prefers_the_quickest_win() {
        let mut search = AlphaBeta::new(NoKnowledge, 10);
        // 2 stones: taking both wins now; taking one loses.
        let found = search.search_depth(&Pile::of(2), 4);
        assert_eq!(found.best, Take(2));
        assert_eq!(found.value, WIN - 1, "a win one ply away");
        // 4 stones: the win is three plies away.
        let found = search.search_depth(&Pile::of(4), 6);
        assert_eq!(found.best, Take(1));
        assert_eq!(found.value, WIN - 3);
    }

    #[test]
    fn a_null_window_test_stores_a_bound_on_its_side_only() {
        let mut search = AlphaBeta::exact(NoKnowledge, 10);
        // A won pile tested for a win: the root's entry is a lower bound of at least a win.
        assert!(search.solve_at_least(&Pile::of(7), 1));
        let e = search
            .probe(Pile::of(7).position_hash())
            .expect("the root stored");
        assert_eq!((e.bound, e.depth), (Bound::Lower, TO_THE_END));
        assert!(e.value >= 1, "{}", e.value);
        // A lost pile: an upper bound of at most a draw.
        assert!(!search.solve_at_least(&Pile::of(9), 1));
        let e = search
            .probe(Pile::of(9).position_hash())
            .expect("the root stored");
        assert_eq!(e.bound, Bound::Upper);
        assert!(e.value <= 0, "{}", e.value);
        // Bounds left by tests in every window never stand in for exact values: full solves on
        // the same table still find every value and winning move.
        for n in 1..=30 {
            for at_least in [-1, 0, 1] {
                search.solve_at_least(&Pile::of(n), at_least);
            }
        }
        for n in 1..=30 {
            let found = search.solve(&Pile::of(n));
            assert_eq!(found.value, if n % 3 == 0 { -1 } else { 1 }, "{n} stones");
            if n % 3 != 0 {
                assert_eq!(found.best, Take(n % 3), "{n} stones");
            }
        }
    }

    #[test]
    fn the_table_keeps_wins_relative_to_the_node_it_stores_them_at() {
        // A win three plies below a node stored at ply 5 (WIN - 8 from the root) reads as a win
        // in three from that node, and back as WIN - 8 at ply 5, WIN - 5 at ply 2.
        assert_eq!(to_table(WIN - 8, 5), WIN - 3);
        assert_eq!(from_table(WIN - 3, 5), WIN - 8);
        assert_eq!(from_table(WIN - 3, 2), WIN - 5);
        assert_eq!(to_table(-(WIN - 8), 5), -(WIN - 3));
        for v in [-WIN + 40, -WON, -5, 0, 7, WON, WIN - 40] {
            for ply in [0, 1, 9, 30] {
                assert_eq!(from_table(to_table(v, ply), ply), v, "{v} at {ply}");
            }
        }
        // Ordinary evaluations are stored as they are.
        assert_eq!(to_table(123, 9), 123);
    }
}
