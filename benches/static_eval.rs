//! Static layouts evaluated at a run-time index, next to the index arithmetic one would write by
//! hand for the same layouts: the static face should cost nothing over the hand-written code.
//!
//! Not a timing benchmark: `benches/callgrind.sh` runs this binary under callgrind and divides
//! each function's instruction count by its number of calls, then compares the disassembly of
//! each static function with its hand-written twin (see `benches/README.md`). Run alone
//! (`cargo bench --bench static_eval`), the binary checks that every static function equals its
//! hand-written twin on the layout's whole domain, prints each function's address (LLVM may merge
//! identical functions) and a checksum.
//!
//! Each `static_*` / `hand_*` function is `#[inline(never)]` so it stays a symbol of its own;
//! the index comes through `black_box`, so nothing is folded at compile time.
//!
//! The second part does the same for mixed layouts (`cute::mixed::Layout`: static tile
//! extents, runtime extents and leading dimensions): each `mixed_*` function sits next to a
//! `hand_*` twin with the same runtime values and a `dynamic_*` one evaluating the same layout in
//! the dynamic engine. `benches/callgrind_mixed.sh` counts them (inside `measure_mixed`).

use std::hint::black_box;

use cute::dynamic;
use cute::typenum::{P1, P15, P16, P2, P210, P3, P30, P32, P35, P4, P5, P6, P7, P8, P90};
use cute::{composition, HCons, HNil, Layout};

/// `HCons<A, HCons<B, ... HNil>>`.
macro_rules! tuple {
    () => { HNil };
    ($h:ty $(, $t:ty)*) => { HCons<$h, tuple!($($t),*)> };
}

/// `HCons { head: a, tail: HCons { head: b, ... HNil } }`, the value of a `tuple!` type.
macro_rules! hlist {
    () => { HNil };
    ($h:expr $(, $t:expr)*) => { HCons { head: $h, tail: hlist!($($t),*) } };
}

/// `(3,5,6,7):(210,1,35,5)`: rank 4, extents not powers of two.
type Rank4 = Layout<tuple!(P3, P5, P6, P7), tuple!(P210, P1, P35, P5)>;
/// `(8,16):(16,1)`: a row-major 8x16 tile.
type RowMajor = Layout<tuple!(P8, P16), tuple!(P16, P1)>;
/// `(8,16):(1,8)`: a column-major 8x16 tile.
type ColMajor = Layout<tuple!(P8, P16), tuple!(P1, P8)>;
/// `((4,8),(2,2)):((2,16),(1,8))`: depth 2 (a GEMM-style tile).
type Depth2 = Layout<tuple!(tuple!(P4, P8), tuple!(P2, P2)), tuple!(tuple!(P2, P16), tuple!(P1, P8))>;
/// `((5,3),(2,3),7):((3,1),(15,30),90)`, composed with [`Rank4`] below.
type Tile = Layout<tuple!(tuple!(P5, P3), tuple!(P2, P3), P7), tuple!(tuple!(P3, P1), tuple!(P15, P30), P90)>;
/// `Rank4 o Tile` = `((5,3),(2,3),7):((1,210),(35,70),5)`, computed by the trait solver.
type Composed = cute::statics::Composition<Rank4, Tile>;

#[inline(never)]
fn static_rank4(i: usize) -> isize {
    Rank4::new().call(i)
}

#[inline(never)]
fn hand_rank4(i: usize) -> isize {
    let (c0, r) = (i % 3, i / 3);
    let (c1, r) = (r % 5, r / 5);
    let (c2, c3) = (r % 6, r / 6);
    c0 as isize * 210 + c1 as isize + c2 as isize * 35 + c3 as isize * 5
}

#[inline(never)]
fn static_row_major(i: usize) -> isize {
    RowMajor::new().call(i)
}

#[inline(never)]
fn hand_row_major(i: usize) -> isize {
    (i % 8) as isize * 16 + (i / 8) as isize
}

#[inline(never)]
fn static_col_major(i: usize) -> isize {
    ColMajor::new().call(i)
}

#[inline(never)]
fn hand_col_major(i: usize) -> isize {
    (i % 8) as isize + (i / 8) as isize * 8
}

#[inline(never)]
fn static_depth2(i: usize) -> isize {
    Depth2::new().call(i)
}

