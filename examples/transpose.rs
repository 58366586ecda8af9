//! A tiled transpose written with cute-rs (`benches/kernels/transpose.rs`): static 32 x 32
//! tiles over runtime extents, each tile a `copy` between two views.
//!
//! `cargo run --release --example transpose` checks it and its hand-written twin on ragged
//! sizes, then times both on a 4096 x 4096 matrix. `-- --kernel cute|hand --size N` runs one
//! kernel once (what `benches/callgrind_kernels.sh` counts).

#[path = "../benches/kernels/transpose.rs"]
mod kernels;

use std::process::ExitCode;
use std::time::Instant;

use kernels::{transpose_cute, transpose_hand};

type Kernel = fn(&[f32], usize, usize, usize, &mut [f32], usize);

fn run(kernel: Kernel, m: usize, n: usize) -> Vec<f32> {
    let a: Vec<f32> = (0..m * (n + 3)).map(|x| x as f32).collect();
    let mut b = vec![f32::NAN; n * m];
    kernel(&a, m, n, n + 3, &mut b, m);
    b
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, kernel, size_flag, size] = &args[..] {
        let (Ok(n), true, true) = (size.parse::<usize>(), flag == "--kernel", size_flag == "--size") else {
            eprintln!("usage: transpose [--kernel cute|hand --size N]");
            return ExitCode::from(2);
        };
        let kernel: Kernel = match kernel.as_str() {
            "cute" => transpose_cute,
            "hand" => transpose_hand,
            _ => {
                eprintln!("--kernel: expected cute or hand, got '{}'", kernel);
                return ExitCode::from(2);
            }
        };
        println!("{}", run(kernel, n, n).iter().sum::<f32>());
        return ExitCode::SUCCESS;
    }
    for &(m, n) in &[(1, 1), (31, 33), (64, 96), (100, 70)] {
        for (name, kernel) in [("cute", transpose_cute as Kernel), ("hand", transpose_hand as Kernel)] {
            let b = run(kernel, m, n);
            for i in 0..m {
                for j in 0..n {
                    if b[j * m + i] != (i * (n + 3) + j) as f32 {
                        eprintln!("error: {} kernel, {} x {}: B({},{}) is {}", name, m, n, j, i, b[j * m + i]);
                        return ExitCode::FAILURE;
                    }
                }
            }
        }
    }
    println!("both kernels transpose ragged sizes correctly");
    for (name, kernel) in [("cute", transpose_cute as Kernel), ("hand", transpose_hand as Kernel)] {
        let n = 4096;
        let a: Vec<f32> = (0..n * n).map(|x| x as f32).collect();
        let mut b = vec![0f32; n * n];
        let start = Instant::now();
        kernel(&a, n, n, n, &mut b, n);
        let secs = start.elapsed().as_secs_f64();
        println!("{} x {} {}: {:.2} GB/s", n, n, name, 2.0 * 4.0 * (n * n) as f64 / secs / 1e9);
    }
    ExitCode::SUCCESS
}
