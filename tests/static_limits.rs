//! The default `recursion_limit` suffices for the static face on a rank-8, depth-3 layout
//! whose strides approach 2^32 (issue 3's limit): these compile without raising it, and agree
//! with the dynamic engine. The types are written in typenum's binary form, as `layout!` emits
//! them for values past typenum's `U1024` table.

use cute::statics::Underscore;
use cute::typenum::{PInt, UInt, UTerm, B0, B1, P1, P2, P3, Z0};
use cute::{coalesce, complement, composition, logical_divide, logical_product, right_inverse, HCons, HNil, Layout};

// shape [[2, [3, 2]], [5, [2, 3]], 7, [2, [2, 2]], 3, [2, 5], 11, [3, [1, 2]]] stride [[107, [214, 642]], [1284, [6420, 12840]], 38520, [269640, [539280, 1078560]], 2157120, [6471360, 12942720], 64713600, [711849600, [0, 2135548800]]] size 39916800 scale 107
type BigShape = HCons<
    HCons<
        PInt<UInt<UInt<UTerm, B1>, B0>>,
        HCons<HCons<PInt<UInt<UInt<UTerm, B1>, B1>>, HCons<PInt<UInt<UInt<UTerm, B1>, B0>>, HNil>>, HNil>,
    >,
    HCons<
        HCons<
            PInt<UInt<UInt<UInt<UTerm, B1>, B0>, B1>>,
            HCons<HCons<PInt<UInt<UInt<UTerm, B1>, B0>>, HCons<PInt<UInt<UInt<UTerm, B1>, B1>>, HNil>>, HNil>,
        >,
        HCons<
            PInt<UInt<UInt<UInt<UTerm, B1>, B1>, B1>>,
            HCons<
                HCons<
                    PInt<UInt<UInt<UTerm, B1>, B0>>,
                    HCons<HCons<PInt<UInt<UInt<UTerm, B1>, B0>>, HCons<PInt<UInt<UInt<UTerm, B1>, B0>>, HNil>>, HNil>,
                >,
                HCons<
                    PInt<UInt<UInt<UTerm, B1>, B1>>,
                    HCons<
                        HCons<PInt<UInt<UInt<UTerm, B1>, B0>>, HCons<PInt<UInt<UInt<UInt<UTerm, B1>, B0>, B1>>, HNil>>,
                        HCons<
                            PInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B1>, B1>>,
                            HCons<
                                HCons<
                                    PInt<UInt<UInt<UTerm, B1>, B1>>,
                                    HCons<
                                        HCons<PInt<UInt<UTerm, B1>>, HCons<PInt<UInt<UInt<UTerm, B1>, B0>>, HNil>>,
                                        HNil,
                                    >,
                                >,
                                HNil,
                            >,
                        >,
                    >,
                >,
            >,
        >,
    >,
