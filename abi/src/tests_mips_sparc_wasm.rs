//! Classification tests for MIPS64 N64, SPARC V9 and wasm32. Each expected
//! line is what clang-19 (or clang-22 where named) printed for the
//! signature (`cargo xtask abi-diff --edge-cases FILE --verbose`, ABI
//! attributes only), and `cargo xtask abi-diff` keeps checking the same
//! rules on random signatures.

use crate::cdesc::{parse_sig, sig_to_fn_sig};
use crate::print::{declare_line_for, ClangVersion};
use crate::{lookup, AbiCx};

const MIPS: &str = "mips64el-unknown-linux-gnuabi64";
const SPARC: &str = "sparc64-unknown-linux-gnu";
const WASM: &str = "wasm32-unknown-unknown";

fn check_v(triple: &str, version: ClangVersion, sig: &str, clang: &str) {
    let target = lookup(triple).expect("target").with_clang(version);
    let mut cx = AbiCx::new(target);
    let s = parse_sig(sig).expect("signature");
    let fs = sig_to_fn_sig(&mut cx, &s).expect("types");
    let abi = cx.compute_fn_abi(&fs).expect("classification");
    assert_eq!(
        declare_line_for(&cx.ll, &abi, &s.name, version),
        clang,
        "\n{triple}: {sig}"
    );
}

fn check(triple: &str, sig: &str, clang: &str) {
    check_v(triple, ClangVersion::V19, sig, clang)
}

#[test]
fn triples_resolve() {
    use crate::Arch;
    for (t, arch) in [
        ("mips64el-unknown-linux-gnuabi64", Arch::Mips64N64),
        ("mips64el-linux-gnuabi64", Arch::Mips64N64),
        ("mips64el-linux-gnu", Arch::Mips64N64),
        ("sparc64-unknown-linux-gnu", Arch::Sparc64),
        ("sparcv9-linux-gnu", Arch::Sparc64),
        ("wasm32-unknown-unknown", Arch::Wasm32),
        ("wasm32", Arch::Wasm32),
    ] {
        assert_eq!(lookup(t).map(|t| t.arch), Ok(arch), "{t}");
    }
    for t in [
        "mips64el-linux-gnuabin32",
        "mips64-linux-gnuabi64",
        "mipsel-linux-gnu",
        "sparc64-unknown-openbsd",
        "wasm32-unknown-wasi",
        "wasm64-unknown-unknown",
    ] {
        assert!(
            matches!(lookup(t), Err(crate::LookupError::Unsupported { .. })),
            "{t}"
        );
    }
}

#[test]
fn mips_integers_are_extended_at_every_width() {
    check(
        MIPS,
        "n64_ext: uint (uint, ulong, i128, bool, uchar, schar, ushort)",
        "declare signext i32 @n64_ext(i32 signext, i64 zeroext, i128 signext, i1 zeroext, i8 zeroext, i8 signext, i16 zeroext)",
    );
}

#[test]
fn mips_padding_before_sixteen_aligned_arguments() {
    check(
        MIPS,
        "n64_pad: ldouble (int, ldouble, struct {ldouble}, int, complex(ldouble))",
        "declare fp128 @n64_pad(i32 signext, i64, fp128, i64 inreg, i64 inreg, i32 signext, i64, fp128 inreg, fp128 inreg)",
    );
    // The sret pointer takes the first slot.
    check(
        MIPS,
        "n64_sret_pad: struct {char[20]} (struct {char[20]}, ldouble)",
        "declare void @n64_sret_pad(ptr sret({ [20 x i8] }) align 1, i64 inreg, i64 inreg, i32 inreg, fp128)",
    );
}

#[test]
fn mips_aggregates_are_words_with_aligned_doubles() {
    check(
        MIPS,
        "n64_dbl: struct {float, float} (struct {int, double}, struct {double, int}, union {float, int}, struct {char}, complex(int), complex(float))",
        "declare inreg { float, float } @n64_dbl(i64 inreg, double inreg, double inreg, i64 inreg, i32 inreg, i8 inreg, i64 inreg, float inreg, float inreg)",
    );
    check(
        MIPS,
        "n64_ret_ld: struct {ldouble} (struct {}, int)",
        "declare inreg { fp128 } @n64_ret_ld(i32 signext)",
    );
}

#[test]
fn sparc_floats_are_inreg_and_words_fill_the_rest() {
    check(
        SPARC,
        "v9_float: struct {float} (struct {float}, struct {float, int, float}, struct {double, int})",
        "declare inreg { float, i32 } @v9_float(float inreg, i32 inreg, float inreg, i32 inreg, float inreg, i32 inreg, double, i64)",
    );
    check(
        SPARC,
        "v9_ptr: struct packed {char, ptr} (struct {int, ptr}, uint, ushort, long)",
        "declare { i64, i64 } @v9_ptr(i64, ptr, i32 zeroext, i16 zeroext, i64)",
    );
}

#[test]
fn sparc_size_limits_and_empty_records() {
    check(
        SPARC,
        "v9_big: struct {char[20]} (struct {char[20]}, struct {}, complex(float), complex(ldouble))",
        "declare { i64, i64, i64 } @v9_big(ptr, i64, float inreg, float inreg, ptr)",
    );
    check_v(
        SPARC,
        ClangVersion::V22,
        "v9_big: struct {char[20]} (struct {char[20]}, struct {}, complex(float), complex(ldouble))",
        "declare { i64, i64, i64 } @v9_big(ptr dead_on_return, i64, float inreg, float inreg, ptr dead_on_return)",
    );
}

