//! CuTe's `TiledCopy` on static layouts: the tiled thread-value layout of a thread layout and a
//! value layout, and the thread-value layouts of what each thread reads and writes, computed by
//! the trait solver from the copy atom's static layouts (in bits) and the element width.

use core::marker::PhantomData;

use frunk_core::hlist::HCons;
use typenum::{IsEqual, P1};

use super::copy::CopyTraits;
use super::tiled::{ModeOf, ModeSize, Out, PairOf, Parts, Two, Verdict};
use crate::ops::coalesce::static_face::Coalesce;
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::inverse::static_face::{RightInverse, RightInvert};
use crate::ops::make::mixed_face::{Compact, Left};
use crate::ops::make::static_face::ColumnMajor;
use crate::ops::product::static_face::Raked;
use crate::ops::tile::mixed_face::SizeOf;
use crate::ops::tile::static_face::ProductEach;
use crate::ops::{ComposeWith, ZippedDivideBy};
use crate::statics::mode::Get;
use crate::statics::report::{Holds, Shown, Then, TiledCopyAtomsFail, TiledCopyElementFail};
use crate::statics::tiler::{AppliedTo, SizeT};
use crate::statics::{names, ComposeOp, Made, Upcast};
use crate::tensor::tv::{TvBijective, TvCovered, TvSizes, TvVerdict};
use crate::Layout;

/// The width in bits of an element type (CuTe's `sizeof_bits<T>`), a type-level integer: the
/// element of a static [`TiledCopy`] (CuTe's `Copy_Atom<Op, T>`).
///
/// ```
/// use cute::atom::SizeofBits;
/// use cute::typenum::Integer;
/// assert_eq!(<<cute::half::f16 as SizeofBits>::Output as Integer>::I64, 16);
/// ```
pub trait SizeofBits {
    /// The width in bits.
    type Output;
}
macro_rules! sizeof_bits {
    ($($t:ty => $bits:ident),*) => {$(
        impl SizeofBits for $t {
            type Output = typenum::$bits;
        }
    )*};
}
sizeof_bits!(u8 => P8, i8 => P8, u16 => P16, i16 => P16, half::f16 => P16, half::bf16 => P16, u32 => P32,
    i32 => P32, f32 => P32, u64 => P64, i64 => P64, f64 => P64, u128 => P128, i128 => P128);

/// A copy atom tiled over threads with every layout static (CuTe's `TiledCopy<Copy_Atom<Op, T>,
/// LayoutCopy_TV, ShapeTiler_MN>`): `Atom` copies elements `T` with the TV layout and tile of
/// `Src` (a [`CopyTvSource`]: thread and value layouts, or a tiled MMA's operand).
/// [`make_tiled_copy`] and [`make_tiled_copy_a`] ... make it; its layouts (the TV layout and
/// tile CuTe's type holds, and the source and destination TV layouts) are the associated types
/// of [`TiledCopyLayouts`], computed as [`dynamic::TiledCopy`](crate::dynamic::TiledCopy)
/// computes them at run time.
///
/// ```
/// use cute::atom::{make_tiled_copy, TiledCopyLayouts, SM75_U32x4_LDSM_N};
/// use cute::layout;
/// // 32 threads, each reading 8 halves of one row of a 16 x 16 tile.
/// let copy = make_tiled_copy::<cute::half::f16, _, _, _>(SM75_U32x4_LDSM_N, layout!((16,2):(2,1)), layout!((1,8):(1,1)));
/// let dynamic = cute::dynamic::TiledCopy::make(
///     cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap(),
///     16,
///     &"(16,2):(2,1)".parse().unwrap(),
///     &"(1,8):(1,1)".parse().unwrap(),
/// )
/// .unwrap();
/// assert_eq!(copy.layout_src_tv().to_dynamic(), dynamic.layout_src_tv().unwrap());
/// assert_eq!(copy.layout_dst_tv().to_dynamic(), dynamic.layout_dst_tv().unwrap());
/// ```
pub struct TiledCopy<Atom, T, Src>(PhantomData<(Atom, T, Src)>);

impl<Atom, T, Src> Clone for TiledCopy<Atom, T, Src> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Atom, T, Src> Copy for TiledCopy<Atom, T, Src> {}
impl<Atom, T, Src> Default for TiledCopy<Atom, T, Src> {
    fn default() -> Self {
        TiledCopy(PhantomData)
    }
}
impl<Atom, T, Src> core::fmt::Debug for TiledCopy<Atom, T, Src> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("TiledCopy")
    }
}

/// The layouts of a static [`TiledCopy`], each a static layout type: the tiled TV layout and
/// tile, and the TV layouts of the source and destination tiles (CuTe's `get_layoutS_TV`,
/// `get_layoutD_TV`): (thread, value) to the column-major index of the element the thread reads
/// or writes as that value, the values in the order of the atom's source or destination side.
///
/// ```
/// use cute::atom::{make_tiled_copy, TiledCopyLayouts, UniversalCopy};
/// use cute::layout;
/// // 8 x 4 threads, each copying 2 x 1 floats: a 16 x 4 tile.
/// let copy = make_tiled_copy::<f32, _, _, _>(UniversalCopy::<u32>::default(), layout!((8,4):(4,1)), layout!((2,1):(1,1)));
/// assert_eq!(copy.tiler_mn(), cute::shape!((16,4)));
/// assert_eq!(copy.layout_tv().to_string(), "((_4,_8),_2):((_16,_2),_1)");
/// ```
pub trait TiledCopyLayouts {
    /// (thread, value) to the column-major index of the tile (CuTe's `TiledLayout_TV`).
    type LayoutTv: Default;
    /// The tile's shape (CuTe's `Tiler_MN`).
    type TilerMn: Default + PartialEq + core::fmt::Debug;
    /// (thread, value) to the tile index read as that value (CuTe's `get_layoutS_TV`).
    type LayoutSrcTv: Default;
    /// (thread, value) to the tile index written as that value (CuTe's `get_layoutD_TV`).
    type LayoutDstTv: Default;

    /// The tiled TV layout.
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, TiledCopyLayouts, UniversalCopy};
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
    /// assert_eq!(copy.layout_tv().to_string(), "(_8,_1):(_1,_0)");
    /// ```
    fn layout_tv(&self) -> Self::LayoutTv {
        Default::default()
    }

    /// The tile's shape.
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, TiledCopyLayouts, UniversalCopy};
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
    /// assert_eq!(copy.tiler_mn(), cute::shape!((4,2)));
    /// ```
    fn tiler_mn(&self) -> Self::TilerMn {
        Default::default()
    }

    /// The source side's TV layout (CuTe's `get_layoutS_TV`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, TiledCopyLayouts, SM75_U32x4_LDSM_N};
    /// use cute::layout;
    /// let copy = make_tiled_copy::<cute::half::f16, _, _, _>(SM75_U32x4_LDSM_N, layout!((16,2):(2,1)), layout!((1,8):(1,1)));
    /// // 32 threads, 8 values each: every element of the 16 x 16 tile read once.
    /// let s = copy.layout_src_tv();
    /// let mut read: Vec<_> = (0..32 * 8).map(|i| s.call(i)).collect();
    /// read.sort();
    /// assert_eq!(read, (0..256).collect::<Vec<_>>());
    /// ```
    fn layout_src_tv(&self) -> Self::LayoutSrcTv {
        Default::default()
    }

    /// The destination side's TV layout (CuTe's `get_layoutD_TV`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, TiledCopyLayouts, SM75_U32x4_LDSM_N};
    /// use cute::layout;
    /// let copy = make_tiled_copy::<cute::half::f16, _, _, _>(SM75_U32x4_LDSM_N, layout!((16,2):(2,1)), layout!((1,8):(1,1)));
    /// // Thread 0 receives (0,0) and (0,1) of the first 8 x 8 matrix.
    /// assert_eq!((copy.layout_dst_tv().call(0), copy.layout_dst_tv().call(32)), (0, 16));
    /// ```
    fn layout_dst_tv(&self) -> Self::LayoutDstTv {
        Default::default()
    }
}

/// An atom's layout in bits as `(thread, value)` of elements `B` bits wide (CuTe's
/// `upcast<B>`).
type InElements<L, B> = <L as Upcast<B>>::Output;

