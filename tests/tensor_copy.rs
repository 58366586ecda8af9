//! `copy` and `axpby` are the element loops `for i in 0..size { dst(i) = src(i) }` and
//! `for i in 0..size { y(i) = alpha * x(i) + beta * y(i) }`, whatever path they take (runs from
//! index 0, a common vector, steps along the first leaves, one element at a time): checked on
//! random pairs of layouts (the dynamic engine's, the layout type's with runtime and static
//! leaves, swizzled ones), with negative and zero strides, by comparing the whole buffers, so
//! that a write outside the destination's view is seen too. The expected offsets are computed
//! by the dynamic engine and `Swizzle::apply`, apart from the tensors' own code.

use std::num::Wrapping;

use cute::dynamic::{HTuple, IntTuple, Layout as DynLayout};
use cute::swizzle::{Sw128B, Swizzle};
use cute::tensor::{axpby, copy, make_tensor, make_tensor_at, ViewLayout};
use cute::{layout, ComposedLayout, Layout};

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

type Mixed3 = Layout![({}, {}, {}):({}, {}, {})];
type Static32 = Layout![(4,(2,4)):(1,(4,8))];
type Static32Row = Layout![(4,8):(8,1)];
type Static32Gap = Layout![(2,(4,4)):(1,(2,16))];

/// A layout of any of the kinds a tensor takes.
#[derive(Clone)]
enum Any {
    Dyn(DynLayout),
    Mixed(Mixed3),
    SwDyn(ComposedLayout<Swizzle, DynLayout>),
    SwMixed(ComposedLayout<Swizzle, Mixed3>),
    Static(Static32),
    StaticRow(Static32Row),
    StaticGap(Static32Gap),
}

impl Any {
    /// The offset of index `i`, by the dynamic engine and the swizzle's own formula.
    fn offset(&self, i: usize) -> i64 {
        let plain = |l: &DynLayout| l.call(i as i64).unwrap();
        match self {
            Any::Dyn(l) => plain(l),
            Any::Mixed(l) => plain(&l.to_dynamic()),
            Any::SwDyn(c) => c.swizzle().apply(c.offset() + plain(c.inner())),
            Any::SwMixed(c) => c.swizzle().apply(c.offset() + plain(&c.inner().to_dynamic())),
            Any::Static(l) => plain(&l.to_dynamic()),
            Any::StaticRow(l) => plain(&l.to_dynamic()),
            Any::StaticGap(l) => plain(&l.to_dynamic()),
        }
    }
}

impl std::fmt::Display for Any {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Any::Dyn(l) => write!(f, "{}", l),
            Any::Mixed(l) => write!(f, "{}", l),
            Any::SwDyn(c) => write!(f, "{} o {} o {}", c.swizzle(), c.offset(), c.inner()),
            Any::SwMixed(c) => write!(f, "{}", c),
            Any::Static(l) => write!(f, "{}", l),
            Any::StaticRow(l) => write!(f, "{}", l),
            Any::StaticGap(l) => write!(f, "{}", l),
        }
    }
}

/// The prime factors of `n`, smallest first.
fn factors(mut n: i64) -> Vec<i64> {
    let mut out = Vec::new();
    let mut p = 2;
    while n > 1 {
        while n % p == 0 {
            out.push(p);
            n /= p;
        }
        p += 1;
    }
    out
}

/// `n` split into `k` extents (some may be 1), in a random order.
fn extents(rng: &mut Rng, n: i64, k: usize) -> Vec<i64> {
    let mut e = vec![1i64; k];
    for f in factors(n) {
        e[rng.below(k as u64) as usize] *= f;
    }
    e
}

/// Strides for `extents`: compact in a random order with random gaps, or random in -8..=8
/// (zero included), or a mix.
fn strides(rng: &mut Rng, extents: &[i64]) -> Vec<i64> {
    let k = extents.len();
    match rng.below(3) {
        0 => {
            let mut order: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut d = vec![0i64; k];
            let mut p = 1;
            for j in order {
                d[j] = if rng.below(6) == 0 { -p } else { p };
                p = p * extents[j] + if rng.below(4) == 0 { rng.range(1, 3) } else { 0 };
            }
            d
        }
        1 => (0..k).map(|_| rng.range(-8, 8)).collect(),
        _ => {
            let mut p = 1;
            (0..k)
                .map(|j| {
                    let d = if rng.below(3) == 0 { rng.range(-8, 8) } else { p };
                    p *= extents[j];
                    d
                })
                .collect()
        }
    }
}

/// A dynamic layout of size `n`: 1 to 4 leaves, the first two nested when there are more than 2.
fn dyn_layout(rng: &mut Rng, n: i64) -> DynLayout {
    let k = 1 + rng.below(4) as usize;
    let e = extents(rng, n, k);
    let d = strides(rng, &e);
    let tree = |v: &[i64]| -> IntTuple {
        let leaves: Vec<IntTuple> = v.iter().map(|&x| HTuple::Leaf(x)).collect();
        match leaves.len() {
            1 => leaves.into_iter().next().unwrap(),
            2 => HTuple::Tuple(leaves),
            _ => {
                let mut modes = vec![HTuple::Tuple(leaves[..2].to_vec())];
                modes.extend(leaves[2..].iter().cloned());
                HTuple::Tuple(modes)
            }
        }
    };
    DynLayout::new(tree(&e), tree(&d)).unwrap()
}