#[inline(never)]
fn hand_depth2(i: usize) -> isize {
    let (c0, r) = (i % 4, i / 4);
    let (c1, r) = (r % 8, r / 8);
    let (c2, c3) = (r % 2, r / 2);
    c0 as isize * 2 + c1 as isize * 16 + c2 as isize + c3 as isize * 8
}

/// The composition's result layout, evaluated: one pass of div/mod over its five leaves.
#[inline(never)]
fn static_composed(i: usize) -> isize {
    composition(Rank4::new(), Tile::new()).call(i)
}

#[inline(never)]
fn hand_composed(i: usize) -> isize {
    let (c0, r) = (i % 5, i / 5);
    let (c1, r) = (r % 3, r / 3);
    let (c2, r) = (r % 2, r / 2);
    let (c3, c4) = (r % 3, r / 3);
    c0 as isize + c1 as isize * 210 + c2 as isize * 35 + c3 as isize * 70 + c4 as isize * 5
}

/// `A(B(i))` evaluated in two steps, for comparison with [`static_composed`].
#[inline(never)]
fn static_two_step(i: usize) -> isize {
    Rank4::new().call(Tile::new().call(i) as usize)
}

type Eval = fn(usize) -> isize;

/// Every measured function and the size of its layout's domain (its indices are `0..size`).
const FUNCTIONS: [(&str, Eval, usize); 11] = [
    ("static_rank4", static_rank4, 630),
    ("hand_rank4", hand_rank4, 630),
    ("static_row_major", static_row_major, 128),
    ("hand_row_major", hand_row_major, 128),
    ("static_col_major", static_col_major, 128),
    ("hand_col_major", hand_col_major, 128),
    ("static_depth2", static_depth2, 128),
    ("hand_depth2", hand_depth2, 128),
    ("static_composed", static_composed, 630),
    ("hand_composed", hand_composed, 630),
    ("static_two_step", static_two_step, 630),
];

/// Each static function and the hand-written one it must equal, on the layout's whole domain.
const TWINS: [(Eval, Eval, usize); 6] = [
    (static_rank4, hand_rank4, 630),
    (static_row_major, hand_row_major, 128),
    (static_col_major, hand_col_major, 128),
    (static_depth2, hand_depth2, 128),
    (static_composed, hand_composed, 630),
    (static_two_step, hand_composed, 630),
];

/// Calls of each function per run (callgrind.sh divides by this).
const CALLS: usize = 10_000;

fn main() {
    // The evaluation is checked, not only its cost: each function agrees with its hand-written
    // twin on its whole domain, and the trait solver's composition is the expected layout.
    assert_eq!(Composed::new().to_string(), "((_5,_3),(_2,_3),_7):((_1,_210),(_35,_70),_5)");
    for (k, (f, g, size)) in TWINS.into_iter().enumerate() {
        for i in 0..size {
            assert_eq!(f(i), g(i), "pair {k} at index {i}");
        }
    }
    // Where each function's code is: LLVM merges functions whose code is identical, so a static
    // function may share its hand-written twin's address (callgrind.sh counts both names there).
    for (name, f, _) in FUNCTIONS {
        println!("address {name} {:#x}", f as usize);
    }
    println!("checksum {}", measure());

    // The mixed layouts, each with its hand-written and dynamic twins.
    let ops = Operands::new();
    let mixed = mixed_functions(&ops);
    for case in mixed.chunks_exact(3) {
        let (mixed_name, f, size) = case[0];
        for &(name, g, _) in &case[1..] {
            for i in 0..size {
                assert_eq!(f(&ops, i), g(&ops, i), "{mixed_name} vs {name} at index {i}");
            }
        }
    }
    for (name, f, size) in mixed {
        println!("mixed-address {name} {:#x} {size}", f as usize);
    }
    println!("checksum-mixed {}", measure_mixed(&ops, &mixed));
}

/// Every function CALLS times, at black-boxed indices inside its domain: the part of the run
/// callgrind.sh counts (`--toggle-collect` on this function).
#[inline(never)]
fn measure() -> isize {
    let mut sum = 0isize;
    for (_, f, size) in FUNCTIONS {
        let f = black_box(f);
        for k in 0..CALLS {
            sum = sum.wrapping_add(f(black_box(k % size)));
        }
    }
    sum
}

