//! Seed 002's thread-value partition of a 128 x 128 row-major C tile over 256 threads.
//!
//! `cargo run --example tv_partition -- --thread K --perm LAYOUT` prints thread K's partition
//! of C as `OFFSET o LAYOUT` on its first line (thread 0 with `(16,4):(4,1)`:
//! `0 o (1,(4,2),(4,2)):(0,(128,8192),(1,64))`), then the rows and the columns it owns.
//!
//! Everything is computed by the algebra: C's layout `(128,128):(128,1)` is divided by the
//! permutation in both modes (`logical_divide(C, <perm, perm>)`), the threads are laid out
//! 16 x 16 row-major (`(16,16):(16,1)`: thread k at row group k/16 and column group k%16),
//! `make_layout_tv` gives the tiler and the thread-value layout (one value per thread), and
//! `partition_tv` slices thread K's (V, M, N) out of the divided C.

use std::collections::BTreeSet;
use std::process::ExitCode;

use cute::dynamic::{make_layout_tv, Error, Layout, Tiler};
use cute::tensor::{make_tensor, Counting, Tensor};

/// Thread `thread`'s partition of the C tile under `perm`, as a tensor of C's offsets.
fn partition(thread: i64, perm: &Layout) -> Result<Tensor<Counting, Layout>, Error> {
    let c = make_tensor(Counting(128 * 128), "(128,128):(128,1)".parse::<Layout>()?)?;
    let permuted = c.logical_divide(&Tiler::Tuple(vec![Tiler::Layout(perm.clone()), Tiler::Layout(perm.clone())]))?;
    let threads: Layout = "(16,16):(16,1)".parse()?;
    let one_value = Layout::column_major("(1,1)".parse()?)?;
    let (tiler, tv) = make_layout_tv(&threads, &one_value)?;
    let tiler: Tiler = tiler.to_string().parse()?;
    permuted.partition_tv(&tiler, &tv, thread)
}

fn run(args: &[String]) -> Result<String, String> {
    let (mut thread, mut perm) = (0i64, String::from("(16,4):(4,1)"));
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next().ok_or_else(|| format!("{} needs a value", a))?;
        match a.as_str() {
            "--thread" => thread = value.parse().map_err(|_| format!("--thread: '{}' is not an integer", value))?,
            "--perm" => perm = value.clone(),
            _ => return Err(format!("unknown argument '{}' (expected --thread K --perm LAYOUT)", a)),
        }
    }
    let perm: Layout = perm.parse().map_err(|e: Error| format!("--perm: {}", e))?;
    let part = partition(thread, &perm).map_err(|e| e.to_string())?;
    let (rows, cols): (BTreeSet<usize>, BTreeSet<usize>) = part.iter().map(|o| (o / 128, o % 128)).unzip();
    let list = |s: &BTreeSet<usize>| s.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    Ok(format!("{}\nrows: {}\ncols: {}", part, list(&rows), list(&cols)))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            println!("{}", text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", e);
            ExitCode::from(2)
        }
    }
}
