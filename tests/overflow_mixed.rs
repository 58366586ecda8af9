//! Hostile values given to the mixed face and to the layout types: each is an error naming the
//! condition (or, for the `const fn`s of a static layout type, which return a plain offset, a
//! panic naming the overflow), never a panic of the arithmetic, a wrapped value or a layout whose
//! extents are not positive.

use cute::basis::{Basis, ScaledBasis};
use cute::error::ErrorKind;
use cute::mixed::{Detail, Layout};
use cute::typenum::{N1, N16, P1, P32, P4, U0, Z0};
use cute::{hlist, HCons, HNil};

type E0 = HCons<U0, HNil>;

/// A cast by a factor that is not positive is the dynamic engine's error: an upcast of a runtime
/// stride by 0 divided by zero, by -1 overflowed at `i64::MIN`, and a downcast gave extents 0 or
/// negative.
#[test]
fn casts_by_a_factor_that_is_not_positive_are_errors() {
    let l = Layout::try_new(6i64, 100i64).unwrap();
    let e = cute::mixed::upcast::<Z0, _, _>(l).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: upcast<0>(6:100): the factor 0 is not positive");
    assert_eq!(cute::upcast::<Z0, _>(l).unwrap_err(), e);
    let engine = cute::dynamic::upcast(0, &"6:100".parse().unwrap()).unwrap_err();
    assert_eq!(engine.to_string(), e.to_string());

    let min = Layout::try_new(1i64, i64::MIN).unwrap();
    let e = cute::mixed::upcast::<N1, _, _>(min).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: upcast<-1>(1:-9223372036854775808): the factor -1 is not positive");

    let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 100i64]).unwrap();
    let e = cute::mixed::downcast::<Z0, _, _>(l).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: downcast<0>((4,6):(1,100)): the factor 0 is not positive");
    let e = cute::downcast::<N1, _>(l).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: downcast<-1>((4,6):(1,100)): the factor -1 is not positive");
    let engine = cute::dynamic::downcast(-1, &"(4,6):(1,100)".parse().unwrap()).unwrap_err();
    assert_eq!(engine.to_string(), e.to_string());
}

/// A recast from a width that is not positive (its downcast factor is -1 here) is an error, not
/// a layout with negative extents.
#[test]
fn recast_from_a_width_that_is_not_positive_is_an_error() {
    let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 100i64]).unwrap();
    let e = cute::mixed::recast::<N16, P32, _, _>(l).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: recast<-16, 32>((4,6):(1,100)): the widths -16 and 32 must be positive"
    );
}

/// A runtime target mode of `tile_to_shape` whose size is not positive is an error, not a
/// layout with a negative extent.
#[test]
fn tile_to_a_target_that_is_not_positive_is_an_error() {
    let block = cute::layout!((2,2):(1,2));
    let e = cute::mixed::tile_to_shape(block, hlist![-4i64, 8i64]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.detail(), Detail::NonPositive(-4));
    assert_eq!(e.to_string(), "invalid argument: tile_to_shape((2,2):(1,2), (-4,8)): shape -4 is not positive");
    assert_eq!(cute::tile_to_shape(block, hlist![-4i64, 8i64]).unwrap_err(), e);
    let e = cute::mixed::tile_to_shape(block, hlist![0i64, 8i64]).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: tile_to_shape((2,2):(1,2), (0,8)): shape 0 is not positive");
    assert_eq!(
        cute::dynamic::tile_to_shape(&"(2,2):(1,2)".parse().unwrap(), &"(-4,8)".parse().unwrap()).unwrap_err().kind(),
        ErrorKind::InvalidArgument
    );
}

