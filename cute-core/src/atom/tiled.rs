//! CuTe's `TiledMMA` on static layouts: the threads and the thread-value layouts of A, B and C
//! computed by the trait solver from the atom's static layouts, the atom layout and the
//! permutation, each step one of the static algebra's operations.

use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};

use super::mma::MmaTraits;
use crate::leaf::Underscore;
use crate::ops::inverse::static_face::{RightInverse, RightInvert};
use crate::ops::make::static_face::ColumnMajor;
use crate::ops::{ComposeWith, LogicalDivideBy, TiledProductBy, ZippedDivideBy};
use crate::statics::mode::Get;
use crate::statics::report::{
    Holds, Pass, Shown, Then, TiledMmaFootprintFail, TiledMmaPermutationFail, TiledMmaSplitKFail, TiledMmaThreadsFail,
};
use crate::statics::tiler::{CosizeT, SizeT};
use crate::Layout;
use typenum::{IsEqual, B0, B1};

/// MMA atoms tiled over threads with every layout static (CuTe's `TiledMMA<MMA_Atom<Atom>,
/// AtomLayoutMNK, PermutationMNK>`): `AtomLayout` lays the atoms out over `(M,N,K)` (a static
/// layout of rank 3) and `Permutation` permutes each mode of the tile (a static tiler of three
/// entries, each `_`, a size or a layout). The layouts are the associated types of
/// [`TiledMmaLayouts`], computed by the trait solver as
/// [`dynamic::TiledMma`](crate::dynamic::TiledMma) computes them at run time; a configuration
/// the algebra refuses (a permutation that the atoms' footprint does not divide, idle lanes among
/// the threads) is a compile error.
///
/// ```
/// use cute::atom::{TiledMMA, TiledMmaLayouts, SM80_16x8x16_F32F16F16F32_TN};
/// use cute::{Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x16_F32F16F16F32_TN, Layout![(2,2,1):(1,2,0)], Tiler![<32,32,16>]>;
/// assert_eq!(<Mma as TiledMmaLayouts>::ThrLayoutVmnk::default().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// // The same layouts as the dynamic engine's make_tiled_mma.
/// let dynamic = cute::dynamic::TiledMma::new(
///     cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
///     &"(2,2,1):(1,2,0)".parse().unwrap(),
///     &"<32,32,16>".parse().unwrap(),
/// )
/// .unwrap();
/// assert_eq!(<Mma as TiledMmaLayouts>::LayoutCTv::default().to_dynamic(), dynamic.layout_c_tv().unwrap());
/// ```
#[allow(clippy::upper_case_acronyms)]
pub struct TiledMMA<Atom, AtomLayout, Permutation>(PhantomData<(Atom, AtomLayout, Permutation)>);

impl<Atom, AtomLayout, Permutation> Clone for TiledMMA<Atom, AtomLayout, Permutation> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Atom, AtomLayout, Permutation> Copy for TiledMMA<Atom, AtomLayout, Permutation> {}
impl<Atom, AtomLayout, Permutation> Default for TiledMMA<Atom, AtomLayout, Permutation> {
    fn default() -> Self {
        TiledMMA(PhantomData)
    }
}
impl<Atom, AtomLayout, Permutation> core::fmt::Debug for TiledMMA<Atom, AtomLayout, Permutation> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("TiledMMA")
    }
}

/// The layouts of a static [`TiledMMA`] (CuTe's `TiledMMA` members), each a static layout type:
/// the threads `(V,M,N,K)` to thread index, the tile `(TM,TN,TK)`, and the thread-value layouts
/// of the A, B and C tiles (CuTe's `get_layoutA_TV` ...).
///
/// ```
/// use cute::atom::{TiledMMA, TiledMmaLayouts, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::{Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(2,1,1):(1,0,0)], Tiler![<_,_,_>]>;
/// // Two atoms along M: a 32 x 8 x 8 tile; each A element held by one thread.
/// assert_eq!(<Mma as TiledMmaLayouts>::TileSizeMnk::default(), cute::shape!((32,8,8)));
/// assert_eq!(<Mma as TiledMmaLayouts>::LayoutATv::default().size(), 64 * 4);
/// ```
pub trait TiledMmaLayouts {
    /// `tiled_product(ThrID, AtomLayout)`: `(V,M,N,K)` to thread index.
    type ThrLayoutVmnk: Default;
    /// The tile `(TM,TN,TK)`.
    type TileSizeMnk: Default + PartialEq + core::fmt::Debug;
    /// `(thread, value)` to `m + TM k` of the A tile.
    type LayoutATv: Default;
    /// `(thread, value)` to `n + TN k` of the B tile.
    type LayoutBTv: Default;
    /// `(thread, value)` to `m + TM n` of the C tile.
    type LayoutCTv: Default;

    /// The threads `(V,M,N,K)` to thread index (CuTe's `get_thr_layout_vmnk`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, TiledMmaLayouts, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,_,_>]>::default());
    /// assert_eq!(mma.thr_layout_vmnk().to_string(), "(_32,_2,_1,_1):(_1,_32,_0,_0)");
    /// ```
    fn thr_layout_vmnk(&self) -> Self::ThrLayoutVmnk {
        Default::default()
    }

    /// The tile `(TM,TN,TK)` (CuTe's `tile_size_mnk`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, TiledMmaLayouts, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, shape, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,16,_>]>::default());
    /// assert_eq!(mma.tile_size_mnk(), shape!((32,16,8)));
    /// ```
    fn tile_size_mnk(&self) -> Self::TileSizeMnk {
        Default::default()
    }

    /// The TV layout of the A tile (CuTe's `get_layoutA_TV`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, TiledMmaLayouts, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,_,_>]>::default());
    /// // Lane 5 of the atom at m = 1 (thread 37) holds a0 = A(16 + 1, 2): 17 + 32 * 2.
    /// assert_eq!(mma.layout_a_tv().to_string(), "((_4,_8,_2),((_2,_2),(_1,_1))):((_64,_1,_16),((_32,_8),(_0,_0)))");
    /// assert_eq!(mma.layout_a_tv().call(37), 17 + 32 * 2);
    /// ```
    fn layout_a_tv(&self) -> Self::LayoutATv {
        Default::default()
    }

    /// The TV layout of the B tile (CuTe's `get_layoutB_TV`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, TiledMmaLayouts, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,_,_>]>::default());
    /// assert_eq!(mma.layout_b_tv().size(), 64 * 2);
    /// ```
    fn layout_b_tv(&self) -> Self::LayoutBTv {
        Default::default()
    }

    /// The TV layout of the C tile (CuTe's `get_layoutC_TV`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, TiledMmaLayouts, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,_,_>]>::default());
    /// assert_eq!(mma.layout_c_tv().size(), 32 * 8);
    /// ```
    fn layout_c_tv(&self) -> Self::LayoutCTv {
        Default::default()
    }
}

/// Shape and stride of a static layout type.
pub trait Parts {
    /// The shape.
    type S;
    /// The stride.
    type D;
}
impl<S, D> Parts for Layout<S, D> {
    type S = S;
    type D = D;
}

/// Mode `I` of a layout type.
pub(super) type ModeOf<L, const I: usize> =
    Layout<<<L as Parts>::S as Get<I>>::Output, <<L as Parts>::D as Get<I>>::Output>;

/// The layout `(A, B)` of two layout types (CuTe's `make_layout(a, b)`).
pub(super) type PairOf<A, B> =
    Layout<HCons<<A as Parts>::S, HCons<<B as Parts>::S, HNil>>, HCons<<A as Parts>::D, HCons<<B as Parts>::D, HNil>>>;

/// The size of a layout's mode `I`, a type-level integer.
pub(super) type ModeSize<L, const I: usize> = <ModeOf<L, I> as SizeT>::Output;

/// The extent of a permutation entry: `_` is the atoms' extent along the mode (`AtomExtent *
/// Atoms`), a size is itself, a layout its size; and the verdict on it: a layout entry must be a
/// bijection of `0..size`, and the extent a multiple of `AtomExtent * Atoms`.
pub trait PermutationExtent<AtomExtent, Atoms> {
    /// The extent.
    type Extent;
    /// The entry as a tiler entry: `_` becomes the extent.
    type Entry;
    /// [`Pass`], or the failure naming the entry.
    type Verdict;
}
impl<E, N> PermutationExtent<E, N> for Underscore
where
    E: core::ops::Mul<N>,
{
    type Extent = <E as core::ops::Mul<N>>::Output;
    type Entry = <E as core::ops::Mul<N>>::Output;
    type Verdict = Pass;
}
impl<E, N, U: typenum::Unsigned + typenum::NonZero> PermutationExtent<E, N> for typenum::PInt<U>
where
    typenum::PInt<U>: Footprint<E, N>,
{
    type Extent = typenum::PInt<U>;
    type Entry = typenum::PInt<U>;
    type Verdict = <typenum::PInt<U> as Footprint<E, N>>::Verdict;
}
impl<E, N, S, D> PermutationExtent<E, N> for Layout<S, D>
where
    Layout<S, D>: SizeT + CosizeT + RightInvert,
    RightInverse<Layout<S, D>>: SizeT,
    <RightInverse<Layout<S, D>> as SizeT>::Output: IsEqual<<Layout<S, D> as SizeT>::Output>,
    <Layout<S, D> as CosizeT>::Output: IsEqual<<Layout<S, D> as SizeT>::Output>,
    <<RightInverse<Layout<S, D>> as SizeT>::Output as IsEqual<<Layout<S, D> as SizeT>::Output>>::Output:
        core::ops::BitAnd<<<Layout<S, D> as CosizeT>::Output as IsEqual<<Layout<S, D> as SizeT>::Output>>::Output>,
    Bijective<Layout<S, D>>: Verdict<TiledMmaPermutationFail<Out<S>, Out<D>, Out<<Layout<S, D> as SizeT>::Output>>>,
    S: Shown,
    D: Shown,
    <Layout<S, D> as SizeT>::Output: Shown + Footprint<E, N>,
    <Bijective<Layout<S, D>> as Verdict<
        TiledMmaPermutationFail<Out<S>, Out<D>, Out<<Layout<S, D> as SizeT>::Output>>,
    >>::Output: Then<<<Layout<S, D> as SizeT>::Output as Footprint<E, N>>::Verdict>,
{
    type Extent = <Layout<S, D> as SizeT>::Output;
    type Entry = Layout<S, D>;
    type Verdict = <<Bijective<Layout<S, D>> as Verdict<
        TiledMmaPermutationFail<Out<S>, Out<D>, Out<<Layout<S, D> as SizeT>::Output>>,
    >>::Output as Then<<<Layout<S, D> as SizeT>::Output as Footprint<E, N>>::Verdict>>::Output;
}

/// Whether a layout is a bijection of `0..size`: its right inverse as large, its cosize its size.
pub(super) type Bijective<L> =
    <<<RightInverse<L> as SizeT>::Output as IsEqual<<L as SizeT>::Output>>::Output as core::ops::BitAnd<
        <<L as CosizeT>::Output as IsEqual<<L as SizeT>::Output>>::Output,
    >>::Output;

