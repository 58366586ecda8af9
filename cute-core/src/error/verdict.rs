//! Violated static conditions as trait-solver errors, so that `cargo check` (and an editor)
//! reports them at the user's call.
//!
//! A static operation computes, beside its result type and in traits of its own (so that the
//! trait solver does not confirm the result's impls again), a *verdict*: [`Pass`], or a failure
//! type named after the condition (such as [`TooManyModesFail`]) that carries the operands as
//! [`Shown`] types. The operation's function requires `Verdict: Holds`. `Holds` is implemented
//! for `Pass` and, for a [`Failure`], only where the trait of its condition (such as
//! [`TooManyModes`]) is implemented for [`Condition`], which it never is: rustc reports that
//! trait's `on_unimplemented` message, which names the condition and prints the operands in
//! CuTe's notation with decimal values (`(_4, _8):(_1, _4)`), at the user's line. The failures
//! reach `Holds` through one blanket impl, so that rustc lists no impls in the error.
//!
//! The words are those of the dynamic engine's [`ErrorKind`] headlines; the `const` check that
//! `cargo build` also runs says the same.

use core::marker::PhantomData;
use core::ops::{Div, Rem};

use frunk_core::hlist::{HCons, HNil};
use typenum::consts::{U100, U1000, U1024};
use typenum::{IsLess, IsLessOrEqual, NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

use super::ErrorKind;

/// A verdict that holds: [`Pass`], or a failure whose condition is implemented (never).
pub trait Holds {}

/// The verdict of an operation whose conditions hold.
pub struct Pass;
#[diagnostic::do_not_recommend]
impl Holds for Pass {}

/// The outcome of a verdict as a value: the [`ErrorKind`] of its condition, `None` for
/// [`Pass`]. The dynamic engine names the same condition for the same operands (tests compare
/// them).
///
/// ```
/// use cute::statics::report::Outcome;
/// use cute::{op, RouteVerdict, Layout, Shape};
/// use cute::dynamic::ErrorKind;
/// type Complement<A, M> = RouteVerdict<op::Complement, A, M>;
/// assert_eq!(<Complement<Layout![(2,2):(1,1)], Shape![8]> as Outcome>::KIND, Some(ErrorKind::NonInjective));
/// assert_eq!(<Complement<Layout![(2,2):(1,6)], Shape![24]> as Outcome>::KIND, None);
/// ```
pub trait Outcome {
    /// The condition's kind, or `None`.
    const KIND: Option<ErrorKind>;
}
impl Outcome for Pass {
    const KIND: Option<ErrorKind> = None;
}

/// The type for which no condition trait is implemented: a failure's `Holds` needs it to be.
pub struct Condition;

/// A failure: the type of a violated condition, carrying the shown operands.
pub trait Failure {}
impl<F: Failure + Report> Holds for F {}
/// The condition of a failure: implemented where the condition's own trait is implemented for
/// [`Condition`], which is never.
pub trait Report {}

/// The first failing verdict: `Self`, then `V`.
pub trait Then<V> {
    /// `V` if `Self` is [`Pass`], else `Self`.
    type Output;
}
impl<V> Then<V> for Pass {
    type Output = V;
}

/// `T` where the verdict `Self` is [`Pass`], else `F`: a result type that stays well-formed when
/// a condition fails (`F` a placeholder), so that the condition is the only error.
pub trait Otherwise<T, F> {
    /// `T` or `F`.
    type Output;
}
impl<T, F> Otherwise<T, F> for Pass {
    type Output = T;
}

/// Declare conditions: for each, the trait whose message rustc prints, the failure type that
/// carries the shown operands, and its [`Failure`], [`Report`], [`Then`], [`Otherwise`] and
/// [`Outcome`] impls; the kind is the dynamic engine's [`ErrorKind`] of the condition.
macro_rules! conditions {
    ($(
        $(#[$doc:meta])*
        $name:ident($kind:ident) / $fail:ident <$($p:ident),*> => $message:literal, $label:literal;
    )*) => {$(
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $message, label = $label)]
        pub trait $name<$($p),*> {}
        /// The failure of the condition of the same name, with the operands as [`Shown`] types.
        pub struct $fail<$($p),*>(PhantomData<($($p,)*)>);
        impl<$($p),*> Failure for $fail<$($p),*> {}
        impl<$($p),*> Report for $fail<$($p),*> where Condition: $name<$($p),*> {}
        impl<$($p,)* V> Then<V> for $fail<$($p),*> {
            type Output = Self;
        }
        impl<$($p,)* IfPass, IfFail> Otherwise<IfPass, IfFail> for $fail<$($p),*> {
            type Output = IfFail;
        }
        impl<$($p),*> Outcome for $fail<$($p),*> {
            const KIND: Option<ErrorKind> = Some(ErrorKind::$kind);
        }
    )*};
}

