//! One test per classification rule. Each case gives the C declaration,
//! the signature in `cdesc` notation, and the `declare` line clang-19
//! produced for it (`clang-19 -O0 -S -emit-llvm --target=T`, ABI attributes
//! only; checked with clang-19 when written, and continuously by
//! `cargo xtask abi-diff`).

use crate::cdesc::{parse_sig, sig_to_fn_sig};
use crate::print::declare_line;
use crate::{
    lookup, AbiCx, AbiError, Field, FnSig, LookupError, RecordData, RecordKind, TypeError,
};

const X86: &str = "x86_64-unknown-linux-gnu";
const A64: &str = "aarch64-unknown-linux-gnu";

/// Classifies `sig` (cdesc notation) for `triple`+`features` and compares
/// the printed declare line with `clang` (what clang-19 emits for `c`).
fn check_f(triple: &str, features: &str, c: &str, sig: &str, clang: &str) {
    let target = lookup(triple)
        .and_then(|t| t.with_features(features))
        .expect("target");
    let mut cx = AbiCx::new(target);
    let s = parse_sig(sig).expect("signature");
    let fs = sig_to_fn_sig(&mut cx, &s).expect("types");
    let abi = cx.compute_fn_abi(&fs).expect("classification");
    let got = declare_line(&cx.ll, &abi, &s.name);
    assert_eq!(got, clang, "\nC: {c}\nsignature: {sig}");
}

fn check(triple: &str, c: &str, sig: &str, clang: &str) {
    check_f(triple, "", c, sig, clang)
}

// ---------------------------------------------------------------- x86_64

#[test]
fn x86_small_integers_are_extended() {
    check(
        X86,
        "signed char ext(char, unsigned char, short, unsigned short, _Bool, int, unsigned)",
        "ext: schar (char, uchar, short, ushort, bool, int, uint)",
        "declare signext i8 @ext(i8 signext, i8 zeroext, i16 signext, i16 zeroext, i1 zeroext, i32, i32)",
    );
}

#[test]
fn x86_sse_pair_of_floats_is_v2f32_and_flattened() {
    check(
        X86,
        "struct S {float a, b, c;}; struct S sse3f(struct S)",
        "sse3f: struct {float, float, float} (struct {float, float, float})",
        "declare { <2 x float>, float } @sse3f(<2 x float>, float)",
    );
}

#[test]
fn x86_mixed_sse_integer_eightbytes() {
    check(
        X86,
        "struct S {double d; int i;}; struct S dbl_int(struct S)",
        "dbl_int: struct {double, int} (struct {double, int})",
        "declare { double, i32 } @dbl_int(double, i32)",
    );
}

#[test]
fn x86_x87_is_memory_as_argument_and_st0_as_return() {
    check(
        X86,
        "struct S {long double x;}; long double ld(struct S, long double)",
        "ld: struct {ldouble} (struct {ldouble}, ldouble)",
        "declare x86_fp80 @ld(ptr byval({ x86_fp80 }) align 16, x86_fp80)",
    );
}

#[test]
fn x86_union_merges_sse_and_integer_to_integer() {
    check(
        X86,
        "union U {float f; int i;}; union U uf(union U)",
        "uf: union {float, int} (union {float, int})",
        "declare i32 @uf(i32)",
    );
}

#[test]
fn x86_odd_sized_record_uses_odd_width_integer() {
    check(
        X86,
        "struct S {char c[3];}; struct S c3(struct S)",
        "c3: struct {char[3]} (struct {char[3]})",
        "declare i24 @c3(i24)",
    );
}

#[test]
fn x86_sse_exhaustion_of_scalars_is_invisible() {
    check(
        X86,
        "double d9(double x 9)",
        "d9: double (double, double, double, double, double, double, double, double, double)",
        "declare double @d9(double, double, double, double, double, double, double, double, double)",
    );
}

#[test]
fn x86_gpr_exhaustion_sends_pairs_to_memory() {
    check(
        X86,
        "struct P {long a, b;}; void ll7(struct P, struct P, struct P, struct P)",
        "ll7: void (struct {long, long}, struct {long, long}, struct {long, long}, struct {long, long})",
        "declare void @ll7(i64, i64, i64, i64, i64, i64, ptr byval({ i64, i64 }) align 8)",
    );
}

