//! Agents: the computer players the command line, the arena and the server name — `random`,
//! `uct:MS`, `ai:LEVEL`, `ai:LEVEL:MS` — made for any game, with each level's player from the
//! game's [`Kit`], typed ([`Agent::player`]) or behind [`DynPlayer`] for a game picked at run
//! time ([`typed_player`]; the registry finds the type by id). The players themselves are in
//! [`crate::player`].

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use trigonal_core::{DynGame, Game};

use crate::player::{BaselinePlayer, Player, RandomPlayer, Sampled};
use crate::uct::Baseline;
use crate::{Budget, Kit, Level, Thought};

/// A computer player as the command line and the arena name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Agent {
    /// `random`: uniformly random legal moves.
    Random,
    /// `uct:MS`: plain UCT, MS milliseconds a move.
    Uct {
        /// Milliseconds a move.
        ms: u64,
    },
    /// `mast:MS`: UCT with MAST playouts, MS milliseconds a move.
    Mast {
        /// Milliseconds a move.
        ms: u64,
    },
    /// `grave:MS`: MC-GRAVE, MS milliseconds a move.
    Grave {
        /// Milliseconds a move.
        ms: u64,
    },
    /// `hint` or `hint:MS`: the search hints and analyses use — medium's, with its time a move
    /// set to MS if given — always playing the move it found best.
    Hint {
        /// Milliseconds a move instead of medium's own budget.
        ms: Option<u64>,
    },
    /// `ai:LEVEL` or `ai:LEVEL:MS`: a level as an opponent — its search, with its time a move
    /// set to MS if given, and its move drawn at the game's temperature for the level
    /// ([`Kit::temperature`]).
    Ai {
        /// The level.
        level: Level,
        /// Milliseconds a move instead of the level's own budget.
        ms: Option<u64>,
    },
}

/// Text that names no agent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad agent {text:?}: {reason} (agents: random, uct:MS, mast:MS, grave:MS, hint, hint:MS, ai:LEVEL, ai:LEVEL:MS)")]
pub struct AgentError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

fn parse_ms(text: &str, ms: &str) -> Result<u64, AgentError> {
    let err = |reason: String| AgentError {
        text: text.to_string(),
        reason,
    };
    let n: u64 = ms
        .parse()
        .ok()
        .filter(|_| ms.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| err(format!("{ms:?} is not a number of milliseconds")))?;
    if n == 0 || n > 600_000 {
        return Err(err(format!(
            "{n} ms is out of range (1 to 600000 milliseconds a move)"
        )));
    }
    Ok(n)
}

impl FromStr for Agent {
    type Err = AgentError;
    fn from_str(text: &str) -> Result<Agent, AgentError> {
        let err = |reason: String| AgentError {
            text: text.to_string(),
            reason,
        };
        let parts: Vec<&str> = text.split(':').collect();
        match parts.as_slice() {
            ["random"] => Ok(Agent::Random),
            ["uct", ms] => Ok(Agent::Uct {
                ms: parse_ms(text, ms)?,
            }),
            ["mast", ms] => Ok(Agent::Mast {
                ms: parse_ms(text, ms)?,
            }),
            ["grave", ms] => Ok(Agent::Grave {
                ms: parse_ms(text, ms)?,
            }),
            ["hint"] => Ok(Agent::Hint { ms: None }),
            ["hint", ms] => Ok(Agent::Hint {
                ms: Some(parse_ms(text, ms)?),
            }),
            [kind @ ("uct" | "mast" | "grave")] => Err(err(format!(
                "{kind} needs its milliseconds a move, as in {kind}:100"
            ))),
            ["ai", level] | ["ai", level, _] => {
                let level: Level = level
                    .parse()
                    .map_err(|e: crate::UnknownLevel| err(e.to_string()))?;
                let ms = match parts.get(2) {
                    Some(ms) => Some(parse_ms(text, ms)?),
                    None => None,
                };
                Ok(Agent::Ai { level, ms })
            }
            ["ai"] => Err(err("ai needs a level, as in ai:hard".into())),
            [kind, ..] if ["random", "uct", "mast", "grave", "hint", "ai"].contains(kind) => {
                Err(err("too many `:` parts".into()))
            }
            [kind, ..] => Err(err(format!("unknown kind {kind:?}"))),
            [] => Err(err("empty".into())),
        }
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Uct { ms } => write!(f, "uct:{ms}"),
            Agent::Mast { ms } => write!(f, "mast:{ms}"),
            Agent::Grave { ms } => write!(f, "grave:{ms}"),
            Agent::Hint { ms: None } => f.write_str("hint"),
            Agent::Hint { ms: Some(ms) } => write!(f, "hint:{ms}"),
            Agent::Ai { level, ms: None } => write!(f, "ai:{level}"),
            Agent::Ai {
                level,
                ms: Some(ms),
            } => write!(f, "ai:{level}:{ms}"),
        }
    }
}