fn mixed_layout(rng: &mut Rng, n: i64) -> Mixed3 {
    let e = extents(rng, n, 3);
    let d = strides(rng, &e);
    layout!(({e[0]},{e[1]},{e[2]}):({d[0]},{d[1]},{d[2]})).unwrap()
}

/// A valid runtime swizzle with small fields (B from 0 to 3, M from 0 to 4).
fn swizzle(rng: &mut Rng) -> Swizzle {
    loop {
        let b = rng.range(0, 3) as i32;
        let m = rng.range(0, 4) as i32;
        let s = rng.range(-5, 5) as i32;
        if let Ok(sw) = Swizzle::new(b, m, s) {
            return sw;
        }
    }
}

fn any_layout(rng: &mut Rng, n: i64) -> Any {
    let statics = n == 32;
    match rng.below(if statics { 7 } else { 4 }) {
        0 => Any::Dyn(dyn_layout(rng, n)),
        1 => Any::Mixed(mixed_layout(rng, n)),
        2 => {
            let (sw, offset) = (swizzle(rng), rng.range(0, 40));
            Any::SwDyn(ComposedLayout::new(sw, offset, dyn_layout(rng, n)).unwrap())
        }
        3 => {
            let (sw, offset) = (swizzle(rng), rng.range(0, 40));
            Any::SwMixed(ComposedLayout::new(sw, offset, mixed_layout(rng, n)).unwrap())
        }
        4 => Any::Static(Static32::new()),
        5 => Any::StaticRow(Static32Row::new()),
        _ => Any::StaticGap(Static32Gap::new()),
    }
}

/// A buffer holding every offset the layout reaches from origin `base` (as its reach says, with
/// `slack` more elements on each side), and the origin. Checks that the reach holds every
/// offset.
fn room<L: ViewLayout>(l: &L, offsets: &[i64], slack: i64) -> (usize, usize) {
    let (low, high) = l.reach("room").unwrap_or_else(|_| panic!("reach"));
    for &o in offsets {
        assert!(low <= o && o <= high, "offset {} outside the reach {}..={}", o, low, high);
    }
    let base = (slack - low).max(0);
    (base as usize, (base + high + 1 + slack) as usize)
}

/// `copy` and `axpby` from `src` to `dst` against the element loops, whole buffers compared.
fn check<L: ViewLayout, M: ViewLayout + Clone>(src: L, dst: M, sa: &Any, da: &Any, slack: i64) {
    let n = src.size();
    let so: Vec<i64> = (0..n).map(|i| sa.offset(i)).collect();
    let d_o: Vec<i64> = (0..n).map(|i| da.offset(i)).collect();
    let (sbase, slen) = room(&src, &so, slack);
    let (dbase, dlen) = room(&dst, &d_o, slack);
    let from: Vec<Wrapping<i64>> = (0..slen as i64).map(|x| Wrapping(x * 7 + 1)).collect();
    let start: Vec<Wrapping<i64>> = (0..dlen as i64).map(|x| Wrapping(-1000 - x)).collect();
    let at = |base: usize, o: i64| (base as i64 + o) as usize;
    let why = || format!("src {} dst {}", sa, da);

    let mut to = start.clone();
    let s = make_tensor_at(&from[..], sbase, src).unwrap_or_else(|_| panic!("{}", why()));
    copy(&s, &mut make_tensor_at(&mut to[..], dbase, dst.clone()).unwrap_or_else(|_| panic!("{}", why()))).unwrap();
    let mut expected = start.clone();
    for i in 0..n {
        expected[at(dbase, d_o[i])] = from[at(sbase, so[i])];
    }
    same(&to, &expected, || format!("copy: {}", why()));

    let mut y = start.clone();
    axpby(
        Wrapping(3),
        &s,
        Wrapping(5),
        &mut make_tensor_at(&mut y[..], dbase, dst).unwrap_or_else(|_| panic!("{}", why())),
    )
    .unwrap();
    let mut expected = start;
    for i in 0..n {
        let d = at(dbase, d_o[i]);
        expected[d] = Wrapping(3) * from[at(sbase, so[i])] + Wrapping(5) * expected[d];
    }
    same(&y, &expected, || format!("axpby: {}", why()));
}

/// The buffers are equal; else the first position where they differ, named.
fn same(got: &[Wrapping<i64>], expected: &[Wrapping<i64>], why: impl Fn() -> String) {
    if let Some(k) = (0..got.len()).find(|&k| got[k] != expected[k]) {
        panic!("{}: element {} of the buffer is {}, expected {}", why(), k, got[k], expected[k]);
    }
}