/// A type as a compile error prints it.
pub(super) type Out<T> = <T as Shown>::Out;

/// [`Pass`] for `B1`, the failure `F` for `B0`.
pub trait Verdict<F> {
    /// The verdict.
    type Output;
}
impl<F> Verdict<F> for B1 {
    type Output = Pass;
}
impl<F> Verdict<F> for B0 {
    type Output = F;
}

/// The verdict on a tile extent `Self` along a mode: a multiple of the atom's extent `E` times
/// the `N` atoms along the mode.
pub trait Footprint<E, N> {
    /// [`Pass`] or [`TiledMmaFootprintFail`].
    type Verdict;
}
impl<T, E, N> Footprint<E, N> for T
where
    E: core::ops::Mul<N>,
    T: core::ops::Rem<<E as core::ops::Mul<N>>::Output> + Shown,
    <T as core::ops::Rem<<E as core::ops::Mul<N>>::Output>>::Output: IsEqual<typenum::Z0>,
    <<T as core::ops::Rem<<E as core::ops::Mul<N>>::Output>>::Output as IsEqual<typenum::Z0>>::Output:
        Verdict<TiledMmaFootprintFail<Out<T>, Out<E>, Out<N>>>,
    E: Shown,
    N: Shown,
{
    type Verdict = <<<T as core::ops::Rem<<E as core::ops::Mul<N>>::Output>>::Output as IsEqual<typenum::Z0>>::Output as Verdict<
        TiledMmaFootprintFail<Out<T>, Out<E>, Out<N>>,
    >>::Output;
}

/// CuTe's `thrfrg`: `Self`, a reference layout of the two modes of an operand, permuted by the
/// tiler `Perm`, divided into atom tiles `AtomTile`, each composed with the atom's TV layout
/// `AtomTv`, and the atom tiles dealt to the `Thr` atoms along the two modes:
/// `((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY)))`.
pub trait Thrfrg<Perm, AtomTile, AtomTv, Thr> {
    /// The divided layout.
    type Output;
}
impl<R, Perm, AtomTile, AtomTv, Thr> Thrfrg<Perm, AtomTile, AtomTv, Thr> for R
where
    R: LogicalDivideBy<Perm>,
    <R as LogicalDivideBy<Perm>>::Output: ZippedDivideBy<AtomTile>,
    Zipped<R, Perm, AtomTile>: Parts,
    <Zipped<R, Perm, AtomTile> as Parts>::S: Get<0> + Get<1>,
    <Zipped<R, Perm, AtomTile> as Parts>::D: Get<0> + Get<1>,
    ModeOf<Zipped<R, Perm, AtomTile>, 0>: ComposeWith<AtomTv>,
    <ModeOf<Zipped<R, Perm, AtomTile>, 0> as ComposeWith<AtomTv>>::Output: Parts,
    PairOf<<ModeOf<Zipped<R, Perm, AtomTile>, 0> as ComposeWith<AtomTv>>::Output, ModeOf<Zipped<R, Perm, AtomTile>, 1>>:
        ZippedDivideBy<HCons<Underscore, HCons<Thr, HNil>>>,
{
    type Output = <PairOf<
        <ModeOf<Zipped<R, Perm, AtomTile>, 0> as ComposeWith<AtomTv>>::Output,
        ModeOf<Zipped<R, Perm, AtomTile>, 1>,
    > as ZippedDivideBy<HCons<Underscore, HCons<Thr, HNil>>>>::Output;
}

/// The permuted reference divided into atom tiles.
type Zipped<R, Perm, AtomTile> = <<R as LogicalDivideBy<Perm>>::Output as ZippedDivideBy<AtomTile>>::Output;

/// `(threads o thr_idx_to_vmnk, values)`: a `thrfrg`'s thread mode indexed by thread.
pub trait ByThreadIndex<Vmnk> {
    /// The TV layout.
    type Output;
}
impl<T, Vmnk> ByThreadIndex<Vmnk> for T
where
    Vmnk: RightInvert,
    T: Parts,
    <T as Parts>::S: Get<0> + Get<1>,
    <T as Parts>::D: Get<0> + Get<1>,
    ModeOf<T, 0>: ComposeWith<RightInverse<Vmnk>>,
    <ModeOf<T, 0> as ComposeWith<RightInverse<Vmnk>>>::Output: Parts,
{
    type Output = PairOf<<ModeOf<T, 0> as ComposeWith<RightInverse<Vmnk>>>::Output, ModeOf<T, 1>>;
}

/// An A or B `thrfrg` (`Self`) with its first thread sub-mode spread over `(ThrM,ThrN)` by the
/// layout `Spread` (a stride 0 along the mode the operand does not depend on), so that the
/// thread mode is `(ThrV,((ThrM,ThrN),ThrK))` like the threads', then indexed by thread.
pub trait Spread<S, Vmnk> {
    /// The TV layout.
    type Output;
}
impl<T, S, Vmnk> Spread<S, Vmnk> for T
where
    T: Parts,
    <T as Parts>::S: Get<0> + Get<1>,
    <T as Parts>::D: Get<0> + Get<1>,
    ModeOf<T, 0>: ComposeWith<HCons<Underscore, HCons<HCons<S, HCons<Underscore, HNil>>, HNil>>>,
    <ModeOf<T, 0> as ComposeWith<HCons<Underscore, HCons<HCons<S, HCons<Underscore, HNil>>, HNil>>>>::Output: Parts,
    PairOf<
        <ModeOf<T, 0> as ComposeWith<HCons<Underscore, HCons<HCons<S, HCons<Underscore, HNil>>, HNil>>>>::Output,
        ModeOf<T, 1>,
    >: ByThreadIndex<Vmnk>,
{
    type Output = <PairOf<
        <ModeOf<T, 0> as ComposeWith<HCons<Underscore, HCons<HCons<S, HCons<Underscore, HNil>>, HNil>>>>::Output,
        ModeOf<T, 1>,
    > as ByThreadIndex<Vmnk>>::Output;
}

/// The pair of types `(A, B)` as an HList.
pub(super) type Two<A, B> = HCons<A, HCons<B, HNil>>;

/// The atom's `(M,N,K)` extent `I`.
type AtomExtent<Atom, const I: usize> = <<Atom as MmaTraits>::ShapeMnk as Get<I>>::Output;
/// The threads `(V,M,N,K)`.
type Vmnk<Atom, AL> = <<Atom as MmaTraits>::ThrId as TiledProductBy<AL>>::Output;
/// The atoms along mode `I` of `(M,N,K)`.
type Atoms<Atom, AL, const I: usize> = ModeSize<Vmnk<Atom, AL>, I>;
/// The permutation entry of mode `I`, and its extent.
type PermEntry<P, Atom, AL, const I: usize, const T: usize> =
    <<P as Get<I>>::Output as PermutationExtent<AtomExtent<Atom, I>, Atoms<Atom, AL, T>>>::Entry;
type PermSize<P, Atom, AL, const I: usize, const T: usize> =
    <<P as Get<I>>::Output as PermutationExtent<AtomExtent<Atom, I>, Atoms<Atom, AL, T>>>::Extent;

/// The thread-value layout of an operand of modes `(I, J)` of `(M,N,K)` (threads along them
/// the modes `I + 1`, `J + 1` of the threads) with the atom's TV layout `AtomTv`.
type OperandFrg<Atom, AL, P, AtomTv, const I: usize, const J: usize, const TI: usize, const TJ: usize> = TensorFrg<
    ColumnMajor<Two<PermSize<P, Atom, AL, I, TI>, PermSize<P, Atom, AL, J, TJ>>>,
    Atom,
    AL,
    P,
    AtomTv,
    I,
    J,
    TI,
    TJ,
>;

/// The verdict on the threads: `tiled_product(ThrID, AtomLayout)` is a bijection onto
/// `0..size` (its right inverse as large).
type ThreadsVerdict<V> = <<<RightInverse<V> as SizeT>::Output as IsEqual<<V as SizeT>::Output>>::Output as Verdict<
    TiledMmaThreadsFail<Out<<V as Parts>::S>, Out<<V as Parts>::D>, Out<<V as SizeT>::Output>>,
>>::Output;

/// The verdict on the atoms along K: one.
type SplitKVerdict<AL, N> = <<N as IsEqual<typenum::P1>>::Output as Verdict<
    TiledMmaSplitKFail<Out<<AL as Parts>::S>, Out<<AL as Parts>::D>, Out<N>>,
>>::Output;

