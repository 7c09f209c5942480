//! Time controls and the clocks that keep them, for the server, the terminal and the arena alike.
//!
//! A [`Control`] is chosen when a game is made: Fischer (an initial time, and an increment added
//! once each turn) or correspondence (each turn within some days; time does not accumulate). A
//! [`Clock`] keeps one time per seat, of which only the seat to move's runs; it is plain data
//! (stored with a game as JSON) changed by [`Clock::charge`] at each move, with times as unix
//! milliseconds given by the caller — so it is the same on every process and in tests.
//!
//! It knows nothing of any game's rules: the caller says whose turn it is and whether a move
//! ends a turn (in The Triangle Game a turn is several moves, one move for the clock).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A day, in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The longest any time of a control may be: 30 days.
pub const MOST_MS: i64 = 30 * DAY_MS;

/// The time a person's move is allowed for travelling to the server: that much of each move's
/// time is not charged, and a person's time runs out that much after their clock shows zero.
/// (Lichess measures each player's lag; a server that cannot see the player's network grants
/// a fixed allowance instead.) The computer's moves are charged in full.
pub const LAG_ALLOWANCE_MS: i64 = 250;

/// A time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Control {
    /// `initial_ms` for the game, plus `increment_ms` after each turn.
    Fischer {
        /// Each seat's time at the start.
        initial_ms: i64,
        /// Added to the mover's time when a turn ends.
        increment_ms: i64,
    },
    /// Each turn within `days` days.
    Correspondence {
        /// Days a turn.
        days: i64,
    },
}

/// A control that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadControl(String);

/// A control as a request gives it: `{"initial_ms", "increment_ms"}` or `{"days"}`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlSpec {
    /// Fischer: the initial time.
    pub initial_ms: Option<i64>,
    /// Fischer: the increment.
    pub increment_ms: Option<i64>,
    /// Correspondence: days a turn.
    pub days: Option<i64>,
}

impl TryFrom<ControlSpec> for Control {
    type Error = BadControl;
    fn try_from(spec: ControlSpec) -> Result<Control, BadControl> {
        let bad = |why: &str| Err(BadControl(why.to_string()));
        match spec {
            ControlSpec {
                initial_ms: Some(initial_ms),
                increment_ms: Some(increment_ms),
                days: None,
            } => Control::fischer(initial_ms, increment_ms),
            ControlSpec {
                initial_ms: None,
                increment_ms: None,
                days: Some(days),
            } => Control::correspondence(days),
            ControlSpec { days: Some(_), .. } => {
                bad("a clock is either {\"initial_ms\", \"increment_ms\"} or {\"days\"}, not both")
            }
            ControlSpec {
                initial_ms: None,
                increment_ms: None,
                days: None,
            } => bad("a clock needs {\"initial_ms\", \"increment_ms\"} or {\"days\"}"),
            ControlSpec {
                initial_ms: None, ..
            } => bad("a Fischer clock needs initial_ms as well as increment_ms"),
            ControlSpec { .. } => bad("a Fischer clock needs increment_ms (0 for none)"),
        }
    }
}

impl Control {
    /// A Fischer control, checked: an initial time of 1 ms to 30 days, an increment of 0 to 30
    /// days.
    pub fn fischer(initial_ms: i64, increment_ms: i64) -> Result<Control, BadControl> {
        if !(1..=MOST_MS).contains(&initial_ms) {
            return Err(BadControl(format!(
                "initial_ms {initial_ms} is out of range (1 ms to 30 days: {MOST_MS})"
            )));
        }
        if !(0..=MOST_MS).contains(&increment_ms) {
            return Err(BadControl(format!(
                "increment_ms {increment_ms} is out of range (0 to 30 days: {MOST_MS})"
            )));
        }
        Ok(Control::Fischer {
            initial_ms,
            increment_ms,
        })
    }

    /// A correspondence control, checked: 1 to 30 days a turn.
    pub fn correspondence(days: i64) -> Result<Control, BadControl> {
        if !(1..=30).contains(&days) {
            return Err(BadControl(format!(
                "days {days} is out of range (1 to 30 days a turn)"
            )));
        }
        Ok(Control::Correspondence { days })
    }

