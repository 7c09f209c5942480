//! What a game's watchers are sent on its WebSocket: one whole view when they connect, then for
//! each change a small message saying only what changed, and to the seat to move its legal
//! moves in a message of their own (docs/api.md, "Live updates").
//!
//! A change message (`"type": "change"`) names the version it applies to (`base`) and the one it
//! makes (`version`); it carries the moves played since (with their movers and clicks), the
//! view's other fields that changed (`set`), the board as splices of its items (from a diff of
//! the item lists) with its facts when they changed, and the chat lines added. What is not worth
//! describing (a take-back, a game rebuilt after one elsewhere) is sent as a whole view instead.
//!
//! Each game keeps what its watchers were last shown ([`Shown`], only while someone watches) to
//! describe the next change against, and its last few updates, so that a socket that reconnects
//! with the version it has is sent only what it missed.

use std::collections::VecDeque;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use serde_json::value::RawValue;
use serde_json::{json, Map, Value};
use similar::{capture_diff_slices, Algorithm, DiffOp};

use crate::live::Live;
use crate::view;

/// How many updates a game keeps for sockets that reconnect (the same as a watcher may fall
/// behind: they share their memory).
const KEPT: usize = 16;

/// The view's fields that are not compared as a whole: the version (the message's own), the
/// moves, the board, the chat, and the legal moves (which the socket's views leave out).
const APART: [&str; 8] = [
    "version",
    "history",
    "history_clicks",
    "movers",
    "board",
    "chat",
    "legal",
    "clicks",
];

/// One message for a game's watchers in this process, and who is to be sent its legal moves
/// after it.
#[derive(Debug)]
pub struct Update {
    /// Its place among the game's updates in this process (1, 2, …).
    pub seq: u64,
    /// The version the message applies to (for a whole view, the one it shows).
    pub base: i64,
    /// The version it brings its watchers to.
    pub version: i64,
    /// A change message, or a whole view.
    pub text: Utf8Bytes,
    /// The seat to move after a change of the game, whose sockets are sent its legal moves
    /// (rendered then, for them only: an update kept for reconnecting sockets holds none).
    pub mover: Option<u8>,
}

/// What the watchers of a game were last shown.
struct Shown {
    version: i64,
    history: usize,
    chat: usize,
    chat_enabled: bool,
    /// The board's items, each as JSON.
    items: Vec<String>,
    /// The board's other fields (`view_box`, `facts`, `pannable`).
    board: Map<String, Value>,
    /// The view's fields but those [`APART`].
    rest: Map<String, Value>,
}

impl Shown {
    /// What `view` (the socket's view of `live`, taken apart here rather than copied) shows.
    fn of(live: &Live, view: Value) -> Shown {
        let Value::Object(mut rest) = view else {
            unreachable!("a view is a JSON object")
        };
        let mut board = match rest.remove("board") {
            Some(Value::Object(board)) => board,
            _ => Map::new(),
        };
        let items = match board.remove("items") {
            Some(Value::Array(items)) => items.iter().map(Value::to_string).collect(),
            _ => Vec::new(),
        };
        for key in APART {
            rest.remove(key);
        }
        Shown {
            version: live.version,
            history: live.history.len(),
            chat: live.chat.len(),
            chat_enabled: !live.table.chat_off,
            items,
            board,
            rest,
        }
    }
}

/// A game's watchers' side: what they were shown, and its last updates.
#[derive(Default)]
pub struct Wire {
    shown: Option<Shown>,
    recent: VecDeque<Arc<Update>>,
    seq: u64,
}

impl Wire {
    /// The update that brings the watchers from what they were shown to `live` now: a change
    /// message, or with `redraw` (or when the moves or chat were cut short) a whole view. `None`
    /// when nobody watches (then nothing is kept either) or nothing they see changed.
    pub fn publish(&mut self, live: &Live, watched: bool, redraw: bool) -> Option<Arc<Update>> {
        if !watched {
            self.forget();
            return None;
        }
        let old = self.shown.take()?;
        let view = view::watched(live);
        let whole = redraw || live.history.len() < old.history || live.chat.len() < old.chat;
        let whole_text = whole.then(|| view.to_string());
        let new = Shown::of(live, view);
        let text = if let Some(text) = whole_text {
            text
        } else {
            match change(&old, &new, live) {
                Some(change) => change.to_string(),
                None => {
                    self.shown = Some(new);
                    return None;
                }
            }
        };
        let base = if whole { new.version } else { old.version };
        self.shown = Some(new);
        Some(self.push(live, base, text, whole))
    }

