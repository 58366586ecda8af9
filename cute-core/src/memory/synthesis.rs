//! Swizzle synthesis: the CuTe swizzle `Sw<B,M,S>` that, composed with a shared-memory tile,
//! takes the fewest wavefronts for the accesses that write the tile and read it.

use alloc::format;
use alloc::vec::Vec;

use super::f2::{apply, construct, distinct_offsets, index_bits, layout_of, linear_prefix, linear_tile, LinearAccess};
use super::{banks, BankReport, F2Optimum, Instruction, MAX_PAIRS};
use crate::dynamic::{make_swizzle, ComposedLayout, Error, ErrorKind, F2Layout, Layout, Result};
use crate::picture::Shared;
use crate::swizzle::Swizzle;
use crate::tensor::PlainLayout;

/// The most offset bits of a tile [`synthesize_swizzle`] searches (a cosize of at most 2^30
/// elements): a swizzle's bits and the F2 model's vectors stay well inside an `i64`.
///
/// ```
/// use cute::memory::{synthesize_swizzle, Access, Instruction, MAX_SWIZZLE_BITS};
/// let read = Access { tv: "(32,1):(1,0)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let wide: cute::dynamic::Layout = "(32,2):(2147483648,1)".parse().unwrap();
/// let e = synthesize_swizzle(&wide, 4, &[read]).unwrap_err();
/// assert_eq!(e.to_string(), format!("invalid argument: synthesize_swizzle: the offsets of (32,2):(2147483648,1) take 36 bits, more than the {} searched", MAX_SWIZZLE_BITS));
/// ```
pub const MAX_SWIZZLE_BITS: i64 = 30;

/// The most pairs and offsets a search visits: over the swizzles tried, the (thread, value)
/// pairs of the accesses walked through the analysis and the offsets of the tile checked to
/// stay below its cosize, 2^25 (about 4 s, release, on the machine of benches/README.md).
/// Where the tile's layout is linear over F2 on the index bits the accesses reach and their TV
/// layouts are too, the F2 model counts the accesses, and only the offsets checked count.
///
/// ```
/// use cute::memory::{synthesize_swizzle, Access, Instruction, MAX_SEARCH_WORK};
/// // A padded tile (the columns 1025 elements apart) of 2^20 elements, one warp reading a
/// // row: the padding makes the layout nonlinear where the access reaches, so it is walked.
/// let read = Access { tv: "(32,1):(1024,0)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let padded: cute::dynamic::Layout = "(1024,1024):(1,1025)".parse().unwrap();
/// let e = synthesize_swizzle(&padded, 4, &[read]).unwrap_err();
/// assert!(e.to_string().contains(&format!("more than the {} searched", MAX_SEARCH_WORK)));
/// ```
pub const MAX_SEARCH_WORK: i64 = 1 << 25;

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

impl Access {
    /// The access of a TV layout, the layout type's or the dynamic engine's.
    ///
    /// ```
    /// use cute::memory::{Access, Instruction};
    /// let a = Access::new(&cute::layout!((32,4):(4,1)), Instruction::Vector { bytes: 16 });
    /// assert_eq!(a.tv.to_string(), "(32,4):(4,1)");
    /// ```
    pub fn new(tv: &impl PlainLayout, instruction: Instruction) -> Access {
        Access { tv: tv.to_dynamic_layout(), instruction }
    }
}

/// A swizzle and the wavefronts of each access through it.
///
/// ```
/// # use cute::memory::{synthesize_swizzle, Access, Instruction};
/// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
/// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
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
    /// # let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
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
/// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
/// assert_eq!((s.unswizzled().total(), s.best().total(), s.ideal()), (1024, 32, &[32][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Synthesis {
    best: Candidate,
    unswizzled: Candidate,
    ideal: Vec<u64>,
    tried: usize,
    f2: core::result::Result<F2Optimum, Error>,
}