impl Agent {
    /// A player of game `G` for this agent; `seed` fixes its random choices.
    pub fn player<G: Kit>(self, seed: u64) -> Box<dyn Player<G>> {
        match self {
            Agent::Random
            | Agent::Ai {
                level: Level::Random,
                ..
            } => Box::new(RandomPlayer::new(seed)),
            Agent::Uct { ms } => Box::new(BaselinePlayer::new(
                Baseline::Uct,
                Budget::Time(Duration::from_millis(ms)),
                seed,
            )),
            Agent::Mast { ms } => Box::new(BaselinePlayer::new(
                Baseline::Mast,
                Budget::Time(Duration::from_millis(ms)),
                seed,
            )),
            Agent::Grave { ms } => Box::new(BaselinePlayer::new(
                Baseline::Grave,
                Budget::Time(Duration::from_millis(ms)),
                seed,
            )),
            Agent::Hint { ms } => {
                let time = ms.map_or_else(|| Level::Medium.budget(), Duration::from_millis);
                G::level_player(Level::Medium, Budget::Time(time), seed)
            }
            Agent::Ai { level, ms } => {
                let time = ms.map_or_else(|| level.budget(), Duration::from_millis);
                let player = G::level_player(level, Budget::Time(time), seed);
                Box::new(Sampled::new(player, G::temperature(level), seed))
            }
        }
    }
}

/// A [`Player`] of a game picked at run time: positions as [`DynGame`], moves as canonical text.
pub trait DynPlayer: Send {
    /// The move chosen in `position` and what was found; `None` when the game is over or is not
    /// the game this player was made for.
    fn think(&mut self, position: &dyn DynGame) -> Option<Thought<String>>;
    /// `mv` (canonical text) was played; text that is no move of the game makes the player forget.
    fn advance(&mut self, mv: &str);
    /// Forgets everything kept.
    fn forget(&mut self);
    /// From now on, thinks at most `most` a move (`None`: its own time).
    fn limit(&mut self, most: Option<Duration>);
    /// The clocks before the next think (see [`Player::see_clock`]).
    fn see_clock(&mut self, clock: &trigonal_clock::Clock, now: i64) {
        let _ = (clock, now);
    }
    /// Why the player gave up the game, once it has (see [`Player::forfeit`]).
    fn forfeit(&mut self) -> Option<String> {
        None
    }
}

struct Typed<G: Game>(Box<dyn Player<G>>);

impl<G: Game> DynPlayer for Typed<G> {
    fn think(&mut self, position: &dyn DynGame) -> Option<Thought<String>> {
        let position = position.as_any().downcast_ref::<G>()?;
        position.to_move()?;
        Some(self.0.think(position).map(|m| m.to_string()))
    }
    fn advance(&mut self, mv: &str) {
        match mv.parse::<G::Move>() {
            Ok(mv) => self.0.advance(mv),
            Err(_) => self.0.forget(),
        }
    }
    fn forget(&mut self) {
        self.0.forget();
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.0.limit(most);
    }
}

/// A player of game `G` for `agent`, behind the face of a game picked at run time.
pub fn typed_player<G: Kit>(agent: Agent, seed: u64) -> Box<dyn DynPlayer> {
    Box::new(Typed::<G>(agent.player::<G>(seed)))
}
