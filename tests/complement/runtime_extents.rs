//! The complement of layouts whose extents are runtime values and whose strides are static (and
//! the divides and products that take it), on grids of values, against a transcription of
//! CuTe's steps on plain integers (`reference`), the dynamic engine, and the post-conditions.

#![allow(clippy::type_complexity)]

use cute::dynamic::{self, Layout as DynLayout};
use cute::error::ErrorKind;
use cute::mixed::{self, Detail};
use cute::typenum::consts::{P1, P12, P2, P32, P360, P4, P5, P6, P7, P8, P90, Z0};
use cute::{hlist, HCons, HNil, Layout};

/// One mode of A as CuTe's types see it: its value, its stride, whether its shape is static.
#[derive(Clone, Copy, Debug)]
struct Mode {
    s: i64,
    d: i64,
    static_shape: bool,
}

/// CuTe's `complement(A, M)` for static strides, step by step on integers: `filter_zeros` (a
/// stride-0 mode gets the static shape 1), `coalesce` from the back as the types allow it (a
/// static size-1 mode is dropped; a mode of static shape merges into the next when
/// `s * d == d_next`), nothing left giving `coalesce(M)`, else the modes by increasing stride
/// (the first of equal strides first), each leaving the gap `d / last` (an error if 0), the rest
/// `ceil_div(M, last)` from the last span. The modes before the final coalesce (which changes
/// neither the function nor the size), or the failing stride and span.
fn reference(modes: &[Mode], m: i64) -> Result<Vec<(i64, i64)>, (i64, i64)> {
    let mut kept: Vec<Mode> = Vec::new();
    for &mode in modes.iter().rev() {
        let mode = if mode.d == 0 { Mode { s: 1, d: 0, static_shape: true } } else { mode };
        if mode.static_shape && mode.s == 1 {
            continue;
        }
        match kept.first_mut() {
            Some(next) if mode.static_shape && mode.s * mode.d == next.d => {
                *next = Mode { s: mode.s * next.s, d: mode.d, static_shape: next.static_shape };
            }
            _ => kept.insert(0, mode),
        }
    }
    if kept.is_empty() {
        return Ok(vec![(m, 1)]);
    }
    let mut sorted = kept.clone();
    sorted.sort_by_key(|mode| mode.d); // stable: the first of equal strides first
    let (mut out, mut last) = (Vec::new(), 1i64);
    for mode in sorted {
        let q = mode.d / last;
        if q < 1 {
            return Err((mode.d, last));
        }
        out.push((q, last));
        last = mode.d * mode.s;
    }
    out.push(((m - 1) / last + 1, last));
    Ok(out)
}

/// The offsets of a layout, in order of its index.
fn offsets(l: &DynLayout) -> Vec<i64> {
    (0..l.size().unwrap()).map(|i| l.call(i).unwrap()).collect()
}

/// The checks of one case: the result against the reference (as a function of the same size,
/// or the same error), against the dynamic engine where no runtime extent is 1 (a mode to CuTe,
/// which the engine filters), and CuTe's post-conditions: ordered, disjoint from A.
fn check(id: &str, modes: &[Mode], m: i64, a: &DynLayout, got: Result<DynLayout, mixed::Error>, cases: &mut usize) {
    *cases += 1;
    let want = reference(modes, m);
    match (&got, &want) {
        (Ok(r), Ok(w)) => {
            let join = |f: fn(&(i64, i64)) -> i64| w.iter().map(|p| f(p).to_string()).collect::<Vec<_>>().join(",");
            let w: DynLayout = format!("({}):({})", join(|p| p.0), join(|p| p.1)).parse().unwrap();
            assert_eq!(offsets(r), offsets(&w), "{id}: {r} vs CuTe's {w}");
            let rv = offsets(r);
            assert!(rv.windows(2).all(|p| p[0] < p[1]), "{id}: {r} is not ordered");
            let image = offsets(a);
            assert!(rv.iter().skip(1).all(|x| !image.contains(x)), "{id}: {r} meets {a}");
        }
        (Err(e), Err((stride, span))) => {
            assert_eq!(e.kind(), ErrorKind::NonInjective, "{id}: {e}");
            assert_eq!(
                e.detail(),
                Detail::Complement(cute::error::ComplementError::NonInjective { stride: *stride, span: *span }),
                "{id}"
            );
        }
        _ => panic!("{id}: {got:?} vs CuTe's {want:?}"),
    }
    if modes.iter().any(|mode| !mode.static_shape && mode.s == 1) {
        return;
    }
    match (dynamic::complement(a, &m.into()), got) {
        (Ok(e), Ok(r)) => {
            assert_eq!(r.size().unwrap(), e.size().unwrap(), "{id}: {r} vs the engine's {e}");
            assert_eq!(offsets(&r), offsets(&e), "{id}: {r} vs the engine's {e}");
        }
        (Err(e), Err(g)) => assert_eq!(e.kind(), g.kind(), "{id}: {g} vs the engine's {e}"),
        (e, g) => panic!("{id}: {g:?} vs the engine's {e:?}"),
    }
}

