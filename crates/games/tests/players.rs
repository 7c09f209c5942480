//! Agents, players and the arena, over every registered game.

use proptest::prelude::*;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use trigonal_ai::arena::{self, seating, summarise};
use trigonal_ai::knowledge::NoKnowledge;
use trigonal_ai::mcts::{Mcts, MctsParams};
use trigonal_ai::uct_move;
use trigonal_ai::{Agent, Budget, Kit, Level, Player, Thought};
use trigonal_clock::Control;
use trigonal_core::{Game, Options};
use trigonal_games::{visit, Visitor, GAMES};
use trigonal_triangle_game::TriangleGame;
use trigonal_triangoli::Triangoli;

#[test]
fn agents_parse_print_and_refuse_bad_text() {
    for text in [
        "random",
        "uct:100",
        "ai:hard",
        "ai:easy:20",
        "ai:random",
        "ai:max:600000",
        "hint",
        "hint:250",
    ] {
        let agent: Agent = text.parse().unwrap();
        assert_eq!(agent.to_string(), text);
    }
    assert_eq!(
        "ai:medium:250".parse::<Agent>(),
        Ok(Agent::Ai {
            level: Level::Medium,
            ms: Some(250)
        })
    );
    let cases = [
        ("", "unknown kind"),
        ("human", "unknown kind"),
        ("uct", "needs its milliseconds"),
        ("uct:", "is not a number of milliseconds"),
        ("uct:fast", "is not a number of milliseconds"),
        ("uct:-5", "is not a number of milliseconds"),
        ("uct:0", "out of range"),
        ("uct:600001", "out of range"),
        ("uct:10:20", "too many"),
        ("ai", "needs a level"),
        ("ai:expert", "unknown level"),
        ("ai:hard:x", "is not a number of milliseconds"),
        ("ai:hard:10:10", "too many"),
        ("random:5", "too many"),
        ("hint:0", "out of range"),
        ("hint:5:5", "too many"),
    ];
    for (text, want) in cases {
        let err = text.parse::<Agent>().unwrap_err().to_string();
        assert!(err.contains(want), "{text:?}: got {err:?}, want {want:?}");
    }
}

#[test]
fn mcts_is_reproducible_under_a_seed_with_an_iteration_budget() {
    let mut position = Triangoli::start();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut moves = Vec::new();
    for _ in 0..6 {
        position.legal_moves(&mut moves);
        position.play(moves[rng.gen_range(0..moves.len())]);
    }
    for threads in [1, 2] {
        let params = MctsParams {
            threads,
            ..MctsParams::default()
        };
        let run = |seed| {
            let mut search: Mcts<Triangoli, NoKnowledge> = Mcts::new(NoKnowledge, params, seed);
            let first = search.search(&position, Budget::Iterations(400));
            // Tree reuse: the next search starts from the kept subtree.
            let mut next = position.clone();
            next.play(first.best);
            search.advance(first.best);
            assert!(search.nodes() > 1, "the subtree was kept");
            let second = search.search(&next, Budget::Iterations(400));
            (first.best, first.shares, second.best, second.shares)
        };
        assert_eq!(run(9), run(9), "{threads} thread(s)");
    }
}

