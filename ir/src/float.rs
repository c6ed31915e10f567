//! Floating-point formatting and conversion compatible with LLVM's APFloat,
//! as MLIR's printer uses it (`printFloatValue`).

use crate::context::FloatKind;
use std::cmp::Ordering;

/// Parameters of a binary floating-point format.
#[derive(Clone, Copy, Debug)]
struct Sem {
    /// Precision in bits including the integer bit.
    precision: u32,
    max_exp: i32,
    min_exp: i32,
    /// Exponent field width.
    exp_bits: u32,
    /// x87 80-bit: explicit integer bit.
    explicit_int: bool,
    /// NaN/inf encoding style.
    style: Style,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Style {
    Ieee,
    /// No infinities; NaN is all-ones exponent and mantissa (f8E4M3FN).
    FiniteAllOnesNan,
    /// No infinities, no negative zero; NaN is 0x80 (the FNUZ formats).
    Fnuz,
    /// No infinities and no NaN; overflow saturates to the largest finite
    /// value (f4E2M1FN, f6E2M3FN, f6E3M2FN: APFloat's `FiniteOnly`).
    FiniteOnly,
    /// f8E8M0FNU: an 8-bit biased exponent alone. No sign, no zero (a zero
    /// becomes the smallest value, 2^-127), no infinity; NaN is 0xFF, and
    /// the bias is 127 rather than `1 - min_exp`.
    E8M0,
}

fn sem(k: FloatKind) -> Sem {
    let s = |precision, max_exp, min_exp, exp_bits, style| Sem {
        precision,
        max_exp,
        min_exp,
        exp_bits,
        explicit_int: false,
        style,
    };
    // (precision, max_exp, min_exp, exp_bits, style): APFloat's
    // `fltSemantics` of each format.
    match k {
        FloatKind::F4E2M1FN => s(2, 2, 0, 2, Style::FiniteOnly),
        FloatKind::F6E2M3FN => s(4, 2, 0, 2, Style::FiniteOnly),
        FloatKind::F6E3M2FN => s(3, 4, -2, 3, Style::FiniteOnly),
        FloatKind::F8E3M4 => s(5, 3, -2, 3, Style::Ieee),
        FloatKind::F8E8M0FNU => s(1, 127, -127, 8, Style::E8M0),
        FloatKind::F16 => s(11, 15, -14, 5, Style::Ieee),
        FloatKind::BF16 => s(8, 127, -126, 8, Style::Ieee),
        FloatKind::TF32 => s(11, 127, -126, 8, Style::Ieee),
        FloatKind::F32 => s(24, 127, -126, 8, Style::Ieee),
        FloatKind::F64 => s(53, 1023, -1022, 11, Style::Ieee),
        FloatKind::F80 => Sem {
            precision: 64,
            max_exp: 16383,
            min_exp: -16382,
            exp_bits: 15,
            explicit_int: true,
            style: Style::Ieee,
        },
        FloatKind::F128 => s(113, 16383, -16382, 15, Style::Ieee),
        FloatKind::F8E5M2 => s(3, 15, -14, 5, Style::Ieee),
        FloatKind::F8E4M3 => s(4, 7, -6, 4, Style::Ieee),
        FloatKind::F8E4M3FN => s(4, 8, -6, 4, Style::FiniteAllOnesNan),
        FloatKind::F8E5M2FNUZ => s(3, 15, -15, 5, Style::Fnuz),
        FloatKind::F8E4M3FNUZ => s(4, 7, -7, 4, Style::Fnuz),
        FloatKind::F8E4M3B11FNUZ => s(4, 4, -10, 4, Style::Fnuz),
    }
}

/// A decoded value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Decoded {
    Zero {
        neg: bool,
    },
    Inf,
    Nan,
    /// value = (-1)^neg * sig * 2^(exp - (precision-1)), sig < 2^precision.
    Finite {
        neg: bool,
        sig: u128,
        exp: i32,
    },
}

fn frac_bits(s: &Sem) -> u32 {
    if s.explicit_int {
        s.precision
    } else {
        s.precision - 1
    }
}

fn bias(s: &Sem) -> i32 {
    // Exponent of 1.0 encodes as `bias`; minimum normal exponent encodes as 1
    // (as 0 in f8E8M0FNU, which has no subnormals and no zero).
    if s.style == Style::E8M0 {
        -s.min_exp
    } else {
        1 - s.min_exp
    }
}

