//! The stride of a size-1 mode. CuTe gives a static `_1` mode the stride `_0` (compact strides,
//! complement and coalesce drop or zero it) and keeps the computed stride of a runtime `1`,
//! which coalesce cannot drop. The layout type keeps that distinction; the dynamic engine,
//! whose leaves are all values, treats every leaf as CuTe treats a static one. The expected
//! values are CuTe C++'s (4.2) for the same operations; the two rules give the same function.

use cute::dynamic;
use cute::{coalesce, complement, layout, logical_divide, logical_product, make_layout, shape, tile_to_shape};

fn d(s: &str) -> dynamic::Layout {
    s.parse().unwrap()
}

#[test]
fn static_size_one_modes_have_stride_zero_in_both_engines() {
    // CuTe: logical_divide(_2:_1, _32:_1) = (_32,_1):(_1,_0): the tile is not truncated, the
    // rest mode has size 1 and stride 0.
    let s = logical_divide(layout!(2:1), layout!(32:1));
    assert_eq!(s.to_string(), "(_32,_1):(_1,_0)");
    assert_eq!(dynamic::logical_divide(&d("2:1"), &"32:1".parse().unwrap()).unwrap(), s.to_dynamic());
    // CuTe: _2:_1 x _1:_0 = (_2,_1):(_1,_0); x _4:_0 = (_2,_4):(_1,_0); _1:_0 x _4:_1 = (_1,_4):(_0,_1).
    for (a, b, want, s) in [
        ("2:1", "1:0", "(_2,_1):(_1,_0)", logical_product(layout!(2:1), layout!(1:0)).to_dynamic()),
        ("2:1", "4:0", "(_2,_4):(_1,_0)", logical_product(layout!(2:1), layout!(4:0)).to_dynamic()),
        ("1:0", "4:1", "(_1,_4):(_0,_1)", logical_product(layout!(1:0), layout!(4:1)).to_dynamic()),
    ] {
        let r = dynamic::logical_product(&d(a), &b.parse().unwrap()).unwrap();
        assert_eq!(r.to_string(), want.replace('_', ""), "{} x {}", a, b);
        assert_eq!(r, s);
    }
    // CuTe: coalesce drops static 1s whatever their stride; a layout of them is _1:_0.
    assert_eq!(coalesce(layout!((2,1):(1,7))).to_string(), "_2:_1");
    assert_eq!(coalesce(layout!((1,1):(3,7))).to_string(), "_1:_0");
    assert_eq!(dynamic::coalesce(&d("(2,1):(1,7)")).unwrap().to_string(), "2:1");
    assert_eq!(dynamic::coalesce(&d("(1,1):(3,7)")).unwrap().to_string(), "1:0");
    // CuTe: complement(4:1, 3) = _1:_0 and complement((4,6):(1,4), 24) = _1:_0.
    assert_eq!(complement(layout!(4:1), typenum_3()).to_string(), "_1:_0");
    assert_eq!(dynamic::complement(&d("4:1"), &3.into()).unwrap().to_string(), "1:0");
    assert_eq!(dynamic::complement(&d("(4,6):(1,4)"), &24.into()).unwrap().to_string(), "1:0");
    // CuTe: tile_to_shape(_8:_1, (_16,_4)) = ((_8,_2),(_1,_4)):((_1,_8),(_0,_16)).
    let t = tile_to_shape(layout!(8:1), shape!((16, 4)));
    assert_eq!(t.to_string(), "((_8,_2),(_1,_4)):((_1,_8),(_0,_16))");
    assert_eq!(dynamic::tile_to_shape(&d("8:1"), &"(16,4)".parse().unwrap()).unwrap(), t.to_dynamic());
    // CuTe: make_layout((2,_1,3)) = (2,_1,3):(_1,_0,2).
    assert_eq!(make_layout(shape!((2, 1, 3))).to_string(), "(_2,_1,_3):(_1,_0,_2)");
    assert_eq!(dynamic::Layout::column_major("(2,1,3)".parse().unwrap()).unwrap().to_string(), "(2,1,3):(1,0,2)");
}

fn typenum_3() -> cute::typenum::P3 {
    cute::typenum::P3::new()
}

#[test]
fn a_runtime_one_keeps_its_stride_in_the_layout_type_as_in_cute() {
    // CuTe: make_layout((_2,1,_3)) = (_2,1,_3):(_1,_2,2): the runtime 1 takes the running stride.
    let one = 1i64;
    let m = make_layout(shape!((2, { one }, 3))).unwrap();
    assert_eq!(m.to_string(), "(_2,1,_3):(_1,_2,2)");
    // CuTe: logical_divide(make_layout(2), _32:_1) keeps the runtime rest mode 1 at stride 32.
    let two = 2i64;
    let r = logical_divide(layout!(({two}):(1)).unwrap(), layout!(32:1)).unwrap();
    assert_eq!(r.to_string(), "(_32,1):(_1,_32)");
    // The same functions as the dynamic engine's, which zeroes those strides.
    let dm = dynamic::Layout::column_major("(2,1,3)".parse().unwrap()).unwrap();
    let dr = dynamic::logical_divide(&d("2:1"), &"32:1".parse().unwrap()).unwrap();
    for i in 0..6 {
        assert_eq!(m.call(i as usize) as i64, dm.call(i).unwrap());
    }
    for i in 0..32 {
        assert_eq!(r.call(i as usize) as i64, dr.call(i).unwrap());
    }
}
