//! How a dynamic layout is stored: its leaves (shapes, then strides, left to right) and its tree
//! as a profile of tokens in depth-first order, in place for layouts of up to [`INLINE_LEAVES`]
//! leaves and 48 tokens, in one allocation past them.
//!
//! The algebra works on the flat leaf slices (`crate::flat`), and the profile is walked only to
//! keep or rebuild the tree, so an operation on the layouts kernels use allocates nothing.
//!
//! An inline layout's arrays are initialized only up to its counts (`Inline`'s invariant, kept
//! by every write here); the few `unsafe` blocks that read them as initialized are in this file.
//! The unit tests of `dynamic` run under Miri (`cargo +nightly miri test -p cute-core --lib
//! dynamic::`), which reports a read of an uninitialized value.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::mem::MaybeUninit;
use core::ops::Range;

use super::error::Result;
use super::int_tuple::{HTuple, IntTuple};
use super::layout::Layout;
use crate::arith::{self, Overflow};

/// A leaf of the tree (the next shape and stride).
pub(crate) const LEAF: u8 = 1;
/// The start of a tuple.
pub(crate) const OPEN: u8 = 2;
/// The end of a tuple.
pub(crate) const CLOSE: u8 = 3;

/// The most leaves a [`Layout`](super::Layout) holds without an allocation. Past them, or past
/// 48 tokens of its tree (an opening or closing parenthesis or a leaf each), the layout's leaves
/// and tree are one heap allocation.
///
/// ```
/// use cute::dynamic::{Layout, INLINE_LEAVES};
/// let l: Layout = "((4,8),(2,2)):((2,16),(1,8))".parse().unwrap();
/// assert!(l.flat_modes().len() <= INLINE_LEAVES); // held inline
/// ```
pub const INLINE_LEAVES: usize = 16;

/// The most tokens of a tree held inline.
pub(crate) const INLINE_TOKENS: usize = 48;

/// Tokens a heap word holds, one per byte.
const TOKENS_PER_WORD: usize = 8;

/// A layout of up to [`INLINE_LEAVES`] leaves and [`INLINE_TOKENS`] tokens, in place.
///
/// Its invariant: `leaves <= INLINE_LEAVES`, `tokens <= INLINE_TOKENS`, and the first `leaves`
/// shapes and strides and the first `tokens` tokens are initialized. Every write in this module
/// writes a value before a count covers it; the values past the counts are never read. The
/// arrays are not initialized past the counts because zeroing the 320 bytes of each result
/// before it is built cost 35 instructions per operation (callgrind, `benches/README.md`).
#[derive(Clone, Copy)]
pub(crate) struct Inline {
    leaves: u8,
    tokens: u8,
    shapes: [MaybeUninit<i64>; INLINE_LEAVES],
    strides: [MaybeUninit<i64>; INLINE_LEAVES],
    profile: [MaybeUninit<u8>; INLINE_TOKENS],
}

/// The first `len` values of `values`, which the caller knows to be initialized.
///
/// # Safety
/// `values[..len]` is initialized (`len <= values.len()` is checked here).
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn assume_init<T: Copy>(values: &[MaybeUninit<T>], len: usize) -> &[T] {
    let values = &values[..len];
    // SAFETY: `MaybeUninit<T>` has `T`'s layout, and the caller guarantees that these `len`
    // values are initialized.
    unsafe { core::slice::from_raw_parts(values.as_ptr().cast::<T>(), len) }
}

/// [`assume_init`], mutable.
///
/// # Safety
/// As for [`assume_init`]; writes through the slice keep the values initialized.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn assume_init_mut<T: Copy>(values: &mut [MaybeUninit<T>], len: usize) -> &mut [T] {
    let values = &mut values[..len];
    // SAFETY: as in `assume_init`; a `T` written through the slice is an initialized value.
    unsafe { core::slice::from_raw_parts_mut(values.as_mut_ptr().cast::<T>(), len) }
}

/// `values` written as initialized values, then given as such (for a callee that writes them).
#[allow(unsafe_code)]
#[inline(always)]
fn init_mut<T: Copy>(values: &mut [MaybeUninit<T>], zero: T) -> &mut [T] {
    for v in values.iter_mut() {
        *v = MaybeUninit::new(zero);
    }
    let len = values.len();
    // SAFETY: every value was just written.
    unsafe { assume_init_mut(values, len) }
}

#[allow(unsafe_code)]
impl Inline {
    fn leaf_count(&self) -> usize {
        usize::from(self.leaves)
    }
    fn token_count(&self) -> usize {
        usize::from(self.tokens)
    }

    /// The leaves' shapes.
    #[inline(always)]
    fn shapes(&self) -> &[i64] {
        // SAFETY: the invariant: the first `leaves` shapes are initialized.
        unsafe { assume_init(&self.shapes, self.leaf_count()) }
    }

