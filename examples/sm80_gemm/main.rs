//! CuTe's SM80 tensor-core GEMM tutorial with cute-rs, every thread simulated on the CPU (see
//! `kernel.rs` for what is simulated): `static_kernel.rs` writes it on static layouts with a
//! three-stage `cp.async` pipeline, as a GPU toolchain would compile it; `kernel.rs` writes the
//! same steps on the dynamic engine's layouts. `cargo run --example sm80_gemm` runs both on
//! ragged sizes and compares each result with a reference GEMM.

mod kernel;
mod static_kernel;

use cute::half::f16;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dynamic = match kernel::Kernel::new() {
        Ok(k) => k,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    use static_kernel::{Completion, StaticKernel};
    let (early, late) = (StaticKernel::new(Completion::AtIssue), StaticKernel::new(Completion::AtWait));
    for (m, n, k) in [(64, 64, 32), (100, 72, 56), (37, 130, 40), (128, 64, 160)] {
        // Small integers: every sum is exact, so the comparison is exact.
        let (lda, ldb, ldc) = (k + 8, k, m + 3);
        let a: Vec<f16> = (0..m * lda).map(|i| f16::from_f32(((i * 7) % 9) as f32 - 4.0)).collect();
        let b: Vec<f16> = (0..n * ldb).map(|i| f16::from_f32(((i * 5) % 7) as f32 - 3.0)).collect();
        let mut r = vec![f32::NAN; (ldc * n) as usize];
        kernel::reference((m, n, k), &a, lda, &b, ldb, &mut r, ldc);
        for which in
            ["static layouts, cp.async done at issue", "static layouts, cp.async done at wait", "dynamic layouts"]
        {
            let mut c = vec![f32::NAN; (ldc * n) as usize];
            let ran = match which {
                "static layouts, cp.async done at issue" => early.run((m, n, k), &a, lda, &b, ldb, &mut c, ldc),
                "static layouts, cp.async done at wait" => late.run((m, n, k), &a, lda, &b, ldb, &mut c, ldc),
                _ => dynamic.run((m, n, k), &a, lda, &b, ldb, &mut c, ldc),
            };
            if let Err(e) = ran {
                eprintln!("error: {}", e);
                return ExitCode::FAILURE;
            }
            let same = (0..n).all(|j| (0..m).all(|i| c[(i + ldc * j) as usize] == r[(i + ldc * j) as usize]));
            println!("M={m} N={n} K={k} ({which}): {}", if same { "equal to the reference" } else { "DIFFERENT" });
            if !same {
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
