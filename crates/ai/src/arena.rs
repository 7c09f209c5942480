//! The arena: agents play a series of games, seats rotating, and each agent's score is counted
//! (a win 1, a draw or a shared win split), with a 95% interval (Wilson) and, for two agents,
//! the Elo difference. Agents move one at a time, so each is measured on the machine it gets.

use std::time::{Duration, Instant};

use serde::Serialize;
use trigonal_clock::{Clock, Control};
use trigonal_core::{Options, OptionsError, Seat, Seats};

use crate::player::{derive_seed, Player};
use crate::{Agent, Kit, Level};

/// The agent that sits at each seat in game `game` (0-based) of a series among `agents`: agent
/// `a` sits at seat `(a + game) mod agents`, so over `agents` games every agent has every seat.
pub fn seating(game: usize, agents: usize) -> Vec<usize> {
    (0..agents)
        .map(|seat| (seat + agents - game % agents) % agents)
        .collect()
}

/// One finished game of a series.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GamePlayed {
    /// 0-based number of the game in the series.
    pub game: usize,
    /// The agent index at each seat.
    pub seating: Vec<usize>,
    /// The moves, in canonical notation.
    pub moves: Vec<String>,
    /// The points each agent got (by agent index, not seat).
    pub points: Vec<f64>,
    /// Each agent's longest time to choose a move in this game, in seconds.
    pub slowest: Vec<f64>,
    /// Whether each agent lost on time in this game.
    pub out_of_time: Vec<bool>,
    /// Why each agent forfeited this game, if it did (an outside engine that failed).
    pub forfeits: Vec<Option<String>>,
}

/// One game as played, by seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The moves.
    pub moves: Vec<String>,
    /// Each seat's share of the win.
    pub shares: Vec<f64>,
    /// Each seat's longest time to move, in seconds.
    pub slowest: Vec<f64>,
    /// Whether each seat ran out of time.
    pub out_of_time: Vec<bool>,
    /// Why each seat forfeited, if it did.
    pub forfeits: Vec<Option<String>>,
}

/// Plays one game among `players` (one per seat, in seat order) from the start position of `G`
/// with `options`, under `clock` if given: each player thinks within what its clock allows
/// ([`Player::limit`]). A player whose move comes after its time ran out, or that forfeits
/// ([`Player::forfeit`]: an outside engine that failed), is out: with two players the other
/// wins, with more the seat is played on by `ai:easy` without a clock and cannot win.
pub fn play_game<G: Kit>(
    options: &Options,
    players: &mut [Box<dyn Player<G>>],
    clock: Option<Control>,
) -> Result<Played, OptionsError> {
    let mut position = G::new(options)?;
    let n = position.players();
    let mut moves = Vec::new();
    let mut slowest = vec![0f64; players.len()];
    let mut out = Seats::EMPTY;
    let mut out_of_time = vec![false; n];
    let mut forfeits = vec![None; n];
    let began = Instant::now();
    let now = || began.elapsed().as_millis() as i64;
    let mut clock = clock.map(|control| {
        let mut clock = Clock::new(control, n);
        clock.run(position.to_move().map(|s| s.0), false, 0);
        clock
    });
    while let Some(seat) = position.to_move() {
        let clocked = clock.as_ref().is_some_and(|c| c.running == Some(seat.0));
        if let Some(c) = clock.as_ref().filter(|_| clocked) {
            players[seat.index()].limit(Some(c.budget(seat.0, now(), Duration::MAX)));
            players[seat.index()].see_clock(c, now());
        }
        let thinking = Instant::now();
        let mv = players[seat.index()].think(&position).best;
        let took = thinking.elapsed().as_secs_f64();
        slowest[seat.index()] = slowest[seat.index()].max(took);
        let mut after = position.clone();
        let forfeit = players[seat.index()].forfeit();
        let late = forfeit.is_none()
            && clock.as_mut().is_some_and(|c| {
                after.play(mv);
                let next = after.to_move().filter(|s| !out.contains(*s)).map(|s| s.0);
                let turn_ends = after.to_move() != Some(seat);
                c.charge(now(), turn_ends, next, false).is_err()
            });
        if forfeit.is_some() || late {
            // The move is not played: the seat is out.
            out = out.with(seat);
            out_of_time[seat.index()] = late;
            forfeits[seat.index()] = forfeit;
            if let Some(c) = &mut clock {
                c.stop(now());
                c.remaining_ms[seat.index()] = 0;
            }
            if n == 2 {
                let mut shares = vec![0.0; n];
                shares[1 - seat.index()] = 1.0;
                return Ok(Played {
                    moves,
                    shares,
                    slowest,
                    out_of_time,
                    forfeits,
                });
            }
            let seed = derive_seed(moves.len() as u64, seat.0 as u64);
            let mut easy = Agent::Ai {
                level: Level::Easy,
                ms: None,
            }
            .player::<G>(seed);
            for done in &moves {
                easy.advance(
                    done.parse()
                        .unwrap_or_else(|_| unreachable!("played moves read back")),
                );
            }
            players[seat.index()] = easy;
            continue;
        }
        if clock.is_none() {
            after.play(mv);
        }
        assert!(
            position.is_legal(mv),
            "agent at seat {seat} chose {mv}, which is not legal"
        );
        for p in players.iter_mut() {
            p.advance(mv);
        }
        position = after;
        moves.push(mv.to_string());
    }
    let outcome =
        position
            .outcome()
            .expect("the game is over")
            .without(out, position.scores().as_deref(), n);
    let shares = (0..n).map(|s| outcome.share(Seat(s as u8), n)).collect();
    Ok(Played {
        moves,
        shares,
        slowest,
        out_of_time,
        forfeits,
    })
}

