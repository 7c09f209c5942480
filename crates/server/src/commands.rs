//! The requests that become commands of the change path ([`crate::change`]): moves, take-backs,
//! draws, chat, rematches and joins, as the API receives them, and the checks of what people
//! type (names, chat lines). The HTTP handlers build each [`Command`] from its request here;
//! only a rematch and a join do more than that.

use serde::{Deserialize, Serialize};
use trigonal_store::TokenDigest;

use crate::accounts::SignedIn;
use crate::change::{self, Command};
use crate::error::{ApiError, Reason};
use crate::games::SeatToken;
use crate::AppState;

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
pub struct MoveRequest {
    /// The mover's seat token.
    #[serde(default)]
    pub token: String,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The ply the mover saw: the number of moves played before this one.
    pub ply: usize,
}

/// A request carrying only a seat token: take-back, resign, rematch.
#[derive(Debug, Deserialize)]
pub struct TokenRequest {
    /// The seat token.
    #[serde(default)]
    pub token: String,
}

/// `POST /api/games/{id}/undo/answer`, `POST /api/games/{id}/draw`.
#[derive(Debug, Deserialize)]
pub struct AnswerRequest {
    /// The seat token.
    #[serde(default)]
    pub token: String,
    /// Accept (or offer), or decline (or withdraw). Required in answers to a take-back; a draw
    /// request without it offers or accepts.
    pub accept: Option<bool>,
}

/// `POST /api/games/{id}/chat`.
#[derive(Debug, Deserialize)]
pub struct ChatRequest {
    /// The sender's seat token.
    #[serde(default)]
    pub token: String,
    /// The message.
    pub text: String,
}

/// `POST /api/games/{id}/chat/enabled`.
#[derive(Debug, Deserialize)]
pub struct ChatEnabledRequest {
    /// The creator's seat token.
    #[serde(default)]
    pub token: String,
    /// On or off.
    pub enabled: bool,
}

/// `POST /api/games/{id}/join`.
#[derive(Debug, Deserialize)]
pub struct JoinRequest {
    /// The open seat to take.
    pub seat: u8,
    /// The player's name.
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to a rematch: the new game, the caller's seat in it and its token.
#[derive(Debug, Serialize)]
pub struct Rematched {
    id: String,
    seat: u8,
    token: String,
}

/// The longest name, in characters.
pub const NAME_LIMIT: usize = 24;
/// The longest chat message, in characters.
pub const CHAT_LIMIT: usize = 200;

/// Characters of Unicode's "format" category (invisible, or reordering text around them), which
/// a name must not hide behind.
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{0600}'..='\u{0605}' | '\u{061C}' | '\u{06DD}' | '\u{070F}'
        | '\u{0890}'..='\u{0891}' | '\u{08E2}' | '\u{180E}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{110BD}' | '\u{110CD}'
        | '\u{13430}'..='\u{1343F}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0001}' | '\u{E0020}'..='\u{E007F}')
}

/// A player's name as given (`None`: no name), checked: 1–24 characters once trimmed, no
/// control or format character.
pub fn player_name(name: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(name) = name else { return Ok(None) };
    let name = name.trim();
    let length = name.chars().count();
    if length == 0 || length > NAME_LIMIT {
        return Err(ApiError::BadRequest(
            Reason::new(
                "name-length",
                format!("a name has 1 to {NAME_LIMIT} characters; this one has {length}"),
            )
            .with("most", NAME_LIMIT)
            .with("length", length),
        ));
    }
    if let Some(c) = name.chars().find(|&c| c.is_control() || is_format(c)) {
        return Err(ApiError::BadRequest(Reason::new(
            "name-character",
            format!(
                "a name cannot contain the invisible or control character U+{:04X}",
                c as u32
            ),
        )));
    }
    Ok(Some(name.to_string()))
}

/// A chat message as sent, checked: 1–200 characters once trimmed, no control character.
pub fn chat_text(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    let length = text.chars().count();
    if length == 0 || length > CHAT_LIMIT {
        return Err(ApiError::BadRequest(
            Reason::new(
                "chat-length",
                format!("a message has 1 to {CHAT_LIMIT} characters; this one has {length}"),
            )
            .with("most", CHAT_LIMIT)
            .with("length", length),
        ));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(ApiError::BadRequest(Reason::new(
            "chat-character",
            format!(
                "a message is one line without control characters (found U+{:04X})",
                c as u32
            ),
        )));
    }
    Ok(text.to_string())
}

impl MoveRequest {
    /// The move, as a command.
    pub fn command(self) -> Command {
        Command::Move {
            token: self.token,
            mv: self.mv,
            ply: self.ply,
        }
    }
}

impl AnswerRequest {
    /// The answer to a pending take-back request (accept or decline; withdraw, from its asker).
    pub fn undo_answer(self) -> Result<Command, ApiError> {
        let accept = self.accept.ok_or_else(|| {
            ApiError::BadRequest("say \"accept\": true or \"accept\": false".into())
        })?;
        Ok(Command::Answer {
            token: self.token,
            accept,
        })
    }

    /// A draw offered, accepted, declined or withdrawn (no `accept`: offer or accept).
    pub fn draw(self) -> Command {
        Command::Draw {
            token: self.token,
            accept: self.accept.unwrap_or(true),
        }
    }
}

impl ChatRequest {
    /// The message, checked ([`chat_text`]), as a command.
    pub fn command(self) -> Result<Command, ApiError> {
        Ok(Command::Say {
            text: chat_text(&self.text)?,
            token: self.token,
        })
    }
}

impl ChatEnabledRequest {
    /// Chat on or off, as a command.
    pub fn command(self) -> Command {
        Command::ChatEnabled {
            token: self.token,
            enabled: self.enabled,
        }
    }
}

/// The rematch of a finished game for the holder of one of its seat tokens: made by the first
/// who asks; each player gets their moved-on seat in it, with a token derived from their old one
/// (so asking again gives the same).
pub async fn rematch(state: &AppState, id: &str, req: TokenRequest) -> Result<Rematched, ApiError> {
    let token = req.token;
    change::execute(
        state,
        id,
        Command::Rematch {
            token: token.clone(),
        },
    )
    .await?;
    let game = change::find(state, id).await?;
    let (new_id, seat) = {
        let live = game.state.lock().await;
        let new_id = live.table.rematch.clone().ok_or_else(|| {
            ApiError::Internal(format!("game {id}: the rematch made is not in memory").into())
        })?;
        let seat = change::seat_of(&live, &token)?;
        (new_id, (seat as usize + 1) % live.seats.len())
    };
    let new_token = TokenDigest::derive(&token, &new_id);
    let seat = seat as u8;
    let digest = TokenDigest::of(&new_token);
    change::execute(state, &new_id, Command::Claim { seat, digest }).await?;
    Ok(Rematched {
        id: new_id,
        seat,
        token: new_token,
    })
}

/// Gives an open seat to whoever asks first (to the account of `signed_in`, if given).
pub async fn join(
    state: &AppState,
    id: &str,
    req: JoinRequest,
    signed_in: Option<&SignedIn>,
) -> Result<SeatToken, ApiError> {
    let name = player_name(req.name)?.or_else(|| signed_in.map(|s| s.account.name.clone()));
    let (token, digest) = TokenDigest::issue();
    let seat = req.seat;
    let owner = signed_in.map(|s| s.account.id.clone());
    let command = Command::Join {
        seat,
        digest,
        name,
        owner,
    };
    change::execute(state, id, command).await?;
    Ok(SeatToken { seat, token })
}
