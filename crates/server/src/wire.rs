//! What a game's watchers are sent on its WebSocket: one whole view when they connect, then for
//! each change a small message saying only what changed, and to the seat to move its legal
//! moves in a message of their own (docs/api.md, "Live updates").
//!
//! A change message (`"type": "change"`) names the version it applies to (`base`) and the one it
//! makes (`version`); it carries the moves played since (with their movers and clicks), the
//! view's other fields that changed (`set`), the board's items and facts as edits of those lists
//! (from a diff of their hashes: splices, and patches of the fields of an item that stayed in
//! place), and the chat lines added. What is not worth
//! describing (a take-back, a game rebuilt after one elsewhere) is sent as a whole view instead.
//!
//! Each game keeps what its watchers were last shown ([`Shown`], only while someone watches) to
//! describe the next change against, and its last few updates, so that a socket that reconnects
//! with the version it has is sent only what it missed.

use std::collections::VecDeque;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use foldhash::quality::FixedState;
use serde_json::{json, Map, Value};
use similar::{capture_diff_slices, Algorithm, DiffOp};
use trigonal_core::{Fact, Item, Scene};

use crate::live::Live;
use crate::view;

/// How many updates a game keeps for sockets that reconnect, and how many a watcher may fall
/// behind before it is sent the whole view again (the game's channel holds as many: they share
/// their memory).
pub const KEPT: usize = 8;

/// What was shown is kept as hashes (64 bits of what was written of each part): a live game
/// holds a few hundred bytes for it rather than its whole view. The seed is any: hashes are
/// compared only within one process.
const HASHES: FixedState = FixedState::with_seed(0x7269_676f_6e61_6c21);

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

/// What the watchers of a game were last shown, as hashes of its parts.
struct Shown {
    version: i64,
    history: usize,
    chat: usize,
    chat_enabled: bool,
    /// The board's items, each as the hashes of its shape and of its other fields.
    items: Vec<(u64, u64)>,
    /// The board's facts, each hashed.
    facts: Vec<u64>,
    /// The board's other fields (`pannable`, `view_box`), each hashed with its name.
    frame: Vec<u64>,
    /// The view's fields around the board ([`view::Around`]), each hashed with its name.
    around: Vec<u64>,
}

/// What the watchers would be shown now: its hashes, and the parts a change message may send.
struct Now {
    shown: Shown,
    around: Map<String, Value>,
    frame: Map<String, Value>,
    items: Vec<Item>,
    facts: Vec<Fact>,
}

impl Now {
    fn of(live: &Live) -> Now {
        let Ok(Value::Object(around)) = serde_json::to_value(view::around(live)) else {
            unreachable!("the fields around a board are a JSON object")
        };
        let mut scene: Scene = live.position.scene();
        let items = std::mem::take(&mut scene.items);
        let facts = std::mem::take(&mut scene.facts);
        let Ok(Value::Object(mut frame)) = serde_json::to_value(&scene) else {
            unreachable!("a scene is a JSON object")
        };
        frame.remove("items");
        frame.remove("facts");
        Now {
            shown: Shown {
                version: live.version,
                history: live.history.len(),
                chat: live.chat.len(),
                chat_enabled: !live.table.chat_off,
                items: items.iter().map(hash_item).collect(),
                facts: facts.iter().map(|fact| HASHES.hash_one(fact)).collect(),
                frame: frame.iter().map(hash_field).collect(),
                around: around.iter().map(hash_field).collect(),
            },
            around,
            frame,
            items,
            facts,
        }
    }
}

/// The hashes of an item's shape and of its other fields: an item whose shape stayed is sent
/// as its other fields, one that only moved as its shape.
fn hash_item(item: &Item) -> (u64, u64) {
    let Item {
        id,
        shape,
        class,
        label,
        name,
    } = item;
    (
        HASHES.hash_one(shape),
        HASHES.hash_one((id, class, label, name)),
    )
}

