//! Generators of the property tests (`tests/properties.rs` and `tests/<name>/properties.rs`).
//!
//! Every random input is decoded from a fixed-length sequence of `u32` choices ([`choices`]).
//! A choice is read as a fraction of its range, so proptest's shrinking of the choices towards
//! 0 shrinks the decoded input monotonically towards the simplest one: an integral shape, leaf
//! 1, the identity permutation, no optional extras. The decoded inputs print in CuTe notation
//! ([`Show`]), so a minimized counterexample can be read off the failure message.

#![allow(dead_code)]

use std::fmt;

use cute::dynamic::{Coord, HTuple, IntTuple, Layout, Tiler};
use cute_eval::{functions, Value};
use proptest::prelude::*;

/// Number of choices behind one input; generators read 0 once they are used up.
pub const CHOICES: usize = 256;

/// The raw material of every input.
pub fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), CHOICES)
}

/// A cursor over the choices.
pub struct Gen {
    choices: Vec<u32>,
    pos: usize,
}

impl Gen {
    pub fn new(choices: Vec<u32>) -> Gen {
        Gen { choices, pos: 0 }
    }

    fn next(&mut self) -> u32 {
        let c = self.choices.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        c
    }

    /// A number in `0..n` (0 for `n <= 1`), monotonic in the choice.
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        ((u64::from(self.next()) * n as u64) >> 32) as usize
    }

    /// True with probability `percent`%; a zero choice is false.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) >= 100 - percent
    }

    /// One of `xs` (the first for a zero choice).
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }

    /// Shuffle in place (Fisher-Yates); zero choices leave the order alone.
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = i - self.below(i + 1);
            xs.swap(i, j);
        }
    }
}

/// Prints a value with its `Display` (CuTe notation) as its `Debug`, for readable failures.
#[derive(Clone, PartialEq)]
pub struct Show<T>(pub T);

impl<T: fmt::Display> fmt::Debug for Show<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A coordinate or profile in notation (`Coord` has no `Display`).
pub fn coord_text(c: &Coord) -> String {
    match c {
        HTuple::Leaf(Some(v)) => v.to_string(),
        HTuple::Leaf(None) => "_".into(),
        HTuple::Tuple(v) => format!("({})", v.iter().map(coord_text).collect::<Vec<_>>().join(",")),
    }
}

/// A shape leaf in 1..=8, biased to small powers of two; 1 for a zero choice.
pub fn leaf(g: &mut Gen) -> i64 {
    g.pick(&[1, 2, 2, 3, 4, 2, 4, 8, 6, 5, 7, 3, 2, 4])
}

/// Halve the largest leaves until the size is at most `cap`.
pub fn clamp(shape: &IntTuple, cap: i64) -> IntTuple {
    let mut leaves = shape.flat_leaves();
    while leaves.iter().product::<i64>() > cap {
        let (i, _) = leaves.iter().enumerate().max_by_key(|&(_, &s)| s).expect("a product above 1 has leaves");
        leaves[i] = (leaves[i] + 1) / 2;
    }
    shape.unflatten(&leaves).expect("same profile")
}

/// A shape of rank 1-4 and depth <= 2 (an integer one time in five), leaves 1..=8, size at
/// most `cap`.
pub fn shape(g: &mut Gen, cap: i64) -> IntTuple {
    let s = if g.below(5) == 0 {
        HTuple::Leaf(leaf(g))
    } else {
        let rank = 1 + g.below(4);
        HTuple::Tuple(
            (0..rank)
                .map(|_| {
                    if g.below(10) < 7 {
                        HTuple::Leaf(leaf(g))
                    } else {
                        let n = 1 + g.below(3);
                        HTuple::Tuple((0..n).map(|_| HTuple::Leaf(leaf(g))).collect())
                    }
                })
                .collect(),
        )
    };
    // A trailing size-1 leaf changes a layout beyond its size (the last mode absorbs larger
    // indices), an edge that coalesce removes: make it common.
    let s = if g.chance(10) {
        let mut leaves = s.flat_leaves();
        *leaves.last_mut().expect("a shape has leaves") = 1;
        s.unflatten(&leaves).expect("same profile")
    } else {
        s
    };
    clamp(&s, cap)
}