conditions! {
    /// A tuple tiler has more modes than the layout (CuTe's static_assert in `logical_divide`
    /// and the other tiled operations).
    TooManyModes(TooManyModes) / TooManyModesFail<T, S, D> =>
        "too many modes in the tiler: the tiler {T} has more modes than the layout {S}:{D}",
        "a tiler has at most one entry per mode of the layout";

    /// Composition (in the operation `Op`): CuTe's stride divisibility, the stride left is neither below A's mode nor a
    /// multiple of it.
    StrideDivisibility(StrideDivisibility) / StrideDivisibilityFail<Op, S, D, B, R, M> =>
        "stride divisibility: {Op}({S}:{D}, {B}): stride {R} does not divide and is not divided by shape {M}",
        "a stride must divide or be a multiple of each mode it steps over";
    /// Composition: the stride left stops inside A's mode without dividing it.
    StrideNotDivisor(StrideDivisibility) / StrideNotDivisorFail<Op, S, D, B, R, M> =>
        "stride divisibility: {Op}({S}:{D}, {B}): stride {R} does not divide shape {M}",
        "a stride must divide or be a multiple of each mode it steps over";
    /// Composition: a negative stride left jumps over A's mode without being a multiple of it.
    StrideNotMultiple(StrideDivisibility) / StrideNotMultipleFail<Op, S, D, B, R, M> =>
        "stride divisibility: {Op}({S}:{D}, {B}): stride {R} is not a multiple of shape {M}",
        "a stride must divide or be a multiple of each mode it steps over";
    /// Composition: the shape left is not a multiple of what A's mode holds.
    ShapeDivisibility(ShapeDivisibility) / ShapeDivisibilityFail<Op, S, D, B, R, P> =>
        "shape divisibility: {Op}({S}:{D}, {B}): shape {R} is not divisible by {P}",
        "a shape must split along the modes it is laid over";

    /// Composition: the digits of B's leaves in A's mode `I` (of shape `M`) add up past it, so
    /// that a carry makes CuTe's result differ from A o B (CUTLASS #2955).
    ModeOverlap(ModeOverlap) / ModeOverlapFail<Op, S, D, B, I, M> =>
        "mode overlap: {Op}({S}:{D}, {B}): modes of B overlap in mode {I} (shape {M}) of A, so A o B is not a layout",
        "the leaves of B must not carry over in any mode of A but the last";
    /// Composition: leaves of B with strides of both signs meet in several modes of A.
    MixedSigns(ModeOverlap) / MixedSignsFail<Op, S, D, B> =>
        "mode overlap: {Op}({S}:{D}, {B}): modes of B with strides of both signs meet in several modes of A, so A o B is not a layout",
        "leaves of B of both signs may only meet in A's first mode or on multiples of its last";

    /// `tile_to_shape(B, T)`: the block has more modes than the target shape.
    TileToShapeRank(TileToShapeRank) / TileToShapeRankFail<SB, DB, T> =>
        "tile_to_shape rank: tile_to_shape({SB}:{DB}, {T}): the block has more modes than the target shape",
        "the block has at most as many modes as the target shape";
    /// `tile_to_shape(B, T)`: a mode of the block does not divide the target's mode.
    TileToShapeDivisibility(TileToShapeDivisibility) / TileToShapeDivisibilityFail<SB, DB, T, N, M> =>
        "tile_to_shape divisibility: tile_to_shape({SB}:{DB}, {T}): block mode size {N} does not divide target mode size {M}",
        "each mode of the block must divide the target's mode";
    /// `crd2idx(C, S)`, `call_coord`: a tuple of the coordinate stands for a mode of the shape of
    /// another rank.
    CoordRank(RankMismatch) / CoordRankFail<C, S, CM, SM> =>
        "rank mismatch: the coordinate {C} of the shape {S}: the coordinate tuple {CM} stands for the mode {SM}, of another rank",
        "each tuple of the coordinate has the rank of the shape's mode it stands for";
    /// Complement: a stride lies inside the span of the smaller modes.
    NonInjective(NonInjective) / NonInjectiveFail<S, D, M, R, L> =>
        "non-injective: complement({S}:{D}, {M}): stride {R} lies inside the span {L} of the smaller modes",
        "the layout has no complement";
    /// `logical_product(A, B)`: A has negative strides, so CuTe's complement of A (computed
    /// all the same) has a shape that is not positive, and B reaches past its offset 0.
    ProductNegativeStride(NegativeStride) / ProductNegativeStrideFail<S, D, B, M, RS, RD> =>
        "negative stride: logical_product({S}:{D}, {B}): complement({S}:{D}, {M}) of a layout with negative strides is {RS}:{RD}, not a layout",
        "the layout has no complement";
    /// Complement: a mode of size > 1 has a negative stride.
    NegativeStride(NegativeStride) / NegativeStrideFail<S, D, M, R> =>
        "negative stride: complement({S}:{D}, {M}): stride {R} is negative; the complement needs non-negative strides",
        "the layout has no complement";
    /// `left_inverse(L)`: a mode of the coalesced L has a negative stride.
    LeftInverseNegativeStride(NegativeStride) / LeftInverseNegativeStrideFail<S, D, R> =>
        "negative stride: left_inverse({S}:{D}): stride {R} is negative",
        "a left inverse needs non-negative strides";
    /// `left_inverse(L)`: a stride, by increasing order, is not a multiple of the one before.
    LeftInverseDivisibility(LeftInverseDivisibility) / LeftInverseDivisibilityFail<S, D, R, L> =>
        "left-inverse divisibility: left_inverse({S}:{D}): stride {R} is not a multiple of {L}, the span of the smaller strides",
        "each stride must be a multiple of the smaller ones";
    /// `left_inverse(L)`: a mode receives a carry from the smaller ones that it cannot hold.
    LeftInverseNonInjective(NonInjective) / LeftInverseNonInjectiveFail<S, D> =>
        "non-injective: left_inverse({S}:{D}): the modes overlap, and no quasi-inverse L(R(L(i))) == L(i) exists in CuTe's form",
        "the layout has no left inverse";
    /// `left_inverse(L)` of basis strides: a stride along the element `e_K` is negative.
    BasisLeftInverseNegativeStride(NegativeStride) / BasisLeftInverseNegativeStrideFail<S, K, R> =>
        "negative stride: left_inverse of the layout of shape {S} with basis strides: the stride {R}@{K} is negative",
        "a left inverse needs non-negative strides";
    /// `left_inverse(L)` of basis strides: along `e_K`, a scale is not a multiple of the one below.
    BasisLeftInverseDivisibility(LeftInverseDivisibility) / BasisLeftInverseDivisibilityFail<S, K, R, L> =>
        "left-inverse divisibility: left_inverse of the layout of shape {S} with basis strides: the stride {R}@{K} is not a multiple of {L}@{K}, the stride below it",
        "along each element, each stride must be a multiple of the one below it";
    /// `left_inverse(L)` of basis strides: along `e_K`, a leaf reaches the next stride.
    BasisLeftInverseOverlap(NonInjective) / BasisLeftInverseOverlapFail<S, K, N, L, R> =>
        "non-injective: left_inverse of the layout of shape {S} with basis strides: {N} steps of {L}@{K} reach {R}@{K}, so the leaves overlap",
        "along each element, a leaf must end before the next stride";
    /// The complement of basis strides: a stride along the element `e_K` is negative.
    BasisComplementNegativeStride(NegativeStride) / BasisComplementNegativeStrideFail<S, K, R> =>
        "negative stride: complement of the layout of shape {S} with basis strides: the stride {R}@{K} is negative",
        "the complement needs non-negative strides";
    /// The complement of basis strides: along `e_K`, a stride lies inside what the smaller
    /// strides span.
    BasisComplementNonInjective(NonInjective) / BasisComplementNonInjectiveFail<S, K, R, L> =>
        "non-injective: complement of the layout of shape {S} with basis strides: the stride {R}@{K} is not a multiple of {L}@{K}, what the smaller strides along its element span",
        "along each element, each stride must be a multiple of what the smaller ones span";
    /// `layout_add(A, B)`: the layouts' sizes differ.
    AddSizes(InvalidArgument) / AddSizesFail<S, D, SB, DB, N, M> =>
        "invalid argument: layout_add({S}:{D}, {SB}:{DB}): sizes differ, {N} vs {M}",
        "layout_add adds two functions on one domain";
    /// `Sw<B,M,S>`: `B` is negative.
    SwizzleBits(InvalidSwizzle) / SwizzleBitsFail<B, M, S> =>
        "invalid swizzle: Sw<{B}, {M}, {S}>: BBits must be non-negative",
        "CuTe's Swizzle<B,M,S> needs B >= 0, M >= 0 and |S| >= B";
    /// `Sw<B,M,S>`: `M` is negative.
    SwizzleBase(InvalidSwizzle) / SwizzleBaseFail<B, M, S> =>
        "invalid swizzle: Sw<{B}, {M}, {S}>: MBase must be non-negative",
        "CuTe's Swizzle<B,M,S> needs B >= 0, M >= 0 and |S| >= B";
    /// `Sw<B,M,S>`: `|S| < B`, so the two fields overlap.
    SwizzleShift(InvalidSwizzle) / SwizzleShiftFail<B, M, S> =>
        "invalid swizzle: Sw<{B}, {M}, {S}>: abs(SShift) must be at least BBits",
        "the fields XOR-ed and read would overlap";
    /// `Sw<B,M,S>`: the fields reach past bit 63.
    SwizzleWidth(InvalidSwizzle) / SwizzleWidthFail<B, M, S> =>
        "invalid swizzle: Sw<{B}, {M}, {S}>: the fields do not fit in 63 bits (M + |S| + B > 63)",
        "offsets are 64-bit integers";
    /// `Sw<..> o Sw<..>`: the shifts differ, so the masks' XOR moves bits by two distances.
    SwizzleShifts(InvalidSwizzle) / SwizzleShiftsFail<B, M, S, C, N, T> =>
        "invalid swizzle: Sw<{B}, {M}, {S}> o Sw<{C}, {N}, {T}>: the shifts {S} and {T} differ, and only swizzles of the same shift merge",
        "CuTe's composition of two swizzles XORs their masks, which needs one shift";
    /// `Sw<..> o Sw<..>`: the XOR of the masks is not the two fields of one swizzle.
    SwizzleMerge(InvalidSwizzle) / SwizzleMergeFail<B, M, S, C, N, T> =>
        "invalid swizzle: Sw<{B}, {M}, {S}> o Sw<{C}, {N}, {T}>: the XOR of their masks is not a swizzle's (one run of bits each, |S| apart, within 63 bits)",
        "the fields must share an end to merge into one run";
    /// `make_swizzle<Y, Z>`: the masks are not the two fields of one swizzle.
    MakeSwizzleMasks(InvalidSwizzle) / MakeSwizzleMasksFail<Y, Z> =>
        "invalid swizzle: make_swizzle<{Y}, {Z}>: the masks are not a swizzle's fields (one run of bits each, of the same length, |S| >= B apart, within 63 bits)",
        "CuTe's make_swizzle reads B, M and S from the two masks";
    /// `layout_add(A, B)`: the greatest common domain of the coalesced shapes does not cover the
    /// index range, so no layout equals `A + B`.
    AddNoCommonRefinement(NoCommonRefinement) / AddNoCommonRefinementFail<S, D, SB, DB, N, G> =>
        "no common refinement: layout_add({S}:{D}, {SB}:{DB}): no common refinement of size {N} (the greatest common domain has size {G})",
        "both layouts must be linear on one split of the index";
    /// `upcast::<N>`: a stride neither divides nor is a multiple of N (CuTe's divisibility
    /// condition).
    UpcastDivisibility(UpcastDivisibility) / UpcastDivisibilityFail<N, S, D, R, L> =>
        "upcast divisibility: upcast<{N}>({S}:{D}): stride {R} (leaf {L}) neither divides nor is a multiple of {N}",
        "each non-zero stride must divide or be a multiple of the factor";
    /// `downcast::<N>`: no stride is 1, so the elements are not adjacent.
    DowncastAdjacency(DowncastAdjacency) / DowncastAdjacencyFail<N, S, D> =>
        "downcast adjacency: downcast<{N}>({S}:{D}): no mode has stride 1, so elements are not adjacent",
        "a mode of stride 1 is needed";
    /// `recast::<O, W>`: its upcast step's divisibility condition.
    RecastUpcastDivisibility(UpcastDivisibility) / RecastUpcastDivisibilityFail<O, W, N, S, D, R, L> =>
        "upcast divisibility: recast<{O}, {W}>: upcast<{N}>({S}:{D}): stride {R} (leaf {L}) neither divides nor is a multiple of {N}",
        "each non-zero stride must divide or be a multiple of the factor";
    /// `recast::<O, W>`: its downcast step's adjacency condition.
    RecastDowncastAdjacency(DowncastAdjacency) / RecastDowncastAdjacencyFail<O, W, N, S, D> =>
        "downcast adjacency: recast<{O}, {W}>: downcast<{N}>({S}:{D}): no mode has stride 1, so elements are not adjacent",
        "a mode of stride 1 is needed";
    /// `mode::<I>()`, `select!`, `take!`, `group!`: a mode index past the last mode.
    ModeOutOfRange(IndexOutOfRange) / ModeOutOfRangeFail<S, D, R> =>
        "index out of range: the layout {S}:{D} has {R} modes, fewer than a mode index asks for",
        "no such mode";
    /// `composition(A, B)` of B with basis strides: a basis element names a mode that A does
    /// not have.
    BasisMode(RankMismatch) / BasisModeFail<S, B> =>
        "rank mismatch: composition by basis strides: {B} names no mode of the shape {S}",
        "each `v@i` of the right operand picks mode `i` of the left one";
    /// `natural_offset`: a natural coordinate needs one entry per leaf of the shape.
    NaturalRank(RankMismatch) / NaturalRankFail<S, D, N, L> =>
        "rank mismatch: natural_offset on {S}:{D}: the coordinate has {N} entries, the shape {L} leaves",
        "a natural coordinate has one entry per leaf of the shape";
    /// `make_ordered_layout(S, O)`: a tuple order whose rank is not the shape's.
    OrderRank(RankMismatch) / OrderRankFail<S, O> =>
        "rank mismatch: make_ordered_layout({S}, {O}): the order has another number of top-level modes than the shape",
        "the order is an integer or has one entry per top-level mode of the shape";
    /// `left_inverse(L)` of a layout with a runtime leaf: CuTe defines it only for static
    /// layouts.
    RuntimeLeaf(InvalidArgument) / RuntimeLeafFail<Op, S, D> =>
        "invalid argument: {Op}({S}:{D}): a leaf is a runtime i64, and CuTe defines {Op} only for static layouts",
        "every leaf of this layout must be static";
    /// `complement(A, M)` (also a divide's tile's, a product's block's) of a layout with a
    /// runtime stride among several modes after the filter: CuTe sorts A's modes by stride when
    /// the code is built, so it needs them static (or a single mode).
    ComplementRuntime(InvalidArgument) / ComplementRuntimeFail<S, D> =>
        "invalid argument: complement of {S}:{D}: a stride is a runtime i64, and CuTe computes a complement of several modes only for static strides",
        "the strides must be static, or the layout a single mode";
    /// `complement(A, M)` (also a divide's tile's, a product's block's) of a layout with a
    /// runtime leaf: a static stride is negative on a mode the filter keeps (CuTe would compute
    /// shapes that are not positive).
    ComplementRuntimeNegative(NegativeStride) / ComplementRuntimeNegativeFail<S, D, R> =>
        "negative stride: complement of {S}:{D}: stride {R} is negative; the complement needs non-negative strides",
        "the layout has no complement";
    /// `complement(A, M)` (also a divide's tile's, a product's block's) of a layout with runtime
    /// extents: a gap that the static leaves decide is 0, a stride inside the span of the smaller
    /// modes (CuTe's compile-time "Non-injective Layout").
    ComplementRuntimeNonInjective(NonInjective) / ComplementRuntimeNonInjectiveFail<S, D, R, L> =>
        "non-injective: complement of {S}:{D}: stride {R} lies inside the span {L} of the smaller modes",
        "the layout has no complement";
    /// `make_layout((shape, stride))`: the stride does not have the shape's tuple structure.
    NotCongruent(RankMismatch) / NotCongruentFail<S, D> =>
        "rank mismatch: make_layout({S}, {D}): the stride is not congruent with the shape",
        "a stride has its shape's tuple structure: `stride!((4,1))` for `shape!((2,4))`";
    /// `make_layout_tv(T, V)`: the raked product of the thread and value layouts is not a
    /// bijection of the tile onto the (thread, value) indices, so no TV layout covers the tile.
    TvNotBijective(NonInjective) / TvNotBijectiveFail<TS, TD, VS, VD, N> =>
        "non-injective: make_layout_tv({TS}:{TD}, {VS}:{VD}): raked_product is not a bijection from the tile's {N} coordinates onto the indices 0..{N} of (thread, value)",
        "each (thread, value) must be one coordinate of the tile, and each coordinate one (thread, value)";
    /// `TiledMMA`: the threads `tiled_product(ThrID, AtomLayout)` are not the indices
    /// `0..size`, so no TV layout indexes them.
    TiledMmaThreads(NonInjective) / TiledMmaThreadsFail<S, D, N> =>
        "non-injective: TiledMMA: its threads {S}:{D} (tiled_product of the atom's ThrID and the atom layout) are not the indices 0..{N}",
        "an atom layout that is not one to one, or lanes left idle between the atoms' threads (a Volta quad-pair): no TV layout indexes them (CuTe's would alias them)";
    /// `TiledMMA`: atoms along K, for which C's TV layout is not defined.
    TiledMmaSplitK(RankMismatch) / TiledMmaSplitKFail<S, D, N> =>
        "rank mismatch: TiledMMA: the atom layout {S}:{D} splits K among {N} atoms; C's thread-value layout is defined for one",
        "lay the atoms out over M and N: an atom layout (M,N,1)";
    /// `TiledMMA`: a permutation entry that is not a bijection of its tile's indices.
    TiledMmaPermutation(NonInjective) / TiledMmaPermutationFail<S, D, N> =>
        "non-injective: TiledMMA: the permutation {S}:{D} is not a bijection of 0..{N}",
        "a permutation entry reorders the tile's indices along its mode: each of them once";
    /// `TiledMMA`: a permutation whose size is not a whole number of the atoms' footprint.
    TiledMmaFootprint(ShapeDivisibility) / TiledMmaFootprintFail<N, A, T> =>
        "shape divisibility: TiledMMA: a permutation of size {N} is not a multiple of the atom's extent {A} times the {T} atoms along its mode",
        "the tile along each mode is a whole number of the atoms' footprint";
    /// `TiledCopy`: the copy atom's layout, in bits, does not hold whole elements of the
    /// copy's width with the atom's threads.
    TiledCopyElement(InvalidArgument) / TiledCopyElementFail<S, D, B> =>
        "invalid argument: TiledCopy: the copy atom's layout {S}:{D} (thread, bit) does not move whole {B}-bit elements on each of its threads",
        "copy elements the atom moves whole: ldmatrix and stmatrix move 16-bit elements (or 32-bit pairs), cp.async and UniversalCopy up to their width";
    /// `TiledCopy`: the TV layout's threads or values are not a whole number of the atom's.
    TiledCopyAtoms(ShapeDivisibility) / TiledCopyAtomsFail<Thr, Val, AThr, AVal> =>
        "shape divisibility: TiledCopy: the TV layout has {Thr} threads and {Val} values, not multiples of the atom's {AThr} threads and {AVal} values",
        "each thread's values are whole atom copies: the value layout a multiple of the atom's values, the threads of its threads";
    /// `copy(tiled_copy, src, dst)`: the values one atom moves are not adjacent in a thread's
    /// part, so one vector instruction cannot move them (CuTe's "failed to vectorize").
    CopyVector(StrideDivisibility) / CopyVectorFail<S, D> =>
        "stride divisibility: copy: an atom's values {S}:{D} in a thread's part are not contiguous, so one vector cannot move them",
        "lay the tensor out so that each atom's values are adjacent (a K-major tile for a copy along K), or copy with an atom of fewer bits";
    /// `left_inverse(L)` at the crate root, for a layout with basis strides.
    BasisLeftInverseRoot(InvalidArgument) / BasisLeftInverseRootFail<S> =>
        "invalid argument: left_inverse of the layout of shape {S} with basis strides: the crate root's left_inverse takes integer strides",
        "call the layout's method: `layout.left_inverse()` inverts basis strides";
}

