//! How a warp's accesses meet memory: shared-memory bank conflicts ([`bank_conflicts`]) and
//! global-memory coalescing ([`coalescing`]), for an access described as CuTe describes it: a
//! thread-value layout (thread in mode 0, value in mode 1, mapping to the column-major index
//! of the tile), the layout of the tile in memory (plain, swizzled or F2, over elements of a
//! given size), and the instruction that moves the values ([`Instruction`], or a copy atom by
//! its CuTe name).
//!
//! # The model
//!
//! What comes from NVIDIA's documents, and what the model assumes:
//!
//! - The CUDA C++ Programming Guide (the shared-memory section of compute capability 5.x, to
//!   which the later ones refer): 32 banks, successive 32-bit words in successive banks; no
//!   conflict between threads touching the same 32-bit word (a broadcast for reads, one writer
//!   for writes).
//! - The PTX ISA, `ldmatrix`/`stmatrix`: threads 0-7, 0-15 or 0-31 give the addresses of the
//!   16-byte rows of `.x1`, `.x2`, `.x4` (1, 2 or 4 matrices of 8 rows). PTX asks every thread
//!   for a valid address on sm_75 and below; the rows read are those of the threads named.
//! - Assumed: the split of a warp's instruction into phases by access width (32 threads up to
//!   4 bytes, 16 for 8 bytes, 8 for 16 bytes), so that a phase moves at most 128 bytes, one
//!   wavefront of 32 banks. The Programming Guide states this split only for compute
//!   capability 2.x (where it also charges most 128-bit accesses an extra 2-way conflict,
//!   which later GPUs and this model do not); it is the model NVIDIA's Nsight Compute counts
//!   shared-memory wavefronts by, and the common practice for later GPUs. `ldmatrix`/`stmatrix`
//!   are taken likewise to serve 8 rows (128 bytes) per phase, and `cp.async` the same phases
//!   as a vector access of its size on its shared-memory side.
//!
//! - Shared memory has 32 banks of 4 bytes: byte address `a` is in word `a / 4`, bank
//!   `(a / 4) mod 32`.
//! - A warp's instruction in which each thread moves `v` bytes is served in phases: up to 4
//!   bytes, one phase of the 32 threads; 8 bytes, two phases of 16 threads; 16 bytes, four
//!   phases of 8 threads (each phase then moves at most 128 bytes). A `v`-byte access touches
//!   the words of its bytes `a .. a + v`.
//! - `ldmatrix`/`stmatrix` (`.trans` or not: it changes which registers receive the rows, not
//!   the addresses) read or write one 16-byte row per thread of threads 0-7 (`.x1`), 0-15
//!   (`.x2`) or 0-31 (`.x4`), 8 rows per phase.
//! - Within a phase, threads touching the same word are served together (a broadcast for
//!   loads; for stores one write lands, and the model counts the same one wavefront), and the
//!   distinct words of one bank are served one per wavefront: the phase takes as many
//!   wavefronts as its busiest bank has distinct words.
//! - The minimum a phase can take is its bytes over 128 (rounded up): what 32 banks of 4 bytes
//!   move in one wavefront.
//!
//! The layouts are the layout type's (static or runtime leaves; shared memory plain or
//! swizzled, [`SharedLayout`]) or the dynamic engine's (plain,
//! swizzled or with F2 strides), by reference:
//!
//! ```
//! use cute::memory::{bank_conflicts, Instruction};
//! let smem = cute::layout!((8,64):(64,1));
//! let tv = cute::layout!(((8,4),8):((1,64),8));
//! let r = bank_conflicts(&smem, 2, &tv, Instruction::atom("SM75_U32x4_LDSM_N").unwrap()).unwrap();
//! assert_eq!(r.degree(), 8);
//! let dynamic: cute::dynamic::Layout = "(8,64):(64,1)".parse().unwrap();
//! assert_eq!(bank_conflicts(&dynamic, 2, &tv, Instruction::atom("SM75_U32x4_LDSM_N").unwrap()).unwrap(), r);
//! ```
//!
//! [`synthesize_swizzle`] searches CuTe's swizzles `Sw<B,M,S>` for the one that, composed with
//! a tile, takes the fewest wavefronts for the accesses that write and read it, and builds the
//! F2 layout of fewest wavefronts ([`F2Optimum`]), which a CuTe swizzle may or may not reach.
//!
//! Global memory is read and written in 32-byte sectors of 128-byte lines: [`coalescing`]
//! counts the sectors and lines a warp's instruction touches, against the fewest that could
//! hold its bytes, and the efficiency, bytes used over bytes fetched.
//!
//! ```
//! use cute::dynamic::Layout;
//! use cute::memory::{bank_conflicts, Instruction};
//! use cute::picture::Shared;
//! // 32 threads each read one f32 of a column of a 32 x 32 row-major tile: 32-way conflicted.
//! let smem: Layout = "(32,32):(32,1)".parse().unwrap();
//! let column: Layout = "(32,32):(1,32)".parse().unwrap();
//! let r = bank_conflicts(Shared::from(&smem), 4, &column, Instruction::Vector { bytes: 4 }).unwrap();
//! assert_eq!((r.wavefronts(), r.ideal()), (32 * 32, 32));
//! // Along the rows instead: one wavefront each.
//! let row: Layout = "(32,32):(32,1)".parse().unwrap();
//! let r = bank_conflicts(Shared::from(&smem), 4, &row, Instruction::Vector { bytes: 4 }).unwrap();
//! assert_eq!((r.wavefronts(), r.ideal()), (32, 32));
//! ```

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::dynamic::{Error, ErrorKind, Layout, Result};
use crate::picture::{Shared, SharedLayout};
use crate::tensor::PlainLayout;

