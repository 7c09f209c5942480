//! Triangoli knowledge: an evaluation for alpha-beta, the final margin the exact solver
//! maximises, and the player each level puts at the board.

use crate::geometry::steps_between;
use crate::{Landing, Move, Triangle, Triangoli, CYLINDERS, GEOMETRY, SECTORS};
use rand::rngs::SmallRng;
use rand::Rng;
use smallvec::SmallVec;
use trigonal_core::{Clause, Game, Seat};

use trigonal_ai::cutoffs::{remember_killer, Cutoffs, Killers};
use trigonal_ai::knowledge::Knowledge;

/// Triangoli knowledge (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TriangoliKnowledge {
    /// The probability that a playout plays the move that most improves the mover's margin as
    /// if the game ended after it (else a uniformly random move).
    pub greedy: f64,
}

impl Default for TriangoliKnowledge {
    fn default() -> Self {
        TriangoliKnowledge { greedy: 0.65 }
    }
}

/// Alpha-beta orders moves (fewest replies first) only from this many empty triangles up: nearer
/// the end the table, killer and history moves order as well for less (solver benchmark, 12
/// random 11-empty positions on one thread: 5.49 M positions from 5 up, 5.46 M from 4 up but
/// slower, 6.5 M from 6 up).
const ORDER_FROM: u32 = 5;

/// What one reply more left to the opponent costs a move in alpha-beta's ordering: more than
/// any evaluation gain, so that the evaluation only breaks ties (`trigonal solve triangoli
/// --bench 12 --positions 8 --threads 1`: median 2.7 s against 5.4 s ordering by the evaluation
/// alone; 12 random 11-empty positions: 5.5 M positions visited against 9.5 M; weights from
/// 30,000 to 1,000,000 within 7% of each other).
const PER_REPLY: i32 = 100_000;

/// The final margin of a finished game for `seat`, as one number: 16 × (cylinders kept by
/// `seat` − by the opponent) + (sectors won by `seat` − by the opponent). Positive exactly when
/// `seat` won (most cylinders kept, then most sectors won), zero exactly for a draw.
pub fn final_margin(position: &Triangoli, seat: Seat) -> i32 {
    margin_counts(&position.sector_cylinders(), seat)
}

/// Splits a [`final_margin`] into (cylinders, sectors).
pub fn split_margin(margin: i32) -> (i32, i32) {
    let cylinders = (margin as f64 / 16.0).round() as i32;
    (cylinders, margin - 16 * cylinders)
}