/// `right_inverse(ref) o side`: a thread's (thread, value) of the source or destination side to
/// the index `thread + threads * value` of the reference side.
type RefTo<Atom, B, Side> = <RightInverse<InElements<<Atom as CopyTraits>::RefLayout, B>> as ComposeWith<Side>>::Output;

/// A side's `(thread, value)` layout ([`SideTv`]) of the TV layout `Tv`, the atom's side `L`
/// taken in elements `T`.
type SideOf<Atom, T, Tv, L> = <Tv as SideTv<
    RefTo<Atom, <T as SizeofBits>::Output, InElements<L, <T as SizeofBits>::Output>>,
    AtomShape<Atom, <T as SizeofBits>::Output>,
>>::Output;

/// The atom's (threads, values) in elements, of its reference layout.
type AtomShape<Atom, B> = Two<
    ModeSize<InElements<<Atom as CopyTraits>::RefLayout, B>, 0>,
    ModeSize<InElements<<Atom as CopyTraits>::RefLayout, B>, 1>,
>;

/// CuTe's `tile2thrfrg` of the tile itself: `Self`, the tiled TV layout, divided into atom
/// copies `AtomTv = (atom threads, atom values)`, each composed with `Ref2Trg` (a side's order
/// of the atom's values), the threads and values zipped and coalesced to `(thread, value)`.
/// (CuTe then composes the tile's column-major layout with it; that layout is the
/// identity on the tile's indices, so the function is the same.)
pub trait SideTv<Ref2Trg, AtomTv> {
    /// `(thread, value)` to the tile index.
    type Output;
}

/// The TV layout divided into atoms.
type Atoms<Tv, AtomTv> = <Tv as ZippedDivideBy<AtomTv>>::Output;
/// The atom mode composed with the side's order.
type Target<Tv, AtomTv, R> = <ModeOf<Atoms<Tv, AtomTv>, 0> as ComposeWith<R>>::Output;
/// The threads `(atom thread, the atoms' threads)` and the two parts of the values, `atom
/// value` and `repetitions`, each coalesced: CuTe's `coalesce(zipped, (1,(1,1)))`.
type ThrMode<Tv, AtomTv, R> =
    Coalesced<PairOf<ModeOf<Target<Tv, AtomTv, R>, 0>, ModeOf<ModeOf<Atoms<Tv, AtomTv>, 1>, 0>>>;
type AtomVal<Tv, AtomTv, R> = Coalesced<ModeOf<Target<Tv, AtomTv, R>, 1>>;
type RestVal<Tv, AtomTv> = Coalesced<ModeOf<ModeOf<Atoms<Tv, AtomTv>, 1>, 1>>;
/// A layout coalesced, as its shape and stride.
type Coalesced<L> = Layout<<L as Coalesce>::Shape, <L as Coalesce>::Stride>;
type ThrVal<Tv, AtomTv, R> = PairOf<ThrMode<Tv, AtomTv, R>, PairOf<AtomVal<Tv, AtomTv, R>, RestVal<Tv, AtomTv>>>;

impl<Tv, R, AtomTv> SideTv<R, AtomTv> for Tv
where
    Tv: ZippedDivideBy<AtomTv>,
    Atoms<Tv, AtomTv>: Parts,
    <Atoms<Tv, AtomTv> as Parts>::S: Get<0> + Get<1>,
    <Atoms<Tv, AtomTv> as Parts>::D: Get<0> + Get<1>,
    ModeOf<Atoms<Tv, AtomTv>, 0>: ComposeWith<R>,
    <<Atoms<Tv, AtomTv> as Parts>::S as Get<1>>::Output: Get<0> + Get<1>,
    <<Atoms<Tv, AtomTv> as Parts>::D as Get<1>>::Output: Get<0> + Get<1>,
    Target<Tv, AtomTv, R>: Parts,
    <Target<Tv, AtomTv, R> as Parts>::S: Get<0> + Get<1>,
    <Target<Tv, AtomTv, R> as Parts>::D: Get<0> + Get<1>,
    PairOf<ModeOf<Target<Tv, AtomTv, R>, 0>, ModeOf<ModeOf<Atoms<Tv, AtomTv>, 1>, 0>>: Coalesce,
    ModeOf<Target<Tv, AtomTv, R>, 1>: Coalesce,
    ModeOf<ModeOf<Atoms<Tv, AtomTv>, 1>, 1>: Coalesce,
{
    type Output = ThrVal<Tv, AtomTv, R>;
}

/// The verdict on a side of a copy atom (`Self`, in bits) in elements `B` bits wide: as many
/// threads as in bits, and `size * B` bits.
pub trait WholeElements<B> {
    /// [`Pass`](crate::statics::report::Pass) or [`TiledCopyElementFail`].
    type Verdict;
}
impl<L, B> WholeElements<B> for L
where
    L: Upcast<B> + Parts + SizeT,
    <L as Parts>::S: Get<0> + Shown,
    <L as Parts>::D: Get<0> + Shown,
    B: Shown,
    ModeOf<L, 0>: SizeT,
    InElements<L, B>: Parts + SizeT,
    <InElements<L, B> as Parts>::S: Get<0>,
    <InElements<L, B> as Parts>::D: Get<0>,
    ModeOf<InElements<L, B>, 0>: SizeT,
    ModeSize<InElements<L, B>, 0>: IsEqual<ModeSize<L, 0>>,
    <InElements<L, B> as SizeT>::Output: core::ops::Mul<B>,
    <<InElements<L, B> as SizeT>::Output as core::ops::Mul<B>>::Output: IsEqual<<L as SizeT>::Output>,
    <ModeSize<InElements<L, B>, 0> as IsEqual<ModeSize<L, 0>>>::Output: core::ops::BitAnd<
        <<<InElements<L, B> as SizeT>::Output as core::ops::Mul<B>>::Output as IsEqual<<L as SizeT>::Output>>::Output,
    >,
    <<ModeSize<InElements<L, B>, 0> as IsEqual<ModeSize<L, 0>>>::Output as core::ops::BitAnd<
        <<<InElements<L, B> as SizeT>::Output as core::ops::Mul<B>>::Output as IsEqual<<L as SizeT>::Output>>::Output,
    >>::Output: Verdict<TiledCopyElementFail<Out<<L as Parts>::S>, Out<<L as Parts>::D>, Out<B>>>,
{
    type Verdict = <<<ModeSize<InElements<L, B>, 0> as IsEqual<ModeSize<L, 0>>>::Output as core::ops::BitAnd<
        <<<InElements<L, B> as SizeT>::Output as core::ops::Mul<B>>::Output as IsEqual<<L as SizeT>::Output>>::Output,
    >>::Output as Verdict<TiledCopyElementFail<Out<<L as Parts>::S>, Out<<L as Parts>::D>, Out<B>>>>::Output;
}

/// The verdict on a TV layout's `Self` threads and `V` values: multiples of the atom's `AT`
/// threads and `AV` values.
pub trait WholeAtoms<V, AT, AV> {
    /// [`Pass`](crate::statics::report::Pass) or [`TiledCopyAtomsFail`].
    type Verdict;
}
impl<T, V, AT, AV> WholeAtoms<V, AT, AV> for T
where
    T: core::ops::Rem<AT> + Shown,
    V: core::ops::Rem<AV> + Shown,
    AT: Shown,
    AV: Shown,
    <T as core::ops::Rem<AT>>::Output: IsEqual<typenum::Z0>,
    <V as core::ops::Rem<AV>>::Output: IsEqual<typenum::Z0>,
    <<T as core::ops::Rem<AT>>::Output as IsEqual<typenum::Z0>>::Output:
        core::ops::BitAnd<<<V as core::ops::Rem<AV>>::Output as IsEqual<typenum::Z0>>::Output>,
    <<<T as core::ops::Rem<AT>>::Output as IsEqual<typenum::Z0>>::Output as core::ops::BitAnd<
        <<V as core::ops::Rem<AV>>::Output as IsEqual<typenum::Z0>>::Output,
    >>::Output: Verdict<TiledCopyAtomsFail<Out<T>, Out<V>, Out<AT>, Out<AV>>>,
{
    type Verdict = <<<<T as core::ops::Rem<AT>>::Output as IsEqual<typenum::Z0>>::Output as core::ops::BitAnd<
        <<V as core::ops::Rem<AV>>::Output as IsEqual<typenum::Z0>>::Output,
    >>::Output as Verdict<TiledCopyAtomsFail<Out<T>, Out<V>, Out<AT>, Out<AV>>>>::Output;
}