#[test]
fn x86_sse_exhaustion_sends_pairs_to_memory() {
    check(
        X86,
        "struct D {double a, b;}; void ssex(double x 7, struct D, _Complex float)",
        "ssex: void (double, double, double, double, double, double, double, struct {double, double}, complex(float))",
        "declare void @ssex(double, double, double, double, double, double, double, ptr byval({ double, double }) align 8, <2 x float>)",
    );
}

#[test]
fn x86_no_free_gpr_passes_small_memory_values_as_integers() {
    check(
        X86,
        "struct __attribute__((packed)) P {char c; int i;}; struct C5 {char c[5];}; void gprx(long x 6, struct P, struct C5)",
        "gprx: void (long, long, long, long, long, long, struct packed {char, int}, struct {char[5]})",
        "declare void @gprx(i64, i64, i64, i64, i64, i64, i40, i40)",
    );
}

#[test]
fn x86_sret_takes_the_first_integer_register() {
    check(
        X86,
        "struct L {long a, b, c;}; struct L sretx(long x 5, struct {char a, b;})",
        "sretx: struct {long, long, long} (long, long, long, long, long, struct {char, char})",
        "declare void @sretx(ptr sret({ i64, i64, i64 }) align 8, i64, i64, i64, i64, i64, i16)",
    );
}

#[test]
fn x86_empty_records_are_ignored() {
    check(
        X86,
        "struct E {}; struct E empty(struct E, int)",
        "empty: struct {} (struct {}, int)",
        "declare void @empty(i32)",
    );
}

#[test]
fn x86_unaligned_packed_field_is_memory() {
    check(
        X86,
        "struct __attribute__((packed)) P {char c; int i;}; struct P packed(struct P)",
        "packed: struct packed {char, int} (struct packed {char, int})",
        "declare void @packed(ptr sret(<{ i8, i32 }>) align 1, ptr byval(<{ i8, i32 }>) align 8)",
    );
}

#[test]
fn x86_over_aligned_record_is_memory() {
    check(
        X86,
        "struct __attribute__((aligned(32))) A {int i;}; struct A al32(struct A)",
        "al32: struct align(32) {int} (struct align(32) {int})",
        "declare void @al32(ptr sret({ i32, [28 x i8] }) align 32, ptr byval({ i32, [28 x i8] }) align 32)",
    );
}

#[test]
fn x86_int128_is_two_integer_eightbytes() {
    check(
        X86,
        "__int128 i128(__int128, unsigned __int128)",
        "i128: i128 (i128, u128)",
        "declare { i64, i64 } @i128(i64, i64, i64, i64)",
    );
}

#[test]
fn x86_complex_long_double_is_complex_x87() {
    check(
        X86,
        "_Complex long double cld(_Complex long double)",
        "cld: complex(ldouble) (complex(ldouble))",
        "declare { x86_fp80, x86_fp80 } @cld(ptr byval({ x86_fp80, x86_fp80 }) align 16)",
    );
}

#[test]
fn x86_complex_float_and_double() {
    check(
        X86,
        "_Complex float cfd(_Complex double)",
        "cfd: complex(float) (complex(double))",
        "declare <2 x float> @cfd(double, double)",
    );
}

#[test]
fn x86_small_vectors() {
    check(
        X86,
        "v2f v2f(v2f, v1d, v4c) with vector_size(8), (8), (4)",
        "v2f: vec(float, 2) (vec(float, 2), vec(double, 1), vec(char, 4))",
        "declare double @v2f(double, ptr byval(<1 x double>) align 8, i32)",
    );
}

#[test]
fn x86_wide_vectors_depend_on_avx() {
    check(
        X86,
        "v8f v8f(v8f) with vector_size(32)",
        "v8f: vec(float, 8) (vec(float, 8))",
        "declare <8 x float> @v8f(ptr byval(<8 x float>) align 32)",
    );
    check_f(
        X86,
        "+avx",
        "v8f avx(v8f, v16f, struct {v8f}, struct {float[8]})",
        "avx: vec(float, 8) (vec(float, 8), vec(float, 16), struct {vec(float, 8)}, struct {float[8]})",
        "declare <8 x float> @avx(<8 x float>, ptr byval(<16 x float>) align 64, <8 x float>, ptr byval({ [8 x float] }) align 8)",
    );
    check_f(
        X86,
        "+avx512f",
        "v8f avx(v8f, v16f, struct {v8f}, struct {float[8]})",
        "avx: vec(float, 8) (vec(float, 8), vec(float, 16), struct {vec(float, 8)}, struct {float[8]})",
        "declare <8 x float> @avx(<8 x float>, <16 x float>, <8 x float>, ptr byval({ [8 x float] }) align 8)",
    );
}