/// The names of the operations whose composition a compile error reports (`{Op}` of a
/// condition's message).
macro_rules! op_names {
    ($($name:ident),*) => {$(
        #[allow(non_camel_case_types)]
        #[doc = concat!("`", stringify!($name), "` in a compile error.")]
        pub struct $name;
    )*};
}
op_names!(
    complement,
    left_inverse,
    composition,
    logical_divide,
    zipped_divide,
    tiled_divide,
    flat_divide,
    logical_product,
    zipped_product,
    tiled_product,
    flat_product,
    blocked_product,
    raked_product
);

/// The length of a list, as a typenum unsigned.
pub trait LenU {
    /// The length.
    type Output;
}
impl LenU for HNil {
    type Output = typenum::U0;
}
impl<H, T: LenU> LenU for HCons<H, T>
where
    T::Output: core::ops::Add<B1>,
{
    type Output = <T::Output as core::ops::Add<B1>>::Output;
}

/// The magnitude of a positive static integer: `U` of `PInt<U>`.
pub trait Magnitude {
    /// The unsigned value.
    type Output;
}
impl<U: Unsigned + NonZero> Magnitude for PInt<U> {
    type Output = U;
}

/// `B1` when the lists `Self` and `L` have as many entries.
pub trait SameLen<L> {
    /// `B1` or `B0`.
    type Output;
}
impl SameLen<HNil> for HNil {
    type Output = B1;
}
impl<H, T> SameLen<HNil> for HCons<H, T> {
    type Output = B0;
}
impl<H, T> SameLen<HCons<H, T>> for HNil {
    type Output = B0;
}
impl<H, T: SameLen<LT>, LH, LT> SameLen<HCons<LH, LT>> for HCons<H, T> {
    type Output = <T as SameLen<LT>>::Output;
}

