//! No panic, no wrapped value and no silently wrong result at the edges of the integers: the
//! inputs of the soundness issue, each with the error (kind and message) or value it must give,
//! on the layout type, the dynamic engine and `cute eval` alike.

use cute::dynamic::{parse_descriptor, ComposedLayout as DynComposed, ErrorKind, Layout as DynLayout};
use cute::error::ErrorKind as Kind;
use cute::swizzle::Swizzle;
use cute::tensor::{make_tensor, make_tensor_at, Counting, Engine};
use cute::{coord, layout, ComposedLayout};

/// A coordinate outside the shape is `None` on every tensor, whatever its offset: inside the
/// data, outside it, or past i64.
#[test]
fn coordinates_outside_the_shape_are_none() {
    let data: Vec<i32> = (0..16).collect();
    let big = 1usize << 62;
    // Static leaves.
    let t = make_tensor(&data[..], layout!((4,4):(1,4))).unwrap();
    assert_eq!(t.get_coord(coord!((0, big))), None);
    assert_eq!(t.get_coord(coord!((4, 0))), None);
    assert_eq!(t.get_coord(coord!((0, 4))), None);
    assert_eq!(t.get_coord(coord!(16)), None);
    assert_eq!(t.get_coord(coord!((3, 3))), Some(&15));
    assert_eq!(t.get_coord(coord!(15)), Some(&15));
    // Runtime leaves.
    let mut owned = data.clone();
    let mut m = make_tensor(&mut owned[..], layout!(({4},4):(1,{4})).unwrap()).unwrap();
    assert!(m.get_coord_mut(coord!((0, big))).is_none());
    assert!(m.get_coord_mut(coord!((big, 0))).is_none());
    *m.get_coord_mut(coord!((1, 2))).unwrap() = -1;
    assert_eq!(owned[9], -1);
    // A nested mode: an integer entry must be below the mode's size, a tuple entry of its rank.
    let n = make_tensor(&data[..], layout!((2,(2,4)):(1,(2,4)))).unwrap();
    assert_eq!(n.get_coord(coord!((1, 7))), Some(&15));
    assert_eq!(n.get_coord(coord!((1, 8))), None);
    assert_eq!(n.get_coord(coord!((1, (2, 0)))), None);
    assert_eq!(n.get_coord(coord!((1, (1, 3)))), Some(&15));
    // The dynamic engine's tensors.
    let d = make_tensor(&data[..], "(4,4):(1,4)".parse::<DynLayout>().unwrap()).unwrap();
    for c in ["(0,4611686018427387904)", "(4,0)", "(-1,0)", "16", "(1,(0,1))", "(1,2,3)"] {
        assert_eq!(d.get_coord(&c.parse().unwrap()), None, "{}", c);
    }
    assert_eq!(d.get_coord(&"(3,3)".parse().unwrap()), Some(&15));
    assert_eq!(d.get_coord(&"15".parse().unwrap()), Some(&15));
}

/// An engine of `usize::MAX` offsets, each its own value: past what any i64 reaches.
#[derive(Clone, Copy, Debug)]
struct Everything;

// SAFETY: `value` reads nothing.
unsafe impl Engine for Everything {
    type Value<'r> = usize;
    fn len(&self) -> usize {
        usize::MAX
    }
    unsafe fn value(&self, offset: usize) -> usize {
        offset
    }
}

/// Every offset a tensor reaches is an i64, so moving its origin by a slice never wraps: a view
/// whose offsets pass i64 is refused when made, naming them, in debug and release alike.
#[test]
fn origins_and_offsets_stay_within_i64() {
    let wide = layout!((2,2):(1,{1i64 << 62})).unwrap();
    let e = make_tensor_at(Everything, 1 << 62, wide).unwrap_err();
    assert_eq!(e.kind(), Kind::IndexOutOfRange);
    assert_eq!(
        e.to_string(),
        "index out of range: make_tensor: the layout's offsets 0..=4611686018427387905 from element 4611686018427387904 \
         reach outside the 18446744073709551615 elements of the data"
    );
    // At the edge: the last offset is i64::MAX.
    let t = make_tensor_at(Everything, (1 << 62) - 2, wide).unwrap();
    let column = t.slice(coord!((_, 1))).unwrap();
    assert_eq!((column.base(), column.get(1)), ((1 << 63) - 2, Some(i64::MAX as usize)));
}

