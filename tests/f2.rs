//! Layouts with F2 strides (the paper's binary semimodule): evaluation, the matrix form
//! (Triton's linear layouts) both ways, composition (two swizzles of different shifts too) and
//! inverses, checked pointwise.

use cute::dynamic::{BitMatrix, ErrorKind, F2Layout, Layout};
use cute::swizzle::{Swizzle, SW128, SW32};
use proptest::prelude::*;

fn f2(text: &str) -> F2Layout {
    text.parse().unwrap()
}

#[test]
fn the_papers_binary_layouts() {
    // Table 1: (4,4):(f1,f5) is ((2,2),(2,2)):((f1,f2),(f5,f10)), the matrix of its strides.
    let a = f2("(4,4):(f1,f5)");
    let b = f2("((2,2),(2,2)):((f1,f2),(f5,f10))");
    assert!((0..16).all(|i| a.call(i).unwrap() == b.call(i).unwrap()));
    assert_eq!(a.to_matrix().unwrap(), b.to_matrix().unwrap());
    assert_eq!(a.to_matrix().unwrap().to_string(), "1010\n0101\n0010\n0001\n");
    // Table 4, "Swizzled".
    let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
    let s = f2("(8,8):(f1,f9)");
    let r = s.composition_layout(&tv).unwrap();
    assert_eq!(r.to_string(), "((4,8),2):((f18,f1),f9)");
    assert!((0..64).all(|i| r.call(i).unwrap() == s.call(tv.call(i).unwrap()).unwrap()));
}

#[test]
fn swizzles_are_f2_layouts() {
    for b in 0..=3 {
        for m in 0..=3 {
            for sh in -4i32..=4 {
                let Ok(sw) = Swizzle::new(b, m, sh) else { continue };
                let bits = (m + sh.abs() + b) as u32;
                let l = F2Layout::from_swizzle(sw, bits).unwrap();
                assert!((0..1i64 << bits).all(|x| l.call(x).unwrap() == sw.apply(x)), "{} as {}", sw, l);
                // The matrix and back.
                assert_eq!(F2Layout::from_matrix(l.shape(), &l.to_matrix().unwrap()).unwrap(), l);
                // A swizzle is its own inverse.
                let inv = l.inverse().unwrap();
                assert!((0..1i64 << bits).all(|x| inv.call(x).unwrap() == sw.apply(x)), "{}", sw);
            }
        }
    }
    assert_eq!(F2Layout::from_swizzle(SW128, 10).unwrap().to_string(), "(128,8):(f1,f144)");
}

#[test]
fn swizzles_of_different_shifts_compose_as_f2_layouts() {
    let (a, b) = (SW128, Swizzle::new(2, 1, -5).unwrap());
    assert!(a.compose(b).is_err());
    let la = F2Layout::from_swizzle(a, 10).unwrap();
    let lb = F2Layout::from_swizzle(b, 10).unwrap();
    let c = la.composition(&lb).unwrap();
    assert!((0..1024).all(|x| c.call(x).unwrap() == a.apply(b.apply(x))));
    // Composed with its inverse, the identity.
    let id = c.composition(&c.inverse().unwrap()).unwrap();
    assert_eq!(id.coalesce().unwrap().to_string(), "1024:f1");
    let _ = SW32;
}

#[test]
fn integer_layouts_convert_where_their_bits_never_carry() {
    let l: Layout = "((2,4),8):((8,1),16)".parse().unwrap();
    let m = BitMatrix::from_layout(&l).unwrap();
    let f = F2Layout::from_matrix(&l.shape(), &m).unwrap();
    assert!((0..64).all(|i| f.call(i).unwrap() == l.call(i).unwrap()));
    let e = BitMatrix::from_layout(&"(2,2):(1,1)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.to_string().contains("(2,2):(1,1) carries"), "{}", e);
    let e = BitMatrix::from_layout(&"(3,2):(1,4)".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("extent 3 is not a power of two"), "{}", e);
    let e = BitMatrix::from_layout(&"(4,2):(1,3)".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("carries"), "{}", e);
    // An extent that is not a power of two has no bits: only a last leaf stepping by the bit
    // above the others inverts (see the paper's rows below).
    let e = f2("(4,(3,4)):(f1,(f4,f16))").inverse().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: extent 3 of (4,(3,4)):(f1,(f4,f16)) is not a power of two, so its coordinates have no bits"
    );
    let e = f2("(3,3):(f1,f4)").inverse().unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid argument: inverse of (3,3):(f1,f4): only the last leaf may have an extent that is not a power of two (extent 3 of (3):(f1) is not a power of two, so its coordinates have no bits)"
    );
    let e = f2("(4,(4,3)):(f1,(f5,f32))").inverse().unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid argument: inverse of (4,(4,3)):(f1,(f5,f32)): the leaf 3:f32 of an extent that is not a power of two must step by f16, the bit above the 4 bits below it"
    );
}