#[test]
fn x86_bitfields_are_integer() {
    check(
        X86,
        "struct B {int a:3; unsigned b:7; char c;}; struct B bf(struct B)",
        "bf: struct {int bits(3), uint bits(7), char} (struct {int bits(3), uint bits(7), char})",
        "declare i32 @bf(i32)",
    );
}

#[test]
fn x86_x87up_without_x87_is_memory() {
    check(
        X86,
        "union U {long double x; int i;}; union U uld(union U)",
        "uld: union {ldouble, int} (union {ldouble, int})",
        "declare void @uld(ptr sret({ x86_fp80 }) align 16, ptr byval({ x86_fp80 }) align 16)",
    );
}

#[test]
fn x86_padding_low_eightbyte_passes_high_part_only() {
    check(
        X86,
        "struct S {int :32; int :32; double d;}; struct S padlo(struct S)",
        "padlo: struct {int bits(32) unnamed, int bits(32) unnamed, double} (struct {int bits(32) unnamed, int bits(32) unnamed, double})",
        "declare double @padlo(double)",
    );
}

#[test]
fn x86_flexible_array_member_is_memory() {
    check(
        X86,
        "struct F {int n; int d[];}; struct F flex(struct F)",
        "flex: struct {int, int[]} (struct {int, int[]})",
        "declare void @flex(ptr sret({ i32, [0 x i32] }) align 4, ptr byval({ i32, [0 x i32] }) align 8)",
    );
}

#[test]
fn x86_half_floats_pack_into_v4f16() {
    check(
        X86,
        "struct H {_Float16 a, b, c; float f;}; struct H half(struct {_Float16 h; float f;})",
        "half: struct {half, half, half, float} (struct {half, float})",
        "declare { <4 x half>, float } @half(<4 x half>)",
    );
}

#[test]
fn x86_float128_is_sse_sseup() {
    check(
        X86,
        "__float128 f128(__float128, struct {__float128 q;})",
        "f128: f128 (f128, struct {f128})",
        "declare fp128 @f128(fp128, fp128)",
    );
}

// --------------------------------------------------------------- AArch64

#[test]
fn a64_hfa_of_four_floats() {
    check(
        A64,
        "struct S {float a, b, c, d;}; struct S hfa4(struct S)",
        "hfa4: struct {float, float, float, float} (struct {float, float, float, float})",
        "declare { float, float, float, float } @hfa4([4 x float] alignstack(8))",
    );
}

#[test]
fn a64_five_floats_are_not_an_hfa() {
    check(
        A64,
        "struct S {float a, b, c, d, e;}; struct S hfa5(struct S)",
        "hfa5: struct {float, float, float, float, float} (struct {float, float, float, float, float})",
        "declare void @hfa5(ptr sret({ float, float, float, float, float }) align 4, ptr)",
    );
}

#[test]
fn a64_three_doubles_are_an_hfa() {
    check(
        A64,
        "struct S {double a, b, c;}; struct S d3(struct S)",
        "d3: struct {double, double, double} (struct {double, double, double})",
        "declare { double, double, double } @d3([3 x double] alignstack(8))",
    );
}

#[test]
fn a64_small_composites_are_i64_chunks() {
    check(
        A64,
        "struct S {double d; int i;}; struct S dbl_int(struct S)",
        "dbl_int: struct {double, int} (struct {double, int})",
        "declare [2 x i64] @dbl_int([2 x i64])",
    );
    check(
        A64,
        "struct S {char c[3];}; struct S c3(struct S)",
        "c3: struct {char[3]} (struct {char[3]})",
        "declare i24 @c3(i64)",
    );
}

