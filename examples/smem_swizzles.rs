//! The usual GEMM shared-memory tiles (64 rows, 32- to 128-byte rows of 16- or 32-bit
//! elements): the swizzle CUTLASS's selector picks (the widest of SW32, SW64, SW128 that
//! divides the row; in element units `Sw<B, 4 - log2(bytes), 3>`), the swizzle
//! `synthesize_swizzle` finds, and the wavefronts of each for the tile's writes (16-byte
//! vectors along the rows, consecutive threads along a row) and reads (`ldmatrix.x4`: 8
//! threads give the 8 rows of one 16-byte column of chunks; `.trans` reads the same rows, so
//! K-major and MN-major tiles, whose contiguous rows run along K or along M/N, meet the banks
//! alike).
//!
//! ```text
//! cargo run --example smem_swizzles
//! ```

use cute::dynamic::{make_swizzle, ComposedLayout, Layout};
use cute::memory::{bank_conflicts, synthesize_swizzle, Access, Instruction};
use cute::picture::Shared;

const ROWS: i64 = 64;

/// The writes: thread t moves the 16-byte chunk t % C of row t / C (C chunks a row).
fn writes(chunks: i64, per: i64) -> Layout {
    // (thread, value) -> row + ROWS * (per * chunk + value).
    format!("(({},{}),{}):(({},1),{})", chunks, ROWS, per, ROWS * per, ROWS).parse().unwrap()
}

/// The ldmatrix.x4 reads: in each warp, thread t gives row t % 8 of matrix t / 8; matrix j is
/// chunk j % C of the 8-row block j / C (C chunks a row, at most 4 per instruction).
fn reads(chunks: i64, per: i64) -> Layout {
    // Warps over 8-row blocks; within a warp 4 matrices: (row in block, chunk, block), then the
    // instructions over the remaining chunks.
    let c = chunks.min(4);
    let blocks_per_warp = 4 / c;
    let warps = ROWS / (8 * blocks_per_warp);
    let steps = chunks / c;
    format!(
        "((8,{},{},{}),({},{})):((1,{},8,{}),({},{}))",
        c,
        blocks_per_warp,
        warps,
        per,
        steps,
        ROWS * per,
        8 * blocks_per_warp,
        ROWS,
        ROWS * per * c
    )
    .parse()
    .unwrap()
}

fn main() {
    print!("{}", table());
}

/// The table, in Markdown.
pub fn table() -> String {
    let mut out = String::new();
    out.push_str("| element | row | CUTLASS's choice | its wavefronts (write, read) | synthesized | its wavefronts | F2 optimum | its wavefronts | no swizzle | ideal |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
    for elem in [2i64, 4] {
        for width in [32i64, 64, 128] {
            let per = 16 / elem;
            let chunks = width / 16;
            let tile: Layout = format!("({},{}):({},1)", ROWS, width / elem, width / elem).parse().unwrap();
            let accesses = [
                Access { tv: writes(chunks, per), instruction: Instruction::Vector { bytes: 16 } },
                Access { tv: reads(chunks, per), instruction: Instruction::atom("SM75_U32x4_LDSM_N").unwrap() },
            ];
            // SW32, SW64, SW128: B = log2(width / 16), on 16-byte chunks (M = 4 in bytes), rows
            // of 128 bytes (S = 3).
            let b = (width / 16).trailing_zeros() as i64;
            let m = 4 - elem.trailing_zeros() as i64;
            let cutlass = make_swizzle(b, m, 3).unwrap();
            let with = ComposedLayout::new(cutlass, 0, tile.clone());
            let theirs: Vec<u64> = accesses
                .iter()
                .map(|a| bank_conflicts(Shared::from(&with), elem, &a.tv, a.instruction).unwrap().wavefronts())
                .collect();
            let s = synthesize_swizzle(&tile, elem, &accesses).unwrap();
            let f2 = s.f2().unwrap();
            out.push_str(&format!(
                "| {}-bit | {} B | SW{} = {} | {:?} | {} | {:?} | {} | {:?} | {:?} | {:?} |\n",
                elem * 8,
                width,
                width,
                cutlass,
                theirs,
                s.best().swizzle,
                s.best().wavefronts,
                f2.swizzle.map_or(format!("`{}`", f2.layout), |w| format!("= {}", w)),
                f2.wavefronts,
                s.unswizzled().wavefronts,
                s.ideal()
            ));
        }
    }
    out
}