fn decode(k: FloatKind, bits: u128) -> Decoded {
    let s = sem(k);
    let fb = frac_bits(&s);
    let width = k.bit_width();
    let frac = bits & ((1u128 << fb) - 1);
    let e = ((bits >> fb) & ((1u128 << s.exp_bits) - 1)) as i32;
    let neg = (bits >> (width - 1)) & 1 == 1;
    let all_ones = (1i32 << s.exp_bits) - 1;
    match s.style {
        Style::E8M0 => {
            if e == all_ones {
                return Decoded::Nan;
            }
            return Decoded::Finite {
                neg: false,
                sig: 1,
                exp: e - bias(&s),
            };
        }
        Style::FiniteOnly => {}
        Style::Ieee => {
            if e == all_ones {
                let f = if s.explicit_int {
                    frac & ((1u128 << 63) - 1)
                } else {
                    frac
                };
                return if f == 0 { Decoded::Inf } else { Decoded::Nan };
            }
        }
        Style::FiniteAllOnesNan => {
            if e == all_ones && frac == (1u128 << fb) - 1 {
                return Decoded::Nan;
            }
        }
        Style::Fnuz => {
            if neg && e == 0 && frac == 0 {
                return Decoded::Nan;
            }
        }
    }
    if e == 0 {
        if frac == 0 {
            return Decoded::Zero { neg };
        }
        return Decoded::Finite {
            neg,
            sig: frac,
            exp: s.min_exp,
        };
    }
    let sig = if s.explicit_int {
        frac
    } else {
        frac | (1u128 << fb)
    };
    Decoded::Finite {
        neg,
        sig,
        exp: e - bias(&s),
    }
}

/// Encodes a finite or zero value; `exp` as in [`Decoded::Finite`].
fn encode(k: FloatKind, neg: bool, sig: u128, exp: i32) -> u128 {
    let s = sem(k);
    let fb = frac_bits(&s);
    let width = k.bit_width();
    let sign = if neg && s.style != Style::E8M0 {
        1u128 << (width - 1)
    } else {
        0
    };
    // A zero of f8E8M0FNU is its smallest value, 2^-127: bits 0.
    if sig == 0 {
        return if s.style == Style::Fnuz { 0 } else { sign };
    }
    let is_normal = sig >> (s.precision - 1) != 0;
    let e = if is_normal { exp + bias(&s) } else { 0 };
    let frac = if s.explicit_int {
        sig
    } else {
        sig & ((1u128 << fb) - 1)
    };
    sign | ((e as u128) << fb) | frac
}

fn inf_bits(k: FloatKind, neg: bool) -> u128 {
    let s = sem(k);
    let fb = frac_bits(&s);
    let width = k.bit_width();
    let sign = if neg { 1u128 << (width - 1) } else { 0 };
    match s.style {
        Style::Ieee => {
            let e = ((1u128 << s.exp_bits) - 1) << fb;
            let int_bit = if s.explicit_int { 1u128 << 63 } else { 0 };
            sign | e | int_bit
        }
        // No infinity: APFloat saturates to NaN on overflow for these.
        Style::FiniteAllOnesNan => sign | ((1u128 << (width - 1)) - 1),
        Style::Fnuz => 1u128 << (width - 1),
        // Neither infinity nor NaN: the largest finite value.
        Style::FiniteOnly => sign | ((1u128 << (width - 1)) - 1),
        Style::E8M0 => nan_bits(k),
    }
}

// ---------------------------------------------------------------------------
// A tiny unsigned big integer (little-endian base 2^32), enough for exact
// decimal expansion of any supported format.

#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u128(mut v: u128) -> Big {
        let mut d = Vec::new();
        while v != 0 {
            d.push(v as u32);
            v >>= 32;
        }
        Big(d)
    }
    fn bit_len(&self) -> u32 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for d in self.0.iter_mut() {
            let v = (*d as u64) * (m as u64) + carry;
            *d = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }
    fn shl(&mut self, n: u32) {
        let words = (n / 32) as usize;
        let bits = n % 32;
        if bits != 0 {
            let mut carry = 0u32;
            for d in self.0.iter_mut() {
                let nd = (*d << bits) | carry;
                carry = *d >> (32 - bits);
                *d = nd;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if words != 0 && !self.0.is_empty() {
            let mut v = vec![0u32; words];
            v.extend_from_slice(&self.0);
            self.0 = v;
        }
    }
    fn mul_pow5(&mut self, mut n: u32) {
        while n >= 13 {
            self.mul_small(1_220_703_125); // 5^13
            n -= 13;
        }
        let mut p = 1u32;
        for _ in 0..n {
            p *= 5;
        }
        self.mul_small(p);
    }
    fn mul_pow10(&mut self, n: u32) {
        self.mul_pow5(n);
        self.shl(n);
    }
    /// Divides in place, returns the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for x in self.0.iter_mut().rev() {
            let cur = (rem << 32) | (*x as u64);
            *x = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }
    fn cmp(&self, o: &Big) -> Ordering {
        if self.0.len() != o.0.len() {
            return self.0.len().cmp(&o.0.len());
        }
        for (a, b) in self.0.iter().rev().zip(o.0.iter().rev()) {
            if a != b {
                return a.cmp(b);
            }
        }
        Ordering::Equal
    }
}