    /// The leaves' shapes, to change in place.
    #[inline(always)]
    fn shapes_mut(&mut self) -> &mut [i64] {
        let n = self.leaf_count();
        // SAFETY: as in `shapes`.
        unsafe { assume_init_mut(&mut self.shapes, n) }
    }

    /// The leaves' strides.
    #[inline(always)]
    fn strides(&self) -> &[i64] {
        // SAFETY: the invariant: the first `leaves` strides are initialized.
        unsafe { assume_init(&self.strides, self.leaf_count()) }
    }

    /// The profile's tokens.
    #[inline(always)]
    fn profile(&self) -> &[u8] {
        // SAFETY: the invariant: the first `tokens` tokens are initialized.
        unsafe { assume_init(&self.profile, self.token_count()) }
    }

    /// Leaf `n` written (the count is the caller's to raise).
    #[inline(always)]
    fn set_leaf(&mut self, n: usize, shape: i64, stride: i64) {
        (self.shapes[n], self.strides[n]) = (MaybeUninit::new(shape), MaybeUninit::new(stride));
    }

    /// Token `t` written (the count is the caller's to raise).
    #[inline(always)]
    fn set_token(&mut self, t: usize, token: u8) {
        self.profile[t] = MaybeUninit::new(token);
    }

    /// Counts `len` leaves written past the `n` counted ones as a flat run, and writes its
    /// tokens after the `t` counted ones: one leaf alone (`one`), else a tuple. The caller
    /// checked that they fit.
    // In range: the caller checked the counts against the arrays' lengths (16 and 48).
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
    #[inline(always)]
    fn end_run(&mut self, (n, t): (usize, usize), len: usize, one: bool) {
        let t_end = t + if one { 1 } else { len + 2 };
        // The run's tokens eight at a time (a run is a few tokens, for which a fill of its
        // length, a call to memset, costs more than the stores). The bytes past the run are
        // past the count, never read.
        let mut i = t;
        while i < t_end {
            match self.profile.get_mut(i..i + 8) {
                Some(chunk) => chunk.copy_from_slice(&[MaybeUninit::new(LEAF); 8]),
                None => self.profile[i..t_end].fill(MaybeUninit::new(LEAF)),
            }
            i += 8;
        }
        if !one {
            self.set_token(t, OPEN);
            self.set_token(t + len + 1, CLOSE);
        }
        (self.leaves, self.tokens) = ((n + len) as u8, t_end as u8);
    }
}

/// A larger layout: `leaves` shapes, `leaves` strides, then the `tokens` bytes of the profile
/// packed eight to a word, in one allocation.
#[derive(Clone)]
pub(crate) struct Heap {
    leaves: usize,
    tokens: usize,
    words: Box<[i64]>,
}

/// A layout's leaves and profile.
// The inline variant is large on purpose: holding a kernel's layout in place is what saves the
// allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(crate) enum Repr {
    Inline(Inline),
    Heap(Heap),
}

impl Repr {
    /// The leaves' shapes, left to right.
    #[inline]
    pub(crate) fn shapes(&self) -> &[i64] {
        match self {
            Repr::Inline(r) => r.shapes(),
            Repr::Heap(r) => &r.words[..r.leaves],
        }
    }

    /// The leaves' shapes, to change in place (the profile stays).
    pub(crate) fn shapes_mut(&mut self) -> &mut [i64] {
        match self {
            Repr::Inline(r) => r.shapes_mut(),
            Repr::Heap(r) => &mut r.words[..r.leaves],
        }
    }

