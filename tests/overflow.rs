//! No spurious overflow: an operation reports an overflow only when its exact result does not fit
//! in i64, whatever its intermediate values do. The exact results are computed here in i128 from
//! the definitions on the flattened leaves (a nested mode splits an index as its leaves do), and
//! compared with the dynamic engine and, where it computes the same value, the mixed face.

use cute::dynamic::{crd2idx, upcast, ErrorKind, HTuple, IntTuple, Layout};
use cute::mixed::Layout as MixedLayout;
use cute::typenum::P2;

/// The repros: each exact result fits, so none is an overflow.
#[test]
fn exact_results_that_fit_are_results() {
    let l = |s: &str| s.parse::<Layout>().unwrap();
    assert_eq!(l("1:-9223372036854775808").cosize(), Ok(1));
    assert_eq!(l("((8,4611686018427387904,2),3):((1,1,16),16)").call(5), Ok(5));
    assert_eq!(l("((2),3):((2),-4611686018427387905)").call(5), Ok(i64::MIN));
    assert_eq!(l("((2),3):((2),-4611686018427387905)").call_coord(&"((1),2)".parse().unwrap()), Ok(i64::MIN));
    let up = upcast(2, &l("(128,1):(1,9223372036854775806)")).unwrap();
    assert_eq!(up.to_string(), "(64,1):(1,4611686018427387903)");
    // Empty modes before the last leaf do not stop the exact computation.
    assert_eq!(l("((),(8,4611686018427387904,2),(),3):((),(1,1,16),(),16)").call(5), Ok(5));
    let shape: IntTuple = "(2,(4611686018427387904,4))".parse().unwrap();
    assert_eq!(crd2idx(&"(1,(0,0))".parse().unwrap(), &shape), Ok(1));
    // The mixed face agrees: the layout exists (its cosize is 1) and upcasts alike.
    let m = MixedLayout::try_new(1i64, i64::MIN).unwrap();
    assert_eq!(m.cosize(), 1);
    let m = cute::layout!((128,1):(1,{9223372036854775806})).unwrap();
    assert_eq!(cute::upcast::<P2, _>(m).unwrap().to_string(), "(_64,_1):(_1,4611686018427387903)");
    // A result that does not fit is still an overflow, naming the operation that overflowed.
    let e = l("((2),3):((2),-4611686018427387905)").call(7).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: 3 * -4611686018427387905 does not fit in i64");
}

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

const BIG: i64 = 1 << 62;
const SHAPES: [i64; 9] = [1, 2, 3, 4, 7, 1 << 31, BIG, BIG + 1, i64::MAX];
const VALUES: [i64; 16] =
    [0, 1, -1, 2, -2, 5, 16, -7, 1 << 31, BIG, -BIG, BIG + 1, -BIG - 1, i64::MAX, i64::MIN, i64::MIN + 1];

/// A random layout of 1 to 4 leaves, sometimes nested or after an empty mode, with large
/// extents and strides.
fn layout(r: &mut Rng) -> (Layout, Vec<i64>, Vec<i64>) {
    let n = 1 + (r.next() % 4) as usize;
    let s: Vec<i64> = (0..n).map(|_| r.pick(&SHAPES)).collect();
    let d: Vec<i64> = (0..n).map(|_| r.pick(&VALUES)).collect();
    let tuple = |v: &[i64], nest: bool| -> IntTuple {
        let leaves: Vec<IntTuple> = v.iter().map(|&x| HTuple::Leaf(x)).collect();
        if nest && v.len() > 2 {
            let (head, tail) = leaves.split_at(2);
            let mut modes = vec![HTuple::Tuple(head.to_vec())];
            modes.extend_from_slice(tail);
            HTuple::Tuple(modes)
        } else if v.len() == 1 {
            leaves[0].clone()
        } else {
            HTuple::Tuple(leaves)
        }
    };
    let nest = r.next().is_multiple_of(2);
    let (mut shape, mut stride) = (tuple(&s, nest), tuple(&d, nest));
    // Sometimes an empty mode in front: it holds nothing, so the exact values do not change.
    if r.next().is_multiple_of(4) {
        let front = |t: IntTuple| HTuple::Tuple(vec![HTuple::Tuple(vec![]), t]);
        (shape, stride) = (front(shape), front(stride));
    }
    (Layout::new(shape, stride).unwrap(), s, d)
}