/// APFloat::toString(Str, FormatPrecision, FormatMaxPadding, TruncateZero).
fn ap_to_string(
    k: FloatKind,
    d: Decoded,
    mut format_precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let mut out = String::new();
    let (neg, sig, exp) = match d {
        Decoded::Inf => return "Inf".into(),
        Decoded::Nan => return "NaN".into(),
        Decoded::Zero { neg } => {
            if neg {
                out.push('-');
            }
            if max_padding == 0 {
                if truncate_zero {
                    out.push_str("0.0E+0");
                } else {
                    out.push_str("0.0");
                    for _ in 1..format_precision {
                        out.push('0');
                    }
                    out.push_str("e+00");
                }
            } else {
                out.push('0');
            }
            return out;
        }
        Decoded::Finite { neg, sig, exp } => (neg, sig, exp),
    };
    if neg {
        out.push('-');
    }
    let s = sem(k);
    let mut exp = exp - (s.precision as i32 - 1);
    if format_precision == 0 {
        format_precision = 2 + s.precision * 59 / 196;
    }
    let tz = sig.trailing_zeros();
    let sig = sig >> tz;
    exp += tz as i32;
    let mut big = Big::from_u128(sig);
    if exp > 0 {
        big.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        big.mul_pow5((-exp) as u32);
    }
    // APFloat first truncates the integer to about `format_precision`
    // digits (AdjustToPrecision on the APInt: a truncating division), then
    // rounds the digit buffer half-up below.
    let bits = big.bit_len();
    let bits_required = (format_precision * 196).div_ceil(59);
    if bits > bits_required {
        let mut tens = (bits - bits_required) * 59 / 196;
        exp += tens as i32;
        while tens >= 9 {
            big.div_small(1_000_000_000);
            tens -= 9;
        }
        if tens > 0 {
            big.div_small(10u32.pow(tens));
        }
    }
    // Decimal digits, least significant first, dropping trailing zeros.
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !big.is_zero() {
        let dgt = big.div_small(10) as u8;
        if in_trail && dgt == 0 {
            exp += 1;
        } else {
            buffer.push(b'0' + dgt);
            in_trail = false;
        }
    }
    let mut ndigits = buffer.len() as u32;
    if ndigits > format_precision {
        let mut first_sig = (ndigits - format_precision) as usize;
        if buffer[first_sig - 1] < b'5' {
            while first_sig < buffer.len() && buffer[first_sig] == b'0' {
                first_sig += 1;
            }
            exp += first_sig as i32;
            buffer.drain(..first_sig);
        } else {
            let mut carried_all = true;
            let mut i = first_sig;
            while i < buffer.len() {
                if buffer[i] == b'9' {
                    first_sig += 1;
                } else {
                    buffer[i] += 1;
                    carried_all = false;
                    break;
                }
                i += 1;
            }
            exp += first_sig as i32;
            if carried_all {
                buffer.clear();
                buffer.push(b'1');
            } else {
                buffer.drain(..first_sig);
            }
        }
        ndigits = buffer.len() as u32;
    }
    let nd = ndigits as i32;
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > max_padding || ndigits + exp as u32 > format_precision
    } else {
        let msd = exp + nd - 1;
        if msd >= 0 {
            false
        } else {
            (-msd) as u32 > max_padding
        }
    };
    let digit = |i: usize| buffer[i] as char;
    if scientific {
        exp += nd - 1;
        out.push(digit(buffer.len() - 1));
        out.push('.');
        if ndigits == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..buffer.len() {
                out.push(digit(buffer.len() - 1 - i));
            }
        }
        if !truncate_zero && format_precision > ndigits - 1 {
            for _ in 0..(format_precision - ndigits + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
        return out;
    }
    if exp >= 0 {
        for i in 0..buffer.len() {
            out.push(digit(buffer.len() - 1 - i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return out;
    }
    let whole = exp + nd;
    let mut i = 0usize;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(buffer.len() - i - 1));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..(-whole) {
            out.push('0');
        }
    }
    while i < buffer.len() {
        out.push(digit(buffer.len() - i - 1));
        i += 1;
    }
    out
}

/// Parses a decimal string `[-]D.DDDe[+-]X` exactly into (neg, digits, exp10).
fn parse_decimal(s: &str) -> Option<(bool, Big, i64)> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut neg = false;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        neg = b[i] == b'-';
        i += 1;
    }
    let mut big = Big(Vec::new());
    let mut exp10: i64 = 0;
    let mut seen_dot = false;
    let mut any = false;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            big.mul_small(10);
            let add = Big::from_u128((c - b'0') as u128);
            big = add_big(&big, &add);
            if seen_dot {
                exp10 -= 1;
            }
            any = true;
        } else if c == b'.' && !seen_dot {
            seen_dot = true;
        } else if c == b'e' || c == b'E' {
            let e: i64 = s.get(i + 1..)?.parse().ok()?;
            exp10 = exp10.checked_add(e)?;
            break;
        } else {
            return None;
        }
        i += 1;
    }
    any.then_some((neg, big, exp10))
}