impl Knowledge<Triangoli> for TriangoliKnowledge {
    fn name(&self) -> &'static str {
        "triangoli"
    }

    fn playout(&self, position: &Triangoli, moves: &[Move], rng: &mut SmallRng) -> usize {
        if moves.len() == 1 || !rng.gen_bool(self.greedy) {
            return rng.gen_range(0..moves.len());
        }
        let Some(me) = position.to_move() else {
            return 0;
        };
        if position.pawn(me).is_none() {
            return rng.gen_range(0..moves.len());
        }
        let mut best = (i32::MIN, 0usize);
        let offset = rng.gen_range(0..moves.len());
        for k in 0..moves.len() {
            let i = (k + offset) % moves.len();
            if let Some(counts) = sectors_after(position, moves[i]) {
                let v = margin_counts(&counts, me);
                if v > best.0 {
                    best = (v, i);
                }
            }
        }
        best.1
    }

    fn evaluate(&self, position: &Triangoli) -> Option<i32> {
        let me = position.to_move()?;
        Some(evaluate(position, me))
    }

    fn left(&self, position: &Triangoli) -> Option<u32> {
        Some(position.empty_triangles())
    }

    /// Measured on endgames: skipping the table at 4 empty triangles or fewer did best of 0, 2,
    /// 3 and 4.
    fn table_below(&self) -> u32 {
        4
    }

    fn split_from(&self) -> u32 {
        7
    }

    fn end_margin(
        &self,
        position: &Triangoli,
        alpha: i32,
        beta: i32,
        cutoffs: &mut Cutoffs<'_, Move>,
    ) -> Option<i32> {
        if position.must_pass() {
            return None;
        }
        match position.empty_triangles() {
            1 => {
                let me = position.to_move().expect("a position to move in");
                Some(last_turn(position, final_margin(position, me), beta))
            }
            2 => Some(last_two_turns(
                position,
                alpha,
                beta,
                &mut cutoffs.killers[0],
            )),
            3 => Some(last_three_turns(position, alpha, beta, cutoffs)),
            _ => None,
        }
    }

    fn margin(&self, position: &Triangoli, seat: Seat) -> i32 {
        final_margin(position, seat)
    }

    /// A win or loss by one cylinder (16) and up to six sectors. A lost 12-empty position whose
    /// search on two threads sometimes began with a move losing by four cylinders took
    /// 0.47–1.03 s (median 0.84 s in 12 runs) searching the whole side of zero and 0.36–0.53 s
    /// this way; one thread, the 12-empty sets of seeds 1, 10 and 40 visited 92.0 M positions
    /// against 94.5 M (a window to two cylinders, 92.6 M).
    fn near_margin(&self) -> i32 {
        23
    }

    fn margin_parts(&self, margin: i32) -> Vec<(&'static str, i32)> {
        let (cylinders, sectors) = split_margin(margin);
        vec![("cylinders", cylinders), ("sectors", sectors)]
    }

    /// `by 2 cylinders left after scoring`, or `on sectors: equal cylinders, 3 more sectors won`.
    fn margin_words(&self, margin: i32) -> String {
        let (cylinders, sectors) = split_margin(margin);
        let plural = |n: i32| if n.abs() == 1 { "" } else { "s" };
        if cylinders != 0 {
            format!(
                "by {} cylinder{} left after scoring",
                cylinders.abs(),
                plural(cylinders)
            )
        } else {
            format!(
                "on sectors: equal cylinders, {} more sector{} won",
                sectors.abs(),
                plural(sectors)
            )
        }
    }

    /// `margin.triangoli.cylinders` or `margin.triangoli.sectors`, as [`Self::margin_words`].
    fn margin_clause(&self, margin: i32) -> Clause {
        let (cylinders, sectors) = split_margin(margin);
        if cylinders != 0 {
            Clause::new("margin.triangoli.cylinders").with("n", i64::from(cylinders.abs()))
        } else {
            Clause::new("margin.triangoli.sectors").with("n", i64::from(sectors.abs()))
        }
    }

    /// Fewest replies first, as endgame solvers of other games do (fastest-first): of the moves
    /// that refute a position, the one that leaves the opponent fewest answers has the smallest
    /// tree below it to prove, and in an exact search those trees are most of the work. A
    /// forced pass or the end of the game leaves none. Ties go to the move whose evaluation
    /// gains most.
    fn move_scores(&self, position: &Triangoli, moves: &[Move], scores: &mut Vec<i32>) -> bool {
        let Some(me) = position.to_move() else {
            return false;
        };
        if position.empty_triangles() < ORDER_FROM {
            return false;
        }
        let base = evaluate_counts(&position.sector_cylinders(), me);
        scores.extend(moves.iter().map(|&mv| {
            let gain =
                sectors_after(position, mv).map_or(0, |counts| evaluate_counts(&counts, me) - base);
            gain - PER_REPLY * position.replies_after(mv) as i32
        }));
        true
    }
}

/// The best final margin the seat to move reaches in a position (not over) with one empty
/// triangle, where every move fills it and ends the game, from `base`, its margin as if it ended
/// now; it stops at the first landing reaching `enough` (so a result at least `enough` is a lower
/// bound).
fn last_turn(position: &Triangoli, base: i32, enough: i32) -> i32 {
    let me = position.to_move().expect("a position to move in");
    let counts = position.sector_cylinders();
    let mut best = i32::MIN;
    position.landings(|landing| {
        let placed = Triangle(landing.places.trailing_zeros() as u8).sector();
        best = best.max(best_margin(&counts, me, base, landing, placed));
        best < enough
    });
    best
}