/// `L(i)` exactly: every leaf but the last takes `i % s` (truncating), the last takes the rest.
fn exact_call(s: &[i64], d: &[i64], i: i64) -> Option<i128> {
    let (mut rest, mut off) = (i as i128, 0i128);
    for k in 0..s.len() {
        let c = if k + 1 == s.len() { rest } else { rest % s[k] as i128 };
        rest /= s[k] as i128;
        off = off.checked_add(c.checked_mul(d[k] as i128)?)?;
    }
    Some(off)
}

/// `1 + sum((s - 1) * |d|)` exactly.
fn exact_cosize(s: &[i64], d: &[i64]) -> Option<i128> {
    s.iter().zip(d).try_fold(1i128, |acc, (&s, &d)| acc.checked_add((s as i128 - 1).checked_mul((d as i128).abs())?))
}

/// The engine's answer against the exact one: equal when it fits, an overflow otherwise.
fn agrees(got: Result<i64, cute::dynamic::Error>, exact: Option<i128>, what: &str) {
    match exact.and_then(|v| i64::try_from(v).ok()) {
        Some(v) => assert_eq!(got, Ok(v), "{}", what),
        None => assert_eq!(got.map_err(|e| e.kind()), Err(ErrorKind::Overflow), "{}", what),
    }
}

/// 20,000 random layouts with large extents and strides: cosize, evaluation at an index and at
/// a natural coordinate, and crd2idx are exact or an overflow, never an overflow of a value
/// that fits; the mixed face's cosize (checked when a layout is made) agrees.
#[test]
fn overflow_only_when_the_exact_result_does_not_fit() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20_000 {
        let (l, s, d) = layout(&mut r);
        agrees(l.cosize(), exact_cosize(&s, &d), &format!("cosize({})", l));
        let i = r.pick(&VALUES);
        agrees(l.call(i), exact_call(&s, &d, i), &format!("eval({}, {})", l, i));
        // A natural coordinate: one value per leaf, in the layout's nesting.
        let c: Vec<i64> = s.iter().map(|_| r.pick(&VALUES)).collect();
        let coord = l.shape().unflatten(&c).unwrap();
        let exact =
            c.iter().zip(&d).try_fold(0i128, |acc, (&c, &d)| acc.checked_add((c as i128).checked_mul(d as i128)?));
        agrees(l.call_coord(&coord), exact, &format!("eval({}, {})", l, coord));
        // crd2idx(c, shape) by Horner's rule on the leaves, c_0 + s_0 * (c_1 + s_1 * (...)):
        // once an inner value leaves i128, no outer step brings the result back into i64.
        let exact = c.iter().zip(&s).rev().try_fold(0i128, |idx, (&ck, &sk)| {
            (if idx == 0 { Some(0) } else { idx.checked_mul(sk as i128) })?.checked_add(ck as i128)
        });
        agrees(crd2idx(&coord, &l.shape()), exact, &format!("crd2idx({}, {})", coord, l.shape()));
        if let (HTuple::Leaf(s), HTuple::Leaf(d)) = (l.shape(), l.stride()) {
            let mixed = MixedLayout::try_new(s, d).map(|m| m.cosize()).map_err(|e| e.kind());
            assert_eq!(mixed, l.cosize().map_err(|e| e.kind()), "mixed cosize of {}", l);
        }
    }
}

