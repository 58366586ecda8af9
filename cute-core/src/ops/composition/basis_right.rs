//! Composition `A o B` of a layout of integer strides `A` with a layout of basis strides `B`
//! (CuTe's coordinate layouts on the right: an identity layout, a TV layout over coordinates).
//! Each leaf `s:v@P` of B composes the mode of A at the path `P` with `s:v`, so the result has
//! integer strides and B's shape, each leaf of B replaced by that composition. The leaves of B on
//! one mode of A are checked together, as the leaves of an integer layout are, so that their
//! images do not overlap (the dynamic engine's
//! [`composition_with_basis`](crate::dynamic::composition_with_basis)).

use core::ops::Sub;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, NInt, NonZero, PInt, Sub1, UInt, UTerm, Unsigned, B1, Z0};

use crate::basis::{Basis, BasisTuple, ScaledBasis};
use crate::error::verdict::{BasisModeFail, Pass, Shown, Then};
use crate::flat;
use crate::layout::{with_leaves, Layout};
use crate::leaf::leaves::{FlatLayout, Leaves, MAX_LEAVES};
use crate::mixed::{Compose, Detail, Error, MixedTuple};
use crate::ops::composition::mixed_face::{check_flat, FlatText, Parts};
use crate::statics::check::{Check, Checked};
use crate::statics::tiler::{StridesVerdict, TileOp};
use crate::statics::{ComposeOp, IntTuple};

/// Element `K` (a typenum unsigned) of a tuple, and the index of its first leaf among the
/// tuple's; a leaf is its own element 0, as in CuTe.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a basis stride names mode {K} of `{Self}`, which has no such mode",
    label = "each `v@i` of the right operand picks mode `i` of the left one"
)]
pub trait ModeU<K> {
    /// The element.
    type Output;
    /// The index of its first leaf.
    const FIRST: usize;
    /// The element's value.
    fn mode_u(&self) -> Self::Output;
}
macro_rules! mode_u_leaf {
    ($([$($gen:tt)*] $ty:ty),* $(,)?) => {$(
        impl<$($gen)*> ModeU<UTerm> for $ty {
            type Output = $ty;
            const FIRST: usize = 0;
            #[inline(always)]
            fn mode_u(&self) -> $ty {
                *self
            }
        }
    )*};
}
mode_u_leaf!([U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>, [] Z0, [] i64);
impl<H: Copy, T> ModeU<UTerm> for HCons<H, T> {
    type Output = H;
    const FIRST: usize = 0;
    #[inline(always)]
    fn mode_u(&self) -> H {
        self.head
    }
}
impl<H: MixedTuple, T, U: Unsigned, B: Bit> ModeU<UInt<U, B>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: ModeU<Sub1<UInt<U, B>>>,
{
    type Output = T::Output;
    // In range: a static tuple has at most 64 leaves.
    #[allow(clippy::arithmetic_side_effects)]
    const FIRST: usize = H::LEAF_COUNT + T::FIRST;
    #[inline(always)]
    fn mode_u(&self) -> T::Output {
        self.tail.mode_u()
    }
}

/// The mode of a layout at the basis path `P` (outer first, see
/// [`BasisPath`](crate::basis::BasisPath)), and the index of its first leaf among the layout's.
#[doc(hidden)]
pub trait PathMode<P> {
    /// The mode's shape.
    type Shape: MixedTuple;
    /// The mode's stride.
    type Stride: MixedTuple;
    /// The index of its first leaf.
    const FIRST: usize;
    /// The mode.
    fn path_mode(self) -> Layout<Self::Shape, Self::Stride>;
}
impl<S: MixedTuple, D: MixedTuple> PathMode<HNil> for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    const FIRST: usize = 0;
    #[inline(always)]
    fn path_mode(self) -> Self {
        self
    }
}
impl<S: ModeU<K>, D: ModeU<K>, K, P> PathMode<HCons<K, P>> for Layout<S, D>
where
    Layout<S::Output, D::Output>: PathMode<P>,
{
    type Shape = <Layout<S::Output, D::Output> as PathMode<P>>::Shape;
    type Stride = <Layout<S::Output, D::Output> as PathMode<P>>::Stride;
    // In range: a static tuple has at most 64 leaves.
    #[allow(clippy::arithmetic_side_effects)]
    const FIRST: usize = S::FIRST + <Layout<S::Output, D::Output> as PathMode<P>>::FIRST;
    #[inline(always)]
    fn path_mode(self) -> Layout<Self::Shape, Self::Stride> {
        Layout { shape: self.shape.mode_u(), stride: self.stride.mode_u() }.path_mode()
    }
}