    /// The leaves' strides, left to right.
    // In range: `2 * leaves` words are held, so the product is below usize::MAX.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub(crate) fn strides(&self) -> &[i64] {
        match self {
            Repr::Inline(r) => r.strides(),
            Repr::Heap(r) => &r.words[r.leaves..2 * r.leaves],
        }
    }

    /// The profile's tokens ([`LEAF`], [`OPEN`], [`CLOSE`]) in depth-first order.
    // In range: as in `strides`.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub(crate) fn tokens(&self) -> Tokens<'_> {
        match self {
            Repr::Inline(r) => Tokens::Bytes(r.profile().iter()),
            Repr::Heap(r) => Tokens::Packed { words: &r.words[2 * r.leaves..], at: 0, end: r.tokens },
        }
    }

    /// The tokens `span` of the profile (clamped to it).
    // In range: the bounds are clamped to the profile's tokens.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub(crate) fn tokens_in(&self, span: Range<usize>) -> Tokens<'_> {
        let end = span.end.min(self.token_count());
        let start = span.start.min(end);
        match self {
            Repr::Inline(r) => Tokens::Bytes(r.profile()[start..end].iter()),
            Repr::Heap(r) => Tokens::Packed { words: &r.words[2 * r.leaves..], at: start, end },
        }
    }

    /// The number of tokens of the profile.
    #[inline]
    pub(crate) fn token_count(&self) -> usize {
        match self {
            Repr::Inline(r) => r.token_count(),
            Repr::Heap(r) => r.tokens,
        }
    }

    /// The tokens and leaves of top-level mode `i` (a leaf is its own mode 0), or `None` past
    /// the rank.
    pub(crate) fn mode_span(&self, i: usize) -> Option<(Range<usize>, Range<usize>)> {
        self.mode_spans().nth(i)
    }

    /// The tokens and leaves of each top-level mode, left to right (a leaf is its own mode 0),
    /// in one walk of the profile.
    #[inline(always)]
    pub(crate) fn mode_spans(&self) -> ModeSpans<'_> {
        if self.is_flat_tuple() {
            return ModeSpans::Flat(0..self.shapes().len());
        }
        self.sub_modes(0..self.token_count(), 0..self.shapes().len())
    }

    /// [`mode_spans`](Repr::mode_spans) of the sub-tree at tokens `span` holding leaves
    /// `leaves` (a mode, a mode of a mode, ...), in the profile's own indices.
    // In range: `span.start + 1` is a token index of the profile.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub(crate) fn sub_modes(&self, span: Range<usize>, leaves: Range<usize>) -> ModeSpans<'_> {
        let mut tokens = self.tokens_in(span.clone());
        match tokens.next() {
            Some(OPEN) => ModeSpans::Tree { tokens, at: span.start + 1, leaf: leaves.start },
            _ => ModeSpans::Single(Some((span, leaves))),
        }
    }

    /// The layout's shape and stride where it is one leaf (its profile one token).
    #[inline]
    pub(crate) fn as_leaf(&self) -> Option<(i64, i64)> {
        match self {
            Repr::Inline(r) if r.tokens == 1 => match (r.shapes(), r.strides()) {
                (&[s], &[d]) => Some((s, d)),
                _ => None,
            },
            Repr::Inline(_) => None,
            Repr::Heap(r) => match (r.tokens, &r.words[..]) {
                (1, &[s, d, ..]) if r.leaves == 1 => Some((s, d)),
                _ => None,
            },
        }
    }

    /// Whether the profile is one tuple of leaves, `(l0,l1,...)`: a tuple's opening, then as
    /// many tokens as leaves and one more, which can only be its closing.
    #[inline]
    pub(crate) fn is_flat_tuple(&self) -> bool {
        self.token_count() == self.shapes().len().saturating_add(2) && self.tokens().next() == Some(OPEN)
    }

    /// The number of top-level modes (1 for a leaf).
    #[inline]
    pub(crate) fn rank(&self) -> usize {
        if self.is_flat_tuple() {
            return self.shapes().len();
        }
        self.rank_of_tree()
    }

    /// [`rank`](Repr::rank) by a walk of the profile (out of line: the rare case).
    #[inline(never)]
    fn rank_of_tree(&self) -> usize {
        let mut tokens = self.tokens();
        if tokens.next() != Some(OPEN) {
            return 1;
        }
        let (mut depth, mut rank) = (0usize, 0usize);
        for t in tokens {
            if depth == 0 && t != CLOSE {
                rank = rank.saturating_add(1);
            }
            match t {
                OPEN => depth = depth.saturating_add(1),
                CLOSE => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        rank
    }

    /// The nesting depth (0 for a leaf).
    pub(crate) fn depth(&self) -> usize {
        let (mut depth, mut max) = (0usize, 0usize);
        for t in self.tokens() {
            match t {
                OPEN => {
                    depth = depth.saturating_add(1);
                    max = max.max(depth);
                }
                CLOSE => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        max
    }

    /// The tree of `values` (the shapes or the strides) along the profile.
    pub(crate) fn tree(&self, values: &[i64]) -> IntTuple {
        let mut open: Vec<Vec<IntTuple>> = Vec::new();
        let mut done = None;
        let mut values = values.iter();
        for t in self.tokens() {
            let item = match t {
                LEAF => HTuple::Leaf(values.next().copied().unwrap_or(0)),
                OPEN => {
                    open.push(Vec::new());
                    continue;
                }
                _ => HTuple::Tuple(open.pop().unwrap_or_default()),
            };
            match open.last_mut() {
                Some(parent) => parent.push(item),
                None => done = Some(item),
            }
        }
        done.unwrap_or(HTuple::Tuple(Vec::new()))
    }

    /// Writes `values` (the shapes or the strides) along the profile, in CuTe's notation.
    pub(crate) fn write_tree(&self, values: &[i64], f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut values = values.iter();
        let mut after_item = false;
        for t in self.tokens() {
            if after_item && t != CLOSE {
                f.write_str(",")?;
            }
            match t {
                LEAF => fmt::Display::fmt(&values.next().copied().unwrap_or(0), f)?,
                OPEN => f.write_str("(")?,
                _ => f.write_str(")")?,
            }
            after_item = t != OPEN;
        }
        Ok(())
    }
}

impl PartialEq for Repr {
    fn eq(&self, other: &Repr) -> bool {
        self.shapes() == other.shapes() && self.strides() == other.strides() && self.tokens().eq(other.tokens())
    }
}

impl Eq for Repr {}

impl Hash for Repr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shapes().hash(state);
        self.strides().hash(state);
        self.token_count().hash(state);
        self.tokens().for_each(|t| t.hash(state));
    }
}

/// The spans of a profile's top-level modes ([`Repr::mode_spans`]): each mode's tokens and
/// leaves.
pub(crate) enum ModeSpans<'a> {
    /// A tuple of leaves: the leaves not yet given (mode `k` is leaf `k`, token `k + 1`, without
    /// a walk of the tokens).
    Flat(Range<usize>),
    /// A leaf: its only mode, not yet given.
    Single(Option<(Range<usize>, Range<usize>)>),
    /// A tuple walked token by token: the tokens after the ones walked, and the index of the
    /// next token and of the next leaf.
    Tree { tokens: Tokens<'a>, at: usize, leaf: usize },
}

impl Iterator for ModeSpans<'_> {
    type Item = (Range<usize>, Range<usize>);

    /// The next item of the top tuple: for a tree, the tokens up to the one that closes what it
    /// opened.
    // In range: `at` and `leaf` count tokens and leaves of a profile, `k + 2` a leaf's token
    // past it, `depth` steps down only when positive.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (tokens, at, leaf) = match self {
            ModeSpans::Flat(leaves) => return leaves.next().map(|k| (k + 1..k + 2, k..k + 1)),
            ModeSpans::Single(only) => return only.take(),
            ModeSpans::Tree { tokens, at, leaf } => (tokens, at, leaf),
        };
        let (start, first_leaf) = (*at, *leaf);
        let mut depth = 0usize;
        loop {
            let t = tokens.next()?;
            *at += 1;
            match t {
                LEAF => *leaf += 1,
                OPEN => depth += 1,
                _ if depth > 0 => depth -= 1,
                // The top tuple's closing: no item left.
                _ => return None,
            }
            if depth == 0 {
                return Some((start..*at, first_leaf..*leaf));
            }
        }
    }
}