/// A swizzle whose field reaches bit 62 keeps blocks of 2^63 offsets, past i64: its view is an
/// overflow error, not a reach wrapped to (0, i64::MAX).
#[test]
fn a_swizzled_reach_past_i64_is_an_error() {
    let sw = Swizzle::new(1, 0, -62).unwrap();
    let c = ComposedLayout::new(sw, 0, layout!(8:1)).unwrap();
    let e = make_tensor(Everything, c).unwrap_err();
    assert_eq!(e.kind(), Kind::Overflow);
    assert_eq!(e.to_string(), "overflow: make_tensor: 1 << 63 does not fit in i64");
    // One bit lower, the blocks of 2^62 fit.
    let c = ComposedLayout::new(Swizzle::new(1, 0, -61).unwrap(), 0, layout!(8:1)).unwrap();
    let t = make_tensor(Counting(1 << 62), c).unwrap();
    assert_eq!(t.get(1), Some(1 + (1 << 61)));
}

/// `max_common_vector` of a swizzled layout is capped at 2^M, which for M = 63 is past i64 and
/// caps nothing.
#[test]
fn the_common_vector_cap_does_not_wrap() {
    let sw = Swizzle::new(0, 63, 0).unwrap();
    let c = ComposedLayout::new(sw, 0, layout!(8:1)).unwrap();
    assert_eq!(c.max_common_vector(layout!(8:1)).unwrap(), 8);
    assert_eq!(
        c.max_common_vector_composed(&ComposedLayout::new(Swizzle::new(1, 0, 1).unwrap(), 0, layout!(8:1)).unwrap())
            .unwrap(),
        1
    );
    let d = DynComposed::new(sw, 0, "8:1".parse().unwrap());
    assert_eq!(d.max_common_vector(&"8:1".parse().unwrap()).unwrap(), 8);
    assert_eq!(cute_eval::eval("max_common_vector(Sw<0,63,0> o 0 o 8:1, 8:1)").unwrap().to_string(), "8");
    let small = ComposedLayout::new(Swizzle::new(0, 2, 0).unwrap(), 0, layout!(8:1)).unwrap();
    assert_eq!(small.max_common_vector(layout!(8:1)).unwrap(), 4);
}

/// `i64::MIN / -1` in a descriptor's count: an overflow error, not a panic of the `%`.
#[test]
fn a_descriptor_count_past_i64_is_an_error() {
    let d = parse_descriptor("(-9223372036854775808/-1@0)").unwrap();
    let e = d.normalize().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        e.to_string(),
        "overflow: at byte 1: -9223372036854775808/-1@0: the count -9223372036854775808/-1 does not fit in i64"
    );
    let e = cute_eval::eval("descriptor((-9223372036854775808/-1@0))").unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (
            ErrorKind::Overflow,
            "overflow: at byte 12: -9223372036854775808/-1@0: the count -9223372036854775808/-1 does not fit in i64"
        )
    );
    // A count that divides exactly is still read.
    assert_eq!(
        parse_descriptor("(-9223372036854775808/2@0)").unwrap().normalize().unwrap().to_string(),
        "(-4611686018427387904@0)"
    );
}

/// The inverse of a swizzled layout with offset `i64::MIN` is refused, its negated offset
/// written exactly.
#[test]
fn a_swizzled_inverse_names_the_negated_offset_exactly() {
    let c = DynComposed::new(cute::swizzle::SW128, i64::MIN, "8:1".parse().unwrap());
    let e = c.right_inverse().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert_eq!(
        e.to_string(),
        "invalid swizzle: right_inverse of Sw<3,4,3> o -9223372036854775808 o 8:1: offset -9223372036854775808 is not 0 \
         (the inverse would be right_inverse(L) o 9223372036854775808 o Sw<3,4,3>, not a swizzle after a layout)"
    );
    let e = cute_eval::eval("right_inverse(Sw<3,4,3> o -9223372036854775808 o 8:1)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
}

/// The messages say what is wrong once: no repeated operation, a value that is wrong named as
/// such, a negative mask in decimal.
#[test]
fn messages_name_the_fault_once() {
    let e = cute_eval::eval("make_swizzle(-1,-1)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid swizzle: make_swizzle: masks -1 and -1 are not the fields of a swizzle (the same number of contiguous bits, apart)"
    );
    let e = cute_eval::eval("swizzle_layout(Sw<3,4,3>, -1)").unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (ErrorKind::InvalidArgument, "invalid argument: swizzle_layout: argument 2 (bits): -1 is negative")
    );
    let e = cute_eval::eval("swizzle_layout(Sw<3,4,3>, 4294967296)").unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: swizzle_layout: argument 2 (bits): 4294967296 is too large");
}

