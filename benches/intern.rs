//! A layout search with and without the interning table (`cute::dynamic::LayoutTable`): every
//! swizzle of a shared-memory tile composed with every one of a set of thread-value layouts,
//! the question asked once per candidate of the search (four candidates ask the same ones, as
//! the k-blocks or warp arrangements of a tiled MMA do).
//!
//! Run with `cargo bench --bench intern`; the recorded run is in `benches/README.md`. `main`
//! checks first that both searches give the same layouts.

use cute::dynamic::{ComposedLayout, Entry, Layout, LayoutTable, TableId, Tiler};
use cute::swizzle::Swizzle;
use divan::{black_box, Bencher};

/// The tile: 16 rows of 64 elements, row-major.
const TILE: &str = "(16,64):(64,1)";

/// (thread, value) -> the tile's column-major index.
const TVS: [&str; 6] = [
    "(32,8):(1,32)",
    "(32,8):(8,1)",
    "((4,8),(2,4)):((2,16),(1,128))",
    "((8,4),8):((1,128),16)",
    "(128,8):(1,128)",
    "((2,16),(2,16)):((1,32),(2,64))",
];

/// How many candidates of the search ask each question.
const CANDIDATES: usize = 4;

fn swizzles() -> Vec<Swizzle> {
    let mut out = Vec::new();
    for b in 0..=3 {
        for m in 0..=3 {
            for s in 1..=4 {
                if let Ok(sw) = Swizzle::new(b, m, s) {
                    out.push(sw);
                }
            }
        }
    }
    out
}

struct Inputs {
    tiles: Vec<ComposedLayout>,
    tvs: Vec<Layout>,
}

fn inputs() -> Inputs {
    let tile: Layout = TILE.parse().unwrap();
    Inputs {
        tiles: swizzles().into_iter().map(|sw| ComposedLayout::new(sw, 0, tile.clone())).collect(),
        tvs: TVS.iter().map(|t| t.parse().unwrap()).collect(),
    }
}

/// Every question, asked by every candidate, computed each time.
fn search_plain(x: &Inputs) -> Vec<Option<ComposedLayout>> {
    let mut out = Vec::new();
    for _ in 0..CANDIDATES {
        for tile in &x.tiles {
            for tv in &x.tvs {
                out.push(tile.composition(&Tiler::Layout(tv.clone())).ok());
            }
        }
    }
    out
}

/// The same search over ids of a fresh table, each question computed once: the answers' ids
/// (a search compares and keeps ids; the layouts stay in the table).
fn search_interned(x: &Inputs) -> (Vec<Option<TableId>>, LayoutTable) {
    let mut table = LayoutTable::new();
    let tiles: Vec<_> = x.tiles.iter().map(|t| table.intern_composed(t).unwrap()).collect();
    let tvs: Vec<_> = x.tvs.iter().map(|t| table.intern(t).unwrap()).collect();
    let mut ids = Vec::new();
    for _ in 0..CANDIDATES {
        for &tile in &tiles {
            for &tv in &tvs {
                ids.push(table.composition(tile, tv).ok());
            }
        }
    }
    (ids, table)
}

#[divan::bench]
fn plain(bencher: Bencher) {
    let x = inputs();
    bencher.bench_local(|| search_plain(black_box(&x)).len());
}

#[divan::bench]
fn interned(bencher: Bencher) {
    let x = inputs();
    bencher.bench_local(|| search_interned(black_box(&x)).1.len());
}

fn main() {
    let x = inputs();
    let plain = search_plain(&x);
    let (ids, table) = search_interned(&x);
    let interned: Vec<Option<ComposedLayout>> = ids
        .iter()
        .map(|id| {
            id.map(|id| match table.get(id).unwrap() {
                Entry::Swizzled(c) => c.clone(),
                Entry::Plain(l) => panic!("a swizzled tile composed to the plain {}", l),
            })
        })
        .collect();
    assert_eq!(plain, interned, "the interned search differs from the plain one");
    let ok = plain.iter().filter(|r| r.is_some()).count();
    let questions = x.tiles.len() * x.tvs.len();
    assert!(ok > plain.len() / 2, "{} of {} compositions succeed", ok, plain.len());
    assert_eq!(table.stats().misses as usize, questions);
    println!(
        "{} swizzles x {} TV layouts, asked by {} candidates: {} compositions ({} Ok), {} computed once with the table",
        x.tiles.len(),
        x.tvs.len(),
        CANDIDATES,
        plain.len(),
        ok,
        questions
    );
    divan::main();
}
