//! Seed 002's three permutations as memory accesses: how the same 64 elements per thread meet
//! global memory (coalescing) and shared memory (bank conflicts).
//!
//! `cargo run --example seed_002_memory` prints, as Markdown, one row per permutation
//! (`(16,4):(4,1)`, `(16,4):(1,16)`, `(16,8):(8,1)`) and vector width (the widest one the
//! access allows, then 4 bytes, one f32 per instruction, for comparison): the sectors and
//! 128-byte lines of one warp instruction against the fewest that hold its bytes, the sectors
//! of the whole tile, the efficiency (bytes used over bytes fetched), and the shared-memory
//! wavefronts of one warp instruction and of a warp's whole access against the ideal, with the
//! conflict degree. Below the table, each permutation's TV layout and why no wider vector
//! moves its values.
//!
//! The access is seed 002's partition of the 128 x 128 row-major f32 tile `(128,128):(128,1)`
//! over 256 threads (thread k at row group k / 16 and column group k % 16, the permutation
//! applied to both modes), as one TV layout: thread k in mode 0, its 64 values in mode 1,
//! column by column along a row first (the tile's contiguous direction), mapping to the tile's
//! column-major index `row + 128 * col`. The same layout is the tile in global memory and
//! staged in shared memory; `cute::memory::coalescing` and `cute::memory::bank_conflicts`
//! compute every number (warps are threads 32w .. 32w + 31, each thread moving V consecutive
//! values per instruction). A figure `a-b` is the range over the warp instructions, where
//! they differ.

use cute::dynamic::{Error, Layout};
use cute::memory::{bank_conflicts, coalescing, Instruction};
use cute::picture::Shared;

/// Seed 002's permutations, applied to the M and to the N mode.
pub const PERMS: [&str; 3] = ["(16,4):(4,1)", "(16,4):(1,16)", "(16,8):(8,1)"];

/// The bytes of an f32.
pub const ELEM_BYTES: i64 = 4;

/// The tile, index (column-major over (128, 128)) -> element offset: row-major.
pub fn tile() -> Layout {
    "(128,128):(128,1)".parse().unwrap()
}

/// A permutation `(16,R):(group_stride,chunk_stride)`: (group stride, R, chunk stride).
pub fn strides(perm: &Layout) -> (i64, i64, i64) {
    let (groups, chunk) = (perm.mode(0).unwrap(), perm.mode(1).unwrap());
    assert_eq!(groups.shape().as_int(), Some(16), "{}: 16 groups, one per thread", perm);
    (groups.stride().as_int().unwrap(), chunk.shape().as_int().unwrap(), chunk.stride().as_int().unwrap())
}

/// The TV layout of the whole partition under `perm`: thread k = (tm, tn) = (k / 16, k % 16) in
/// mode 0, its values in mode 1 as (column chunk, column rest, row chunk, row rest), mapping to
/// the column-major index `row + 128 * col` of the (128, 128) tile. Thread k owns the rows
/// `tm * gs + i * rs + 16 R j` (i < R, j < 128 / 16 R) and the same of `tn` as columns.
pub fn tv_layout(perm: &Layout) -> Layout {
    let (gs, r, rs) = strides(perm);
    let covered = 16 * r;
    let rests = 128 / covered;
    // The rest's stride, 0 where there is no rest (the permutation covers all 128).
    let rest = if rests == 1 { 0 } else { covered };
    format!(
        "((16,16),(({r},{rests}),({r},{rests}))):(({},{gs}),(({},{}),({rs},{rest})))",
        128 * gs,
        128 * rs,
        128 * rest
    )
    .parse()
    .unwrap()
}

/// The instruction moving `v` f32 values per thread.
pub fn vector(v: i64) -> Instruction {
    Instruction::Vector { bytes: u32::try_from(v * ELEM_BYTES).unwrap() }
}

/// Whether both analyses accept `v` values per instruction: contiguous and aligned in memory.
pub fn accepts(tv: &Layout, v: i64) -> Result<(), Error> {
    let t = tile();
    coalescing(&t, ELEM_BYTES, tv, vector(v))?;
    bank_conflicts(Shared::from(&t), ELEM_BYTES, tv, vector(v))?;
    Ok(())
}

/// The widest vector, in values, among 4, 2, 1, and the refusal of the next wider one (none
/// when 16 bytes, the widest access, pass).
pub fn widest(tv: &Layout) -> (i64, Option<Error>) {
    let mut refused = None;
    for v in [4, 2, 1] {
        match accepts(tv, v) {
            Ok(()) => return (v, refused),
            Err(e) => refused = Some(e),
        }
    }
    panic!("no vector moves {}: {:?}", tv, refused)
}