    /// What a socket connecting now is sent first, and the last update it covers: the updates
    /// since version `since` when it has it and they are all kept, else the whole view.
    pub fn first(&mut self, live: &Live, since: Option<i64>) -> (Vec<Utf8Bytes>, u64) {
        if self.shown.is_none() {
            self.recent.clear();
            self.shown = Some(Shown::of(live, view::watched(live)));
        }
        let version = live.version;
        if let Some(since) = since.filter(|&s| s <= version) {
            if let Some(start) = self.recent.iter().position(|u| u.base == since) {
                let chain: Vec<&Arc<Update>> = self.recent.iter().skip(start).collect();
                let linked = chain.windows(2).all(|w| w[1].base == w[0].version);
                if linked && chain.last().is_some_and(|u| u.version == version) {
                    return (chain.iter().map(|u| u.text.clone()).collect(), self.seq);
                }
            }
            if since == version {
                let nothing = json!({"type": "change", "base": version, "version": version});
                return (vec![nothing.to_string().into()], self.seq);
            }
        }
        (vec![view::watched(live).to_string().into()], self.seq)
    }

    /// Forgets what the watchers were shown (nobody watches any more).
    pub fn forget(&mut self) {
        self.shown = None;
        self.recent.clear();
    }

    fn push(&mut self, live: &Live, base: i64, text: String, text_is_whole: bool) -> Arc<Update> {
        self.seq += 1;
        let update = Arc::new(Update {
            seq: self.seq,
            base,
            version: live.version,
            text: text.into(),
            // Who was to move has had its moves since the version came (presence changes none).
            mover: (base != live.version || text_is_whole)
                .then(|| live.to_move())
                .flatten(),
        });
        if self.recent.len() == KEPT {
            self.recent.pop_front();
        }
        self.recent.push_back(Arc::clone(&update));
        update
    }
}

/// The change message from `old` to `new` (both of `live`, `new` now), or `None` when nothing a
/// watcher sees changed.
fn change(old: &Shown, new: &Shown, live: &Live) -> Option<Value> {
    let mut message = Map::new();
    let moves: Vec<Value> = (old.history..new.history)
        .map(|ply| {
            let mv = &live.history[ply];
            json!({"move": mv.text, "seat": mv.seat, "clicks": live.clicks[ply]})
        })
        .collect();
    if !moves.is_empty() {
        message.insert("moves".into(), Value::Array(moves));
    }
    let set: Map<String, Value> = new
        .rest
        .iter()
        .filter(|(key, value)| old.rest.get(*key) != Some(value))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    if !set.is_empty() {
        message.insert("set".into(), Value::Object(set));
    }
    let mut board: Map<String, Value> = new
        .board
        .iter()
        .filter(|(key, value)| old.board.get(*key) != Some(value))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    let splices = splices(&old.items, &new.items);
    if !splices.is_empty() {
        board.insert("items".into(), Value::Array(splices));
    }
    if !board.is_empty() {
        message.insert("board".into(), Value::Object(board));
    }
    let added: Vec<Value> = live.chat[old.chat..new.chat]
        .iter()
        .map(view::chat_message)
        .collect();
    if !added.is_empty() || old.chat_enabled != new.chat_enabled {
        message.insert(
            "chat".into(),
            json!({"enabled": new.chat_enabled, "added": added}),
        );
    }
    if message.is_empty() && old.version == new.version {
        return None;
    }
    message.insert("type".into(), json!("change"));
    message.insert("base".into(), json!(old.version));
    message.insert("version".into(), json!(new.version));
    Some(Value::Object(message))
}

/// The edits that turn the item list `old` into `new`: `[at, removed, [items…]]`, each at an
/// index of `old`, in increasing order (so applied from the last to the first, each index still
/// points where it did).
fn splices(old: &[String], new: &[String]) -> Vec<Value> {
    capture_diff_slices(Algorithm::Myers, old, new)
        .into_iter()
        .filter_map(|op| {
            let (at, removed, inserted) = match op {
                DiffOp::Equal { .. } => return None,
                DiffOp::Delete {
                    old_index, old_len, ..
                } => (old_index, old_len, 0..0),
                DiffOp::Insert {
                    old_index,
                    new_index,
                    new_len,
                } => (old_index, 0, new_index..new_index + new_len),
                DiffOp::Replace {
                    old_index,
                    old_len,
                    new_index,
                    new_len,
                } => (old_index, old_len, new_index..new_index + new_len),
            };
            let items: Vec<Box<RawValue>> = new[inserted]
                .iter()
                .map(|item| RawValue::from_string(item.clone()).expect("an item is JSON"))
                .collect();
            Some(json!([at, removed, items]))
        })
        .collect()
}

