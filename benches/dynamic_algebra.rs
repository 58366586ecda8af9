//! Instructions per call of the dynamic engine's algebra (`cute::dynamic`) on the inputs of
//! `benches/dynamic.rs`: composition, complement, logical_divide by a layout and by a per-mode
//! tiler, right_inverse. Each case is an `#[inline(never)]` function that
//! `benches/callgrind_dynamic.sh` counts under callgrind (`--toggle-collect` on `measure`,
//! inclusive counts per case function); `cargo bench --bench dynamic` counts the same calls'
//! allocations.
//!
//! `main` first checks every case's result against its expected text (worked by hand from the
//! paper's definitions, and equal to CuTe C++'s on these inputs), then calls each case `CALLS`
//! times.

use cute::dynamic::{self, IntTuple, Layout, Tiler};
use std::hint::black_box;

/// Calls of each case inside `measure`.
const CALLS: usize = 1_000;

/// A case's operands, parsed once, outside what is counted.
struct Operands {
    a: Layout,
    /// The second operand as a layout (composition), a cotarget, or a tiler; unused ones are
    /// `1:0`, `1` and `_`.
    b: Layout,
    m: IntTuple,
    t: Tiler,
}

fn operands(a: &str, b: &str) -> Operands {
    let a = a.parse().unwrap();
    let layout = b.parse().unwrap_or_else(|_| Layout::trivial());
    let m = b.parse().unwrap_or(IntTuple::Leaf(1));
    let t = b.parse().unwrap_or(Tiler::Underscore);
    Operands { a, b: layout, m, t }
}

macro_rules! cases {
    ($($name:ident: $op:expr, $check:expr, $a:literal, $b:literal;)*) => {
        /// The cases, what is counted: each operation on its operands, the result kept.
        mod counted {
            use super::*;
            $(
                #[inline(never)]
                pub fn $name(x: &Operands) -> dynamic::Result<Layout> {
                    // The name keeps cases of one operation apart (identical bodies would be
                    // merged into one symbol).
                    black_box(stringify!($name));
                    let op: fn(&Operands) -> dynamic::Result<Layout> = $op;
                    op(black_box(x))
                }
            )*
        }
        /// Each case: its name, its operands, its function and the check of its result.
        fn cases() -> Vec<Case> {
            vec![$(Case {
                name: stringify!($name),
                x: operands($a, $b),
                f: counted::$name,
                check: $check,
            }),*]
        }
    };
}

cases! {
    composition_small: |x| dynamic::composition(&x.a, &x.b), composed,
        "(6,2):(8,2)", "(4,3):(3,1)";
    composition_gemm_tile: |x| dynamic::composition(&x.a, &x.b), composed,
        "((4,8),(2,2)):((2,16),(1,8))", "(8,16):(16,1)";
    composition_rank4_npow2: |x| dynamic::composition(&x.a, &x.b), composed,
        "(3,5,6,7):(210,1,35,5)", "((5,3),(2,3),7):((3,1),(15,30),90)";
    complement_small: |x| dynamic::complement(&x.a, &x.m), complemented, "(2,2):(1,6)", "24";
    complement_gemm_tile: |x| dynamic::complement(&x.a, &x.m), complemented, "((4,8),(2,2)):((2,32),(1,8))", "1024";
    complement_rank4_npow2: |x| dynamic::complement(&x.a, &x.m), complemented, "(3,5,2,7):(1,6,90,360)", "7560";
    divide_layout_small: |x| dynamic::logical_divide(&x.a, &x.t), divided, "(8,16):(20,1)", "8:2";
    divide_layout_gemm_tile: |x| dynamic::logical_divide(&x.a, &x.t), divided,
        "(128,128):(1,128)", "(32,4):(1,128)";
    divide_layout_rank4_npow2: |x| dynamic::logical_divide(&x.a, &x.t), divided,
        "(6,10,14,9):(1,6,60,840)", "(5,7):(3,90)";
    divide_by_mode_small: |x| dynamic::logical_divide(&x.a, &x.t), divided, "(8,16):(20,1)", "<4:1,8:2>";
    divide_by_mode_gemm_tile: |x| dynamic::logical_divide(&x.a, &x.t), divided,
        "(128,128):(1,128)", "<(4,8):(1,4),(8,4):(8,1)>";
    divide_by_mode_rank4_npow2: |x| dynamic::logical_divide(&x.a, &x.t), divided,
        "(6,10,14,9):(1,6,60,840)", "<3:2,5:1,7:2,3:3>";
    right_inverse_small: |x| dynamic::right_inverse(&x.a), inverted, "(2,4):(4,1)", "";
    right_inverse_gemm_tile: |x| dynamic::right_inverse(&x.a), inverted, "((4,8),(2,2)):((2,16),(1,8))", "";
    right_inverse_rank4_npow2: |x| dynamic::right_inverse(&x.a), inverted, "(3,5,6,7):(210,1,35,5)", "";
}