/// The best margin as if the game ended at once, for the seat to move `me`, among the turns of
/// `landing` that place in sector `placed`; `counts` are the sector counts before it and `base`
/// their margin.
///
/// Found sector by sector rather than turn by turn: the margin is a sum over sectors, the
/// placement adds to one, and the exchange only decides how many of its cylinders each sector
/// gives, so the best is the best split of those between the sectors (at most three cylinders,
/// at most six sectors).
fn best_margin(
    counts: &[[u8; 2]; SECTORS],
    me: Seat,
    base: i32,
    landing: &Landing,
    placed: usize,
) -> i32 {
    let (a, b) = (me.index(), 1 - me.index());
    // What taking `j` of the opponent's cylinders in sector `s` adds to what the placement
    // alone gains (`placement`: its sector, its cylinders and that gain). A function rather than
    // a closure: called from several places, the closure was not inlined.
    #[inline(always)]
    fn more(
        counts: &[[u8; 2]; SECTORS],
        (a, b): (usize, usize),
        s: usize,
        j: i32,
        (placed, steps, alone): (usize, i32, i32),
    ) -> i32 {
        let (x, y) = (counts[s][a] as i32, counts[s][b] as i32);
        let (put, before) = if s == placed { (steps, alone) } else { (0, 0) };
        sector_margin(x + put + j, y - j) - sector_margin(x, y) - before
    }
    let ab = (a, b);
    let steps = landing.steps as i32;
    let alone = more(counts, ab, placed, 0, (placed, steps, 0));
    let placement = (placed, steps, alone);
    let take = landing.take as usize;
    let g = &*GEOMETRY;
    match (take, landing.sources()) {
        (0, _) => return base + alone,
        // One cylinder, or all from one triangle: the choice is only where from.
        (1, sources) => {
            let mut most = i32::MIN;
            for &(t, _) in sources {
                most = most.max(more(counts, ab, g.sector[t.0 as usize], 1, placement));
            }
            return base + alone + most;
        }
        (_, &[(t, _)]) => {
            return base + alone + more(counts, ab, g.sector[t.0 as usize], take as i32, placement)
        }
        _ => {}
    }
    // The opponent's cylinders the exchange may take, by sector.
    let mut by_sector = [(0usize, 0u8); 6];
    let mut n = 0;
    for &(t, c) in landing.sources() {
        let s = g.sector[t.0 as usize];
        match by_sector[..n].iter_mut().find(|(x, _)| *x == s) {
            Some(entry) => entry.1 += c,
            None => {
                by_sector[n] = (s, c);
                n += 1;
            }
        }
    }
    // best[j]: the most the sectors so far add to `alone` with j cylinders taken from them.
    const NONE: i32 = i32::MIN / 2;
    let mut best = [0, NONE, NONE, NONE];
    for &(s, available) in &by_sector[..n] {
        let most = take.min(available as usize);
        let mut added = [0; 4];
        for (j, m) in added.iter_mut().enumerate().take(most + 1).skip(1) {
            *m = more(counts, ab, s, j as i32, placement);
        }
        for j in (1..=take).rev() {
            for i in 1..=most.min(j) {
                best[j] = best[j].max(best[j - i] + added[i]);
            }
        }
    }
    base + alone + best[take]
}

