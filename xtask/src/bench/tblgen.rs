//! Not built yet.

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("bench tblgen is not implemented yet".to_string())
}
