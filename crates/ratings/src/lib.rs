//! Ratings of players, on one scale for every game: Glicko-2 (with lichess's parameters) for
//! two-player games, Weng-Lin (the Bayesian approximation behind OpenSkill) by placing for three
//! and four, scaled so that both start at 1500 ± 500, in pools that each game's kit names. The maths is the `skillratings` crate's; this crate only chooses the
//! system, the parameters and the placings. It knows no store and no game's rules: a game's
//! result comes as its winners, scores and the seats that left it.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Glicko-2's system constant, as lichess sets it.
pub const TAU: f64 = 0.75;

/// A rating is provisional while its deviation is at least this (lichess's threshold).
pub const PROVISIONAL: f64 = 110.0;

/// Weng-Lin's scale is this many times smaller than the ratings shown (25 ± 25/3 is 1500 ± 500).
const WENG_LIN_SCALE: f64 = 60.0;

/// A player's rating in one pool.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// How uncertain it is (Glicko's RD, Weng-Lin's sigma on the same scale).
    pub deviation: f64,
    /// Glicko-2's volatility (kept, unused, in Weng-Lin pools).
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: u32,
}

impl Rating {
    /// Where everyone starts: 1500, deviation 500, volatility 0.09 (lichess's).
    pub const START: Rating = Rating {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
        games: 0,
    };

    /// Whether the rating is provisional (its deviation at least [`PROVISIONAL`]).
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL
    }
}

/// Each seat's place (1 first, ties sharing one): the winners first, then the others by score
/// where the game keeps scores, seats that left the game (`out`) last.
pub fn places(winners: &[u8], scores: Option<&[i32]>, out: &[bool]) -> Vec<usize> {
    let players = out.len();
    // Sort key: winners, then the rest by score (higher better), the seats out last.
    let key = |s: usize| {
        let won = winners.contains(&(s as u8));
        let score = scores.map_or(0, |sc| sc[s]);
        (out[s], !won, -i64::from(score))
    };
    (0..players)
        .map(|s| 1 + (0..players).filter(|&o| key(o) < key(s)).count())
        .collect()
}

/// The ratings after a game among players rated `before` (by seat) who finished at `places`.
pub fn rate(before: &[Rating], places: &[usize]) -> Vec<Rating> {
    let after = if before.len() == 2 {
        let glicko = |r: &Rating| Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        let outcome = match places[0].cmp(&places[1]) {
            std::cmp::Ordering::Less => Outcomes::WIN,
            std::cmp::Ordering::Greater => Outcomes::LOSS,
            std::cmp::Ordering::Equal => Outcomes::DRAW,
        };
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        let (a, b) = glicko2(&glicko(&before[0]), &glicko(&before[1]), &outcome, &config);
        [a, b]
            .iter()
            .zip(before)
            .map(|(g, r)| Rating {
                rating: g.rating,
                deviation: g.deviation,
                volatility: g.volatility,
                games: r.games,
            })
            .collect::<Vec<_>>()
    } else {
        let teams: Vec<[WengLinRating; 1]> = before
            .iter()
            .map(|r| {
                [WengLinRating {
                    rating: 25.0 + (r.rating - 1500.0) / WENG_LIN_SCALE,
                    uncertainty: r.deviation / WENG_LIN_SCALE,
                }]
            })
            .collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(places)
            .map(|(t, &p)| (&t[..], MultiTeamOutcome::new(p)))
            .collect();
        weng_lin_multi_team(&ranked, &WengLinConfig::new())
            .into_iter()
            .zip(before)
            .map(|(team, r)| Rating {
                rating: 1500.0 + (team[0].rating - 25.0) * WENG_LIN_SCALE,
                deviation: team[0].uncertainty * WENG_LIN_SCALE,
                volatility: r.volatility,
                games: r.games,
            })
            .collect()
    };
    after
        .into_iter()
        .map(|r| Rating {
            games: r.games + 1,
            ..r
        })
        .collect()
}