impl<Atom, AL, P> TiledMmaLayouts for TiledMMA<Atom, AL, P>
where
    // The conditions first, so that a violated one is the error reported.
    Vmnk<Atom, AL>: SizeT,
    RightInverse<Vmnk<Atom, AL>>: SizeT,
    <RightInverse<Vmnk<Atom, AL>> as SizeT>::Output: IsEqual<<Vmnk<Atom, AL> as SizeT>::Output>,
    <<RightInverse<Vmnk<Atom, AL>> as SizeT>::Output as IsEqual<<Vmnk<Atom, AL> as SizeT>::Output>>::Output: Verdict<
        TiledMmaThreadsFail<
            Out<<Vmnk<Atom, AL> as Parts>::S>,
            Out<<Vmnk<Atom, AL> as Parts>::D>,
            Out<<Vmnk<Atom, AL> as SizeT>::Output>,
        >,
    >,
    <Vmnk<Atom, AL> as Parts>::S: Shown,
    <Vmnk<Atom, AL> as Parts>::D: Shown,
    <Vmnk<Atom, AL> as SizeT>::Output: Shown,
    ThreadsVerdict<Vmnk<Atom, AL>>: Holds,
    AL: Parts,
    <AL as Parts>::S: Shown,
    <AL as Parts>::D: Shown,
    Atoms<Atom, AL, 3>: IsEqual<typenum::P1> + Shown,
    <Atoms<Atom, AL, 3> as IsEqual<typenum::P1>>::Output:
        Verdict<TiledMmaSplitKFail<Out<<AL as Parts>::S>, Out<<AL as Parts>::D>, Out<Atoms<Atom, AL, 3>>>>,
    SplitKVerdict<AL, Atoms<Atom, AL, 3>>: Holds,
    <<P as Get<0>>::Output as PermutationExtent<AtomExtent<Atom, 0>, Atoms<Atom, AL, 1>>>::Verdict: Holds,
    <<P as Get<1>>::Output as PermutationExtent<AtomExtent<Atom, 1>, Atoms<Atom, AL, 2>>>::Verdict: Holds,
    <<P as Get<2>>::Output as PermutationExtent<AtomExtent<Atom, 2>, Atoms<Atom, AL, 3>>>::Verdict: Holds,
    Atom: MmaTraits,
    Atom::ThrId: TiledProductBy<AL>,
    Atom::ShapeMnk: Get<0> + Get<1> + Get<2>,
    Vmnk<Atom, AL>: Parts + Default + RightInvert,
    <Vmnk<Atom, AL> as Parts>::S: Get<1> + Get<2> + Get<3>,
    <Vmnk<Atom, AL> as Parts>::D: Get<1> + Get<2> + Get<3>,
    ModeOf<Vmnk<Atom, AL>, 1>: SizeT,
    ModeOf<Vmnk<Atom, AL>, 2>: SizeT,
    ModeOf<Vmnk<Atom, AL>, 3>: SizeT,
    P: Get<0> + Get<1> + Get<2>,
    <P as Get<0>>::Output: PermutationExtent<AtomExtent<Atom, 0>, Atoms<Atom, AL, 1>>,
    <P as Get<1>>::Output: PermutationExtent<AtomExtent<Atom, 1>, Atoms<Atom, AL, 2>>,
    <P as Get<2>>::Output: PermutationExtent<AtomExtent<Atom, 2>, Atoms<Atom, AL, 3>>,
    HCons<PermSize<P, Atom, AL, 0, 1>, HCons<PermSize<P, Atom, AL, 1, 2>, HCons<PermSize<P, Atom, AL, 2, 3>, HNil>>>:
        Default + PartialEq + core::fmt::Debug,
    // C: modes (M, N).
    Two<PermSize<P, Atom, AL, 0, 1>, PermSize<P, Atom, AL, 1, 2>>:
        crate::ops::make::mixed_face::Compact<typenum::P1, crate::ops::make::mixed_face::Left>,
    ColumnMajor<Two<PermSize<P, Atom, AL, 0, 1>, PermSize<P, Atom, AL, 1, 2>>>: Thrfrg<
        Two<PermEntry<P, Atom, AL, 0, 1>, PermEntry<P, Atom, AL, 1, 2>>,
        Two<AtomExtent<Atom, 0>, AtomExtent<Atom, 1>>,
        Atom::CLayout,
        Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>,
    >,
    OperandFrg<Atom, AL, P, Atom::CLayout, 0, 1, 1, 2>: ByThreadIndex<Vmnk<Atom, AL>>,
    <OperandFrg<Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output: Default,
    // A: modes (M, K), spread over N with a stride 0.
    Two<PermSize<P, Atom, AL, 0, 1>, PermSize<P, Atom, AL, 2, 3>>:
        crate::ops::make::mixed_face::Compact<typenum::P1, crate::ops::make::mixed_face::Left>,
    ColumnMajor<Two<PermSize<P, Atom, AL, 0, 1>, PermSize<P, Atom, AL, 2, 3>>>: Thrfrg<
        Two<PermEntry<P, Atom, AL, 0, 1>, PermEntry<P, Atom, AL, 2, 3>>,
        Two<AtomExtent<Atom, 0>, AtomExtent<Atom, 2>>,
        Atom::ALayout,
        Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 3>>,
    >,
    OperandFrg<Atom, AL, P, Atom::ALayout, 0, 2, 1, 3>:
        Spread<Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::P1, typenum::Z0>>, Vmnk<Atom, AL>>,
    <OperandFrg<Atom, AL, P, Atom::ALayout, 0, 2, 1, 3> as Spread<
        Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::P1, typenum::Z0>>,
        Vmnk<Atom, AL>,
    >>::Output: Default,
    // B: modes (N, K), spread over M with a stride 0.
    Two<PermSize<P, Atom, AL, 1, 2>, PermSize<P, Atom, AL, 2, 3>>:
        crate::ops::make::mixed_face::Compact<typenum::P1, crate::ops::make::mixed_face::Left>,
    ColumnMajor<Two<PermSize<P, Atom, AL, 1, 2>, PermSize<P, Atom, AL, 2, 3>>>: Thrfrg<
        Two<PermEntry<P, Atom, AL, 1, 2>, PermEntry<P, Atom, AL, 2, 3>>,
        Two<AtomExtent<Atom, 1>, AtomExtent<Atom, 2>>,
        Atom::BLayout,
        Two<Atoms<Atom, AL, 2>, Atoms<Atom, AL, 3>>,
    >,
    OperandFrg<Atom, AL, P, Atom::BLayout, 1, 2, 2, 3>:
        Spread<Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::Z0, typenum::P1>>, Vmnk<Atom, AL>>,
    <OperandFrg<Atom, AL, P, Atom::BLayout, 1, 2, 2, 3> as Spread<
        Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::Z0, typenum::P1>>,
        Vmnk<Atom, AL>,
    >>::Output: Default,
{
    type ThrLayoutVmnk = Vmnk<Atom, AL>;
    type TileSizeMnk = HCons<
        PermSize<P, Atom, AL, 0, 1>,
        HCons<PermSize<P, Atom, AL, 1, 2>, HCons<PermSize<P, Atom, AL, 2, 3>, HNil>>,
    >;
    type LayoutCTv = <OperandFrg<Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output;
    type LayoutATv = <OperandFrg<Atom, AL, P, Atom::ALayout, 0, 2, 1, 3> as Spread<
        Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::P1, typenum::Z0>>,
        Vmnk<Atom, AL>,
    >>::Output;
    type LayoutBTv = <OperandFrg<Atom, AL, P, Atom::BLayout, 1, 2, 2, 3> as Spread<
        Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::Z0, typenum::P1>>,
        Vmnk<Atom, AL>,
    >>::Output;
}

/// CuTe's `make_tiled_mma(atom, atom_layout, permutation)` on static operands: the
/// [`TiledMMA`] type, its layouts ([`TiledMmaLayouts`]) computed by the trait solver. A
/// configuration the algebra refuses is a compile error at the call, naming the condition and
/// its operands:
/// threads that are not the indices `0..size` (a non-injective atom layout, idle lanes), atoms
/// along K, a permutation entry that is not a bijection, or a tile that is not a whole number of
/// the atoms' footprint.
///
/// ```
/// use cute::atom::{make_tiled_mma, TiledMmaLayouts, SM80_16x8x8_F32TF32TF32F32_TN};
/// use cute::{layout, Tiler};
/// let mma = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!((1,2,1):(0,1,0)), <Tiler![<_,_,_>]>::default());
/// // Two atoms along N: thread 37 is lane 5 of the second, its b0 is B(8 + 1, 1): 9 + 16 * 1.
/// assert_eq!(mma.layout_b_tv().to_string(), "((_4,_16),(_2,(_1,_1))):((_16,_1),(_64,(_0,_0)))");
/// assert_eq!(mma.layout_b_tv().call(37), 9 + 16);
/// ```
///
/// ```compile_fail,E0277
/// use cute::atom::{make_tiled_mma, SM80_16x8x8_F32TF32TF32F32_TN};
/// use cute::{layout, Tiler};
/// // Two atoms along K: C's TV layout is not defined.
/// let _ = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!((1,1,2):(0,0,1)), <Tiler![<_,_,_>]>::default());
/// ```
#[allow(clippy::type_complexity)]
pub fn make_tiled_mma<Atom, AL, P>(_atom: Atom, _atom_layout: AL, _permutation: P) -> TiledMMA<Atom, AL, P>
where
    Atom: MmaTraits,
    Atom::ThrId: TiledProductBy<AL>,
    Atom::ShapeMnk: Get<0> + Get<1> + Get<2>,
    Vmnk<Atom, AL>: SizeT + RightInvert + Parts,
    <Vmnk<Atom, AL> as Parts>::S: Get<1> + Get<2> + Get<3> + Shown,
    <Vmnk<Atom, AL> as Parts>::D: Get<1> + Get<2> + Get<3> + Shown,
    ModeOf<Vmnk<Atom, AL>, 1>: SizeT,
    ModeOf<Vmnk<Atom, AL>, 2>: SizeT,
    ModeOf<Vmnk<Atom, AL>, 3>: SizeT,
    RightInverse<Vmnk<Atom, AL>>: SizeT,
    <RightInverse<Vmnk<Atom, AL>> as SizeT>::Output: IsEqual<<Vmnk<Atom, AL> as SizeT>::Output>,
    <<RightInverse<Vmnk<Atom, AL>> as SizeT>::Output as IsEqual<<Vmnk<Atom, AL> as SizeT>::Output>>::Output: Verdict<
        TiledMmaThreadsFail<
            Out<<Vmnk<Atom, AL> as Parts>::S>,
            Out<<Vmnk<Atom, AL> as Parts>::D>,
            Out<<Vmnk<Atom, AL> as SizeT>::Output>,
        >,
    >,
    <Vmnk<Atom, AL> as SizeT>::Output: Shown,
    ThreadsVerdict<Vmnk<Atom, AL>>: Holds,
    AL: Parts,
    <AL as Parts>::S: Shown,
    <AL as Parts>::D: Shown,
    Atoms<Atom, AL, 3>: IsEqual<typenum::P1> + Shown,
    <Atoms<Atom, AL, 3> as IsEqual<typenum::P1>>::Output:
        Verdict<TiledMmaSplitKFail<Out<<AL as Parts>::S>, Out<<AL as Parts>::D>, Out<Atoms<Atom, AL, 3>>>>,
    SplitKVerdict<AL, Atoms<Atom, AL, 3>>: Holds,
    P: Get<0> + Get<1> + Get<2>,
    <P as Get<0>>::Output: PermutationExtent<AtomExtent<Atom, 0>, Atoms<Atom, AL, 1>>,
    <P as Get<1>>::Output: PermutationExtent<AtomExtent<Atom, 1>, Atoms<Atom, AL, 2>>,
    <P as Get<2>>::Output: PermutationExtent<AtomExtent<Atom, 2>, Atoms<Atom, AL, 3>>,
    <<P as Get<0>>::Output as PermutationExtent<AtomExtent<Atom, 0>, Atoms<Atom, AL, 1>>>::Verdict: Holds,
    <<P as Get<1>>::Output as PermutationExtent<AtomExtent<Atom, 1>, Atoms<Atom, AL, 2>>>::Verdict: Holds,
    <<P as Get<2>>::Output as PermutationExtent<AtomExtent<Atom, 2>, Atoms<Atom, AL, 3>>>::Verdict: Holds,
{
    TiledMMA(PhantomData)
}

/// The values `(FrgV, Rest...)` of a `thrfrg` `T = (threads, (FrgV, (Rest...)))`: its second
/// mode with the rest modes flattened one level (CuTe's `(MMA, MMA_M, MMA_K)`).
type ValuesOf<T> = Layout<
    HCons<
        <<<T as Parts>::S as Get<1>>::Output as Get<0>>::Output,
        <<<T as Parts>::S as Get<1>>::Output as Get<1>>::Output,
    >,
    HCons<
        <<<T as Parts>::D as Get<1>>::Output as Get<0>>::Output,
        <<<T as Parts>::D as Get<1>>::Output as Get<1>>::Output,
    >,
>;

