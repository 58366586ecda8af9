//! Benchmarks of `cute::memory`: the bank conflicts and the coalescing of one access to a
//! 128 x 64 tile of 16-bit elements (8,192 elements, 16 KiB) by 128 threads moving 16 bytes at
//! a time (8 instructions per thread, 4 warps), plain and with CuTe's 128-byte swizzle.
//!
//! Run with `cargo bench --bench memory`; results in benches/README.md.

use cute::dynamic::{make_swizzle, ComposedLayout, Layout};
use cute::memory::{bank_conflicts, coalescing, synthesize_swizzle, Access, Instruction};
use cute::picture::Shared;
use divan::{black_box, Bencher};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

/// The row-major tile: 128 rows of 64 elements (128 bytes).
fn tile() -> Layout {
    "(128,64):(64,1)".parse().unwrap()
}

/// Thread t reads row t, 8 elements at a time (its 64 values along the row): tile index
/// t + 128 * v.
fn tv() -> Layout {
    "(128,64):(1,128)".parse().unwrap()
}

const V16: Instruction = Instruction::Vector { bytes: 16 };

#[divan::bench]
fn banks_plain(bencher: Bencher) {
    let (smem, tv) = (tile(), tv());
    bencher.bench(|| black_box(bank_conflicts(Shared::from(&smem), 2, &tv, V16).unwrap()));
}

#[divan::bench]
fn banks_swizzled(bencher: Bencher) {
    let (smem, tv) = (ComposedLayout::new(make_swizzle(3, 3, 3).unwrap(), 0, tile()), tv());
    bencher.bench(|| black_box(bank_conflicts(Shared::from(&smem), 2, &tv, V16).unwrap()));
}

#[divan::bench]
fn sectors(bencher: Bencher) {
    let (global, tv) = (tile(), tv());
    bencher.bench(|| black_box(coalescing(&global, 2, &tv, V16).unwrap()));
}

/// The writes (16-byte vectors along the rows, thread t: row t / 8, chunk t % 8, 1024 threads)
/// and the ldmatrix.x4 reads (thread t: row t % 8 of an 8-row block, chunk t / 8) of the tile.
fn accesses() -> [Access; 2] {
    [
        Access { tv: "((8,128),8):((1024,1),128)".parse().unwrap(), instruction: V16 },
        Access {
            tv: "((8,4,16),(8,2)):((1,1024,8),(128,4096))".parse().unwrap(),
            instruction: Instruction::atom("SM75_U32x4_LDSM_N").unwrap(),
        },
    ]
}

#[divan::bench(sample_count = 10)]
fn synthesis(bencher: Bencher) {
    let (smem, accesses) = (tile(), accesses());
    bencher.bench(|| black_box(synthesize_swizzle(&smem, 2, &accesses).unwrap()));
}

/// The same tile padded by 8 elements a row (a layout the F2 model does not count, so every
/// swizzle is walked through the analysis).
#[divan::bench(sample_count = 10)]
fn synthesis_padded(bencher: Bencher) {
    let (smem, accesses) = (padded(), padded_accesses());
    bencher.bench(|| black_box(synthesize_swizzle(&smem, 2, &accesses).unwrap()));
}

fn padded() -> Layout {
    "(128,64):(72,1)".parse().unwrap()
}

/// The writes and the ldmatrix.x4 reads of `accesses`, on the padded tile's indices (which
/// are the plain tile's: the padding changes offsets only).
fn padded_accesses() -> [Access; 2] {
    accesses()
}

/// Five stages of a 128 x 128 tile of 8-bit elements (128-byte rows, 17 offset bits, a stage
/// count that is not a power of two, so walked): stage 0 written in 16-byte vectors along the
/// rows by 128 threads and read by ldmatrix.x4.
fn stages() -> (Layout, [Access; 2]) {
    let tile = "(128,128,5):(128,1,16384)".parse().unwrap();
    // Thread t: chunk t % 8 of row t / 8, then 8 row blocks of 16: row + 128 * column.
    let write = Access { tv: "((8,16),(16,8)):((2048,1),(128,16))".parse().unwrap(), instruction: V16 };
    // Thread t: row t % 8, chunk t / 8; 16 row blocks, 2 chunk blocks.
    let read = Access {
        tv: "((8,4),(16,16,2)):((1,2048),(128,8,8192))".parse().unwrap(),
        instruction: Instruction::atom("SM75_U32x4_LDSM_N").unwrap(),
    };
    (tile, [write, read])
}

#[divan::bench(sample_count = 3)]
fn synthesis_five_stages(bencher: Bencher) {
    let (smem, accesses) = stages();
    bencher.bench(|| black_box(synthesize_swizzle(&smem, 1, &accesses).unwrap()));
}

fn main() {
    let s = synthesize_swizzle(&tile(), 2, &accesses()).unwrap();
    println!(
        "synthesis over 128x64 f16, 16-byte row writes and ldmatrix.x4 reads: {} swizzles tried, none {:?}, best {} {:?}, ideal {:?}",
        s.tried(),
        s.unswizzled().wavefronts,
        s.best().swizzle,
        s.best().wavefronts,
        s.ideal()
    );
    for (name, tile, elem, accesses) in [
        ("128x64 f16 padded to 72", padded(), 2, padded_accesses()),
        ("five stages of 128x128 fp8", stages().0, 1, stages().1),
    ] {
        let s = synthesize_swizzle(&tile, elem, &accesses).unwrap();
        println!(
            "synthesis over {}: {} swizzles tried, none {:?}, best {} {:?}, ideal {:?}, F2 optimum {:?}",
            name,
            s.tried(),
            s.unswizzled().wavefronts,
            s.best().swizzle,
            s.best().wavefronts,
            s.ideal(),
            s.f2().map(|f| f.wavefronts.clone())
        );
    }
    let (smem, tv) = (tile(), tv());
    let plain = bank_conflicts(Shared::from(&smem), 2, &tv, V16).unwrap();
    let sw = ComposedLayout::new(make_swizzle(3, 3, 3).unwrap(), 0, tile());
    let swizzled = bank_conflicts(Shared::from(&sw), 2, &tv, V16).unwrap();
    println!(
        "128x64 f16, 16-byte accesses along the rows: plain {} wavefronts (ideal {}), Sw<3,3,3> {} (ideal {})",
        plain.wavefronts(),
        plain.ideal(),
        swizzled.wavefronts(),
        swizzled.ideal()
    );
    divan::main();
}