impl Synthesis {
    /// The swizzle of the fewest wavefronts over all accesses (the fewest bits among equals,
    /// then the lowest base and shift).
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
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
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
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
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
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
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
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
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
    /// assert!(s.tried() > 100);
    /// ```
    pub fn tried(&self) -> usize {
        self.tried
    }

    /// The best layout over all F2 swizzles of the tile, or why there is none: the tile's
    /// extents must be powers of two, the accesses one or two, their TV layouts linear over
    /// F2 (extents powers of two, bits that never carry). Where CuTe's best reaches it, it is
    /// that swizzle's layout, with [`F2Optimum::swizzle`] naming it.
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
    /// assert_eq!(s.f2().unwrap().layout.to_string(), "(32,32):(f33,f1)");
    /// let columns = Access { tv: "(32,24):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let odd = synthesize_swizzle(&"(32,24):(24,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[columns]).unwrap();
    /// assert_eq!(odd.f2().unwrap_err().to_string(), "invalid argument: extent 24 of the tile (32,24):(24,1) is not a power of two, so no F2 layout numbers its offsets");
    /// ```
    pub fn f2(&self) -> core::result::Result<&F2Optimum, &Error> {
        self.f2.as_ref()
    }

    /// Whether the best CuTe swizzle takes as few wavefronts as the F2 optimum (None where
    /// there is no F2 optimum).
    ///
    /// ```
    /// # use cute::memory::{synthesize_swizzle, Access, Instruction};
    /// # let read = Access { tv: "(32,32):(1,32)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    /// let s = synthesize_swizzle(&"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), 4, &[read]).unwrap();
    /// assert_eq!(s.reaches_f2_optimum(), Some(true));
    /// ```
    pub fn reaches_f2_optimum(&self) -> Option<bool> {
        self.f2.as_ref().ok().map(|f| self.best.total() <= f.total())
    }
}