mod f2;
mod synthesis;

pub use f2::F2Optimum;
pub use synthesis::{synthesize_swizzle, Access, Candidate, Synthesis, MAX_SEARCH_WORK, MAX_SWIZZLE_BITS};
mod coalescing;
pub use coalescing::*;

/// Shared memory's banks.
///
/// ```
/// assert_eq!(cute::memory::BANKS * cute::memory::WORD_BYTES, 128);
/// ```
pub const BANKS: i64 = 32;
/// The bytes of a bank's word.
///
/// ```
/// assert_eq!(cute::memory::WORD_BYTES, 4);
/// ```
pub const WORD_BYTES: i64 = 4;
/// The threads of a warp.
///
/// ```
/// assert_eq!(cute::memory::WARP, 32);
/// ```
pub const WARP: i64 = 32;
/// The most (thread, value) pairs an analysis visits: 2^20.
///
/// ```
/// use cute::memory::{bank_conflicts, Instruction, MAX_PAIRS};
/// let smem: cute::dynamic::Layout = "4:1".parse().unwrap();
/// let e = bank_conflicts(&smem, 4, &"(2048,1024):(0,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap_err();
/// assert_eq!(e.to_string(), format!("too many cells: TV layout (2048,1024):(0,0): 2048 threads x 1024 values, more than the {} (thread, value) pairs an analysis visits", MAX_PAIRS));
/// ```
pub const MAX_PAIRS: i64 = 1 << 20;

/// The instruction that moves a thread's values.
///
/// ```
/// use cute::memory::Instruction;
/// assert_eq!(Instruction::atom("SM75_U32x4_LDSM_N").unwrap(), Instruction::Matrix { rows: 32 });
/// assert_eq!(Instruction::atom("UniversalCopy<uint64_t>").unwrap(), Instruction::Vector { bytes: 8 });
/// assert_eq!(Instruction::Matrix { rows: 16 }.phases(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Instruction {
    /// Each thread moves `bytes` (1, 2, 4, 8 or 16) contiguous, aligned bytes: a load or store
    /// of that width, CuTe's `UniversalCopy`.
    Vector {
        /// The bytes each thread moves.
        bytes: u32,
    },
    /// `ldmatrix` or `stmatrix` with `rows` = 8 (`.x1`), 16 (`.x2`) or 32 (`.x4`): each of the
    /// warp's first `rows` threads gives the address of one 16-byte row.
    Matrix {
        /// The rows, one per thread giving an address.
        rows: u32,
    },
}