/// Each of the layout types `$ty`, its runtime extents over `1..=$n` each, every cotarget up to
/// 64: `$modes` gives the modes from the extents, `$make` the mixed layout.
macro_rules! grid {
    ($($name:literal: $ty:ty, $n:literal, |$v:ident| $modes:expr, $make:expr;)*) => {{
        let mut cases = 0;
        $(
            let k = { let $v = [0i64; 3]; let modes: Vec<Mode> = $modes; modes.iter().filter(|m| !m.static_shape).count() };
            for code in 0..($n as i64).pow(k as u32) {
                let mut $v = [1i64; 3];
                let mut c = code;
                for x in $v.iter_mut().take(k) {
                    *x = c % $n + 1;
                    c /= $n;
                }
                let modes: Vec<Mode> = $modes;
                let a: $ty = $make.unwrap();
                let ad = a.to_dynamic();
                for m in 1..=64i64 {
                    let id = format!("{}: complement({a}, {m})", $name);
                    check(&id, &modes, m, &ad, mixed::complement(a, m).map(|r| r.to_dynamic()), &mut cases);
                    let r = cute::complement(a, m).map(|r| r.to_dynamic());
                    assert_eq!(format!("{r:?}"), format!("{:?}", mixed::complement(a, m).map(|r| r.to_dynamic())), "{id}");
                }
            }
        )*
        cases
    }};
}

fn rt(s: i64, d: i64) -> Mode {
    Mode { s, d, static_shape: false }
}
fn st(s: i64, d: i64) -> Mode {
    Mode { s, d, static_shape: true }
}

#[test]
fn runtime_extents_at_static_strides_are_cutes_complement() {
    type Pair = Layout<HCons<i64, HCons<i64, HNil>>, HCons<P1, HCons<P6, HNil>>>;
    type Gemm = Layout<
        HCons<HCons<i64, HCons<P8, HNil>>, HCons<HCons<i64, HCons<P2, HNil>>, HNil>>,
        HCons<HCons<P2, HCons<P32, HNil>>, HCons<HCons<P1, HCons<P8, HNil>>, HNil>>,
    >;
    type Rank4 =
        Layout<HCons<i64, HCons<P5, HCons<i64, HCons<P7, HNil>>>>, HCons<P1, HCons<P6, HCons<P90, HCons<P360, HNil>>>>>;
    type Ties = Layout<HCons<i64, HCons<i64, HCons<i64, HNil>>>, HCons<P4, HCons<P1, HCons<P4, HNil>>>>;
    type Merged = Layout<HCons<P4, HCons<i64, HCons<i64, HNil>>>, HCons<P1, HCons<P4, HCons<Z0, HNil>>>>;
    type Equal = Layout<HCons<i64, HCons<i64, HNil>>, HCons<P2, HCons<P2, HNil>>>;
    type Nested = Layout<HCons<HCons<i64, HNil>, HCons<i64, HNil>>, HCons<HCons<P8, HNil>, HCons<P1, HNil>>>;
    let cases = grid! {
        "pair": Pair, 8, |v| vec![rt(v[0], 1), rt(v[1], 6)],
            Layout::try_new(hlist![v[0], v[1]], hlist![P1::new(), P6::new()]);
        "gemm": Gemm, 6, |v| vec![rt(v[0], 2), st(8, 32), rt(v[1], 1), st(2, 8)],
            Layout::try_new(hlist![hlist![v[0], P8::new()], hlist![v[1], P2::new()]], hlist![hlist![P2::new(), P32::new()], hlist![P1::new(), P8::new()]]);
        "rank4": Rank4, 8, |v| vec![rt(v[0], 1), st(5, 6), rt(v[1], 90), st(7, 360)],
            Layout::try_new(hlist![v[0], P5::new(), v[1], P7::new()], hlist![P1::new(), P6::new(), P90::new(), P360::new()]);
        "ties": Ties, 4, |v| vec![rt(v[0], 4), rt(v[1], 1), rt(v[2], 4)],
            Layout::try_new(hlist![v[0], v[1], v[2]], hlist![P4::new(), P1::new(), P4::new()]);
        "merged": Merged, 6, |v| vec![st(4, 1), rt(v[0], 4), rt(v[1], 0)],
            Layout::try_new(hlist![P4::new(), v[0], v[1]], hlist![P1::new(), P4::new(), Z0::new()]);
        "equal": Equal, 5, |v| vec![rt(v[0], 2), rt(v[1], 2)],
            Layout::try_new(hlist![v[0], v[1]], hlist![P2::new(), P2::new()]);
        "nested": Nested, 9, |v| vec![rt(v[0], 8), rt(v[1], 1)],
            Layout::try_new(hlist![hlist![v[0]], v[1]], hlist![hlist![P8::new()], P1::new()]);
    };
    assert!(cases > 20_000, "{cases}");
}

