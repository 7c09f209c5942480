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
//! This file holds the searcher and the node search both modes share; `exact.rs` the exact mode's
//! entry points and the split of a solve among threads, `table.rs` the transposition table.
//!
//! An exact search may run on several threads, which share one table: each node on the first
//! line (the first move of every node before it) waits for its first move's value, then hands
//! out the rest of its moves to the threads; once one of them settles the node, the others give
//! up what they were searching for it.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use trigonal_core::{Game, Seat};

use crate::cutoffs::{remember_killer, Cutoffs, History, Killers, END_PLIES};
use crate::knowledge::{Knowledge, WIN};
use crate::{Budget, Thought};

/// Values above this (in absolute value) are wins or losses found by the search.
const WON: i32 = WIN - 10_000;
/// Larger than any value.
const INFINITY: i32 = WIN + 1;

mod exact;
mod table;
#[cfg(test)]
mod tests;

use table::{Bound, Entry, Table};

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
    /// The table is not used where [`Knowledge::left`] is at most this ([`Knowledge::table_below`]).
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

/// The table of the heuristic search of [`LIKELIEST_DEPTH`]: 2^16 entries.
const LIKELIEST_TABLE_BITS: u32 = 16;

impl<G: Game, K: Knowledge<G>> AlphaBeta<G, K> {
    /// A heuristic searcher with a table of 2^`table_bits` entries.
    pub fn new(knowledge: K, table_bits: u32) -> AlphaBeta<G, K> {
        let table_below = knowledge.table_below();
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
            table_below,
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
            moves: Vec::new(),
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