/// One row of the table: one permutation moved `values` f32 per instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub perm: &'static str,
    pub widest: bool,
    pub values: i64,
    /// Instructions per thread, 64 / values.
    pub steps: i64,
    /// (fewest, most) over the warp instructions.
    pub sectors: (u64, u64),
    pub min_sectors: (u64, u64),
    pub lines: (u64, u64),
    pub min_lines: (u64, u64),
    /// Sectors of all warp instructions, the whole tile.
    pub tile_sectors: u64,
    pub efficiency: f64,
    /// Wavefronts of one warp instruction and its ideal, (fewest, most).
    pub wavefronts: (u64, u64),
    pub ideal: (u64, u64),
    /// Wavefronts of one warp's whole access (all its instructions) and its ideal.
    pub warp_wavefronts: (u64, u64),
    pub warp_ideal: (u64, u64),
    pub degree: u32,
}

fn range(xs: impl Iterator<Item = u64>) -> (u64, u64) {
    xs.fold((u64::MAX, 0), |(lo, hi), x| (lo.min(x), hi.max(x)))
}

/// The row of `perm` moved `values` per instruction.
pub fn row(perm: &'static str, values: i64) -> Row {
    let tv = tv_layout(&perm.parse().unwrap());
    let t = tile();
    let g = coalescing(&t, ELEM_BYTES, &tv, vector(values)).unwrap();
    let b = bank_conflicts(Shared::from(&t), ELEM_BYTES, &tv, vector(values)).unwrap();
    let gi = g.instructions();
    let bi = b.instructions();
    let warps = bi.iter().map(|i| i.warp).max().unwrap() + 1;
    let per_warp = |f: &dyn Fn(&cute::memory::WarpInstruction) -> u64| {
        range((0..warps).map(|w| bi.iter().filter(|i| i.warp == w).map(f).sum::<u64>()))
    };
    Row {
        perm,
        widest: widest(&tv).0 == values,
        values,
        steps: 64 / values,
        sectors: range(gi.iter().map(|t| t.sectors)),
        min_sectors: range(gi.iter().map(|t| t.min_sectors)),
        lines: range(gi.iter().map(|t| t.lines)),
        min_lines: range(gi.iter().map(|t| t.min_lines)),
        tile_sectors: g.sectors(),
        efficiency: g.efficiency(),
        wavefronts: range(bi.iter().map(|i| i.wavefronts())),
        ideal: range(bi.iter().map(|i| i.ideal())),
        warp_wavefronts: per_warp(&|i| i.wavefronts()),
        warp_ideal: per_warp(&|i| i.ideal()),
        degree: b.degree(),
    }
}

/// The table's rows: each permutation at its widest vector, then at one f32 per instruction
/// (once, where that is the widest).
pub fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for perm in PERMS {
        let (v, _) = widest(&tv_layout(&perm.parse().unwrap()));
        rows.push(row(perm, v));
        if v != 1 {
            rows.push(row(perm, 1));
        }
    }
    rows
}

fn show((lo, hi): (u64, u64)) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{}-{}", lo, hi)
    }
}

/// The table and the notes, as the guide states them.
pub fn markdown() -> String {
    let mut out = String::from(
        "| permutation | vector per thread | instructions per thread | sectors per warp instruction (fewest) \
         | lines per warp instruction (fewest) | sectors, whole tile | efficiency \
         | wavefronts per warp instruction (ideal) | wavefronts per warp, all 64 values (ideal) | conflict degree |\n\
         |---|---|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows() {
        out += &format!(
            "| `{}` | {} bytes{} | {} | {} ({}) | {} ({}) | {} | {}% | {} ({}) | {} ({}) | {} |\n",
            r.perm,
            r.values * ELEM_BYTES,
            if r.widest { ", the widest" } else { "" },
            r.steps,
            show(r.sectors),
            show(r.min_sectors),
            show(r.lines),
            show(r.min_lines),
            r.tile_sectors,
            r.efficiency * 100.0,
            show(r.wavefronts),
            show(r.ideal),
            show(r.warp_wavefronts),
            show(r.warp_ideal),
            r.degree
        );
    }
    out += "\n";
    for perm in PERMS {
        let tv = tv_layout(&perm.parse().unwrap());
        let (v, refused) = widest(&tv);
        out += &format!("- `{}`: TV layout `{}`; ", perm, tv);
        out += &match refused {
            None => format!("{}-byte vectors, the widest access", v * ELEM_BYTES),
            Some(e) => format!("{}-byte vectors, {}-byte ones are refused: {}", v * ELEM_BYTES, 2 * v * ELEM_BYTES, e),
        };
        out += ".\n";
    }
    out
}

fn main() {
    print!("{}", markdown());
}
