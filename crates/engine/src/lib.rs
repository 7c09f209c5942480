//! The Trigonal Engine Protocol (TEP, `docs/engine-protocol.md`): plain text lines between a
//! harness and an engine, for games of any number of players, with the legal moves sent along so
//! that an engine needs no rules.
//!
//! Both sides are here: [`EnginePlayer`] runs an outside engine as a child process and makes it a
//! player like Trigonal's own (for the arena and the terminal), turning every way it can fail —
//! a crash, a lie, silence, a flood — into a forfeit with its reason, never a hang; [`speak`] is
//! the engine side, Trigonal's computer answering a harness. It knows no game's rules: positions
//! come as `DynGame`, moves as canonical text. It knows nothing of HTTP or the store.

mod harness;
mod speak;

pub use harness::{EngineError, EnginePlayer, LINE_LIMIT};
pub use speak::speak;