/// A tensor layout `R` partitioned by a static [`TiledMMA`] for one operand (`Operand`:
/// [`OperandA`] ...) or a static [`TiledCopy`](super::TiledCopy) for one side
/// ([`Source`](super::Source), [`Destination`](super::Destination)) (`Self`): the threads
/// (thread index to the offset of the thread's part) and the values every thread holds at its
/// offset: `(FrgV, Rest...)`, CuTe's `thrfrg_A` (or `tidfrg_S`) sliced at a thread, as
/// `partition_A` (or `partition_S`) slices it. For an MMA, `R` has the operand's two modes
/// (`(M,K)` for A) and perhaps further modes (k-tiles), kept after the values.
///
/// ```
/// use cute::atom::{Partition, OperandC, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::{Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(1,1,1):(0,0,0)], Tiler![<_,_,_>]>;
/// type Part = <Mma as Partition<Layout![(16,8):(1,16)], OperandC>>::Values;
/// // Each lane's 4 accumulators: (MMA, MMA_M, MMA_N) = ((2,2),1,1).
/// assert_eq!(Part::default().to_string(), "((_2,_2),_1,_1):((_16,_8),_0,_0)");
/// ```
pub trait Partition<R, Operand> {
    /// Thread index to the offset of the thread's part.
    type Threads: Default;
    /// The thread's part: `(FrgV, Rest...)` (CuTe's `(MMA, MMA_M, MMA_K)`).
    type Values: Default;
}

/// The A operand (`(M,K)` tensors) of [`Partition`].
///
/// ```
/// use cute::atom::{Partition, OperandA, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::{Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(1,1,1):(0,0,0)], Tiler![<_,_,_>]>;
/// assert_eq!(<Mma as Partition<Layout![(16,8):(1,16)], OperandA>>::Values::default().size(), 4);
/// ```
pub struct OperandA;
/// The B operand (`(N,K)` tensors) of [`Partition`].
///
/// ```
/// use cute::atom::{Partition, OperandB, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::{Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(1,1,1):(0,0,0)], Tiler![<_,_,_>]>;
/// assert_eq!(<Mma as Partition<Layout![(8,8):(1,8)], OperandB>>::Values::default().size(), 2);
/// ```
pub struct OperandB;
/// The C operand (`(M,N)` tensors) of [`Partition`].
///
/// ```
/// use cute::atom::{Partition, OperandC, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::{Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(1,1,1):(0,0,0)], Tiler![<_,_,_>]>;
/// assert_eq!(<Mma as Partition<Layout![(32,16):(1,32)], OperandC>>::Values::default().size(), 4 * 2 * 2);
/// ```
pub struct OperandC;

/// The `thrfrg` of a tensor layout `R` for the operand of modes `(I, J)` with the atom's TV
/// layout `AtomTv`.
type TensorFrg<R, Atom, AL, P, AtomTv, const I: usize, const J: usize, const TI: usize, const TJ: usize> =
    <R as Thrfrg<
        Two<PermEntry<P, Atom, AL, I, TI>, PermEntry<P, Atom, AL, J, TJ>>,
        Two<AtomExtent<Atom, I>, AtomExtent<Atom, J>>,
        AtomTv,
        Two<Atoms<Atom, AL, TI>, Atoms<Atom, AL, TJ>>,
    >>::Output;

/// Implements [`Partition`] for an A or B operand: the `thrfrg` spread over the atoms along
/// the mode the operand does not depend on, then indexed by thread.
macro_rules! ab_partition {
    ($operand:ident, $tv:ident, $i:literal, $j:literal, $ti:literal, $tj:literal, $spread:ty) => {
        #[allow(clippy::type_complexity)]
        impl<Atom, AL, P, R> Partition<R, $operand> for TiledMMA<Atom, AL, P>
        where
            Atom: MmaTraits,
            Atom::ThrId: TiledProductBy<AL>,
            Atom::ShapeMnk: Get<0> + Get<1> + Get<2>,
            Vmnk<Atom, AL>: Parts,
            <Vmnk<Atom, AL> as Parts>::S: Get<1> + Get<2> + Get<3>,
            <Vmnk<Atom, AL> as Parts>::D: Get<1> + Get<2> + Get<3>,
            ModeOf<Vmnk<Atom, AL>, $ti>: SizeT,
            ModeOf<Vmnk<Atom, AL>, $tj>: SizeT,
            ModeOf<Vmnk<Atom, AL>, 1>: SizeT,
            ModeOf<Vmnk<Atom, AL>, 2>: SizeT,
            P: Get<$i> + Get<$j>,
            <P as Get<$i>>::Output: PermutationExtent<AtomExtent<Atom, $i>, Atoms<Atom, AL, $ti>>,
            <P as Get<$j>>::Output: PermutationExtent<AtomExtent<Atom, $j>, Atoms<Atom, AL, $tj>>,
            R: Thrfrg<
                Two<PermEntry<P, Atom, AL, $i, $ti>, PermEntry<P, Atom, AL, $j, $tj>>,
                Two<AtomExtent<Atom, $i>, AtomExtent<Atom, $j>>,
                Atom::$tv,
                Two<Atoms<Atom, AL, $ti>, Atoms<Atom, AL, $tj>>,
            >,
            TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj>: Spread<$spread, Vmnk<Atom, AL>>,
            <TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output: Parts,
            <<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output as Parts>::S:
                Get<0> + Get<1>,
            <<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output as Parts>::D:
                Get<0> + Get<1>,
            <<<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output as Parts>::S as Get<1>>::Output:
                Get<0> + Get<1>,
            <<<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output as Parts>::D as Get<1>>::Output:
                Get<0> + Get<1>,
            ModeOf<<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output, 0>: Default,
            ValuesOf<<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output>: Default,
        {
            type Threads =
                ModeOf<<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output, 0>;
            type Values =
                ValuesOf<<TensorFrg<R, Atom, AL, P, Atom::$tv, $i, $j, $ti, $tj> as Spread<$spread, Vmnk<Atom, AL>>>::Output>;
        }
    };
}
ab_partition!(
    OperandA,
    ALayout,
    0,
    2,
    1,
    3,
    Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::P1, typenum::Z0>>
);
ab_partition!(
    OperandB,
    BLayout,
    1,
    2,
    2,
    3,
    Layout<Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>, Two<typenum::Z0, typenum::P1>>
);

#[allow(clippy::type_complexity)]
impl<Atom, AL, P, R> Partition<R, OperandC> for TiledMMA<Atom, AL, P>
where
    Atom: MmaTraits,
    Atom::ThrId: TiledProductBy<AL>,
    Atom::ShapeMnk: Get<0> + Get<1> + Get<2>,
    Vmnk<Atom, AL>: Parts,
    <Vmnk<Atom, AL> as Parts>::S: Get<1> + Get<2> + Get<3>,
    <Vmnk<Atom, AL> as Parts>::D: Get<1> + Get<2> + Get<3>,
    ModeOf<Vmnk<Atom, AL>, 1>: SizeT,
    ModeOf<Vmnk<Atom, AL>, 2>: SizeT,
    P: Get<0> + Get<1>,
    <P as Get<0>>::Output: PermutationExtent<AtomExtent<Atom, 0>, Atoms<Atom, AL, 1>>,
    <P as Get<1>>::Output: PermutationExtent<AtomExtent<Atom, 1>, Atoms<Atom, AL, 2>>,
    R: Thrfrg<
        Two<PermEntry<P, Atom, AL, 0, 1>, PermEntry<P, Atom, AL, 1, 2>>,
        Two<AtomExtent<Atom, 0>, AtomExtent<Atom, 1>>,
        Atom::CLayout,
        Two<Atoms<Atom, AL, 1>, Atoms<Atom, AL, 2>>,
    >,
    TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2>: ByThreadIndex<Vmnk<Atom, AL>>,
    <TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output: Parts,
    <<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output as Parts>::S:
        Get<0> + Get<1>,
    <<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output as Parts>::D:
        Get<0> + Get<1>,
    <<<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output as Parts>::S as Get<1>>::Output:
        Get<0> + Get<1>,
    <<<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output as Parts>::D as Get<1>>::Output:
        Get<0> + Get<1>,
    ModeOf<<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output, 0>: Default,
    ValuesOf<<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output>: Default,
{
    type Threads = ModeOf<<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output, 0>;
    type Values = ValuesOf<<TensorFrg<R, Atom, AL, P, Atom::CLayout, 0, 1, 1, 2> as ByThreadIndex<Vmnk<Atom, AL>>>::Output>;
}

/// Thread `thr_idx`'s view of a static [`TiledMMA`] (CuTe's `ThrMMA`, from
/// [`TiledMMA::get_slice`]): its partitions of the A, B and C tensors of static layouts, each a
/// tensor of static layout `(MMA, MMA_M, MMA_K)` ([`Partition`]) at the thread's offset (the
/// thread index is a runtime value, as on a GPU).
///
/// ```
/// use cute::atom::{make_tiled_mma, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::tensor::make_tensor;
/// use cute::{layout, Tiler};
/// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
/// let data: Vec<i64> = (0..16 * 8).collect();
/// let c = make_tensor(&data[..], layout!((16,8):(1,16))).unwrap();
/// // Lane 5 (groupID 1, threadID_in_group 1) holds c0..c3 = C(1, 2), C(1, 3), C(9, 2), C(9, 3).
/// let part = mma.get_slice(5).partition_c(c).unwrap();
/// assert_eq!((0..4).map(|i| *part.get(i).unwrap()).collect::<Vec<_>>(), [33, 49, 41, 57]);
/// ```
#[allow(clippy::upper_case_acronyms)]
pub struct ThrMMA<Mma> {
    thr_idx: usize,
    mma: PhantomData<Mma>,
}

impl<Mma> Clone for ThrMMA<Mma> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Mma> Copy for ThrMMA<Mma> {}
impl<Mma> core::fmt::Debug for ThrMMA<Mma> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ThrMMA({})", self.thr_idx)
    }
}

impl<Atom, AL, P> TiledMMA<Atom, AL, P> {
    /// Thread `thr_idx`'s view (CuTe's `get_slice`); a thread past the tiled MMA's threads is
    /// refused by each partition.
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,_,_>]>::default());
    /// assert_eq!(format!("{:?}", mma.get_slice(37)), "ThrMMA(37)");
    /// ```
    pub fn get_slice(&self, thr_idx: usize) -> ThrMMA<Self> {
        ThrMMA { thr_idx, mma: PhantomData }
    }

    /// The same as [`get_slice`](Self::get_slice) (CuTe's `get_thread_slice`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,_,_>]>::default());
    /// assert_eq!(format!("{:?}", mma.get_thread_slice(3)), "ThrMMA(3)");
    /// ```
    pub fn get_thread_slice(&self, thr_idx: usize) -> ThrMMA<Self> {
        self.get_slice(thr_idx)
    }
}

