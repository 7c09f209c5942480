//! The requests that become commands of the change path ([`crate::change`]): moves, take-backs,
//! draws, chat, rematches and joins, as the API receives them. The HTTP handlers build each
//! [`Command`] from its request here; only a rematch and a join do more than that.

use serde::{Deserialize, Serialize};
use trigonal_store::TokenDigest;

use crate::accounts::SignedIn;
use crate::change::{self, Command};
use crate::error::ApiError;
use crate::games::SeatToken;
use crate::state::AppState;
use crate::typed::{chat_text, player_name};

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
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
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TokenRequest {
    /// The seat token.
    #[serde(default)]
    pub token: String,
}

/// `POST /api/games/{id}/undo/answer`, `POST /api/games/{id}/draw`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AnswerRequest {
    /// The seat token.
    #[serde(default)]
    pub token: String,
    /// Accept (or offer), or decline (or withdraw). Required in answers to a take-back; a draw
    /// request without it offers or accepts.
    pub accept: Option<bool>,
}

/// `POST /api/games/{id}/chat`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChatRequest {
    /// The sender's seat token.
    #[serde(default)]
    pub token: String,
    /// The message.
    pub text: String,
}

/// `POST /api/games/{id}/chat/enabled`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChatEnabledRequest {
    /// The creator's seat token.
    #[serde(default)]
    pub token: String,
    /// On or off.
    pub enabled: bool,
}

/// `POST /api/games/{id}/join`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct JoinRequest {
    /// The open seat to take.
    pub seat: u8,
    /// The player's name.
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to a rematch: the new game, the caller's seat in it and its token.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Rematched {
    id: String,
    seat: u8,
    token: String,
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
    // No new game between people in a block with each other.
    let owners: Vec<String> = {
        let game = change::find(state, id).await?;
        let live = game.state.lock().await;
        live.seats.iter().filter_map(|s| s.owner.clone()).collect()
    };
    if owners.len() > 1 {
        for owner in &owners {
            crate::blocks::may_sit_with(state, owner, &owners).await?;
        }
    }
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
    if let Some(signed_in) = signed_in {
        // Nobody sits down with someone who blocked them, or whom they blocked.
        let others: Vec<String> = {
            let game = change::find(state, id).await?;
            let live = game.state.lock().await;
            live.seats.iter().filter_map(|s| s.owner.clone()).collect()
        };
        crate::blocks::may_sit_with(state, &signed_in.account.id, &others).await?;
    }
    let command = Command::Join {
        seat,
        digest,
        name,
        owner,
        account: signed_in.map(|s| s.account.name.clone()),
    };
    change::execute(state, id, command).await?;
    Ok(SeatToken { seat, token })
}
