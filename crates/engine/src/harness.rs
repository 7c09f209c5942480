//! The harness side: an engine as a child process, and a player made of it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use trigonal_ai::{DynPlayer, Player, Thought};
use trigonal_clock::{Clock, Control};
use trigonal_core::{DynGame, Present};

/// The longest line an engine may write, in bytes.
pub const LINE_LIMIT: usize = 64 * 1024;

/// Lines read ahead of what the harness asked for: an engine that writes more waits on its pipe.
const READ_AHEAD: usize = 64;

/// How long an engine has to answer `tep 1` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// A move's time when no clock says otherwise.
const MOVETIME: Duration = Duration::from_millis(1000);

/// How long past its move time an engine may be before it forfeits.
const MARGIN: Duration = Duration::from_secs(2);

/// Why an engine forfeits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// It could not be started.
    #[error("could not start `{command}`: {why}")]
    Start {
        /// The command.
        command: String,
        /// The cause.
        why: String,
    },
    /// It exited or closed its output.
    #[error("the engine exited or closed its output")]
    Gone,
    /// It wrote something that is not a line of text.
    #[error("the engine wrote {0}")]
    Garbage(String),
    /// It did not answer in time.
    #[error("the engine did not answer `{0}` in time")]
    Silent(String),
    /// It chose a move that is not legal.
    #[error("the engine answered {0:?}, which is not a legal move")]
    Illegal(String),
}

/// What the reader thread passes on: a line, or why there are no more.
type Line = Result<String, EngineError>;

/// A running engine. Its process is killed when this is dropped.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<Line>,
    /// What it called itself (`id name`).
    name: Option<String>,
    /// Notes for people: `info` lines and warnings.
    notes: Vec<String>,
}