/// The tokens of a profile.
#[derive(Clone)]
pub(crate) enum Tokens<'a> {
    Bytes(core::slice::Iter<'a, u8>),
    Packed { words: &'a [i64], at: usize, end: usize },
}

impl Iterator for Tokens<'_> {
    type Item = u8;

    // In range: `at < end`, and the profile's `end` tokens fill `end / 8` words and a part.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    fn next(&mut self) -> Option<u8> {
        match self {
            Tokens::Bytes(b) => b.next().copied(),
            Tokens::Packed { words, at, end } => {
                if at == end {
                    return None;
                }
                let t = words[*at / TOKENS_PER_WORD].to_le_bytes()[*at % TOKENS_PER_WORD];
                *at += 1;
                Some(t)
            }
        }
    }
}

/// The most values of a scratch slice ([`scratch!`]) on the stack.
pub(crate) const SCRATCH: usize = INLINE_LEAVES + 2;

/// The values a small scratch buffer holds: the layouts of a few modes that kernels use,
/// whose buffers are then cheap to clear.
pub(crate) const SMALL_SCRATCH: usize = 6;

/// `let $name: &mut [$t] = ...` of `$len` default values: on the stack up to [`SCRATCH`] (the
/// algebra's intermediate leaves of layouts held inline; a smaller array up to
/// [`SMALL_SCRATCH`]), on the heap past it.
macro_rules! scratch {
    ($name:ident: [$t:ty; $len:expr]) => {
        let len: usize = $len;
        let (mut small, mut stack, mut heap);
        let $name: &mut [$t] = if len == 0 {
            &mut []
        } else if len <= $crate::dynamic::repr::SMALL_SCRATCH {
            small = [<$t>::default(); $crate::dynamic::repr::SMALL_SCRATCH];
            &mut small[..len]
        } else if len <= $crate::dynamic::repr::SCRATCH {
            stack = [<$t>::default(); $crate::dynamic::repr::SCRATCH];
            &mut stack[..len]
        } else {
            heap = alloc::vec![<$t>::default(); len];
            &mut heap[..]
        };
    };
}
pub(crate) use scratch;

/// The tokens of a flat layout of `n` leaves as [`Builder::flat`] writes it without `wrap`: one
/// leaf alone, else a tuple.
pub(crate) fn flat_tokens(n: usize) -> impl Iterator<Item = u8> {
    let wrap = n != 1;
    wrap.then_some(OPEN).into_iter().chain(core::iter::repeat_n(LEAF, n)).chain(wrap.then_some(CLOSE))
}

/// Leaves and tokens written to a builder's inline storage past its counts, which only
/// [`Window::commit`] raises: a window dropped without it leaves the layout as it was (a pass
/// that may give up writes its result there and commits it only where it succeeds). A write
/// past the inline arrays is dropped and makes the commit refuse.
pub(crate) struct Window<'a> {
    r: &'a mut Inline,
    /// The next leaf and token.
    n: usize,
    t: usize,
    /// A write did not fit.
    dropped: bool,
}

