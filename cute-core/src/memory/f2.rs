//! The F2 model of an access: where a tile's layout and an access's TV layout are linear over
//! F2 (extents powers of two, coordinate bits that never carry), the words one phase touches
//! form a coset of a subspace of the address bits, so its wavefronts are `2^(w - b)`, `w` the
//! rank of the words it spans and `b` the rank of their banks. The swizzle search counts with
//! it instead of walking every (thread, value) pair, and the F2 optimum is built from it;
//! every answer is then measured by [`bank_conflicts`](super::bank_conflicts).
//!
//! How the F2 optimum is built is told on [`F2Optimum`].

use alloc::format;
use alloc::vec::Vec;

use super::{Access, BankReport, WARP};
use crate::dynamic::{BitMatrix, Error, ErrorKind, F2Layout, Layout, Result};

/// Independent bit vectors in echelon form (each with its own highest bit), highest first.
#[derive(Clone, Debug, Default)]
pub(super) struct Span {
    basis: Vec<i64>,
}

impl Span {
    /// `v` less every basis vector whose highest bit it has: zero exactly when `v` is in the span.
    fn reduce(&self, mut v: i64) -> i64 {
        for &b in &self.basis {
            // For non-negative values, `v ^ b < v` exactly when `v` has `b`'s highest bit.
            if v ^ b < v {
                v ^= b;
            }
        }
        v
    }

    /// Adds `v`; false when it is already in the span.
    fn insert(&mut self, v: i64) -> bool {
        let r = self.reduce(v);
        if r == 0 {
            return false;
        }
        let at = self.basis.partition_point(|&b| b > r);
        self.basis.insert(at, r);
        true
    }

    fn contains(&self, v: i64) -> bool {
        self.reduce(v) == 0
    }

    fn dim(&self) -> u32 {
        // In range: at most 63 independent vectors of 63 bits.
        u32::try_from(self.basis.len()).unwrap_or(u32::MAX)
    }

    fn of(vectors: impl IntoIterator<Item = i64>) -> Span {
        let mut s = Span::default();
        for v in vectors {
            s.insert(v);
        }
        s
    }
}

/// The tile's offsets, sorted and each once; None past [`MAX_PAIRS`](super::MAX_PAIRS) indices.
pub(super) fn distinct_offsets(tile: &Layout) -> Result<Option<Vec<i64>>> {
    let size = tile.size()?;
    if size > super::MAX_PAIRS {
        return Ok(None);
    }
    let mut offsets = (0..size).map(|i| tile.call(i)).collect::<Result<Vec<i64>>>()?;
    offsets.sort_unstable();
    offsets.dedup();
    Ok(Some(offsets))
}

/// `M v` for a matrix given by its columns.
pub(super) fn apply(columns: &[i64], v: i64) -> i64 {
    columns.iter().enumerate().filter(|&(j, _)| v >> j & 1 == 1).fold(0, |acc, (_, c)| acc ^ c)
}

/// An access whose TV layout is linear over F2, as index vectors of the tile.
#[derive(Clone, Debug)]
pub(super) struct LinearAccess {
    /// The index vectors of a phase's lane bits.
    lanes: Vec<i64>,
    /// The index vectors of one instruction's value bits: offset bits 0, 1, ... of any layout
    /// that serves the access.
    vector: Vec<i64>,
    /// The index vectors of the other bits of the moving threads and of the later values: their
    /// offsets must keep each vector aligned.
    others: Vec<i64>,
    /// The phases of all the access's instructions.
    phases: u64,
}

/// `log2` of a power of two (the bits of its indices).
fn log2(n: i64) -> u32 {
    n.trailing_zeros()
}

