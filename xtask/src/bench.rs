//! `cargo xtask bench <what>`: irkit against the reference tool, same run.

pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some(other) => Err(format!("bench '{other}' is not implemented yet")),
        None => Err("usage: cargo xtask bench tblgen|ir|abi|abi-lower".to_string()),
    }
}
