//! Not built yet.

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("append_diff is not implemented yet".to_string())
}