impl Instruction {
    /// The bytes one thread moves.
    ///
    /// ```
    /// assert_eq!(cute::memory::Instruction::Matrix { rows: 8 }.bytes(), 16);
    /// ```
    pub fn bytes(self) -> u32 {
        match self {
            Instruction::Vector { bytes } => bytes,
            Instruction::Matrix { .. } => 16,
        }
    }

    /// The threads of a warp that move data: all 32, or the `rows` threads giving addresses.
    ///
    /// ```
    /// assert_eq!(cute::memory::Instruction::Matrix { rows: 16 }.threads(), 16);
    /// ```
    pub fn threads(self) -> u32 {
        match self {
            Instruction::Vector { .. } => 32,
            Instruction::Matrix { rows } => rows,
        }
    }

    /// The threads of one phase: 32 up to 4 bytes, 16 for 8 bytes, 8 for 16 bytes and for
    /// `ldmatrix`/`stmatrix`.
    ///
    /// ```
    /// assert_eq!(cute::memory::Instruction::Vector { bytes: 8 }.phase_threads(), 16);
    /// ```
    pub fn phase_threads(self) -> u32 {
        match self.bytes() {
            0..=4 => 32,
            8 => 16,
            _ => 8,
        }
    }

    /// The phases of one instruction.
    ///
    /// ```
    /// assert_eq!(cute::memory::Instruction::Vector { bytes: 16 }.phases(), 4);
    /// ```
    pub fn phases(self) -> u32 {
        self.threads().div_ceil(self.phase_threads())
    }

    fn check(self) -> Result<()> {
        let ok = match self {
            Instruction::Vector { bytes } => matches!(bytes, 1 | 2 | 4 | 8 | 16),
            Instruction::Matrix { rows } => matches!(rows, 8 | 16 | 32),
        };
        if ok {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("{}: a thread moves 1, 2, 4, 8 or 16 bytes, and ldmatrix/stmatrix 8, 16 or 32 rows", self),
            ))
        }
    }
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Instruction::Vector { bytes } => write!(f, "{}-byte access", bytes),
            Instruction::Matrix { rows } => write!(f, "ldmatrix/stmatrix of {} rows", rows),
        }
    }
}

/// One thread's access in one instruction: its byte address and how many bytes.
///
/// ```
/// use cute::memory::{bank_conflicts, Instruction};
/// let smem: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
/// // Thread t reads row t of column 0: every access in bank 0.
/// let r = bank_conflicts(&smem, 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
/// let phase = &r.instructions()[0].phases[0];
/// assert_eq!((phase.accesses[1].thread, phase.accesses[1].address, phase.accesses[1].bytes), (1, 128, 4));
/// assert_eq!((phase.wavefronts, phase.ideal, phase.worst_bank), (32, 1, Some(0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ThreadAccess {
    /// The thread (its index in the TV layout).
    pub thread: i64,
    /// The byte address of the first byte moved.
    pub address: i64,
    /// The bytes moved.
    pub bytes: u32,
}

impl ThreadAccess {
    /// The 4-byte words the access touches.
    // In range: the address is a multiple of `bytes` (a power of two up to 16) that fits in
    // i64, so its last byte does too.
    #[allow(clippy::arithmetic_side_effects)]
    fn words(&self) -> core::ops::RangeInclusive<i64> {
        self.address.div_euclid(WORD_BYTES)..=self.last_byte().div_euclid(WORD_BYTES)
    }

    /// The address of the last byte moved. (`address + bytes` itself can pass i64: an access
    /// that ends at 2^63.)
    // In range: as in `words`.
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) fn last_byte(&self) -> i64 {
        self.address + (i64::from(self.bytes) - 1)
    }
}

