//! Benchmarks of the pictures (`cute::picture`) at the size the issue asks to stay usable: a
//! 128 x 128 tile (16,384 cells), as a plain layout, as seed 002's thread-value layout and as
//! a swizzled layout by bank; each built once and rendered as SVG, TikZ and the text table.
//!
//! Run with `cargo bench --bench pictures`; `benches/pictures.sh` measures the files' sizes and
//! the time and memory Chromium takes to render the SVG. Results in benches/README.md.

use cute::dynamic::{make_swizzle, ComposedLayout, IntTuple, Layout};
use cute::picture::{Picture, Shared};
use divan::{black_box, Bencher};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn plain() -> Picture {
    Picture::layout(&"(128,128):(128,1)".parse::<Layout>().unwrap()).unwrap()
}

fn seed_002() -> Picture {
    let tile: IntTuple = "(128,128)".parse().unwrap();
    let tv: Layout = "((16,16),((4,2),(4,2))):((512,4),((1,64),(128,8192)))".parse().unwrap();
    Picture::tv(&tile, &tv).unwrap()
}

fn banks() -> Picture {
    let sw = ComposedLayout::new(make_swizzle(3, 4, 3).unwrap(), 0, "(128,128):(128,1)".parse().unwrap());
    Picture::banks(Shared::from(&sw), 2).unwrap()
}

/// A named picture and how to build it.
type Named = (&'static str, fn() -> Picture);

const PICTURES: [Named; 3] = [("plain", plain), ("seed_002_tv", seed_002), ("banks", banks)];
const NAMES: [&str; 3] = ["plain", "seed_002_tv", "banks"];

fn make(name: &str) -> Picture {
    PICTURES.iter().find(|(n, _)| *n == name).map(|(_, f)| f()).unwrap()
}

/// Building the picture: every cell's coordinate, offset, thread or bank.
#[divan::bench(args = NAMES)]
fn build(bencher: Bencher, which: &str) {
    bencher.bench(|| black_box(make(which)));
}

#[divan::bench(args = NAMES)]
fn svg(bencher: Bencher, which: &str) {
    let p = make(which);
    bencher.bench(|| black_box(p.svg()));
}

#[divan::bench(args = NAMES)]
fn latex(bencher: Bencher, which: &str) {
    let p = make(which);
    bencher.bench(|| black_box(p.latex()));
}

#[divan::bench(args = NAMES)]
fn table(bencher: Bencher, which: &str) {
    let p = make(which);
    bencher.bench(|| black_box(p.table()));
}

fn main() {
    for (name, make) in PICTURES {
        let p = make();
        println!(
            "{}: {} cells, SVG {} bytes, TikZ {} bytes, table {} bytes",
            name,
            p.cells().len(),
            p.svg().len(),
            p.latex().len(),
            p.table().len()
        );
    }
    divan::main();
}
