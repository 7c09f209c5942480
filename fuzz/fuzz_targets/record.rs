//! Any bytes as a record, replayed as every game (see `trigonal_games::checks::record`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trigonal_games::checks::record(data));