/// Where a static [`TiledCopy`]'s TV layout and tile come from: a thread and a value layout
/// ([`ThrValLayouts`], from [`make_tiled_copy`]) or an operand of a tiled MMA ([`MmaOperandA`]
/// ..., from [`make_tiled_copy_a`] ...).
///
/// ```
/// use cute::atom::{CopyTvSource, ThrValLayouts};
/// use cute::{Layout, Shape};
/// type Src = ThrValLayouts<Layout![(4,8):(8,1)], Layout![(1,2):(1,1)]>;
/// // 32 threads of 2 values over a 4 x 16 tile.
/// assert_eq!(<Src as CopyTvSource>::Tile::default(), cute::shape!((4,16)));
/// assert_eq!(<Src as CopyTvSource>::Tv::default().to_string(), "((_8,_4),_2):((_8,_1),_4)");
/// ```
pub trait CopyTvSource {
    /// (thread, value) to the column-major index of the tile.
    type Tv;
    /// The tile's shape.
    type Tile;
    /// The number of threads, a type-level integer.
    type Threads;
    /// The number of values per thread, a type-level integer.
    type Values;
    /// [`Pass`](crate::statics::report::Pass), or the failure of the source's own condition.
    type Verdict;
}

/// Threads `Thr` each copying a block `Val` of values, raked over the tile (CuTe's
/// `make_tiled_copy(atom, thr_layout, val_layout)`, its TV layout
/// [`make_layout_tv`](crate::tensor::make_layout_tv)'s).
///
/// ```
/// use cute::atom::{make_tiled_copy, ThrValLayouts, TiledCopy, UniversalCopy};
/// use cute::{layout, Layout};
/// let copy: TiledCopy<UniversalCopy<u32>, f32, ThrValLayouts<Layout![(4,8):(8,1)], Layout![1:0]>> =
///     make_tiled_copy::<f32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,8):(8,1)), layout!(1:0));
/// # let _ = copy;
/// ```
pub struct ThrValLayouts<Thr, Val>(PhantomData<(Thr, Val)>);

#[allow(clippy::type_complexity)]
impl<TS, TD, VS, VD> CopyTvSource for ThrValLayouts<Layout<TS, TD>, Layout<VS, VD>>
where
    Layout<VS, VD>: Raked<Layout<TS, TD>>,
    Mn<TS, TD, VS, VD>: ResultVerdict<names::raked_product, Layout<TS, TD>, Layout<VS, VD>>,
    Mn<TS, TD, VS, VD>: TvOfRaked<TS, TD, VS, VD>,
    // The raked product's own conditions, then its bijection (the first failing one only: a
    // raked product that fails has no size to count).
    <Mn<TS, TD, VS, VD> as ResultVerdict<names::raked_product, Layout<TS, TD>, Layout<VS, VD>>>::Output:
        Then<<Mn<TS, TD, VS, VD> as TvOfRaked<TS, TD, VS, VD>>::Verdict>,
    TS: SizeOf,
    VS: SizeOf,
{
    type Tv = <Mn<TS, TD, VS, VD> as TvOfRaked<TS, TD, VS, VD>>::Tv;
    type Tile = <Mn<TS, TD, VS, VD> as TvOfRaked<TS, TD, VS, VD>>::Tile;
    type Threads = <TS as SizeOf>::Output;
    type Values = <VS as SizeOf>::Output;
    type Verdict =
        <<Mn<TS, TD, VS, VD> as ResultVerdict<names::raked_product, Layout<TS, TD>, Layout<VS, VD>>>::Output as Then<
            <Mn<TS, TD, VS, VD> as TvOfRaked<TS, TD, VS, VD>>::Verdict,
        >>::Output;
}