#[test]
fn a64_sixteen_byte_aligned_composites_are_i128() {
    check(
        A64,
        "__int128 i128(__int128, struct {__int128 x;}, struct {long a, b;})",
        "i128: i128 (i128, struct {i128}, struct {long, long})",
        "declare i128 @i128(i128, i128, [2 x i64])",
    );
    // The record's own aligned(16) does not count (unadjusted alignment);
    // a member's does.
    check(
        A64,
        "struct M {long x __attribute__((aligned(16)));}; struct __attribute__((aligned(16))) R {long x;}; struct M al16m(struct M, struct R)",
        "al16m: struct {long align(16)} (struct {long align(16)}, struct align(16) {long})",
        "declare i128 @al16m(i128, [2 x i64])",
    );
}

#[test]
fn a64_long_double_is_fp128() {
    check(
        A64,
        "struct S {long double a, b;}; struct S ld(struct S, long double)",
        "ld: struct {ldouble, ldouble} (struct {ldouble, ldouble}, ldouble)",
        "declare { fp128, fp128 } @ld([2 x fp128] alignstack(16), fp128)",
    );
}

#[test]
fn a64_complex_values() {
    check(
        A64,
        "_Complex float cf(_Complex float, _Complex long double, _Complex int)",
        "cf: complex(float) (complex(float), complex(ldouble), complex(int))",
        "declare { float, float } @cf([2 x float] alignstack(8), [2 x fp128] alignstack(16), i64)",
    );
}

#[test]
fn a64_integers_are_not_extended() {
    check(
        A64,
        "char noext(char, signed char, _Bool, unsigned short)",
        "noext: char (char, schar, bool, ushort)",
        "declare i8 @noext(i8, i8, i1, i16)",
    );
}

#[test]
fn a64_empty_records_are_ignored_in_c() {
    check(
        A64,
        "struct E {}; struct E empty(struct E, int)",
        "empty: struct {} (struct {}, int)",
        "declare void @empty(i32)",
    );
}

#[test]
fn a64_large_composites_go_by_reference() {
    check(
        A64,
        "struct L {long a, b, c;}; struct L big(struct L)",
        "big: struct {long, long, long} (struct {long, long, long})",
        "declare void @big(ptr sret({ i64, i64, i64 }) align 8, ptr)",
    );
}

#[test]
fn a64_vectors() {
    check(
        A64,
        "v2f vec(v2f, v2c, v8f, v1d)",
        "vec: vec(float, 2) (vec(float, 2), vec(char, 2), vec(float, 8), vec(double, 1))",
        "declare <2 x float> @vec(<2 x float>, i32, ptr, <1 x double>)",
    );
    check(
        A64,
        "v8f vecret(void)",
        "vecret: vec(float, 8) ()",
        "declare void @vecret(ptr sret(<8 x float>) align 16)",
    );
}

#[test]
fn a64_packed_composite() {
    check(
        A64,
        "struct __attribute__((packed)) P {char c; int i;}; struct P packed(struct P)",
        "packed: struct packed {char, int} (struct packed {char, int})",
        "declare i40 @packed(i64)",
    );
}

#[test]
fn a64_hva_uses_first_member_as_base() {
    check(
        A64,
        "struct V {v4f a; v4i b;}; struct V hva(struct {v2f a, b, c;})",
        "hva: struct {vec(float, 4), vec(int, 4)} (struct {vec(float, 2), vec(float, 2), vec(float, 2)})",
        "declare { <4 x float>, <4 x i32> } @hva([3 x <2 x float>] alignstack(8))",
    );
}

#[test]
fn a64_bitfields() {
    check(
        A64,
        "struct B {int a:3; unsigned b:7; char c;}; struct B bf(struct B)",
        "bf: struct {int bits(3), uint bits(7), char} (struct {int bits(3), uint bits(7), char})",
        "declare i32 @bf(i64)",
    );
}

#[test]
fn a64_register_exhaustion_does_not_change_the_ir() {
    let sig = "regs: void (long, long, long, long, long, long, long, long, struct {long, long}, double, double, double, double, double, double, double, double, struct {double, double})";
    check(
        A64,
        "void regs(long x 8, struct {long a, b;}, double x 8, struct {double a, b;})",
        sig,
        "declare void @regs(i64, i64, i64, i64, i64, i64, i64, i64, [2 x i64], double, double, double, double, double, double, double, double, [2 x double] alignstack(8))",
    );
    let mut cx = AbiCx::new(lookup(A64).expect("target"));
    let fs = sig_to_fn_sig(&mut cx, &parse_sig(sig).expect("sig")).expect("types");
    let abi = cx.compute_fn_abi(&fs).expect("abi");
    assert_eq!((abi.regs.int_regs, abi.regs.vector_regs), (8, 8));
}

