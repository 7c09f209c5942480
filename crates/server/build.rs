//! Rebuilds the crate when the embedded front end (`web/page` and `web/assets` at the repository
//! root) changes, files added or removed included.

fn main() {
    // Only what is embedded: the browser tests' node_modules must not trigger a rebuild.
    println!("cargo:rerun-if-changed=../../web/page");
    println!("cargo:rerun-if-changed=../../web/assets");
    println!("cargo:rerun-if-changed=build.rs");
}