/// One phase of a warp's instruction in shared memory.
///
/// ```
/// use cute::memory::{bank_conflicts, Instruction};
/// let smem: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
/// // Thread t reads row t of column 0: every access in bank 0.
/// let r = bank_conflicts(&smem, 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
/// let phase = &r.instructions()[0].phases[0];
/// assert_eq!((phase.accesses[1].thread, phase.accesses[1].address, phase.accesses[1].bytes), (1, 128, 4));
/// assert_eq!((phase.wavefronts, phase.ideal, phase.worst_bank), (32, 1, Some(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Phase {
    /// The accesses of the phase's threads.
    pub accesses: Vec<ThreadAccess>,
    /// The wavefronts the phase takes: the most distinct words any one bank holds.
    pub wavefronts: u32,
    /// The fewest it could take: its bytes over 128, rounded up.
    pub ideal: u32,
    /// The busiest bank (the lowest, among equally busy ones), if the phase moves anything.
    pub worst_bank: Option<u32>,
    /// The accesses that touch the busiest bank, as (thread, byte address of the word).
    pub colliding: Vec<(i64, i64)>,
}

/// One instruction of one warp: the values `step * V .. (step + 1) * V` of each of its threads.
///
/// ```
/// use cute::memory::{bank_conflicts, Instruction};
/// let smem: cute::dynamic::Layout = "(64,2):(1,64)".parse().unwrap();
/// let r = bank_conflicts(&smem, 4, &"(64,2):(1,64)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
/// let last = r.instructions().last().unwrap();
/// assert_eq!((last.warp, last.step, last.phases.len()), (1, 1, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WarpInstruction {
    /// The warp: threads `32 * warp .. 32 * warp + 32` of the TV layout.
    pub warp: i64,
    /// The instruction's number among the thread's values.
    pub step: i64,
    /// Its phases, in order: those its threads fill (all of them but in a partial warp).
    pub phases: Vec<Phase>,
}

impl WarpInstruction {
    /// The wavefronts of all its phases.
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "64:1".parse().unwrap();
    /// let r = bank_conflicts(&smem, 4, &"(32,2):(2,1)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 8 }).unwrap();
    /// assert_eq!(r.instructions()[0].wavefronts(), 2);
    /// ```
    pub fn wavefronts(&self) -> u64 {
        self.phases.iter().map(|p| u64::from(p.wavefronts)).sum()
    }

    /// The fewest wavefronts its phases could take.
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "64:1".parse().unwrap();
    /// let r = bank_conflicts(&smem, 4, &"(32,2):(2,1)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 8 }).unwrap();
    /// assert_eq!(r.instructions()[0].ideal(), 2);
    /// ```
    pub fn ideal(&self) -> u64 {
        self.phases.iter().map(|p| u64::from(p.ideal)).sum()
    }
}

/// What [`bank_conflicts`] found: every warp's every instruction, phase by phase.
///
/// ```
/// use cute::memory::{bank_conflicts, Instruction};
/// let smem: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
/// let r = bank_conflicts(&smem, 4, &"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
/// assert_eq!((r.wavefronts(), r.ideal(), r.degree()), (32, 32, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BankReport {
    instruction: Instruction,
    instructions: Vec<WarpInstruction>,
}

impl BankReport {
    /// The instruction analysed.
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "32:1".parse().unwrap();
    /// let r = bank_conflicts(&smem, 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
    /// assert_eq!(r.instruction(), Instruction::Vector { bytes: 4 });
    /// ```
    pub fn instruction(&self) -> Instruction {
        self.instruction
    }

    /// The warp instructions, warp by warp and step by step.
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "(64,2):(1,64)".parse().unwrap();
    /// // 64 threads (two warps), two values each, one value per instruction.
    /// let r = bank_conflicts(&smem, 4, &"(64,2):(1,64)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
    /// assert_eq!(r.instructions().len(), 4);
    /// ```
    pub fn instructions(&self) -> &[WarpInstruction] {
        &self.instructions
    }