/// A tiled MMA's operand as a copy's TV layout and tile: A's `(TM,TK)` ([`MmaOperandA`]), B's
/// `(TN,TK)`, C's `(TM,TN)` (CuTe's `make_tiled_copy_A/B/C`).
macro_rules! mma_operands {
    ($($(#[$doc:meta])* $name:ident: $tv:ident, $i:literal, $j:literal;)*) => {$(
        $(#[$doc])*
        pub struct $name<Mma>(PhantomData<Mma>);

        impl<Mma> CopyTvSource for $name<Mma>
        where
            Mma: super::tiled::TiledMmaLayouts,
            Mma::$tv: Parts,
            <Mma::$tv as Parts>::S: Get<0> + Get<1>,
            <Mma::$tv as Parts>::D: Get<0> + Get<1>,
            ModeOf<Mma::$tv, 0>: SizeT,
            ModeOf<Mma::$tv, 1>: SizeT,
            Mma::TileSizeMnk: Get<$i> + Get<$j>,
        {
            type Tv = Mma::$tv;
            type Tile = Two<<Mma::TileSizeMnk as Get<$i>>::Output, <Mma::TileSizeMnk as Get<$j>>::Output>;
            type Threads = ModeSize<Mma::$tv, 0>;
            type Values = ModeSize<Mma::$tv, 1>;
            type Verdict = crate::statics::report::Pass;
        }
    )*};
}
mma_operands! {
    /// A tiled MMA's A operand, `(TM,TK)`, as a copy's source of TV layout and tile.
    ///
    /// ```
    /// use cute::atom::{CopyTvSource, MmaOperandA, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{Layout, Tiler};
    /// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(2,1,1):(1,0,0)], Tiler![<_,_,_>]>;
    /// assert_eq!(<MmaOperandA<Mma> as CopyTvSource>::Tile::default(), cute::shape!((32,8)));
    /// ```
    MmaOperandA: LayoutATv, 0, 2;
    /// A tiled MMA's B operand, `(TN,TK)`.
    ///
    /// ```
    /// use cute::atom::{CopyTvSource, MmaOperandB, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{Layout, Tiler};
    /// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(2,1,1):(1,0,0)], Tiler![<_,_,_>]>;
    /// assert_eq!(<MmaOperandB<Mma> as CopyTvSource>::Tile::default(), cute::shape!((8,8)));
    /// ```
    MmaOperandB: LayoutBTv, 1, 2;
    /// A tiled MMA's C operand, `(TM,TN)`.
    ///
    /// ```
    /// use cute::atom::{CopyTvSource, MmaOperandC, TiledMMA, SM80_16x8x8_F16F16F16F16_TN};
    /// use cute::{Layout, Tiler};
    /// type Mma = TiledMMA<SM80_16x8x8_F16F16F16F16_TN, Layout![(2,1,1):(1,0,0)], Tiler![<_,_,_>]>;
    /// assert_eq!(<MmaOperandC<Mma> as CopyTvSource>::Tile::default(), cute::shape!((32,8)));
    /// ```
    MmaOperandC: LayoutCTv, 0, 1;
}

#[allow(clippy::type_complexity)]
impl<Atom, T, Src> TiledCopyLayouts for TiledCopy<Atom, T, Src>
where
    // The conditions first, so that a violated one is the error reported.
    Src: TiledCopyConditions<T, Atom> + CopyTvSource,
    Atom: CopyTraits,
    T: SizeofBits,
    Src::Tv: Default,
    Src::Tile: Default + PartialEq + core::fmt::Debug,
    Atom::RefLayout: Upcast<<T as SizeofBits>::Output>,
    Atom::SrcLayout: Upcast<<T as SizeofBits>::Output>,
    Atom::DstLayout: Upcast<<T as SizeofBits>::Output>,
    InElements<Atom::RefLayout, <T as SizeofBits>::Output>: RightInvert + Parts,
    <InElements<Atom::RefLayout, <T as SizeofBits>::Output> as Parts>::S: Get<0> + Get<1>,
    <InElements<Atom::RefLayout, <T as SizeofBits>::Output> as Parts>::D: Get<0> + Get<1>,
    ModeOf<InElements<Atom::RefLayout, <T as SizeofBits>::Output>, 0>: SizeT,
    ModeOf<InElements<Atom::RefLayout, <T as SizeofBits>::Output>, 1>: SizeT,
    RightInverse<InElements<Atom::RefLayout, <T as SizeofBits>::Output>>: ComposeWith<InElements<Atom::SrcLayout, <T as SizeofBits>::Output>>
        + ComposeWith<InElements<Atom::DstLayout, <T as SizeofBits>::Output>>,
    Src::Tv: SideTv<
            RefTo<Atom, <T as SizeofBits>::Output, InElements<Atom::SrcLayout, <T as SizeofBits>::Output>>,
            AtomShape<Atom, <T as SizeofBits>::Output>,
        > + SideTv<
            RefTo<Atom, <T as SizeofBits>::Output, InElements<Atom::DstLayout, <T as SizeofBits>::Output>>,
            AtomShape<Atom, <T as SizeofBits>::Output>,
        >,
    SideOf<Atom, T, <Src as CopyTvSource>::Tv, Atom::SrcLayout>: Default,
    SideOf<Atom, T, <Src as CopyTvSource>::Tv, Atom::DstLayout>: Default,
{
    type LayoutTv = Src::Tv;
    type TilerMn = Src::Tile;
    type LayoutSrcTv = SideOf<Atom, T, <Src as CopyTvSource>::Tv, Atom::SrcLayout>;
    type LayoutDstTv = SideOf<Atom, T, <Src as CopyTvSource>::Tv, Atom::DstLayout>;
}

/// The raked product of the thread and value layouts, `(M,N)` to (thread, value).
type Mn<TS, TD, VS, VD> = <Layout<VS, VD> as Raked<Layout<TS, TD>>>::Output;

/// [`make_layout_tv`](crate::tensor::make_layout_tv) from its raked product `Self` of the thread
/// layout `TS:TD` and the value layout `VS:VD`: the TV layout, the tile, and the verdict that
/// the raked product is a bijection.
pub trait TvOfRaked<TS, TD, VS, VD> {
    /// The TV layout.
    type Tv;
    /// The tile's shape.
    type Tile;
    /// [`Pass`](crate::statics::report::Pass), or the failure naming the layouts.
    type Verdict;
}
impl<TS, TD, VS, VD, MS, MD> TvOfRaked<TS, TD, VS, VD> for Layout<MS, MD>
where
    TS: SizeOf,
    VS: SizeOf,
    Layout<MS, MD>: Made + RightInvert,
    <Layout<MS, MD> as RightInvert>::Shape: SizeOf,
    MS: SizeOf + crate::statics::IntTuple + ProductEach,
    MD: crate::statics::IntTuple,
    crate::tensor::tv::InverseSize<MS, MD>: IsEqual<<MS as SizeOf>::Output>,
    TvCovered<MS, MD>: TvBijective<TS, TD, VS, VD, MS>,
    TvSizes<TS, VS>: Compact<P1, Left>,
    ColumnMajor<TvSizes<TS, VS>>: AppliedTo<ComposeOp, RightInverse<Layout<MS, MD>>>,
{
    type Tv = <ColumnMajor<TvSizes<TS, VS>> as AppliedTo<ComposeOp, RightInverse<Layout<MS, MD>>>>::Output;
    type Tile = <MS as ProductEach>::Output;
    type Verdict = TvVerdict<TS, TD, VS, VD, MS, MD>;
}

/// The conditions of a static [`TiledCopy`] of elements `T` by `Atom` with the TV layout of
/// `Self`: the source's own (a raked product that is a bijection), the atom moving whole
/// elements `T`, and the threads and values whole atoms. A violated one is a compile error
/// naming it.
///
/// ```
/// use cute::atom::{ThrValLayouts, TiledCopyConditions, SM75_U32x4_LDSM_N};
/// use cute::Layout;
/// fn holds<T, Atom, S: TiledCopyConditions<T, Atom>>() {}
/// // 8 halves per thread: whole ldmatrix.x4 copies.
/// holds::<cute::half::f16, SM75_U32x4_LDSM_N, ThrValLayouts<Layout![(32,1):(1,0)], Layout![(1,8):(1,1)]>>();
/// ```
pub trait TiledCopyConditions<T, Atom> {}

/// The verdict on whole atoms of the source's threads and values.
type AtomsVerdictOf<T, Atom, Src> = <<Src as CopyTvSource>::Threads as WholeAtoms<
    <Src as CopyTvSource>::Values,
    ModeSize<RefIn<Atom, T>, 0>,
    ModeSize<RefIn<Atom, T>, 1>,
>>::Verdict;

/// The atom's reference side in elements `T`.
type RefIn<Atom, T> = InElements<<Atom as CopyTraits>::RefLayout, <T as SizeofBits>::Output>;

/// The atom's two sides in elements `T`, the first failing.
type ElementsVerdict<Atom, T> =
    <<<Atom as CopyTraits>::SrcLayout as WholeElements<<T as SizeofBits>::Output>>::Verdict as Then<
        <<Atom as CopyTraits>::DstLayout as WholeElements<<T as SizeofBits>::Output>>::Verdict,
    >>::Output;

#[allow(clippy::type_complexity)]
impl<T, Atom, Src> TiledCopyConditions<T, Atom> for Src
where
    Src: CopyTvSource,
    Atom: CopyTraits,
    T: SizeofBits,
    Atom::SrcLayout: WholeElements<<T as SizeofBits>::Output>,
    Atom::DstLayout: WholeElements<<T as SizeofBits>::Output>,
    Atom::RefLayout: Upcast<<T as SizeofBits>::Output>,
    RefIn<Atom, T>: Parts,
    <RefIn<Atom, T> as Parts>::S: Get<0> + Get<1>,
    <RefIn<Atom, T> as Parts>::D: Get<0> + Get<1>,
    ModeOf<RefIn<Atom, T>, 0>: SizeT,
    ModeOf<RefIn<Atom, T>, 1>: SizeT,
    Src::Threads: WholeAtoms<Src::Values, ModeSize<RefIn<Atom, T>, 0>, ModeSize<RefIn<Atom, T>, 1>>,
    // The first failing: the source's, then the atom's elements, then whole atoms (an atom that
    // does not move whole elements has no element counts to compare).
    <Atom::SrcLayout as WholeElements<<T as SizeofBits>::Output>>::Verdict:
        Then<<Atom::DstLayout as WholeElements<<T as SizeofBits>::Output>>::Verdict>,
    ElementsVerdict<Atom, T>: Then<AtomsVerdictOf<T, Atom, Src>>,
    Src::Verdict: Then<<ElementsVerdict<Atom, T> as Then<AtomsVerdictOf<T, Atom, Src>>>::Output>,
    <Src::Verdict as Then<<ElementsVerdict<Atom, T> as Then<AtomsVerdictOf<T, Atom, Src>>>::Output>>::Output: Holds,
{
}

/// CuTe's `make_tiled_copy(Copy_Atom<Atom, T>, thr_layout, val_layout)` on static layouts:
/// threads `thr` (a thread's coordinate in the tile of threads to its index) each copying a
/// block `val` of elements `T`, the blocks raked over the tile as
/// [`make_layout_tv`](crate::tensor::make_layout_tv) lays them. The [`TiledCopy`] type's layouts
/// ([`TiledCopyLayouts`]) are computed by the trait solver. A compile error at the call names the
/// violated condition: thread and value layouts whose raked product is not one to one, an atom
/// that does not move whole elements `T`, or threads and values that are not whole atoms.
///
/// ```
/// use cute::atom::{make_tiled_copy, TiledCopyLayouts, SM80_CP_ASYNC_CACHEGLOBAL};
/// use cute::layout;
/// // cp.async of 16 bytes: 8 halves per thread, 32 x 4 threads over a 32 x 32 tile.
/// let copy = make_tiled_copy::<cute::half::f16, _, _, _>(
///     SM80_CP_ASYNC_CACHEGLOBAL::<u128>::default(),
///     layout!((32,4):(1,32)),
///     layout!((1,8):(1,1)),
/// );
/// assert_eq!(copy.tiler_mn(), cute::shape!((32,32)));
/// // Thread 33 (row 1, column block 1) reads (1, 8..16).
/// let s = copy.layout_src_tv();
/// assert_eq!((0..8).map(|v| s.call(33 + 128 * v)).collect::<Vec<_>>(), (8..16).map(|n| 1 + 32 * n).collect::<Vec<_>>());
/// ```
///
/// ```compile_fail,E0277
/// use cute::atom::{make_tiled_copy, SM75_U32x4_LDSM_N};
/// use cute::layout;
/// // 4 values per thread: ldmatrix.x4 moves 8 halves per thread.
/// let _ = make_tiled_copy::<cute::half::f16, _, _, _>(SM75_U32x4_LDSM_N, layout!((32,1):(1,0)), layout!((1,4):(1,1)));
/// ```
pub fn make_tiled_copy<T, Atom, Thr, Val>(
    _atom: Atom,
    _thr: Thr,
    _val: Val,
) -> TiledCopy<Atom, T, ThrValLayouts<Thr, Val>>
where
    ThrValLayouts<Thr, Val>: TiledCopyConditions<T, Atom>,
{
    TiledCopy(PhantomData)
}

/// CuTe's `make_tiled_copy_A(Copy_Atom<Atom, T>, tiled_mma)` on a static [`TiledMMA`](super::TiledMMA):
/// the copy laid out by the MMA's A thread-value layout over its `(TM,TK)` tile, so that each
/// thread copies its MMA fragment of A. A compile error names an atom that does not move whole
/// elements `T` or a fragment that is not whole atom copies.
///
/// ```
/// use cute::atom::{make_tiled_copy_a, make_tiled_mma, TiledCopyLayouts, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute::{layout, Tiler};
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
/// let copy = make_tiled_copy_a::<cute::half::f16, _, _>(SM75_U32x4_LDSM_N, mma);
/// assert_eq!(copy.tiler_mn(), cute::shape!((32,16)));
/// // The ldmatrix delivers each thread its A fragment: the copy's destination is the MMA's A.
/// use cute::atom::TiledMmaLayouts;
/// let (d, a) = (copy.layout_dst_tv(), mma.layout_a_tv());
/// assert!((0..128 * 8).all(|i| d.call(i) == a.call(i)));
/// ```
pub fn make_tiled_copy_a<T, Atom, Mma>(_atom: Atom, _mma: Mma) -> TiledCopy<Atom, T, MmaOperandA<Mma>>
where
    MmaOperandA<Mma>: TiledCopyConditions<T, Atom>,
{
    TiledCopy(PhantomData)
}

/// CuTe's `make_tiled_copy_B(Copy_Atom<Atom, T>, tiled_mma)`: the copy laid out by the MMA's B
/// thread-value layout over its `(TN,TK)` tile.
///
/// ```
/// use cute::atom::{make_tiled_copy_b, make_tiled_mma, TiledCopyLayouts, SM75_U32x2_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute::{layout, Tiler};
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
/// let copy = make_tiled_copy_b::<cute::half::f16, _, _>(SM75_U32x2_LDSM_N, mma);
/// assert_eq!(copy.tiler_mn(), cute::shape!((16,16)));
/// ```
pub fn make_tiled_copy_b<T, Atom, Mma>(_atom: Atom, _mma: Mma) -> TiledCopy<Atom, T, MmaOperandB<Mma>>
where
    MmaOperandB<Mma>: TiledCopyConditions<T, Atom>,
{
    TiledCopy(PhantomData)
}

/// CuTe's `make_tiled_copy_C(Copy_Atom<Atom, T>, tiled_mma)`: the copy laid out by the MMA's C
/// thread-value layout over its `(TM,TN)` tile (the epilogue's store of the accumulators).
///
/// ```
/// use cute::atom::{make_tiled_copy_c, make_tiled_mma, TiledCopyLayouts, UniversalCopy, SM80_16x8x16_F32F16F16F32_TN};
/// use cute::{layout, Tiler};
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
/// let copy = make_tiled_copy_c::<f32, _, _>(UniversalCopy::<u32>::default(), mma);
/// assert_eq!(copy.tiler_mn(), cute::shape!((32,16)));
/// ```
pub fn make_tiled_copy_c<T, Atom, Mma>(_atom: Atom, _mma: Mma) -> TiledCopy<Atom, T, MmaOperandC<Mma>>
where
    MmaOperandC<Mma>: TiledCopyConditions<T, Atom>,
{
    TiledCopy(PhantomData)
}

/// The source side (what each thread reads) of a static [`TiledCopy`]'s
/// [`Partition`](super::Partition).
///
/// ```
/// use cute::atom::{make_tiled_copy, Partition, Source, UniversalCopy};
/// use cute::{layout, Layout};
/// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
/// fn values<C: Partition<Layout![(8,4):(1,8)], Source>>(_: &C) -> C::Values { Default::default() }
/// assert_eq!(values(&copy).to_string(), "((_1,_1),_2,_2):((_0,_0),_4,_16)");
/// ```
pub struct Source;
/// The destination side (what each thread writes) of a static [`TiledCopy`]'s
/// [`Partition`](super::Partition).
///
/// ```
/// use cute::atom::{make_tiled_copy, Destination, Partition, UniversalCopy};
/// use cute::{layout, Layout};
/// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
/// fn values<C: Partition<Layout![(8,4):(4,1)], Destination>>(_: &C) -> C::Values { Default::default() }
/// assert_eq!(values(&copy).to_string(), "((_1,_1),_2,_2):((_0,_0),_16,_2)");
/// ```
pub struct Destination;

/// The tensor divided into tiles of the copy, `((Tile...),(Rest...))`.
type TensorTiles<R, Tile> = <R as ZippedDivideBy<Tile>>::Output;
/// The tiles' mode composed with a side's coalesced (thread, value) layout.
type SideOnTensor<R, Tile, ThrVal> = <ModeOf<TensorTiles<R, Tile>, 0> as ComposeWith<ThrVal>>::Output;

/// Implements [`Partition`](super::Partition) for one side of a static [`TiledCopy`]: CuTe's
/// `tidfrg_S`/`tidfrg_D`, the tensor divided into the copy's tiles, each tile's elements taken
/// in the side's (thread, value) order.
macro_rules! copy_partition {
    ($side:ident, $layout:ident) => {
        #[allow(clippy::type_complexity)]
        impl<Atom, T, Src, R> super::Partition<R, $side> for TiledCopy<Atom, T, Src>
        where
            Src: TiledCopyConditions<T, Atom> + CopyTvSource,
            Atom: CopyTraits,
            T: SizeofBits,
            Atom::RefLayout: Upcast<<T as SizeofBits>::Output>,
            Atom::$layout: Upcast<<T as SizeofBits>::Output>,
            InElements<Atom::RefLayout, <T as SizeofBits>::Output>: RightInvert + Parts,
            <InElements<Atom::RefLayout, <T as SizeofBits>::Output> as Parts>::S: Get<0> + Get<1>,
            <InElements<Atom::RefLayout, <T as SizeofBits>::Output> as Parts>::D: Get<0> + Get<1>,
            ModeOf<InElements<Atom::RefLayout, <T as SizeofBits>::Output>, 0>: SizeT,
            ModeOf<InElements<Atom::RefLayout, <T as SizeofBits>::Output>, 1>: SizeT,
            RightInverse<InElements<Atom::RefLayout, <T as SizeofBits>::Output>>:
                ComposeWith<InElements<Atom::$layout, <T as SizeofBits>::Output>>,
            Src::Tv: SideTv<
                RefTo<Atom, <T as SizeofBits>::Output, InElements<Atom::$layout, <T as SizeofBits>::Output>>,
                AtomShape<Atom, <T as SizeofBits>::Output>,
            >,
            R: ZippedDivideBy<Src::Tile>,
            TensorTiles<R, Src::Tile>: Parts,
            <TensorTiles<R, Src::Tile> as Parts>::S: Get<0> + Get<1>,
            <TensorTiles<R, Src::Tile> as Parts>::D: Get<0> + Get<1>,
            ModeOf<TensorTiles<R, Src::Tile>, 0>: ComposeWith<SideOf<Atom, T, Src::Tv, Atom::$layout>>,
            SideOnTensor<R, Src::Tile, SideOf<Atom, T, Src::Tv, Atom::$layout>>: Parts,
            <SideOnTensor<R, Src::Tile, SideOf<Atom, T, Src::Tv, Atom::$layout>> as Parts>::S: Get<0> + Get<1>,
            <SideOnTensor<R, Src::Tile, SideOf<Atom, T, Src::Tv, Atom::$layout>> as Parts>::D: Get<0> + Get<1>,
            ModeOf<SideOnTensor<R, Src::Tile, SideOf<Atom, T, Src::Tv, Atom::$layout>>, 0>: Default,
            CopyValues<SideOnTensor<R, Src::Tile, SideOf<Atom, T, Src::Tv, Atom::$layout>>, TensorTiles<R, Src::Tile>>:
                Default,
        {
            type Threads = ModeOf<SideOnTensor<R, Src::Tile, SideOf<Atom, T, Src::Tv, Atom::$layout>>, 0>;
            type Values = CopyValues<
                SideOnTensor<R, Src::Tile, SideOf<Atom, T, Src::Tv, Atom::$layout>>,
                TensorTiles<R, Src::Tile>,
            >;
        }
    };
}
copy_partition!(Source, SrcLayout);
copy_partition!(Destination, DstLayout);

/// A thread's values `(side values, Rest...)`: the second mode of the side's layout on the
/// tensor `Tv`, then the rest modes of the tensor's tiles `Tiles`.
type CopyValues<Tv, Tiles> = Layout<
    HCons<<<Tv as Parts>::S as Get<1>>::Output, <<Tiles as Parts>::S as Get<1>>::Output>,
    HCons<<<Tv as Parts>::D as Get<1>>::Output, <<Tiles as Parts>::D as Get<1>>::Output>,
>;

/// CuTe's `TiledCopy::retile` on static layouts: a thread's fragment layout `F`, `(V, Rest...)`
/// (an MMA's partition of registers, say), reordered into the copy's values, `((AtomVal,
/// RestVal), Rest...)`, so that the copy's value `i` of the fragment is the value the thread's
/// part holds as value `i` (the layout of [`ThrCopy::retile_d`]'s view).
///
/// ```
/// use cute::atom::{make_tiled_copy_a, make_tiled_mma, Retile, TiledCopy, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute::{layout, Layout, Tiler};
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
/// let copy = make_tiled_copy_a::<cute::half::f16, _, _>(SM75_U32x4_LDSM_N, mma);
/// fn retiled<C: Retile<F>, F>(_: &C, _: F) -> C::Output { Default::default() }
/// // A thread's A fragment of a 32 x 32 tile, (MMA, MMA_M, MMA_K), in registers: one x4 load
/// // of 8 values for each of the 2 k-blocks.
/// let frag = layout!(((2,2,2),1,2):((1,2,4),0,8));
/// assert_eq!(retiled(&copy, frag).to_string(), "((_8,_1),_1,_2):((_1,_0),_0,_8)");
/// ```
pub trait Retile<F> {
    /// The reordered fragment layout.
    type Output: Default;
}

/// `right_inverse(TV)` on the tile's coordinates, in blocks of a thread's `N` values: (m, n) of
/// the tile to the index of the thread's block of values (CuTe's `frg_layout_mn`).
type FrgMn<Tv, Tile, N> = <<RightInverse<Tv> as ComposeWith<ColumnMajor<Tile>>>::Output as Upcast<N>>::Output;
/// `(V, blocks)` to the fragment's index, divided into the atom's `AV` values (CuTe's
/// `frg_layout_v`).
type FrgV<V, Mn, AV> =
    <<Layout<V, P1> as crate::ops::LogicalProductBy<RightInverse<Mn>>>::Output as ZippedDivideBy<AV>>::Output;
/// The fragment divided into `V` and the blocks of `Mn`: `((V, blocks...), (1, Rest...))`.
type FrgBlocks<F, V, Mn> = <F as ZippedDivideBy<HCons<V, <<Mn as Parts>::S as ProductEach>::Output>>>::Output;
/// The values of the blocks reordered by `FrgV`.
type Reordered<F, V, Mn, AV> = <ModeOf<FrgBlocks<F, V, Mn>, 0> as ComposeWith<FrgV<V, Mn, AV>>>::Output;
/// The threads times a fragment's values `V`.
type ThreadValues<Src, V> = <<Src as CopyTvSource>::Threads as core::ops::Mul<V>>::Output;
/// The atom's values in elements `T`.
type AtomValues<Atom, T> = ModeSize<InElements<<Atom as CopyTraits>::RefLayout, <T as SizeofBits>::Output>, 1>;

#[allow(clippy::type_complexity)]
impl<Atom, T, Src, F> Retile<F> for TiledCopy<Atom, T, Src>
where
    Src: TiledCopyConditions<T, Atom> + CopyTvSource,
    Atom: CopyTraits,
    T: SizeofBits,
    Atom::RefLayout: Upcast<<T as SizeofBits>::Output>,
    InElements<Atom::RefLayout, <T as SizeofBits>::Output>: Parts,
    <InElements<Atom::RefLayout, <T as SizeofBits>::Output> as Parts>::S: Get<1>,
    <InElements<Atom::RefLayout, <T as SizeofBits>::Output> as Parts>::D: Get<1>,
    ModeOf<InElements<Atom::RefLayout, <T as SizeofBits>::Output>, 1>: SizeT,
    F: Parts,
    <F as Parts>::S: Get<0>,
    <F as Parts>::D: Get<0>,
    ModeOf<F, 0>: SizeT,
    Src::Threads: core::ops::Mul<ModeSize<F, 0>>,
    Src::Tv: RightInvert,
    Src::Tile: Compact<P1, Left>,
    RightInverse<Src::Tv>: ComposeWith<ColumnMajor<Src::Tile>>,
    <RightInverse<Src::Tv> as ComposeWith<ColumnMajor<Src::Tile>>>::Output: Upcast<ThreadValues<Src, ModeSize<F, 0>>>,
    FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>: RightInvert + Parts,
    <FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>> as Parts>::S: ProductEach,
    Layout<ModeSize<F, 0>, P1>:
        crate::ops::LogicalProductBy<RightInverse<FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>>>,
    <Layout<ModeSize<F, 0>, P1> as crate::ops::LogicalProductBy<
        RightInverse<FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>>,
    >>::Output: ZippedDivideBy<AtomValues<Atom, T>>,
    F: ZippedDivideBy<
        HCons<
            ModeSize<F, 0>,
            <<FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>> as Parts>::S as ProductEach>::Output,
        >,
    >,
    FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>>: Parts,
    <FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>> as Parts>::S:
        Get<0> + Get<1>,
    <FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>> as Parts>::D:
        Get<0> + Get<1>,
    <<FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>> as Parts>::S as Get<
        1,
    >>::Output: crate::statics::mode::SkipModes<1>,
    <<FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>> as Parts>::D as Get<
        1,
    >>::Output: crate::statics::mode::SkipModes<1>,
    ModeOf<FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>>, 0>: ComposeWith<
        FrgV<ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>, AtomValues<Atom, T>>,
    >,
    Reordered<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>, AtomValues<Atom, T>>:
        Parts,
    RetiledOf<
        Reordered<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>, AtomValues<Atom, T>>,
        FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>>,
    >: Default,
{
    type Output = RetiledOf<
        Reordered<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>, AtomValues<Atom, T>>,
        FrgBlocks<F, ModeSize<F, 0>, FrgMn<Src::Tv, Src::Tile, ThreadValues<Src, ModeSize<F, 0>>>>,
    >;
}

/// `(Vt, Rest...)`: the reordered values `Vt`, then the rest modes of the blocks `B` past their
/// first (the fragment's `V`, one block of it).
type RetiledOf<Vt, B> = Layout<
    HCons<<Vt as Parts>::S, <<<B as Parts>::S as Get<1>>::Output as crate::statics::mode::SkipModes<1>>::Output>,
    HCons<<Vt as Parts>::D, <<<B as Parts>::D as Get<1>>::Output as crate::statics::mode::SkipModes<1>>::Output>,
>;

/// A tensor (`Self`) retiled by a static copy `Copy` ([`Retile`] of its layout): the same
/// elements, viewed in the copy's order. (The tensor is `Self`, as for
/// [`PartitionTensor`](super::PartitionTensor).)
#[cfg(feature = "alloc")]
pub trait RetileTensor<Copy>: Sized {
    /// The view.
    type Output;
    /// The view, or the error naming the operation `op` if it reached past the data (it does
    /// not for a fragment of the copy's values).
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, RetileTensor, UniversalCopy};
    /// use cute::tensor::make_tensor_array;
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!((2,1):(1,1)));
    /// let frag = make_tensor_array::<u32, _>(layout!((2,2,2):(1,2,4)));
    /// let view = frag.view().retile(&copy, "retile_D").unwrap();
    /// assert_eq!(view.layout().to_string(), "((_1,_2),_2,_2):((_0,_1),_2,_4)");
    /// ```
    fn retile(self, copy: &Copy, op: &'static str) -> Result<Self::Output, crate::mixed::Error>;
}

#[cfg(feature = "alloc")]
impl<E, S, D, Copy> RetileTensor<Copy> for crate::tensor::Tensor<E, Layout<S, D>>
where
    E: crate::tensor::Engine,
    Layout<S, D>: crate::tensor::ViewLayout,
    Copy: Retile<Layout<S, D>>,
    <Copy as Retile<Layout<S, D>>>::Output: crate::tensor::ViewLayout<Error = crate::mixed::Error>,
{
    type Output = crate::tensor::Tensor<E, <Copy as Retile<Layout<S, D>>>::Output>;
    fn retile(self, _copy: &Copy, op: &'static str) -> Result<Self::Output, crate::mixed::Error> {
        let (engine, base, _) = self.into_parts();
        crate::tensor::make_tensor_moved(op, engine, base, 0, Default::default())
    }
}

/// Whether a coalesced stride (`Self`) steps one element: [`B1`](typenum::B1) for `1` or for
/// the `0` of a single value, [`B0`](typenum::B0) for another stride or several leaves.
///
/// ```
/// use cute::atom::UnitStride;
/// use cute::typenum::{Bit, P1, P4};
/// assert!(<<P1 as UnitStride>::Output as Bit>::BOOL);
/// assert!(!<<P4 as UnitStride>::Output as Bit>::BOOL);
/// ```
pub trait UnitStride {
    /// `B1` or `B0`.
    type Output;
}
impl UnitStride for typenum::Z0 {
    type Output = typenum::B1;
}
impl UnitStride for P1 {
    type Output = typenum::B1;
}
impl<A, B, C> UnitStride for typenum::PInt<typenum::UInt<typenum::UInt<A, B>, C>>
where
    typenum::UInt<typenum::UInt<A, B>, C>: typenum::Unsigned + typenum::NonZero,
{
    type Output = typenum::B0;
}
impl<U: typenum::Unsigned + typenum::NonZero> UnitStride for typenum::NInt<U> {
    type Output = typenum::B0;
}
impl<H: UnitStride> UnitStride for HCons<H, frunk_core::hlist::HNil> {
    type Output = H::Output;
}
impl<H, H2, T> UnitStride for HCons<H, HCons<H2, T>> {
    type Output = typenum::B0;
}

/// The verdict on a thread's part (`Self`, `((AtomVal, RestVal), Rest...)`, a partition by a
/// vector copy) that each atom's values are one vector: adjacent elements (stride 1 once
/// coalesced), or a single value.
///
/// ```
/// use cute::atom::AtomVector;
/// use cute::statics::report::Pass;
/// fn one_vector<L: AtomVector<Verdict = Pass>>(_: L) {}
/// // 8 adjacent halves an atom: one 16-byte vector.
/// one_vector(cute::layout!(((8,1),2,2):((1,0),1024,16)));
/// ```
pub trait AtomVector {
    /// [`Pass`](crate::statics::report::Pass) or [`CopyVectorFail`](crate::statics::report::CopyVectorFail).
    type Verdict;
}
/// An atom's values of a thread's part `L`.
type AtomValuesOf<L> = ModeOf<ModeOf<L, 0>, 0>;
impl<L> AtomVector for L
where
    L: Parts,
    <L as Parts>::S: Get<0>,
    <L as Parts>::D: Get<0>,
    ModeOf<L, 0>: Parts,
    <ModeOf<L, 0> as Parts>::S: Get<0>,
    <ModeOf<L, 0> as Parts>::D: Get<0>,
    AtomValuesOf<L>: Coalesce + Parts,
    <AtomValuesOf<L> as Parts>::S: Shown,
    <AtomValuesOf<L> as Parts>::D: Shown,
    <AtomValuesOf<L> as Coalesce>::Stride: UnitStride,
    <<AtomValuesOf<L> as Coalesce>::Stride as UnitStride>::Output: Verdict<
        crate::statics::report::CopyVectorFail<Out<<AtomValuesOf<L> as Parts>::S>, Out<<AtomValuesOf<L> as Parts>::D>>,
    >,
{
    type Verdict = <<<AtomValuesOf<L> as Coalesce>::Stride as UnitStride>::Output as Verdict<
        crate::statics::report::CopyVectorFail<Out<<AtomValuesOf<L> as Parts>::S>, Out<<AtomValuesOf<L> as Parts>::D>>,
    >>::Output;
}

#[cfg(feature = "alloc")]
impl<U, T, Src> TiledCopy<super::copy::UniversalCopy<U>, T, Src> {
    /// CuTe's `copy(tiled_copy, src, dst)` for a universal copy, run on the CPU: a thread's
    /// parts `src` and `dst` (from [`ThrCopy::partition_s`] and
    /// [`partition_d`](ThrCopy::partition_d), `((AtomVal, RestVal), Rest...)`), each atom's
    /// `AtomVal` elements moved as one load and one store of `U` (what the instruction does).
    /// An atom's values that are not adjacent in either part are a compile error
    /// ([`AtomVector`]: one vector cannot move them); the errors at run time: parts of
    /// different sizes, or a vector whose first element is not aligned to `U` (a misaligned
    /// vector faults on a GPU; the slices' starts count as aligned).
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, UniversalCopy};
    /// use cute::tensor::make_tensor;
    /// use cute::layout;
    /// // 8 threads, each 2 adjacent floats of a column (one 8-byte vector) of a 16 x 4 tile.
    /// let copy = make_tiled_copy::<f32, _, _, _>(UniversalCopy::<u64>::default(), layout!((8,1):(1,0)), layout!((2,1):(1,1)));
    /// let src: Vec<f32> = (0..64).map(|i| i as f32).collect();
    /// let mut dst = vec![0f32; 64];
    /// for t in 0..8 {
    ///     let thr = copy.get_slice(t);
    ///     let s = thr.partition_s(make_tensor(&src[..], layout!((16,4):(1,16))).unwrap()).unwrap();
    ///     let mut d = thr.partition_d(make_tensor(&mut dst[..], layout!((16,4):(1,16))).unwrap()).unwrap();
    ///     copy.copy(&s, &mut d).unwrap();
    /// }
    /// assert_eq!(dst, src);
    /// ```
    ///
    /// A row-major destination puts a thread's two values 4 apart: not one vector.
    ///
    /// ```compile_fail
    /// use cute::atom::{make_tiled_copy, UniversalCopy};
    /// use cute::tensor::make_tensor;
    /// use cute::layout;
    /// let copy = make_tiled_copy::<f32, _, _, _>(UniversalCopy::<u64>::default(), layout!((8,1):(1,0)), layout!((2,1):(1,1)));
    /// let (src, mut dst) = (vec![0f32; 64], vec![0f32; 64]);
    /// let thr = copy.get_slice(0);
    /// let s = thr.partition_s(make_tensor(&src[..], layout!((16,4):(1,16))).unwrap()).unwrap();
    /// let mut d = thr.partition_d(make_tensor(&mut dst[..], layout!((16,4):(4,1))).unwrap()).unwrap();
    /// copy.copy(&s, &mut d).unwrap();
    /// ```
    pub fn copy<E, F, LS, LD>(
        &self,
        src: &crate::tensor::Tensor<E, LS>,
        dst: &mut crate::tensor::Tensor<F, LD>,
    ) -> Result<(), crate::dynamic::Error>
    where
        T: Copy,
        E: crate::tensor::Memory<Elem = T>,
        F: crate::tensor::EngineMut<Elem = T>,
        LS: crate::tensor::ViewLayout + AtomVector,
        LD: crate::tensor::ViewLayout + AtomVector,
        <LS as AtomVector>::Verdict: Holds,
        <LD as AtomVector>::Verdict: Holds,
    {
        use crate::dynamic::{Error, ErrorKind};
        let (width, elem) = (core::mem::size_of::<U>(), core::mem::size_of::<T>().max(1));
        // Whole elements a vector (the tiled copy's condition); at least one.
        let n = width.checked_div(elem).unwrap_or(1).max(1);
        let size = src.size();
        if dst.size() != size {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                alloc::format!("copy: the parts' sizes {} and {} differ", size, dst.size()),
            ));
        }
        for first in (0..size).step_by(n) {
            for (side, at) in [("src", src.offset(first)), ("dst", dst.offset(first))] {
                let at = at.unwrap_or(0);
                if at.checked_mul(elem).is_none_or(|bytes| !bytes.is_multiple_of(width)) {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        alloc::format!(
                            "copy: the {} vector at element {} ({} bytes each) is not aligned to the atom's {} bytes",
                            side,
                            at,
                            elem,
                            width
                        ),
                    ));
                }
            }
            for i in first..first.saturating_add(n).min(size) {
                let value = src.offset(i).and_then(|from| src.engine().data().get(from).copied());
                if let (Some(v), Some(slot)) = (value, dst.get_mut(i)) {
                    *slot = v;
                }
            }
        }
        Ok(())
    }
}