/// The final margin with best play from a position (not over) with two empty triangles, within
/// `alpha..beta`, `killers` tried first (see [`Knowledge::end_margin`]).
///
/// A move after which the opponent plays the last turn can only end lower for the mover than the
/// margin as if the game ended at once: the opponent's cylinders and exchanges never add to the
/// mover's sectors. So moves are tried best margin first, and one whose margin cannot beat what
/// is already had is not searched (unless the opponent must pass and the mover plays again).
/// The seat to move has a turn (it does not pass).
fn last_two_turns(position: &Triangoli, alpha: i32, beta: i32, killers: &mut Killers<Move>) -> i32 {
    let me = position.to_move().expect("a position to move in");
    // The value of `mv`, whose margin as if the game ended after it is `margin`, after which
    // the opponent has a turn when `answered`, where `floor` is already had: exact above
    // `floor`, else at most `floor`; at least `beta` if it gets there.
    let value = |mv: Move, margin: i32, answered: bool, floor: i32| -> i32 {
        if answered && margin <= floor {
            // The opponent plays the last turn: no better than `margin`, not worth searching
            // (the margin stands as a bound when nothing beats `alpha`).
            return margin;
        }
        let mut child = position.clone();
        if answered {
            child.play_answered(mv);
            // The margin for one seat is the opposite of the other's.
            return -last_turn(&child, -margin, floor.saturating_neg());
        }
        child.play(mv);
        match child.to_move() {
            None => margin,
            Some(_) => {
                child.play(Move::Pass);
                last_turn(&child, margin, beta)
            }
        }
    };
    let mut best = i32::MIN;
    let mut tried: Killers<Move> = [None, None];
    for (slot, mv) in tried.iter_mut().zip(legal_killers(position, *killers)) {
        *slot = Some(mv);
        let counts = sectors_after(position, mv).expect("a turn");
        let answered = position.opponent_can_move_after(mv);
        best = best.max(value(
            mv,
            margin_counts(&counts, me),
            answered,
            alpha.max(best),
        ));
        if best >= beta {
            remember_killer(killers, mv);
            return best;
        }
    }
    // On the stack: this runs at most of the solver's positions. Whether the opponent answers
    // is asked once per landing and place: their turns share it.
    let mut scored: SmallVec<[(i32, Move, bool); 64]> = SmallVec::new();
    let mut answers = None;
    position.turns_with_counts(|landing, mv, counts| {
        let Move::Turn { to, triangle, .. } = mv else {
            unreachable!("turns only");
        };
        let answered = match answers {
            Some((at, placed, answered)) if at == to && placed == triangle => answered,
            _ => {
                let answered = position.answered_after(landing, triangle);
                answers = Some((to, triangle, answered));
                answered
            }
        };
        scored.push((margin_counts(counts, me), mv, answered));
        true
    });
    // One listed move searched (the killers were already): whether it settles the position.
    let mut settles = |(margin, mv, answered): (i32, Move, bool), best: &mut i32| -> bool {
        if tried.contains(&Some(mv)) {
            return false;
        }
        *best = (*best).max(value(mv, margin, answered, alpha.max(*best)));
        if *best >= beta {
            remember_killer(killers, mv);
        }
        *best >= beta
    };
    // Best margin first, picked one at a time rather than sorted: most positions are settled
    // by the first few.
    let mut left = &mut scored[..];
    while let Some(i) = (0..left.len()).max_by_key(|&i| left[i].0) {
        left.swap(0, i);
        let (&mut picked, rest) = left.split_first_mut().expect("one picked");
        left = rest;
        if picked.0 <= alpha.max(best) {
            // No move left beats what is had unless the opponent cannot answer it (it passes
            // and the mover plays the last turn too): only those are searched.
            best = best.max(picked.0);
            let unanswered = std::iter::once(picked).chain(left.iter().copied());
            for turn in unanswered.filter(|&(_, _, answered)| !answered) {
                if settles(turn, &mut best) {
                    break;
                }
            }
            break;
        }
        if settles(picked, &mut best) {
            break;
        }
    }
    best
}

/// The killers that are legal in `position`, once each, each checked only when it is reached:
/// where the first settles the position, the second's check is spared.
fn legal_killers(position: &Triangoli, killers: Killers<Move>) -> impl Iterator<Item = Move> + '_ {
    let [first, second] = killers;
    first
        .into_iter()
        .chain(second.filter(|&mv| Some(mv) != first))
        .filter(|&mv| position.is_legal(mv))
}