>;
type BigStride = HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B0>, B1>, B0>, B1>, B1>>, HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B0>, B1>, B0>, B1>, B1>, B0>>, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B1>, B0>, B0>, B0>, B0>, B0>, B1>, B0>>, HNil>>, HNil>>, HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B1>, B0>, B0>, B0>, B0>, B0>, B1>, B0>, B0>>, HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B0>, B0>, B1>, B0>, B0>, B0>, B1>, B0>, B1>, B0>, B0>>, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B0>, B0>, B1>, B0>, B0>, B0>, B1>, B0>, B1>, B0>, B0>, B0>>, HNil>>, HNil>>, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B0>, B1>, B0>, B1>, B1>, B0>, B0>, B1>, B1>, B1>, B1>, B0>, B0>, B0>>, HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B0>, B0>, B0>, B0>, B1>, B1>, B1>, B0>, B1>, B0>, B1>, B0>, B0>, B1>, B0>, B0>, B0>>, HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B0>, B0>, B0>, B0>, B1>, B1>, B1>, B0>, B1>, B0>, B1>, B0>, B0>, B1>, B0>, B0>, B0>, B0>>, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B0>, B0>, B0>, B0>, B1>, B1>, B1>, B0>, B1>, B0>, B1>, B0>, B0>, B1>, B0>, B0>, B0>, B0>, B0>>, HNil>>, HNil>>, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B0>, B0>, B0>, B0>, B1>, B1>, B1>, B0>, B1>, B0>, B1>, B0>, B0>, B1>, B0>, B0>, B0>, B0>, B0>, B0>>, HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B0>, B0>, B0>, B1>, B0>, B1>, B0>, B1>, B1>, B1>, B1>, B1>, B0>, B1>, B1>, B0>, B0>, B0>, B0>, B0>, B0>>, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B0>, B0>, B0>, B1>, B0>, B1>, B0>, B1>, B1>, B1>, B1>, B1>, B0>, B1>, B1>, B0>, B0>, B0>, B0>, B0>, B0>, B0>>, HNil>>, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B1>, B1>, B0>, B1>, B1>, B0>, B1>, B1>, B0>, B1>, B1>, B1>, B0>, B0>, B1>, B1>, B1>, B0>, B0>, B0>, B0>, B0>, B0>, B0>>, HCons<HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B0>, B1>, B0>, B1>, B0>, B0>, B1>, B1>, B0>, B1>, B1>, B0>, B1>, B1>, B1>, B1>, B1>, B0>, B1>, B1>, B0>, B1>, B0>, B0>, B0>, B0>, B0>, B0>, B0>>, HCons<HCons<Z0, HCons<PInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B1>, B1>, B1>, B1>, B1>, B1>, B1>, B0>, B1>, B0>, B0>, B1>, B0>, B0>, B1>, B1>, B1>, B1>, B0>, B0>, B0>, B1>, B1>, B1>, B0>, B0>, B0>, B0>, B0>, B0>, B0>>, HNil>>, HNil>>, HNil>>>>>>>>;

type Big = Layout<BigShape, BigStride>;

#[test]
fn rank_8_depth_3_layout_evaluates_like_the_dynamic_engine() {
    let d = Big::new().to_dynamic();
    assert_eq!((Big::RANK, Big::DEPTH, Big::SIZE), (8, 3, d.size().unwrap()));
    for i in [0usize, 1, 7, 1000, 39_916_799] {
        assert_eq!(Big::new().call(i) as i64, d.call(i as i64).unwrap());
    }
}

#[test]
fn rank_8_depth_3_operations_compile_with_the_default_recursion_limit() {
    let d = Big::new().to_dynamic();
    assert_eq!(coalesce(Big::new()).to_dynamic(), cute::dynamic::coalesce(&d).unwrap());
    assert_eq!(right_inverse(Big::new()).to_dynamic(), cute::dynamic::right_inverse(&d).unwrap());
    let c = complement(Big::new(), <HCons<P2, HCons<P3, HNil>>>::default());
    assert_eq!(c.to_dynamic(), cute::dynamic::complement(&d, &"(2,3)".parse().unwrap()).unwrap());
    // A tile of the first three modes, the rest left alone.
    type Tile = HCons<P2, HCons<Layout<P2, P1>, HCons<Underscore, HNil>>>;
    let r = composition(Big::new(), Tile::default());
    let t: cute::dynamic::Tiler = "<2,2:1,_>".parse().unwrap();
    assert_eq!(r.to_dynamic(), cute::dynamic::composition_tiler(&d, &t).unwrap());
    let q = logical_divide(Big::new(), Tile::default());
    assert_eq!(q.to_dynamic(), cute::dynamic::logical_divide(&d, &t).unwrap());
    let p = logical_product(Big::new(), Layout::<P3, P1>::new());
    assert_eq!(p.to_dynamic(), cute::dynamic::logical_product(&d, &"3:1".parse().unwrap()).unwrap());
}