/// A partition's threads: thread index to the offset of the thread's part.
pub trait ThreadOffset {
    /// The offset of thread `thr_idx`, or the error naming a thread past the threads.
    ///
    /// ```
    /// use cute::atom::ThreadOffset;
    /// type Threads = cute::Layout![(4,8):(32,1)];
    /// assert_eq!(Threads::thread_offset(5, "partition_C"), Ok(32 + 1));
    /// assert!(Threads::thread_offset(32, "partition_C").is_err());
    /// ```
    fn thread_offset(thr_idx: usize, op: &'static str) -> Result<i64, crate::mixed::Error>;
}
impl<S, D> ThreadOffset for Layout<S, D>
where
    S: crate::mixed::MixedTuple + crate::layout::Offset<D>,
    D: crate::mixed::MixedTuple,
    Layout<S, D>: Default,
{
    fn thread_offset(thr_idx: usize, op: &'static str) -> Result<i64, crate::mixed::Error> {
        let threads = Layout::<S, D>::default();
        let size = threads.size();
        match i64::try_from(thr_idx) {
            Ok(t) if t < size => Ok(threads.call(thr_idx) as i64),
            _ => Err(crate::mixed::Error::new(op, crate::mixed::Detail::IndexOutOfRange { index: thr_idx, size })),
        }
    }
}

/// A tensor (`Self`) partitioned by a static tiled MMA or copy `Mma` for the operand or side `Op`: the
/// thread's part of it at its offset, a tensor of the static layout
/// [`Partition::Values`]. (The tensor is `Self` so that a call waits for the argument's type
/// before the trait solver looks at the partition.)
#[cfg(feature = "alloc")]
pub trait PartitionTensor<Mma, Op>: Sized {
    /// The thread's part.
    type Output;
    /// Thread `thr_idx`'s part, or the error naming a thread past the threads or a part
    /// outside the data (`op` names the operation).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, OperandC, PartitionTensor, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::tensor::make_tensor;
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
    /// let data: Vec<i64> = (0..16 * 8).collect();
    /// let c = make_tensor(&data[..], layout!((16,8):(1,16))).unwrap();
    /// let part = PartitionTensor::<_, OperandC>::partition(c, &mma, 5, "partition_C").unwrap();
    /// assert_eq!(part.get(0), Some(&(1 + 16 * 2)));
    /// ```
    fn partition(self, mma: &Mma, thr_idx: usize, op: &'static str) -> Result<Self::Output, crate::mixed::Error>;
}

#[cfg(feature = "alloc")]
impl<E, S, D, Mma, Op> PartitionTensor<Mma, Op> for crate::tensor::Tensor<E, Layout<S, D>>
where
    E: crate::tensor::Engine,
    Layout<S, D>: crate::tensor::ViewLayout + PartitionLayout<Mma, Op>,
    <Layout<S, D> as PartitionLayout<Mma, Op>>::Values: crate::tensor::ViewLayout<Error = crate::mixed::Error>,
{
    type Output = crate::tensor::Tensor<E, <Layout<S, D> as PartitionLayout<Mma, Op>>::Values>;
    fn partition(self, mma: &Mma, thr_idx: usize, op: &'static str) -> Result<Self::Output, crate::mixed::Error> {
        let (engine, base, layout) = self.into_parts();
        let (offset, values) = layout.partition_layout(mma, thr_idx, op)?;
        crate::tensor::make_tensor_moved(op, engine, base, offset, values)
    }
}

/// A tensor layout (`Self`) partitioned by a static tiled MMA or copy `Mma` for the operand or
/// side `Op`, at one thread: the offset of the thread's part and its values `(FrgV, Rest...)`.
///
/// A static layout is partitioned by the trait solver ([`Partition`]). A layout with runtime
/// leaves (a global tile `(BLK_M,BLK_K,k):(1,ldA,BLK_K ldA)` with a runtime leading dimension
/// and k-tile count) needs the static extents of its first two modes, the tile the atoms
/// cover: the trait solver partitions the compact column-major layout of those two modes (the
/// tile's coordinates), and the layout's first two modes are composed with the values found
/// there and evaluated at the thread's coordinate, at run time (CuTe's partition of a tensor of
/// runtime strides, `R o thrfrg(coordinates)`); further modes follow unchanged. A composition
/// condition the runtime strides violate is an error.
///
/// ```
/// use cute::atom::{make_tiled_copy, PartitionLayout, Source, TiledCopy, UniversalCopy};
/// use cute::{layout, mixed::Layout};
/// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
/// // An 8 x 4 tile of a row-major matrix of leading dimension 10, and 3 k-tiles 4 columns apart.
/// let tile = layout!((8,4,{3}):({10},1,4)).unwrap();
/// let (offset, values) = PartitionLayout::<_, Source>::partition_layout(tile, &copy, 5, "partition_S").unwrap();
/// // Thread 5 is (1,1) of the 4 x 2 threads: element (1,1) at 1 * 10 + 1.
/// assert_eq!(offset, 11);
/// assert_eq!(values.to_string(), "((_1,_1),_2,_2,3):((_0,_0),40,_2,_4)");
/// ```
#[cfg(feature = "alloc")]
pub trait PartitionLayout<Mma, Op>: Sized {
    /// The thread's values, `(FrgV, Rest...)`.
    type Values;
    /// The offset of thread `thr_idx`'s part and its values, or the error naming a thread past
    /// the threads or a condition the layout's runtime values violate (`op` names the
    /// operation).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, OperandC, PartitionLayout, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
    /// // Lane 5 holds c0 = C(1, 2): with a leading dimension 100, offset 1 + 2 * 100.
    /// let (offset, _) = PartitionLayout::<_, OperandC>::partition_layout(layout!((16,8):(1,{100})).unwrap(), &mma, 5, "partition_C").unwrap();
    /// assert_eq!(offset, 201);
    /// ```
    fn partition_layout(
        self,
        mma: &Mma,
        thr_idx: usize,
        op: &'static str,
    ) -> Result<(i64, Self::Values), crate::mixed::Error>;
}
#[cfg(feature = "alloc")]
impl<S, D, Mma, Op> PartitionLayout<Mma, Op> for Layout<S, D>
where
    S: crate::mixed::BothStatic<D>,
    Layout<S, D>: detail::PartitionBy<Mma, Op, <S as crate::mixed::BothStatic<D>>::Is>,
{
    type Values = <Layout<S, D> as detail::PartitionBy<Mma, Op, <S as crate::mixed::BothStatic<D>>::Is>>::Values;
    fn partition_layout(
        self,
        _mma: &Mma,
        thr_idx: usize,
        op: &'static str,
    ) -> Result<(i64, Self::Values), crate::mixed::Error> {
        detail::PartitionBy::partition_by(self, thr_idx, op)
    }
}

/// The two ways of [`PartitionLayout`], by whether every leaf is static.
#[cfg(feature = "alloc")]
mod detail {
    use super::{Partition, ThreadOffset, Two};
    use crate::mixed::Error;
    use crate::ops::composition::mixed_face::{Compose, Parts};
    use crate::ops::make::static_face::ColumnMajor;
    use crate::Layout;
    use frunk_core::hlist::{HCons, HNil};
    use typenum::{B0, B1};

    /// A layout's partition at one thread, for a static layout (`K = B1`) or one with runtime
    /// leaves (`B0`).
    pub trait PartitionBy<Mma, Op, K> {
        /// The thread's values.
        type Values;
        /// The offset of the thread's part and its values.
        fn partition_by(self, thr_idx: usize, op: &'static str) -> Result<(i64, Self::Values), Error>;
    }

    /// Static: the trait solver's partition.
    impl<S, D, Mma, Op> PartitionBy<Mma, Op, B1> for Layout<S, D>
    where
        Mma: Partition<Layout<S, D>, Op>,
        <Mma as Partition<Layout<S, D>, Op>>::Threads: ThreadOffset,
    {
        type Values = <Mma as Partition<Layout<S, D>, Op>>::Values;
        fn partition_by(self, thr_idx: usize, op: &'static str) -> Result<(i64, Self::Values), Error> {
            let offset = <<Mma as Partition<Layout<S, D>, Op>>::Threads as ThreadOffset>::thread_offset(thr_idx, op)?;
            Ok((offset, Default::default()))
        }
    }

    /// The static partition of the tile's coordinates: the compact column-major layout of the
    /// first two modes.
    type Coordinates<S0, S1> = ColumnMajor<Two<S0, S1>>;
    /// The thread's values in the tile's coordinates.
    type CoordinateValues<Mma, Op, S0, S1> = <Mma as Partition<Coordinates<S0, S1>, Op>>::Values;
    /// The first two modes composed with the values in coordinates.
    type Composed<Mma, Op, S0, S1, D0, D1> =
        <Layout<Two<S0, S1>, Two<D0, D1>> as Compose<CoordinateValues<Mma, Op, S0, S1>>>::Output;
    type ComposedShape<Mma, Op, S0, S1, D0, D1> = <Composed<Mma, Op, S0, S1, D0, D1> as Parts>::Shape;
    type ComposedStride<Mma, Op, S0, S1, D0, D1> = <Composed<Mma, Op, S0, S1, D0, D1> as Parts>::Stride;

