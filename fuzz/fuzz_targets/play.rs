//! Any bytes as the choices of a game of each kind (see `trigonal_games::checks::play`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trigonal_games::checks::play(data));