#[test]
fn seats_rotate_and_the_summary_has_the_json_shape() {
    assert_eq!(seating(0, 2), vec![0, 1]);
    assert_eq!(seating(1, 2), vec![1, 0]);
    assert_eq!(seating(1, 3), vec![2, 0, 1]);
    for game in 0..8 {
        let s = seating(game, 4);
        for agent in 0..4 {
            // Agent a sits at seat (a + game) mod 4.
            assert_eq!(s[(agent + game) % 4], agent);
        }
    }
    let agents = [Agent::Random, "ai:random".parse().unwrap()];
    let mut seen = Vec::new();
    let played = arena::run::<Triangoli>(&Options::default(), &agents, 4, 7, None, |g| {
        seen.push(g.seating.clone())
    })
    .unwrap();
    assert_eq!(seen, vec![vec![0, 1], vec![1, 0], vec![0, 1], vec![1, 0]]);
    for g in &played {
        assert!((g.points.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }
    let names: Vec<String> = agents.iter().map(ToString::to_string).collect();
    let summary = summarise(&names, &played);
    let line = serde_json::to_string(&summary).unwrap();
    assert!(
        line.starts_with(r#"{"games":4,"agents":["random","ai:random"],"score":["#),
        "{line}"
    );
    let order: Vec<usize> = [
        "\"games\"",
        "\"agents\"",
        "\"score\"",
        "\"ci95\"",
        "\"elo\"",
        "\"lost_on_time\"",
        "\"forfeits\"",
    ]
    .iter()
    .map(|k| line.find(k).unwrap())
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{line}");
    let json: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(json.as_object().unwrap().len(), 7);
    assert_eq!(json["lost_on_time"], serde_json::json!([0, 0]), "no clock");
    assert_eq!(json["forfeits"], serde_json::json!([0, 0]));
    assert_eq!(json["games"], 4);
    assert_eq!(json["agents"], serde_json::json!(["random", "ai:random"]));
    let score: Vec<f64> = serde_json::from_value(json["score"].clone()).unwrap();
    assert!((score.iter().sum::<f64>() - 4.0).abs() < 1e-9);
    let ci: Vec<[f64; 2]> = serde_json::from_value(json["ci95"].clone()).unwrap();
    for (s, [lo, hi]) in score.iter().zip(&ci) {
        assert!(*lo <= *s && *s <= *hi && *lo >= 0.0 && *hi <= 4.0);
    }
    assert!(json["elo"].is_number());
    // The same seed plays the same series.
    let again = arena::run::<Triangoli>(&Options::default(), &agents, 4, 7, None, |_| {}).unwrap();
    let result = |g: &arena::GamePlayed| (g.seating.clone(), g.moves.clone(), g.points.clone());
    assert_eq!(
        again.iter().map(result).collect::<Vec<_>>(),
        played.iter().map(result).collect::<Vec<_>>()
    );
}

/// Plays `plies` random moves of game `G` (fewer if it ends), then asks an `ai` player with a
/// small iteration budget for a move and checks that it is legal.
struct LegalAfter {
    players: usize,
    plies: usize,
    seed: u64,
    level: Level,
}

impl Visitor for LegalAfter {
    type Output = ();
    fn visit<G: Kit>(self) {
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let options = Options {
            players: Some(self.players),
            variant: None,
        };
        let mut position = G::new(&options).unwrap();
        let mut moves = Vec::new();
        for _ in 0..self.plies {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.gen_range(0..moves.len())]);
        }
        if position.to_move().is_none() {
            return;
        }
        let mut player = G::level_player(self.level, Budget::Iterations(60), self.seed);
        let mv = player.think(&position).best;
        position.legal_moves(&mut moves);
        assert!(
            moves.contains(&mv),
            "{} ({} players): {mv} is not legal after {} random plies (seed {})",
            G::ID,
            self.players,
            self.plies,
            self.seed
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn an_ai_player_always_returns_a_legal_move(
        plies in 0usize..60,
        seed in any::<u64>(),
        level in prop::sample::select(vec![Level::Easy, Level::Medium, Level::Hard]),
    ) {
        for info in trigonal_games::GAMES {
            for players in info.players.0..=info.players.1 {
                visit(info.id, LegalAfter { players, plies, seed, level }).unwrap();
            }
        }
    }
}

/// A player that takes `ms` a move whatever its clock allows, then plays the first legal
/// move.
struct Slow(u64);

impl<G: Game> Player<G> for Slow {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        std::thread::sleep(Duration::from_millis(self.0));
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        Thought::unknown(moves[0], position, "slow")
    }
}

#[test]
fn a_move_after_the_time_ran_out_loses() {
    // 0.005 minutes: 300 ms each. The slow seat takes 120 ms a move and loses at its third.
    let control: Control = "0.005+0".parse().unwrap();
    let mut players: Vec<Box<dyn Player<Triangoli>>> = vec![
        Box::new(trigonal_ai::player::RandomPlayer::new(1)),
        Box::new(Slow(120)),
    ];
    let played = arena::play_game(&Options::default(), &mut players, Some(control)).unwrap();
    assert_eq!(played.out_of_time, vec![false, true]);
    assert_eq!(played.shares, vec![1.0, 0.0]);
    assert_eq!(played.moves.len(), 5, "{:?}", played.moves);

    // Three players: the slow seat is played on by the computer and cannot win.
    let mut players: Vec<Box<dyn Player<TriangleGame>>> = vec![
        Box::new(Slow(150)),
        Box::new(trigonal_ai::player::RandomPlayer::new(2)),
        Box::new(trigonal_ai::player::RandomPlayer::new(3)),
    ];
    let played = arena::play_game(
        &Options {
            players: Some(3),
            variant: None,
        },
        &mut players,
        Some("0.01+0".parse().unwrap()),
    )
    .unwrap();
    assert_eq!(played.out_of_time, vec![true, false, false]);
    assert_eq!(played.shares[0], 0.0);
    assert!((played.shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // And without a clock nobody is out.
    let mut players: Vec<Box<dyn Player<Triangoli>>> = vec![
        Box::new(trigonal_ai::player::RandomPlayer::new(1)),
        Box::new(trigonal_ai::player::RandomPlayer::new(2)),
    ];
    let played = arena::play_game(&Options::default(), &mut players, None).unwrap();
    assert_eq!(played.out_of_time, vec![false, false]);
    assert_eq!(played.forfeits, vec![None, None]);
}

#[test]
fn uct_is_reproducible_under_a_seed() {
    let start = Triangoli::start();
    let a = uct_move(
        &start,
        Budget::Iterations(300),
        &mut SmallRng::seed_from_u64(3),
    );
    let b = uct_move(
        &start,
        Budget::Iterations(300),
        &mut SmallRng::seed_from_u64(3),
    );
    assert_eq!(a, b);
}

#[test]
fn every_game_gets_a_legal_move_through_the_dynamic_face() {
    for info in GAMES {
        let game = trigonal_games::new_game(info.id, &Options::default()).unwrap();
        let mut player = trigonal_games::dyn_player(info.id, Agent::Random, 1).unwrap();
        let mv = player.think(game.as_ref()).unwrap().best;
        assert!(game.legal_moves().contains(&mv));
    }
}

/// Every kit's measured pools rate every level, `random` at the anchor.
#[test]
fn level_ratings_are_anchored_and_per_pool() {
    let mut measured = 0;
    for g in GAMES {
        for n in g.players.0..=g.players.1 {
            let Some(ratings) = (g.level_ratings)(n) else {
                continue;
            };
            measured += 1;
            assert_eq!(ratings[0], 600, "{} with {n}", g.id);
            assert!(ratings[1..].iter().all(|&r| r > 600), "{} with {n}", g.id);
        }
    }
    assert_eq!(
        measured, 6,
        "one pool each, Four Triangles one per number of players"
    );
}

/// The pools whose shown level ratings do not yet rise from one level to the next, as last
/// measured (docs/ai.md, "The levels' ladder"); every other pool's must.
const NOT_YET_CLIMBING: &[&str] = &["triangoli", "four-triangles-4"];

/// Each level is shown at least 50 above the one below it, in every pool but those listed; a
/// listed pool that climbs now is taken off the list.
#[test]
fn level_ratings_climb_by_at_least_50_a_step() {
    for g in GAMES {
        for n in g.players.0..=g.players.1 {
            let Some(ratings) = (g.level_ratings)(n) else {
                continue;
            };
            let pool = (g.pool)(n);
            let climbs = ratings.windows(2).all(|w| w[1] >= w[0] + 50);
            assert_eq!(
                climbs,
                !NOT_YET_CLIMBING.contains(&pool.as_str()),
                "{pool}: {ratings:?}"
            );
        }
    }
}
