//! A tiled f32 GEMM written with cute-rs (`benches/kernels/gemm.rs`): static tile layouts over
//! runtime matrix sizes, packed operands, CuTe's `gemm` on a 16 x 16 register tile.
//!
//! `cargo run --release --example gemm` checks the kernel and its hand-written twin against the
//! definition on ragged sizes and strides, then times both at 256, 512 and 1024.
//! `cargo run --release --example gemm -- --kernel cute|hand --size N` runs one kernel once
//! (what `benches/callgrind_kernels.sh` counts).

#[path = "../benches/kernels/gemm.rs"]
mod kernels;

use std::process::ExitCode;
use std::time::Instant;

use kernels::{gemm_cute, gemm_hand, gemm_reference, Mat};

/// Deterministic values in [-1, 1).
fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

type Kernel = fn(Mat, Mat, &mut [f32], usize, usize);

/// Run `kernel` on m x k times k x n with A row-major or column-major and C column-major.
fn run(kernel: Kernel, m: usize, k: usize, n: usize, a_row_major: bool) -> Vec<f32> {
    let (a, b) = (values(m * k, 1), values(k * n, 2));
    let (ars, acs) = if a_row_major { (k, 1) } else { (1, m) };
    let a = Mat { data: &a, rows: m, cols: k, row_stride: ars, col_stride: acs };
    let b = Mat { data: &b, rows: k, cols: n, row_stride: n, col_stride: 1 };
    let mut c = vec![f32::NAN; m * n];
    kernel(a, b, &mut c, 1, m);
    c
}

fn check() -> Result<(), String> {
    for &(m, k, n, row_major) in
        &[(1, 1, 1, true), (37, 300, 19, true), (64, 256, 512, false), (130, 513, 70, false), (8, 5, 600, true)]
    {
        let reference = run(gemm_reference, m, k, n, row_major);
        for (name, kernel) in [("cute", gemm_cute as Kernel), ("hand", gemm_hand as Kernel)] {
            let c = run(kernel, m, k, n, row_major);
            // NaN (an element the kernel did not write) counts as the worst error.
            let worst = c.iter().zip(&reference).map(|(x, y)| (x - y).abs()).fold(0f32, |w, e| {
                if e.is_nan() {
                    f32::INFINITY
                } else {
                    w.max(e)
                }
            });
            if worst > 1e-3 * k as f32 {
                return Err(format!("{} kernel, {} x {} x {}: error {} against the definition", name, m, k, n, worst));
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, kernel, size_flag, size] = &args[..] {
        let (Ok(n), true, true) = (size.parse::<usize>(), flag == "--kernel", size_flag == "--size") else {
            eprintln!("usage: gemm [--kernel cute|hand --size N]");
            return ExitCode::from(2);
        };
        let kernel: Kernel = match kernel.as_str() {
            "cute" => gemm_cute,
            "hand" => gemm_hand,
            _ => {
                eprintln!("--kernel: expected cute or hand, got '{}'", kernel);
                return ExitCode::from(2);
            }
        };
        let c = run(kernel, n, n, n, true);
        println!("{}", c.iter().sum::<f32>());
        return ExitCode::SUCCESS;
    }
    if let Err(e) = check() {
        eprintln!("error: {}", e);
        return ExitCode::FAILURE;
    }
    println!("both kernels agree with the definition on ragged sizes and strides");
    for n in [256, 512, 1024] {
        for (name, kernel) in [("cute", gemm_cute as Kernel), ("hand", gemm_hand as Kernel)] {
            let start = Instant::now();
            let c = run(kernel, n, n, n, true);
            let secs = start.elapsed().as_secs_f64();
            println!("{:>4} {}: {:.1} GFLOP/s (checksum {})", n, name, 2.0 * (n as f64).powi(3) / secs / 1e9, c[n]);
        }
    }
    ExitCode::SUCCESS
}
