//! Layer 2: structure.
pub(crate) fn check(_cx: &super::Cx<'_>, _diags: &mut Vec<irkit_diag::Diagnostic>) {}
