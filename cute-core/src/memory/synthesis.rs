//! Swizzle synthesis: the CuTe swizzle `Sw<B,M,S>` that, composed with a shared-memory tile,
//! takes the fewest wavefronts for the accesses that write the tile and read it.

use alloc::format;
use alloc::vec::Vec;

use super::{bank_conflicts, Instruction};
use crate::dynamic::{make_swizzle, ComposedLayout, Error, ErrorKind, Layout, Result};
use crate::picture::Shared;
use crate::swizzle::Swizzle;

/// The most offset bits of a tile [`synthesize_swizzle`] searches (a cosize of at most 2^16
/// elements, 128 KiB of 16-bit elements): the swizzles to try grow with the cube of the bits.
///
/// ```
/// use cute::memory::{synthesize_swizzle, Access, Instruction, MAX_SWIZZLE_BITS};
/// let read = Access { tv: "(32,1):(1,0)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let wide: cute::dynamic::Layout = "(32,2):(131072,1)".parse().unwrap();
/// let e = synthesize_swizzle(&wide, 4, &[read]).unwrap_err();
/// assert_eq!(e.to_string(), format!("invalid argument: synthesize_swizzle: the offsets of (32,2):(131072,1) take 22 bits, more than the {} searched", MAX_SWIZZLE_BITS));
/// ```
pub const MAX_SWIZZLE_BITS: i64 = 16;

/// One access of the tile: a TV layout and the instruction that moves its values.
///
/// ```
/// use cute::memory::{Access, Instruction};
/// let a = Access { tv: "(32,4):(4,1)".parse().unwrap(), instruction: Instruction::Vector { bytes: 16 } };
/// assert_eq!(a.instruction.bytes(), 16);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// (thread, value) -> column-major index of the tile.
    pub tv: Layout,
    /// The instruction moving the values.
    pub instruction: Instruction,
}

/// A swizzle and the wavefronts of each access through it.
///
/// ```
/// # use cute::memory::{synthesize_swizzle, Access, Instruction};
/// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
/// assert_eq!((s.best().swizzle.to_string(), s.best().wavefronts.clone()), ("Sw<5,0,5>".to_string(), vec![32]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Candidate {
    /// The swizzle composed with the tile (`Sw<0,_,_>` is none).
    pub swizzle: Swizzle,
    /// The wavefronts of each access, in the order given.
    pub wavefronts: Vec<u64>,
}

impl Candidate {
    /// The wavefronts of all the accesses.
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// # let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
    /// assert_eq!(s.best().total(), 32);
    /// ```
    pub fn total(&self) -> u64 {
        self.wavefronts.iter().sum()
    }
}

/// What [`synthesize_swizzle`] found: the best CuTe swizzle, the tile without one, the ideal,
/// and how many swizzles were tried.
///
/// ```
/// # use cute::memory::{synthesize_swizzle, Access, Instruction};
/// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
/// assert_eq!((s.unswizzled().total(), s.best().total(), s.ideal()), (1024, 32, &[32][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Synthesis {
    best: Candidate,
    unswizzled: Candidate,
    ideal: Vec<u64>,
    tried: usize,
}

impl Synthesis {
    /// The swizzle of the fewest wavefronts over all accesses (the fewest bits among equals,
    /// then the lowest base and shift).
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
    /// assert_eq!(s.best().swizzle.to_string(), "Sw<5,0,5>");
    /// ```
    pub fn best(&self) -> &Candidate {
        &self.best
    }

    /// The tile as it is, without a swizzle.
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
    /// assert_eq!(s.unswizzled().wavefronts, [1024]);
    /// ```
    pub fn unswizzled(&self) -> &Candidate {
        &self.unswizzled
    }

    /// The fewest wavefronts each access could take (its bytes over 128 per phase).
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
    /// assert_eq!(s.ideal(), [32]);
    /// ```
    pub fn ideal(&self) -> &[u64] {
        &self.ideal
    }

    /// Whether the best swizzle reaches the ideal for every access.
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
    /// assert!(s.is_ideal());
    /// ```
    pub fn is_ideal(&self) -> bool {
        self.best.wavefronts == self.ideal
    }

    /// How many swizzles were tried: the valid ones that keep the tile's offsets inside it
    /// (those found to break an access's vectors included).
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse().unwrap(), 4, &[read]).unwrap();
    /// assert!(s.tried() > 100);
    /// ```
    pub fn tried(&self) -> usize {
        self.tried
    }
}