// ------------------------------------------------------- errors & registry

#[test]
fn registry_rejects_unknown_and_unsupported_triples() {
    assert!(matches!(
        lookup("bogus-unknown-linux-gnu"),
        Err(LookupError::Unknown { .. })
    ));
    // Each names what is missing; none falls back to System V.
    for (t, missing) in [
        (
            "aarch64-apple-ios17.0-simulator",
            "Apple arm64 with environment",
        ),
        ("riscv64-unknown-elf", "soft-float"),
        ("sparc-sun-solaris", "SPARC"),
        ("x86_64-unknown-linux-gnux32", "x32"),
        ("x86_64-linux-android", "Android"),
        ("x86_64-pc-windows-cygnus", "Cygwin"),
        ("x86_64-apple-darwin", "Darwin x86_64"),
        ("x86_64-unknown-haiku", "haiku"),
        ("aarch64-pc-windows-msvc", "Windows arm64"),
        ("i686-w64-windows-gnu", "MinGW x86"),
        ("i386-apple-darwin", "Darwin x86"),
        ("i386-unknown-freebsd", "registers"),
        ("riscv32-unknown-elf", "soft-float"),
        ("armv7-unknown-linux-gnueabi", "32-bit Arm"),
        ("arm-unknown-linux-gnueabihf", "32-bit Arm"),
        ("thumbv7-unknown-linux-gnueabihf", "32-bit Arm"),
    ] {
        match lookup(t) {
            Err(e @ LookupError::Unsupported { .. }) => {
                assert!(e.to_string().contains(missing), "{t}: {e}")
            }
            other => panic!("{t}: {other:?}"),
        }
    }
    assert!(matches!(
        lookup(X86).and_then(|t| t.with_features("+bogus")),
        Err(LookupError::UnknownFeature { .. })
    ));
}

#[test]
fn registry_reads_triples_as_clang_does() {
    use crate::Arch;
    for (t, arch) in [
        ("x86_64", Arch::X86_64SysV),
        ("x86_64-linux-gnu", Arch::X86_64SysV),
        ("x86_64-unknown-linux-musl", Arch::X86_64SysV),
        ("i386-unknown-linux-gnu", Arch::X86_32SysV),
        ("i686-linux-gnu", Arch::X86_32SysV),
        ("i586-pc-linux-musl", Arch::X86_32SysV),
        ("i686-pc-windows-msvc", Arch::X86_32Win),
        ("i686-pc-win32", Arch::X86_32Win),
        ("x86_64-unknown-freebsd14.0", Arch::X86_64SysV),
        ("x86_64-elf", Arch::X86_64SysV),
        ("aarch64", Arch::Aarch64Aapcs),
        ("aarch64-linux-gnu", Arch::Aarch64Aapcs),
        ("aarch64-none-elf", Arch::Aarch64Aapcs),
        ("x86_64-pc-windows-msvc", Arch::X86_64Win64),
        ("x86_64-pc-win32", Arch::X86_64Win64),
        ("x86_64-windows", Arch::X86_64Win64),
        ("x86_64-w64-windows-gnu", Arch::X86_64MinGW),
        ("x86_64-w64-mingw32", Arch::X86_64MinGW),
        ("riscv32-linux-gnu", Arch::Riscv32Ilp32d),
        ("loongarch64-linux-gnu", Arch::Loongarch64Lp64d),
        ("armv7-linux-gnueabihf", Arch::ArmAapcsVfp),
        ("arm-linux-gnueabi", Arch::ArmAapcs),
        ("x86_64-pc-windows-gnu", Arch::X86_64MinGW),
        ("aarch64-apple-darwin", Arch::Aarch64Darwin),
        ("arm64-apple-macosx", Arch::Aarch64Darwin),
        ("arm64-apple-macosx14.0.0", Arch::Aarch64Darwin),
        ("arm64-apple-ios", Arch::Aarch64Darwin),
    ] {
        assert_eq!(lookup(t).map(|t| t.arch), Ok(arch), "{t}");
    }
}