/// `B1` when the list `TL` has no more entries than `Self`.
pub trait Fits<TL> {
    /// `B1` or `B0`.
    type Output;
}
impl<L> Fits<HNil> for L {
    type Output = B1;
}
impl<T0, TR> Fits<HCons<T0, TR>> for HNil {
    type Output = B0;
}
impl<H, T: Fits<TR>, T0, TR> Fits<HCons<T0, TR>> for HCons<H, T> {
    type Output = <T as Fits<TR>>::Output;
}

/// The type that prints a static value, tuple, layout or tiler in a compile error as CuTe
/// writes it: `_128` for the integer 128, `Negative<_3>` for -3, `(_4, (_3, _2))` for a tuple,
/// `Tile<_4, _1>` for the layout `4:1` inside a tiler, `Underscore` for `_`, and `i64` for a
/// runtime leaf. Values past 1024 are written in groups of three digits: 1048576 is
/// `Thousands<Thousands<_1, _048>, _576>`.
pub trait Shown {
    /// The printed type.
    type Out;
}
impl Shown for Z0 {
    type Out = super::names::_0;
}
impl<U: Unsigned + NonZero + ShownUnsigned> Shown for PInt<U> {
    type Out = U::Out;
}
impl<U: Unsigned + NonZero + ShownUnsigned> Shown for NInt<U> {
    type Out = Negative<U::Out>;
}
impl Shown for i64 {
    type Out = i64;
}
impl Shown for usize {
    type Out = usize;
}