/// The wavefronts of each access through `smem`, or None where an access cannot be made
/// (a vector broken by the swizzle) or the total reaches `bound` (no better than the best so
/// far, so not worth finishing).
fn evaluate(
    smem: Shared<'_>,
    elem_bytes: i64,
    accesses: &[Access],
    bound: u64,
) -> Result<Option<(Vec<u64>, Vec<u64>)>> {
    let mut wavefronts = Vec::with_capacity(accesses.len());
    let mut ideal = Vec::with_capacity(accesses.len());
    for a in accesses {
        match bank_conflicts(smem, elem_bytes, &a.tv, a.instruction) {
            Ok(r) => {
                wavefronts.push(r.wavefronts());
                ideal.push(r.ideal());
                if wavefronts.iter().sum::<u64>() >= bound {
                    return Ok(None);
                }
            }
            Err(e) if e.kind() == ErrorKind::InvalidArgument => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    Ok(Some((wavefronts, ideal)))
}

/// The CuTe swizzle `Sw<B,M,S>` that, composed with `tile` (`Sw<B,M,S> o 0 o tile`, in units of
/// `elem_bytes`-byte elements), takes the fewest wavefronts for `accesses` (the writes and the
/// reads of the tile): every valid swizzle whose bits lie below the tile's cosize is tried
/// (B >= 1, |S| >= B, both bit ranges inside the offsets, every offset of the tile kept below
/// its cosize), each through [`bank_conflicts`], and one that breaks an access's vectors is
/// passed over. Ties go to the fewest bits, then the lowest base, then the lowest shift
/// (negative shifts first).
///
/// Errors: the tile without a swizzle cannot be accessed so ([`bank_conflicts`]'s error); no
/// access given, or a tile whose offsets take more than [`MAX_SWIZZLE_BITS`] bits
/// ([`InvalidArgument`](crate::error::ErrorKind::InvalidArgument)).
///
/// ```
/// use cute::memory::{synthesize_swizzle, Access, Instruction};
/// // An 8 x 64 tile of 16-bit elements (128-byte rows) written along its rows in 16-byte
/// // vectors by 64 threads (thread t: row t / 8, chunk t % 8) and read by ldmatrix.x4 (thread
/// // t: row t % 8, chunk t / 8).
/// let tile: cute::dynamic::Layout = "(8,64):(64,1)".parse().unwrap();
/// let write = Access { tv: "((8,8),8):((64,1),8)".parse().unwrap(), instruction: Instruction::Vector { bytes: 16 } };
/// let read = Access { tv: "((8,4),8):((1,64),8)".parse().unwrap(), instruction: Instruction::atom("SM75_U32x4_LDSM_N").unwrap() };
/// let s = synthesize_swizzle(&tile, 2, &[write, read]).unwrap();
/// assert_eq!(s.unswizzled().wavefronts, [8, 32]);
/// assert_eq!((s.best().swizzle.to_string(), s.best().wavefronts.clone()), ("Sw<3,3,3>".to_string(), vec![8, 4]));
/// assert!(s.is_ideal());
/// ```
pub fn synthesize_swizzle(tile: &Layout, elem_bytes: i64, accesses: &[Access]) -> Result<Synthesis> {
    if accesses.is_empty() {
        return Err(Error::new(ErrorKind::InvalidArgument, "synthesize_swizzle: no access to make conflict-free"));
    }
    let Some((base, ideal)) = evaluate(Shared::from(tile), elem_bytes, accesses, u64::MAX)? else {
        // The error of the first access that fails, as it is.
        for a in accesses {
            bank_conflicts(Shared::from(tile), elem_bytes, &a.tv, a.instruction)?;
        }
        return Err(Error::new(ErrorKind::InvalidArgument, "synthesize_swizzle: the tile cannot be accessed"));
    };
    // The offset bits of the tile: a swizzle acts below them.
    let cosize = tile.cosize()?;
    let bits = i64::from(64u32.saturating_sub(cosize.saturating_sub(1).max(0).leading_zeros()));
    if bits > MAX_SWIZZLE_BITS {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!(
                "synthesize_swizzle: the offsets of {} take {} bits, more than the {} searched",
                tile, bits, MAX_SWIZZLE_BITS
            ),
        ));
    }
    // A swizzle must keep the tile's offsets inside it: any does when the cosize is a power of
    // two (the swizzle permutes the offsets below it); otherwise each offset is checked.
    let offsets: Vec<i64> = if cosize.count_ones() == 1 {
        Vec::new()
    } else {
        (0..tile.size()?).map(|i| tile.call(i)).collect::<Result<_>>()?
    };
    let identity = make_swizzle(0, 0, 0)?;
    let mut best = Candidate { swizzle: identity, wavefronts: base.clone() };
    let unswizzled = best.clone();
    let mut tried = 1usize;
    for b in 1..=bits {
        for m in 0..=bits {
            for s in bits.saturating_neg()..=bits {
                // Both B-bit ranges, [M + max(0,S), +B) and [M - min(0,S), +B), inside the bits.
                let (hi, lo) = (m.saturating_add(s.max(0)), m.saturating_sub(s.min(0)));
                if s.unsigned_abs() < b.unsigned_abs() || hi.max(lo).saturating_add(b) > bits {
                    continue;
                }
                let Ok(swizzle) = make_swizzle(b, m, s) else { continue };
                if offsets.iter().any(|&o| !(0..cosize).contains(&swizzle.apply(o))) {
                    continue;
                }
                tried = tried.saturating_add(1);
                let smem = ComposedLayout::new(swizzle, 0, tile.clone());
                // Only a strictly better total replaces the best, so a candidate stops counting
                // once it reaches it.
                if let Some((wavefronts, _)) = evaluate(Shared::from(&smem), elem_bytes, accesses, best.total())? {
                    best = Candidate { swizzle, wavefronts };
                }
            }
        }
    }
    Ok(Synthesis { best, unswizzled, ideal, tried })
}