/// The final margin with best play from a position (not over) with three empty triangles, within
/// `alpha..beta`, with alpha-beta's `cutoffs` (see [`Knowledge::end_margin`]). The seat to move
/// has a turn.
///
/// Alpha-beta as the search's own nodes do it, without a table (too few positions this near
/// the end come round twice) and without their bookkeeping: the killers first, then the turns
/// by history (by their margin as if the game ended after them where it is equal), each
/// answered by [`last_two_turns`].
fn last_three_turns(
    position: &Triangoli,
    mut alpha: i32,
    beta: i32,
    cutoffs: &mut Cutoffs<'_, Move>,
) -> i32 {
    let me = position.to_move().expect("a position to move in");
    let killers = &mut *cutoffs.killers;
    // The value of `mv` within `alpha..beta`.
    let value = |mv: Move, alpha: i32, beta: i32, killers: &mut [Killers<Move>]| -> i32 {
        let mut child = position.clone();
        child.play(mv);
        match child.to_move() {
            None => final_margin(&child, me),
            Some(_) if child.must_pass() => {
                // The opponent passes only when the mover can play on.
                child.play(Move::Pass);
                last_two_turns(&child, alpha, beta, &mut killers[2])
            }
            Some(_) => -last_two_turns(&child, -beta, -alpha, &mut killers[1]),
        }
    };
    // Principal-variation search: the first move in the whole window, the others first in a
    // null window above what is had, where the last turns prune most.
    let mut searched = 0;
    let mut search = |mv: Move, alpha: i32, killers: &mut [Killers<Move>]| -> i32 {
        searched += 1;
        if searched == 1 {
            return value(mv, alpha, beta, killers);
        }
        let v = value(mv, alpha, alpha + 1, killers);
        if v > alpha && v < beta && alpha + 1 < beta {
            value(mv, alpha, beta, killers)
        } else {
            v
        }
    };
    let mut best = i32::MIN;
    let mut tried: Killers<Move> = [None, None];
    let mut cut = None;
    for (slot, mv) in tried.iter_mut().zip(legal_killers(position, killers[0])) {
        *slot = Some(mv);
        best = best.max(search(mv, alpha, killers));
        if best >= beta {
            cut = Some(mv);
            break;
        }
        alpha = alpha.max(best);
    }
    if cut.is_none() {
        let mut scored: SmallVec<[(u32, i32, Move); 64]> = SmallVec::new();
        position.turns_with_counts(|_, mv, counts| {
            scored.push((cutoffs.history.score(&mv), margin_counts(counts, me), mv));
            true
        });
        scored.sort_unstable_by_key(|&(history, margin, _)| std::cmp::Reverse((history, margin)));
        for (_, _, mv) in scored {
            if tried.contains(&Some(mv)) {
                continue;
            }
            best = best.max(search(mv, alpha, killers));
            if best >= beta {
                cut = Some(mv);
                break;
            }
            alpha = alpha.max(best);
        }
    }
    if let Some(mv) = cut {
        remember_killer(&mut killers[0], mv);
        cutoffs.history.reward(&mv, position.empty_triangles());
    }
    best
}

/// The cylinders of each seat in each sector after the seat to move in `position` plays `mv`, a
/// turn (it places as many cylinders as its pawn goes steps, then exchanges); `None` for a
/// set-up move or a pass, which place nothing.
fn sectors_after(position: &Triangoli, mv: Move) -> Option<[[u8; 2]; SECTORS]> {
    let Move::Turn {
        to,
        triangle,
        exchange,
    } = mv
    else {
        return None;
    };
    let me = position.to_move().expect("a position to move in");
    let from = position.pawn(me).expect("pawns placed before turns");
    let (a, b) = (me.index(), 1 - me.index());
    let (_, steps) = steps_between(from, to).expect("a turn goes along a line");
    let g = &*GEOMETRY;
    let mut counts = position.sector_cylinders();
    counts[g.sector[triangle.0 as usize]][a] += steps;
    for t in exchange.triangles() {
        let s = g.sector[t.0 as usize];
        counts[s][a] += 1;
        counts[s][b] -= 1;
    }
    Some(counts)
}

/// From the cylinders of each seat in each sector, for `me` against the opponent: cylinders kept
/// (the sector winner's, counted for or against), sectors won (±1 each) and cylinders on the
/// board (±1 each).
fn tally(cylinders: &[[u8; 2]; SECTORS], me: Seat) -> (i32, i32, i32) {
    let (a, b) = (me.index(), 1 - me.index());
    let (mut kept, mut sectors, mut material) = (0i32, 0i32, 0i32);
    for c in cylinders {
        let (x, y) = (c[a] as i32, c[b] as i32);
        material += x - y;
        if x > y {
            kept += x;
            sectors += 1;
        } else if y > x {
            kept -= y;
            sectors -= 1;
        }
    }
    (kept, sectors, material)
}

/// [`final_margin`] from the cylinders of each seat in each sector.
fn margin_counts(cylinders: &[[u8; 2]; SECTORS], me: Seat) -> i32 {
    let (a, b) = (me.index(), 1 - me.index());
    cylinders
        .iter()
        .map(|c| sector_margin(c[a] as i32, c[b] as i32))
        .sum()
}