    /// Runtime leaves: the first two modes composed with the static partition of their
    /// coordinates, the rest modes after the values.
    impl<S0, S1, SR, D0, D1, DR, Mma, Op> PartitionBy<Mma, Op, B0>
        for Layout<HCons<S0, HCons<S1, SR>>, HCons<D0, HCons<D1, DR>>>
    where
        Two<S0, S1>: crate::ops::make::mixed_face::Compact<typenum::P1, crate::ops::make::mixed_face::Left>,
        Mma: Partition<Coordinates<S0, S1>, Op>,
        <Mma as Partition<Coordinates<S0, S1>, Op>>::Threads: ThreadOffset,
        Two<S0, S1>: crate::mixed::MixedTuple + crate::layout::Offset<Two<D0, D1>>,
        Two<D0, D1>: crate::mixed::MixedTuple,
        Layout<Two<S0, S1>, Two<D0, D1>>: Compose<CoordinateValues<Mma, Op, S0, S1>>,
        Composed<Mma, Op, S0, S1, D0, D1>: Parts,
        ComposedShape<Mma, Op, S0, S1, D0, D1>: core::ops::Add<SR>,
        ComposedStride<Mma, Op, S0, S1, D0, D1>: core::ops::Add<DR>,
        <ComposedShape<Mma, Op, S0, S1, D0, D1> as core::ops::Add<SR>>::Output:
            crate::mixed::MixedTuple + crate::leaf::tuple::Tree,
        <ComposedStride<Mma, Op, S0, S1, D0, D1> as core::ops::Add<DR>>::Output:
            crate::mixed::MixedTuple + crate::leaf::tuple::Tree,
        <<ComposedStride<Mma, Op, S0, S1, D0, D1> as core::ops::Add<DR>>::Output as crate::leaf::tuple::Tree>::Of:
            crate::leaf::tuple::SameTree<<<ComposedShape<Mma, Op, S0, S1, D0, D1> as core::ops::Add<SR>>::Output as crate::leaf::tuple::Tree>::Of>,
    {
        type Values = Layout<
            <ComposedShape<Mma, Op, S0, S1, D0, D1> as core::ops::Add<SR>>::Output,
            <ComposedStride<Mma, Op, S0, S1, D0, D1> as core::ops::Add<DR>>::Output,
        >;
        fn partition_by(self, thr_idx: usize, op: &'static str) -> Result<(i64, Self::Values), Error> {
            let index = <<Mma as Partition<Coordinates<S0, S1>, Op>>::Threads as ThreadOffset>::thread_offset(thr_idx, op)?;
            let (shape, stride) = (self.shape, self.stride);
            let tile = Layout::from_parts(
                HCons { head: shape.head, tail: HCons { head: shape.tail.head, tail: HNil } },
                HCons { head: stride.head, tail: HCons { head: stride.tail.head, tail: HNil } },
            );
            // In the tile: the column-major index of a coordinate in it.
            let offset = tile.try_call(usize::try_from(index).unwrap_or(usize::MAX))? as i64;
            let values = Compose::compose_unchecked(tile, Default::default(), crate::Internal(()))?;
            let (vs, vd) = Parts::into_parts(values);
            // The rest modes after the values (`Add` of HLists concatenates them).
            let (vs, vd) = (core::ops::Add::add(vs, shape.tail.tail), core::ops::Add::add(vd, stride.tail.tail));
            let values = Layout::try_new(vs, vd)?;
            Ok((offset, values))
        }
    }
}

/// A swizzled tensor (`Sw o offset o L`, a shared-memory tile) partitioned as its inner layout
/// `L` is, the swizzle applied after the thread's part (CuTe's partition of a
/// `ComposedLayout`): `Sw o (offset + thread's offset) o Values`.
///
/// ```
/// use cute::atom::{make_tiled_copy, UniversalCopy};
/// use cute::swizzle::Sw;
/// use cute::tensor::make_tensor;
/// use cute::typenum::{P1, P2};
/// use cute::{layout, ComposedLayout};
/// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
/// let data: Vec<u32> = (0..32).collect();
/// let smem = ComposedLayout::new(Sw::<P1, P1, P2>::new(), 0, layout!((8,4):(1,8))).unwrap();
/// let part = copy.get_slice(5).partition_s(make_tensor(&data[..], smem).unwrap()).unwrap();
/// assert_eq!(part.layout().to_string(), "Sw<1,1,2> o 9 o ((_1,_1),_2,_2):((_0,_0),_4,_16)");
/// // Value 1 is element (5,1) of the tile, offset 13, swizzled to 13 ^ ((13 >> 2) & 2) = 15.
/// assert_eq!(part.get(1), Some(&15));
/// ```
#[cfg(feature = "alloc")]
impl<E, W, S, D, Mma, Op> PartitionTensor<Mma, Op> for crate::tensor::Tensor<E, crate::ComposedLayout<W, Layout<S, D>>>
where
    E: crate::tensor::Engine,
    W: crate::swizzle::SwizzleFn,
    Layout<S, D>: crate::tensor::PlainLayout,
    Mma: Partition<Layout<S, D>, Op>,
    <Mma as Partition<Layout<S, D>, Op>>::Threads: ThreadOffset,
    <Mma as Partition<Layout<S, D>, Op>>::Values:
        crate::tensor::PlainLayout + crate::tensor::ViewLayout<Error = crate::mixed::Error>,
{
    type Output = crate::tensor::Tensor<E, crate::ComposedLayout<W, <Mma as Partition<Layout<S, D>, Op>>::Values>>;
    fn partition(self, _mma: &Mma, thr_idx: usize, op: &'static str) -> Result<Self::Output, crate::mixed::Error> {
        let offset = <<Mma as Partition<Layout<S, D>, Op>>::Threads as ThreadOffset>::thread_offset(thr_idx, op)?;
        let (engine, base, layout) = self.into_parts();
        let offset = crate::arith::add(layout.offset(), offset)
            .map_err(|o| crate::mixed::Error::new(op, crate::mixed::Detail::Overflow(o)))?;
        let part = crate::ComposedLayout::new(layout.swizzle(), offset, Default::default())?;
        crate::tensor::make_tensor_moved(op, engine, base, 0, part)
    }
}

/// A tensor (`Self`) with the two modes of the tile a tiled MMA or copy partitions (an MMA
/// operand's `(M,K)`, `(N,K)` or `(M,N)`, a copy's `(M,N)`), of static extents, and perhaps
/// further modes (k-tiles), which a partition keeps after the thread's values. (A partition asks
/// for it first, so that a tensor of fewer modes, or of runtime extents where the atoms go, is
/// refused by its shape before the trait solver looks at the partition.)
///
/// ```
/// use cute::atom::OperandTensor;
/// let data = [0i64; 16 * 8 * 2];
/// let a = cute::tensor::make_tensor(&data[..], cute::layout!((16,8,2):(1,16,128))).unwrap();
/// assert_eq!(a.operand().layout().to_string(), "(_16,_8,_2):(_1,_16,_128)");
/// ```
#[diagnostic::on_unimplemented(
    message = "rank mismatch: a partition by a tiled MMA or copy: the tensor `{Self}` has fewer than two modes",
    label = "partition_A/B/C and partition_S/D take tensors of the tile's two modes ((M,K), (N,K), (M,N)), possibly with more modes (k-tiles)"
)]
pub trait OperandTensor {
    /// The tensor itself.
    type Operand;
    /// The tensor itself.
    fn operand(self) -> Self::Operand;
}
impl<E, S0, S1, SR, D> OperandTensor for crate::tensor::Tensor<E, Layout<HCons<S0, HCons<S1, SR>>, D>>
where
    HCons<S0, HCons<S1, HNil>>: TileExtent,
{
    type Operand = <HCons<S0, HCons<S1, HNil>> as TileExtent>::Then<Self>;
    fn operand(self) -> Self::Operand {
        <HCons<S0, HCons<S1, HNil>> as TileExtent>::then(self)
    }
}
impl<E, W, S0, S1, SR, D> OperandTensor
    for crate::tensor::Tensor<E, crate::ComposedLayout<W, Layout<HCons<S0, HCons<S1, SR>>, D>>>
where
    HCons<S0, HCons<S1, HNil>>: TileExtent,
{
    type Operand = <HCons<S0, HCons<S1, HNil>> as TileExtent>::Then<Self>;
    fn operand(self) -> Self::Operand {
        <HCons<S0, HCons<S1, HNil>> as TileExtent>::then(self)
    }
}

/// A static extent of the tile's modes that a tiled MMA or copy partitions: a positive static
/// integer or a tuple of them. (A runtime leading dimension is a stride, which may be runtime;
/// the extents are the tile's, known when the kernel is compiled.)
///
/// ```
/// use cute::atom::TileExtent;
/// use cute::typenum::{P16, P8};
/// fn tile<T: TileExtent>() {}
/// tile::<cute::HCons<P16, cute::HCons<P8, cute::HNil>>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "a partition by a tiled MMA or copy needs static extents of the tensor's first two modes: `{Self}` is a runtime extent",
    label = "the atoms tile the first two modes: their extents are the tile's, known at compile time (a runtime leading dimension is a stride)"
)]
pub trait TileExtent {
    /// `T`, where the extent is static (so that a type named through it waits for this
    /// condition).
    type Then<T>;
    /// `t` itself.
    fn then<T>(t: T) -> Self::Then<T>;
}
impl<U: typenum::Unsigned + typenum::NonZero> TileExtent for typenum::PInt<U> {
    type Then<T> = T;
    fn then<T>(t: T) -> T {
        t
    }
}
impl TileExtent for HNil {
    type Then<T> = T;
    fn then<T>(t: T) -> T {
        t
    }
}
impl<H: TileExtent, T: TileExtent> TileExtent for HCons<H, T> {
    type Then<X> = H::Then<T::Then<X>>;
    fn then<X>(x: X) -> Self::Then<X> {
        H::then(T::then(x))
    }
}