impl Engine {
    /// Starts `command` (run by `sh -c`, in a process group of its own, so that everything it
    /// starts can be ended with it) and shakes hands: `tep 1` … `tepok`.
    fn start(command: &str) -> Result<Engine, EngineError> {
        use std::os::unix::process::CommandExt as _;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Start {
                command: command.to_string(),
                why: e.to_string(),
            })?;
        let input = child.stdin.take().expect("a piped stdin");
        let output = child.stdout.take().expect("a piped stdout");
        let (send, lines) = mpsc::sync_channel(READ_AHEAD);
        std::thread::spawn(move || read_lines(output, send));
        let mut engine = Engine {
            child,
            input,
            lines,
            name: None,
            notes: Vec::new(),
        };
        engine.send("tep 1")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = engine.next_line(deadline, "tep 1")?;
            if line == "tepok" {
                return Ok(engine);
            }
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = Some(name.trim().to_string());
            } else if !line.starts_with("id ") {
                engine.note(&line);
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|_| EngineError::Gone)
    }

    /// The next line, by `deadline` (waiting for the answer to `asked`).
    fn next_line(&mut self, deadline: Instant, asked: &str) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Silent(asked.to_string())),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Gone),
        }
    }

    /// Reads lines until one is `word …`; returns the rest of it. `info` lines are kept as notes,
    /// anything else is noted as ignored.
    fn expect(
        &mut self,
        word: &str,
        deadline: Instant,
        asked: &str,
    ) -> Result<String, EngineError> {
        loop {
            let line = self.next_line(deadline, asked)?;
            let (first, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            if first == word {
                return Ok(rest.trim().to_string());
            }
            self.note(&line);
        }
    }

    fn note(&mut self, line: &str) {
        const KEPT: usize = 100;
        if self.notes.len() < KEPT {
            self.notes.push(match line.strip_prefix("info ") {
                Some(info) => info.to_string(),
                None => format!("ignored: {line}"),
            });
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        // The whole group: the engine and anything it started.
        if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group the child leads.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Passes `output`'s lines on until it ends, a line is too long or not text, or nobody listens.
fn read_lines(output: impl Read, send: mpsc::SyncSender<Line>) {
    let mut reader = BufReader::new(output);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = reader
            .by_ref()
            .take(LINE_LIMIT as u64 + 1)
            .read_until(b'\n', &mut buffer);
        let line = match read {
            Ok(0) | Err(_) => Err(EngineError::Gone),
            Ok(_) if buffer.last() != Some(&b'\n') && buffer.len() > LINE_LIMIT => Err(
                EngineError::Garbage(format!("a line longer than {LINE_LIMIT} bytes")),
            ),
            Ok(_) => String::from_utf8(std::mem::take(&mut buffer))
                .map(|s| s.trim_end_matches(['\n', '\r']).to_string())
                .map_err(|_| EngineError::Garbage("a line that is not UTF-8 text".into())),
        };
        let last = line.is_err();
        if send.send(line).is_err() || last {
            return;
        }
    }
}

/// An outside engine as a player of one game: started at its first move, told the game, the
/// moves so far and the legal moves before each `go`. When it fails it forfeits (see
/// [`Player::forfeit`]) and is stopped; its `think` then returns a legal move only to keep the
/// types whole — the host does not play it.
pub struct EnginePlayer {
    command: String,
    engine: Option<Engine>,
    /// The moves played so far, canonical.
    history: Vec<String>,
    started: bool,
    limit: Option<Duration>,
    clock: Option<(Clock, i64)>,
    failure: Option<EngineError>,
    reported: bool,
}

impl EnginePlayer {
    /// A player that runs `command` (by `sh -c`) when it first moves.
    pub fn new(command: &str) -> EnginePlayer {
        EnginePlayer {
            command: command.to_string(),
            engine: None,
            history: Vec::new(),
            started: false,
            limit: None,
            clock: None,
            failure: None,
            reported: false,
        }
    }

    /// The engine's name for itself, once started.
    pub fn name(&self) -> Option<&str> {
        self.engine.as_ref()?.name.as_deref()
    }

    /// The engine's `info` lines and the lines it wrote that were ignored, so far.
    pub fn notes(&self) -> &[String] {
        self.engine.as_ref().map_or(&[], |e| &e.notes)
    }

    /// The engine's move in `position` (its seat to move), canonical — or why it forfeits.
    pub fn choose(&mut self, position: &dyn DynGame) -> Result<String, EngineError> {
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        let chosen = self.ask(position);
        if let Err(e) = &chosen {
            self.failure = Some(e.clone());
            self.engine = None;
        }
        chosen
    }

    fn ask(&mut self, position: &dyn DynGame) -> Result<String, EngineError> {
        if self.engine.is_none() {
            self.engine = Some(Engine::start(&self.command)?);
        }
        let engine = self.engine.as_mut().expect("started");
        if !self.started {
            let seat = position.to_move().map_or(0, |s| s.0);
            let mut line = format!(
                "newgame {} players {} seat {seat}",
                position.id(),
                position.players()
            );
            if let Some(variant) = position.options().variant {
                line.push_str(&format!(" variant {variant}"));
            }
            engine.send(&line)?;
            engine.send("isready")?;
            engine.expect("readyok", Instant::now() + HANDSHAKE, "isready")?;
            self.started = true;
        }
        let moves = self.history.join(" ");
        engine.send(format!("position {moves}").trim_end())?;
        let legal = position.legal_moves();
        engine.send(&format!("legal {}", legal.join(" ")))?;
        let movetime = self.limit.map_or(MOVETIME, |l| l.min(MOVETIME));
        let mut go = String::from("go");
        let mut patience = movetime + MARGIN;
        if let Some((clock, now)) = &self.clock {
            let join = |v: Vec<i64>| v.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            let players = clock.remaining_ms.len();
            let increment = match clock.control {
                Control::Fischer { increment_ms, .. } => increment_ms,
                Control::Correspondence { .. } => 0,
            };
            go.push_str(&format!(
                " clock {} inc {}",
                join(clock.remaining_at(*now)),
                join(vec![increment; players])
            ));
            if let Some(seat) = clock.running {
                let left = clock.remaining_at(*now)[seat as usize].max(0) as u64;
                patience = patience.min(Duration::from_millis(left) + MARGIN);
            }
        }
        go.push_str(&format!(" movetime {}", movetime.as_millis()));
        engine.send(&go)?;
        let answer = engine.expect("bestmove", Instant::now() + patience, "go")?;
        let mv = answer.split_whitespace().next().unwrap_or("").to_string();
        let mut after = position.clone_box();
        after.play(&mv).map_err(|_| EngineError::Illegal(answer))
    }

    /// `mv` (canonical) was played.
    pub fn played(&mut self, mv: &str) {
        self.history.push(mv.to_string());
    }

    /// Why this player forfeited, the first time it is asked after it did.
    pub fn take_forfeit(&mut self) -> Option<String> {
        if self.reported {
            return None;
        }
        let failure = self.failure.as_ref()?;
        self.reported = true;
        Some(failure.to_string())
    }
}

/// Any legal move of `position`: what a failed engine's think returns.
fn any_move(position: &dyn DynGame) -> String {
    position
        .legal_moves()
        .into_iter()
        .next()
        .expect("a position to move in has a legal move")
}

impl<G: Present> Player<G> for EnginePlayer {
    fn think(&mut self, position: &G) -> Thought<G::Move> {
        let text = self.choose(position).unwrap_or_else(|_| any_move(position));
        let mv = text
            .parse()
            .unwrap_or_else(|_| unreachable!("a move the game printed reads back"));
        Thought::unknown(mv, position, "an outside engine")
    }
    fn advance(&mut self, mv: G::Move) {
        self.played(&mv.to_string());
    }
    fn forget(&mut self) {
        // A take-back: the host tells the moves kept again (the engine hears them at its next
        // `position`).
        self.history.clear();
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.limit = most;
    }
    fn see_clock(&mut self, clock: &Clock, now: i64) {
        self.clock = Some((clock.clone(), now));
    }
    fn forfeit(&mut self) -> Option<String> {
        self.take_forfeit()
    }
}

impl DynPlayer for EnginePlayer {
    fn think(&mut self, position: &dyn DynGame) -> Option<Thought<String>> {
        position.to_move()?;
        let text = self.choose(position).unwrap_or_else(|_| any_move(position));
        Some(Thought {
            best: text,
            shares: Vec::new(),
            score: None,
            proven: false,
            detail: "an outside engine".into(),
            moves: Vec::new(),
        })
    }
    fn advance(&mut self, mv: &str) {
        self.played(mv);
    }
    fn forget(&mut self) {
        self.history.clear();
    }
    fn limit(&mut self, most: Option<Duration>) {
        self.limit = most;
    }
    fn see_clock(&mut self, clock: &Clock, now: i64) {
        self.clock = Some((clock.clone(), now));
    }
    fn forfeit(&mut self) -> Option<String> {
        self.take_forfeit()
    }
}
