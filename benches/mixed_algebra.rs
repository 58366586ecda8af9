//! Instructions per call of the algebra on layouts with runtime leaves (`cute::Layout` with
//! `i64` leaves, CuTe C++'s static structure with runtime values) on the inputs of
//! `benches/dynamic.rs`: composition, complement (runtime extents at static strides, as CuTe
//! requires for several modes), logical_divide by a layout and by a per-mode tiler, and
//! tiled_divide by a per-mode tiler and by static tiles (the logical divide regrouped, as kernels
//! call it). Not here: the rank-4 divide by a layout,
//! `(6,10,14,9):(1,6,60,840) / (5,7):(3,90)`, which this face refuses: A's modes are contiguous
//! only by their runtime values, which the types cannot coalesce, and the composition's shape
//! divisibility fails without the merge (CuTe C++ returns a layout of the wrong size there; the
//! dynamic engine coalesces and succeeds). Tiles of a divide by a layout are static where they
//! have several leaves. Each case an
//! `#[inline(never)]` function that `benches/callgrind_mixed_algebra.sh` counts under callgrind
//! (`--toggle-collect` on `measure`, inclusive counts per case function). The operands are built
//! once, outside what is counted, and passed in black-boxed (as `benches/dynamic_algebra.rs`
//! parses its operands outside, and as CuTe C++'s operands are a few registers).
//!
//! `main` first checks every case against the dynamic engine (the same operation on the same
//! values, `to_dynamic`), then calls each case `CALLS` times.

use cute::dynamic;
use cute::tensor::ViewLayout;
use cute::{layout, Layout};
use std::hint::black_box;

/// Calls of each case inside `measure`.
const CALLS: usize = 1_000;

/// How many runtime values the operands draw from: `v[i]` is `i`.
const VALUES: usize = 1024;

/// The runtime values of every case's operands, black-boxed so that nothing folds.
struct Values {
    v: [i64; VALUES],
}

macro_rules! cases {
    ($($name:ident: $op:ident, $ta:ty, $tb:ty, $a:expr, $b:expr, $dyn_a:literal, $dyn_b:expr, $dyn_op:expr;)*) => {
        /// The cases, what is counted: each operation on its operands (built outside, as
        /// CuTe C++'s operands are a few registers), the result kept.
        mod counted {
            use super::*;
            $(
                #[inline(never)]
                pub fn $name(a: $ta, b: $tb) -> impl ViewLayout {
                    cute::mixed::$op(black_box(a), black_box(b)).expect(stringify!($name))
                }
            )*
        }
        /// Every case's operands, built once from the runtime values.
        #[allow(non_snake_case)]
        struct Operands {
            $($name: ($ta, $tb),)*
        }
        fn operands(x: &Values) -> Operands {
            let v = &x.v;
            Operands { $($name: ($a(v), $b(v)),)* }
        }
        /// Each case: its name, its result in the dynamic engine, and the dynamic engine's.
        fn cases(x: &Operands) -> Vec<(&'static str, dynamic::Layout, dynamic::Layout)> {
            vec![$((
                stringify!($name),
                counted::$name(x.$name.0, x.$name.1).to_dynamic_layout(),
                {
                    let (a, b): (dynamic::Layout, _) = ($dyn_a.parse().unwrap(), $dyn_b);
                    $dyn_op(&a, b).expect(stringify!($name))
                },
            )),*]
        }
        /// Every case CALLS times.
        #[inline(never)]
        fn measure(x: &Operands) -> usize {
            let mut n = 0;
            $(
                for _ in 0..CALLS {
                    let (a, b) = black_box(x.$name);
                    n += black_box(counted::$name(a, b)).size();
                }
            )*
            n
        }
    };
}

/// A layout of one runtime leaf.
type Leaf = Layout![{}:{}];

/// The static tiles `<4:1, 8:1>` (a kernel's tile sizes).
type StaticTiles = cute::HCons<Layout![4:1], cute::HCons<Layout![8:1], cute::HNil>>;

/// The GEMM tile's per-mode tiles `<(4,8):(1,4), (8,4):(8,1)>`, static (a kernel's tiles).
type GemmTiles = cute::HCons<Layout![(4,8):(1,4)], cute::HCons<Layout![(8,4):(8,1)], cute::HNil>>;

/// Four leaf tiles, one per mode.
type FourLeaves = cute::HCons<Leaf, cute::HCons<Leaf, cute::HCons<Leaf, cute::HCons<Leaf, cute::HNil>>>>;