/// The player's rating and the puzzle's after the player `solved` it or not: one Glicko-2 game
/// between them (a solve is the player's win), weighted as lichess weighs puzzle attempts.
///
/// Glicko-2 is built for rating periods of 10–15 games a player (Glickman's guidance); an attempt
/// rated on its own is a period of one game, and between a new player (deviation 500) and a new
/// puzzle (also 500, its rating a guess) one miss moved the player 242 points. So, as lichess
/// does (`PuzzleFinisher`'s `ponder`): the player moves only part of the way from the rating
/// before to Glicko-2's answer when the puzzle's own rating is provisional — 0.8 of it for a
/// solve, 0.3 for a miss (a miss against an unproven puzzle says little). Against a puzzle whose
/// rating is established, Glicko-2's answer stands. The puzzle takes Glicko-2's answer.
pub fn puzzle(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let places = if solved { [1, 2] } else { [2, 1] };
    let after = rate(&[player, puzzle], &places);
    let weight = if puzzle.provisional() {
        if solved {
            0.8
        } else {
            0.3
        }
    } else {
        1.0
    };
    let player_after = Rating {
        games: after[0].games,
        ..between(player, after[0], weight)
    };
    (player_after, after[1])
}

/// The rating `weight` of the way from `from` to `to` (lichess's `Glicko.average`).
fn between(from: Rating, to: Rating, weight: f64) -> Rating {
    let mix = |a: f64, b: f64| a * (1.0 - weight) + b * weight;
    Rating {
        rating: mix(from.rating, to.rating),
        deviation: mix(from.deviation, to.deviation),
        volatility: mix(from.volatility, to.volatility),
        games: to.games,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player who has solved some puzzles already, and an established puzzle.
    const PLAYER: Rating = Rating {
        rating: 1500.0,
        deviation: 150.0,
        volatility: 0.09,
        games: 12,
    };
    const ESTABLISHED: Rating = Rating {
        rating: 1500.0,
        deviation: 80.0,
        volatility: 0.09,
        games: 40,
    };

    #[test]
    fn a_solve_raises_the_player_and_lowers_the_puzzle_and_a_miss_the_other_way() {
        let (player, puzzle) = puzzle(PLAYER, Rating::START, true);
        assert!(
            player.rating > 1500.0 && puzzle.rating < 1500.0,
            "{player:?} {puzzle:?}"
        );
        assert_eq!((player.games, puzzle.games), (13, 1));
        let (player, puzzle) = super::puzzle(PLAYER, Rating::START, false);
        assert!(
            player.rating < 1500.0 && puzzle.rating > 1500.0,
            "{player:?} {puzzle:?}"
        );
        // Against an established puzzle, Glicko-2's own answer.
        let (player, _) = super::puzzle(PLAYER, ESTABLISHED, false);
        let glicko = rate(&[PLAYER, ESTABLISHED], &[2, 1])[0];
        assert_eq!(player, glicko);
    }

    /// Issue 55: a new player's first miss, at a new puzzle, cost 242 points. Weighed as lichess
    /// weighs attempts at a provisional puzzle, it costs under a third of Glicko-2's answer, a
    /// first solve 0.8 of it.
    #[test]
    fn a_first_miss_at_a_new_puzzle_costs_far_less_than_a_whole_glicko_game() {
        let raw = rate(&[Rating::START, Rating::START], &[2, 1])[0];
        assert!(raw.rating < 1300.0, "Glicko-2 alone: {raw:?}");
        let (player, puzzle) = super::puzzle(Rating::START, Rating::START, false);
        let lost = 1500.0 - player.rating;
        assert!((60.0..80.0).contains(&lost), "a first miss costs {lost}");
        assert!((lost - 0.3 * (1500.0 - raw.rating)).abs() < 1e-9);
        assert!(player.deviation < 500.0 && player.deviation > raw.deviation);
        assert_eq!((player.games, puzzle.games), (1, 1));
        let (player, _) = super::puzzle(Rating::START, Rating::START, true);
        let won = player.rating - 1500.0;
        let raw = rate(&[Rating::START, Rating::START], &[1, 2])[0].rating - 1500.0;
        assert!((won - 0.8 * raw).abs() < 1e-9, "{won} against {raw}");
    }

    #[test]
    fn places_follow_winners_scores_and_leavers() {
        assert_eq!(places(&[1], None, &[false, false]), vec![2, 1]);
        assert_eq!(places(&[], None, &[false, false]), vec![1, 1], "a draw");
        assert_eq!(
            places(&[2], Some(&[5, 9, 9, 1]), &[false, false, false, false]),
            vec![3, 2, 1, 4]
        );
        // Shared wins share the first place; a seat out of the game is last.
        assert_eq!(
            places(&[0, 2], Some(&[7, 7, 7]), &[false, true, false]),
            vec![1, 3, 1]
        );
    }
    use skillratings::glicko2::glicko2_rating_period;

    fn near(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    #[test]
    fn glickmans_worked_example() {
        // Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 beats 1400/30,
        // loses to 1550/100 and 1700/300, tau 0.5: 1464.06, 151.52, 0.05999.
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::new()
        };
        let after = glicko2_rating_period(&player, &results, &config);
        assert!(near(after.rating, 1464.06, 0.01), "{}", after.rating);
        assert!(near(after.deviation, 151.52, 0.01), "{}", after.deviation);
        assert!(
            near(after.volatility, 0.05999, 0.00001),
            "{}",
            after.volatility
        );
    }

    #[test]
    fn the_openskill_worked_example() {
        // The worked example of the OpenSkill implementations' READMEs (Weng-Lin, two teams of
        // two, where the Bradley-Terry and Plackett-Luce models agree): a1 25/8.333 and a2
        // 32.444/5.123 beat b1 43.381/2.421 and b2 25.188/6.211; after: a1 28.669648436582808/
        // 8.071520788025197, a2 33.83086971107981/5.062772998705765, b1 43.071274808241974/
        // 2.4166900452721256, b2 23.149503312339064/6.1378606973362135. Through the multi-team
        // function that `rate` uses.
        let r = |rating, uncertainty| WengLinRating {
            rating,
            uncertainty,
        };
        let a = [r(25.0, 25.0 / 3.0), r(32.444, 5.123)];
        let b = [r(43.381, 2.421), r(25.188, 6.211)];
        let after = weng_lin_multi_team(
            &[
                (&a[..], MultiTeamOutcome::new(1)),
                (&b[..], MultiTeamOutcome::new(2)),
            ],
            &WengLinConfig::new(),
        );
        let published = [
            [
                (28.669648436582808, 8.071520788025197),
                (33.83086971107981, 5.062772998705765),
            ],
            [
                (43.071274808241974, 2.4166900452721256),
                (23.149503312339064, 6.1378606973362135),
            ],
        ];
        for (team, want) in after.iter().zip(published) {
            for (got, (rating, uncertainty)) in team.iter().zip(want) {
                assert!(near(got.rating, rating, 1e-9), "{got:?}");
                assert!(near(got.uncertainty, uncertainty, 1e-9), "{got:?}");
            }
        }
    }

    #[test]
    fn two_new_players_move_apart_by_the_same_amount_and_stay_provisional() {
        let start = [Rating::START, Rating::START];
        let after = rate(&start, &[1, 2]);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        assert!(near(
            after[0].rating - 1500.0,
            1500.0 - after[1].rating,
            1e-9
        ));
        assert!(after[0].deviation < 500.0);
        assert!(after[0].provisional() && after[1].provisional());
        assert_eq!((after[0].games, after[1].games), (1, 1));
        let drawn = rate(&start, &[1, 1]);
        assert!(near(drawn[0].rating, 1500.0, 1e-9) && near(drawn[1].rating, 1500.0, 1e-9));
        // Many games against an equal opponent: no longer provisional.
        let mut r = start;
        for i in 0..40 {
            let p = if i % 2 == 0 { [1, 2] } else { [2, 1] };
            let next = rate(&r, &p);
            r = [next[0], next[1]];
        }
        assert!(!r[0].provisional(), "{}", r[0].deviation);
    }

    #[test]
    fn weng_lin_places_three_and_four_players_on_the_same_scale() {
        let start = [Rating::START; 3];
        let after = rate(&start, &[1, 2, 3]);
        assert!(after[0].rating > 1500.0);
        assert!(after[2].rating < 1500.0);
        assert!(after[0].rating > after[1].rating && after[1].rating > after[2].rating);
        assert!(after.iter().all(|r| r.deviation < 500.0 && r.games == 1));
        // Ties share a place: equal players placed equal move alike.
        let tied = rate(&[Rating::START; 4], &[1, 2, 2, 4]);
        assert!(near(tied[1].rating, tied[2].rating, 1e-9));
        assert!(tied[0].rating > tied[1].rating && tied[2].rating > tied[3].rating);
    }
}