impl LinearAccess {
    /// The access as index vectors, or why it is not linear; `report` is its analysis on any
    /// layout (for the count of phases).
    pub(super) fn new(a: &Access, elem_bytes: i64, report: &BankReport) -> Result<LinearAccess> {
        let m = BitMatrix::from_layout(&a.tv)?;
        let columns = m.columns();
        // The leaves' extents are powers of two, so both modes' sizes are.
        let (threads, values) = (a.tv.mode(0)?.size()?, a.tv.mode(1)?.size()?);
        let (t_bits, v_bits) = (log2(threads), log2(values));
        let per = i64::from(a.instruction.bytes()).checked_div(elem_bytes).unwrap_or(1);
        let vector_bits = log2(per).min(v_bits);
        let lane_bits = t_bits.min(log2(i64::from(a.instruction.phase_threads())));
        // The threads that move data: in each warp the first `instruction.threads()`.
        let moving = log2(i64::from(a.instruction.threads())).min(log2(WARP));
        let thread_moves = |j: u32| j < moving || j >= log2(WARP);
        let bit = |j: u32| columns.get(j as usize).copied().unwrap_or(0);
        let lanes = (0..lane_bits).map(bit).collect();
        let vector = (t_bits..t_bits.saturating_add(vector_bits)).map(bit).collect();
        let others = (0..t_bits)
            .filter(|&j| thread_moves(j))
            .chain(t_bits.saturating_add(vector_bits)..t_bits.saturating_add(v_bits))
            .map(bit)
            .collect();
        let phases = report.instructions().iter().map(|i| u64::try_from(i.phases.len()).unwrap_or(u64::MAX)).sum();
        Ok(LinearAccess { lanes, vector, others, phases })
    }

    /// The index bits the access reaches: the OR of its vectors.
    pub(super) fn reach(&self) -> i64 {
        self.lanes.iter().chain(&self.vector).chain(&self.others).fold(0, |r, v| r | v)
    }

    /// The wavefronts of the access through the linear layout `s` (index vector to offset
    /// vector) over elements of `2^elem_log2` bytes; None where `s` breaks its vectors.
    pub(super) fn wavefronts(&self, s: impl Fn(i64) -> i64, elem_log2: u32) -> Option<u64> {
        if self.vector.iter().enumerate().any(|(i, &v)| s(v) != 1 << i) {
            return None;
        }
        // In range: at most 4 vector bits.
        #[allow(clippy::arithmetic_side_effects)]
        let low = (1i64 << self.vector.len()) - 1;
        if self.others.iter().any(|&v| s(v) & low != 0) {
            return None;
        }
        // The byte-address vectors of one phase: each lane's and value's offset in bytes (the
        // bytes within an element add as much to both ranks, below the bank bits).
        let (mut words, mut banks) = (Span::default(), Span::default());
        for x in self.lanes.iter().chain(&self.vector).map(|&v| s(v) << elem_log2) {
            words.insert(x >> 2);
            banks.insert((x >> 2) & 31);
        }
        // In range: the banks' rank is at most the words'.
        #[allow(clippy::arithmetic_side_effects)]
        Some(self.phases << (words.dim() - banks.dim()))
    }
}

/// The offset vectors of the tile's first index bits, as far as its layout is linear over F2
/// there: its flat modes in order, while their extents are powers of two and their bits'
/// strides share no bit (so that on indices below `2^len` the offset is the XOR of the
/// vectors of the index's bits).
pub(super) fn linear_prefix(tile: &Layout) -> Vec<i64> {
    let mut columns: Vec<i64> = Vec::new();
    for (extent, stride) in tile.flat_modes() {
        if extent.count_ones() != 1 || stride < 0 {
            break;
        }
        for j in 0..log2(extent) {
            match stride.checked_shl(j).filter(|c| c >> j == stride) {
                Some(c) if columns.iter().all(|&o| o & c == 0) => columns.push(c),
                _ => return columns,
            }
        }
    }
    columns
}