    /// The wavefronts of all instructions.
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
    /// let r = bank_conflicts(&smem, 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
    /// assert_eq!(r.wavefronts(), 32);
    /// ```
    pub fn wavefronts(&self) -> u64 {
        self.instructions.iter().map(WarpInstruction::wavefronts).sum()
    }

    /// The fewest wavefronts the instructions could take.
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
    /// let r = bank_conflicts(&smem, 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
    /// assert_eq!(r.ideal(), 1);
    /// ```
    pub fn ideal(&self) -> u64 {
        self.instructions.iter().map(WarpInstruction::ideal).sum()
    }

    /// The worst phase: the most wavefronts over its ideal (the first such), with its
    /// instruction.
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
    /// let r = bank_conflicts(&smem, 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
    /// let (_, phase) = r.worst().unwrap();
    /// assert_eq!((phase.wavefronts, phase.worst_bank, phase.colliding.len()), (32, Some(0), 32));
    /// ```
    // In range: wavefronts and ideals are u32 counts, their products below 2^64.
    #[allow(clippy::arithmetic_side_effects)]
    pub fn worst(&self) -> Option<(&WarpInstruction, &Phase)> {
        let mut worst: Option<(&WarpInstruction, &Phase)> = None;
        for i in &self.instructions {
            for p in &i.phases {
                // p beats w when p.wavefronts / p.ideal > w.wavefronts / w.ideal.
                let better = worst.is_none_or(|(_, w)| {
                    u64::from(p.wavefronts) * u64::from(w.ideal.max(1))
                        > u64::from(w.wavefronts) * u64::from(p.ideal.max(1))
                });
                if better {
                    worst = Some((i, p));
                }
            }
        }
        worst
    }

    /// The conflict degree: the worst phase's wavefronts over its ideal, rounded up (1: no
    /// conflict).
    ///
    /// ```
    /// # use cute::memory::{bank_conflicts, Instruction};
    /// # let smem: cute::dynamic::Layout = "(32,32):(32,1)".parse().unwrap();
    /// let r = bank_conflicts(&smem, 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
    /// assert_eq!(r.degree(), 32);
    /// ```
    pub fn degree(&self) -> u32 {
        self.worst().map_or(1, |(_, p)| p.wavefronts.div_ceil(p.ideal.max(1)).max(1))
    }
}

/// The byte addresses of the accesses, per warp and step: what an instruction's threads move,
/// the one walk both analyses share.
struct Walk {
    /// (warp, step, accesses of the warp's moving threads in order).
    instructions: Vec<(i64, i64, Vec<ThreadAccess>)>,
}

fn invalid(message: String) -> Error {
    Error::new(ErrorKind::InvalidArgument, message)
}

fn overflow(message: String) -> Error {
    Error::new(ErrorKind::Overflow, message)
}