/// The algebra with runtime leaves checks its results as a layout made by hand is checked: a
/// result whose size or cosize would pass i64 is an overflow error, as in the dynamic engine,
/// never a layout whose `size()` wraps.
#[test]
fn results_of_the_algebra_fit_in_i64() {
    use cute::mixed::Layout as Mixed;
    let a = Mixed::try_new(i64::MAX, 1i64).unwrap();
    let two = Mixed::try_new(2i64, 1i64).unwrap();
    let e = cute::logical_divide(a, two).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (Kind::Overflow, "overflow: logical_divide: 2 * 4611686018427387904 does not fit in i64")
    );
    assert_eq!(cute::mixed::logical_divide(a, two).unwrap_err().to_string(), e.to_string());
    assert_eq!(cute::zipped_divide(a, two).unwrap_err().kind(), Kind::Overflow);
    let e = cute::complement(Mixed::try_new(1i64, 4i64).unwrap(), 9223372036854775806i64).unwrap_err();
    // CuTe C++'s complement of a runtime extent 1 keeps its mode: (4,2^61):(1,4), of size 2^63.
    assert_eq!(e.to_string(), "overflow: complement: 4 * 2305843009213693952 does not fit in i64");
    let b = Mixed::try_new(cute::hlist![1i64, 9223372036854775806i64], cute::hlist![-9223372036854775807i64, 1i64])
        .unwrap();
    // A* = complement(1:4, 4 * cosize(B)) keeps the runtime extent 1's mode, as CuTe C++ does:
    // (4, 2^61), past i64, an error (it panicked in debug builds).
    let e = cute::logical_product(Mixed::try_new(1i64, 4i64).unwrap(), b).unwrap_err();
    assert_eq!(e.to_string(), "overflow: logical_product: 4 * 2305843009213693952 does not fit in i64");
}

/// `select!` with an index given twice repeats the mode, which multiplies the size: the result
/// is checked (a `Result`), for runtime and static leaves alike.
#[test]
fn a_repeated_selection_is_checked() {
    let l = layout!(({1i64 << 32}):(1)).unwrap();
    let e = cute::select!(l, 0, 0).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (Kind::Overflow, "overflow: select: 4294967296 * 4294967296 does not fit in i64")
    );
    let l = layout!(({(1i64 << 62) + 1}):(1)).unwrap();
    assert_eq!(cute::select!(l, 0, 0).unwrap_err().kind(), Kind::Overflow);
    assert_eq!(cute::select!(layout!(4294967296:1), 0, 0).unwrap_err().kind(), Kind::Overflow);
    assert_eq!(cute::select!(layout!((2,3):(1,2)), 1, 0, 1).unwrap().to_string(), "(_3,_2,_3):(_2,_1,_2)");
}

/// The traits behind an order are public: an order type of the caller's whose impls answer
/// strides past i64 gives the overflow as an error, as every runtime result is checked, where
/// it gave a layout whose offsets wrapped.
#[test]
fn an_order_of_the_callers_types_is_checked() {
    use cute::error::Overflow;
    use cute::mixed::make::{OrderGroups, OrderedStride};
    use cute::mixed::Detail;
    use cute::statics::make::SameRankAs;
    use cute::statics::report::Pass;
    use cute::{hlist, HCons, HNil};

    #[derive(Clone, Copy, Debug)]
    struct Order;
    type S = HCons<i64, HCons<i64, HNil>>;
    impl<X> SameRankAs<X> for Order {
        type Me = Order;
        type Verdict = Pass;
    }
    impl OrderGroups<Order> for S {
        type Output = ();
        fn groups(&self) -> Result<(), Detail> {
            Ok(())
        }
    }
    impl OrderedStride<Order, ()> for S {
        type Output = S;
        fn ordered(&self, _: &()) -> Result<S, Overflow> {
            Ok(hlist![i64::MAX, 1i64])
        }
    }
    let e = cute::make_ordered_layout(hlist![4i64, 2i64], Order).unwrap_err();
    assert_eq!(e.kind(), Kind::Overflow);
    assert_eq!(e.to_string(), "overflow: make_ordered_layout: 3 * 9223372036854775807 does not fit in i64");
}