/// A benchmarked case.
struct Case {
    name: &'static str,
    x: Operands,
    f: fn(&Operands) -> dynamic::Result<Layout>,
    /// Whether the result meets the operation's definition, checked point by point.
    check: fn(&Operands, &Layout) -> bool,
}

fn eval(l: &Layout, i: i64) -> i64 {
    l.call(i).unwrap()
}

/// `R(i) == A(B(i))` on B's domain.
fn composed(x: &Operands, r: &Layout) -> bool {
    let n = x.b.size().unwrap();
    r.size().unwrap() == n && (0..n).all(|i| eval(r, i) == eval(&x.a, eval(&x.b, i)))
}

/// The complement's post-conditions: ordered, disjoint from A, and `(A, R)` covering `M`.
fn complemented(x: &Operands, r: &Layout) -> bool {
    let image: Vec<i64> = (0..x.a.size().unwrap()).map(|i| eval(&x.a, i)).collect();
    let n = r.size().unwrap();
    let both = Layout::from_modes(vec![x.a.clone(), r.clone()]);
    (1..n).all(|i| eval(r, i - 1) < eval(r, i) && !image.contains(&eval(r, i)))
        && both.cosize().unwrap() >= x.m.size().unwrap()
}

/// Mode 0 (of each mode, for a per-mode tiler) is A (its mode) after the tile, and the result
/// takes A's values, each once.
fn divided(x: &Operands, r: &Layout) -> bool {
    let tile_of = |a: &Layout, r: &Layout, t: &Tiler| {
        let Tiler::Layout(b) = t else { return false };
        let tile = r.mode(0).unwrap();
        (0..b.size().unwrap()).all(|i| eval(&tile, i) == eval(a, eval(b, i)))
    };
    let tiles = match &x.t {
        Tiler::Tuple(ts) => ts.iter().enumerate().all(|(k, t)| tile_of(&x.a.mode(k).unwrap(), &r.mode(k).unwrap(), t)),
        t => tile_of(&x.a, r, t),
    };
    let values = |l: &Layout| {
        let mut v: Vec<i64> = (0..l.size().unwrap()).map(|i| eval(l, i)).collect();
        v.sort_unstable();
        v
    };
    tiles && values(r) == values(&x.a)
}

/// `A(R(i)) == i` on R's domain.
fn inverted(x: &Operands, r: &Layout) -> bool {
    (0..r.size().unwrap()).all(|i| eval(&x.a, eval(r, i)) == i)
}

/// Every case CALLS times.
#[inline(never)]
fn measure(cases: &[Case]) -> usize {
    let mut n = 0;
    for c in cases {
        for _ in 0..CALLS {
            n += black_box((c.f)(black_box(&c.x))).map_or(0, |l| l.rank());
        }
    }
    n
}

fn main() {
    let cases = cases();
    for c in &cases {
        let r = (c.f)(&c.x).unwrap_or_else(|e| panic!("{}: {}", c.name, e));
        assert!((c.check)(&c.x, &r), "{}: {} does not meet the definition", c.name, r);
        println!("{} {}", c.name, r);
    }
    println!("measured {}", measure(&cases));
}