impl Window<'_> {
    /// A leaf's shape and stride, without its token (see [`Window::run_tokens`]).
    // In range: `n < INLINE_LEAVES` before the increment.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    pub(crate) fn values(&mut self, shape: i64, stride: i64) {
        if self.n < INLINE_LEAVES {
            self.r.set_leaf(self.n, shape, stride);
            self.n += 1;
        } else {
            self.dropped = true;
        }
    }

    /// A token.
    // In range: `t < INLINE_TOKENS` before the increment.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    pub(crate) fn token(&mut self, token: u8) {
        if self.t < INLINE_TOKENS {
            self.r.set_token(self.t, token);
            self.t += 1;
        } else {
            self.dropped = true;
        }
    }

    /// The tokens of the last `len` leaves written: one leaf alone, else a tuple.
    #[inline(always)]
    pub(crate) fn run_tokens(&mut self, len: usize) {
        if len == 1 {
            self.token(LEAF);
            return;
        }
        self.token(OPEN);
        for _ in 0..len {
            self.token(LEAF);
        }
        self.token(CLOSE);
    }

    /// All of `r` with each stride multiplied by `d`, where `r` is inline; `false` where it is
    /// not or a product passes i64 (what was written is then not to be committed).
    #[inline(always)]
    pub(crate) fn copy_scaled(&mut self, r: &Repr, d: i64) -> bool {
        let Repr::Inline(from) = r else { return false };
        for (&s, &st) in from.shapes().iter().zip(from.strides()) {
            match st.checked_mul(d) {
                Some(v) => self.values(s, v),
                None => return false,
            }
        }
        for &t in from.profile() {
            self.token(t);
        }
        true
    }

    /// Counts what was written; `false` (nothing counted) where a write did not fit.
    // In range: at most 16 and 48.
    #[allow(clippy::cast_possible_truncation)]
    #[inline(always)]
    pub(crate) fn commit(&mut self) -> bool {
        if self.dropped {
            return false;
        }
        (self.r.leaves, self.r.tokens) = (self.n as u8, self.t as u8);
        true
    }
}

/// Builds a layout's storage from leaves and tokens, in place up to [`INLINE_LEAVES`] leaves
/// and [`INLINE_TOKENS`] tokens, then on the heap; it writes to a layout its caller owns (the
/// result itself, see [`build`] and [`try_build`]: a layout is 320 bytes, which building it
/// elsewhere would copy).
pub(crate) struct Builder<'a> {
    /// The layout while it fits inline.
    layout: &'a mut Layout,
    spill: Option<Spill>,
}

/// A builder's leaves and tokens past the inline ones.
struct Spill {
    shapes: Vec<i64>,
    strides: Vec<i64>,
    tokens: Vec<u8>,
}

/// An inline layout of no leaf and no token, what a builder starts from: only its counts are
/// written (a constant of uninitialized arrays is still copied, as zeros, by a `memset`).
#[allow(unsafe_code)]
#[inline(always)]
fn empty() -> Inline {
    let mut e = MaybeUninit::<Inline>::uninit();
    let p = e.as_mut_ptr();
    // Every field of `Inline` but the counts is an array of `MaybeUninit`, for which any bytes
    // are a valid value, so writing the counts initializes it; with counts of 0 its invariant
    // holds (no value is counted). Nothing else can reach `e` meanwhile: it is this frame's.
    // SAFETY: `p` points to `e`, an `Inline` being initialized: both counts are written, then it is valid.
    unsafe {
        core::ptr::addr_of_mut!((*p).leaves).write(0);
        core::ptr::addr_of_mut!((*p).tokens).write(0);
        e.assume_init()
    }
}