impl Walk {
    /// Each warp's instructions over the TV layout `tv` into `memory` of `elem_bytes`-byte
    /// elements: an instruction moves `V = instruction bytes / elem_bytes` values of a thread,
    /// which must be contiguous and aligned in memory.
    fn new(memory: Shared<'_>, elem_bytes: i64, tv: &Layout, instruction: Instruction) -> Result<Walk> {
        if !(1..=16).contains(&elem_bytes) {
            return Err(invalid(format!("element size {} bytes: expected 1 to 16", elem_bytes)));
        }
        instruction.check()?;
        let bytes = i64::from(instruction.bytes());
        if !(1..=bytes).contains(&elem_bytes) || bytes.checked_rem(elem_bytes) != Some(0) {
            return Err(invalid(format!(
                "{}-byte elements: one {} moves a whole number of elements (1 to {} bytes, dividing {})",
                elem_bytes, instruction, bytes, bytes
            )));
        }
        // In range: 1 <= elem_bytes <= bytes <= 16.
        #[allow(clippy::arithmetic_side_effects)]
        let per = bytes / elem_bytes;
        if tv.rank() != 2 {
            return Err(Error::new(
                ErrorKind::RankMismatch,
                format!("TV layout {}: rank 2 (thread, value), not {}", tv, tv.rank()),
            ));
        }
        let (threads, values) = (tv.mode(0)?.size()?, tv.mode(1)?.size()?);
        threads.checked_mul(values).filter(|&p| p <= MAX_PAIRS).ok_or_else(|| {
            Error::new(
                ErrorKind::TooManyCells,
                format!(
                    "TV layout {}: {} threads x {} values, more than the {} (thread, value) pairs an analysis visits",
                    tv, threads, values, MAX_PAIRS
                ),
            )
        })?;
        let tile_size = memory.size()?;
        if values.checked_rem(per) != Some(0) {
            return Err(invalid(format!(
                "TV layout {}: {} values per thread are not a whole number of {}-value instructions",
                tv, values, per
            )));
        }
        // In range: the counts are below MAX_PAIRS, the products below 2^40.
        #[allow(clippy::arithmetic_side_effects)]
        let (steps, warps) = (values / per, (threads + WARP - 1) / WARP);
        let moving = i64::from(instruction.threads());
        let mut instructions = Vec::new();
        for warp in 0..warps {
            for step in 0..steps {
                // In range: step * per + per <= values, below MAX_PAIRS.
                #[allow(clippy::arithmetic_side_effects)]
                let (values_from, values_to) = (step * per, step * per + per - 1);
                let mut accesses = Vec::new();
                // In range: warp < warps and lane < 32, so the thread is below threads + 32.
                #[allow(clippy::arithmetic_side_effects)]
                for lane in 0..moving {
                    let thread = warp * WARP + lane;
                    if thread >= threads {
                        break;
                    }
                    let mut first = 0i64;
                    for j in 0..per {
                        let v = values_from + j;
                        let k = tv.call(thread + threads * v)?;
                        if !(0..tile_size).contains(&k) {
                            return Err(invalid(format!(
                                "thread {} value {}: tile index {} is outside the tile's 0..{}",
                                thread, v, k, tile_size
                            )));
                        }
                        let o = memory.call(k)?;
                        if j == 0 {
                            first = o;
                        } else if o
                            != first.checked_add(j).ok_or_else(|| overflow(format!("offset {} + {}", first, j)))?
                        {
                            return Err(invalid(format!(
                                "thread {} values {}..{}: offsets {} then {} are not contiguous, so one {} cannot move them",
                                thread,
                                values_from,
                                values_to,
                                first,
                                o,
                                instruction
                            )));
                        }
                    }
                    let address = first
                        .checked_mul(elem_bytes)
                        .ok_or_else(|| overflow(format!("byte address of offset {} past i64", first)))?;
                    if address.rem_euclid(bytes) != 0 {
                        return Err(invalid(format!(
                            "thread {} values {}..{}: byte address {} is not aligned to the {}",
                            thread, values_from, values_to, address, instruction
                        )));
                    }
                    accesses.push(ThreadAccess { thread, address, bytes: instruction.bytes() });
                }
                instructions.push((warp, step, accesses));
            }
        }
        Ok(Walk { instructions })
    }
}

/// The phase of `accesses` in shared memory.
// In range: addresses are checked i64 values, words and banks their quotients and remainders,
// counts below the 32 threads of a phase times 4 words.
#[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn phase(accesses: Vec<ThreadAccess>) -> Phase {
    // Each bank's distinct words, and who touches them.
    let mut banks: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
    let mut bytes = 0u64;
    for a in &accesses {
        bytes += u64::from(a.bytes);
        for word in a.words() {
            banks.entry(word.rem_euclid(BANKS)).or_default().insert(word);
        }
    }
    let worst = banks.iter().max_by(|a, b| a.1.len().cmp(&b.1.len()).then(b.0.cmp(a.0)));
    let wavefronts = worst.map_or(0, |(_, w)| w.len() as u32);
    let worst_bank = worst.map(|(&b, _)| b as u32);
    let colliding = match worst_bank {
        Some(b) => accesses
            .iter()
            .flat_map(|a| {
                a.words().filter(move |w| w.rem_euclid(BANKS) == i64::from(b)).map(move |w| (a.thread, w * WORD_BYTES))
            })
            .collect(),
        None => Vec::new(),
    };
    Phase { accesses, wavefronts, ideal: bytes.div_ceil(128) as u32, worst_bank, colliding }
}

