//! Rebuilds the crate when the embedded front end (`web/` at the repository root) changes, files
//! added or removed included.

fn main() {
    println!("cargo:rerun-if-changed=../../web");
    println!("cargo:rerun-if-changed=build.rs");
}