    /// Each seat's time at the start (for correspondence, a turn's).
    pub fn initial_ms(self) -> i64 {
        match self {
            Control::Fischer { initial_ms, .. } => initial_ms,
            Control::Correspondence { days } => days * DAY_MS,
        }
    }
}

/// `M+S` (minutes, which may have decimals, and seconds of increment: `3+2`, `0.5+0`) or `Nd`
/// (correspondence, N days a turn).
impl FromStr for Control {
    type Err = BadControl;
    fn from_str(text: &str) -> Result<Control, BadControl> {
        let bad = || {
            BadControl(format!(
                "bad clock {text:?}: say minutes+seconds of increment (3+2, 0.5+0) or days a turn (3d)"
            ))
        };
        if let Some(days) = text.strip_suffix('d') {
            return Control::correspondence(days.parse().map_err(|_| bad())?);
        }
        let (minutes, seconds) = text.split_once('+').ok_or_else(bad)?;
        let minutes: f64 = minutes.parse().map_err(|_| bad())?;
        let seconds: f64 = seconds.parse().map_err(|_| bad())?;
        if !(minutes.is_finite() && seconds.is_finite()) {
            return Err(bad());
        }
        Control::fischer(
            (minutes * 60_000.0).round() as i64,
            (seconds * 1000.0).round() as i64,
        )
    }
}

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Control::Fischer {
                initial_ms,
                increment_ms,
            } => write!(
                f,
                "{}+{}",
                *initial_ms as f64 / 60_000.0,
                *increment_ms as f64 / 1000.0
            ),
            Control::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

/// A move came after its seat's time ran out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat}'s time ran out")]
pub struct OutOfTime {
    /// The seat.
    pub seat: u8,
}

/// The clocks of a game: each seat's time, and which one runs since when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The control.
    pub control: Control,
    /// Each seat's time; the running seat's as of `since`.
    pub remaining_ms: Vec<i64>,
    /// The seat whose clock runs.
    pub running: Option<u8>,
    /// Since when it runs (unix milliseconds).
    pub since: i64,
    /// Whether the running seat is a person's (granted [`LAG_ALLOWANCE_MS`]).
    #[serde(default)]
    pub person: bool,
}

impl Clock {
    /// Stopped clocks for `players` seats, each with the control's initial time.
    pub fn new(control: Control, players: usize) -> Clock {
        Clock {
            control,
            remaining_ms: vec![control.initial_ms(); players],
            running: None,
            since: 0,
            person: false,
        }
    }

    /// Runs `seat`'s clock from `now` (`None`: stops every clock). `person`: the seat is a
    /// person's. A correspondence turn starts with its full time.
    pub fn run(&mut self, seat: Option<u8>, person: bool, now: i64) {
        if let (Some(s), Control::Correspondence { days }) = (seat, self.control) {
            if self.running != Some(s) {
                self.remaining_ms[s as usize] = days * DAY_MS;
            }
        }
        self.running = seat;
        self.person = person;
        self.since = now;
    }

    /// The allowance of the running seat.
    fn allowance(&self) -> i64 {
        if self.person {
            LAG_ALLOWANCE_MS
        } else {
            0
        }
    }

    /// The unix millisecond after which the running seat's time has run out (its clock at zero,
    /// plus a person's lag allowance); `None` when no clock runs.
    pub fn deadline(&self) -> Option<i64> {
        let seat = self.running?;
        Some(self.since + self.remaining_ms[seat as usize] + self.allowance())
    }

    /// Each seat's time at `now`, the running one's counting down (never below zero).
    pub fn remaining_at(&self, now: i64) -> Vec<i64> {
        let mut remaining = self.remaining_ms.clone();
        if let Some(seat) = self.running {
            let r = &mut remaining[seat as usize];
            *r = (*r - (now - self.since).max(0)).max(0);
        }
        remaining
    }