/// What one sector with `mine` and `theirs` cylinders adds to [`final_margin`].
fn sector_margin(mine: i32, theirs: i32) -> i32 {
    // Looked up: the solver asks this of most turns it lists.
    SECTOR_MARGIN[mine as usize][theirs as usize] as i32
}

/// [`sector_margin`] for every count a sector can hold (a seat has 18 cylinders).
static SECTOR_MARGIN: [[i16; CYLINDERS as usize + 1]; CYLINDERS as usize + 1] = {
    let mut table = [[0; CYLINDERS as usize + 1]; CYLINDERS as usize + 1];
    let mut mine = 0;
    while mine <= CYLINDERS as usize {
        let mut theirs = 0;
        while theirs <= CYLINDERS as usize {
            let (x, y) = (mine as i16, theirs as i16);
            table[mine][theirs] = if x > y {
                16 * x + 1
            } else if y > x {
                -(16 * y + 1)
            } else {
                0
            };
            theirs += 1;
        }
        mine += 1;
    }
    table
};

/// [`evaluate`] from the cylinders of each seat in each sector.
fn evaluate_counts(cylinders: &[[u8; 2]; SECTORS], me: Seat) -> i32 {
    let (kept, sectors, material) = tally(cylinders, me);
    100 * kept + 10 * sectors + 30 * material
}

/// The evaluation from the view of `me`, in hundredths of a cylinder: the sector score as if
/// the game ended now, plus a smaller weight for every cylinder on the board.
pub fn evaluate(position: &Triangoli, me: Seat) -> i32 {
    evaluate_counts(&position.sector_cylinders(), me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use trigonal_core::Outcome;

    proptest! {
        /// The final margin is the rules' own scoring in one number, for either seat: 16 × the
        /// cylinders kept more, plus the sectors won more; its sign names the winner.
        #[test]
        fn the_final_margin_is_the_rules_scoring(seed in any::<u64>()) {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut position = Triangoli::start();
            let mut moves = Vec::new();
            while position.to_move().is_some() {
                position.legal_moves(&mut moves);
                position.play(moves[rng.gen_range(0..moves.len())]);
            }
            let score = position.sector_score();
            let outcome = position.outcome().expect("over");
            for seat in [Seat(0), Seat(1)] {
                let (me, them) = (seat.index(), 1 - seat.index());
                let margin = final_margin(&position, seat);
                let kept = score.kept[me] as i32 - score.kept[them] as i32;
                let won = score.sectors_won[me] as i32 - score.sectors_won[them] as i32;
                prop_assert_eq!(margin, 16 * kept + won);
                prop_assert_eq!(split_margin(margin), (kept, won));
                let verdict = match margin.signum() {
                    1 => Outcome::win(seat),
                    -1 => Outcome::win(Seat(them as u8)),
                    _ => Outcome::DRAW,
                };
                prop_assert_eq!(verdict, outcome);
            }
        }

        /// The best margin of a landing, worked out sector by sector, is the best of the margins
        /// its turns lead to, place by place, as they are played.
        #[test]
        fn a_landings_best_margin_is_its_best_turns(seed in any::<u64>()) {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut position = Triangoli::start();
            let mut moves = Vec::new();
            while let Some(me) = position.to_move() {
                position.legal_moves(&mut moves);
                if position.pawn(Seat(1)).is_some() && !position.must_pass() {
                    let counts = position.sector_cylinders();
                    let base = margin_counts(&counts, me);
                    let mut landings = Vec::new();
                    position.landings(|landing| {
                        landings.push(*landing);
                        true
                    });
                    for landing in &landings {
                        for t in (0..24).filter(|t| landing.places & (1 << t) != 0).map(Triangle) {
                            let played = moves.iter().filter(|mv| {
                                matches!(mv, Move::Turn { to, triangle, .. } if *to == landing.to && *triangle == t)
                            }).map(|&mv| {
                                let mut child = position.clone();
                                child.play(mv);
                                final_margin(&child, me)
                            }).max();
                            prop_assert_eq!(Some(best_margin(&counts, me, base, landing, t.sector())), played);
                        }
                    }
                }
                position.play(moves[rng.gen_range(0..moves.len())]);
            }
        }
    }
}
