//! What people type, checked before anything is done with it: a player's name, a chat line.

use crate::error::{ApiError, Reason};

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
