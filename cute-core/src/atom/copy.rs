//! CuTe's `Copy_Traits`: a copy instruction's threads and the layouts of what it reads and
//! writes, in bits, and the table of the copy atoms by CuTe's names; the universal copy.

use core::fmt;
use core::marker::PhantomData;

/// What a copy instruction moves where (CuTe's `Copy_Traits<Op>`), in bits.
///
/// - `ThrId`: the threads that execute it, logical thread to lane.
/// - `SrcLayout`, `DstLayout`: (logical thread, bit) to the bit of the source and of the
///   destination that the thread reads or writes as that bit. For the warp's matrix loads and
///   stores the source or destination is the matrices (8 x 8 of 16-bit elements, row after row,
///   one after another), and the register side is each thread's registers, bit after bit.
/// - `RefLayout`: the one of the two a tiled copy is built on (CuTe's `RefLayout`).
///
/// ```
/// use cute::atom::{CopyTraits, UniversalCopy};
/// type T = UniversalCopy<u64>;
/// assert_eq!(T::NAME, "UniversalCopy<uint64_t>");
/// assert_eq!(<T as CopyTraits>::SrcLayout::default().to_string(), "(_1,_64):(_0,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a copy atom of cute",
    label = "not a copy atom",
    note = "cute::atom::copy_atom_names() lists them; cp.async.cg (SM80_CP_ASYNC_CACHEGLOBAL) copies 16 bytes only, .ca 4, 8 or 16, UniversalCopy 1 to 16"
)]
pub trait CopyTraits: Copy + Default {
    /// The instruction's name as CuTe names it (`SM75_U32x4_LDSM_N`).
    const NAME: &'static str;
    /// Logical thread to lane (CuTe's `ThrID`).
    type ThrId: Copy + Default + fmt::Display;
    /// (thread, bit) to the source's bit (CuTe's `SrcLayout`).
    type SrcLayout: Copy + Default + fmt::Display;
    /// (thread, bit) to the destination's bit (CuTe's `DstLayout`).
    type DstLayout: Copy + Default + fmt::Display;
    /// The layout a tiled copy is built on (CuTe's `RefLayout`).
    type RefLayout: Copy + Default + fmt::Display;
}

/// Implements `CopyTraits` for each atom and lists it in the table by name. The layouts are
/// written in CuTe's notation, in bits; the PTX ISA's text they encode is in each module's docs
/// and checked by `tests/atom/`.
macro_rules! copy_atoms {
    ($table:ident; $(
        $ty:ty as $name:expr => thr [$($thr:tt)*], src [$($src:tt)*], dst [$($dst:tt)*], ref $r:ident;
    )*) => {
        $(
            impl $crate::atom::CopyTraits for $ty {
                const NAME: &'static str = $name;
                type ThrId = cute_macros::Layout![$($thr)*];
                type SrcLayout = cute_macros::Layout![$($src)*];
                type DstLayout = cute_macros::Layout![$($dst)*];
                type RefLayout = <Self as $crate::atom::CopyTraits>::$r;
            }
        )*

        /// This module's copy atoms in the dynamic engine, in the order defined.
        #[cfg(feature = "alloc")]
        pub(crate) fn $table() -> alloc::vec::Vec<$crate::dynamic::CopyAtom> {
            alloc::vec![$($crate::atom::copy::layouts_of::<$ty>()),*]
        }
    };
}
pub(crate) use copy_atoms;

/// The dynamic engine's copies of a copy atom's layouts.
#[cfg(feature = "alloc")]
pub(crate) fn layouts_of<A: CopyTraits>() -> crate::dynamic::CopyAtom
where
    A::ThrId: crate::tensor::ViewLayout,
    A::SrcLayout: crate::tensor::ViewLayout,
    A::DstLayout: crate::tensor::ViewLayout,
    A::RefLayout: crate::tensor::ViewLayout,
{
    use crate::tensor::ViewLayout;
    crate::dynamic::CopyAtom {
        name: A::NAME.into(),
        thr_id: A::ThrId::default().to_dynamic_layout(),
        layout_src: A::SrcLayout::default().to_dynamic_layout(),
        layout_dst: A::DstLayout::default().to_dynamic_layout(),
        layout_ref: A::RefLayout::default().to_dynamic_layout(),
    }
}

/// A copy by one thread of one value of `S`'s width (CuTe's `UniversalCopy<S>`): a plain load
/// and store of `u8` to `u128` (1 to 16 bytes), the vector loads and stores on a GPU.
///
/// ```
/// use cute::atom::{CopyTraits, UniversalCopy};
/// assert_eq!(<UniversalCopy<u128> as CopyTraits>::DstLayout::default().to_string(), "(_1,_128):(_0,_1)");
/// ```
pub struct UniversalCopy<S>(PhantomData<S>);

/// `Clone`, `Copy`, `Default`, `Debug`, `PartialEq` for an atom generic in a width, whatever
/// the width type implements (the atom holds no value of it).
macro_rules! width_atom {
    ($($atom:ident),*) => {$(
        impl<S> Clone for $atom<S> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<S> Copy for $atom<S> {}
        impl<S> Default for $atom<S> {
            fn default() -> Self {
                $atom(PhantomData)
            }
        }
        impl<S> fmt::Debug for $atom<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($atom))
            }
        }
        impl<S> PartialEq for $atom<S> {
            fn eq(&self, _: &Self) -> bool {
                true
            }
        }
        impl<S> Eq for $atom<S> {}
    )*};
}
pub(crate) use width_atom;
width_atom!(UniversalCopy);

