//! The helpers of the dynamic engine's property tests (`tests/properties.rs` and each
//! operation's `tests/<name>/properties.rs`): the runner, which fails a property when too few
//! cases reach its post-conditions, and evaluation of a layout over its domain.

#![allow(dead_code, unused_imports)]

#[path = "../common/gen.rs"]
pub mod gens;

pub use std::cell::Cell;
pub use std::collections::BTreeSet;

pub use cute::dynamic::{
    blocked_product, ceil_div, coalesce, coalesce_profile, coalesce_z, compatible, complement, complement_default,
    composition, composition_tiler, crd2crd, crd2idx, downcast, filter, filter_zeros, flat_divide, flat_product,
    greatest_common_domain, idx2crd, inner_partition, layout_add, left_inverse, logical_divide, logical_product,
    make_layout_like, make_ordered_layout, max_common_layout, max_common_vector, nullspace, outer_partition,
    partition_tv, raked_product, recast, right_inverse, shape_div, shape_div_rounded, tile_to_shape, tiled_divide,
    tiled_product, upcast, zipped_divide, zipped_product, Coord, Error, ErrorKind, HTuple, IntTuple, Layout, Rounding,
    Term, Tiler,
};
pub use cute_eval::{call, eval, functions, Value};
pub use gens::*;
pub use proptest::prelude::*;
pub use proptest::test_runner::{TestCaseError, TestRunner};

/// Random cases per property (more if `PROPTEST_CASES` asks for more).
pub const CASES: u32 = 1000;

/// The least share of cases whose operation returned `Ok`.
pub const MIN_OK_SHARE: f64 = 0.2;

pub type Check<T = ()> = Result<T, TestCaseError>;

pub fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES.max(ProptestConfig::default().cases),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Run `test` on random inputs of `strategy`; `test` tells whether the operation was `Ok`.
/// Panics with the minimized counterexample on failure, or when too few cases were `Ok`.
pub fn property<S: Strategy>(name: &str, strategy: S, test: impl Fn(&S::Value) -> Check<bool>) {
    let (ok, err) = (Cell::new(0usize), Cell::new(0usize));
    let mut runner = TestRunner::new(config());
    let result = runner.run(&strategy, |input| {
        let counter = if test(&input)? { &ok } else { &err };
        counter.set(counter.get() + 1);
        Ok(())
    });
    if let Err(e) = result {
        panic!("property {name}: {e}");
    }
    let (ok, err) = (ok.get(), err.get());
    let share = ok as f64 / (ok + err).max(1) as f64;
    println!("{name}: {} cases, {ok} Ok, {err} Err ({:.1}% Ok)", ok + err, 100.0 * share);
    assert!(share >= MIN_OK_SHARE, "property {name}: only {ok} of {} cases were Ok", ok + err);
}

/// Inputs decoded from random choices (see `gens`).
pub fn decoded<T: std::fmt::Debug>(decode: fn(&mut Gen) -> T) -> impl Strategy<Value = T> {
    choices().prop_map(move |c| decode(&mut Gen::new(c)))
}

pub fn fail(what: String) -> TestCaseError {
    TestCaseError::fail(what)
}

/// `l(i)`.
pub fn at(l: &Layout, i: i64) -> Check<i64> {
    l.call(i).map_err(|e| fail(format!("{l}({i}) failed: {e}")))
}

pub fn size(l: &Layout) -> Check<i64> {
    l.size().map_err(|e| fail(format!("size({l}) failed: {e}")))
}

/// `l(0), ..., l(size(l) - 1)`.
pub fn values(l: &Layout) -> Check<Vec<i64>> {
    (0..size(l)?).map(|i| at(l, i)).collect()
}

pub fn image(l: &Layout) -> Check<BTreeSet<i64>> {
    Ok(values(l)?.into_iter().collect())
}

pub fn sorted_values(l: &Layout) -> Check<Vec<i64>> {
    let mut v = values(l)?;
    v.sort_unstable();
    Ok(v)
}