/// A scaled basis element in a compile error: `Along<_2, _1>` is `2@1`, and `Along<Along<_1, _1>, _0>`
/// is `1@1@0`, CuTe's `E<0,1>` (innermost index first, as CuTe writes it).
pub struct Along<V, K>(PhantomData<(V, K)>);
/// The shown scale `V` at the basis element of the index path `Self` (outer index first).
pub trait ShownPath<V> {
    /// The printed type.
    type Out;
}
impl<V> ShownPath<V> for HNil {
    type Out = V;
}
impl<V, K: ShownUnsigned, P: ShownPath<V>> ShownPath<V> for HCons<K, P> {
    type Out = Along<P::Out, K::Out>;
}

/// A negative value in a compile error: `Negative<_3>` is -3.
pub struct Negative<N>(PhantomData<N>);
/// A layout inside a tiler in a compile error: `Tile<_4, _1>` is `4:1`.
pub struct Tile<S, D>(PhantomData<(S, D)>);
/// A value past 1024 in a compile error: `Thousands<Q, R>` is `Q * 1000 + R`, `R` three digits.
pub struct Thousands<Q, R>(PhantomData<(Q, R)>);

/// The name of an unsigned value: the table up to 1024, else [`Thousands`].
pub trait ShownUnsigned {
    /// The printed type.
    type Out;
}
impl<U: IsLessOrEqual<U1024>> ShownUnsigned for U
where
    <U as IsLessOrEqual<U1024>>::Output: NameBy<U>,
{
    type Out = <<U as IsLessOrEqual<U1024>>::Output as NameBy<U>>::Out;
}
/// The name of `U` by `Self`, whether it is at most 1024.
pub trait NameBy<U> {
    /// The printed type.
    type Out;
}
impl<U: SmallName> NameBy<U> for B1 {
    type Out = U::Name;
}
impl<U> NameBy<U> for B0
where
    U: Div<U1000> + Rem<U1000>,
    <U as Div<U1000>>::Output: ShownUnsigned,
    <U as Rem<U1000>>::Output: IsLess<U100>,
    <<U as Rem<U1000>>::Output as IsLess<U100>>::Output: GroupBy<<U as Rem<U1000>>::Output>,
{
    type Out = Thousands<
        <<U as Div<U1000>>::Output as ShownUnsigned>::Out,
        <<<U as Rem<U1000>>::Output as IsLess<U100>>::Output as GroupBy<<U as Rem<U1000>>::Output>>::Out,
    >;
}
/// The three-digit group `R` by `Self`, whether it is below 100 (then zero-padded).
pub trait GroupBy<R> {
    /// The printed type.
    type Out;
}
impl<R: PaddedName> GroupBy<R> for B1 {
    type Out = R::Name;
}
impl<R: SmallName> GroupBy<R> for B0 {
    type Out = R::Name;
}