fn add_big(a: &Big, b: &Big) -> Big {
    let n = a.0.len().max(b.0.len());
    let mut out = Vec::with_capacity(n + 1);
    let mut carry = 0u64;
    for i in 0..n {
        let v = *a.0.get(i).unwrap_or(&0) as u64 + *b.0.get(i).unwrap_or(&0) as u64 + carry;
        out.push(v as u32);
        carry = v >> 32;
    }
    if carry != 0 {
        out.push(carry as u32);
    }
    let mut r = Big(out);
    r.trim();
    r
}

/// Correctly rounded conversion of an exact decimal into format `k` (round to
/// nearest, ties to even), as APFloat's `convertFromString` does.
fn decimal_to_bits(k: FloatKind, neg: bool, digits: &Big, exp10: i64) -> u128 {
    let s = sem(k);
    if digits.is_zero() || exp10 < -6000 {
        return encode(k, neg, 0, 0);
    }
    if exp10 > 6000 {
        return inf_bits(k, neg);
    }
    // value = digits * 10^exp10 = num / den.
    let mut num = digits.clone();
    let mut den = Big::from_u128(1);
    if exp10 >= 0 {
        num.mul_pow10(exp10 as u32);
    } else {
        den.mul_pow10((-exp10) as u32);
    }
    // Find e such that 2^e <= value < 2^(e+1).
    let bitlen = |b: &Big| -> i64 {
        match b.0.last() {
            None => 0,
            Some(&top) => (b.0.len() as i64 - 1) * 32 + (32 - top.leading_zeros() as i64),
        }
    };
    let mut e = bitlen(&num) - bitlen(&den);
    // Adjust so that num / den in [2^e, 2^(e+1)).
    loop {
        let (mut n2, mut d2) = (num.clone(), den.clone());
        if e >= 0 {
            d2.shl(e as u32);
        } else {
            n2.shl((-e) as u32);
        }
        if n2.cmp(&d2) == Ordering::Less {
            e -= 1;
            continue;
        }
        d2.shl(1);
        if n2.cmp(&d2) != Ordering::Less {
            e += 1;
            continue;
        }
        break;
    }
    let p = s.precision as i64;
    let exp = (e as i32).max(s.min_exp);
    // Scale: q = value * 2^(p-1-exp), take integer part and remainder.
    let shift = p - 1 - exp as i64;
    let (mut n2, mut d2) = (num, den);
    if shift >= 0 {
        n2.shl(shift as u32);
    } else {
        d2.shl((-shift) as u32);
    }
    // Integer division n2 / d2 by repeated subtraction on bits (q < 2^(p+1)).
    let (q, rem_cmp) = div_round(&n2, &d2);
    let mut sig = q;
    let round_up = match rem_cmp {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => sig & 1 == 1,
    };
    let mut exp = exp;
    if round_up {
        sig += 1;
        if sig >> p != 0 {
            sig >>= 1;
            exp += 1;
        }
    }
    if exp > s.max_exp {
        return inf_bits(k, neg);
    }
    encode(k, neg, sig, exp)
}