/// Small strides of both signs, 0 included.
pub const STRIDES: [i64; 20] = [1, 0, 2, -1, 4, 3, -2, 8, 1, 16, 5, 6, -4, 12, 32, 7, -3, 24, 9, 64];

/// Arbitrary small strides.
pub fn random_strides(g: &mut Gen, n: usize, nonneg: bool) -> Vec<i64> {
    (0..n)
        .map(|_| {
            let d = g.pick(&STRIDES);
            if nonneg {
                d.abs()
            } else {
                d
            }
        })
        .collect()
}

/// Compact strides for the leaves `sizes` in a random order: each leaf's stride is the span of
/// the leaves before it in that order, times a random scale (`gaps`), times random gaps
/// between leaves (`gaps`), negated at random (`signs`). Size-1 leaves get 0 or the current
/// stride. Without `signs` the layout is injective with non-negative strides.
pub fn compact_strides(g: &mut Gen, sizes: &[i64], gaps: bool, signs: bool) -> Vec<i64> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    g.shuffle(&mut order);
    let mut current = if gaps { g.pick(&[1, 1, 2, 3]) } else { 1 };
    let mut out = vec![0; sizes.len()];
    for i in order {
        if sizes[i] == 1 {
            out[i] = if g.chance(30) { current } else { 0 };
            continue;
        }
        out[i] = if signs && g.chance(30) { -current } else { current };
        current *= sizes[i];
        if gaps && g.chance(25) {
            current *= g.pick(&[2, 3]);
        }
    }
    out
}

/// The layout `shape:strides` (strides given for the flat leaves).
pub fn with_strides(shape: &IntTuple, strides: &[i64]) -> Layout {
    Layout::new(shape.clone(), shape.unflatten(strides).expect("one stride per leaf")).expect("valid layout")
}

/// Any small layout: compact in a random order, with gaps and signs, or arbitrary strides
/// (zero and negative included).
pub fn any_layout(g: &mut Gen, cap: i64) -> Layout {
    let s = shape(g, cap);
    let sizes = s.flat_leaves();
    let d = match g.below(4) {
        0 => compact_strides(g, &sizes, false, false),
        1 => compact_strides(g, &sizes, true, true),
        _ => random_strides(g, sizes.len(), false),
    };
    with_strides(&s, &d)
}

/// An injective layout with non-negative strides: compact in a random order, with gaps.
pub fn injective_layout(g: &mut Gen, cap: i64) -> Layout {
    let s = shape(g, cap);
    let gaps = g.chance(50);
    let d = compact_strides(g, &s.flat_leaves(), gaps, false);
    with_strides(&s, &d)
}

/// A compact layout (cosize == size when no leaf is 1) whose leaves are ordered at random.
pub fn compact_layout(g: &mut Gen, cap: i64) -> Layout {
    let s = shape(g, cap);
    let d = compact_strides(g, &s.flat_leaves(), false, false);
    with_strides(&s, &d)
}

/// A small layout with non-negative strides: compact, with gaps, or arbitrary.
pub fn nonneg_layout(g: &mut Gen, cap: i64) -> Layout {
    let s = shape(g, cap);
    let sizes = s.flat_leaves();
    let d = match g.below(3) {
        0 => compact_strides(g, &sizes, false, false),
        1 => compact_strides(g, &sizes, true, false),
        _ => random_strides(g, sizes.len(), true),
    };
    with_strides(&s, &d)
}

