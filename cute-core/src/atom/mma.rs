//! CuTe's `MMA_Traits`: an MMA instruction's tile, threads and operand layouts, and the table
//! of the atoms by CuTe's names.

use core::fmt;

/// What an MMA instruction holds where (CuTe's `MMA_Traits<Op>`).
///
/// - `ShapeMnk`: the tile `(M,N,K)` one instruction computes, `D(M,N) = A(M,K) * B(N,K) + C(M,N)`.
/// - `ThrId`: the threads that execute it, logical thread `t` to its lane in the warp (or thread
///   in the warpgroup); the identity `32:1` except Volta's quad-pairs.
/// - `ALayout`, `BLayout`, `CLayout`: (logical thread, value) to the column-major index of the
///   element of the `(M,K)`, `(N,K)` and `(M,N)` tile that the thread holds as that value (C's
///   layout is D's). Value `v` is the PTX ISA's fragment element `v` (`a0`, `a1`, ...), two
///   16-bit elements to a 32-bit register, the lower half first.
///
/// Each is a static layout or shape (a zero-sized type): `Default` gives its value.
///
/// ```
/// use cute::atom::{MmaTraits, SM80_16x8x8_F32TF32TF32F32_TN};
/// type T = SM80_16x8x8_F32TF32TF32F32_TN;
/// assert_eq!(T::NAME, "SM80_16x8x8_F32TF32TF32F32_TN");
/// assert_eq!(<T as MmaTraits>::ThrId::default().to_string(), "_32:_1");
/// assert_eq!(<T as MmaTraits>::CLayout::default().size(), 16 * 8);
/// ```
pub trait MmaTraits: Copy + Default {
    /// The instruction's name as CuTe names it (`SM80_16x8x16_F32F16F16F32_TN`).
    const NAME: &'static str;
    /// The tile `(M,N,K)` one instruction computes (CuTe's `Shape_MNK`).
    type ShapeMnk: Copy + Default + crate::mixed::MixedTuple;
    /// Logical thread to lane (CuTe's `ThrID`).
    type ThrId: Copy + Default + fmt::Display;
    /// (thread, value) to `m + M k` of A (CuTe's `ALayout`).
    type ALayout: Copy + Default + fmt::Display;
    /// (thread, value) to `n + N k` of B (CuTe's `BLayout`).
    type BLayout: Copy + Default + fmt::Display;
    /// (thread, value) to `m + M n` of C and D (CuTe's `CLayout`).
    type CLayout: Copy + Default + fmt::Display;
}