/// Coalesce asks whether `s:d` continues into the next mode, `s * d` its stride: a product past
/// i64 is no stride, so the modes stay apart rather than the coalesce (and every composition
/// that coalesces A) failing: `(2,5):(2^62,1) o 4:1` is `(2,2):(2^62,1)`, which fits.
/// A composition that breaks a condition is reported as such, even where a part's stride before
/// the broken mode would not fit in i64: no width of integers makes it exist. Here B's leaf `8:2`
/// takes 2 of A's first mode (stride 2 * 2^62, past i64), then 3 of the second, which does not
/// divide the 4 left.
#[test]
fn composition_condition_before_a_part_stride_past_i64() {
    let a: Layout = "(4,3,5):(4611686018427387904,1,7)".parse().unwrap();
    let e = cute::dynamic::composition(&a, &"8:2".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility, "{}", e);
    assert_eq!(
        e.to_string(),
        "shape divisibility: composition (4,3,5):(4611686018427387904,1,7) o 8:2: shape 4 is not divisible by 3"
    );
    // Without the broken condition (3 replaced by 4), the stride past i64 is the error.
    let a: Layout = "(4,4,5):(4611686018427387904,1,7)".parse().unwrap();
    let e = cute::dynamic::composition(&a, &"8:2".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow, "{}", e);
}

#[test]
fn coalesce_of_modes_whose_stride_times_shape_passes_i64() {
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let a = l("(2,5):(4611686018427387904,1)");
    assert_eq!(cute::dynamic::coalesce(&a).unwrap().to_string(), "(2,5):(4611686018427387904,1)");
    assert_eq!(cute::dynamic::composition(&a, &l("4:1")).unwrap().to_string(), "(2,2):(4611686018427387904,1)");
    let b: cute::dynamic::BasisLayout = "(2,5):(4611686018427387904@0,1@0)".parse().unwrap();
    assert_eq!(b.coalesce().unwrap().to_string(), "(2,5):(4611686018427387904@0,1@0)");
    assert_eq!(b.composition(&l("4:1")).unwrap().to_string(), "(2,2):(4611686018427387904@0,1@0)");
}

/// A = (M,1):(1,M) with M = 2^63 - 2 is `x -> x` on its extended domain (the size-1 mode keeps
/// the stride M, and `x mod M + M * (x div M) = x`), so A o B is B, worked by hand: the trailing
/// mode kept for its stride is no size that can pass i64 when A's first mode merges into it.
#[test]
fn a_trailing_size_one_mode_merged_into_is_no_overflow() {
    let m = i64::MAX - 1;
    let a: Layout = format!("({m},1):(1,{m})").parse().unwrap();
    for b in ["2:9", "7:-2", "(7,2):(-2,9)", "(3,(4,5)):(1,(100,-7))"] {
        let r = cute::dynamic::composition(&a, &b.parse().unwrap()).unwrap();
        assert_eq!(r.to_string(), b);
    }
    // The same function with A's first mode split, (2,2^62-1,1):(1,2,M): the product with the 2
    // fits at the first merge and passes i64 at the second.
    let a: Layout = format!("(2,{},1):(1,2,{m})", (1i64 << 62) - 1).parse().unwrap();
    let r = cute::dynamic::composition(&a, &"4:1".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), "4:1");
    // The runtime-leaf face keeps a part of every mode of A: the same function.
    let ma = MixedLayout::try_new(cute::hlist![m, 1i64], cute::hlist![1i64, m]).unwrap();
    let mb = MixedLayout::try_new(cute::hlist![7i64, 2i64], cute::hlist![-2i64, 9i64]).unwrap();
    let r = cute::mixed::composition(ma, mb).unwrap();
    assert_eq!(r.to_string(), format!("((7,1),(2,1)):((-2,-{m}),(9,{m}))"));
}

/// The basis complement's last mode is `ceil(extent / reached)`: an extent and a next stride
/// whose sum does not fit still give a quotient that does, so the result is a layout.
#[test]
fn basis_complement_rest_mode_fits_when_extent_plus_stride_does_not() {
    // extent 2d + 1 and next stride 3d, d = 3074457345618258602: their sum passes i64::MAX.
    let l: cute::dynamic::BasisLayout = "3:3074457345618258602@0".parse().unwrap();
    assert_eq!(l.complement().unwrap().to_string(), "((3074457345618258602,1)):((1@0,9223372036854775806@0))");
}