/// `(_32,_8):(_1,ld)`: a static 32x8 tile of a column-major matrix whose leading dimension `ld` is
/// known only at run time.
type MixedTile = Layout<tuple!(P32, P8), tuple!(P1, i64)>;
/// `(_4,m,_3):(_1,ld0,ld1)`: rank 3, a runtime extent `m` and two runtime strides.
type MixedRank3 = Layout<tuple!(P4, i64, P3), tuple!(P1, i64, i64)>;

/// The runtime values as hand-written index arithmetic holds them.
struct Hand {
    ld: isize,
    m: usize,
    ld0: isize,
    ld1: isize,
}

/// Everything the measured functions read, built once in `main` from black-boxed values, and
/// passed by reference so that no runtime leaf is a constant in the measured code.
struct Operands {
    tile: MixedTile,
    rank3: MixedRank3,
    hand: Hand,
    tile_dyn: dynamic::Layout,
    rank3_dyn: dynamic::Layout,
}

impl Operands {
    fn new() -> Operands {
        let (ld, m, ld0, ld1) = black_box((40i64, 6i64, 8i64, 64i64));
        let tile = MixedTile::try_new(hlist![P32::new(), P8::new()], hlist![P1::new(), ld]).expect("tile");
        let rank3 = MixedRank3::try_new(hlist![P4::new(), m, P3::new()], hlist![P1::new(), ld0, ld1]).expect("rank3");
        let tile_dyn: dynamic::Layout = format!("(32,8):(1,{ld})").parse().expect("dynamic tile");
        let rank3_dyn: dynamic::Layout = format!("(4,{m},3):(1,{ld0},{ld1})").parse().expect("dynamic rank3");
        assert_eq!(tile.to_string(), "(_32,_8):(_1,40)");
        assert_eq!(rank3.to_string(), "(_4,6,_3):(_1,8,64)");
        assert_eq!((tile.to_dynamic(), rank3.to_dynamic()), (tile_dyn.clone(), rank3_dyn.clone()));
        let hand = Hand { ld: ld as isize, m: m as usize, ld0: ld0 as isize, ld1: ld1 as isize };
        Operands { tile, rank3, hand, tile_dyn, rank3_dyn }
    }
}

#[inline(never)]
fn mixed_tile(o: &Operands, i: usize) -> isize {
    o.tile.call(i)
}

#[inline(never)]
fn hand_tile(o: &Operands, i: usize) -> isize {
    (i % 32) as isize + (i / 32) as isize * o.hand.ld
}

#[inline(never)]
fn dynamic_tile(o: &Operands, i: usize) -> isize {
    o.tile_dyn.call(i as i64).unwrap() as isize
}

#[inline(never)]
fn mixed_rank3(o: &Operands, i: usize) -> isize {
    o.rank3.call(i)
}

#[inline(never)]
fn hand_rank3(o: &Operands, i: usize) -> isize {
    let (c0, j) = (i % 4, i / 4);
    let (c1, c2) = (j % o.hand.m, j / o.hand.m);
    c0 as isize + c1 as isize * o.hand.ld0 + c2 as isize * o.hand.ld1
}

#[inline(never)]
fn dynamic_rank3(o: &Operands, i: usize) -> isize {
    o.rank3_dyn.call(i as i64).unwrap() as isize
}

type MixedEval = fn(&Operands, usize) -> isize;

/// Every mixed function and the size of its layout's domain, by threes: mixed, hand-written,
/// dynamic.
fn mixed_functions(o: &Operands) -> [(&'static str, MixedEval, usize); 6] {
    let (tile, rank3) = (o.tile.size() as usize, o.rank3.size() as usize);
    [
        ("mixed_tile", mixed_tile, tile),
        ("hand_tile", hand_tile, tile),
        ("dynamic_tile", dynamic_tile, tile),
        ("mixed_rank3", mixed_rank3, rank3),
        ("hand_rank3", hand_rank3, rank3),
        ("dynamic_rank3", dynamic_rank3, rank3),
    ]
}

/// Every mixed function CALLS times, at black-boxed indices inside its domain: the part of the
/// run callgrind_mixed.sh counts (`--toggle-collect` on this function).
#[inline(never)]
fn measure_mixed(o: &Operands, functions: &[(&'static str, MixedEval, usize)]) -> isize {
    let mut sum = 0isize;
    for &(_, f, size) in functions {
        let f = black_box(f);
        for k in 0..CALLS {
            sum = sum.wrapping_add(f(black_box(o), black_box(k % size)));
        }
    }
    sum
}
