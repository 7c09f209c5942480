//! `trigonal play`: a game at one terminal. Each seat is a person typing moves or a computer
//! agent (`--seat 2=ai:hard`).

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;

use anyhow::Result;
use clap::Args;
use trigonal_ai::{Agent, DynPlayer};
use trigonal_core::{DynGame, Options, Record, Seat, Seats};

use crate::GameOptions;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game id.
    game: String,
    /// Continue the game of this record (`-` is not allowed: standard input is for moves).
    #[arg(long)]
    record: Option<PathBuf>,
    /// Who plays a seat: `N=human` or `N=AGENT`, N counting from 1, AGENT one of `random`,
    /// `uct:MS`, `hint`, `ai:LEVEL`, `ai:LEVEL:MS` (levels: easy, medium, hard, max, random).
    /// Repeat for several seats; seats not named are people.
    #[arg(long = "seat", value_name = "N=WHO")]
    seats: Vec<String>,
    /// Seed of the computer players' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play under a clock: minutes+seconds of increment (`3+2`, `0.5+0`). Only the clock of the
    /// seat to move runs; a move after its time ran out loses the game (with more than two
    /// players, the computer plays that seat on and it cannot win).
    #[arg(long)]
    clock: Option<trigonal_clock::Control>,
    #[command(flatten)]
    options: GameOptions,
}

/// Who sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// A person at the terminal.
    Human,
    /// A computer agent.
    Agent(Agent),
    /// An outside engine, run by this command (`cmd:COMMAND`).
    Engine(String),
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Human => f.write_str("human"),
            Who::Agent(a) => write!(f, "{a}"),
            Who::Engine(command) => write!(f, "cmd:{command}"),
        }
    }
}

/// One `--seat N=WHO` option: the 0-based seat and who sits there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSpec {
    pub seat: Seat,
    pub who: Who,
}

impl FromStr for SeatSpec {
    type Err = anyhow::Error;
    fn from_str(text: &str) -> Result<SeatSpec> {
        let Some((n, who)) = text.split_once('=') else {
            anyhow::bail!("bad --seat {text:?}: expected N=WHO, as in 2=ai:hard or 1=human");
        };
        let n: usize = n
            .trim()
            .parse()
            .ok()
            .filter(|&n| (1..=8).contains(&n))
            .ok_or_else(|| {
                anyhow::anyhow!("bad --seat {text:?}: {n:?} is not a seat number (1, 2, …)")
            })?;
        let who = match who.trim() {
            "human" | "person" => Who::Human,
            engine if engine.starts_with("cmd:") => {
                let command = engine["cmd:".len()..].trim();
                anyhow::ensure!(
                    !command.is_empty(),
                    "bad --seat {text:?}: cmd: needs the engine's command"
                );
                Who::Engine(command.to_string())
            }
            agent => Who::Agent(
                agent
                    .parse()
                    .map_err(|e| anyhow::anyhow!("bad --seat {text:?}: {e}"))?,
            ),
        };
        Ok(SeatSpec {
            seat: Seat((n - 1) as u8),
            who,
        })
    }
}

/// Who sits at each of `players` seats, from the `--seat` options: people where not named.
pub fn seating(specs: &[String], players: usize) -> Result<Vec<Who>> {
    let mut seats = vec![None; players];
    for text in specs {
        let spec: SeatSpec = text.parse()?;
        let i = spec.seat.index();
        anyhow::ensure!(
            i < players,
            "bad --seat {text:?}: this game has {players} seats (1 to {players})"
        );
        anyhow::ensure!(
            seats[i].is_none(),
            "bad --seat {text:?}: seat {} is given twice",
            i + 1
        );
        seats[i] = Some(spec.who);
    }
    Ok(seats.into_iter().map(|w| w.unwrap_or(Who::Human)).collect())
}

/// The commands of [`HELP`], for Tab to complete.
const COMMANDS: [&str; 6] = ["moves", "hint", "undo", "record", "help", "quit"];