/// A codomain extent `1 + (s - 1) * d` past i64 is an overflow error in each operation that
/// encodes the codomain, naming the sum.
#[test]
fn basis_codomain_extent_past_i64_is_an_overflow() {
    let l: cute::dynamic::BasisLayout = "2:9223372036854775807@0".parse().unwrap();
    let e = l.complement().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        e.to_string(),
        "overflow: complement of 2:9223372036854775807@0: 9223372036854775807 + 1 does not fit in i64"
    );
    let e = l.right_inverse().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        e.to_string(),
        "overflow: right_inverse of 2:9223372036854775807@0: 9223372036854775807 + 1 does not fit in i64"
    );
    let e = l.left_inverse().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        e.to_string(),
        "overflow: left_inverse of 2:9223372036854775807@0: 9223372036854775807 + 1 does not fit in i64"
    );
}

/// More than 2^31 open brackets before a layout's `:` are counted without overflow: the
/// unbalanced shape is a parse error. (Needs 2 GiB of text: run with `--ignored`.)
#[test]
#[ignore = "builds a 2 GiB text"]
fn basis_layout_shape_with_2_pow_31_open_brackets_is_a_parse_error() {
    let mut text = "(".repeat(1 << 31);
    text.push_str(":1@0");
    let e = cute::dynamic::parse_basis_layout_prefix(&text, 0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Parse);
    assert_eq!(e.to_string(), "parse: at byte 0: expected a shape, ':' and the strides, found '('");
}

/// A mode the typed walk keeps with a runtime size of 1 gets the stride the algebra computes;
/// where that product passes i64 the composition may be refused as an overflow (documented in
/// `ops/composition/mixed_face.rs`), but never gives a wrapped stride: an `Ok` is the dynamic
/// engine's `4:0` at every index.
#[test]
fn a_runtime_size_one_mode_whose_stride_passes_i64_is_never_wrapped() {
    use cute::{composition, layout};
    let a = layout!(({ 8 }, { 1 }):({ 8589934592i64 }, { 0 })).unwrap();
    match composition(a, layout!(4:1125899906842624)) {
        Err(e) => assert_eq!(e.kind(), cute::error::ErrorKind::Overflow, "{}", e),
        Ok(r) => assert!((0..4).all(|i| r.call(i) == 0), "{}", r),
    }
    let d: cute::dynamic::Layout = "(8,1):(8589934592,0)".parse().unwrap();
    let r = cute::dynamic::composition(&d, &"4:1125899906842624".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), "4:0");
}

