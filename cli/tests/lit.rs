//! Runs every lit-style file under `testdata/` as its own named test case.
fn main() {}