#[test]
fn incomplete_record_by_value_is_an_error() {
    let mut cx = AbiCx::new(lookup(X86).expect("target"));
    let inc = cx
        .record(RecordData {
            kind: RecordKind::Struct,
            fields: Box::new([]),
            packed: false,
            align: None,
            complete: false,
        })
        .expect("incomplete record interns");
    let int = cx.int(32, true);
    let sig = FnSig {
        ret: int,
        args: vec![int, inc],
        variadic: None,
        cc: Default::default(),
    };
    assert_eq!(
        cx.compute_fn_abi(&sig),
        Err(AbiError::IncompleteByValue { index: Some(1) })
    );
    let sig = FnSig {
        ret: inc,
        args: vec![],
        variadic: None,
        cc: Default::default(),
    };
    assert_eq!(
        cx.compute_fn_abi(&sig),
        Err(AbiError::IncompleteByValue { index: None })
    );
    // ... and cannot be a member either.
    let r = cx.record(RecordData {
        kind: RecordKind::Struct,
        fields: Box::new([Field {
            ty: inc,
            bit_width: None,
            named: true,
            align: None,
        }]),
        packed: false,
        align: None,
        complete: true,
    });
    assert_eq!(r, Err(TypeError::IncompleteMember));
}

#[test]
fn variadic_with_more_fixed_parameters_than_arguments_is_an_error() {
    let mut cx = AbiCx::new(lookup(A64).expect("target"));
    let int = cx.int(32, true);
    let sig = FnSig {
        ret: int,
        args: vec![int],
        variadic: Some(2),
        cc: Default::default(),
    };
    assert_eq!(
        cx.compute_fn_abi(&sig),
        Err(AbiError::Variadic { fixed: 2, args: 1 })
    );
}

#[test]
fn invalid_types_are_rejected_not_laid_out() {
    let mut cx = AbiCx::new(lookup(X86).expect("target"));
    let ch = cx.int(8, true);
    let f = cx.float(crate::FloatKind::Float);
    let bad = |ty, bit_width, named| RecordData {
        kind: RecordKind::Struct,
        fields: Box::new([Field {
            ty,
            bit_width,
            named,
            align: None,
        }]),
        packed: false,
        align: None,
        complete: true,
    };
    assert!(matches!(
        cx.record(bad(ch, Some(9), true)),
        Err(TypeError::BitFieldTooWide { .. })
    ));
    assert_eq!(
        cx.record(bad(f, Some(3), true)),
        Err(TypeError::BitFieldNotInteger)
    );
    assert_eq!(
        cx.record(bad(ch, Some(0), true)),
        Err(TypeError::NamedZeroWidthBitField)
    );
    assert_eq!(cx.array(ch, u64::MAX), Err(TypeError::TooLarge));
    let mut t = ch;
    let mut deep = Ok(t);
    for _ in 0..600 {
        deep = cx.record(bad(t, None, true));
        match deep {
            Ok(id) => t = id,
            Err(_) => break,
        }
    }
    assert_eq!(deep, Err(TypeError::TooDeep));
}

#[test]
fn repeated_records_are_classified_once() {
    let mut cx = AbiCx::new(lookup(X86).expect("target"));
    let s = parse_sig("f: struct {double, int} (struct {double, int}, struct {double, int})")
        .expect("sig");
    let fs = sig_to_fn_sig(&mut cx, &s).expect("types");
    let n = cx.types().len();
    let a = cx.compute_fn_abi(&fs).expect("abi");
    let fs2 = sig_to_fn_sig(&mut cx, &s).expect("types");
    assert_eq!(fs, fs2, "equal types intern to equal ids");
    assert_eq!(cx.types().len(), n);
    assert_eq!(cx.compute_fn_abi(&fs2).expect("abi"), a);
}

// ------------------------------------------------------------- clang 22

