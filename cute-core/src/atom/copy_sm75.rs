//! Turing's warp-level matrix load, `ldmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{.trans}.shared.b16`
//! (PTX ISA "Warp-level matrix load instruction: ldmatrix"): the warp loads one, two or four
//! 8 x 8 matrices of 16-bit elements from shared memory into registers.
//!
//! The source is the matrices' rows: "Each address corresponds to the start of a matrix row",
//! 16 bytes; threads 0-7 give the addresses of the first matrix's rows, 8-15 the second's, and
//! so on (with `.x1` and `.x2` the higher threads' addresses are copies of the lower threads',
//! which the layouts model by a stride 0). Logical thread `t` reads, as its bits `0..128`, row
//! `t % 8` of matrix `t / 8`: bit `128 t + b` of the matrices laid row after row.
//!
//! The destination is one 32-bit register per matrix in each thread: "a group of four
//! consecutive threads loads an entire row", "thread 0 receiving the first fragment", so lane
//! `l` receives, in register `j`, the elements of row `l / 4` at columns `2 (l % 4)` and `+1`
//! of matrix `j`, the lower first (bits `0..16` and `16..32`). With `.trans` "the matrix is
//! loaded in column-major format": lane `l` receives the elements at rows `2 (l % 4)` and `+1`,
//! column `l / 4`. The atoms are named by their register values as CuTe names them: `U32xN`
//! without `.trans`, `U16x2N` with it.

use super::copy::copy_atoms;

/// `ldmatrix.sync.aligned.m8n8.x1.shared.b16`: the warp loads 1 8x8 matrix of 16-bit elements.
///
/// ```
/// use cute::atom::{CopyTraits, SM75_U32x1_LDSM_N};
/// assert_eq!(<SM75_U32x1_LDSM_N as CopyTraits>::DstLayout::default().to_string(), "(_32,_32):(_32,_1)");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM75_U32x1_LDSM_N;

/// `ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16`: the warp loads 1 8x8 matrix of 16-bit elements, transposed.
///
/// ```
/// use cute::atom::{CopyTraits, SM75_U16x2_LDSM_T};
/// assert_eq!(<SM75_U16x2_LDSM_T as CopyTraits>::DstLayout::default().to_string(), "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM75_U16x2_LDSM_T;

/// `ldmatrix.sync.aligned.m8n8.x2.shared.b16`: the warp loads 2 8x8 matrices of 16-bit elements.
///
/// ```
/// use cute::atom::{CopyTraits, SM75_U32x2_LDSM_N};
/// assert_eq!(<SM75_U32x2_LDSM_N as CopyTraits>::DstLayout::default().to_string(), "(_32,(_32,_2)):(_32,(_1,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM75_U32x2_LDSM_N;

/// `ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16`: the warp loads 2 8x8 matrices of 16-bit elements, transposed.
///
/// ```
/// use cute::atom::{CopyTraits, SM75_U16x4_LDSM_T};
/// assert_eq!(<SM75_U16x4_LDSM_T as CopyTraits>::DstLayout::default().to_string(), "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM75_U16x4_LDSM_T;

/// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`: the warp loads 4 8x8 matrices of 16-bit elements.
///
/// ```
/// use cute::atom::{CopyTraits, SM75_U32x4_LDSM_N};
/// assert_eq!(<SM75_U32x4_LDSM_N as CopyTraits>::DstLayout::default().to_string(), "(_32,(_32,_4)):(_32,(_1,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM75_U32x4_LDSM_N;

/// `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`: the warp loads 4 8x8 matrices of 16-bit elements, transposed.
///
/// ```
/// use cute::atom::{CopyTraits, SM75_U16x8_LDSM_T};
/// assert_eq!(<SM75_U16x8_LDSM_T as CopyTraits>::DstLayout::default().to_string(), "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM75_U16x8_LDSM_T;

copy_atoms! { atoms;
    SM75_U32x1_LDSM_N as "SM75_U32x1_LDSM_N" => thr [32:1],
        src [((8,4),128):((128,0),1)], dst [(32,32):(32,1)], ref DstLayout;
    SM75_U16x2_LDSM_T as "SM75_U16x2_LDSM_T" => thr [32:1],
        src [((8,4),128):((128,0),1)], dst [((4,8),(16,2)):((256,16),(1,128))], ref DstLayout;
    SM75_U32x2_LDSM_N as "SM75_U32x2_LDSM_N" => thr [32:1],
        src [((16,2),128):((128,0),1)], dst [(32,(32,2)):(32,(1,1024))], ref DstLayout;
    SM75_U16x4_LDSM_T as "SM75_U16x4_LDSM_T" => thr [32:1],
        src [((16,2),128):((128,0),1)], dst [((4,8),(16,2,2)):((256,16),(1,128,1024))], ref DstLayout;
    SM75_U32x4_LDSM_N as "SM75_U32x4_LDSM_N" => thr [32:1],
        src [(32,128):(128,1)], dst [(32,(32,4)):(32,(1,1024))], ref DstLayout;
    SM75_U16x8_LDSM_T as "SM75_U16x8_LDSM_T" => thr [32:1],
        src [(32,128):(128,1)], dst [((4,8),(16,2,4)):((256,16),(1,128,1024))], ref DstLayout;
}