/// Defines each atom (a unit struct with CuTe's name) and its `MmaTraits`, and lists it in
/// the table by name. The layouts are written in CuTe's notation; the PTX ISA's element
/// formulas they encode are in each module's docs and checked by `tests/atom/`.
macro_rules! mma_atoms {
    ($table:ident; $(
        $(#[$doc:meta])*
        $name:ident: shape $mnk:tt, thr [$($thr:tt)*], a [$($a:tt)*], b [$($b:tt)*], c [$($c:tt)*];
    )*) => {
        $(
            $(#[$doc])*
            #[allow(non_camel_case_types)]
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct $name;

            impl $crate::atom::MmaTraits for $name {
                const NAME: &'static str = stringify!($name);
                type ShapeMnk = cute_macros::Shape![$mnk];
                type ThrId = cute_macros::Layout![$($thr)*];
                type ALayout = cute_macros::Layout![$($a)*];
                type BLayout = cute_macros::Layout![$($b)*];
                type CLayout = cute_macros::Layout![$($c)*];
            }

            /// The atom's picture (CuTe's `print_latex(MMA_Atom<...>{})`): C, A to its left
            /// and B above, each cell its thread and value.
            #[cfg(feature = "alloc")]
            impl $crate::picture::Draw for $name {
                fn picture(&self) -> $crate::dynamic::Result<$crate::picture::Picture> {
                    $crate::picture::Picture::mma_atom(&$crate::atom::mma::layouts_of::<$name>())
                }
            }
        )*

        /// This module's atoms' layouts in the dynamic engine, in the order defined.
        #[cfg(feature = "alloc")]
        pub(crate) fn $table() -> alloc::vec::Vec<$crate::dynamic::MmaAtom> {
            alloc::vec![$($crate::atom::mma::layouts_of::<$name>()),*]
        }
    };
}
pub(crate) use mma_atoms;

/// The dynamic engine's copies of an atom's layouts.
#[cfg(feature = "alloc")]
pub(crate) fn layouts_of<A: MmaTraits>() -> crate::dynamic::MmaAtom
where
    A::ThrId: crate::tensor::ViewLayout,
    A::ALayout: crate::tensor::ViewLayout,
    A::BLayout: crate::tensor::ViewLayout,
    A::CLayout: crate::tensor::ViewLayout,
{
    use crate::mixed::MixedTuple;
    use crate::tensor::ViewLayout;
    crate::dynamic::MmaAtom {
        name: A::NAME.into(),
        shape_mnk: A::ShapeMnk::default().to_dynamic(),
        thr_id: A::ThrId::default().to_dynamic_layout(),
        layout_a: A::ALayout::default().to_dynamic_layout(),
        layout_b: A::BLayout::default().to_dynamic_layout(),
        layout_c: A::CLayout::default().to_dynamic_layout(),
    }
}

/// The scalar multiply-accumulate as an atom (CuTe's `UniversalFMA`): one thread, one value of
/// each operand, the `(1,1,1)` tile.
///
/// ```
/// use cute::atom::MmaTraits;
/// use cute::tensor::UniversalFma;
/// assert_eq!(UniversalFma::NAME, "UniversalFMA");
/// assert_eq!(<UniversalFma as MmaTraits>::ALayout::default().to_string(), "(_1,_1):(_0,_0)");
/// ```
impl MmaTraits for crate::tensor::UniversalFma {
    const NAME: &'static str = "UniversalFMA";
    type ShapeMnk = cute_macros::Shape![(1, 1, 1)];
    type ThrId = cute_macros::Layout![1:0];
    type ALayout = cute_macros::Layout![(1,1):(0,0)];
    type BLayout = cute_macros::Layout![(1,1):(0,0)];
    type CLayout = cute_macros::Layout![(1,1):(0,0)];
}

/// The scalar atom's picture: one cell of each operand, all thread 0's value 0.
///
/// ```
/// let p = cute::picture::Draw::picture(&cute::tensor::UniversalFma).unwrap();
/// assert_eq!((p.rows(), p.cols()), (3, 3));
/// ```
#[cfg(feature = "alloc")]
impl crate::picture::Draw for crate::tensor::UniversalFma {
    fn picture(&self) -> crate::dynamic::Result<crate::picture::Picture> {
        crate::picture::Picture::mma_atom(&layouts_of::<crate::tensor::UniversalFma>())
    }
}

/// Every atom's layouts in the dynamic engine.
#[cfg(feature = "alloc")]
fn all() -> alloc::vec::Vec<crate::dynamic::MmaAtom> {
    let mut atoms = alloc::vec![layouts_of::<crate::tensor::UniversalFma>()];
    atoms.extend(super::mma_sm70::atoms());
    atoms.extend(super::mma_sm80::atoms());
    atoms.extend(super::mma_sm90::atoms());
    atoms
}

/// The atom CuTe names `name` (`SM80_16x8x16_F32F16F16F32_TN`, `UniversalFMA`), with its
/// layouts in the dynamic engine ([`MmaAtom`](crate::dynamic::MmaAtom)); `None` for a name that is not an atom of this crate.
///
/// ```
/// let atom = cute::atom::mma_atom("SM80_8x8x4_F64F64F64F64_TN").unwrap();
/// assert_eq!(atom.layout_a.to_string(), "((4,8),1):((8,1),0)");
/// assert!(cute::atom::mma_atom("SM80_16x8x16").is_none());
/// ```
#[cfg(feature = "alloc")]
pub fn mma_atom(name: &str) -> Option<crate::dynamic::MmaAtom> {
    all().into_iter().find(|atom| atom.name == name)
}

/// The names of the atoms [`mma_atom`] knows, in the order of the modules (universal, SM70,
/// SM75/SM80, SM90).
///
/// ```
/// let names = cute::atom::mma_atom_names();
/// assert!(names.iter().any(|n| n == "SM90_64x256x16_F32BF16BF16_RS"));
/// ```
#[cfg(feature = "alloc")]
pub fn mma_atom_names() -> alloc::vec::Vec<alloc::string::String> {
    all().into_iter().map(|atom| atom.name).collect()
}
