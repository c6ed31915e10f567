//! Not built yet.

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("abi_diff is not implemented yet".to_string())
}
