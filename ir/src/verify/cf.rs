//! The cf ops' own verifiers (MLIR's `ControlFlowOps.cpp`): `cf.switch`.

use super::Cx;
use crate::context::{AttrData, TypeData};
use crate::ir::OpId;
use crate::printer::type_to_string;
use irkit_diag::Diagnostic;

/// `SwitchOp::verify`: the case values against the flag and the cases.
pub(crate) fn check(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let ctx = &m.ctx;
    let d = &m.ops[op];
    if ctx.bytes(d.name) != b"cf.switch" {
        return Ok(());
    }
    let cases = d.successors.len().saturating_sub(1);
    let values = super::ops::inherent(cx, op, b"case_values").map(|a| ctx.attr_data(a));
    let Some(AttrData::Dense { ty, .. }) = values else {
        // MLIR dereferences the missing attribute when there are cases;
        // without cases there is nothing to check.
        return Ok(());
    };
    let (count, elem) = match ctx.type_data(*ty) {
        TypeData::Vector { shape, elem, .. } | TypeData::RankedTensor { shape, elem, .. } => {
            (shape.iter().product::<i64>().max(0) as usize, *elem)
        }
        _ => return Ok(()),
    };
    let Some(&flag) = d.operands.first() else {
        return Ok(());
    };
    let flag = m.values[flag].ty;
    if elem != flag {
        return Err(cx.op_error(
            op,
            format!(
                "'flag' type ('{}') should match case value type ('{}')",
                type_to_string(ctx, flag),
                type_to_string(ctx, elem)
            ),
        ));
    }
    if count != cases {
        return Err(cx.op_error(
            op,
            format!(
                "number of case values ({count}) should match number of case destinations ({cases})"
            ),
        ));
    }
    Ok(())
}