/// The shared-memory bank conflicts of the access `tv` (thread, value) -> tile index, moved by
/// `instruction`, into the tile laid out by `smem` over `elem_bytes`-byte elements: for every
/// warp (threads `32w .. 32w + 32`) and every instruction (the values `s V .. (s + 1) V` of
/// each thread, `V` = instruction bytes / element bytes), each phase's wavefronts against its
/// ideal, and the busiest bank with the threads and words that collide there (see the
/// [module](self) for the model).
///
/// A warp with fewer threads than 32 (the last, where the TV layout's threads are not a
/// multiple of 32) has only the phases its threads fill; for `ldmatrix`/`stmatrix` the threads
/// from `rows` up give no address, so their values are neither read nor checked.
///
/// Errors: a TV layout not of rank 2 ([`RankMismatch`](crate::error::ErrorKind::RankMismatch));
/// a value count that is not a whole number of instructions, values of one instruction not
/// contiguous or not aligned in memory (a vector access cannot move them), an element size
/// that does not divide the instruction's bytes
/// ([`InvalidArgument`](crate::error::ErrorKind::InvalidArgument), naming the thread and the
/// offsets); more than [`MAX_PAIRS`] pairs
/// ([`TooManyCells`](crate::error::ErrorKind::TooManyCells)).
///
/// ```
/// use cute::dynamic::{make_swizzle, ComposedLayout, Layout};
/// use cute::memory::{bank_conflicts, Instruction};
/// use cute::picture::Shared;
/// // ldmatrix.x4 of an 8 x 64 tile of 16-bit elements, 128-byte rows: thread t gives the
/// // 16-byte chunk t / 8 of row t % 8.
/// let plain: Layout = "(8,64):(64,1)".parse().unwrap();
/// let atom = Instruction::atom("SM75_U32x4_LDSM_N").unwrap();
/// let r = bank_conflicts(Shared::from(&plain), 2, &"((8,4),8):((1,64),8)".parse::<cute::dynamic::Layout>().unwrap(), atom).unwrap();
/// assert_eq!((r.wavefronts(), r.ideal(), r.degree()), (32, 4, 8));
/// let sw = ComposedLayout::new(make_swizzle(3, 3, 3).unwrap(), 0, plain);
/// let r = bank_conflicts(Shared::from(&sw), 2, &"((8,4),8):((1,64),8)".parse::<cute::dynamic::Layout>().unwrap(), atom).unwrap();
/// assert_eq!((r.wavefronts(), r.ideal(), r.degree()), (4, 4, 1));
/// ```
pub fn bank_conflicts(
    smem: impl SharedLayout,
    elem_bytes: i64,
    tv: &impl PlainLayout,
    instruction: Instruction,
) -> Result<BankReport> {
    let tv = tv.to_dynamic_layout();
    smem.with_shared(|smem| banks(smem, elem_bytes, &tv, instruction))
}

/// [`bank_conflicts`] on the dynamic engine's layouts.
pub(crate) fn banks(smem: Shared<'_>, elem_bytes: i64, tv: &Layout, instruction: Instruction) -> Result<BankReport> {
    let walk = Walk::new(smem, elem_bytes, tv, instruction)?;
    let per_phase = usize::try_from(instruction.phase_threads()).unwrap_or(32);
    let instructions = walk
        .instructions
        .into_iter()
        .map(|(warp, step, accesses)| {
            let phases = accesses.chunks(per_phase).map(|c| phase(c.to_vec())).collect();
            WarpInstruction { warp, step, phases }
        })
        .collect();
    Ok(BankReport { instruction, instructions })
}