/// The name `_N` of an unsigned value `N <= 1024` (generated table, `names.rs`).
pub trait SmallName {
    /// The name.
    type Name;
}
/// The zero-padded name `_0NN` of a group `NN < 100` (generated table, `names.rs`).
pub trait PaddedName {
    /// The name.
    type Name;
}

/// The unit types and their [`SmallName`] impls.
macro_rules! names {
    ($($name:ident $u:ident),* $(,)?) => {$(
        /// A static integer's decimal name in a compile error.
        pub struct $name;
        impl SmallName for $u {
            type Name = $name;
        }
    )*};
}
/// The unit types and their [`PaddedName`] impls.
macro_rules! padded {
    ($($name:ident $u:ident),* $(,)?) => {$(
        /// A zero-padded group of three digits in a compile error.
        pub struct $name;
        impl PaddedName for $u {
            type Name = $name;
        }
    )*};
}
pub(crate) use {names, padded};

impl Shown for HNil {
    type Out = ();
}
/// Tuples of up to sixteen modes print as Rust tuples. (No impl covers longer ones: an open
/// tail would let the trait solver recurse without end on a tuple whose types are not yet
/// inferred.)
macro_rules! shown_tuples {
    ($($t:ident)*) => {
        shown_tuples!(@each [] $($t)*);
    };
    (@each [$($done:ident)*] $next:ident $($rest:ident)*) => {
        impl<$($done: Shown,)* $next: Shown> Shown for shown_tuples!(@list $($done)* $next) {
            type Out = ($($done::Out,)* $next::Out,);
        }
        shown_tuples!(@each [$($done)* $next] $($rest)*);
    };
    (@each [$($done:ident)*]) => {};
    (@list) => { HNil };
    (@list $h:ident $($t:ident)*) => { HCons<$h, shown_tuples!(@list $($t)*)> };
}
shown_tuples!(A B C D E F G H I J K L M N O P);