/// The wavefronts of each access through `smem` as the analysis counts them, or None where an
/// access cannot be made (a vector broken by the swizzle) or the total reaches `bound` (no
/// better than the best so far, so not worth finishing).
fn evaluate(smem: Shared<'_>, elem_bytes: i64, accesses: &[Access], bound: u64) -> Result<Option<Vec<u64>>> {
    let mut wavefronts = Vec::with_capacity(accesses.len());
    for a in accesses {
        match banks(smem, elem_bytes, &a.tv, a.instruction) {
            Ok(r) => {
                wavefronts.push(r.wavefronts());
                if wavefronts.iter().sum::<u64>() >= bound {
                    return Ok(None);
                }
            }
            Err(e) if e.kind() == ErrorKind::InvalidArgument => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    Ok(Some(wavefronts))
}

/// The F2 optimum for `accesses` (analysed on the plain tile in `reports`), given CuTe's best.
fn f2_optimum(
    tile: &Layout,
    elem_bytes: i64,
    accesses: &[Access],
    reports: &[BankReport],
    best: &Candidate,
) -> Result<F2Optimum> {
    let bits = index_bits(tile)?;
    let linear = accesses
        .iter()
        .zip(reports)
        .map(|(a, r)| {
            LinearAccess::new(a, elem_bytes, r).map_err(|e| {
                Error::new(
                    ErrorKind::InvalidArgument,
                    format!("TV layout {} is not linear over F2: {}", a.tv, e.message()),
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let columns = construct(tile, bits, elem_bytes, &linear)?;
    let layout = layout_of(tile, &columns)?;
    let wavefronts = evaluate(Shared::from(&layout), elem_bytes, accesses, u64::MAX)?.ok_or_else(|| {
        Error::new(ErrorKind::InvalidArgument, format!("the F2 layout {} breaks an access's vectors", layout))
    })?;
    let built = F2Optimum { layout, wavefronts, swizzle: None };
    // CuTe's best, where it is as good (it is an F2 layout too when the tile is a permutation
    // of its index bits), in F2 strides and named.
    if linear_tile(tile).is_some() && best.total() <= built.total() {
        let layout = F2Layout::from_swizzle(best.swizzle, bits)?.composition_layout(tile)?;
        return Ok(F2Optimum { layout, wavefronts: best.wavefronts.clone(), swizzle: Some(best.swizzle) });
    }
    Ok(built)
}

/// The valid swizzles whose bits lie below `bits` (B >= 1, |S| >= B, both bit ranges
/// `[M + max(0,S), +B)` and `[M - min(0,S), +B)` inside the bits), by bits, base, then shift.
fn swizzles(bits: i64) -> impl Iterator<Item = Swizzle> {
    (1..=bits).flat_map(move |b| {
        (0..=bits).flat_map(move |m| {
            (bits.saturating_neg()..=bits).filter_map(move |s| {
                let (hi, lo) = (m.saturating_add(s.max(0)), m.saturating_sub(s.min(0)));
                if s.unsigned_abs() < b.unsigned_abs() || hi.max(lo).saturating_add(b) > bits {
                    return None;
                }
                make_swizzle(b, m, s).ok()
            })
        })
    })
}

/// The CuTe swizzle `Sw<B,M,S>` that, composed with `tile` (`Sw<B,M,S> o 0 o tile`, in units of
/// `elem_bytes`-byte elements), takes the fewest wavefronts for `accesses` (the writes and the
/// reads of the tile), and the best layout over all F2 swizzles ([`Synthesis::f2`]).
///
/// Every valid swizzle whose bits lie below the tile's cosize is tried (B >= 1, |S| >= B, both
/// bit ranges inside the offsets, every offset of the tile kept below its cosize), and one that
/// breaks an access's vectors is passed over. Where the tile's layout is linear over F2 on the
/// index bits the accesses reach and their TV layouts are linear too, each is counted by the
/// F2 model (two ranks per access, see [`F2Optimum`]); otherwise each access is walked through
/// the analysis. Either way the answers are the analysis's: the best swizzle and the F2
/// optimum are measured by [`bank_conflicts`](super::bank_conflicts). Ties go to the fewest
/// bits, then the lowest base, then the lowest shift (negative shifts first). The tile and the
/// TV layouts may be the layout type's or the dynamic engine's.
///
/// Errors: the tile without a swizzle cannot be accessed so (the analysis's error); no access
/// given, a tile whose offsets take more than [`MAX_SWIZZLE_BITS`] bits, or a walked search of
/// more than [`MAX_SEARCH_WORK`] ([`InvalidArgument`](crate::error::ErrorKind::InvalidArgument)).
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
/// assert_eq!(s.f2().unwrap().layout.to_string(), "(8,64):(f72,f1)");
/// ```
pub fn synthesize_swizzle(tile: &impl PlainLayout, elem_bytes: i64, accesses: &[Access]) -> Result<Synthesis> {
    synthesize(&tile.to_dynamic_layout(), elem_bytes, accesses)
}

fn synthesize(tile: &Layout, elem_bytes: i64, accesses: &[Access]) -> Result<Synthesis> {
    if accesses.is_empty() {
        return Err(Error::new(ErrorKind::InvalidArgument, "synthesize_swizzle: no access to make conflict-free"));
    }
    // The accesses on the tile as it is: their errors are the synthesis's.
    let reports = accesses
        .iter()
        .map(|a| banks(Shared::from(tile), elem_bytes, &a.tv, a.instruction))
        .collect::<Result<Vec<BankReport>>>()?;
    let ideal: Vec<u64> = reports.iter().map(BankReport::ideal).collect();
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
    // The F2 model where it applies: the tile linear over the index bits the accesses reach,
    // the accesses as index vectors.
    let prefix = linear_prefix(tile);
    let linear: Option<(Vec<i64>, Vec<LinearAccess>)> = accesses
        .iter()
        .zip(&reports)
        .map(|(a, r)| LinearAccess::new(a, elem_bytes, r).ok())
        .collect::<Option<Vec<_>>>()
        .filter(|l| l.iter().all(|a| u32::try_from(prefix.len()).is_ok_and(|p| a.reach().checked_shr(p) == Some(0))))
        .map(|l| (prefix, l));
    // A swizzle must keep the tile's offsets inside it: any does when the cosize is a power of
    // two (the swizzle permutes the offsets below it); otherwise the offsets are listed once.
    let offsets: Vec<i64> = if cosize.count_ones() == 1 {
        Vec::new()
    } else {
        distinct_offsets(tile)?.ok_or_else(|| {
            Error::new(
                ErrorKind::TooManyCells,
                format!(
                    "synthesize_swizzle: {} has {} offsets to keep below its cosize {}, more than the {} checked",
                    tile,
                    tile.size().unwrap_or(i64::MAX),
                    cosize,
                    MAX_PAIRS
                ),
            )
        })?
    };
    // A swizzle changes only its ZZZ bits, so an offset can leave the tile only in the top
    // block of 2^hi offsets (hi the bit above the ZZZ bits), and only where the cosize ends
    // inside that block: those offsets are the ones checked.
    let at_risk = |sw: &Swizzle| -> &[i64] {
        let hi = 64u32.saturating_sub(sw.zzz_mask().leading_zeros());
        match 1i64.checked_shl(hi) {
            Some(block) if offsets.is_empty() || cosize.checked_rem(block) == Some(0) => &[],
            _ => {
                let from = (cosize.saturating_sub(1) >> hi.min(63)) << hi.min(63);
                &offsets[offsets.partition_point(|&o| o < from)..]
            }
        }
    };
    let candidates: Vec<Swizzle> = swizzles(bits).collect();
    let pairs: i64 = match linear {
        Some(_) => 0,
        None => accesses.iter().map(|a| a.tv.size().unwrap_or(i64::MAX)).fold(0, i64::saturating_add),
    };
    let work = candidates
        .iter()
        .fold(0i64, |w, c| w.saturating_add(pairs).saturating_add(i64::try_from(at_risk(c).len()).unwrap_or(i64::MAX)));
    if work > MAX_SEARCH_WORK {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!(
                "synthesize_swizzle: trying every swizzle of {} visits {} pairs and offsets, more than the {} searched (where the tile is linear over F2 on the indices the accesses reach, and the TV layouts too, the F2 model counts the pairs instead)",
                tile, work, MAX_SEARCH_WORK
            ),
        ));
    }
    let eps = elem_bytes.trailing_zeros();
    let unswizzled =
        Candidate { swizzle: make_swizzle(0, 0, 0)?, wavefronts: reports.iter().map(BankReport::wavefronts).collect() };
    let mut best = unswizzled.clone();
    let mut tried = 1usize;
    for swizzle in candidates {
        if at_risk(&swizzle).iter().any(|&o| !(0..cosize).contains(&swizzle.apply(o))) {
            continue;
        }
        tried = tried.saturating_add(1);
        // Only a strictly better total replaces the best, so a walked candidate stops counting
        // once it reaches it.
        let wavefronts = match &linear {
            Some((t, l)) => {
                let s = |v: i64| swizzle.apply(apply(t, v));
                l.iter().map(|a| a.wavefronts(s, eps)).collect::<Option<Vec<u64>>>()
            }
            None => {
                let smem = ComposedLayout::new(swizzle, 0, tile.clone());
                evaluate(Shared::from(&smem), elem_bytes, accesses, best.total())?
            }
        };
        if let Some(wavefronts) = wavefronts.filter(|w| w.iter().sum::<u64>() < best.total()) {
            best = Candidate { swizzle, wavefronts };
        }
    }
    // The answer as the analysis counts it.
    if linear.is_some() {
        let smem = ComposedLayout::new(best.swizzle, 0, tile.clone());
        best.wavefronts = evaluate(Shared::from(&smem), elem_bytes, accesses, u64::MAX)?
            .ok_or_else(|| Error::new(ErrorKind::InvalidArgument, format!("{} breaks an access's vectors", smem)))?;
    }
    let f2 = f2_optimum(tile, elem_bytes, accesses, &reports, &best);
    Ok(Synthesis { best, unswizzled, ideal, tried, f2 })
}