/// As [`check`], matching clang-22 (`clang-22 -O0 -S -emit-llvm`).
fn check22(triple: &str, c: &str, sig: &str, clang: &str) {
    let target = lookup(triple).expect("target");
    let mut cx = AbiCx::new(target.with_clang(crate::ClangVersion::V22));
    let s = parse_sig(sig).expect("signature");
    let fs = sig_to_fn_sig(&mut cx, &s).expect("types");
    let abi = cx.compute_fn_abi(&fs).expect("classification");
    let got = crate::print::declare_line_for(&cx.ll, &abi, &s.name, crate::ClangVersion::V22);
    assert_eq!(got, clang, "\nC: {c}\nsignature: {sig}");
}

#[test]
fn clang22_x86_int128_stays_whole() {
    check22(
        X86,
        "struct I { __int128 x; }; __int128 f(__int128 a, struct I b)",
        "f: i128 (i128, struct {i128})",
        "declare i128 @f(i128, i128)",
    );
}

#[test]
fn clang22_aarch64_pointer_records_and_dead_on_return() {
    check22(
        A64,
        "struct P { void *a, *b; }; struct Q { int *a; }; struct B { long a, b, c; }; void g(struct P, struct Q, struct B)",
        "g: void (struct {ptr, ptr}, struct {ptr}, struct {long, long, long})",
        "declare void @g([2 x ptr], ptr, ptr dead_on_return)",
    );
}

// ---------------------------------------------------------------- Win64

const WIN: &str = "x86_64-pc-windows-msvc";
const MINGW: &str = "x86_64-w64-windows-gnu";

#[test]
fn win64_records_of_1_2_4_8_bytes_are_integers_others_by_pointer() {
    let c = "struct S3 { char a, b, c; }; struct S8 { int a; float b; }; \
             struct S8 f(struct S3, struct S8, long)";
    let sig = "f: struct {int, float} (struct {char, char, char}, struct {int, float}, long)";
    check(WIN, c, sig, "declare i64 @f(ptr, i64, i32)");
    check(MINGW, c, sig, "declare i64 @f(ptr, i64, i32)");
}

#[test]
fn win64_only_bool_is_extended_and_int128_is_by_pointer() {
    let c = "__int128 f(_Bool, signed char, short, __int128)";
    let sig = "f: i128 (bool, schar, short, i128)";
    check(
        WIN,
        c,
        sig,
        "declare <2 x i64> @f(i1 zeroext, i8, i16, ptr)",
    );
}

#[test]
fn win64_empty_record_is_4_bytes_on_msvc_and_0_on_mingw() {
    let c = "struct E {}; struct E e(struct E, int)";
    let sig = "e: struct {} (struct {}, int)";
    check(WIN, c, sig, "declare i32 @e(i32, i32)");
    check(
        MINGW,
        c,
        sig,
        "declare void @e(ptr sret({}) align 1, ptr, i32)",
    );
}

#[test]
fn win64_mingw_long_double_goes_through_memory() {
    let c = "long double ld(long double)";
    let sig = "ld: ldouble (ldouble)";
    check(
        MINGW,
        c,
        sig,
        "declare void @ld(ptr sret(x86_fp80) align 16, ptr)",
    );
    check(WIN, c, sig, "declare double @ld(double)");
}

#[test]
fn win64_bit_fields_take_whole_storage_units() {
    // sizeof == 16 on both (Microsoft layout / ms_struct), so by pointer.
    let c = "struct B { int a:3; char b:2; long long c:5; }; struct B bb(struct B)";
    let sig = "bb: struct {int bits(3), char bits(2), llong bits(5)} (struct {int bits(3), char bits(2), llong bits(5)})";
    let clang = "declare void @bb(ptr sret({ i32, i8, i64 }) align 8, ptr)";
    check(WIN, c, sig, clang);
    check(MINGW, c, sig, clang);
}

// -------------------------------------------------------- Apple arm64

const DARWIN: &str = "arm64-apple-macosx";

#[test]
fn darwin_extends_small_integers_and_drops_hfa_alignstack() {
    let c =
        "struct H { float a, b, c; }; struct H hfa(struct H, signed char, unsigned short, _Bool)";
    let sig =
        "hfa: struct {float, float, float} (struct {float, float, float}, schar, ushort, bool)";
    check(
        DARWIN,
        c,
        sig,
        "declare { float, float, float } @hfa([3 x float], i8 signext, i16 zeroext, i1 zeroext)",
    );
    check(
        A64,
        c,
        sig,
        "declare { float, float, float } @hfa([3 x float] alignstack(8), i8, i16, i1)",
    );
}

