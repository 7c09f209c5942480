//! A game in memory: the position of a game this process is serving, rebuilt from its stored
//! moves, with its seats, table and chat. A copy, never the truth: the store is, and every change
//! reaches memory only after it is committed there (see [`crate::change`]). The games held, and
//! the channels to their watchers, are in [`crate::hub`].

use serde::Serialize;
use trigonal_core::{Clause, DynGame, MoveError, Options};
use trigonal_store::{ChatRow, GameRow, MoveRow, SeatKind, SeatRow, Table, TokenDigest};

/// Whether a computer move is due: the seat to move, `to_move`, is a computer's.
pub fn computer_due(seats: &[SeatRow], to_move: Option<u8>) -> bool {
    to_move
        .and_then(|s| seats.get(s as usize))
        .is_some_and(|s| s.kind == SeatKind::Ai)
}

/// The seat to move in `position` with `table` around it: none once the game is over, by its
/// rules or otherwise.
pub fn to_move(table: &Table, position: &dyn DynGame) -> Option<u8> {
    if table.ending.is_some() {
        return None;
    }
    position.to_move().map(|s| s.0)
}

/// Whether `seat` is out of the game around `table` (resigned, or out of time).
pub fn retired(table: &Table, seat: u8) -> bool {
    table.resigned.get(seat as usize) == Some(&true)
        || table.out_of_time.get(seat as usize) == Some(&true)
}

/// Whether every seat has its player: none open, none kept for a player who has not come (a
/// bot's seat counts as filled: the bot is there as soon as it is named).
pub fn seats_filled(seats: &[SeatRow], table: &Table) -> bool {
    seats.iter().enumerate().all(|(i, s)| match s.kind {
        SeatKind::Open => false,
        SeatKind::Human => s.token_digest.is_some() || table.bots.get(i) == Some(&true),
        SeatKind::Ai | SeatKind::Record => true,
    })
}

/// Whether `seat` is played by a bot.
pub fn is_bot(table: &Table, seat: u8) -> bool {
    table.bots.get(seat as usize) == Some(&true) && !retired(table, seat)
}

/// The state of one game, as of the store's `version` of it.
pub struct Live {
    /// The game's id in URLs.
    pub id: String,
    /// The registry id.
    pub game: String,
    /// The options the game was created with, filled in.
    pub options: Options,
    /// The seats.
    pub seats: Vec<SeatRow>,
    /// The moves played.
    pub history: Vec<MoveRow>,
    /// How each move of `history` is shown, worked out in the position before it.
    pub shown: Vec<MoveShown>,
    /// The position after them.
    pub position: Box<dyn DynGame>,
    /// Created, unix milliseconds.
    pub created: i64,
    /// Last changed, unix milliseconds.
    pub updated: i64,
    /// The store's version of the game this copy is of.
    pub version: i64,
    /// What is around the board: names, resignations, offers, an ending not by the rules.
    pub table: Table,
    /// The latest chat messages.
    pub chat: Vec<ChatRow>,
    /// When the seat to move's time runs out (a clock's deadline, or a bot's patience).
    pub deadline: Option<i64>,
    /// The seats whose players have the game open.
    pub present: Vec<u8>,
}

/// How a move played is shown, worked out in the position before it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MoveShown {
    /// The scene ids clicked to make it: what a front end points at on the board.
    pub clicks: Vec<String>,
    /// The move said in words.
    pub words: Vec<Clause>,
}

impl MoveShown {
    /// How the legal move written `text` is shown in `position`, the position before it.
    pub fn of(position: &dyn DynGame, text: &str) -> Result<MoveShown, MoveError> {
        Ok(MoveShown {
            clicks: position.clicks_of(text)?,
            words: position.words_of(text)?,
        })
    }
}

/// Plays the move written `text` on `position`, returning how it is shown.
fn play(position: &mut dyn DynGame, text: &str) -> Result<MoveShown, MoveError> {
    let shown = MoveShown::of(position, text)?;
    position.play(text)?;
    Ok(shown)
}

impl Live {
    /// Rebuilds a game from its stored row, replaying its moves through the registry. The view
    /// is left empty for the caller to render.
    pub fn from_row(row: GameRow) -> Result<Live, String> {
        let options = Options {
            players: Some(row.players),
            variant: row.variant.clone(),
        };
        let mut position = trigonal_games::new_game(&row.game, &options)
            .map_err(|e| format!("game {}: {e}", row.id))?;
        let mut shown = Vec::with_capacity(row.moves.len());
        for (ply, mv) in row.moves.iter().enumerate() {
            shown.push(
                play(position.as_mut(), &mv.text)
                    .map_err(|e| format!("game {}, ply {ply}: {e}", row.id))?,
            );
        }
        Ok(Live {
            id: row.id,
            game: row.game,
            options: position.options(),
            seats: row.seats,
            history: row.moves,
            shown,
            position,
            created: row.created,
            updated: row.updated,
            version: row.version,
            table: row.table,
            chat: row.chat,
            present: row.present,
            deadline: row.deadline,
        })
    }

