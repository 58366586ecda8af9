//! Benchmarks of the dynamic engine (`cute::dynamic`): composition, complement, logical_divide,
//! right_inverse, and the parse + display round trip of CuTe's notation.
//!
//! Run with `cargo bench --bench dynamic`; see `benches/README.md` for what each benchmark
//! measures and a recorded run. Every input is parsed once, outside the timed closure, and
//! `main` checks before any timing that each benchmarked call returns `Ok`.

use std::fmt;

use cute::dynamic::{
    complement, complement_default, composition, logical_divide, right_inverse, IntTuple, Layout, Tiler,
};
use divan::{black_box, Bencher};

/// Counts allocations, so divan reports them next to the timings.
#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

/// One benchmarked input: a case name (the divan argument label) and the operands in CuTe
/// notation. `b` is the second operand (a layout, a tiler or a cotarget), empty if unused.
struct Case {
    name: &'static str,
    a: &'static str,
    b: &'static str,
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

const fn case(name: &'static str, a: &'static str, b: &'static str) -> Case {
    Case { name, a, b }
}

/// `composition(A, B)`, both layouts.
static COMPOSITION: [Case; 3] = [
    case("small", "(6,2):(8,2)", "(4,3):(3,1)"),
    case("gemm_tile", "((4,8),(2,2)):((2,16),(1,8))", "(8,16):(16,1)"),
    case("rank4_npow2", "(3,5,6,7):(210,1,35,5)", "((5,3),(2,3),7):((3,1),(15,30),90)"),
];

/// `complement(A, M)`; `complement_default(A)` uses the same `A` and ignores `M`.
static COMPLEMENT: [Case; 3] = [
    case("small", "(2,2):(1,6)", "24"),
    case("gemm_tile", "((4,8),(2,2)):((2,32),(1,8))", "1024"),
    case("rank4_npow2", "(3,5,2,7):(1,6,90,360)", "7560"),
];

/// `logical_divide(A, T)` with a layout tiler.
static DIVIDE_LAYOUT: [Case; 3] = [
    case("small", "(8,16):(20,1)", "8:2"),
    case("gemm_tile", "(128,128):(1,128)", "(32,4):(1,128)"),
    case("rank4_npow2", "(6,10,14,9):(1,6,60,840)", "(5,7):(3,90)"),
];

/// `logical_divide(A, T)` with a by-mode `<...>` tiler.
static DIVIDE_BY_MODE: [Case; 3] = [
    case("small", "(8,16):(20,1)", "<4:1,8:2>"),
    case("gemm_tile", "(128,128):(1,128)", "<(4,8):(1,4),(8,4):(8,1)>"),
    case("rank4_npow2", "(6,10,14,9):(1,6,60,840)", "<3:2,5:1,7:2,3:3>"),
];

/// `right_inverse(A)`.
static RIGHT_INVERSE: [Case; 3] = [
    case("small", "(2,4):(4,1)", ""),
    case("gemm_tile", "((4,8),(2,2)):((2,16),(1,8))", ""),
    case("rank4_npow2", "(3,5,6,7):(210,1,35,5)", ""),
];

/// `a.parse::<Layout>()` then `to_string()`.
static ROUND_TRIP: [Case; 3] = [
    case("small", "(6,2):(8,2)", ""),
    case("gemm_tile", "((4,8),(2,2)):((2,16),(1,8))", ""),
    case("rank4_npow2", "(3,5,6,7):(210,1,35,5)", ""),
];

fn layout(text: &str) -> Layout {
    text.parse().unwrap_or_else(|e| panic!("benchmark input {:?} is not a layout: {}", text, e))
}

fn tiler(text: &str) -> Tiler {
    text.parse().unwrap_or_else(|e| panic!("benchmark input {:?} is not a tiler: {}", text, e))
}

fn int_tuple(text: &str) -> IntTuple {
    text.parse().unwrap_or_else(|e| panic!("benchmark input {:?} is not an int tuple: {}", text, e))
}

/// Panics with the operation, the case and the error unless `result` is `Ok`.
fn admissible<T, E: fmt::Display>(op: &str, case: &Case, result: Result<T, E>) {
    if let Err(e) = result {
        let args = if case.b.is_empty() { case.a.to_string() } else { format!("{}, {}", case.a, case.b) };
        panic!("benchmark input not admissible: {}({}) [case {}] returned Err: {}", op, args, case.name, e);
    }
}

/// Checks once, before any timing, that every benchmarked call returns `Ok`.
fn check_inputs() {
    for c in &COMPOSITION {
        admissible("composition", c, composition(&layout(c.a), &layout(c.b)));
    }
    for c in &COMPLEMENT {
        admissible("complement", c, complement(&layout(c.a), &int_tuple(c.b)));
        admissible("complement_default", c, complement_default(&layout(c.a)));
    }
    for c in DIVIDE_LAYOUT.iter().chain(&DIVIDE_BY_MODE) {
        admissible("logical_divide", c, logical_divide(&layout(c.a), &tiler(c.b)));
    }
    for c in &RIGHT_INVERSE {
        admissible("right_inverse", c, right_inverse(&layout(c.a)));
    }
    for c in &ROUND_TRIP {
        let printed = layout(c.a).to_string();
        assert_eq!(printed, c.a, "parse/display round trip of {:?} [case {}] printed {:?}", c.a, c.name, printed);
    }
}

fn main() {
    check_inputs();
    divan::main();
}

#[divan::bench(args = COMPOSITION.iter())]
fn composition_layout(bencher: Bencher, case: &Case) {
    let (a, b) = (layout(case.a), layout(case.b));
    bencher.bench(|| composition(black_box(&a), black_box(&b)));
}

#[divan::bench(args = COMPLEMENT.iter())]
fn complement_cotarget(bencher: Bencher, case: &Case) {
    let (a, m) = (layout(case.a), int_tuple(case.b));
    bencher.bench(|| complement(black_box(&a), black_box(&m)));
}

#[divan::bench(args = COMPLEMENT.iter())]
fn complement_default_cotarget(bencher: Bencher, case: &Case) {
    let a = layout(case.a);
    bencher.bench(|| complement_default(black_box(&a)));
}

#[divan::bench(args = DIVIDE_LAYOUT.iter())]
fn logical_divide_layout_tiler(bencher: Bencher, case: &Case) {
    let (a, t) = (layout(case.a), tiler(case.b));
    bencher.bench(|| logical_divide(black_box(&a), black_box(&t)));
}

#[divan::bench(args = DIVIDE_BY_MODE.iter())]
fn logical_divide_by_mode_tiler(bencher: Bencher, case: &Case) {
    let (a, t) = (layout(case.a), tiler(case.b));
    bencher.bench(|| logical_divide(black_box(&a), black_box(&t)));
}

#[divan::bench(args = RIGHT_INVERSE.iter())]
fn right_inverse_layout(bencher: Bencher, case: &Case) {
    let a = layout(case.a);
    bencher.bench(|| right_inverse(black_box(&a)));
}

#[divan::bench(args = ROUND_TRIP.iter())]
fn parse_display_round_trip(bencher: Bencher, case: &Case) {
    let text: &str = case.a;
    bencher.bench(|| black_box(text).parse::<Layout>().map(|l| l.to_string()));
}