pub fn injective(l: &Layout) -> Check<bool> {
    let v = values(l)?;
    Ok(v.iter().collect::<BTreeSet<_>>().len() == v.len())
}

/// `l` and `r` are the same function on `l`'s domain, which is also `r`'s.
pub fn same_function(what: &str, l: &Layout, r: &Layout) -> Check {
    prop_assert_eq!(size(r)?, size(l)?, "{}: size of {} vs {}", what, r, l);
    for i in 0..size(l)? {
        prop_assert_eq!(at(r, i)?, at(l, i)?, "{}: {} and {} differ at {}", what, r, l, i);
    }
    Ok(())
}

pub fn ok<T>(what: &str, r: cute::dynamic::Result<T>) -> Check<T> {
    r.map_err(|e| fail(format!("{what} failed: {e}")))
}

#[derive(Debug)]
pub struct Tiled {
    pub a: Show<Layout>,
    pub t: Show<Tiler>,
    /// The operation must succeed: for a divide, the tiler lies in A's index space; for a
    /// product, A is compact and the tiler a single tile, so that complement(A) is one mode.
    pub must: bool,
}

/// The tile of a single tiler (a layout, or `n` as `n:1`).
pub fn tile_of(t: &Tiler) -> Layout {
    match t {
        Tiler::Layout(l) => l.clone(),
        Tiler::Int(n) => Layout::column_major(IntTuple::Leaf(*n)).expect("positive tile"),
        Tiler::Underscore | Tiler::Tuple(_) => unreachable!("not a single tile"),
    }
}

/// `z`, `tl` and `fl` are the zipped, tiled and flat forms of `logical` for the tiler `t`:
/// zipped gathers the first and second modes the tiler produced, ((t0,t1,..),(r0,r1,..,rest..));
/// tiled and flat spread them, keeping the values in the same order.
pub fn check_regroupings(name: &str, logical: &Layout, t: &Tiler, z: &Layout, tl: &Layout, fl: &Layout) -> Check {
    let what = format!("{name} by {t}: {logical}, zipped {z}, tiled {tl}, flat {fl}");
    prop_assert!(!z.shape().is_leaf() && z.rank() == 2, "{}: zipped rank", what);
    match t {
        Tiler::Tuple(ts) => {
            let (first, second) = (z.mode(0).unwrap().modes(), z.mode(1).unwrap().modes());
            let lm = logical.modes();
            prop_assert_eq!(first.len(), ts.len(), "{}: zipped mode 0", what);
            prop_assert_eq!(second.len(), lm.len(), "{}: zipped mode 1", what);
            for (k, m) in lm.iter().enumerate() {
                if k < ts.len() {
                    prop_assert!(first[k] == m.mode(0).unwrap(), "{}: zipped mode (0,{})", what, k);
                    prop_assert!(second[k] == m.mode(1).unwrap(), "{}: zipped mode (1,{})", what, k);
                } else {
                    prop_assert!(second[k] == *m, "{}: zipped mode (1,{})", what, k);
                }
            }
        }
        _ => prop_assert!(z == logical, "{}: zipped differs from the logical form", what),
    }
    same_function(&format!("{what}: tiled"), z, tl)?;
    same_function(&format!("{what}: flat"), z, fl)?;
    Ok(())
}

#[derive(Debug)]
pub struct Pair {
    pub a: Show<Layout>,
    pub b: Show<Layout>,
    /// Both compact of the same shape, so `a o right_inverse(b)` exists.
    pub must: bool,
}

/// Every non-zero stride of `filter(a)`, sorted, is a multiple of the span of the smaller modes.
pub fn complementable(a: &Layout) -> Result<bool, TestCaseError> {
    let mut modes = ok("filter", filter(a))?.flat_modes();
    modes.sort_by_key(|m| m.1);
    let mut span = 1;
    for (s, d) in modes.into_iter().filter(|m| m.1 != 0) {
        if d % span != 0 {
            return Ok(false);
        }
        span = d * s;
    }
    Ok(true)
}