#[test]
fn darwin_coerces_small_composites_by_their_alignment() {
    // AAPCS64 uses the unadjusted alignment (8 here), DarwinPCS the
    // alignment with aligned(16).
    let c = "struct A16 { long long a; } __attribute__((aligned(16))); \
             struct S { double d; int i; }; struct A16 al(struct A16, struct S)";
    let sig = "al: struct align(16) {llong} (struct align(16) {llong}, struct {double, int})";
    check(DARWIN, c, sig, "declare i128 @al(i128, [2 x i64])");
    check(A64, c, sig, "declare i128 @al([2 x i64], [2 x i64])");
}

// ------------------------------------------------------------- RISC-V

const RV64: &str = "riscv64-unknown-linux-gnu";

#[test]
fn riscv64_fp_eligible_structs_are_coerced_and_expanded() {
    check(
        RV64,
        "struct FI { float f; int i; }; struct DD { double a, b; }; struct BF { char c; float f; }; \
         struct P { char c; double d; } __attribute__((packed)); struct BB { _Bool b; float f; }; \
         struct F1 { float f; }; struct I1 { int i; }; \
         struct FI fi(struct FI, struct DD, struct BF, struct P, struct BB, struct F1, struct I1)",
        "fi: struct {float, int} (struct {float, int}, struct {double, double}, struct {char, float}, \
         struct packed {char, double}, struct {bool, float}, struct {float}, struct {int})",
        "declare { float, i32 } @fi(float, i32, double, double, i8, float, i8, double, i1, float, float, i64)",
    );
}

#[test]
fn riscv64_extends_u32_with_sign_and_passes_wide_values_by_pointer() {
    check(
        RV64,
        "typedef int v4i __attribute__((vector_size(16))); typedef int v8i __attribute__((vector_size(32))); \
         unsigned u(unsigned, int, _Bool, unsigned short, long double, __int128, v4i, v8i, _Complex float, _Complex double)",
        "u: uint (uint, int, bool, ushort, ldouble, i128, vec(int, 4), vec(int, 8), complex(float), complex(double))",
        "declare signext i32 @u(i32 signext, i32 signext, i1 zeroext, i16 zeroext, fp128, i128, i128, ptr, float, float, double, double)",
    );
}

/// Calling conventions a target does not implement are refused by name;
/// `ms_abi`/`sysv_abi` switch x86_64 conventions (checked with clang-19:
/// `__attribute__((ms_abi)) void f(_Bool)` on Linux is
/// `declare win64cc void @f(i1 zeroext)`; `regparm(2) int g(int, int)` on
/// i386 is `declare i32 @g(i32 inreg, i32 inreg)`).
#[test]
fn calling_conventions_are_chosen_per_target() {
    use crate::{print::declare_line, CallConv};
    let mut cx = AbiCx::new(lookup(X86).expect("x86_64"));
    let b = cx.bool_();
    let void = cx.void();
    let sig = |args, cc| FnSig {
        ret: void,
        args,
        variadic: None,
        cc,
    };
    let abi = cx
        .compute_fn_abi(&sig(vec![b], CallConv::Win64))
        .expect("ms_abi");
    assert_eq!(
        declare_line(&cx.ll, &abi, "f"),
        "declare win64cc void @f(i1 zeroext)"
    );
    assert!(matches!(
        cx.compute_fn_abi(&sig(vec![b], CallConv::FastCall)),
        Err(AbiError::CallConv { .. })
    ));
    let mut cx = AbiCx::new(lookup("i386-unknown-linux-gnu").expect("i386"));
    let int = cx.int(32, true);
    let s = FnSig {
        ret: int,
        args: vec![int, int],
        variadic: None,
        cc: CallConv::RegParm(2),
    };
    let abi = cx.compute_fn_abi(&s).expect("regparm");
    assert_eq!(
        declare_line(&cx.ll, &abi, "g"),
        "declare i32 @g(i32 inreg, i32 inreg)"
    );
    let s = FnSig {
        cc: CallConv::RegParm(4),
        ..s
    };
    assert!(matches!(
        cx.compute_fn_abi(&s),
        Err(AbiError::CallConv { .. })
    ));
}