/// A layout written by `f` in place, in the value returned (built elsewhere, it would be moved
/// into it: a copy of its 320 bytes).
#[inline(always)]
pub(crate) fn build(f: impl FnOnce(&mut Builder<'_>)) -> Layout {
    let mut layout = Layout::of_repr(Repr::Inline(empty()));
    let mut b = Builder::over(&mut layout);
    f(&mut b);
    b.settle();
    layout
}

/// A layout written by `f` in place, in the `Ok` returned, or `f`'s error.
#[inline(always)]
pub(crate) fn try_build(f: impl FnOnce(&mut Builder<'_>) -> Result<()>) -> Result<Layout> {
    let mut result = Ok(Layout::of_repr(Repr::Inline(empty())));
    if let Ok(layout) = &mut result {
        let mut b = Builder::over(layout);
        match f(&mut b) {
            Ok(()) => b.settle(),
            Err(e) => result = Err(e),
        }
    }
    result
}

impl<'a> Builder<'a> {
    /// A builder of a layout in `storage`, emptied first (an inline layout's values past its
    /// counts are never read, so only the counts are reset).
    #[inline(always)]
    pub(crate) fn over(storage: &'a mut Layout) -> Builder<'a> {
        match storage.repr_mut() {
            Repr::Inline(r) => (r.leaves, r.tokens) = (0, 0),
            r => *r = Repr::Inline(empty()),
        }
        Builder { layout: storage, spill: None }
    }

    /// Ends the build: leaves and tokens past the inline ones become the layout's heap storage.
    #[inline(always)]
    pub(crate) fn settle(self) {
        if let Some(s) = self.spill {
            *self.layout.repr_mut() = s.finish();
        }
    }

    /// The inline storage, while nothing has spilled.
    #[inline]
    fn inline(&mut self) -> Option<&mut Inline> {
        match (&self.spill, self.layout.repr_mut()) {
            (None, Repr::Inline(r)) => Some(r),
            _ => None,
        }
    }

    /// The spilled buffers, made from the inline ones the first time.
    fn spill(&mut self) -> &mut Spill {
        let r = self.layout.repr();
        self.spill.get_or_insert_with(|| Spill {
            shapes: r.shapes().to_vec(),
            strides: r.strides().to_vec(),
            tokens: r.tokens().collect(),
        })
    }

    /// A leaf `shape:stride`.
    // In range: both counts stay below their arrays' lengths (48) before the increments.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub(crate) fn leaf(&mut self, shape: i64, stride: i64) {
        if let Some(r) = self.inline() {
            let (n, t) = (r.leaf_count(), r.token_count());
            if n < INLINE_LEAVES && t < INLINE_TOKENS {
                r.set_leaf(n, shape, stride);
                r.set_token(t, LEAF);
                (r.leaves, r.tokens) = (r.leaves + 1, r.tokens + 1);
                return;
            }
        }
        let s = self.spill();
        s.shapes.push(shape);
        s.strides.push(stride);
        s.tokens.push(LEAF);
    }

    /// A token of a tuple ([`OPEN`] or [`CLOSE`]).
    // In range: as in `leaf`.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    fn token(&mut self, token: u8) {
        if let Some(r) = self.inline() {
            let t = r.token_count();
            if t < INLINE_TOKENS {
                r.set_token(t, token);
                r.tokens += 1;
                return;
            }
        }
        self.spill().tokens.push(token);
    }

    /// The start of a tuple.
    #[inline]
    pub(crate) fn open(&mut self) {
        self.token(OPEN);
    }

    /// The end of a tuple.
    #[inline]
    pub(crate) fn close(&mut self) {
        self.token(CLOSE);
    }

    /// Writes past the counts of the inline storage, where nothing has spilled ([`Window`]).
    #[inline(always)]
    pub(crate) fn window(&mut self) -> Option<Window<'_>> {
        let r = self.inline()?;
        let (n, t) = (r.leaf_count(), r.token_count());
        Some(Window { r, n, t, dropped: false })
    }

    /// A small tree given by its tokens `tokens` and the leaves `leaves` its [`LEAF`] tokens
    /// stand for, in order: room is checked once for all of them (a check per token cost more
    /// than the writes).
    // In range: the counts stay within the inline arrays, checked before the writes.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
    #[inline(always)]
    pub(crate) fn tree(&mut self, tokens: &[u8], leaves: &[(i64, i64)]) {
        if let Some(r) = self.inline() {
            let (n, t) = (r.leaf_count(), r.token_count());
            let (n_end, t_end) = (n + leaves.len(), t + tokens.len());
            if n_end <= INLINE_LEAVES && t_end <= INLINE_TOKENS {
                for (p, &token) in r.profile[t..t_end].iter_mut().zip(tokens) {
                    *p = MaybeUninit::new(token);
                }
                for ((s, d), &(ls, ld)) in r.shapes[n..n_end].iter_mut().zip(&mut r.strides[n..n_end]).zip(leaves) {
                    (*s, *d) = (MaybeUninit::new(ls), MaybeUninit::new(ld));
                }
                // In range: at most 16 and 48.
                (r.leaves, r.tokens) = (n_end as u8, t_end as u8);
                return;
            }
        }
        let mut next = leaves.iter();
        for &token in tokens {
            match (token, token == LEAF) {
                (_, true) => {
                    let &(s, d) = next.next().unwrap_or(&(0, 0));
                    self.leaf(s, d);
                }
                (token, false) => self.token(token),
            }
        }
    }

    /// All of `r` with each stride multiplied by `d`, where `r` is inline and fits: room is
    /// checked once, the strides scaled left to right (the first product past i64 is the
    /// error). Returns the number of leaves written, or `None` (nothing written) elsewhere.
    // In range: the counts stay within the inline arrays, checked before the writes.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
    #[inline(always)]
    pub(crate) fn copy_scaled(&mut self, r: &Repr, d: i64) -> Option<core::result::Result<usize, Overflow>> {
        let (Some(to), Repr::Inline(from)) = (self.inline(), r) else { return None };
        let (n, t) = (to.leaf_count(), to.token_count());
        let (len, tokens) = (from.leaf_count(), from.token_count());
        let (n_end, t_end) = (n + len, t + tokens);
        if n_end > INLINE_LEAVES || t_end > INLINE_TOKENS {
            return None;
        }
        let leaves = from.shapes().iter().zip(from.strides());
        for ((s, st), (&fs, &fd)) in to.shapes[n..n_end].iter_mut().zip(&mut to.strides[n..n_end]).zip(leaves) {
            *s = MaybeUninit::new(fs);
            *st = match arith::mul(fd, d) {
                Ok(v) => MaybeUninit::new(v),
                Err(o) => return Some(Err(o)),
            };
        }
        for (p, &fp) in to.profile[t..t_end].iter_mut().zip(from.profile()) {
            *p = MaybeUninit::new(fp);
        }
        // In range: at most 16 and 48.
        (to.leaves, to.tokens) = (n_end as u8, t_end as u8);
        Some(Ok(len))
    }

    /// The tokens `span` of `r` with the leaves `leaves` they hold (a mode, or all of `r`).
    // In range: the counts stay within the inline arrays, checked before the copy.
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) fn copy(&mut self, r: &Repr, span: Range<usize>, leaves: Range<usize>) {
        if let (Some(to), Repr::Inline(from)) = (self.inline(), r) {
            let (n, t) = (to.leaf_count(), to.token_count());
            let (n_end, t_end) = (n + leaves.len(), t + span.len());
            if n_end <= INLINE_LEAVES && t_end <= INLINE_TOKENS {
                // Element by element: a mode is a few values, for which `copy_from_slice`'s
                // call to `memcpy` costs more than the copy.
                let pairs = from.shapes()[leaves.clone()].iter().zip(&from.strides()[leaves]);
                for ((s, d), (&fs, &fd)) in to.shapes[n..n_end].iter_mut().zip(&mut to.strides[n..n_end]).zip(pairs) {
                    (*s, *d) = (MaybeUninit::new(fs), MaybeUninit::new(fd));
                }
                for (p, &fp) in to.profile[t..t_end].iter_mut().zip(&from.profile()[span]) {
                    *p = MaybeUninit::new(fp);
                }
                // In range: at most 16 and 48.
                #[allow(clippy::cast_possible_truncation)]
                {
                    (to.leaves, to.tokens) = (n_end as u8, t_end as u8);
                }
                return;
            }
        }
        let (shapes, strides) = (&r.shapes()[leaves.clone()], &r.strides()[leaves]);
        let mut next = shapes.iter().zip(strides);
        for token in r.tokens().skip(span.start).take(span.len()) {
            match (token, token == LEAF) {
                (_, true) => {
                    let (&s, &d) = next.next().unwrap_or((&0, &0));
                    self.leaf(s, d);
                }
                (token, false) => self.token(token),
            }
        }
    }

    /// A flat layout of the leaves `leaves`: one leaf for one unless `wrap`, else a tuple.
    // In range: the counts stay within the inline arrays, checked before the writes.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub(crate) fn flat(&mut self, leaves: impl ExactSizeIterator<Item = (i64, i64)>, wrap: bool) {
        let len = leaves.len();
        let one = len == 1 && !wrap;
        if let Some(r) = self.inline() {
            // Room checked once for all the leaves, then plain writes (a check per leaf cost
            // more than the writes).
            let (n, t) = (r.leaf_count(), r.token_count());
            let (n_end, t_end) = (n + len, t + if one { 1 } else { len + 2 });
            if n_end <= INLINE_LEAVES && t_end <= INLINE_TOKENS {
                let (shapes, strides) = (&mut r.shapes[n..n_end], &mut r.strides[n..n_end]);
                // The leaves counted are the ones written (all of them, for an iterator whose
                // length is exact).
                let mut written = 0;
                for ((s, d), (ls, ld)) in shapes.iter_mut().zip(strides).zip(leaves) {
                    (*s, *d) = (MaybeUninit::new(ls), MaybeUninit::new(ld));
                    written += 1;
                }
                r.end_run((n, t), written, one);
                return;
            }
        }
        if !one {
            self.open();
        }
        leaves.for_each(|(s, d)| self.leaf(s, d));
        if !one {
            self.close();
        }
    }

    /// A flat layout of at most `cap` leaves that `f` writes (their shapes and strides, returning
    /// their number) straight into the layout's inline storage where they fit, else into a
    /// buffer copied after: one leaf alone, else a tuple. Writing in place saves a buffer and
    /// its copy per result (a complement's, most often).
    // In range: the counts stay within the inline arrays, checked before the writes, and `f`
    // returns at most `cap` leaves.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub(crate) fn flat_with(
        &mut self,
        cap: usize,
        f: impl FnOnce(&mut [i64], &mut [i64]) -> Result<usize>,
    ) -> Result<()> {
        if let Some(r) = self.inline() {
            let (n, t) = (r.leaf_count(), r.token_count());
            if n + cap <= INLINE_LEAVES && t + cap + 2 <= INLINE_TOKENS {
                // The callee's space, initialized first (it may read what it writes).
                let (shapes, strides) =
                    (init_mut(&mut r.shapes[n..n + cap], 0), init_mut(&mut r.strides[n..n + cap], 0));
                let k = f(shapes, strides)?.min(cap);
                r.end_run((n, t), k, k == 1);
                return Ok(());
            }
        }
        // Past the inline storage: leaf by leaf (not through `flat`, whose other callers LLVM
        // then stopped inlining it into).
        let (mut shapes, mut strides) = (alloc::vec![0; cap], alloc::vec![0; cap]);
        let k = f(&mut shapes, &mut strides)?.min(cap);
        let one = k == 1;
        if !one {
            self.open();
        }
        for (&s, &d) in shapes[..k].iter().zip(&strides[..k]) {
            self.leaf(s, d);
        }
        if !one {
            self.close();
        }
        Ok(())
    }

    /// All of `r`.
    pub(crate) fn copy_all(&mut self, r: &Repr) {
        self.copy(r, 0..r.token_count(), 0..r.shapes().len());
    }

    /// A shape and a congruent stride, as trees.
    pub(crate) fn trees(&mut self, shape: &IntTuple, stride: &IntTuple) {
        match (shape, stride) {
            (HTuple::Leaf(s), HTuple::Leaf(d)) => self.leaf(*s, *d),
            _ => {
                self.open();
                for (s, d) in shape.modes().iter().zip(stride.modes()) {
                    self.trees(s, d);
                }
                self.close();
            }
        }
    }
}

