//! CuTe's SM80 tensor-core GEMM tutorial with cute-rs, every thread simulated on the CPU (see
//! `kernel.rs` for what is simulated). `cargo run --example sm80_gemm` runs it on ragged sizes
//! and compares each result with a reference GEMM.

mod kernel;

use cute::half::f16;
use std::process::ExitCode;

fn main() -> ExitCode {
    let kernel = match kernel::Kernel::new() {
        Ok(k) => k,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    for (m, n, k) in [(64, 64, 32), (100, 72, 56), (37, 130, 40)] {
        // Small integers: every sum is exact, so the comparison is exact.
        let (lda, ldb, ldc) = (k + 8, k, m + 3);
        let a: Vec<f16> = (0..m * lda).map(|i| f16::from_f32(((i * 7) % 9) as f32 - 4.0)).collect();
        let b: Vec<f16> = (0..n * ldb).map(|i| f16::from_f32(((i * 5) % 7) as f32 - 3.0)).collect();
        let (mut c, mut r) = (vec![f32::NAN; (ldc * n) as usize], vec![f32::NAN; (ldc * n) as usize]);
        if let Err(e) = kernel.run((m, n, k), &a, lda, &b, ldb, &mut c, ldc) {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
        kernel::reference((m, n, k), &a, lda, &b, ldb, &mut r, ldc);
        let same = (0..n).all(|j| (0..m).all(|i| c[(i + ldc * j) as usize] == r[(i + ldc * j) as usize]));
        println!("M={m} N={n} K={k}: {}", if same { "equal to the reference" } else { "DIFFERENT" });
        if !same {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