/// The verdict of the ranks of the coordinate `C` for the shape `Self`: each tuple of the
/// coordinate has the rank of the mode it stands for (an integer may stand for any mode).
/// `Top` is the pair of the whole coordinate and shape, for the message.
pub trait CoordRanks<C, Top> {
    /// The verdict.
    type Output;
}
impl<S, Top> CoordRanks<usize, Top> for S {
    type Output = Pass;
}
impl<U: Unsigned + NonZero, C, CT, C0: Shown, S0: Shown> CoordRanks<HCons<C, CT>, (C0, S0)> for PInt<U>
where
    HCons<C, CT>: Shown,
    PInt<U>: Shown,
{
    type Output = CoordRankFail<C0::Out, S0::Out, <HCons<C, CT> as Shown>::Out, <PInt<U> as Shown>::Out>;
}
impl<C, CT, C0: Shown, S0: Shown> CoordRanks<HCons<C, CT>, (C0, S0)> for i64
where
    HCons<C, CT>: Shown,
{
    type Output = CoordRankFail<C0::Out, S0::Out, <HCons<C, CT> as Shown>::Out, i64>;
}
impl<C, CT, Top> CoordRanks<HCons<C, CT>, Top> for HNil
where
    HNil: SameLen<HCons<C, CT>>,
    <HNil as SameLen<HCons<C, CT>>>::Output: RanksBy<HNil, HCons<C, CT>, Top>,
{
    type Output = <<HNil as SameLen<HCons<C, CT>>>::Output as RanksBy<HNil, HCons<C, CT>, Top>>::Output;
}
impl<S, ST, Top> CoordRanks<HNil, Top> for HCons<S, ST>
where
    HCons<S, ST>: SameLen<HNil>,
    <HCons<S, ST> as SameLen<HNil>>::Output: RanksBy<HCons<S, ST>, HNil, Top>,
{
    type Output = <<HCons<S, ST> as SameLen<HNil>>::Output as RanksBy<HCons<S, ST>, HNil, Top>>::Output;
}
impl<S, ST, C, CT, Top> CoordRanks<HCons<C, CT>, Top> for HCons<S, ST>
where
    HCons<S, ST>: SameLen<HCons<C, CT>>,
    <HCons<S, ST> as SameLen<HCons<C, CT>>>::Output: RanksBy<HCons<S, ST>, HCons<C, CT>, Top>,
{
    type Output = <<HCons<S, ST> as SameLen<HCons<C, CT>>>::Output as RanksBy<HCons<S, ST>, HCons<C, CT>, Top>>::Output;
}
impl<Top> CoordRanks<HNil, Top> for HNil {
    type Output = Pass;
}
/// [`CoordRanks`] of the tuple coordinate `C` for the tuple mode `S`, by whether their ranks
/// agree (`Self`): mode by mode, or the failure.
pub trait RanksBy<S, C, Top> {
    /// The verdict.
    type Output;
}
impl<S: ModeRanks<C, Top>, C, Top> RanksBy<S, C, Top> for B1 {
    type Output = <S as ModeRanks<C, Top>>::Output;
}
impl<S: Shown, C: Shown, C0: Shown, S0: Shown> RanksBy<S, C, (C0, S0)> for B0 {
    type Output = CoordRankFail<C0::Out, S0::Out, C::Out, S::Out>;
}
/// [`CoordRanks`] mode by mode, for modes of the same rank.
pub trait ModeRanks<C, Top> {
    /// The verdict.
    type Output;
}
impl<Top> ModeRanks<HNil, Top> for HNil {
    type Output = Pass;
}
impl<S: CoordRanks<C, Top>, ST: ModeRanks<CT, Top>, C, CT, Top> ModeRanks<HCons<C, CT>, Top> for HCons<S, ST>
where
    <S as CoordRanks<C, Top>>::Output: Then<<ST as ModeRanks<CT, Top>>::Output>,
{
    type Output = <<S as CoordRanks<C, Top>>::Output as Then<<ST as ModeRanks<CT, Top>>::Output>>::Output;
}
