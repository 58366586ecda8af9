//! The shared-memory layouts a bank picture colours: plain, swizzled or with F2 strides.

use super::*;

/// A shared-memory layout whose cells a bank picture colours: plain, swizzled
/// (`Sw<B,M,S> o offset o L`) or with F2 strides.
///
/// ```
/// use cute::dynamic::{make_swizzle, ComposedLayout};
/// use cute::picture::Shared;
/// let sw = ComposedLayout::new(make_swizzle(3, 4, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
/// assert!(matches!(Shared::from(&sw), Shared::Swizzled(_)));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Shared<'a> {
    /// A plain layout.
    Plain(&'a Layout),
    /// A swizzled layout, CuTe's `ComposedLayout`.
    Swizzled(&'a ComposedLayout),
    /// A layout with F2 strides.
    F2(&'a F2Layout),
}

impl<'a> From<&'a Layout> for Shared<'a> {
    fn from(l: &'a Layout) -> Self {
        Shared::Plain(l)
    }
}

impl<'a> From<&'a ComposedLayout> for Shared<'a> {
    fn from(l: &'a ComposedLayout) -> Self {
        Shared::Swizzled(l)
    }
}

impl<'a> From<&'a F2Layout> for Shared<'a> {
    fn from(l: &'a F2Layout) -> Self {
        Shared::F2(l)
    }
}

impl<'a> Shared<'a> {
    /// The shape of the tile's indices (a swizzled layout's inner one).
    ///
    /// ```
    /// use cute::dynamic::F2Layout;
    /// let f2: F2Layout = "(4,4):(f1,f5)".parse().unwrap();
    /// assert_eq!(cute::picture::Shared::from(&f2).shape().to_string(), "(4,4)");
    /// ```
    pub fn shape(self) -> IntTuple {
        match self {
            Shared::Plain(l) => l.shape(),
            Shared::Swizzled(l) => l.inner().shape(),
            Shared::F2(l) => l.shape().clone(),
        }
    }

    /// The number of the tile's indices.
    ///
    /// ```
    /// let l: cute::dynamic::Layout = "(8,64):(64,1)".parse().unwrap();
    /// assert_eq!(cute::picture::Shared::from(&l).size().unwrap(), 512);
    /// ```
    pub fn size(self) -> Result<i64> {
        self.shape().size()
    }

    /// The offset of tile index `index` (the swizzled one of a swizzled layout).
    ///
    /// ```
    /// use cute::dynamic::{make_swizzle, ComposedLayout};
    /// let sw = ComposedLayout::new(make_swizzle(1, 0, 1).unwrap(), 0, "4:1".parse().unwrap());
    /// assert_eq!(cute::picture::Shared::from(&sw).call(2).unwrap(), 3);
    /// ```
    pub fn call(self, index: i64) -> Result<i64> {
        match self {
            Shared::Plain(l) => l.call(index),
            Shared::Swizzled(l) => l.call(index),
            Shared::F2(l) => l.call(index),
        }
    }
}

/// A shared-memory layout, as the analyses of [`memory`](crate::memory) take it: the dynamic
/// engine's plain, swizzled and F2 layouts, a [`Shared`], and the layout type's plain and
/// swizzled layouts (static or runtime leaves), each by value or by reference.
///
/// ```
/// use cute::memory::{bank_conflicts, Instruction};
/// use cute::swizzle::Sw;
/// use cute::typenum::P3;
/// let ldsm = Instruction::atom("SM75_U32x4_LDSM_N").unwrap();
/// let tv = cute::layout!(((8,4),8):((1,64),8));
/// // The layout type's: 16-bit elements, 128-byte rows, plain then swizzled (Sw<3,3,3> on
/// // elements: the 128-byte swizzle on bytes, upcast by 2).
/// let plain = cute::layout!((8,64):(64,1));
/// assert_eq!(bank_conflicts(&plain, 2, &tv, ldsm).unwrap().degree(), 8);
/// let sw = cute::ComposedLayout::new(Sw::<P3, P3, P3>::new(), 0, plain).unwrap();
/// assert_eq!(bank_conflicts(&sw, 2, &tv, ldsm).unwrap().degree(), 1);
/// // The dynamic engine's.
/// let dynamic: cute::dynamic::Layout = "(8,64):(64,1)".parse().unwrap();
/// assert_eq!(bank_conflicts(&dynamic, 2, &tv, ldsm).unwrap().degree(), 8);
/// ```
pub trait SharedLayout {
    /// Calls `f` with the layout as a [`Shared`].
    ///
    /// ```
    /// use cute::picture::SharedLayout;
    /// let n = cute::layout!((8,64):(64,1)).with_shared(|s| s.size().unwrap());
    /// assert_eq!(n, 512);
    /// ```
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R;
}

impl SharedLayout for Shared<'_> {
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        f(*self)
    }
}

impl<T: SharedLayout + ?Sized> SharedLayout for &T {
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        (**self).with_shared(f)
    }
}

impl SharedLayout for Layout {
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        f(Shared::Plain(self))
    }
}

impl SharedLayout for ComposedLayout {
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        f(Shared::Swizzled(self))
    }
}

impl SharedLayout for F2Layout {
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        f(Shared::F2(self))
    }
}

impl<S, D> SharedLayout for crate::Layout<S, D>
where
    crate::Layout<S, D>: crate::tensor::PlainLayout,
{
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        use crate::tensor::ViewLayout;
        f(Shared::Plain(&self.to_dynamic_layout()))
    }
}

impl<W, S, D> SharedLayout for crate::ComposedLayout<W, crate::Layout<S, D>>
where
    W: crate::swizzle::SwizzleFn,
    crate::Layout<S, D>: crate::tensor::ViewLayout<Error = crate::mixed::Error>,
    S: crate::mixed::MixedTuple,
    D: crate::mixed::MixedTuple,
{
    fn with_shared<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        f(Shared::Swizzled(&self.to_dynamic()))
    }
}

impl fmt::Display for Shared<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shared::Plain(l) => l.fmt(f),
            Shared::Swizzled(l) => l.fmt(f),
            Shared::F2(l) => l.fmt(f),
        }
    }
}