/// Returns floor(n/d) (must fit in u128) and how 2*(n mod d) compares to d.
fn div_round(n: &Big, d: &Big) -> (u128, Ordering) {
    // Binary long division.
    let nbits = n.0.len() * 32;
    let mut q: u128 = 0;
    let mut r = Big(Vec::new());
    for i in (0..nbits).rev() {
        r.shl(1);
        let bit = (n.0[i / 32] >> (i % 32)) & 1;
        if bit == 1 {
            if r.0.is_empty() {
                r.0.push(1);
            } else {
                r.0[0] |= 1;
            }
        }
        q <<= 1;
        if r.cmp(d) != Ordering::Less {
            r = sub_big(&r, d);
            q |= 1;
        }
    }
    r.shl(1);
    (q, r.cmp(d))
}

fn sub_big(a: &Big, b: &Big) -> Big {
    let mut out = Vec::with_capacity(a.0.len());
    let mut borrow = 0i64;
    for i in 0..a.0.len() {
        let v = a.0[i] as i64 - *b.0.get(i).unwrap_or(&0) as i64 - borrow;
        if v < 0 {
            out.push((v + (1i64 << 32)) as u32);
            borrow = 1;
        } else {
            out.push(v as u32);
            borrow = 0;
        }
    }
    let mut r = Big(out);
    r.trim();
    r
}

/// Converts an f64 value into format `k` (round to nearest even), as
/// `APFloat::convert` does after the MLIR parser reads a decimal literal.
pub fn from_f64(k: FloatKind, v: f64) -> u128 {
    if k == FloatKind::F64 {
        return v.to_bits() as u128;
    }
    let bits = v.to_bits();
    let neg = bits >> 63 == 1;
    if v.is_nan() {
        // Quiet NaN of the target format.
        return nan_bits(k);
    }
    if v.is_infinite() {
        return inf_bits(k, neg);
    }
    // Exact decimal of the double is not needed: convert via exact binary.
    match decode(FloatKind::F64, bits as u128) {
        Decoded::Zero { neg } => encode(k, neg, 0, 0),
        Decoded::Finite { neg, sig, exp } => {
            // value = sig * 2^(exp-52)
            binary_to_bits(k, neg, sig, exp as i64 - 52)
        }
        Decoded::Inf | Decoded::Nan => nan_bits(k),
    }
}

fn nan_bits(k: FloatKind) -> u128 {
    let s = sem(k);
    let fb = frac_bits(&s);
    match s.style {
        Style::Ieee => {
            let e = ((1u128 << s.exp_bits) - 1) << fb;
            let q = if s.explicit_int {
                (1u128 << 63) | (1u128 << 62)
            } else {
                1u128 << (fb - 1)
            };
            e | q
        }
        Style::FiniteAllOnesNan => (1u128 << (k.bit_width() - 1)) - 1,
        Style::Fnuz => 1u128 << (k.bit_width() - 1),
        // No NaN at all (APFloat cannot produce one either: a NaN literal
        // does not reach here); the largest finite value stands in.
        Style::FiniteOnly => (1u128 << (k.bit_width() - 1)) - 1,
        Style::E8M0 => (1u128 << k.bit_width()) - 1,
    }
}

/// Rounds sig * 2^e2 (exact) into format `k`.
fn binary_to_bits(k: FloatKind, neg: bool, sig: u128, e2: i64) -> u128 {
    let s = sem(k);
    if sig == 0 {
        return encode(k, neg, 0, 0);
    }
    let p = s.precision as i64;
    let msb = 127 - sig.leading_zeros() as i64; // value in [2^(msb+e2), 2^(msb+e2+1))
    let e = msb + e2;
    let exp = e.max(s.min_exp as i64);
    // Want q = sig * 2^(e2 - (exp - (p-1))).
    let sh = e2 - (exp - (p - 1));
    let (mut q, rem_cmp) = if sh >= 0 {
        (sig << sh, Ordering::Less)
    } else {
        let r = (-sh) as u32;
        if r >= 128 {
            (
                0,
                if r == 128 && sig >> 127 == 1 {
                    if sig == 1 << 127 {
                        Ordering::Equal
                    } else {
                        Ordering::Greater
                    }
                } else {
                    Ordering::Less
                },
            )
        } else {
            let q = sig >> r;
            let rem = sig & ((1u128 << r) - 1);
            let half = 1u128 << (r - 1);
            (q, rem.cmp(&half))
        }
    };
    let round_up = match rem_cmp {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => q & 1 == 1,
    };
    let mut exp = exp;
    if round_up {
        q += 1;
        if q >> p != 0 {
            q >>= 1;
            exp += 1;
        }
    }
    if exp > s.max_exp as i64 {
        return inf_bits(k, neg);
    }
    encode(k, neg, q, exp as i32)
}