fn prime_factors(mut n: i64) -> Vec<i64> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        while n % p == 0 {
            out.push(p);
            n /= p;
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// Atoms of an index space whose colexicographic factors are `sizes`: each factor is cut into
/// sub-factors (its primes in a random order, grouped at random). Returns `(size, index
/// stride)` of every atom larger than 1, in index order.
pub fn atoms(g: &mut Gen, sizes: &[i64]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let mut pre = 1;
    for &s in sizes {
        let mut primes = prime_factors(s);
        g.shuffle(&mut primes);
        let mut cur = 1;
        for (k, p) in primes.iter().enumerate() {
            cur *= p;
            if k + 1 == primes.len() || g.chance(50) {
                out.push((cur, pre));
                pre *= cur;
                cur = 1;
            }
        }
    }
    out
}

/// Atoms of an index space given as the atoms of each of its colexicographic factors.
pub fn atoms_of_leaves(leaves: &[Vec<i64>]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let mut pre = 1;
    for l in leaves {
        for &s in l {
            out.push((s, pre));
            pre *= s;
        }
    }
    out
}

/// Group flat `(shape, stride)` leaves into a layout of rank <= 4 and depth <= 2.
pub fn tree(g: &mut Gen, leaves: &[(i64, i64)]) -> Layout {
    let node = |(s, d): (i64, i64)| Layout::new(HTuple::Leaf(s), HTuple::Leaf(d)).expect("positive shape");
    if leaves.len() == 1 && !g.chance(20) {
        return node(leaves[0]);
    }
    let modes = 1 + g.below(leaves.len().min(4));
    // Cut points: `modes - 1` distinct positions in 1..len.
    let mut cuts: Vec<usize> = (1..leaves.len()).collect();
    g.shuffle(&mut cuts);
    let mut cuts: Vec<usize> = cuts.into_iter().take(modes - 1).collect();
    cuts.sort_unstable();
    let mut bounds = vec![0];
    bounds.extend(cuts);
    bounds.push(leaves.len());
    let out = bounds
        .windows(2)
        .map(|w| {
            let chunk = &leaves[w[0]..w[1]];
            if chunk.len() == 1 && !g.chance(20) {
                node(chunk[0])
            } else {
                Layout::from_modes(chunk.iter().map(|&l| node(l)).collect())
            }
        })
        .collect();
    Layout::from_modes(out)
}

/// A layout inside the index space of `atoms`: its leaves are runs of consecutive atoms (a
/// random subset of them, in a random order), each with the size of its run and the index
/// stride of its first atom; sometimes a stride-0 leaf is added. Composing a layout whose index
/// space this is with the result must succeed. Returns the layout and the atom sizes of each
/// of its flat leaves, in order.
pub fn aligned(g: &mut Gen, atoms: &[(i64, i64)]) -> (Layout, Vec<Vec<i64>>) {
    let mut runs: Vec<Vec<(i64, i64)>> = Vec::new();
    for (k, &a) in atoms.iter().enumerate() {
        if k == 0 || g.chance(50) {
            runs.push(vec![a]);
        } else {
            runs.last_mut().expect("a run was started").push(a);
        }
    }
    let total = runs.len();
    let mut kept: Vec<Vec<(i64, i64)>> = Vec::new();
    for (k, r) in runs.into_iter().enumerate() {
        if !g.chance(25) || (kept.is_empty() && k + 1 == total) {
            kept.push(r);
        }
    }
    g.shuffle(&mut kept);
    let mut leaves: Vec<((i64, i64), Vec<i64>)> =
        kept.iter().map(|r| ((r.iter().map(|a| a.0).product(), r[0].1), r.iter().map(|a| a.0).collect())).collect();
    if g.chance(10) {
        let n = g.pick(&[2, 3]);
        let at = g.below(leaves.len() + 1);
        leaves.insert(at, ((n, 0), vec![n]));
    }
    if leaves.is_empty() {
        leaves.push(((1, 0), vec![]));
    }
    let flat: Vec<(i64, i64)> = leaves.iter().map(|l| l.0).collect();
    (tree(g, &flat), leaves.into_iter().map(|l| l.1).collect())
}

/// A tiler that fits `a` (a layout inside A's index space) most of the time; else an integer,
/// an arbitrary non-negative layout, or a tuple of such tilers (with `_`), one per mode.
/// Returns whether the tiler fits, so that dividing by it must succeed.
pub fn divide_tiler(g: &mut Gen, a: &Layout, cap: i64) -> (Tiler, bool) {
    match g.below(10) {
        0..=5 => {
            let at = atoms(g, &a.shape().flat_leaves());
            (Tiler::Layout(aligned(g, &at).0), true)
        }
        6 => (Tiler::Int(g.range(1, 8)), false),
        7 => (Tiler::Layout(nonneg_layout(g, cap)), false),
        _ => {
            let modes = a.modes();
            let n = 1 + g.below(modes.len());
            let mut fits = true;
            let ts = modes[..n]
                .iter()
                .map(|m| match g.below(6) {
                    0..=3 => {
                        let at = atoms(g, &m.shape().flat_leaves());
                        Tiler::Layout(aligned(g, &at).0)
                    }
                    4 => {
                        fits = false;
                        Tiler::Int(g.range(1, 4))
                    }
                    _ => Tiler::Underscore,
                })
                .collect();
            (Tiler::Tuple(ts), fits)
        }
    }
}

/// A tiler for products: a small compact or non-negative layout, an integer, or a tuple of
/// such tilers (with `_`), one per mode of `a`.
pub fn product_tiler(g: &mut Gen, a: &Layout, cap: i64) -> Tiler {
    match g.below(10) {
        0..=3 => Tiler::Layout(compact_layout(g, cap)),
        4..=5 => Tiler::Layout(nonneg_layout(g, cap)),
        6 => Tiler::Int(g.range(1, 4)),
        _ => {
            let modes = a.modes();
            let n = 1 + g.below(modes.len());
            Tiler::Tuple(
                (0..n)
                    .map(|_| match g.below(6) {
                        0..=3 => Tiler::Layout(compact_layout(g, 8)),
                        4 => Tiler::Int(g.range(1, 4)),
                        _ => Tiler::Underscore,
                    })
                    .collect(),
            )
        }
    }
}

/// A coalesce profile for `l`: `1`, `_`, or a tuple over a prefix of its modes (sometimes one
/// mode too many, which is an error).
pub fn profile(g: &mut Gen, l: &Layout, depth: usize) -> Coord {
    match g.below(10) {
        0..=1 => HTuple::Leaf(Some(1)),
        2 => HTuple::Leaf(None),
        _ if depth >= 2 => HTuple::Leaf(Some(1)),
        _ => {
            let modes = l.modes();
            let mut n = g.below(modes.len() + 1);
            if g.chance(5) {
                n = modes.len() + 1;
            }
            HTuple::Tuple(
                (0..n).map(|k| modes.get(k).map_or(HTuple::Leaf(Some(1)), |m| profile(g, m, depth + 1))).collect(),
            )
        }
    }
}

/// Extreme values, to reach the overflow checks.
pub const WILD: [i64; 14] = [
    1,
    -1,
    0,
    2,
    1 << 20,
    1 << 31,
    (1 << 31) + 1,
    3_037_000_500,
    1 << 62,
    i64::MAX,
    i64::MIN,
    i64::MIN + 1,
    -(1 << 40),
    i64::MAX / 3,
];

/// An integer: small most of the time, sometimes extreme.
pub fn wild_int(g: &mut Gen) -> i64 {
    if g.chance(20) {
        g.pick(&WILD)
    } else {
        g.range(-4, 16)
    }
}

/// A layout of any kind, sometimes with extreme shapes and strides (positive shapes only).
pub fn wild_layout(g: &mut Gen) -> Layout {
    if !g.chance(25) {
        return any_layout(g, 4096);
    }
    let s = shape(g, 4096);
    let n = s.flat_leaves().len();
    let shapes: Vec<i64> = (0..n).map(|_| if g.chance(50) { leaf(g) } else { g.pick(&WILD).max(1) }).collect();
    let strides: Vec<i64> = (0..n).map(|_| if g.chance(50) { g.pick(&STRIDES) } else { g.pick(&WILD) }).collect();
    let shape = s.unflatten(&shapes).expect("same profile");
    with_strides(&shape, &strides)
}

/// An int tuple (a shape, a stride, a coordinate), sometimes with zero, negative or extreme
/// leaves.
pub fn wild_tuple(g: &mut Gen) -> IntTuple {
    let s = shape(g, 4096);
    if g.chance(70) {
        return s;
    }
    let leaves: Vec<i64> = s.flat_leaves().iter().map(|_| wild_int(g)).collect();
    s.unflatten(&leaves).expect("same profile")
}

/// A coordinate with `_` entries.
pub fn wild_coord(g: &mut Gen) -> Coord {
    let t = wild_tuple(g);
    t.map(|&x| if g.chance(40) { None } else { Some(x) })
}

/// A tiler of any kind.
pub fn wild_tiler(g: &mut Gen) -> Tiler {
    match g.below(5) {
        0 | 1 => Tiler::Layout(wild_layout(g)),
        // `Tiler::Int` is public: the API sees non-positive and extreme tile sizes too.
        2 => Tiler::Int(if g.chance(50) { g.pick(&[i64::MIN, 0, -1, -4, i64::MAX, 1 << 62]) } else { g.range(1, 16) }),
        3 => Tiler::Underscore,
        _ => {
            let n = 1 + g.below(4);
            Tiler::Tuple((0..n).map(|_| if g.chance(30) { Tiler::Underscore } else { wild_tiler(g) }).collect())
        }
    }
}

/// A value of any kind.
pub fn wild_value(g: &mut Gen) -> Value {
    match g.below(6) {
        0 => Value::Layout(wild_layout(g)),
        1 => Value::Int(wild_int(g)),
        2 => Value::Tuple(wild_tuple(g)),
        3 => Value::Coord(wild_coord(g)),
        4 => Value::Tiler(wild_tiler(g)),
        _ => Value::Bool(g.chance(50)),
    }
}

/// The names of the call language, for expressions.
pub fn function_names() -> Vec<&'static str> {
    functions().iter().map(|f| f.name).collect()
}

