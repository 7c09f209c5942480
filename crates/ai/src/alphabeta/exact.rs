//! Alpha-beta's exact mode: solving a position to the end of the game (win, draw or loss first,
//! then the margin), null-window tests of a margin, and the split of the first line among
//! threads that share one table.

use super::*;

impl<G: Game, K: Knowledge<G>> AlphaBeta<G, K> {
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
    /// and a move that keeps it; `None` if stopped. Searched first within
    /// [`Knowledge::near_margin`] of
    /// zero, where most margins lie and the narrow window cuts more, then beyond it only if it
    /// lies there.
    pub(super) fn margin(&mut self, position: &G, side: i32) -> Option<(i32, G::Move)> {
        let (lo, hi) = if side > 0 {
            (0, self.knowledge.near_margin())
        } else {
            (-self.knowledge.near_margin(), 0)
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
    pub(super) fn result(&mut self, position: &G) -> Option<(i32, G::Move)> {
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
    pub(super) fn begin_draw_test(&mut self) {
        self.draw_test = true;
        if let Some(killers) = self.killers.get_mut(1) {
            *killers = [None, None];
        }
    }

    /// The move a node `ply` plies below the root tries first, where the table names
    /// `table_move`: at the root after a pass that failed low, the move that took the most
    /// positions in it (see [`AlphaBeta::result`]); else the table's.
    pub(super) fn leading(&self, ply: usize, table_move: Option<G::Move>) -> Option<G::Move> {
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
    pub(super) fn keep_effort(
        &mut self,
        ply: usize,
        effort: Vec<(G::Move, u64)>,
        failed_low: bool,
    ) {
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
    pub(super) fn begin_exact(
        &mut self,
        position: &G,
        deadline: Option<Instant>,
        node_limit: u64,
    ) -> u64 {
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
    pub(super) fn root_window(&mut self, position: &G, lo: i32, hi: i32) -> Option<(i32, G::Move)> {
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
    /// game is left below it ([`Knowledge::split_from`]) — then each thread takes the next move, tests it
    /// with a null window against the best value so far (shared), and searches it fully only
    /// when it beats it. The threads share the table. The value within `lo..hi` and the best
    /// move (the positions visited are added to this searcher's); `None` if stopped.
    pub(super) fn split(
        &mut self,
        position: &G,
        ply: usize,
        lo: i32,
        hi: i32,
    ) -> Option<(i32, G::Move)> {
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
    pub(super) fn first_value(
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
            .is_some_and(|left| left >= self.knowledge.split_from());
        let value = match child.to_move() {
            Some(s) if far && s == me => self.split(&child, ply + 1, lo, hi)?.0,
            Some(_) if far => -self.split(&child, ply + 1, -hi, -lo)?.0,
            _ => self.child_value(&child, me, ply, lo, hi),
        };
        (!self.stopped).then_some(value)
    }

    /// The value of `child`, a position one move below one `ply` plies below the root where
    /// `me` was to move, for `me`, searched to the end with the window `lo..hi` from `me`'s view.
    pub(super) fn child_value(&mut self, child: &G, me: Seat, ply: usize, lo: i32, hi: i32) -> i32 {
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
}