    /// Brings this copy up to `row`, a newer read of the same game. When the moves it had are
    /// still there (the usual case) only the new ones are played; otherwise (moves were taken
    /// back) the game is rebuilt. Returns whether it was rebuilt.
    pub fn catch_up(&mut self, row: GameRow) -> Result<bool, String> {
        let known = self.history.len();
        if row.moves.len() >= known && row.moves[..known] == self.history[..] {
            self.seats = row.seats;
            self.updated = row.updated;
            self.table = row.table;
            self.chat = row.chat;
            self.present = row.present;
            self.deadline = row.deadline;
            for (ply, mv) in row.moves.into_iter().enumerate().skip(known) {
                let shown = play(self.position.as_mut(), &mv.text)
                    .map_err(|e| format!("game {}, ply {ply}: {e}", row.id))?;
                self.shown.push(shown);
                self.history.push(mv);
            }
            self.version = row.version;
            Ok(false)
        } else {
            *self = Live::from_row(row)?;
            Ok(true)
        }
    }

    /// The seat whose token is `token`: the one given out for it, or one of the further tokens
    /// its owner's browsers were given.
    pub fn seat_of(&self, token: &str) -> Option<u8> {
        let presented = TokenDigest::of(token);
        self.seats
            .iter()
            .position(|s| {
                s.token_digest.as_ref().is_some_and(|d| d.same(&presented))
                    || s.keys.iter().any(|k| k.same(&presented))
            })
            .map(|i| i as u8)
    }

    /// Whether a computer move is due.
    pub fn computer_due(&self) -> bool {
        computer_due(&self.seats, self.to_move())
    }

    /// The seat to move: none once the game is over, by its rules or otherwise (a resignation,
    /// a draw agreed).
    pub fn to_move(&self) -> Option<u8> {
        to_move(&self.table, self.position.as_ref())
    }

    /// Whether `seat` is a person's: a human seat with its token given out, and not resigned.
    pub fn is_person(&self, seat: u8) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| s.kind == SeatKind::Human && s.token_digest.is_some())
    }

    /// Whether `seat` resigned.
    pub fn resigned(&self, seat: u8) -> bool {
        self.table.resigned.get(seat as usize) == Some(&true)
    }

    /// Whether `seat` is out of the game, played on by the computer: it resigned, or its time
    /// ran out. It cannot win, and has no clock.
    pub fn retired(&self, seat: u8) -> bool {
        retired(&self.table, seat)
    }

    /// Whether a take-back may be asked for now: some person has a move to take back, and the
    /// game did not end by resignation or agreement, nor has a rematch or a request pending.
    pub fn can_undo(&self) -> bool {
        self.table.ending.is_none()
            && self.table.rematch.is_none()
            && self.table.takeback.is_none()
            && self.history.iter().any(|m| self.is_person(m.seat))
    }

    /// The position after the first `ply` moves.
    pub fn replay(&self, ply: usize) -> Result<Box<dyn DynGame>, String> {
        let mut position = trigonal_games::new_game(&self.game, &self.options)
            .map_err(|e| format!("game {}: {e}", self.id))?;
        for mv in &self.history[..ply] {
            position
                .play(&mv.text)
                .map_err(|e| format!("game {}: {e}", self.id))?;
        }
        Ok(position)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A stored two-person Triangoli game `id` with `moves`, last changed at `updated`.
    pub(crate) fn row(id: &str, updated: i64, moves: &[&str]) -> GameRow {
        GameRow {
            id: id.into(),
            game: "triangoli".into(),
            variant: None,
            players: 2,
            seats: vec![seat(SeatKind::Human), seat(SeatKind::Human)],
            moves: moves
                .iter()
                .enumerate()
                .map(|(i, m)| MoveRow {
                    text: m.to_string(),
                    seat: (i % 2) as u8,
                    at: 1,
                })
                .collect(),
            to_move: Some(0),
            version: moves.len() as i64,
            created: updated,
            updated,
            table: Table::default(),
            chat: Vec::new(),
            present: Vec::new(),
            deadline: None,
        }
    }

    fn seat(kind: SeatKind) -> SeatRow {
        SeatRow {
            kind,
            level: None,
            token_digest: None,
            owner: None,
            keys: Vec::new(),
        }
    }

    #[test]
    fn catching_up_plays_new_moves_or_rebuilds_after_a_take_back() {
        let start = trigonal_games::new_game("triangoli", &Options::default()).unwrap();
        let first = start.legal_moves()[0].clone();
        let mut after_first = start.clone();
        after_first.play(&first).unwrap();
        let second = after_first.legal_moves()[3].clone();
        let other = after_first.legal_moves()[5].clone();

        let mut live = Live::from_row(row("g", 1, &[&first])).unwrap();
        assert!(!live.catch_up(row("g", 2, &[&first, &second])).unwrap());
        assert_eq!(live.history.len(), 2);
        assert_eq!(live.version, 2);
        let mut expected = after_first.clone();
        expected.play(&second).unwrap();
        assert_eq!(live.position.legal_moves(), expected.legal_moves());
        // Another history at the same length (taken back and played otherwise elsewhere).
        let mut elsewhere = row("g", 3, &[&first, &other]);
        elsewhere.version = 4;
        assert!(live.catch_up(elsewhere).unwrap());
        assert_eq!(live.version, 4);
        let mut expected = after_first.clone();
        expected.play(&other).unwrap();
        assert_eq!(live.history[1].text, other);
        assert_eq!(live.position.legal_moves(), expected.legal_moves());
    }
}
