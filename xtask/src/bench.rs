//! `cargo xtask bench <what>`: irkit against the reference tool in the same
//! run, printing median ratios (and peak memory where asked).

mod abi;
mod abi_lower;
mod cir_direct;
mod filecheck;
mod ir;
mod tblgen;

pub fn run(args: &[String]) -> Result<(), String> {
    let Some((what, rest)) = args.split_first() else {
        return Err(
            "usage: cargo xtask bench tblgen|ir|abi|abi-lower|filecheck [options]".to_string(),
        );
    };
    match what.as_str() {
        "tblgen" => tblgen::run(rest),
        "ir" => ir::run(rest),
        "abi" => abi::run(rest),
        "abi-lower" => abi_lower::run(rest),
        "filecheck" => filecheck::run(rest),
        other => Err(format!(
            "unknown benchmark '{other}' (tblgen, ir, abi, abi-lower, filecheck)"
        )),
    }
}