copy_atoms! { universal_atoms;
    UniversalCopy<u8> as "UniversalCopy<uint8_t>" => thr [1:0], src [(1,8):(0,1)], dst [(1,8):(0,1)], ref SrcLayout;
    UniversalCopy<u16> as "UniversalCopy<uint16_t>" => thr [1:0], src [(1,16):(0,1)], dst [(1,16):(0,1)], ref SrcLayout;
    UniversalCopy<u32> as "UniversalCopy<uint32_t>" => thr [1:0], src [(1,32):(0,1)], dst [(1,32):(0,1)], ref SrcLayout;
    UniversalCopy<u64> as "UniversalCopy<uint64_t>" => thr [1:0], src [(1,64):(0,1)], dst [(1,64):(0,1)], ref SrcLayout;
    UniversalCopy<u128> as "UniversalCopy<uint128_t>" => thr [1:0], src [(1,128):(0,1)], dst [(1,128):(0,1)], ref SrcLayout;
}

/// Every copy atom in the dynamic engine.
#[cfg(feature = "alloc")]
fn all() -> alloc::vec::Vec<crate::dynamic::CopyAtom> {
    let mut atoms = universal_atoms();
    atoms.extend(super::copy_sm80::atoms());
    atoms.extend(super::copy_sm75::atoms());
    atoms.extend(super::copy_sm90::atoms());
    atoms
}

/// The copy atom CuTe names `name` (`SM75_U32x4_LDSM_N`, `UniversalCopy<uint128_t>`,
/// `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>`), with its layouts in the dynamic engine
/// ([`CopyAtom`](crate::dynamic::CopyAtom)); `None` for a name that is not a copy atom of this
/// crate.
///
/// ```
/// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
/// assert_eq!(atom.layout_src.to_string(), "(1,32):(0,1)");
/// assert!(cute::atom::copy_atom("UniversalCopy<uint24_t>").is_none());
/// ```
#[cfg(feature = "alloc")]
pub fn copy_atom(name: &str) -> Option<crate::dynamic::CopyAtom> {
    all().into_iter().find(|atom| atom.name == name)
}

/// The names of the copy atoms [`copy_atom`] knows: the universal copies, SM80's cp.async,
/// SM75's ldmatrix and SM90's stmatrix.
///
/// ```
/// let names = cute::atom::copy_atom_names();
/// assert!(names.iter().any(|n| n == "SM90_U16x8_STSM_T"));
/// ```
#[cfg(feature = "alloc")]
pub fn copy_atom_names() -> alloc::vec::Vec<alloc::string::String> {
    all().into_iter().map(|atom| atom.name).collect()
}

/// The bank analysis's instructions of the copy atoms, read from the atoms' layouts so that the
/// two cannot disagree.
#[cfg(feature = "alloc")]
impl crate::memory::Instruction {
    /// The instruction of a CuTe copy atom on its shared-memory side (any name of
    /// [`copy_atom_names`]): `ldmatrix` (`SM75_*_LDSM_*`, its source) and `stmatrix`
    /// (`SM90_*_STSM_*`, its destination) are [`Matrix`](Self::Matrix) of one row per thread
    /// whose address the atom's layout reads; the universal copies and `cp.async` are a
    /// [`Vector`](Self::Vector) of the bytes a thread moves. Another name is an error of kind
    /// [`InvalidArgument`](crate::error::ErrorKind::InvalidArgument) listing the atoms.
    ///
    /// ```
    /// use cute::memory::Instruction;
    /// assert_eq!(Instruction::atom("SM90_U16x8_STSM_T").unwrap(), Instruction::Matrix { rows: 32 });
    /// assert_eq!(Instruction::atom("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>").unwrap(), Instruction::Vector { bytes: 8 });
    /// assert!(Instruction::atom("SM75_U32x3_LDSM_N").unwrap_err().message().starts_with("unknown copy atom"));
    /// ```
    pub fn atom(name: &str) -> Result<crate::memory::Instruction, crate::dynamic::Error> {
        use crate::dynamic::{Error, ErrorKind};
        let unknown = || {
            Error::new(
                ErrorKind::InvalidArgument,
                alloc::format!("unknown copy atom '{}': expected one of {}", name, copy_atom_names().join(", ")),
            )
        };
        let atom = copy_atom(name).ok_or_else(unknown)?;
        let (load, store) = (name.contains("_LDSM_"), name.contains("_STSM_"));
        // stmatrix writes shared memory; the others read it or write it on their source side.
        let smem = if store { &atom.layout_dst } else { &atom.layout_src };
        let invalid = |e: Error| Error::new(ErrorKind::InvalidArgument, alloc::format!("copy atom {}: {}", name, e));
        let (threads, bits) = (smem.mode(0).map_err(invalid)?, smem.mode(1).map_err(invalid)?.size().map_err(invalid)?);
        let count = |x: i64| {
            u32::try_from(x).map_err(|_| {
                Error::new(ErrorKind::InvalidArgument, alloc::format!("copy atom {}: {} does not fit in u32", name, x))
            })
        };
        if load || store {
            // A thread gives a row's address where the layout moves with it.
            let rows = crate::dynamic::filter_zeros(&threads).size().map_err(invalid)?;
            Ok(crate::memory::Instruction::Matrix { rows: count(rows)? })
        } else {
            Ok(crate::memory::Instruction::Vector { bytes: count(bits / 8)? })
        }
    }
}
