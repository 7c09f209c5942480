//! An example engine for the Trigonal Engine Protocol (`docs/engine-protocol.md`): it knows no
//! rules and plays a random move of the last `legal` line. It depends on nothing but std, to show
//! that an engine needs no part of Trigonal.

use std::io::{self, BufRead, Write};

fn main() -> io::Result<()> {
    let mut out = io::stdout().lock();
    // A small xorshift generator, seeded from the clock: randomness without a crate.
    let mut state = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
        | 1;
    let mut legal: Vec<String> = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("tep") => writeln!(
                out,
                "id name random-bot (Rust)\nid author Trigonal examples\ntepok"
            )?,
            Some("isready") => writeln!(out, "readyok")?,
            Some("legal") => legal = words.map(str::to_string).collect(),
            Some("go") => {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let pick = &legal[(state % legal.len() as u64) as usize];
                writeln!(out, "bestmove {pick}")?;
            }
            Some("quit") => return Ok(()),
            _ => {}
        }
        out.flush()?;
    }
    Ok(())
}
