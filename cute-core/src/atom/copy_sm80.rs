//! Ampere's asynchronous copy from global to shared memory, `cp.async` (PTX ISA "Data Movement
//! and Conversion Instructions: cp.async"): one thread copies `cp-size` bytes, "4, 8 and 16",
//! and with `.cg` 16 only.

use core::fmt;
use core::marker::PhantomData;

use super::copy::{copy_atoms, width_atom};

/// `cp.async.ca.shared.global` of `S`'s width (4, 8 or 16 bytes: `u32`, `u64`, `u128`), cached
/// at every level (`.ca`, CuTe's `SM80_CP_ASYNC_CACHEALWAYS<S>`): one thread copies one value
/// from global to shared memory. The PTX ISA: "cp-size can only be 4, 8 and 16"; an L2 eviction
/// hint is the optional `cache-policy` operand (with `.L2::cache_hint`), which moves no data and
/// so does not change the layouts.
///
/// ```
/// use cute::atom::{CopyTraits, SM80_CP_ASYNC_CACHEALWAYS};
/// type T = SM80_CP_ASYNC_CACHEALWAYS<u32>;
/// assert_eq!((T::NAME, T::CACHE), ("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", ".ca"));
/// assert_eq!(<T as CopyTraits>::SrcLayout::default().to_string(), "(_1,_32):(_0,_1)");
/// ```
#[allow(non_camel_case_types)]
pub struct SM80_CP_ASYNC_CACHEALWAYS<S>(PhantomData<S>);

/// `cp.async.cg.shared.global` of 16 bytes (`u128`), cached in L2 and not in L1 (`.cg`, CuTe's
/// `SM80_CP_ASYNC_CACHEGLOBAL<S>`); the PTX ISA allows `.cg` only with a `cp-size` of 16.
///
/// ```
/// use cute::atom::{CopyTraits, SM80_CP_ASYNC_CACHEGLOBAL};
/// type T = SM80_CP_ASYNC_CACHEGLOBAL<u128>;
/// assert_eq!((T::NAME, T::CACHE), ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", ".cg"));
/// ```
#[allow(non_camel_case_types)]
pub struct SM80_CP_ASYNC_CACHEGLOBAL<S>(PhantomData<S>);

impl<S> SM80_CP_ASYNC_CACHEALWAYS<S> {
    /// The instruction's cache operator: `.ca`, cache at all levels.
    ///
    /// ```
    /// assert_eq!(cute::atom::SM80_CP_ASYNC_CACHEALWAYS::<u64>::CACHE, ".ca");
    /// ```
    pub const CACHE: &'static str = ".ca";
}
impl<S> SM80_CP_ASYNC_CACHEGLOBAL<S> {
    /// The instruction's cache operator: `.cg`, cache in L2, not in L1.
    ///
    /// ```
    /// assert_eq!(cute::atom::SM80_CP_ASYNC_CACHEGLOBAL::<u128>::CACHE, ".cg");
    /// ```
    pub const CACHE: &'static str = ".cg";
}

width_atom!(SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEGLOBAL);

copy_atoms! { atoms;
    SM80_CP_ASYNC_CACHEALWAYS<u32> as "SM80_CP_ASYNC_CACHEALWAYS<uint32_t>" =>
        thr [1:0], src [(1,32):(0,1)], dst [(1,32):(0,1)], ref SrcLayout;
    SM80_CP_ASYNC_CACHEALWAYS<u64> as "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>" =>
        thr [1:0], src [(1,64):(0,1)], dst [(1,64):(0,1)], ref SrcLayout;
    SM80_CP_ASYNC_CACHEALWAYS<u128> as "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" =>
        thr [1:0], src [(1,128):(0,1)], dst [(1,128):(0,1)], ref SrcLayout;
    SM80_CP_ASYNC_CACHEGLOBAL<u128> as "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>" =>
        thr [1:0], src [(1,128):(0,1)], dst [(1,128):(0,1)], ref SrcLayout;
}