/// Plays `games` games of `G` among `agents` (as many as the game has players), seats rotating
/// (see [`seating`]); game `i` seeds its players from `seed` and `i`. `each` is called after
/// every game.
pub fn run<G: Kit>(
    options: &Options,
    agents: &[Agent],
    games: usize,
    seed: u64,
    clock: Option<Control>,
    each: impl FnMut(&GamePlayed),
) -> Result<Vec<GamePlayed>, OptionsError> {
    run_with::<G>(
        options,
        agents.len(),
        games,
        seed,
        clock,
        |agent, seed| agents[agent].player::<G>(seed),
        each,
    )
}

/// [`run`] with players made by `make(agent, seed)` for `agents` agents: for experiments with
/// players that no agent text names.
pub fn run_with<G: Kit>(
    options: &Options,
    agents: usize,
    games: usize,
    seed: u64,
    clock: Option<Control>,
    mut make: impl FnMut(usize, u64) -> Box<dyn Player<G>>,
    mut each: impl FnMut(&GamePlayed),
) -> Result<Vec<GamePlayed>, OptionsError> {
    let n = agents;
    let mut played = Vec::with_capacity(games);
    for game in 0..games {
        let seats = seating(game, n);
        let mut players: Vec<Box<dyn Player<G>>> = seats
            .iter()
            .enumerate()
            .map(|(seat, &a)| make(a, derive_seed(seed, (game * 8 + seat) as u64)))
            .collect();
        let game_played = play_game::<G>(options, &mut players, clock)?;
        let mut points = vec![0.0; n];
        let mut slowest = vec![0.0; n];
        let mut out_of_time = vec![false; n];
        let mut forfeits = vec![None; n];
        for (seat, &a) in seats.iter().enumerate() {
            points[a] += game_played.shares[seat];
            slowest[a] = game_played.slowest[seat];
            out_of_time[a] = game_played.out_of_time[seat];
            forfeits[a] = game_played.forfeits[seat].clone();
        }
        let result = GamePlayed {
            game,
            seating: seats,
            moves: game_played.moves,
            points,
            slowest,
            out_of_time,
            forfeits,
        };
        each(&result);
        played.push(result);
    }
    Ok(played)
}

/// The result of a series, as `arena --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// The agents, as written.
    pub agents: Vec<String>,
    /// Each agent's points.
    pub score: Vec<f64>,
    /// A 95% interval for each agent's points (Wilson score interval).
    pub ci95: Vec<[f64; 2]>,
    /// For two agents: the first's Elo advantage over the second; `null` otherwise.
    pub elo: Option<f64>,
    /// The games each agent lost on time (only under a clock).
    pub lost_on_time: Vec<usize>,
    /// The games each agent forfeited (outside engines that failed).
    pub forfeits: Vec<usize>,
}

/// Sums a series among the agents named `agents` up.
pub fn summarise(agents: &[String], played: &[GamePlayed]) -> Summary {
    let n = agents.len();
    let games = played.len();
    let (score, ci95): (Vec<f64>, Vec<[f64; 2]>) = (0..n)
        .map(|a| {
            let xs: Vec<f64> = played.iter().map(|g| g.points[a]).collect();
            (round3(xs.iter().sum()), interval(&xs))
        })
        .unzip();
    let elo = (n == 2 && games > 0).then(|| {
        let g = games as f64;
        let p = (score[0] / g).clamp(0.5 / g, 1.0 - 0.5 / g);
        round3(-400.0 * (1.0 / p - 1.0).log10())
    });
    Summary {
        games,
        agents: agents.to_vec(),
        score,
        ci95,
        elo,
        lost_on_time: (0..n)
            .map(|a| played.iter().filter(|g| g.out_of_time[a]).count())
            .collect(),
        forfeits: (0..n)
            .map(|a| played.iter().filter(|g| g.forfeits[a].is_some()).count())
            .collect(),
    }
}

/// A 95% interval for the sum of `xs` (each in \[0, 1\]): the Wilson score interval of the
/// mean, scaled to the number of games. It takes the variance of a win-or-loss series, p(1 − p),
/// which draws and shared wins only lower, so it errs wide; unlike the plain normal interval it
/// does not shrink to nothing when every game ends alike.
fn interval(xs: &[f64]) -> [f64; 2] {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return [0.0, 0.0];
    }
    let p = (xs.iter().sum::<f64>() / n).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    [
        round3(((centre - half) * n).max(0.0)),
        round3(((centre + half) * n).min(n)),
    ]
}

/// The two-sided 95% point of the normal distribution.
const Z95: f64 = 1.959_964;

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_hold_the_score_and_never_collapse() {
        // All won: the interval still reaches below (Wilson: 200 · 200/203.84).
        let [lo, hi] = interval(&[1.0; 200]);
        assert_eq!(hi, 200.0);
        assert!((lo - 196.2).abs() < 0.1, "{lo}");
        // Half: symmetric about the score.
        let half: Vec<f64> = (0..100).map(|i| (i % 2) as f64).collect();
        let [lo, hi] = interval(&half);
        assert!((50.0 - lo - (hi - 50.0)).abs() < 1e-9);
        assert!(lo > 39.0 && hi < 61.0, "{lo} {hi}");
        assert_eq!(interval(&[]), [0.0, 0.0]);
    }
}