/// The tile as a permutation of its index bits (compact, linear over all its bits): the
/// offset vector of each index bit.
pub(super) fn linear_tile(tile: &Layout) -> Option<Vec<i64>> {
    let columns = linear_prefix(tile);
    let size = tile.size().ok()?;
    // Each index bit its own offset bit (disjoint, as the prefix's columns are), none lost to a
    // stride of 0.
    let permutes = columns.iter().all(|c| c.count_ones() == 1);
    (permutes && 1i64.checked_shl(u32::try_from(columns.len()).ok()?) == Some(size) && tile.cosize().ok()? == size)
        .then_some(columns)
}

/// The best F2 layout of a tile for one or two accesses, with the wavefronts the analysis
/// measures for it.
///
/// The F2 model: where a tile's layout and an access's TV layout are linear over F2, the
/// words one phase touches form a coset of a subspace of the address bits, so the phase takes
/// `2^(w - b)` wavefronts, `w` the rank of the words it spans and `b` the rank of their banks.
///
/// The F2 optimum, after the linear-layout method Triton published (vector bits first, then
/// the bank bits avoiding the accesses' lanes, then the rest): an F2 layout of the tile gives
/// each offset bit an index vector. The offset bits of the widest vector keep the vector's
/// index vectors, and the bits above it take a basis of the plain tile's upper bits (so every
/// access's vectors stay contiguous and aligned, as a CuTe swizzle above the vector keeps
/// them). A phase's lanes conflict through the vectors `W` of the row bits (128 bytes and up):
/// with `K` the upper parts of the lane combinations whose bank bits inside the widest vector
/// cancel, a phase takes `2^dim(K ∩ W)` wavefronts, and `dim(K ∩ W) >= dim K + dim W - n`
/// (`n` the upper bits). For two accesses both bounds are reached at once: with `I = K1 ∩ K2`
/// and complements `P1`, `P2` of it in `K1`, `K2`, the row vectors are taken outside
/// `K1 + K2`, then as sums `p1 + p2` (which meet neither), then from the larger of `P1`, `P2`,
/// then from `I`. The construction first tries a layout that reads like a swizzle (each row
/// bit its own vector, or that plus one bank bit's) and keeps it where it reaches the bounds.
/// The layout numbers the offsets `0 .. size` (one each, as the tile must: a tile that maps
/// two indices to one offset has no F2 optimum), so for a padded tile it is also a compact one.
/// Where no access moves a whole word, the free bits below a word are placed as row bits (a
/// word two threads share is no conflict, so this only gives up a freedom). Where the best
/// CuTe swizzle takes as few wavefronts, the optimum is that swizzle's layout, and
/// [`swizzle`](F2Optimum::swizzle) names it.
///
/// ```
/// use cute::memory::{synthesize_swizzle, Access, Instruction};
/// // A 32 x 32 f32 tile written along its rows and read along its columns.
/// let tile: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
/// let write = Access { tv: "(32,32):(32,1)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let s = synthesize_swizzle(&tile, 4, &[write, read]).unwrap();
/// let f2 = s.f2().unwrap();
/// assert_eq!(f2.wavefronts, [32, 32]);
/// assert_eq!(f2.swizzle.unwrap().to_string(), "Sw<5,0,5>");
/// assert_eq!(s.reaches_f2_optimum(), Some(true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct F2Optimum {
    /// The layout: tile index to offset, with F2 strides over the tile's shape.
    pub layout: F2Layout,
    /// The wavefronts of each access through it, as [`bank_conflicts`](super::bank_conflicts)
    /// counts them.
    pub wavefronts: Vec<u64>,
    /// The CuTe swizzle equal to it (`Sw<B,M,S> o 0 o tile` maps every index as `layout`
    /// does), where one exists.
    pub swizzle: Option<crate::swizzle::Swizzle>,
}

impl F2Optimum {
    /// The wavefronts of all the accesses.
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
    /// assert_eq!(s.f2().unwrap().total(), 32);
    /// ```
    pub fn total(&self) -> u64 {
        self.wavefronts.iter().sum()
    }
}

fn invalid(message: alloc::string::String) -> Error {
    Error::new(ErrorKind::InvalidArgument, message)
}