#[test]
fn the_papers_inverse_rows_with_an_extent_of_three() {
    // Tables 5 and 6: (4,(4,3)):(f1,(f5,f16)) has the right and left inverse
    // (4,4,3):(f1,f5,f16), a bijection of the offsets below 48.
    let l = f2("(4,(4,3)):(f1,(f5,f16))");
    let r = l.inverse().unwrap();
    assert_eq!(r.to_string(), "(4,4,3):(f1,f5,f16)");
    for i in 0..48 {
        assert_eq!(r.call(l.call(i).unwrap()).unwrap(), i);
        assert_eq!(l.call(r.call(i).unwrap()).unwrap(), i);
    }
    // A leaf alone, and a swizzled 8 x 8 tile with 5 such tiles on top.
    assert_eq!(f2("3:f1").inverse().unwrap().to_string(), "3:f1");
    let t = f2("(8,8,5):(f1,f9,f64)");
    let r = t.inverse().unwrap();
    for i in 0..320 {
        assert_eq!(r.call(t.call(i).unwrap()).unwrap(), i);
    }
}

#[test]
fn parse_errors_name_the_offset() {
    assert!("(4,4):(f1,5)"
        .parse::<F2Layout>()
        .unwrap_err()
        .to_string()
        .contains("at byte 10: expected an F2 stride fN"));
    assert!("(4,4):(f1,f)".parse::<F2Layout>().unwrap_err().to_string().contains("at byte 11: expected the digits"));
    assert_eq!("(4,4)".parse::<F2Layout>().unwrap_err().kind(), ErrorKind::Parse);
    assert_eq!("(4,4):(f1)".parse::<F2Layout>().unwrap_err().kind(), ErrorKind::RankMismatch);
    // A negative index has no bits: an error, where carry-less scaling would not end.
    assert_eq!(f2("(4,4):(f1,f0)").call(-16).unwrap_err().kind(), ErrorKind::IndexOutOfRange);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]
    /// A random F2 layout of power-of-two extents: its matrix evaluates as it does, and where
    /// it is invertible the inverse undoes it.
    #[test]
    fn matrices_and_inverses(modes in prop::collection::vec((0u32..3, 0i64..64), 1..4)) {
        let shape: Vec<String> = modes.iter().map(|(k, _)| (1i64 << k).to_string()).collect();
        let stride: Vec<String> = modes.iter().map(|(_, d)| format!("f{}", d)).collect();
        let l: F2Layout = format!("({}):({})", shape.join(","), stride.join(",")).parse().unwrap();
        let m = l.to_matrix().unwrap();
        let n = l.size().unwrap();
        for i in 0..n {
            let by_bits = (0..m.columns().len()).filter(|j| i >> j & 1 == 1).fold(0, |acc, j| acc ^ m.columns()[j]);
            prop_assert_eq!(l.call(i).unwrap(), by_bits);
        }
        match l.inverse() {
            Ok(r) => {
                for i in 0..n {
                    prop_assert_eq!(r.call(l.call(i).unwrap()).unwrap(), i);
                }
            }
            Err(e) => prop_assert!(e.kind() == ErrorKind::NonInjective),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]
    /// An F2 layout prints as text that reads back to it; arbitrary text never panics the reader.
    #[test]
    fn text_round_trips(modes in prop::collection::vec((1i64..9, 0i64..300), 1..4),
                        junk in prop::collection::vec(prop::sample::select(&b"()f,: 0123456789"[..]), 0..32)) {
        let shape: Vec<String> = modes.iter().map(|(s, _)| s.to_string()).collect();
        let stride: Vec<String> = modes.iter().map(|(_, d)| format!("f{}", d)).collect();
        let l: F2Layout = format!("({}):({})", shape.join(","), stride.join(",")).parse().unwrap();
        prop_assert_eq!(l.to_string().parse::<F2Layout>().unwrap(), l.clone());
        let _ = String::from_utf8(junk).unwrap().parse::<F2Layout>();
    }
}

#[test]
fn products_up_to_bit_62_fit_and_past_it_overflow() {
    // c * d carry-less: 1 * 2^62 and 2 * 2^61 are 2^62, the top bit an i64 holds.
    let l = f2("2:f4611686018427387904");
    assert_eq!(l.call(1).unwrap(), 1 << 62);
    let l = f2("4:f2305843009213693952");
    assert_eq!(l.call(2).unwrap(), 1 << 62);
    // 2 * 2^62 needs bit 63.
    let e = f2("4:f4611686018427387904").call(2).unwrap_err();
    assert_eq!(e.kind(), cute::dynamic::ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: f4611686018427387904 shifted by 1 does not fit in 63 bits");
}