/// `check` on the two layouts' own types.
fn dispatch(src: &Any, dst: &Any, slack: i64) {
    macro_rules! with_dst {
        ($s:expr) => {
            match dst {
                Any::Dyn(d) => check($s, d.clone(), src, dst, slack),
                Any::Mixed(d) => check($s, *d, src, dst, slack),
                Any::SwDyn(d) => check($s, d.clone(), src, dst, slack),
                Any::SwMixed(d) => check($s, *d, src, dst, slack),
                Any::Static(d) => check($s, *d, src, dst, slack),
                Any::StaticRow(d) => check($s, *d, src, dst, slack),
                Any::StaticGap(d) => check($s, *d, src, dst, slack),
            }
        };
    }
    match src {
        Any::Dyn(s) => with_dst!(s.clone()),
        Any::Mixed(s) => with_dst!(*s),
        Any::SwDyn(s) => with_dst!(s.clone()),
        Any::SwMixed(s) => with_dst!(*s),
        Any::Static(s) => with_dst!(*s),
        Any::StaticRow(s) => with_dst!(*s),
        Any::StaticGap(s) => with_dst!(*s),
    }
}

#[test]
fn copy_and_axpby_are_the_element_loops_on_random_views() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..30_000 {
        let n = [1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64][rng.below(11) as usize];
        let (src, dst) = (any_layout(&mut rng, n), any_layout(&mut rng, n));
        dispatch(&src, &dst, rng.range(0, 3));
    }
}

/// The repros: a swizzled destination whose runs are not whole chunks of `2^M`.
#[test]
fn swizzled_copies_stay_in_their_views() {
    // Sw<1,3,1> o 0 o 12:1: runs of 4 (12 is not a multiple of 8), never past element 11.
    let sw = ComposedLayout::new(Swizzle::new(1, 3, 1).unwrap(), 0, layout!(12:1)).unwrap();
    assert_eq!(sw.contiguous_run(), 4);
    let src: Vec<u8> = (1..=12).collect();
    let mut dst = [0u8; 16];
    copy(&make_tensor(&src[..], layout!(12:1)).unwrap(), &mut make_tensor(&mut dst[..], sw).unwrap()).unwrap();
    assert_eq!(dst, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 0]);

    // A compact (24,8) tile into 24 bytes of each 128-byte row, 128-byte swizzled: runs of 8.
    let smem = ComposedLayout::new(Sw128B::new(), 0, layout!((24,8):(1,128))).unwrap();
    assert_eq!(smem.contiguous_run(), 8);
    let tile: Vec<u8> = (0..192).map(|x| x as u8 + 1).collect();
    for len in [1024, 2048] {
        let mut buf = vec![0u8; len];
        copy(&make_tensor(&tile[..], layout!((24,8):(1,24))).unwrap(), &mut make_tensor(&mut buf[..], smem).unwrap())
            .unwrap();
        let mut expected = vec![0u8; len];
        for r in 0..8 {
            for c in 0..24 {
                expected[Sw128B::new().apply(r * 128 + c) as usize] = tile[(r * 24 + c) as usize];
            }
        }
        assert_eq!(buf, expected);
    }

    // An identity swizzle keeps the inner layout's run: 3, not 2 (which does not divide it).
    let id = ComposedLayout::new(Swizzle::new(0, 1, 0).unwrap(), 2, layout!(({3},{2}):({1},{-6})).unwrap()).unwrap();
    assert_eq!(id.contiguous_run(), 3);
    let src: Vec<i32> = (1..=6).collect();
    let mut dst = [0i32; 9];
    copy(&make_tensor(&src[..], layout!(6:1)).unwrap(), &mut make_tensor_at(&mut dst[..], 4, id).unwrap()).unwrap();
    assert_eq!(dst, [4, 5, 6, 0, 0, 0, 1, 2, 3]);
}

/// A destination that reaches one element from several indices keeps the last write, as the
/// element loop (CuTe's `copy`) does, on every path `copy` takes.
#[test]
fn the_last_write_stays() {
    let src: Vec<i32> = (10..18).collect();
    // (2,2,2):(1,1,0): element 1 is reached by indices 1, 2, 5 and 6; the last is 6.
    let mut d = [0i32; 3];
    copy(
        &make_tensor(&src[..], layout!(8:1)).unwrap(),
        &mut make_tensor(&mut d[..], layout!((2,2,2):(1,1,0))).unwrap(),
    )
    .unwrap();
    assert_eq!(d, [14, 16, 17]);
    // (2,2):(1,1): element 1 is reached by indices 1 and 2.
    let mut d = [0i32; 3];
    copy(&make_tensor(&src[..4], layout!(4:1)).unwrap(), &mut make_tensor(&mut d[..], layout!((2,2):(1,1))).unwrap())
        .unwrap();
    assert_eq!(d, [10, 12, 13]);
    // A stride-0 leaf after a run of 4: runs of 4 in index order, the second wins.
    let mut d = [0i32; 4];
    copy(&make_tensor(&src[..], layout!(8:1)).unwrap(), &mut make_tensor(&mut d[..], layout!((4,2):(1,0))).unwrap())
        .unwrap();
    assert_eq!(d, [14, 15, 16, 17]);
}