/// Parses a decimal float literal as MLIR does: as a double (strtod), then
/// converted to format `k`.
pub fn parse_decimal_literal(k: FloatKind, text: &str, negate: bool) -> Option<u128> {
    let v: f64 = text.parse().ok()?;
    let v = if negate { -v } else { v };
    Some(from_f64(k, v))
}

/// Prints a float exactly as MLIR's `printFloatValue`.
pub fn format_float(k: FloatKind, bits: u128) -> String {
    let d = decode(k, bits);
    match d {
        Decoded::Inf | Decoded::Nan => {}
        _ => {
            let s = ap_to_string(k, d, 6, 0, false);
            if let Some((neg, digits, exp10)) = parse_decimal(&s) {
                if decimal_to_bits(k, neg, &digits, exp10) == bits {
                    return s;
                }
            }
            let s = ap_to_string(k, d, 0, 3, true);
            if s.contains('.') {
                return s;
            }
        }
    }
    hex_bits(k.bit_width(), bits)
}

/// `0x` + uppercase hex digits, padded to the storage width, as APInt's C
/// literal formatting prints a bit pattern... MLIR prints without padding.
pub fn hex_bits(_width: u32, bits: u128) -> String {
    format!("0x{bits:X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(k: FloatKind, v: f64, expect: &str) {
        assert_eq!(format_float(k, from_f64(k, v)), expect);
    }

    #[test]
    fn prints_like_mlir() {
        check(FloatKind::F64, 1.0, "1.000000e+00");
        check(FloatKind::F64, 0.1, "1.000000e-01");
        check(FloatKind::F64, -0.0, "-0.000000e+00");
        check(FloatKind::F64, 123456789.0, "0x419D6F3454000000");
        check(FloatKind::F64, 1e100, "1.000000e+100");
        check(FloatKind::F64, 1e-300, "1.000000e-300");
        check(FloatKind::F16, 1e-5, "1.001360e-05");
        check(
            FloatKind::F128,
            0.1,
            "0.100000000000000005551115123125782702",
        );
        check(FloatKind::F80, 3.0, "3.000000e+00");
        check(FloatKind::F32, 1.25, "1.250000e+00");
        check(FloatKind::F64, 0.999, "0.99899999999999999");
        check(FloatKind::BF16, 1.5, "1.500000e+00");
        // The MLIR 20 formats, as mlir-opt-22 prints `arith.constant V : T`:
        // ties to even, saturation without infinities, f8E8M0FNU's missing
        // zero and sign.
        check(FloatKind::F4E2M1FN, 0.25, "0.000000e+00");
        check(FloatKind::F4E2M1FN, 7.0, "6.000000e+00");
        check(FloatKind::F4E2M1FN, -0.5, "-5.000000e-01");
        check(FloatKind::F6E2M3FN, 8.0, "7.500000e+00");
        check(FloatKind::F6E3M2FN, 15.5, "1.600000e+01");
        check(FloatKind::F6E3M2FN, 1e10, "2.800000e+01");
        check(FloatKind::F8E3M4, 0.1, "9.375000e-02");
        check(FloatKind::F8E3M4, 16.0, "0x70");
        check(FloatKind::F8E8M0FNU, 0.0, "5.877470e-39");
        check(FloatKind::F8E8M0FNU, -0.0, "5.877470e-39");
        check(FloatKind::F8E8M0FNU, 3.0, "4.000000e+00");
        check(FloatKind::F8E8M0FNU, 1e10, "8.589930e+09");
        check(FloatKind::F8E8M0FNU, 3e38, "0xFF");
        assert_eq!(format_float(FloatKind::F8E8M0FNU, 0xFE), "1.701410e+38");
        assert_eq!(format_float(FloatKind::F6E2M3FN, 0x20), "-0.000000e+00");
        assert_eq!(format_float(FloatKind::F32, 0x7FC00000), "0x7FC00000");
        assert_eq!(
            format_float(FloatKind::F64, 0x7FF0000000000000),
            "0x7FF0000000000000"
        );
    }
}
