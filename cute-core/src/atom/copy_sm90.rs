//! Hopper's warp-level matrix store, `stmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{.trans}.shared.b16`
//! (PTX ISA "Warp-level matrix store instruction: stmatrix"): the reverse of `ldmatrix`, the
//! warp stores one, two or four 8 x 8 matrices of 16-bit elements from registers to shared
//! memory. The source is each thread's registers, laid as `ldmatrix`'s destination ("a group of
//! four consecutive threads stores 16 bytes", "thread 0 storing the first fragment"); the
//! destination is the matrices' rows, whose addresses threads 0-7, 8-15, ... give as for
//! `ldmatrix` (see `copy_sm75.rs`).

use super::copy::copy_atoms;

/// `stmatrix.sync.aligned.m8n8.x1.shared.b16`: the warp stores 1 8x8 matrix of 16-bit elements.
///
/// ```
/// use cute::atom::{CopyTraits, SM90_U32x1_STSM_N};
/// assert_eq!(<SM90_U32x1_STSM_N as CopyTraits>::SrcLayout::default().to_string(), "(_32,_32):(_32,_1)");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_U32x1_STSM_N;

/// `stmatrix.sync.aligned.m8n8.x1.trans.shared.b16`: the warp stores 1 8x8 matrix of 16-bit elements, transposed.
///
/// ```
/// use cute::atom::{CopyTraits, SM90_U16x2_STSM_T};
/// assert_eq!(<SM90_U16x2_STSM_T as CopyTraits>::SrcLayout::default().to_string(), "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_U16x2_STSM_T;

/// `stmatrix.sync.aligned.m8n8.x2.shared.b16`: the warp stores 2 8x8 matrices of 16-bit elements.
///
/// ```
/// use cute::atom::{CopyTraits, SM90_U32x2_STSM_N};
/// assert_eq!(<SM90_U32x2_STSM_N as CopyTraits>::SrcLayout::default().to_string(), "(_32,(_32,_2)):(_32,(_1,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_U32x2_STSM_N;

/// `stmatrix.sync.aligned.m8n8.x2.trans.shared.b16`: the warp stores 2 8x8 matrices of 16-bit elements, transposed.
///
/// ```
/// use cute::atom::{CopyTraits, SM90_U16x4_STSM_T};
/// assert_eq!(<SM90_U16x4_STSM_T as CopyTraits>::SrcLayout::default().to_string(), "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_U16x4_STSM_T;

/// `stmatrix.sync.aligned.m8n8.x4.shared.b16`: the warp stores 4 8x8 matrices of 16-bit elements.
///
/// ```
/// use cute::atom::{CopyTraits, SM90_U32x4_STSM_N};
/// assert_eq!(<SM90_U32x4_STSM_N as CopyTraits>::SrcLayout::default().to_string(), "(_32,(_32,_4)):(_32,(_1,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_U32x4_STSM_N;

/// `stmatrix.sync.aligned.m8n8.x4.trans.shared.b16`: the warp stores 4 8x8 matrices of 16-bit elements, transposed.
///
/// ```
/// use cute::atom::{CopyTraits, SM90_U16x8_STSM_T};
/// assert_eq!(<SM90_U16x8_STSM_T as CopyTraits>::SrcLayout::default().to_string(), "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_U16x8_STSM_T;

copy_atoms! { atoms;
    SM90_U32x1_STSM_N as "SM90_U32x1_STSM_N" => thr [32:1],
        src [(32,32):(32,1)], dst [((8,4),128):((128,0),1)], ref SrcLayout;
    SM90_U16x2_STSM_T as "SM90_U16x2_STSM_T" => thr [32:1],
        src [((4,8),(16,2)):((256,16),(1,128))], dst [((8,4),128):((128,0),1)], ref SrcLayout;
    SM90_U32x2_STSM_N as "SM90_U32x2_STSM_N" => thr [32:1],
        src [(32,(32,2)):(32,(1,1024))], dst [((16,2),128):((128,0),1)], ref SrcLayout;
    SM90_U16x4_STSM_T as "SM90_U16x4_STSM_T" => thr [32:1],
        src [((4,8),(16,2,2)):((256,16),(1,128,1024))], dst [((16,2),128):((128,0),1)], ref SrcLayout;
    SM90_U32x4_STSM_N as "SM90_U32x4_STSM_N" => thr [32:1],
        src [(32,(32,4)):(32,(1,1024))], dst [(32,128):(128,1)], ref SrcLayout;
    SM90_U16x8_STSM_T as "SM90_U16x8_STSM_T" => thr [32:1],
        src [((4,8),(16,2,4)):((256,16),(1,128,1024))], dst [(32,128):(128,1)], ref SrcLayout;
}
