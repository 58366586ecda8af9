// Runtime leaves: `{expr}` in a value macro makes a mixed layout (a `Result`), `{}` in a type
// macro is an `i64` leaf. Static leaves stay static, and so do compact strides whose factors are.
use cute::mixed::Error;
use cute::typenum::{P1, P2, P4};
use cute::{layout, shape, stride, HCons, HNil, Layout, Shape, Stride};

type Col = Layout![(4,{}):(1,{})];

fn build(m: usize, ld: i64) -> Result<Col, Error> {
    // Explicit strides; another integer type is converted in the braces.
    layout!((4,{m as i64}):(1,{ld}))
}

fn main() -> Result<(), Error> {
    let (m, ld) = (6usize, 8i64);

    let a = build(m, ld)?;
    let _: Layout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>> = a;
    println!("{a}");
    assert_eq!(a.to_string(), "(_4,6):(_1,8)");
    assert_eq!((a.size(), a.cosize()), (24, 1 + 3 + 5 * 8));
    assert_eq!(a.call(5), 1 + 8);
    // Only the runtime leaves are stored.
    assert_eq!(core::mem::size_of_val(&a), 16);

    // Compact strides: column-major (the default, or LayoutLeft) and row-major. A stride is
    // static while every factor is: (_4,m,_2) has the strides (_1,_4,4*m).
    let left = layout!((4,{m as i64},2))?;
    let _: Layout![(4,{},2)] = left;
    let _: Layout<HCons<P4, HCons<i64, HCons<P2, HNil>>>, HCons<P1, HCons<P4, HCons<i64, HNil>>>> = left;
    println!("{left}");
    assert_eq!(left.to_string(), "(_4,6,_2):(_1,_4,24)");
    assert_eq!(left.to_string(), layout!((4,{m as i64},2), LayoutLeft)?.to_string());
    assert_eq!((left.size(), left.call(5), left.call(47)), (48, 1 + 4, 3 + 5 * 4 + 24));

    let right = layout!((4,{m as i64},2), LayoutRight)?;
    let _: Layout![(4,{},2), LayoutRight] = right;
    println!("{right}");
    assert_eq!(right.to_string(), "(_4,6,_2):(12,_2,_1)");
    assert_eq!((right.size(), right.call(5), right.call(47)), (48, 1 * 12 + 1 * 2, 3 * 12 + 5 * 2 + 1));

    // Nested, with a runtime stride after a runtime extent.
    let nested = layout!(({m as i64},(2,{3})))?;
    println!("{nested}");
    assert_eq!(nested.to_string(), "(6,(_2,3)):(_1,(6,12))");
    assert_eq!(nested.call(7), 1 + 6);

    // Mixed shapes and strides as values, and their types.
    let s: Shape![(4,{})] = shape!((4,{m as i64}));
    let d: Stride![(1,{})] = stride!((1,{ld}));
    assert_eq!(Layout::try_new(s, d)?, a);

    // A runtime extent that is not positive, or a compact stride past i64, is the Err.
    let zero = layout!((4,{0}):(1,4));
    assert_eq!(zero.unwrap_err().to_string(), "invalid argument: layout: shape 0 is not positive");
    assert!(layout!((4,{-(m as i64)})).is_err());
    assert!(layout!(({1 << 40},{1 << 40},2)).is_err());
    Ok(())
}