    /// Charges a move of the running seat made at `now`: its time less the lag allowance, plus
    /// the increment when `turn_ends` (a turn of several moves gets it once). Then runs `next`'s
    /// clock (`person`: whether it is a person's; `None` stops). Refused, changing nothing, when
    /// the move came after the deadline. Does nothing but run `next` when no clock ran.
    pub fn charge(
        &mut self,
        now: i64,
        turn_ends: bool,
        next: Option<u8>,
        person: bool,
    ) -> Result<(), OutOfTime> {
        if let Some(seat) = self.running {
            if self.deadline().is_some_and(|d| now > d) {
                return Err(OutOfTime { seat });
            }
            let used = (now - self.since - self.allowance()).max(0);
            let r = &mut self.remaining_ms[seat as usize];
            *r = (*r - used).max(0);
            if turn_ends {
                match self.control {
                    Control::Fischer { increment_ms, .. } => *r += increment_ms,
                    // The next turn of this seat starts with the full time again.
                    Control::Correspondence { days } => *r = days * DAY_MS,
                }
            }
            if turn_ends {
                // A new turn, even of the same seat (never in these games): full time again.
                self.running = None;
            }
        }
        self.run(next, person, now);
        Ok(())
    }

    /// Stops every clock at `now`, charging the running seat its time so far (less the lag
    /// allowance) — for a game that ended otherwise than by a move, or a seat the computer
    /// takes over.
    pub fn stop(&mut self, now: i64) {
        if let Some(seat) = self.running {
            let used = (now - self.since - self.allowance()).max(0);
            let r = &mut self.remaining_ms[seat as usize];
            *r = (*r - used).max(0);
        }
        self.running = None;
        self.since = now;
    }

    /// How long the computer in `seat` may think at `now`: `usual` (its level's time a move)
    /// when the clock allows, else a share of what was left when its turn began that cannot run
    /// it out — a twenty-fifth of its time (less a reserve for the work around a move) and most
    /// of the increment, never more than half of what is left (the increment comes only after
    /// the move: 1 s left and 2 s of increment is not a second to think) — less what the move
    /// has already waited since (for a search slot, in a busy server's queue): the wait is
    /// spent from the same share. At least a millisecond.
    pub fn budget(&self, seat: u8, now: i64, usual: Duration) -> Duration {
        let left = self.remaining_ms[seat as usize];
        let waited = if self.running == Some(seat) {
            (now - self.since).max(0)
        } else {
            0
        };
        let share = match self.control {
            Control::Fischer { increment_ms, .. } => {
                ((left - RESERVE_MS).max(0) / 25 + increment_ms / 2).min(left / 2)
            }
            // A turn's time does not carry over: a tenth of it is still days.
            Control::Correspondence { .. } => left / 10,
        };
        usual.min(Duration::from_millis((share - waited).max(1) as u64))
    }
}