/// An overflow names the operation called and its operands, as every other error of the
/// dynamic engine does, before the arithmetic that overflowed: the operation the caller called,
/// also where it overflowed in an operation it calls (a zipped divide's logical divide).
#[test]
fn an_overflow_names_the_operation_called_and_its_operands() {
    use cute::dynamic::{self as d, Tiler};
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let t = |s: &str| s.parse::<Tiler>().unwrap();
    let it = |s: &str| s.parse::<IntTuple>().unwrap();
    // 2^62, whose double passes i64.
    let big = "4611686018427387904";
    let (a, wide) = (l(&format!("8:{big}")), l(&format!("({big},4):(1,{big})")));
    let cases: Vec<(String, Result<String, d::Error>)> = vec![
        (format!("composition 8:{big} o 4:2"), d::composition(&a, &l("4:2")).map(|r| r.to_string())),
        (format!("composition 8:{big} o <4:2>"), d::composition_tiler(&a, &t("<4:2>")).map(|r| r.to_string())),
        (
            format!("complement(8:{big}, 9223372036854775807)"),
            d::complement(&a, &it("9223372036854775807")).map(|r| r.to_string()),
        ),
        (format!("complement(8:{big})"), d::complement_default(&a).map(|r| r.to_string())),
        (format!("logical_divide(8:{big}, 4:2)"), d::logical_divide(&a, &t("4:2")).map(|r| r.to_string())),
        (format!("logical_divide(8:{big}, <4:2>)"), d::logical_divide(&a, &t("<4:2>")).map(|r| r.to_string())),
        (format!("zipped_divide(8:{big}, 4:2)"), d::zipped_divide(&a, &t("4:2")).map(|r| r.to_string())),
        (format!("tiled_divide(8:{big}, 4:2)"), d::tiled_divide(&a, &t("4:2")).map(|r| r.to_string())),
        (format!("flat_divide(8:{big}, 4:2)"), d::flat_divide(&a, &t("4:2")).map(|r| r.to_string())),
        (format!("logical_product(8:{big}, 4:1)"), d::logical_product(&a, &t("4:1")).map(|r| r.to_string())),
        (format!("logical_product(8:{big}, <4:1>)"), d::logical_product(&a, &t("<4:1>")).map(|r| r.to_string())),
        (format!("zipped_product(8:{big}, 4:1)"), d::zipped_product(&a, &t("4:1")).map(|r| r.to_string())),
        (format!("tiled_product(8:{big}, 4:1)"), d::tiled_product(&a, &t("4:1")).map(|r| r.to_string())),
        (format!("flat_product(8:{big}, 4:1)"), d::flat_product(&a, &t("4:1")).map(|r| r.to_string())),
        (format!("blocked_product(8:{big}, 4:1)"), d::blocked_product(&a, &l("4:1")).map(|r| r.to_string())),
        (format!("raked_product(8:{big}, 4:1)"), d::raked_product(&a, &l("4:1")).map(|r| r.to_string())),
        (format!("tile_to_shape(8:{big}, 16)"), d::tile_to_shape(&a, &it("16")).map(|r| r.to_string())),
        (
            format!("right_inverse((2,{big}):({big},1))"),
            d::right_inverse(&l(&format!("(2,{big}):({big},1)"))).map(|r| r.to_string()),
        ),
        (
            format!("left_inverse((2,{big}):(1,2))"),
            d::left_inverse(&l(&format!("(2,{big}):(1,2)"))).map(|r| r.to_string()),
        ),
        (format!("coalesce({wide})"), d::coalesce(&wide).map(|r| r.to_string())),
        (format!("filter({wide})"), d::filter(&wide).map(|r| r.to_string())),
        (format!("canonical({wide})"), d::canonical(&wide).map(|r| r.to_string())),
        (format!("coalesce_z({wide})"), d::coalesce_z(&wide).map(|r| r.to_string())),
        (format!("max_common_vector({wide}, 8:1)"), d::max_common_vector(&wide, &l("8:1")).map(|r| r.to_string())),
        (format!("max_common_layout({wide}, 8:1)"), d::max_common_layout(&wide, &l("8:1")).map(|r| r.to_string())),
        (format!("layout_add(8:{big}, 8:{big})"), d::layout_add(&a, &a).map(|r| r.to_string())),
        (format!("downcast<4>({wide})"), d::downcast(4, &wide).map(|r| r.to_string())),
        (
            format!("crd2idx((1,3), ({big},4))"),
            d::crd2idx(&it("(1,3)"), &it(&format!("({big},4)"))).map(|r| r.to_string()),
        ),
        (
            format!("shape_div({big}, (2,{big}))"),
            d::shape_div(&it(big), &it(&format!("(2,{big})"))).map(|r| r.to_string()),
        ),
    ];
    for (call, got) in cases {
        let e = got.expect_err(&call);
        assert_eq!(e.kind(), ErrorKind::Overflow, "{call}: {e}");
        let text = e.to_string();
        let arithmetic = text.strip_prefix(&format!("overflow: {call}: ")).unwrap_or_else(|| panic!("{call}: {text}"));
        assert!(arithmetic.ends_with(" does not fit in i64"), "{call}: {text}");
    }
    // The message in full: the call, then the product that passed i64.
    let e = d::composition(&l(&format!("4:{big}")), &l("4:2")).unwrap_err();
    assert_eq!(e.to_string(), format!("overflow: composition 4:{big} o 4:2: 2 * {big} does not fit in i64"));
}