const HELP: &str = "Type a move in the notation shown by `moves` (Tab completes it; ↑ recalls
earlier lines), or a command:
  moves    list the legal moves
  hint     ask the computer (ai:medium) for a move
  undo     take back your last move (and the computer's replies after it)
  record   print the game so far as a record
  help     this text
  quit     leave the game";

/// A game in progress at the terminal: the start options and the moves played, so that undo can
/// replay from the start, and a computer player for each computer seat.
struct Session {
    id: String,
    options: Options,
    history: Vec<String>,
    position: Box<dyn DynGame>,
    who: Vec<Who>,
    computers: Vec<Option<Box<dyn DynPlayer>>>,
    /// The clocks, timed from `began`.
    clock: Option<trigonal_clock::Clock>,
    began: std::time::Instant,
    /// The seats out of the game (out of time, or an engine that forfeited).
    out: Seats,
    /// How a 2-player game ended otherwise than by its rules: the winner, and why.
    won_by_default: Option<(Seat, String)>,
}

impl Session {
    fn new(id: &str, options: &Options) -> Result<Session> {
        let position = trigonal_games::new_game(id, options)?;
        Ok(Session {
            id: id.to_string(),
            options: position.options(),
            history: Vec::new(),
            position,
            who: Vec::new(),
            computers: Vec::new(),
            clock: None,
            began: std::time::Instant::now(),
            out: Seats::EMPTY,
            won_by_default: None,
        })
    }

    /// Milliseconds since the session began: the clocks' time.
    fn now(&self) -> i64 {
        self.began.elapsed().as_millis() as i64
    }

    /// The seat to move, none once the game is over (by its rules or on time).
    fn to_move(&self) -> Option<Seat> {
        self.position
            .to_move()
            .filter(|_| self.won_by_default.is_none())
    }

    /// Starts the clocks of `control`, the seat to move's running.
    fn start_clock(&mut self, control: trigonal_clock::Control) {
        let mut clock = trigonal_clock::Clock::new(control, self.position.players());
        clock.run(self.to_move().map(|s| s.0), false, self.now());
        self.clock = Some(clock);
    }

    /// The clocks in words, the running one marked: `P1 2:58.3 · P2 ▸3:00.0`.
    fn clocks(&self) -> Option<String> {
        let clock = self.clock.as_ref()?;
        let times: Vec<String> = clock
            .remaining_at(self.now())
            .iter()
            .enumerate()
            .map(|(i, &ms)| {
                let mark = if clock.running == Some(i as u8) {
                    "▸"
                } else {
                    ""
                };
                let out = if self.out.contains(Seat(i as u8)) {
                    " (out of time)"
                } else {
                    ""
                };
                format!(
                    "{} {mark}{}:{:04.1}{out}",
                    Seat(i as u8),
                    ms / 60_000,
                    (ms % 60_000) as f64 / 1000.0
                )
            })
            .collect();
        Some(times.join(" · "))
    }

    /// How long the computer in `seat` may think, under the clock.
    fn limit(&self, seat: Seat) -> Option<std::time::Duration> {
        let clock = self.clock.as_ref().filter(|c| c.running == Some(seat.0))?;
        Some(clock.budget(seat.0, self.now(), std::time::Duration::MAX))
    }

    /// Charges the move `mv` of the seat to move to its clock; `false` when its time ran out
    /// (then the seat is out: the game ends, or the computer takes the seat over).
    fn in_time(&mut self, mv: &str) -> Result<bool> {
        let Some(seat) = self.to_move() else {
            return Ok(true);
        };
        let now = self.now();
        let mut after = self.position.clone();
        after.play(mv)?;
        let out = self.out;
        let Some(clock) = self.clock.as_mut() else {
            return Ok(true);
        };
        let next = after.to_move().filter(|s| !out.contains(*s)).map(|s| s.0);
        if clock
            .charge(now, after.to_move() != Some(seat), next, false)
            .is_ok()
        {
            return Ok(true);
        }
        clock.remaining_ms[seat.index()] = 0;
        self.knock_out(seat, &format!("{seat} ran out of time"))?;
        Ok(false)
    }

    /// Takes `seat` out of the game, for the reason `why`: with two players the other wins; with
    /// more the computer (ai:easy) plays it on, and it cannot win.
    fn knock_out(&mut self, seat: Seat, why: &str) -> Result<()> {
        let now = self.now();
        if let Some(clock) = &mut self.clock {
            let remaining = clock.remaining_ms.clone();
            clock.stop(now);
            clock.remaining_ms = remaining;
        }
        self.out = self.out.with(seat);
        if self.position.players() == 2 {
            self.won_by_default = Some((seat.next(2), why.to_string()));
            return Ok(());
        }
        let easy = Agent::Ai {
            level: trigonal_ai::Level::Easy,
            ms: None,
        };
        self.who[seat.index()] = Who::Agent(easy);
        let mut player = trigonal_games::dyn_player(&self.id, easy, seat.0 as u64)?;
        for mv in &self.history {
            player.advance(mv);
        }
        self.computers[seat.index()] = Some(player);
        let next = self
            .to_move()
            .filter(|s| !self.out.contains(*s))
            .map(|s| s.0);
        if let Some(clock) = &mut self.clock {
            clock.run(next, false, now);
        }
        Ok(())
    }

    fn seat(&mut self, who: Vec<Who>, seed: u64) -> Result<()> {
        self.computers = who
            .iter()
            .enumerate()
            .map(|(i, w)| match w {
                Who::Human => Ok(None),
                Who::Engine(command) => Ok(Some(Box::new(trigonal_engine::EnginePlayer::new(
                    command,
                )) as Box<dyn DynPlayer>)),
                Who::Agent(a) => {
                    trigonal_games::dyn_player(&self.id, *a, seed.wrapping_add(i as u64)).map(Some)
                }
            })
            .collect::<Result<_, _>>()?;
        self.who = who;
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<String, trigonal_core::MoveError> {
        let canonical = self.position.play(text)?;
        for c in self.computers.iter_mut().flatten() {
            c.advance(&canonical);
        }
        self.history.push(canonical.clone());
        Ok(canonical)
    }

    fn is_human(&self, seat: Seat) -> bool {
        matches!(self.who.get(seat.index()), Some(Who::Human) | None)
    }

    /// Takes back the last move, and then the computers' moves before it, so that a person is
    /// to move again; returns the moves taken back, last first.
    fn undo(&mut self) -> Result<Vec<String>> {
        let mut taken = Vec::new();
        while let Some(last) = self.history.pop() {
            taken.push(last);
            let mut position = trigonal_games::new_game(&self.id, &self.options)?;
            for mv in &self.history {
                position.play(mv)?;
            }
            self.position = position;
            let seat = self.position.to_move().expect("a position before a move");
            if self.is_human(seat) {
                break;
            }
        }
        for c in self.computers.iter_mut().flatten() {
            c.forget();
            for mv in &self.history {
                c.advance(mv);
            }
        }
        // The times stay; the clock of the seat now to move runs.
        let (now, next) = (self.now(), self.to_move().map(|s| s.0));
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
            clock.run(next, false, now);
        }
        Ok(taken)
    }

    /// The result of the finished game in words.
    fn result(&self) -> String {
        match &self.won_by_default {
            Some((winner, why)) => format!("{why}: {winner} wins."),
            None => result_text(self.position.as_ref(), self.out),
        }
    }

    fn record(&self) -> Record {
        let mut record = Record::from_moves(&self.id, &self.options, self.history.clone());
        if self.computers.iter().any(Option::is_some) {
            for (i, w) in self.who.iter().enumerate() {
                record.headers.push((format!("p{}", i + 1), w.to_string()));
            }
        }
        record
    }
}

/// The computer's advice for the seat to move, in plain words: `try b1/2 — a win by 2
/// cylinders left after scoring` where the game's exact solver settles the position quickly,
/// else `try b1/2 (the computer gives you 64%)`.
fn hint(position: &dyn DynGame, seed: u64) -> Result<String> {
    let solver = trigonal_games::solver(position.id());
    if let Some(solved) = solver.and_then(|solver| solver.quick(position, 2)) {
        return Ok(format!(
            "Try {} — with best play a {}.",
            solved.best,
            solved.in_words()
        ));
    }
    let agent = Agent::Hint { ms: None };
    let mut adviser = trigonal_games::dyn_player(position.id(), agent, seed)?;
    let Some(thought) = adviser.think(position) else {
        return Ok("The game is over.".into());
    };
    let seat = position.to_move().map_or(0, |s| s.index());
    let chance = thought.shares.get(seat).copied().unwrap_or(0.0);
    Ok(format!(
        "Try {} (ai:medium gives you {:.0}% from there).",
        thought.best,
        100.0 * chance
    ))
}

/// The result of a finished game in words: who won (never a seat in `out`, whose time ran out),
/// and the scores where the game has them.
pub fn result_text(position: &dyn DynGame, out: Seats) -> String {
    let Some(outcome) = position.outcome() else {
        return "The game is not over.".to_string();
    };
    let outcome = outcome.without(out, position.scores().as_deref(), position.players());
    let winners: Vec<String> = outcome.winners.iter().map(|s| s.to_string()).collect();
    let mut text = match winners.len() {
        0 => "The game is a draw.".to_string(),
        1 => format!("{} wins.", winners[0]),
        _ => format!("{} share the win.", winners.join(" and ")),
    };
    if let Some(scores) = position.scores() {
        let list: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", Seat(i as u8)))
            .collect();
        text.push_str(&format!(" Scores: {}.", list.join(", ")));
    }
    text
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let mut session = Session::new(&args.game, &args.options.options())?;
    if let Some(path) = &args.record {
        anyhow::ensure!(
            path.as_os_str() != "-",
            "--record - is not allowed: standard input is for the moves"
        );
        let record = crate::input::read_record(path, &args.game)?;
        session = Session::new(&args.game, &record.options(&args.options.options())?)?;
        for (i, mv) in record.moves.iter().enumerate() {
            session
                .play(mv)
                .map_err(|e| crate::input::bad_record_move(i, mv, e))?;
        }
    }
    let who = seating(&args.seats, session.position.players())?;
    session.seat(who, args.seed)?;
    if let Some(control) = args.clock {
        session.start_clock(control);
    }
    let mut lines = crate::terminal::Lines::open();
    let mut out = std::io::stdout().lock();
    let seats: Vec<String> = session
        .who
        .iter()
        .enumerate()
        .map(|(i, w)| format!("{} {w}", Seat(i as u8)))
        .collect();
    writeln!(
        out,
        "{} ({}) — type `help` for commands.",
        session.position.name(),
        seats.join(", ")
    )?;
    loop {
        writeln!(out, "\n{}", session.position.diagram())?;
        if let Some(clocks) = session.clocks() {
            writeln!(out, "Clocks: {clocks}")?;
        }
        let Some(seat) = session.to_move() else {
            writeln!(out, "{}", session.result())?;
            writeln!(out, "Record:\n{}", session.record().to_text())?;
            return Ok(());
        };
        let limit = session.limit(seat);
        if let Some(computer) = session.computers[seat.index()].as_mut() {
            write!(out, "{seat} ({}) is thinking… ", session.who[seat.index()])?;
            out.flush()?;
            computer.limit(limit);
            if let Some(clock) = &session.clock {
                computer.see_clock(clock, session.began.elapsed().as_millis() as i64);
            }
            let thought = computer
                .think(session.position.as_ref())
                .expect("a computer player for this game");
            if let Some(why) = computer.forfeit() {
                writeln!(out, "{seat} forfeits: {why}.")?;
                session.knock_out(seat, &format!("{seat} forfeited ({why})"))?;
                continue;
            }
            if !session.in_time(&thought.best)? {
                writeln!(out, "{seat} ran out of time.")?;
                continue;
            }
            let mv = session
                .play(&thought.best)
                .map_err(|e| anyhow::anyhow!("the computer chose a refused move: {e}"))?;
            writeln!(out, "{seat} plays {mv}.")?;
            continue;
        }
        loop {
            let mut choices = session.position.legal_moves();
            choices.extend(COMMANDS.iter().map(ToString::to_string));
            let Some(line) = lines.next(&format!("{seat}> "), choices, &mut out) else {
                writeln!(out)?;
                return Ok(());
            };
            let line = line?;
            let input = line.trim();
            match input {
                "" => continue,
                "help" | "?" => writeln!(out, "{HELP}")?,
                "quit" | "exit" => return Ok(()),
                "moves" => {
                    let mut moves = session.position.legal_moves();
                    moves.sort();
                    writeln!(out, "{} legal:", moves.len())?;
                    for line in crate::terminal::wrap(moves.iter().map(String::as_str), 78) {
                        writeln!(out, "  {line}")?;
                    }
                }
                "hint" => writeln!(out, "{}", hint(session.position.as_ref(), args.seed)?)?,
                "record" => write!(out, "{}", session.record().to_text())?,
                "undo" => {
                    let taken = session.undo()?;
                    if taken.is_empty() {
                        writeln!(out, "Nothing to take back.")?;
                    } else {
                        writeln!(out, "Took back {}.", taken.join(", "))?;
                        break;
                    }
                }
                text => {
                    // A move in the notation, checked before its time is: a typo costs time,
                    // not the game.
                    if let Err(e) = session.position.clone().play(text) {
                        writeln!(out, "Refused: {e}. (`moves` lists the legal moves.)")?;
                        continue;
                    }
                    if !session.in_time(text)? {
                        writeln!(out, "{seat}'s time ran out before that move.")?;
                        break;
                    }
                    let mv = session.play(text)?;
                    writeln!(out, "{seat} plays {mv}.")?;
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn seats_are_people_unless_named() {
        let who = seating(&specs(&["2=ai:hard"]), 2).unwrap();
        assert_eq!(
            who,
            vec![
                Who::Human,
                Who::Agent(Agent::Ai {
                    level: trigonal_ai::Level::Hard,
                    ms: None
                })
            ]
        );
        let who = seating(&specs(&["1=uct:50", "3=human"]), 3).unwrap();
        assert_eq!(who[0], Who::Agent(Agent::Uct { ms: 50 }));
        assert_eq!(who[1], Who::Human);
    }

    #[test]
    fn bad_seat_specs_are_refused() {
        let cases = [
            (vec!["2"], "expected N=WHO"),
            (vec!["0=ai:hard"], "not a seat number"),
            (vec!["x=ai:hard"], "not a seat number"),
            (vec!["3=ai:hard"], "this game has 2 seats"),
            (vec!["2=ai:grandmaster"], "unknown level"),
            (vec!["2=robot"], "unknown kind"),
            (vec!["2=uct:0"], "out of range"),
            (vec!["1=ai:easy", "1=random"], "given twice"),
        ];
        for (texts, want) in cases {
            let err = seating(&specs(&texts), 2).unwrap_err().to_string();
            assert!(err.contains(want), "{texts:?}: got {err:?}, want {want:?}");
        }
    }
}