/// What the computer keeps back from its time for the work around its moves (committing each,
/// waking the next player): enough for 150 more moves at 6 ms each.
const RESERVE_MS: i64 = 1_000;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn controls_are_read_and_checked() {
        assert_eq!(
            "3+2".parse::<Control>().unwrap(),
            Control::Fischer {
                initial_ms: 180_000,
                increment_ms: 2_000
            }
        );
        assert_eq!("0.5+0".parse::<Control>().unwrap().initial_ms(), 30_000);
        assert_eq!(
            "3d".parse::<Control>().unwrap(),
            Control::Correspondence { days: 3 }
        );
        for bad in [
            "", "3", "3+", "+2", "-1+0", "0+0", "3+-1", "31d", "0d", "x+y", "inf+0",
        ] {
            assert!(bad.parse::<Control>().is_err(), "{bad}");
        }
        assert_eq!("3+2".parse::<Control>().unwrap().to_string(), "3+2");
        let spec = |json: &str| {
            serde_json::from_str::<ControlSpec>(json)
                .map_err(|e| e.to_string())
                .and_then(|s| Control::try_from(s).map_err(|e| e.to_string()))
        };
        assert_eq!(
            spec(r#"{"initial_ms": 60000, "increment_ms": 0}"#),
            Ok(Control::Fischer {
                initial_ms: 60_000,
                increment_ms: 0
            })
        );
        assert_eq!(
            spec(r#"{"days": 2}"#),
            Ok(Control::Correspondence { days: 2 })
        );
        for (json, says) in [
            (r#"{"initial_ms": 60000}"#, "increment_ms"),
            (r#"{"increment_ms": 1}"#, "initial_ms"),
            (r#"{}"#, "needs"),
            (r#"{"days": 2, "initial_ms": 1}"#, "not both"),
            (r#"{"initial_ms": -5, "increment_ms": 0}"#, "out of range"),
            (
                r#"{"initial_ms": 2592000001, "increment_ms": 0}"#,
                "out of range",
            ),
            (
                r#"{"initial_ms": 1000, "increment_ms": 2592000001}"#,
                "out of range",
            ),
            (r#"{"days": 31}"#, "out of range"),
            (r#"{"days": 0}"#, "out of range"),
            (r#"{"minutes": 3}"#, "unknown field"),
        ] {
            let e = spec(json).unwrap_err();
            assert!(e.contains(says), "{json}: {e}");
        }
        // Stored and shown as the API writes it.
        assert_eq!(
            serde_json::to_string(&Control::Correspondence { days: 1 }).unwrap(),
            r#"{"days":1}"#
        );
    }

    #[test]
    fn only_the_seat_to_move_runs_and_the_increment_comes_once_a_turn() {
        let mut clock = Clock::new(Control::fischer(10_000, 1_000).unwrap(), 2);
        assert_eq!(clock.deadline(), None, "stopped until started");
        clock.run(Some(0), true, 1_000);
        assert_eq!(clock.remaining_at(4_000), vec![7_000, 10_000]);
        // Seat 0 moves at 4 s: 3 s less the 250 ms allowance, plus 1 s.
        clock.charge(4_000, true, Some(1), false).unwrap();
        assert_eq!(clock.remaining_ms, vec![8_250, 10_000]);
        assert_eq!(
            clock.deadline(),
            Some(14_000),
            "a computer gets no allowance"
        );
        // Seat 1 (the computer) moves in two actions of one turn: one increment.
        clock.charge(5_000, false, Some(1), false).unwrap();
        clock.charge(6_500, true, Some(0), true).unwrap();
        assert_eq!(clock.remaining_ms, vec![8_250, 8_500]);
        assert_eq!(clock.deadline(), Some(6_500 + 8_250 + 250));
        // Too late: refused, nothing changed.
        let before = clock.clone();
        assert_eq!(
            clock.charge(15_001, true, Some(1), false),
            Err(OutOfTime { seat: 0 })
        );
        assert_eq!(clock, before);
        // Just in time (the allowance): the clock shows zero, then the increment.
        clock.charge(15_000, true, Some(1), false).unwrap();
        assert_eq!(clock.remaining_ms, vec![1_000, 8_500]);
        clock.charge(16_000, true, None, false).unwrap();
        assert_eq!(clock.running, None);
        assert_eq!(clock.remaining_at(99_999), vec![1_000, 8_500]);
    }

    #[test]
    fn stopping_charges_the_running_seat() {
        let mut clock = Clock::new(Control::fischer(10_000, 5_000).unwrap(), 2);
        clock.run(Some(1), true, 0);
        clock.stop(3_000);
        assert_eq!(clock.remaining_ms, vec![10_000, 7_250], "no increment");
        assert_eq!(clock.deadline(), None);
        clock.stop(99_000);
        assert_eq!(clock.remaining_ms, vec![10_000, 7_250]);
    }

    #[test]
    fn a_correspondence_turn_starts_full_and_does_not_carry_over() {
        let mut clock = Clock::new(Control::correspondence(2).unwrap(), 3);
        clock.run(Some(0), true, 0);
        assert_eq!(clock.deadline(), Some(2 * DAY_MS + LAG_ALLOWANCE_MS));
        clock.charge(DAY_MS / 2, true, Some(1), true).unwrap();
        assert_eq!(clock.remaining_ms[0], 2 * DAY_MS, "no saving up");
        assert_eq!(
            clock.deadline(),
            Some(DAY_MS / 2 + 2 * DAY_MS + LAG_ALLOWANCE_MS)
        );
        assert!(clock.charge(3 * DAY_MS, true, Some(2), true).is_err());
    }

    #[test]
    fn the_computer_keeps_its_usual_time_when_it_can() {
        let usual = Duration::from_millis(1_500);
        let mut clock = Clock::new("3+2".parse().unwrap(), 2);
        clock.run(Some(1), false, 0);
        assert_eq!(clock.budget(1, 0, usual), usual);
        let mut short = Clock::new("0.1+0".parse().unwrap(), 2);
        short.run(Some(1), false, 0);
        assert_eq!(short.budget(1, 0, usual), Duration::from_millis(200));
        assert_eq!(short.budget(1, 5_000, usual), Duration::from_millis(1));
        // 150 ms of its 200 spent waiting for a search slot: 50 left to think.
        assert_eq!(short.budget(1, 150, usual), Duration::from_millis(50));
        assert_eq!(short.budget(1, 199, usual), Duration::from_millis(1));
        let mut days = Clock::new("1d".parse().unwrap(), 2);
        days.run(Some(0), false, 0);
        assert_eq!(days.budget(0, 0, usual), usual);
    }

    proptest! {
        /// A computer that thinks its budget and moves (plus some work around each move) never
        /// runs out of time: with an increment of at least twice that work, however long the
        /// game; without one, in games of up to 150 turns a seat on 3 s or more, with up to
        /// 6 ms of work a move (a twenty-fifth of what is left over the reserve, each move,
        /// shrinks geometrically, leaving the reserve for the work).
        #[test]
        fn the_budget_never_runs_the_computer_out_of_time(
            initial in 1_000i64..20_000,
            with_increment in any::<bool>(),
            increment in 40i64..2_000,
            overhead in 0i64..20,
            moves in 50usize..400,
        ) {
            let (initial, increment, overhead, moves) = if with_increment {
                (initial, increment, overhead, moves)
            } else {
                (initial.max(3_000), 0, overhead.min(6), moves.min(300))
            };
            let mut clock = Clock::new(Control::fischer(initial, increment).unwrap(), 2);
            let mut now = 0;
            clock.run(Some(0), false, now);
            for i in 0..moves {
                let seat = (i % 2) as u8;
                let think = clock.budget(seat, now, Duration::from_millis(1_500));
                now += think.as_millis() as i64 + overhead;
                prop_assert!(clock.charge(now, true, Some(1 - seat), false).is_ok(), "move {i}");
            }
        }

        /// Waiting before a move (for a search slot) is spent from its clock's share: the wait
        /// and the thinking together take no longer than the thinking alone would have, unless
        /// the wait alone did (a level's usual time, when shorter, is kept whatever the wait).
        #[test]
        fn a_move_that_waited_thinks_the_rest_of_its_share(
            initial in 1_000i64..600_000,
            increment in 0i64..10_000,
            spent in 0i64..1_000_000,
            waited in 0i64..100_000,
        ) {
            let usual = Duration::from_secs(86_400);
            let mut clock = Clock::new(Control::fischer(initial, increment).unwrap(), 2);
            clock.remaining_ms[1] = (initial - spent).max(0);
            clock.run(Some(1), false, 0);
            let alone = clock.budget(1, 0, usual).as_millis() as i64;
            let after = clock.budget(1, waited, usual).as_millis() as i64;
            prop_assert!(after >= 1 && after <= alone);
            prop_assert!(waited + after <= alone.max(waited + 1), "{waited} + {after} > {alone}");
        }

        /// A charge never leaves a negative time, and a refused one changes nothing.
        #[test]
        fn times_stay_sane(steps in prop::collection::vec((0i64..5_000, any::<bool>()), 1..60)) {
            let mut clock = Clock::new(Control::fischer(3_000, 100).unwrap(), 3);
            let mut now = 0;
            clock.run(Some(0), true, now);
            let mut seat = 0u8;
            for (wait, ends) in steps {
                now += wait;
                let next = if ends { (seat + 1) % 3 } else { seat };
                let before = clock.clone();
                match clock.charge(now, ends, Some(next), true) {
                    Ok(()) => seat = next,
                    Err(_) => prop_assert_eq!(&clock, &before),
                }
                prop_assert!(clock.remaining_ms.iter().all(|&r| r >= 0));
            }
        }
    }
}