#[test]
fn sparc_clang22_pads_sixteen_aligned_aggregates() {
    let sig = "v9_pad22: void (int, struct {ldouble}, float, struct {ldouble})";
    check(
        SPARC,
        sig,
        "declare void @v9_pad22(i32 signext, fp128, float, fp128)",
    );
    check_v(
        SPARC,
        ClangVersion::V22,
        sig,
        "declare void @v9_pad22(i32 signext, i64, fp128, float, fp128)",
    );
}

#[test]
fn wasm_single_element_records_are_direct() {
    check(
        WASM,
        "wasm_single: struct {ldouble} (struct {float}, struct {struct {double}}, struct {float, float}, struct {}, int)",
        "declare fp128 @wasm_single(float, double, ptr byval({ float, float }) align 4, i32)",
    );
    check(
        WASM,
        "wasm_agg: complex(float) (complex(double), union {float, int}, i128, bool, short)",
        "declare void @wasm_agg(ptr sret({ float, float }) align 4, ptr byval({ double, double }) align 8, ptr byval({ float }) align 4, i128, i1 zeroext, i16 signext)",
    );
}

#[test]
fn int128_is_sixteen_aligned_where_llvm19_says_eight() {
    let sig = "wasm_i128: struct {char, i128} (struct {char, i128})";
    check(
        WASM,
        sig,
        "declare void @wasm_i128(ptr sret({ i8, [15 x i8], i128 }) align 16, ptr byval({ i8, [15 x i8], i128 }) align 16)",
    );
    check_v(
        WASM,
        ClangVersion::V22,
        sig,
        "declare void @wasm_i128(ptr sret({ i8, i128 }) align 16, ptr byval({ i8, i128 }) align 16)",
    );
}

/// Fuzzing found this: MIPS64 coerces an aggregate argument to one `i64`
/// per word, so a 2 GiB struct asked for a struct of 268 million elements
/// (over 2 GB and seconds of work). Past the cap it is an error, at once.
#[test]
fn mips_huge_aggregate_is_refused_not_built() {
    use crate::AbiError;
    let target = lookup(MIPS).expect("target");
    let sig = "huge: void (struct {ulong[34][63][49][49][49], bool[]})";
    let mut cx = AbiCx::new(target);
    let fs = sig_to_fn_sig(&mut cx, &parse_sig(sig).expect("signature")).expect("types");
    let words = 34 * 63 * 49 * 49 * 49;
    assert_eq!(
        cx.compute_fn_abi(&fs),
        Err(AbiError::TooManyElements {
            index: Some(0),
            elements: words,
            limit: crate::MAX_COERCED_ELEMENTS,
        })
    );
    // The cap is exact: 4 words pass at 4 and fail at 3.
    let four = "four: void (int, struct {long, long, long, long})";
    let mut cx = AbiCx::new(target);
    cx.set_max_coerced_elements(4);
    let fs = sig_to_fn_sig(&mut cx, &parse_sig(four).expect("signature")).expect("types");
    assert!(cx.compute_fn_abi(&fs).is_ok());
    cx.set_max_coerced_elements(3);
    let err = cx.compute_fn_abi(&fs).expect_err("over the cap");
    assert_eq!(
        err.to_string(),
        "parameter 1 would be passed as an LLVM struct of 4 elements, over the limit \
         of 3; raise it with --max-coerced-elements"
    );
}

/// One context classifies several signatures that share types, so later
/// ones hit the per-type memo (mode and `inreg`; MIPS padding still comes
/// from the position) and reuse a recycled result's buffer; every line must
/// stay clang-19's (C: `struct P { float a, b; }; struct Q { long double
/// x; };`, `f(long double, int, long double)`, `struct P g(struct P, int,
/// struct P)`, `h(struct Q, int, struct Q)`), with the memo on and off.
#[test]
fn memo_and_recycled_buffers_keep_clang_answers() {
    let sigs = [
        "g: struct {float, float} (struct {float, float}, int, struct {float, float})",
        "h: void (struct {ldouble}, int, struct {ldouble})",
        "f: void (ldouble, int, ldouble)",
    ];
    let cases: [(&str, [&str; 3]); 3] = [
        (
            MIPS,
            [
                "declare inreg { float, float } @g(i64 inreg, i32 signext, i64 inreg)",
                "declare void @h(i64 inreg, i64 inreg, i32 signext, i64, i64 inreg, i64 inreg)",
                "declare void @f(fp128, i32 signext, i64, fp128)",
            ],
        ),
        (
            SPARC,
            [
                "declare inreg { float, float } @g(float inreg, float inreg, i32 signext, float inreg, float inreg)",
                "declare void @h(fp128, i32 signext, fp128)",
                "declare void @f(fp128, i32 signext, fp128)",
            ],
        ),
        (
            WASM,
            [
                "declare void @g(ptr sret({ float, float }) align 4, ptr byval({ float, float }) align 4, i32, ptr byval({ float, float }) align 4)",
                "declare void @h(fp128, i32, fp128)",
                "declare void @f(fp128, i32, fp128)",
            ],
        ),
    ];
    for (triple, want) in cases {
        for memo in [true, false] {
            let mut cx = AbiCx::new(lookup(triple).expect("target"));
            cx.set_memoize(memo);
            // Twice over, so the second round is all memo hits.
            for _ in 0..2 {
                for (sig, clang) in sigs.iter().zip(want) {
                    let s = parse_sig(sig).expect("signature");
                    let fs = sig_to_fn_sig(&mut cx, &s).expect("types");
                    let abi = cx.compute_fn_abi(&fs).expect("classification");
                    assert_eq!(
                        declare_line_for(&cx.ll, &abi, &s.name, ClangVersion::V19),
                        clang,
                        "\n{triple} (memo {memo}): {sig}"
                    );
                    cx.recycle(abi);
                }
            }
        }
    }
}
