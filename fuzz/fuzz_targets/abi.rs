//! ABI classification, structure-aware: `arbitrary` builds C signatures
//! (scalars, arrays, vectors, complex, structs and unions with bit-fields,
//! packing, alignment and flexible arrays) for every supported target. A
//! signature either is rejected with an error or classifies, prints its
//! `declare` line, and classifies the same without the per-type memo.
#![no_main]

use arbitrary::Arbitrary;
use irkit_abi::{AbiCx, Field, FloatKind, FnSig, RecordData, RecordKind, TypeId};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Ty {
    Void,
    Bool,
    Int { width: u8, signed: bool },
    Float(u8),
    LongDouble,
    Ptr,
    Array(Box<Ty>, u16),
    HugeArray(Box<Ty>, u64),
    Vector(Box<Ty>, u8),
    Complex(Box<Ty>),
    Record(Rec),
}

#[derive(Arbitrary, Debug)]
struct Rec {
    union: bool,
    fields: Vec<Fld>,
    flex: Option<Box<Ty>>,
    packed: bool,
    align: Option<u8>,
    complete: bool,
}

#[derive(Arbitrary, Debug)]
struct Fld {
    ty: Ty,
    bit_width: Option<u8>,
    named: bool,
    align: Option<u8>,
}

#[derive(Arbitrary, Debug)]
struct Input {
    target: u8,
    ret: Ty,
    args: Vec<Ty>,
    variadic: bool,
}

const TARGETS: [(&str, &str); 11] = [
    ("x86_64-unknown-linux-gnu", ""),
    ("x86_64-unknown-linux-gnu", "+avx"),
    ("x86_64-unknown-linux-gnu", "+avx512f"),
    ("aarch64-unknown-linux-gnu", ""),
    ("aarch64-pc-windows-msvc", ""),
    ("powerpc64le-unknown-linux-gnu", ""),
    ("s390x-unknown-linux-gnu", ""),
    ("s390x-unknown-linux-gnu", "+vector"),
    ("mips64el-unknown-linux-gnuabi64", ""),
    ("sparc64-unknown-linux-gnu", ""),
    ("wasm32-unknown-unknown", ""),
];

/// An alignment: mostly powers of two, sometimes any value (rejected).
fn align(a: Option<u8>) -> Option<u32> {
    a.map(|a| {
        if a & 0x80 == 0 {
            1 << (a % 14)
        } else {
            u32::from(a & 0x7f)
        }
    })
}

fn build(cx: &mut AbiCx, t: &Ty, depth: u32) -> Option<TypeId> {
    if depth > 12 {
        return Some(cx.int(32, true));
    }
    Some(match t {
        Ty::Void => cx.void(),
        Ty::Bool => cx.bool_(),
        Ty::Int { width, signed } => cx.int(8 << (width % 5), *signed),
        Ty::Float(k) => cx.float(match k % 5 {
            0 => FloatKind::Half,
            1 => FloatKind::Float,
            2 => FloatKind::Double,
            3 => FloatKind::X87,
            _ => FloatKind::Quad,
        }),
        Ty::LongDouble => cx.long_double(),
        Ty::Ptr => cx.ptr(),
        Ty::Array(e, n) => {
            let e = build(cx, e, depth + 1)?;
            cx.array(e, u64::from(*n % 64)).ok()?
        }
        Ty::HugeArray(e, n) => {
            let e = build(cx, e, depth + 1)?;
            cx.array(e, *n).ok()?
        }
        Ty::Vector(e, n) => {
            let e = build(cx, e, depth + 1)?;
            cx.vector(e, u32::from(*n % 33)).ok()?
        }
        Ty::Complex(e) => {
            let e = build(cx, e, depth + 1)?;
            cx.complex(e).ok()?
        }
        Ty::Record(r) => {
            let mut fields = Vec::new();
            for f in r.fields.iter().take(16) {
                fields.push(Field {
                    ty: build(cx, &f.ty, depth + 1)?,
                    bit_width: f.bit_width.map(|w| u32::from(w % 130)),
                    named: f.named,
                    align: align(f.align),
                });
            }
            if let Some(e) = &r.flex {
                let e = build(cx, e, depth + 1)?;
                let ty = cx.flex_array(e).ok()?;
                fields.push(Field {
                    ty,
                    bit_width: None,
                    named: true,
                    align: None,
                });
            }
            cx.record(RecordData {
                kind: if r.union {
                    RecordKind::Union
                } else {
                    RecordKind::Struct
                },
                fields: fields.into_boxed_slice(),
                packed: r.packed,
                align: align(r.align),
                complete: r.complete,
            })
            .ok()?
        }
    })
}

fuzz_target!(|inp: Input| {
    let (triple, features) = TARGETS[usize::from(inp.target) % TARGETS.len()];
    let Ok(target) = irkit_abi::lookup(triple) else {
        panic!("{triple} must be supported");
    };
    let target = if features.is_empty() {
        target
    } else {
        match target.with_features(features) {
            Ok(t) => t,
            Err(e) => panic!("{features}: {e:?}"),
        }
    };
    let mut cx = AbiCx::new(target);
    let Some(ret) = build(&mut cx, &inp.ret, 0) else {
        return;
    };
    let mut args = Vec::new();
    for a in inp.args.iter().take(12) {
        let Some(a) = build(&mut cx, a, 0) else {
            return;
        };
        args.push(a);
    }
    let sig = FnSig {
        ret,
        args,
        variadic: inp.variadic.then_some(0),
        cc: Default::default(),
    };
    let Ok(abi) = cx.compute_fn_abi(&sig) else {
        return;
    };
    let line = irkit_abi::print::declare_line(&cx.ll, &abi, "f");
    assert!(line.starts_with("declare "), "{line}");
    // The memo must not change an answer.
    cx.set_memoize(false);
    let Ok(again) = cx.compute_fn_abi(&sig) else {
        panic!("classification failed without the memo");
    };
    let line2 = irkit_abi::print::declare_line(&cx.ll, &again, "f");
    assert_eq!(line, line2);
});
