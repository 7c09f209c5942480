//! Any bytes as a move of every game (see `trigonal_games::checks::notation`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trigonal_games::checks::notation(data));
