//! Not built yet.

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("tblgen_compat is not implemented yet".to_string())
}