/// A hash of a field's name and of the JSON written of its value.
fn hash_field((key, value): (&String, &Value)) -> u64 {
    /// Feeds what is written to the hasher, keeping none of it.
    struct Feed<H>(H);
    impl<H: Hasher> std::io::Write for Feed<H> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.write(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut feed = Feed(HASHES.build_hasher());
    feed.0.write(key.as_bytes());
    serde_json::to_writer(&mut feed, value).expect("a JSON value is written");
    feed.0.finish()
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
        let now = Now::of(live);
        let whole = redraw || live.history.len() < old.history || live.chat.len() < old.chat;
        let text = if whole {
            view::watched(live)
        } else {
            match change(&old, &now, live) {
                Some(change) => change.to_string(),
                None => {
                    self.shown = Some(now.shown);
                    return None;
                }
            }
        };
        let base = if whole {
            now.shown.version
        } else {
            old.version
        };
        self.shown = Some(now.shown);
        Some(self.push(live, base, text, whole))
    }

    /// What a socket connecting now is sent first, and the last update it covers: the updates
    /// since version `since` when it has it and they are all kept, else the whole view.
    pub fn first(&mut self, live: &Live, since: Option<i64>) -> (Vec<Utf8Bytes>, u64) {
        if self.shown.is_none() {
            self.recent.clear();
            self.shown = Some(Now::of(live).shown);
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
        (vec![view::watched(live).into()], self.seq)
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

/// The fields of `now` whose hashes differ from those `was` shown (all of them if the fields
/// are not the same list).
fn changed(was: &[u64], hashes: &[u64], now: &Map<String, Value>) -> Map<String, Value> {
    now.iter()
        .zip(hashes)
        .enumerate()
        .filter(|&(i, (_, hash))| was.len() != hashes.len() || was[i] != *hash)
        .map(|(_, ((key, value), _))| (key.clone(), value.clone()))
        .collect()
}

/// The change message from `old` to `now` (both of `live`, `now` its present), or `None` when
/// nothing a watcher sees changed.
fn change(old: &Shown, now: &Now, live: &Live) -> Option<Value> {
    let new = &now.shown;
    let mut message = Map::new();
    let moves: Vec<Value> = (old.history..new.history)
        .map(|ply| {
            let mv = &live.history[ply];
            let shown = &live.shown[ply];
            json!({"move": mv.text, "seat": mv.seat, "clicks": shown.clicks, "words": shown.words})
        })
        .collect();
    if !moves.is_empty() {
        message.insert("moves".into(), Value::Array(moves));
    }
    let set = changed(&old.around, &new.around, &now.around);
    if !set.is_empty() {
        message.insert("set".into(), Value::Object(set));
    }
    let mut board = changed(&old.frame, &new.frame, &now.frame);
    let items = item_edits(&old.items, &new.items, &now.items);
    if !items.is_empty() {
        board.insert("items".into(), Value::Array(items));
    }
    let facts = edits(&old.facts, &new.facts, |i| json!(now.facts[i]), |_, _| None);
    if !facts.is_empty() {
        board.insert("facts".into(), Value::Array(facts));
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

/// The edits that turn a list hashed `old` into the list hashed `new`, in increasing order of
/// the indices of `old` they name (so applied from the last to the first, each index still points
/// where it did): a splice `[at, removed, [entries…]]` (each new entry written by `entry` from its
/// index), or for an entry replaced by one that `patch` can describe from its new index and old
/// hash, a patch `[at, {field: value…}]` (a `null` value removes the field).
fn edits<H: PartialEq + std::hash::Hash + Eq + Ord>(
    old: &[H],
    new: &[H],
    entry: impl Fn(usize) -> Value,
    patch: impl Fn(usize, &H) -> Option<Value>,
) -> Vec<Value> {
    let splice = |at: usize, removed: usize, added: std::ops::Range<usize>| {
        json!([at, removed, added.map(&entry).collect::<Vec<_>>()])
    };
    let mut edits = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, old, new) {
        match op {
            DiffOp::Equal { .. } => {}
            DiffOp::Delete {
                old_index, old_len, ..
            } => edits.push(splice(old_index, old_len, 0..0)),
            DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => edits.push(splice(old_index, 0, new_index..new_index + new_len)),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                // Entry for entry while both last, then the rest removed or added.
                let paired = old_len.min(new_len);
                for k in 0..paired {
                    let (at, i) = (old_index + k, new_index + k);
                    edits.push(match patch(i, &old[at]) {
                        Some(fields) => json!([at, fields]),
                        None => splice(at, 1, i..i + 1),
                    });
                }
                if old_len > paired {
                    edits.push(splice(old_index + paired, old_len - paired, 0..0));
                }
                if new_len > paired {
                    edits.push(splice(
                        old_index + old_len,
                        0,
                        new_index + paired..new_index + new_len,
                    ));
                }
            }
        }
    }
    edits
}

/// The edits that turn the items hashed `old` into `items` (hashed `new`): an item whose shape
/// or whose other fields stayed is patched with the rest.
fn item_edits(old: &[(u64, u64)], new: &[(u64, u64)], items: &[Item]) -> Vec<Value> {
    let whole = |i: usize| serde_json::to_value(&items[i]).expect("an item serialises");
    edits(old, new, whole, |i, was| {
        let (shape, rest) = (was.0 == new[i].0, was.1 == new[i].1);
        (shape || rest).then(|| item_patch(&items[i], !shape, !rest))
    })
}

/// The fields of `item` a patch sets: its shape, and its other fields (`null` for those it
/// lacks).
fn item_patch(item: &Item, shape: bool, rest: bool) -> Value {
    let mut fields = Map::new();
    if shape {
        fields.insert("shape".into(), json!(item.shape));
    }
    if rest {
        fields.insert("id".into(), json!(item.id));
        fields.insert("class".into(), json!(item.class));
        fields.insert("label".into(), json!(item.label));
        fields.insert("name".into(), json!(item.name));
    }
    Value::Object(fields)
}

/// Applies a change message's edits of a list (see [`edits`]) to `list`, from the last to the
/// first.
fn apply_edits(list: &mut Vec<Value>, edits: &Value) {
    for edit in edits.as_array().into_iter().flatten().rev() {
        let at = edit[0].as_u64().unwrap_or(0) as usize;
        if let Some(fields) = edit[1].as_object() {
            if let Some(Value::Object(entry)) = list.get_mut(at) {
                for (key, value) in fields {
                    match value {
                        Value::Null => entry.remove(key),
                        _ => entry.insert(key.clone(), value.clone()),
                    };
                }
            }
            continue;
        }
        let removed = edit[1].as_u64().unwrap_or(0) as usize;
        let added = edit[2].as_array().cloned().unwrap_or_default();
        let end = (at + removed).min(list.len());
        list.splice(at.min(end)..end, added);
    }
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
                    ("history_words", "words"),
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
                    match (key.as_str(), view["board"][key].as_array_mut()) {
                        ("items" | "facts", Some(list)) => apply_edits(list, value),
                        _ => view["board"][key] = value.clone(),
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
    use proptest::prelude::*;
    use trigonal_core::Shape;

    fn circle(id: &str, x: f32) -> Item {
        let shape = Shape::Circle {
            center: [x, 2.0],
            radius: 3.0,
        };
        Item::new(id, shape, "cell")
    }

    fn items(list: &[&str]) -> Vec<Item> {
        list.iter().map(|id| circle(id, 1.0)).collect()
    }

    fn json(items: &[Item]) -> Vec<Value> {
        items
            .iter()
            .map(|i| serde_json::to_value(i).unwrap())
            .collect()
    }

    fn edits_of(old: &[Item], new: &[Item]) -> Vec<Value> {
        let hashes = |items: &[Item]| items.iter().map(hash_item).collect::<Vec<_>>();
        item_edits(&hashes(old), &hashes(new), new)
    }

    /// `old` with the edits from `old` to `new` applied as a client does.
    fn followed(old: &[Item], new: &[Item]) -> Vec<Value> {
        let mut list = json(old);
        apply_edits(&mut list, &Value::Array(edits_of(old, new)));
        list
    }

    #[test]
    fn edits_name_only_what_changed() {
        let old = items(&["a", "b", "c", "d", "e", "f"]);
        // An item put in the middle shifts nothing else into the message.
        let new = items(&["a", "b", "c", "n", "d", "e", "f"]);
        assert_eq!(
            edits_of(&old, &new),
            vec![json!([3, 0, [json(&new[3..4])[0]]])]
        );
        // An item restyled in place: a patch of its fields but the shape.
        let mut new = old.clone();
        new[1].class = "cell last".into();
        new[1].label = Some("2".into());
        assert_eq!(
            edits_of(&old, &new),
            vec![json!([1, {"id": "b", "class": "cell last", "label": "2", "name": "b"}])]
        );
        // An item moved: its shape alone.
        let mut new = old.clone();
        new[4] = circle("e", 7.0);
        assert_eq!(
            edits_of(&old, &new),
            vec![json!([4, {"shape": {"kind": "circle", "center": [7, 2], "radius": 3}}])]
        );
        // One that lost its id (no longer clickable): the fields it lacks are null.
        let mut new = old.clone();
        new[0].id = None;
        new[0].name = None;
        let edits = edits_of(&old, &new);
        assert_eq!(edits[0][1]["id"], Value::Null);
        assert_eq!(followed(&old, &new), json(&new));
        assert!(edits_of(&old, &old).is_empty());
    }

    #[test]
    fn an_item_changes_when_what_is_written_of_it_does() {
        let old = vec![circle("a", 1.0)];
        // Under a hundredth: written alike, so the same.
        assert!(edits_of(&old, &[circle("a", 1.001)]).is_empty());
        assert_eq!(edits_of(&old, &[circle("a", 1.011)]).len(), 1);
    }

    /// A list of items drawn from a few ids, places and classes, so that lists share some.
    fn some_items() -> impl Strategy<Value = Vec<Item>> {
        let one = (0..4u8, 0..3u8, any::<bool>()).prop_map(|(id, x, last)| {
            let mut item = circle(&format!("i{id}"), f32::from(x));
            if last {
                item.class.push_str(" last");
            }
            item
        });
        proptest::collection::vec(one, 0..12)
    }

    proptest! {
        #[test]
        fn following_the_edits_gives_the_new_list(old in some_items(), new in some_items()) {
            prop_assert_eq!(followed(&old, &new), json(&new));
        }
    }
}
