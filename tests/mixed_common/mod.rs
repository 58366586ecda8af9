//! Helpers shared by the mixed-face tests: build mixed layouts from oracle text and compare
//! results with the oracle and the dynamic engine.

#![allow(dead_code)]

use cute::dynamic::{self, Layout as DynLayout, Tiler};
use cute::mixed::coalesce::ToLayout;
use cute::mixed::composition::CoalesceX;
use cute::mixed::{Compose, Error, Layout, MixedTuple};

/// The mixed layout of type `T` holding the layout `text`.
pub fn mixed<T>(text: &str) -> T
where
    T: for<'a> TryFrom<&'a DynLayout, Error = Error>,
{
    let d: DynLayout = text.parse().unwrap();
    T::try_from(&d).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Results of one op's cases.
#[derive(Default)]
pub struct Stats {
    /// Admissible cases computed.
    pub ok: usize,
    /// Inadmissible cases rejected.
    pub rejected: usize,
    /// Admissible cases rejected because runtime values make modes of A contiguous that the
    /// types cannot prove contiguous (the dynamic engine rejects the typed coalesced A too).
    pub unprovable: usize,
}

impl Stats {
    /// Print the counts; most admissible cases must be computed.
    pub fn report(&self, op: &str) {
        eprintln!(
            "{op}: {} computed, {} rejected as expected, {} rejected for unprovable contiguity",
            self.ok, self.rejected, self.unprovable
        );
        assert!(
            self.ok + self.rejected + self.unprovable == 0 || self.ok >= 2 * self.unprovable,
            "{op}: too many unprovable cases"
        );
    }
}

/// `got` and `want` are the same function with the same size (and, with `modes`, the same
/// top-level rank: the result of a composition has B's modes when B is a tuple).
pub fn same_function(id: &str, got: &DynLayout, want: &DynLayout, modes: bool) {
    let size = want.size().unwrap();
    assert_eq!(got.size().unwrap(), size, "{id}: size of {got} vs {want}");
    if modes {
        assert_eq!(got.rank(), want.rank(), "{id}: rank of {got} vs {want}");
    }
    if size <= 1 << 14 {
        for i in 0..size {
            assert_eq!(got.call(i).unwrap(), want.call(i).unwrap(), "{id}: {got} vs {want} at {i}");
        }
    } else {
        let (g, w) = (dynamic::coalesce(got).unwrap(), dynamic::coalesce(want).unwrap());
        assert_eq!(g.to_string(), w.to_string(), "{id}: {got} vs {want}");
    }
}

/// A mixed result compared with the oracle's layout as a function.
pub fn check_function(id: &str, got: Result<DynLayout, Error>, want: &str) {
    let got = got.unwrap_or_else(|e| panic!("{id}: {e}"));
    same_function(id, &got, &want.parse().unwrap(), false);
}

/// A mixed result compared with the oracle's layout as a function with the same top-level modes.
pub fn check_function_modes(id: &str, got: Result<DynLayout, Error>, want: &str) {
    let got = got.unwrap_or_else(|e| panic!("{id}: {e}"));
    same_function(id, &got, &want.parse().unwrap(), true);
}

/// A mixed result compared with the oracle's layout mode by mode: the same rank, and each
/// top-level mode the same function (a coalesce by a profile keeps the modes apart).
pub fn check_each_mode(id: &str, got: Result<DynLayout, Error>, want: &str) {
    let got = got.unwrap_or_else(|e| panic!("{id}: {e}"));
    let want: DynLayout = want.parse().unwrap();
    assert_eq!(got.rank(), want.rank(), "{id}: rank of {got} vs {want}");
    for (g, w) in got.modes().iter().zip(want.modes()) {
        same_function(id, g, &w, false);
    }
}

/// A right inverse through the mixed face against the oracle's (`want`, of the all-static
/// layout): a right inverse of `l` (`l(R(i)) == i`), equal to the oracle's on its domain; the
/// oracle's exactly when the layout is all static (CuTe's chain stops only at a runtime leaf).
pub fn check_right_inverse(id: &str, l: &str, got: Result<DynLayout, Error>, want: &str, all_static: bool) {
    let got = got.unwrap_or_else(|e| panic!("{id}: {e}"));
    if all_static {
        assert_eq!(got.to_string(), want, "{id}");
    }
    let (l, want): (DynLayout, DynLayout) = (l.parse().unwrap(), want.parse().unwrap());
    let n = got.size().unwrap();
    assert!(n <= want.size().unwrap(), "{id}: {got} is larger than {want}");
    for i in 0..n {
        let r = got.call(i).unwrap();
        assert_eq!(r, want.call(i).unwrap(), "{id}: {got} vs {want} at {i}");
        assert_eq!(l.call(r).unwrap(), i, "{id}: {l} o {got} at {i}");
    }
}

/// A nullspace through the mixed face (zero strides static) against the oracle's: the same
/// function with the same modes (the same text when all static), and `l(R(i)) == 0`.
pub fn check_nullspace(id: &str, l: &str, got: Result<DynLayout, Error>, want: &str, all_static: bool) {
    let l: DynLayout = l.parse().unwrap();
    let r = got.clone().unwrap_or_else(|e| panic!("{id}: {e}"));
    if all_static {
        assert_eq!(r.to_string(), want, "{id}");
    }
    for i in 0..r.size().unwrap() {
        assert_eq!(l.call(r.call(i).unwrap()).unwrap(), 0, "{id}: {l} o {r} at {i}");
    }
    check_each_mode(id, got, want);
}

/// A max common vector through the mixed face against the oracle's (of the all-static layouts):
/// a divisor of it (the oracle's exactly when all static), with `a(b⁻¹(n)) == n` for `n < N`.
pub fn check_common_vector(id: &str, a: &str, b: &str, got: Result<i64, Error>, want: &str, all_static: bool) {
    let got = got.unwrap_or_else(|e| panic!("{id}: {e}"));
    let want: i64 = want.parse().unwrap();
    if all_static {
        assert_eq!(got, want, "{id}");
    }
    assert!(got >= 1 && want % got == 0, "{id}: {got} does not divide {want}");
    let (a, b): (DynLayout, DynLayout) = (a.parse().unwrap(), b.parse().unwrap());
    let inv = dynamic::right_inverse(&b).unwrap();
    for n in 0..got {
        assert_eq!(a.call(inv.call(n).unwrap()).unwrap(), n, "{id}: {a} o {inv} at {n}");
    }
}

/// A max common layout through the mixed face against the oracle's (of the all-static layouts):
/// a prefix of it (the oracle's exactly when all static), with `a(R(i)) == b(R(i)) == i`.
pub fn check_common_layout(id: &str, a: &str, b: &str, got: Result<DynLayout, Error>, want: &str, all_static: bool) {
    let got = got.unwrap_or_else(|e| panic!("{id}: {e}"));
    if all_static {
        assert_eq!(got.to_string(), want, "{id}");
    }
    let want: DynLayout = want.parse().unwrap();
    let (a, b): (DynLayout, DynLayout) = (a.parse().unwrap(), b.parse().unwrap());
    let (n, m) = (got.size().unwrap(), want.size().unwrap());
    assert!(m % n == 0, "{id}: {got} is not a prefix of {want}");
    for i in 0..n {
        let r = got.call(i).unwrap();
        assert_eq!(r, want.call(i).unwrap(), "{id}: {got} vs {want} at {i}");
        assert_eq!((a.call(r).unwrap(), b.call(r).unwrap()), (i, i), "{id}: {got} at {i}");
    }
}

/// A mixed result compared with the oracle's text.
pub fn check_text(id: &str, got: String, want: &str) {
    assert_eq!(got, want, "{id}");
}

/// `A o B` through the mixed face against the oracle: an expected layout must come out as the
/// same function (and, when every leaf is static, as the same text); an expected error must be an
/// error. A mixed error on an admissible case is accepted only when the dynamic engine rejects
/// the typed coalesced A with B for the same reason.
pub fn check_composition<SA, DA, B>(
    stats: &mut Stats,
    id: &str,
    a: Layout<SA, DA>,
    b: B,
    a_text: &str,
    b_text: &str,
    expect: Result<&str, ()>,
) where
    SA: MixedTuple,
    DA: MixedTuple,
    Layout<SA, DA>: Compose<B> + CoalesceX,
    <Layout<SA, DA> as CoalesceX>::Output: ToLayout,
    <Layout<SA, DA> as Compose<B>>::Output: ToDyn,
    Result<<Layout<SA, DA> as Compose<B>>::Output, Error>: cute::layout::Fits,
{
    let tiler: Tiler = b_text.parse().unwrap();
    let dyn_a: DynLayout = a_text.parse().unwrap();
    match (a.compose(b), expect) {
        (Ok(r), Ok(want)) => {
            let r_static = r.is_static();
            let r = r.to_dyn();
            let want: DynLayout = want.parse().unwrap();
            same_function(id, &r, &want, b_text.starts_with('('));
            // A result with no runtime leaf is what CuTe computes statically: the same text.
            if r_static {
                assert_eq!(r.to_string(), want.to_string(), "{id}: static result");
            }
            stats.ok += 1;
        }
        (Ok(r), Err(())) => panic!("{id}: accepted an inadmissible composition: {}", r.to_dyn()),
        (Err(e), expect) => {
            // The walk runs on A coalesced as far as the types prove. When runtime values make
            // more modes contiguous (or size 1) than that, the walk cannot merge them and its
            // conditions fail where the dynamic engine's (on the fully coalesced A) hold.
            let ax = a.coalesce_x().unwrap().to_layout().unwrap().to_dynamic();
            let unprovable = dynamic::coalesce(&ax).unwrap().flat_modes().len() < ax.flat_modes().len();
            if !unprovable {
                match dynamic::composition_tiler(&dyn_a, &tiler) {
                    Err(de) if de.kind() == e.kind() => {}
                    other => panic!("{id}: mixed error `{e}` but the dynamic engine gives {other:?}"),
                }
            }
            match expect {
                Ok(_) if unprovable => stats.unprovable += 1,
                Ok(want) => panic!("{id}: mixed error `{e}`, expected {want}"),
                Err(()) => stats.rejected += 1,
            }
        }
    }
}

/// A divide through the mixed face against the oracle's result: the same function (with the
/// same top-level rank when `modes`), or an error only when runtime values make modes of A
/// contiguous that the types cannot prove (counted).
pub fn check_divide<SA, DA>(
    stats: &mut Stats,
    id: &str,
    a: Layout<SA, DA>,
    got: Result<DynLayout, Error>,
    want: &str,
    modes: bool,
) where
    Layout<SA, DA>: CoalesceX,
    <Layout<SA, DA> as CoalesceX>::Output: ToLayout,
{
    match got {
        Ok(r) => {
            same_function(id, &r, &want.parse().unwrap(), modes);
            stats.ok += 1;
        }
        Err(e) => {
            let ax = a.coalesce_x().unwrap().to_layout().unwrap().to_dynamic();
            let unprovable = dynamic::coalesce(&ax).unwrap().flat_modes().len() < ax.flat_modes().len();
            assert!(unprovable, "{id}: mixed error `{e}`, expected {want}");
            stats.unprovable += 1;
        }
    }
}

/// A mixed layout as a dynamic one.
pub trait ToDyn {
    /// Convert.
    fn to_dyn(&self) -> DynLayout;
    /// Whether every leaf of the type is static.
    fn is_static(&self) -> bool;
}
impl<S: MixedTuple, D: MixedTuple> ToDyn for Layout<S, D> {
    fn to_dyn(&self) -> DynLayout {
        self.to_dynamic()
    }
    fn is_static(&self) -> bool {
        Self::IS_STATIC
    }
}
