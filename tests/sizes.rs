//! size, cosize, rank and depth of static layouts: constants, against the dynamic engine.

use cute::dynamic::{self};
use cute::typenum::{N1, N2, P12, P2, P3, P4, P5, P8, Z0};
use cute::{cosize, depth, rank, size, Int, Layout};
use static_common::{parse, t};

mod static_common;

// (4,(3,2)):(0,(2,-1))
type Nested = Layout<t![P4, t![P3, P2]], t![Z0, t![P2, N1]]>;
const NESTED: &str = "(4,(3,2)):(0,(2,-1))";

#[test]
fn sizes_are_constants() {
    // (4,(3,2)):(0,(2,-1)): size 24, cosize 1 + 2*2 + 1*1 = 6.
    const SIZE: i64 = Nested::SIZE;
    const COSIZE: i64 = Nested::COSIZE;
    const RANK: usize = Nested::RANK;
    const DEPTH: usize = Nested::DEPTH;
    assert_eq!(
        (size(Nested::new()).value(), cosize(Nested::new()).value(), rank(Nested::new()), depth(Nested::new())),
        (24, 6, 2, 2)
    );
    assert_eq!((SIZE, COSIZE, RANK, DEPTH), (24, 6, 2, 2));
    let d = parse(NESTED);
    assert_eq!((SIZE, COSIZE, RANK, DEPTH), (d.size().unwrap(), d.cosize().unwrap(), d.rank(), d.depth()));

    let cases: [(dynamic::Layout, (i64, i64, usize, usize)); 5] = [
        (parse("8:-2"), (size(Layout::<P8, N2>::new()).value(), cosize(Layout::<P8, N2>::new()).value(), 1, 0)),
        (parse("8:0"), (size(Layout::<P8, Z0>::new()).value(), cosize(Layout::<P8, Z0>::new()).value(), 1, 0)),
        (
            parse("(4):(3)"),
            (
                size(Layout::<t![P4], t![P3]>::new()).value(),
                cosize(Layout::<t![P4], t![P3]>::new()).value(),
                rank(Layout::<t![P4], t![P3]>::new()),
                depth(Layout::<t![P4], t![P3]>::new()),
            ),
        ),
        (
            parse("(4,3):(-1,4)"),
            (
                size(Layout::<t![P4, P3], t![N1, P4]>::new()).value(),
                cosize(Layout::<t![P4, P3], t![N1, P4]>::new()).value(),
                rank(Layout::<t![P4, P3], t![N1, P4]>::new()),
                depth(Layout::<t![P4, P3], t![N1, P4]>::new()),
            ),
        ),
        (
            parse("((2,(3,4)),5):((0,(-1,3)),12)"),
            (
                size(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()).value(),
                cosize(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()).value(),
                rank(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()),
                depth(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()),
            ),
        ),
    ];
    for (d, got) in cases {
        assert_eq!(got, (d.size().unwrap(), d.cosize().unwrap(), d.rank(), d.depth()), "{d}");
    }
    assert_eq!(rank(Layout::<P8, N2>::new()), 1);
    assert_eq!(depth(Layout::<P8, Z0>::new()), 0);
}

/// `size` of a layout with a static shape is the static integer (CuTe's `Int<N>`), so that an
/// operation taking it stays static; a runtime extent makes it an `i64`.
#[test]
fn the_size_of_a_static_shape_is_static() {
    use cute::{layout, logical_divide, Sizes};
    use static_assertions::assert_type_eq_all;
    assert_type_eq_all!(<Layout![(4, (3, 2)):(0, (2, -1))] as Sizes>::Size, cute::typenum::P24);
    assert_type_eq_all!(<Layout<t![P4, i64], t![P3, P12]> as Sizes>::Size, i64);
    let b = layout!((2, 2):(1, 4));
    // The result is the layout itself, not a Result.
    let d: Layout![(4, (2, 4)):(4, (16, 1))] = logical_divide(layout!((8, 4):(4, 1)), size(b));
    assert_eq!(d.to_string(), "(_4,(_2,_4)):(_4,(_16,_1))");
    let r = layout!((4, { 6 }):(1, 4)).unwrap();
    let n: i64 = size(r);
    assert_eq!((n, size(b).value()), (24, 4));
}

/// `cosize` of a static layout is a static integer, as CuTe's; a runtime leaf makes it an `i64`.
#[test]
fn the_cosize_of_a_static_layout_is_static() {
    use cute::{layout, Sizes};
    use static_assertions::assert_type_eq_all;
    // (4,(3,2)):(0,(2,-1)): 1 + 2*2 + 1*1 = 6.
    assert_type_eq_all!(<Layout![(4, (3, 2)):(0, (2, -1))] as Sizes>::Cosize, cute::typenum::P6);
    assert_type_eq_all!(<Layout<t![P4, P3], t![i64, P12]> as Sizes>::Cosize, i64);
    assert_type_eq_all!(<Layout<t![P4, i64], t![P3, P12]> as Sizes>::Cosize, i64);
    let l = layout!((4, { 3 }):(-1, 4)).unwrap();
    let n: i64 = cosize(l);
    assert_eq!((n, cosize(layout!((4, 3):(-1, 4))).value()), (12, 12));
}