/// Whether the shape `Self` has a mode at the basis path `P`: [`Pass`], or [`NoMode`].
#[doc(hidden)]
pub trait HasMode<P> {
    /// [`Pass`] or [`NoMode`].
    type Output;
}
/// No mode at the path: the verdict [`BasisModes`] names.
#[doc(hidden)]
pub struct NoMode;
impl<S> HasMode<HNil> for S {
    type Output = Pass;
}
impl<K, P> HasMode<HCons<K, P>> for HNil {
    type Output = NoMode;
}
impl<H: HasMode<P>, T, P> HasMode<HCons<UTerm, P>> for HCons<H, T> {
    type Output = H::Output;
}
impl<H, T, U: Unsigned, B: Bit, P> HasMode<HCons<UInt<U, B>, P>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: HasMode<HCons<Sub1<UInt<U, B>>, P>>,
{
    type Output = T::Output;
}
macro_rules! has_mode_leaf {
    ($([$($gen:tt)*] $ty:ty),* $(,)?) => {$(
        /// A leaf is its own mode 0, as in CuTe.
        impl<P, $($gen)*> HasMode<HCons<UTerm, P>> for $ty
        where
            $ty: HasMode<P>,
        {
            type Output = <$ty as HasMode<P>>::Output;
        }
        impl<U: Unsigned, B: Bit, P, $($gen)*> HasMode<HCons<UInt<U, B>, P>> for $ty {
            type Output = NoMode;
        }
    )*};
}
has_mode_leaf!([N: Unsigned + NonZero] PInt<N>, [] i64);

/// The verdict on the basis strides `Self` of the right operand of a composition with a layout
/// of shape `S`: [`Pass`], or the failure naming the first basis element that names no mode.
#[doc(hidden)]
pub trait BasisModes<S> {
    /// [`Pass`] or the failure.
    type Output;
}
/// The verdict of one basis element, named.
#[doc(hidden)]
pub trait NameMode<S, B> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, B> NameMode<S, B> for Pass {
    type Output = Pass;
}
impl<S: Shown, B: Shown> NameMode<S, B> for NoMode {
    type Output = BasisModeFail<S::Out, B::Out>;
}
impl<S: HasMode<P>, V, P> BasisModes<S> for ScaledBasis<V, P>
where
    S::Output: NameMode<S, ScaledBasis<V, P>>,
{
    type Output = <S::Output as NameMode<S, ScaledBasis<V, P>>>::Output;
}
impl<S> BasisModes<S> for Z0 {
    type Output = Pass;
}
impl<S> BasisModes<S> for HNil {
    type Output = Pass;
}
impl<S, H: BasisModes<S>, T: BasisModes<S>> BasisModes<S> for HCons<H, T>
where
    H::Output: Then<T::Output>,
{
    type Output = <H::Output as Then<T::Output>>::Output;
}

/// Basis strides must name modes of the layout they tile.
impl<S, D: BasisModes<S>> StridesVerdict<S> for Basis<D> {
    type Output = D::Output;
}