/// The bits of the tile's indices, where an F2 layout can number them: extents powers of two,
/// at most [`MAX_SWIZZLE_BITS`](super::MAX_SWIZZLE_BITS) bits, and a layout that gives each
/// index its own offset (an F2 layout does, so it could not stand for one that does not).
pub(super) fn index_bits(tile: &Layout) -> Result<u32> {
    if let Some(&bad) = tile.shape().leaves().into_iter().find(|&&s| s.count_ones() != 1) {
        return Err(invalid(format!(
            "extent {} of the tile {} is not a power of two, so no F2 layout numbers its offsets",
            bad, tile
        )));
    }
    let size = tile.size()?;
    let n = log2(size);
    if i64::from(n) > super::MAX_SWIZZLE_BITS {
        return Err(invalid(format!(
            "the tile {} has 2^{} indices, more than the 2^{} an F2 layout is built for",
            tile,
            n,
            super::MAX_SWIZZLE_BITS
        )));
    }
    if linear_tile(tile).is_none() {
        // Not a permutation of its bits: its offsets, one by one.
        let offsets = distinct_offsets(tile)?.ok_or_else(|| {
            Error::new(
                ErrorKind::TooManyCells,
                format!(
                    "the tile {} has {} offsets to check one by one, more than the {}",
                    tile,
                    size,
                    super::MAX_PAIRS
                ),
            )
        })?;
        if i64::try_from(offsets.len()).ok() != Some(size) {
            return Err(Error::new(
                ErrorKind::NonInjective,
                format!(
                    "the tile {} gives {} indices {} offsets, so no F2 layout (one offset each) stands for it",
                    tile,
                    size,
                    offsets.len()
                ),
            ));
        }
    }
    Ok(n)
}

