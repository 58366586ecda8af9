//! Global-memory coalescing: the sectors and cache lines each warp instruction of a
//! thread-value layout touches, against the fewest it could touch.

use super::*;

/// One warp instruction's global-memory traffic.
///
/// ```
/// use cute::memory::{coalescing, Instruction};
/// let r = coalescing(&"128:1".parse::<cute::dynamic::Layout>().unwrap(), 4, &"(32,1):(1,0)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
/// let t = &r.instructions()[0];
/// assert_eq!((t.warp, t.step, t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (0, 0, 128, 4, 4, 1, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Traffic {
    /// The warp.
    pub warp: i64,
    /// The instruction's number among the thread's values.
    pub step: i64,
    /// The distinct bytes the threads move.
    pub bytes: u64,
    /// The 32-byte sectors touched.
    pub sectors: u64,
    /// The fewest sectors that hold `bytes`.
    pub min_sectors: u64,
    /// The 128-byte lines touched.
    pub lines: u64,
    /// The fewest lines that hold `bytes`.
    pub min_lines: u64,
}

/// What [`coalescing`] found: each warp instruction's sectors and lines.
///
/// ```
/// use cute::memory::{coalescing, Instruction};
/// let r = coalescing(&"128:1".parse::<cute::dynamic::Layout>().unwrap(), 4, &"(32,4):(4,1)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 16 }).unwrap();
/// assert_eq!((r.sectors(), r.min_sectors(), r.efficiency()), (16, 16, 1.0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CoalescingReport {
    instructions: Vec<Traffic>,
}

impl CoalescingReport {
    /// The warp instructions.
    ///
    /// ```
    /// # use cute::memory::{coalescing, Instruction};
    /// let r = coalescing(&"128:1".parse::<cute::dynamic::Layout>().unwrap(), 4, &"(32,4):(4,1)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 16 }).unwrap();
    /// assert_eq!((r.instructions()[0].sectors, r.instructions()[0].lines), (16, 4));
    /// ```
    pub fn instructions(&self) -> &[Traffic] {
        &self.instructions
    }

    /// Bytes used over bytes fetched (whole sectors), over all instructions.
    ///
    /// ```
    /// # use cute::memory::{coalescing, Instruction};
    /// // 32 threads read f32s 32 elements apart: each uses 4 bytes of its own 32-byte sector.
    /// let r = coalescing(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &"(32,32):(1,32)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 4 }).unwrap();
    /// assert_eq!(r.efficiency(), 0.125);
    /// ```
    pub fn efficiency(&self) -> f64 {
        let used: u64 = self.instructions.iter().map(|t| t.bytes).sum();
        let fetched: u64 = self.instructions.iter().map(|t| t.sectors.saturating_mul(32)).sum();
        // The counts are far below 2^52, where f64 is exact.
        #[allow(clippy::cast_precision_loss)]
        if fetched == 0 {
            1.0
        } else {
            used as f64 / fetched as f64
        }
    }

    /// The sectors of all instructions.
    ///
    /// ```
    /// # use cute::memory::{coalescing, Instruction};
    /// let r = coalescing(&"128:1".parse::<cute::dynamic::Layout>().unwrap(), 4, &"(32,4):(4,1)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 16 }).unwrap();
    /// assert_eq!(r.sectors(), 16);
    /// ```
    pub fn sectors(&self) -> u64 {
        self.instructions.iter().map(|t| t.sectors).sum()
    }

    /// The fewest sectors the instructions could touch.
    ///
    /// ```
    /// # use cute::memory::{coalescing, Instruction};
    /// let r = coalescing(&"128:1".parse::<cute::dynamic::Layout>().unwrap(), 4, &"(32,4):(4,1)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 16 }).unwrap();
    /// assert_eq!(r.min_sectors(), 16);
    /// ```
    pub fn min_sectors(&self) -> u64 {
        self.instructions.iter().map(|t| t.min_sectors).sum()
    }
}

/// The global-memory coalescing of the access `tv` (thread, value) -> tile index, moved by
/// `instruction` (each thread its bytes, all 32 threads of a warp), from the tile laid out by
/// `global` over `elem_bytes`-byte elements: for every warp instruction, the 32-byte sectors
/// and 128-byte lines touched against the fewest that could hold its bytes. The errors are
/// [`bank_conflicts`]'s, and `ldmatrix`/`stmatrix`, which move shared memory only, are an
/// [`InvalidArgument`](crate::error::ErrorKind::InvalidArgument) error.
///
/// ```
/// use cute::memory::{coalescing, Instruction};
/// // A warp reads a 32 x 4 column-major block of f32 as 16-byte vectors along the rows of a
/// // row-major 128 x 128 tile: each thread's vector is in its own row, 512 bytes apart.
/// let global: cute::dynamic::Layout = "(128,128):(128,1)".parse().unwrap();
/// let r = coalescing(&global, 4, &"(32,4):(1,128)".parse::<cute::dynamic::Layout>().unwrap(), Instruction::Vector { bytes: 16 }).unwrap();
/// let t = &r.instructions()[0];
/// assert_eq!((t.sectors, t.min_sectors, t.lines, t.min_lines), (32, 16, 32, 4));
/// assert_eq!(r.efficiency(), 0.5);
/// ```
pub fn coalescing(
    global: &impl PlainLayout,
    elem_bytes: i64,
    tv: &impl PlainLayout,
    instruction: Instruction,
) -> Result<CoalescingReport> {
    let (global, tv) = (global.to_dynamic_layout(), tv.to_dynamic_layout());
    if let Instruction::Matrix { .. } = instruction {
        return Err(invalid(format!("{} moves shared memory only, not global memory", instruction)));
    }
    let walk = Walk::new(Shared::from(&global), elem_bytes, &tv, instruction)?;
    let instructions = walk
        .instructions
        .into_iter()
        .map(|(warp, step, accesses)| {
            // The accesses as byte ranges (first and last byte: one past the last can pass i64),
            // merged where they overlap, counted once.
            let mut ranges: Vec<(i64, i64)> = accesses.iter().map(|a| (a.address, a.last_byte())).collect();
            ranges.sort_unstable();
            let (mut sectors, mut lines) = (BTreeSet::new(), BTreeSet::new());
            let mut used = 0u64;
            let mut covered: Option<i64> = None;
            for &(start, last) in &ranges {
                // The first byte not counted yet: none past a range that ends at i64::MAX.
                let from = match covered {
                    Some(c) if c >= start => c.checked_add(1),
                    _ => Some(start),
                };
                if let Some(from) = from.filter(|&f| f <= last) {
                    used = used.saturating_add(last.abs_diff(from)).saturating_add(1);
                }
                covered = Some(covered.map_or(last, |c| c.max(last)));
                sectors.extend(start.div_euclid(32)..=last.div_euclid(32));
                lines.extend(start.div_euclid(128)..=last.div_euclid(128));
            }
            let bytes = used;
            Traffic {
                warp,
                step,
                bytes,
                sectors: u64::try_from(sectors.len()).unwrap_or(u64::MAX),
                min_sectors: bytes.div_ceil(32),
                lines: u64::try_from(lines.len()).unwrap_or(u64::MAX),
                min_lines: bytes.div_ceil(128),
            }
        })
        .collect();
    Ok(CoalescingReport { instructions })
}
