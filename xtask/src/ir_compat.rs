//! Not built yet.

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("ir_compat is not implemented yet".to_string())
}