/// Implements a `partition_*` method of [`ThrMMA`] for one operand.
macro_rules! thr_partition {
    ($($(#[$doc:meta])* $method:ident, $operand:ident, $op:literal;)*) => {$(
        $(#[$doc])*
        #[cfg(feature = "alloc")]
        #[allow(clippy::type_complexity)]
        pub fn $method<T: OperandTensor>(
            &self,
            t: T,
        ) -> Result<<T::Operand as PartitionTensor<Mma, $operand>>::Output, crate::mixed::Error>
        where
            Mma: Default,
            T::Operand: PartitionTensor<Mma, $operand>,
        {
            t.operand().partition(&Mma::default(), self.thr_idx, $op)
        }
    )*};
}

impl<Mma> ThrMMA<Mma> {
    thr_partition! {
        /// The thread's part of the `(M,K)` tensor `a` (CuTe's `partition_A`): `(MMA, MMA_M,
        /// MMA_K)`, a static layout (with `a`'s runtime strides where it has them, a global
        /// tile: [`PartitionLayout`]), at the thread's offset; an error for a thread past the tiled
        /// MMA's threads or a part outside the tensor's data (a partial tile's part may reach
        /// past it; CuTe leaves that to predication). Further modes of `a` (k-tiles, `(M,K,k)`)
        /// follow: `(MMA, MMA_M, MMA_K, k)`; a tensor of fewer than two modes does not compile.
        ///
        /// ```
        /// use cute::atom::{make_tiled_mma, SM80_16x8x8_F16F16F16F16_TN};
        /// use cute::tensor::make_tensor;
        /// use cute::{layout, Tiler};
        /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
        /// let data: Vec<i64> = (0..16 * 8).collect();
        /// let a = make_tensor(&data[..], layout!((16,8):(1,16))).unwrap();
        /// // Lane 5 holds a0 = A(1, 2), element 1 + 16 * 2.
        /// assert_eq!(mma.get_slice(5).partition_a(a).unwrap().get(0), Some(&33));
        /// let a = make_tensor(&data[..], layout!((16,8):(1,16))).unwrap();
        /// let e = mma.get_slice(32).partition_a(a).unwrap_err();
        /// assert_eq!(e.to_string(), "index out of range: partition_A: index 32 is not below the size 32");
        /// ```
        partition_a, OperandA, "partition_A";
        /// The thread's part of the `(N,K)` tensor `b` (CuTe's `partition_B`): `(MMA, MMA_N,
        /// MMA_K)`.
        ///
        /// ```
        /// use cute::atom::{make_tiled_mma, SM80_16x8x8_F16F16F16F16_TN};
        /// use cute::tensor::make_tensor;
        /// use cute::{layout, Tiler};
        /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
        /// let data: Vec<i64> = (0..8 * 8).collect();
        /// let b = make_tensor(&data[..], layout!((8,8):(1,8))).unwrap();
        /// // Lane 5 holds b1 = B(k = 3, n = 1), element n + 8 k.
        /// assert_eq!(mma.get_slice(5).partition_b(b).unwrap().get(1), Some(&(1 + 8 * 3)));
        /// ```
        partition_b, OperandB, "partition_B";
        /// The thread's part of the `(M,N)` tensor `c` (CuTe's `partition_C`): `(MMA, MMA_M,
        /// MMA_N)`.
        ///
        /// ```
        /// use cute::atom::{make_tiled_mma, SM80_16x8x8_F16F16F16F16_TN};
        /// use cute::tensor::make_tensor;
        /// use cute::{layout, Tiler};
        /// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
        /// let mut data = vec![0i64; 16 * 8];
        /// let c = make_tensor(&mut data[..], layout!((16,8):(1,16))).unwrap();
        /// let mut mine = mma.get_slice(5).partition_c(c).unwrap();
        /// // c2 of lane 5 is C(9, 2).
        /// *mine.get_mut(2).unwrap() = 1;
        /// assert_eq!(data[9 + 16 * 2], 1);
        /// ```
        partition_c, OperandC, "partition_C";
    }
}

/// CuTe's `make_fragment_like` of a partition's values `(V, Rest...)`, on static layouts: `V`
/// compact column-major with its stride-0 leaves kept at 0, the rest modes compact in the order
/// of their strides after it (every stride times `V`'s registers), as the dynamic engine's
/// `partition_fragment_A` lays them out.
///
/// ```
/// use cute::atom::FragmentLike;
/// // A thread's A part of a row-major tile: 8 values, 1 block along M, 2 along K.
/// type Part = cute::Layout![((2,2,2),1,2):((1,256,8),0,16)];
/// assert_eq!(<Part as FragmentLike>::Output::default().to_string(), "((_2,_2,_2),_1,_2):((_1,_2,_4),_0,_8)");
/// ```
pub trait FragmentLike {
    /// The register layout.
    type Output: Default;
}

/// The compact strides of `V`'s leaves from `Acc` on (`Self` the stride tree, `S` the shape
/// tree): a stride-0 leaf stays 0, another gets the running count, which grows by its extent.
pub trait FragValues<S, Acc> {
    /// The strides.
    type Stride;
    /// The running count after the leaves.
    type Next;
}
impl<S, Acc> FragValues<S, Acc> for typenum::Z0 {
    type Stride = typenum::Z0;
    type Next = Acc;
}
impl<U: typenum::Unsigned + typenum::NonZero, S, Acc: core::ops::Mul<S> + Copy> FragValues<S, Acc>
    for typenum::PInt<U>
{
    type Stride = Acc;
    type Next = <Acc as core::ops::Mul<S>>::Output;
}
impl<U: typenum::Unsigned + typenum::NonZero, S, Acc: core::ops::Mul<S> + Copy> FragValues<S, Acc>
    for typenum::NInt<U>
{
    type Stride = Acc;
    type Next = <Acc as core::ops::Mul<S>>::Output;
}
impl<Acc> FragValues<HNil, Acc> for HNil {
    type Stride = HNil;
    type Next = Acc;
}
impl<SH, ST, DH, DT, Acc> FragValues<HCons<SH, ST>, Acc> for HCons<DH, DT>
where
    DH: FragValues<SH, Acc>,
    DT: FragValues<ST, <DH as FragValues<SH, Acc>>::Next>,
{
    type Stride =
        HCons<<DH as FragValues<SH, Acc>>::Stride, <DT as FragValues<ST, <DH as FragValues<SH, Acc>>::Next>>::Stride>;
    type Next = <DT as FragValues<ST, <DH as FragValues<SH, Acc>>::Next>>::Next;
}

/// Every leaf of a stride tree (`Self`) times `R`.
pub trait ScaleStrides<R> {
    /// The scaled strides.
    type Output;
}
impl<R> ScaleStrides<R> for HNil {
    type Output = HNil;
}
impl<R, H: ScaleStrides<R>, T: ScaleStrides<R>> ScaleStrides<R> for HCons<H, T> {
    type Output = HCons<<H as ScaleStrides<R>>::Output, <T as ScaleStrides<R>>::Output>;
}
impl<R> ScaleStrides<R> for typenum::Z0 {
    type Output = typenum::Z0;
}
impl<R, U: typenum::Unsigned + typenum::NonZero> ScaleStrides<R> for typenum::PInt<U>
where
    typenum::PInt<U>: core::ops::Mul<R>,
{
    type Output = <typenum::PInt<U> as core::ops::Mul<R>>::Output;
}

/// The rest modes (shapes `RS`, strides `RD`) compact in the order of their strides.
type RestOrdered<RS, RD> = <RS as crate::ops::make::static_face::OrderedStride<
    crate::ops::make::static_face::OrderOf<RD, RS>,
    <RS as crate::ops::make::static_face::OrderGroups<crate::ops::make::static_face::OrderOf<RD, RS>>>::Output,
>>::Output;

impl<VS, RS, VD, RD> FragmentLike for Layout<HCons<VS, RS>, HCons<VD, RD>>
where
    VD: FragValues<VS, typenum::P1>,
    RD: crate::ops::make::static_face::SameRankAs<RS>,
    RS: crate::ops::make::static_face::OrderGroups<crate::ops::make::static_face::OrderOf<RD, RS>>
        + crate::ops::make::static_face::OrderedStride<
            crate::ops::make::static_face::OrderOf<RD, RS>,
            <RS as crate::ops::make::static_face::OrderGroups<crate::ops::make::static_face::OrderOf<RD, RS>>>::Output,
        >,
    RestOrdered<RS, RD>: ScaleStrides<<VD as FragValues<VS, typenum::P1>>::Next>,
    Layout<
        HCons<VS, RS>,
        HCons<
            <VD as FragValues<VS, typenum::P1>>::Stride,
            <RestOrdered<RS, RD> as ScaleStrides<<VD as FragValues<VS, typenum::P1>>::Next>>::Output,
        >,
    >: Default,
{
    type Output = Layout<
        HCons<VS, RS>,
        HCons<
            <VD as FragValues<VS, typenum::P1>>::Stride,
            <RestOrdered<RS, RD> as ScaleStrides<<VD as FragValues<VS, typenum::P1>>::Next>>::Output,
        >,
    >;
}

/// The register layout of an operand's (`Self`) partition values `V`, as CuTe's
/// `make_fragment_A/B/C` lay it out: A's and B's [`FragmentLike`] the partition, C's the compact
/// column-major layout of its shape (the accumulators never follow the tensor's layout).
///
/// ```
/// use cute::atom::{FragmentRule, OperandA, OperandC};
/// type Part = cute::Layout![((2,2),2,4):((1,8),256,16)];
/// // A follows the partition's order of strides (K's blocks first); C is column-major.
/// assert_eq!(<OperandA as FragmentRule<Part>>::Layout::default().to_string(), "((_2,_2),_2,_4):((_1,_2),_16,_4)");
/// assert_eq!(<OperandC as FragmentRule<Part>>::Layout::default().to_string(), "((_2,_2),_2,_4):((_1,_2),_4,_8)");
/// ```
pub trait FragmentRule<V> {
    /// The register layout.
    type Layout: Default;
}
impl<V: FragmentLike> FragmentRule<V> for OperandA {
    type Layout = <V as FragmentLike>::Output;
}
impl<V: FragmentLike> FragmentRule<V> for OperandB {
    type Layout = <V as FragmentLike>::Output;
}
impl<S, D> FragmentRule<Layout<S, D>> for OperandC
where
    S: crate::ops::make::mixed_face::Compact<typenum::P1, crate::ops::make::mixed_face::Left>,
    ColumnMajor<S>: Default,
{
    type Layout = ColumnMajor<S>;
}

/// A tensor (`Self`) whose partition by `Mma` for `Op` has a register fragment: the static
/// layout of [`FragmentRule`] of the partition's values.
///
/// ```
/// use cute::atom::{FragmentOf, OperandC, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::{Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(1,1,1):(0,0,0)], Tiler![<_,_,_>]>;
/// type C<'a> = cute::tensor::Tensor<&'a [f32], Layout![(32,16):(1,32)]>;
/// assert_eq!(<C as FragmentOf<Mma, OperandC>>::Layout::default().to_string(), "((_2,_2),_2,_2):((_1,_2),_4,_8)");
/// ```
pub trait FragmentOf<Mma, Op> {
    /// The register layout.
    type Layout: Default;
}
impl<E, S, D, Mma, Op> FragmentOf<Mma, Op> for crate::tensor::Tensor<E, Layout<S, D>>
where
    E: crate::tensor::Engine,
    Layout<S, D>: crate::tensor::ViewLayout,
    Mma: Partition<Layout<S, D>, Op>,
    Op: FragmentRule<<Mma as Partition<Layout<S, D>, Op>>::Values>,
{
    type Layout = <Op as FragmentRule<<Mma as Partition<Layout<S, D>, Op>>::Values>>::Layout;
}
/// A swizzled tensor's fragment is its inner layout's (registers are not swizzled).
///
/// ```
/// use cute::atom::{FragmentOf, OperandA, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
/// use cute::swizzle::Sw;
/// use cute::tensor::Tensor;
/// use cute::typenum::{P2, P3};
/// use cute::{ComposedLayout, Layout, Tiler};
/// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(1,1,1):(0,0,0)], Tiler![<_,_,_>]>;
/// type Plain<'a> = Tensor<&'a [u16], Layout![(32,16):(16,1)]>;
/// type Swizzled<'a> = Tensor<&'a [u16], ComposedLayout<Sw<P2, P3, P3>, Layout![(32,16):(16,1)]>>;
/// assert_eq!(
///     <Swizzled as FragmentOf<Mma, OperandA>>::Layout::default(),
///     <Plain as FragmentOf<Mma, OperandA>>::Layout::default()
/// );
/// ```
impl<E, W, S, D, Mma, Op> FragmentOf<Mma, Op> for crate::tensor::Tensor<E, crate::ComposedLayout<W, Layout<S, D>>>
where
    Mma: Partition<Layout<S, D>, Op>,
    Op: FragmentRule<<Mma as Partition<Layout<S, D>, Op>>::Values>,
{
    type Layout = <Op as FragmentRule<<Mma as Partition<Layout<S, D>, Op>>::Values>>::Layout;
}

/// Implements a `partition_fragment_*` method of [`ThrMMA`] for one operand.
macro_rules! thr_fragment {
    ($($(#[$doc:meta])* $method:ident, $operand:ident;)*) => {$(
        $(#[$doc])*
        #[allow(clippy::type_complexity)]
        pub fn $method<V: Default, R: OperandTensor>(
            &self,
            t: &R,
        ) -> crate::tensor::ArrayTensor<V, <R::Operand as FragmentOf<Mma, $operand>>::Layout>
        where
            R::Operand: FragmentOf<Mma, $operand>,
            <R::Operand as FragmentOf<Mma, $operand>>::Layout: crate::tensor::StaticCosize + crate::tensor::ViewLayout,
        {
            let _ = t;
            crate::tensor::make_tensor_array(Default::default())
        }
    )*};
}

impl<Mma> ThrMMA<Mma> {
    thr_fragment! {
        /// A register tensor of `V` for the thread's part of `a` (CuTe's
        /// `partition_fragment_A`): the partition's shape `(MMA, MMA_M, MMA_K)`, compact
        /// ([`FragmentLike`]), its values `V::default()` (every thread's part has the same shape).
        ///
        /// ```
        /// use cute::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
        /// use cute::tensor::make_tensor;
        /// use cute::{layout, Tiler};
        /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
        /// let data = vec![cute::half::f16::ZERO; 32 * 32];
        /// // A K-major (row-major) shared tile: the k-blocks are the fragment's inner rest mode.
        /// let a = make_tensor(&data[..], layout!((32,32):(32,1))).unwrap();
        /// let frag = mma.get_slice(0).partition_fragment_a::<cute::half::f16, _>(&a);
        /// assert_eq!(frag.layout().to_string(), "((_2,_2,_2),_1,_2):((_1,_2,_4),_0,_8)");
        /// ```
        partition_fragment_a, OperandA;
        /// A register tensor of `V` for the thread's part of `b` (CuTe's
        /// `partition_fragment_B`).
        ///
        /// ```
        /// use cute::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
        /// use cute::tensor::make_tensor;
        /// use cute::{layout, Tiler};
        /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
        /// let data = vec![cute::half::f16::ZERO; 32 * 32];
        /// let b = make_tensor(&data[..], layout!((32,32):(32,1))).unwrap();
        /// assert_eq!(mma.get_slice(0).partition_fragment_b::<cute::half::f16, _>(&b).layout().size(), 16);
        /// ```
        partition_fragment_b, OperandB;
        /// A register tensor of `V` for the thread's part of `c` (CuTe's
        /// `partition_fragment_C`): the thread's accumulators, compact column-major in the
        /// partition's shape `(MMA, MMA_M, MMA_N)`.
        ///
        /// ```
        /// use cute::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
        /// use cute::tensor::make_tensor;
        /// use cute::{layout, Tiler};
        /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
        /// let data = vec![0f32; 64 * 64];
        /// // Row-major C: the accumulators are column-major all the same.
        /// let c = make_tensor(&data[..], layout!((64,64):(64,1))).unwrap();
        /// let acc = mma.get_slice(5).partition_fragment_c::<f32, _>(&c);
        /// assert_eq!(acc.layout().to_string(), "((_2,_2),_2,_4):((_1,_2),_4,_8)");
        /// ```
        partition_fragment_c, OperandC;
    }
}

/// A static tiler (a permutation entry, or a tuple of them) as the dynamic engine's
/// [`Tiler`](crate::dynamic::Tiler).
///
/// ```
/// use cute::atom::ToDynamicTiler;
/// type P = cute::Tiler![<32,(8,2):(2,1),_>];
/// assert_eq!(P::dynamic_tiler(), "<32,(8,2):(2,1),_>".parse().unwrap());
/// ```
#[cfg(feature = "alloc")]
pub trait ToDynamicTiler {
    /// The tiler.
    fn dynamic_tiler() -> crate::dynamic::Tiler;
}
#[cfg(feature = "alloc")]
impl ToDynamicTiler for Underscore {
    fn dynamic_tiler() -> crate::dynamic::Tiler {
        crate::dynamic::Tiler::Underscore
    }
}
#[cfg(feature = "alloc")]
impl<U: typenum::Unsigned + typenum::NonZero> ToDynamicTiler for typenum::PInt<U> {
    fn dynamic_tiler() -> crate::dynamic::Tiler {
        crate::dynamic::Tiler::Int(<typenum::PInt<U> as typenum::Integer>::I64)
    }
}
#[cfg(feature = "alloc")]
impl<S: crate::mixed::MixedTuple, D: crate::mixed::MixedTuple> ToDynamicTiler for Layout<S, D>
where
    Layout<S, D>: Default,
{
    fn dynamic_tiler() -> crate::dynamic::Tiler {
        crate::dynamic::Tiler::Layout(Layout::<S, D>::default().to_dynamic())
    }
}
#[cfg(feature = "alloc")]
impl ToDynamicTiler for HNil {
    fn dynamic_tiler() -> crate::dynamic::Tiler {
        crate::dynamic::Tiler::Tuple(alloc::vec::Vec::new())
    }
}
#[cfg(feature = "alloc")]
impl<H: ToDynamicTiler, T: ToDynamicTiler> ToDynamicTiler for HCons<H, T> {
    fn dynamic_tiler() -> crate::dynamic::Tiler {
        let mut entries = alloc::vec![H::dynamic_tiler()];
        if let crate::dynamic::Tiler::Tuple(rest) = T::dynamic_tiler() {
            entries.extend(rest);
        }
        crate::dynamic::Tiler::Tuple(entries)
    }
}

/// A slice of tensors of static layouts as tensors of the dynamic engine's layouts, the same
/// data at the same origins.
#[cfg(feature = "alloc")]
fn dynamic_views<'t, T, S, D>(
    ts: &'t [crate::tensor::Tensor<&[T], Layout<S, D>>],
) -> Result<alloc::vec::Vec<crate::tensor::Tensor<&'t [T], crate::dynamic::Layout>>, crate::dynamic::Error>
where
    S: crate::mixed::MixedTuple,
    D: crate::mixed::MixedTuple,
    Layout<S, D>: crate::tensor::ViewLayout + Clone,
{
    ts.iter()
        .map(|t| {
            let (engine, base, layout) = t.view().into_parts();
            crate::tensor::make_tensor_at(engine, base, layout.to_dynamic())
        })
        .collect()
}

#[cfg(feature = "alloc")]
impl<Atom: MmaTraits, S, D, P: ToDynamicTiler> TiledMMA<Atom, Layout<S, D>, P>
where
    S: crate::mixed::MixedTuple,
    D: crate::mixed::MixedTuple,
    Layout<S, D>: Default,
{
    /// The same tiled MMA in the dynamic engine (its pictures, its partitions of runtime
    /// layouts).
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<32,32,16>]>::default());
    /// assert_eq!(mma.to_dynamic().unwrap().to_string(), "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <32,32,16>)");
    /// ```
    pub fn to_dynamic(&self) -> Result<crate::dynamic::TiledMma, crate::dynamic::Error>
    where
        Atom::ThrId: crate::tensor::ViewLayout,
        Atom::ALayout: crate::tensor::ViewLayout,
        Atom::BLayout: crate::tensor::ViewLayout,
        Atom::CLayout: crate::tensor::ViewLayout,
    {
        // The atom's own layouts, not the table's entry of its name: an atom of the caller's
        // (`MmaTraits` is open, as CuTe's atoms are) may share a name with one of cute's.
        self.with_atom(super::mma::layouts_of::<Atom>())
    }

    /// This tiled MMA in the dynamic engine, of the atom `atom` (this one's, in the engine).
    fn with_atom(&self, atom: crate::dynamic::MmaAtom) -> Result<crate::dynamic::TiledMma, crate::dynamic::Error> {
        crate::dynamic::TiledMma::new(atom, &Layout::<S, D>::default().to_dynamic(), &P::dynamic_tiler())
    }

    /// CuTe's `gemm(tiled_mma, A, B, C)` over every thread's register fragments (thread `t`'s
    /// at index `t`, of static layouts as [`partition_fragment_a`](ThrMMA::partition_fragment_a)
    /// ... give them), each atom's instruction executed on the CPU, as
    /// [`cute::atom::gemm`](super::gemm) does for the dynamic engine's tiled MMA (its patterns
    /// and errors); the instruction is the atom type.
    ///
    /// ```
    /// use cute::atom::{make_tiled_mma, SM80_16x8x8_F32TF32TF32F32_TN};
    /// use cute::tensor::{fill, make_tensor};
    /// use cute::{layout, Tiler};
    /// let mma = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
    /// // The 16 x 8 x 8 tiles in shared memory, and each thread's register fragments of them.
    /// let (sa, sb, sc) = (vec![0f32; 16 * 8], vec![0f32; 8 * 8], vec![0f32; 16 * 8]);
    /// let ta = make_tensor(&sa[..], layout!((16,8):(1,16))).unwrap();
    /// let tb = make_tensor(&sb[..], layout!((8,8):(1,8))).unwrap();
    /// let tc = make_tensor(&sc[..], layout!((16,8):(1,16))).unwrap();
    /// let mut fa: Vec<_> = (0..32).map(|t| mma.get_slice(t).partition_fragment_a::<f32, _>(&ta)).collect();
    /// let mut fb: Vec<_> = (0..32).map(|t| mma.get_slice(t).partition_fragment_b::<f32, _>(&tb)).collect();
    /// let mut fc: Vec<_> = (0..32).map(|t| mma.get_slice(t).partition_fragment_c::<f32, _>(&tc)).collect();
    /// // Every A is 1, every B 2: each C is 8 * 2 = 16.
    /// fa.iter_mut().for_each(|f| fill(f, 1.0));
    /// fb.iter_mut().for_each(|f| fill(f, 2.0));
    /// let (a, b): (Vec<_>, Vec<_>) = (fa.iter().map(|f| f.view()).collect(), fb.iter().map(|f| f.view()).collect());
    /// let mut c: Vec<_> = fc.iter_mut().map(|f| f.view_mut()).collect();
    /// mma.gemm(&a, &b, &mut c).unwrap();
    /// assert!(fc.iter().all(|f| (0..4).all(|i| f.get(i) == Some(&16.0))));
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn gemm<SA, DA, SB, DB, SC, DC>(
        &self,
        a: &[crate::tensor::Tensor<&[Atom::ValTypeA], Layout<SA, DA>>],
        b: &[crate::tensor::Tensor<&[Atom::ValTypeB], Layout<SB, DB>>],
        c: &mut [crate::tensor::Tensor<&mut [Atom::ValTypeC], Layout<SC, DC>>],
    ) -> Result<(), crate::dynamic::Error>
    where
        Atom: super::MmaOp<ValTypeD = <Atom as super::MmaOp>::ValTypeC>,
        SA: crate::mixed::MixedTuple,
        DA: crate::mixed::MixedTuple,
        SB: crate::mixed::MixedTuple,
        DB: crate::mixed::MixedTuple,
        SC: crate::mixed::MixedTuple,
        DC: crate::mixed::MixedTuple,
        Layout<SA, DA>: crate::tensor::ViewLayout + Clone,
        Layout<SB, DB>: crate::tensor::ViewLayout + Clone,
        Layout<SC, DC>: crate::tensor::ViewLayout + Clone,
    {
        let mma = self.with_atom(Atom::atom())?;
        let (a, b) = (dynamic_views(a)?, dynamic_views(b)?);
        let mut c = c
            .iter_mut()
            .map(|t| {
                let (engine, base, layout) = t.view_mut().into_parts();
                crate::tensor::make_tensor_at(engine, base, layout.to_dynamic())
            })
            .collect::<Result<alloc::vec::Vec<_>, _>>()?;
        super::gemm::<Atom, _, _, _>(&mma, &a, &b, &mut c)
    }
}