/// A leaf of extent 1 spans nothing along its basis element, whatever its scale: `i64::MIN`,
/// whose magnitude does not fit, is no overflow there (as for integer strides); with extent 2
/// the entry `|i64::MIN|` does not fit.
#[test]
fn a_basis_leaf_of_extent_one_spans_nothing() {
    let l = cute::Layout::try_new_basis(1i64, Basis::new(ScaledBasis::<i64, E0>::new(i64::MIN))).unwrap();
    assert_eq!(l.to_string(), "1:-9223372036854775808@0");
    assert_eq!(l.try_call(0), Ok(hlist![0]));
    let e = cute::Layout::try_new_basis(2i64, Basis::new(ScaledBasis::<i64, E0>::new(i64::MIN))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: layout: abs(-9223372036854775808) does not fit in i64");
}

/// The `const fn` offsets of a static layout type follow the extended domain past the size, and
/// an offset past `isize` is a panic naming it (a compile error in a constant), not a wrapped
/// value (`usize::MAX` in `4:1` would wrap to `-1`).
#[test]
#[should_panic(expected = "Layout::offset: the offset does not fit in isize")]
fn static_offset_past_isize_panics_rather_than_wraps() {
    type L = cute::Layout![(4,8):(8,1)];
    assert_eq!(L::offset(5), 8 + 1);
    // Past the size 32 the last leaf takes what is left: 40 is (0,10).
    assert_eq!(L::offset(40), 10);
    type Unit = cute::Layout![4:1];
    let _ = Unit::offset(std::hint::black_box(usize::MAX));
}

/// See [`static_offset_past_isize_panics_rather_than_wraps`].
#[test]
#[should_panic(expected = "Layout::natural_offset: the offset does not fit in isize")]
fn static_natural_offset_past_isize_panics_rather_than_wraps() {
    type L = cute::Layout![(4,8):(1,4)];
    assert_eq!(L::natural_offset([5, 0]), 5);
    let _ = L::natural_offset([0, std::hint::black_box(usize::MAX / 2)]);
}

/// `Leaves::concat` of lengths whose sum is past `usize` reports too many leaves, as for any
/// sum past `MAX_LEAVES`, rather than overflowing.
#[test]
#[should_panic(expected = "a static tuple has more than 64 leaves")]
fn leaves_past_the_capacity_are_too_many() {
    let huge = cute::statics::Leaves { len: usize::MAX, vals: [0; cute::statics::MAX_LEAVES] };
    let _ = huge.concat(cute::statics::Leaves::one(1));
}

/// A layout with runtime leaves is made exactly when its size and its cosize
/// `1 + sum((s - 1) * |d|)`, computed in i128, fit in i64: at the edges of i64, with strides of
/// either sign and `i64::MIN` (whose magnitude does not fit) in a mode of size 1.
#[test]
fn a_layout_is_made_exactly_when_its_cosize_fits() {
    let values = [1i64, 2, 3, 1 << 31, 1 << 32, (1 << 62) + 1, i64::MAX / 3, i64::MAX / 2, i64::MAX];
    let strides = [0i64, 1, -1, 3, 1 << 31, -(1 << 32), 1 << 61, i64::MAX / 2, i64::MAX, i64::MIN + 1, i64::MIN];
    let mut made = 0;
    for &s0 in &values[..6] {
        for &s1 in &values {
            for &d0 in &strides {
                for &d1 in &strides {
                    let size = i128::from(s0) * i128::from(s1);
                    let span = |s: i64, d: i64| i128::from(s - 1) * i128::from(d).abs();
                    let cosize = 1 + span(s0, d0) + span(s1, d1);
                    let fits = size <= i128::from(i64::MAX) && cosize <= i128::from(i64::MAX);
                    match Layout::try_new(hlist![s0, s1], hlist![d0, d1]) {
                        Ok(l) => {
                            assert!(fits, "({},{}):({},{}) made", s0, s1, d0, d1);
                            assert_eq!(i128::from(l.cosize()), cosize);
                            made += 1;
                        }
                        Err(e) => {
                            assert!(!fits, "({},{}):({},{}) refused: {}", s0, s1, d0, d1, e);
                            assert_eq!(e.kind(), ErrorKind::Overflow, "{}", e);
                        }
                    }
                }
            }
        }
    }
    assert!(made > 500);
}

/// Results past i64 through the public routes of the composition, the divides, the products and
/// the complement on runtime leaves: the functions (and the generic method `Compose::compose`)
/// refuse them with an overflow naming the operation. The trait methods that compute them unchecked take a value only cute makes
/// (ui-tests/fail/sealed_algebra_methods.rs), so no result escapes the check.
#[test]
fn results_past_i64_are_errors_on_every_route() {
    use cute::mixed::Compose;
    let over = |e: cute::mixed::Error, text: &str| {
        assert_eq!(e.kind(), ErrorKind::Overflow, "{e}");
        assert_eq!(e.to_string(), text);
    };
    // 1:-3 o 2^32:2^31 is 2^32:-3*2^31, reaching -3 * 2^31 * (2^32 - 1), past i64::MIN.
    let (a, b) = (Layout::try_new(1i64, -3i64).unwrap(), Layout::try_new(1i64 << 32, 1i64 << 31).unwrap());
    let reach = "overflow: composition: 4294967295 * 6442450944 does not fit in i64";
    over(cute::mixed::composition(a, b).unwrap_err(), reach);
    over(cute::composition(a, b).unwrap_err(), reach);
    over(a.compose(b).unwrap_err(), reach);
    // i64::MAX:1 by 2:1: the rest mode has i64::MAX / 2 + 1 = 2^62 copies, a size of 2^63.
    let a = Layout::try_new(i64::MAX, P1::new()).unwrap();
    let tile = || Layout::try_new(2i64, 1i64).unwrap();
    let size = |op: &str| format!("overflow: {op}: 2 * 4611686018427387904 does not fit in i64");
    over(cute::mixed::logical_divide(a, tile()).unwrap_err(), &size("logical_divide"));
    over(cute::mixed::zipped_divide(a, hlist![tile()]).unwrap_err(), &size("zipped_divide"));
    over(cute::mixed::tiled_divide(a, hlist![tile()]).unwrap_err(), &size("tiled_divide"));
    over(cute::mixed::flat_divide(a, hlist![tile()]).unwrap_err(), &size("flat_divide"));
    // 2^40 copies of a block of 2^40: a size of 2^80.
    let (block, copies) = (Layout::try_new(1i64 << 40, 1i64).unwrap(), Layout::try_new(1i64 << 40, 0i64).unwrap());
    let size = |op: &str| format!("overflow: {op}: 1099511627776 * 1099511627776 does not fit in i64");
    over(cute::mixed::logical_product(block, copies).unwrap_err(), &size("logical_product"));
    over(cute::mixed::blocked_product(block, copies).unwrap_err(), &size("blocked_product"));
    // A raked product by a layout with a runtime leaf takes a rank-1 tuple: 2^62 copies of 2.
    let (block, copies) = (cute::layout!((2):(1)), cute::layout!(({1i64 << 62}):({0})).unwrap());
    let e = cute::mixed::raked_product(block, copies).unwrap_err();
    over(e, "overflow: raked_product: 4611686018427387904 * 2 does not fit in i64");
    // The complement of 3:2 in i64::MAX: (2, ceil(i64::MAX / 6)):(1, 6), whose cosize is
    // 1 + 1 + (1537228672809129302 - 1) * 6 = 2^63: the last addition overflows.
    let e = cute::mixed::complement(Layout::<cute::typenum::P3, cute::typenum::P2>::new(), i64::MAX).unwrap_err();
    over(e, "overflow: complement: 9223372036854775807 + 1 does not fit in i64");
}