/// The F2 layout (tile index to offset, as columns over the index bits) of fewest wavefronts
/// for `accesses` (one or two) among those that keep the widest vector's offset bits and move
/// the bits above it among themselves, or why there is none to build.
///
/// In coordinates over a basis `b` of the index bits whose first vectors are the widest
/// vector's (`b_j` has offset `2^j`) and the rest the plain tile's own offset bits (unit index
/// bits where the tile is not a permutation of them), such a layout is a basis of the upper
/// coordinates, one vector per offset bit from the vector's up. A phase of access `a`
/// conflicts through the row-bit vectors `W` in `K_a`: the upper parts of the combinations of
/// its lanes whose parts between its own vector and the widest one cancel (where they do not,
/// the lanes differ in a bank bit the vector fixes). Conflicts take `2^dim(K_a ∩ W)`
/// wavefronts per phase, at least `2^(dim K_a + rows - upper)`; the construction reaches that
/// bound for both accesses at once (see the [module](self)).
pub(super) fn construct(tile: &Layout, n: u32, elem_bytes: i64, accesses: &[LinearAccess]) -> Result<Vec<i64>> {
    if accesses.len() > 2 {
        return Err(invalid(format!(
            "the F2 optimum is built for one or two accesses (a write and a read), not {}",
            accesses.len()
        )));
    }
    let eps = log2(elem_bytes);
    // The vector bits, forced by the widest vector; a narrower one must agree.
    let widest = accesses.iter().max_by_key(|a| a.vector.len()).map(|a| a.vector.clone()).unwrap_or_default();
    for a in accesses {
        if a.vector.iter().zip(&widest).any(|(x, y)| x != y) {
            return Err(invalid(format!(
                "the accesses move different index vectors together ({:?} and {:?}), so no layout serves both",
                a.vector, widest
            )));
        }
    }
    let vb = u32::try_from(widest.len()).unwrap_or(u32::MAX);
    // The basis: the vector, then the plain offsets' vectors (or the index bits) that are free.
    let plain: Vec<i64> = match linear_tile(tile) {
        Some(columns) => {
            (0..n).map(|j| columns.iter().position(|&c| c == 1 << j).map_or(1i64 << j, |k| 1i64 << k)).collect()
        }
        None => (0..n).map(|j| 1i64 << j).collect(),
    };
    let mut span = Span::default();
    let mut basis: Vec<i64> = Vec::with_capacity(n as usize);
    for v in widest.iter().chain(&plain).copied() {
        if basis.len() < n as usize && span.insert(v) {
            basis.push(v);
        }
    }
    if basis.len() != n as usize || basis.iter().take(widest.len()).ne(widest.iter()) {
        return Err(invalid(format!("the vector {:?} repeats an index, so no layout makes it contiguous", widest)));
    }
    let coords_of = BitMatrix::new(basis.clone())?
        .inverse()
        .ok_or_else(|| Error::new(ErrorKind::NonInjective, format!("{:?} is not a basis", basis)))?;
    // Each access's K: the upper parts (coordinates from vb up) of the lane combinations whose
    // middle parts (coordinates between its own vector and the widest, those that choose a
    // bank) cancel: the others reach different banks.
    const MIDDLE: u32 = 40;
    let mut ks: Vec<Span> = Vec::with_capacity(accesses.len());
    for a in accesses {
        let own = u32::try_from(a.vector.len()).unwrap_or(u32::MAX);
        // In range: own <= vb <= 4.
        #[allow(clippy::arithmetic_side_effects)]
        let low = (1i64 << own) - 1;
        // The middle bits that choose a bank (those below a word only choose bytes of one).
        let middle = (own..vb).filter(|&j| j.saturating_add(eps) >= 2).fold(0i64, |m, j| m | 1 << j);
        let mut joined = Span::default();
        for &v in a.others.iter().chain(&a.lanes) {
            if coords_of.apply(v) & low != 0 {
                return Err(invalid(format!(
                    "index vector {} has offset bits below the vector in every layout that keeps it, so it breaks the alignment",
                    v
                )));
            }
        }
        for &l in &a.lanes {
            let c = coords_of.apply(l);
            joined.insert((c & middle) << MIDDLE | c >> vb);
        }
        ks.push(Span::of(joined.basis.iter().copied().filter(|&v| v < 1 << MIDDLE)));
    }
    // The upper coordinates' positions (offset bit vb + j is position j): row-like ones (the
    // row bits, and the bits below a word no vector fixes: a word shared by two threads is no
    // conflict, so counting them as rows only gives up a freedom not needed), and bank ones.
    let upper = n.saturating_sub(vb);
    let word_bits = 2u32.saturating_sub(eps).min(n);
    let row_from = 7u32.saturating_sub(eps).min(n);
    let row_like: Vec<u32> =
        (0..upper).filter(|&j| j.saturating_add(vb) < word_bits || j.saturating_add(vb) >= row_from).collect();
    // The least each access's conflicts can be: W (rows) meets K in at least this many
    // dimensions.
    let rows_n = u32::try_from(row_like.len()).unwrap_or(u32::MAX);
    let bounds: Vec<u32> = ks.iter().map(|k| k.dim().saturating_add(rows_n).saturating_sub(upper)).collect();
    let meets = |w: &[i64], k: &Span| -> u32 {
        let joined = Span::of(w.iter().chain(&k.basis).copied()).dim();
        // In range: dim(K + W) <= dim K + dim W.
        #[allow(clippy::arithmetic_side_effects)]
        let d = k.dim() + Span::of(w.iter().copied()).dim() - joined;
        d
    };
    // First, a layout that reads like a swizzle: each row position keeps its own vector,
    // or that vector plus one bank position's, where the conflicts stay at their bound.
    let mut rows: Vec<i64> = Vec::with_capacity(row_like.len());
    let bank_units: Vec<i64> = (0..upper).filter(|j| !row_like.contains(j)).map(|j| 1i64 << j).collect();
    for &j in &row_like {
        let own = 1i64 << j;
        let fits = |c: i64| {
            let mut w = rows.clone();
            w.push(c);
            Span::of(w.iter().copied()).dim() as usize == w.len()
                && ks.iter().zip(&bounds).all(|(k, &b)| meets(&w, k) <= b)
        };
        match core::iter::once(own).chain(bank_units.iter().map(|u| own ^ u)).find(|&c| fits(c)) {
            Some(c) => rows.push(c),
            None => break,
        }
    }
    if rows.len() < row_like.len() {
        rows = structural(&ks, &row_like, upper);
    }
    let mut chosen = Span::of(rows.iter().copied());
    // Each row position its vector in order; then the bank positions their own units where
    // free, or the first free ones.
    let mut g = alloc::vec![0i64; upper as usize];
    for (&j, &v) in row_like.iter().zip(&rows) {
        g[j as usize] = v;
    }
    for j in (0..upper).filter(|j| !row_like.contains(j)) {
        let own = core::iter::once(1i64 << j);
        g[j as usize] = own.chain((0..upper).map(|i| 1i64 << i)).find(|&v| chosen.insert(v)).unwrap_or(0);
    }
    // Back to index vectors: the vector's, then the upper ones.
    let columns: Vec<i64> = widest.iter().copied().chain(g.iter().map(|&c| apply(&basis, c << vb))).collect();
    // The layout is the inverse: index vector to offset vector.
    let inverse = BitMatrix::new(columns.clone())?.inverse().ok_or_else(|| {
        Error::new(ErrorKind::NonInjective, format!("the offset bits' vectors {:?} are not a basis", columns))
    })?;
    Ok(inverse.columns().to_vec())
}