/// What a message of a game's socket did to the view a client holds ([`follow`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Followed {
    /// The view now shows what the message said.
    Taken,
    /// The message was older than the view: nothing to do.
    Stale,
    /// The message is for a version the view never had: the client asks for the whole view.
    Gap,
}

/// Applies a message of a game's socket to `view`, the view a client holds (`Null` before the
/// first), as the front end does (`web/assets/wire.js`): for Rust clients of the socket, tests
/// and tools among them.
pub fn follow(view: &mut Value, message: &Value) -> Followed {
    let version = |v: &Value| v["version"].as_i64();
    match message["type"].as_str() {
        Some("change") => {
            if view.is_null() || version(view) != message["base"].as_i64() {
                return if version(message) > version(view) {
                    Followed::Gap
                } else {
                    Followed::Stale
                };
            }
            let moved = version(message) != version(view);
            view["version"] = message["version"].clone();
            for mv in message["moves"].as_array().into_iter().flatten() {
                for (list, field) in [
                    ("history", "move"),
                    ("history_clicks", "clicks"),
                    ("movers", "seat"),
                ] {
                    if let Some(list) = view[list].as_array_mut() {
                        list.push(mv[field].clone());
                    }
                }
            }
            for (key, value) in message["set"].as_object().into_iter().flatten() {
                view[key] = value.clone();
            }
            if let Some(board) = message["board"].as_object() {
                for (key, value) in board {
                    if key == "items" {
                        continue;
                    }
                    view["board"][key] = value.clone();
                }
                let splices = board.get("items").and_then(Value::as_array);
                if let (Some(items), Some(splices)) =
                    (view["board"]["items"].as_array_mut(), splices)
                {
                    for splice in splices.iter().rev() {
                        let at = splice[0].as_u64().unwrap_or(0) as usize;
                        let removed = splice[1].as_u64().unwrap_or(0) as usize;
                        let added = splice[2].as_array().cloned().unwrap_or_default();
                        let end = (at + removed).min(items.len());
                        items.splice(at.min(end)..end, added);
                    }
                }
            }
            if let Some(chat) = message["chat"].as_object() {
                view["chat"]["enabled"] = chat["enabled"].clone();
                let added = chat["added"].as_array().cloned().unwrap_or_default();
                if let Some(messages) = view["chat"]["messages"].as_array_mut() {
                    messages.extend(added);
                }
            }
            if moved {
                view["legal"] = json!([]);
                view["clicks"] = json!([]);
            }
            Followed::Taken
        }
        Some("moves") => {
            if version(view).is_none() || version(view) != version(message) {
                return Followed::Stale;
            }
            view["legal"] = message["legal"].clone();
            view["clicks"] = message["clicks"].clone();
            Followed::Taken
        }
        _ => {
            if view.is_null() || version(message) >= version(view) {
                *view = message.clone();
                Followed::Taken
            } else {
                Followed::Stale
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| format!("{{\"id\":\"{s}\"}}")).collect()
    }

    /// Applies `splices` as the front end does: from the last to the first.
    fn apply(old: &[String], splices: &[Value]) -> Vec<String> {
        let mut list = old.to_vec();
        for splice in splices.iter().rev() {
            let at = splice[0].as_u64().unwrap() as usize;
            let removed = splice[1].as_u64().unwrap() as usize;
            let inserted = splice[2].as_array().unwrap().iter().map(Value::to_string);
            list.splice(at..at + removed, inserted);
        }
        list
    }

    #[test]
    fn splices_turn_the_old_items_into_the_new_and_name_only_what_changed() {
        let old = items(&["a", "b", "c", "d", "e", "f"]);
        let new = items(&["a", "x", "c", "d", "e", "f", "g"]);
        let edits = splices(&old, &new);
        assert_eq!(edits.len(), 2, "{edits:?}");
        assert_eq!(edits[0], json!([1, 1, [{"id": "x"}]]));
        assert_eq!(edits[1], json!([6, 0, [{"id": "g"}]]));
        assert_eq!(apply(&old, &edits), new);
        // An item put in the middle shifts nothing else into the message.
        let new = items(&["a", "b", "c", "n", "d", "e", "f"]);
        assert_eq!(splices(&old, &new), vec![json!([3, 0, [{"id": "n"}]])]);
        let new = items(&["b", "c", "e"]);
        assert_eq!(apply(&old, &splices(&old, &new)), new);
        assert!(splices(&old, &old).is_empty());
    }
}
