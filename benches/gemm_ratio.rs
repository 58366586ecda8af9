//! The GEMM goals of benches/README.md measured as ratios: the cute-rs kernel against the same
//! loops written by hand (time) and against matrixmultiply's `sgemm` (speed), single-threaded,
//! on square row-major operands.
//!
//! The three kernels take turns (one call each per round, in an order that rotates), so that a
//! slow period of a shared host slows all three alike instead of whichever ran then; each ratio
//! is of the medians of one run. `benches/kernels.rs` times the same kernels one after another
//! with divan, for the absolute numbers.
//!
//! ```sh
//! RUSTFLAGS="-C target-cpu=native -C target-feature=-prefer-256-bit" cargo bench --bench gemm_ratio
//! ```

#[path = "kernels/gemm.rs"]
mod gemm;

use std::hint::black_box;
use std::time::Instant;

use gemm::{gemm_cute, gemm_hand, gemm_matrixmultiply, Mat};

/// Rounds per size: about a second of work at n = 1024.
const ROUNDS: [(usize, usize); 3] = [(256, 400), (512, 100), (1024, 30)];

fn operand(n: usize, seed: usize) -> Vec<f32> {
    (0..n * n).map(|x| ((x * seed) % 1000) as f32 / 1000.0 - 0.5).collect()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    println!("| n | rounds | cute-rs | hand-written | matrixmultiply | cute-rs / hand (time) | cute-rs / matrixmultiply (speed) |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for (n, rounds) in ROUNDS {
        let (a, b, mut c) = (operand(n, 7919), operand(n, 104729), vec![0f32; n * n]);
        let mat = |data| Mat { data, rows: n, cols: n, row_stride: n, col_stride: 1 };
        let mut call = |kernel: usize| {
            let start = Instant::now();
            match kernel {
                0 => gemm_cute(mat(&a), mat(&b), black_box(&mut c), n, 1),
                1 => gemm_hand(mat(&a), mat(&b), black_box(&mut c), n, 1),
                _ => gemm_matrixmultiply(&a, &b, black_box(&mut c), n),
            }
            start.elapsed().as_secs_f64()
        };
        // One warm-up call each (the workspace, the caches), then the rounds.
        for kernel in 0..3 {
            call(kernel);
        }
        let mut times = [Vec::new(), Vec::new(), Vec::new()];
        for round in 0..rounds {
            for turn in 0..3 {
                let kernel = (round + turn) % 3;
                times[kernel].push(call(kernel));
            }
        }
        let [cute, hand, mm] = times.map(median);
        let gflops = |t: f64| 2.0 * (n as f64).powi(3) / t / 1e9;
        println!(
            "| {} | {} | {:.1} us, {:.1} | {:.1} us, {:.1} | {:.1} us, {:.1} | {:.3} | {:.2} |",
            n,
            rounds,
            cute * 1e6,
            gflops(cute),
            hand * 1e6,
            gflops(hand),
            mm * 1e6,
            gflops(mm),
            cute / hand,
            mm / cute
        );
    }
}