/// Row vectors meeting each `K` in the fewest dimensions, for one or two accesses: outside
/// `K1 + K2` first (the row positions' own vectors first), then sums `p1 + p2` of vectors of
/// complements of `I = K1 ∩ K2` in `K1` and `K2` (which meet neither), then, where more are
/// needed, the rest of `P1` or `P2` (one access's conflicts), then `I` (both's).
fn structural(ks: &[Span], row_like: &[u32], upper: u32) -> Vec<i64> {
    // I = K1 ∩ K2 (K2 = K1 for one access), and complements P1, P2 of it.
    let (k1, k2) = (&ks[0], ks.get(1).unwrap_or(&ks[0]));
    let mut meet = Span::default();
    // In range: a phase spans at most 128 bytes, K at most 7 dimensions.
    #[allow(clippy::arithmetic_side_effects)]
    for c in 1..1i64 << k1.basis.len() {
        let v = apply(&k1.basis, c);
        if k2.contains(v) {
            meet.insert(v);
        }
    }
    let complement = |k: &Span| -> Vec<i64> {
        let mut s = meet.clone();
        k.basis.iter().copied().filter(|&v| s.insert(v)).collect()
    };
    let (p1, p2) = (complement(k1), complement(k2));
    let mut sum = Span::of(k1.basis.iter().chain(&k2.basis).copied());
    let units = row_like.iter().copied().chain((0..upper).filter(|j| !row_like.contains(j))).map(|j| 1i64 << j);
    let outside: Vec<i64> = units.filter(|&v| sum.insert(v)).collect();
    let pairs = p1.len().min(p2.len());
    let sums = p1.iter().zip(&p2).map(|(x, y)| x ^ y);
    let rest = p1.iter().skip(pairs).chain(p2.iter().skip(pairs)).chain(&meet.basis).copied();
    let mut chosen = Span::default();
    let mut rows: Vec<i64> = Vec::with_capacity(row_like.len());
    for v in outside.iter().copied().chain(sums).chain(rest) {
        if rows.len() < row_like.len() && chosen.insert(v) {
            rows.push(v);
        }
    }
    rows
}

/// The F2 layout of columns `s` (index bit to offset vector) over the tile's shape.
pub(super) fn layout_of(tile: &Layout, s: &[i64]) -> Result<F2Layout> {
    F2Layout::from_columns(s)?.composition_layout(&Layout::column_major(tile.shape().clone())?)
}