/// Tokens of CuTe notation and of the call language, for strings that are close to valid.
const TOKENS: [&str; 24] = [
    "(",
    ")",
    "<",
    ">",
    ":",
    ",",
    "_",
    "-",
    "0",
    "1",
    "2",
    "4",
    "8",
    "16",
    "3",
    " ",
    "(4,8):(1,4)",
    "4:1",
    "()",
    "_4",
    "-_2",
    "99999999999999999999",
    "size",
    "composition",
];

/// A string of random tokens of the notation.
pub fn token_soup(g: &mut Gen) -> String {
    let n = g.below(24);
    (0..n).map(|_| g.pick(&TOKENS)).collect()
}

/// Edge cases of the notation: empty tuples, `_`, zeros, static integers.
const EDGES: [&str; 14] =
    ["()", "():()", "(())", "((),4)", "<()>", "<(),_>", "_", "(_)", "_0", "-0", "0:0", "(1):(0)", "_-3", "<_>"];

/// A valid piece of notation: a layout, a shape, a tiler, a coordinate, a call, or an edge case.
pub fn valid_text(g: &mut Gen, depth: usize) -> String {
    if g.chance(15) {
        return g.pick(&EDGES).to_string();
    }
    match g.below(6) {
        0 => any_layout(g, 4096).to_string(),
        1 => shape(g, 4096).to_string(),
        2 => {
            let a = Layout::column_major(shape(g, 4096)).expect("positive shape");
            divide_tiler(g, &a, 64).0.to_string()
        }
        3 => coord_text(&wild_coord(g)),
        4 if depth < 2 => {
            let names = function_names();
            let name = g.pick(&names);
            let n = g.below(4);
            let args: Vec<String> = (0..n).map(|_| valid_text(g, depth + 1)).collect();
            format!("{}({})", name, args.join(", "))
        }
        _ => wild_value(g).to_string(),
    }
}

/// A string near the notation: valid text with up to two random edits (insert a token,
/// delete or duplicate a byte range).
pub fn near_valid(g: &mut Gen) -> String {
    let mut s = valid_text(g, 0);
    let edits = g.pick(&[0, 0, 1, 2]);
    for _ in 0..edits {
        let bytes = s.as_bytes().to_vec();
        let at = g.below(bytes.len() + 1);
        match g.below(3) {
            0 => {
                let t = g.pick(&TOKENS);
                s = format!("{}{}{}", &s[..at], t, &s[at..]);
            }
            1 if at < bytes.len() => {
                let end = (at + 1 + g.below(3)).min(bytes.len());
                s = format!("{}{}", &s[..at], &s[end..]);
            }
            _ => {
                let end = (at + g.below(4)).min(bytes.len());
                s = format!("{}{}", &s[..end], &s[at..]);
            }
        }
    }
    s
}

/// Prints a coordinate or profile in notation as its `Debug`.
#[derive(Clone, PartialEq)]
pub struct ShowCoord(pub Coord);

impl fmt::Debug for ShowCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&coord_text(&self.0))
    }
}
