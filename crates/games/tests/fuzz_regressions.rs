//! Every input fuzzing once found a fault with (`fuzz/regressions/<target>/`), checked again
//! with the same properties the fuzz targets check.

use std::path::Path;

fn each_input(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        check(&std::fs::read(&path).unwrap());
        n += 1;
    }
    n
}

#[test]
fn found_notation_inputs_hold() {
    assert!(each_input("notation", trigonal_games::checks::notation) > 0);
}

#[test]
fn found_record_inputs_hold() {
    assert!(each_input("record", trigonal_games::checks::record) > 0);
}

#[test]
fn found_game_inputs_hold() {
    assert!(each_input("play", trigonal_games::checks::play) > 0);
}