/// Thread `thr_idx`'s view of a static [`TiledCopy`] (CuTe's `ThrCopy`, from
/// [`TiledCopy::get_slice`]): its partitions of the source and destination tensors, each a
/// tensor of static layout `(CPY, CPY_M, CPY_N, ...)` at the thread's offset.
///
/// ```
/// use cute::atom::{make_tiled_copy, UniversalCopy};
/// use cute::tensor::make_tensor;
/// use cute::layout;
/// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
/// let data: Vec<u32> = (0..32).collect();
/// let s = make_tensor(&data[..], layout!((8,4):(1,8))).unwrap();
/// let part = copy.get_slice(5).partition_s(s).unwrap();
/// assert_eq!(part.to_string(), "9 o ((_1,_1),_2,_2):((_0,_0),_4,_16)");
/// ```
pub struct ThrCopy<Copy> {
    thr_idx: usize,
    copy: PhantomData<Copy>,
}

impl<Copy> Clone for ThrCopy<Copy> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Copy> core::marker::Copy for ThrCopy<Copy> {}
impl<Copy> core::fmt::Debug for ThrCopy<Copy> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ThrCopy({})", self.thr_idx)
    }
}

impl<Atom, T, Src> TiledCopy<Atom, T, Src> {
    /// Thread `thr_idx`'s view (CuTe's `get_slice`); a thread past the copy's threads is
    /// refused by each partition.
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, UniversalCopy};
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
    /// assert_eq!(format!("{:?}", copy.get_slice(5)), "ThrCopy(5)");
    /// ```
    pub fn get_slice(&self, thr_idx: usize) -> ThrCopy<Self> {
        ThrCopy { thr_idx, copy: PhantomData }
    }

    /// The same as [`get_slice`](Self::get_slice) (CuTe's `get_thread_slice`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, UniversalCopy};
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
    /// assert_eq!(format!("{:?}", copy.get_thread_slice(5)), "ThrCopy(5)");
    /// ```
    pub fn get_thread_slice(&self, thr_idx: usize) -> ThrCopy<Self> {
        self.get_slice(thr_idx)
    }
}