/// A divide by a tile of runtime extents at static strides, and a product of such a block,
/// through the mixed face: the dynamic engine's result (the same size and offsets), on grids
/// where A's size is a multiple of the tile's span (so that no rest mode reaches past A, where the
/// engines may differ) and no runtime extent is 1; A of two modes and of one (whose divides take
/// their closed forms).
#[test]
fn divides_and_products_take_the_complement_of_runtime_extents() {
    type Tile = Layout<HCons<i64, HCons<i64, HNil>>, HCons<P1, HCons<P4, HNil>>>;
    // Columns of 12 (static), a runtime number of them: the types coalesce it to one mode.
    let mut products = 0;
    type Matrix = Layout<HCons<P12, HCons<i64, HNil>>, HCons<P1, HCons<P12, HNil>>>;
    let mut cases = 0;
    for a1 in [2i64, 4, 6] {
        let a: Matrix = Layout::try_new(hlist![P12::new(), a1], hlist![P1::new(), P12::new()]).unwrap();
        let ad = a.to_dynamic();
        for (t0, t1) in [(2i64, 2i64), (3, 2), (4, 2), (2, 3), (4, 3)] {
            let tile: Tile = Layout::try_new(hlist![t0, t1], hlist![P1::new(), P4::new()]).unwrap();
            let td = dynamic::Tiler::Layout(tile.to_dynamic());
            let id = format!("logical_divide({a}, {tile})");
            let got = mixed::logical_divide(a, tile).map(|r| r.to_dynamic()).unwrap_or_else(|e| panic!("{id}: {e}"));
            let want = dynamic::logical_divide(&ad, &td).unwrap();
            assert_eq!(
                (got.size().unwrap(), offsets(&got)),
                (want.size().unwrap(), offsets(&want)),
                "{id}: {got} vs {want}"
            );
            let z = mixed::zipped_divide(a, tile).map(|r| r.to_dynamic()).unwrap();
            assert_eq!(offsets(&z), offsets(&dynamic::zipped_divide(&ad, &td).unwrap()), "{id}: zipped");
            // The same tile as the block of a product (its complement in size * cosize(B)).
            for n in [2i64, 3] {
                let id = format!("logical_product({tile}, {n}:1)");
                let got = mixed::logical_product(tile, Layout::try_new(n, P1::new()).unwrap()).map(|r| r.to_dynamic());
                let want = dynamic::logical_product(
                    &tile.to_dynamic(),
                    &dynamic::Tiler::Layout(format!("{n}:1").parse().unwrap()),
                );
                match (got, want) {
                    (Ok(g), Ok(w)) => {
                        assert_eq!(
                            (g.size().unwrap(), offsets(&g)),
                            (w.size().unwrap(), offsets(&w)),
                            "{id}: {g} vs {w}"
                        );
                        products += 1;
                    }
                    (Err(g), Err(w)) => assert_eq!(g.kind(), w.kind(), "{id}: {g} vs {w}"),
                    (g, w) => panic!("{id}: {g:?} vs the engine's {w:?}"),
                }
                cases += 1;
            }
            cases += 1;
        }
    }
    // A single mode divided (the closed forms of a leaf by a tile): by the tile of two runtime
    // extents, and by a tile of one runtime extent at the static stride 2.
    type Leaf = Layout<i64, i64>;
    type One = Layout<HCons<i64, HNil>, HCons<P2, HNil>>;
    for (n, d) in [(24i64, 1i64), (48, 3), (72, -2)] {
        let a: Leaf = Layout::try_new(n, d).unwrap();
        let ad = a.to_dynamic();
        for (t0, t1) in [(2i64, 2i64), (4, 3), (3, 2)] {
            let tile: Tile = Layout::try_new(hlist![t0, t1], hlist![P1::new(), P4::new()]).unwrap();
            let one: One = Layout::try_new(hlist![t0], hlist![P2::new()]).unwrap();
            let t = (dynamic::Tiler::Layout(tile.to_dynamic()), dynamic::Tiler::Layout(one.to_dynamic()));
            for (got, want, id) in [
                (
                    mixed::logical_divide(a, tile).map(|r| r.to_dynamic()),
                    dynamic::logical_divide(&ad, &t.0),
                    format!("{a} / {tile}"),
                ),
                (
                    mixed::logical_divide(a, one).map(|r| r.to_dynamic()),
                    dynamic::logical_divide(&ad, &t.1),
                    format!("{a} / {one}"),
                ),
                (
                    mixed::tiled_divide(a, tile).map(|r| r.to_dynamic()),
                    dynamic::tiled_divide(&ad, &t.0),
                    format!("tiled {a} / {tile}"),
                ),
            ] {
                let (got, want) = (got.unwrap_or_else(|e| panic!("{id}: {e}")), want.unwrap());
                assert_eq!(
                    (got.size().unwrap(), offsets(&got)),
                    (want.size().unwrap(), offsets(&want)),
                    "{id}: {got} vs {want}"
                );
                cases += 1;
            }
        }
    }
    // Most products are admissible (a block that is not compact may leave a gap that B's size
    // does not divide: both engines refuse it).
    assert!(cases == 72 && products * 2 >= 30, "{cases} cases, {products} products computed");
}