/// A rank-4 layout of runtime leaves.
type Rank4 = Layout![({},{},{},{}):({},{},{},{})];

fn lay(s: &str) -> dynamic::Layout {
    s.parse().unwrap()
}

cases! {
    composition_rank4_npow2: composition, Rank4, Layout![(({},{}),({},{}),{}):(({},{}),({},{}),{})],
        |v: &[i64; VALUES]| layout!(({v[3]},{v[5]},{v[6]},{v[7]}):({v[210]},{v[1]},{v[35]},{v[5]})).unwrap(),
        |v: &[i64; VALUES]| layout!((({v[5]},{v[3]}),({v[2]},{v[3]}),{v[7]}):(({v[3]},{v[1]}),({v[15]},{v[30]}),{v[90]})).unwrap(),
        "(3,5,6,7):(210,1,35,5)", &lay("((5,3),(2,3),7):((3,1),(15,30),90)"), |a: &dynamic::Layout, b: &dynamic::Layout| dynamic::composition(a, b);
    logical_divide_gemm_tile: logical_divide, Layout![({},{}):({},{})], Layout![(32,4):(1,128)],
        |v: &[i64; VALUES]| layout!(({v[128]},{v[128]}):({v[1]},{v[128]})).unwrap(),
        |_: &[i64; VALUES]| layout!((32,4):(1,128)),
        "(128,128):(1,128)", &lay("(32,4):(1,128)"), |a: &dynamic::Layout, b: &dynamic::Layout| dynamic::logical_divide(a, &dynamic::Tiler::Layout(b.clone()));
    logical_divide_by_mode_gemm_tile: logical_divide, Layout![({},{}):({},{})], GemmTiles,
        |v: &[i64; VALUES]| layout!(({v[128]},{v[128]}):({v[1]},{v[128]})).unwrap(),
        |_: &[i64; VALUES]| cute::hlist![layout!((4,8):(1,4)), layout!((8,4):(8,1))],
        "(128,128):(1,128)", &"<(4,8):(1,4),(8,4):(8,1)>".parse::<dynamic::Tiler>().unwrap(), |a: &dynamic::Layout, t: &dynamic::Tiler| dynamic::logical_divide(a, t);
    logical_divide_by_mode_rank4_npow2: logical_divide, Rank4, FourLeaves,
        |v: &[i64; VALUES]| layout!(({v[6]},{v[10]},{v[14]},{v[9]}):({v[1]},{v[6]},{v[60]},{v[840]})).unwrap(),
        |v: &[i64; VALUES]| cute::hlist![
            layout!({v[3]}:{v[2]}).unwrap(), layout!({v[5]}:{v[1]}).unwrap(), layout!({v[7]}:{v[2]}).unwrap(), layout!({v[3]}:{v[3]}).unwrap()
        ],
        "(6,10,14,9):(1,6,60,840)", &"<3:2,5:1,7:2,3:3>".parse::<dynamic::Tiler>().unwrap(), |a: &dynamic::Layout, t: &dynamic::Tiler| dynamic::logical_divide(a, t);
    composition_small: composition, Layout![({},{}):({},{})], Layout![({},{}):({},{})],
        |v: &[i64; VALUES]| layout!(({v[6]},{v[2]}):({v[8]},{v[2]})).unwrap(),
        |v: &[i64; VALUES]| layout!(({v[4]},{v[3]}):({v[3]},{v[1]})).unwrap(),
        "(6,2):(8,2)", &lay("(4,3):(3,1)"), |a: &dynamic::Layout, b: &dynamic::Layout| dynamic::composition(a, b);
    composition_gemm_tile: composition, Layout![(({},{}),({},{})):(({},{}),({},{}))], Layout![({},{}):({},{})],
        |v: &[i64; VALUES]| layout!((({v[4]},{v[8]}),({v[2]},{v[2]})):(({v[2]},{v[16]}),({v[1]},{v[8]}))).unwrap(),
        |v: &[i64; VALUES]| layout!(({v[8]},{v[16]}):({v[16]},{v[1]})).unwrap(),
        "((4,8),(2,2)):((2,16),(1,8))", &lay("(8,16):(16,1)"), |a: &dynamic::Layout, b: &dynamic::Layout| dynamic::composition(a, b);
    logical_divide_small: logical_divide, Layout![({},{}):({},{})], Leaf,
        |v: &[i64; VALUES]| layout!(({v[8]},{v[16]}):({v[20]},{v[1]})).unwrap(),
        |v: &[i64; VALUES]| layout!({v[8]}:{v[2]}).unwrap(),
        "(8,16):(20,1)", &lay("8:2"), |a: &dynamic::Layout, b: &dynamic::Layout| dynamic::logical_divide(a, &dynamic::Tiler::Layout(b.clone()));
    logical_divide_by_mode_small: logical_divide, Layout![({},{}):({},{})], cute::HCons<Leaf, cute::HCons<Leaf, cute::HNil>>,
        |v: &[i64; VALUES]| layout!(({v[8]},{v[16]}):({v[20]},{v[1]})).unwrap(),
        |v: &[i64; VALUES]| cute::hlist![layout!({v[4]}:{v[1]}).unwrap(), layout!({v[8]}:{v[2]}).unwrap()],
        "(8,16):(20,1)", &"<4:1,8:2>".parse::<dynamic::Tiler>().unwrap(), |a: &dynamic::Layout, t: &dynamic::Tiler| dynamic::logical_divide(a, t);
    tiled_divide_by_mode_small: tiled_divide, Layout![({},{}):({},{})], cute::HCons<Leaf, cute::HCons<Leaf, cute::HNil>>,
        |v: &[i64; VALUES]| layout!(({v[8]},{v[16]}):({v[20]},{v[1]})).unwrap(),
        |v: &[i64; VALUES]| cute::hlist![layout!({v[4]}:{v[1]}).unwrap(), layout!({v[8]}:{v[2]}).unwrap()],
        "(8,16):(20,1)", &"<4:1,8:2>".parse::<dynamic::Tiler>().unwrap(), |a: &dynamic::Layout, t: &dynamic::Tiler| dynamic::tiled_divide(a, t);
    complement_small: complement, Layout![({},{}):(1,6)], i64,
        |v: &[i64; VALUES]| layout!(({v[2]},{v[2]}):(1,6)).unwrap(),
        |v: &[i64; VALUES]| v[24],
        "(2,2):(1,6)", &dynamic::IntTuple::from(24), |a: &dynamic::Layout, m: &dynamic::IntTuple| dynamic::complement(a, m);
    complement_gemm_tile: complement, Layout![(({},{}),({},{})):((2,32),(1,8))], i64,
        |v: &[i64; VALUES]| layout!((({v[4]},{v[8]}),({v[2]},{v[2]})):((2,32),(1,8))).unwrap(),
        |v: &[i64; VALUES]| v[1023] + v[1],
        "((4,8),(2,2)):((2,32),(1,8))", &dynamic::IntTuple::from(1024), |a: &dynamic::Layout, m: &dynamic::IntTuple| dynamic::complement(a, m);
    complement_rank4_npow2: complement, Layout![({},{},{},{}):(1,6,90,360)], i64,
        |v: &[i64; VALUES]| layout!(({v[3]},{v[5]},{v[2]},{v[7]}):(1,6,90,360)).unwrap(),
        |v: &[i64; VALUES]| v[1023] * 7 + v[399],
        "(3,5,2,7):(1,6,90,360)", &dynamic::IntTuple::from(7560), |a: &dynamic::Layout, m: &dynamic::IntTuple| dynamic::complement(a, m);
    tiled_divide_by_static_tiles: tiled_divide, Layout![({},{}):({},{})], StaticTiles,
        |v: &[i64; VALUES]| layout!(({v[8]},{v[16]}):({v[20]},{v[1]})).unwrap(),
        |_: &[i64; VALUES]| cute::hlist![layout!(4:1), layout!(8:1)],
        "(8,16):(20,1)", &"<4:1,8:1>".parse::<dynamic::Tiler>().unwrap(), |a: &dynamic::Layout, t: &dynamic::Tiler| dynamic::tiled_divide(a, t);
}

fn main() {
    let mut v = [0i64; VALUES];
    for (i, x) in v.iter_mut().enumerate() {
        *x = i as i64;
    }
    let values = operands(&Values { v: black_box(v) });
    for (name, got, expected) in cases(&values) {
        // The same function (the mixed face keeps a mode of runtime size 1 that the dynamic
        // engine drops).
        let size = expected.size().unwrap();
        assert_eq!(got.size().unwrap(), size, "{}: size", name);
        for i in 0..size {
            assert_eq!(got.call(i).unwrap(), expected.call(i).unwrap(), "{}: index {}", name, i);
        }
        println!("{} {} (dynamic engine: {})", name, got, expected);
    }
    println!("measured {}", measure(&values));
}