/// B's shape tree `Self`, with its basis strides `DB`, composed with the layout `A` leaf by
/// leaf: each leaf `s:v@P` becomes the composition of A's mode at `P` with `s:v` (a zero stride,
/// `s:_0`, composes with all of A). Also, for each leaf, its mode as a range of A's leaves (for
/// the check of the leaves on one mode together, [`BasisConditions`]).
#[doc(hidden)]
pub trait ComposeByBasis<DB, A> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// For each leaf, the index of its mode's first leaf among A's.
    const FIRSTS: Leaves;
    /// For each leaf, its mode's number of leaves.
    const LENS: Leaves;
    /// Compose each leaf with its mode of A.
    fn compose_by_basis(self, stride: DB, a: A) -> Result<(Self::Shape, Self::Stride), Error>;
}
/// The composition of A's mode at `P` with the leaf `N:V`.
type LeafComposed<A, P, N, V> =
    <Layout<<A as PathMode<P>>::Shape, <A as PathMode<P>>::Stride> as Compose<Layout<N, V>>>::Output;
macro_rules! compose_by_basis_leaf {
    ($([$($gen:tt)*] $n:ty;)*) => {$(
        impl<A: PathMode<P>, V, P, $($gen)*> ComposeByBasis<ScaledBasis<V, P>, A> for $n
        where
            Layout<A::Shape, A::Stride>: Compose<Layout<$n, V>>,
            LeafComposed<A, P, $n, V>: Parts,
        {
            type Shape = <LeafComposed<A, P, $n, V> as Parts>::Shape;
            type Stride = <LeafComposed<A, P, $n, V> as Parts>::Stride;
            // In range: a leaf count is at most 64.
            #[allow(clippy::cast_possible_wrap)]
            const FIRSTS: Leaves = Leaves::one(A::FIRST as i64);
            #[allow(clippy::cast_possible_wrap)]
            const LENS: Leaves = Leaves::one(<A::Shape as MixedTuple>::LEAF_COUNT as i64);
            #[inline(always)]
            fn compose_by_basis(self, stride: ScaledBasis<V, P>, a: A) -> Result<(Self::Shape, Self::Stride), Error> {
                Ok(a.path_mode().compose_unchecked(Layout { shape: self, stride: stride.scale }, crate::Internal(()))?.into_parts())
            }
        }
        impl<A: PathMode<HNil>, $($gen)*> ComposeByBasis<Z0, A> for $n
        where
            Layout<A::Shape, A::Stride>: Compose<Layout<$n, Z0>>,
            LeafComposed<A, HNil, $n, Z0>: Parts,
        {
            type Shape = <LeafComposed<A, HNil, $n, Z0> as Parts>::Shape;
            type Stride = <LeafComposed<A, HNil, $n, Z0> as Parts>::Stride;
            const FIRSTS: Leaves = Leaves::one(0);
            #[allow(clippy::cast_possible_wrap)]
            const LENS: Leaves = Leaves::one(<A::Shape as MixedTuple>::LEAF_COUNT as i64);
            #[inline(always)]
            fn compose_by_basis(self, stride: Z0, a: A) -> Result<(Self::Shape, Self::Stride), Error> {
                Ok(a.path_mode().compose_unchecked(Layout { shape: self, stride }, crate::Internal(()))?.into_parts())
            }
        }
    )*};
}
compose_by_basis_leaf! {
    [U: Unsigned + NonZero] PInt<U>;
    [] i64;
}
impl<A> ComposeByBasis<HNil, A> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    const FIRSTS: Leaves = Leaves::EMPTY;
    const LENS: Leaves = Leaves::EMPTY;
    #[inline(always)]
    fn compose_by_basis(self, _: HNil, _: A) -> Result<(HNil, HNil), Error> {
        Ok((HNil, HNil))
    }
}
impl<H: ComposeByBasis<DH, A>, T: ComposeByBasis<DT, A>, DH, DT, A: Copy> ComposeByBasis<HCons<DH, DT>, A>
    for HCons<H, T>
{
    type Shape = HCons<H::Shape, T::Shape>;
    type Stride = HCons<H::Stride, T::Stride>;
    const FIRSTS: Leaves = H::FIRSTS.concat(T::FIRSTS);
    const LENS: Leaves = H::LENS.concat(T::LENS);
    #[inline(always)]
    fn compose_by_basis(self, stride: HCons<DH, DT>, a: A) -> Result<(Self::Shape, Self::Stride), Error> {
        let (hs, hd) = self.head.compose_by_basis(stride.head, a)?;
        let (ts, td) = self.tail.compose_by_basis(stride.tail, a)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// The leaves of B on one mode of A: the same basis element (`keys`) on the same range of A's
/// leaves (`firsts`, `lens`). Distinct paths name disjoint ranges unless one is a prefix of
/// the other, which basis strides exclude (they make one coordinate); the range also tells
/// apart the long paths that share the key -1.
const fn same_mode(keys: &[i64], firsts: &[i64], lens: &[i64], j: usize, k: usize) -> bool {
    keys[j] == keys[k] && firsts[j] == firsts[k] && lens[j] == lens[k]
}

/// Where leaf `k` of B is the first on its mode of A, that mode (A's leaves `a_s:a_d` in its
/// range) and B's leaves on it (`n:r`), the operands of the check of those leaves together;
/// `None` for a later leaf of a mode. Both faces' checks take their groups from it.
// In range: `lo + len` is within A's leaves (its modes' ranges), a group within B's 64 leaves.
#[allow(clippy::arithmetic_side_effects, clippy::cast_sign_loss, clippy::cast_possible_truncation)]
const fn mode_group(
    (a_s, a_d): (&[i64], &[i64]),
    (n, r): (&[i64], &[i64]),
    (keys, firsts, lens): (&[i64], &[i64], &[i64]),
    k: usize,
) -> Option<(FlatLayout, FlatLayout)> {
    let mut j = 0;
    while j < k {
        if same_mode(keys, firsts, lens, j, k) {
            return None;
        }
        j += 1;
    }
    let (lo, len) = (firsts[k] as usize, lens[k] as usize);
    let mut mode = FlatLayout { shape: Leaves::EMPTY, stride: Leaves::EMPTY };
    let mut i = 0;
    while i < len {
        mode.shape.vals[i] = a_s[lo + i];
        mode.stride.vals[i] = a_d[lo + i];
        i += 1;
    }
    (mode.shape.len, mode.stride.len) = (len, len);
    let mut group = FlatLayout { shape: Leaves::EMPTY, stride: Leaves::EMPTY };
    let mut j = k;
    while j < n.len() {
        if same_mode(keys, firsts, lens, j, k) {
            group.shape.vals[group.shape.len] = n[j];
            group.stride.vals[group.stride.len] = r[j];
            group.shape.len += 1;
            group.stride.len += 1;
        }
        j += 1;
    }
    Some((mode, group))
}

/// The static conditions of `A o B` for B of basis strides: for each mode of A that B's leaves
/// pick, those of its composition with those leaves together (composition's conditions, see
/// [`composition`](crate::composition)), naming the mode and the leaves.
#[doc(hidden)]
pub struct BasisConditions<SA, DA, SB, DB>(core::marker::PhantomData<(SA, DA, SB, DB)>);
impl<SA: IntTuple, DA: IntTuple, SB: IntTuple + ComposeByBasis<DB, Layout<SA, DA>>, DB: BasisTuple> Check
    for BasisConditions<SA, DA, SB, DB>
{
    const RESULT: Checked =
        by_modes(&FlatLayout::of::<SA, DA>(), &SB::LEAVES, &DB::SCALES, (&DB::KEYS, &SB::FIRSTS, &SB::LENS));
}

/// The check of [`BasisConditions`] on the static leaves.
// A `const` check's message is its `Err`, built and read at compile time only.
#[allow(clippy::result_large_err)]
// In range: `k` below B's leaf count.
#[allow(clippy::arithmetic_side_effects)]
const fn by_modes(a: &FlatLayout, n: &Leaves, r: &Leaves, paths: (&Leaves, &Leaves, &Leaves)) -> Checked {
    let paths = (paths.0.as_slice(), paths.1.as_slice(), paths.2.as_slice());
    let mut k = 0;
    while k < n.len {
        if let Some((mode, group)) = mode_group((a.shapes(), a.strides()), (n.as_slice(), r.as_slice()), paths, k) {
            if let Err(m) = crate::statics::check::composition(&mode, &group, None, None, 0) {
                return Err(m);
            }
        }
        k += 1;
    }
    Ok(())
}

/// [`BasisConditions`] on runtime values: A's leaves `a_s:a_d`, B's leaves `n` and scales `r`.
fn check_by_modes(
    a_s: &[i64],
    a_d: &[i64],
    n: &[i64],
    r: &[i64],
    paths: (&Leaves, &Leaves, &Leaves),
) -> Result<(), Error> {
    let paths = (paths.0.as_slice(), paths.1.as_slice(), paths.2.as_slice());
    for k in 0..n.len() {
        let Some((mode, group)) = mode_group((a_s, a_d), (n, r), paths, k) else { continue };
        // CuTe's `coalesce_x` of the mode, as composition walks it.
        let (mut cs, mut cd) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let m = flat::coalesce(mode.shapes(), mode.strides(), true, &mut cs, &mut cd)
            .map_err(|o| Error::new("composition", o.into()))?;
        let (gn, gr) = (group.shapes(), group.strides());
        check_flat::<MAX_LEAVES, { MAX_LEAVES + 1 }>(&cs[..m], &cd[..m], None, &FlatText(gn, gr), gn, gr, None, 0)?;
    }
    Ok(())
}

/// `A o B` of a static layout and a static layout of basis strides: the layout, its conditions
/// checked at compile time ([`BasisConditions`]).
impl<SA, DA, SB, DB> TileOp<Layout<SA, DA>, Layout<SB, Basis<DB>>> for ComposeOp
where
    SA: IntTuple,
    DA: IntTuple,
    SB: IntTuple + ComposeByBasis<DB, Layout<SA, DA>>,
    DB: BasisTuple,
    <SB as ComposeByBasis<DB, Layout<SA, DA>>>::Shape: IntTuple,
    <SB as ComposeByBasis<DB, Layout<SA, DA>>>::Stride: IntTuple,
{
    type Shape = <SB as ComposeByBasis<DB, Layout<SA, DA>>>::Shape;
    type Stride = <SB as ComposeByBasis<DB, Layout<SA, DA>>>::Stride;
    const RESULT: Checked = <BasisConditions<SA, DA, SB, DB> as Check>::RESULT;
}

/// `A o B` with a runtime leaf in A or B: the conditions checked at run time, each mode of A
/// with B's leaves on it.
impl<SA, DA, SB, DB> Compose<Layout<SB, Basis<DB>>> for Layout<SA, DA>
where
    SA: MixedTuple,
    DA: MixedTuple,
    SB: MixedTuple + ComposeByBasis<DB, Layout<SA, DA>>,
    DB: BasisTuple,
{
    type Output =
        Layout<<SB as ComposeByBasis<DB, Layout<SA, DA>>>::Shape, <SB as ComposeByBasis<DB, Layout<SA, DA>>>::Stride>;
    fn compose_unchecked(self, b: Layout<SB, Basis<DB>>, _: crate::Internal) -> Result<Self::Output, Error> {
        let paths = (&DB::KEYS, &SB::FIRSTS, &SB::LENS);
        let mut scales = [(0i64, None); MAX_LEAVES];
        if DB::LEAF_COUNT > MAX_LEAVES {
            return Err(Error::new("composition", Detail::TooManyLeaves(DB::LEAF_COUNT)));
        }
        b.stride.0.write_scales(&mut scales, 0);
        let mut r = [0i64; MAX_LEAVES];
        for (r, s) in r.iter_mut().zip(&scales) {
            *r = s.0;
        }
        let checked = with_leaves(&self.shape, |a_s| {
            with_leaves(&self.stride, |a_d| {
                with_leaves(&b.shape, |n| check_by_modes(a_s, a_d, n, &r[..n.len()], paths))
            })
        });
        let err = |d: Detail| Error::new("composition", d);
        checked.map_err(err)?.map_err(err)?.map_err(err)??;
        let (shape, stride) = b.shape.compose_by_basis(b.stride.0, self)?;
        Ok(Layout { shape, stride })
    }
}