#[cfg(feature = "alloc")]
impl<Copy: Default> ThrCopy<Copy> {
    /// The thread's part of the source tensor `s` (CuTe's `partition_S`): `(CPY, CPY_M, CPY_N,
    /// ...)`, each value in the order of the atom's source side; an error for a thread past the
    /// copy's threads or a part outside the tensor's data.
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, UniversalCopy};
    /// use cute::tensor::make_tensor;
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
    /// let data: Vec<u32> = (0..32).collect();
    /// let s = make_tensor(&data[..], layout!((8,4):(1,8))).unwrap();
    /// // Thread 5 is (1,1) of the 4 x 2 threads: it reads (1,1), (5,1), (1,3), (5,3).
    /// let part = copy.get_slice(5).partition_s(s).unwrap();
    /// assert_eq!((0..4).map(|i| *part.get(i).unwrap()).collect::<Vec<_>>(), [9, 13, 25, 29]);
    /// ```
    pub fn partition_s<R: super::OperandTensor>(
        &self,
        s: R,
    ) -> Result<<R::Operand as super::PartitionTensor<Copy, Source>>::Output, crate::mixed::Error>
    where
        R::Operand: super::PartitionTensor<Copy, Source>,
    {
        super::PartitionTensor::partition(s.operand(), &Copy::default(), self.thr_idx, "partition_S")
    }

    /// The thread's part of the destination tensor `d` (CuTe's `partition_D`).
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, UniversalCopy};
    /// use cute::tensor::make_tensor;
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!(1:0));
    /// let data: Vec<u32> = (0..32).collect();
    /// // A row-major destination: (m, n) at 4 m + n.
    /// let d = make_tensor(&data[..], layout!((8,4):(4,1))).unwrap();
    /// let part = copy.get_slice(5).partition_d(d).unwrap();
    /// assert_eq!((0..4).map(|i| *part.get(i).unwrap()).collect::<Vec<_>>(), [5, 21, 7, 23]);
    /// ```
    pub fn partition_d<R: super::OperandTensor>(
        &self,
        d: R,
    ) -> Result<<R::Operand as super::PartitionTensor<Copy, Destination>>::Output, crate::mixed::Error>
    where
        R::Operand: super::PartitionTensor<Copy, Destination>,
    {
        super::PartitionTensor::partition(d.operand(), &Copy::default(), self.thr_idx, "partition_D")
    }

    /// The thread's register fragment `t` (`(V, Rest...)`, a view of it) in the copy's order of
    /// values (CuTe's `retile_S`: the fragment a copy reads): `((AtomVal, RestVal), Rest...)`
    /// ([`Retile`]), the same elements.
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy, UniversalCopy};
    /// use cute::tensor::make_tensor_array;
    /// use cute::layout;
    /// let copy = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!((2,1):(1,1)));
    /// let mut frag = make_tensor_array::<u32, _>(layout!((2,2,2):(1,2,4)));
    /// *frag.get_mut(5).unwrap() = 7;
    /// let view = copy.get_slice(0).retile_s(frag.view()).unwrap();
    /// assert_eq!(view.get_coord(cute::coord!(((0,1),0,1))), Some(&7));
    /// ```
    pub fn retile_s<R: RetileTensor<Copy>>(&self, t: R) -> Result<R::Output, crate::mixed::Error> {
        t.retile(&Copy::default(), "retile_S")
    }

    /// The thread's register fragment `t` in the copy's order of values (CuTe's `retile_D`:
    /// the fragment a copy writes, an MMA's registers loaded by `ldmatrix`, say).
    ///
    /// ```
    /// use cute::atom::{make_tiled_copy_a, make_tiled_mma, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute::tensor::make_tensor;
    /// use cute::{layout, Tiler};
    /// use cute::half::f16;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
    /// let copy = make_tiled_copy_a::<f16, _, _>(SM75_U32x4_LDSM_N, mma);
    /// let smem = vec![f16::ZERO; 32 * 32];
    /// let a = make_tensor(&smem[..], layout!((32,32):(32,1))).unwrap();
    /// let mut frag = mma.get_slice(0).partition_fragment_a::<f16, _>(&a);
    /// let view = copy.get_slice(0).retile_d(frag.view_mut()).unwrap();
    /// // One x4 load (8 halves) for each of the 2 k-blocks.
    /// assert_eq!(view.layout().to_string(), "((_8,_1),_1,_2):((_1,_0),_0,_8)");
    /// ```
    pub fn retile_d<R: RetileTensor<Copy>>(&self, t: R) -> Result<R::Output, crate::mixed::Error> {
        t.retile(&Copy::default(), "retile_D")
    }
}