impl Spill {
    /// The heap storage of the leaves and tokens (out of line: the rare path of `finish`).
    // In range: the buffers hold `leaves` and `tokens` values, so the sums are far below
    // usize::MAX.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(never)]
    fn finish(self) -> Repr {
        let leaves = self.shapes.len();
        let mut words = alloc::vec![0i64; 2 * leaves + self.tokens.len().div_ceil(TOKENS_PER_WORD)];
        words[..leaves].copy_from_slice(&self.shapes);
        words[leaves..2 * leaves].copy_from_slice(&self.strides);
        for (w, chunk) in words[2 * leaves..].iter_mut().zip(self.tokens.chunks(TOKENS_PER_WORD)) {
            let mut bytes = [0u8; TOKENS_PER_WORD];
            bytes[..chunk.len()].copy_from_slice(chunk);
            *w = i64::from_le_bytes(bytes);
        }
        Repr::Heap(Heap { leaves, tokens: self.tokens.len(), words: words.into_boxed_slice() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    fn layout(text: &str) -> Layout {
        text.parse().unwrap()
    }

    /// Every way the builder writes a layout reads back as the layout written, inline and past
    /// the inline storage (the values past an inline layout's counts are never initialized, so
    /// under Miri a read of one is an error).
    #[test]
    fn what_the_builder_writes_reads_back() {
        let small = layout("((4,8),(2,2)):((2,16),(1,8))");
        // Leaf by leaf, token by token, a tree, a flat run, a scaled copy, a copied mode.
        let built = build(|b| {
            b.open();
            b.leaf(3, 1);
            b.tree(&[OPEN, LEAF, LEAF, CLOSE], &[(2, 3), (5, 6)]);
            b.flat([(7, 30), (2, 210)].into_iter(), true);
            b.copy_all(small.repr());
            let (span, leaves) = small.repr().mode_span(1).unwrap();
            b.copy(small.repr(), span, leaves);
            assert_eq!(b.copy_scaled(small.repr(), 3).map(|r| r.unwrap()), Some(4));
            b.close();
        });
        let text =
            "(3,(2,5),(7,2),((4,8),(2,2)),(2,2),((4,8),(2,2))):(1,(3,6),(30,210),((2,16),(1,8)),(1,8),((6,48),(3,24)))";
        assert_eq!(built.to_string(), text);
        assert_eq!(built, layout(text));
        assert_eq!(built.clone().to_string(), text);
        // A complement written in place.
        let r = try_build(|b| {
            b.flat_with(4, |s, d| {
                (s[0], s[1], d[0], d[1]) = (3, 2, 2, 12);
                Ok(2)
            })
        })
        .unwrap();
        assert_eq!(r.to_string(), "(3,2):(2,12)");
        // Past 16 leaves: the builder spills to the heap.
        let many = build(|b| {
            b.open();
            (0..20).for_each(|i| b.leaf(2, 1 << i));
            b.close();
        });
        let text: String = alloc::format!(
            "({}):({})",
            alloc::vec!["2"; 20].join(","),
            (0..20).map(|i| (1i64 << i).to_string()).collect::<alloc::vec::Vec<_>>().join(",")
        );
        assert_eq!(many.to_string(), text);
        assert_eq!(many.repr().mode_spans().count(), 20);
        // An inline layout built again from scratch: the old values past the new counts stay
        // unread.
        let mut storage = small.clone();
        let mut b = Builder::over(&mut storage);
        b.leaf(5, 1);
        b.settle();
        assert_eq!(storage.to_string(), "5:1");
        assert_eq!(storage.repr().as_leaf(), Some((5, 1)));
    }
}
